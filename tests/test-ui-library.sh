#!/usr/bin/env bash
# test-ui-library.sh — the library, review and notation in the real app,
# driven through its exported D-Bus actions: a game recorded with
# kazaki-cli is opened with win.open-game, stepped through with the
# review actions, exported and compared with `kazaki-cli show`; continue
# from here, image export, bad ids and opening a .kgn file (a big one: the
# window at once, the import in the background).  TAP output.
#
# Needs a display and a private session bus: ./build-aux/test runs the
# tests under xvfb-run and dbus-run-session.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

# shellcheck source=ui-test-lib.sh
. "${UI_TEST_LIB:-$(dirname "$0")/ui-test-lib.sh}"

# A returning player: no first-start toast over the review bar (the
# toast itself is tested in test-ui-window.c). Settings in a key file so
# that gsettings below and the app share them.
use_private_home keyfile
gsettings set io.github.kazaki.Kazaki how-to-play-offered true
export NO_AT_BRIDGE=1
export GTK_A11Y=none
# The import dialog's summary in the app's log ("import: N imported, …"):
# the app (not kazaki-cli) with G_MESSAGES_DEBUG=Kazaki.
printf '#!/bin/sh\nG_MESSAGES_DEBUG=Kazaki exec "%s" "$@"\n' "$KAZAKI" >"$tmp/kazaki"
chmod +x "$tmp/kazaki"
KAZAKI="$tmp/kazaki"

# How many imports have ended, by the app's log.
imports_ended() { grep -c '^.*import: [0-9]* imported' "$tmp"/app*.log 2>/dev/null | awk -F: '{ s += $NF } END { print s + 0 }'; }
export -f imports_ended
export tmp
count_is() { [ "$(game_count)" = "$1" ]; }

# Closes the import dialog once its summary shows (Return: Close, its
# default button), after `ended` imports in all; with xdotool.
close_import_dialog() {   # close_import_dialog ENDED
  have_xdotool || return 0
  wait_until 120 bash -c '[ "$(imports_ended)" -ge "$1" ]' _ "$1" || return 1
  point_at_alert '^Import Games$' || return 1
  xdotool key Return
  wait_until 10 bash -c '! xdotool search --onlyvisible --name "^Import Games\$" >/dev/null 2>&1'
}

# The ply the review shows.
ply() {
  action_state review-goto | sed 's/^uint32 //'
}


# --- a database made with kazaki-cli ---------------------------------------
MOVES="c4-c5 c6xc4xa4 a3xa5 a7-a6 a5xa7 b6-a6 a7xa5 b7-a7 a5-a4"
"$CLI" --db "$db" new --cossacks Ivan --turks Olena >/dev/null
# shellcheck disable=SC2086
"$CLI" --db "$db" play 1 $MOVES >/dev/null
"$CLI" --db "$db" new --cossacks Taras --turks Selim >/dev/null
"$CLI" --db "$db" play 2 d4-e4 >/dev/null
check "kazaki-cli recorded two games" test "$(game_count)" = 2

check "the app starts on that database" start_app

actions=$($WIN.List 2>&1)
app_actions=$($APP.List 2>&1)
missing=
for a in open-game review-first review-previous review-next review-last review-play \
         continue-from-here export-game copy-position export-image review; do
  echo "$actions" | grep -q "'$a'" || missing="$missing win.$a"
done
for a in library import backup backup-to; do
  echo "$app_actions" | grep -q "'$a'" || missing="$missing app.$a"
done
if [ -z "$missing" ]; then ok "the library and review actions are exported"; else not_ok "the library and review actions are exported" "missing:$missing"; fi

# --- open game 1 and step through it ----------------------------------------
win_action open-game "int64 1"
check "win.open-game 1 starts a review" test "$(action_state review)" = true
check "the review starts at the start position" test "$(ply)" = 0

win_action review-next; win_action review-next; win_action review-next
check "three times win.review-next shows ply 3" test "$(ply)" = 3
win_action review-previous
check "win.review-previous goes back to ply 2" test "$(ply)" = 2
win_action review-last
check "win.review-last shows the last ply (9)" test "$(ply)" = 9
win_action review-first
check "win.review-first goes back to ply 0" test "$(ply)" = 0
win_action review-goto "uint32 3"
check "win.review-goto 3 jumps to ply 3" test "$(ply)" = 3
win_action review-goto "uint32 99"
check "a ply past the end stops at the last one" test "$(ply)" = 9
win_action review-first
win_action review-play
sleep 2.6
playing_at=$(ply)
check "win.review-play steps on by itself (ply $playing_at after 2.6 s at 1 move/s)" \
  test "$playing_at" -ge 2 -a "$playing_at" -le 3
