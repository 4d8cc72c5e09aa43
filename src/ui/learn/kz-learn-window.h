/* kz-learn-window.h — Learn: the lesson list and a lesson played on the board.
 *
 * The list shows every lesson with a check mark once it is finished (the
 * game database's lessons_done table); a lesson plays step by step on a
 * KzBoardView, the task above the board and the verdicts beside it, each
 * verdict announced to assistive technologies.
 *
 * Window actions (exported on D-Bus like the main window's):
 *   win.open-lesson (s)   open a lesson by id ("01-board")
 *   win.show-lessons      back to the list
 *   win.lesson-move (s)   try a move in notation, as if played on the board
 *   win.lesson-point (s)  answer a question step by pointing at a point
 *   win.lesson-hint       show the next move of the solution
 *   win.retry-step        start the step again
 *   win.next-step         the next step, or the next lesson after the last
 *   win.lesson-state      state (s): "LESSON STEP VERDICT", never enabled;
 *                         VERDICT is task, good, wrong or solved
 *   win.lesson-feedback   state (s): the text beside the board, never enabled
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "kz-session.h"

G_BEGIN_DECLS

#define KZ_TYPE_LEARN_WINDOW (kz_learn_window_get_type ())
G_DECLARE_FINAL_TYPE (KzLearnWindow, kz_learn_window, KZ, LEARN_WINDOW, AdwApplicationWindow)

KzLearnWindow *kz_learn_window_new (GtkApplication *app, KzSession *session);
/* The text shown beside the board (the last verdict or hint). */
const char    *kz_learn_window_get_feedback (KzLearnWindow *self);

G_END_DECLS
