#!/usr/bin/env bash
# test-ui-guide.sh — the guided game in the real app, driven through its
# exported D-Bus actions: win.guided-game starts a game against the
# computer at level 1 with the aids on; after a move that leaves pieces
# hanging they are named (the danger), the computer's capture is explained
# in one sentence and announced with the capture the player now must make;
# each aid goes off and comes back through its action (win.guide-*, the
# settings of the same names); a game that is not guided shows no aid; the
# guided game is still guided when the app starts again.  The panel logs
# what it shows as "guide: …" and the board what it announces as
# "announce: …" (g_debug).  TAP output.
#
# Needs a display and a private session bus: ./build-aux/test runs the
# tests under xvfb-run and dbus-run-session.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

# shellcheck source=ui-test-lib.sh
. "${UI_TEST_LIB:-$(dirname "$0")/ui-test-lib.sh}"

use_private_home keyfile
gsettings set io.github.kazaki.Kazaki how-to-play-offered true
gsettings set io.github.kazaki.Kazaki animation-speed off
gsettings set io.github.kazaki.Kazaki sounds false
export NO_AT_BRIDGE=1
export GTK_A11Y=none
export LANGUAGE=C
# The guide's and the board's g_debug lines, in the app's log only
# (APP_MESSAGES_DEBUG, ui-test-lib.sh): none from gdbus or gsettings here.
APP_MESSAGES_DEBUG=all

log() { cat "$tmp/app.log"; }
# The last line the panel logged.
last_guide() { grep 'guide: ' "$tmp/app.log" | tail -1; }
guide_says() { last_guide | grep -q -- "$1"; }
export -f last_guide guide_says
export tmp

check "the app starts" start_app
check "win.guided-game is exported" grep -q "'guided-game'" <<<"$($WIN.List 2>&1)"
check "win.guide-danger is exported" grep -q "'guide-danger'" <<<"$($WIN.List 2>&1)"

win_action guided-game
check "win.guided-game starts a guided game" eventually guide_says "guide: move: off"
check "… against the computer at level 1, no clock" \
  eventually bash -c "[ \"\$(sqlite3 -readonly '$db' 'SELECT cossacks_level, turks_level FROM games ORDER BY id DESC LIMIT 1')\" = '0|1' ]"
check "… and tagged Guided" \
  bash -c "'$CLI' --db '$db' show \$(sqlite3 -readonly '$db' 'SELECT max(id) FROM games') | grep -q '^\[Guided \"yes\"\]'"

# c4-c5 leaves c5 (and b4, d4 behind it) to the Turk on c6, which must take.
win_action play-move "'c4-c5'"
check "the pieces in danger are named" \
  eventually grep -q "guide: .*danger: In danger: your pieces on b4, d4 and c5 could be taken next turn. (3 marked)" "$tmp/app.log"
check "the computer's capture is explained" \
  eventually grep -q "guide: move: Computer: Took .*c5: capturing is compulsory\." "$tmp/app.log"
check "… and announced, with the capture the player must make" \
  eventually grep -q "announce: Computer: Took .*c5: capturing is compulsory\. Capturing is compulsory: [ae]3 can take [ae]4\." "$tmp/app.log"

$WIN.SetState guide-danger "<false>" "{}" >/dev/null
check "win.guide-danger off: no danger shown" eventually guide_says "danger: off (0 marked)"
check "… and the setting is off" eventually bash -c '[ "$(gsettings get io.github.kazaki.Kazaki guide-danger)" = false ]'
$WIN.SetState guide-danger "<true>" "{}" >/dev/null
check "… on again: shown again" eventually guide_says "danger: None of your pieces"

$WIN.SetState guide-must-capture "<false>" "{}" >/dev/null
check "win.guide-must-capture off: the reason goes" eventually guide_says "capture: off"
$WIN.SetState guide-must-capture "<true>" "{}" >/dev/null
check "… on again: the reason is back" eventually guide_says "capture: Capturing is compulsory: [ae]3 can take [ae]4\."

$WIN.SetState guide-explain "<false>" "{}" >/dev/null
check "win.guide-explain off: the sentence goes" eventually guide_says "guide: move: off"
$WIN.SetState guide-explain "<true>" "{}" >/dev/null
check "… on again" eventually guide_says "guide: move: Computer: Took"

$WIN.SetState guide-legal-moves "<false>" "{}" >/dev/null
check "win.guide-legal-moves off" eventually guide_says "legal moves: off"
$WIN.SetState guide-legal-moves "<true>" "{}" >/dev/null
check "… on again" eventually guide_says "legal moves: on"

$WIN.SetState guide-roads "<false>" "{}" >/dev/null
check "win.guide-roads off: no road drawn" eventually guide_says "roads: off"
$WIN.SetState guide-roads "<true>" "{}" >/dev/null
check "… on again" eventually guide_says "roads: [0-9]"

# Reviewing the game: the review board takes the board's place, and the
# aids (about the game played) go with it.
$WIN.SetState review "<true>" "{}" >/dev/null
check "win.review: the aids are hidden under the review" eventually guide_says "hidden"
$WIN.SetState review "<false>" "{}" >/dev/null
check "… and back with the game" eventually guide_says "guide: move: Computer"

check "the app quits" quit_app
check "the guided game is resumed as a guided game" start_app again
check "… with its aids" eventually grep -q "guide: move: Computer: Took" "$tmp/app-again.log"

# A game of two players: no aid.
win_action first-game "'two-players'"
sleep 1
lines=$(grep -c 'guide: ' "$tmp/app-again.log")
win_action play-move "'c4-c5'"
sleep 2
check "a game that is not guided shows no aid" \
  bash -c "[ \"\$(grep -c 'guide: ' '$tmp/app-again.log')\" = $lines ]"

# New Game with "With help" on (the setting new-game-guided): a guided game.
if have_xdotool; then
  gsettings set io.github.kazaki.Kazaki new-game-guided true
  gsettings set io.github.kazaki.Kazaki default-opponent computer
  app_action new-game
  for _ in $(seq 1 50); do
    [ "$(action_state shown-alert 2>/dev/null)" = "'New Game'" ] && break
    sleep 0.2
  done
  sleep 1
  point_at_alert '^New Game$' && xdotool key Return 2>/dev/null
  check "New Game with help starts a guided game" \
    eventually bash -c "'$CLI' --db '$db' show \$(sqlite3 -readonly '$db' 'SELECT max(id) FROM games') | grep -q '^\[Guided \"yes\"\]'"
else
  skip "New Game with help starts a guided game" "xdotool is not installed"
fi

check "the app quits again" quit_app
check_no_criticals "$tmp/app.log" "$tmp/app-again.log"
done_testing
