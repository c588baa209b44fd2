#!/usr/bin/env bash
# The learner's walk by mouse (tests/walk/mouse_walk.py) in a real X window: Xvfb at WxH times
# SCALE, openbox as the window manager, a D-Bus session with the accessibility bus, through which
# the walk finds each control as a screen reader would. Screenshots and the idle CPU after every
# step go to OUTDIR (walk.tsv). Not a ctest: the pictures are for a person to look at.
#
# usage: tests/walk/mouse_walk.sh APP OUTDIR [LANG [WxH [SCALE [QUIZ [FIRST [COUNT [--dark]]]]]]]
#   COUNT questions from question FIRST of QUIZ, e.g.
#   tests/walk/mouse_walk.sh build/bin/recompute-lab /tmp/walk ru 1024x700 1 gradient-checkpointing 3 2 --dark
# Needs Xvfb, openbox, xdotool, ImageMagick's import, dbus and python3-pyatspi (Debian packages).
set -euo pipefail
app=$(realpath "$1"); out=$(realpath -m "$2"); lang=${3:-en}; size=${4:-1280x800}; scale=${5:-1}
quiz=${6:-gradient-checkpointing}; first=${7:-1}; questions=${8:-2}; dark=${9:-}
here=$(dirname "$(realpath "$0")")
. "$here/x_session.sh"
export QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 QT_QPA_PLATFORM=xcb
dbus-run-session -- bash -c '/usr/libexec/at-spi-bus-launcher --launch-immediately & sleep 1
    exec /usr/bin/python3 "$0" "$@"' "$here/mouse_walk.py" "$app" "$out" "$lang" "$size" "$scale" "$quiz" "$first" "$questions" $dark \
    2> >(grep -v -e "dbus-daemon" -e "SpiRegistry" >&2)
