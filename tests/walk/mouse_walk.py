#!/usr/bin/python3
"""A learner's walk by mouse through questions of a quiz in a real X window: the app's controls are
found as a screen reader finds them (AT-SPI: role, name and place on the screen) and clicked with
real pointer events (xdotool, XTEST), as a hand would. For each question: the prediction (when the
demo asks for one), Run, the answer view when the run ends, Explore this run and every tab on it,
back, the guide page and back, an answer (a second try where the first was wrong) and Next. After
every step a screenshot and the CPU time the app used over the next 3 s while left alone (near 0
for a calm app) go to OUTDIR; walk.tsv lists them. Exit status 1 when a step found no control to
click, a run never ended, or the app was not calm after a step.

Run it through tests/walk/mouse_walk.sh, which starts Xvfb, openbox, a D-Bus session and the
accessibility bus (docs/testing.md, "The learner's walk"). Needs python3-pyatspi, xdotool and
ImageMagick's import.

usage: mouse_walk.py APP OUTDIR LANG WxH SCALE QUIZ FIRST COUNT [--dark]
  COUNT questions from question FIRST (from 1) of QUIZ.
"""
import os
import re
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

import pyatspi

APP, OUT, LANG, SIZE, SCALE, QUIZ, FIRST, QUESTIONS = sys.argv[1:9]
DARK = "--dark" in sys.argv[9:]
WIDTH, HEIGHT = (int(v) for v in SIZE.split("x"))
SCALE, FIRST, QUESTIONS = int(SCALE), int(FIRST), int(QUESTIONS)
LEAVES = {"table", "tree table", "list", "tree", "text", "document frame", "document text", "paragraph"}
CALM_CPU_SECONDS = 0.15  # of 3 s left alone: a few repaints, never a loop
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
problems = []


def translations():
    """English source text -> the language's, from the app's own translation file."""
    table = {}
    path = os.path.join(ROOT, "translations", f"recompute-lab_{LANG}.ts")
    if LANG == "en" or not os.path.exists(path):
        return table
    for message in ET.parse(path).getroot().iter("message"):
        source, translation = message.findtext("source"), message.find("translation")
        if source and translation is not None and translation.text and source not in table:
            table[source] = translation.text
    return table


TR = translations()


def said(english):
    """The text as the app says it in LANG, without mnemonic ampersands."""
    return TR.get(english, english).replace("&&", "\0").replace("&", "").replace("\0", "&")


def app_accessible():
    desktop = pyatspi.Registry.getDesktop(0)
    for _ in range(100):
        for i in range(desktop.childCount):
            child = desktop.getChildAtIndex(i)
            if child is not None and child.name == "recompute-lab":
                return child
        time.sleep(0.2)
    sys.exit("mouse_walk: the app never showed on the accessibility bus")


def showing(root, roles):
    """(role, name, (x, y, w, h), accessible) of every showing widget of these roles, in tree order."""
    found = []

    def walk(acc, depth):
        if acc is None or depth > 60:
            return
        try:
            state = acc.getState()
            if not state.contains(pyatspi.STATE_SHOWING):
                return
            role = acc.getRoleName()
            if role in roles:
                ext = acc.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
                if ext.width > 0 and ext.height > 0:
                    found.append((role, acc.name, (ext.x, ext.y, ext.width, ext.height), acc))
            if role in LEAVES:
                return  # their cells and lines hold no control, and reading them is slow
            for i in range(acc.childCount):
                walk(acc.getChildAtIndex(i), depth + 1)
        except Exception:  # a widget that went away while it was read
            return

    walk(root, 0)
    return found


def find(root, role, name=None, pattern=None):
    for r, n, ext, acc in showing(root, {role}):
        if (name is None or n == name) and (pattern is None or re.search(pattern, n or "")):
            return ext, acc
    return None, None


ORIGIN = [0, 0, 0, 0]  # the window's frame: its AT-SPI place (x, y) and its place on the screen (x, y)


def click(ext, along=0.5):
    # Qt 6.4 reports AT-SPI extents in its logical pixels: with QT_SCALE_FACTOR the screen's are
    # SCALE times larger (a screen reader that points would miss too; see docs/testing.md). A place
    # is taken relative to the window's frame, scaled, from where X has the window.
    x, y, w, h = ext
    sx, sy = x + w * along, y + h / 2  # at scale 1 the places are the screen's
    if SCALE != 1:
        fx, fy, wx, wy = ORIGIN
        sx, sy = wx + (sx - fx) * SCALE, wy + (sy - fy) * SCALE
    subprocess.run(["xdotool", "mousemove", "--sync", str(int(sx)), str(int(sy)), "click", "1"], check=False)


def find_origin(root, window):
    frames = showing(root, {"frame"})
    geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", window], capture_output=True, text=True).stdout
    values = dict(line.split("=", 1) for line in geometry.split() if "=" in line)
    if frames:
        ORIGIN[:] = [frames[0][2][0], frames[0][2][1], int(values.get("X", 0)), int(values.get("Y", 0))]


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


step = 0
rows = []


def shot(pid, name, settle=1.0, busy_by_design=False):
    global step
    time.sleep(settle)
    step += 1
    label = f"{step:03d}-{name}"
    subprocess.run(["import", "-window", "root", os.path.join(OUT, f"{label}-{LANG}-{SIZE}-x{SCALE}.png")], check=False)
    before = cpu_ticks(pid)
    time.sleep(3)
    cpu = (cpu_ticks(pid) - before) / os.sysconf("SC_CLK_TCK")
    rows.append((label, cpu))
    if cpu > CALM_CPU_SECONDS and not busy_by_design:
        problems.append(f"not calm after {label}: {cpu:.2f} s of CPU in 3 s")


