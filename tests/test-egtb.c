/* test-egtb.c — the endgame tables (src/engine/kz-egtb.h), checked
 * against an independent solver: a plain alpha-beta search over the
 * rules engine, with no tables, no hash and no knowledge of the tables'
 * indexing or of retrograde analysis.
 *
 * The tables come from $KAZAKI_EGTB (made at build time by
 * tests/meson.build); without it they are generated here.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdio.h>
#include <string.h>

#include "kz-engine.h"
#include "kz-egtb.h"
#include "kz-search.h"

#define WIN 10000

static void
ensure_tables (void)
{
  if (kz_egtb_available ())
    return;
  KzEgtbInfo info;
  g_assert_true (kz_egtb_init (g_getenv ("KAZAKI_EGTB"), &info));
  g_test_message ("tables %s in %.1f s: %" G_GUINT64_FORMAT " bytes, %" G_GUINT64_FORMAT
                  " wins, %" G_GUINT64_FORMAT " losses, %" G_GUINT64_FORMAT " draws, longest %d",
                  info.loaded_from_cache ? "loaded" : "generated", info.seconds, info.bytes,
                  info.wins, info.losses, info.draws, info.longest);
  g_assert_cmpuint (info.bytes, <=, 64u << 20);
}

/* A random legal position, not over, with at most 4 pieces. */
static void
random_position (GRand *rand, KzPosition *pos)
{
  for (;;)
    {
      kz_position_init_empty (pos);
      int nc = g_rand_int_range (rand, 1, 4);
      int nt = g_rand_int_range (rand, 1, 5 - nc);
      int n[2] = { nc, nt };
      for (int s = 0; s < 2; s++)
        for (int k = 0; k < n[s];)
          {
            int sq = g_rand_int_range (rand, 0, KZ_GRID_SIZE);
            if (!kz_point_valid (sq) || kz_position_piece_at (pos, sq) >= 0)
              continue;
            pos->pieces[s] |= KZ_BIT (sq);
            k++;
          }
      KzBits all = pos->pieces[0] | pos->pieces[1];
      for (int f = 0; f < 2; f++)
        {
          /* standing (when its centre is empty) or on a random piece */
          if (!(all >> kz_centre ((KzSide) f) & 1) && g_rand_int_range (rand, 0, 3) == 0)
            pos->flag[f] = KZ_FLAG_HOME;
          else
            {
              int k = g_rand_int_range (rand, 0, kz_popcount (all));
              KzBits b = all;
              while (k-- > 0)
                b &= b - 1;
              pos->flag[f] = (int8_t) kz_bit_scan (b);
            }
        }
      if ((pos->flag[0] == KZ_FLAG_HOME && (all >> KZ_CENTRE_COSSACKS & 1))
          || (pos->flag[1] == KZ_FLAG_HOME && (all >> KZ_CENTRE_TURKS & 1)))
        continue;
      pos->side = (uint8_t) g_rand_int_range (rand, 0, 2);
      /* the side to move cannot stand on its centre with the enemy flag */
      int stm = pos->side;
      if (pos->flag[1 - stm] == kz_centre ((KzSide) stm)
          && (pos->pieces[stm] >> kz_centre ((KzSide) stm) & 1))
        continue;
      pos->hash = kz_position_compute_hash (pos);
      if (kz_position_outcome (pos).winner >= 0 && kz_count_moves (pos) > 0)
        continue;
      if (kz_position_flag_delivered (pos))
        continue;
      return;
    }
}

/* The independent solver: alpha-beta to `depth` plies; a win in n
 * plies is WIN - n, a loss -(WIN - n), anything not decided within the
 * horizon 0.  Exact for the full window. */
static int
brute (const KzPosition *pos, int depth, int ply, int alpha, int beta, KzMoveList *lists)
{
  KzMoveList *list = &lists[ply];
  int n = kz_generate_moves (pos, list);
  if (n == 0)
    return -(WIN - ply);
  if (depth == 0)
    return 0;
  int best = -WIN * 2;
  for (int i = 0; i < n; i++)
    {
      KzPosition child = *pos;
      kz_position_make_move (&child, &list->moves[i]);
      int v;
      if (kz_position_flag_delivered (&child) || child.pieces[child.side] == 0)
        v = WIN - ply - 1;
      else
        v = -brute (&child, depth - 1, ply + 1, -beta, -alpha, lists);
      if (v > best)
        best = v;
      if (best > alpha)
        alpha = best;
      if (alpha >= beta)
        break;
    }
  return best;
}

static void
test_against_brute_force (void)
{
  ensure_tables ();
  GRand *rand = g_rand_new_with_seed (20261201);
  KzMoveList *lists = g_new (KzMoveList, 16);
  int counts[4] = { 0 };   /* win, loss, draw, beyond the horizon */
  enum { N = 400 };
  for (int i = 0; i < N; i++)
    {
      KzPosition pos;
      random_position (rand, &pos);
      int pieces = kz_popcount (pos.pieces[0] | pos.pieces[1]);
      int depth = pieces <= 2 ? 11 : pieces == 3 ? 9 : 7;
      int plies = 0;
      KzEgtbResult r = kz_egtb_probe (&pos, &plies);
      g_assert_cmpint (r, !=, KZ_EGTB_NONE);
      int expected = 0;
      if (r == KZ_EGTB_WIN && plies <= depth)
        expected = WIN - plies;
      else if (r == KZ_EGTB_LOSS && plies <= depth)
        expected = -(WIN - plies);
      int got = brute (&pos, depth, 0, -WIN * 2, WIN * 2, lists);
      if (got != expected)
        {
          char kpn[KZ_KPN_MAX];
          kz_kpn_format (&pos, kpn, sizeof kpn);
          g_error ("%s: tables %d in %d, brute force %d (depth %d)", kpn, r, plies, got, depth);
        }
      counts[expected > 0 ? 0 : expected < 0 ? 1 : r == KZ_EGTB_DRAW ? 2 : 3]++;
    }
  g_test_message ("%d positions: %d wins, %d losses within the horizon, %d draws, %d beyond",
                  N, counts[0], counts[1], counts[2], counts[3]);
  /* the sample must exercise every kind of answer */
  for (int k = 0; k < 4; k++)
    g_assert_cmpint (counts[k], >, 0);
  g_free (lists);
  g_rand_free (rand);
}

