#!/bin/sh
# Installs the Debian/Ubuntu packages gymbell needs to build, run and test.
# Idempotent: does nothing when every package is already there.
set -eu
PKGS="pkg-config libnotify-dev libdbus-1-dev libglib2.0-dev libsqlite3-dev dbus-daemon dbus-x11 python3 python3-dbus python3-gi python3-pytest libnotify-bin dunst xvfb x11-utils imagemagick gettext desktop-file-utils appstream"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
[ -z "$missing" ] && exit 0
echo "install-deps: installing:$missing" >&2
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
