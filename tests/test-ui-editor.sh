#!/usr/bin/env bash
# test-ui-editor.sh — the position editor in the real app, driven through
# its exported D-Bus actions: win.edit-position opens it on the position
# the main window shows; pieces are put, taken away and dragged, the flags
# given and stood home, the side to move chosen; the KPN follows every
# change and a KPN typed in sets the board; the rule a position breaks is
# said at once, with the same reason kazaki-cli gives; play from here
# starts a stored game from the position (against the computer, or two
# players); save stores one with its Position tag.  TAP output.
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

# The editor is the application's second window.
ED="gdbus call --session --dest $APP_ID --object-path $APP_PATH/window/2 --method org.gtk.Actions"
ed() {   # ed NAME [GVARIANT-PARAM]
  local param="[]"
  [ $# -gt 1 ] && param="[<$2>]"
  $ED.Activate "$1" "$param" '{}' >/dev/null
}
ed_set() {   # ed_set NAME GVARIANT-STATE
  $ED.SetState "$1" "<$2>" '{}' >/dev/null
}
ed_state() {   # ed_state NAME
  $ED.Describe "$1" | sed -n "s/.*\[<'\(.*\)'>\]).*/\1/p"
}
ed_enabled() { $ED.Describe "$1" | grep -q "^((true,"; }
kpn_is() { [ "$(ed_state editor-kpn)" = "$1" ]; }
status_is() { [ "$(ed_state editor-status)" = "$1" ]; }
status_has() { ed_state editor-status | grep -q -- "$1"; }
export -f ed_state kpn_is status_is status_has
export ED
# The reason kazaki-cli gives for a KPN, without "KPN: " or "KPN column N: ".
cli_reason() {
  "$CLI" moves --position "$1" 2>&1 >/dev/null | sed 's/.*": KPN[^:]*: //'
}
newest() { "$CLI" --db "$db" list 2>/dev/null | awk -F'\t' '$1 ~ /^[0-9]+$/ { print; exit }'; }

START="ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/ccccc c home home"

check "the app starts" start_app
check "win.edit-position is exported" grep -q "'edit-position'" <<<"$($WIN.List 2>&1)"
win_action edit-position
check "win.edit-position opens the editor" wait_for 20 $ED.List
check "… on the position the window shows (the start)" eventually kpn_is "$START"
check "… which can be played from" status_is ""
check "… so play is enabled" ed_enabled editor-play

# --- placing and taking away ----------------------------------------------
ed editor-clear
check "Clear empties the board" eventually kpn_is "5/3/5/5/5/5/5/3/5 c home home"
check "… and says why it cannot be played" \
  status_is "The side not to move has already lost: the Turks have no pieces left"
check "… so play is disabled" bash -c "! $ED.Describe editor-play | grep -q '^((true,'"
# --- the keyboard: the editor opens with the focus on the board (c4) -------
if have_xdotool; then
  w=$(xdotool search --onlyvisible --name "^Position Editor\$" 2>/dev/null | head -1)
  xdotool windowactivate "$w" 2>/dev/null; sleep 0.5
  xdotool key c; sleep 0.2; xdotool key Up; sleep 0.2; xdotool key t
  check "keyboard: C and T put pieces on the focused points (c4, then c5)" \
    eventually kpn_is "5/3/5/5/2t2/2c2/5/3/5 c home home"
  xdotool key Delete
  check "keyboard: Delete takes the piece away" eventually kpn_is "5/3/5/5/5/2c2/5/3/5 c home home"
  ed editor-clear
else
  skip "keyboard: C and T put pieces on the focused points" "no xdotool"
  skip "keyboard: Delete takes the piece away" "no xdotool"
fi

ed_set editor-tool "'cossack'"
ed editor-point "'c4'"
ed_set editor-tool "'turk'"
ed editor-point "'c6'"
ed editor-point "'a9'"
check "pieces are put by the palette" eventually kpn_is "t4/3/5/2t2/5/2c2/5/3/5 c home home"
check "… and the position can be played" status_is ""
ed editor-point "'a9'"
check "the same piece again takes it away" eventually kpn_is "5/3/5/2t2/5/2c2/5/3/5 c home home"
ed_set editor-tool "'cossack'"
ed editor-point "'c6'"
check "a piece of the other side replaces it" eventually kpn_is "5/3/5/2c2/5/2c2/5/3/5 c home home"
ed_set editor-tool "'erase'"
ed editor-point "'c6'"
ed_set editor-tool "'turk'"
ed editor-point "'e9'"
ed editor-drag "'c4 c5'"
check "a dragged piece moves" eventually kpn_is "4t/3/5/5/2c2/5/5/3/5 c home home"

# --- flags ---------------------------------------------------------------------
ed_set editor-tool "'turkish-flag'"
ed editor-point "'c5'"
check "the Turkish flag given to a Cossack" eventually kpn_is "4t/3/5/5/2c2/5/5/3/5 c home c5"
ed editor-drag "'c5 b4'"
check "… goes with it when it is dragged" eventually kpn_is "4t/3/5/5/5/1c3/5/3/5 c home b4"
ed editor-point "'c8'"
check "c8 stands the flag at home again" eventually kpn_is "4t/3/5/5/5/1c3/5/3/5 c home home"
ed editor-point "'b4'"
ed editor-drag "'b4 -'"
check "a piece dragged off the board is taken away, its flag goes home" \
  eventually kpn_is "4t/3/5/5/5/5/5/3/5 c home home"

# --- the reasons, as kazaki-cli gives them -------------------------------------
ed_set editor-tool "'turk'"
ed editor-point "'c8'"
check "a Turk on the Turkish flag's point: the reason" \
  eventually status_is "The Turkish flag stands on c8, so no Turkish piece can stand there"
check "… in the words of kazaki-cli" \
  test "$(cli_reason "$(ed_state editor-kpn)")" = "the Turkish flag stands on c8, so no Turkish piece can stand there"
sixteen="ttttt/t1t/ttttt/1ttt1/c4/1ccc1/ccccc/c1c/ccccc c home home"
ed_set editor-kpn "'$sixteen'"
check "a KPN typed in sets the board" eventually kpn_is "$sixteen"
check "16 Cossack pieces: the reason" eventually status_is "16 Cossack pieces, a side has at most 15"
check "… as kazaki-cli says it" test "$(cli_reason "$sixteen")" = "16 Cossack pieces, a side has at most 15"
own="ttttt/t1t/ttttt/1tt2/2t2/1ccc1/ccccc/c1c/ccccc c home c5"
ed_set editor-kpn "'$own'"
check "a Turkish flag carried by a Turk while the Cossacks have 15 pieces: the reason" \
  eventually status_has "A Turkish flag carried by a Turkish piece (on c5)"
lost="t4/3/5/5/5/5/5/1c1/5 c home c2"
ed_set editor-kpn "'$lost'"
check "the side not to move has already lost: the reason" \
  eventually status_is "The side not to move has already lost: the Cossacks have brought the Turkish flag to c2"
check "… as kazaki-cli says it" test "$(cli_reason "$lost")" = "the side not to move has already lost: the Cossacks have brought the Turkish flag to c2"
ed_set editor-side "'t'"
check "with the Turks to move it is a position, but the game is over" \
  eventually status_is "The game is over: the Cossacks have brought the Turkish flag home"
check "… and the KPN says whose turn it is" kpn_is "t4/3/5/5/5/5/5/1c1/5 t home c2"
ed_set editor-kpn "'no kpn'"
check "text that is no KPN: said" \
  eventually status_is "This is not a position in KPN (at character 1)"
check "… the board kept" kpn_is "t4/3/5/5/5/5/5/1c1/5 t home c2"

# --- play from here ---------------------------------------------------------------
pos="4t/3/5/5/2c2/5/5/3/5 c home home"
ed_set editor-kpn "'$pos'"
check "a position to play from" eventually status_is ""
before=$(game_count)
ed editor-play "'two'"
check "play from here (two players) stores a game" eventually test "$(game_count)" = $((before + 1))
id=$(newest | cut -f1)
check "… starting from the position (its Position tag)" \
  grep -q "^\[Position \"$pos\"\]" <<<"$("$CLI" --db "$db" show "$id")"
win_action play-move "'c5-c6'"
check "… in the main window, where it is played on" eventually grep -q "c5-c6" <<<"$("$CLI" --db "$db" show "$id" 2>/dev/null)"
win_action edit-position
check "win.edit-position again: the editor takes the position the window shows now" \
  eventually kpn_is "4t/3/5/2c2/5/5/5/3/5 t home home"
ed_set editor-kpn "'$pos'"
check "… and can be set back" eventually kpn_is "$pos"
ed editor-play "'computer'"
check "play from here against the computer stores a game" eventually test "$(game_count)" = $((before + 2))
id2=$(newest | cut -f1)
kgn=$("$CLI" --db "$db" show "$id2")
check "… the player takes the side to move, the computer the other" \
  grep -q '^\[Turks "Computer"\]' <<<"$kgn"
win_action play-move "'c5-c6'"
check "… and the computer answers the player's move" \
  wait_until 30 bash -c "'$CLI' --db '$db' show $id2 | grep -E -q '^1\\. c5-c6 [a-e][1-9]'"

# --- save ---------------------------------------------------------------------------
ed_set editor-kpn "'$own'"
check "an impossible position cannot be saved" bash -c "! $ED.Describe editor-save | grep -q '^((true,'"
ed_set editor-kpn "'$pos'"
ed editor-save
check "Save stores the position in the library" eventually test "$(game_count)" = $((before + 3))
check "… with its Position tag" \
  grep -q "^\[Position \"$pos\"\]" <<<"$("$CLI" --db "$db" show "$(newest | cut -f1)")"

# --- analyse ---------------------------------------------------------------------
ed editor-analyse
check "Analyse shows the position in the main window's review" eventually test "$(action_state review)" = true
check "… from the position" \
  eventually bash -c "gdbus call --session --dest $APP_ID --object-path $APP_PATH/window/1 --method org.gtk.Actions.Describe analyse | grep -q '^((true,'"

# --- the demonstration battle: the position shown, not the battle's last ---------
app_action demonstration
win_action edit-position
check "win.edit-position right after app.demonstration: the battle's start" \
  eventually kpn_is "$START"
win_action review-play                     # pause the auto-play
win_action review-goto "uint32 1"
win_action edit-position
check "… at move 1 (b4-b5): that position" \
  eventually kpn_is "ttttt/t1t/ttttt/1ttt1/1c3/2cc1/ccccc/c1c/ccccc t home home"
win_action review-goto "uint32 0"
win_action edit-position
check "… back at the start: the start" eventually kpn_is "$START"

check "the app quits" quit_app
check_no_criticals "$tmp"/app*.log
done_testing