win_action review-play
paused_at=$(ply)
sleep 1.5
check "win.review-play again pauses it" test "$(ply)" = "$paused_at"
win_action review-goto "uint32 3"

# --- the keys Home, Left, Right, End (real key presses, with xdotool) --------
if command -v xdotool >/dev/null 2>&1 && [ -n "${DISPLAY:-}" ]; then
  win_action review-first
  # The board's corner, off every point (a click on a piece of the side
  # not to move would raise a toast over the review bar): gives the window
  # and the board the focus.
  xdotool mousemove 130 80 click 1
  xdotool key Right Right Right
  sleep 0.3
  check "three Right key presses show ply 3" test "$(ply)" = 3
  xdotool key End
  sleep 0.3
  check "End shows the last ply" test "$(ply)" = 9
  xdotool key Left
  sleep 0.3
  check "Left goes back one ply" test "$(ply)" = 8
  xdotool key Home
  sleep 0.3
  check "Home shows the start position" test "$(ply)" = 0
  # The scrubber with the mouse: press on it, drag to its right end.  It is
  # the slider of the review bar's second row, along the bottom of the
  # board column (the side panel, 260 px and margins, is on its right).
  win_action review-goto "uint32 3"
  main_win=$(xdotool search --onlyvisible --name '^Kazaki$' 2>/dev/null | head -1)
  if [ -n "$main_win" ]; then
    eval "$(xdotool getwindowgeometry --shell "$main_win")"
    y=$((Y + HEIGHT - 72))
    xdotool mousemove $((X + WIDTH / 2 - 100)) $y mousedown 1
    for step in 1 2 3 4 5 6; do
      xdotool mousemove $((X + WIDTH / 2 - 100 + step * 60)) $y
      sleep 0.1
    done
    xdotool mousemove $((X + WIDTH - 290)) $y sleep 0.2 mouseup 1
    sleep 0.3
  fi
  check "a drag on the scrubber to its end shows the last ply (was $(echo 3), now $(ply))" \
    test "$(ply)" = 9
  win_action review-goto "uint32 3"
else
  for k in "Right" "End" "Left" "Home" "scrubber drag"; do
    n=$((n + 1)); echo "ok $n - the $k key # SKIP xdotool is not installed"
  done
fi

# --- export and compare with kazaki-cli show --------------------------------
win_action export-game-to "'$tmp/game1.kgn'"
"$CLI" --db "$db" show 1 > "$tmp/show1.kgn"
if cmp -s "$tmp/game1.kgn" "$tmp/show1.kgn"; then
  ok "win.export-game-to writes exactly what kazaki-cli show prints"
else
  not_ok "win.export-game-to writes exactly what kazaki-cli show prints" \
    "$(diff "$tmp/show1.kgn" "$tmp/game1.kgn" 2>&1 | head -20)"
fi

win_action export-image-to "'$tmp/board.png'"
win_action export-image-to "'$tmp/board.svg'"
check "win.export-image-to writes a PNG" \
  bash -c 'head -c 8 "$1" | od -An -c | grep -q "P   N   G"' _ "$tmp/board.png"
check "win.export-image-to writes an SVG" grep -q '<svg' "$tmp/board.svg"

# --- continue from here -----------------------------------------------------
win_action continue-from-here
# shellcheck disable=SC2086
kpn3=$("$CLI" apply $(echo $MOVES | cut -d' ' -f1-3) | head -n 1)
check "continue from here records a new game" test "$(game_count)" = 3
"$CLI" --db "$db" show 3 > "$tmp/show3.kgn"
check "its KGN has the Position tag of ply 3" grep -qF "[Position \"$kpn3\"]" "$tmp/show3.kgn"
check "it keeps the players and has no moves" \
  bash -c 'grep -q "\[Cossacks \"Ivan\"\]" "$1" && grep -q "\[Turks \"Olena\"\]" "$1" && tail -n 1 "$1" | grep -qx "\*"' _ "$tmp/show3.kgn"
check "the window leaves the review for the new game" test "$(action_state review)" = false

# --- the clipboard: copy a position, paste it as a new game -------------------
win_action open-game "int64 1"
win_action review-goto "uint32 5"
win_action copy-position
sleep 0.3
win_action paste-position
sleep 0.7
# shellcheck disable=SC2086
kpn5=$("$CLI" apply $(echo $MOVES | cut -d' ' -f1-5) | head -n 1)
check "win.copy-position + win.paste-position start a game from that position" \
  bash -c '"$1" --db "$2" show 4 | grep -qF "[Position \"$3\"]"' _ "$CLI" "$db" "$kpn5"
