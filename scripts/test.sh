#!/bin/sh
# Runs gymbell's tests. Needs no session bus, display or sound of its own: every test starts what it
# needs (private dbus-daemon, recording notification server, Xvfb or a headless compositor, the real
# notification servers, a PulseAudio null sink).
#   scripts/test.sh              everything: unit, e2e, window, desktops (the real-desktop matrix:
#                                GNOME, Plasma, xfce4-notifyd, notification-daemon, mako, dunst, Cinnamon,
#                                MATE, LXQt, Budgie, swaync — and dunst's own menu), packaging, reliability.
#                                Within ~45 minutes on 2 cores: the desktops' packages install while the
#                                build and unit tests run, reliability runs beside e2e, the desktops run in
#                                two streams side by side, and the release build for packaging runs beneath
#                                them at the lowest priority.
#   scripts/test.sh unit|e2e|window|packaging|desktops|reliability   one part
#                                (window: gymbell-window under Xvfb, driven through AT-SPI and xdotool)
set -eu
cd "$(dirname "$0")/.."
part="${1:-all}"
./scripts/install-deps.sh
# The desktops' packages (~9 minutes on a fresh machine) are installed while the build and the unit
# tests run, which need none of them; the end-to-end tests, which time reminders, start after it.
desktops_install=""
if [ "$part" = all ]; then
  desktops_log="$(mktemp)"
  ./scripts/install-desktops.sh >"$desktops_log" 2>&1 &
  desktops_install=$!
fi
wait_for_desktops_install() {
  [ -n "$desktops_install" ] || return 0
  installed=0
  wait "$desktops_install" || installed=$?
  cat "$desktops_log" >&2
  rm -f "$desktops_log"
  desktops_install=""
  [ "$installed" = 0 ] || { echo "scripts/install-desktops.sh failed (exit $installed)" >&2; status=1; }
}
# Every module a file imports must be a declared dependency of its target (Package.swift).
swift build --explicit-target-dependency-import-check error
./scripts/build-locale.sh
bin="$(swift build --show-bin-path)/gymbell"
status=0
# With CI=true a skip in the suites that need real tools, clients and servers fails the run
# (tests/support/no_skips_on_ci.py): on CI every one of them is installed by these scripts.
strict="-p no_skips_on_ci --continue-on-collection-errors"
export PYTHONPATH="$PWD/tests/support${PYTHONPATH:+:$PYTHONPATH}"
run() { [ "$part" = all ] || [ "$part" = "$1" ]; }
if run unit; then
  swift test --explicit-target-dependency-import-check error || status=1
fi
wait_for_desktops_install
# The end-to-end and the reliability tests side by side when both run: each mostly waits for reminders
# to fall due, and their bounds on time are a second or more. Each has its own pytest folder; the
# reliability report follows the end-to-end one.
reliability_run=""
if [ "$part" = all ]; then
  reliability_run="$(mktemp -d)"
  GYMBELL_BIN="$bin" /usr/bin/python3 -m pytest tests/reliability -q -p no:cacheprovider --basetemp "$reliability_run/tmp" \
    >"$reliability_run/log" 2>&1 &
  echo $! >"$reliability_run/pid"
fi
if run e2e; then
  GYMBELL_BIN="$bin" /usr/bin/python3 -m pytest tests/e2e -q -p no:cacheprovider $strict || status=1
fi
if [ -n "$reliability_run" ]; then
  wait "$(cat "$reliability_run/pid")" || status=1
  echo "=== tests/reliability ==="
  cat "$reliability_run/log"
  rm -rf "$reliability_run"
fi
if run window; then
  GYMBELL_BIN="$bin" /usr/bin/python3 -m pytest tests/window -q -p no:cacheprovider $strict || status=1
fi
if run desktops; then
  ./scripts/install-desktops.sh
  # Two streams of desktops side by side (tests/desktops/conftest.py, STREAMS), each bringing up one
  # desktop at a time, each with its own pytest temporary folder and artefacts; their reports follow
  # each other once both are done.
  streams="$(mktemp -d)"
  # Meanwhile the packaging tests' release build (minutes of both cores) runs at the lowest priority
  # on what the desktops leave idle; the packaging tests, next, find it up to date.
  release_build=""
  if [ "$part" = all ]; then
    nice -n 19 make --no-print-directory release-static >"$streams/release.log" 2>&1 &
    release_build=$!
  fi
  for s in a b; do
    GYMBELL_BIN="$bin" GYMBELL_ARTIFACTS="$PWD/artifacts/desktops/stream-$s" /usr/bin/python3 -m pytest tests/desktops \
      -q -p no:cacheprovider $strict --desktop-stream "$s" --basetemp "$streams/tmp-$s" >"$streams/$s.log" 2>&1 &
    echo $! >"$streams/$s.pid"
  done
  for s in a b; do
    wait "$(cat "$streams/$s.pid")" || status=1
    echo "=== tests/desktops, stream $s ==="
    cat "$streams/$s.log"
  done
  if [ -n "$release_build" ] && ! wait "$release_build"; then
    cat "$streams/release.log"  # the packaging tests build again and say what failed
  fi
  rm -rf "$streams"
fi
if run packaging; then
  /usr/bin/python3 -m pytest tests/packaging -q -p no:cacheprovider $strict || status=1
fi
if [ "$part" = reliability ]; then
  GYMBELL_BIN="$bin" /usr/bin/python3 -m pytest tests/reliability -q -p no:cacheprovider || status=1
fi
exit $status
