# app-actions.sh — driving the running Kazaki app through the actions it
# exports on the session bus (org.gtk.Actions), and polling.  The one copy
# shared by the UI shell tests (through tests/ui-test-lib.sh),
# build-aux/flatpak-check and data/screenshots/take-*.sh.
# Sourced, not run; defines variables and functions only (no output, no
# traps, no exit).  $app_pid, when set, is the app's process: the helpers
# that wait for it fail at once if it has ended.
#
# SPDX-License-Identifier: GPL-3.0-or-later

APP_ID=io.github.kazaki.Kazaki
APP_PATH=/io/github/kazaki/Kazaki
export APP_ID APP_PATH
# Method prefixes for the actions of the first window and of the app,
# e.g. `$WIN.List`, `$WIN.Describe review`, `$APP.Activate …`.
WIN="gdbus call --session --dest $APP_ID --object-path $APP_PATH/window/1 --method org.gtk.Actions"
APP="gdbus call --session --dest $APP_ID --object-path $APP_PATH --method org.gtk.Actions"

# Runs COMMAND every 0.2 s until it succeeds, for up to SECONDS of wall
# time (the machine may be loaded), at least once; its output is kept.
wait_until() {   # wait_until SECONDS COMMAND...
  local end=$((SECONDS + $1)); shift
  until "$@"; do
    [ "$SECONDS" -lt "$end" ] || return 1
    sleep 0.2
  done
}
# The same with COMMAND's output thrown away.
wait_for() {   # wait_for SECONDS COMMAND...
  local seconds=$1; shift
  wait_until "$seconds" _quietly "$@"
}
_quietly() { "$@" >/dev/null 2>&1; }
# wait_until with 10 s, for the tests' checks.
eventually() { wait_until 10 "$@"; }
export -f wait_until wait_for _quietly eventually

# Whether the app started in the background ($app_pid) still runs (true
# when there is no $app_pid).
app_alive() { [ -z "${app_pid:-}" ] || kill -0 "$app_pid" 2>/dev/null; }

# Whether the app's first window exports its actions now.
actions_exported() { app_alive && $WIN.List >/dev/null 2>&1; }

# Waits up to SECONDS (default 20) until the first window exports its
# actions; fails if the app ends first.
wait_for_app() {   # wait_for_app [SECONDS]
  local end=$((SECONDS + ${1:-20}))
  until actions_exported; do
    app_alive && [ "$SECONDS" -lt "$end" ] || return 1
    sleep 0.2
  done
}

win_action() {   # win_action NAME [GVARIANT-PARAM]
  local param="[]"
  [ $# -gt 1 ] && param="[<$2>]"
  $WIN.Activate "$1" "$param" '{}' >/dev/null
}

app_action() {   # app_action NAME [GVARIANT-PARAM]
  local param="[]"
  [ $# -gt 1 ] && param="[<$2>]"
  $APP.Activate "$1" "$param" '{}' >/dev/null
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
