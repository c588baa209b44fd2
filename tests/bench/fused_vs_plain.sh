#!/bin/sh
# Fused attention (--attention fused) beside plain attention in one run: the median step time of
# each at T = 128 and 512, one thread, and the ratio fused/plain; the activation peaks beside them.
# A benchmark, not a test: figures in docs/performance.md. Usage: tests/bench/fused_vs_plain.sh [rlab]
rlab=${1:-build/bin/rlab}
printf '%-6s %-5s %-6s %10s %10s %14s %14s %6s\n' arch T B plain_ms fused_ms plain_peak fused_peak ratio
for arch in gpt2 llama; do
    for seq in 128 512; do
        batch=$((1024 / seq))
        row=""
        for attention in plain fused; do
            json=$("$rlab" run --threads 1 --arch "$arch" --policy none --layers 2 --width 128 --heads 4 \
                --seq "$seq" --batch "$batch" --steps 8 --attention "$attention" --json) || exit 1
            row="$row $(printf '%s' "$json" | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["step_ms"], d["peak_activation_bytes"])')"
        done
        set -- $row
        printf '%-6s %-5s %-6s %10.2f %10.2f %14s %14s %6.2f\n' "$arch" "$seq" "$batch" "$1" "$3" "$2" "$4" \
            "$(python3 -c "print($3 / $1)")"
    done
done
