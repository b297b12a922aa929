#!/bin/sh
# Takes data/screenshots/notification.png, the screenshot the AppStream metainfo points at:
# the real `gymbell daemon` on a private session bus shows "Rest over" through dunst under Xvfb,
# ImageMagick grabs the screen and trims it to the bubble.
#   packaging/screenshot.sh [OUTPUT.png]      (GYMBELL_BIN: the binary, default a debug build)
# Needs: Xvfb, dunst, dbus-daemon, imagemagick, fonts-noto-color-emoji (for the emoji in titles).
set -eu
cd "$(dirname "$0")/.."
out="${1:-data/screenshots/notification.png}"
bin="${GYMBELL_BIN:-$(swift build --scratch-path .build-pkg --show-bin-path)/gymbell}"
[ -x "$bin" ] || { echo "screenshot: no gymbell binary at $bin (swift build --scratch-path .build-pkg)" >&2; exit 1; }

tmp="$(mktemp -d /tmp/gymbell-shot.XXXXXX)"
pids=""
cleanup() {
  for pid in $pids; do kill "$pid" 2>/dev/null || true; done
  for pid in $pids; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

# A display number nobody uses.
display=42
while [ -e "/tmp/.X11-unix/X$display" ] || [ -e "/tmp/.X$display-lock" ]; do display=$((display + 1)); done
Xvfb ":$display" -screen 0 1024x768x24 -nolisten tcp >"$tmp/xvfb.log" 2>&1 &
pids="$pids $!"
i=0
until [ -e "/tmp/.X11-unix/X$display" ]; do
  i=$((i + 1)); [ $i -lt 100 ] || { cat "$tmp/xvfb.log" >&2; exit 1; }; sleep 0.05
done

dbus-daemon --session --nofork --address="unix:path=$tmp/bus" --print-address=3 3>"$tmp/bus.address" 2>/dev/null &
pids="$pids $!"
i=0
until [ -s "$tmp/bus.address" ]; do i=$((i + 1)); [ $i -lt 100 ] || exit 1; sleep 0.05; done

mkdir -p "$tmp/home" "$tmp/config" "$tmp/state" "$tmp/data" "$tmp/cache" "$tmp/xdg" "$tmp/run"
chmod 700 "$tmp/run"
cat >"$tmp/dunstrc" <<'EOF'
[global]
    font = DejaVu Sans 12
    width = 380
    origin = top-right
    offset = 40x40
    padding = 14
    horizontal_padding = 16
    frame_width = 2
    frame_color = "#f5a623"
    separator_height = 2
    corner_radius = 0
    markup = full
    format = "<b>%s</b>\n%b"
    icon_position = off
    show_indicators = yes
[urgency_low]
    background = "#2e3440"
    foreground = "#eceff4"
    timeout = 0
[urgency_normal]
    background = "#2e3440"
    foreground = "#eceff4"
    timeout = 0
[urgency_critical]
    background = "#2e3440"
    foreground = "#eceff4"
    timeout = 0
EOF

run() {
  env -i PATH="$PATH" HOME="$tmp/home" XDG_CONFIG_HOME="$tmp/config" XDG_CONFIG_DIRS="$tmp/xdg" \
    XDG_STATE_HOME="$tmp/state" XDG_DATA_HOME="$tmp/data" XDG_CACHE_HOME="$tmp/cache" \
    XDG_RUNTIME_DIR="$tmp/run" DISPLAY=":$display" DBUS_SESSION_BUS_ADDRESS="$(cat "$tmp/bus.address")" \
    LANG=C.UTF-8 TZ=UTC NO_AT_BRIDGE=1 "$@"
}

run dunst -config "$tmp/dunstrc" >"$tmp/dunst.log" 2>&1 &
pids="$pids $!"
run "$bin" daemon >"$tmp/daemon.log" 2>&1 &
pids="$pids $!"
i=0
until run "$bin" status >/dev/null 2>&1; do
  i=$((i + 1)); [ $i -lt 100 ] || { cat "$tmp/daemon.log" >&2; exit 1; }; sleep 0.1
done

run "$bin" rest 1 >/dev/null
sleep 2.5
import -display ":$display" -window root "$tmp/root.png"
mkdir -p "$(dirname "$out")"
# The screen is black apart from the bubble: trim to it, strip timestamps for a reproducible file.
convert "$tmp/root.png" -trim +repage -strip "$out"
echo "screenshot: $out ($(identify -format '%wx%h' "$out"))"
