#!/usr/bin/env python3
"""Benchmark (not a test): rlab against PyTorch 1.13 CPU, same model, shape, policy and threads.

For each policy, runs `rlab run --json` and then the PyTorch reference model
(tests/reference/reference_model.py) in this process, both training with AdamW and dropout 0.1
(or --optimizer sgd, --dropout 0) on the demo shape, and prints the median step time (warm-up excluded) side by side with:
  - torch/rlab speedup per policy (goal: >= 3x), and what share of the machine's FMA peak
    (rlab_fma_peak, measured in the same run) a step would need to meet it: a step of F FLOPs
    takes at least F / peak, so where the share passes 100% no engine can meet it on that machine,
  - each policy's cost relative to `none` (goal, GPT-2 only: full <= 1.4x, selective <= 1.15x),
  - selective's measured activation bytes relative to none's (goal, GPT-2 only: <= 60%).

PyTorch's policies: full = torch.utils.checkpoint per block; sqrt = checkpoint_sequential with
ceil(N/ceil(sqrt N)) segments (1.13 runs the last segment without checkpointing); selective =
only the attention core checkpointed (Megatron-style; 1.13 has no selective-checkpoint API, so
LayerNorm and GELU outputs stay saved there). PyTorch's activation bytes are the unique storages
autograd saved during one forward (parameters excluded), via saved_tensors_hooks.

On a busy machine wall time measures the neighbours as much as the code. `--clock cpu` (one
thread only) measures CPU seconds instead: PyTorch's per step with time.process_time(), rlab's
as the difference in child CPU time between a run of warm-up+1 steps and one of warm-up+steps
steps, divided by steps-1 (setup cancels out), so both sides count only their own work.

  /usr/bin/python3 tests/bench/bench_vs_torch.py [--rlab build/bin/rlab] [--threads 2] [--steps 12]
                                                 [--rounds 3] [--statistic median|min] [--clock wall|cpu]
                                                 [--arch gpt2|llama [--kv-heads G] [--ffn F]]
"""
import argparse
import glob
import json
import os
import resource
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "reference"))

torch = None  # imported in main(), after OPENBLAS_NUM_THREADS is set
reference_model = None

GOALS = {"speedup": 3.0, "full": 1.4, "selective": 1.15, "selective_bytes": 0.60}


def find_rlab(explicit):
    if explicit:
        return explicit
    root = os.path.abspath(os.path.join(HERE, "..", ".."))
    candidates = sorted(glob.glob(os.path.join(root, "build*", "bin", "rlab")), key=os.path.getmtime, reverse=True)
    if not candidates:
        sys.exit("bench: no rlab found under build*/bin; pass --rlab PATH")
    return candidates[0]


def run_rlab(rlab, policy, args):
    """(step ms, the run's --json object)."""
    if args.clock == "cpu":
        short_ms, short = rlab_cpu_ms(rlab, policy, args, args.warmup + 1)
        long_ms, result = rlab_cpu_ms(rlab, policy, args, args.warmup + args.steps)
        return (long_ms - short_ms) / (args.steps - 1), result
    result = rlab_json(rlab, policy, args, args.warmup + args.steps)
    return pick(result["step_ms_all"][args.warmup:], args.statistic), result


def rlab_cpu_ms(rlab, policy, args, steps):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    result = rlab_json(rlab, policy, args, steps)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return 1e3 * ((after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)), result


def rlab_json(rlab, policy, args, steps):
    command = [rlab, "run", "--policy", policy, "--json", "--threads", str(args.threads), "--steps",
               str(steps), "--warmup", str(args.warmup), "--dropout", str(args.dropout), "--optimizer", args.optimizer,
               "--layers", str(args.layers), "--width", str(args.width), "--heads", str(args.heads), "--seq",
               str(args.seq), "--batch", str(args.batch), "--vocab", str(args.vocab)]
    if args.arch == "llama":
        command += ["--arch", "llama", "--kv-heads", str(args.kv_heads or args.heads), "--ffn",
                    str(args.ffn or reference_model.default_ffn(args.width))]
    # OMP_WAIT_POLICY is PyTorch's setting alone (rlab's threads are its own, not OpenMP's).
    env = {name: value for name, value in os.environ.items() if name != "OMP_WAIT_POLICY"}
    done = subprocess.run(command, capture_output=True, text=True, env=env)
    if done.returncode != 0:
        sys.exit("bench: %s failed: %s" % (" ".join(command), done.stderr.strip()))
    return json.loads(done.stdout)


