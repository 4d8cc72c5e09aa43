#!/usr/bin/env bash
# test-ui-app.sh — starts the real Kazaki app, drives it through its
# D-Bus actions (org.gtk.Actions, as GtkApplication exports them), quits
# and restarts it, and checks the game database.  TAP output.
#
# Needs a display and a private session bus: ./build-aux/test runs the
# tests under xvfb-run and dbus-run-session.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

# shellcheck source=ui-test-lib.sh
. "${UI_TEST_LIB:-$(dirname "$0")/ui-test-lib.sh}"

# Settings in a key file of the temporary config folder, so the test can
# choose the kind of game (gsettings) and the app remembers it.
use_private_home keyfile
export NO_AT_BRIDGE=1
export GTK_A11Y=none

# Without its settings schema (./_build/src/kazaki outside meson devenv)
# the app says what to do instead of aborting in GSettings (issue 24).
out=$(env -u GSETTINGS_SCHEMA_DIR XDG_DATA_DIRS="$tmp/none" XDG_DATA_HOME="$tmp/none" "$KAZAKI" 2>&1)
status=$?
if [ "$status" = 1 ] && printf '%s' "$out" | grep -q 'meson devenv -C .* kazaki' \
   && printf '%s' "$out" | grep -q 'build-aux/run' && ! printf '%s' "$out" | grep -qi 'abort\|trap'; then
  ok "without its settings schema: a message pointing to meson devenv and build-aux/run"
else
  not_ok "without its settings schema: a message pointing to meson devenv and build-aux/run" "status $status: $out"
fi

# The moves of the only stored game (KGN movetext), or nothing.
stored_moves() {
  local db=$1 id
  id=$("$CLI" --db "$db" list 2>/dev/null | awk 'NR > 0 && $1 ~ /^[0-9]+$/ { print $1; exit }')
  [ -n "$id" ] || return 1
  "$CLI" --db "$db" show "$id" | grep -v '^\[' | tr '\n' ' '
}

# The moves of the newest stored game.
stored_moves_newest() {
  local id
  id=$("$CLI" --db "$1" list 2>/dev/null | head -1 | cut -f1)
  [ -n "$id" ] || return 1
  "$CLI" --db "$1" show "$id" | grep -v '^\[' | tr '\n' ' '
}


# --- 1. play, refuse, undo, quit ------------------------------------------
check "the app starts and exports its window actions" start_app 1
actions=$(gdbus call --session --dest $APP_ID --object-path $APP_PATH/window/1 \
            --method org.gtk.Actions.List 2>&1)
missing=
for a in undo redo play-move resign offer-draw hint; do
  echo "$actions" | grep -q "'$a'" || missing="$missing $a"
done
app_actions=$(gdbus call --session --dest $APP_ID --object-path $APP_PATH \
                --method org.gtk.Actions.List 2>&1)
for a in new-game quit preferences about shortcuts; do
  echo "$app_actions" | grep -q "'$a'" || missing="$missing app.$a"
done
if [ -z "$missing" ]; then ok "all actions are exported"; else not_ok "all actions are exported" "missing:$missing"; fi

check "first start: a game is stored at once" test "$(game_count "$db")" = 1

all_ok=true
for m in d4-e4 d6-e6 c4-d4 c6-d6 b4-c4; do
  win_action play-move "'$m'" || all_ok=false
done
check "five moves played through win.play-move" $all_ok
moves=$(stored_moves "$db")
check "the database has the five moves" \
  grep -q '1\. d4-e4 d6-e6 2\. c4-d4 c6-d6 3\. b4-c4' <<<"$moves"

# While reviewing, the game played is not changed behind the review.
win_action review-goto "uint32 2"
win_action undo
win_action redo
check "win.undo and win.redo during a review leave the game alone" \
  test "$(stored_moves "$db")" = "$moves"
check "and the review stays where it was" test "$(action_state review-goto)" = "uint32 2"
win_action review
check "win.review again leaves the review" test "$(action_state review)" = false

win_action play-move "'c4-c6'"
check "an illegal move is refused and changes nothing" \
  test "$(stored_moves "$db")" = "$moves"
win_action play-move "'garbage'"
check "a malformed move is refused and changes nothing" \
  test "$(stored_moves "$db")" = "$moves"

