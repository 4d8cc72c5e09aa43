# ui-test-lib.sh — shared by the tests that drive the real Kazaki app
# through its exported D-Bus actions (test-ui-app.sh, test-ui-library.sh):
# skips without a display or a session bus, a temporary folder removed at
# exit with the app, TAP counters and the app's start, actions and quit.
# Sourced, not run: `. "$(dirname "$0")/ui-test-lib.sh"` after `set -u`.
#
# SPDX-License-Identifier: GPL-3.0-or-later

KAZAKI=${KAZAKI:?set KAZAKI to the kazaki executable}
CLI=${KAZAKI_CLI:?set KAZAKI_CLI to kazaki-cli}
APP_ID=io.github.kazaki.Kazaki
APP_PATH=/io/github/kazaki/Kazaki

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

# After starting "$KAZAKI" in the background with app_pid=$!: waits until
# its first window exports its actions; fails if the app ends first.
wait_for_app() {
  for _ in $(seq 1 100); do
    if gdbus call --session --dest $APP_ID --object-path $APP_PATH/window/1 \
         --method org.gtk.Actions.List >/dev/null 2>&1; then
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
  gdbus call --session --dest $APP_ID --object-path $APP_PATH/window/1 \
    --method org.gtk.Actions.Activate "$1" "$param" '{}' >/dev/null
}

quit_app() {
  gdbus call --session --dest $APP_ID --object-path $APP_PATH \
    --method org.gtk.Actions.Activate quit '[]' '{}' >/dev/null 2>&1
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