/* Every value agrees with its children's (the tables' own equation;
 * catches wrong distances far beyond the brute force's horizon). */
static void
test_consistent (void)
{
  ensure_tables ();
  GRand *rand = g_rand_new_with_seed (42);
  KzMoveList *list = g_new (KzMoveList, 1);
  int longest = 0;
  for (int i = 0; i < 20000; i++)
    {
      KzPosition pos;
      random_position (rand, &pos);
      int plies;
      KzEgtbResult r = kz_egtb_probe (&pos, &plies);
      int n = kz_generate_moves (&pos, list);
      int best_win = 0, worst_loss = 0;
      bool draw = false, all_lose = true;
      for (int k = 0; k < n; k++)
        {
          KzPosition child = pos;
          kz_position_make_move (&child, &list->moves[k]);
          int cp;
          if (kz_position_flag_delivered (&child) || child.pieces[child.side] == 0)
            {
              best_win = 1;
              all_lose = false;
              continue;
            }
          KzEgtbResult cr = kz_egtb_probe (&child, &cp);
          g_assert_cmpint (cr, !=, KZ_EGTB_NONE);
          if (cr == KZ_EGTB_LOSS)
            {
              if (best_win == 0 || cp + 1 < best_win)
                best_win = cp + 1;
              all_lose = false;
            }
          else if (cr == KZ_EGTB_DRAW)
            {
              draw = true;
              all_lose = false;
            }
          else if (cp + 1 > worst_loss)
            worst_loss = cp + 1;
        }
      if (best_win)
        {
          g_assert_cmpint (r, ==, KZ_EGTB_WIN);
          g_assert_cmpint (plies, ==, best_win);
        }
      else if (all_lose)
        {
          g_assert_cmpint (r, ==, KZ_EGTB_LOSS);
          g_assert_cmpint (plies, ==, worst_loss);
        }
      else
        g_assert_true (draw && r == KZ_EGTB_DRAW);
      if (plies > longest)
        longest = plies;
    }
  g_test_message ("longest distance met: %d", longest);
  g_assert_cmpint (longest, >, 15);
  g_free (list);
  g_rand_free (rand);
}

/* Level 4 against level 4 from won positions: the winner wins in
 * exactly the tables' distance (the loser defends longest). */
static void
test_level4_converts (void)
{
  ensure_tables ();
  GRand *rand = g_rand_new_with_seed (7);
  KzSearcher *s = kz_searcher_new (4);
  int games = 0, total = 0;
  while (games < 30)
    {
      KzPosition pos;
      random_position (rand, &pos);
      int plies;
      if (kz_egtb_probe (&pos, &plies) != KZ_EGTB_WIN || plies < 9)
        continue;
      int winner = pos.side;
      int ply = 0;
      while (kz_position_outcome (&pos).winner < 0)
        {
          g_assert_cmpint (ply, <=, plies);
          KzSearchLimits lim;
          kz_search_level_params (4, &lim);
          KzSearchResult r = kz_search (s, &pos, NULL, 0, &lim, NULL);
          g_assert_true (r.has_move);
          kz_position_make_move (&pos, &r.move);
          ply++;
        }
      g_assert_cmpint (kz_position_outcome (&pos).winner, ==, winner);
      g_assert_cmpint (ply, ==, plies);
      games++;
      total += plies;
    }
  g_test_message ("30 won endings converted in exactly their distance (%d plies in all)", total);
  kz_searcher_free (s);
  g_rand_free (rand);
}

/* The search scores a position of the tables by its exact distance. */
static void
test_search_exact (void)
{
  ensure_tables ();
  KzPosition pos;
  KzError err;
  /* the carrier walks home from c5 past a Turk on e4 */
  g_assert_true (kz_kpn_parse ("4t/3/5/5/2c2/4t/5/3/c4 c home c5", &pos, &err));
  int plies;
  g_assert_cmpint (kz_egtb_probe (&pos, &plies), ==, KZ_EGTB_WIN);
  KzSearcher *s = kz_searcher_new (1);
  KzSearchLimits lim = { .max_depth = 3 };
  KzSearchResult r = kz_search (s, &pos, NULL, 0, &lim, NULL);
  g_assert_cmpint (r.score, ==, KZ_SCORE_WIN - plies);
  /* without the tables the shallow search does not see it */
  lim.no_tables = true;
  kz_searcher_clear (s);
  r = kz_search (s, &pos, NULL, 0, &lim, NULL);
  g_assert_cmpint (r.score, <, KZ_SCORE_WIN_MIN);
  kz_searcher_free (s);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/egtb/brute-force", test_against_brute_force);
  g_test_add_func ("/engine/egtb/consistent", test_consistent);
  g_test_add_func ("/engine/egtb/search-exact", test_search_exact);
  g_test_add_func ("/engine/egtb/level4-converts", test_level4_converts);
  return g_test_run ();
}
