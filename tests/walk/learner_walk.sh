#!/usr/bin/env bash
# A learner's path through the app in a real X window (Xvfb with openbox, driven by keys with
# xdotool), with a screenshot after every step: the start page, a question answered, its demo run,
# the explore page and each of its tabs, the guide page, the next question, the Planner and back, the
# Language menu, the keyboard help, and a restart that keeps the place. After every step it also
# records the CPU the app used while nothing happened (OUTDIR/idle-cpu.tsv: the step, and the
# process's CPU seconds over the 3 s after it settled), which is near 0 for a calm app.
# Not a ctest: the pictures are for a person to look at (docs/testing.md, "The learner's walk").
#
# usage: tests/walk/learner_walk.sh APP OUTDIR [LANG [WxH [SCALE [--dark]]]]
#   e.g. tests/walk/learner_walk.sh build/bin/recompute-lab /tmp/walk ru 1024x700 1 --dark
# Needs Xvfb, openbox, xdotool and ImageMagick's import (Debian: xvfb openbox xdotool imagemagick).
set -euo pipefail
app=$(realpath "$1"); out=$2; lang=${3:-en}; size=${4:-1280x800}; scale=${5:-1}; dark=${6:-}
. "$(dirname "$(realpath "$0")")/x_session.sh"
step=0
ticks() { awk '{print $14 + $15}' "/proc/$pid/stat"; }
printf 'step\tidle_cpu_s_over_3s\n' >"$out/idle-cpu.tsv"
shot() { # NAME [SETTLE]: a picture of the whole screen, then the CPU the app uses while left alone
    sleep "${2:-1}"
    step=$((step + 1))
    import -window root "$out/$(printf %02d $step)-$1-$lang-$size-x$scale.png"
    [ -e "/proc/$pid/stat" ] || return 0
    local before; before=$(ticks); sleep 3
    printf '%s\t%s\n' "$(printf %02d $step)-$1" \
        "$(awk -v a="$before" -v b="$(ticks)" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f", (b - a) / hz }')" \
        >>"$out/idle-cpu.tsv"
}
start() {
    "$app" --lang "$lang" $dark "$@" &
    pid=$!
    win=$(xdotool search --sync --onlyvisible --pid "$pid" | head -1)
    xdotool windowmove "$win" 0 0 windowsize "$win" "$((w * scale))" "$((h * scale))" windowfocus --sync "$win" 2>/dev/null || true
    sleep 2
}
# Real key presses (XTEST) into the focused window, as a keyboard gives them: Qt ignores sent events.
key() { xdotool key --delay 100 "$@" 2>/dev/null || true; }

start
shot start
start_pid=$pid
kill -TERM "$start_pid"; wait "$start_pid" || true
start --quiz gradient-checkpointing
shot question
key 1
shot answered
key r
shot demo-running 1 # a run is going on: busy by design, the check below leaves it out
shot demo-done 8
key e
shot explore-page
for tab in 2 3 4 5 6 7; do # the result tabs, one after another (Ctrl+Tab in the tab bar)
    key ctrl+Tab
    shot "explore-tab-$tab"
done
key Escape
shot back-to-lesson
key g
shot guide-page
key Escape
key Return
shot next-question
key ctrl+p
shot planner 2
key ctrl+Home
shot back-to-quizzes
key ctrl+shift+l
shot language-menu
key Escape
key F1
shot shortcuts
key Escape
kill -TERM "$pid"; wait "$pid" || true # ends the event loop as Quit does
start --quiz gradient-checkpointing
shot restarted
kill -TERM "$pid"; wait "$pid" || true # ends the event loop as Quit does
echo "learner_walk: $step screenshots in $out; idle CPU per step in $out/idle-cpu.tsv"
awk -F'\t' 'NR > 1 && $1 !~ /running/ && $2 > 0.15 { print "learner_walk: not calm after " $1 ": " $2 " s of CPU in 3 s"; bad = 1 } END { exit bad }' \
    "$out/idle-cpu.tsv"
