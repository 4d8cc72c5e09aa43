/* test-library.c — the game library (KzGameListModel), the replay model
 * (KzReplay, continue from here) and KGN import with a bad game.
 * Links the model only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <locale.h>
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>
#include <glib/gi18n-lib.h>

#include "kz-game-item.h"
#include "kz-game-list-model.h"
#include "kz-kgn.h"
#include "kz-replay.h"
#include "kz-store-private.h"
#include "kz-store.h"
#include "remove-files.h"

#define N_GAMES 10000
#define BASE_TIME G_GINT64_CONSTANT (1700000000)

static const char *const names[] = { "Ivan", "Computer", "Olena", "Mehmed", "Taras",
                                     "Selim", "Bohdan" };

/* Game i (1-based id) of the generated library. */
static const char *
gen_cossacks (guint i) { return names[i % 7]; }
static const char *
gen_turks (guint i) { return names[(i / 7 + 3) % 7]; }
static KzResult
gen_result (guint i) { return (KzResult) (i % 4); }

typedef struct {
  char    *dir;
  char    *path;
  KzStore *store;
} Fixture;

/* A database of N_GAMES games, made with direct SQL in one transaction.
 * Game i starts at BASE_TIME + i, so newest first is id N_GAMES … 1. */
static void
big_setup (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  f->dir = g_dir_make_tmp ("kazaki-library-XXXXXX", &error);
  g_assert_no_error (error);
  f->path = g_build_filename (f->dir, "games.db", NULL);
  f->store = kz_store_open (f->path, &error);
  g_assert_no_error (error);
  if (GPOINTER_TO_INT (data) == 0)
    return;

  sqlite3 *db = kz_store_get_db (f->store);
  g_assert_cmpint (sqlite3_exec (db, "BEGIN", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_stmt *s = NULL;
  g_assert_cmpint (sqlite3_prepare_v2 (db,
    "INSERT INTO games (id, cossacks, turks, start_kpn, start_time, end_time, result, "
    "termination, plies, final_kpn) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 0, ?4)",
    -1, &s, NULL), ==, SQLITE_OK);
  for (guint i = 1; i <= N_GAMES; i++)
    {
      KzResult r = gen_result (i);
      sqlite3_bind_int64 (s, 1, i);
      sqlite3_bind_text (s, 2, gen_cossacks (i), -1, SQLITE_STATIC);
      sqlite3_bind_text (s, 3, gen_turks (i), -1, SQLITE_STATIC);
      sqlite3_bind_text (s, 4, KZ_START_KPN, -1, SQLITE_STATIC);
      sqlite3_bind_int64 (s, 5, BASE_TIME + i);
      if (r == KZ_RESULT_NONE)
        sqlite3_bind_null (s, 6);
      else
        sqlite3_bind_int64 (s, 6, BASE_TIME + i + 60);
      sqlite3_bind_int (s, 7, r);
      sqlite3_bind_int (s, 8, r == KZ_RESULT_NONE ? KZ_TERMINATION_NONE
                              : r == KZ_RESULT_DRAW ? KZ_TERMINATION_AGREEMENT
                              : KZ_TERMINATION_RESIGNATION);
      g_assert_cmpint (sqlite3_step (s), ==, SQLITE_DONE);
      sqlite3_reset (s);
    }
  sqlite3_finalize (s);
  g_assert_cmpint (sqlite3_exec (db, "COMMIT", NULL, NULL, NULL), ==, SQLITE_OK);
}

static void
big_teardown (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->store);
  remove_database (f->path);
  g_rmdir (f->dir);
  g_free (f->path);
  g_free (f->dir);
}

static gint64
id_at (GListModel *model, guint position)
{
  g_autoptr (KzGameItem) item = g_list_model_get_item (model, position);
  g_assert_nonnull (item);
  return kz_game_item_get_id (item);
}

typedef struct {
  guint calls;
  guint position, removed, added;
} Changes;

static void
on_items_changed (GListModel *model, guint position, guint removed, guint added, Changes *c)
{
  c->calls++;
  c->position = position;
  c->removed = removed;
  c->added = added;
}

/* --- the lazy list model ------------------------------------------------ */

static void
test_list_first_page (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGameListModel) model = kz_game_list_model_new (f->store, &error);
  g_assert_no_error (error);
  GListModel *list = G_LIST_MODEL (model);

  /* Opening reads only the count. */
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, N_GAMES);
  g_assert_cmpuint (kz_game_list_model_get_pages_read (model), ==, 0);
  g_assert_true (g_list_model_get_item_type (list) == KZ_TYPE_GAME_ITEM);

  /* The first page: newest first, one read for the whole page. */
  for (guint p = 0; p < KZ_GAME_LIST_MODEL_PAGE_SIZE; p++)
    g_assert_cmpint (id_at (list, p), ==, N_GAMES - p);
  g_assert_cmpuint (kz_game_list_model_get_pages_read (model), ==, 1);

  g_autoptr (KzGameItem) item = g_list_model_get_item (list, 0);
  g_assert_cmpstr (kz_game_item_get_player_name (item, KZ_COSSACKS), ==, gen_cossacks (N_GAMES));
  g_assert_cmpstr (kz_game_item_get_player_name (item, KZ_TURKS), ==, gen_turks (N_GAMES));
  g_assert_cmpint (kz_game_item_get_result (item), ==, gen_result (N_GAMES));
  g_assert_cmpint (kz_game_item_get_start_time (item), ==, BASE_TIME + N_GAMES);
  g_assert_cmpstr (kz_game_item_get_final_kpn (item), ==, KZ_START_KPN);
  gint64 id = 0;
  g_object_get (item, "id", &id, NULL);
  g_assert_cmpint (id, ==, N_GAMES);
  g_autofree char *players = kz_game_item_dup_players_text (item);
  g_assert_nonnull (strstr (players, gen_cossacks (N_GAMES)));
  g_assert_nonnull (strstr (players, gen_turks (N_GAMES)));
}

static void
test_list_far_page (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGameListModel) model = kz_game_list_model_new (f->store, &error);
  g_assert_no_error (error);
  GListModel *list = G_LIST_MODEL (model);

  g_assert_cmpint (id_at (list, 9876), ==, N_GAMES - 9876);
  g_assert_cmpint (id_at (list, N_GAMES - 1), ==, 1);
  g_assert_cmpint (id_at (list, 9800), ==, 200);
  /* 9876, 9999 and 9800 are on pages 98 and 99 only. */
  g_assert_cmpuint (kz_game_list_model_get_pages_read (model), ==, 2);
  g_assert_null (g_list_model_get_item (list, N_GAMES));
  g_assert_null (g_list_model_get_item (list, G_MAXUINT));

  /* The cache is bounded: walking 20 pages and back rereads page 98. */
  for (guint page = 0; page < 20; page++)
    id_at (list, page * KZ_GAME_LIST_MODEL_PAGE_SIZE);
  guint before = kz_game_list_model_get_pages_read (model);
  g_assert_cmpuint (before, ==, 22);
  g_assert_cmpint (id_at (list, 19 * KZ_GAME_LIST_MODEL_PAGE_SIZE + 5), ==,
                   N_GAMES - 19 * KZ_GAME_LIST_MODEL_PAGE_SIZE - 5);
  g_assert_cmpuint (kz_game_list_model_get_pages_read (model), ==, before);
  g_assert_cmpint (id_at (list, 9876), ==, N_GAMES - 9876);
  g_assert_cmpuint (kz_game_list_model_get_pages_read (model), ==, before + 1);
}

