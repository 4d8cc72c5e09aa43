/* test-engine-guide.c — what the guided game shows (src/engine/kz-guide.c):
 * pieces in danger, compulsory captures, the flags' roads home and the
 * facts that explain a move, each on a small position built for it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "kz-engine.h"
#include "kz-guide.h"

static KzBits
points (const char *list)
{
  KzBits b = 0;
  g_auto (GStrv) names = g_strsplit (list, " ", -1);
  for (int i = 0; names[i]; i++)
    if (*names[i])
      {
        int sq = kz_point_parse (names[i], NULL);
        g_assert_cmpint (sq, !=, KZ_NO_POINT);
        b |= KZ_BIT (sq);
      }
  return b;
}

static int
pt (const char *name)
{
  int sq = kz_point_parse (name, NULL);
  g_assert_cmpint (sq, !=, KZ_NO_POINT);
  return sq;
}

static KzPosition
make_position (const char *cossacks, const char *turks, char side,
               const char *cossack_flag, const char *turkish_flag)
{
  KzPosition pos;
  kz_position_init_empty (&pos);
  pos.pieces[KZ_COSSACKS] = points (cossacks);
  pos.pieces[KZ_TURKS] = points (turks);
  pos.side = side == 'c' ? KZ_COSSACKS : KZ_TURKS;
  const char *flags[2] = { cossack_flag, turkish_flag };
  for (int f = 0; f < 2; f++)
    pos.flag[f] = (int8_t) (strcmp (flags[f], "home") == 0 ? KZ_FLAG_HOME : pt (flags[f]));
  pos.hash = kz_position_compute_hash (&pos);
  return pos;
}

/* The legal move from → to in pos. */
static KzMove
find_move (const KzPosition *pos, const char *from, const char *to)
{
  static KzMoveList list;
  kz_generate_moves (pos, &list);
  for (int i = 0; i < list.count; i++)
    if (list.moves[i].from == pt (from) && list.moves[i].to == pt (to))
      return list.moves[i];
  g_error ("no legal move %s-%s", from, to);
}

static char *
road_text (const KzFlagRoad *road)
{
  GString *s = g_string_new (NULL);
  for (int i = 0; i < road->n; i++)
    g_string_append_printf (s, "%s%s", i == 0 ? "" : i == road->jump ? "x" : "-",
                            kz_point_name (road->points[i]));
  return g_string_free (s, FALSE);
}

/* ---- danger ---- */

static void
test_danger_plain (void)
{
  /* b5 cannot jump b4 (b3 behind it is held), but c5 can take c4, then
   * b3 and a4 in one chain: c5xc3xa3xa5 */
  KzPosition pos = make_position ("c4 b4 a4 b3", "c5 b5", 'c', "home", "home");
  g_assert_cmphex (kz_guide_in_danger (&pos, KZ_COSSACKS), ==, points ("c4 b3 a4"));
  /* and the Cossacks threaten both Turks (c6 and b6 are free) */
  g_assert_cmphex (kz_guide_in_danger (&pos, KZ_TURKS), ==, points ("c5 b5"));
}

static void
test_danger_corner (void)
{
  /* a corner of the square can never be taken */
  KzPosition pos = make_position ("a3 e7", "a4 b3 d7 e6", 't', "home", "home");
  g_assert_cmphex (kz_guide_in_danger (&pos, KZ_COSSACKS), ==, 0);
}

static void
test_danger_chain (void)
{
  /* a chain, c5xc3xe3, takes both c4 and d3 */
  KzPosition pos = make_position ("c4 d3 a1", "c5", 't', "home", "home");
  g_assert_cmphex (kz_guide_in_danger (&pos, KZ_COSSACKS), ==, points ("c4 d3"));
}

/* ---- compulsory capture ---- */

