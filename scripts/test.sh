#!/bin/sh
# Runs gymbell's tests. Needs no session bus, display or sound of its own: every test starts what it
# needs (private dbus-daemon, recording notification server, Xvfb or a headless compositor, the real
# notification servers, a PulseAudio null sink).
#   scripts/test.sh              everything: unit, e2e, window, desktops (the real-desktop matrix:
#                                GNOME, Plasma, xfce4-notifyd, notification-daemon, mako, dunst, Cinnamon,
#                                MATE, LXQt, Budgie, swaync — and dunst's own menu), packaging, reliability, sync.
#                                Within ~50 minutes on 2 cores: the desktops' packages install while the
#                                build and unit tests run, reliability, window and sync run beside e2e, the desktops run in
#                                two streams side by side, and the release build for packaging runs beneath
#                                them at the lowest priority.
#   scripts/test.sh unit|e2e|window|packaging|desktops|reliability|sync   one part
#                                (window: gymbell-window under Xvfb, driven through AT-SPI and xdotool;
#                                sync: two daemons and two real Syncthing instances on 127.0.0.1, issue 48)
set -eu
cd "$(dirname "$0")/.."
part="${1:-all}"
./scripts/install-deps.sh
status=0
# Side by side: `beside NAME COMMAND…` runs the command in the background, its output kept;
# `joined NAME [TITLE]` waits for it, prints its output under TITLE (without one: only when it failed)
# and counts its failure.
beside_dir="$(mktemp -d)"
trap 'rm -rf "$beside_dir"' EXIT
beside() { name=$1; shift; "$@" >"$beside_dir/$name.log" 2>&1 & echo $! >"$beside_dir/$name.pid"; }
joined() {
  [ -f "$beside_dir/$1.pid" ] || return 0
  code=0
  wait "$(cat "$beside_dir/$1.pid")" || code=$?
  rm -f "$beside_dir/$1.pid"
  if [ -n "${2:-}" ]; then echo "=== $2 ==="; cat "$beside_dir/$1.log"
  elif [ "$code" != 0 ]; then cat "$beside_dir/$1.log"; fi
  [ "$code" = 0 ] || status=1
}
# The desktops' packages (~9 minutes on a fresh machine) are installed while the build and the unit
# tests run, which need none of them; the end-to-end tests, which time reminders, start after it.
[ "$part" != all ] || beside install ./scripts/install-desktops.sh
# Every module a file imports must be a declared dependency of its target (Package.swift).
swift build --explicit-target-dependency-import-check error
./scripts/build-locale.sh
bin="$(swift build --show-bin-path)/gymbell"
# With CI=true a skip in any Python suite fails the run (tests/support/no_skips_on_ci.py): on CI every
# tool, client and server is installed by these scripts, and the tests run as root.
strict="-p no_skips_on_ci --continue-on-collection-errors"
export PYTHONPATH="$PWD/tests/support${PYTHONPATH:+:$PYTHONPATH}"
export GYMBELL_BIN="$bin"
# The ten slowest tests of each suite are named in its summary: where the run's minutes go.
run_pytest() { /usr/bin/python3 -m pytest "$@" -q -p no:cacheprovider --durations=10; }
# One stream of desktops, its artefacts under artifacts/desktops/stream-NAME.
desktop_stream() {
  GYMBELL_ARTIFACTS="$PWD/artifacts/desktops/stream-$1"
  export GYMBELL_ARTIFACTS
  run_pytest tests/desktops $strict --desktop-stream "$1" --basetemp "$beside_dir/desktops-$1"
}
run() { [ "$part" = all ] || [ "$part" = "$1" ]; }
# Every Python suite this run takes is collected first, in seconds: a test file that no longer imports
# stops the run here, not after the half hour its suite waits for (2026-12-04's CI: test_window_raise
# still imported a name test_matrix had dropped, seen 27 minutes into the desktops).
for suite in e2e reliability window sync desktops packaging; do
  run "$suite" || continue
  /usr/bin/python3 -m pytest "tests/$suite" --collect-only -q -p no:cacheprovider >"$beside_dir/collect.log" 2>&1 \
    || { echo "=== tests/$suite does not collect ==="; cat "$beside_dir/collect.log"; exit 1; }
done
if run unit; then
  swift test --explicit-target-dependency-import-check error || status=1
fi
joined install
# The end-to-end, the reliability, the window's and the sync tests side by side: each mostly waits — for
# reminders to fall due, for the window to answer, for Syncthing to carry a journal — and their bounds
# on time are a second or more (the window's: ten; sync's: fifteen). Each has its own pytest folder.
# The reliability suite in two: its two long imports (a million rows; kill -9 during twenty imports,
# some 12 minutes together) beside the rest of it.
imports="tests/reliability/test_big_import.py tests/reliability/test_import_kill.py"
window_walks=""
for f in tab_walk circuit editor_kinds editor_words log_files seven_minute kit; do window_walks="$window_walks tests/window/test_$f.py"; done
# `beside_split PART REST SUITE FILE…`: the files as stream PART, beside the rest of SUITE as stream REST.
beside_split() {
  part_name=$1; rest_name=$2; suite=$3; shift 3
  ignored=""; for f in "$@"; do ignored="$ignored --ignore=$f"; done
  # shellcheck disable=SC2086  # $strict: options; $ignored: an option per path
  beside "$part_name" run_pytest "$@" $strict --basetemp "$beside_dir/$part_name"
  # shellcheck disable=SC2086
  beside "$rest_name" run_pytest "$suite" $ignored $strict --basetemp "$beside_dir/$rest_name"
}
if [ "$part" = all ]; then
  # shellcheck disable=SC2086  # $imports: two paths
  beside_split imports reliability tests/reliability $imports
  # The window's in two halves, each its own Xvfb and AT-SPI bus per test (24 min in one, 2026-12-03; two
  # halves side by side 14.0 and 15.6 min under a helper's build): the editor's long walks beside the rest.
  # shellcheck disable=SC2086  # $window_walks: paths
  beside_split window-walks window tests/window $window_walks
  beside sync run_pytest tests/sync $strict --basetemp "$beside_dir/sync"
fi
if run e2e; then
  run_pytest tests/e2e $strict --basetemp "$beside_dir/e2e" || status=1
fi
joined imports "tests/reliability: the long imports"
joined reliability tests/reliability
joined window-walks "tests/window: the editor's long walks"
joined window "tests/window: the rest"
joined sync tests/sync
if [ "$part" = reliability ]; then
  run_pytest tests/reliability $strict || status=1
fi
if [ "$part" = window ]; then
  run_pytest tests/window $strict || status=1
fi
if [ "$part" = sync ]; then
  run_pytest tests/sync $strict || status=1
fi
if run desktops; then
  ./scripts/install-desktops.sh
  # Two streams of desktops side by side (tests/desktops/conftest.py, STREAMS), each bringing up one
  # desktop at a time with its own pytest folder and artefacts. Beneath them, at the lowest priority,
  # the packaging tests' release build (minutes of both cores): packaging, next, finds it up to date.
  [ "$part" != all ] || beside release nice -n 19 make --no-print-directory release-static
  beside desktops-a desktop_stream a
  beside desktops-b desktop_stream b
  joined desktops-a "tests/desktops, stream a"
  joined desktops-b "tests/desktops, stream b"
  joined release  # shown only when it failed
fi
if run packaging; then
  run_pytest tests/packaging $strict || status=1
fi
exit $status