static guint
count_expected (const char *player, gboolean by_result, KzResult result, guint *ids)
{
  guint n = 0;
  for (guint i = N_GAMES; i >= 1; i--)
    {
      if (player && g_ascii_strcasecmp (gen_cossacks (i), player) != 0
          && g_ascii_strcasecmp (gen_turks (i), player) != 0)
        continue;
      if (by_result && gen_result (i) != result)
        continue;
      if (ids)
        ids[n] = i;
      n++;
    }
  return n;
}

static void
check_filtered (GListModel *list, const char *player, gboolean by_result, KzResult result)
{
  g_autofree guint *ids = g_new0 (guint, N_GAMES);
  guint n = count_expected (player, by_result, result, ids);
  g_assert_cmpuint (n, >, 0);
  g_assert_cmpuint (n, <, N_GAMES);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, n);
  /* First page, a far page and the last row. */
  guint probes[] = { 0, 1, 99, 100, n / 2, n - 101, n - 1 };
  for (guint k = 0; k < G_N_ELEMENTS (probes); k++)
    {
      g_autoptr (KzGameItem) item = g_list_model_get_item (list, probes[k]);
      g_assert_nonnull (item);
      g_assert_cmpint (kz_game_item_get_id (item), ==, ids[probes[k]]);
      if (by_result)
        g_assert_cmpint (kz_game_item_get_result (item), ==, result);
    }
  g_assert_null (g_list_model_get_item (list, n));
}

static void
test_list_filter (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGameListModel) model = kz_game_list_model_new (f->store, &error);
  g_assert_no_error (error);
  GListModel *list = G_LIST_MODEL (model);
  Changes c = { 0 };
  g_signal_connect (model, "items-changed", G_CALLBACK (on_items_changed), &c);
  id_at (list, 0);

  /* By player name (either side, case-insensitive). */
  g_assert_true (kz_game_list_model_set_filter (model, "olena", FALSE, KZ_RESULT_NONE, &error));
  g_assert_no_error (error);
  guint n = count_expected ("Olena", FALSE, 0, NULL);
  g_assert_cmpuint (c.calls, ==, 1);
  g_assert_cmpuint (c.position, ==, 0);
  g_assert_cmpuint (c.removed, ==, N_GAMES);
  g_assert_cmpuint (c.added, ==, n);
  g_assert_cmpstr (kz_game_list_model_get_player (model), ==, "olena");
  check_filtered (list, "Olena", FALSE, 0);

  /* The same filter again changes nothing. */
  g_assert_true (kz_game_list_model_set_filter (model, "olena", FALSE, KZ_RESULT_NONE, &error));
  g_assert_cmpuint (c.calls, ==, 1);

  /* By result only. */
  g_assert_true (kz_game_list_model_set_filter (model, NULL, TRUE, KZ_RESULT_TURKS_WIN, &error));
  g_assert_cmpuint (c.calls, ==, 2);
  g_assert_cmpuint (c.removed, ==, n);
  g_assert_cmpuint (c.added, ==, N_GAMES / 4);
  check_filtered (list, NULL, TRUE, KZ_RESULT_TURKS_WIN);

  /* Both; the unfinished games are a result too. */
  g_object_set (model, "player", "Taras", NULL);
  check_filtered (list, "Taras", TRUE, KZ_RESULT_TURKS_WIN);
  g_assert_true (kz_game_list_model_set_filter (model, "Taras", TRUE, KZ_RESULT_NONE, &error));
  check_filtered (list, "Taras", TRUE, KZ_RESULT_NONE);

  /* No match: an empty list; a LIKE wildcard is taken literally. */
  g_assert_true (kz_game_list_model_set_filter (model, "%", FALSE, 0, &error));
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 0);
  g_assert_null (g_list_model_get_item (list, 0));

  /* Back to every game. */
  guint calls = c.calls;
  g_assert_true (kz_game_list_model_set_filter (model, "", FALSE, 0, &error));
  g_assert_cmpuint (c.calls, ==, calls + 1);
  g_assert_cmpuint (c.removed, ==, 0);
  g_assert_cmpuint (c.added, ==, N_GAMES);
  g_assert_cmpint (id_at (list, 0), ==, N_GAMES);
}

static void
test_list_hide (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGameListModel) model = kz_game_list_model_new (f->store, &error);
  GListModel *list = G_LIST_MODEL (model);
  Changes c = { 0 };
  g_signal_connect (model, "items-changed", G_CALLBACK (on_items_changed), &c);

  /* Hide rows 5 and 150 (two pages): the rows after them move up. */
  g_assert_cmpint (kz_game_list_model_hide (model, 5), ==, N_GAMES - 5);
  g_assert_cmpuint (c.position, ==, 5);
  g_assert_cmpuint (c.removed, ==, 1);
  g_assert_cmpuint (c.added, ==, 0);
  g_assert_cmpint (kz_game_list_model_hide (model, 149), ==, N_GAMES - 150);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, N_GAMES - 2);
  g_assert_cmpint (id_at (list, 4), ==, N_GAMES - 4);
  g_assert_cmpint (id_at (list, 5), ==, N_GAMES - 6);
  g_assert_cmpint (id_at (list, 148), ==, N_GAMES - 149);
  g_assert_cmpint (id_at (list, 149), ==, N_GAMES - 152 + 1);
  g_assert_cmpint (id_at (list, N_GAMES - 3), ==, 1);
  g_assert_cmpint (kz_game_list_model_hide (model, N_GAMES), ==, 0);

  /* Undo: the row comes back at its place. */
  g_assert_cmpint (kz_game_list_model_show_hidden (model, N_GAMES - 5), ==, 5);
  g_assert_cmpuint (c.position, ==, 5);
  g_assert_cmpuint (c.removed, ==, 0);
  g_assert_cmpuint (c.added, ==, 1);
  g_assert_cmpint (id_at (list, 5), ==, N_GAMES - 5);
  g_assert_cmpint (kz_game_list_model_show_hidden (model, N_GAMES - 5), ==, -1);

  /* The other is really deleted: the visible rows stay where they are. */
  gint64 gone = N_GAMES - 150;
  g_assert_true (kz_store_delete_games (f->store, &gone, 1, &error));
  g_assert_no_error (error);
  guint calls = c.calls;
  kz_game_list_model_forget_hidden (model, gone);
  g_assert_cmpuint (c.calls, ==, calls);
  g_assert_cmpuint (kz_game_list_model_get_n_hidden (model), ==, 0);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, N_GAMES - 1);
  g_assert_cmpint (id_at (list, 149), ==, N_GAMES - 149);
  g_assert_cmpint (id_at (list, 150), ==, N_GAMES - 151);
  g_assert_cmpint (id_at (list, N_GAMES - 2), ==, 1);

  /* A reload sees the same. */
  g_assert_true (kz_game_list_model_reload (model, &error));
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, N_GAMES - 1);
  g_assert_cmpint (id_at (list, 150), ==, N_GAMES - 151);
}

