/* kz-computer-player.h — the computer opponent, run in a worker thread.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "kz-game.h"

G_BEGIN_DECLS

/* A computer player: its searcher and hash table, kept from move to
 * move of one game (make a new one for another game).  A search running
 * in a thread holds a reference, so the player may be dropped at once
 * after cancelling it. */
#define KZ_TYPE_COMPUTER_PLAYER (kz_computer_player_get_type ())
G_DECLARE_FINAL_TYPE (KzComputerPlayer, kz_computer_player, KZ, COMPUTER_PLAYER, GObject)

KzComputerPlayer *kz_computer_player_new (void);

/* The least time from the player's move to the computer's when the
 * GSettings key "human-pace" is on (issue 30, item 3). */
#define KZ_HUMAN_PACE_MSEC 600

/* Chooses a move for the side to move at the game's current position,
 * in a worker thread (GTask), at one of the nine levels,
 * KZ_SEARCH_MIN_LEVEL (1, Recruit) to KZ_SEARCH_MAX_LEVEL (9, Hetman;
 * out of range: clamped), whose limits are kz_search_level_params'
 * (kz-search.h): levels 1-6 without the endgame tables and with human
 * mistakes at the bottom, 7-9 with the tables, loaded in the background
 * on first use.  Cancelling stops the search at once.  `min_msec` makes
 * quick answers wait a little so the player sees the computer "think". */
void     kz_computer_player_choose_async  (KzComputerPlayer    *self,
                                           KzGame              *game,
                                           int                  level,
                                           guint                min_msec,
                                           GCancellable        *cancellable,
                                           GAsyncReadyCallback  callback,
                                           gpointer             user_data);
/* The same with a time budget: the search stops after `max_msec`
 * (0: the level's own limit only), and the wait for a quick answer is
 * kept within it (the computer budgets its thinking by its clock). */
void     kz_computer_player_choose_timed_async (KzComputerPlayer    *self,
                                                KzGame              *game,
                                                int                  level,
                                                guint                min_msec,
                                                guint                max_msec,
                                                GCancellable        *cancellable,
                                                GAsyncReadyCallback  callback,
                                                gpointer             user_data);
/* The move, and the search's score from the mover's point of view (in
 * hundredths of a piece). */
gboolean kz_computer_player_choose_finish (KzComputerPlayer *self,
                                           GAsyncResult  *result,
                                           KzMove        *move,
                                           int           *score,
                                           GError       **error);

G_END_DECLS
