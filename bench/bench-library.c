/* bench-library.c — how fast the game library opens and a game opens for
 * replay, on a database of 100,000 games.
 *
 * Usage: bench-library [DB] — DB defaults to /tmp/kazaki-bench-100k.db;
 * when it does not exist it is made first: 200 random games (uniformly
 * random legal moves, at most 100 plies, like `kazaki-cli selfplay
 * --max-plies 100`) copied into 100,000 rows with their moves, by direct
 * SQL in one transaction.
 *
 * Times the model-level operations the UI performs:
 *   store:   kz_store_open (once, when the application starts);
 *   open:    kz_game_list_model_new (the count) + the first page of rows
 *            the list shows (items 0..49), over the open store;
 *   scroll:  a far page (item 99,950);
 *   search:  a player-name filter (count + first page);
 *   replay:  kz_store_load_game (every move validated) + kz_replay_new +
 *            the step into the last ply.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "kz-game-list-model.h"
#include "kz-replay.h"
#include "kz-store-private.h"
#include "kz-store.h"

#define N_GAMES   100000
#define N_SOURCES 200
#define MAX_PLIES 100
#define BASE_TIME G_GINT64_CONSTANT (1600000000)

static const char *const names[] = { "Ivan", "Computer", "Olena", "Mehmed", "Taras",
                                     "Selim", "Bohdan", "Random" };

static void
die (const char *what, const GError *error)
{
  fprintf (stderr, "bench-library: %s: %s\n", what, error ? error->message : "failed");
  exit (1);
}

static void
sql_ok (int rc, sqlite3 *db)
{
  if (rc != SQLITE_OK && rc != SQLITE_DONE)
    {
      fprintf (stderr, "bench-library: SQL: %s\n", sqlite3_errmsg (db));
      exit (1);
    }
}

static void
make_database (const char *path)
{
  g_autoptr (GError) error = NULL;
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (KzStore) store = kz_store_open (path, &error);
  if (store == NULL)
    die (path, error);
  sqlite3 *db = kz_store_get_db (store);

  g_autoptr (GRand) rand = g_rand_new_with_seed (2026);
  g_autoptr (GPtrArray) sources = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < N_SOURCES; i++)
    {
      KzGame *game = kz_game_new ();
      for (guint p = 0; p < MAX_PLIES && !kz_game_is_over (game); p++)
        {
          g_autoptr (GArray) moves = kz_game_list_moves (game, KZ_NO_POINT);
          if (moves->len == 0)
            break;
          if (!kz_game_play (game, &g_array_index (moves, KzMove,
                                                   g_rand_int_range (rand, 0, moves->len)),
                             &error))
            die ("random game", error);
        }
      g_ptr_array_add (sources, game);
    }

  sql_ok (sqlite3_exec (db, "BEGIN", NULL, NULL, NULL), db);
  sqlite3_stmt *g = NULL, *m = NULL;
  sql_ok (sqlite3_prepare_v2 (db,
    "INSERT INTO games (id, cossacks, turks, cossacks_kind, turks_kind, start_kpn, "
    "start_time, end_time, result, termination, plies, final_kpn) "
    "VALUES (?1, ?2, ?3, 0, 0, ?4, ?5, ?6, ?7, ?8, ?9, ?10)", -1, &g, NULL), db);
  sql_ok (sqlite3_prepare_v2 (db,
    "INSERT INTO moves (game_id, ply, move, played_at) VALUES (?1, ?2, ?3, ?4)",
    -1, &m, NULL), db);
  guint64 n_moves = 0;
  for (gint64 id = 1; id <= N_GAMES; id++)
    {
      KzGame *src = g_ptr_array_index (sources, id % N_SOURCES);
      guint plies = kz_game_get_ply (src);
      gint64 start = BASE_TIME + id * 600;
      g_autofree char *start_kpn = kz_game_dup_kpn_at (src, 0);
      g_autofree char *final_kpn = kz_game_dup_kpn_at (src, plies);
      sqlite3_bind_int64 (g, 1, id);
      sqlite3_bind_text (g, 2, names[id % G_N_ELEMENTS (names)], -1, SQLITE_STATIC);
      sqlite3_bind_text (g, 3, names[(id / 8 + 3) % G_N_ELEMENTS (names)], -1, SQLITE_STATIC);
      sqlite3_bind_text (g, 4, start_kpn, -1, SQLITE_STATIC);
      sqlite3_bind_int64 (g, 5, start);
      if (kz_game_is_over (src))
        sqlite3_bind_int64 (g, 6, start + plies * 5);
      else
        sqlite3_bind_null (g, 6);
      sqlite3_bind_int (g, 7, kz_game_get_result (src));
      sqlite3_bind_int (g, 8, kz_game_get_termination (src));
      sqlite3_bind_int (g, 9, plies);
      sqlite3_bind_text (g, 10, final_kpn, -1, SQLITE_STATIC);
      sql_ok (sqlite3_step (g), db);
      sqlite3_reset (g);
      for (guint p = 0; p < plies; p++)
        {
          sqlite3_bind_int64 (m, 1, id);
          sqlite3_bind_int (m, 2, p + 1);
          sqlite3_bind_text (m, 3, kz_game_get_move_text (src, p), -1, SQLITE_STATIC);
          sqlite3_bind_int64 (m, 4, (start + p * 5) * 1000);
          sql_ok (sqlite3_step (m), db);
          sqlite3_reset (m);
          n_moves++;
        }
    }
  sqlite3_finalize (g);
  sqlite3_finalize (m);
  sql_ok (sqlite3_exec (db, "COMMIT", NULL, NULL, NULL), db);
  printf ("made %s: %d games, %" G_GUINT64_FORMAT " moves in %.1f s\n", path, N_GAMES,
          n_moves, (g_get_monotonic_time () - t0) / 1e6);
}

static double
ms_since (gint64 t0)
{
  return (g_get_monotonic_time () - t0) / 1000.0;
}

/* Opens the store as the application does at start-up. */
static double
bench_store_open (const char *path)
{
  g_autoptr (GError) error = NULL;
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (KzStore) store = kz_store_open (path, &error);
  if (store == NULL)
    die (path, error);
  return ms_since (t0);
}

