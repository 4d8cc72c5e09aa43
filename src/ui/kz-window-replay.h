/* kz-window-replay.h — replay, review and notation in the main window.
 *
 * Adds to a KzWindow (called from its init) a second, read-only board
 * and a replay bar under it, and the window actions
 *
 *   win.review (stateful b)   review the window's game without leaving it
 *   win.open-game (x)         open a stored game for replay (at its start)
 *   win.replay-first, -previous, -next, -last, -play (auto-play on/off)
 *   win.replay-goto (u, state u = the ply shown)
 *   win.continue-from-here    a new recorded game from the shown position
 *   win.resume-game           play on in an unfinished stored game opened
 *                             with win.open-game (one with a human side)
 *   win.export-game           the game as KGN, through a file dialog
 *   win.export-game-to (s)    the same to a path, without a dialog
 *   win.copy-position, win.copy-moves, win.paste-position
 *   win.export-image          the shown position as PNG or SVG
 *   win.export-image-to (s)   the same to a path, without a dialog
 *
 * Keys while reviewing: Home, Left, Space, Right, End.  Clicking a move
 * in the move list jumps there.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-window.h"

G_BEGIN_DECLS

void     kz_window_replay_init         (KzWindow *self);
/* Reviews a game when the session opens one. */
void     kz_window_replay_follow_session (KzWindow *self, KzSession *session);
/* The window's game was replaced: leave the review of the old one. */
void     kz_window_replay_game_changed (KzWindow *self);
/* Loads game `id` from the database and shows it for replay at ply 0:
 * it becomes the window's game for review only (the computer does not
 * play in it) until win.resume-game or win.continue-from-here; "Back to
 * the Game" (win.review off) brings back the window's game before it.
 * FALSE with a message in a toast when it cannot be loaded. */
gboolean kz_window_open_game           (KzWindow *self, gint64 id);
/* A toast in the window. */
void     kz_window_replay_toast        (KzWindow *self, const char *text);

G_END_DECLS
