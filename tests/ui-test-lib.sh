# ui-test-lib.sh — shared by the tests that drive the real Kazaki app
# through its exported D-Bus actions (tests/test-ui-*.sh): skips without a
# display or a session bus, a temporary folder removed at exit with the
# app, TAP counters, a private home for the app, its start, its actions
# and their states, polling, and its quit.
# Sourced, not run: `. "$(dirname "$0")/ui-test-lib.sh"` after `set -u`.
#
# SPDX-License-Identifier: GPL-3.0-or-later

KAZAKI=${KAZAKI:?set KAZAKI to the kazaki executable}
CLI=${KAZAKI_CLI:?set KAZAKI_CLI to kazaki-cli}
APP_ID=io.github.kazaki.Kazaki
APP_PATH=/io/github/kazaki/Kazaki
export APP_ID APP_PATH
# Method prefixes for the actions of the first window and of the app,
# e.g. `$WIN.List`, `$WIN.Describe review`, `$APP.Activate …`.
WIN="gdbus call --session --dest $APP_ID --object-path $APP_PATH/window/1 --method org.gtk.Actions"
APP="gdbus call --session --dest $APP_ID --object-path $APP_PATH --method org.gtk.Actions"

if [ -z "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ] || [ -z "${DBUS_SESSION_BUS_ADDRESS:-}" ]; then
  echo "1..0 # SKIP needs a display and a session bus (run ./build-aux/test)"
  exit 0
fi
if gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
     --method org.freedesktop.DBus.NameHasOwner "$APP_ID" 2>/dev/null | grep -q true; then
  echo "1..0 # SKIP $APP_ID already runs on this session bus"
  exit 0
fi

tmp=$(mktemp -d)
app_pid=
cleanup() {
  if [ -n "$app_pid" ] && kill -0 "$app_pid" 2>/dev/null; then
    kill "$app_pid" 2>/dev/null; wait "$app_pid" 2>/dev/null
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT

n=0
failed=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); failed=$((failed + 1)); echo "not ok $n - $1"; [ $# -gt 1 ] && echo "$2" | sed 's/^/# /'; }
check() { local what=$1; shift; if "$@"; then ok "$what"; else not_ok "$what"; fi; }
skip() { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }

have_xdotool() { command -v xdotool >/dev/null 2>&1 && [ -n "${DISPLAY:-}" ]; }

# Puts the pointer (xdotool) in the middle of the alert whose title
# matches TITLE-REGEX: a window of its own (libadwaita < 1.5), else the
# app's window that draws it (AdwAlertDialog). With no window manager the
# keyboard goes to the window under the pointer. Fails if there is neither.
point_at_alert() {   # point_at_alert TITLE-REGEX
  local target
  target=$(xdotool search --name "$1" 2>/dev/null | head -1)
  [ -n "$target" ] || target=$(xdotool search --onlyvisible --pid "$app_pid" 2>/dev/null | head -1)
  [ -n "$target" ] || return 1
  eval "$(xdotool getwindowgeometry --shell "$target")"
  xdotool mousemove $((X + WIDTH / 2)) $((Y + HEIGHT / 2))
}

# Polls COMMAND every 0.2 s until it succeeds, for up to SECONDS (the
# machine may be loaded); eventually: up to 10 s.
wait_until() {   # wait_until SECONDS COMMAND...
  local limit=$(( $1 * 5 )); shift
  for _ in $(seq 1 $limit); do "$@" && return 0; sleep 0.2; done
  return 1
}
eventually() { wait_until 10 "$@"; }
export -f wait_until eventually

# The app's settings (BACKEND: memory, or keyfile for settings shared with
# gsettings), cache and data in $tmp; $db is its games database there.
use_private_home() {   # use_private_home memory|keyfile
  export GSETTINGS_BACKEND=$1
  export XDG_CONFIG_HOME="$tmp/config"
  export XDG_CACHE_HOME="$tmp/cache"
  export XDG_DATA_HOME="$tmp/data"
  db="$XDG_DATA_HOME/kazaki/games.db"
  mkdir -p "$XDG_DATA_HOME/kazaki"
}

# Starts "$KAZAKI" in the background (app_pid), its output in
# $tmp/app.log or $tmp/app-TAG.log, and waits for its window.
start_app() {   # start_app [TAG]
  "$KAZAKI" >"$tmp/app${1:+-$1}.log" 2>&1 &
  app_pid=$!
  wait_for_app
}

# After starting "$KAZAKI" in the background with app_pid=$!: waits until
# its first window exports its actions; fails if the app ends first.
wait_for_app() {
  for _ in $(seq 1 100); do
    if $WIN.List >/dev/null 2>&1; then
      return 0
    fi
    kill -0 "$app_pid" 2>/dev/null || return 1
    sleep 0.2
  done
  return 1
}

win_action() {   # win_action NAME [GVARIANT-PARAM]
  local param="[]"
  [ $# -gt 1 ] && param="[<$2>]"
  $WIN.Activate "$1" "$param" '{}' >/dev/null
}

app_action() {   # app_action NAME
  $APP.Activate "$1" '[]' '{}' >/dev/null
}

# The state of a window action, e.g. "uint32 3", "'b4-a4'" or "true"
# (exported: usable in `bash -c`).
action_state() {   # action_state NAME
  gdbus call --session --dest "$APP_ID" --object-path "$APP_PATH/window/1" \
    --method org.gtk.Actions.Describe "$1" | sed -n 's/.*\[<\(.*\)>\]).*/\1/p'
}
export -f action_state

# Whether a window action can be activated now.
enabled() {   # enabled NAME
  $WIN.Describe "$1" | grep -q '^((true,'
}

# How many games the database holds (default: $db).
game_count() {   # game_count [DB]
  "$CLI" --db "${1:-$db}" list 2>/dev/null | awk '$1 ~ /^[0-9]+$/' | wc -l
}

quit_app() {
  $APP.Activate quit '[]' '{}' >/dev/null 2>&1
  for _ in $(seq 1 50); do
    kill -0 "$app_pid" 2>/dev/null || { wait "$app_pid"; local rc=$?; app_pid=; return $rc; }
    sleep 0.2
  done
  return 1
}

# One TAP line: no GTK or GLib critical in the app's logs.
check_no_criticals() {   # check_no_criticals LOG...
  if grep -h -E 'CRITICAL|Gtk-WARNING|GLib-GObject-WARNING' "$@" > "$tmp/criticals"; then
    not_ok "no critical warnings from the app" "$(head -20 "$tmp/criticals")"
  else
    ok "no critical warnings from the app"
  fi
}
