/* bench-model.c — timings of the game model and database:
 *   1. recording one move (KzGame attached to KzStore, synchronous=FULL):
 *      p50 and p99 over ≥ 1000 moves;
 *   2. listing the first page (50 rows) of a 100,000-game database, and
 *      counting it, with and without a player filter; opening it;
 *   3. loading a 300-ply game;
 *   4. importing a 10,000-game KGN file;
 *   5. importing and showing a 100,000-ply game, parsing 20,000 tags
 *      (issue 15: linear costs);
 *   6. the move list's rows of an annotated game (issue 12): a 300-ply
 *      game with a comment on every tenth move and a 10-move variation
 *      at every third ply (up to 1,000 variation nodes), filled 50 times;
 *   7. files from the attack of issue 25: 100,000 comments "{c}" after
 *      one move (400 KB), 80,000 sibling variations of one move (880 KB):
 *      import, then load and show (load, export) from the database.
 * Usage: bench-model [--dir DIR] (default: a new directory in $TMPDIR,
 * removed afterwards).  The database lives on DIR's file system.
 * --only record|library|load|import|linear|rows|hostile runs one section.
 * bench-model --kgn FILE [--copies K] only writes the 10,000-game file
 * (K times, each copy with its own Event, so none is a duplicate) for
 * measuring the import's peak memory (bench/run-benchmarks memory).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "kz-game.h"
#include "kz-kgn.h"
#include "kz-move-row.h"
#include "kz-store.h"
#include "kz-store-private.h"
#include "../tests/long-game.h"

static double
now_ms (void)
{
  return (double) g_get_monotonic_time () / 1000.0;
}

static int
cmp_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static double
percentile (double *v, guint n, double p)
{
  qsort (v, n, sizeof *v, cmp_double);
  guint i = (guint) (p * (n - 1) + 0.5);
  return v[MIN (i, n - 1)];
}

static void
die (const char *what, GError *error)
{
  fprintf (stderr, "bench-model: %s: %s\n", what, error ? error->message : "failed");
  exit (1);
}

static KzStore *
open_store (const char *dir, const char *name)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  GError *error = NULL;
  KzStore *store = kz_store_open (path, &error);
  if (store == NULL)
    die ("open", error);
  return store;
}

static const KzMove *
random_move (KzGame *game, GRand *rand, GArray **keep)
{
  g_clear_pointer (keep, g_array_unref);
  *keep = kz_game_list_moves (game, KZ_NO_POINT);
  return &g_array_index (*keep, KzMove, g_rand_int_range (rand, 0, (gint) (*keep)->len));
}

static void
bench_record (const char *dir)
{
  g_autoptr (KzStore) store = open_store (dir, "record.db");
  g_autoptr (GRand) rand = g_rand_new_with_seed (1);
  const guint n = 2000;
  double *t = g_new (double, n);
  guint done = 0;
  GArray *keep = NULL;
  while (done < n)
    {
      g_autoptr (KzGame) game = kz_game_new ();
      GError *error = NULL;
      if (kz_store_create_game (store, game, &error) == 0)
        die ("create", error);
      while (done < n && !kz_game_is_over (game) && kz_game_get_ply (game) < 300)
        {
          const KzMove *m = random_move (game, rand, &keep);
          double t0 = now_ms ();
          if (!kz_game_play (game, m, &error))
            die ("play", error);
          t[done++] = now_ms () - t0;
        }
    }
  g_clear_pointer (&keep, g_array_unref);
  double sum = 0;
  for (guint i = 0; i < n; i++)
    sum += t[i];
  double mean = sum / n;
  double p50 = percentile (t, n, 0.50), p99 = percentile (t, n, 0.99), max = t[n - 1];
  printf ("record move: p50 %.3f ms, p99 %.3f ms, mean %.3f ms, max %.3f ms over %u moves "
          "(each its own transaction, synchronous=FULL)\n", p50, p99, mean, max, n);
  g_free (t);
}

static void
bench_library (const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "library.db", NULL);
  const guint n_games = 100000;
  {
    g_autoptr (KzStore) store = open_store (dir, "library.db");
    sqlite3 *db = kz_store_get_db (store);
    double t0 = now_ms ();
    static const char *const names[] = { "Ivan", "Petro", "Ostap", "Taras", "Mehmed", "Selim",
                                         "Computer", "Sirko", "Bohdan", "Murad" };
    sqlite3_exec (db, "BEGIN", NULL, NULL, NULL);
    sqlite3_stmt *s;
    sqlite3_prepare_v2 (db,
      "INSERT INTO games (cossacks, turks, turks_kind, turks_level, start_kpn, start_time, "
      "end_time, result, termination, plies, final_kpn) VALUES (?1, ?2, 1, 3, ?3, ?4, ?5, ?6, ?7, ?8, ?3)",
      -1, &s, NULL);
    for (guint i = 0; i < n_games; i++)
      {
        g_autofree char *who = g_strdup_printf ("%s %u", names[i % 10], i % 977);
        sqlite3_bind_text (s, 1, who, -1, SQLITE_TRANSIENT);
        sqlite3_bind_text (s, 2, names[(i * 7 + 3) % 10], -1, SQLITE_STATIC);
        sqlite3_bind_text (s, 3, KZ_START_KPN, -1, SQLITE_STATIC);
        sqlite3_bind_int64 (s, 4, 1600000000 + (gint64) i * 600);
        int result = i % 4;
        sqlite3_bind_int64 (s, 5, 1600000000 + (gint64) i * 600 + 300);
        sqlite3_bind_int (s, 6, result);
        sqlite3_bind_int (s, 7, result == 0 ? 0 : result == 3 ? 5 : 1 + (int) (i % 3));
        sqlite3_bind_int (s, 8, (int) (i % 200));
        if (sqlite3_step (s) != SQLITE_DONE)
          die ("generate", NULL);
        sqlite3_reset (s);
      }
    sqlite3_finalize (s);
    sqlite3_exec (db, "COMMIT", NULL, NULL, NULL);
    printf ("generate 100,000 games by SQL in one transaction: %.0f ms\n", now_ms () - t0);
  }
  double t0 = now_ms ();
  g_autoptr (KzStore) store = open_store (dir, "library.db");
  GStatBuf st;
  g_stat (path, &st);
  printf ("open the 100,000-game database (%.1f MB, with its quick_check): %.1f ms\n",
          (double) st.st_size / 1e6, now_ms () - t0);
  GError *error = NULL;
  for (int pass = 0; pass < 2; pass++)
    {
      KzGameFilter filter = { pass ? "sirko" : NULL, FALSE, 0 };
      t0 = now_ms ();
      g_autoptr (GPtrArray) page = kz_store_list_games (store, &filter, 0, 50, &error);
      double t_page = now_ms () - t0;
      if (page == NULL || page->len != 50)
        die ("list", error);
      t0 = now_ms ();
      guint count = 0;
      if (!kz_store_count_games (store, &filter, &count, &error))
        die ("count", error);
      double t_count = now_ms () - t0;
      t0 = now_ms ();
      g_autoptr (GPtrArray) deep = kz_store_list_games (store, &filter, count / 2, 50, &error);
      double t_deep = now_ms () - t0;
      printf ("library%s: first page of 50 %.2f ms, count (%u) %.2f ms, page at offset %u %.2f ms\n",
              pass ? " filtered by player \"sirko\"" : " (all games)", t_page, count, t_count,
              count / 2, t_deep);
    }
  KzGameFilter wins = { NULL, TRUE, KZ_RESULT_TURKS_WIN };
  t0 = now_ms ();
  g_autoptr (GPtrArray) page = kz_store_list_games (store, &wins, 0, 50, &error);
  printf ("library filtered by result: first page of 50 %.2f ms\n", now_ms () - t0);
}

static void
bench_load (const char *dir)
{
  g_autoptr (KzStore) store = open_store (dir, "load.db");
  gint64 id = 0;
  GArray *keep = NULL;
  /* A random game that reaches 300 plies without ending. */
  for (guint32 seed = 1; id == 0; seed++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
      g_autoptr (KzGame) game = kz_game_new ();
      while (!kz_game_is_over (game) && kz_game_get_ply (game) < 300)
        kz_game_play (game, random_move (game, rand, &keep), NULL);
      if (kz_game_get_ply (game) == 300 && !kz_game_is_over (game))
        {
          GError *error = NULL;
          id = kz_store_create_game (store, game, &error);
          if (id == 0)
            die ("create", error);
        }
    }
  g_clear_pointer (&keep, g_array_unref);
  const guint n = 50;
  double t[50];
  for (guint i = 0; i < n; i++)
    {
      GError *error = NULL;
      double t0 = now_ms ();
      KzGame *game = kz_store_load_game (store, id, &error);
      t[i] = now_ms () - t0;
      if (game == NULL || kz_game_get_ply (game) != 300)
        die ("load", error);
      g_object_unref (game);
    }
  double first = t[0];
  printf ("load a 300-ply game: median %.2f ms, first %.2f ms (%u loads, every move replayed and checked)\n",
          percentile (t, n, 0.5), first, n);
}