win_action copy-moves
sleep 0.3
win_action paste-position
sleep 0.7
check "pasting text that is not a KPN starts no game" test "$(game_count)" = 4
check "and the app goes on" bash -c '$1 >/dev/null 2>&1' _ "$WIN.List"

# --- bad input: nothing crashes ---------------------------------------------
win_action open-game "int64 999"
check "opening a game that does not exist leaves the app running" \
  bash -c '$1 >/dev/null 2>&1' _ "$WIN.List"

# --- a .kgn file given to the app -------------------------------------------
cat > "$tmp/friend.kgn" <<'KGN'
[Event "Good one"]
[Cossacks "Bohdan"]
[Turks "Mehmed"]
[Result "*"]

1. d4-e4 d6-e6 *

[Event "Bad one"]
[Cossacks "X"]
[Turks "Y"]
[Result "*"]

1. d4-e4 d4-c4 *

[Event "Good two"]
[Cossacks "Olena"]
[Turks "Ivan"]
[Result "*"]

1. b4-a4 *
KGN
"$KAZAKI" "$tmp/friend.kgn" >"$tmp/open.log" 2>&1
check "opening a .kgn file imports its two good games" eventually count_is 6
check "and opens the first of them for review" eventually bash -c '[ "$(action_state review)" = true ]'
check "the import dialog says what was imported, and closes" close_import_dialog 1
"$CLI" --db "$db" show 5 | grep -q '\[Cossacks "Bohdan"\]'
check "the imported game is stored as written" test $? = 0

# Export → import round trip: the file exported above, opened in the app.
"$KAZAKI" "$tmp/game1.kgn" >>"$tmp/open.log" 2>&1
check "the exported game opened in the app is imported once more" eventually count_is 7
check "and its import dialog closes" close_import_dialog 2
"$CLI" --db "$db" show 7 > "$tmp/show7.kgn"
if cmp -s "$tmp/game1.kgn" "$tmp/show7.kgn"; then
  ok "export → import gives the same KGN"
else
  not_ok "export → import gives the same KGN" "$(diff "$tmp/game1.kgn" "$tmp/show7.kgn" | head -20)"
fi

# --- stored games open for review: the computer waits ------------------------
# The window's game is now game 7 (opened from a file, for review); the
# game before it, which "Back to the Game" returns to, is game 4.
plies_of() {
  "$CLI" --db "$db" list 2>/dev/null | awk -v id="$1" '$1 == id { print $NF }'
}
N_STORED=13
if command -v sqlite3 >/dev/null 2>&1; then
  # Game 8: Ivan against the computer (level 1), the computer to move;
  # game 9: two computers.  kazaki-cli records humans: the kinds by SQL.
  "$CLI" --db "$db" new --cossacks Ivan --turks Computer >/dev/null
  "$CLI" --db "$db" play 8 c4-c5 >/dev/null
  "$CLI" --db "$db" new --cossacks Bot --turks Robot >/dev/null
  "$CLI" --db "$db" play 9 c4-c5 >/dev/null
  sqlite3 "$db" "UPDATE games SET turks_kind = 1, turks_level = 1 WHERE id = 8;
                 UPDATE games SET cossacks_kind = 1, cossacks_level = 1,
                                  turks_kind = 1, turks_level = 1 WHERE id = 9;"

  win_action open-game "int64 9"
  sleep 2.5
  check "a computer-against-computer game opened from the library does not play by itself" \
    test "$(plies_of 9)" = 1
  resume_now=$(enabled resume-game && echo enabled || echo disabled)
  check "and it cannot be resumed (only continued from a position)" test "$resume_now" = disabled
  win_action review      # toggles it off
  sleep 0.5
  win_action export-game-to "'$tmp/back.kgn'"
  "$CLI" --db "$db" show 4 > "$tmp/show4.kgn"
  review_now=$(action_state review)
  if [ "$review_now" = false ] && cmp -s "$tmp/back.kgn" "$tmp/show4.kgn"; then
    ok "“Back to the Game” (win.review off) brings back the game before it"
  else
    not_ok "“Back to the Game” (win.review off) brings back the game before it" \
      "review: $review_now; $(diff "$tmp/show4.kgn" "$tmp/back.kgn" 2>&1 | head -10)"
  fi

  win_action open-game "int64 8"
  sleep 2.5
  check "an unfinished game against the computer opened from the library waits (computer to move)" \
    test "$(plies_of 8)" = 1
  check "win.resume-game is enabled for it" enabled resume-game
  win_action undo
  sleep 0.5
  undo_now=$(enabled undo && echo enabled || echo disabled)
  check "win.undo is disabled and changes nothing in a game opened for review" \
    test "$undo_now $(plies_of 8)" = "disabled 1"
  win_action resume-game
  for _ in $(seq 1 40); do [ "$(plies_of 8)" = 2 ] && break; sleep 0.25; done
  check "after win.resume-game the computer plays its move" test "$(plies_of 8)" = 2
  undo_now=$(enabled undo && echo enabled || echo disabled)
  check "and the window leaves the review, with Undo back" \
    test "$(action_state review) $undo_now" = "false enabled"

  win_action open-game "int64 9"
  win_action review-goto "uint32 1"
  win_action continue-from-here
  sleep 2
  new_id=$("$CLI" --db "$db" list | awk '$1 ~ /^[0-9]+$/ { print $1 }' | sort -n | tail -n 1)
  check "continue from here on a computer-against-computer game records game 10" test "$new_id" = 10
  check "both of its sides are human (the Turks, to move, too)" \
    test "$(sqlite3 "$db" "SELECT cossacks_kind, turks_kind, cossacks_level, turks_level FROM games WHERE id = 10")" = "0|0|0|0"
  check "with the default names" \
    bash -c '"$1" --db "$2" show 10 | grep -q "^\[Cossacks \"Cossacks\"\]" && "$1" --db "$2" show 10 | grep -q "^\[Turks \"Turks\"\]"' _ "$CLI" "$db"
  check "and nobody moved for the player" test "$(plies_of 10)" = 0
  win_action play-move "'c6xc4xa4'"
  sleep 2
  check "the player moves the Turks, and no computer answers" test "$(plies_of 10)" = 1
