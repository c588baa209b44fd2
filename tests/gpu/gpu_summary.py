#!/usr/bin/env python3
"""Summary of a scripts/gpu-check.sh run: rlab (CUDA) and PyTorch per policy and shape, model
FLOPs utilization against the GPU's FP32 peak, and the CPU-versus-GPU line.

Model FLOPs per step = 3 x forward matmul FLOPs (backward = 2 x forward), recompute excluded,
attention counted as full T x T products (both engines compute them so):
  forward = L * (2*B*T*12*d^2 + 4*B*T^2*d) + 2*B*T*d*V

  python3 tests/gpu/gpu_summary.py OUTDIR   (writes OUTDIR/summary.txt and OUTDIR/results.json)
"""
import glob
import json
import os
import sys

# FP32 (non-tensor-core) peak; both engines run plain FP32 products (TF32 off).
PEAK_FP32_TFLOPS = {"H200": 67.0, "H100": 67.0, "A100": 19.5, "L40S": 91.6, "RTX 4090": 82.6}


def model_flops(s):
    B, T, d, L, V = s["batch"], s["seq"], s["width"], s["layers"], s["vocab"]
    forward = L * (2 * B * T * 12 * d * d + 4 * B * T * T * d) + 2 * B * T * d * V
    return 3.0 * forward


def peak_tflops(device_name):
    override = os.environ.get("RLAB_PEAK_TFLOPS")
    if override:
        return float(override), "RLAB_PEAK_TFLOPS"
    for key, value in PEAK_FP32_TFLOPS.items():
        if key in device_name:
            return value, key + " FP32 spec"
    return PEAK_FP32_TFLOPS["H200"], "assumed H200 FP32 spec (device %r unknown)" % device_name


def load(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def main():
    out = sys.argv[1]
    rows, lines = [], []
    device_name = ""
    for path in sorted(glob.glob(os.path.join(out, "torch-*.json"))):
        report = load(path)
        if report:
            device_name = device_name or report.get("device", "")
    for path in sorted(glob.glob(os.path.join(out, "rlab-*.json"))):
        r = load(path)
        if r and r.get("device") == "cuda" and r.get("device_name"):
            device_name = device_name or r["device_name"]
    peak, peak_source = peak_tflops(device_name)
    lines.append("GPU: %s; MFU against %.1f TFLOP/s (%s)" % (device_name or "unknown", peak, peak_source))

    # default and large: GPT-2's block; llama and fused: the 2026 block and fused attention at the
    # demo shape (no MFU: model_flops counts GPT-2's block).
    for shape_name in ("default", "large", "llama", "fused"):
        lines.append("")
        lines.append("shape %s" % shape_name)
        lines.append("%-12s %-8s %11s %8s %14s %14s %s" % ("policy", "engine", "ms/step", "MFU", "act peak MiB",
                                                       "predicted MiB", "note"))
        for err in sorted(glob.glob(os.path.join(out, "rlab-%s-*.err" % shape_name))):
            path = err[:-len(".err")] + ".json"
            r = load(path)
            policy = os.path.basename(path)[len("rlab-%s-" % shape_name):-len(".json")]
            if not r:
                with open(err) as f:
                    why = (f.read().strip().splitlines() or ["no output"])[0][:160]
                lines.append("%-12s %-8s failed: %s" % (policy, "rlab", why))
                continue
            shape = {k: r[k] for k in ("layers", "width", "heads", "seq", "batch", "vocab")}
            gpt2 = shape_name in ("default", "large")
            mfu = model_flops(shape) / (r["step_ms"] / 1000.0) / (peak * 1e12) if gpt2 else float("nan")
            note = "exact" if r["peak_activation_bytes"] == r["predicted_peak_activation_bytes"] else "MISMATCH"
            if r.get("offload_bytes"):
                note += ", offload %.1f MiB in %.2f ms" % (r["offload_bytes"] / 2**20, r.get("offload_ms", 0))
            lines.append("%-12s %-8s %11.2f %7.1f%% %14.1f %14.1f %s" % (
                r["policy"], "rlab/" + r["device"], r["step_ms"], 100 * mfu, r["peak_activation_bytes"] / 2**20,
                r["predicted_peak_activation_bytes"] / 2**20, note))
            rows.append({"engine": "rlab", "shape": shape_name, "policy": r["policy"], "device": r["device"],
                         "step_ms": r["step_ms"], "mfu": mfu, "peak_bytes": r["peak_bytes"],
                         "peak_activation_bytes": r["peak_activation_bytes"],
                         "predicted_peak_activation_bytes": r["predicted_peak_activation_bytes"],
                         "reserved_bytes": r.get("reserved_bytes"), "offload_bytes": r.get("offload_bytes"),
                         "offload_ms": r.get("offload_ms"), "loss": r.get("loss")})
        report = load(os.path.join(out, "torch-%s.json" % shape_name))
        if report:
            flops = model_flops(report["shape"])
            for t in report["results"]:
                mfu = flops / (t["step_ms"] / 1000.0) / (peak * 1e12)
                lines.append("%-12s %-8s %11.2f %7.1f%% %14.1f %14s %s" % (
                    t["policy"], "torch", t["step_ms"], 100 * mfu, t.get("step_peak_above_start_bytes", 0) / 2**20,
                    "-", "peak above step start"))
                rows.append({"engine": "torch", "shape": shape_name, "policy": t["policy"], "step_ms": t["step_ms"],
                             "mfu": mfu, "peak_bytes": t.get("peak_bytes"),
                             "step_peak_above_start_bytes": t.get("step_peak_above_start_bytes"),
                             "loss": t.get("loss"), "torch": report["torch"]})
            for policy, error in report.get("errors", {}).items():
                lines.append("%-12s %-8s failed: %s" % (policy, "torch", error))

    cpu = load(os.path.join(out, "rlab-cpu-default-none.json"))
    gpu = load(os.path.join(out, "rlab-default-none.json"))
    lines.append("")
    if cpu and gpu:
        lines.append("CPU vs GPU, default shape, none: %s %.2f ms/step, %s %.2f ms/step: GPU %.1fx faster" % (
            cpu.get("device_name", "cpu"), cpu["step_ms"], gpu.get("device_name", "cuda"), gpu["step_ms"],
            cpu["step_ms"] / gpu["step_ms"]))
    else:
        lines.append("CPU vs GPU: missing rlab-cpu-default-none.json or rlab-default-none.json")
    text = "\n".join(lines) + "\n"
    with open(os.path.join(out, "summary.txt"), "w") as f:
        f.write(text)
    with open(os.path.join(out, "results.json"), "w") as f:
        json.dump({"device": device_name, "peak_tflops": peak, "peak_source": peak_source, "rows": rows}, f, indent=1)
    sys.stdout.write(text)


if __name__ == "__main__":
    main()