/* Opens the library as the window does (over the application's open
 * store); returns the milliseconds. */
static double
bench_open (KzStore *store, guint *n_items)
{
  g_autoptr (GError) error = NULL;
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (KzGameListModel) model = kz_game_list_model_new (store, &error);
  if (model == NULL)
    die ("count", error);
  for (guint i = 0; i < 50; i++)
    {
      g_autoptr (KzGameItem) item = g_list_model_get_item (G_LIST_MODEL (model), i);
      if (item == NULL)
        die ("first page", NULL);
    }
  double ms = ms_since (t0);
  *n_items = g_list_model_get_n_items (G_LIST_MODEL (model));
  return ms;
}

static double
bench_replay (KzStore *store, gint64 id, guint *plies)
{
  g_autoptr (GError) error = NULL;
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (KzGame) game = kz_store_load_game (store, id, &error);
  if (game == NULL)
    die ("load", error);
  g_autoptr (KzReplay) replay = kz_replay_new (game, 0);
  kz_replay_last (replay);
  KzReplayStep step;
  kz_replay_get_step (replay, &step);
  g_autofree char *kpn = kz_replay_dup_kpn (replay);
  double ms = ms_since (t0);
  *plies = kz_replay_get_n_plies (replay);
  return ms;
}

int
main (int argc, char *argv[])
{
  const char *path = argc > 1 ? argv[1] : "/tmp/kazaki-bench-100k.db";
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    make_database (path);

  double store_ms = bench_store_open (path);
  printf ("store open (kz_store_open): %.2f ms\n", store_ms);

  g_autoptr (GError) error = NULL;
  g_autoptr (KzStore) store = kz_store_open (path, &error);
  if (store == NULL)
    die (path, error);
  guint n = 0;
  double first = bench_open (store, &n);
  double best = first;
  for (int i = 0; i < 4; i++)
    best = MIN (best, bench_open (store, &n));
  printf ("library open (count + first 50 rows) of %u games: first %.2f ms, best %.2f ms\n",
          n, first, best);

  g_autoptr (KzGameListModel) model = kz_game_list_model_new (store, &error);
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (KzGameItem) far = g_list_model_get_item (G_LIST_MODEL (model), n - 50);
  printf ("far page (item %u): %.2f ms\n", n - 50, ms_since (t0));

  t0 = g_get_monotonic_time ();
  kz_game_list_model_set_filter (model, "olena", FALSE, KZ_RESULT_NONE, &error);
  g_autoptr (KzGameItem) hit = g_list_model_get_item (G_LIST_MODEL (model), 0);
  printf ("search by player (count + first page, %u matches): %.2f ms\n",
          g_list_model_get_n_items (G_LIST_MODEL (model)), ms_since (t0));

  t0 = g_get_monotonic_time ();
  kz_game_list_model_set_filter (model, NULL, TRUE, KZ_RESULT_TURKS_WIN, &error);
  g_autoptr (KzGameItem) hit2 = g_list_model_get_item (G_LIST_MODEL (model), 0);
  printf ("filter by result (count + first page, %u matches): %.2f ms\n",
          g_list_model_get_n_items (G_LIST_MODEL (model)), ms_since (t0));

  gint64 ids[] = { n, n / 2, 1 };
  double worst = 0;
  for (guint i = 0; i < G_N_ELEMENTS (ids); i++)
    {
      guint plies = 0;
      double ms = bench_replay (store, ids[i], &plies);
      double again = bench_replay (store, ids[i], &plies);
      worst = MAX (worst, MAX (ms, again));
      printf ("open game %" G_GINT64_FORMAT " for replay (%u plies): %.2f ms, again %.2f ms\n",
              ids[i], plies, ms, again);
    }
  printf ("open for replay: worst %.2f ms\n", worst);
  return 0;
}