/* The 10,000-game KGN text of bench_import (plies: how many moves). */
static char *
make_games_kgn (guint64 *plies_out)
{
  const guint n_games = 10000;
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GRand) rand = g_rand_new_with_seed (5);
  GArray *keep = NULL;
  guint64 plies = 0;
  for (guint i = 0; i < n_games; i++)
    {
      KzGame *game = kz_game_new ();
      kz_game_set_player (game, KZ_COSSACKS, "Ivan", KZ_PLAYER_HUMAN, 0);
      kz_game_set_player (game, KZ_TURKS, "Mehmed", KZ_PLAYER_HUMAN, 0);
      guint cap = (guint) g_rand_int_range (rand, 20, 200);
      while (!kz_game_is_over (game) && kz_game_get_ply (game) < cap)
        kz_game_play (game, random_move (game, rand, &keep), NULL);
      plies += kz_game_get_ply (game);
      g_ptr_array_add (games, game);
    }
  g_clear_pointer (&keep, g_array_unref);
  *plies_out = plies;
  return kz_kgn_export_games (games);
}

static void
bench_import (const char *dir)
{
  const guint n_games = 10000;
  guint64 plies = 0;
  g_autofree char *text = make_games_kgn (&plies);
  g_autofree char *kgn = g_build_filename (dir, "games.kgn", NULL);
  g_file_set_contents (kgn, text, -1, NULL);

  g_autoptr (KzStore) store = open_store (dir, "import.db");
  double t0 = now_ms ();
  g_autofree char *data = NULL;
  gsize len = 0;
  g_file_get_contents (kgn, &data, &len, NULL);
  guint n = 0;
  GError *error = NULL;
  GPtrArray *problems = NULL;
  if (!kz_kgn_import (store, data, (gssize) len, &n, &problems, &error))
    die ("import", error);
  double t = now_ms () - t0;
  if (n != n_games || problems->len != 0)
    die ("import count", NULL);
  g_ptr_array_unref (problems);
  printf ("import a 10,000-game KGN file (%.1f MB, %" G_GUINT64_FORMAT " moves, each game its own transaction): %.2f s\n",
          (double) len / 1e6, plies, t / 1000.0);
  g_clear_object (&store);
  g_autofree char *dbpath = g_build_filename (dir, "import.db", NULL);
  GStatBuf st;
  g_stat (dbpath, &st);
  t0 = now_ms ();
  store = open_store (dir, "import.db");
  printf ("open that database (%.1f MB, includes PRAGMA quick_check): %.1f ms\n",
          (double) st.st_size / 1e6, now_ms () - t0);
}

