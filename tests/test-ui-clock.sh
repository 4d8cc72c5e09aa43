#!/usr/bin/env bash
# test-ui-clock.sh — timed games in the real app, driven through its D-Bus
# actions: two players to a flag fall, a game against the computer whose
# clock survives a kill (SIGKILL) and a restart, the clock times exported
# to KGN and imported back, and pausing: the player's pause (win.pause),
# the clocks stopped under a dialog, the time of an unfinished turn
# charged after a restart, the computer waiting while paused, and no time
# charged before the alert about a damaged database.  TAP output.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

# shellcheck source=ui-test-lib.sh
. "${UI_TEST_LIB:-$(dirname "$0")/ui-test-lib.sh}"

use_private_home keyfile
export NO_AT_BRIDGE=1
export GTK_A11Y=none
# Not a first start: the welcome page would hold the clocks (it covers the
# board of a game not begun yet).
gsettings set io.github.kazaki.Kazaki how-to-play-offered true

newest() { "$CLI" --db "$db" list 2>/dev/null | head -1; }
newest_kgn() { "$CLI" --db "$db" show "$(newest | cut -f1)"; }
# The %clk of move N (1-based) of the newest game, in milliseconds.
clock_of_move() {
  newest_kgn | grep -v '^\[' | tr '\n' ' ' | grep -o '{\[%clk [0-9:.]*\]}' | sed -n "$1p" |
    sed 's/{\[%clk \([0-9]*\):\([0-9]*\):\([0-9.]*\)\]}/\1 \2 \3/' |
    awk '{ printf "%d\n", (($1 * 60 + $2) * 60 + $3) * 1000 }'
}
export -f newest newest_kgn clock_of_move
export CLI db


# --- 1. two players, 3 seconds each: the Cossacks' flag falls ----------
gsettings set io.github.kazaki.Kazaki time-control "3"
check "the app starts a timed game between two players" start_app 1
check "the Cossacks lose on time: 0-1, time forfeit, in the database" \
  wait_until 20 bash -c '"$1" --db "$2" list | head -1 | grep -q "0-1	time forfeit"' _ "$CLI" "$db"
check "the game records its time control" bash -c '"$1" --db "$2" show 1 | grep -q "^\[TimeControl \"3\"\]"' _ "$CLI" "$db"
quit_app

# --- 2. against the computer, 60 s sudden death; kill and restart --------
gsettings set io.github.kazaki.Kazaki last-game-kind computer
gsettings set io.github.kazaki.Kazaki computer-level 1
gsettings set io.github.kazaki.Kazaki player-side cossacks
gsettings set io.github.kazaki.Kazaki time-control "60"
start_app 2
sleep 4   # the Cossacks' clock runs meanwhile
win_action play-move "'c4-c5'"
check "the computer answers on the clock (both moves timed)" \
  wait_until 20 bash -c '[ "$(clock_of_move 2)" != "" ]'
c1=$(clock_of_move 1)
kill -9 "$app_pid"; wait "$app_pid" 2>/dev/null; app_pid=
start_app 3
wait_until 10 bash -c '"$1" --db "$2" list | head -1 | grep -q "	\*	"' _ "$CLI" "$db"
check "the timed game resumed at start waits, paused, its clocks stopped" \
  bash -c '[ "$(action_state pause)" = true ] && [ "$(action_state clock-running)" = false ]'
win_action pause   # Resume
# (after the comment the Turks' move has its number, "1... ", as PGN exports it)
reply=$(newest_kgn | grep -v '^\[' | tr '\n' ' ' | grep -o '1\. c4-c5 {[^}]*} \(1\.\.\. \)\?[a-e0-9x-]*' | awk '{ print $NF }')
# The Cossacks' reply to the computer's capture: any legal move will do.
next=$("$CLI" moves --position "$("$CLI" apply c4-c5 "$reply" | head -1)" | head -1)
sleep 1
win_action play-move "'$next'"
wait_until 10 bash -c '[ "$(clock_of_move 3)" != "" ]'
c3=$(clock_of_move 3)
check "after a kill and a restart the Cossacks' clock goes on from its stored time ($c1 ms, then $c3 ms)" \
  test -n "$c1" -a -n "$c3" -a "${c3:-0}" -lt "${c1:-0}" -a "${c3:-0}" -gt 0 -a "${c1:-0}" -lt 57000
