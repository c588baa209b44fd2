#!/usr/bin/env python3
"""How long each demo takes at its default sizes, in rlab and in the app: for every preset,
`rlab check-claims DIR --preset ID` (the process's wall time and the demo's own, from --json) and,
given the app, `recompute-lab --quiz Q --question K --run-demo --export FILE.json` offscreen for the
first question that names the preset (the process's wall time, window set-up included). The goal is
a whole demo under about 3 s on a quiet 2-core machine; `uptime` is printed first and last, since a
busy machine stretches every figure.

usage: demo_times.py RLAB CONTENT_DIR [RECOMPUTE_LAB]
Exit status: 0 every demo ran, 2 bad arguments or a tool failed. Timing decides nothing here."""
import json
import os
import re
import subprocess
import sys
import tempfile
import time


def questions_by_preset(content):
    """preset id -> (quiz id, question number from 1), the first question naming it."""
    found = {}
    quizzes = os.path.join(content, "quizzes")
    for quiz in sorted(os.listdir(quizzes)):
        path = os.path.join(quizzes, quiz, "quiz.yaml")
        if not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8") as f:
            # One chunk per question ("  - id:" under questions:); a question may have no demo.
            questions = re.split(r"^  - id:", f.read(), flags=re.MULTILINE)[1:]
        for number, question in enumerate(questions, start=1):
            demo = re.search(r"^\s+demo:\s*(\S+)\s*$", question, re.MULTILINE)
            if demo:
                found.setdefault(demo.group(1), (quiz, number))
    return found


def timed(args, env=None):
    start = time.monotonic()
    done = subprocess.run(args, capture_output=True, text=True, env=env, check=False)
    return time.monotonic() - start, done


def main(argv):
    if len(argv) not in (3, 4):
        print(__doc__, file=sys.stderr)
        return 2
    rlab, content = argv[1], argv[2]
    app = argv[3] if len(argv) == 4 else None
    print("load:", os.getloadavg())
    listing = subprocess.run([rlab, "check-claims", content, "--json", "--min-time", "0"],
                             capture_output=True, text=True, check=False)
    presets = [p["id"] for p in json.loads(listing.stdout)["presets"]]
    questions = questions_by_preset(content)
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    with tempfile.TemporaryDirectory() as work:
        for preset in presets:
            seconds, done = timed([rlab, "check-claims", content, "--preset", preset, "--json"])
            if done.returncode not in (0, 1):
                print(f"demo_times: rlab check-claims --preset {preset} failed: {done.stderr.strip()}",
                      file=sys.stderr)
                return 2
            own = json.loads(done.stdout)["presets"][0]["seconds"]
            line = f"{preset:26} rlab {seconds:5.2f} s (demo {own:5.2f} s)"
            if app and preset in questions:
                quiz, number = questions[preset]
                exported = os.path.join(work, preset + ".json")
                seconds, done = timed([app, "--content", content, "--quiz", quiz, "--question", str(number),
                                       "--answer", "1", "--run-demo", "--export", exported], env=env)
                if done.returncode != 0:
                    print(f"demo_times: recompute-lab for {preset} failed: {done.stderr.strip()}",
                          file=sys.stderr)
                    return 2
                line += f"   app {seconds:5.2f} s ({quiz} {number})"
            print(line, flush=True)
    print("load:", os.getloadavg())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