static void
test_must_capture (void)
{
  KzGuideCapture caps[KZ_PIECES_PER_SIDE];
  KzPosition pos = make_position ("c4 a1 e4", "c5 d5 e5", 'c', "home", "home");
  int n = kz_guide_must_capture (&pos, caps);
  /* c4 can take c5 (c6 free); e4 can take e5 (e6 free); a1 cannot */
  g_assert_cmpint (n, ==, 2);
  g_assert_cmpint (caps[0].from, ==, pt ("c4"));
  g_assert_cmpint (caps[0].over, ==, pt ("c5"));
  g_assert_cmpint (caps[1].from, ==, pt ("e4"));
  g_assert_cmpint (caps[1].over, ==, pt ("e5"));

  /* nothing to take: no entry */
  pos = make_position ("a1", "e9", 'c', "home", "home");
  g_assert_cmpint (kz_guide_must_capture (&pos, caps), ==, 0);
}

static void
test_must_capture_flag_only (void)
{
  /* c7 can jump the standing Turkish flag to c9: optional, not "must" */
  KzGuideCapture caps[KZ_PIECES_PER_SIDE];
  KzPosition pos = make_position ("c7", "a9", 'c', "home", "home");
  g_assert_cmpint (kz_guide_must_capture (&pos, caps), ==, 0);
}

/* ---- roads home ---- */

static void
test_road_carried (void)
{
  KzFlagRoad road;
  /* a Cossack carries the Turkish flag on c5; its own flag still stands on c2 */
  KzPosition pos = make_position ("c5 a1", "e9", 'c', "home", "c5");
  g_assert_true (kz_guide_flag_road (&pos, KZ_TURKS, &road));
  g_autofree char *text = road_text (&road);
  g_assert_cmpstr (text, ==, "c5-c4-c3-c2");
  g_assert_true (road.carried);
  g_assert_cmpint (road.side, ==, KZ_COSSACKS);
  g_assert_cmpint (road.jump, ==, -1);

  /* c4 held: round it through b4 (no diagonal, so b4-b3-c3) */
  pos = make_position ("c5 c4", "e9", 'c', "home", "c5");
  g_assert_true (kz_guide_flag_road (&pos, KZ_TURKS, &road));
  g_assert_cmpint (road.n, ==, 6);
  g_assert_cmpint (road.points[road.n - 2], ==, pt ("c3"));

  /* the apex held: the triangle is entered only through it, no road */
  pos = make_position ("c5", "c3 e9", 'c', "home", "c5");
  g_assert_false (kz_guide_flag_road (&pos, KZ_TURKS, &road));
  g_assert_cmpint (road.n, ==, 0);
}

static void
test_road_own_side (void)
{
  /* the Cossack flag won back by a Cossack: it is never put down, no road */
  KzFlagRoad road;
  KzPosition pos = make_position ("c5", "e9", 'c', "c5", "home");
  g_assert_false (kz_guide_flag_road (&pos, KZ_COSSACKS, &road));
}

static void
test_road_standing (void)
{
  KzFlagRoad road;
  /* a Cossack on c6: step to c7, jump the flag on c8 (to c9, or across
   * from b8 to d8), then nine points home: ten points, one jump */
  KzPosition pos = make_position ("c6", "a9 e9", 'c', "home", "home");
  g_assert_true (kz_guide_flag_road (&pos, KZ_TURKS, &road));
  g_assert_false (road.carried);
  g_assert_cmpint (road.n, ==, 10);
  g_assert_cmpint (road.points[0], ==, pt ("c6"));
  g_assert_cmpint (road.points[road.n - 1], ==, pt ("c2"));
  g_assert_cmpint (road.jump, >=, 2);
  g_assert_cmpint (kz_jump_over (road.points[road.jump - 1], road.points[road.jump]), ==, pt ("c8"));

  /* the nearest of two pieces is chosen */
  pos = make_position ("c6 a3", "a9 e9", 'c', "home", "home");
  g_assert_true (kz_guide_flag_road (&pos, KZ_TURKS, &road));
  g_assert_cmpint (road.points[0], ==, pt ("c6"));
}

/* Every road over random games: it starts at a piece of its side (the
 * carrier for a carried flag), every link is a line between free points
 * or the jump over the flag's centre, and it ends on the side's centre. */
