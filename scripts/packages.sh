#!/usr/bin/env bash
# Installs the Debian packages Retrocam builds and tests with, when any is missing.
# Sourced or run by scripts/demo, scripts/test and .ci/run.
set -euo pipefail

RETROCAM_PACKAGES=(
  libdbus-1-dev dbus-daemon dbus-bin libglib2.0-bin systemd
  libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev
  gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-bad
  gstreamer1.0-tools gstreamer1.0-plugins-base-apps
  gstreamer1.0-x gstreamer1.0-pipewire pipewire pipewire-bin wireplumber libpipewire-0.3-dev
  desktop-file-utils python3-dbus python3-venv espeak-ng sox
  libglib2.0-dev gnome-settings-daemon-common i3-wm zsh fish groff-base
  # Real desktop peers: sandboxed callers, the permission store, a notification server.
  bubblewrap xdg-desktop-portal dunst xvfb
  # the viewfinder: GTK 3, gtksink, its sounds and icon; its test under Xvfb with AT-SPI
  libgtk-3-dev gstreamer1.0-gtk3 gsettings-desktop-schemas sound-theme-freedesktop librsvg2-common gir1.2-gdkpixbuf-2.0
  at-spi2-core libatk-adaptor python3-pyatspi gir1.2-atspi-2.0 xdotool imagemagick
  # offline speech: pocketsphinx and its English model
  libpocketsphinx-dev pocketsphinx-en-us
  # the Debian package (scripts/package): dpkg-shlibdeps and dpkg-gencontrol, strip, Debian's checker
  dpkg-dev binutils lintian
)

missing=()
for p in "${RETROCAM_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "retrocam: installing ${missing[*]}" >&2
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
