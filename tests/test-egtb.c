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
          kz_search_old_level_params (4, &lim);   /* the former level 4: 600,000 nodes */
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

/* The proven suite: positions with 5 pieces (one more than the tables
 * hold) that are a forced win for the side to move in at most N plies
 * (N exact within the proof's horizon of 7 plies with 5 pieces), proven
 * here by an exhaustive search with the tables (themselves checked
 * above) at the leaves; found by random sampling (8 per distance). */
static const struct { const char *kpn; int plies; } suite_wins[] = {
  { "3c1/3/5/1t1c1/5/5/5/c1c/5 c b2 b2", 1 },
  { "tct2/3/1c3/5/5/5/5/3/1c3 t c9 home", 1 },
  { "5/3/t4/5/2tt1/5/2c2/3/4t c e1 c3", 1 },
  { "5/3/2t2/c4/5/5/5/t1c/t4 c d2 d2", 1 },
  { "3t1/3/2c2/c4/5/5/5/2c/c4 c a6 home", 1 },
  { "2t2/1cc/5/5/5/1c3/5/2c/5 c c8 d2", 1 },
  { "2c1c/3/1t3/3c1/5/5/5/3/3c1 c c9 home", 1 },
  { "5/c2/5/5/t3c/5/5/c2/2c2 c b8 c1", 1 },
  { "t4/3/4t/5/3t1/t3c/5/3/5 t e7 a9", 3 },
  { "tc3/2c/5/5/5/1c3/5/3/c4 c home home", 3 },
  { "2t2/2c/5/5/5/5/5/1c1/c2c1 c a1 home", 3 },
  { "t4/2c/5/5/3t1/t4/c4/3/5 t a9 home", 3 },
  { "5/3/t4/5/5/3t1/c4/3/c2c1 c home a1", 3 },
  { "5/3/t4/t4/2c2/1t3/5/3/2t2 t home home", 3 },
  { "3t1/1t1/1t3/2t2/5/5/5/3/c4 c home a1", 3 },
  { "1t2t/3/5/5/5/3t1/5/3/1c2t t e9 home", 3 },
  { "1t3/3/5/5/5/2t2/1t3/c2/3t1 t home c4", 5 },
  { "5/3/2t2/1c3/5/3c1/c4/3/2c2 c home d4", 5 },
  { "5/3/4t/5/3cc/1c3/c4/3/5 c e7 d5", 5 },
  { "5/3/2c1t/3c1/c4/5/2c2/3/5 c home home", 5 },
  { "4c/3/3t1/2c2/3c1/5/4c/3/5 c home d5", 5 },
  { "5/t2/3c1/t4/4t/2t2/5/3/5 t a6 d7", 5 },
  { "5/3/4c/3t1/4c/1c3/5/3/1c3 c b4 home", 5 },
  { "1c3/2t/3cc/5/5/5/1c3/3/5 c b9 home", 5 },
  { "4t/3/5/t4/3t1/4c/5/t2/5 t a6 home", 7 },
  { "5/3/5/t4/c4/tt3/2t2/3/5 t a5 c3", 7 },
  { "5/3/c4/3t1/1t3/5/t4/t2/5 t b2 home", 7 },
  { "ct2t/3/3t1/5/5/5/4t/3/5 t a9 home", 7 },
  { "5/3/5/5/2c2/5/t4/1cc/3c1 c c2 home", 7 },
  { "5/t2/5/4c/3t1/5/5/t1t/5 t b2 d5", 7 },
  { "c4/2t/5/5/5/cc3/5/3/c4 c home a4", 7 },
  { "5/3/5/5/5/2c1t/5/2t/1t2t t e4 e4", 7 },
  { "5/2t/3tc/5/t4/2t2/5/3/5 t home d8", 9 },
  { "3t1/2c/5/5/3c1/5/c3t/3/5 t d9 d5", 9 },
  { "c4/3/5/5/1c3/4t/1c1c1/3/5 c d3 b5", 9 },
  { "5/3/c1t2/5/5/t1c2/2c2/3/5 c c7 c4", 9 },
  { "4c/2t/1cc2/5/1t3/5/5/3/5 c home b7", 9 },
  { "4t/2t/5/5/1cc2/4c/5/3/5 c home b5", 9 },
  { "5/3/2t2/5/3t1/2c2/5/c1t/5 t home home", 9 },
  { "5/3/5/5/1t3/2c2/1c3/c2/2c2 c home home", 9 },
  { "5/2c/5/3c1/5/3c1/5/1ct/5 c c2 d6", 11 },
  { "ct3/3/5/2t2/t4/5/t4/3/5 t a9 home", 11 },
  { "2tt1/3/t1c2/5/5/5/1t3/3/5 t home home", 11 },
  { "5/3/5/2t2/t4/3tc/5/3/4c t a5 home", 11 },
  { "4t/3/5/t1c2/5/t4/3t1/3/5 t a4 home", 11 },
  { "5/3/3t1/5/tt3/4c/5/2t/5 t a5 e4", 11 },
  { "5/t1c/5/4t/5/1tt2/5/3/5 t e6 home", 11 },
  { "5/3/5/4t/5/1t2t/5/t2/4c t b2 e4", 11 },
  { "4t/t2/t4/2c2/5/5/5/t2/5 t home c6", 13 },
  { "5/c1c/5/5/5/2cc1/3t1/3/5 c home home", 13 },
  { "5/3/1c3/3c1/5/5/5/t2/1c2c c b2 d6", 13 },
  { "t1t2/3/5/5/ct3/5/5/3/3t1 t home home", 13 },
  { "5/3/5/1c3/5/1t3/5/1tt/1t3 t c2 home", 13 },
  { "5/t2/c4/5/t4/1t3/5/3/3c1 t b4 a5", 13 },
  { "5/3/2t1c/c4/c4/5/4c/3/5 c home c7", 13 },
  { "5/t2/5/3t1/c4/3t1/t4/3/5 t home d6", 13 },
  { "4c/3/5/4t/5/c3c/5/c2/5 c home e9", 15 },
  { "5/2t/3t1/1t3/3c1/5/5/1t1/5 t c2 d8", 15 },
  { "5/3/3t1/t1c2/5/5/5/3/t3t t a1 home", 15 },
  { "1t3/3/t2c1/5/c4/5/4c/3/5 c home home", 15 },
  { "4t/3/5/2t2/3c1/5/5/3/2t1t t home c6", 15 },
  { "5/3/5/c4/5/4c/5/c2/c2t1 c a6 d1", 15 },
  { "4t/3/1t1t1/4c/5/5/5/3/3t1 t home d7", 15 },
  { "2c2/3/2t2/5/3tt/5/5/3/t4 t d5 c9", 15 },
  { "4c/c2/1c3/5/1c1t1/5/5/3/5 c home home", 17 },
  { "5/3/5/t4/1c2t/2t2/4c/3/5 t home home", 17 },
  { "5/3/5/5/3t1/2t1c/3t1/3/c4 t home home", 17 },
  { "t4/3/5/t4/5/1t3/4c/1t1/5 t c2 home", 17 },
  { "4c/3/4t/2c2/5/5/5/2c/3c1 c home home", 17 },
  { "4c/3/1tt2/5/5/1t2t/5/3/5 t home e4", 17 },
  { "3c1/3/4t/1c3/5/5/1c3/c2/5 c home d9", 17 },
  { "5/3/2t1t/2t2/3c1/1t3/5/3/5 t d5 d5", 17 },
  { "t2ct/3/5/5/c4/1c3/5/3/5 c home home", 19 },
  { "5/3/4c/1t3/5/c4/3c1/1c1/5 c c2 e7", 19 },
  { "2tt1/3/3c1/4t/5/t4/5/3/5 t d7 home", 19 },
  { "3t1/1c1/3c1/c4/5/5/5/3/2c2 c c1 c8", 19 },
  { "1t3/3/5/2t1t/2t2/5/3c1/3/5 t home home", 19 },
  { "5/3/4t/1c3/5/1c1c1/1c3/3/5 c d4 home", 19 },
  { "1c3/3/1t3/5/4c/2c2/3c1/3/5 c home home", 19 },
  { "5/1t1/5/1t3/3t1/1c3/5/3/c4 c b6 b4", 19 },
  { "1c3/3/5/c2c1/5/1t3/5/3/3c1 c d1 b4", 21 },
  { "c4/1ct/5/5/5/4c/5/3/3t1 c home e4", 21 },
  { "5/3/5/1t3/4c/5/5/tc1/3c1 c e5 home", 21 },
  { "5/3/5/c1t2/4c/4c/5/1c1/5 c c2 home", 21 },
  { "2c1c/3/5/5/5/2c2/c4/3/1t3 c b1 home", 21 },
  { "4t/3/t4/5/3t1/5/1c3/3/4t t e1 home", 21 },
  { "4c/3/5/5/2t2/3c1/3c1/3/2c2 c d4 c5", 21 },
  { "c4/3/c4/5/c4/5/5/1c1/3t1 c a9 a5", 21 },
};