static void
test_road_random (void)
{
  GRand *rand = g_rand_new_with_seed (27);
  static KzMoveList list;
  int roads = 0;
  for (int game = 0; game < 60; game++)
    {
      KzPosition pos;
      kz_position_init_start (&pos);
      for (int ply = 0; ply < 160 && kz_generate_moves (&pos, &list) > 0; ply++)
        {
          for (int f = 0; f < 2; f++)
            {
              KzFlagRoad road;
              if (!kz_guide_flag_road (&pos, (KzSide) f, &road))
                continue;
              roads++;
              g_assert_cmpint (road.side, ==, 1 - f);
              g_assert_true (pos.pieces[road.side] >> road.points[0] & 1);
              if (road.carried)
                g_assert_cmpint (road.points[0], ==, pos.flag[f]);
              g_assert_cmpint (road.points[road.n - 1], ==, kz_centre ((KzSide) road.side));
              KzBits free = kz_position_free_points (&pos) | KZ_BIT (road.points[0])
                            | KZ_BIT (kz_centre ((KzSide) road.side));
              for (int i = 1; i < road.n; i++)
                {
                  if (i == road.jump)
                    g_assert_cmpint (kz_jump_over (road.points[i - 1], road.points[i]), ==,
                                     kz_centre ((KzSide) f));
                  else
                    g_assert_true (kz_adjacent (road.points[i - 1], road.points[i]));
                  if (i > road.jump && road.jump > 0)
                    free |= KZ_BIT (kz_centre ((KzSide) f));
                  g_assert_true (free >> road.points[i] & 1);
                }
            }
          kz_generate_moves (&pos, &list);
          kz_position_make_move (&pos, &list.moves[g_rand_int_range (rand, 0, list.count)]);
        }
    }
  g_assert_cmpint (roads, >, 1000);
  g_rand_free (rand);
}

/* ---- the facts of a move ---- */

static void
test_explain_capture (void)
{
  KzMoveFacts facts;
  KzPosition pos = make_position ("b4 a1", "b5 e9", 't', "home", "home");
  KzMove m = find_move (&pos, "b5", "b3");
  kz_guide_explain (&pos, &m, &facts);
  g_assert_true (facts.facts & KZ_FACT_CAPTURE);
  g_assert_true (facts.facts & KZ_FACT_ONLY_MOVE);
  g_assert_cmphex (facts.captured, ==, points ("b4"));

  /* c5xc3 may stop there or go on over the standing flag to c1: two moves */
  pos = make_position ("c4 a1", "c5 e9", 't', "home", "home");
  m = find_move (&pos, "c5", "c3");
  kz_guide_explain (&pos, &m, &facts);
  g_assert_true (facts.facts & KZ_FACT_CAPTURE);
  g_assert_false (facts.facts & (KZ_FACT_ONLY_MOVE | KZ_FACT_TOOK_FLAG));
  g_assert_false (facts.facts & (KZ_FACT_TOOK_FLAG | KZ_FACT_DELIVERED | KZ_FACT_ANNIHILATED));

  /* the last piece: annihilation */
  pos = make_position ("c4", "c5 e9", 't', "home", "home");
  m = find_move (&pos, "c5", "c3");
  kz_guide_explain (&pos, &m, &facts);
  g_assert_true (facts.facts & KZ_FACT_ANNIHILATED);
}

static void
test_explain_escape (void)
{
  /* c4 is attacked by c5 (c3 free) and cannot take it (c6 held) */
  KzMoveFacts facts;
  KzPosition pos = make_position ("c4 a1", "c5 c6 e9", 'c', "home", "home");
  g_assert_cmphex (kz_guide_in_danger (&pos, KZ_COSSACKS), ==, points ("c4"));
  KzMove m = find_move (&pos, "c4", "b4");
  kz_guide_explain (&pos, &m, &facts);
  g_assert_true (facts.facts & KZ_FACT_ESCAPED);
  g_assert_false (facts.facts & KZ_FACT_CAPTURE);

  /* a1-b1 leaves c4 hanging: no escape, nothing covered */
  m = find_move (&pos, "a1", "b1");
  kz_guide_explain (&pos, &m, &facts);
  g_assert_false (facts.facts & (KZ_FACT_ESCAPED | KZ_FACT_COVERED));

  /* a piece stepping onto c3 covers c4 (its landing point is held) */
  pos = make_position ("c4 b3", "c5 c6 e9", 'c', "home", "home");
  m = find_move (&pos, "b3", "c3");
  kz_guide_explain (&pos, &m, &facts);
  g_assert_true (facts.facts & KZ_FACT_COVERED);
  g_assert_cmphex (facts.covered, ==, points ("c4"));
}

