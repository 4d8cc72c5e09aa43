#!/usr/bin/env bash
# test-ui-clock.sh — timed games in the real app, driven through its D-Bus
# actions: two players to a flag fall, a game against the computer whose
# clock survives a kill (SIGKILL) and a restart, and the clock times
# exported to KGN and imported back.  TAP output.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

# shellcheck source=ui-test-lib.sh
. "${UI_TEST_LIB:-$(dirname "$0")/ui-test-lib.sh}"

use_private_home keyfile
export NO_AT_BRIDGE=1
export GTK_A11Y=none

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

echo "1..9"

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
check_no_criticals "$tmp"/app-*.log
[ "$failed" -eq 0 ]