/* Defence: drawn positions of the tables where exactly one move holds
 * the draw and every other loses. */
static const char *const suite_holds[] = {
  "5/3/c4/t4/t4/1c3/5/3/5 t home home",
  "5/3/5/4c/5/4t/5/3/3tc t home e4",
  "2c2/3/3c1/3tt/5/5/5/3/5 t home home",
  "4c/3/5/2t2/5/2c2/5/3/2t2 t c4 c4",
  "2c2/3/3t1/t4/5/5/5/3/3c1 c d7 a6",
  "1c2t/3/5/5/5/5/3c1/1t1/5 c e9 home",
  "5/3/5/5/2c2/t1c2/5/3/t4 t c4 c4",
  "5/3/t2c1/5/5/5/5/3/tc3 c a7 a7",
  "5/2t/1c3/5/5/5/5/3/3ct c d1 home",
  "3ct/3/5/5/1c3/5/5/2t/5 c home d2",
  "4t/3/1c1tc/5/5/5/5/3/5 t home home",
  "5/3/5/5/t4/5/3c1/2t/4c t a5 d3",
  "1t3/3/5/2c2/5/5/5/3/3tc t e1 home",
  "5/1t1/5/5/2c2/5/5/1c1/4t t c2 c5",
  "5/3/4c/5/5/4t/5/3/ct3 t b1 home",
  "5/3/5/t4/5/3c1/3ct/3/5 c e3 home",
  "ct3/2t/5/5/5/5/5/3/1c3 t b1 home",
  "5/3/5/t4/1c3/2c2/5/3/3t1 t home c4",
  "2c2/2t/5/5/5/5/t4/3/c4 t home home",
  "2t2/3/5/5/4c/5/5/3/3ct c home home",
  "5/3/5/5/3t1/5/4c/3/tc3 c home home",
  "5/3/3ct/5/4t/3c1/5/3/5 c e7 d7",
  "1c3/3/5/t4/5/5/5/3/ct3 t home home",
  "5/3/5/5/5/1c3/1c1t1/3/2t2 c home home",
};


