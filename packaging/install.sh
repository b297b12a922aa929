#!/bin/sh
# Installs, uninstalls or lists gymbell's files; `make install`, `make uninstall` and
# `make install-manifest` call it with the directories as environment variables.
#   packaging/install.sh install|uninstall|manifest
# Every file goes through one `put` line below, so the three modes cannot disagree: the list of
# `put` lines is the install manifest, and uninstall removes exactly those files.
# Templates in data/ get @bindir@ replaced by $BINDIR (the path at run time, without DESTDIR).
set -eu
umask 022  # installed directories must be readable by everyone
cd "$(dirname "$0")/.."
mode="${1:?usage: packaging/install.sh install|uninstall|manifest}"

: "${DESTDIR:=}"
: "${BINDIR:?}" "${DATADIR:?}" "${MANDIR:?}" "${DOCDIR:?}" "${USERUNITDIR:?}" "${AUTOSTARTDIR:?}"
: "${DBUSSERVICEDIR:?}" "${DBUSIFACEDIR:?}" "${BASHCOMPDIR:?}" "${ZSHCOMPDIR:?}" "${FISHCOMPDIR:?}" "${LOCALEDIR:?}"
: "${GYMBELL:?the built gymbell binary}" "${GYMBELL_WINDOW:?the built gymbell-window binary}" "${GENERATE_MANUAL:=}" "${MANUAL_DATE:=}" "${STRIP:=}"
case "$BINDIR" in *'|'* | *'&'* | *'\'*) echo "install: BINDIR may not contain | & or \\" >&2; exit 1 ;; esac

tmp=""
if [ "$mode" = install ]; then
  [ -x "$GYMBELL" ] || { echo "install: no gymbell binary at $GYMBELL (make release-static)" >&2; exit 1; }
  [ -x "$GYMBELL_WINDOW" ] || { echo "install: no gymbell-window binary at $GYMBELL_WINDOW (make release-static)" >&2; exit 1; }
  tmp="$(mktemp -d)"
  trap 'rm -rf "$tmp"' EXIT
fi

# put MODE DEST KIND SOURCE: one installed file. KIND: file (copied), program (copied, then stripped
# with $STRIP when set), template (@bindir@ filled in), output (SOURCE is a command whose stdout is the file).
put() {
  perm="$1" dest="$2" kind="$3"
  shift 3
  case "$mode" in
    manifest) echo "$dest" ;;
    uninstall)
      if [ -e "$DESTDIR$dest" ] || [ -L "$DESTDIR$dest" ]; then
        rm -f "$DESTDIR$dest" && echo "removed $DESTDIR$dest"
      fi ;;
    install)
      src="$tmp/$(basename "$dest")"
      case "$kind" in
        file | program) cp "$1" "$src" ;;  # cp follows data/'s symlinks to the real files
        template) sed "s|@bindir@|$BINDIR|g" "$1" >"$src" ;;
        output) "$@" >"$src" ;;
      esac
      [ "$kind" = program ] && [ -n "$STRIP" ] && $STRIP "$src"
      install -D -m "$perm" "$src" "$DESTDIR$dest"
      echo "installed $DESTDIR$dest" ;;
    *) echo "install: unknown mode $mode" >&2; exit 2 ;;
  esac
}

manual() {
  [ -n "$GENERATE_MANUAL" ] || { echo "install: GENERATE_MANUAL (swift-argument-parser's generate-manual) is unset" >&2; return 1; }
  out="$tmp/manual"
  mkdir -p "$out"
  "$GENERATE_MANUAL" "$GYMBELL" --section 1 ${MANUAL_DATE:+--date "$MANUAL_DATE"} \
    --authors "The gymbell developers" --output-directory "$out" >/dev/null
  # mdoc wants .Pp, not empty lines, between paragraphs.
  sed 's/^$/.Pp/' "$out/gymbell.1"
}

id=io.github.gymbell.Gymbell
put 755 "$BINDIR/gymbell"                                   program  "$GYMBELL"
put 755 "$BINDIR/gymbell-window"                            program  "$GYMBELL_WINDOW"
put 644 "$DATADIR/applications/$id.desktop"                 template data/$id.desktop
put 644 "$AUTOSTARTDIR/$id.desktop"                         template data/$id-autostart.desktop
put 644 "$USERUNITDIR/gymbell.service"                      template data/gymbell.service
put 644 "$DBUSSERVICEDIR/$id.service"                       template data/$id.service
put 644 "$DBUSIFACEDIR/${id}1.xml"                          file     data/${id}1.xml
put 644 "$DATADIR/icons/hicolor/scalable/apps/$id.svg"      file     data/icons/hicolor/scalable/apps/$id.svg
put 644 "$DATADIR/icons/hicolor/48x48/apps/$id.png"         file     data/icons/hicolor/48x48/apps/$id.png
put 644 "$DATADIR/icons/hicolor/128x128/apps/$id.png"       file     data/icons/hicolor/128x128/apps/$id.png
put 644 "$DATADIR/metainfo/$id.metainfo.xml"                file     data/$id.metainfo.xml
put 644 "$DOCDIR/config.toml.example"                       file     data/config.toml
put 644 "$MANDIR/man1/gymbell.1"                            output   manual
put 644 "$BASHCOMPDIR/gymbell"                              output   "$GYMBELL" --generate-completion-script bash
put 644 "$ZSHCOMPDIR/_gymbell"                              output   "$GYMBELL" --generate-completion-script zsh
put 644 "$FISHCOMPDIR/gymbell.fish"                         output   "$GYMBELL" --generate-completion-script fish
# The binary looks for its catalogs in <bindir>/../share/locale (Sources/GymbellPlatform/Gettext.swift).
for lang in $(sed 's/#.*//' po/LINGUAS); do
  put 644 "$LOCALEDIR/$lang/LC_MESSAGES/gymbell.mo"         output   msgfmt --check -o - "po/$lang.po"
done

if [ "$mode" = uninstall ]; then
  # The one directory that is gymbell's alone; shared ones (share/applications, …) stay.
  rmdir "$DESTDIR$DOCDIR" 2>/dev/null || true
fi
