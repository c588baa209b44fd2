#!/usr/bin/env bash
# The prepared check for a machine with an NVIDIA GPU (issue 6): builds the engine, the CUDA
# backend and `rlab` without Qt, runs the `gpu` tests, then benchmarks every policy with
# `rlab run --device cuda --json` and with PyTorch on the same GPU, at the default demo shape
# and at N=24 d=1024 H=16 T=1024 B=8, and writes the figures under $OUT.
#
# Prepare on the build machine (the GPU machine has no Eigen, Qt, yaml-cpp or network):
#   mkdir -p third_party && cp -r /usr/include/eigen3 third_party/
# Run through the device tool from the repository root, with carry ["third_party"]:
#   bash scripts/gpu-check.sh            (timeout_s 600; the stage budgets below add up to 580 s)
# A rerun on the still-warm machine reuses build-gpu/ (RLAB_GPU_BUILD names another);
# RLAB_GPU_STAGES picks stages, e.g.
#   RLAB_GPU_STAGES="bench torch summary" bash scripts/gpu-check.sh
#
# Output ($OUT, or out/gpu-check here): stages.txt (each stage: ok/FAILED, seconds), info.txt,
# build.log, ctest.log, rlab-<shape>-<policy>.json (+ .err), rlab-cpu-default-none.json,
# torch-<shape>.json, summary.txt and results.json (tests/gpu/gpu_summary.py: step times, MFU
# against the FP32 peak, CPU versus GPU).
set -u

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
out=${OUT:-$root/out/gpu-check}
build=${RLAB_GPU_BUILD:-$root/build-gpu}
stages=${RLAB_GPU_STAGES:-"info configure build test bench torch summary"}
mkdir -p "$out"
cd "$root" || exit 1
: > "$out/stages.txt"
python=$(command -v python3 || command -v python || echo python3)
rlab=$build/bin/rlab

# stage NAME BUDGET_SECONDS FUNCTION: runs FUNCTION under a time budget, logs to $out/NAME.log.
stage() {
  local name=$1 budget=$2 fn=$3 start rc
  case " $stages " in *" $name "*) ;; *) return 0 ;; esac
  start=$(date +%s)
  echo "== $name (budget ${budget}s)"
  timeout --kill-after=5 "$budget" bash -c "$(declare -f "$fn" run_rlab); $fn" > "$out/$name.log" 2>&1
  rc=$?
  local took=$(( $(date +%s) - start ))
  if [ $rc -eq 0 ]; then
    echo "$name: ok (${took}s)" | tee -a "$out/stages.txt"
  else
    [ $rc -eq 124 ] && rc="timeout after ${budget}s"
    echo "$name: FAILED ($rc, ${took}s; see $name.log)" | tee -a "$out/stages.txt"
    tail -n 15 "$out/$name.log"
  fi
}
export root out build python rlab

stage_info() {
  date -u
  nvidia-smi || echo "nvidia-smi failed"
  nvcc --version || /usr/local/cuda/bin/nvcc --version
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
  cmake --build "$build" --target rlab gpu_probe gpu_kernels gpu_policies -- -j"$(nproc)"
  echo "warnings: $(grep -c 'warning' "$out/build.log" 2>/dev/null || echo 0)"
}

stage_test() {
  "$rlab" devices
  ctest --test-dir "$build" -L gpu --output-on-failure --timeout 90
}

# run_rlab NAME ARGS...: one `rlab run --json` into $out/rlab-NAME.json (stderr in .err).
run_rlab() {
  local name=$1; shift
  if timeout 90 "$rlab" run --json "$@" > "$out/rlab-$name.json" 2> "$out/rlab-$name.err"; then
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

stage info 30 stage_info
stage configure 45 stage_configure
stage build 200 stage_build
stage test 100 stage_test
stage bench 110 stage_bench
stage torch 110 stage_torch
stage summary 15 stage_summary
echo "== stages"
cat "$out/stages.txt"
[ -f "$out/summary.txt" ] && cat "$out/summary.txt"
! grep -q FAILED "$out/stages.txt"
