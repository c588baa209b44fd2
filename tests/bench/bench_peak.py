#!/usr/bin/env python3
"""Benchmark (not a test): the engine's step against the machine's own FMA peak, PyTorch beside it.

1. Runs rlab_fma_peak (tests/bench/fma_peak.cpp, built next to rlab): the best single-precision
   FMA rate of one core and of all cores, 512-bit and 256-bit.
2. For each shape (the demo shape, then d=256 and d=512) and each configuration (AdamW with
   dropout 0.1; SGD without dropout), runs `rlab run --json` for every policy and the PyTorch 1.13
   reference model (through bench_vs_torch.py's runner) in the same run, alternating, and prints
   the step time, GFLOP/s, % of the peak, each policy's cost relative to none, and PyTorch's
   speedup.

Step FLOPs are the engine's own counts from --json: forward_flops + backward_flops +
recompute_flops. Each op counts 2*M*N*K per matmul (its backward counts twice its forward: the
input and the weight gradients) and a few FLOPs per element for the elementwise ops (LayerNorm 8,
GELU 10, softmax 5, dropout and adds 1; engine/src/plan.cpp slotSizes). The elementwise share is
printed: it is under 2% at the demo shape, so the GFLOP/s is matmul work. Recompute FLOPs are
real work too, so GFLOP/s of full/sqrt/selective is higher than their useful rate; their cost is
the step time relative to none.

The % of peak divides by the widest FMA's rate measured with the same thread count (one core's
for --threads 1). On a shared machine wall time
measures the neighbours too: the load average is printed with each table, and rlab and PyTorch
alternate so a busy phase hits both.

  /usr/bin/python3 tests/bench/bench_peak.py [--rlab build/bin/rlab] [--threads 2] [--rounds 3]
      [--shapes 128,256,512] [--configs adamw,sgd] [--policies none,full,sqrt,selective] [--no-torch]
      [--clock wall|cpu]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import bench_vs_torch  # noqa: E402  (the PyTorch runner and rlab's --json runner, shared)

# Optimizer and dropout per configuration: PyTorch's per-op overhead weighs most in the first.
CONFIGS = {"adamw": ("adamw", 0.1), "sgd": ("sgd", 0.0)}
GOALS = {"none_peak": 0.70, "full": 1.2, "selective": 1.05}


def load():
    return "load %.1f %.1f %.1f on %d cores" % (*os.getloadavg(), os.cpu_count() or 1)


def matmul_flops(args):
    """The matmul part of forward + backward (backward = twice forward), as the engine counts it."""
    n, d, h, t, b, v = args.layers, args.width, args.heads, args.seq, args.batch, args.vocab
    bt, bhtt = b * t, b * h * t * t
    # per block: qkv 3d, proj d, fc1 4d, fc2 4d outputs of d inputs; scores and values 2*BHTT*dh each
    forward = n * (2 * bt * d * 12 * d + 2 * 2 * bhtt * (d // h)) + 2 * bt * d * v
    return 3 * forward


def measure_shape(rlab, args, width, config, peak):
    optimizer, dropout = CONFIGS[config]
    run = argparse.Namespace(**vars(args))
    run.width, run.optimizer, run.dropout = width, optimizer, dropout
    if width >= 512:
        run.steps = min(run.steps, args.large_steps)
    policies = args.policies.split(",")
    samples = {policy: ([], []) for policy in policies}
    results = {}
    for _ in range(args.rounds):
        for policy in policies:
            rlab_ms, result = bench_vs_torch.run_rlab(rlab, policy, run)
            samples[policy][0].append(rlab_ms)
            results[policy] = result
            if not args.no_torch:
                torch_ms, _ = bench_vs_torch.run_torch(policy, run)
                samples[policy][1].append(torch_ms)
    print()
    print("N=%d d=%d H=%d T=%d B=%d V=%d, %s, dropout %g, %d threads, %d rounds x %d steps (%s); %s"
          % (run.layers, width, run.heads, run.seq, run.batch, run.vocab, optimizer, dropout, run.threads,
             args.rounds, run.steps, "mean CPU time per step" if run.clock == "cpu" else run.statistic + " wall per step",
             load()))
    counted = bench_vs_torch.step_flops(results[policies[0]]) - results[policies[0]]["recompute_flops"]
    matmul = matmul_flops(run)
    print("step FLOPs counted (forward + backward): %.3f G, of which %.1f%% elementwise"
          % (counted / 1e9, 100 * (1 - matmul / counted)))
    print("%-10s %9s %9s %8s %9s %9s %9s" % ("policy", "rlab ms", "GFLOP/s", "% peak", "cost/none", "torch ms",
                                            "speedup"))
    rows = {}
    for policy in policies:
        rlab_ms = statistics.median(samples[policy][0])
        flops = bench_vs_torch.step_flops(results[policy])
        rate = flops / rlab_ms / 1e6
        torch_ms = statistics.median(samples[policy][1]) if samples[policy][1] else float("nan")
        rows[policy] = dict(ms=rlab_ms, rate=rate, share=rate / peak, torch_ms=torch_ms)
    for policy, row in rows.items():
        cost = row["ms"] / rows["none"]["ms"] if "none" in rows else float("nan")
        print("%-10s %9.2f %9.1f %7.1f%% %8.2fx %9.2f %7.2fx"
              % (policy, row["ms"], row["rate"], 100 * row["share"], cost, row["torch_ms"],
                 row["torch_ms"] / row["ms"]))
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rlab", help="the rlab binary (default: the newest build*/bin/rlab)")
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--large-steps", type=int, default=4, help="measured steps at d >= 512 (default 4)")
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--shapes", default="128,256,512", help="widths d to measure (default 128,256,512)")
    parser.add_argument("--configs", default="adamw,sgd", help="adamw (dropout 0.1) and/or sgd (no dropout)")
    parser.add_argument("--policies", default="none,full,sqrt,selective")
    parser.add_argument("--statistic", choices=("median", "min"), default="median")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="cpu: CPU time per step (needs --threads 1), against one core's peak: on a busy "
                             "machine the steadier measure (bench_vs_torch.py --clock)")
    parser.add_argument("--no-torch", action="store_true", help="leave PyTorch out (faster)")
    parser.add_argument("--torch-omp-wait", choices=("passive", "active", "default"), default="passive")
    parser.add_argument("--seed", type=int, default=1)
    for flag, default in (("layers", 12), ("heads", 4), ("seq", 64), ("batch", 8), ("vocab", 256)):
        parser.add_argument("--" + flag, type=int, default=default)
    args = parser.parse_args()
    # The GPT-2 block (matmul_flops counts its products); bench_vs_torch.py --arch llama measures llama's.
    args.arch, args.kv_heads, args.ffn = "gpt2", 0, 0
    if args.clock == "cpu" and args.threads != 1:
        parser.error("--clock cpu needs --threads 1: with more threads CPU time counts spin-waiting too")
    sys.stdout.reconfigure(line_buffering=True)
    for config in args.configs.split(","):
        if config not in CONFIGS:
            parser.error("--configs: %s is not one of %s" % (config, ", ".join(CONFIGS)))
    rlab = bench_vs_torch.find_rlab(args.rlab)
    if not args.no_torch:
        bench_vs_torch.load_torch(args.threads, args.torch_omp_wait)

    peaks = bench_vs_torch.fma_peak(rlab, args.threads)
    cores = peaks["threads"]
    print("machine: %s; %s" % (cpu_name(), load()))
    for name, rate in peaks["widths"].items():
        print("FMA peak %-7s %7.1f GFLOP/s on one core, %7.1f on %d" % (name, rate["per_core"], rate["all_cores"],
                                                                       cores))
    widest = next(iter(peaks["widths"].values()))
    peak = widest["all_cores"]
    print("yardstick: %.1f GFLOP/s (%s, %d threads)" % (peak, next(iter(peaks["widths"])), args.threads))

    all_ok = True
    for width in (int(w) for w in args.shapes.split(",")):
        for config in args.configs.split(","):
            rows = measure_shape(rlab, args, width, config, peak)
            if width == 128 and "none" in rows:
                share = rows["none"]["share"]
                ok = share >= GOALS["none_peak"]
                all_ok &= ok
                print("%-6s none at %.0f%% of the FMA peak (goal >= %.0f%%)"
                      % (bench_vs_torch.mark(ok), 100 * share, 100 * GOALS["none_peak"]))
                for policy in ("full", "selective"):
                    if policy in rows:
                        cost = rows[policy]["ms"] / rows["none"]["ms"]
                        ok = cost <= GOALS[policy]
                        all_ok &= ok
                        print("%-6s %s costs %.2fx none (goal <= %.2fx)"
                              % (bench_vs_torch.mark(ok), policy, cost, GOALS[policy]))
    print("\n%s" % ("all goals met" if all_ok else "some goals missed"))
    return 0 if all_ok else 1


def cpu_name():
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


if __name__ == "__main__":
    sys.exit(main())
