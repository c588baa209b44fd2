#!/usr/bin/env bash
# The prepared check for a machine with an NVIDIA GPU (issues 6 and 18), ordered so that the
# first minutes give the most answers, inside one 10-minute device command:
#
#   stage      limit  expected (H100/H200 class, 16 cores)  what
#   info         15 s    ~3 s    nvidia-smi, nvcc, cmake, torch versions
#   configure    60 s   ~10 s    CMake, app off, Eigen from the carried third_party/eigen3
#   build       240 s  ~100 s    rlab and the gpu tests, sm_90 only (CUB's sort is the slowest file)
#   kernels     240 s   ~50 s    gpu_probe 30 s, gpu_kernels 150 s, gpu_llama 120 s (llama's ops and
#                                fused attention), gpu_fault 60 s, gpu_memory 120 s
#                                (per-test limits; the stage stops at its own limit)
#   policies    200 s   ~60 s    gpu_policies: every policy on CUDA vs none and vs the CPU, for GPT-2
#                                and llama, plain and fused attention
#   bench       150 s   ~80 s    rlab run --device cuda --json, every policy, demo and large shape;
#                                llama and fused attention at the demo shape
#   torch       100 s   ~50 s    the same models in PyTorch on the GPU
#   summary      15 s    ~1 s    tests/gpu/gpu_summary.py: step times, MFU, CPU vs GPU
#   sanitize    rest     ~2 min  gpu_kernels, gpu_llama and gpu_memory under compute-sanitizer, if time is left
#
# The expected times are estimates made without a GPU (none has been lent yet); the limits hold
# whatever happens: the whole script stops by RLAB_GPU_DEADLINE seconds (default 570), giving a
# stage that would run past it only the time that is left, and marking stages with no time left
# "not run". Results are written as they come: each stage's log, and each test binary's output
# line by line ($OUT/test-NAME.log), so a timeout keeps every case that finished.
#
# Prepare on the build machine (the GPU machine has no Eigen, Qt, yaml-cpp or network):
#   mkdir -p third_party && cp -r /usr/include/eigen3 third_party/
# Run through the device tool from the repository root, with carry ["third_party"], timeout 600:
#   bash scripts/gpu-check.sh
# A rerun on the still-warm machine reuses build-gpu/ (RLAB_GPU_BUILD names another);
# RLAB_GPU_STAGES picks stages, e.g.  RLAB_GPU_STAGES="bench torch summary" bash scripts/gpu-check.sh
#
# Output ($OUT, or out/gpu-check here): stages.txt (each stage: ok/FAILED/not run, seconds),
# cases.txt (every test case's PASS/FAIL/SKIP line, as it comes), test-NAME.log, STAGE.log,
# rlab-<shape>-<policy>.json (+ .err), torch-<shape>.json, summary.txt and results.json.
set -u

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${OUT:-$root/out/gpu-check}
build=${RLAB_GPU_BUILD:-$root/build-gpu}
stages=${RLAB_GPU_STAGES:-"info configure build kernels policies bench torch summary sanitize"}
deadline=${RLAB_GPU_DEADLINE:-570}
mkdir -p "$out"
cd "$root" || exit 1
: > "$out/stages.txt"
: > "$out/cases.txt"
python=$(command -v python3 || command -v python || echo python3)
rlab=$build/bin/rlab
started=$(date +%s)

# stage NAME LIMIT_SECONDS FUNCTION: runs FUNCTION under min(LIMIT, time left), logging to $out/NAME.log.
stage() {
  local name=$1 limit=$2 fn=$3 start rc left
  case " $stages " in *" $name "*) ;; *) return 0 ;; esac
  left=$(( deadline - ($(date +%s) - started) ))
  if [ "$left" -lt 5 ]; then
    echo "$name: not run (no time left)" | tee -a "$out/stages.txt"
    return 0
  fi
  [ "$limit" -gt "$left" ] && limit=$left
  start=$(date +%s)
  echo "== $name (limit ${limit}s)"
  timeout --kill-after=5 "$limit" bash -c "$(declare -f "$fn" run_rlab run_test); $fn" > "$out/$name.log" 2>&1
  rc=$?
  local took=$(( $(date +%s) - start ))
  if [ $rc -eq 0 ]; then
    echo "$name: ok (${took}s)" | tee -a "$out/stages.txt"
  else
    [ $rc -eq 124 ] && rc="stopped at its ${limit}s limit"
    echo "$name: FAILED ($rc, ${took}s; see $name.log)" | tee -a "$out/stages.txt"
    tail -n 15 "$out/$name.log"
  fi
}
export root out build python rlab

stage_info() {
  date -u
  nvidia-smi || echo "nvidia-smi failed"
  nvcc --version || /usr/local/cuda/bin/nvcc --version
  command -v compute-sanitizer || ls /usr/local/cuda/bin/compute-sanitizer || echo "no compute-sanitizer"
  cmake --version | head -1
  g++ --version | head -1
  "$python" -c 'import torch; print("torch", torch.__version__, "cuda", torch.version.cuda, torch.cuda.is_available() and torch.cuda.get_device_name(0))'
  nproc
}

stage_configure() {
  [ -d "$root/third_party/eigen3/Eigen" ] || { echo "third_party/eigen3 is missing: prepare as the header says and carry third_party"; exit 1; }
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DRLAB_APP=OFF -DRLAB_CUDA=ON \
    -DCMAKE_CUDA_ARCHITECTURES=90 -DRLAB_EIGEN_DIR="$root/third_party/eigen3" -DRLAB_WERROR=OFF
}

