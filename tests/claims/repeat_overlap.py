#!/usr/bin/env python3
"""Runs every demo preset twice back to back (rlab check-claims --json) and checks that each
run's step-time interval (step_ms_ci95) from the first pass overlaps the same run's from the
second: repeated demos must agree within their own noise.

usage: repeat_overlap.py RLAB CONTENT_DIR [--preset ID]
Exit status: 0 every interval overlaps its twin, 1 some do not, 2 bad arguments."""
import json
import subprocess
import sys


def run_preset(rlab, content, preset):
    out = subprocess.run([rlab, "check-claims", content, "--preset", preset, "--json"],
                         capture_output=True, text=True, check=False)
    if out.returncode not in (0, 1):
        sys.exit(f"repeat_overlap: rlab check-claims --preset {preset} failed: {out.stderr.strip()}")
    return json.loads(out.stdout)["presets"][0]


def main(argv):
    if len(argv) not in (3, 5) or (len(argv) == 5 and argv[3] != "--preset"):
        print(__doc__, file=sys.stderr)
        return 2
    rlab, content = argv[1], argv[2]
    if len(argv) == 5:
        presets = [argv[4]]
    else:
        listing = subprocess.run([rlab, "check-claims", content, "--json", "--min-time", "0"],
                                 capture_output=True, text=True, check=False)
        presets = [p["id"] for p in json.loads(listing.stdout)["presets"]]
    apart = 0
    total = 0
    for preset in presets:
        first, second = run_preset(rlab, content, preset), run_preset(rlab, content, preset)
        print(f"{preset}: {first['seconds']:.2f} s, then {second['seconds']:.2f} s")
        for a, b in zip(first["runs"], second["runs"]):
            total += 1
            lo1, hi1 = a["step_ms_ci95"]
            lo2, hi2 = b["step_ms_ci95"]
            overlap = lo1 <= hi2 and lo2 <= hi1
            apart += 0 if overlap else 1
            where = a["label"] + (f" @{a['sweep_value']}" if a["sweep_value"] else "")
            print(f"{preset:24} {where:28} {a['step_ms']:9.2f} [{lo1:.2f}, {hi1:.2f}]  "
                  f"{b['step_ms']:9.2f} [{lo2:.2f}, {hi2:.2f}]  {'overlap' if overlap else 'APART'}")
    print(f"{total - apart} of {total} runs: the two intervals overlap.")
    return 1 if apart else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