else
  for _ in $(seq 1 $N_STORED); do
    n=$((n + 1)); echo "ok $n - games opened from the library # SKIP sqlite3 is not installed"
  done
fi

# "Back Up Games" (issue 15): a copy through the online backup API that
# lists the same games.
$APP.Activate backup-to "[<'$tmp/backup.db'>]" '{}' >/dev/null 2>&1
check "app.backup-to writes a copy of the database with the same games" \
  test "$("$CLI" --db "$tmp/backup.db" list 2>/dev/null)" = "$("$CLI" --db "$db" list 2>/dev/null)"

# --- a big .kgn from the command line (issue 24) ------------------------------
# `kazaki big.kgn` shows the window at once and imports on a worker thread
# with the import dialog's progress, Cancel and summary (it was imported
# before the window showed: seconds of nothing); opened again, its games
# are counted as duplicates.
if have_xdotool; then
  BIG=12000   # enough that the import outlasts the window's start on an idle machine (3000 did not)
  awk -v n=$BIG 'BEGIN { for (i = 1; i <= n; i++)
                           printf "[Event \"Bulk %d\"]\n[Result \"*\"]\n\n1. d4-e4 d6-e6 *\n\n", i }' \
    >"$tmp/big.kgn"
  quit_app
  before=$(game_count)
  "$KAZAKI" "$tmp/big.kgn" >"$tmp/app-big.log" 2>&1 &
  app_pid=$!
  wait_for_app 60
  during=$(game_count)
  check "kazaki big.kgn: the window is there while the import runs ($((during - before)) of $BIG imported)" \
    test "$during" -lt $((before + BIG))
  check "the import dialog shows its progress meanwhile" \
    eventually bash -c 'xdotool search --onlyvisible --name "^Import Games\$" >/dev/null 2>&1'
  t0=$(date +%s%3N)
  $WIN.Describe review >/dev/null 2>&1
  t1=$(date +%s%3N)
  check "and the window answers at once ($((t1 - t0)) ms)" test $((t1 - t0)) -lt 2000
  check "every game is imported" wait_until 400 count_is $((before + BIG))
  check "the summary says so" \
    wait_until 20 grep -q "import: $BIG imported, 0 duplicates skipped, 0 could not be read" "$tmp/app-big.log"
  check "and the first game is reviewed" eventually bash -c '[ "$(action_state review)" = true ]'
  close_import_dialog 3
  "$KAZAKI" "$tmp/big.kgn" >>"$tmp/open.log" 2>&1
  check "opened again: $BIG duplicates skipped, said so" \
    wait_until 400 grep -q "import: 0 imported, $BIG duplicates skipped, 0 could not be read" "$tmp/app-big.log"
  check "and nothing is imported twice" test "$(game_count)" = $((before + BIG))
  close_import_dialog 4
else
  for what in "kazaki big.kgn: the window is there while the import runs" "the import dialog shows its progress" \
              "and the window answers at once" "every game is imported" "the summary says so" \
              "and the first game is reviewed" "opened again: duplicates skipped" "and nothing is imported twice"; do
    skip "$what" "xdotool is not installed"
  done
fi

$APP.Activate library '[]' '{}' >/dev/null 2>&1
check "app.quit ends the app cleanly" quit_app

check_no_criticals "$tmp"/app*.log "$tmp"/open.log

done_testing