/* What a list view holds: the ids it learnt through items-changed. */
typedef struct {
  GListModel *model;
  GArray     *ids;       /* gint64 */
} Mirror;

static void
mirror_changed (GListModel *model, guint position, guint removed, guint added, Mirror *m)
{
  g_assert_cmpuint (position + removed, <=, m->ids->len);
  g_array_remove_range (m->ids, position, removed);
  for (guint i = 0; i < added; i++)
    {
      gint64 id = id_at (model, position + i);
      g_array_insert_val (m->ids, position + i, id);
    }
}

static void
assert_mirror (Mirror *m)
{
  g_assert_cmpuint (m->ids->len, ==, g_list_model_get_n_items (m->model));
  for (guint i = 0; i < m->ids->len; i++)
    g_assert_cmpint (g_array_index (m->ids, gint64, i), ==, id_at (m->model, i));
}

/* Deleting the top rows (one toast for two) and Undo: a view that only
 * follows items-changed gets every restored row back at its place, and
 * Undo says where each went (the window scrolls there). */
static void
test_list_hide_top (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGameListModel) model = kz_game_list_model_new (f->store, &error);
  GListModel *list = G_LIST_MODEL (model);
  Mirror m = { list, g_array_new (FALSE, FALSE, sizeof (gint64)) };
  Changes c = { 0 };

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      gint64 id = id_at (list, i);
      g_array_append_val (m.ids, id);
    }
  g_signal_connect (model, "items-changed", G_CALLBACK (mirror_changed), &m);
  g_signal_connect (model, "items-changed", G_CALLBACK (on_items_changed), &c);

  g_assert_cmpint (kz_game_list_model_hide (model, 0), ==, N_GAMES);
  g_assert_cmpint (kz_game_list_model_hide (model, 0), ==, N_GAMES - 1);
  g_assert_cmpint (kz_game_list_model_hide (model, 2), ==, N_GAMES - 4);
  assert_mirror (&m);
  g_assert_cmpint (id_at (list, 0), ==, N_GAMES - 2);
  g_assert_cmpint (kz_game_list_model_find_cached (model, N_GAMES), ==, -1);

  /* Undo, in the order the toast kept them. */
  g_assert_cmpint (kz_game_list_model_show_hidden (model, N_GAMES), ==, 0);
  g_assert_cmpuint (c.position, ==, 0);
  g_assert_cmpuint (c.removed, ==, 0);
  g_assert_cmpuint (c.added, ==, 1);
  assert_mirror (&m);
  g_assert_cmpint (kz_game_list_model_show_hidden (model, N_GAMES - 1), ==, 1);
  g_assert_cmpuint (c.position, ==, 1);
  g_assert_cmpuint (c.added, ==, 1);
  assert_mirror (&m);
  g_assert_cmpint (kz_game_list_model_show_hidden (model, N_GAMES - 4), ==, 4);
  g_assert_cmpuint (c.position, ==, 4);
  assert_mirror (&m);
  g_assert_cmpuint (m.ids->len, ==, N_GAMES);
  for (guint i = 0; i < 6; i++)
    g_assert_cmpint (g_array_index (m.ids, gint64, i), ==, N_GAMES - i);
  g_assert_cmpuint (kz_game_list_model_get_n_hidden (model), ==, 0);

  /* Restored in another order than hidden: still in place. */
  kz_game_list_model_hide (model, 3);
  kz_game_list_model_hide (model, 1);
  g_assert_cmpint (kz_game_list_model_show_hidden (model, N_GAMES - 3), ==, 2);
  g_assert_cmpuint (c.position, ==, 2);
  g_assert_cmpint (kz_game_list_model_show_hidden (model, N_GAMES - 1), ==, 1);
  g_assert_cmpuint (c.position, ==, 1);
  g_assert_cmpint (kz_game_list_model_show_hidden (model, N_GAMES - 1), ==, -1);
  assert_mirror (&m);
  g_array_unref (m.ids);
}

static guint play_random (KzGame *game, guint plies, guint32 seed);

static void
test_list_reload (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGameListModel) model = kz_game_list_model_new (f->store, &error);
  GListModel *list = G_LIST_MODEL (model);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, 0);
  g_assert_null (g_list_model_get_item (list, 0));

  Changes c = { 0 };
  g_signal_connect (model, "items-changed", G_CALLBACK (on_items_changed), &c);
  g_autoptr (KzGame) a = kz_game_new ();
  kz_game_set_player (a, KZ_COSSACKS, "Ivan", KZ_PLAYER_HUMAN, 0);
  kz_game_set_start_time (a, BASE_TIME);
  gint64 id_a = kz_store_create_game (f->store, a, &error);
  g_assert_no_error (error);
  g_autoptr (KzGame) b = kz_game_new ();
  kz_game_set_start_time (b, BASE_TIME + 10);
  gint64 id_b = kz_store_create_game (f->store, b, &error);
  g_assert_true (kz_game_play_text (b, "c4-c5", &error));
  g_assert_no_error (error);

  g_assert_true (kz_game_list_model_reload (model, &error));
  g_assert_cmpuint (c.calls, ==, 1);
  g_assert_cmpuint (c.added, ==, 2);
  g_assert_cmpint (id_at (list, 0), ==, id_b);
  g_assert_cmpint (id_at (list, 1), ==, id_a);
  g_autoptr (KzGameItem) item = g_list_model_get_item (list, 0);
  g_assert_cmpuint (kz_game_item_get_plies (item), ==, 1);
  g_assert_cmpuint (kz_game_item_get_n_moves (item), ==, 1);
  g_autofree char *kpn = kz_game_dup_kpn_at (b, 1);
  g_assert_cmpstr (kz_game_item_get_final_kpn (item), ==, kpn);
  g_assert_cmpint (kz_game_list_model_find_cached (model, id_a), ==, 1);
  g_assert_cmpint (kz_game_list_model_find_cached (model, 12345), ==, -1);

  /* The row's title: the names with a dash (no "vs" that would need a
   * grammatical case in some languages). */
  g_autoptr (KzGameItem) item_a = g_list_model_get_item (list, 1);
  g_autofree char *players = kz_game_item_dup_players_text (item_a);
  g_assert_cmpstr (players, ==, "Ivan — Unknown player");

  /* Moves are counted like the move list: from a position with the
   * Turks to move, 3 plies are moves 1 (Turks only) and 2. */
  g_autoptr (KzGame) t = kz_game_new_from_kpn ("ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/ccccc t home home",
                                               &error);
  g_assert_no_error (error);
  kz_game_set_start_time (t, BASE_TIME + 20);
  kz_store_create_game (f->store, t, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (play_random (t, 3, 1), ==, 3);
  g_assert_true (kz_game_list_model_reload (model, &error));
  g_autoptr (KzGameItem) item_t = g_list_model_get_item (list, 0);
  g_assert_cmpuint (kz_game_item_get_plies (item_t), ==, 3);
  g_assert_cmpuint (kz_game_item_get_n_moves (item_t), ==, 2);
  g_assert_cmpuint (kz_game_item_get_n_moves (item), ==, 1);
}

