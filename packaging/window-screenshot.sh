#!/bin/sh
# Takes the window's screenshots in the README, docs/window.md and the AppStream metainfo, data/screenshots/:
# window-today.png and window-preferences.png (light), window-today-dark.png,
# window-preferences-dark.png and window-workout-dark.png (dark, a rest between sets): the real daemon
# and gymbell-window on a private session bus under Xvfb (no window manager, so the window is at 0,0),
# ImageMagick grabs the window's area. Dark is the desktop's own setting, as GNOME keeps it:
# org.gnome.desktop.interface color-scheme = 'prefer-dark' (GSettings, keyfile backend here), which
# libadwaita 1.2 reads where no settings portal answers (it asks org.freedesktop.portal.Settings's
# org.freedesktop.appearance color-scheme first): the window sets no scheme of its own.
#   packaging/window-screenshot.sh            (GYMBELL_BIN: the gymbell binary; gymbell-window beside it)
# Needs: Xvfb, xdotool, dbus-daemon, imagemagick, fonts-noto-color-emoji.
set -eu
cd "$(dirname "$0")/.."
bin="${GYMBELL_BIN:-$(swift build --show-bin-path)/gymbell}"
window="$(dirname "$bin")/gymbell-window"
[ -x "$bin" ] && [ -x "$window" ] || { echo "window-screenshot: build gymbell and gymbell-window first (swift build)" >&2; exit 1; }

tmp="$(mktemp -d /tmp/gymbell-window-shot.XXXXXX)"
pids=""
cleanup() {
  for pid in $pids; do kill "$pid" 2>/dev/null || true; done
  for pid in $pids; do wait "$pid" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT INT TERM

display=52
while [ -e "/tmp/.X11-unix/X$display" ] || [ -e "/tmp/.X$display-lock" ]; do display=$((display + 1)); done
Xvfb ":$display" -screen 0 1024x768x24 -nolisten tcp -noreset >"$tmp/xvfb.log" 2>&1 &
pids="$pids $!"
i=0
until [ -e "/tmp/.X11-unix/X$display" ]; do i=$((i + 1)); [ $i -lt 100 ] || exit 1; sleep 0.05; done

dbus-daemon --session --nofork --address="unix:path=$tmp/bus" --print-address=3 3>"$tmp/bus.address" 2>/dev/null &
pids="$pids $!"
i=0
until [ -s "$tmp/bus.address" ]; do i=$((i + 1)); [ $i -lt 100 ] || exit 1; sleep 0.05; done

mkdir -p "$tmp/config/gymbell" "$tmp/state" "$tmp/home"
cat >"$tmp/config/gymbell/config.toml" <<'TOML'
[reminders]
time = "18:00"
days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

[program]
mon = "push"
tue = "push"
wed = "push"
thu = "push"
fri = "push"
sat = "push"
sun = "push"

[workouts.push]
title = "Push Day"
kind = "strength"
exercises = [
  { name = "Bench Press", sets = 4, reps = 8, weight = 80, unit = "kg", rest = 90 },
  { name = "Overhead Press", sets = 3, reps = 10, weight = 40, unit = "kg", rest = 90 },
]
TOML
export DBUS_SESSION_BUS_ADDRESS="$(cat "$tmp/bus.address")" DISPLAY=":$display" HOME="$tmp/home" \
  XDG_CONFIG_HOME="$tmp/config" XDG_STATE_HOME="$tmp/state" TZ=UTC LANG=C.UTF-8 GDK_BACKEND=x11 GSK_RENDERER=cairo \
  NO_AT_BRIDGE=1 GTK_A11Y=none
"$bin" daemon >"$tmp/daemon.log" 2>&1 &
pids="$pids $!"
sleep 1

shoot() {  # shoot OUTPUT: the window's area, after it settled
  sleep 1.5
  id="$(xdotool search --classname io.github.gymbell.Gymbell.Window | tail -n 1)"
  eval "$(xdotool getwindowgeometry --shell "$id")"
  import -window root -crop "${WIDTH}x${HEIGHT}+${X}+${Y}" +repage "$1"
  echo "$1"
}

preferences() {  # opens the Preferences with a pointer click on the header bar's gear button
  id="$(xdotool search --classname io.github.gymbell.Gymbell.Window | tail -n 1)"
  eval "$(xdotool getwindowgeometry --shell "$id")"
  xdotool mousemove --sync $((X + WIDTH - 142)) $((Y + 28)) click 1  # left of minimise, maximise, close
  sleep 0.5
  xdotool mousemove --sync $((X + WIDTH + 200)) $((Y + HEIGHT + 50))  # no hover highlight in the picture
}

"$window" >"$tmp/window.log" 2>&1 &
pid=$!
shoot data/screenshots/window-today.png
preferences
shoot data/screenshots/window-preferences.png
kill "$pid"; wait "$pid" 2>/dev/null || true

mkdir -p "$tmp/config/glib-2.0/settings"
printf "[org/gnome/desktop/interface]\ncolor-scheme='prefer-dark'\n" >"$tmp/config/glib-2.0/settings/keyfile"
export GSETTINGS_BACKEND=keyfile ADW_DISABLE_PORTAL=1
"$window" >"$tmp/window-dark.log" 2>&1 &
pid=$!
shoot data/screenshots/window-today-dark.png
preferences
shoot data/screenshots/window-preferences-dark.png
kill "$pid"; wait "$pid" 2>/dev/null || true

"$window" >"$tmp/window-dark.log" 2>&1 &
pids="$pids $!"
sleep 1
"$bin" start >/dev/null
"$bin" set-done >/dev/null
shoot data/screenshots/window-workout-dark.png
