/* test-model-puzzle.c — the puzzles: Glicko-2 against Glickman's worked
 * example, the built-in set (counts, themes, every puzzle proven again
 * by the engine, the short ones also by a plain search of its own),
 * judging attempts, the puzzle file's errors, the rating and attempts
 * in the game database (schema 10 and the migration from 9), and the
 * `kazaki-cli puzzles`, `puzzle` and `puzzle-rating` commands.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib/gstdio.h>

#include "kz-egtb.h"
#include "kz-puzzle.h"
#include "kz-puzzle-line.h"
#include "old-schema.h"
#include "remove-files.h"
#include "run-cli.h"

/* ---- Glicko-2 ---- */

/* Glickman, "Example of the Glicko-2 system" (2013): a player rated
 * 1500, RD 200, volatility 0.06 beats a 1400 (RD 30) and loses to a
 * 1550 (RD 100) and a 1700 (RD 300); τ = 0.5. */
static void
test_glicko_example (void)
{
  KzGlicko p = { 1500, 200, 0.06 };
  const KzGlickoGame games[] = { { 1400, 30, 1 }, { 1550, 100, 0 }, { 1700, 300, 0 } };
  kz_glicko_update_raw (&p, games, 3, 0.5);
  g_assert_cmpfloat_with_epsilon (p.rating, 1464.06, 0.01);
  g_assert_cmpfloat_with_epsilon (p.deviation, 151.52, 0.01);
  g_assert_cmpfloat_with_epsilon (p.volatility, 0.05999, 0.00001);
}

static void
test_glicko_no_games (void)
{
  KzGlicko p = { 1500, 200, 0.06 };
  kz_glicko_update_raw (&p, NULL, 0, 0.5);
  g_assert_cmpfloat (p.rating, ==, 1500);
  /* φ* = sqrt (φ² + σ²) on the Glicko-2 scale */
  g_assert_cmpfloat_with_epsilon (p.deviation, 200.271, 0.001);
  g_assert_cmpfloat (p.volatility, ==, 0.06);
}

static void
test_glicko_trainer (void)
{
  KzGlicko p;
  kz_glicko_init (&p);
  g_assert_cmpfloat (p.rating, ==, 1500);
  g_assert_cmpfloat (p.deviation, ==, 350);
  /* beating a 1500 puzzle raises a new player a lot, losing lowers */
  KzGlicko win = p, loss = p;
  KzGlickoGame g = { 1500, KZ_PUZZLE_DEVIATION, 1 };
  kz_glicko_update (&win, &g, 1);
  g.score = 0;
  kz_glicko_update (&loss, &g, 1);
  g_assert_cmpfloat (win.rating, >, 1600);
  g_assert_cmpfloat (loss.rating, <, 1400);
  g_assert_cmpfloat_with_epsilon (win.rating - 1500, 1500 - loss.rating, 1e-6);
  g_assert_cmpfloat (win.deviation, <, 350);
  /* many results: the deviation stops at its floor */
  for (int i = 0; i < 500; i++)
    {
      g.score = i % 2;
      kz_glicko_update (&p, &g, 1);
    }
  g_assert_cmpfloat (p.deviation, >=, KZ_GLICKO_MIN_DEVIATION);
  g_assert_cmpfloat_with_epsilon (p.rating, 1500, 60);
}

/* ---- the built-in set ---- */

static GPtrArray *
builtin (void)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *puzzles = kz_puzzles_get_builtin (&error);
  g_assert_no_error (error);
  g_assert_nonnull (puzzles);
  return puzzles;
}

static void
line_of (KzPuzzle *p, KzPuzzleLine *line)
{
  memset (line, 0, sizeof *line);
  kz_puzzle_get_position (p, &line->start);
  line->n_plies = (int) kz_puzzle_get_n_plies (p);
  memcpy (line->moves, kz_puzzle_get_moves (p), sizeof (KzMove) * (gsize) line->n_plies);
}

