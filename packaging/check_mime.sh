#!/usr/bin/env bash
# check_mime.sh MIME_XML DESKTOP_ENTRY WORKDIR: the quiz pack's MIME type as shared-mime-info reads it
# (update-mime-database into a scratch folder: the type, its *.rlab.zip glob, a zip underneath) and the
# desktop entry opening it with a file argument (%f in Exec, the type in MimeType). Exit 77 where
# update-mime-database is missing (shared-mime-info).
set -u
xml=$1 desktop=$2 work=$3
command -v update-mime-database > /dev/null || { echo "skipped: update-mime-database is missing (shared-mime-info)"; exit 77; }
db=$work/mime
rm -rf "$work" && mkdir -p "$db/packages" && cp "$xml" "$db/packages/"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
out=$(XDG_DATA_HOME=$work XDG_DATA_DIRS=/usr/share update-mime-database "$db" 2>&1) || fail "update-mime-database: $out"
[ -z "$out" ] || fail "update-mime-database warned: $out"
grep -q '^60:application/x-recompute-lab-pack:\*\.rlab\.zip$' "$db/globs2" || fail "no *.rlab.zip glob in $(cat "$db/globs2")"
grep -q '^application/x-recompute-lab-pack application/zip$' "$db/subclasses" || fail "the pack is not a zip underneath"
grep -q '^Exec=recompute-lab %f$' "$desktop" || fail "Exec does not pass the file (%f)"
grep -q '^MimeType=application/x-recompute-lab-pack;' "$desktop" || fail "the desktop entry does not open the pack type"
[ $failures -eq 0 ] && echo "MIME type application/x-recompute-lab-pack: *.rlab.zip, a zip; opened by recompute-lab %f"
exit $((failures > 0))
