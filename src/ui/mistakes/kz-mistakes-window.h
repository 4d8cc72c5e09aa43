/* kz-mistakes-window.h — "Learn from your mistakes": the mistakes and
 * blunders of the player(s) in an analysed game (kz-mistakes.h), one by
 * one as exercises ("find a better move") on a KzBoardView.  A try is
 * searched with the analysis's limits in a worker thread and accepted
 * within the review's own tolerance (kz-mistakes.h says which and why);
 * the best line is shown after a right try or on request.
 *
 * Window actions (exported on D-Bus):
 *   win.mistake-move (s)     try a move in notation, as if played on the board
 *   win.mistake-next, win.mistake-previous   another exercise
 *   win.mistake-solution     show the best move and line
 *   win.mistake-state        state (s): "INDEX/COUNT PLY STATE", INDEX from 1,
 *                            PLY the mistake's move number, STATE solving,
 *                            judging, right, wrong or shown; never enabled
 *   win.mistake-feedback     state (s): the text under the task; never enabled
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "kz-game-analysis.h"

G_BEGIN_DECLS

#define KZ_TYPE_MISTAKES_WINDOW (kz_mistakes_window_get_type ())
G_DECLARE_FINAL_TYPE (KzMistakesWindow, kz_mistakes_window, KZ, MISTAKES_WINDOW,
                      AdwApplicationWindow)

/* Exercises from a complete analysis of `game`; NULL (nothing made) when
 * the player made no mistake or blunder there. */
KzMistakesWindow *kz_mistakes_window_new (GtkApplication *app, KzGame *game,
                                          KzGameAnalysis *analysis);

G_END_DECLS