#define PROOF_DEPTH 7

/* Exhaustive alpha-beta (no pruning but alpha-beta's own), exact at
 * the tables' positions, 0 at the horizon: a result WIN - n proves a
 * forced win in at most n plies. */
static int
prove (const KzPosition *pos, int depth, int ply, int alpha, int beta, KzMoveList *lists,
       uint64_t *nodes)
{
  (*nodes)++;
  if (kz_popcount (pos->pieces[0] | pos->pieces[1]) <= KZ_EGTB_MAX_PIECES)
    {
      int n;
      switch (kz_egtb_probe (pos, &n))
        {
        case KZ_EGTB_WIN:
          return WIN - ply - n;
        case KZ_EGTB_LOSS:
          return -(WIN - ply - n);
        case KZ_EGTB_DRAW:
          return 0;
        default:
          break;
        }
    }
  KzMoveList *list = &lists[ply];
  int n = kz_generate_moves (pos, list);
  if (n == 0)
    return -(WIN - ply);
  if (depth == 0)
    return 0;
  if (alpha < -(WIN - ply))
    alpha = -(WIN - ply);
  if (beta > WIN - ply - 1)
    beta = WIN - ply - 1;
  if (alpha >= beta)
    return alpha;
  int best = -2 * WIN;
  for (int pass = 0; pass < 2; pass++)   /* captures first */
    for (int i = 0; i < n; i++)
      {
        const KzMove *m = &list->moves[i];
        if ((m->n_jumps > 0) != (pass == 0))
          continue;
        KzPosition child = *pos;
        kz_position_make_move (&child, m);
        int v;
        if (kz_position_flag_delivered (&child) || child.pieces[child.side] == 0)
          v = WIN - ply - 1;
        else
          v = -prove (&child, depth - 1, ply + 1, -beta, -alpha, lists, nodes);
        if (v > best)
          best = v;
        if (best > alpha)
          alpha = best;
        if (alpha >= beta)
          return best;
      }
  return best;
}

static KzSearchLimits
level4_limits (void)
{
  KzSearchLimits lim;
  kz_search_old_level_params (4, &lim);   /* the former level 4: 600,000 nodes */
  lim.max_time_ms = 0;   /* its node budget only: the same on any machine */
  return lim;
}

