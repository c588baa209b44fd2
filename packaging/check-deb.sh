#!/usr/bin/env bash
# check-deb.sh DEB...: proves the packages on a clean Debian 12: installs the .deb files with apt in a
# fresh bookworm chroot (debootstrap --variant=minbase, made once, copied for each run), so only the
# packages' declared dependencies come along, then runs the installed programs there: rlab --version,
# rlab check-content on the installed content and on its example pack as a .tar.gz, rlab devices,
# two short runs (the CPU kernels the machine picks, then the x86-64 baseline ones), the validators on
# the installed desktop entry and metainfo, recompute-lab's start page and a question's live
# demo rendered headless (--screenshot), Qt's file dialog (File > Open pack) under a Russian locale
# with the package's Recommends (qt6-translations-l10n) installed, and the resident memory of
# `rlab --help` and of the app at its start page. First, on this machine, lintian judges the .deb
# files against Debian policy: any error fails the check (warnings are listed in the log; the kept
# ones and why: docs/packaging.md), and every installed path must lie under /usr.
# Needs root, debootstrap, lintian and the Debian mirror. Writes OUT (default /tmp/rlab-deb/out):
# log.txt, lintian.txt, start-page.png, demo.png, pack-dialog-ru.png.
#   cpack --config build/CPackConfig.cmake -B build/packages && packaging/check-deb.sh build/packages/*.deb
set -u
[ $# -gt 0 ] || { echo "usage: $0 DEB..."; exit 2; }
top=/tmp/rlab-deb
base=${RLAB_CHROOT_BASE:-$top/base}
work=$top/work
out=${OUT:-$top/out}
mkdir -p "$top" "$out"
log=$out/log.txt
: > "$log"
command -v debootstrap > /dev/null || { echo "debootstrap is missing (apt-get install debootstrap)"; exit 1; }
mirror=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources 2> /dev/null)
[ -n "$mirror" ] || mirror=$(awk '/^deb /{print $2; exit}' /etc/apt/sources.list 2> /dev/null)
if [ ! -x "$base/bin/bash" ]; then
  echo "making the clean chroot $base (once)"
  debootstrap --variant=minbase bookworm "$base" "$mirror" > "$top/debootstrap.log" 2>&1 \
    || { echo "debootstrap failed; see $top/debootstrap.log"; exit 1; }
fi
umount -R "$work/proc" "$work/dev" 2> /dev/null
rm -rf "$work"
cp -a "$base" "$work"
mkdir -p "$work/tmp/debs" "$work/proc" "$work/dev"
cp "$@" "$work/tmp/debs/"
cp /etc/resolv.conf "$work/etc/resolv.conf"
mount -t proc proc "$work/proc"
mount --rbind /dev "$work/dev"
in_chroot() {
  env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin TERM=dumb LANG=C.UTF-8 chroot "$work" bash -c "$1"
}
step() {
  echo "\$ $1" | tee -a "$log"
  in_chroot "$1" 2>&1 | tee -a "$log"
  local rc=${PIPESTATUS[0]}
  echo "(exit $rc)" | tee -a "$log"
  return $rc
}
failed=0
if command -v lintian > /dev/null; then
  echo "\$ lintian --fail-on error --display-info $*" | tee -a "$log"
  lintian --fail-on error --display-info "$@" > "$out/lintian.txt" 2>&1
  rc=$?
  tee -a "$log" < "$out/lintian.txt"
  echo "lintian: $(grep -c '^E:' "$out/lintian.txt") errors, $(grep -c '^W:' "$out/lintian.txt") warnings, $(grep -c '^I:' "$out/lintian.txt") notes (exit $rc)" | tee -a "$log"
  [ $rc -eq 0 ] || failed=1
else
  echo "lintian is missing (apt-get install lintian)" | tee -a "$log"
  failed=1
fi
for deb in "$@"; do
  outside=$(dpkg-deb -c "$deb" | awk '{print $6}' | grep -v -E '^\./(usr/|$)')
  local_paths=$(dpkg-deb -c "$deb" | awk '{print $6}' | grep -E '^\./usr/local/')
  if [ -n "$outside$local_paths" ]; then
    echo "$deb installs outside /usr or into /usr/local: $outside $local_paths" | tee -a "$log"
    failed=1
  else
    echo "$(basename "$deb"): every path under /usr, none in /usr/local" | tee -a "$log"
  fi
