#!/bin/sh
# Fused attention (--attention fused) beside plain attention in one run: the step time of each at
# T = 128 and 512, one thread, and the ratio fused/plain; the activation peaks beside them.
# Each side times steps for RLAB_BENCH_SECONDS (2) seconds. Both the median step and the fastest are
# printed: on a guest whose speed wanders by a fifth between seconds, noise only adds time, so the
# fastest of many steps wanders least. A benchmark, not a test: figures in docs/performance.md.
# Usage: tests/bench/fused_vs_plain.sh [rlab]
rlab=${1:-build/bin/rlab}
printf '%-6s %-5s %-3s %9s %9s %6s %9s %9s %6s %12s %12s\n' arch T B plain_med fused_med ratio \
    plain_min fused_min ratio plain_peak fused_peak
for arch in gpt2 llama; do
    for seq in 128 512; do
        batch=$((1024 / seq))
        row=""
        for attention in plain fused; do
            json=$("$rlab" run --threads 1 --arch "$arch" --policy none --layers 2 --width 128 --heads 4 \
                --seq "$seq" --batch "$batch" --min-time "${RLAB_BENCH_SECONDS:-2}" --attention "$attention" \
                --json) || exit 1
            row="$row $(printf '%s' "$json" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["step_ms"], d["step_ms_min"], d["peak_activation_bytes"])')"
        done
        set -- $row
        printf '%-6s %-5s %-3s %9.2f %9.2f %6.2f %9.2f %9.2f %6.2f %12s %12s\n' "$arch" "$seq" "$batch" \
            "$1" "$4" "$(python3 -c "print($4 / $1)")" "$2" "$5" "$(python3 -c "print($5 / $2)")" "$3" "$6"
    done
done
