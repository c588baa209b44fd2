#!/usr/bin/env bash
# A learner's path through the app in a real X window (Xvfb, driven by keys with xdotool), with a
# screenshot after every step: the start page, a question answered, its demo run, the next question,
# the Planner and back, the Language menu, the keyboard help, and a restart that keeps the place.
# Not a ctest: the pictures are for a person to look at (docs/testing.md, "The learner's walk").
#
# usage: tests/walk/learner_walk.sh APP OUTDIR [LANG [WxH [SCALE [--dark]]]]
#   e.g. tests/walk/learner_walk.sh build/bin/recompute-lab /tmp/walk ru 1024x700 1 --dark
# Needs Xvfb, xdotool and ImageMagick's import (Debian: xvfb xdotool imagemagick).
set -euo pipefail
app=$(realpath "$1"); out=$2; lang=${3:-en}; size=${4:-1280x800}; scale=${5:-1}; dark=${6:-}
w=${size%x*}; h=${size#*x}
mkdir -p "$out"
home=$(mktemp -d); display=:$((90 + RANDOM % 100))
Xvfb "$display" -screen 0 "$((w * scale))x$((h * scale))x24" -nolisten tcp -noreset &
xvfb=$!
trap 'kill $xvfb 2>/dev/null; rm -rf "$home"' EXIT
sleep 1
export DISPLAY=$display HOME=$home QT_SCALE_FACTOR=$scale XDG_CONFIG_HOME=$home/.config XDG_DATA_HOME=$home/.local/share
[ "$lang" = ru ] && export LANG=ru_RU.UTF-8 LC_ALL=ru_RU.UTF-8
step=0
shot() { # NAME: a picture of the whole screen
    sleep "${2:-1}"
    step=$((step + 1))
    import -window root "$out/$(printf %02d $step)-$1-$lang-$size-x$scale.png"
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
shot demo-running 1
shot demo-done 8
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
echo "learner_walk: $step screenshots in $out"
