#!/bin/sh
# Installs the Debian/Ubuntu packages named as arguments that are not installed yet (apt-get, through
# sudo when not root). Does nothing when every one is there. Used by install-deps.sh and
# install-desktops.sh.
set -eu
missing=""
for p in "$@"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || missing="$missing $p"
done
[ -n "$missing" ] || exit 0
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
echo "$(basename "${APT_INSTALL_FOR:-apt-install}"): installing:$missing" >&2
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# shellcheck disable=SC2086
$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