static void
bench_linear (const char *dir)
{
  g_autofree char *text = long_game_kgn (100000, 1);
  if (text == NULL)
    die ("long game", NULL);
  g_autoptr (KzStore) store = open_store (dir, "long.db");
  double t0 = now_ms ();
  guint n = 0;
  GError *error = NULL;
  if (!kz_kgn_import (store, text, -1, &n, NULL, &error) || n != 1)
    die ("import the long game", error);
  double t_import = now_ms () - t0;
  g_autoptr (GArray) ids = kz_store_list_ids (store, NULL);
  t0 = now_ms ();
  g_autoptr (KzGame) game = kz_store_load_game (store, g_array_index (ids, gint64, 0), &error);
  if (game == NULL)
    die ("load the long game", error);
  g_autofree char *shown = kz_kgn_export_game (game);
  double t_show = now_ms () - t0;
  printf ("a 100,000-ply game (%.1f MB of KGN): import %.2f s, show (load, replay, export) %.2f s\n",
          (double) strlen (text) / 1e6, t_import / 1000.0, t_show / 1000.0);

  GString *tags = g_string_new (NULL);
  for (guint i = 0; i < 20000; i++)
    g_string_append_printf (tags, "[Tag%u \"value %u\"]\n", i, i);
  g_string_append (tags, "\n1. b4-a4 *\n");
  t0 = now_ms ();
  g_autoptr (KzGame) tagged = kz_kgn_parse_game (tags->str, (gssize) tags->len, &error);
  if (tagged == NULL)
    die ("parse 20,000 tags", error);
  printf ("a game with 20,000 tags: parse %.3f s\n", (now_ms () - t0) / 1000.0);
  g_string_free (tags, TRUE);
}

