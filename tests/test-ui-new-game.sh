#!/usr/bin/env bash
# test-ui-new-game.sh — the no-progress draw in the running app (RULES.md,
# "The end"): New Game's option is on by default, so the games the app
# begins have the rule (KGN tag NoProgress "on"); with the option off they
# have not; a stored game with the rule, resumed, is drawn by the 100th
# ply without a capture or a flag taken, as the database then says.
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

# 99 plies without a capture or a flag taken (made by the walk of
# test-model-no-progress.c); d7-e7 is the 100th.
cat > "$tmp/quiet.kgn" <<'KGN'
[Event "A quiet game"]
[Site "?"]
[Date "2025.12.02"]
[Round "-"]
[Cossacks "Ivan"]
[Turks "Mehmed"]
[Result "*"]
[Termination "unterminated"]
[Position "1ttt1/2c/4t/5/t4/5/c4/3/cc1c1 c home home"]
[NoProgress "on"]

1. b1-c1 e7-d7 2. a1-b1 d7-e7 3. d1-e1 e7-d7 4. c1-d1 d7-e7 5. b1-c1 e7-d7 6.
d1-d2 d7-e7 7. c1-d1 e7-d7 8. d2-c3 d7-e7 9. c3-d3 e7-d7 10. d3-e3 d7-e7 11.
d1-c1 e7-d7 12. c1-b1 d7-e7 13. b1-a1 e7-d7 14. e1-d1 d7-e7 15. a1-b1 e7-d7 16.
b1-c1 d7-e7 17. e3-d3 e7-d7 18. d1-e1 d7-e7 19. c1-b1 e7-d7 20. b1-a1 d7-e7 21.
e1-d1 e7-d7 22. a1-b1 d7-e7 23. d1-c1 e7-d7 24. d3-e3 d7-e7 25. b1-a1 e7-d7 26.
c1-b1 d7-e7 27. e3-d3 e7-d7 28. b1-c1 d7-e7 29. d3-c3 e7-d7 30. a1-b1 d7-e7 31.
c1-d1 e7-d7 32. b1-c1 d7-e7 33. d1-e1 e7-d7 34. c1-b1 d7-e7 35. b1-a1 e7-d7 36.
e1-d1 d7-e7 37. c3-b3 e7-d7 38. a1-b1 d7-e7 39. b1-c1 e7-d7 40. d1-e1 d7-e7 41.
c1-d1 e7-d7 42. d1-d2 d7-e7 43. b3-c3 e7-d7 44. c3-d3 d7-e7 45. d3-e3 e7-d7 46.
e1-d1 d7-e7 47. d1-c1 e7-d7 48. c1-b1 d7-e7 49. b1-a1 e7-d7 50. e3-d3 *
KGN
"$CLI" --db "$db" import "$tmp/quiet.kgn" > "$tmp/import.out" 2>&1
check "kazaki-cli imports the quiet game" grep -q '^1 imported' "$tmp/import.out"

tag_of() {   # tag_of ID: the game's NoProgress tag as kazaki-cli show writes it
  "$CLI" --db "$db" show "$1" 2>/dev/null | grep '^\[NoProgress ' || echo none
}
newest() { "$CLI" --db "$db" list 2>/dev/null | awk -F'\t' 'NR == 1 { print $1 }'; }
field() {   # field ID N: field N of the game's line in kazaki-cli list
  "$CLI" --db "$db" list 2>/dev/null | awk -F'\t' -v id="$1" -v n="$2" '$1 == id { print $n }'
}

check "the option is on by default" \
  test "$(gsettings get io.github.kazaki.Kazaki no-progress-draw)" = true
check "the app starts" start_app
check "it begins a game of its own" eventually test "$(game_count)" = 2
first=$(newest)
check "the game it began has the rule" test "$(tag_of "$first")" = '[NoProgress "on"]'

# The imported game, resumed: the 100th quiet ply draws it.
win_action open-game "int64 1"
check "the quiet game can be resumed" eventually enabled resume-game
win_action resume-game
check "it is played again" eventually test "$(action_state review)" = false
win_action play-move "'d7-e7'"
check "the 100th ply draws it: 1/2-1/2" eventually test "$(field 1 5)" = 1/2-1/2
check "by the no-progress rule" test "$(field 1 6)" = no-progress
check "after 100 plies" test "$(field 1 7)" = 100
check "it can be taken back" eventually enabled undo
quit_app

# The option off: the next game is begun without the rule.
gsettings set io.github.kazaki.Kazaki no-progress-draw false
check "the app starts again" start_app
before=$(game_count)
win_action play-move "'b4-a4'"
win_action first-game "'two-players'"
check "a new game is begun" eventually test "$(game_count)" -gt "$before"
check "with the option off it has no rule" test "$(tag_of "$(newest)")" = '[NoProgress "off"]'
quit_app
check_no_criticals "$tmp"/app*.log
done_testing
