/* kz-player-card.h — one side's card in the side panel: the side and
 * the player's name, the pieces left, where the side's flag is, and a
 * mark when the side is to move.  Properties: "side", "to-move"
 * (read-only), "game", "ply".
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "kz-game.h"

G_BEGIN_DECLS

#define KZ_TYPE_PLAYER_CARD (kz_player_card_get_type ())
G_DECLARE_FINAL_TYPE (KzPlayerCard, kz_player_card, KZ, PLAYER_CARD, GtkBox)

KzSide   kz_player_card_get_side     (KzPlayerCard *self);
void     kz_player_card_set_side     (KzPlayerCard *self,
                                      KzSide        side);
/* The heading: the side, and the player's name when it is not the side's. */
void     kz_player_card_set_player   (KzPlayerCard *self,
                                      const char   *name);
/* The pieces and the flag in `pos`; `to_move`: the side's turn. */
void     kz_player_card_set_position (KzPlayerCard     *self,
                                      const KzPosition *pos,
                                      gboolean          to_move);
gboolean kz_player_card_get_to_move  (KzPlayerCard *self);
/* The side's clock: `ms` left (< 0: no clock, hidden), in the warning
 * colour when `low` (under 10 % of the start). */
void     kz_player_card_set_clock    (KzPlayerCard *self,
                                      gint64        ms,
                                      gboolean      low);
/* The clock as shown, or NULL when hidden. */
const char *kz_player_card_get_clock_text (KzPlayerCard *self);
/* "4:51", "1:02:03"; tenths under 10 s: "0:09.4". */
char    *kz_player_card_format_clock (gint64 ms);
/* The game the card describes (NULL: none) and at which ply (G_MAXUINT,
 * the default: as the game stands); properties "game" and "ply", which
 * the window binds to its mode's.  The card follows the game by itself
 * (moves played and taken back, the players' names, the end). */
void     kz_player_card_set_game     (KzPlayerCard *self,
                                      KzGame       *game);
void     kz_player_card_set_ply      (KzPlayerCard *self,
                                      guint         ply);
/* Shows game `game` at `ply` (its player, pieces, flag and turn). */
void     kz_player_card_show_game    (KzPlayerCard *self,
                                      KzGame       *game,
                                      guint         ply);

G_END_DECLS
