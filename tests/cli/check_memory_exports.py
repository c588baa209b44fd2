#!/usr/bin/env python3
"""Runs `rlab run ... --json --trace T --memory-snapshot S` and checks both files against the run's
own --json figures (and a file in a missing folder is refused with exit 2 before the run): the Chrome/Perfetto trace parses as JSON, has op slices and counters, and its
device and activation counters peak at exactly peak_bytes and peak_activation_bytes; the snapshot
unpickles (Python's own pickle, no torch) into {"segments", "device_traces"} whose alloc and
free_completed events, replayed from the blocks held before the step, peak at peak_bytes too, and
that holds what memory_viz's views rely on (snapshot_invariants: blocks inside live segments,
frees matching allocations, the viewer's categories).

usage: check_memory_exports.py WORKDIR -- RLAB run [ARGS...]
Prints one line per problem and exits 1 on any, 0 when all hold.
"""
import json
import os
import pickle
import subprocess
import sys


# What memory_viz colours by: PyTorch's memory profiler categories, and "unknown".
VIEWER_CATEGORIES = {"parameter", "gradient", "optimizer_state", "activation", "temporary", "input",
                     "autograd_detail", "unknown"}


def snapshot_invariants(snapshot):
    """What torch.cuda._memory_viz's allocator-state-history view relies on, replayed from the
    end state backwards (as the viewer does) and then forwards: every block inside a live segment at
    every event, every free matching a live block of its size, every segment given back empty, each
    segment's blocks tiling it, and categories from the viewer's set with "unknown" among them."""
    problems = []
    segments = {s["address"]: s["total_size"] for s in snapshot["segments"] if s["device"] == 0}
    blocks = {}
    for s in snapshot["segments"]:
        if s["device"] != 0:
            continue
        at = s["address"]
        for b in s["blocks"]:
            if b["address"] != at:
                problems.append(f"snapshot: segment {s['address']:#x}'s blocks do not tile it (gap at {at:#x})")
            at += b["size"]
            if b["state"] == "active_allocated":
                blocks[b["address"]] = b["size"]
        if at != s["address"] + s["total_size"]:
            problems.append(f"snapshot: segment {s['address']:#x}'s blocks add up to {at - s['address']}, "
                            f"not its total_size {s['total_size']}")
        if s["allocated_size"] != sum(b["size"] for b in s["blocks"] if b["state"] == "active_allocated"):
            problems.append(f"snapshot: segment {s['address']:#x}'s allocated_size is not its blocks' sum")
    trace = snapshot["device_traces"][0]
    actions = {e["action"] for e in trace}
    if not actions <= {"alloc", "free_completed", "segment_alloc", "segment_free", "snapshot"}:
        problems.append(f"snapshot: device trace actions {actions}")
    categories = {e.get("category") for e in trace}
    if not categories <= VIEWER_CATEGORIES or "unknown" not in categories:
        problems.append(f"snapshot: categories {categories}, not the viewer's {sorted(VIEWER_CATEGORIES)} with unknown")
    if any(e["action"].startswith("segment") and e["category"] != "unknown" for e in trace):
        problems.append("snapshot: a segment event with a category other than unknown")
    if not trace or trace[-1]["action"] != "snapshot":
        problems.append("snapshot: the trace does not end with the snapshot event its segments describe")
    if any(not e["frames"] or "name" not in e["frames"][0] for e in trace):
        problems.append("snapshot: an event without frames")
    # Backwards from the end: the state before the step.
    for e in reversed(trace):
        if e["action"] == "alloc":
            blocks.pop(e["addr"], None)
        elif e["action"] == "free_completed":
            blocks[e["addr"]] = e["size"]
        elif e["action"] == "segment_alloc":
            segments.pop(e["addr"], None)
        elif e["action"] == "segment_free":
            segments[e["addr"]] = e["size"]

    def inside(addr, size):
        return any(s <= addr and addr + size <= s + n for s, n in segments.items())

    for addr, size in blocks.items():
        if not inside(addr, size):
            problems.append(f"snapshot: block {addr:#x} held before the step lies in no segment")
    # Forwards through the trace.
    for i, e in enumerate(trace):
        addr, size = e["addr"], e["size"]
        if e["action"] == "alloc":
            if addr in blocks or not inside(addr, size):
                problems.append(f"snapshot: event {i} allocates {addr:#x} outside a live segment or twice")
            blocks[addr] = size
        elif e["action"] == "free_completed":
            if blocks.pop(addr, None) != size:
                problems.append(f"snapshot: event {i} frees {addr:#x} ({size} bytes), no live block of that size")
        elif e["action"] == "segment_alloc":
            if any(s < addr + size and addr < s + n for s, n in segments.items()):
                problems.append(f"snapshot: event {i} takes segment {addr:#x} overlapping a live one")
            segments[addr] = size
        elif e["action"] == "segment_free":
            if segments.pop(addr, None) != size or any(addr <= b < addr + size for b in blocks):
                problems.append(f"snapshot: event {i} gives back segment {addr:#x}, not live or not empty")
        if len(problems) > 20:
            break
    return problems


