#!/bin/sh
# Builds the two Debian packages from `make install-strip PREFIX=/usr PACKAGE=… DESTDIR=<staging>`:
#   dist/gymbell-window_<version>_<arch>.deb   the window, its app-grid entry and AppStream data
#   dist/gymbell_<version>_<arch>.deb          the daemon, the CLI and everything else
#   packaging/build-deb.sh            (make deb runs it; prints both paths, gymbell's last)
# Two packages, because each program carries its own static Swift runtime (a shared one would put
# 11 MB of libraries in the daemon's memory, docs/packaging.md): gymbell stays within issue 16's
# 5 MB, and whoever wants no window installs no GTK. gymbell-window Depends on gymbell of the same
# version; gymbell Recommends gymbell-window, so `apt install gymbell` brings the window by default.
# The binaries are linked with --static-swift-stdlib, so they need no libswift*.so; Depends: is what
# their shared libraries need, from dpkg-shlibdeps (or, without dpkg-dev, ldd and dpkg -S), and what
# gymbell loads with dlopen, which no tool sees: libnotify4 (the daemon's notifier; GIO comes with
# GLib's package) and libcanberra0 (the sound helper; libpulse0, recommended, lowers other audio meanwhile).
set -eu
umask 022
cd "$(dirname "$0")/.."
repo="$(pwd)"
make="${MAKE:-make}"

work="$(mktemp -d /tmp/gymbell-deb.XXXXXX)"
trap 'rm -rf "$work"' EXIT

# stage PACKAGE: its files, stripped, under $work/PACKAGE (the release build first, when it is the
# first; up to date, it takes seconds).
stage() {
  target=install-files
  [ "$1" = gymbell ] && target=install-strip
  $make --no-print-directory "$target" STRIP=strip PREFIX=/usr PACKAGE="$1" DESTDIR="$work/$1" >"$work/install-$1.log" 2>&1 || {
    cat "$work/install-$1.log" >&2
    exit 1
  }
}
stage gymbell
stage gymbell-window
bin="$work/gymbell/usr/bin/gymbell"
window="$work/gymbell-window/usr/bin/gymbell-window"

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
gzip -9n "$work/gymbell/usr/share/man/man1/gymbell.1"

# depends BINARY: the packages of the libraries it links.
depends_from_shlibdeps() {
  command -v dpkg-shlibdeps >/dev/null || return 1
  mkdir -p "$work/src/debian"
  printf 'Source: gymbell\n\nPackage: gymbell\nArchitecture: any\n' >"$work/src/debian/control"
  (cd "$work/src" && dpkg-shlibdeps -O -e"$1" 2>"$work/shlibdeps.log") |
    sed -n 's/^shlibs:Depends=//p' | grep . || { cat "$work/shlibdeps.log" >&2; return 1; }
}

depends_from_ldd() {
  # Each library's package, without versions: the fallback when dpkg-shlibdeps is missing.
  ldd "$1" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' |
    while read -r lib; do
      dpkg -S "$lib" 2>/dev/null || dpkg -S "$(readlink -f "$lib")" 2>/dev/null || echo "build-deb: no package owns $lib" >&2
    done | cut -d: -f1 | sort -u | paste -sd, - | sed 's/,/, /g'
}

depends() {
  found="$(depends_from_shlibdeps "$1" || depends_from_ldd "$1")"
  [ -n "$found" ] || { echo "build-deb: could not work out Depends: of $1" >&2; exit 1; }
  echo "$found"
}

# control PACKAGE DEPENDS RECOMMENDS SUMMARY: writes its DEBIAN/control; the long description on stdin.
control() {
  root="$work/$1"
  mkdir -p "$root/DEBIAN"
  {
    echo "Package: $1"
    echo "Version: $version"
    echo "Architecture: $arch"
    echo "Maintainer: The gymbell developers <gymbell@users.noreply.github.com>"
    echo "Installed-Size: $(du -sk --exclude=DEBIAN "$root" | cut -f1)"
    echo "Depends: $2"
    [ -z "$3" ] || echo "Recommends: $3"
    echo "Section: utils"
    echo "Priority: optional"
    echo "Homepage: https://github.com/gymbell/gymbell"
    echo "Description: $4"
    cat
  } >"$root/DEBIAN/control"
}

daemon_depends="$(depends "$bin")"
window_depends="$(depends "$window")"

control gymbell "$daemon_depends, libnotify4, libcanberra0, tzdata" \
  "gymbell-window, dbus-user-session | dbus-x11, notification-daemon, libcanberra-pulse, libpulse0, libx11-6, libxext6, libwayland-client0" \
  "workout reminders for the Linux desktop" <<'EOF'
 gymbell reminds you while you work out at home: when a rest between sets is
 over, when an interval of a HIIT or walk/run session ends, and when today's
 workout is due. It runs in the background, shows desktop notifications with
 Start Workout and Snooze buttons, starts at login and is driven by a small
 command line tool, gymbell.
 .
 The window that shows the next reminder, the streak and the running workout
 in large type is the package gymbell-window.
EOF

control gymbell-window "$window_depends, gymbell (= $version)" "" \
  "workout reminders for the Linux desktop - window" <<'EOF'
 gymbell reminds you while you work out at home: when a rest between sets is
 over, when an interval of a HIIT or walk/run session ends, and when today's
 workout is due.
 .
 This package holds gymbell's window (GTK 4 and libadwaita) and its entry in
 the application menus: the next reminder, the streak and this week; the
 running workout with a countdown large enough to read from the mat and big
 buttons; a first-run welcome; and preferences that edit the config file in
 place.
EOF

mkdir -p "$repo/dist"
for package in gymbell-window gymbell; do
  root="$work/$package"
  # Everything under /etc is a conffile: local edits survive upgrades.
  if [ -d "$root/etc" ]; then
    (cd "$root" && find etc -type f | sed 's|^|/|' | sort) >"$root/DEBIAN/conffiles"
  fi
  (cd "$root" && find . -path ./DEBIAN -prune -o -type f -print | sed 's|^\./||' | sort | xargs md5sum) >"$root/DEBIAN/md5sums"
  deb="$repo/dist/${package}_${version}_${arch}.deb"
  dpkg-deb --build --root-owner-group "$root" "$deb" >/dev/null
  echo "$deb"
done
