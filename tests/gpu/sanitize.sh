#!/usr/bin/env bash
# sanitize.sh TOOL TEST-BINARY: runs a gpu test binary under compute-sanitizer --tool TOOL
# (memcheck, racecheck, ...); exit 77 (skipped) with the reason when the tool is missing or
# there is no usable GPU. The cases past the grid limit and past 2^31 elements are left out
# (minutes under the sanitizer, and plain kernels whose indexing the unsanitized run checks).
set -u
tool=$1 binary=$2
sanitizer=$(command -v compute-sanitizer || true)
for dir in "${CUDA_HOME:-}" /usr/local/cuda /opt/nvidia/cuda; do
  [ -z "$sanitizer" ] && [ -n "$dir" ] && [ -x "$dir/bin/compute-sanitizer" ] && sanitizer=$dir/bin/compute-sanitizer
done
if [ -z "$sanitizer" ]; then
  echo "SKIP  compute-sanitizer is not installed (looked on PATH, in \$CUDA_HOME/bin and /usr/local/cuda/bin)"
  exit 77
fi
if ! command -v nvidia-smi > /dev/null || ! nvidia-smi -L > /dev/null 2>&1; then
  echo "SKIP  no usable NVIDIA GPU (nvidia-smi -L failed)"
  exit 77
fi
mapfile -t cases < <("$binary" --list | grep -v -e '^pastTheGridLimit' -e '^pastTwoToThe31Elements')
status=0
for c in "${cases[@]}"; do
  "$sanitizer" --tool "$tool" --error-exitcode 90 --print-limit 20 "$binary" "$c"
  rc=$?
  [ $rc -ne 0 ] && [ $rc -ne 77 ] && status=1
done
exit $status
