#!/usr/bin/env python3
"""PyTorch's own snapshot reader on `rlab run --memory-snapshot FILE`: torch.cuda._memory_viz's
stats(), memory() and segments() (the functions behind `python -m torch.cuda._memory_viz`) read the
file's segments, and what they compute matches the run: stats' active_allocated equals the device
bytes live at the end of the recorded step (the last "device bytes" counter of the Perfetto trace
written by the same run), its total_size the pool's segments (live and cached), and memory()'s
flamegraph lines give parameters, gradients and optimizer state exactly the bytes rlab measured for
those categories (each frame's name ends in "[<rlab category>]").

torch 1.13 (Debian's python3-torch) has no reader of device traces, so the peak is not checked
here (tests/cli/check_memory_exports.py replays the trace with plain pickle); its command line
expects the 1.x file (a bare list of segments), so the functions are given snapshot["segments"],
the list torch 1.13's torch.cuda.memory_snapshot() returned. Flamegraph lines are taken as text
(format_flamegraph is given as the identity): the module would otherwise download flamegraph.pl.

usage: check_torch_memory_viz.py WORKDIR -- RLAB run [ARGS...]
Exits 77 (skipped, with the reason) where no python imports torch; 1 on a mismatch, 0 when all hold.
"""
import collections
import json
import os
import pickle
import subprocess
import sys

SKIP = 77


def reexec_with_torch():
    """Runs this script again under the first python that imports torch: $RLAB_PYTHON, Debian's."""
    for python in (os.environ.get("RLAB_PYTHON"), "/usr/bin/python3"):
        if not python or os.path.realpath(python) == os.path.realpath(sys.executable) or not os.path.exists(python):
            continue
        if subprocess.run([python, "-c", "import torch.cuda._memory_viz"], capture_output=True).returncode == 0:
            return subprocess.run([python, __file__] + sys.argv[1:]).returncode
    print("skipped: no python with torch (tried this one, $RLAB_PYTHON and /usr/bin/python3; "
          "Debian's python3-torch provides it)")
    return SKIP


def main():
    try:
        import torch
        from torch.cuda import _memory_viz
    except ImportError:
        return reexec_with_torch()
    workdir = sys.argv[1]
    command = sys.argv[sys.argv.index("--") + 1:]
    os.makedirs(workdir, exist_ok=True)
    snapshot_path = os.path.join(workdir, "run.pickle")
    trace_path = os.path.join(workdir, "run.trace.json")
    run = json.loads(subprocess.run(command + ["--json", "--memory-snapshot", snapshot_path, "--trace", trace_path],
                                    check=True, capture_output=True, text=True).stdout)
    with open(snapshot_path, "rb") as f:
        snapshot = pickle.load(f)
    with open(trace_path, encoding="utf-8") as f:
        trace = json.load(f)
    problems = []

    segments = snapshot["segments"]
    stats = _memory_viz.stats(segments)  # asserts each segment's total_size is its blocks' sum
    total = stats["active_allocated"].value
    end_of_step = [e["args"]["bytes"] for e in trace["traceEvents"] if e["ph"] == "C" and e["name"] == "device bytes"][-1]
    if total != end_of_step:
        problems.append(f"torch stats: active_allocated {total}, the trace's last device bytes {end_of_step}")
    if stats["segments"] != len(segments) or stats["total_size"].value != sum(s["total_size"] for s in segments):
        problems.append(f"torch stats: {stats}")

    lines = _memory_viz.memory(segments, format_flamegraph=lambda text: text)
    by_category = collections.Counter()
    for line in lines.splitlines():
        stack, size = line.rsplit(" ", 1)
        frame = stack.split(";")[-1]  # torch's "<filename>:<line>:<name>"; the name ends in "[category]"
        if frame.endswith("]"):
            by_category[frame.rsplit("[", 1)[1][:-1]] += int(size)
    if sum(by_category.values()) != total:
        problems.append(f"torch memory(): lines add up to {sum(by_category.values())}, stats says {total}")
    for category in ("parameters", "gradients", "optimizer_state"):
        if by_category[category] != run["bytes_by_category"][category]:
            problems.append(f"torch memory(): {category} {by_category[category]} bytes, "
                            f"rlab measured {run['bytes_by_category'][category]}")
    segment_lines = _memory_viz.segments(segments, format_flamegraph=lambda text: text).splitlines()
    if len(segment_lines) != len(segments) or not all(line.startswith("stream_0;seg_") for line in segment_lines):
        problems.append(f"torch segments(): {segment_lines[:3]}")

    for problem in problems:
        print(problem)
    print(f"torch {torch.__version__} _memory_viz read {len(segments)} segments: stats active_allocated {total} bytes "
          f"(= the trace's end-of-step device bytes {end_of_step}); memory() by category "
          f"{dict(sorted(by_category.items()))}; rlab peak_bytes {run['peak_bytes']} (not read by torch 1.x)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
