#!/usr/bin/env bash
# sanitize.sh TOOL TEST-BINARY: runs a gpu test binary under compute-sanitizer --tool TOOL
# (memcheck, racecheck, ...); exit 77 (skipped) with the reason when the tool is missing or
# there is no usable GPU. One sanitizer process for the whole binary (its start costs seconds);
# the test's own lines still report each case.
set -u
tool=$1 binary=$2
sanitizer=$(command -v compute-sanitizer || true)
for candidate in "${CUDA_HOME:-/usr/local/cuda}/bin/compute-sanitizer" /usr/local/cuda/bin/compute-sanitizer \
  /usr/local/cuda/compute-sanitizer/compute-sanitizer; do
  [ -z "$sanitizer" ] && [ -x "$candidate" ] && sanitizer=$candidate
done
if [ -z "$sanitizer" ]; then
  echo "SKIP  compute-sanitizer is not installed (looked on PATH and in /usr/local/cuda)"
  exit 77
fi
if ! command -v nvidia-smi > /dev/null || ! nvidia-smi -L > /dev/null 2>&1; then
  echo "SKIP  no usable NVIDIA GPU (nvidia-smi -L failed)"
  exit 77
fi
exec "$sanitizer" --tool "$tool" --error-exitcode 90 --print-limit 20 "$binary"
