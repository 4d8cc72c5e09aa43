#!/usr/bin/env bash
# test-ui-demonstration.sh — the demonstration battle in the real app,
# driven through its exported D-Bus actions: app.demonstration opens it in
# the main window's review at the start and plays it on by itself, a
# comment is announced when its move is played, pausing (win.review-play,
# Space) stops the auto-play, stepping works as in any review, the battle
# is not stored in the library, and Back to the Game leaves it; in Russian
# the Russian comments.  TAP output.
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
export NO_AT_BRIDGE=1
export LANGUAGE=C
# The board's announcements are logged as "announce: …" (g_debug), in
# the app's log only (APP_MESSAGES_DEBUG, ui-test-lib.sh).
APP_MESSAGES_DEBUG=all

ply() { action_state review-goto | sed -n 's/^uint32 //p'; }
ply_at_least() { local p; p=$(ply); [ -n "$p" ] && [ "$p" -ge "$1" ]; }
export -f ply ply_at_least
disabled() { ! enabled "$1"; }

check "the app starts" start_app
check "app.demonstration is exported" grep -q "'demonstration'" <<<"$($APP.List 2>&1)"
games_before=$(game_count)

app_action demonstration
check "app.demonstration opens a review" eventually bash -c '[ "$(action_state review)" = true ]'
check "… at the start position" bash -c '[ "$(ply)" = 0 ]'
# The introduction before the first move is read first (at most 15 s),
# then the moves follow one every 2 s or so, longer after a comment.
check "auto-play shows the first move by itself" wait_for 30 ply_at_least 1
check "… and goes on" wait_for 20 ply_at_least 3
check "the first move's comment is announced when it is played" \
  grep -q "announce: .*An exchange offered at once" "$tmp/app.log"

win_action review-play
paused=$(ply)
sleep 6
check "win.review-play pauses the auto-play (ply $paused stays)" bash -c "[ \"\$(ply)\" = $paused ]"
# The battle is built in: read only, with nothing to mark, comment or delete.
for a in set-mark set-comment edit-comment promote-variation delete-variation restore-variation; do
  check "win.$a is disabled on the demonstration battle" disabled "$a"
done
win_action set-mark "'!'" 2>/dev/null
check "… and a mark sent anyway is not set" bash -c "[ \"\$(action_state set-mark)\" = \"''\" ]"
win_action review-next
check "stepping on while paused" eventually bash -c "[ \"\$(ply)\" = $((paused + 1)) ]"
win_action review-previous
check "stepping back while paused" eventually bash -c "[ \"\$(ply)\" = $paused ]"
sleep 3
check "… and it stays paused" bash -c "[ \"\$(ply)\" = $paused ]"
win_action review-play
check "win.review-play plays on" wait_for 20 ply_at_least $((paused + 1))
win_action review-last
check "the last move: the Turkish flag delivered home" \
  bash -c '[ "$(action_state review-goto)" = "uint32 67" ]'
check "… its comment announced" eventually grep -q "announce: .*the flag is delivered home" "$tmp/app.log"

check "the battle is not stored in the library" [ "$(game_count)" = "$games_before" ]
$WIN.SetState review "<false>" "{}" >/dev/null
check "Back to the Game leaves the battle" eventually bash -c '[ "$(action_state review)" = false ]'

check "the app quits" quit_app

# In Russian: the battle's Russian file (data/battles/demonstration.ru.kgn).
export LANGUAGE=ru
check "the app starts in Russian" start_app ru
app_action demonstration
check "app.demonstration opens the review" eventually bash -c '[ "$(action_state review)" = true ]'
win_action review-next
check "the first move's comment is said in Russian" \
  eventually grep -q "announce: .*Размен предложен сразу" "$tmp/app-ru.log"
check "the app quits" quit_app
check_no_criticals "$tmp/app.log" "$tmp/app-ru.log"
done_testing
