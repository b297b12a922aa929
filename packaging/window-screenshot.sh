#!/bin/sh
# Takes the window's screenshots in the README, docs/window.md and the AppStream metainfo, data/screenshots/:
# every view, light and dark (window-VIEW.png, window-VIEW-dark.png): today, circuit (a circuit's timed
# station, live), workout (a rest between sets), finish, workouts (the list), editor (a circuit open),
# programme, weights, progress (a short imported history), log (a session opened), preferences, kit.
# The real daemon and gymbell-window on a private session bus under Xvfb, driven as the window's tests
# drive it: tests/window/screenshot_views.py with tests/window/conftest.py's fixtures (AT-SPI, the
# pointer); ImageMagick crops each picture to the window and quantizes it. Dark is the desktop's own
# setting, as GNOME keeps it: org.gnome.desktop.interface color-scheme = 'prefer-dark' (GSettings,
# keyfile backend), which libadwaita reads where no settings portal answers: the window sets no scheme
# of its own.
#   packaging/window-screenshot.sh            (GYMBELL_BIN: the gymbell binary; gymbell-window beside it)
# Needs: Xvfb, xdotool, dbus-daemon, imagemagick, tesseract, python3-pyatspi, fonts-noto-color-emoji.
set -eu
cd "$(dirname "$0")/.."
bin="${GYMBELL_BIN:-$(swift build --show-bin-path)/gymbell}"
[ -x "$bin" ] && [ -x "$(dirname "$bin")/gymbell-window" ] || {
  echo "window-screenshot: build gymbell and gymbell-window first (swift build)" >&2; exit 1; }
GYMBELL_BIN="$bin" GYMBELL_SHOTS="$PWD/data/screenshots" PYTHONPATH="$PWD/tests/support" \
  /usr/bin/python3 -m pytest tests/window/screenshot_views.py -q -s -p no:cacheprovider