/* --- replay ------------------------------------------------------------- */

/* Plays up to `plies` random legal moves (seeded); returns how many. */
static guint
play_random (KzGame *game, guint plies, guint32 seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  guint n = 0;
  while (n < plies && !kz_game_is_over (game))
    {
      g_autoptr (GArray) moves = kz_game_list_moves (game, KZ_NO_POINT);
      if (moves->len == 0)
        break;
      const KzMove *m = &g_array_index (moves, KzMove, g_rand_int_range (rand, 0, moves->len));
      g_autoptr (GError) error = NULL;
      g_assert_true (kz_game_play (game, m, &error));
      g_assert_no_error (error);
      n++;
    }
  return n;
}

typedef struct {
  guint ply, n_plies, back, forward;
} Notes;

static void
on_notify (GObject *object, GParamSpec *pspec, Notes *n)
{
  if (g_str_equal (pspec->name, "ply"))
    n->ply++;
  else if (g_str_equal (pspec->name, "n-plies"))
    n->n_plies++;
  else if (g_str_equal (pspec->name, "can-go-back"))
    n->back++;
  else if (g_str_equal (pspec->name, "can-go-forward"))
    n->forward++;
}

static void
test_replay_bounds (void)
{
  g_autoptr (KzGame) game = kz_game_new ();
  guint n = play_random (game, 30, 7);
  g_assert_cmpuint (n, >=, 10);
  g_autoptr (KzReplay) r = kz_replay_new (game, 0);
  Notes notes = { 0 };
  g_signal_connect (r, "notify", G_CALLBACK (on_notify), &notes);

  g_assert_cmpuint (kz_replay_get_n_plies (r), ==, n);
  g_assert_cmpuint (kz_replay_get_ply (r), ==, 0);
  g_assert_false (kz_replay_get_can_go_back (r));
  g_assert_true (kz_replay_get_can_go_forward (r));
  g_assert_null (kz_replay_get_move (r));
  KzReplayStep step;
  g_assert_false (kz_replay_get_step (r, &step));
  g_assert_false (kz_replay_previous (r));
  g_assert_false (kz_replay_first (r));
  g_assert_cmpuint (notes.ply, ==, 0);

  g_assert_true (kz_replay_next (r));
  g_assert_cmpuint (kz_replay_get_ply (r), ==, 1);
  g_assert_cmpuint (notes.ply, ==, 1);
  g_assert_cmpuint (notes.back, ==, 1);
  g_assert_cmpuint (notes.forward, ==, 0);
  g_assert_true (kz_position_equal (kz_replay_get_position (r),
                                    kz_game_get_position_at (game, 1)));
  g_assert_cmpstr (kz_replay_get_move_text (r), ==, kz_game_get_move_text (game, 0));

  g_assert_true (kz_replay_last (r));
  g_assert_cmpuint (kz_replay_get_ply (r), ==, n);
  g_assert_false (kz_replay_get_can_go_forward (r));
  g_assert_cmpuint (notes.forward, ==, 1);
  g_assert_false (kz_replay_next (r));
  g_assert_false (kz_replay_last (r));
  g_assert_cmpuint (kz_replay_get_ply (r), ==, n);
  g_assert_true (kz_position_equal (kz_replay_get_position (r), kz_game_get_position (game)));

  g_assert_true (kz_replay_previous (r));
  g_assert_cmpuint (kz_replay_get_ply (r), ==, n - 1);
  g_assert_true (kz_replay_first (r));
  g_assert_cmpuint (kz_replay_get_ply (r), ==, 0);
  g_assert_false (kz_replay_get_can_go_back (r));
  g_assert_cmpuint (notes.ply, ==, 4);
  g_assert_cmpuint (notes.back, ==, 2);
  g_assert_cmpuint (notes.n_plies, ==, 0);

  /* A ply past the end is clamped at creation and refused by goto. */
  g_autoptr (KzReplay) r2 = kz_replay_new (game, n + 5);
  g_assert_cmpuint (kz_replay_get_ply (r2), ==, n);
  /* The replay never changed the game. */
  g_assert_cmpuint (kz_game_get_ply (game), ==, n);
}

static void
test_replay_goto (void)
{
  g_autoptr (KzGame) game = kz_game_new ();
  guint n = play_random (game, 200, 11);
  g_autoptr (KzReplay) r = kz_replay_new (game, 0);

  g_assert_false (kz_replay_goto (r, n + 1));
  g_assert_cmpuint (kz_replay_get_ply (r), ==, 0);
  g_assert_false (kz_replay_goto (r, 0));

  guint captures = 0;
  /* Jump around; every ply shows the game's position and the move into it. */
  for (guint k = 0; k <= n; k++)
    {
      guint ply = (k * 37) % (n + 1);
      kz_replay_goto (r, ply);
      g_assert_cmpuint (kz_replay_get_ply (r), ==, ply);
      g_assert_true (kz_position_equal (kz_replay_get_position (r),
                                        kz_game_get_position_at (game, ply)));
      g_autofree char *kpn = kz_replay_dup_kpn (r);
      g_autofree char *expected = kz_game_dup_kpn_at (game, ply);
      g_assert_cmpstr (kpn, ==, expected);
      g_assert_cmpint (kz_replay_get_can_go_back (r), ==, ply > 0);
      g_assert_cmpint (kz_replay_get_can_go_forward (r), ==, ply < n);
      KzReplayStep step;
      if (ply == 0)
        {
          g_assert_false (kz_replay_get_step (r, &step));
          continue;
        }
      const KzMove *m = kz_game_get_move (game, ply - 1);
      g_assert_true (kz_replay_get_step (r, &step));
      g_assert_cmpint (step.from, ==, m->from);
      g_assert_cmpint (step.path[step.n_steps - 1], ==, m->to);
      g_assert_cmpint (step.piece_id, ==, kz_game_get_piece_ids (game, ply - 1)[m->from]);
      g_assert_cmpint (kz_game_find_piece (game, ply, step.piece_id), ==, m->to);
      if (m->n_jumps == 0)
        {
          g_assert_cmpuint (step.n_steps, ==, 1);
          g_assert_cmpint (step.captured[0], ==, KZ_NO_POINT);
          continue;
        }
      /* The jumped points are exactly the captured pieces. */
      KzBits bits = 0;
      for (guint i = 0; i < step.n_steps; i++)
        {
          if (step.flag_jump[i])
            {
              g_assert_cmpint (step.captured[i], ==, KZ_NO_POINT);
              g_assert_cmpint (kz_jump_over (i ? step.path[i - 1] : step.from, step.path[i]),
                               ==, kz_centre (KZ_OTHER (kz_piece_id_side (step.piece_id))));
              continue;
            }
          g_assert_cmpint (step.captured[i], !=, KZ_NO_POINT);
          bits |= KZ_BIT (step.captured[i]);
        }
      g_assert_cmphex (bits, ==, m->captured);
      captures++;
    }
  g_assert_cmpuint (captures, >, 0);

  /* The "ply" property goes through goto. */
  g_object_set (r, "ply", 3, NULL);
  g_assert_cmpuint (kz_replay_get_ply (r), ==, 3);
}

