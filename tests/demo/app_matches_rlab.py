#!/usr/bin/env python3
"""The app's demo timings agree with `rlab run`: runs a question's demo headless
(recompute-lab --run-demo --export FILE.json), then `rlab run` with each exported run's own
sizes, policy and time budget, and checks that the two step-time 95% intervals overlap and the
exact figures (peak activation bytes, recompute FLOPs) are equal. The app's interval comes from
the demo's timing rounds (several layouts of each run, stepped in turns with the other runs),
rlab run's from 12 consecutive rounds of one run alone; on a quiet machine rlab run's can be
narrower than what differs between the two (where the buffers land, the other runs warming or
evicting the caches): medians within FLOOR (5%) of each other also agree, and the output says
which rule held.

usage: app_matches_rlab.py RECOMPUTE_LAB RLAB CONTENT_DIR WORK_DIR QUIZ QUESTION
A run whose step times disagree is tried once more in a second pass, both programs again (a neighbour's burst on a
2-core machine can slow one program's whole 0.3 s and not the other's); the exact figures must
agree in the first pass. Both passes are printed.
Exit status: 0 all agree, 1 some do not, 2 bad arguments or a tool failed."""
import json
import os
import subprocess
import sys

FLOOR = 0.05  # measured 0.6-3% between the two at the same sizes (buffer layouts 0.2-1.9%, processes ~1%)


def main(argv):
    if len(argv) != 7:
        print(__doc__, file=sys.stderr)
        return 2
    apart, exact_apart = compare(*argv[1:])
    if apart is None or exact_apart:
        return 2 if apart is None else 1
    if apart:
        print(f"step times apart for {', '.join(sorted(apart))}: a second pass, both programs again")
        again, exact_apart = compare(*argv[1:])
        if again is None:
            return 2
        apart &= again  # a run agrees when its times agreed in either pass
    return 1 if apart or exact_apart else 0


def compare(app, rlab, content, work, quiz, question):
    """One pass: (labels of the runs whose step times are apart, how many exact figures differ);
    None for the labels when a tool failed."""
    os.makedirs(work, exist_ok=True)
    exported = os.path.join(work, "demo.json")
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([app, "--content", content, "--quiz", quiz, "--question", question, "--answer", "1",
                           "--run-demo", "--export", exported], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        print(f"app_matches_rlab: recompute-lab failed: {done.stderr.strip()}", file=sys.stderr)
        return None, 0
    with open(exported, encoding="utf-8") as f:
        demo = json.load(f)
    if not demo.get("runs") or "claims" not in demo:
        print("app_matches_rlab: the export has no runs or no claims", file=sys.stderr)
        return set(), 1
    apart, exact_apart = set(), 0
    for run in demo["runs"]:
        r = run["result"]
        args = [rlab, "run", "--policy", r["policy"].replace("+offload", "").strip(), "--json",
                "--min-time", str(r["min_time_s"]), "--steps", str(r["steps"]), "--seed", str(r["seed"]),
                "--dropout", str(r["dropout"]), "--optimizer", r["optimizer"],
                "--save-precision", r["save_precision"], "--threads", str(r["threads"])]
        for size in ("layers", "width", "heads", "seq", "batch", "vocab"):
            args += ["--" + size, str(r[size])]
        if r["offload"]:
            args.append("--offload")
        if not r["rng_replay"]:
            args.append("--no-rng-replay")
        cli = subprocess.run(args, capture_output=True, text=True)
        if cli.returncode != 0:
            print(f"app_matches_rlab: {' '.join(args)} failed: {cli.stderr.strip()}", file=sys.stderr)
            return None, 0
        c = json.loads(cli.stdout)
        (lo1, hi1), (lo2, hi2) = r["step_ms_ci95"], c["step_ms_ci95"]
        overlap = lo1 <= hi2 and lo2 <= hi1
        close = abs(r["step_ms"] - c["step_ms"]) <= FLOOR * max(r["step_ms"], c["step_ms"])
        verdict = "overlap" if overlap else (f"medians within {FLOOR:.1%}" if close else "APART")
        exact = (r["peak_activation_bytes"] == c["peak_activation_bytes"]
                 and r["recompute_flops"] == c["recompute_flops"])
        print(f"{run['label']}: app {r['step_ms']:.2f} ms [{lo1:.2f}, {hi1:.2f}], rlab {c['step_ms']:.2f} ms "
              f"[{lo2:.2f}, {hi2:.2f}] {verdict}; peak activations "
              f"{r['peak_activation_bytes']} vs {c['peak_activation_bytes']} {'equal' if exact else 'DIFFER'}")
        if not (overlap or close):
            apart.add(run["label"])
        exact_apart += not exact
    return apart, exact_apart


if __name__ == "__main__":
    sys.exit(main(sys.argv))