check "the computer's clock is stored too, and not above its start" \
  bash -c 'c=$(clock_of_move 2); [ -n "$c" ] && [ "$c" -le 60000 ] && [ "$c" -gt 0 ]'
quit_app

# --- 3. export and import keep the clock times ---------------------------
id=$(newest | cut -f1)
"$CLI" --db "$db" export "$id" -o "$tmp/timed.kgn" >/dev/null
check "the export has the TimeControl tag and a %clk after each move" \
  bash -c 'grep -q "^\[TimeControl \"60\"\]" "$1" && [ "$(grep -o "\[%clk [0-9:.]*\]" "$1" | wc -l)" -ge 3 ]' _ "$tmp/timed.kgn"
"$CLI" --db "$tmp/other.db" import "$tmp/timed.kgn" >/dev/null 2>&1
check "imported into another database, the clock times are the same" \
  bash -c 'diff <(grep -o "\[%clk [0-9:.]*\]" "$1") <("$2" --db "$3" show 1 | grep -o "\[%clk [0-9:.]*\]")' \
  _ "$tmp/timed.kgn" "$CLI" "$tmp/other.db"
# --- 4. pausing: by the player, under a dialog, across a restart --------
# A fresh database: two players, a minute each.
export XDG_DATA_HOME="$tmp/data4"
db="$XDG_DATA_HOME/kazaki/games.db"
mkdir -p "$XDG_DATA_HOME/kazaki"
gsettings set io.github.kazaki.Kazaki last-game-kind two-players
gsettings set io.github.kazaki.Kazaki time-control "60"
start_app 4
check "a new timed game runs at once (win.clock-running)" \
  wait_until 10 bash -c '[ "$(action_state clock-running)" = true ]'
win_action pause
check "win.pause stops the clocks" \
  bash -c '[ "$(action_state pause)" = true ] && [ "$(action_state clock-running)" = false ]'
win_action play-move "'c4-c5'"
sleep 6   # paused: not charged
check "no move is played while paused" bash -c '! newest_kgn | grep -q "c4-c5"'
win_action pause
win_action play-move "'c4-c5'"
wait_until 10 bash -c '[ "$(clock_of_move 1)" != "" ]'
c1=$(clock_of_move 1)
check "resumed, the move is played; the 6 s of the pause were not charged ($c1 ms left of 60000)" \
  test -n "$c1" -a "${c1:-0}" -gt 55000 -a "${c1:-0}" -le 60000
# A dialog over the window stops the clocks until it closes.
win_action resign
wait_until 10 bash -c '[ "$(action_state shown-alert)" = "'"'Resign for the Turks?'"'" ]'
check "a dialog over the window stops the clocks" \
  wait_until 10 bash -c '[ "$(action_state clock-running)" = false ]'
check "and it is no pause of the player's" test "$(action_state pause)" = false
if have_xdotool; then
  point_at_alert '^Resign for the Turks\?$'
  for _ in 1 2 3 4 5; do
    sleep 0.5
    xdotool key Escape
    wait_until 2 bash -c '[ "$(action_state shown-alert)" = "'"''"'" ]' && break
  done
  check "closed (Escape), the clocks run again" \
    wait_until 10 bash -c '[ "$(action_state clock-running)" = true ]'
else
  skip "closed (Escape), the clocks run again" "xdotool is not installed"
fi
# Minimised (unmapped by the window manager, as xdotool does here): the
# clocks stop; shown again, they run.
if have_xdotool; then
  target=$(xdotool search --onlyvisible --pid "$app_pid" 2>/dev/null | head -1)
  xdotool windowunmap "$target"
  check "the window minimised, the clocks stop" \
    wait_until 10 bash -c '[ "$(action_state clock-running)" = false ]'
  xdotool windowmap "$target"
  check "shown again, they run" wait_until 10 bash -c '[ "$(action_state clock-running)" = true ]'
