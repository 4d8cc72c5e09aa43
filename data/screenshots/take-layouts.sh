#!/usr/bin/env bash
# take-layouts.sh — screenshots of the app at a phone's 360 × 640 and at
# 1280 × 800, a game in progress: data/screenshots/narrow-360x640.png and
# wide-1280x800.png.  Run it inside the Debian 13 stack after a build:
#
#   build-aux/test --stack debian13 ui-stack            # builds _build-debian13
#   build-aux/test --stack debian13 --run data/screenshots/take-layouts.sh
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -euo pipefail
cd "$(dirname "$0")/../.."
build=${KAZAKI_BUILDDIR:-_build}
out=data/screenshots
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

shot() {   # shot WIDTH HEIGHT FILE
  local w=$1 h=$2 file=$3
  XDG_DATA_HOME="$tmp/data-$w" XDG_CONFIG_HOME="$tmp/config-$w" XDG_CACHE_HOME="$tmp/cache" \
  GSETTINGS_BACKEND=keyfile GSETTINGS_SCHEMA_DIR="$PWD/$build/data" GTK_A11Y=none \
  xvfb-run -a -s "-screen 0 ${w}x${h}x24" dbus-run-session -- bash -c '
    set -e
    gsettings set io.github.kazaki.Kazaki window-width '"$w"'
    gsettings set io.github.kazaki.Kazaki window-height '"$h"'
    gsettings set io.github.kazaki.Kazaki last-game-kind two-players
    . tests/app-actions.sh
    "$0" & app_pid=$!
    wait_for_app
    for m in d4-e4 d6-e6 c4-d4 c6-d6 b4-c4 e6-e5; do
      win_action play-move "'"'"'$m'"'"'"
      sleep 0.3
    done
    # The pointer off the board (no tooltip in the picture).
    xdotool mousemove '"$((w - 2)) $((h - 2))"'
    sleep 1.5
    import -window root "$1"
    kill $app_pid' "$PWD/$build/src/kazaki" "$file"
  echo "$file"
}

shot 360 640 "$out/narrow-360x640.png"
shot 1280 800 "$out/wide-1280x800.png"