static void
test_builtin_counts (void)
{
  g_autoptr(GPtrArray) puzzles = builtin ();
  guint short_ones = 0;
  int per_theme[KZ_N_THEMES] = { 0 };
  g_autoptr(GHashTable) kpns = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint i = 0; i < puzzles->len; i++)
    {
      KzPuzzle *p = puzzles->pdata[i];
      short_ones += kz_puzzle_get_n_plies (p) <= 7;
      for (const char *const *t = kz_puzzle_get_themes (p); *t; t++)
        for (int k = 0; k < KZ_N_THEMES; k++)
          per_theme[k] += strcmp (*t, kz_puzzle_theme_name (k)) == 0;
      g_assert_cmpint (kz_puzzle_get_rating (p), >=, 600);
      g_assert_cmpint (kz_puzzle_get_rating (p), <=, 2800);
      /* no position twice */
      g_assert_false (g_hash_table_contains (kpns, kz_puzzle_get_kpn (p)));
      g_hash_table_add (kpns, (gpointer) kz_puzzle_get_kpn (p));
    }
  g_test_message ("%u puzzles, %u of at most 7 plies", puzzles->len, short_ones);
  g_assert_cmpuint (puzzles->len, >=, 500);
  g_assert_cmpuint (short_ones, >=, 150);
  int themes_used = 0;
  for (int k = 0; k < KZ_N_THEMES; k++)
    {
      g_test_message ("theme %s: %d", kz_puzzle_theme_name (k), per_theme[k]);
      themes_used += per_theme[k] >= 10;
    }
  g_assert_cmpint (themes_used, >=, 6);
}

static gboolean
tables_loaded (void)
{
  if (kz_egtb_available ())
    return TRUE;
  if (g_getenv ("KAZAKI_EGTB") == NULL)
    return FALSE;
  return kz_egtb_init (g_getenv ("KAZAKI_EGTB"), NULL);
}

/* Every puzzle proven again: the line, the only win at each solver move
 * (the prover: exhaustive search, tables as leaves), the longest
 * defences; the themes and the difficulty computed again from the line
 * are the file's. */
static void
test_builtin_proven (void)
{
  if (!tables_loaded ())
    {
      g_test_skip ("KAZAKI_EGTB is not set (the build's tables)");
      return;
    }
  g_autoptr(GPtrArray) puzzles = builtin ();
  KzProver *prover = kz_prover_new (32);
  gint64 t0 = g_get_monotonic_time ();
  for (guint i = 0; i < puzzles->len; i++)
    {
      KzPuzzle *p = puzzles->pdata[i];
      KzPuzzleLine line;
      line_of (p, &line);
      char why[256] = "";
      if (!kz_puzzle_verify (prover, &line, why, sizeof why))
        g_error ("puzzle %s: %s", kz_puzzle_get_id (p), why);
      unsigned themes = kz_puzzle_themes (&line);
      guint n = 0;
      for (int k = 0; k < KZ_N_THEMES; k++)
        if (themes & (1u << k))
          {
            g_assert_true (kz_puzzle_has_theme (p, kz_puzzle_theme_name (k)));
            n++;
          }
      g_assert_cmpuint (n, ==, g_strv_length ((char **) kz_puzzle_get_themes (p)));
      g_assert_cmpint (kz_puzzle_difficulty (&line), ==, kz_puzzle_get_rating (p));
    }
  g_test_message ("%u puzzles proven in %.1f s", puzzles->len,
                  (double) (g_get_monotonic_time () - t0) / 1e6);
  kz_prover_free (prover);
}

/* A plain search of this test's own (no hash table, no tables): does
 * the side to move win within n plies? */