static void
test_replay_follows_game (void)
{
  g_autoptr (KzGame) game = kz_game_new ();
  play_random (game, 6, 3);
  g_autoptr (KzReplay) r = kz_replay_new (game, 6);
  Notes notes = { 0 };
  g_signal_connect (r, "notify", G_CALLBACK (on_notify), &notes);
  g_assert_true (kz_replay_goto (r, 4));

  /* The game goes on while it is reviewed. */
  play_random (game, 1, 5);
  g_assert_cmpuint (kz_replay_get_n_plies (r), ==, 7);
  g_assert_cmpuint (kz_replay_get_ply (r), ==, 4);
  g_assert_cmpuint (notes.n_plies, ==, 1);

  /* Takebacks past the shown ply pull it back. */
  g_assert_true (kz_game_undo (game, NULL));
  g_assert_true (kz_game_undo (game, NULL));
  g_assert_true (kz_game_undo (game, NULL));
  g_assert_true (kz_game_undo (game, NULL));
  g_assert_cmpuint (kz_replay_get_n_plies (r), ==, 3);
  g_assert_cmpuint (kz_replay_get_ply (r), ==, 3);
  g_assert_false (kz_replay_get_can_go_forward (r));
}

static void
test_replay_moves_text (void)
{
  g_autoptr (KzGame) game = kz_game_new ();
  guint n = play_random (game, 120, 21);
  g_autoptr (KzReplay) r = kz_replay_new (game, 0);
  g_autofree char *text = kz_replay_dup_moves_text (r);
  g_assert_true (g_str_has_prefix (text, "1. "));
  g_assert_true (g_str_has_suffix (text, "\n"));
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), >, 1);
  guint tokens = 0;
  for (guint i = 0; lines[i]; i++)
    {
      g_assert_cmpuint (strlen (lines[i]), <, 80);
      g_auto (GStrv) words = g_strsplit (lines[i], " ", -1);
      for (guint w = 0; words[w]; w++)
        if (words[w][0] && !g_str_has_suffix (words[w], "."))
          g_assert_cmpstr (words[w], ==, kz_game_get_move_text (game, tokens++));
    }
  g_assert_cmpuint (tokens, ==, n);

  /* From a position where the Turks move first: "1... ". */
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) t = kz_game_new_from_kpn ("ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/ccccc t home home",
                                               &error);
  g_assert_no_error (error);
  play_random (t, 3, 1);
  g_autoptr (KzReplay) rt = kz_replay_new (t, 0);
  g_autofree char *tt = kz_replay_dup_moves_text (rt);
  g_autofree char *expected = g_strdup_printf ("1... %s 2. %s %s\n",
                                               kz_game_get_move_text (t, 0),
                                               kz_game_get_move_text (t, 1),
                                               kz_game_get_move_text (t, 2));
  g_assert_cmpstr (tt, ==, expected);
}

static char *
cli_show (const char *db, gint64 id)
{
  const char *cli = g_getenv ("KAZAKI_CLI");
  if (cli == NULL)
    return NULL;
  g_autofree char *id_text = g_strdup_printf ("%" G_GINT64_FORMAT, id);
  const char *argv[] = { cli, "--db", db, "show", id_text, NULL };
  char *out = NULL;
  int status = 0;
  g_autoptr (GError) error = NULL;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return out;
}