def fma_peak(rlab, threads):
    """rlab_fma_peak's --json (tests/bench/fma_peak.cpp, built next to rlab): the machine's FMA rate."""
    program = os.path.join(os.path.dirname(rlab), "rlab_fma_peak")
    if not os.path.exists(program):
        sys.exit("bench: %s not found; build it: cmake --build build --target rlab_fma_peak" % program)
    done = subprocess.run([program, "--json", "--threads", str(threads)], capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit("bench: rlab_fma_peak failed: %s" % done.stderr.strip())
    return json.loads(done.stdout)


def step_flops(result):
    """The step's work as the engine counts it (2*M*N*K a matmul, its backward twice its forward)."""
    return result["forward_flops"] + result["backward_flops"] + result["recompute_flops"]


def torch_saved_bytes(model, tokens, targets):
    parameters = {p.data_ptr() for p in model.parameters()}
    storages = {}

    def pack(tensor):
        if tensor.data_ptr() not in parameters:
            storage = tensor.storage()
            storages[storage.data_ptr()] = storage.nbytes()
        return tensor

    with torch.autograd.graph.saved_tensors_hooks(pack, lambda tensor: tensor):
        loss = model(tokens, targets)
    loss.backward()
    model.zero_grad(set_to_none=True)
    return sum(storages.values())


def run_torch(policy, args):
    torch.manual_seed(args.seed)
    if args.arch == "llama":
        model = reference_model.Llama(args.layers, args.width, args.heads, args.vocab, args.kv_heads, args.ffn,
                                      args.dropout)
    else:
        model = reference_model.Gpt(args.layers, args.width, args.heads, args.seq, args.vocab, args.dropout)
    model.set_recompute(policy)
    model.train()
    optimizer = make_optimizer(model, args.optimizer)
    tokens = torch.randint(0, args.vocab, (args.batch, args.seq))
    targets = torch.randint(0, args.vocab, (args.batch, args.seq))
    saved = torch_saved_bytes(model, tokens, targets)
    clock = time.process_time if args.clock == "cpu" else time.perf_counter
    times = []
    for _ in range(args.warmup + args.steps):
        start = clock()
        optimizer.zero_grad(set_to_none=True)
        loss = model(tokens, targets)
        loss.backward()
        optimizer.step()
        times.append((clock() - start) * 1e3)
    measured = times[args.warmup:]
    return (statistics.mean(measured) if args.clock == "cpu" else pick(measured, args.statistic)), saved


def make_optimizer(model, name):
    """rlab's optimizers (engine/src/trainer.cpp): lr 1e-3, no weight decay; AdamW betas (0.9, 0.95),
    eps 1e-8; SGD momentum 0.9."""
    if name == "sgd":
        return torch.optim.SGD(model.parameters(), lr=1e-3, momentum=0.9)
    return torch.optim.AdamW(model.parameters(), lr=1e-3, betas=(0.9, 0.95), eps=1e-8, weight_decay=0.0)


def load_torch(threads, omp_wait):
    """Imports PyTorch and the reference model with the thread settings both benchmarks use."""
    # Debian's PyTorch calls OpenBLAS, which starts its own threads unless told: the same count as rlab's.
    os.environ["OPENBLAS_NUM_THREADS"] = str(threads)
    # PyTorch's OpenMP threads spin after each parallel op while OpenBLAS's own threads run the next
    # matmul; on 2 cores that triples its step time, so PyTorch gets its better setting, passive waits.
    if omp_wait != "default":
        os.environ["OMP_WAIT_POLICY"] = omp_wait.upper()
    global torch, reference_model
    import torch
    import reference_model
    torch.set_num_threads(threads)
    return torch


def pick(times, statistic):
    """median: the issue's measure; min: the least disturbed step, steadier on a busy machine."""
    return statistics.median(times) if statistic == "median" else min(times)


def blas_name():
    """The BLAS library PyTorch actually loaded (Debian's build picks it through alternatives)."""
    torch.ones(64, 64) @ torch.ones(64, 64)
    try:
        with open("/proc/self/maps") as maps:
            libraries = {line.split()[-1] for line in maps if "blas" in line.lower()}
    except OSError:
        return "unknown"
    return ", ".join(sorted(os.path.realpath(path) for path in libraries)) or "unknown"


def mark(ok):
    return "ok" if ok else "MISSED"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rlab", help="the rlab binary (default: the newest build*/bin/rlab)")
    parser.add_argument("--threads", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--steps", type=int, default=12)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--policies", default="none,full,sqrt,selective")
    parser.add_argument("--dropout", type=float, default=0.1)
    parser.add_argument("--optimizer", choices=("adamw", "sgd"), default="adamw")
    parser.add_argument("--statistic", choices=("median", "min"), default="median",
                        help="wall step time per side over the measured steps (default median)")
    parser.add_argument("--torch-omp-wait", choices=("passive", "active", "default"), default="passive",
                        help="OMP_WAIT_POLICY for PyTorch only (default passive, its faster setting here)")
    parser.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                        help="cpu: mean CPU time per step, for busy machines (needs --threads 1)")
    parser.add_argument("--rounds", type=int, default=3,
                        help="measure every policy this many times, rlab and PyTorch alternating, and take each "
                             "side's median over the rounds: a passing slow phase of a shared machine then hits "
                             "both sides alike (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--arch", choices=("gpt2", "llama"), default="gpt2",
                        help="the reference model: GPT-2's block or llama's (RMSNorm, rotary, GQA, SwiGLU)")
    parser.add_argument("--kv-heads", type=int, default=0, help="llama's key/value heads (default: --heads)")
    parser.add_argument("--ffn", type=int, default=0, help="llama's SwiGLU width (default: 8d/3 up to a multiple of 64)")
    for flag, default in (("layers", 12), ("width", 128), ("heads", 4), ("seq", 64), ("batch", 8), ("vocab", 256)):
        parser.add_argument("--" + flag, type=int, default=default)
    args = parser.parse_args()
    if args.clock == "cpu" and args.threads != 1:
        parser.error("--clock cpu needs --threads 1: with more threads CPU time counts spin-waiting too")
    if args.steps < 2:
        parser.error("--steps must be at least 2")
    if args.rounds < 1:
        parser.error("--rounds must be at least 1")
    rlab = find_rlab(args.rlab)
    load_torch(args.threads, args.torch_omp_wait)
    policies = args.policies.split(",")

    arch = "gpt2" if args.arch == "gpt2" else "llama G=%d F=%d" % (
        args.kv_heads or args.heads, args.ffn or reference_model.default_ffn(args.width))
    print("%s, shape N=%d d=%d H=%d T=%d B=%d V=%d, %s, dropout %g, %d measured steps after %d warm-up, %d threads, %s"
          % (arch, args.layers, args.width, args.heads, args.seq, args.batch, args.vocab, args.optimizer, args.dropout,
             args.steps,
             args.warmup, args.threads,
             "mean CPU time per step" if args.clock == "cpu" else args.statistic + " wall time per step"))
    print("rlab %s; PyTorch %s, %d threads, OMP_WAIT_POLICY %s, BLAS: %s"
          % (rlab, torch.__version__, torch.get_num_threads(), os.environ.get("OMP_WAIT_POLICY", "unset"),
             blas_name()))
    load = os.getloadavg()[0]
    if load > (os.cpu_count() or 1):
        print("warning: load average %.1f on %d cores; other work skews both sides' times" % (load, os.cpu_count()))
    rows = {}
    samples = {policy: ([], []) for policy in policies}
    for _ in range(args.rounds):
        for policy in policies:
            rlab_ms, result = run_rlab(rlab, policy, args)
            rlab_bytes, rlab_recompute = result["peak_activation_bytes"], result["recompute_flops"]
            flops = step_flops(result)
            torch_ms, torch_bytes = run_torch(policy, args)
            samples[policy][0].append(rlab_ms)
            samples[policy][1].append(torch_ms)
            rows[policy] = dict(rlab_ms=statistics.median(samples[policy][0]), rlab_bytes=rlab_bytes,
                                torch_ms=statistics.median(samples[policy][1]), torch_bytes=torch_bytes,
                                recompute=rlab_recompute, flops=flops)
    if args.rounds > 1:
        print("per round (rlab / torch ms): " + "; ".join(
            "%s %s" % (policy, " ".join("%.1f/%.1f" % pair for pair in zip(*samples[policy])))
            for policy in policies))

    base = rows.get("none")
    print()
    print("%-10s %10s %10s %8s | %9s %9s | %12s %12s" % ("policy", "rlab ms", "torch ms", "speedup", "rlab/none",
                                                      "torch/none", "rlab act MiB", "torch saved"))
    for policy, row in rows.items():
        rlab_cost = row["rlab_ms"] / base["rlab_ms"] if base else float("nan")
        torch_cost = row["torch_ms"] / base["torch_ms"] if base else float("nan")
        print("%-10s %10.2f %10.2f %7.2fx | %8.2fx %8.2fx | %12.2f %12.2f"
              % (policy, row["rlab_ms"], row["torch_ms"], row["torch_ms"] / row["rlab_ms"], rlab_cost, torch_cost,
                 row["rlab_bytes"] / 2**20, row["torch_bytes"] / 2**20))

    # The speed-up goal against what this machine can do at all: a step of F FLOPs takes at least
    # F / peak, so PyTorch's time over that is the most any engine could reach here.
    peak = next(iter(fma_peak(rlab, args.threads)["widths"].items()))
    peak_flops = peak[1]["all_cores"] * 1e9
    print()
    print("FMA peak %.1f GFLOP/s (%s, %d threads, rlab_fma_peak, measured now)" % (peak[1]["all_cores"], peak[0],
                                                                                   args.threads))
    print("%-10s %10s %10s %11s %14s %16s" % ("policy", "step GFLOP", "rlab GF/s", "rlab % peak", "floor ms @peak",
                                              "goal needs % peak"))
    for policy, row in rows.items():
        floor_ms = 1e3 * row["flops"] / peak_flops
        row["goal_share"] = GOALS["speedup"] * floor_ms / row["torch_ms"]
        print("%-10s %10.2f %10.1f %10.0f%% %14.1f %15.0f%%"
              % (policy, row["flops"] / 1e9, row["flops"] / row["rlab_ms"] / 1e6,
                 100 * floor_ms / row["rlab_ms"], floor_ms, 100 * row["goal_share"]))

    print()
    all_ok = True
    for policy, row in rows.items():
        speedup = row["torch_ms"] / row["rlab_ms"]
        ok = speedup >= GOALS["speedup"]
        all_ok &= ok
        reach = ""
        if not ok:
            reach = ("; beyond this machine: it needs the step at %.0f%% of the FMA peak" if row["goal_share"] >= 1
                     else "; it needs the step at %.0f%% of the FMA peak") % (100 * row["goal_share"])
        print("%-6s %s: rlab is %.2fx faster than PyTorch (goal >= %.0fx%s)" % (mark(ok), policy, speedup,
                                                                            GOALS["speedup"], reach))
    # The policy-cost and selective-bytes goals are the GPT-2 block's; for llama only the speedup is a
    # goal (its selective keeps w1's and w3's outputs, two F-wide tensors: docs/llama.md).
    if base and args.arch == "gpt2":
        for policy in ("full", "selective"):
            if policy in rows:
                cost = rows[policy]["rlab_ms"] / base["rlab_ms"]
                ok = cost <= GOALS[policy]
                all_ok &= ok
                print("%-6s %s costs %.2fx none (goal <= %.2fx)" % (mark(ok), policy, cost, GOALS[policy]))
        if "selective" in rows:
            share = rows["selective"]["rlab_bytes"] / base["rlab_bytes"]
            ok = share <= GOALS["selective_bytes"]
            all_ok &= ok
            print("%-6s selective keeps %.0f%% of none's activation bytes (goal <= %.0f%%)"
                  % (mark(ok), 100 * share, 100 * GOALS["selective_bytes"]))
    print("\n%s" % ("all goals met" if all_ok else "some goals missed"))
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
