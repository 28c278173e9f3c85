# Sourced by scripts/package (and scripts/package-check, which reads `programs`): where each file of the
# Debian package goes, in one place. Paths are Debian 12's.

# The programs the package ships, in /usr/bin.
programs=(retrocamd retrocam retrocam-viewfinder)

# Fills ROOT (the package's file tree) from the checkout and the release programs in BIN.
retrocam_stage() {
  local root=$1 bin=$2
  local share=$root/usr/share lib=$root/usr/lib
  install -d "$root/usr/bin" "$share/dbus-1/services" "$lib/systemd/user" "$lib/systemd/user-generators" \
    "$share/applications" "$share/icons/hicolor/scalable/apps" "$share/man/man1" \
    "$share/bash-completion/completions" "$share/zsh/vendor-completions" "$share/fish/vendor_completions.d" \
    "$share/retrocam/shortcuts" "$lib/udev/rules.d" "$share/doc/retrocam"

  # Stripped as Debian's dh_strip does: no symbol tables or debug sections (about a quarter of each file).
  local program
  for program in "${programs[@]}"; do
    install -m 755 "$bin/$program" "$root/usr/bin/"
    strip --remove-section=.comment --remove-section=.note "$root/usr/bin/$program"
  done

  # D-Bus activation starts the daemon at the first call; the bus hands it to the systemd --user unit when
  # a user manager runs (SystemdService=). The user generator writes the unit's drop-in for each user's
  # own photo, clip, index and Trash folders when that user's manager starts, never at install.
  sed "s|@bindir@|/usr/bin|" dbus/org.retrocam.Camera.service > "$share/dbus-1/services/org.retrocam.Camera.service"
  sed "s|@bindir@|/usr/bin|; s|@docdir@|/usr/share/doc/retrocam|" dbus/retrocamd.service > "$lib/systemd/user/retrocamd.service"
  install -m 755 packaging/user-generator "$lib/systemd/user-generators/retrocam-folders"

  # The desktop's search: GNOME Shell's provider and KRunner's runner, both served by the daemon under
  # its bus name, so the activation file above starts it at the first search.
  install -d "$share/gnome-shell/search-providers" "$share/krunner/dbusplugins"
  install -m 644 desktop/org.retrocam.Camera.search-provider.ini "$share/gnome-shell/search-providers/"
  install -m 644 desktop/retrocam-krunner.desktop "$share/krunner/dbusplugins/retrocam.desktop"

  # The desktop: the photo launcher with its actions, the viewfinder and its icon, and the daemon's own
  # entry (hidden from menus) whose id the desktop portal takes only when GLib finds it.
  install -m 644 shortcuts/retrocam.desktop desktop/retrocam-viewfinder.desktop desktop/org.retrocam.Camera.desktop \
    "$share/applications/"
  install -m 644 desktop/retrocam-viewfinder.svg "$share/icons/hicolor/scalable/apps/"

  # Manual pages (compressed, as Debian wants): the client's from docs/ (`retrocam man`), and the daemon's
  # and the viewfinder's made from their own --help.
  gzip -9n < docs/retrocam.1 > "$share/man/man1/retrocam.1.gz"
  retrocam_help_page "$root/usr/bin/retrocamd" "the Retrocam camera daemon (org.retrocam.Camera on the session bus)" \
    | gzip -9n > "$share/man/man1/retrocamd.1.gz"
  retrocam_help_page "$root/usr/bin/retrocam-viewfinder" "the Retrocam camera's window (GTK 3)" \
    | gzip -9n > "$share/man/man1/retrocam-viewfinder.1.gz"
  install -m 644 docs/completions/retrocam.bash "$share/bash-completion/completions/retrocam"
  install -m 644 docs/completions/_retrocam "$share/zsh/vendor-completions/"
  install -m 644 docs/completions/retrocam.fish "$share/fish/vendor_completions.d/"

  # The shipped shortcuts: the programs find them beside themselves (/usr/bin/../share/retrocam); the
  # user's own in ~/.config/retrocam/shortcuts override them.
  install -m 644 shortcuts/*.retrocam "$share/retrocam/shortcuts/"

  # The shutter keys' udev rule (uaccess for button-only input devices); udev reads /usr/lib/udev/rules.d.
  install -m 644 udev/70-retrocam-keys.rules "$lib/udev/rules.d/"

  # Documentation: the copyright, the README the unit's Documentation= points at; changelog.gz is
  # written by scripts/package with the version.
  install -m 644 packaging/copyright README.md "$share/doc/retrocam/"
}

# A manual page made from PROGRAM's own --help text (shown as it is, unfilled), named SUMMARY.
retrocam_help_page() {
  local program=$1 summary=$2 name
  name=$(basename "$program")
  printf '.TH %s 1 "" "retrocam %s" "User Commands"\n' "$(echo "$name" | tr a-z A-Z)" "$version"
  printf '.SH NAME\n%s \\- %s\n.SH SYNOPSIS AND OPTIONS\n.nf\n' "${name//-/\\-}" "$summary"
  # roff: a backslash is \e, a line may not start with . or ', and - is written \-.
  "$program" --help | sed 's/\\/\\e/g; s/-/\\-/g; s/^\([.'"'"']\)/\\\&\1/'
  printf '.fi\n.SH SEE ALSO\n.BR retrocam (1),\n.BR retrocamd (1),\n.BR retrocam\\-viewfinder (1);\n'
  printf 'the README in /usr/share/doc/retrocam/README.md.\n'
}

# The package's changelog for VERSION, Debian's format: the commits since the last release tag, the
# maintainer from packaging/control, the date of the commit (so the same commit gives the same file).
retrocam_changelog() {
  local version=$1 maintainer since range
  maintainer=$(sed -n 's/^Maintainer: //p' packaging/control)
  printf 'retrocam (%s) unstable; urgency=medium\n\n' "$version"
  if git rev-parse --git-dir >/dev/null 2>&1; then
    since=$(git describe --tags --abbrev=0 --match 'v[0-9]*' 2>/dev/null || true)
    range=${since:+$since..}HEAD
    printf '  * Built from commit %s.\n' "$(git rev-parse --short=12 HEAD)"
    git log --no-merges --format=%s "$range" | while IFS= read -r subject; do
      echo "$subject" | fold -s -w 74 | sed '1s/^/  * /; 2,$s/^/    /; s/ *$//'
    done
    printf '\n -- %s  %s\n' "$maintainer" "$(git log -1 --format=%cD HEAD)"
  else
    printf '  * Built from a source tree without git history.\n\n -- %s  %s\n' "$maintainer" "$(date -R)"
  fi
}