static void
test_explain_threat (void)
{
  /* a5-b5 threatens c5 (d5 free) */
  KzMoveFacts facts;
  KzPosition pos = make_position ("a5 a1", "c5 e9", 'c', "home", "home");
  KzMove m = find_move (&pos, "a5", "b5");
  kz_guide_explain (&pos, &m, &facts);
  g_assert_true (facts.facts & KZ_FACT_THREAT);
  g_assert_cmphex (facts.threatened, ==, points ("c5"));

  /* a1-b1 threatens nothing */
  m = find_move (&pos, "a1", "b1");
  kz_guide_explain (&pos, &m, &facts);
  g_assert_false (facts.facts & KZ_FACT_THREAT);
}

static void
test_explain_flag (void)
{
  KzMoveFacts facts;
  /* c7 jumps the standing flag to c9; then nine turns home */
  KzPosition pos = make_position ("c7", "a9 e9", 'c', "home", "home");
  KzMove m = find_move (&pos, "c7", "c9");
  kz_guide_explain (&pos, &m, &facts);
  g_assert_true (facts.facts & KZ_FACT_TOOK_FLAG);
  g_assert_false (facts.facts & KZ_FACT_CAPTURE);
  g_assert_cmpint (facts.road_left, ==, 7);   /* c9-c8-c7-c6-c5-c4-c3-c2 */

  /* the carrier steps nearer home */
  pos = make_position ("c5", "a9 e9", 'c', "home", "c5");
  m = find_move (&pos, "c5", "c4");
  kz_guide_explain (&pos, &m, &facts);
  g_assert_true (facts.facts & KZ_FACT_NEARER_HOME);
  g_assert_cmpint (facts.road_left, ==, 2);

  /* and delivers */
  pos = make_position ("c3", "a9 e9", 'c', "home", "c3");
  m = find_move (&pos, "c3", "c2");
  kz_guide_explain (&pos, &m, &facts);
  g_assert_true (facts.facts & KZ_FACT_DELIVERED);

  /* taking the carrier of one's own flag wins it back */
  pos = make_position ("c4 a1", "c5 e9", 't', "c4", "home");
  m = find_move (&pos, "c5", "c3");
  kz_guide_explain (&pos, &m, &facts);
  g_assert_true (facts.facts & KZ_FACT_TOOK_CARRIER);
}

/* ---- the warning before a losing move ---- */

static void
test_warn_pieces (void)
{
  /* from the start, c4-c5 lets the Turk on c6 take c5 and then b4 or d4
   * (c6xc4xa4 or c6xc4xe4); another move loses nothing */
  KzPosition pos;
  KzGuideRisk risk;
  KzMove safer;
  kz_position_init_start (&pos);
  KzMove m = find_move (&pos, "c4", "c5");
  g_assert_true (kz_guide_should_warn (&pos, &m, &risk, &safer));
  g_assert_false (risk.wins);
  g_assert_cmpint (risk.flag, ==, -1);
  g_assert_cmpint (risk.net, ==, 2);
  g_assert_true (risk.reply.captured == points ("c5 b4") || risk.reply.captured == points ("c5 d4"));
  KzGuideRisk other;
  kz_guide_risk (&pos, &safer, &other);
  g_assert_cmpint (other.weight, <=, 0);
  g_assert_false (kz_guide_should_warn (&pos, &safer, NULL, NULL));
}

static void
test_warn_win (void)
{
  /* the last Cossack steps next to the Turk: taken, the game is lost */
  KzPosition pos = make_position ("c4", "c6", 'c', "home", "home");
  KzGuideRisk risk;
  KzMove m = find_move (&pos, "c4", "c5");
  g_assert_true (kz_guide_should_warn (&pos, &m, &risk, NULL));
  g_assert_true (risk.wins);
  g_assert_cmpint (risk.weight, ==, KZ_GUIDE_RISK_WIN);
  m = find_move (&pos, "c4", "b4");
  g_assert_false (kz_guide_should_warn (&pos, &m, &risk, NULL));
  g_assert_false (risk.wins);
}

