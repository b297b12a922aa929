#!/bin/sh
# Compiles the gettext catalogs po/*.po into DEST/<lang>/LC_MESSAGES/gymbell.mo
# (default DEST: locale/ beside the debug binary, where a development build looks for them).
set -eu
cd "$(dirname "$0")/.."
dest="${1:-$(swift build --show-bin-path)/locale}"
for po in po/*.po; do
  lang=$(basename "$po" .po)
  mkdir -p "$dest/$lang/LC_MESSAGES"
  msgfmt --check -o "$dest/$lang/LC_MESSAGES/gymbell.mo" "$po"
done