win_action undo
moves=$(stored_moves "$db")
check "win.undo takes back the last move in the database" \
  bash -c '[[ "$1" == *"2. c4-d4 c6-d6"* && "$1" != *"b4-c4"* ]]' _ "$moves"
win_action redo
check "win.redo plays it again" grep -q '3\. b4-c4' <<<"$(stored_moves "$db")"
win_action undo
check "and win.undo takes it back again" \
  test "$(stored_moves "$db")" = "$moves"

check "app.quit ends the app cleanly" quit_app

# --- 2. restart: the game resumes -----------------------------------------
check "the app starts again" start_app 2
check "no new game was begun" test "$(game_count "$db")" = 1
# b4-c4 is legal only in the resumed position (c4 is occupied at the start).
win_action play-move "'b4-c4'"
moves=$(stored_moves "$db")
check "the resumed game goes on with the same moves" \
  grep -q '1\. d4-e4 d6-e6 2\. c4-d4 c6-d6 3\. b4-c4' <<<"$moves"

# Killed without warning right after a move: the move is kept.
win_action play-move "'b6-c6'"
kill -9 "$app_pid"; wait "$app_pid" 2>/dev/null; app_pid=
start_app 2b
# c4-b4 is legal only after 3. b4-c4 b6-c6 (b4 must be empty).
win_action play-move "'c4-b4'"
check "after kill -9 the game resumes with every move played" \
  grep -q '3\. b4-c4 b6-c6 4\. c4-b4' <<<"$(stored_moves "$db")"
quit_app

# --- 3. the database cannot be opened --------------------------------------
export XDG_DATA_HOME="$tmp/not-a-directory"
echo "a file, not a directory" > "$XDG_DATA_HOME"
if start_app 3 && win_action play-move "'d4-e4'"; then
  ok "with XDG_DATA_HOME a file, the app starts and plays in memory"
else
  not_ok "with XDG_DATA_HOME a file, the app starts and plays in memory" "$(cat "$tmp/app-3.log")"
fi
quit_app

export XDG_DATA_HOME="$tmp/garbage"
mkdir -p "$XDG_DATA_HOME/kazaki"
head -c 8192 /dev/urandom > "$XDG_DATA_HOME/kazaki/games.db"
sum_before=$(md5sum < "$XDG_DATA_HOME/kazaki/games.db")
if start_app 4 && win_action play-move "'d4-e4'" && quit_app; then
  ok "with a garbage games.db, the app starts, plays and quits"
else
  not_ok "with a garbage games.db, the app starts, plays and quits" "$(cat "$tmp/app-4.log")"
fi
check "the garbage games.db is left untouched" \
  test "$(md5sum < "$XDG_DATA_HOME/kazaki/games.db")" = "$sum_before"

# Start a fresh database (the dialog's "Start a Fresh Database"): the
# damaged file is kept, unchanged, under a dated name; the game goes on
# in the new one.
start_app 4b
win_action play-move "'d4-e4'"
win_action start-fresh-database
win_action play-move "'d6-e6'"
kept=$(ls "$XDG_DATA_HOME"/kazaki/games.db.damaged-* 2>/dev/null | head -1)
check "win.start-fresh-database keeps the damaged file under a dated name, unchanged" \
  bash -c '[ -n "$1" ] && [ "$(md5sum < "$1")" = "$2" ]' _ "$kept" "$sum_before"
check "and the game goes on, recorded in a fresh database" \
  grep -q '1\. d4-e4 d6-e6' <<<"$(stored_moves "$XDG_DATA_HOME/kazaki/games.db")"
quit_app

# --- 4. a game that ends: the result is stored --------------------------
export XDG_DATA_HOME="$tmp/ending"
db="$XDG_DATA_HOME/kazaki/games.db"
mkdir -p "$XDG_DATA_HOME/kazaki"
cat > "$tmp/ending.kgn" <<'KGN'
[Event "Casual game"]
[Site "?"]
[Date "2026.11.30"]
[Round "-"]
[Cossacks "Ivan"]
[Turks "Mehmed"]
[Result "*"]
[Termination "unterminated"]
[Position "5/3/5/5/5/2t2/2c2/3/4c c home home"]