static void
test_replay_continue (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) game = kz_game_new ();
  kz_game_set_player (game, KZ_COSSACKS, "Ivan", KZ_PLAYER_HUMAN, 0);
  kz_game_set_player (game, KZ_TURKS, "Computer", KZ_PLAYER_COMPUTER, 3);
  gint64 old_id = kz_store_create_game (f->store, game, &error);
  g_assert_no_error (error);
  guint n = play_random (game, 12, 9);
  g_assert_cmpuint (n, ==, 12);

  /* Replay the stored game as the library opens it. */
  g_autoptr (KzGame) loaded = kz_store_load_game (f->store, old_id, &error);
  g_assert_no_error (error);
  g_autoptr (KzReplay) r = kz_replay_new (loaded, n);
  g_assert_true (kz_replay_goto (r, 5));
  g_autofree char *kpn5 = kz_replay_dup_kpn (r);

  g_autoptr (KzGame) next = kz_replay_continue_from_here (r, f->store, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (next);
  gint64 new_id = kz_game_get_id (next);
  g_assert_cmpint (new_id, >, 0);
  g_assert_cmpint (new_id, !=, old_id);
  g_assert_true (kz_game_get_store (next) == f->store);
  g_assert_cmpuint (kz_game_get_ply (next), ==, 0);
  g_assert_false (kz_game_starts_from_start_position (next));
  g_autofree char *start = kz_game_dup_kpn_at (next, 0);
  g_assert_cmpstr (start, ==, kpn5);
  g_assert_cmpstr (kz_game_get_player_name (next, KZ_COSSACKS), ==, "Ivan");
  g_assert_cmpstr (kz_game_get_player_name (next, KZ_TURKS), ==, "Computer");
  g_assert_cmpint (kz_game_get_player_kind (next, KZ_TURKS), ==, KZ_PLAYER_COMPUTER);
  g_assert_cmpint (kz_game_get_player_level (next, KZ_TURKS), ==, 3);
  /* The old game is untouched and the replay still shows ply 5. */
  g_assert_cmpuint (kz_game_get_ply (loaded), ==, n);
  g_assert_cmpuint (kz_replay_get_ply (r), ==, 5);

  /* In the store: a new row with that start and no moves, which records
   * its own moves. */
  g_autoptr (KzGameInfo) info = kz_store_get_game_info (f->store, new_id, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (info->start_kpn, ==, kpn5);
  g_assert_cmpuint (info->plies, ==, 0);
  g_assert_cmpint (info->result, ==, KZ_RESULT_NONE);
  play_random (next, 1, 4);
  g_autoptr (KzGameInfo) info2 = kz_store_get_game_info (f->store, new_id, &error);
  g_assert_cmpuint (info2->plies, ==, 1);
  guint count = 0;
  g_assert_true (kz_store_count_games (f->store, NULL, &count, &error));
  g_assert_cmpuint (count, ==, 2);

  /* Its KGN carries the Position tag, in the model and in kazaki-cli. */
  g_autofree char *kgn = kz_kgn_export_game (next);
  g_autofree char *tag = g_strdup_printf ("[Position \"%s\"]\n", kpn5);
  g_assert_nonnull (strstr (kgn, tag));
  g_assert_nonnull (strstr (kgn, "[Cossacks \"Ivan\"]"));
  g_autofree char *shown = cli_show (f->path, new_id);
  if (shown == NULL)
    {
      g_test_message ("KAZAKI_CLI not set: kazaki-cli show not checked");
      return;
    }
  g_assert_nonnull (strstr (shown, tag));
  g_assert_cmpstr (shown, ==, kgn);
  g_autofree char *shown_old = cli_show (f->path, old_id);
  g_assert_null (strstr (shown_old, "[Position"));
}

static void
test_replay_continue_edges (void)
{
  g_autoptr (GError) error = NULL;
  /* From ply 0 of a normal game: a game from the start, no Position tag,
   * only in memory without a store. */
  g_autoptr (KzGame) game = kz_game_new ();
  play_random (game, 4, 2);
  g_autoptr (KzReplay) r = kz_replay_new (game, 0);
  g_autoptr (KzGame) fresh = kz_replay_continue_from_here (r, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (kz_game_starts_from_start_position (fresh));
  g_assert_cmpint (kz_game_get_id (fresh), ==, 0);
  g_autofree char *kgn = kz_kgn_export_game (fresh);
  g_assert_null (strstr (kgn, "[Position"));

  /* At the end of a finished game there is nothing to continue. */
  g_autoptr (KzGame) over = kz_game_new ();
  guint n = play_random (over, 2000, 17);
  if (!kz_game_is_over (over) || kz_game_get_termination (over) == KZ_TERMINATION_REPETITION)
    {
      g_test_skip ("the random game did not end on the board");
      return;
    }
  g_autoptr (KzReplay) ro = kz_replay_new (over, n);
  g_autoptr (KzGame) none = kz_replay_continue_from_here (ro, NULL, NULL, &error);
  g_assert_null (none);
  g_assert_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_GAME_OVER);
  g_clear_error (&error);
  /* One move earlier it can go on. */
  kz_replay_previous (ro);
  g_autoptr (KzGame) before = kz_replay_continue_from_here (ro, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_false (kz_game_is_over (before));
}

/* Move numbers follow the move list: one move is a turn of each side. */
static void
test_replay_move_numbers (void)
{
  g_autoptr (KzGame) game = kz_game_new ();
  g_assert_cmpuint (play_random (game, 7, 5), ==, 7);
  g_autoptr (KzReplay) r = kz_replay_new (game, 0);
  g_assert_cmpuint (kz_replay_get_move_number (r), ==, 0);
  g_assert_cmpuint (kz_replay_get_n_moves (r), ==, 4);
  static const guint expected[] = { 0, 1, 1, 2, 2, 3, 3, 4 };
  for (guint ply = 0; ply <= 7; ply++)
    {
      g_assert_true (ply == 0 || kz_replay_goto (r, ply));
      g_assert_cmpuint (kz_replay_get_move_number (r), ==, expected[ply]);
    }

  /* The Turks first: "1... x 2. y z" */
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) t = kz_game_new_from_kpn ("ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/ccccc t home home",
                                               &error);
  g_assert_no_error (error);
  g_assert_cmpuint (play_random (t, 3, 1), ==, 3);
  g_autoptr (KzReplay) rt = kz_replay_new (t, 1);
  g_assert_cmpuint (kz_replay_get_move_number (rt), ==, 1);
  g_assert_true (kz_replay_goto (rt, 2));
  g_assert_cmpuint (kz_replay_get_move_number (rt), ==, 2);
  g_assert_cmpuint (kz_replay_get_n_moves (rt), ==, 2);
}

/* Continue from here gives a game someone at this computer can play. */
static void
test_replay_continue_players (void)
{
  g_autoptr (GError) error = NULL;

  /* Computer against computer (level 0, as some records have it): two
   * humans with the names given, or the side names. */
  g_autoptr (KzGame) cc = kz_game_new ();
  kz_game_set_player (cc, KZ_COSSACKS, "Bot A", KZ_PLAYER_COMPUTER, 0);
  kz_game_set_player (cc, KZ_TURKS, "Bot B", KZ_PLAYER_COMPUTER, 4);
  play_random (cc, 6, 3);
  g_autoptr (KzReplay) r = kz_replay_new (cc, 3);
  const char *const given[] = { "Ivan", "", NULL };
  g_autoptr (KzGame) a = kz_replay_continue_from_here (r, NULL, given, &error);
  g_assert_no_error (error);
  for (int side = KZ_COSSACKS; side <= KZ_TURKS; side++)
    {
      g_assert_cmpint (kz_game_get_player_kind (a, (KzSide) side), ==, KZ_PLAYER_HUMAN);
      g_assert_cmpint (kz_game_get_player_level (a, (KzSide) side), ==, 0);
    }
  g_assert_cmpstr (kz_game_get_player_name (a, KZ_COSSACKS), ==, "Ivan");
  g_assert_cmpstr (kz_game_get_player_name (a, KZ_TURKS), ==, "Turks");
  g_assert_cmpint (kz_game_get_side_to_move (a), ==, KZ_TURKS);
  g_autoptr (KzGame) b = kz_replay_continue_from_here (r, NULL, NULL, &error);
  g_assert_cmpstr (kz_game_get_player_name (b, KZ_COSSACKS), ==, "Cossacks");

  /* A human against a computer of level 0: the human stays, the
   * computer gets level 1 (never 0). */
  g_autoptr (KzGame) hc = kz_game_new ();
  kz_game_set_player (hc, KZ_COSSACKS, "Computer", KZ_PLAYER_COMPUTER, 0);
  kz_game_set_player (hc, KZ_TURKS, "Olena", KZ_PLAYER_HUMAN, 0);
  g_autoptr (KzGame) c = kz_game_new ();
  kz_replay_copy_players (c, hc, given);
  g_assert_cmpint (kz_game_get_player_kind (c, KZ_COSSACKS), ==, KZ_PLAYER_COMPUTER);
  g_assert_cmpint (kz_game_get_player_level (c, KZ_COSSACKS), ==, 1);
  g_assert_cmpstr (kz_game_get_player_name (c, KZ_COSSACKS), ==, "Computer");
  g_assert_cmpint (kz_game_get_player_kind (c, KZ_TURKS), ==, KZ_PLAYER_HUMAN);
  g_assert_cmpstr (kz_game_get_player_name (c, KZ_TURKS), ==, "Olena");
}

/* The same with a record of `kazaki-cli selfplay`, loaded from the store
 * as the library opens it. */
static void
test_replay_continue_selfplay (Fixture *f, gconstpointer data)
{
  const char *cli = g_getenv ("KAZAKI_CLI");
  g_autoptr (GError) error = NULL;

  if (cli == NULL)
    {
      g_test_skip ("KAZAKI_CLI not set");
      return;
    }
  g_clear_object (&f->store);
  const char *argv[] = { cli, "--db", f->path, "selfplay", "--games", "1", "--seed", "5", NULL };
  int status = 0;
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, NULL,
                               NULL, NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  f->store = kz_store_open (f->path, &error);
  g_assert_no_error (error);

  g_autoptr (KzGame) rec = kz_store_load_game (f->store, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (kz_game_get_player_kind (rec, KZ_COSSACKS), !=, KZ_PLAYER_HUMAN);
  g_assert_cmpint (kz_game_get_player_kind (rec, KZ_TURKS), !=, KZ_PLAYER_HUMAN);
  g_assert_cmpuint (kz_game_get_ply (rec), >, 10);
  g_autoptr (KzReplay) r = kz_replay_new (rec, 9);
  g_autoptr (KzGame) next = kz_replay_continue_from_here (r, f->store, NULL, &error);
  g_assert_no_error (error);
  KzSide to_move = kz_game_get_side_to_move (next);
  g_assert_cmpint (to_move, ==, KZ_TURKS);
  g_assert_cmpint (kz_game_get_player_kind (next, to_move), ==, KZ_PLAYER_HUMAN);
  g_assert_cmpint (kz_game_get_player_kind (next, KZ_OTHER (to_move)), ==, KZ_PLAYER_HUMAN);

  /* Stored so: loaded back, the same players. */
  g_autoptr (KzGame) back = kz_store_load_game (f->store, kz_game_get_id (next), &error);
  g_assert_no_error (error);
  g_assert_cmpint (kz_game_get_player_kind (back, KZ_COSSACKS), ==, KZ_PLAYER_HUMAN);
  g_assert_cmpint (kz_game_get_player_kind (back, KZ_TURKS), ==, KZ_PLAYER_HUMAN);
  g_assert_cmpstr (kz_game_get_player_name (back, KZ_TURKS), ==, "Turks");
}

/* --- KGN import with a bad game among good ones ------------------------- */

static void
test_import_bad_game (Fixture *f, gconstpointer data)
{
  const char *text =
    "[Event \"One\"]\n[Cossacks \"A\"]\n[Turks \"B\"]\n[Result \"*\"]\n\n1. c4-c5 *\n\n"
    "[Event \"Two\"]\n[Cossacks \"C\"]\n[Turks \"D\"]\n[Result \"*\"]\n\n1. c4-c5 c4-c3 *\n\n"
    "[Event \"Three\"]\n[Cossacks \"E\"]\n[Turks \"F\"]\n[Result \"*\"]\n\n1. b4-a4 *\n";
  g_autoptr (GError) error = NULL;
  guint n = 0;
  g_autoptr (GPtrArray) problems = NULL;
  g_assert_true (kz_kgn_import (f->store, text, -1, &n, &problems, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 2);
  g_assert_nonnull (problems);
  g_assert_cmpuint (problems->len, ==, 1);
  KzKgnProblem *p = g_ptr_array_index (problems, 0);
  g_test_message ("problem: %s", p->error->message);
  g_assert_cmpuint (p->line, ==, 13);
  g_assert_cmpuint (p->column, ==, 10);
  g_assert_cmpuint (p->game_line, ==, 8);
  g_assert_true (g_str_has_prefix (p->error->message, "line 13, column 10: "));

  g_autoptr (KzGameListModel) model = kz_game_list_model_new (f->store, &error);
  g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (model)), ==, 2);
  g_autoptr (GArray) ids = kz_store_list_ids (f->store, &error);
  g_assert_cmpuint (ids->len, ==, 2);
  gboolean seen_a = FALSE, seen_e = FALSE;
  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (KzGame) g = kz_store_load_game (f->store, g_array_index (ids, gint64, i),
                                                 &error);
      g_assert_no_error (error);
      g_assert_cmpuint (kz_game_get_ply (g), ==, 1);
      seen_a |= g_str_equal (kz_game_get_player_name (g, KZ_COSSACKS), "A");
      seen_e |= g_str_equal (kz_game_get_player_name (g, KZ_COSSACKS), "E");
    }
  g_assert_true (seen_a && seen_e);

  /* Export → import → export is identical (oldest first: the list is
   * newest first, and games without a date are ordered by id). */
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = ids->len; i-- > 0;)
    g_ptr_array_add (games, kz_store_load_game (f->store, g_array_index (ids, gint64, i), NULL));
  g_autofree char *out1 = kz_kgn_export_games (games);
  g_autoptr (KzStore) other = kz_store_open (":memory:", &error);
  g_assert_true (kz_kgn_import (other, out1, -1, &n, NULL, &error));
  g_assert_cmpuint (n, ==, 2);
  g_autoptr (GArray) ids2 = kz_store_list_ids (other, &error);
  g_autoptr (GPtrArray) games2 = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = ids2->len; i-- > 0;)
    g_ptr_array_add (games2, kz_store_load_game (other, g_array_index (ids2, gint64, i), NULL));
  g_autofree char *out2 = kz_kgn_export_games (games2);
  g_assert_cmpstr (out1, ==, out2);
}

