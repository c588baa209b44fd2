# Sourced by the walks: a fresh home and an X display of WxH times SCALE (Xvfb) with openbox as the
# window manager (focus and raise as on a desktop), both ended when the walk exits; the language's
# locale for ru. Needs: out, lang, size, scale set by the caller.
w=${size%x*}; h=${size#*x}
mkdir -p "$out"
home=$(mktemp -d); display=:$((90 + RANDOM % 100))
Xvfb "$display" -screen 0 "$((w * scale))x$((h * scale))x24" -nolisten tcp -noreset &
xvfb=$!
sleep 1
DISPLAY=$display openbox >/dev/null 2>&1 &
wm=$!
trap 'kill $wm $xvfb 2>/dev/null; rm -rf "$home"' EXIT
export DISPLAY=$display HOME=$home QT_SCALE_FACTOR=$scale XDG_CONFIG_HOME=$home/.config XDG_DATA_HOME=$home/.local/share
if [ "$lang" = ru ]; then export LANG=ru_RU.UTF-8 LC_ALL=ru_RU.UTF-8; fi
