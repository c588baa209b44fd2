#!/usr/bin/env python3
"""PyTorch on the GPU, the reference for rlab's CUDA backend (run by scripts/gpu-check.sh).

Trains tests/reference/reference_model.py (the model of docs/architecture.md) with AdamW and dropout, and
times each step with CUDA events, warm-up excluded. Products in plain FP32 (TF32 off), as
rlab's cuBLAS calls. Policies through torch.utils.checkpoint (non-reentrant, RNG replayed):
  none       plain autograd
  full       each block checkpointed
  sqrt       segments of ceil(sqrt(N)) blocks checkpointed
  selective  each block under create_selective_checkpoint_contexts: the linear layers' outputs
             and the P v product are saved, everything else (LayerNorm, q k^T, softmax,
             dropout, GELU) is recomputed -- rlab's default `selective` keep set
`budget` has no PyTorch counterpart in eager mode and is not run.

  python3 tests/gpu/torch_gpu_bench.py --layers 12 --width 128 --heads 4 --seq 64 --batch 8 \
      --vocab 256 --policies none,full,sqrt,selective --steps 6 --out torch.json
"""
import argparse
import functools
import json
import math
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "reference"))

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402
from torch.utils.checkpoint import checkpoint  # noqa: E402

import reference_model  # noqa: E402


def selective_context():
    from torch.utils.checkpoint import CheckpointPolicy, create_selective_checkpoint_contexts

    aten = torch.ops.aten

    def policy(ctx, func, *args, **kwargs):
        if func in (aten.mm.default, aten.addmm.default):
            return CheckpointPolicy.MUST_SAVE
        if func == aten.bmm.default and args[0].shape[-1] == args[0].shape[-2]:
            return CheckpointPolicy.MUST_SAVE  # P v (P is T x T); q k^T is recomputed
        return CheckpointPolicy.PREFER_RECOMPUTE

    return functools.partial(create_selective_checkpoint_contexts, policy)


def run_blocks(blocks, x, policy):
    if policy == "none":
        for block in blocks:
            x = block(x)
    elif policy == "full":
        for block in blocks:
            x = checkpoint(block, x, use_reentrant=False)
    elif policy == "sqrt":
        k = math.ceil(math.sqrt(len(blocks)))
        for first in range(0, len(blocks), k):
            segment = blocks[first:first + k]
            x = checkpoint(lambda y, s=segment: run_blocks(s, y, "none"), x, use_reentrant=False)
    elif policy == "selective":
        context = selective_context()
        for block in blocks:
            x = checkpoint(block, x, use_reentrant=False, context_fn=context)
    else:
        raise ValueError("unknown policy " + policy)
    return x


def loss_of(model, tokens, targets, policy):
    B, T = tokens.shape
    x = model.wte(tokens) + model.wpe(torch.arange(T, device=tokens.device))
    x = run_blocks(list(model.blocks), x, policy)
    logits = model.head(model.lnf(x))
    return F.cross_entropy(logits.view(B * T, -1), targets.reshape(B * T).long())


def bench(args, policy, device):
    torch.manual_seed(args.seed)
    model = reference_model.Gpt(args.layers, args.width, args.heads, args.seq, args.vocab, args.dropout).to(device)
    model.train()
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.0)
    tokens = torch.randint(0, args.vocab, (args.batch, args.seq), device=device)
    targets = torch.roll(tokens, -1, dims=1)
    cuda = device.type == "cuda"
    times, losses, step_peaks = [], [], []
    for step in range(args.steps):
        if cuda:
            torch.cuda.synchronize()
            torch.cuda.reset_peak_memory_stats()
            start_bytes = torch.cuda.memory_allocated()
            start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
        else:
            wall = time.perf_counter()
        optimizer.zero_grad(set_to_none=True)
        loss = loss_of(model, tokens, targets, policy)
        loss.backward()
        optimizer.step()
        if cuda:
            stop.record()
            stop.synchronize()
            times.append(start.elapsed_time(stop))
            step_peaks.append(torch.cuda.max_memory_allocated() - start_bytes)
        else:
            times.append((time.perf_counter() - wall) * 1000.0)
        losses.append(loss.item())
    measured = times[args.warmup:] if len(times) > args.warmup else times
    result = {"policy": policy, "step_ms": statistics.median(measured), "step_ms_all": times, "loss": losses}
    if cuda:
        result["peak_bytes"] = torch.cuda.max_memory_allocated()
        result["step_peak_above_start_bytes"] = max(step_peaks[args.warmup:] or step_peaks)
    del model, optimizer
    if cuda:
        torch.cuda.empty_cache()
    return result


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for name, default in (("layers", 12), ("width", 128), ("heads", 4), ("seq", 64), ("batch", 8), ("vocab", 256),
                          ("steps", 6), ("warmup", 1), ("seed", 1234)):
        parser.add_argument("--" + name, type=int, default=default)
    parser.add_argument("--dropout", type=float, default=0.1)
    parser.add_argument("--policies", default="none,full,sqrt,selective")
    parser.add_argument("--device", default="cuda")
    parser.add_argument("--out", default="")
    args = parser.parse_args()

    device = torch.device(args.device)
    if device.type == "cuda":
        if not torch.cuda.is_available():
            sys.exit("torch_gpu_bench: PyTorch sees no CUDA device.")
        torch.backends.cuda.matmul.allow_tf32 = False  # plain FP32 products, as rlab
        torch.backends.cudnn.allow_tf32 = False
    report = {
        "torch": torch.__version__,
        "device": torch.cuda.get_device_name(device) if device.type == "cuda" else "cpu",
        "shape": {k: getattr(args, k) for k in ("layers", "width", "heads", "seq", "batch", "vocab")},
        "steps": args.steps,
        "warmup": args.warmup,
        "results": [],
        "errors": {},
    }
    for policy in args.policies.split(","):
        try:
            result = bench(args, policy, device)
            report["results"].append(result)
            print("torch %-10s %9.2f ms/step" % (policy, result["step_ms"]), flush=True)
        except Exception as error:  # one policy failing (OOM, missing API) must not hide the others
            report["errors"][policy] = "%s: %s" % (type(error).__name__, str(error).splitlines()[0] if str(error) else "")
            print("torch %-10s failed: %s" % (policy, report["errors"][policy]), flush=True)
            if device.type == "cuda":
                torch.cuda.empty_cache()
    text = json.dumps(report, indent=1)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")
    else:
        print(text)


if __name__ == "__main__":
    main()
