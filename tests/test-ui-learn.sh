#!/usr/bin/env bash
# test-ui-learn.sh — Learn in the real app, driven through its exported
# D-Bus actions: app.learn opens the lessons, a lesson is played move by
# move (a wrong move explained and not played, the opponent's scripted
# answer, the step solved), a question step answered point by point, and
# the finished lesson recorded in the game database.  TAP output.
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

# The Learn window is the application's second window.
LEARN="gdbus call --session --dest $APP_ID --object-path $APP_PATH/window/2 --method org.gtk.Actions"
learn() {   # learn NAME [GVARIANT-PARAM]
  local param="[]"
  [ $# -gt 1 ] && param="[<$2>]"
  $LEARN.Activate "$1" "$param" '{}' >/dev/null
}
learn_state() {   # learn_state NAME
  $LEARN.Describe "$1" | sed -n "s/.*\[<'\(.*\)'>\]).*/\1/p"
}
state_is() { [ "$(learn_state lesson-state)" = "$1" ]; }
feedback_has() { learn_state lesson-feedback | grep -q -- "$1"; }
export -f learn_state state_is feedback_has
export LEARN
lessons_done() {
  python3 -c "import sqlite3,sys; print(' '.join(r[0] for r in sqlite3.connect(sys.argv[1]).execute('SELECT lesson FROM lessons_done ORDER BY lesson')))" "$db"
}

check "the app starts" start_app
app_actions=$($APP.List 2>&1)
check "app.learn is exported" grep -q "'learn'" <<<"$app_actions"
app_action learn
check "app.learn opens the Learn window" wait_for 20 $LEARN.List
actions=$($LEARN.List 2>&1)
missing=
for a in open-lesson show-lessons board-click lesson-move lesson-point lesson-hint retry-step next-step lesson-state; do
  grep -q "'$a'" <<<"$actions" || missing="$missing $a"
done
if [ -z "$missing" ]; then ok "the Learn window exports its actions"; else not_ok "the Learn window exports its actions" "missing:$missing"; fi

# Preferences opened while Learn is the active window belong to Learn, not
# to a main window that is not active (once a gtk_widget_get_root critical).
app_action preferences
sleep 1
check "app.preferences over the Learn window logs no critical" \
  bash -c '! grep -h -E "CRITICAL|Gtk-WARNING" "$1"/app*.log | grep -q -v -F "gtk_svg_advance: time went backward"' _ "$tmp"
# The Keyboard Shortcuts window's page buttons once measured -3 px wide
# on GTK 4.8 (a Gtk-WARNING per page; style.css).
app_action shortcuts
sleep 1
check "app.shortcuts logs no warning" \
  bash -c '! grep -h -E "CRITICAL|Gtk-WARNING" "$1"/app*.log | grep -q -v -F "gtk_svg_advance: time went backward"' _ "$tmp"

# --- lesson 1, step 1: into the camp through the apex --------------------------
learn open-lesson "'01-board'"
check "win.open-lesson opens step 1 with its task" eventually state_is "01-board 1 task"
learn lesson-move "'b3-b2'"
check "b3-b2 is wrong" eventually state_is "01-board 1 wrong"
check "… and the reason is said: not joined, enter through c3" \
  feedback_has "b3 and b2 are not joined: a triangle is entered and left only through its apex, c3."
learn lesson-move "'b3-c3'"
check "b3-c3 is good" eventually state_is "01-board 1 good"
check "the opponent answers and it is the learner's turn again" eventually state_is "01-board 1 task"
learn lesson-move "'c3-b2'"
check "c3-b2 solves the step" eventually state_is "01-board 1 solved"
check "… with the step's words of praise" feedback_has "the camp is entered only through its apex"

# --- the rest of lesson 1 ---------------------------------------------------------
learn next-step
check "win.next-step goes to step 2" eventually state_is "01-board 2 task"
learn lesson-move "'b4-c5'"
check "b4-c5: the square has no diagonals" feedback_has "the square has no diagonals"
learn lesson-move "'b4-b5'"
eventually state_is "01-board 2 task"
learn lesson-move "'b5-c5'"
check "step 2 solved" eventually state_is "01-board 2 solved"
learn next-step
check "step 3: the learner plays the Turks" eventually state_is "01-board 3 task"
learn lesson-move "'d7-c7'"
eventually state_is "01-board 3 task"
learn lesson-move "'c7-d8'"
check "step 3 solved" eventually state_is "01-board 3 solved"
check "the last step says the lesson is finished" feedback_has "Lesson finished."
done_is() { [ "$(lessons_done)" = "$1" ]; }
check "the finished lesson is in the game database" eventually done_is 01-board

# --- a question step ------------------------------------------------------------
learn open-lesson "'09-corners'"
check "lesson 9 opens" eventually state_is "09-corners 1 task"
learn lesson-point "'b4'"
check "b4 is no answer, and why" feedback_has "The piece on b4 can be taken"
learn lesson-point "'a1'"
learn lesson-point "'a3'"
check "two corners found, one to go" eventually state_is "09-corners 1 good"
learn lesson-point "'e3'"
check "the three corners answer the question" eventually state_is "09-corners 1 solved"

# --- compulsory capture, and retrying a step ------------------------------------
learn open-lesson "'05-compulsory'"
learn lesson-move "'a3-a4'"
check "a step while a capture is possible names the piece that can capture" \
  feedback_has "Capturing is compulsory: your piece on c4 can take d4."
learn retry-step
check "win.retry-step starts the step again" eventually state_is "05-compulsory 1 task"
# On the board: a3 is refused with the reason; a4 clicked next is the
# move a3-a4, refused for the same reason (not "There is no piece on a4").
learn board-click "'a3'"
check "clicking a3 names the piece that can capture" \
  eventually feedback_has "Capturing is compulsory: your piece on c4 can take d4."
learn board-click "'a4'"
check "… and a4 clicked next keeps the reason (the move a3-a4 is judged)" \
  eventually feedback_has "Capturing is compulsory: your piece on c4 can take d4."
check "… without 'There is no piece'" eval '! feedback_has "There is no piece"'
learn retry-step
check "the step starts again" eventually state_is "05-compulsory 1 task"

learn show-lessons
check "the app quits cleanly" quit_app
check_no_criticals "$tmp"/app*.log
done_testing