/* --kgn FILE [--copies K] */
static int
write_kgn (const char *path, guint copies)
{
  guint64 plies = 0;
  g_autofree char *text = make_games_kgn (&plies);
  FILE *f = fopen (path, "w");
  if (f == NULL)
    die ("write the KGN file", NULL);
  for (guint k = 0; k < copies; k++)
    {
      g_autofree char *event = g_strdup_printf ("[Event \"Copy %u\"]", k + 1);
      g_auto (GStrv) parts = g_strsplit (text, "[Event \"Casual game\"]", -1);
      g_autofree char *copy = g_strjoinv (event, parts);
      if (k > 0)
        fputc ('\n', f);
      fputs (copy, f);
    }
  fclose (f);
  return 0;
}

static void
bench_rows (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (12);
  g_autoptr (KzGame) game = kz_game_new ();
  g_autoptr (GArray) keep = NULL;
  guint n_var = 0;

  while (kz_game_get_ply (game) < 300 && !kz_game_is_over (game))
    if (!kz_game_play (game, random_move (game, rand, &keep), NULL))
      die ("play", NULL);
  guint plies = kz_game_get_ply (game);
  for (guint ply = 0; ply + 1 < plies; ply += 3)
    {
      KzMoveNode *at = kz_game_get_main_node (game, ply);
      g_autoptr (KzGame) scratch = kz_game_new_from_position (kz_move_node_get_position (at));
      for (guint k = 0; k < 10 && !kz_game_is_over (scratch); k++)
        {
          const KzMove *m = random_move (scratch, rand, &keep);
          KzMoveNode *node = kz_game_add_variation_move (game, at, m, NULL);
          if (node == NULL)
            break;
          if (kz_move_node_is_main_line (node))
            break;       /* the move played: no variation here */
          n_var++;
          kz_game_play (scratch, m, NULL);
          at = node;
        }
      if (ply % 10 == 0)
        kz_game_set_comment (game, kz_game_get_main_node (game, ply + 1), "A comment on this move", NULL);
    }
  g_autoptr (GListStore) store = g_list_store_new (KZ_TYPE_MOVE_ROW);
  double t[50];
  for (guint i = 0; i < G_N_ELEMENTS (t); i++)
    {
      double t0 = now_ms ();
      kz_move_rows_fill (store, game);
      t[i] = now_ms () - t0;
    }
  printf ("move list rows of a %u-ply game with %u variation nodes: %u rows, "
          "fill p50 %.2f ms, max %.2f ms\n", plies, n_var,
          g_list_model_get_n_items (G_LIST_MODEL (store)), percentile (t, G_N_ELEMENTS (t), 0.5),
          percentile (t, G_N_ELEMENTS (t), 1.0));
}

/* Imports `text` (one game) into a new database `name`, then loads and
 * exports it; prints the wall times, and the CPU times (which a machine
 * busy with other work inflates less). */
