#!/usr/bin/env bash
# check_install.sh BUILD PREFIX BINDIR PLUGINDIR VERSION APP CUDA: installs the build into a scratch
# prefix and checks the installed programs from there: `rlab --version` says the project's version,
# `rlab check-content` finds the installed content by itself (beside the program, not the checkout),
# neither program links a CUDA library (the GPU backend is the plugin), and the desktop entry, icons,
# AppStream file, man page and plugin are where the package puts them.
set -u
build=$1 prefix=$2 bindir=$3 plugindir=$4 version=$5 app=$6 cuda=$7
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
rm -rf "$prefix"
cmake --install "$build" --prefix "$prefix" > "$prefix.log" 2>&1 || { cat "$prefix.log"; fail "cmake --install"; exit 1; }
rlab=$prefix/$bindir/rlab
content=$prefix/share/recompute-lab/content

said=$("$rlab" --version)
[ "$said" = "rlab $version" ] || fail "rlab --version said '$said', not 'rlab $version'"
zcat -f "$prefix"/share/man/man1/rlab.1* 2> /dev/null | grep -q '^\.SS run' || fail "no man page with the commands"
for file in share/doc/recompute-lab/copyright share/doc/recompute-lab/changelog.gz; do
  [ -s "$prefix/$file" ] || fail "$file was not installed"
done
for program in "$rlab" "$prefix/$bindir/recompute-lab"; do
  [ -e "$program" ] || continue
  linked=$(readelf -d "$program" | grep -E 'NEEDED.*(cublas|cudart|libcuda)')
  [ -z "$linked" ] || fail "$program links CUDA directly: $linked"
done
if [ "$app" = 1 ]; then
  zcat -f "$prefix"/share/man/man1/rlab.1* | grep -q '^\.SS check-content' || fail "rlab's man page lacks check-content"
  out=$("$rlab" check-content 2>&1) || fail "installed rlab check-content failed: $out"
  echo "$out" | head -n 1
  echo "$out" | grep -q "^Checked $content:" || fail "rlab check-content did not check the installed content $content"
  for file in share/applications/io.github.recompute_lab.RecomputeLab.desktop \
    share/metainfo/io.github.recompute_lab.RecomputeLab.metainfo.xml \
    share/icons/hicolor/scalable/apps/recompute-lab.svg share/icons/hicolor/48x48/apps/recompute-lab.png \
    share/man/man1/recompute-lab.1.gz; do
    [ -s "$prefix/$file" ] || fail "$file was not installed"
  done
fi
if [ "$cuda" = 1 ]; then
  [ -f "$prefix/$plugindir/librlab-cuda.so" ] || fail "the CUDA plugin is not in $plugindir"
  devices=$("$rlab" devices) || fail "rlab devices failed"
  echo "$devices"
  echo "$devices" | grep -q '^cuda ' || fail "rlab devices has no cuda line"
fi
[ $failures -eq 0 ] && echo "installed into $prefix: all checks passed"
exit $((failures > 0))