*
KGN
"$CLI" --db "$db" import "$tmp/ending.kgn" >/dev/null
# Imported games are never resumed: make it a game played here.
sqlite3 "$db" "UPDATE games SET import_id = NULL"
start_app 5
win_action play-move "'c3xc5'"
check "the last capture ends the game: 1-0 by annihilation in the database" \
  bash -c '"$1" --db "$2" list | grep -q "1-0.annihilation"' _ "$CLI" "$db"
win_action play-move "'c5-c6'"
check "no move is accepted after the end" \
  bash -c '"$1" --db "$2" list | awk -F"\t" "{ print \$7 }" | grep -qx 1' _ "$CLI" "$db"
# The game-over alert names the side that won, two humans playing (the
# window action shown-alert holds the heading of the alert shown: a window
# of its own with libadwaita < 1.5, drawn inside the main window with
# AdwAlertDialog on ≥ 1.5); its Review button (Alt+R, its mnemonic)
# reviews the game.
shown_alert=
for _ in $(seq 1 50); do
  shown_alert=$(action_state shown-alert 2>/dev/null)
  [ "$shown_alert" = "'Cossacks Win'" ] && break
  sleep 0.2
done
check "the game-over dialog says \"Cossacks Win\"" test "$shown_alert" = "'Cossacks Win'"
if have_xdotool; then
  point_at_alert '^Cossacks Win$'
  # The alert may still be fading in on a loaded machine: a few tries.
  for _ in 1 2 3 4 5; do
    sleep 0.5
    xdotool key alt+r
    for _ in $(seq 1 10); do
      [ "$(action_state review)" = "true" ] && break 2
      sleep 0.2
    done
  done
  check "the dialog's Review button reviews the finished game" \
    bash -c '[ "$(action_state review)" = "true" ]'
  check "and the alert is gone" eventually bash -c '[ "$(action_state shown-alert)" = "'"''"'" ]'
else
  skip "the dialog's Review button reviews the finished game" "xdotool is not installed"
  skip "and the alert is gone" "xdotool is not installed"
fi
quit_app

# --- 5. against the computer ---------------------------------------------
# Later starts with no unfinished game begin a game of the kind last
# chosen: here, against the computer (level 1), the player with the Cossacks.
gsettings set io.github.kazaki.Kazaki last-game-kind computer
gsettings set io.github.kazaki.Kazaki computer-level 1
gsettings set io.github.kazaki.Kazaki player-side cossacks
check "the app starts a game against the computer" start_app 6
check "a second game was begun" test "$(game_count "$db")" = 2
win_action play-move "'c4-c5'"
replied=false
for _ in $(seq 1 50); do
  if stored_moves_newest "$db" | grep -q '1\. c4-c5 c6x'; then replied=true; break; fi
  sleep 0.2
done
check "the computer answers the player's move (a compulsory capture)" $replied
win_action undo
check "win.undo against the computer takes back its reply and the player's move" \
  bash -c '[ "$("$1" --db "$2" list | head -1 | cut -f7)" = 0 ]' _ "$CLI" "$db"
quit_app

# --- 6. a human playing the Turks sees the board from their side ---------
export XDG_DATA_HOME="$tmp/turks"
db="$XDG_DATA_HOME/kazaki/games.db"
mkdir -p "$XDG_DATA_HOME/kazaki"
"$CLI" --db "$db" import "$tmp/ending.kgn" >/dev/null
# Imported games are never resumed: make it a game played here.
sqlite3 "$db" "UPDATE games SET import_id = NULL"
"$CLI" --db "$db" play 1 c3xc5 >/dev/null
gsettings set io.github.kazaki.Kazaki player-side turks
gsettings set io.github.kazaki.Kazaki board-flipped false
start_app 7
check "against the computer with the Turks, the board is turned (Turks at the bottom)" \
  test "$(action_state flip-board)" = true
check "the turn for the Turks is not written to the Flip Board preference" \
  test "$(gsettings get io.github.kazaki.Kazaki board-flipped)" = false
win_action flip-board
check "win.flip-board turns the board back (Cossacks at the bottom)" \
  test "$(action_state flip-board)" = false