static void
test_suite_wins (void)
{
  ensure_tables ();
  KzMoveList *lists = g_new (KzMoveList, PROOF_DEPTH + 8);
  KzSearcher *s = kz_searcher_new (16);
  KzSearchLimits lim = level4_limits ();
  int shortest = 0;
  uint64_t proof_nodes = 0, search_nodes = 0;
  int n_suite = (int) G_N_ELEMENTS (suite_wins);
  g_assert_cmpint (n_suite, >=, 80);
  for (int i = 0; i < n_suite; i++)
    {
      KzPosition pos;
      KzError err;
      g_assert_true (kz_kpn_parse (suite_wins[i].kpn, &pos, &err));
      g_assert_cmpint (kz_popcount (pos.pieces[0] | pos.pieces[1]), >, KZ_EGTB_MAX_PIECES);
      /* the proof */
      int plies = suite_wins[i].plies;
      g_assert_cmpint (plies, >=, 1);
      g_assert_cmpint (plies, <=, 21);
      int v = prove (&pos, PROOF_DEPTH, 0, -2 * WIN, 2 * WIN, lists, &proof_nodes);
      if (v != WIN - plies)
        g_error ("%s: proven %d, listed as a win in %d", suite_wins[i].kpn, v, plies);

      /* level 4 keeps the win */
      kz_searcher_clear (s);
      KzSearchResult r = kz_search (s, &pos, NULL, 0, &lim, NULL);
      search_nodes += r.nodes;
      KzPosition next = pos;
      kz_position_make_move (&next, &r.move);
      int after;
      if (kz_position_flag_delivered (&next) || next.pieces[next.side] == 0)
        after = 0;
      else
        {
          /* a longer win may need a longer horizon */
          int cv = 0;
          for (int h = PROOF_DEPTH; h <= PROOF_DEPTH + 6 && cv > -(WIN - 100); h += 2)
            cv = prove (&next, h, 0, -2 * WIN, 2 * WIN, lists, &proof_nodes);
          if (cv > -(WIN - 100))
            {
              char mv[KZ_MOVE_STR_MAX];
              kz_move_format (&r.move, mv, sizeof mv);
              g_error ("%s: level 4 played %s, not a proven win (score %d)", suite_wins[i].kpn,
                       mv, r.score);
            }
          after = WIN + cv;
        }
      /* (the child's proof reaches a ply further: it may find a
       * shorter win than the root's) */
      shortest += after + 1 <= plies;
      g_assert_cmpint (r.score, >=, KZ_SCORE_WIN_MIN);
    }
  g_test_message ("%d proven wins (1-21 plies): level 4 kept every win, within the proven distance in %d; "
                  "%" G_GUINT64_FORMAT " proof nodes, %" G_GUINT64_FORMAT " search nodes",
                  n_suite, shortest, proof_nodes, search_nodes);
  kz_searcher_free (s);
  g_free (lists);
}

static void
test_suite_holds (void)
{
  ensure_tables ();
  KzSearcher *s = kz_searcher_new (16);
  KzSearchLimits lim = level4_limits ();
  KzMoveList *list = g_new (KzMoveList, 1);
  for (size_t i = 0; i < G_N_ELEMENTS (suite_holds); i++)
    {
      KzPosition pos;
      KzError err;
      g_assert_true (kz_kpn_parse (suite_holds[i], &pos, &err));
      int plies;
      g_assert_cmpint (kz_egtb_probe (&pos, &plies), ==, KZ_EGTB_DRAW);
      /* exactly one move holds */
      int n = kz_generate_moves (&pos, list), holds = 0;
      g_assert_cmpint (n, >=, 2);
      for (int k = 0; k < n; k++)
        {
          KzPosition c = pos;
          kz_position_make_move (&c, &list->moves[k]);
          int cp;
          KzEgtbResult cr = kz_egtb_probe (&c, &cp);
          g_assert_true (cr == KZ_EGTB_DRAW || cr == KZ_EGTB_WIN);
          holds += cr == KZ_EGTB_DRAW;
        }
      g_assert_cmpint (holds, ==, 1);
      kz_searcher_clear (s);
      KzSearchResult r = kz_search (s, &pos, NULL, 0, &lim, NULL);
      KzPosition next = pos;
      kz_position_make_move (&next, &r.move);
      g_assert_cmpint (kz_egtb_probe (&next, &plies), ==, KZ_EGTB_DRAW);
    }
  g_test_message ("%d defences with a single holding move: level 4 found each",
                  (int) G_N_ELEMENTS (suite_holds));
  g_free (list);
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
  g_test_add_func ("/engine/egtb/suite-wins", test_suite_wins);
  g_test_add_func ("/engine/egtb/suite-holds", test_suite_holds);
  return g_test_run ();
}
