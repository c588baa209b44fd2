#!/usr/bin/env python3
"""Runs `rlab check-claims CONTENT --preset P --json` N times back to back for every preset with a
time claim (quantity step_ms) and prints, per time claim, the verdict of each run and the paired
ratio with its interval, then one line per claim saying whether all N runs agreed.

A time lesson holds when every run gives the same verdict ("holds" N times out of N). Run it on a
quiet machine (nothing else building): on a busy one the intervals widen and "same within noise"
creeps in, which says more about the machine than about the preset's sizes.

usage: verdict_table.py RLAB CONTENT_DIR [--runs N] [--preset ID]...
       e.g. tests/claims/verdict_table.py build/bin/rlab content --runs 10
Exit status: 0 every time claim gave one verdict in all runs, 1 some varied, 2 bad arguments."""
import argparse
import json
import subprocess
import sys


def check(rlab, content, preset):
    out = subprocess.run([rlab, "check-claims", content, "--preset", preset, "--json"],
                         capture_output=True, text=True, check=False)
    if out.returncode not in (0, 1):
        sys.exit(f"verdict_table: rlab check-claims --preset {preset} failed: {out.stderr.strip()}")
    return json.loads(out.stdout)["presets"][0]


def time_claims(rlab, content):
    """The presets whose claims include a step-time comparison, from one quick listing."""
    listing = subprocess.run([rlab, "check-claims", content, "--json", "--min-time", "0"],
                             capture_output=True, text=True, check=False)
    if listing.returncode not in (0, 1):
        sys.exit(f"verdict_table: rlab check-claims {content} failed: {listing.stderr.strip()}")
    found = []
    for preset in json.loads(listing.stdout)["presets"]:
        if any(c["statement"].startswith("step_ms") for c in preset["claims"]):
            found.append(preset["id"])
    return found


def ratio_text(claim):
    for figure in claim.get("figures", []):
        if " / " in figure["run"]:
            return f"{figure['value']:.3f}x [{figure['low']:.3f}, {figure['high']:.3f}]"
    return "-"


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("rlab")
    parser.add_argument("content")
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--preset", action="append", default=[])
    try:
        args = parser.parse_args(argv[1:])
    except SystemExit:
        return 2
    if args.runs < 1:
        print("verdict_table: --runs must be at least 1", file=sys.stderr)
        return 2
    presets = args.preset or time_claims(args.rlab, args.content)
    if not presets:
        print("verdict_table: no preset has a time claim", file=sys.stderr)
        return 2
    varied = 0
    for preset in presets:
        verdicts = {}
        print(f"## {preset}")
        print("| run | claim | verdict | paired ratio [95% interval] | seconds |")
        print("| --- | --- | --- | --- | --- |")
        for n in range(1, args.runs + 1):
            result = check(args.rlab, args.content, preset)
            for claim in result["claims"]:
                if not claim["statement"].startswith("step_ms"):
                    continue
                verdicts.setdefault(claim["claim"], []).append(claim["verdict"])
                print(f"| {n} | {claim['claim']} | {claim['verdict']} | {ratio_text(claim)} "
                      f"| {result['seconds']:.2f} |")
            sys.stdout.flush()
        for claim, seen in verdicts.items():
            same = len(set(seen)) == 1
            varied += 0 if same else 1
            counts = ", ".join(f"{v} {seen.count(v)}" for v in sorted(set(seen)))
            print(f"{preset} {claim}: {'one verdict' if same else 'VARIED'} in {len(seen)} runs ({counts})")
        print()
    return 1 if varied else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
