/* test-engine.c — the rules engine against RULES.md, rule by rule.
 *
 * Each rule has a small position built for it and its exact legal-move
 * list asserted; test paths name the RULES.md section.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "kz-engine.h"
#include "kz-eval.h"

/* ---------- helpers ---------- */

/* Builds a position from space-separated point lists; flags are "home"
 * or a point.  The position also goes through KPN and back, so every
 * test exercises the notation too. */
static KzPosition
make_position (const char *cossacks, const char *turks, char side,
               const char *cossack_flag, const char *turkish_flag)
{
  KzPosition pos;
  kz_position_init_empty (&pos);
  const char *lists[2] = { cossacks, turks };
  for (int s = 0; s < 2; s++)
    {
      g_auto (GStrv) names = g_strsplit (lists[s], " ", -1);
      for (int i = 0; names[i]; i++)
        {
          if (!*names[i])
            continue;
          int sq = kz_point_parse (names[i], NULL);
          g_assert_cmpint (sq, !=, KZ_NO_POINT);
          kz_position_put (&pos, s, sq, TRUE);
        }
    }
  pos.side = side == 'c' ? KZ_COSSACKS : KZ_TURKS;
  const char *flags[2] = { cossack_flag, turkish_flag };
  for (int f = 0; f < 2; f++)
    pos.flag[f] = (int8_t) (strcmp (flags[f], "home") == 0 ? KZ_FLAG_HOME
                                                            : kz_point_parse (flags[f], NULL));
  pos.hash = kz_position_compute_hash (&pos);

  char kpn[KZ_KPN_MAX];
  kz_kpn_format (&pos, kpn, sizeof kpn);
  KzPosition back;
  KzError err;
  if (!kz_kpn_parse (kpn, &back, &err))
    g_error ("test position %s rejected: %s", kpn, err.message);
  g_assert_true (kz_position_equal (&pos, &back));
  g_assert_cmphex (pos.hash, ==, back.hash);
  return pos;
}

