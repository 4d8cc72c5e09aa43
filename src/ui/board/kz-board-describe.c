/* kz-board-describe.c — the board in words, for screen readers and the
 * piece legend: a point ("c4, Cossack piece, Hetman") and a move
 * ("Turks: b6 takes a4 and c3.").  Declared in kz-board-view.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-board-view.h"

static const char *
side_name (int side)
{
  return side == KZ_COSSACKS ? _("Cossacks") : _("Turks");
}

static const char *
flag_name (int flag)
{
  return flag == KZ_COSSACKS ? _("the Cossack flag") : _("the Turkish flag");
}

/* "c4, Cossack piece, Hetman", "c8, Turkish flag", "e5, empty". */
char *
kz_board_describe_point (const KzBoardState *state,
                         int                 sq)
{
  const KzPiece *piece = &state->pieces[sq];
  int side = kz_position_piece_at (&state->pos, sq);
  g_autoptr (GString) text = g_string_new (NULL);

  if (side >= 0)
    {
      if (side == KZ_COSSACKS)
        /* Translators: the name of a point for a screen reader, e.g. "c4, Cossack piece" */
        g_string_printf (text, _("%s, Cossack piece"), kz_point_name (sq));
      else
        /* Translators: the name of a point for a screen reader, e.g. "c6, Turkish piece" */
        g_string_printf (text, _("%s, Turkish piece"), kz_point_name (sq));
      if (piece->side == side && piece->troop >= 0)
        g_string_append_printf (text, ", %s", kz_troop_describe ((KzTroop) piece->troop, (KzSide) side));
      for (int f = 0; f < 2; f++)
        if (state->pos.flag[f] == sq)
          /* Translators: added to a piece's name: "…, carrying the Turkish flag" */
          g_string_append_printf (text, _(", carrying %s"), flag_name (f));
    }
  else if (sq == kz_centre (KZ_COSSACKS) && state->pos.flag[KZ_COSSACKS] == KZ_FLAG_HOME)
    /* Translators: the name of a point for a screen reader */
    g_string_printf (text, _("%s, Cossack flag"), kz_point_name (sq));
  else if (sq == kz_centre (KZ_TURKS) && state->pos.flag[KZ_TURKS] == KZ_FLAG_HOME)
    /* Translators: the name of a point for a screen reader */
    g_string_printf (text, _("%s, Turkish flag"), kz_point_name (sq));
  else
    /* Translators: the name of a point for a screen reader, e.g. "e5, empty" */
    g_string_printf (text, _("%s, empty"), kz_point_name (sq));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* "a4", "a4 and c3", "a4, c3 and e5". */
static char *
join_points (const int *points, int n)
{
  g_autoptr (GString) list = g_string_new (NULL);

  for (int i = 0; i < n - 1; i++)
    {
      if (i > 0)
        g_string_append (list, ", ");
      g_string_append (list, kz_point_name (points[i]));
    }
  if (n == 1)
    return g_strdup (kz_point_name (points[0]));
  /* Translators: the last two items of a list of points, e.g. "a4 and c3" */
  return g_strdup_printf (_("%s and %s"), list->str, kz_point_name (points[n - 1]));
}

char *
kz_board_describe_move (const KzBoardState *before,
                        const KzBoardState *after)
{
  const KzMove *m = &after->last_move;
  int side = before->pos.side;
  int captured[KZ_MAX_CHAIN];
  int n_captured = 0;
  g_autoptr (GString) text = g_string_new (NULL);

  if (!after->has_last_move)
    return NULL;
  for (int i = 0; i < m->n_jumps; i++)
    {
      int over = kz_jump_over (i == 0 ? m->from : m->path[i - 1], m->path[i]);
      if (over != KZ_NO_POINT && (m->captured & KZ_BIT (over)))
        captured[n_captured++] = over;
    }
  if (n_captured > 0)
    {
      g_autofree char *list = join_points (captured, n_captured);
      /* Translators: a move for a screen reader, e.g. "Turks: b6 takes a4 and c3" */
      g_string_printf (text, _("%s: %s takes %s"), side_name (side), kz_point_name (m->from), list);
      if (m->to != m->from)
        /* Translators: where a capturing piece ends, e.g. ", lands on c5" */
        g_string_append_printf (text, _(", lands on %s"), kz_point_name (m->to));
    }
  else if (m->n_jumps > 0)
    /* Translators: a move for a screen reader: a jump over a flag, e.g. "Turks: c7 jumps to c9" */
    g_string_printf (text, _("%s: %s jumps to %s"), side_name (side), kz_point_name (m->from),
                     kz_point_name (m->to));
  else
    /* Translators: a move for a screen reader, e.g. "Cossacks: c4 to c5" */
    g_string_printf (text, _("%s: %s to %s"), side_name (side), kz_point_name (m->from),
                     kz_point_name (m->to));
  g_string_append (text, ". ");

  for (int f = 0; f < 2; f++)
    {
      int was = before->pos.flag[f], now = after->pos.flag[f];
      if (now == was || now == KZ_FLAG_HOME || kz_position_piece_at (&after->pos, now) != side)
        continue;
      if (f == side)
        /* Translators: e.g. "Cossacks win back their flag." */
        g_string_append_printf (text, _("%s win back their flag. "), side_name (side));
      else if (side == KZ_COSSACKS)
        g_string_append (text, _("Cossacks take the Turkish flag. "));
      else
        g_string_append (text, _("Turks take the Cossack flag. "));
    }
  if (kz_position_flag_delivered (&after->pos))
    g_string_append (text, side == KZ_COSSACKS ? _("Cossacks bring the Turkish flag home. ")
                                               : _("Turks bring the Cossack flag home. "));
  else
    for (int s = 0; s < 2; s++)
      {
        int carrier = after->pos.flag[1 - s];
        if (carrier != KZ_FLAG_HOME && kz_position_piece_at (&after->pos, carrier) == s &&
            kz_adjacent (carrier, kz_centre ((KzSide) s)))
          g_string_append_printf (text, s == KZ_COSSACKS
                                  /* Translators: a warning for a screen reader, %s is a point */
                                  ? _("The Cossack carrier on %s is one step from home. ")
                                  /* Translators: a warning for a screen reader, %s is a point */
                                  : _("The Turkish carrier on %s is one step from home. "),
                                  kz_point_name (carrier));
      }
  g_strchomp (text->str);
  return g_string_free (g_steal_pointer (&text), FALSE);
}
