#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (-fsanitize=fuzzer,address,undefined) and runs each for
# a given time or number of executions, starting from the seed corpus in tests/fuzz/corpus/<target>.
#
#   tests/fuzz/run_fuzzers.sh [--time SECONDS] [--runs N] [--build DIR] [TARGET...]
#
# TARGETs: content npy rlab_args progress pack_archive progress_merge presets (default: all). New inputs go to DIR/corpus/<target>,
# crashes to DIR/findings/; a finding makes the exit status 1. Keep each finding as a file in
# tests/fuzz/corpus/<target>/ once fixed. Exit status 77: clang or its libFuzzer is missing (ctest
# reports the tests as skipped).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
source_dir=$(cd "$here/../.." && pwd)
seconds=60
runs=""
build="$source_dir/build/fuzz"
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --time) seconds=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --build) build=$2; shift 2 ;;
    -h|--help) sed -n '2,11p' "$0"; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
[ ${#targets[@]} -gt 0 ] || targets=(content npy rlab_args progress pack_archive progress_merge presets)

cxx=${RLAB_FUZZ_CXX:-}
if [ -z "$cxx" ]; then
  for candidate in clang++ clang++-14 clang++-15 clang++-16; do
    if command -v "$candidate" >/dev/null; then cxx=$candidate; break; fi
  done
fi
if [ -z "$cxx" ]; then
  echo "run_fuzzers: skipped: clang++ is not installed (scripts/lab deps installs clang)." >&2
  exit 77
fi
mkdir -p "$build/corpus" "$build/findings"
probe="$build/probe.cpp"
printf '#include <cstddef>\n#include <cstdint>\nextern "C" int LLVMFuzzerTestOneInput(const std::uint8_t*, std::size_t) { return 0; }\n' >"$probe"
if ! "$cxx" -fsanitize=fuzzer,address,undefined "$probe" -o "$build/probe" 2>/dev/null; then
  echo "run_fuzzers: skipped: $cxx cannot link -fsanitize=fuzzer (libFuzzer missing)." >&2
  exit 77
fi

flags=(-std=c++20 -O1 -g -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined
  -fno-omit-frame-pointer -I"$here" -I"$source_dir/engine/include" -I"$source_dir/engine/words/include")
words=("$source_dir"/engine/words/src/*.cpp)
# The content loader checks a question's planner: view with the planner (app/planner), which asks the
# engine's predictor (engine/src). These are the sources that chain needs, not the whole engine: no
# kernels, no trainer. A new dependency of rlab_content must be added here too, since this script
# builds from sources, not from the CMake targets.
planner=("$source_dir"/app/planner/src/*.cpp "$source_dir"/engine/layout/src/layout.cpp)
for name in ledger predictor plan names byte_count model validate devices dump npy cuda_plugin; do
  planner+=("$source_dir/engine/src/$name.cpp")
done

# engine/layout's paths, as its CMakeLists defines them (only the state folder is used here).
layout_defines="-DRLAB_CONTENT_FROM_PROGRAM=\"../share/recompute-lab/content\" -DRLAB_PLUGINS_FROM_PROGRAM=\"../lib/recompute-lab\" -DRLAB_CHECKOUT_CONTENT=\"$source_dir/content\""

sources_of() {
  case "$1" in
    content) echo "$here/fuzz_content.cpp" "$source_dir"/app/content/src/*.cpp "${words[@]}" "${planner[@]}" ;;
    npy) echo "$here/fuzz_npy.cpp" "$source_dir/engine/src/npy.cpp" "${words[@]}" ;;
    rlab_args) echo "$here/fuzz_rlab_args.cpp" "$source_dir/app/cli/run_options.cpp" "${words[@]}" ;;
    progress) echo "$here/fuzz_progress.cpp" "$source_dir/app/quiz/model/progressstore.cpp" "${words[@]}" \
      "$source_dir/engine/layout/src/layout.cpp" ;;
    progress_merge) echo "$here/fuzz_progress_merge.cpp" "$source_dir/app/quiz/model/progressstore.cpp" "${words[@]}" \
      "$source_dir/engine/layout/src/layout.cpp" ;;
    pack_archive) echo "$here/fuzz_pack_archive.cpp" "$source_dir/app/content/src/archive.cpp" "$source_dir/engine/words/src/utf8.cpp" ;;
    presets) echo "$here/fuzz_presets.cpp" "$source_dir"/app/content/src/*.cpp "${words[@]}" "${planner[@]}" ;;
    *) echo "run_fuzzers: unknown target '$1' (content, npy, rlab_args, progress, pack_archive, progress_merge, presets)." >&2; exit 2 ;;
  esac
}
extra_of() {
  case "$1" in
    content) echo "-I$source_dir/app/content/include -I$source_dir/app/content/src -I$source_dir/app/planner/include" \
      "-I$source_dir/engine/src -I$source_dir/engine/layout/include $layout_defines -lyaml-cpp -larchive -lmd4c -lexpat -ldl" ;;
    npy) echo "-I$source_dir/engine/src" ;;
    rlab_args) echo "-I$source_dir/app/cli" ;;
    progress|progress_merge) echo "-I$source_dir/app -I$source_dir/engine/layout/include $layout_defines $(pkg-config --cflags --libs Qt6Core) -fPIC" ;;
    pack_archive) echo "-I$source_dir/app/content/include -I$source_dir/app/planner/include -I$source_dir/engine/words/include -larchive" ;;
    presets) echo "$(extra_of content)" ;;
  esac
}

status=0
for target in "${targets[@]}"; do
  binary="$build/fuzz_$target"
  read -r -a sources <<<"$(sources_of "$target")"
  # Rebuilt only when a source or this script is newer than the binary.
  if [ ! -x "$binary" ] || [ -n "$(find "${sources[@]}" "$0" "$here"/*.h -newer "$binary" 2>/dev/null | head -1)" ]; then
    # shellcheck disable=SC2046
    "$cxx" "${flags[@]}" "${sources[@]}" $(extra_of "$target") -o "$binary"
  fi
  mkdir -p "$build/corpus/$target"
  limit=(-max_total_time="$seconds")
  [ -z "$runs" ] || limit=(-runs="$runs")
  # A small pack (the minimal seeds are 4-5 KiB) or the first 8 KiB of a real file: long inputs
  # made each execution 30 ms and a million of them a day's run.
  # libFuzzer's entropic schedule spent more time weighing the loader's ~11,000 features than
  # running it: without it, 2.6 times the executions per second.
  [ "$target" != content ] || limit+=(-max_len=8192 -entropic=0)
  log="$build/fuzz_$target.log"
  if "$binary" "$build/corpus/$target" "$here/corpus/$target" "${limit[@]}" -timeout=10 -rss_limit_mb=2048 \
    -print_final_stats=1 -artifact_prefix="$build/findings/$target-" >"$log" 2>&1; then
    echo "fuzz $target: $(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}') executions, no finding"
  else
    echo "fuzz $target: FINDING (see $log and $build/findings/)" >&2
    tail -40 "$log" >&2
    status=1
  fi
done
exit $status
