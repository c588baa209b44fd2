#!/usr/bin/env python3
"""Runs the PyTorch code `rlab plan --dp 2 --config pytorch` prints, on two CPU processes over gloo.

  ddp_gloo_plan.py RLAB

For `full` (every block checkpointed) and `sqrt` (groups of the plan's segment length) on the
reference model at a small shape with dropout 0, each of the two data-parallel processes runs the
emitted parallelize(model) (checkpoint_wrapper per unit, then DistributedDataParallel: ZeRO-0),
then
  - keeps for backward what the plan says one rank keeps of its layers: the bytes still held after
    the blocks' forward (counted as tests/planner/snippets_train.py counts them) equal the plan's
    per-rank chunk_kept, the kept unit inputs in fp32;
  - trains one DDP step: the gradients are all-reduced, so both processes end with equal weights.
Exit 0 all hold, 1 any fails, 77 (skip, with the reason printed) without PyTorch or gloo.
"""
import json
import os
import socket
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "reference"))
sys.path.insert(0, HERE)

SHAPE = {"layers": 4, "width": 64, "heads": 4, "seq": 64, "batch": 2, "vocab": 128}
WORLD = 2


def plan(rlab, policy):
    args = [rlab, "plan", "--json", "--model", "custom", "--budget", "1GB", "--dropout", "0",
            "--dp", str(WORLD), "--zero", "0", "--config", "pytorch", "--config-policy", policy]
    for key, value in SHAPE.items():
        args += ["--" + key, str(value)]
    result = subprocess.run(args, capture_output=True, text=True, check=True)
    report = json.loads(result.stdout)
    row = next(r for r in report["policies"] if r["policy"] == policy)
    return row, report["configs"][0]["text"]


def worker(rank, codes, port, out_path):
    import gc
    import torch
    import torch.distributed as dist
    import reference_model
    from snippets_train import live_storages

    torch.set_num_threads(1)
    os.environ["MASTER_ADDR"] = "127.0.0.1"
    os.environ["MASTER_PORT"] = str(port)
    dist.init_process_group("gloo", rank=rank, world_size=WORLD)
    s = SHAPE
    results = []
    for code in codes:
        torch.manual_seed(7)  # the same initial weights on both ranks, as DDP requires
        model = reference_model.Gpt(s["layers"], s["width"], s["heads"], s["seq"], s["vocab"], 0.0)
        model.train()
        namespace = {}
        exec(compile(code, "<rlab plan --config pytorch>", "exec"), namespace)
        ddp, optimizer = namespace["parallelize"](model)
        generator = torch.Generator().manual_seed(100 + rank)  # each rank its own micro-batch
        tokens = torch.randint(0, s["vocab"], (s["batch"], s["seq"]), generator=generator)
        targets = torch.roll(tokens, -1, dims=1)

        # What the blocks' forward leaves for backward, its output included, its input excluded.
        x = (model.wte(tokens) + model.wpe(torch.arange(s["seq"]))).detach().requires_grad_()
        gc.collect()
        existing = live_storages()
        saved = {}

        def pack(tensor):
            if tensor.is_floating_point():
                saved[tensor.storage().data_ptr()] = tensor.storage().nbytes()
            return tensor
        with torch.autograd.graph.saved_tensors_hooks(pack, lambda tensor: tensor):
            y = x
            for unit in model.blocks:
                y = unit(y)
        kept = dict(saved)
        kept.update(live_storages())
        held = sum(nbytes for pointer, nbytes in kept.items() if pointer not in existing)
        del y, x, kept, saved
        gc.collect()

        optimizer.zero_grad(set_to_none=True)
        loss = ddp(tokens, targets)
        loss.backward()
        optimizer.step()
        weights = torch.cat([p.detach().reshape(-1) for p in model.parameters()])
        gathered = [torch.zeros_like(weights) for _ in range(WORLD)]
        dist.all_gather(gathered, weights)
        same = all(torch.equal(gathered[0], g) for g in gathered)
        results.append({"held": held, "loss": loss.item(), "same_weights": same})
    dist.destroy_process_group()
    with open(out_path, "w") as out:
        json.dump(results, out)


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def main():
    if len(sys.argv) != 2:
        print("usage: ddp_gloo_plan.py RLAB", file=sys.stderr)
        return 2
    try:
        import torch
        import torch.distributed as dist
        import torch.multiprocessing as mp
        from torch.distributed.algorithms._checkpoint.checkpoint_wrapper import checkpoint_wrapper  # noqa: F401
    except ImportError as error:
        print("SKIP: PyTorch with torch.distributed is not importable here (%s)" % error)
        return 77
    if not dist.is_available() or not dist.is_gloo_available():
        print("SKIP: this PyTorch has no gloo backend for torch.distributed")
        return 77
    policies = ("full", "sqrt")
    plans = [plan(sys.argv[1], policy) for policy in policies]
    with tempfile.TemporaryDirectory() as folder:
        paths = [os.path.join(folder, "rank%d.json" % r) for r in range(WORLD)]
        mp.spawn(lambda_free_worker, args=([code for _, code in plans], free_port(), paths), nprocs=WORLD, join=True)
        by_rank = [json.load(open(p)) for p in paths]
    failures = []
    for i, (policy, (row, _)) in enumerate(zip(policies, plans)):
        expected = row["ranks"][0]["chunk_kept"]
        results = [by_rank[rank][i] for rank in range(WORLD)]
        for rank, result in enumerate(results):
            ok = result["held"] == expected
            line = ("%s, process %d of %d (gloo): keeps %d bytes for backward, the plan's per-rank chunk_kept "
                    "%d (units of %d blocks)" % (policy, rank, WORLD, result["held"], expected, row["segment_blocks"]))
            print(("PASS " if ok else "FAIL ") + line)
            if not ok:
                failures.append(line)
        ok = all(r["same_weights"] for r in results)
        line = "%s: one DDP step (losses %s) leaves both processes with equal weights" % (
            policy, ", ".join("%.4f" % r["loss"] for r in results))
        print(("PASS " if ok else "FAIL ") + line)
        if not ok:
            failures.append(line)
    print("%d failed" % len(failures) if failures else "all hold")
    return 1 if failures else 0


def lambda_free_worker(rank, code, port, paths):
    worker(rank, code, port, paths[rank])


if __name__ == "__main__":
    sys.exit(main())