stage_build() {
  cmake --build "$build" --target rlab gpu_probe gpu_kernels gpu_llama gpu_fault gpu_memory gpu_policies -- -j"$(nproc)"
}

# run_test NAME LIMIT [ENV=VALUE...]: one gpu test binary, its output line by line into
# $out/test-NAME.log, its PASS/FAIL/SKIP lines appended to $out/cases.txt as it ends.
run_test() {
  local name=$1 limit=$2 rc
  shift 2
  env "$@" timeout --kill-after=5 "$limit" "$build/bin/$name" > "$out/test-$name.log" 2>&1
  rc=$?
  grep -E '^(PASS|FAIL|SKIP) ' "$out/test-$name.log" | sed "s/^/$name: /" >> "$out/cases.txt"
  [ $rc -eq 124 ] && echo "$name: STOPPED at its ${limit}s limit (the cases above finished)" >> "$out/cases.txt"
  echo "$name: exit $rc"
  tail -n 1 "$out/test-$name.log"
  [ $rc -eq 0 ] || [ $rc -eq 77 ]
}

stage_kernels() {
  local failed=0
  "$rlab" devices
  run_test gpu_probe 30 || failed=1
  run_test gpu_kernels 150 || failed=1
  run_test gpu_llama 120 || failed=1
  run_test gpu_fault 60 || failed=1
  run_test gpu_memory 120 || failed=1
  return $failed
}

stage_policies() {
  run_test gpu_policies 200
}

# run_rlab NAME ARGS...: one `rlab run --json` into $out/rlab-NAME.json (stderr in .err).
run_rlab() {
  local name=$1; shift
  if timeout 60 "$rlab" run --json "$@" > "$out/rlab-$name.json" 2> "$out/rlab-$name.err"; then
    "$python" -c 'import json,sys; r=json.load(open(sys.argv[1])); print("%-28s %10.2f ms/step  act %8.1f MiB (predicted %8.1f)" % (sys.argv[2], r["step_ms"], r["peak_activation_bytes"]/2**20, r["predicted_peak_activation_bytes"]/2**20))' "$out/rlab-$name.json" "$name"
  else
    echo "$name: failed: $(head -c 300 "$out/rlab-$name.err")"
    rm -f "$out/rlab-$name.json"
    return 1
  fi
}

stage_bench() {
  local large="--layers 24 --width 1024 --heads 16 --seq 1024 --batch 8" failed=0
  run_rlab cpu-default-none --device cpu --policy none --steps 4 || failed=1
  for shape in default large; do
    local dims="" steps=6
    [ $shape = large ] && dims=$large && steps=3
    run_rlab $shape-none --device cuda --policy none --steps $steps $dims || failed=1
    for policy in full sqrt selective; do
      run_rlab $shape-$policy --device cuda --policy $policy --steps $steps $dims || failed=1
    done
    local half
    half=$("$python" -c 'import json,sys; print(json.load(open(sys.argv[1]))["predicted_peak_activation_bytes"]//2)' "$out/rlab-$shape-none.json" 2>/dev/null || echo 64MiB)
    run_rlab $shape-budget --device cuda --policy "budget:$half" --steps $steps $dims || failed=1
    run_rlab $shape-full+offload --device cuda --policy full --offload --steps $steps $dims || failed=1
  done
  # The 2026 block and fused attention at the demo shape (docs/llama.md, docs/fused-attention.md).
  for policy in none full selective; do
    run_rlab llama-$policy --device cuda --arch llama --kv-heads 2 --policy $policy --steps 6 || failed=1
  done
  run_rlab fused-gpt2-none --device cuda --attention fused --policy none --steps 6 || failed=1
  run_rlab fused-llama-none --device cuda --arch llama --kv-heads 2 --attention fused --policy none --steps 6 || failed=1
  return $failed
}

stage_torch() {
  "$python" "$root/tests/gpu/torch_gpu_bench.py" --steps 6 --out "$out/torch-default.json"
  "$python" "$root/tests/gpu/torch_gpu_bench.py" --layers 24 --width 1024 --heads 16 --seq 1024 --batch 8 \
    --steps 3 --out "$out/torch-large.json"
}

stage_summary() {
  "$python" "$root/tests/gpu/gpu_summary.py" "$out"
}

# The gpu-sanitize tests, as ctest runs them, in whatever time is left.
stage_sanitize() {
  ctest --test-dir "$build" -L '^gpu-sanitize$' --output-on-failure
}

stage info 15 stage_info
stage configure 60 stage_configure
stage build 240 stage_build
stage kernels 240 stage_kernels
stage policies 200 stage_policies
stage bench 150 stage_bench
stage torch 100 stage_torch
stage summary 15 stage_summary
stage sanitize 600 stage_sanitize
echo "== stages"
cat "$out/stages.txt"
echo "== cases: $(grep -c ' PASS ' "$out/cases.txt") passed, $(grep -c ' FAIL ' "$out/cases.txt") failed, $(grep -c ' SKIP ' "$out/cases.txt") skipped"
grep -E ' FAIL |STOPPED' "$out/cases.txt"
[ -f "$out/summary.txt" ] && cat "$out/summary.txt"
! grep -q FAILED "$out/stages.txt"
