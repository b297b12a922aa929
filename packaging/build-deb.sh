#!/bin/sh
# Builds dist/gymbell_<version>_<arch>.deb from `make install-strip PREFIX=/usr DESTDIR=<staging>`.
#   packaging/build-deb.sh            (make deb runs it; prints the .deb's path last)
# The binary is linked with --static-swift-stdlib, so it needs no libswift*.so; Depends: is what
# its shared libraries need, from dpkg-shlibdeps (or, without dpkg-dev, ldd and dpkg -S), and what
# it loads with dlopen, which no tool sees: libnotify4 (the daemon's notifier; GIO comes with GLib's
# package) and libcanberra0 (the sound helper).
set -eu
umask 022
cd "$(dirname "$0")/.."
repo="$(pwd)"
make="${MAKE:-make}"

work="$(mktemp -d /tmp/gymbell-deb.XXXXXX)"
trap 'rm -rf "$work"' EXIT
root="$work/root"

$make --no-print-directory install-strip PREFIX=/usr DESTDIR="$root" >"$work/install.log" 2>&1 || {
  cat "$work/install.log" >&2
  exit 1
}
bin="$root/usr/bin/gymbell"
window="$root/usr/bin/gymbell-window"

# The Swift runtime must be inside the binaries: a libswift*.so would not be on the user's machine.
for b in "$bin" "$window"; do
  if ldd "$b" | grep -i 'swift'; then
    echo "build-deb: $b needs Swift's shared libraries (built without --static-swift-stdlib?)" >&2
    exit 1
  fi
  if ldd "$b" | grep -q 'not found'; then
    ldd "$b" >&2
    exit 1
  fi
done

version="$("$bin" --version)"
arch="$(dpkg --print-architecture)"

# Debian policy: man pages compressed.
gzip -9n "$root/usr/share/man/man1/gymbell.1"

depends_from_shlibdeps() {
  command -v dpkg-shlibdeps >/dev/null || return 1
  mkdir -p "$work/src/debian"
  printf 'Source: gymbell\n\nPackage: gymbell\nArchitecture: any\n' >"$work/src/debian/control"
  (cd "$work/src" && dpkg-shlibdeps -O -e"$bin" -e"$window" 2>"$work/shlibdeps.log") |
    sed -n 's/^shlibs:Depends=//p' | grep . || { cat "$work/shlibdeps.log" >&2; return 1; }
}

depends_from_ldd() {
  # Each library's package, without versions: the fallback when dpkg-shlibdeps is missing.
  { ldd "$bin"; ldd "$window"; } | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' |
    while read -r lib; do
      dpkg -S "$lib" 2>/dev/null || dpkg -S "$(readlink -f "$lib")" 2>/dev/null || echo "build-deb: no package owns $lib" >&2
    done | cut -d: -f1 | sort -u | paste -sd, - | sed 's/,/, /g'
}

depends="$(depends_from_shlibdeps || depends_from_ldd)"
[ -n "$depends" ] || { echo "build-deb: could not work out Depends:" >&2; exit 1; }

mkdir -p "$root/DEBIAN"
installed_size="$(du -sk --exclude=DEBIAN "$root" | cut -f1)"
cat >"$root/DEBIAN/control" <<EOF
Package: gymbell
Version: $version
Architecture: $arch
Maintainer: The gymbell developers <gymbell@users.noreply.github.com>
Installed-Size: $installed_size
Depends: $depends, libnotify4, libcanberra0, tzdata
Recommends: dbus-user-session | dbus-x11, notification-daemon, libcanberra-pulse, libx11-6, libxext6
Section: utils
Priority: optional
Homepage: https://github.com/gymbell/gymbell
Description: workout reminders for the Linux desktop
 gymbell reminds you while you work out at home: when a rest between sets is
 over, when an interval of a HIIT or walk/run session ends, and when today's
 workout is due. It runs in the background, shows desktop notifications with
 Start Workout and Snooze buttons, starts at login and is driven by a small
 command line tool, gymbell, and by a window (GTK 4 and libadwaita) that shows
 the next reminder, the streak and the running workout in large type.
EOF

# Everything under /etc is a conffile: local edits survive upgrades.
(cd "$root" && find etc -type f | sed 's|^|/|' | sort) >"$root/DEBIAN/conffiles"
(cd "$root" && find . -path ./DEBIAN -prune -o -type f -print | sed 's|^\./||' | sort | xargs md5sum) >"$root/DEBIAN/md5sums"

mkdir -p "$repo/dist"
deb="$repo/dist/gymbell_${version}_${arch}.deb"
dpkg-deb --build --root-owner-group "$root" "$deb" >/dev/null
echo "$deb"
