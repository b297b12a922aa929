#!/bin/sh
# Installs the real notification servers and the tools the desktop test matrix (tests/desktops/)
# uses to look at and listen to them: GNOME Shell, KDE Plasma, xfce4-notifyd, notification-daemon,
# mako under sway, dunst, Cinnamon, MATE's notification daemon, lxqt-notificationd, Budgie and
# SwayNotificationCenter (under sway); Xvfb, xdotool, grim, tesseract, PulseAudio null sink, sox.
# Idempotent: does nothing when every package is already there. ../shared/DESKTOPS.md says why each is here.
set -eu
PKGS="gnome-shell gjs gnome-settings-daemon adwaita-icon-theme mutter
plasma-workspace plasma-desktop kwin-x11 breeze kactivitymanagerd kwin-wayland qtwayland5
xfce4-notifyd xfconf libglib2.0-bin notification-daemon mako-notifier sway grim dunst
cinnamon mate-notification-daemon lxqt-notificationd sway-notification-center budgie-desktop libgl1-mesa-dri
xvfb xdotool x11-utils imagemagick dbus-x11 fonts-noto-color-emoji fonts-dejavu-core
tesseract-ocr tesseract-ocr-eng gir1.2-gdkpixbuf-2.0 pulseaudio pulseaudio-utils sox libsox-fmt-pulse
libcanberra0 libcanberra-pulse gnome-session-canberra sound-theme-freedesktop python3-dbus python3-gi gir1.2-glib-2.0
libnotify-bin x11-apps python3-pytest"
APT_INSTALL_FOR=install-desktops "$(dirname "$0")/apt-install.sh" $PKGS