/* Games stored and deleted above a row hidden for Undo, then a reload
 * (the library follows the database): the row stays hidden, Undo puts
 * it back where it now is, and the count is the store's (issue 24,
 * defect 6: a restored game could vanish from the library). */
static void
test_list_hide_rows_above (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGameListModel) model = kz_game_list_model_new (f->store, &error);
  GListModel *list = G_LIST_MODEL (model);
  Mirror m = { list, g_array_new (FALSE, FALSE, sizeof (gint64)) };
  Changes c = { 0 };
  gint64 gone = N_GAMES - 1;
  guint count = 0;

  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      gint64 id = id_at (list, i);
      g_array_append_val (m.ids, id);
    }
  g_signal_connect (model, "items-changed", G_CALLBACK (mirror_changed), &m);
  g_signal_connect (model, "items-changed", G_CALLBACK (on_items_changed), &c);

  /* Nothing changed: a reload says nothing (the view keeps its place). */
  g_assert_true (kz_game_list_model_reload (model, &error));
  g_assert_cmpuint (c.calls, ==, 0);

  g_assert_cmpint (kz_game_list_model_hide (model, 3), ==, N_GAMES - 3);
  /* Two new games on top, the newest old one deleted. */
  for (int i = 0; i < 2; i++)
    {
      g_autoptr (KzGame) game = kz_game_new ();
      kz_game_set_start_time (game, BASE_TIME + N_GAMES + 100 + i);
      g_assert_cmpint (kz_store_create_game (f->store, game, &error), >, 0);
    }
  g_assert_true (kz_store_delete_games (f->store, &gone, 1, &error));
  g_assert_true (kz_game_list_model_reload (model, &error));
  g_assert_no_error (error);
  assert_mirror (&m);
  g_assert_cmpuint (kz_game_list_model_get_n_hidden (model), ==, 1);
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, N_GAMES + 1 - 1);
  g_assert_cmpint (id_at (list, 2), ==, N_GAMES);
  g_assert_cmpint (id_at (list, 3), ==, N_GAMES - 2);
  g_assert_cmpint (id_at (list, 4), ==, N_GAMES - 4);

  /* Undo: back between its neighbours, the count the store's. */
  g_assert_cmpint (kz_game_list_model_show_hidden (model, N_GAMES - 3), ==, 4);
  assert_mirror (&m);
  g_assert_true (kz_store_count_games (f->store, NULL, &count, &error));
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, count);
  g_assert_cmpint (id_at (list, 5), ==, N_GAMES - 4);

  /* Hidden again, deleted for good after more games came: the same. */
  g_assert_cmpint (kz_game_list_model_hide (model, 4), ==, N_GAMES - 3);
  {
    g_autoptr (KzGame) game = kz_game_new ();
    kz_game_set_start_time (game, BASE_TIME + N_GAMES + 200);
    g_assert_cmpint (kz_store_create_game (f->store, game, &error), >, 0);
  }
  g_assert_true (kz_game_list_model_reload (model, &error));
  gone = N_GAMES - 3;
  g_assert_true (kz_store_delete_games (f->store, &gone, 1, &error));
  kz_game_list_model_forget_hidden (model, gone);
  assert_mirror (&m);
  g_assert_true (kz_store_count_games (f->store, NULL, &count, &error));
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, count);
  g_assert_cmpint (id_at (list, count - 1), ==, 1);
  g_array_unref (m.ids);
}