else
  skip "the window minimised, the clocks stop" "xdotool is not installed"
  skip "shown again, they run" "xdotool is not installed"
fi
sleep 2   # the Turks' clock runs; then the app is closed mid-turn
quit_app
start_app 5
check "after a restart the unfinished game is paused" \
  bash -c '[ "$(action_state pause)" = true ] && [ "$(action_state clock-running)" = false ]'
win_action pause
reply=$("$CLI" moves --position "$("$CLI" apply c4-c5 | head -1)" | head -1)
win_action play-move "'$reply'"
wait_until 10 bash -c '[ "$(clock_of_move 2)" != "" ]'
c2=$(clock_of_move 2)
check "the Turks' time spent before the restart was charged ($c2 ms left of 60000)" \
  test -n "$c2" -a "${c2:-0}" -le 58000 -a "${c2:-0}" -gt 40000
quit_app

# --- 5. the computer waits while the game is paused ------------------------
# Not a first start (a finished game is there): the kind last chosen, the
# computer (level 5: it thinks for about a second) with the Turks.  The
# app is killed as soon as the player has moved, so the game restored is
# the computer's turn.
export XDG_DATA_HOME="$tmp/data5"
db="$XDG_DATA_HOME/kazaki/games.db"
mkdir -p "$XDG_DATA_HOME/kazaki"
printf '[Result "1-0"]\n[Termination "resignation"]\n\n1. c4-c5 1-0\n' >"$tmp/done.kgn"
"$CLI" --db "$db" import "$tmp/done.kgn" >/dev/null
gsettings set io.github.kazaki.Kazaki last-game-kind computer
gsettings set io.github.kazaki.Kazaki player-side cossacks
gsettings set io.github.kazaki.Kazaki computer-level 5
plies() { newest | cut -f7; }
export -f plies
start_app 6
win_action play-move "'c4-c5'"
kill -9 "$app_pid"; wait "$app_pid" 2>/dev/null; app_pid=
start_app 7
p0=$(plies)   # 1, unless the computer had replied before the kill
sleep 2
check "restored paused on the computer's turn, it waits ($p0 moves)" \
  bash -c '[ "$(action_state pause)" = true ] && [ "$(plies)" = "$1" ]' _ "$p0"
win_action pause
win_action pause   # paused again while it thinks: the search stops
sleep 3
check "paused while the computer thinks, it does not move" test "$(plies)" = "$p0"
win_action pause
check "resumed, the computer plays" wait_until 20 bash -c '[ "$(plies)" -gt "$1" ]' _ "$p0"
quit_app

# --- 8. a damaged database: its alert comes first, the clock waits -------
# (issue 24: the clock of the new timed game ran about a second before the
# alert showed.)  Every change of the window's actions' states is watched
# on the bus from the start: clock-running never turns true while the
# alert is up or before it.
export XDG_DATA_HOME="$tmp/damaged"
mkdir -p "$XDG_DATA_HOME/kazaki"
head -c 8192 /dev/urandom > "$XDG_DATA_HOME/kazaki/games.db"
gsettings set io.github.kazaki.Kazaki last-game-kind two-players
gsettings set io.github.kazaki.Kazaki time-control "60"
gdbus monitor --session --dest "$APP_ID" --object-path "$APP_PATH/window/1" >"$tmp/states.log" 2>&1 &
monitor_pid=$!
sleep 0.5
start_app damaged
check "a damaged database: its alert is shown" \
  eventually bash -c '[ -n "$(action_state shown-alert)" ] && [ "$(action_state shown-alert)" != "'"''"'" ]'
sleep 1
kill "$monitor_pid" 2>/dev/null; wait "$monitor_pid" 2>/dev/null
if grep -q "clock-running': <true>" "$tmp/states.log"; then
  not_ok "and the clock did not run before it, nor while it is shown" "$(grep -o "clock-running': <[a-z]*>" "$tmp/states.log")"
else
  ok "and the clock did not run before it, nor while it is shown"
fi
quit_app

check_no_criticals "$tmp"/app-*.log
done_testing