static gboolean
plain_wins (const KzPosition *pos, int n)
{
  if (n < 1)
    return FALSE;
  g_autofree KzMoveList *list = g_new (KzMoveList, 1);
  g_autofree KzMoveList *replies = g_new (KzMoveList, 1);
  kz_generate_moves (pos, list);
  for (int i = 0; i < list->count; i++)
    {
      KzPosition child = *pos;
      kz_position_make_move (&child, &list->moves[i]);
      KzOutcome o = kz_position_outcome (&child);
      if (o.winner == (int) pos->side)
        return TRUE;
      if (o.winner >= 0 || n < 3)
        continue;
      kz_generate_moves (&child, replies);
      gboolean all = TRUE;
      for (int r = 0; r < replies->count && all; r++)
        {
          KzPosition grand = child;
          kz_position_make_move (&grand, &replies->moves[r]);
          all = kz_position_outcome (&grand).winner < 0 && plain_wins (&grand, n - 2);
        }
      if (all)
        return TRUE;
    }
  return FALSE;
}

static gboolean
plain_move_wins (const KzPosition *pos, const KzMove *move, int n)
{
  KzPosition child = *pos;
  kz_position_make_move (&child, move);
  KzOutcome o = kz_position_outcome (&child);
  if (o.winner == (int) pos->side)
    return TRUE;
  if (o.winner >= 0 || n < 3)
    return FALSE;
  g_autofree KzMoveList *replies = g_new (KzMoveList, 1);
  kz_generate_moves (&child, replies);
  for (int r = 0; r < replies->count; r++)
    {
      KzPosition grand = child;
      kz_position_make_move (&grand, &replies->moves[r]);
      if (kz_position_outcome (&grand).winner >= 0 || !plain_wins (&grand, n - 2))
        return FALSE;
    }
  return TRUE;
}

/* The puzzles of at most 7 plies checked without the prover: at every
 * solver move only the line's move wins within the plies left (at the
 * last, the line's move ends the game and some other move does not). */
static void
test_builtin_plain (void)
{
  g_autoptr(GPtrArray) puzzles = builtin ();
  g_autofree KzMoveList *list = g_new (KzMoveList, 1);
  guint checked = 0;
  gint64 t0 = g_get_monotonic_time ();
  for (guint i = 0; i < puzzles->len; i++)
    {
      KzPuzzle *p = puzzles->pdata[i];
      int n = (int) kz_puzzle_get_n_plies (p);
      if (n > 7)
        continue;
      KzPosition pos;
      kz_puzzle_get_position (p, &pos);
      const KzMove *moves = kz_puzzle_get_moves (p);
      for (int ply = 0; ply < n; ply += 2)
        {
          int left = n - ply;
          kz_generate_moves (&pos, list);
          int wins = 0;
          gboolean line_wins = FALSE;
          for (int k = 0; k < list->count; k++)
            {
              gboolean w = plain_move_wins (&pos, &list->moves[k], left);
              wins += w;
              if (kz_move_equal (&list->moves[k], &moves[ply]))
                line_wins = w;
            }
          g_assert_true (line_wins);
          if (left >= 3)
            g_assert_cmpint (wins, ==, 1);
          else if (ply == 0)
            g_assert_cmpint (wins, <, list->count);
          kz_position_make_move (&pos, &moves[ply]);
          if (ply + 1 < n)
            kz_position_make_move (&pos, &moves[ply + 1]);
        }
      checked++;
    }
  g_test_message ("%u puzzles checked by the plain search in %.1f s", checked,
                  (double) (g_get_monotonic_time () - t0) / 1e6);
  g_assert_cmpuint (checked, >=, 150);
}

