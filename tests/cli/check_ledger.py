#!/usr/bin/env python3
"""Checks `rlab ledger` end to end on tiny shapes.

usage: check_ledger.py SCHEMA RLAB

For none, selective, full, sqrt, segment:best and a budget between full's peak and none's, each
plain, with --offload and with --save-precision bf16, for GPT-2's block and for llama's: `rlab ledger --json` conforms to SCHEMA, its
tensors' peak_bytes add up to its peak exactly, and that peak is the peak_activation_bytes
`rlab run --json` measures with the same options. With --convention paper each block counts
34sbh + 5as^2b (none), 34sbh (attention core recomputed) and 2sbh (full), also for GPT-3 175B's
shape with --predict. Each counterfactual of none's autopsy, run, peaks at exactly its
prediction. A bad --convention is refused with exit status 2 and one sentence.
Prints one line per problem; exit 1 on any.
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_json_contract import problems  # noqa: E402

TINY = ["--layers", "3", "--width", "16", "--heads", "2", "--seq", "8", "--batch", "2",
        "--vocab", "32", "--threads", "1", "--dropout", "0.1"]
# Llama's block (docs/llama.md): multi-query, a given SwiGLU hidden size.
TINY_LLAMA = TINY + ["--arch", "llama", "--kv-heads", "1", "--ffn", "24"]
CORE = ["--keep", "block_input,layernorm,qkv,attn_values,residual,fc1,gelu"]


def rlab(binary, args):
    run = subprocess.run([binary] + args, capture_output=True, text=True, check=False)
    return run.returncode, run.stdout, run.stderr


def check_policies(binary, ledger, tiny, found):
    """Every policy, plain, offloaded and bf16, at one shape: the rows add up to the measured peak."""
    none = ledger(["--predict", "--policy", "none"] + tiny)
    full = ledger(["--predict", "--policy", "full"] + tiny)
    if none is None or full is None:
        return 0
    budget = (none["peak_activation_bytes"] + full["peak_activation_bytes"]) // 2
    checked = 0
    for policy in ["none", "selective", "full", "sqrt", "segment:best", f"budget:{budget}"]:
        for variant in [[], ["--offload"], ["--save-precision", "bf16"]]:
            args = ["--policy", policy] + variant + tiny
            obj = ledger(args)
            if obj is None:
                continue
            where = " ".join(["--policy", policy] + variant + (["--arch", "llama"] if "llama" in tiny else []))
            total = sum(t["peak_bytes"] for t in obj["tensors"])
            if obj["source"] != "measured":
                found.append(f"{where}: source is {obj['source']}, not measured")
            if total != obj["peak_activation_bytes"] or obj["untagged_peak_bytes"] != 0:
                found.append(f"{where}: rows add up to {total} bytes, the peak is {obj['peak_activation_bytes']}")
            rc, out, err = rlab(binary, ["run", "--json", "--steps", "1", "--warmup", "0"] + args)
            if rc != 0:
                found.append(f"rlab run {where} exited {rc}: {err.strip()}")
                continue
            measured = json.loads(out)["peak_activation_bytes"]
            if total != measured:
                found.append(f"{where}: rows add up to {total} bytes, rlab run measured {measured}")
            checked += 1
            if policy == "none" and not variant:  # the autopsy's counterfactuals, run
                cfs = obj["autopsy"]["counterfactuals"]
                if not cfs:
                    found.append("--policy none: no counterfactual lowers its peak")
                for cf in cfs:
                    rc, out, err = rlab(binary, ["run", "--json", "--steps", "1", "--warmup", "0", "--policy",
                                                 cf["policy"]] + tiny)
                    got = json.loads(out)["peak_activation_bytes"] if rc == 0 else None
                    if got != cf["predicted_peak_activation_bytes"] or got >= total:
                        found.append(f"counterfactual {cf['policy']}: measured {got}, predicted "
                                     f"{cf['predicted_peak_activation_bytes']}, none's peak {total}")
    return checked


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        schema = json.load(f)
    binary = argv[2]
    found = []

    def ledger(args):
        rc, out, err = rlab(binary, ["ledger", "--json"] + args)
        if rc != 0:
            found.append(f"rlab ledger {' '.join(args)} exited {rc}: {err.strip()}")
            return None
        obj = json.loads(out)
        found.extend(f"{' '.join(args)}: {p}" for p in problems(obj, schema, "ledger"))
        return obj

    checked = 0
    for tiny in (TINY, TINY_LLAMA):
        checked += check_policies(binary, ledger, tiny, found)

    gpt3 = ["--layers", "96", "--width", "12288", "--heads", "96", "--seq", "2048", "--batch", "1",
            "--vocab", "50257"]
    for shape, predict in [(TINY, []), (["--layers", "2", "--width", "24", "--heads", "3", "--seq", "12",
                                         "--batch", "1", "--vocab", "40"], []), (gpt3, ["--predict"])]:
        values = dict(zip(shape[0::2], shape[1::2]))
        s, b, h, a = (int(values[k]) for k in ["--seq", "--batch", "--width", "--heads"])
        sbh, as2b = s * b * h, a * s * s * b
        for policy, expected in [(["--policy", "none"], 34 * sbh + 5 * as2b),
                                 (["--policy", "selective"] + CORE, 34 * sbh), (["--policy", "full"], 2 * sbh)]:
            obj = ledger(predict + ["--convention", "paper"] + policy + shape)
            if obj is None:
                continue
            for block in obj["blocks"]:
                want = expected if block["block"] >= 0 else 0
                if block["counted_bytes"] != want:
                    found.append(f"{' '.join(policy)} at s={s} h={h}: block {block['block']} counts "
                                 f"{block['counted_bytes']} bytes the paper's way, not {want}")

    rc, out, err = rlab(binary, ["ledger", "--convention", "bf16"] + TINY)
    if rc != 2 or err.count("\n") != 1 or "--convention" not in err:
        found.append(f"--convention bf16: exit {rc}, stderr {err!r}; wanted exit 2 and one sentence")

    for line in found:
        print(line)
    print(f"rlab ledger: {checked} measured runs checked: " + ("all add up" if not found else f"{len(found)} problem(s)"))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