done
in_chroot 'apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends /tmp/debs/*.deb' \
  > "$out/apt.log" 2>&1 || { tail -20 "$out/apt.log"; echo "installing the packages failed"; failed=1; }
tail -3 "$out/apt.log" | tee -a "$log"
if [ $failed -eq 0 ]; then
  step 'dpkg -l "recompute-lab*" | tail -n +6; dpkg -L recompute-lab | grep -v "/content/" | sort' || failed=1
  step 'rlab --version' || failed=1
  step 'rlab check-content' || failed=1
  step 'rlab check-content /usr/share/recompute-lab/content | head -n 1' || failed=1
  step 'tar czf /tmp/first-pack.tar.gz -C /usr/share/recompute-lab/content/examples first-pack && rlab check-content /tmp/first-pack.tar.gz | sed -n "1p;\$p"' || failed=1
  step 'rlab devices' || failed=1
  # The first line names the CPU kernels the portable build picked (avx512, avx2 or baseline).
  step 'rlab run --policy sqrt --layers 4 --steps 3 | sed -n "1p;\$p"' || failed=1
  step 'RLAB_CPU=baseline rlab run --policy full --layers 2 --steps 3 | sed -n "1p;\$p"' || failed=1
  step 'QT_QPA_PLATFORM=offscreen recompute-lab --screenshot /tmp/start-page.png && ls -l /tmp/start-page.png' || failed=1
  step 'QT_QPA_PLATFORM=offscreen recompute-lab --quiz gradient-checkpointing --question 2 --answer 1 --run-demo --screenshot /tmp/demo.png --size 1280x1000' || failed=1
  step 'ls /usr/share/doc/recompute-lab*/ && zcat /usr/share/doc/recompute-lab/changelog.gz | head -n 3 && grep -E "^(Format|License|Files):" /usr/share/doc/recompute-lab/copyright && man -w recompute-lab rlab 2> /dev/null; ls /usr/share/man/man1/ | grep -E "rlab|recompute"' || failed=1
  # Qt's own strings (the file dialog's labels, buttons and columns) come from qtbase_ru.qm, in the
  # package's Recommends; apt above installed Depends only, as --no-install-recommends does.
  in_chroot 'DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends qt6-translations-l10n' \
    > "$out/recommends-apt.log" 2>&1 || { tail -5 "$out/recommends-apt.log"; failed=1; }
  step 'ls /usr/share/qt6/translations/qtbase_ru.qm && LANG=ru_RU.UTF-8 QT_QPA_PLATFORM=offscreen recompute-lab --pack-dialog --screenshot /tmp/pack-dialog-ru.png --size 1000x700 && ls -l /tmp/pack-dialog-ru.png' || failed=1
  cp "$work/tmp/start-page.png" "$work/tmp/demo.png" "$work/tmp/pack-dialog-ru.png" "$out/" 2> /dev/null
  # Resident memory: /usr/bin/time (the time package, added only now) for rlab; the app's VmRSS
  # after 5 s at its start page, offscreen.
  in_chroot 'DEBIAN_FRONTEND=noninteractive apt-get install -y -q time' > /dev/null 2>&1
  # The installed desktop entry and AppStream metadata, by the distribution's validators (added
  # only now, after the programs ran with the packages' own dependencies).
  in_chroot 'DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends desktop-file-utils appstream' \
    > "$out/validators-apt.log" 2>&1
  step 'desktop-file-validate /usr/share/applications/*.desktop && echo "desktop entry valid"' || failed=1
  step 'appstreamcli validate --no-net /usr/share/metainfo/*.xml' || failed=1
  step '/usr/bin/time -f "rlab --help: max resident %M KiB" rlab --help > /dev/null' || failed=1
  step 'QT_QPA_PLATFORM=offscreen recompute-lab & pid=$!; sleep 5; grep -E "VmRSS|VmHWM" /proc/$pid/status; kill $pid' || failed=1
fi
umount -R "$work/dev" "$work/proc" 2> /dev/null
echo "check-deb: $([ $failed -eq 0 ] && echo all steps passed || echo some step FAILED); log $log"
exit $failed