static void
import_load_show (const char *dir, const char *name, const char *what, const char *text)
{
  g_autoptr (KzStore) store = open_store (dir, name);
  double t0 = now_ms ();
  clock_t c0 = clock ();
  guint n = 0;
  GError *error = NULL;
  if (!kz_kgn_import (store, text, -1, &n, NULL, &error) || n != 1)
    die (what, error);
  double t_import = now_ms () - t0;
  double c_import = (double) (clock () - c0) / CLOCKS_PER_SEC;
  g_autoptr (GArray) ids = kz_store_list_ids (store, NULL);
  t0 = now_ms ();
  c0 = clock ();
  g_autoptr (KzGame) game = kz_store_load_game (store, g_array_index (ids, gint64, 0), &error);
  if (game == NULL)
    die (what, error);
  double t_load = now_ms () - t0;
  double c_load = (double) (clock () - c0) / CLOCKS_PER_SEC;
  g_autofree char *shown = kz_kgn_export_game (game);
  double t_show = now_ms () - t0;
  double c_show = (double) (clock () - c0) / CLOCKS_PER_SEC;
  printf ("%s (%.0f KB of KGN): import %.3f s, load %.3f s, show (load, export) %.3f s; "
          "CPU %.3f s, %.3f s, %.3f s\n", what, (double) strlen (text) / 1e3, t_import / 1000.0,
          t_load / 1000.0, t_show / 1000.0, c_import, c_load, c_show);
}

static void
bench_hostile (const char *dir)
{
  GString *text = g_string_new ("1. b4-a4");
  for (guint i = 0; i < 100000; i++)
    g_string_append (text, " {c}");
  g_string_append (text, " *\n");
  import_load_show (dir, "comments.db", "100,000 comments after one move", text->str);

  g_string_assign (text, "1. b4-a4");
  for (guint i = 0; i < 80000; i++)
    g_string_append (text, " (1. b4-a4)");
  g_string_append (text, " *\n");
  import_load_show (dir, "siblings.db", "80,000 sibling variations of one move", text->str);
  g_string_free (text, TRUE);
}

static void
remove_dir (const char *dir)
{
  GDir *d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *p = g_build_filename (dir, name, NULL);
      g_unlink (p);
    }
  if (d)
    g_dir_close (d);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  const char *dir_arg = NULL, *kgn_arg = NULL, *only = NULL;
  guint copies = 1;
  for (int i = 1; i < argc; i++)
    if (strcmp (argv[i], "--dir") == 0 && i + 1 < argc)
      dir_arg = argv[++i];
    else if (strcmp (argv[i], "--only") == 0 && i + 1 < argc)
      only = argv[++i];
    else if (strcmp (argv[i], "--kgn") == 0 && i + 1 < argc)
      kgn_arg = argv[++i];
    else if (strcmp (argv[i], "--copies") == 0 && i + 1 < argc)
      {
        int k = atoi (argv[++i]);
        copies = (guint) MAX (1, k);
      }
  if (kgn_arg)
    return write_kgn (kgn_arg, copies);
  g_autofree char *dir = NULL;
  if (dir_arg)
    {
      g_mkdir_with_parents (dir_arg, 0700);
      dir = g_build_filename (dir_arg, "kazaki-bench-XXXXXX", NULL);
      if (g_mkdtemp (dir) == NULL)
        g_clear_pointer (&dir, g_free);
    }
  else
    dir = g_dir_make_tmp ("kazaki-bench-XXXXXX", NULL);
  if (dir == NULL)
    die ("temporary directory", NULL);
  printf ("database directory: %s\n", dir);
#define WANT(name) (only == NULL || strcmp (only, name) == 0)
  if (WANT ("record"))
    bench_record (dir);
  if (WANT ("library"))
    bench_library (dir);
  if (WANT ("load"))
    bench_load (dir);
  if (WANT ("import"))
    bench_import (dir);
  if (WANT ("linear"))
    bench_linear (dir);
  if (WANT ("rows"))
    bench_rows ();
  if (WANT ("hostile"))
    bench_hostile (dir);
  remove_dir (dir);
  return 0;
}