def main():
    workdir = sys.argv[1]
    command = sys.argv[sys.argv.index("--") + 1:]
    os.makedirs(workdir, exist_ok=True)
    trace_path = os.path.join(workdir, "run.trace.json")
    snapshot_path = os.path.join(workdir, "run.pickle")
    output = subprocess.run(command + ["--json", "--trace", trace_path, "--memory-snapshot", snapshot_path],
                            check=True, capture_output=True, text=True).stdout
    run = json.loads(output)
    problems = []

    with open(trace_path, encoding="utf-8") as f:
        trace = json.load(f)
    events = trace["traceEvents"]
    slices = [e for e in events if e["ph"] == "X"]
    if len(slices) != len(run["timeline"]):
        problems.append(f"trace: {len(slices)} op slices, the run's timeline has {len(run['timeline'])} ops")
    if any(e["dur"] < 0 or e["cat"] not in ("forward", "recompute", "backward", "optimizer", "setup") for e in slices):
        problems.append("trace: an op slice has a negative duration or an unknown phase")

    def counter_peak(name, key="bytes"):
        values = [e["args"][key] for e in events if e["ph"] == "C" and e["name"] == name]
        return max(values) if values else None

    for name, key in (("device bytes", "peak_bytes"), ("activation bytes", "peak_activation_bytes")):
        if counter_peak(name) != run[key]:
            problems.append(f"trace: the '{name}' counter peaks at {counter_peak(name)}, the run measured {key} {run[key]}")
    for category, peak in run["bytes_by_category"].items():
        if category == "host_offloaded":
            got = counter_peak("host_offloaded bytes")
        else:
            got = counter_peak("bytes by category", category)
        # Categories that peak in an earlier step (none here but the first step's set-up) may not
        # reach the whole run's peak in the recorded step; they can never exceed it.
        if got is None or got > peak:
            problems.append(f"trace: {category} reaches {got}, above the run's measured peak {peak}")
    if trace["runs"][0]["peak_bytes"] != run["peak_bytes"]:
        problems.append("trace: its runs[0].peak_bytes differs from the run's")

    with open(snapshot_path, "rb") as f:
        snapshot = pickle.load(f)
    if sorted(snapshot) != ["device_traces", "segments"]:
        problems.append(f"snapshot: keys {sorted(snapshot)}, expected segments and device_traces")
    trace0 = snapshot["device_traces"][0]
    problems += snapshot_invariants(snapshot)
    blocks_trace = [e for e in trace0 if e["action"] in ("alloc", "free_completed")]
    # Blocks live at the end that the trace never allocated were held before the step began.
    allocated = {e["addr"] for e in blocks_trace if e["action"] == "alloc"}
    freed = {e["addr"] for e in blocks_trace if e["action"] == "free_completed"}
    before = [b for s in snapshot["segments"] if s["device"] == 0 for b in s["blocks"]
              if b["state"] == "active_allocated" and b["address"] not in allocated]
    live = sum(b["size"] for b in before)
    # Blocks freed in the trace but never allocated in it were also held before the step.
    sizes = {e["addr"]: e["size"] for e in blocks_trace}
    live += sum(sizes[a] for a in freed - allocated)
    peak = live
    for e in blocks_trace:
        live += e["size"] if e["action"] == "alloc" else -e["size"]
        peak = max(peak, live)
    if peak != run["peak_bytes"]:
        problems.append(f"snapshot: replayed device bytes peak at {peak}, the run measured peak_bytes {run['peak_bytes']}")

    # A file that cannot be written is refused before the run, as a bad argument.
    missing = os.path.join(workdir, "no-such-folder", "run.trace.json")
    refused = subprocess.run(command + ["--trace", missing], capture_output=True, text=True)
    if refused.returncode != 2 or "no-such-folder" not in refused.stderr or refused.stdout:
        problems.append(f"--trace into a missing folder: exit {refused.returncode}, stderr {refused.stderr!r}")

    # A pipe would block the write for ever and a link would be written through: refused first.
    pipe = os.path.join(workdir, "pipe.trace.json")
    link = os.path.join(workdir, "link.trace.json")
    kept = os.path.join(workdir, "kept.json")
    for old in (pipe, link):
        if os.path.lexists(old):
            os.remove(old)
    os.mkfifo(pipe)
    with open(kept, "w") as out:
        out.write("kept")
    os.symlink(kept, link)
    for path, says in ((pipe, "named pipe"), (link, "symbolic link")):
        refused = subprocess.run(command + ["--trace", path], capture_output=True, text=True, timeout=60)
        if refused.returncode != 2 or says not in refused.stderr:
            problems.append(f"--trace to a {says}: exit {refused.returncode}, stderr {refused.stderr!r}")
    if open(kept).read() != "kept" or not os.path.islink(link):
        problems.append("--trace wrote through a symbolic link")

    for problem in problems:
        print(problem)
    segment_events = sum(1 for e in trace0 if e["action"].startswith("segment"))
    print(f"checked: {len(slices)} ops, {len(trace0)} events ({segment_events} segment events), "
          f"{len(snapshot['segments'])} segments at the end, peak {run['peak_bytes']} bytes, "
          f"activations {run['peak_activation_bytes']} bytes")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