static void
test_warn_flag (void)
{
  /* c1 leaving frees the point behind the standing Cossack flag on c2:
   * the Turk on c3 jumps it and goes on over b1 (c3xc1xa1) */
  KzPosition pos = make_position ("c1 a5", "c3 e9", 'c', "home", "home");
  KzGuideRisk risk;
  KzMove m = find_move (&pos, "c1", "b1");
  g_assert_true (kz_guide_should_warn (&pos, &m, &risk, NULL));
  g_assert_cmpint (risk.flag, ==, KZ_COSSACKS);
  g_assert_cmpint (risk.reply.from, ==, pt ("c3"));
  m = find_move (&pos, "a5", "a4");
  g_assert_false (kz_guide_should_warn (&pos, &m, &risk, NULL));
  g_assert_cmpint (risk.flag, ==, -1);

  /* a capture that loses no more than it takes is no losing move */
  pos = make_position ("c4 a1", "c5 e9", 'c', "home", "home");
  m = find_move (&pos, "c4", "c6");
  kz_guide_risk (&pos, &m, &risk);
  g_assert_cmpint (risk.weight, <=, 0);
}

/* No move is warned about when every move loses as much (the least risk
 * is the move's own), over random games: the warning always leaves a
 * better move. */
static void
test_warn_random (void)
{
  static KzMoveList list;
  GRand *rand = g_rand_new_with_seed (30);
  int warned = 0;
  for (int game = 0; game < 20; game++)
    {
      KzPosition pos;
      kz_position_init_start (&pos);
      for (int ply = 0; ply < 120 && kz_position_outcome (&pos).winner < 0; ply++)
        {
          int n = kz_generate_moves (&pos, &list);
          if (n == 0)
            break;
          KzMove m = list.moves[g_rand_int_range (rand, 0, n)];
          KzGuideRisk risk;
          KzMove safer;
          if (kz_guide_should_warn (&pos, &m, &risk, &safer))
            {
              KzGuideRisk other;
              warned++;
              g_assert_cmpint (risk.weight, >, 0);
              kz_guide_risk (&pos, &safer, &other);
              g_assert_cmpint (other.weight, <, risk.weight);
              g_assert_false (kz_guide_should_warn (&pos, &safer, NULL, NULL));
            }
          else if (n == 1)
            g_assert_false (kz_guide_should_warn (&pos, &m, NULL, NULL));
          kz_position_make_move (&pos, &m);
        }
    }
  g_test_message ("%d random moves warned about", warned);
  g_assert_cmpint (warned, >, 0);
  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/engine/guide/danger/plain", test_danger_plain);
  g_test_add_func ("/engine/guide/warn/pieces", test_warn_pieces);
  g_test_add_func ("/engine/guide/warn/win", test_warn_win);
  g_test_add_func ("/engine/guide/warn/flag", test_warn_flag);
  g_test_add_func ("/engine/guide/warn/random", test_warn_random);
  g_test_add_func ("/engine/guide/danger/corner", test_danger_corner);
  g_test_add_func ("/engine/guide/danger/chain", test_danger_chain);
  g_test_add_func ("/engine/guide/must-capture/pieces", test_must_capture);
  g_test_add_func ("/engine/guide/must-capture/flag-only", test_must_capture_flag_only);
  g_test_add_func ("/engine/guide/road/carried", test_road_carried);
  g_test_add_func ("/engine/guide/road/own-side", test_road_own_side);
  g_test_add_func ("/engine/guide/road/standing", test_road_standing);
  g_test_add_func ("/engine/guide/road/random", test_road_random);
  g_test_add_func ("/engine/guide/explain/capture", test_explain_capture);
  g_test_add_func ("/engine/guide/explain/escape", test_explain_escape);
  g_test_add_func ("/engine/guide/explain/threat", test_explain_threat);
  g_test_add_func ("/engine/guide/explain/flag", test_explain_flag);
  return g_test_run ();
}