/* ---- what a row shows (issue 24, item 10) ------------------------------- */

/* A game imported with a date but no time shows that date, with no
 * invented time of day ("12:00"); a game played here shows its time. */
static void
test_item_date_only (void)
{
  g_autoptr (KzGameInfo) info = g_new0 (KzGameInfo, 1);
  g_autoptr (KzGameItem) imported = NULL;
  g_autoptr (KzGameItem) played = NULL;
  g_autofree char *date = NULL;
  g_autofree char *date_time = NULL;
  g_autoptr (GDateTime) noon = g_date_time_new_utc (2024, 3, 5, 12, 0, 0);
  g_autoptr (GDateTime) later = g_date_time_new_utc (2024, 3, 5, 15, 42, 10);
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) game = NULL;

  info->cossacks = g_strdup ("Ivan");
  info->turks = g_strdup ("Ali");
  /* The date as KGN import reads [Date "2024.03.05"]. */
  game = kz_kgn_parse_game ("[Date \"2024.03.05\"]\n\n1. c4-c5 *\n", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (kz_game_get_start_time (game), ==, g_date_time_to_unix (noon));
  g_assert_true (kz_start_time_is_date_only (kz_game_get_start_time (game)));

  info->start_time = g_date_time_to_unix (noon);
  imported = kz_game_item_new (info);
  date = kz_game_item_dup_date_text (imported);
  g_test_message ("imported: %s", date);
  g_assert_nonnull (strstr (date, "2024"));
  g_assert_null (strchr (date, ':'));

  info->start_time = g_date_time_to_unix (later);
  g_assert_false (kz_start_time_is_date_only (info->start_time));
  played = kz_game_item_new (info);
  date_time = kz_game_item_dup_date_text (played);
  g_test_message ("played: %s", date_time);
  g_assert_nonnull (strchr (date_time, ':'));
}

/* The names the app gives, stored in English, read in the user's
 * language (Russian here); other names as they are. */
static void
test_item_default_names (void)
{
  g_autoptr (KzGameInfo) info = g_new0 (KzGameInfo, 1);
  g_autoptr (KzGameItem) item = NULL;
  g_autofree char *players = NULL;
  const char *computer;

  bindtextdomain (GETTEXT_PACKAGE, TEST_LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  g_setenv ("LANGUAGE", "ru", TRUE);
  setlocale (LC_ALL, "");
  computer = g_dgettext (GETTEXT_PACKAGE, "Computer");
  if (g_str_equal (computer, "Computer"))
    {
      g_setenv ("LANGUAGE", "C", TRUE);
      setlocale (LC_ALL, "");
      g_test_skip ("no Russian translation here (the C library ignores LANGUAGE, or no .mo built)");
      return;
    }
  g_assert_cmpstr (kz_player_name_display ("Computer"), ==, "Компьютер");
  g_assert_cmpstr (kz_player_name_display ("Player"), ==, "Игрок");
  g_assert_cmpstr (kz_player_name_display ("Ivan"), ==, "Ivan");
  g_assert_cmpstr (kz_player_name_display ("Компьютер"), ==, "Компьютер");
  info->cossacks = g_strdup ("Player");
  info->turks = g_strdup ("Computer");
  item = kz_game_item_new (info);
  players = kz_game_item_dup_players_text (item);
  g_assert_cmpstr (players, ==, "Игрок — Компьютер");
  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_ALL, "");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/library/item/date-only", test_item_date_only);
  g_test_add_func ("/library/item/default-names", test_item_default_names);
  g_test_add ("/library/list/first-page", Fixture, GINT_TO_POINTER (1), big_setup,
              test_list_first_page, big_teardown);
  g_test_add ("/library/list/far-page", Fixture, GINT_TO_POINTER (1), big_setup,
              test_list_far_page, big_teardown);
  g_test_add ("/library/list/filter", Fixture, GINT_TO_POINTER (1), big_setup,
              test_list_filter, big_teardown);
  g_test_add ("/library/list/hide-undo-delete", Fixture, GINT_TO_POINTER (1), big_setup,
              test_list_hide, big_teardown);
  g_test_add ("/library/list/hide-top-rows-undo", Fixture, GINT_TO_POINTER (1), big_setup,
              test_list_hide_top, big_teardown);
  g_test_add ("/library/list/hide-rows-added-above", Fixture, GINT_TO_POINTER (1), big_setup,
              test_list_hide_rows_above, big_teardown);
  g_test_add ("/library/list/reload", Fixture, GINT_TO_POINTER (0), big_setup,
              test_list_reload, big_teardown);
  g_test_add_func ("/library/replay/bounds", test_replay_bounds);
  g_test_add_func ("/library/replay/goto", test_replay_goto);
  g_test_add_func ("/library/replay/follows-game", test_replay_follows_game);
  g_test_add_func ("/library/replay/moves-text", test_replay_moves_text);
  g_test_add ("/library/replay/continue-from-here", Fixture, GINT_TO_POINTER (0), big_setup,
              test_replay_continue, big_teardown);
  g_test_add_func ("/library/replay/continue-edges", test_replay_continue_edges);
  g_test_add_func ("/library/replay/move-numbers", test_replay_move_numbers);
  g_test_add_func ("/library/replay/continue-players", test_replay_continue_players);
  g_test_add ("/library/replay/continue-selfplay", Fixture, GINT_TO_POINTER (0), big_setup,
              test_replay_continue_selfplay, big_teardown);
  g_test_add ("/library/import/one-bad-game", Fixture, GINT_TO_POINTER (0), big_setup,
              test_import_bad_game, big_teardown);
  return g_test_run ();
}