/* The prover refuses lines that are not proofs. */
static void
test_verify_refuses (void)
{
  if (!tables_loaded ())
    {
      g_test_skip ("KAZAKI_EGTB is not set (the build's tables)");
      return;
    }
  g_autoptr(GPtrArray) puzzles = builtin ();
  KzProver *prover = kz_prover_new (8);
  g_autofree KzMoveList *list = g_new (KzMoveList, 1);
  guint swapped = 0, cut = 0;
  for (guint i = 0; i < puzzles->len && (swapped < 20 || cut < 20); i++)
    {
      KzPuzzleLine line;
      line_of (puzzles->pdata[i], &line);
      char why[256];
      if (line.n_plies >= 3 && cut < 20)
        {
          KzPuzzleLine shorter = line;
          shorter.n_plies -= 2;
          g_assert_false (kz_puzzle_verify (prover, &shorter, why, sizeof why));
          cut++;
        }
      kz_generate_moves (&line.start, list);
      for (int k = 0; k < list->count && swapped < 20; k++)
        if (!kz_move_equal (&list->moves[k], &line.moves[0]))
          {
            KzPuzzleLine other = line;
            other.moves[0] = list->moves[k];
            KzPosition after = line.start;
            kz_position_make_move (&after, &other.moves[0]);
            if (line.n_plies == 1 && kz_position_outcome (&after).winner == line.start.side)
              continue;   /* another game-ending move is right at the last move */
            g_assert_false (kz_puzzle_verify (prover, &other, why, sizeof why));
            swapped++;
            break;
          }
    }
  g_assert_cmpuint (swapped, ==, 20);
  g_assert_cmpuint (cut, ==, 20);
  kz_prover_free (prover);
}

/* The prover without the tables agrees with the tables (checked in
 * test-egtb.c against a solver of their own) on random positions of 3
 * and 4 pieces: the same shortest win up to 7 plies, or none. */
static void
test_prover_against_tables (void)
{
  if (!tables_loaded ())
    {
      g_test_skip ("KAZAKI_EGTB is not set (the build's tables)");
      return;
    }
  KzProver *prover = kz_prover_new (8);
  kz_prover_set_use_tables (prover, FALSE);
  g_autoptr(GRand) rand = g_rand_new_with_seed (29);
  int compared = 0, won = 0;
  while (compared < 300)
    {
      KzPosition pos;
      kz_position_init_empty (&pos);
      int n = g_rand_int_range (rand, 3, 5);
      for (int k = 0; k < n; k++)
        {
          int sq;
          do
            sq = g_rand_int_range (rand, 0, KZ_GRID_SIZE);
          while (!kz_point_valid (sq) || kz_position_piece_at (&pos, sq) >= 0
                 || sq == KZ_CENTRE_COSSACKS || sq == KZ_CENTRE_TURKS);
          kz_position_put (&pos, k < 2 ? k : g_rand_int_range (rand, 0, 2), sq, true);
        }
      if (g_rand_boolean (rand))
        {
          pos.side = KZ_TURKS;
          pos.hash = kz_position_compute_hash (&pos);
        }
      if (kz_position_outcome (&pos).winner >= 0)
        continue;
      int table_d = 0, proof_d = 0;
      KzEgtbResult r = kz_egtb_probe (&pos, &table_d);
      g_assert_cmpint (r, !=, KZ_EGTB_NONE);
      KzProofResult pr = kz_prove_win_distance (prover, &pos, 7, &proof_d);
      g_assert_cmpint (pr, !=, KZ_PROOF_UNKNOWN);
      if (r == KZ_EGTB_WIN && table_d <= 7)
        {
          g_assert_cmpint (pr, ==, KZ_PROOF_YES);
          g_assert_cmpint (proof_d, ==, table_d);
          won++;
        }
      else
        g_assert_cmpint (pr, ==, KZ_PROOF_NO);
      compared++;
    }
  g_test_message ("%d positions compared, %d won within 7 plies", compared, won);
  g_assert_cmpint (won, >=, 20);
  kz_prover_free (prover);
}

/* ---- attempts ---- */

static KzPuzzle *
first_with (GPtrArray *puzzles, guint min_plies)
{
  for (guint i = 0; i < puzzles->len; i++)
    if (kz_puzzle_get_n_plies (puzzles->pdata[i]) >= min_plies)
      return puzzles->pdata[i];
  g_assert_not_reached ();
  return NULL;
}

