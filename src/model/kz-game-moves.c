/* kz-game-moves.c — a game's legal moves and the parsing of a move, with the
 * engine's errors in words.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-game.h"
#include "kz-game-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>

/* ---------------------------------------------------------------------- */
/* Legal moves                                                             */

GArray *
kz_game_list_moves (KzGame *self, int from)
{
  g_return_val_if_fail (KZ_IS_GAME (self), NULL);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (KzMove));
  if (kz_game_is_over (self))
    return out;
  g_autofree KzMoveList *list = g_new (KzMoveList, 1);
  kz_generate_moves (kz_game_get_position (self), list);
  for (int i = 0; i < list->count; i++)
    if (from == KZ_NO_POINT || list->moves[i].from == from)
      g_array_append_val (out, list->moves[i]);
  return out;
}

GArray *
kz_game_list_moves_with_prefix (KzGame *self, int from, const guint8 *path, guint n)
{
  GArray *all = kz_game_list_moves (self, from);
  GArray *out = g_array_new (FALSE, FALSE, sizeof (KzMove));
  for (guint i = 0; i < all->len; i++)
    {
      const KzMove *m = &g_array_index (all, KzMove, i);
      guint len = m->n_jumps ? m->n_jumps : 1;
      const guint8 *mp = m->n_jumps ? m->path : &m->to;
      if (len < n)
        continue;
      if (n == 0 || memcmp (mp, path, n) == 0)
        g_array_append_val (out, *m);
    }
  g_array_unref (all);
  return out;
}

gboolean
kz_game_capture_compulsory (KzGame *self)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  if (kz_game_is_over (self))
    return FALSE;
  return kz_capture_compulsory (kz_game_get_position (self));
}

KzBits
kz_game_get_capturing_pieces (KzGame *self)
{
  KzBits bits = 0;
  GArray *moves = kz_game_list_moves (self, KZ_NO_POINT);
  for (guint i = 0; i < moves->len; i++)
    {
      const KzMove *m = &g_array_index (moves, KzMove, i);
      if (m->n_jumps > 0 && m->captured != 0)
        bits |= KZ_BIT (m->from);
    }
  g_array_unref (moves);
  return bits;
}

char *
kz_game_describe_engine_error (const KzError *err, const char *text)
{
  const char *a = err->point_a >= 0 ? kz_point_name (err->point_a) : "?";
  const char *b = err->point_b >= 0 ? kz_point_name (err->point_b) : "?";
  switch (err->code)
    {
    case KZ_ERR_SYNTAX:
      return g_strdup_printf (_("“%s” is not a move in the notation (like b4-a4 or c5xc3xc1)"), text);
    case KZ_ERR_INVALID_POSITION:
      return g_strdup (_("The position breaks the rules"));
    case KZ_ERR_GAME_OVER:
      return g_strdup (_("The game is over"));
    case KZ_ERR_NO_PIECE:
      return g_strdup_printf (_("There is no piece on %s"), a);
    case KZ_ERR_NOT_YOURS:
      return g_strdup_printf (_("The piece on %s belongs to the opponent"), a);
    case KZ_ERR_CAPTURE_COMPULSORY:
      return g_strdup (_("A capture is compulsory"));
    case KZ_ERR_NOT_ADJACENT:
      return g_strdup_printf (_("%s and %s are not neighbours on a line"), a, b);
    case KZ_ERR_NOT_FREE:
      return g_strdup_printf (_("%s is not free"), b);
    case KZ_ERR_NOT_A_JUMP:
      return g_strdup_printf (_("No jump leads from %s to %s"), a, b);
    case KZ_ERR_NOTHING_TO_JUMP:
      return g_strdup_printf (_("There is no enemy piece or flag to jump between %s and %s"), a, b);
    case KZ_ERR_FORBIDDEN_BEND:
      return g_strdup_printf (_("After jumping down the c-file onto %s the chain may not turn towards %s"),
                              a, b);
    case KZ_ERR_CHAIN_INCOMPLETE:
      return g_strdup_printf (_("The chain must go on from %s"), a);
    case KZ_ERR_ILLEGAL:
    case KZ_ERR_NONE:
    default:
      return g_strdup_printf (_("%s is not a legal move here"), text);
    }
}

static gboolean
parse_move (KzGame *self, const char *text, KzMove *move, GError **error)
{
  KzError err;
  if (kz_game_is_over (self))
    {
      g_set_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_GAME_OVER,
                   _("The game is over: %s"),
                   kz_termination_describe (kz_game_get_termination (self)));
      return FALSE;
    }
  if (kz_move_parse (kz_game_get_position (self), text, move, &err))
    return TRUE;
  g_autofree char *msg = kz_game_describe_engine_error (&err, text);
  int code = err.code == KZ_ERR_SYNTAX ? KZ_GAME_ERROR_SYNTAX
             : err.code == KZ_ERR_GAME_OVER ? KZ_GAME_ERROR_GAME_OVER
             : KZ_GAME_ERROR_ILLEGAL_MOVE;
  g_set_error_literal (error, KZ_GAME_ERROR, code, msg);
  return FALSE;
}

gboolean
kz_game_parse_move (KzGame *self, const char *text, KzMove *move, GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  return parse_move (self, text, move, error);
}
