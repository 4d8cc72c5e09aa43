#!/usr/bin/env bash
# test-ui-analysis.sh — Analyse in the running app (win.analyse): a stored
# game opened from the database is analysed in the background while the
# window keeps answering, the analysis is stored (kazaki-cli export --evals
# then shows an evaluation after every move, and so does the window's
# Export With Evaluations), a second Analyse while it
# runs cancels it, and nothing goes wrong on the way.
#
# SPDX-License-Identifier: GPL-3.0-or-later
set -u

# shellcheck source=ui-test-lib.sh
. "${UI_TEST_LIB:-$(dirname "$0")/ui-test-lib.sh}"

use_private_home memory
export NO_AT_BRIDGE=1
export GTK_A11Y=none

evals() {   # evals ID: how many moves of game ID have a stored evaluation
  "$CLI" --db "$db" export --evals "$1" -o - 2>/dev/null | grep -o '%eval' | wc -l
}

now_ms() { date +%s%3N; }


"$CLI" --db "$db" selfplay --games 2 --seed 7 --max-plies 60 >/dev/null
check "kazaki-cli recorded two 60-ply games" test "$("$CLI" --db "$db" list | awk -F'\t' '$7 == 60' | wc -l)" = 2

check "the app starts on that database" start_app
check "win.analyse is exported" sh -c "$WIN.List | grep -q \"'analyse'\""

# Game 1: Analyse reviews it and analyses it; the window answers meanwhile.
win_action open-game "int64 1"
win_action analyse
t0=$(now_ms)
$WIN.Describe review >/dev/null
t1=$(now_ms)
early=$(evals 1)
# The analysis is stored when it ends; a window that waited for it would
# answer only after that (61 positions take seconds), with all 60 stored.
if [ "$early" -lt 60 ]; then
  ok "the window answers while analysing ($((t1 - t0)) ms; $early of 60 stored then)"
else
  not_ok "the window answers while analysing" "answered after $((t1 - t0)) ms, the analysis already stored"
fi
check "the game is reviewed" test "$(action_state review)" = true

# 61 positions at 200 ms on the machine's cores: well within 60 s.
for _ in $(seq 1 300); do
  [ "$(evals 1)" = 60 ] && break
  sleep 0.2
done
check "the analysis is stored: an evaluation after each of the 60 moves" test "$(evals 1)" = 60

# Export With Evaluations: the game's KGN with them; without: as before.
win_action export-game-to "'$tmp/plain.kgn'"
gdbus call --session --dest $APP_ID --object-path $APP_PATH/window/1 \
  --method org.gtk.Actions.SetState export-evals "<true>" '{}' >/dev/null
win_action export-game-to "'$tmp/evals.kgn'"
"$CLI" --db "$db" export --evals 1 -o "$tmp/cli.kgn"
if [ "$(grep -o '%eval' "$tmp/evals.kgn" | wc -l)" = 60 ] && ! grep -q '%eval' "$tmp/plain.kgn" \
   && cmp -s "$tmp/evals.kgn" "$tmp/cli.kgn"; then
  ok "Export With Evaluations writes what kazaki-cli export --evals writes"
else
  not_ok "Export With Evaluations writes what kazaki-cli export --evals writes" \
    "$(diff "$tmp/evals.kgn" "$tmp/cli.kgn" | head -10)"
fi

# Game 2: Analyse, then Analyse again at once cancels; the app goes on.
win_action open-game "int64 2"
win_action analyse
win_action analyse
sleep 1
n2=$(evals 2)
if kill -0 "$app_pid" 2>/dev/null && [ "$n2" -lt 60 ]; then
  ok "a second Analyse cancels ($n2 of 60 moves evaluated and kept)"
else
  not_ok "a second Analyse cancels" "app alive: $(kill -0 "$app_pid" 2>/dev/null && echo yes || echo no), evaluated: $n2"
fi

quit_app
check_no_criticals "$tmp"/app.log

done_testing