static void
test_judge (void)
{
  g_autoptr(GPtrArray) puzzles = builtin ();
  KzPuzzle *p = first_with (puzzles, 5);
  const char *const *sol = kz_puzzle_get_solution (p);
  guint n = kz_puzzle_get_n_plies (p);
  g_autoptr(GPtrArray) mine = g_ptr_array_new ();
  for (guint i = 0; i < n; i += 2)
    g_ptr_array_add (mine, (gpointer) sol[i]);
  KzPuzzleVerdict v;
  g_autoptr(GError) error = NULL;
  char *reason = NULL;

  g_assert_true (kz_puzzle_judge_attempt (p, (const char *const *) mine->pdata, mine->len, &v,
                                          &reason, &error));
  g_assert_cmpint (v, ==, KZ_PUZZLE_SOLVED);
  g_assert_null (reason);

  /* stopping early fails */
  g_assert_true (kz_puzzle_judge_attempt (p, (const char *const *) mine->pdata, 1, &v, &reason,
                                          &error));
  g_assert_cmpint (v, ==, KZ_PUZZLE_WRONG);
  g_assert_nonnull (strstr (reason, "goes on"));
  g_clear_pointer (&reason, g_free);

  /* another legal first move fails, naming it */
  KzPosition pos;
  kz_puzzle_get_position (p, &pos);
  KzMoveList list;
  kz_generate_moves (&pos, &list);
  char other[KZ_MOVE_STR_MAX] = "";
  for (int k = 0; k < list.count; k++)
    if (!kz_move_equal (&list.moves[k], &kz_puzzle_get_moves (p)[0]))
      {
        kz_move_format (&list.moves[k], other, sizeof other);
        break;
      }
  g_assert_cmpstr (other, !=, "");
  const char *wrong[] = { other };
  g_assert_true (kz_puzzle_judge_attempt (p, wrong, 1, &v, &reason, &error));
  g_assert_cmpint (v, ==, KZ_PUZZLE_WRONG);
  g_assert_nonnull (strstr (reason, other));
  g_assert_nonnull (strstr (reason, "does not win"));
  /* counted in the solver's moves, the unit of the task, not in plies */
  g_autofree char *within = g_strdup_printf ("within %u move", (kz_puzzle_get_n_plies (p) + 1) / 2);
  g_assert_nonnull (strstr (reason, within));
  g_assert_null (strstr (reason, "pl"));
  g_clear_pointer (&reason, g_free);

  /* an illegal move fails with the engine's reason */
  const char *illegal[] = { "a1-e9" };
  g_assert_true (kz_puzzle_judge_attempt (p, illegal, 1, &v, &reason, &error));
  g_assert_cmpint (v, ==, KZ_PUZZLE_WRONG);
  g_assert_nonnull (strstr (reason, "not legal"));
  g_clear_pointer (&reason, g_free);

  /* more moves than the puzzle takes is an error, not an attempt */
  g_ptr_array_add (mine, (gpointer) sol[0]);
  g_assert_false (kz_puzzle_judge_attempt (p, (const char *const *) mine->pdata, mine->len, &v,
                                           &reason, &error));
  g_assert_error (error, KZ_PUZZLE_ERROR, KZ_PUZZLE_ERROR_TOO_MANY);
}

/* At the last move any move that ends the game is right. */
static void
test_judge_last_move (void)
{
  g_autoptr(GPtrArray) puzzles = builtin ();
  guint found = 0;
  for (guint i = 0; i < puzzles->len && found < 5; i++)
    {
      KzPuzzle *p = puzzles->pdata[i];
      guint n = kz_puzzle_get_n_plies (p);
      KzPosition pos;
      kz_puzzle_get_position (p, &pos);
      for (guint k = 0; k + 1 < n; k++)
        kz_position_make_move (&pos, &kz_puzzle_get_moves (p)[k]);
      KzMoveList list;
      kz_generate_moves (&pos, &list);
      for (int k = 0; k < list.count; k++)
        {
          KzPosition after = pos;
          kz_position_make_move (&after, &list.moves[k]);
          gboolean ends = kz_position_outcome (&after).winner == (int) pos.side;
          char text[KZ_MOVE_STR_MAX];
          kz_move_format (&list.moves[k], text, sizeof text);
          g_autofree char *reason = NULL;
          KzPuzzleVerdict v = kz_puzzle_judge_move (p, n - 1, &pos, text, &reason);
          g_assert_cmpint (v, ==, ends ? KZ_PUZZLE_SOLVED : KZ_PUZZLE_WRONG);
          if (ends && !kz_move_equal (&list.moves[k], &kz_puzzle_get_moves (p)[n - 1]))
            found++;
        }
    }
  g_assert_cmpuint (found, >=, 1);
}

