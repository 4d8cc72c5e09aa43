/* kz-game-item.h — one row of the game library (an item of KzGameListModel).
 *
 * An immutable snapshot of a KzGameInfo: what the library list shows
 * for a game (date, players, result, how it ended, number of moves and
 * the final position for a thumbnail).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "kz-store.h"

G_BEGIN_DECLS

#define KZ_TYPE_GAME_ITEM (kz_game_item_get_type ())
G_DECLARE_FINAL_TYPE (KzGameItem, kz_game_item, KZ, GAME_ITEM, GObject)

/* Read-only properties: "id" gint64, "cossacks", "turks" strings,
 * "start-time" gint64 (seconds since the epoch, 0 unknown), "result"
 * KzResult, "termination" KzTermination, "plies" guint, "final-kpn"
 * string. */

/* Takes a copy of `info`. */
KzGameItem       *kz_game_item_new (const KzGameInfo *info);
const KzGameInfo *kz_game_item_get_info (KzGameItem *self);
gint64            kz_game_item_get_id (KzGameItem *self);
const char       *kz_game_item_get_player_name (KzGameItem *self, KzSide side);
gint64            kz_game_item_get_start_time (KzGameItem *self);
KzResult          kz_game_item_get_result (KzGameItem *self);
KzTermination     kz_game_item_get_termination (KzGameItem *self);
guint             kz_game_item_get_plies (KzGameItem *self);
const char       *kz_game_item_get_final_kpn (KzGameItem *self);
/* The number of moves as the move list numbers them (a turn of each side
 * makes one; a game that starts with the Turks to move has only their
 * half in move 1). */
guint             kz_game_item_get_n_moves (KzGameItem *self);
/* Translated one-line summaries for the list: e.g. "Ivan — Computer",
 * "Cossacks win · flag", "30 Nov 2026". */
char             *kz_game_item_dup_players_text (KzGameItem *self);
char             *kz_game_item_dup_outcome_text (KzGameItem *self);
char             *kz_game_item_dup_date_text (KzGameItem *self);

G_END_DECLS
