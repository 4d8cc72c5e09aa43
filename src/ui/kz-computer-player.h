/* kz-computer-player.h — the computer opponent, run in a worker thread.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "kz-game.h"

G_BEGIN_DECLS

/* Chooses a move for the side to move at the game's current position,
 * at a level 1–5, in a worker thread (GTask).  Cancelling stops the
 * search at once.  `min_msec` makes quick answers wait a little so the
 * player sees the computer "think". */
void     kz_computer_player_choose_async  (KzGame              *game,
                                           int                  level,
                                           guint                min_msec,
                                           GCancellable        *cancellable,
                                           GAsyncReadyCallback  callback,
                                           gpointer             user_data);
/* The same with a time budget: the search stops after `max_msec`
 * (0: the level's own limit only), and the wait for a quick answer is
 * kept within it (the computer budgets its thinking by its clock). */
void     kz_computer_player_choose_timed_async (KzGame              *game,
                                                int                  level,
                                                guint                min_msec,
                                                guint                max_msec,
                                                GCancellable        *cancellable,
                                                GAsyncReadyCallback  callback,
                                                gpointer             user_data);
/* The move, and the search's score from the mover's point of view (in
 * hundredths of a piece). */
gboolean kz_computer_player_choose_finish (GAsyncResult  *result,
                                           KzMove        *move,
                                           int           *score,
                                           GError       **error);

G_END_DECLS