check "and that flip is the player's: the preference now says flipped" \
  test "$(gsettings get io.github.kazaki.Kazaki board-flipped)" = true
win_action flip-board
check "win.flip-board again: the Turks at the bottom, the preference back to off" \
  bash -c '[ "$(action_state flip-board)" = true ] && [ "$(gsettings get io.github.kazaki.Kazaki board-flipped)" = false ]'

# Escape and Ctrl+W close the How to Play window (within 5 s: the test
# machine may be loaded); closed, it is hidden (kept to open again where
# it was), so only a visible one counts.
how_to_play_gone() {
  for _ in $(seq 1 25); do
    xdotool search --onlyvisible --name '^How to Play$' >/dev/null 2>&1 || return 0
    sleep 0.2
  done
  return 1
}
if have_xdotool; then
  app_action how-to-play
  timeout 10 xdotool search --onlyvisible --sync --limit 1 --name '^How to Play$' >/dev/null 2>&1
  xdotool mousemove 300 300 key Escape
  check "Escape closes How to Play" how_to_play_gone
  app_action how-to-play
  timeout 10 xdotool search --onlyvisible --sync --limit 1 --name '^How to Play$' >/dev/null 2>&1
  xdotool mousemove 300 300 key ctrl+w
  check "Ctrl+W closes How to Play" how_to_play_gone
else
  skip "Escape closes How to Play" "xdotool is not installed"
  skip "Ctrl+W closes How to Play" "xdotool is not installed"
fi
quit_app

# --- 7. New Game right after the start keeps no empty game ----------------
export XDG_DATA_HOME="$tmp/fresh"
db="$XDG_DATA_HOME/kazaki/games.db"
start_app 8
check "a fresh start stores one game, without moves" test "$(game_count "$db")" = 1
if have_xdotool; then
  app_action new-game
  # The New Game alert: a window of its own (libadwaita < 1.5) or drawn
  # inside the main window (AdwAlertDialog); shown-alert names it.
  for _ in $(seq 1 50); do
    [ "$(action_state shown-alert 2>/dev/null)" = "'New Game'" ] && break
    sleep 0.2
  done
  sleep 1
  point_at_alert '^New Game$' && xdotool key Return 2>/dev/null
  check "New Game (Enter: Start) begins game 2" \
    eventually bash -c '"$1" --db "$2" list | head -1 | cut -f1 | grep -qx 2' _ "$CLI" "$db"
  check "and the empty game 1 is not left in the library" test "$(game_count "$db")" = 1
else
  skip "New Game (Enter: Start) begins game 2" "xdotool is not installed"
  skip "and the empty game 1 is not left in the library" "xdotool is not installed"
fi
quit_app

# --- 8. run from the build tree, the translations are found -------------
# The C library must honour LANGUAGE for this: glibc ≥ 2.41 ignores it in
# the C.UTF-8 locale, so a real locale is chosen when one is installed, and
# the check is skipped when the C library would not translate at all.
ru_locale=$(locale -a 2>/dev/null | grep -Eiv '^(C|POSIX)([.]|$)' | grep -Ei 'utf-?8' | head -1)
po_dir="$(dirname "$(dirname "$KAZAKI")")/po"
ru_probe=$(LC_ALL="${ru_locale:-C.UTF-8}" LANGUAGE=ru TEXTDOMAINDIR="$po_dir" gettext -d kazaki Kazaki 2>/dev/null)
if have_xdotool && [ "$ru_probe" = "Казаки" ]; then
  LC_ALL="${ru_locale:-C.UTF-8}" LANGUAGE=ru start_app ru
  check "LANGUAGE=ru: the build tree's Russian translation is used (window \"Казаки\")" \
    eventually bash -c 'xdotool search --name "^Казаки\$" >/dev/null 2>&1'
  quit_app
elif ! have_xdotool; then
  skip "LANGUAGE=ru: the build tree's Russian translation is used" "xdotool is not installed"
else
  skip "LANGUAGE=ru: the build tree's Russian translation is used" "the C library ignores LANGUAGE here (no locale but C installed)"
fi

# The store's own warning about the unusable database is expected; no
# GTK or GLib critical must appear.
check_no_criticals "$tmp"/app-*.log

done_testing