/* ---- the file ---- */

static void
test_parse_errors (void)
{
  static const struct { const char *text; const char *expect; } cases[] = {
    { "abc\t5/3/5/5/5/5/5/3/5 c home home\tc4-c5\tchain\t1000\n", "position" },
    { "# c\nab\tonly three\tfields\n", "line 2" },
    { "AB\t" KZ_START_KPN "\tc4-c5\t\t1000\n", "id" },
    { "ab\t" KZ_START_KPN "\tc4-c5 c6-c5\t\t1000\n", "odd number" },
    { "ab\t" KZ_START_KPN "\tc4-c6\t\t1000\n", "move 1" },
    { "ab\t" KZ_START_KPN "\tc4-c5\t\t1000\n", "does not end in a win" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) p = kz_puzzles_parse (cases[i].text, strlen (cases[i].text), "x.tsv",
                                                 &error);
      g_assert_null (p);
      g_assert_error (error, KZ_PUZZLE_ERROR, KZ_PUZZLE_ERROR_PARSE);
      g_assert_nonnull (strstr (error->message, "x.tsv"));
      if (!strstr (error->message, cases[i].expect))
        g_error ("case %u: \"%s\" does not say \"%s\"", i, error->message, cases[i].expect);
    }
  /* a good line, and an unknown id */
  g_autoptr(GPtrArray) puzzles = builtin ();
  KzPuzzle *p = puzzles->pdata[0];
  g_autofree char *sol = g_strjoinv (" ", (char **) kz_puzzle_get_solution (p));
  g_autofree char *text = g_strdup_printf ("# x\n%s\t%s\t%s\t\t1234\n", kz_puzzle_get_id (p),
                                           kz_puzzle_get_kpn (p), sol);
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) one = kz_puzzles_parse (text, strlen (text), "y.tsv", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (one->len, ==, 1);
  g_assert_cmpint (kz_puzzle_get_rating (one->pdata[0]), ==, 1234);
  g_assert_null (kz_puzzles_find (one, "nosuch", &error));
  g_assert_error (error, KZ_PUZZLE_ERROR, KZ_PUZZLE_ERROR_UNKNOWN);
}

/* ---- the database ---- */

static char *
temp_db (const char *name)
{
  g_autofree char *dir = g_dir_make_tmp ("kz-puzzle-XXXXXX", NULL);
  return g_build_filename (dir, name, NULL);
}

