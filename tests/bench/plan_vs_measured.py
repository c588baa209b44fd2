#!/usr/bin/env python3
"""Predicted vs measured (not a test; tests/cli/tst_cli_plan.cpp checks one tiny shape exactly).

For each shape and policy, prints `rlab plan`'s predicted peaks beside what `rlab run --json`
measured (one training step; CPU), and PyTorch 1.13's saved bytes for the same model
(tests/reference/reference_model.py, counted as tests/bench/bench_vs_torch.py counts them: the
unique storages autograd saved during one forward, parameters excluded). PyTorch has no offload,
and its selective is the attention core only (1.13 has no selective-checkpoint API).

  /usr/bin/python3 tests/bench/plan_vs_measured.py [--rlab build/bin/rlab] [--threads 2]
"""
import argparse
import json
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bench_vs_torch  # noqa: E402  (its saved-bytes counter and rlab finder)

# (label, layers, width, heads, seq, batch, vocab)
SHAPES = [
    ("small 4x64", 4, 64, 4, 32, 2, 256),
    ("demo 12x128", 12, 128, 4, 64, 8, 256),
    ("GPT-2 124M, T=64 B=1", 12, 768, 12, 64, 1, 50257),
]
POLICIES = ["none", "selective", "full", "sqrt"]


def rlab(binary, args):
    done = subprocess.run([binary] + args, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit("plan_vs_measured: rlab %s failed: %s" % (" ".join(args), done.stderr.strip()))
    return json.loads(done.stdout)


def mib(n):
    return "%.3f" % (n / 2**20)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rlab")
    parser.add_argument("--threads", type=int, default=2)
    args = parser.parse_args()
    binary = bench_vs_torch.find_rlab(args.rlab)
    import torch
    sys.path.insert(0, os.path.join(HERE, "..", "reference"))
    import reference_model
    bench_vs_torch.torch = torch
    torch.set_num_threads(args.threads)

    print("| shape | policy | predicted peak (MiB) | measured peak (MiB) | predicted activations (MiB) "
          "| measured activations (MiB) | PyTorch saved (MiB) |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for label, n, d, h, t, b, v in SHAPES:
        shape = ["--layers", str(n), "--width", str(d), "--heads", str(h), "--seq", str(t), "--batch", str(b),
                 "--vocab", str(v)]
        plan = rlab(binary, ["plan", "--json", "--model", "custom", "--budget", "1000GB"] + shape)
        for policy in POLICIES:
            torch.manual_seed(1)
            model = reference_model.Gpt(n, d, h, t, v, 0.1)
            model.set_recompute(policy)
            model.train()
            tokens = torch.randint(0, v, (b, t))
            saved = bench_vs_torch.torch_saved_bytes(model, tokens, torch.randint(0, v, (b, t)))
            for offload in (False, True):
                row = next(r for r in plan["policies"] if r["policy"] == policy and r["offload"] == offload)
                run = rlab(binary, ["run", "--json", "--policy", policy, "--steps", "1", "--warmup", "0",
                                    "--threads", str(args.threads)] + shape + (["--offload"] if offload else []))
                same = row["predicted_peak_bytes"] == run["peak_bytes"] and \
                    row["predicted_peak_activation_bytes"] == run["peak_activation_bytes"]
                name = policy + ("+offload" if offload else "")
                print("| %s | %s | %s | %s | %s | %s | %s |%s" % (
                    label, name, mib(row["predicted_peak_bytes"]), mib(run["peak_bytes"]),
                    mib(row["predicted_peak_activation_bytes"]), mib(run["peak_activation_bytes"]),
                    "-" if offload else mib(saved), "" if same else "  MISMATCH"), flush=True)


if __name__ == "__main__":
    main()
