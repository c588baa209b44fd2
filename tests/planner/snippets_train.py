#!/usr/bin/env python3
"""Runs the planner's PyTorch snippets (rlab plan --code) against the reference model.

  snippets_train.py RLAB

For `full` (checkpoint per block) and `sqrt` (segments of ceil(sqrt N) blocks: the per-segment
snippet and checkpoint_sequential) at a small shape with dropout 0, each snippet's run_blocks
  - gives the same loss and gradients as the plain block loop (the recompute is exact),
  - trains: 20 AdamW steps on one batch lower the loss by a tenth or more,
  - keeps for backward what the plan says: the bytes still allocated after the blocks' forward
    are the kept block inputs, one (B, T, d) fp32 tensor per segment (the plan's segment_blocks);
    checkpoint_sequential keeps one fewer and all of its last, unchecked segment instead.
Kept bytes are the unique storages autograd saved outside any checkpoint (saved_tensors_hooks, which
a non-reentrant checkpoint overrides inside itself) together with those of every tensor object
alive after the forward (gc), such as the inputs a checkpoint holds, less what existed before.
Exit 0 all hold, 1 any fails, 77 (skip) without PyTorch.
"""
import gc
import json
import math
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "reference"))

SHAPE = {"layers": 4, "width": 64, "heads": 4, "seq": 64, "batch": 2, "vocab": 128}
STEPS = 20
GRAD_RTOL = 1e-6
BYTES_RTOL = 1e-9  # counted storages are exact


def live_storages():
    """Every floating-point storage a Python tensor object holds now: data pointer -> bytes (not
    the byte tensors of the RNG states checkpoints keep to replay dropout)."""
    import torch
    storages = {}
    for obj in gc.get_objects():
        if torch.is_tensor(obj) and obj.device.type == "cpu" and obj.is_floating_point():
            storages[obj.storage().data_ptr()] = obj.storage().nbytes()
    return storages


def plan_code(rlab, policy):
    args = [rlab, "plan", "--json", "--model", "custom", "--budget", "1GB", "--dropout", "0", "--code", policy]
    for key, value in SHAPE.items():
        args += ["--" + key, str(value)]
    result = subprocess.run(args, capture_output=True, text=True, check=True)
    plan = json.loads(result.stdout)
    row = next(r for r in plan["policies"] if r["policy"] == policy and not r["offload"])
    return row, {snippet["kind"]: snippet["code"] for snippet in plan["code"]}


def main():
    if len(sys.argv) != 2:
        print("usage: snippets_train.py RLAB", file=sys.stderr)
        return 2
    try:
        import torch
        import torch.nn.functional as F
        import reference_model
    except ImportError as error:
        print("SKIP: PyTorch is not importable here (%s)" % error)
        return 77
    torch.set_num_threads(2)
    s = SHAPE
    stream_bytes = s["batch"] * s["seq"] * s["width"] * 4

    def make_model():
        torch.manual_seed(7)
        model = reference_model.Gpt(s["layers"], s["width"], s["heads"], s["seq"], s["vocab"], 0.0)
        model.train()
        return model

    generator = torch.Generator().manual_seed(3)
    tokens = torch.randint(0, s["vocab"], (s["batch"], s["seq"]), generator=generator)
    targets = torch.roll(tokens, -1, dims=1)

    def loss_of(model, run_blocks):
        x = model.wte(tokens) + model.wpe(torch.arange(s["seq"]))
        x = run_blocks(list(model.blocks), x)
        logits = model.head(model.lnf(x))
        return F.cross_entropy(logits.view(-1, s["vocab"]), targets.reshape(-1))

    def plain(blocks, x):
        for block in blocks:
            x = block(x)
        return x

    def gradients(run_blocks):
        model = make_model()
        loss = loss_of(model, run_blocks)
        loss.backward()
        return loss.item(), {name: p.grad.clone() for name, p in model.named_parameters()}

    def held_bytes(run_blocks):
        """Bytes the blocks' forward leaves for backward, its output included, input excluded."""
        model = make_model()
        x = (model.wte(tokens) + model.wpe(torch.arange(s["seq"]))).detach().requires_grad_()
        gc.collect()
        existing = live_storages()
        saved = {}

        def pack(tensor):
            if tensor.is_floating_point():
                saved[tensor.storage().data_ptr()] = tensor.storage().nbytes()
            return tensor
        with torch.autograd.graph.saved_tensors_hooks(pack, lambda tensor: tensor):
            y = run_blocks(list(model.blocks), x)
        kept = dict(saved)
        kept.update(live_storages())
        held = sum(nbytes for pointer, nbytes in kept.items() if pointer not in existing)
        y.sum().backward()
        return held

    failures = []

    def verdict(ok, line):
        print(("PASS " if ok else "FAIL ") + line)
        if not ok:
            failures.append(line)

    reference_loss, reference_grads = gradients(plain)
    held_plain_one = held_bytes(lambda blocks, x: plain(blocks[:1], x))
    for policy in ("full", "sqrt"):
        row, code = plan_code(sys.argv[1], policy)
        k = row["segment_blocks"]
        kept = math.ceil(s["layers"] / k)  # the plan's checkpoints: one block input per segment
        for kind in ("pytorch-per-block", "pytorch-sequential"):
            name = "%s %s" % (policy, kind)
            if kind not in code:
                verdict(False, name + ": rlab plan --code gave no such snippet")
                continue
            namespace = {}
            exec(compile(code[kind], "<%s>" % name, "exec"), namespace)
            run_blocks = namespace["run_blocks"]
            loss, grads = gradients(run_blocks)
            worst = max(((grads[n] - g).abs().max() / g.abs().max().clamp_min(1e-30)).item()
                        for n, g in reference_grads.items())
            verdict(loss == reference_loss and worst <= GRAD_RTOL,
                    "%s: loss %.6f (plain %.6f), largest relative gradient difference %.2e"
                    % (name, loss, reference_loss, worst))
            model = make_model()
            optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
            losses = []
            for _ in range(STEPS):
                optimizer.zero_grad(set_to_none=True)
                step_loss = loss_of(model, run_blocks)
                step_loss.backward()
                optimizer.step()
                losses.append(step_loss.item())
            verdict(losses[-1] < 0.9 * losses[0], "%s: trains, loss %.4f -> %.4f in %d steps"
                    % (name, losses[0], losses[-1], STEPS))
            held = held_bytes(run_blocks)
            if kind == "pytorch-per-block":
                expected = kept * stream_bytes
                what = "%d kept block inputs (the plan's %d segments of %d)" % (kept, kept, k)
            else:
                segments = math.ceil(s["layers"] / k)
                last = s["layers"] - (segments - 1) * (s["layers"] // segments)
                expected = (segments - 1) * stream_bytes + last * held_plain_one
                what = "%d kept inputs + a last segment of %d unchecked blocks" % (segments - 1, last)
            verdict(abs(held - expected) <= BYTES_RTOL * expected,
                    "%s: keeps %.3f MiB for backward, expected %.3f MiB = %s; plain blocks keep %.3f MiB"
                    % (name, held / 2**20, expected / 2**20, what, s["layers"] * held_plain_one / 2**20))
    print("%d failed" % len(failures) if failures else "all hold")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
