#!/usr/bin/env python3
"""Proves issue 26's must-show for live figures: changing a preset's default shape without touching
the texts makes `rlab check-claims` exit 1 naming each stale figure at its file:line:column, while
the untouched pack passes; a reference to a run that does not exist is a `check-content` error at
its position. Runs on the example pack (content/examples/first-pack, one tiny preset): seconds.

usage: check_live_figures.py WORKDIR PACK -- RLAB
"""
import re
import shutil
import subprocess
import sys
from pathlib import Path


def main() -> int:
    work, pack, sep, rlab = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], sys.argv[4]
    assert sep == "--"
    shutil.rmtree(work, ignore_errors=True)
    tree = work / "pack"
    shutil.copytree(pack, tree)
    quiz = tree / "quizzes/my-first-quiz/quiz.yaml"
    presets = tree / "demos/presets.yaml"

    def claims():
        return subprocess.run([rlab, "check-claims", str(tree), "--min-time", "0"], capture_output=True, text=True)

    fresh = claims()
    if fresh.returncode != 0 or "1 of 1 live figures hold" not in fresh.stdout:
        print("the untouched pack should pass:", fresh.stdout, fresh.stderr, sep="\n")
        return 1
    # Where the figure is, as the error must name it.
    lines = quiz.read_text().splitlines()
    line = next(i for i, text in enumerate(lines, 1) if "{{" in text)
    column = lines[line - 1].index("{{") + 1

    # One block: full then keeps its input and rebuilds that block, near what none keeps.
    text = presets.read_text()
    changed = text.replace("layers: 4,", "layers: 1,")
    assert changed != text
    presets.write_text(changed)
    stale = claims()
    expected = f"pack/quizzes/my-first-quiz/quiz.yaml:{line}:{column}: error: the live figure"
    if stale.returncode != 1 or expected not in stale.stderr or "has drifted" not in stale.stdout:
        print(f"a changed shape should fail naming {expected}:", stale.stdout, stale.stderr, sep="\n")
        return 1
    print(re.search(r".*error: the live figure.*", stale.stderr).group(0))

    # A run the preset does not have is the checker's error, at the run's own column.
    presets.write_text(text)
    quiz.write_text(quiz.read_text().replace("{{keep-or-recompute full ", "{{keep-or-recompute fulll "))
    checked = subprocess.run([rlab, "check-content", str(tree)], capture_output=True, text=True)
    where = f"pack/quizzes/my-first-quiz/quiz.yaml:{line}:{column + len('{{keep-or-recompute ')}: error: live figure:"
    if checked.returncode != 1 or where not in checked.stderr or "no run 'fulll'" not in checked.stderr:
        print(f"a missing run should be reported at {where}:", checked.stdout, checked.stderr, sep="\n")
        return 1
    print("live figures: a fresh pack holds, a changed shape names the stale figure, a missing run is placed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