static int
compare_str (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

/* The legal moves, sorted bytewise, joined by spaces. */
static char *
moves_string (const KzPosition *pos)
{
  static KzMoveList list;
  kz_generate_moves (pos, &list);
  g_assert_false (list.overflow);
  g_assert_cmpuint (kz_count_moves (pos), ==, (guint64) list.count);
  g_autoptr (GPtrArray) strs = g_ptr_array_new_with_free_func (g_free);
  for (int i = 0; i < list.count; i++)
    {
      char buf[KZ_MOVE_STR_MAX];
      kz_move_format (&list.moves[i], buf, sizeof buf);
      g_ptr_array_add (strs, g_strdup (buf));
    }
  g_ptr_array_sort (strs, compare_str);
  g_ptr_array_add (strs, NULL);
  return g_strjoinv (" ", (char **) strs->pdata);
}

static void
assert_moves (const KzPosition *pos, const char *expected)
{
  g_autofree char *got = moves_string (pos);
  g_assert_cmpstr (got, ==, expected);
}

/* Plays a move that must be legal; returns the new position. */
static KzPosition
play (const KzPosition *pos, const char *text)
{
  KzMove move;
  KzError err;
  if (!kz_move_parse (pos, text, &move, &err))
    g_error ("move %s refused: %s", text, err.message);
  KzPosition next = *pos;
  kz_position_make_move (&next, &move);
  g_assert_cmphex (next.hash, ==, kz_position_compute_hash (&next));
  return next;
}

static void
assert_kpn (const KzPosition *pos, const char *expected)
{
  char kpn[KZ_KPN_MAX];
  kz_kpn_format (pos, kpn, sizeof kpn);
  g_assert_cmpstr (kpn, ==, expected);
}

static void
assert_refused (const KzPosition *pos, const char *text, KzErrorCode code)
{
  KzMove move;
  KzError err;
  g_assert_false (kz_move_parse (pos, text, &move, &err));
  if (err.code != code)
    g_error ("%s: expected error %d, got %d (%s)", text, code, err.code, err.message);
  g_assert_cmpstr (err.message, !=, "");
}

static void
assert_outcome (const KzPosition *pos, int winner, KzReason reason)
{
  KzOutcome out = kz_position_outcome (pos);
  g_assert_cmpint (out.winner, ==, winner);
  g_assert_cmpint (out.reason, ==, reason);
}

/* ---------- §2 the board ---------- */

static const char *const lines[] = {
  "a1 b1 c1 d1 e1", "b2 c2 d2", "a3 b3 c3 d3 e3", "a4 b4 c4 d4 e4",
  "a5 b5 c5 d5 e5", "a6 b6 c6 d6 e6", "a7 b7 c7 d7 e7", "b8 c8 d8",
  "a9 b9 c9 d9 e9",
  "a3 a4 a5 a6 a7", "b3 b4 b5 b6 b7", "d3 d4 d5 d6 d7", "e3 e4 e5 e6 e7",
  "b1 b2", "d1 d2", "b8 b9", "d8 d9", "c1 c2 c3 c4 c5 c6 c7 c8 c9",
  "a1 b2 c3", "e1 d2 c3", "a9 b8 c7", "e9 d8 c7",
};

static void
test_board_points (void)
{
  int n = 0;
  for (int sq = -3; sq < KZ_GRID_SIZE + 3; sq++)
    if (kz_point_valid (sq))
      {
        n++;
        const char *name = kz_point_name (sq);
        const char *end;
        g_assert_cmpint (kz_point_parse (name, &end), ==, sq);
        g_assert_true (end == name + 2);
      }
  g_assert_cmpint (n, ==, KZ_NUM_POINTS);
  /* the rows of RULES.md §2 */
  const char *absent[] = { "a2", "e2", "a8", "e8", "f1", "a0", "c10" };
  for (gsize i = 0; i < G_N_ELEMENTS (absent); i++)
    if (strcmp (absent[i], "c10") != 0)
      g_assert_cmpint (kz_point_parse (absent[i], NULL), ==, KZ_NO_POINT);
  g_assert_cmpint (kz_point_parse ("c1", NULL), ==, KZ_SQ (2, 0));
  g_assert_cmpint (kz_centre (KZ_COSSACKS), ==, kz_point_parse ("c2", NULL));
  g_assert_cmpint (kz_centre (KZ_TURKS), ==, kz_point_parse ("c8", NULL));
}

/* Adjacency from the line list of RULES.md §2 against the engine's. */
static void
test_board_lines (void)
{
  gboolean adj[KZ_GRID_SIZE][KZ_GRID_SIZE] = { { 0 } };
  for (gsize l = 0; l < G_N_ELEMENTS (lines); l++)
    {
      g_auto (GStrv) pts = g_strsplit (lines[l], " ", -1);
      for (int i = 0; pts[i + 1]; i++)
        {
          int a = kz_point_parse (pts[i], NULL), b = kz_point_parse (pts[i + 1], NULL);
          adj[a][b] = adj[b][a] = TRUE;
        }
    }
  int edges = 0;
  for (int a = 0; a < KZ_GRID_SIZE; a++)
    for (int b = 0; b < KZ_GRID_SIZE; b++)
      {
        g_assert_cmpint (kz_adjacent (a, b), ==, adj[a][b]);
        edges += adj[a][b];
      }
  /* 4·1+2·1+... : count once per direction */
  g_assert_cmpint (edges / 2, ==, 4 + 2 + 5 * 4 + 2 + 4 + 4 * 4 + 4 + 8 + 8);
  /* a triangle is entered only through its apex */
  g_assert_false (kz_adjacent (kz_point_parse ("b2", NULL), kz_point_parse ("b3", NULL)));
  g_assert_false (kz_adjacent (kz_point_parse ("b8", NULL), kz_point_parse ("b7", NULL)));
  g_assert_false (kz_adjacent (kz_point_parse ("b4", NULL), kz_point_parse ("c5", NULL)));
}

/* Jump paths: straight triples of every line, plus the 8 side jumps. */
static void
test_board_jump_paths (void)
{
  gboolean want[KZ_GRID_SIZE][KZ_GRID_SIZE][KZ_GRID_SIZE] = { { { 0 } } };
  int total = 0;
  for (gsize l = 0; l < G_N_ELEMENTS (lines); l++)
    {
      g_auto (GStrv) pts = g_strsplit (lines[l], " ", -1);
      for (int i = 0; pts[i] && pts[i + 1] && pts[i + 2]; i++)
        {
          int a = kz_point_parse (pts[i], NULL), b = kz_point_parse (pts[i + 1], NULL),
              c = kz_point_parse (pts[i + 2], NULL);
          want[a][b][c] = want[c][b][a] = TRUE;
          total += 2;
        }
    }
  const char *side[] = { "b2 c3 d3", "d2 c3 b3", "b8 c7 d7", "d8 c7 b7" };
  for (gsize i = 0; i < G_N_ELEMENTS (side); i++)
    {
      g_auto (GStrv) p = g_strsplit (side[i], " ", -1);
      int a = kz_point_parse (p[0], NULL), b = kz_point_parse (p[1], NULL),
          c = kz_point_parse (p[2], NULL);
      want[a][b][c] = want[c][b][a] = TRUE;
      total += 2;
    }
  int got = 0;
  for (int a = 0; a < KZ_GRID_SIZE; a++)
    {
      KzJumpPath paths[KZ_MAX_JUMP_PATHS];
      int n = kz_jump_paths (a, paths);
      for (int i = 0; i < n; i++)
        {
          g_assert_true (want[a][paths[i].over][paths[i].to]);
          g_assert_cmpint (kz_jump_over (a, paths[i].to), ==, paths[i].over);
        }
      got += n;
    }
  g_assert_cmpint (got, ==, total);
}

/* §4: c4 c3 b2, c4 c3 d2, c6 c7 b8, c6 c7 d8 and reverses are no jumps. */
static void
test_board_forbidden_bend_paths (void)
{
  const char *bends[][2] = {
    { "c4", "b2" }, { "c4", "d2" }, { "c6", "b8" }, { "c6", "d8" },
    { "b2", "c4" }, { "d2", "c4" }, { "b8", "c6" }, { "d8", "c6" },
    { "b2", "b4" }, { "b8", "b6" }, { "b3", "b1" }, { "a1", "a3" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (bends); i++)
    g_assert_cmpint (kz_jump_over (kz_point_parse (bends[i][0], NULL),
                                   kz_point_parse (bends[i][1], NULL)),
                     ==, KZ_NO_POINT);
}

/* ---------- §3 start, §10 perft ---------- */

static void
test_start_position (void)
{
  KzPosition pos;
  kz_position_init_start (&pos);
  assert_kpn (&pos, KZ_START_KPN);
  g_assert_cmpint (kz_popcount (pos.pieces[KZ_COSSACKS]), ==, 15);
  g_assert_cmpint (kz_popcount (pos.pieces[KZ_TURKS]), ==, 15);
  assert_moves (&pos, "a3-a4 b4-a4 b4-b5 c4-c5 d4-d5 d4-e4 e3-e4");
  KzPosition parsed;
  g_assert_true (kz_kpn_parse (KZ_START_KPN, &parsed, NULL));
  g_assert_true (kz_position_equal (&pos, &parsed));
  g_assert_cmphex (pos.hash, ==, parsed.hash);
}

static void
test_perft_reference (void)
{
  static const guint64 expected[] = { 7, 32, 164, 908, 5272, 31536, 194252 };
  KzPosition pos;
  kz_position_init_start (&pos);
  for (int d = 1; d <= 7; d++)
    g_assert_cmpuint (kz_perft (&pos, d), ==, expected[d - 1]);
}

/* ---------- §4 steps ---------- */

static void
test_steps_all_directions (void)
{
  /* along ranks and files in the square, along the triangle sides, and
   * never onto a standing flag */
  KzPosition pos = make_position ("c5 b2", "e9", 'c', "home", "home");
  assert_moves (&pos, "b2-a1 b2-b1 b2-c3 c5-b5 c5-c4 c5-c6 c5-d5");
  /* in the fortress: never onto the own standing flag, never b8-b7 */
  pos = make_position ("e1", "b8", 't', "home", "home");
  assert_moves (&pos, "b8-a9 b8-b9 b8-c7");
  pos = make_position ("a9", "b8", 't', "home", "home");
  assert_moves (&pos, "b8-b9 b8-c7");
}

/* ---------- §4 jumps ---------- */

static void
test_jumps_straight_all_directions (void)
{
  KzPosition pos = make_position ("c5", "c6 c4 b5 d5", 'c', "home", "d5");
  assert_moves (&pos, "c5xa5 c5xc3 c5xc7 c5xe5");
}

static void
test_jumps_apex_side_jump (void)
{
  /* from a triangle side over the apex onto the opposite edge row */
  KzPosition pos = make_position ("b2", "c3 e9", 'c', "home", "home");
  assert_moves (&pos, "b2xd3");
  pos = make_position ("d2", "c3 e9", 'c', "home", "home");
  assert_moves (&pos, "d2xb3");
  pos = make_position ("c7 a1", "b8", 't', "home", "home");
  assert_moves (&pos, "b8xd7");
  pos = make_position ("c7 a1", "d8", 't', "home", "home");
  assert_moves (&pos, "d8xb7");
  /* and back: from the square's edge row over the apex onto the middle
   * of the opposite side, or straight along the row */
  pos = make_position ("d3", "c3 e9", 'c', "home", "home");
  assert_moves (&pos, "d3xb2 d3xb3");
  pos = make_position ("b3", "c3 e9", 'c', "home", "home");
  assert_moves (&pos, "b3xd2 b3xd3");
  pos = make_position ("c7", "b7 a1", 't', "home", "home");
  assert_moves (&pos, "b7xd7 b7xd8");
  pos = make_position ("c7", "d7 a1", 't', "home", "home");
  assert_moves (&pos, "d7xb7 d7xb8");
}

static void
test_jumps_forbidden_bends (void)
{
  /* c2 free (the Cossack flag is carried elsewhere), yet c4 may only
   * jump the apex straight down, never onto b2 or d2 */
  KzPosition pos = make_position ("c4 a5", "c3 e9", 'c', "a5", "home");
  assert_moves (&pos, "c4xc2");
  assert_refused (&pos, "c4xb2", KZ_ERR_NOT_A_JUMP);
  assert_refused (&pos, "c4xd2", KZ_ERR_NOT_A_JUMP);
  /* with the Cossack flag standing on c2 there is no capture at all */
  pos = make_position ("c4", "c3 e9", 'c', "home", "home");
  assert_moves (&pos, "c4-b4 c4-c5 c4-d4");
  /* the fortress */
  pos = make_position ("c7 a1", "c6 e5", 't', "home", "e5");
  assert_moves (&pos, "c6xc8");
  assert_refused (&pos, "c6xb8", KZ_ERR_NOT_A_JUMP);
  assert_refused (&pos, "c6xd8", KZ_ERR_NOT_A_JUMP);
  /* nor from the triangle's side up onto the c-file */
  pos = make_position ("b2", "c3 e9", 'c', "home", "home");
  assert_refused (&pos, "b2xc4", KZ_ERR_NOT_A_JUMP);
}

static void
test_jumps_top_down_chain_rule (void)
{
  /* c5xc3 lands on the apex from above: it may not go on along b2/d2,
   * only along the edge row (here over b3) */
  KzPosition pos = make_position ("c5", "c4 b2 d2 b3", 'c', "home", "home");
  assert_moves (&pos, "c5xc3xa3");
  assert_refused (&pos, "c5xc3xa1", KZ_ERR_FORBIDDEN_BEND);
  assert_refused (&pos, "c5xc3xe1", KZ_ERR_FORBIDDEN_BEND);
  /* with nothing on the edge row the chain ends on the apex */
  pos = make_position ("c5", "c4 b2 d2", 'c', "home", "home");
  assert_moves (&pos, "c5xc3");
  /* down the median is allowed after the top-down jump */
  /* c2 holds a Turk here: the Cossack flag was taken and lost */
  pos = make_position ("c5 e5", "c4 c2 b2", 'c', "c2", "home");
  assert_moves (&pos, "c5xc3xc1");
  /* arriving on the apex along the edge row, the side is open */
  pos = make_position ("a3", "b3 b2 e9", 'c', "home", "home");
  assert_moves (&pos, "a3xc3xa1");
  /* the same in the fortress */
  pos = make_position ("c6 b8 d8 d7", "c5", 't', "home", "home");
  assert_moves (&pos, "c5xc7xe7");
  assert_refused (&pos, "c5xc7xa9", KZ_ERR_FORBIDDEN_BEND);
  assert_refused (&pos, "c5xc7xe9", KZ_ERR_FORBIDDEN_BEND);
}

static void
test_chains_change_direction (void)
{
  /* up the a-file, along rank 5, up the c-file */
  KzPosition pos = make_position ("a3", "a4 b5 c6 e9", 'c', "home", "e9");
  assert_moves (&pos, "a3xa5xc5xc7");
  KzPosition next = play (&pos, "a3xa5xc5xc7");
  assert_kpn (&next, "4t/3/2c2/5/5/5/5/3/5 t home e9");
  /* branching chains: every complete chain is its own move */
  pos = make_position ("c3", "c4 b5 d5 e9", 'c', "home", "e9");
  assert_moves (&pos, "c3xc5xa5 c3xc5xe5");
  /* a chain must not stop while a piece can be jumped */
  assert_refused (&pos, "c3xc5", KZ_ERR_CHAIN_INCOMPLETE);
  /* captured pieces leave at once: a point can be crossed again */
  pos = make_position ("b4", "b5 c6 d5 c4 e9", 'c', "home", "e9");
  assert_moves (&pos, "b4xb6xd6xd4xb4 b4xd4xd6xb6xb4");
  next = play (&pos, "b4xb6xd6xd4xb4");
  assert_kpn (&next, "4t/3/5/5/5/1c3/5/3/5 t home e9");
}

/* ---------- §4 capturing is compulsory; §6 flags ---------- */

static void
test_compulsory_capture (void)
{
  KzPosition pos = make_position ("b4 a3 e3", "b5 e9", 'c', "home", "home");
  g_assert_true (kz_capture_compulsory (&pos));
  assert_moves (&pos, "b4xb6");
  assert_refused (&pos, "a3-a4", KZ_ERR_CAPTURE_COMPULSORY);
  /* any capture may be chosen: no "take the most" rule */
  pos = make_position ("b4 d4", "b5 d5 d7 e9", 'c', "home", "home");
  assert_moves (&pos, "b4xb6 d4xd6");
}

static void
test_optional_flag_capture (void)
{
  /* jumping the standing flag is optional: steps stay legal */
  KzPosition pos = make_position ("c7", "a9", 'c', "home", "home");
  g_assert_false (kz_capture_compulsory (&pos));
  assert_moves (&pos, "c7-b7 c7-b8 c7-c6 c7-d7 c7-d8 c7xc9");
  KzPosition next = play (&pos, "c7xc9");
  assert_kpn (&next, "t1c2/3/5/5/5/5/5/3/5 t home c9");
  /* the Turks jumping the Cossack flag, from a triangle side */
  pos = make_position ("e9", "b2", 't', "home", "home");
  assert_moves (&pos, "b2-a1 b2-b1 b2-c3 b2xd2");
}

static void
test_flag_as_compulsory_capture (void)
{
  /* a piece capture is compulsory; jumping the flag counts as a capture */
  KzPosition pos = make_position ("c7 a4", "a5 a9", 'c', "home", "home");
  g_assert_true (kz_capture_compulsory (&pos));
  assert_moves (&pos, "a4xa6 c7xc9");
}

static void
test_flag_pickup_mid_chain (void)
{
  /* c5xc7: then only the flag can be jumped, so the chain may stop; if
   * it takes the flag it must go on over b9 */
  KzPosition pos = make_position ("c5", "c6 b9", 'c', "home", "home");
  assert_moves (&pos, "c5xc7 c5xc7xc9xa9");
  assert_refused (&pos, "c5xc7xc9", KZ_ERR_CHAIN_INCOMPLETE);
  KzPosition next = play (&pos, "c5xc7xc9xa9");
  assert_kpn (&next, "c4/3/5/5/5/5/5/3/5 t home a9");
  assert_outcome (&next, KZ_COSSACKS, KZ_REASON_ANNIHILATION);
}

static void
test_flag_transfer (void)
{
  /* the Cossack recaptures its own flag from the Turkish carrier */
  KzPosition pos = make_position ("c3", "c4 e9", 'c', "c4", "home");
  assert_moves (&pos, "c3xc5");
  KzPosition next = play (&pos, "c3xc5");
  assert_kpn (&next, "4t/3/5/5/2c2/5/5/3/5 t c5 home");
  /* a Turk that holds its own flag again: the flag passes to the
   * Cossack who captures it, whoever owns it */
  pos = make_position ("b4", "b5 e9", 'c', "home", "b5");
  next = play (&pos, "b4xb6");
  assert_kpn (&next, "4t/3/5/1c3/5/5/5/3/5 t home b6");
  /* the Turks capture a Cossack carrying the Turkish flag */
  pos = make_position ("d5 a1", "d6", 't', "home", "d5");
  next = play (&pos, "d6xd4");
  assert_kpn (&next, "5/3/5/5/5/3t1/5/3/c4 c home d4");
}

static void
test_flag_both_on_one_piece (void)
{
  /* a Cossack carrying the Turkish flag captures the Turk carrying the
   * Cossack flag: it now carries both */
  KzPosition pos = make_position ("a4 e1", "a5 e9", 'c', "a5", "a4");
  assert_moves (&pos, "a4xa6");
  KzPosition next = play (&pos, "a4xa6");
  assert_kpn (&next, "4t/3/5/c4/5/5/5/3/4c t a6 a6");
  /* and brings them home: c2 is free since its own flag is carried */
  pos = make_position ("c3 e1", "e9", 'c', "c3", "c3");
  next = play (&pos, "c3-c2");
  assert_outcome (&next, KZ_COSSACKS, KZ_REASON_FLAG);
}

/* ---------- §7 end of the game ---------- */

static void
test_win_flag_own_flag_standing (void)
{
  /* a carrier of the enemy flag may enter its own centre where its own
   * flag stands, and that wins */
  KzPosition pos = make_position ("c3", "a9", 'c', "home", "c3");
  assert_moves (&pos, "c3-b2 c3-b3 c3-c2 c3-c4 c3-d2 c3-d3");
  KzPosition next = play (&pos, "c3-c2");
  assert_outcome (&next, KZ_COSSACKS, KZ_REASON_FLAG);
  assert_moves (&next, "");
  /* the KPN of the finished game is accepted back */
  assert_kpn (&next, "t4/3/5/5/5/5/5/1c1/5 t home c2");
  KzPosition parsed;
  g_assert_true (kz_kpn_parse ("t4/3/5/5/5/5/5/1c1/5 t home c2", &parsed, NULL));
  /* the Turks likewise */
  pos = make_position ("e1", "c7", 't', "c7", "home");
  next = play (&pos, "c7-c8");
  assert_outcome (&next, KZ_TURKS, KZ_REASON_FLAG);
  /* by a jump onto the own centre: picking up the flag with this very
   * jump (from a Turk that carried its own flag) */
  pos = make_position ("c4 e1", "c3 e9", 'c', "home", "c3");
  assert_moves (&pos, "c4xc2");
  next = play (&pos, "c4xc2");
  assert_outcome (&next, KZ_COSSACKS, KZ_REASON_FLAG);
}

static void
test_win_flag_after_own_taken (void)
{
  /* both flags captured: the first to bring the enemy flag home wins */
  KzPosition pos = make_position ("c3 a5", "e5 e9", 'c', "e5", "c3");
  KzPosition next = play (&pos, "c3-c2");
  assert_outcome (&next, KZ_COSSACKS, KZ_REASON_FLAG);
  /* without the enemy flag, stepping home wins nothing */
  pos = make_position ("c3 a5", "e5 e9", 'c', "e5", "home");
  next = play (&pos, "c3-c2");
  assert_outcome (&next, -1, KZ_REASON_NONE);
}

static void
test_win_annihilation (void)
{
  KzPosition pos = make_position ("c4", "c5", 'c', "home", "home");
  KzPosition next = play (&pos, "c4xc6");
  assert_outcome (&next, KZ_COSSACKS, KZ_REASON_ANNIHILATION);
  assert_moves (&next, "");
  /* flag delivery is named first when it also takes the last piece */
  pos = make_position ("c4", "c3", 'c', "home", "c3");
  next = play (&pos, "c4xc2");
  assert_outcome (&next, KZ_COSSACKS, KZ_REASON_FLAG);
}

static void
test_loss_blocked (void)
{
  /* the Turk on a9 has no step and no jump after c6-c7 */
  KzPosition pos = make_position ("b9 c9 b8 c6", "a9", 'c', "home", "home");
  assert_outcome (&pos, -1, KZ_REASON_NONE);
  KzPosition next = play (&pos, "c6-c7");
  assert_moves (&next, "");
  assert_outcome (&next, KZ_COSSACKS, KZ_REASON_BLOCKED);
}

/* ---------- §5 corners ---------- */

static void
test_corners_never_capturable (void)
{
  const char *cases[][2] = {
    /* Cossacks on every neighbour of the lower four corners */
    { "b1 b2 d1 d2 a4 b3 e4 d3", "a1 e1 a3 e3" },
    /* and of the upper four */
    { "a6 b7 e6 d7 b9 b8 d9 d8", "a7 e7 a9 e9" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      KzPosition pos = make_position (cases[i][0], cases[i][1], 'c', "home", "home");
      g_assert_false (kz_capture_compulsory (&pos));
      static KzMoveList list;
      kz_generate_moves (&pos, &list);
      g_assert_cmpint (list.count, >, 0);
      for (int m = 0; m < list.count; m++)
        g_assert_cmphex (list.moves[m].captured, ==, 0);
    }
}

/* ---------- §8 notation ---------- */

static void
test_kpn_malformed (void)
{
  static const struct {
    const char *kpn;
    KzErrorCode code;
    int column;    /* 1-based, 0 when not about one place */
  } cases[] = {
    { "", KZ_ERR_SYNTAX, 1 },
    { "ttttt/t1t/ttttt/1ttt1/6/1ccc1/ccccc/c1c/ccccc c home home", KZ_ERR_SYNTAX, 23 },
    { "ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c c home home", KZ_ERR_SYNTAX, 40 },
    { "ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/cccc c home home", KZ_ERR_SYNTAX, 41 },
    { "ttttt/tt1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/ccccc c home home", KZ_ERR_SYNTAX, 10 },
    { "ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/ccccc x home home", KZ_ERR_SYNTAX, 47 },
    { "ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/ccccc c home", KZ_ERR_SYNTAX, 53 },
    { "ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/ccccc c home hom", KZ_ERR_SYNTAX, 54 },
    { "ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/ccccc c home e2", KZ_ERR_SYNTAX, 54 },
    { "ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/ccccc c home home x", KZ_ERR_SYNTAX, 59 },
    { "ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/ccccc  c  home  home", KZ_ERR_NONE, 0 },
    { "ttttt/t1t/ttttt/1ttt1/32/1ccc1/ccccc/c1c/ccccc c home home", KZ_ERR_SYNTAX, 24 },
    { "ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/ccc/ccccc c home home", KZ_ERR_INVALID_POSITION, 0 },
    { "ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/ccccc c e5 home", KZ_ERR_INVALID_POSITION, 49 },
    { "ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/ccccc c home a1", KZ_ERR_NONE, 0 },
    { "ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/ccccc c home e5", KZ_ERR_INVALID_POSITION, 54 },
    { "5/3/5/5/5/5/5/3/5 c home home", KZ_ERR_INVALID_POSITION, 0 },
    { "t4/3/5/5/5/5/5/1c1/5 c home c2", KZ_ERR_INVALID_POSITION, 0 },
    { "t4/3/5/5/5/5/5/1c1/5 t home home", KZ_ERR_INVALID_POSITION, 24 },
    { "t4/3/5/5/5/5/5/5/3/5 t home home", KZ_ERR_SYNTAX, 16 },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      KzPosition pos;
      KzError err;
      gboolean ok = kz_kpn_parse (cases[i].kpn, &pos, &err);
      g_test_message ("KPN \"%s\": %s", cases[i].kpn, ok ? "accepted" : err.message);
      if (cases[i].code == KZ_ERR_NONE)
        {
          g_assert_true (ok);
          continue;
        }
      g_assert_false (ok);
      g_assert_cmpint (err.code, ==, cases[i].code);
      if (cases[i].column > 0)
        {
          g_assert_cmpint (err.offset + 1, ==, cases[i].column);
          g_autofree char *col = g_strdup_printf ("column %d", cases[i].column);
          g_assert_nonnull (strstr (err.message, col));
        }
    }
}

static void
test_move_malformed (void)
{
  static const struct {
    const char *text;
    int offset;
  } cases[] = {
    { "", 0 }, { "b", 0 }, { "b4", 2 }, { "b4-", 3 }, { "b4-a", 3 },
    { "b4-a4-a5", 5 }, { "b4xa4-a5", 5 }, { "f4-a4", 0 }, { "b4a4", 2 },
    { "B4-a4", 0 }, { "b4-e2", 3 }, { "b4 -a4", 2 }, { "b4-a4 ", 5 },
  };
  KzPosition pos;
  kz_position_init_start (&pos);
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      KzMove m;
      KzError err;
      g_assert_false (kz_move_parse (&pos, cases[i].text, &m, &err));
      g_test_message ("\"%s\": %s", cases[i].text, err.message);
      g_assert_cmpint (err.code, ==, KZ_ERR_SYNTAX);
      g_assert_cmpint (err.offset, ==, cases[i].offset);
    }
  /* well formed but illegal, each with its reason */
  assert_refused (&pos, "c5-c6", KZ_ERR_NO_PIECE);
  assert_refused (&pos, "c6-c5", KZ_ERR_NOT_YOURS);
  assert_refused (&pos, "c4-c6", KZ_ERR_NOT_ADJACENT);
  assert_refused (&pos, "c3-c4", KZ_ERR_NOT_FREE);
  assert_refused (&pos, "c4xc6", KZ_ERR_NOTHING_TO_JUMP);
  assert_refused (&pos, "c4xa6", KZ_ERR_NOT_A_JUMP);
  assert_refused (&pos, "c4xe4", KZ_ERR_NOTHING_TO_JUMP);
}

/* Random games: every invariant that can be checked cheaply. */
static void
test_random_games (void)
{
  GRand *rand = g_rand_new_with_seed (20261130);
  static KzMoveList list;
  int games = g_test_slow () ? 20000 : 3000;
  int decided = 0, max_moves = 0;
  for (int g = 0; g < games; g++)
    {
      KzPosition pos;
      kz_position_init_start (&pos);
      for (int ply = 0; ply < 400; ply++)
        {
          kz_generate_moves (&pos, &list);
          g_assert_false (list.overflow);
          g_assert_cmpuint (kz_count_moves (&pos), ==, (guint64) list.count);
          max_moves = MAX (max_moves, list.count);
          KzOutcome out = kz_position_outcome (&pos);
          g_assert_cmpint (out.winner >= 0, ==, list.count == 0);
          if (list.count == 0)
            {
              decided++;
              break;
            }
          /* compulsory capture ⇔ no step among the moves */
          gboolean any_step = FALSE;
          for (int i = 0; i < list.count; i++)
            any_step |= list.moves[i].n_jumps == 0;
          if (kz_capture_compulsory (&pos))
            g_assert_false (any_step);
          /* KPN round trip */
          char kpn[KZ_KPN_MAX];
          kz_kpn_format (&pos, kpn, sizeof kpn);
          KzPosition back;
          KzError err;
          if (!kz_kpn_parse (kpn, &back, &err))
            g_error ("%s: %s", kpn, err.message);
          g_assert_true (kz_position_equal (&pos, &back));
          g_assert_cmphex (back.hash, ==, pos.hash);
          /* move strings round trip, and are all distinct */
          for (int i = 0; i < list.count; i++)
            {
              char text[KZ_MOVE_STR_MAX];
              kz_move_format (&list.moves[i], text, sizeof text);
              KzMove parsed;
              if (!kz_move_parse (&pos, text, &parsed, &err))
                g_error ("%s in %s: %s", text, kpn, err.message);
              g_assert_true (kz_move_equal (&parsed, &list.moves[i]));
              g_assert_cmphex (parsed.captured, ==, list.moves[i].captured);
            }
          const KzMove *m = &list.moves[g_rand_int_range (rand, 0, list.count)];
          int before = kz_popcount (pos.pieces[1 - pos.side]);
          kz_position_make_move (&pos, m);
          g_assert_cmphex (pos.hash, ==, kz_position_compute_hash (&pos));
          g_assert_cmpint (kz_popcount (pos.pieces[pos.side]), ==, before - kz_popcount (m->captured));
          g_assert_cmphex (pos.pieces[0] & pos.pieces[1], ==, 0);
          g_assert_cmphex ((pos.pieces[0] | pos.pieces[1]) & ~KZ_VALID_MASK, ==, 0);
        }
    }
  g_test_message ("%d of %d random games decided; at most %d moves in a position",
                  decided, games, max_moves);
  g_assert_cmpint (decided, >, 0);
  g_rand_free (rand);
}


/* Mutated KPN and move strings: never a crash; either accepted (and
 * then it round-trips) or refused with an offset inside the text. */
static void
test_notation_fuzz (void)
{
  GRand *rand = g_rand_new_with_seed (7);
  const char alphabet[] = "ct12345/ homeabcdex-9";
  static KzMoveList list;
  int accepted = 0;
  for (int i = 0; i < 200000; i++)
    {
      char text[KZ_KPN_MAX + 8];
      g_strlcpy (text, KZ_START_KPN, sizeof text);
      size_t len = strlen (text);
      int edits = g_rand_int_range (rand, 1, 4);
      for (int e = 0; e < edits; e++)
        {
          size_t at = (size_t) g_rand_int_range (rand, 0, (gint32) len);
          switch (g_rand_int_range (rand, 0, 3))
            {
            case 0: text[at] = alphabet[g_rand_int_range (rand, 0, sizeof alphabet - 1)]; break;
            case 1: memmove (text + at, text + at + 1, len - at); len--; break;
            default: if (len + 1 < sizeof text) { text[at] = (char) g_rand_int_range (rand, 1, 256); } break;
            }
        }
      KzPosition pos;
      KzError err;
      if (kz_kpn_parse (text, &pos, &err))
        {
          accepted++;
          char back[KZ_KPN_MAX];
          kz_kpn_format (&pos, back, sizeof back);
          KzPosition again;
          g_assert_true (kz_kpn_parse (back, &again, NULL));
          g_assert_true (kz_position_equal (&pos, &again));
          kz_generate_moves (&pos, &list);
          g_assert_false (list.overflow);
        }
      else
        {
          g_assert_cmpint (err.offset, <=, (int) strlen (text));
          g_assert_cmpstr (err.message, !=, "");
        }
    }
  g_test_message ("%d mutated KPN accepted", accepted);
  g_assert_cmpint (accepted, >, 0);

  KzPosition start;
  kz_position_init_start (&start);
  const char move_alphabet[] = "abcdef0123456789x- ";
  for (int i = 0; i < 100000; i++)
    {
      char text[12];
      int n = g_rand_int_range (rand, 0, (gint32) sizeof text);
      for (int k = 0; k < n; k++)
        text[k] = move_alphabet[g_rand_int_range (rand, 0, sizeof move_alphabet - 1)];
      text[n] = '\0';
      KzMove m;
      KzError err;
      if (!kz_move_parse (&start, text, &m, &err))
        {
          g_assert_cmpstr (err.message, !=, "");
          g_assert_cmpint (err.offset, <=, n);
        }
    }
  g_rand_free (rand);
}

static void
test_count_steps (void)
{
  /* the inline constants of kz_count_steps agree with the line tables:
   * compare with a plain count over random sets */
  GRand *rand = g_rand_new_with_seed (3);
  for (int i = 0; i < 10000; i++)
    {
      KzBits own = ((KzBits) g_rand_int (rand) << 32 | g_rand_int (rand)) & KZ_VALID_MASK;
      KzBits free = ((KzBits) g_rand_int (rand) << 32 | g_rand_int (rand)) & KZ_VALID_MASK & ~own;
      int n = 0;
      for (int d = 0; d < KZ_N_DIRS; d++)
        for (KzBits b = own & KZ_DIR_MASK[d]; b; b &= b - 1)
          n += free >> (kz_bit_scan (b) + KZ_DIR_SHIFT[d]) & 1;
      g_assert_cmpint (kz_count_steps (own, free), ==, n);
    }
  g_rand_free (rand);
}

static void
test_zobrist_tables (void)
{
  /* the tabled keys are the documented mix of small numbers */
  for (int s = 0; s < 2; s++)
    for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
      g_assert_cmphex (KZ_ZOBRIST_PIECE[s][sq], ==, kz_zobrist_mix ((uint64_t) (s * 64 + sq + 1)));
  for (int f = 0; f < 2; f++)
    for (int w = -1; w < KZ_GRID_SIZE; w++)
      g_assert_cmphex (KZ_ZOBRIST_FLAG[f][w + 1], ==, kz_zobrist_mix ((uint64_t) (1000 + f * 64 + w + 1)));
}

/* Random positions (sparse, every flag state): the counting shortcuts
 * and the bit-board test for a compulsory capture agree with the
 * generated moves. */
static void
test_random_positions (void)
{
  GRand *rand = g_rand_new_with_seed (20261201);
  static KzMoveList list;
  int compulsory = 0, carried = 0;
  for (int i = 0; i < 40000; i++)
    {
      KzPosition pos;
      kz_position_init_empty (&pos);
      int n = g_rand_int_range (rand, 2, 16);
      for (int k = 0; k < n; k++)
        {
          int sq = g_rand_int_range (rand, 0, KZ_GRID_SIZE);
          if (kz_point_valid (sq) && kz_position_piece_at (&pos, sq) < 0)
            kz_position_put (&pos, g_rand_int_range (rand, 0, 2), sq, true);
        }
      KzBits all = pos.pieces[0] | pos.pieces[1];
      for (int f = 0; f < 2; f++)
        {
          int centre = kz_centre ((KzSide) f);
          if (all && g_rand_int_range (rand, 0, 3) == 0)
            {
              /* carried by a random piece */
              int k = g_rand_int_range (rand, 0, kz_popcount (all));
              KzBits b = all;
              while (k-- > 0)
                b &= b - 1;
              pos.flag[f] = (int8_t) kz_bit_scan (b);
              carried++;
            }
          else if (kz_position_piece_at (&pos, centre) >= 0)
            kz_position_put (&pos, kz_position_piece_at (&pos, centre), centre, false);
        }
      pos.side = (uint8_t) g_rand_int_range (rand, 0, 2);
      pos.hash = kz_position_compute_hash (&pos);

      kz_generate_moves (&pos, &list);
      g_assert_false (list.overflow);
      g_assert_cmpuint (kz_count_moves (&pos), ==, (guint64) list.count);
      gboolean piece_jump = FALSE;
      for (int m = 0; m < list.count; m++)
        {
          const KzMove *mv = &list.moves[m];
          if (mv->n_jumps > 0)
            {
              int over = kz_jump_over (mv->from, mv->path[0]);
              piece_jump |= (mv->captured >> over & 1) != 0;
            }
        }
      g_assert_cmpint (kz_capture_compulsory (&pos), ==, piece_jump);
      compulsory += piece_jump;
    }
  /* the sample covers both cases */
  g_assert_cmpint (compulsory, >, 1000);
  g_assert_cmpint (carried, >, 1000);
  g_rand_free (rand);
}

/* The tabled distances are the breadth-first distances along the lines. */
static void
test_eval_distances (void)
{
  for (int a = 0; a < KZ_GRID_SIZE; a++)
    {
      int dist[KZ_GRID_SIZE];
      for (int b = 0; b < KZ_GRID_SIZE; b++)
        dist[b] = 99;
      if (kz_point_valid (a))
        {
          int queue[KZ_GRID_SIZE], head = 0, tail = 0;
          dist[a] = 0;
          queue[tail++] = a;
          while (head < tail)
            {
              int p = queue[head++], nb[KZ_N_DIRS];
              int n = kz_neighbours (p, nb);
              for (int i = 0; i < n; i++)
                if (dist[nb[i]] == 99)
                  {
                    dist[nb[i]] = dist[p] + 1;
                    queue[tail++] = nb[i];
                  }
            }
        }
      for (int b = 0; b < KZ_GRID_SIZE; b++)
        g_assert_cmpint (kz_eval_distance (a, b), ==, dist[b]);
    }
}

/* The editor's and the command line's reasons (kz-position-check.h). */
static void
test_position_check (void)
{
  static const struct {
    const char *kpn;
    KzPositionProblem problem;
    const char *message;
  } cases[] = {
    { KZ_START_KPN, KZ_POSITION_OK, NULL },
    { "ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/ccccc t home home", KZ_POSITION_OK, NULL },
    { "ttttt/t1t/ttttt/1ttt1/5/1cc2/ccccc/ccc/ccccc c home home", KZ_POSITION_FLAG_POINT_TAKEN,
      "the Cossack flag stands on c2, so no Cossack piece can stand there" },
    { "ttttt/t1t/ttttt/1ttt1/c4/1ccc1/ccccc/c1c/ccccc c home home", KZ_POSITION_TOO_MANY_PIECES,
      "16 Cossack pieces, a side has at most 15" },
    { "ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/ccccc c e5 home", KZ_POSITION_NO_CARRIER,
      "the Cossack flag is carried by e5, but no piece stands there" },
      { "ttttt/ttt/ttttt/2tt1/5/1ccc1/ccccc/c1c/ccccc c home home", KZ_POSITION_FLAG_POINT_TAKEN,
      "the Turkish flag stands on c8, so no Turkish piece can stand there" },
    { "ttttt/t1t/ttttt/1tt2/2t2/1ccc1/ccccc/c1c/ccccc c home c5", KZ_POSITION_OWN_FLAG_UNTAKEN,
      "a Turkish flag carried by a Turkish piece (on c5): it could only have retaken its flag "
      "by taking an enemy carrier, but the Cossacks still have all 15 pieces" },
    /* A Turk carries the Turkish flag after taking a Cossack carrier. */
    { "ttttt/t1t/ttttt/1tt2/2t2/1ccc1/ccccc/c1c/cccc1 c home c5", KZ_POSITION_OK, NULL },
    { "t4/3/5/5/5/5/5/1c1/5 c home c2", KZ_POSITION_LOST_BY_FLAG,
      "the side not to move has already lost: the Cossacks have brought the Turkish flag to c2" },
    { "t4/3/5/5/5/5/5/1c1/5 t home c2", KZ_POSITION_OK, NULL },
    { "5/3/5/5/5/5/5/3/c4 c home home", KZ_POSITION_LOST_BY_ANNIHILATION,
      "the side not to move has already lost: the Turks have no pieces left" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      KzPosition pos;
      KzError err;
      gboolean parsed = kz_kpn_parse (cases[i].kpn, &pos, &err);
      g_test_message ("KPN \"%s\": %s", cases[i].kpn, parsed ? "accepted" : err.message);
      g_assert_cmpint (parsed, ==, cases[i].problem == KZ_POSITION_OK);
      if (parsed)
        {
          KzPositionCheck check;
          g_assert_true (kz_position_check (&pos, &check));
          g_assert_cmpint (check.problem, ==, KZ_POSITION_OK);
          continue;
        }
      g_assert_cmpint (err.code, ==, KZ_ERR_INVALID_POSITION);
      /* The same reason from KPN and from the check of a built position. */
      g_assert_nonnull (strstr (err.message, cases[i].message));
      KzPosition raw;
      KzPositionCheck check;
      char buf[256];
      g_assert_true (kz_kpn_parse_unchecked (cases[i].kpn, &raw, &err));
      g_assert_false (kz_position_check (&raw, &check));
      g_assert_cmpint (check.problem, ==, cases[i].problem);
      kz_position_check_format (&check, buf, sizeof buf);
      g_assert_cmpstr (buf, ==, cases[i].message);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/position/zobrist-tables", test_zobrist_tables);
  g_test_add_func ("/engine/board/count-steps", test_count_steps);
  g_test_add_func ("/engine/board/distances", test_eval_distances);
  g_test_add_func ("/engine/invariants/random-positions", test_random_positions);

  g_test_add_func ("/engine/rules/2-board/41-points", test_board_points);
  g_test_add_func ("/engine/rules/2-board/lines", test_board_lines);
  g_test_add_func ("/engine/rules/4-jumps/jump-paths", test_board_jump_paths);
  g_test_add_func ("/engine/rules/4-jumps/forbidden-bend-paths", test_board_forbidden_bend_paths);
  g_test_add_func ("/engine/rules/3-start/position", test_start_position);
  g_test_add_func ("/engine/rules/10-perft/start-depth-7", test_perft_reference);
  g_test_add_func ("/engine/rules/4-steps/all-directions", test_steps_all_directions);
  g_test_add_func ("/engine/rules/4-jumps/straight", test_jumps_straight_all_directions);
  g_test_add_func ("/engine/rules/4-jumps/apex-side-jump", test_jumps_apex_side_jump);
  g_test_add_func ("/engine/rules/4-jumps/forbidden-bends", test_jumps_forbidden_bends);
  g_test_add_func ("/engine/rules/4-chains/top-down-rule", test_jumps_top_down_chain_rule);
  g_test_add_func ("/engine/rules/4-chains/change-direction", test_chains_change_direction);
  g_test_add_func ("/engine/rules/4-compulsory/piece-capture", test_compulsory_capture);
  g_test_add_func ("/engine/rules/6-flags/optional-flag-capture", test_optional_flag_capture);
  g_test_add_func ("/engine/rules/6-flags/flag-as-compulsory-capture", test_flag_as_compulsory_capture);
  g_test_add_func ("/engine/rules/6-flags/pick-up-mid-chain", test_flag_pickup_mid_chain);
  g_test_add_func ("/engine/rules/6-flags/transfer-to-capturer", test_flag_transfer);
  g_test_add_func ("/engine/rules/6-flags/one-piece-both-flags", test_flag_both_on_one_piece);
  g_test_add_func ("/engine/rules/7-end/flag-while-own-flag-stands", test_win_flag_own_flag_standing);
  g_test_add_func ("/engine/rules/7-end/flag-after-own-taken", test_win_flag_after_own_taken);
  g_test_add_func ("/engine/rules/7-end/annihilation", test_win_annihilation);
  g_test_add_func ("/engine/rules/7-end/blocked", test_loss_blocked);
  g_test_add_func ("/engine/rules/5-corners/never-capturable", test_corners_never_capturable);
  g_test_add_func ("/engine/notation/8-kpn/malformed", test_kpn_malformed);
  g_test_add_func ("/engine/rules/1-position/check", test_position_check);
  g_test_add_func ("/engine/notation/8-moves/malformed-and-illegal", test_move_malformed);
  g_test_add_func ("/engine/invariants/random-games", test_random_games);
  g_test_add_func ("/engine/notation/8-fuzz", test_notation_fuzz);

  return g_test_run ();
}
