#!/bin/sh
# Installs the Debian/Ubuntu packages gymbell needs to build, run and test.
# Idempotent: does nothing when every package is already there.
set -eu
PKGS="pkg-config gcc libc6-dev tzdata libnotify-dev libcanberra-dev libcanberra-pulse libpulse-dev pulseaudio pulseaudio-utils pipewire-pulse wireplumber sound-theme-freedesktop libdbus-1-dev libglib2.0-dev libsqlite3-dev dbus-daemon dbus-x11 python3 python3-dbus python3-gi python3-pytest libnotify-bin dunst xvfb x11-utils imagemagick gettext desktop-file-utils appstream dpkg-dev binutils groff-base zsh fish fonts-noto-color-emoji fonts-dejavu-core locales gir1.2-notify-0.7 util-linux python3-icalendar playerctl mpv mpv-mpris chromium tesseract-ocr tesseract-ocr-eng gvfs libgtk-4-dev libadwaita-1-dev at-spi2-core python3-pyatspi xdotool python3-xlib libx11-dev libxext-dev libwayland-dev syncthing"
APT_INSTALL_FOR=install-deps "$(dirname "$0")/apt-install.sh" $PKGS
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
# The German locale, so that `LANG=de_DE.UTF-8 gymbell …` (and its test) shows the German catalog.
if ! locale -a 2>/dev/null | grep -qi '^de_DE\.utf-\?8$'; then
  echo "install-deps: generating the de_DE.UTF-8 locale" >&2
  $SUDO sed -i 's/^# *de_DE.UTF-8 UTF-8/de_DE.UTF-8 UTF-8/' /etc/locale.gen
  grep -q '^de_DE.UTF-8 UTF-8' /etc/locale.gen || echo 'de_DE.UTF-8 UTF-8' | $SUDO tee -a /etc/locale.gen >/dev/null
  $SUDO locale-gen >/dev/null
fi
