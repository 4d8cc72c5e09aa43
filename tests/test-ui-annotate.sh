#!/usr/bin/env bash
# test-ui-annotate.sh — variations, comments and marks in the real app
# (issue 12), driven through its exported D-Bus actions: a game with
# comments, marks and variations nested two deep is imported with
# kazaki-cli and opened for review; the review goes into the variations
# and between sibling lines (checking the position shown), a variation
# move is added as if played on the board, a comment and a mark are set,
# a variation is promoted, one is deleted and restored (the toast's
# Undo), and `kazaki-cli show` reads every edit back from the database.
# The move list's rows for such a game: tests/test-ui-widgets.c.
# TAP output.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

# shellcheck source=ui-test-lib.sh
. "${UI_TEST_LIB:-$(dirname "$0")/ui-test-lib.sh}"

use_private_home memory
export G_MESSAGES_DEBUG=Kazaki

# The moves from the start to the node the review shows.
shown() {
  action_state review-goto-move | sed "s/^'\(.*\)'$/\1/"
}

# The stored game as one line of KGN movetext (lines joined).
stored() {
  "$CLI" --db "$db" show 1 | sed -n '/^$/,$p' | tr '\n' ' ' | tr -s ' '
}


cat > "$tmp/annotated.kgn" <<'KGN'
[Event "Annotated"]
[Cossacks "Ivan"]
[Turks "Ali"]
[Result "*"]

{The opening of the battle.} 1. b4-a4! {A quiet start}
(1. e3-e4?! {Sharper} 1... b6-a6 (1...c6-c5 $14 2. c4xc6xa6!!) 2.e4-e5)
( {Or} 1. d4-d5 d6xd4 )
1... b6-a6 $1 $14 2. a4-a5 ?? a6xa4 3. a3xa5 !? {At the end} *
KGN
check "kazaki-cli imports the annotated game" \
  bash -c '"$1" --db "$2" import "$3" | grep -q "^1 imported"' _ "$CLI" "$db" "$tmp/annotated.kgn"
check "the app starts on that database" start_app

actions=$($WIN.List 2>&1)
missing=
for a in review-goto-move review-previous-line review-next-line review-add-move set-mark \
         set-comment edit-comment promote-variation delete-variation restore-variation; do
  echo "$actions" | grep -q "'$a'" || missing="$missing win.$a"
done
if [ -z "$missing" ]; then ok "the annotation actions are exported"; else not_ok "the annotation actions are exported" "missing:$missing"; fi

win_action open-game "int64 1"
check "the review starts at the start position" test "$(shown)" = ""

# --- into the variations and between lines ---------------------------------
win_action review-goto-move "'e3-e4 c6-c5 c4xc6xa6'"
check "win.review-goto-move enters the nested variation" test "$(shown)" = "e3-e4 c6-c5 c4xc6xa6"
check "the ply shown is the variation's (3)" test "$(action_state review-goto)" = "uint32 3"
win_action review-first
win_action review-next; win_action review-next
check "Home, then Right twice, follows the variation's line back in" test "$(shown)" = "e3-e4 c6-c5"
win_action review-previous-line
check "win.review-previous-line (Up) goes to the sibling line b6-a6" test "$(shown)" = "e3-e4 b6-a6"
win_action review-next
check "Right goes on along that line" test "$(shown)" = "e3-e4 b6-a6 e4-e5"
win_action review-first; win_action review-next
check "from the start Right follows the line followed (the variation)" test "$(shown)" = "e3-e4"
win_action review-next-line
check "win.review-next-line (Down) goes to the next variation" test "$(shown)" = "d4-d5"
win_action review-next-line
check "Down at the last line stays there" test "$(shown)" = "d4-d5"
win_action review-previous-line; win_action review-previous-line
check "Up twice comes back to the main line" test "$(shown)" = "b4-a4"
win_action review-last
check "End goes to the end of the main line" test "$(shown)" = "b4-a4 b6-a6 a4-a5 a6xa4 a3xa5"

# --- the main line is never demoted or deleted -----------------------------
win_action review-goto-move "'b4-a4'"
if enabled promote-variation || enabled delete-variation; then
  not_ok "Promote and Delete are off on the main line"
else
  ok "Promote and Delete are off on the main line"
fi
win_action review-goto-move "'e3-e4'"
if enabled promote-variation; then
  not_ok "a variation of the main line cannot be promoted over it"
else
  ok "a variation of the main line cannot be promoted over it"
fi
check "but it can be deleted" enabled delete-variation

# --- a move played at a node: a new variation, stored first ----------------
win_action review-goto-move "'b4-a4'"
win_action review-add-move "'c6-c5'"
check "a different move at b4-a4 starts a variation and shows it" test "$(shown)" = "b4-a4 c6-c5"
check "it is in the database" bash -c '[[ "$1" == *"(1... c6-c5)"* ]]' _ "$(stored)"
win_action review-goto-move "'b4-a4'"
win_action review-add-move "'b6-a6'"
check "the main line's own move enters the main line" test "$(shown)" = "b4-a4 b6-a6"
win_action review-goto-move "'b4-a4 c6-c5'"
win_action review-add-move "'c4xc6xc8'"
if [ "$(shown)" = "b4-a4 c6-c5" ] && grep -q "toast:" "$tmp/app.log"; then
  ok "an illegal move changes nothing and says why"
else
  not_ok "an illegal move changes nothing and says why" "$(shown)"
fi

# --- a comment and a mark --------------------------------------------------
win_action set-comment "'A fine idea'"
win_action set-mark "'!?'"
check "win.set-mark has the mark as its state" test "$(action_state set-mark)" = "'!?'"
check "the comment and the mark are stored" \
  bash -c '[[ "$1" == *"(1... c6-c5 \$5 {A fine idea})"* ]]' _ "$(stored)"
