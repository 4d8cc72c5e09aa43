/* kz-puzzles-window.h — the puzzle trainer: a proven puzzle matched to the
 * player's rating on a KzBoardView, the opponent's replies played by the
 * window, right or wrong said at once, the solution on request, a theme
 * filter, the streak, the history and a graph of the Glicko-2 rating
 * (doc/PUZZLES.md).  Every attempt is stored in the game database.
 *
 * Window actions (exported on D-Bus like the main window's):
 *   win.puzzle-open (s)      open a puzzle by id
 *   win.puzzle-next          the next puzzle matched to the rating
 *   win.puzzle-move (s)      try a move in notation, as if played on the board
 *   win.puzzle-solution      play the rest of the solution (a failed attempt
 *                            when the puzzle was not solved yet)
 *   win.puzzle-theme (s)     state (s): only puzzles with that theme, '' for all
 *   win.puzzle-state         state (s): "ID PLY STATE", never enabled; PLY the
 *                            plies of the line played, STATE solving, reply,
 *                            solved, failed or shown
 *   win.puzzle-feedback      state (s): the text beside the board, never enabled
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "kz-session.h"

G_BEGIN_DECLS

#define KZ_TYPE_PUZZLES_WINDOW (kz_puzzles_window_get_type ())
G_DECLARE_FINAL_TYPE (KzPuzzlesWindow, kz_puzzles_window, KZ, PUZZLES_WINDOW,
                      AdwApplicationWindow)

KzPuzzlesWindow *kz_puzzles_window_new (GtkApplication *app, KzSession *session);
/* The id of the puzzle shown (NULL when none is left). */
const char      *kz_puzzles_window_get_puzzle_id (KzPuzzlesWindow *self);

G_END_DECLS
