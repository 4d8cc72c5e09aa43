#!/usr/bin/env bash
# test-ui-troops.sh — the Troops page in the running app, opened through
# its D-Bus action app.troops: the action is exported, the window comes up
# titled "Troops" and Escape closes it; app.show-troop (what "Who Is This?"
# on a piece activates) opens it too, and refuses a troop that is not one.
# TAP output.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

# shellcheck source=ui-test-lib.sh
. "${UI_TEST_LIB:-$(dirname "$0")/ui-test-lib.sh}"

use_private_home keyfile
gsettings set io.github.kazaki.Kazaki how-to-play-offered true
export NO_AT_BRIDGE=1
export GTK_A11Y=none

check "the app starts" start_app
check "app.troops is exported" sh -c "$APP.List | grep -q \"'troops'\""
check "app.show-troop is exported" sh -c "$APP.List | grep -q \"'show-troop'\""

troops_shown() { xdotool search --onlyvisible --name '^Troops$' >/dev/null 2>&1; }
troops_gone() { ! troops_shown; }
if have_xdotool; then
  app_action troops
  check "app.troops shows the Troops window" wait_for 10 troops_shown
  xdotool search --onlyvisible --name '^Troops$' windowactivate --sync >/dev/null 2>&1
  xdotool key Escape
  check "Escape closes it" wait_for 10 troops_gone
  app_action troops
  check "app.troops shows it again" wait_for 10 troops_shown
  xdotool search --onlyvisible --name '^Troops$' windowactivate --sync >/dev/null 2>&1
  xdotool key Escape
  wait_for 10 troops_gone
  app_action show-troop "(7, 0)"
  sleep 1
  check "app.show-troop refuses a side that is none" troops_gone
  app_action show-troop "(1, 3)"
  check "app.show-troop (the pasha) shows the Troops window" wait_for 10 troops_shown
else
  skip "app.troops shows the Troops window" "xdotool is not installed"
  skip "Escape closes it" "xdotool is not installed"
  skip "app.troops shows it again" "xdotool is not installed"
  skip "app.show-troop refuses a side that is none" "xdotool is not installed"
  skip "app.show-troop (the pasha) shows the Troops window" "xdotool is not installed"
fi
quit_app
check_no_criticals "$tmp/app.log"
done_testing