win_action set-mark "'!?'"
check "the same mark again takes it away" \
  bash -c '[[ "$1" == *"(1... c6-c5 {A fine idea})"* ]]' _ "$(stored)"
win_action set-mark "'??'"
check "another mark replaces it" bash -c '[[ "$1" == *"(1... c6-c5 \$4 {A fine idea})"* ]]' _ "$(stored)"

# --- the editor and the keys, with real key presses -------------------------
# (tests the input itself: the comment typed, Ctrl+Enter, Alt+1)
if have_xdotool; then
  win_action review-goto-move "'d4-d5'"
  target=$(xdotool search --onlyvisible --pid "$app_pid" 2>/dev/null | head -1)
  eval "$(xdotool getwindowgeometry --shell "$target")"
  xdotool mousemove $((X + 10)) $((Y + 10))
  win_action edit-comment
  xdotool type --delay 30 "Typed here"
  xdotool key ctrl+Return
  check "a comment typed in the editor is stored on Ctrl+Enter" \
    eventually bash -c '[[ "$("$1" --db "$2" show 1 | tr "\n" " ")" == *"1. d4-d5 {Typed here}"* ]]' _ "$CLI" "$db"
  xdotool key alt+1
  check "Alt+1 marks the move shown as good (!)" \
    eventually bash -c '[[ "$("$1" --db "$2" show 1 | tr "\n" " ")" == *"1. d4-d5 \$1 {Typed here}"* ]]' _ "$CLI" "$db"
  xdotool key Left
  check "Ctrl+Enter ends the editing: the review keys work again (Left)" test "$(shown)" = ""
else
  skip "a comment typed in the editor is stored on Ctrl+Enter" "xdotool is not installed"
  skip "Alt+1 marks the move shown as good (!)" "xdotool is not installed"
  skip "Ctrl+Enter ends the editing: the review keys work again (Left)" "xdotool is not installed"
fi

# --- promote ---------------------------------------------------------------
win_action review-goto-move "'e3-e4 c6-c5'"
check "a nested variation can be promoted" enabled promote-variation
win_action promote-variation
check "promoting makes it the line it branched from" \
  bash -c '[[ "$1" == *"(1. e3-e4 \$6 {Sharper} 1... c6-c5 \$14 (1... b6-a6 2. e4-e5) 2. c4xc6xa6 \$3)"* ]]' _ "$(stored)"
check "the review stays on the promoted move" test "$(shown)" = "e3-e4 c6-c5"

# --- delete, with Undo ------------------------------------------------------
win_action review-goto-move "'d4-d5 d6xd4'"
win_action delete-variation
check "Delete Variation removes the whole variation from the database" \
  bash -c '[[ "$1" != *"d4-d5"* ]]' _ "$(stored)"
check "the review goes back to where it branched" test "$(shown)" = ""
check "the toast offers Undo" grep -q "toast: Variation deleted" "$tmp/app.log"
check "Undo (win.restore-variation) is on" enabled restore-variation
win_action restore-variation
check "Undo puts it back in the database" \
  bash -c '[[ "$1" == *"({Or} 1. d4-d5 \$1 {Typed here} 1... d6xd4)"* || ( -z "$2" && "$1" == *"({Or} 1. d4-d5 d6xd4)"* ) ]]' \
  _ "$(stored)" "$(have_xdotool && echo typed)"
check "and shows it" test "$(shown)" = "d4-d5"

# --- the game being played: a variation at one of its past positions -------
live=$("$CLI" --db "$db" list | awk '$1 ~ /^[0-9]+$/ && $1 != 1 { print $1; exit }')
$WIN.SetState review "<false>" "{}" >/dev/null
win_action play-move "'b4-a4'"
win_action play-move "'b6-a6'"
win_action review-first
check "win.review-first reviews the game being played from its start" test "$(shown)" = ""
win_action review-add-move "'e3-e4'"
check "a move played there starts a variation of the game being played" test "$(shown)" = "e3-e4"
check "stored with that game" \
  bash -c '[[ "$("$1" --db "$2" show "$3" | tr "\n" " ")" == *"1. b4-a4 (1. e3-e4) 1... b6-a6"* ]]' _ "$CLI" "$db" "$live"
$WIN.SetState review "<false>" "{}" >/dev/null
win_action play-move "'a4-a5'"
check "the game goes on after the review, the variation kept" \
  bash -c '[[ "$("$1" --db "$2" show "$3" | tr "\n" " ")" == *"1. b4-a4 (1. e3-e4) 1... b6-a6 2. a4-a5"* ]]' _ "$CLI" "$db" "$live"
win_action open-game "int64 1"

# --- the position shown is the variation's ---------------------------------
win_action review-goto-move "'e3-e4 b6-a6'"
before=$(game_count)
win_action copy-position
win_action paste-position
# The clipboard is read asynchronously: wait for the new game.
for _ in $(seq 1 50); do
  [ "$(game_count)" -gt "$before" ] && break
  sleep 0.1
done
newest=$("$CLI" --db "$db" list | awk '$1 ~ /^[0-9]+$/ { print $1; exit }')
kpn=$("$CLI" apply e3-e4 b6-a6 | head -n 1)
check "Copy Position in a variation copies the variation's position" \
  bash -c '"$1" --db "$2" show "$4" | grep -qF "[Position \"$3\"]"' _ "$CLI" "$db" "$kpn" "$newest"

check "the app quits cleanly" quit_app
check_no_criticals "$tmp/app.log"
done_testing
