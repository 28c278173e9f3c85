#!/bin/sh
# Retrocam hotkeys for GNOME: Super+Shift+X shutter, +A action button, +P photo, +V record.
# Adds Retrocam's custom shortcuts and keeps yours; running it again changes nothing.
# 'retrocam bind gnome install' does the same.
set -e
schema=org.gnome.settings-daemon.plugins.media-keys
base=/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/
list=$(gsettings get "$schema" custom-keybindings)
for id in retrocam-shutter retrocam-action retrocam-photo retrocam-record; do
  case "$list" in
    *"'${base}$id/'"*) ;;
    "@as []"|"[]") list="['${base}$id/']" ;;
    *) list="${list%]}, '${base}$id/']" ;;
  esac
done
gsettings set "$schema" custom-keybindings "$list"
gsettings set "$schema.custom-keybinding:${base}retrocam-shutter/" name 'Retrocam shutter'
gsettings set "$schema.custom-keybinding:${base}retrocam-shutter/" command 'retrocam shutter click'
gsettings set "$schema.custom-keybinding:${base}retrocam-shutter/" binding '<Super><Shift>x'
gsettings set "$schema.custom-keybinding:${base}retrocam-action/" name 'Retrocam action button'
gsettings set "$schema.custom-keybinding:${base}retrocam-action/" command 'retrocam action click'
gsettings set "$schema.custom-keybinding:${base}retrocam-action/" binding '<Super><Shift>a'
gsettings set "$schema.custom-keybinding:${base}retrocam-photo/" name 'Retrocam photo'
gsettings set "$schema.custom-keybinding:${base}retrocam-photo/" command 'retrocam photo'
gsettings set "$schema.custom-keybinding:${base}retrocam-photo/" binding '<Super><Shift>p'
gsettings set "$schema.custom-keybinding:${base}retrocam-record/" name 'Retrocam record'
gsettings set "$schema.custom-keybinding:${base}retrocam-record/" command 'retrocam record'
gsettings set "$schema.custom-keybinding:${base}retrocam-record/" binding '<Super><Shift>v'
