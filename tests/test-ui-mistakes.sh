#!/usr/bin/env bash
# test-ui-mistakes.sh — Learn from your mistakes in the real app, driven
# through its exported D-Bus actions: a game with two blunders (the
# Cossacks walk into a lost position, the Turks then miss the flag run
# home) is reviewed and analysed; win.learn-from-mistakes refuses before
# the analysis and then opens the exercises; the move played in the game is
# refused, the best move accepted with the line; the best line is
# shown on request; an illegal try is explained, not judged.  TAP output.
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
export GTK_A11Y=none
export LANGUAGE=C

MW="gdbus call --session --dest $APP_ID --object-path $APP_PATH/window/2 --method org.gtk.Actions"
mw() {   # mw NAME [GVARIANT-PARAM]
  local param="[]"
  [ $# -gt 1 ] && param="[<$2>]"
  $MW.Activate "$1" "$param" '{}' >/dev/null
}
mw_state() { $MW.Describe "$1" | sed -n "s/.*\[<'\(.*\)'>\]).*/\1/p"; }
state_is() { [ "$(mw_state mistake-state)" = "$1" ]; }
feedback_has() { mw_state mistake-feedback | grep -q -- "$1"; }
export -f mw_state state_is feedback_has
export MW

# Two blunders, each against a win one ply deep (any analysis sees them).
cat > "$tmp/blunders.kgn" <<'KGN'
[Event "Mistakes"]
[Cossacks "Ivan"]
[Turks "Mehmed"]
[Result "*"]
[Position "5/3/1ct2/t4/c4/5/5/3/5 c c7 home"]

1. a5xa7 c7-d7 *
KGN
"$CLI" --db "$db" import "$tmp/blunders.kgn" >/dev/null
check "the game is imported" test "$(game_count)" = 1

check "the app starts" start_app
check "win.learn-from-mistakes is exported" grep -q "'learn-from-mistakes'" <<<"$($WIN.List 2>&1)"
win_action open-game "int64 1"
check "the game is reviewed" eventually test "$(action_state review)" = true
win_action learn-from-mistakes
sleep 1
check "before an analysis no exercise opens" bash -c "! $MW.List >/dev/null 2>&1"
win_action analyse
opened=false
for _ in $(seq 1 100); do
  win_action learn-from-mistakes
  if $MW.List >/dev/null 2>&1; then opened=true; break; fi
  sleep 0.3
done
check "after the analysis win.learn-from-mistakes opens the exercises" $opened
check "the first: the Cossacks' blunder at move 1" eventually state_is "1/2 1 solving"

mw mistake-move "'a5xa7'"
check "the move played in the game is refused" eventually state_is "1/2 1 wrong"
check "… saying so" feedback_has "a5xa7 is the move played in the game"
mw mistake-move "'a1-e9'"
check "an illegal try is explained, not judged" eventually feedback_has "a1"
check "… the state unchanged" state_is "1/2 1 wrong"
mw mistake-move "'b7xd8xb8'"
check "the best move is accepted" wait_until 30 state_is "1/2 1 right"
# (b7xd8 and b7xd8xb8 both take the carrier back; which one the analysis
# calls best depends on the depth it reaches since engine version 4)
check "… and the line shown" feedback_has "Right: b7xd8xb8 is \\(the best\\|a good\\) move. The line: .* Best: b7xd8"

mw mistake-next
check "the next: the Turks' blunder at move 2" eventually state_is "2/2 2 solving"
mw mistake-move "'c7-c6'"
check "a losing try is not better" wait_until 30 state_is "2/2 2 wrong"
check "… said with its class" feedback_has "c7-c6 is not better (Blunder)"
mw mistake-solution
check "the best line on request" eventually state_is "2/2 2 shown"
check "… the best move named, the line after it" feedback_has "The best move was c7-c8. The line: Turks win by force"
mw mistake-next
check "Next goes round to the first" eventually state_is "1/2 1 solving"

check "the app quits" quit_app
check_no_criticals "$tmp"/app*.log
done_testing
