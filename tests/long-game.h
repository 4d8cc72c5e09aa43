/* long-game.h — a legal KGN game of any length (tests and benchmarks of
 * linear costs).  A few pieces a side wander without ever letting the
 * other side capture, without ending the game and without a third
 * occurrence of a position (backing up a few plies when stuck);
 * deterministic for a seed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "kz-engine.h"

#define LONG_GAME_KPN "t1t1t/3/5/5/5/5/5/3/c1c1c c home home"

static inline guint
long_game_seen (GHashTable *seen, const KzPosition *pos)
{
  gint64 key = (gint64) pos->hash;
  return GPOINTER_TO_UINT (g_hash_table_lookup (seen, &key));
}

static inline void
long_game_count (GHashTable *seen, const KzPosition *pos, int delta)
{
  gint64 key = (gint64) pos->hash;
  guint n = long_game_seen (seen, pos);
  g_hash_table_replace (seen, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (n + delta));
}

/* KGN text of a game of `plies` plies (NULL if the walk got stuck). */
static inline char *
long_game_kgn (guint plies, guint32 seed)
{
  KzPosition pos;
  KzError err;
  if (!kz_kpn_parse (LONG_GAME_KPN, &pos, &err))
    return NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr (GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr (GArray) states = g_array_new (FALSE, FALSE, sizeof (KzPosition));
  g_autoptr (GArray) moves = g_array_new (FALSE, FALSE, sizeof (KzMove));
  g_autofree KzMoveList *list = g_new (KzMoveList, 1);
  guint backups = 0;
  long_game_count (seen, &pos, 1);
  while (moves->len < plies)
    {
      kz_generate_moves (&pos, list);
      int n = list->count, pick = -1;
      int start = n > 0 ? g_rand_int_range (rand, 0, n) : 0;
      for (int k = 0; k < n && pick < 0; k++)
        {
          const KzMove *m = &list->moves[(start + k) % n];
          KzPosition next = pos;
          kz_position_make_move (&next, m);
          if (m->captured || kz_position_outcome (&next).winner >= 0
              || kz_capture_compulsory (&next) || long_game_seen (seen, &next) >= 2)
            continue;
          pick = (start + k) % n;
        }
      if (pick < 0)
        {
          /* Back up a few plies and try other moves. */
          if (++backups > plies || moves->len == 0)
            return NULL;
          guint back = MIN (moves->len, (guint) g_rand_int_range (rand, 1, 9));
          for (guint i = 0; i < back; i++)
            {
              long_game_count (seen, &pos, -1);
              pos = g_array_index (states, KzPosition, states->len - 1);
              g_array_set_size (states, states->len - 1);
              g_array_set_size (moves, moves->len - 1);
            }
          continue;
        }
      g_array_append_val (states, pos);
      g_array_append_val (moves, list->moves[pick]);
      kz_position_make_move (&pos, &list->moves[pick]);
      long_game_count (seen, &pos, 1);
    }
  GString *out = g_string_new ("[Position \"" LONG_GAME_KPN "\"]\n\n");
  gsize line = out->len;
  for (guint i = 0; i < moves->len; i++)
    {
      char text[KZ_MOVE_STR_MAX];
      kz_move_format (&g_array_index (moves, KzMove, i), text, sizeof text);
      if (i % 2 == 0)
        g_string_append_printf (out, "%u. %s", i / 2 + 1, text);
      else
        g_string_append_printf (out, " %s ", text);
      if (out->len - line > 70)
        {
          g_string_append_c (out, '\n');
          line = out->len;
        }
    }
  g_string_append (out, " *\n");
  return g_string_free (out, FALSE);
}
