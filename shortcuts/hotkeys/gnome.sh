#!/bin/sh
# Retrocam hotkeys for GNOME: Super+Shift+C shutter, +A action, +P photo, +R record.
# 'retrocam bind gnome install' does the same and keeps your other custom shortcuts;
# this script adds ours to the list as it is now.
set -e
list=$(gsettings get org.gnome.settings-daemon.plugins.media-keys custom-keybindings | sed "s/@as //; s/\[//; s/\]//")
gsettings set org.gnome.settings-daemon.plugins.media-keys custom-keybindings "[${list:+$list, }'/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/retrocam-shutter/', '/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/retrocam-action/', '/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/retrocam-photo/', '/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/retrocam-record/']"
gsettings set org.gnome.settings-daemon.plugins.media-keys.custom-keybinding:/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/retrocam-shutter/ name 'Retrocam shutter'
gsettings set org.gnome.settings-daemon.plugins.media-keys.custom-keybinding:/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/retrocam-shutter/ command 'retrocam shutter click'
gsettings set org.gnome.settings-daemon.plugins.media-keys.custom-keybinding:/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/retrocam-shutter/ binding '<Super><Shift>c'
gsettings set org.gnome.settings-daemon.plugins.media-keys.custom-keybinding:/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/retrocam-action/ name 'Retrocam action button'
gsettings set org.gnome.settings-daemon.plugins.media-keys.custom-keybinding:/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/retrocam-action/ command 'retrocam action click'
gsettings set org.gnome.settings-daemon.plugins.media-keys.custom-keybinding:/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/retrocam-action/ binding '<Super><Shift>a'
gsettings set org.gnome.settings-daemon.plugins.media-keys.custom-keybinding:/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/retrocam-photo/ name 'Retrocam photo'
gsettings set org.gnome.settings-daemon.plugins.media-keys.custom-keybinding:/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/retrocam-photo/ command 'retrocam photo'
gsettings set org.gnome.settings-daemon.plugins.media-keys.custom-keybinding:/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/retrocam-photo/ binding '<Super><Shift>p'
gsettings set org.gnome.settings-daemon.plugins.media-keys.custom-keybinding:/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/retrocam-record/ name 'Retrocam record'
gsettings set org.gnome.settings-daemon.plugins.media-keys.custom-keybinding:/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/retrocam-record/ command 'retrocam record'
gsettings set org.gnome.settings-daemon.plugins.media-keys.custom-keybinding:/org/gnome/settings-daemon/plugins/media-keys/custom-keybindings/retrocam-record/ binding '<Super><Shift>r'