static void
test_store (void)
{
  g_autofree char *path = temp_db ("games.db");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) puzzles = builtin ();
  KzPuzzle *p = puzzles->pdata[0];
  {
    g_autoptr(KzStore) store = kz_store_open (path, &error);
    g_assert_no_error (error);
    KzGlicko r;
    g_assert_true (kz_store_get_puzzle_rating (store, &r, &error));
    g_assert_cmpfloat (r.rating, ==, 1500);
    KzGlicko after1, after2;
    g_assert_true (kz_store_add_puzzle_attempt (store, p, 12345, TRUE, &after1, &error));
    g_assert_cmpfloat (after1.rating, >, 1500);
    g_assert_true (kz_store_add_puzzle_attempt (store, p, 200, FALSE, &after2, &error));
    g_assert_cmpfloat (after2.rating, <, after1.rating);
    g_assert_true (kz_store_get_puzzle_rating (store, &r, &error));
    g_assert_cmpfloat (r.rating, ==, after2.rating);
    g_assert_cmpfloat (r.deviation, ==, after2.deviation);
  }
  /* reopened: the rating and the attempts, newest first */
  g_autoptr(KzStore) store = kz_store_open (path, &error);
  g_assert_no_error (error);
  g_autoptr(GPtrArray) list = kz_store_list_puzzle_attempts (store, 0, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 2);
  KzPuzzleAttempt *newest = list->pdata[0], *oldest = list->pdata[1];
  g_assert_false (newest->solved);
  g_assert_true (oldest->solved);
  g_assert_cmpint (oldest->time_ms, ==, 12345);
  g_assert_cmpstr (oldest->puzzle, ==, kz_puzzle_get_id (p));
  g_assert_cmpint (oldest->puzzle_rating, ==, kz_puzzle_get_rating (p));
  g_assert_cmpfloat (oldest->after.rating, >, newest->after.rating);
  KzGlicko r;
  g_assert_true (kz_store_get_puzzle_rating (store, &r, &error));
  g_assert_cmpfloat (r.rating, ==, newest->after.rating);
  g_autoptr(GPtrArray) one = kz_store_list_puzzle_attempts (store, 1, &error);
  g_assert_cmpuint (one->len, ==, 1);
  g_clear_object (&store);
  remove_database (path);
}

/* A database of schema 9 (before the puzzles) keeps its game and gets
 * the new tables. */
static void
test_migration (void)
{
  g_autofree char *path = temp_db ("old.db");
  old_schema_write_game (path, 9, 2);
  g_autoptr(GError) error = NULL;
  g_autoptr(KzStore) store = kz_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (old_schema_version_of (store), ==, KZ_STORE_SCHEMA_VERSION);
  KzGlicko r;
  g_assert_true (kz_store_get_puzzle_rating (store, &r, &error));
  g_assert_cmpfloat (r.rating, ==, 1500);
  g_autoptr(GPtrArray) puzzles = builtin ();
  g_assert_true (kz_store_add_puzzle_attempt (store, puzzles->pdata[1], 0, TRUE, NULL, &error));
  g_assert_no_error (error);
  g_autoptr(KzGame) game = kz_store_load_game (store, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kz_game_get_ply (game), ==, 2);
  g_clear_object (&store);
  remove_database (path);
}

/* A newcomer is offered easy puzzles: the target is below the rating by
 * the deviation, and closes in on it as the deviation shrinks. */
static void
test_target_rating (void)
{
  g_assert_cmpfloat_with_epsilon (kz_puzzle_target_rating (1500, 350), 1150, 1e-9);
  g_assert_cmpfloat_with_epsilon (kz_puzzle_target_rating (1800, 60), 1740, 1e-9);
  g_assert_cmpfloat (kz_puzzle_target_rating (1500, 350), <, kz_puzzle_target_rating (1500, 200));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/puzzle/target-rating", test_target_rating);
  g_test_add_func ("/puzzle/glicko/example", test_glicko_example);
  g_test_add_func ("/puzzle/glicko/no-games", test_glicko_no_games);
  g_test_add_func ("/puzzle/glicko/trainer", test_glicko_trainer);
  g_test_add_func ("/puzzle/builtin/counts", test_builtin_counts);
  g_test_add_func ("/puzzle/builtin/proven", test_builtin_proven);
  g_test_add_func ("/puzzle/builtin/plain-search", test_builtin_plain);
  g_test_add_func ("/puzzle/verify/refuses", test_verify_refuses);
  g_test_add_func ("/puzzle/prover/tables", test_prover_against_tables);
  g_test_add_func ("/puzzle/judge/attempt", test_judge);
  g_test_add_func ("/puzzle/judge/last-move", test_judge_last_move);
  g_test_add_func ("/puzzle/file/errors", test_parse_errors);
  g_test_add_func ("/puzzle/store/attempts", test_store);
  g_test_add_func ("/puzzle/store/migration", test_migration);
  return g_test_run ();
}