def click_named(root, role, english, what):
    ext, _ = find(root, role, said(english))
    if ext is None:
        problems.append(f"question walk: no {role} '{said(english)}' ({what}) to click")
        return False
    click(ext)
    return True


def wait_run_end(root, timeout=180):
    """Until the Run button is enabled again (the run ended) or a confirmation is asked."""
    time.sleep(0.5)
    start = time.time()
    while time.time() - start < timeout:
        _, run = find(root, "push button", said("&Run demo"))
        if run is not None and run.getState().contains(pyatspi.STATE_ENABLED):
            return True
        time.sleep(0.3)
    problems.append("a demo run did not end within 3 minutes")
    return False


def answer(root, pid, k):
    """An answer by a click on the first option; a hint asks for a second try: the next option."""
    prefix = re.escape(said("Option %1: %2").split("%1")[0])
    right = said("Correct answer")
    for option in range(1, 5):
        ext, _ = find(root, "push button", pattern=rf"^{prefix}{option}\b")
        if ext is None:
            break
        click(ext)
        shot(pid, f"q{k}-answer-{option}")
        answered = any(acc.description == right for role, name, _, acc in showing(root, {"push button"})
                       if re.match(rf"^{prefix}\d", name or ""))
        if answered:
            break


def go_on(root):
    if not click_named(root, "push button", "Next", "next question"):
        click_named(root, "push button", "See results", "results")


def walk_question(root, pid, k):
    if find(root, "push button", said("&Run demo"))[0] is None:  # a question without a demo
        if click_named(root, "push button", "&Guide", "guide"):
            shot(pid, f"q{k}-guide")
            click_named(root, "push button", "◀ Back to the question", "back from the guide")
        answer(root, pid, k)
        go_on(root)
        return
    # The prediction: a run to choose (a combo box) or a percentage (a slider), when the demo asks.
    ext, combo = find(root, "combo box")
    if ext is not None:
        click(ext)
        time.sleep(0.5)
        subprocess.run(["xdotool", "key", "Down", "Return"], check=False)
        shot(pid, f"q{k}-predicted")
    predict = said("Predict before you run: %1 of %2 as a percentage of %3's?").split("%1")[0]
    ext, _ = find(root, "slider", pattern="^" + re.escape(predict))
    if ext is not None:  # a percentage to predict: a click a third of the way along its slider
        click(ext, along=1 / 3)
        shot(pid, f"q{k}-predicted")
    if click_named(root, "push button", "&Run demo", "Run"):
        shot(pid, f"q{k}-running", settle=0.5, busy_by_design=True)
        wait_run_end(root)
        shot(pid, f"q{k}-run-done")
    # Each size slider, clicked a quarter of the way along: the bars move (predicted), and letting
    # go measures at the new size (a run over 30 s would be asked for first: Run again then).
    for index, (_, name, ext, _) in enumerate(showing(root, {"slider"})):
        click(ext, along=0.25)
        wait_run_end(root)
        shot(pid, f"q{k}-slider-{index + 1}")
    # The explore page and each of its tabs, by a click on the tab.
    if click_named(root, "push button", "E&xplore this run…", "explore"):
        shot(pid, f"q{k}-explore")
        tabs = [name for _, name, _, _ in showing(root, {"page tab"})]
        for name in tabs:
            ext, _ = find(root, "page tab", name)
            if ext is None:
                continue
            click(ext)
            shot(pid, f"q{k}-tab-{re.sub(r'[^A-Za-z0-9]+', '_', name)[:20] or 'tab'}")
        click_named(root, "push button", "◀ Back to the question", "back from explore")
        shot(pid, f"q{k}-lesson-again")
    if click_named(root, "push button", "&Guide", "guide"):
        shot(pid, f"q{k}-guide")
        click_named(root, "push button", "◀ Back to the question", "back from the guide")
    answer(root, pid, k)
    go_on(root)


def main():
    os.makedirs(OUT, exist_ok=True)
    args = [APP, "--lang", LANG, "--quiz", QUIZ, "--question", str(FIRST)] + (["--dark"] if DARK else [])
    app = subprocess.Popen(args)
    root = app_accessible()
    time.sleep(1)
    subprocess.run(["xdotool", "search", "--sync", "--onlyvisible", "--pid", str(app.pid)], capture_output=True, check=False)
    wins = subprocess.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.pid)], capture_output=True, text=True).stdout.split()
    if wins:
        subprocess.run(["xdotool", "windowmove", wins[0], "0", "0", "windowsize", wins[0], str(WIDTH * SCALE), str(HEIGHT * SCALE)], check=False)
        time.sleep(1)
        find_origin(root, wins[0])
    shot(app.pid, f"q{FIRST}-opened", settle=2)
    for k in range(FIRST, FIRST + QUESTIONS):
        walk_question(root, app.pid, k)
        shot(app.pid, f"q{k + 1}-opened")
    app.terminate()
    app.wait(timeout=30)
    with open(os.path.join(OUT, "walk.tsv"), "a") as tsv:
        for label, cpu in rows:
            tsv.write(f"{LANG}\t{SIZE}\tx{SCALE}\t{label}\t{cpu:.2f}\n")
    for problem in problems:
        print(f"mouse_walk ({LANG} {SIZE} x{SCALE}): {problem}")
    print(f"mouse_walk ({LANG} {SIZE} x{SCALE}): {step} steps, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
