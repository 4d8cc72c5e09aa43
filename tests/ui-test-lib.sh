# ui-test-lib.sh — shared by the tests that drive the real Kazaki app
# through its exported D-Bus actions (tests/test-ui-*.sh): skips without a
# display or a session bus, a temporary folder removed at exit with the
# app, TAP counters, a private home for the app, its start and its quit;
# the actions and polling come from app-actions.sh.
# Sourced, not run: `. "$(dirname "$0")/ui-test-lib.sh"` after `set -u`.
#
# SPDX-License-Identifier: GPL-3.0-or-later

KAZAKI=${KAZAKI:?set KAZAKI to the kazaki executable}
CLI=${KAZAKI_CLI:?set KAZAKI_CLI to kazaki-cli}
# The app's D-Bus actions and polling: APP_ID, APP_PATH, $WIN, $APP,
# wait_until, wait_for, eventually, wait_for_app, win_action, app_action,
# action_state, enabled.
. "$(dirname "${BASH_SOURCE[0]}")/app-actions.sh"

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
# The plan, after the last test (no count kept by hand), and the exit
# status: 1 if any test failed.
done_testing() { echo "1..$n"; exit $((failed > 0)); }

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
# $tmp/app.log or $tmp/app-TAG.log, and waits for its window
# (wait_for_app, app-actions.sh).  $APP_MESSAGES_DEBUG, when set, is the
# app's G_MESSAGES_DEBUG (e.g. all, for its "announce: …" lines): set for
# the app alone, its debug lines go to its log, and the GIO tools the
# test runs (gdbus, gsettings) print none into the TAP output.
start_app() {   # start_app [TAG]
  G_MESSAGES_DEBUG=${APP_MESSAGES_DEBUG:-${G_MESSAGES_DEBUG:-}} \
    "$KAZAKI" >"$tmp/app${1:+-$1}.log" 2>&1 &
  app_pid=$!
  wait_for_app
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
# One warning is GTK's own and is not counted: GTK >= 4.22's SVG animation
# (gtk_svg_advance, for its animated icons) warns "time went backward" when
# the frame clock steps back under Xvfb (seen once on the Debian 14 stack,
# GTK 4.24); no Kazaki code is on that path.
check_no_criticals() {   # check_no_criticals LOG...
  local gtk_own='gtk_svg_advance: time went backward'
  grep -H -B8 -A3 -E "CRITICAL|Gtk-WARNING" "$@" >&2 || true
  if grep -h -E 'CRITICAL|Gtk-WARNING|GLib-GObject-WARNING' "$@" | grep -v -F "$gtk_own" > "$tmp/criticals"; then
    not_ok "no critical warnings from the app" "$(head -20 "$tmp/criticals")"
  else
    ok "no critical warnings from the app"
  fi
}
