#!/usr/bin/env bash
# test-ui-puzzles.sh — the puzzle trainer in the real app, driven through
# its exported D-Bus actions: app.puzzles opens it on a puzzle; a puzzle is
# solved move by move (the reply played by the window), the attempt and the
# new rating stored in the game database (as kazaki-cli reads them); a
# wrong move fails at once with the reason; the solution is played on
# request; the theme filter only offers puzzles of that theme.  TAP output.
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

# The trainer is the application's second window.
PZ="gdbus call --session --dest $APP_ID --object-path $APP_PATH/window/2 --method org.gtk.Actions"
pz() {   # pz NAME [GVARIANT-PARAM]
  local param="[]"
  [ $# -gt 1 ] && param="[<$2>]"
  $PZ.Activate "$1" "$param" '{}' >/dev/null
}
pz_state() {   # pz_state NAME
  $PZ.Describe "$1" | sed -n "s/.*\[<'\(.*\)'>\]).*/\1/p"
}
state_is() { [ "$(pz_state puzzle-state)" = "$1" ]; }
state_ends() { pz_state puzzle-state | grep -q -- " $1\$"; }
feedback_has() { pz_state puzzle-feedback | grep -q -- "$1"; }
export -f pz_state state_is state_ends feedback_has
export PZ
attempts() { "$CLI" --db "$db" puzzle-rating 2>/dev/null | cut -f4; }
rating() { "$CLI" --db "$db" puzzle-rating 2>/dev/null | cut -f1; }

# a puzzle of two solver moves, and one of the apex-jump theme, from the CLI
line=$("$CLI" puzzles | awk -F'\t' 'split($3, m, " ") == 3 { print; exit }')
id=$(cut -f1 <<<"$line")
read -r m1 _ m3 <<<"$(cut -f3 <<<"$line")"

check "the app starts" start_app
check "app.puzzles is exported" grep -q "'puzzles'" <<<"$($APP.List 2>&1)"
app_action puzzles
check "app.puzzles opens the trainer" wait_for 20 $PZ.List
actions=$($PZ.List 2>&1)
missing=
for a in puzzle-open puzzle-next puzzle-move puzzle-solution puzzle-theme puzzle-state; do
  grep -q "'$a'" <<<"$actions" || missing="$missing $a"
done
if [ -z "$missing" ]; then ok "the trainer exports its actions"; else not_ok "the trainer exports its actions" "missing:$missing"; fi
check "it opens on a puzzle" eventually state_ends solving
first=$(pz_state puzzle-state | cut -d' ' -f1)
check "… one of the built-in puzzles" grep -q "^$first	" <<<"$("$CLI" puzzles)"
# a newcomer (1500 ± 350) starts easy: near 1500 - 350, not near 1500
first_rating=$("$CLI" puzzles | awk -F'\t' -v id="$first" '$1 == id { print $5 }')
check "… an easy one for a newcomer (rated $first_rating, below 1300)" test "${first_rating:-9999}" -lt 1300

# --- solved: the reply is played by the window ------------------------------
pz puzzle-open "'$id'"
check "win.puzzle-open opens $id" eventually state_is "$id 0 solving"
pz puzzle-move "'$m1'"
check "the first move is right and the window replies" eventually state_is "$id 2 solving"
pz puzzle-move "'$m3'"
check "the second move solves it" eventually state_is "$id 3 solved"
check "… said at once" feedback_has "Solved!"
check "the attempt is stored" eventually test "$(attempts)" = 1
check "the rating went up" test "$(rating)" -gt 1500

# --- failed at once, with the reason ----------------------------------------
pz puzzle-next
check "win.puzzle-next opens another puzzle" eventually state_ends solving
other=$(pz_state puzzle-state | cut -d' ' -f1)
check "… not the one just solved" test "$other" != "$id"
kpn=$("$CLI" puzzles | awk -F'\t' -v id="$other" '$1 == id { print $2 }')
best=$("$CLI" puzzles | awk -F'\t' -v id="$other" '$1 == id { split($3, m, " "); print m[1] }')
wrong=$("$CLI" moves --position "$kpn" | grep -v -x -- "$best" | head -n 1)
before=$(rating)
pz puzzle-move "'$wrong'"
check "a wrong move ($wrong) fails at once" eventually state_is "$other 0 failed"
check "… naming it" feedback_has "Wrong: $wrong does not"
check "the failed attempt is stored" eventually test "$(attempts)" = 2
check "the rating went down" test "$(rating)" -lt "$before"
pz puzzle-move "'a1-e9'"
check "an illegal move is refused and explained, not counted" eventually feedback_has "a1"
check "… no third attempt" test "$(attempts)" = 2

# --- the solution ------------------------------------------------------------
pz puzzle-solution
plies=$("$CLI" puzzles | awk -F'\t' -v id="$other" '$1 == id { print split($3, m, " ") }')
# (0.7 s a ply)
check "win.puzzle-solution plays the whole line ($plies plies)" \
  wait_until $((plies + 10)) state_is "$other $plies shown"
check "… and writes it out" feedback_has "The solution: $best"
check "… without another attempt" test "$(attempts)" = 2

# --- the theme filter -----------------------------------------------------------
pz puzzle-theme "'apex-jump'"
check "a theme opens a puzzle of that theme" eventually state_ends solving
for _ in 1 2 3; do
  shown=$(pz_state puzzle-state | cut -d' ' -f1)
  themes=$("$CLI" puzzles | awk -F'\t' -v id="$shown" '$1 == id { print $4 }')
  if ! grep -q "apex-jump" <<<"$themes"; then break; fi
  pz puzzle-next
  sleep 0.3
done
check "every puzzle offered has the theme (last: $shown, $themes)" grep -q "apex-jump" <<<"$themes"
check "win.puzzle-theme's state is the theme" test "$(pz_state puzzle-theme)" = apex-jump
if "$CLI" puzzles --theme no-moves | grep -q .; then
  skip "a theme no puzzle has is not offered" "some puzzle has no-moves"
else
  pz puzzle-theme "'no-moves'"
  sleep 0.5
  check "a theme no puzzle has is not offered" test "$(pz_state puzzle-theme)" = apex-jump
fi
pz puzzle-theme "''"
check "'' is every theme again" eventually test "$(pz_state puzzle-theme)" = ""

check "the app quits cleanly" quit_app
check_no_criticals "$tmp"/app*.log
done_testing
