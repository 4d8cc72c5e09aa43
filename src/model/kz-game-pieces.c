/* kz-game-pieces.c — piece identity (kz-game.h, RULES.md §9) read from
 * the ids and troops the game keeps: the piece on a point, where a piece
 * is, the ids after a variation's moves.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-game.h"

#include <string.h>

/* ---------------------------------------------------------------------- */
/* Piece identity                                                          */

gboolean
kz_game_get_node_piece_ids (KzGame *self, KzMoveNode *node, gint8 ids[KZ_GRID_SIZE])
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  g_return_val_if_fail (KZ_IS_MOVE_NODE (node), FALSE);
  g_autoptr (GPtrArray) path = kz_game_get_path (self, node);
  if (path->len == 0 || g_ptr_array_index (path, 0) != kz_game_get_root (self))
    return FALSE;
  /* The main line's ids up to where the path leaves it, then the moves. */
  guint i = 0;
  while (i + 1 < path->len && kz_move_node_is_main_line (g_ptr_array_index (path, i + 1)))
    i++;
  const gint8 *main_ids = kz_game_get_piece_ids (self, i);
  if (main_ids == NULL)
    return FALSE;
  memcpy (ids, main_ids, KZ_GRID_SIZE);
  for (i++; i < path->len; i++)
    {
      const KzMove *move = kz_move_node_get_move (g_ptr_array_index (path, i));
      gint8 mover = ids[move->from];
      ids[move->from] = KZ_NO_PIECE;
      for (KzBits b = move->captured; b; b &= b - 1)
        ids[kz_bit_scan (b)] = KZ_NO_PIECE;
      ids[move->to] = mover;
    }
  return TRUE;
}

KzPiece
kz_game_get_piece_at (KzGame *self, guint ply, int point)
{
  KzPiece piece = { KZ_NO_PIECE, -1, -1, 0 };
  g_return_val_if_fail (KZ_IS_GAME (self), piece);
  const gint8 *ids = kz_game_get_piece_ids (self, ply);
  const KzPosition *pos = kz_game_get_position_at (self, ply);
  if (ids == NULL || pos == NULL || point < 0 || point >= KZ_GRID_SIZE || ids[point] < 0)
    return piece;
  piece.id = ids[point];
  piece.side = (gint8) kz_position_piece_at (pos, point);
  piece.troop = (gint8) kz_game_get_piece_troop (self, piece.id);
  for (int f = 0; f < 2; f++)
    if (pos->flag[f] == point)
      piece.flags |= (guint8) (1u << f);
  return piece;
}

int
kz_game_find_piece (KzGame *self, guint ply, int id)
{
  g_return_val_if_fail (KZ_IS_GAME (self), KZ_NO_POINT);
  const gint8 *ids = kz_game_get_piece_ids (self, ply);
  if (ids == NULL)
    return KZ_NO_POINT;
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    if (ids[sq] == id)
      return sq;
  return KZ_NO_POINT;
}
