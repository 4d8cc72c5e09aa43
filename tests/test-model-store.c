/* test-model-store.c — KzStore: round trips, queries, durability under
 * SIGKILL, refusing bad files unchanged, migration, full disk.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "immutable.h"
#include "kz-game.h"
#include "kz-store.h"
#include "kz-store-private.h"
#include "kz-kgn.h"
#include "kz-search.h"
#include "old-schema.h"
#include "remove-files.h"

typedef struct {
  char *dir;
  char *path;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  f->dir = g_dir_make_tmp ("kazaki-store-XXXXXX", &error);
  g_assert_no_error (error);
  f->path = g_build_filename (f->dir, "games.db", NULL);
}

static void
remove_tree (const char *path)
{
  set_immutable (path, FALSE);
  if (g_file_test (path, G_FILE_TEST_IS_DIR) && !g_file_test (path, G_FILE_TEST_IS_SYMLINK))
    {
      g_chmod (path, 0700);
      GDir *d = g_dir_open (path, 0, NULL);
      const char *name;
      while (d && (name = g_dir_read_name (d)))
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child);
        }
      if (d)
        g_dir_close (d);
      g_rmdir (path);
    }
  else
    g_unlink (path);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  remove_tree (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

static KzStore *
open_ok (const char *path)
{
  g_autoptr (GError) error = NULL;
  KzStore *store = kz_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_nonnull (store);
  return store;
}

static void
play_random (KzGame *game, GRand *rand, guint plies)
{
  for (guint i = 0; i < plies && !kz_game_is_over (game); i++)
    {
      g_autoptr (GArray) list = kz_game_list_moves (game, KZ_NO_POINT);
      const KzMove *m = &g_array_index (list, KzMove, g_rand_int_range (rand, 0, (gint) list->len));
      g_autoptr (GError) error = NULL;
      g_assert_true (kz_game_play (game, m, &error));
      g_assert_no_error (error);
    }
}

static void
assert_same_game (KzGame *a, KzGame *b)
{
  g_assert_cmpuint (kz_game_get_ply (a), ==, kz_game_get_ply (b));
  for (guint i = 0; i < kz_game_get_ply (a); i++)
    g_assert_cmpstr (kz_game_get_move_text (a, i), ==, kz_game_get_move_text (b, i));
  g_autofree char *ka = kz_game_dup_kpn_at (a, 0);
  g_autofree char *kb = kz_game_dup_kpn_at (b, 0);
  g_assert_cmpstr (ka, ==, kb);
  g_assert_cmpint (kz_game_get_result (a), ==, kz_game_get_result (b));
  g_assert_cmpint (kz_game_get_termination (a), ==, kz_game_get_termination (b));
  for (int s = 0; s < 2; s++)
    {
      g_assert_cmpstr (kz_game_get_player_name (a, s), ==, kz_game_get_player_name (b, s));
      g_assert_cmpint (kz_game_get_player_kind (a, s), ==, kz_game_get_player_kind (b, s));
      g_assert_cmpint (kz_game_get_player_level (a, s), ==, kz_game_get_player_level (b, s));
    }
  g_assert_cmpint (kz_game_get_start_time (a), ==, kz_game_get_start_time (b));
}

static void
test_round_trip (Fixture *f, gconstpointer data)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  g_autoptr (KzGame) game = kz_game_new ();
  gint64 id;
  {
    g_autoptr (KzStore) store = open_ok (f->path);
    kz_game_set_player (game, KZ_COSSACKS, "Ivan “Sirko”", KZ_PLAYER_HUMAN, 0);
    kz_game_set_player (game, KZ_TURKS, "Computer", KZ_PLAYER_COMPUTER, 3);
    g_autoptr (GError) error = NULL;
    id = kz_store_create_game (store, game, &error);
    g_assert_no_error (error);
    g_assert_cmpint (id, >, 0);
    g_assert_cmpint (kz_game_get_id (game), ==, id);
    g_assert_true (kz_game_get_store (game) == store);
    play_random (game, rand, 40);
    /* Undo deletes the last row. */
    g_assert_true (kz_game_undo (game, NULL));
    g_assert_true (kz_game_undo (game, NULL));
    g_autoptr (KzGameInfo) info = kz_store_get_game_info (store, id, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (info->plies, ==, kz_game_get_ply (game));
    g_autofree char *kpn = kz_game_dup_kpn_at (game, kz_game_get_ply (game));
    g_assert_cmpstr (info->final_kpn, ==, kpn);
    g_assert_cmpint (info->level[KZ_TURKS], ==, 3);
    g_assert_true (kz_game_redo (game, NULL));
    if (!kz_game_is_over (game))
      g_assert_true (kz_game_resign (game, KZ_TURKS, NULL));
    kz_game_detach (game);
  }
  /* A fresh connection sees exactly the same game. */
  g_autoptr (KzStore) store = open_ok (f->path);
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) loaded = kz_store_load_game (store, id, &error);
  g_assert_no_error (error);
  assert_same_game (game, loaded);
  g_assert_cmpint (kz_game_get_id (loaded), ==, id);
  g_autoptr (KzGameInfo) info = kz_store_get_game_info (store, id, NULL);
  g_assert_cmpint (info->end_time, >, 0);
  g_assert_true (kz_store_check_integrity (store, NULL));

  g_autoptr (KzGame) missing = kz_store_load_game (store, id + 100, &error);
  g_assert_null (missing);
  g_assert_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, f->path));
}

static void
test_queries (Fixture *f, gconstpointer data)
{
  g_autoptr (KzStore) store = open_ok (f->path);
  static const char *const names[][2] = {
    { "Ivan", "Mehmed" }, { "Petro", "Ivan" }, { "Ostap", "Selim" }, { "Taras", "Mehmed" },
    { "50%_off", "x" },
  };
  gint64 ids[G_N_ELEMENTS (names)];
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autoptr (KzGame) g = kz_game_new ();
      kz_game_set_player (g, KZ_COSSACKS, names[i][0], KZ_PLAYER_HUMAN, 0);
      kz_game_set_player (g, KZ_TURKS, names[i][1], KZ_PLAYER_HUMAN, 0);
      kz_game_set_start_time (g, 1700000000 + i * 60);
      ids[i] = kz_store_create_game (store, g, NULL);
      g_assert_cmpint (ids[i], >, 0);
      g_assert_true (kz_game_play_text (g, "b4-a4", NULL));
      if (i == 1)
        g_assert_true (kz_game_resign (g, KZ_TURKS, NULL));
      if (i == 2)
        g_assert_true (kz_game_agree_draw (g, NULL));
    }
  guint count = 0;
  g_assert_true (kz_store_count_games (store, NULL, &count, NULL));
  g_assert_cmpuint (count, ==, 5);

  /* Newest first, paged. */
  g_autoptr (GPtrArray) page1 = kz_store_list_games (store, NULL, 0, 2, NULL);
  g_autoptr (GPtrArray) page2 = kz_store_list_games (store, NULL, 2, 2, NULL);
  g_autoptr (GPtrArray) page3 = kz_store_list_games (store, NULL, 4, 2, NULL);
  g_assert_cmpuint (page1->len, ==, 2);
  g_assert_cmpuint (page3->len, ==, 1);
  g_assert_cmpint (((KzGameInfo *) page1->pdata[0])->id, ==, ids[4]);
  g_assert_cmpint (((KzGameInfo *) page2->pdata[1])->id, ==, ids[1]);
  g_assert_cmpint (((KzGameInfo *) page3->pdata[0])->id, ==, ids[0]);
  g_assert_cmpuint (((KzGameInfo *) page3->pdata[0])->plies, ==, 1);

  /* Filter by player (either side, case-insensitive) and by result. */
  KzGameFilter by_ivan = { "ivan", FALSE, 0 };
  g_assert_true (kz_store_count_games (store, &by_ivan, &count, NULL));
  g_assert_cmpuint (count, ==, 2);
  g_autoptr (GPtrArray) ivan = kz_store_list_games (store, &by_ivan, 0, 10, NULL);
  g_assert_cmpuint (ivan->len, ==, 2);
  g_assert_cmpint (((KzGameInfo *) ivan->pdata[0])->id, ==, ids[1]);
  KzGameFilter literal = { "%_", FALSE, 0 };   /* LIKE wildcards are literal */
  g_assert_true (kz_store_count_games (store, &literal, &count, NULL));
  g_assert_cmpuint (count, ==, 1);
  KzGameFilter wins = { NULL, TRUE, KZ_RESULT_COSSACKS_WIN };
  g_assert_true (kz_store_count_games (store, &wins, &count, NULL));
  g_assert_cmpuint (count, ==, 1);
  KzGameFilter mehmed_open = { "Mehmed", TRUE, KZ_RESULT_NONE };
  g_autoptr (GPtrArray) mo = kz_store_list_games (store, &mehmed_open, 0, 10, NULL);
  g_assert_cmpuint (mo->len, ==, 2);

  /* The newest unfinished game, then after deleting it the next one. */
  gint64 id = -1;
  g_assert_true (kz_store_find_unfinished (store, &id, NULL));
  g_assert_cmpint (id, ==, ids[4]);
  g_assert_true (kz_store_delete_games (store, &ids[4], 1, NULL));
  g_assert_true (kz_store_find_unfinished (store, &id, NULL));
  g_assert_cmpint (id, ==, ids[3]);
  g_assert_true (kz_store_count_games (store, NULL, &count, NULL));
  g_assert_cmpuint (count, ==, 4);
  /* Its moves went with it (foreign key cascade). */
  sqlite3_stmt *s;
  g_assert_cmpint (sqlite3_prepare_v2 (kz_store_get_db (store),
                                       "SELECT count(*) FROM moves WHERE game_id = ?1", -1, &s, NULL), ==, SQLITE_OK);
  sqlite3_bind_int64 (s, 1, ids[4]);
  g_assert_cmpint (sqlite3_step (s), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int (s, 0), ==, 0);
  sqlite3_finalize (s);
  g_autoptr (GArray) all = kz_store_list_ids (store, NULL);
  g_assert_cmpuint (all->len, ==, 4);
}

/* ---- The game to resume on start --------------------------------------- */

static void assert_short_message (const GError *error, const char *path);
static void make_database (const char *path, guint n_games);

static gint64
new_game (KzStore *store, KzPlayerKind cossacks, KzPlayerKind turks, int level, gint64 start)
{
  g_autoptr (KzGame) g = kz_game_new ();
  kz_game_set_player (g, KZ_COSSACKS, "C", cossacks, level);
  kz_game_set_player (g, KZ_TURKS, "T", turks, level);
  kz_game_set_start_time (g, start);
  gint64 id = kz_store_create_game (store, g, NULL);
  g_assert_cmpint (id, >, 0);
  return id;
}

static void
play_in (KzStore *store, gint64 id, const char *move)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) g = kz_store_load_game (store, id, &error);
  g_assert_no_error (error);
  g_assert_true (kz_game_play_text (g, move, &error));
  g_assert_no_error (error);
}

static gint64
find_unfinished (KzStore *store)
{
  g_autoptr (GError) error = NULL;
  gint64 id = -1;
  g_assert_true (kz_store_find_unfinished (store, &id, &error));
  g_assert_no_error (error);
  return id;
}

/* A human game, then newer games of random movers (kazaki-cli selfplay)
 * and of computers: the human game is the one to resume.  Among games
 * with a human side, the one played last wins, not the one started last. */
static void
test_resume (Fixture *f, gconstpointer data)
{
  g_autoptr (KzStore) store = open_ok (f->path);
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  g_assert_cmpint (find_unfinished (store), ==, 0);

  gint64 human = new_game (store, KZ_PLAYER_HUMAN, KZ_PLAYER_HUMAN, 0, now - 3600);
  play_in (store, human, "b4-a4");
  /* …played 50 minutes ago. */
  g_autofree char *sql = g_strdup_printf ("UPDATE moves SET played_at = %" G_GINT64_FORMAT
                                          " WHERE game_id = %" G_GINT64_FORMAT,
                                          (now - 3000) * 1000, human);
  g_assert_cmpint (sqlite3_exec (kz_store_get_db (store), sql, NULL, NULL, NULL), ==, SQLITE_OK);
  /* Newer selfplay games, unfinished, moves played after the human's. */
  for (int i = 0; i < 3; i++)
    {
      gint64 id = new_game (store, KZ_PLAYER_RANDOM, KZ_PLAYER_RANDOM, 0, now + i);
      play_in (store, id, "b4-a4");
    }
  gint64 cc = new_game (store, KZ_PLAYER_COMPUTER, KZ_PLAYER_COMPUTER, 3, now + 10);
  play_in (store, cc, "b4-a4");
  g_assert_cmpint (find_unfinished (store), ==, human);

  /* The random movers are stored as such, with no level. */
  g_autoptr (GPtrArray) list = kz_store_list_games (store, NULL, 0, 1, NULL);
  KzGameInfo *newest = g_ptr_array_index (list, 0);
  g_assert_cmpint (newest->kind[KZ_COSSACKS], ==, KZ_PLAYER_COMPUTER);
  g_assert_cmpint (newest->level[KZ_COSSACKS], ==, 3);
  g_autoptr (KzGameInfo) random = kz_store_get_game_info (store, human + 1, NULL);
  g_assert_cmpint (random->kind[KZ_COSSACKS], ==, KZ_PLAYER_RANDOM);
  g_assert_cmpint (random->kind[KZ_TURKS], ==, KZ_PLAYER_RANDOM);
  g_assert_cmpint (random->level[KZ_TURKS], ==, 0);

  /* A newer game against the computer (one human side), not yet played. */
  gint64 vs = new_game (store, KZ_PLAYER_HUMAN, KZ_PLAYER_COMPUTER, 2, now - 1);
  g_assert_cmpint (find_unfinished (store), ==, vs);
  /* The older human game is played again: it is the one to resume. */
  play_in (store, human, "b6-a6");
  g_assert_cmpint (find_unfinished (store), ==, human);
  /* A finished game is never resumed. */
  {
    g_autoptr (KzGame) g = kz_store_load_game (store, human, NULL);
    g_assert_true (kz_game_resign (g, KZ_TURKS, NULL));
  }
  g_assert_cmpint (find_unfinished (store), ==, vs);
  g_assert_true (kz_store_delete_games (store, &vs, 1, NULL));
  g_assert_cmpint (find_unfinished (store), ==, 0);
}

/* kz_store_open_existing() does not create a missing database. */
static void
test_open_existing (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (KzStore) none = kz_store_open_existing (f->path, &error);
  g_assert_null (none);
  g_assert_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_NO_DATABASE);
  assert_short_message (error, f->path);
  g_assert_false (g_file_test (f->path, G_FILE_TEST_EXISTS));
  g_clear_error (&error);
  g_autofree char *deeper = g_build_filename (f->dir, "sub", "games.db", NULL);
  g_autoptr (KzStore) none2 = kz_store_open_existing (deeper, NULL);
  g_assert_null (none2);
  g_autofree char *sub = g_path_get_dirname (deeper);
  g_assert_false (g_file_test (sub, G_FILE_TEST_EXISTS));
  make_database (f->path, 1);
  g_autoptr (KzStore) store = kz_store_open_existing (f->path, &error);
  g_assert_no_error (error);
  guint count = 0;
  g_assert_true (kz_store_count_games (store, NULL, &count, NULL));
  g_assert_cmpuint (count, ==, 1);
}

/* ---- SIGKILL durability ---------------------------------------------- */

static void
test_sigkill (Fixture *f, gconstpointer data)
{
  const char *cli = g_getenv ("KAZAKI_CLI");
  if (cli == NULL)
    {
      g_test_skip ("KAZAKI_CLI is not set (run through meson test)");
      return;
    }
  g_autoptr (GRand) rand = g_rand_new_with_seed (g_test_rand_int ());
  /* Every move any child reported: (id, ply) → move. */
  g_autoptr (GHashTable) reported = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  guint total = 0;
  for (int round = 0; round < 8; round++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *seed = g_strdup_printf ("%u", g_rand_int (rand));
      g_autoptr (GSubprocess) child =
        g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error, cli, "--db", f->path,
                          "selfplay", "--games", "1000", "--seed", seed, NULL);
      g_assert_no_error (error);
      g_autoptr (GDataInputStream) in =
        g_data_input_stream_new (g_subprocess_get_stdout_pipe (child));
      guint kill_after = (guint) g_rand_int_range (rand, 1, 400);
      guint n = 0;
      gboolean killed = FALSE;
      for (;;)
        {
          if (!killed && n >= kill_after)
            {
              /* Land the kill at a random moment inside the next commits. */
              g_usleep (g_rand_int_range (rand, 0, 3000));
              g_subprocess_send_signal (child, SIGKILL);
              killed = TRUE;
            }
          gsize len;
          g_autofree char *line = g_data_input_stream_read_line (in, &len, NULL, &error);
          g_assert_no_error (error);
          if (line == NULL)
            break;
          g_auto (GStrv) parts = g_strsplit (line, " ", 3);
          g_assert_cmpuint (g_strv_length (parts), ==, 3);
          g_hash_table_replace (reported, g_strdup_printf ("%s %s", parts[0], parts[1]),
                                g_strdup (parts[2]));
          n++;
        }
      g_assert_true (g_subprocess_wait (child, NULL, &error));
      g_assert_no_error (error);
      g_assert_true (killed);
      g_assert_true (g_subprocess_get_if_signaled (child));
      g_assert_cmpint (g_subprocess_get_term_sig (child), ==, SIGKILL);
      total += n;

      /* Every reported move is in the database, and it is sound. */
      g_autoptr (KzStore) store = open_ok (f->path);
      g_assert_true (kz_store_check_integrity (store, &error));
      g_assert_no_error (error);
      GHashTableIter it;
      gpointer key, value;
      g_hash_table_iter_init (&it, reported);
      g_autoptr (GHashTable) games = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_object_unref);
      while (g_hash_table_iter_next (&it, &key, &value))
        {
          gint64 id;
          guint ply;
          g_assert_cmpint (sscanf (key, "%" G_GINT64_FORMAT " %u", &id, &ply), ==, 2);
          KzGame *game = g_hash_table_lookup (games, &id);
          if (game == NULL)
            {
              game = kz_store_load_game (store, id, &error);
              g_assert_no_error (error);
              g_hash_table_insert (games, g_memdup2 (&id, sizeof id), game);
            }
          g_assert_cmpuint (kz_game_get_ply (game), >=, ply);
          g_assert_cmpstr (kz_game_get_move_text (game, ply - 1), ==, value);
        }
    }
  g_test_message ("%u reported moves over 8 killed children, all found", total);
  g_assert_cmpuint (total, >, 8);
}

/* ---- Files the store must refuse unchanged ---------------------------- */

static GBytes *
read_bytes (const char *path)
{
  g_autofree char *data = NULL;
  gsize len = 0;
  g_autoptr (GError) error = NULL;
  g_assert_true (g_file_get_contents (path, &data, &len, &error));
  return g_bytes_new_take (g_steal_pointer (&data), len);
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The names in the folder of `path`, sorted and joined by spaces. */
static char *
list_folder (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  GDir *d = g_dir_open (dir, 0, NULL);
  g_assert_nonnull (d);
  const char *name;
  while ((name = g_dir_read_name (d)))
    g_ptr_array_add (names, g_strdup (name));
  g_dir_close (d);
  g_ptr_array_sort (names, compare_names);
  g_ptr_array_add (names, NULL);
  return g_strjoinv (" ", (char **) names->pdata);
}

/* The message of a refusal: names the file, one short line. */
static void
assert_short_message (const GError *error, const char *path)
{
  g_assert_nonnull (strstr (error->message, path));
  g_assert_null (strchr (error->message, '\n'));
  g_assert_cmpuint (strlen (error->message), <=, 300);
}

/* Refused with `code`: the file unchanged byte for byte, no new file
 * (such as -wal or -shm) beside it, a short message naming it. */
static void
assert_refused_unchanged (const char *path, int code)
{
  g_autoptr (GBytes) before = read_bytes (path);
  g_autofree char *folder_before = list_folder (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (KzStore) store = kz_store_open (path, &error);
  g_assert_null (store);
  g_assert_error (error, KZ_STORE_ERROR, code);
  assert_short_message (error, path);
  g_test_message ("refused: %s", error->message);
  g_autoptr (GBytes) after = read_bytes (path);
  g_assert_true (g_bytes_equal (before, after));
  g_autofree char *folder_after = list_folder (path);
  g_assert_cmpstr (folder_before, ==, folder_after);
}

/* A database with a few games, closed cleanly (WAL checkpointed away). */
static void
make_database (const char *path, guint n_games)
{
  g_autoptr (KzStore) store = open_ok (path);
  g_autoptr (GRand) rand = g_rand_new_with_seed (3);
  for (guint i = 0; i < n_games; i++)
    {
      g_autoptr (KzGame) g = kz_game_new ();
      g_assert_cmpint (kz_store_create_game (store, g, NULL), >, 0);
      play_random (g, rand, 60);
    }
}

static void
test_not_a_database (Fixture *f, gconstpointer data)
{
  GString *junk = g_string_new (NULL);
  for (int i = 0; i < 200; i++)
    g_string_append (junk, "This is a letter, not a game database.\n");
  g_assert_true (g_file_set_contents (f->path, junk->str, (gssize) junk->len, NULL));
  g_string_free (junk, TRUE);
  assert_refused_unchanged (f->path, KZ_STORE_ERROR_NOT_A_DATABASE);

  /* An SQLite database of some other program. */
  g_autofree char *other = g_build_filename (f->dir, "other.db", NULL);
  sqlite3 *db;
  g_assert_cmpint (sqlite3_open (other, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "CREATE TABLE notes (t TEXT); INSERT INTO notes VALUES ('hi');",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  assert_refused_unchanged (other, KZ_STORE_ERROR_NOT_KAZAKI);

  /* A folder where the file should be. */
  g_autofree char *folder = g_build_filename (f->dir, "folder.db", NULL);
  g_assert_cmpint (g_mkdir (folder, 0700), ==, 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (KzStore) store = kz_store_open (folder, &error);
  g_assert_null (store);
  g_assert_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_CANNOT_OPEN);
}

/* The first problem PRAGMA quick_check finds in the file at `path`,
 * read with SQLite directly (read-only), or NULL when it finds none. */
static char *
first_check_problem (const char *path)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *s = NULL;
  char *first = NULL;

  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "PRAGMA quick_check", -1, &s, NULL), ==, SQLITE_OK);
  while (first == NULL && sqlite3_step (s) == SQLITE_ROW)
    {
      g_auto (GStrv) lines = g_strsplit ((const char *) sqlite3_column_text (s, 0), "\n", -1);
      for (guint i = 0; lines[i] && first == NULL; i++)
        {
          g_strstrip (lines[i]);
          if (lines[i][0] != '\0' && !g_str_has_prefix (lines[i], "*** ")
              && strcmp (lines[i], "ok") != 0)
            first = g_strdup (lines[i]);
        }
    }
  sqlite3_finalize (s);
  sqlite3_close (db);
  return first;
}

static void
test_corrupt (Fixture *f, gconstpointer data)
{
  make_database (f->path, 30);
  g_autofree char *contents = NULL;
  gsize len = 0;
  g_assert_true (g_file_get_contents (f->path, &contents, &len, NULL));
  g_assert_cmpuint (len, >, 4 * 4096);

  /* Garbage over the second page (a b-tree page). */
  g_autofree char *bad = g_memdup2 (contents, len);
  for (gsize i = 4096; i < 8192; i++)
    bad[i] = (char) (0x5a ^ (i * 7));
  g_assert_true (g_file_set_contents (f->path, bad, (gssize) len, NULL));
  assert_refused_unchanged (f->path, KZ_STORE_ERROR_CORRUPT);

  /* Pages the database no longer points to (its free list forgotten):
   * SQLite reports each of them; the message stays one short line that
   * says how many and gives the first. */
  g_assert_true (g_file_set_contents (f->path, contents, (gssize) len, NULL));
  {
    g_autoptr (KzStore) store = open_ok (f->path);
    g_assert_cmpint (sqlite3_exec (kz_store_get_db (store),
                                   "DELETE FROM moves WHERE game_id > 3", NULL, NULL, NULL), ==, SQLITE_OK);
  }
  g_autofree char *freed = NULL;
  gsize freed_len = 0;
  g_assert_true (g_file_get_contents (f->path, &freed, &freed_len, NULL));
  g_assert_cmpuint (freed_len, >, 100);
  g_assert_cmpuint (freed[36] | freed[37] | freed[38] | freed[39], !=, 0);  /* free pages */
  memset (freed + 32, 0, 8);   /* first free-list page and their count */
  g_assert_true (g_file_set_contents (f->path, freed, (gssize) freed_len, NULL));
  assert_refused_unchanged (f->path, KZ_STORE_ERROR_CORRUPT);
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (KzStore) store = kz_store_open (f->path, &error);
    g_assert_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_CORRUPT);
    g_assert_nonnull (strstr (error->message, " problems, the first: "));
    /* The first problem is the one SQLite itself reports first (its
     * wording differs between SQLite versions, so ask SQLite). */
    g_autofree char *first = first_check_problem (f->path);
    g_assert_nonnull (first);
    g_assert_nonnull (strstr (error->message, first));
  }

  /* Cut in half. */
  g_assert_true (g_file_set_contents (f->path, contents, (gssize) (len / 2), NULL));
  assert_refused_unchanged (f->path, KZ_STORE_ERROR_CORRUPT);

  /* Garbage in the first page after the header (the schema). */
  memcpy (bad, contents, len);
  for (gsize i = 100; i < 4096; i++)
    bad[i] = (char) (i * 13);
  g_assert_true (g_file_set_contents (f->path, bad, (gssize) len, NULL));
  g_autoptr (GBytes) before = read_bytes (f->path);
  g_autoptr (GError) error = NULL;
  g_autoptr (KzStore) store = kz_store_open (f->path, &error);
  g_assert_null (store);
  g_assert_nonnull (error);
  g_assert_true (error->domain == KZ_STORE_ERROR);
  g_assert_true (error->code == KZ_STORE_ERROR_CORRUPT || error->code == KZ_STORE_ERROR_NOT_A_DATABASE);
  g_autoptr (GBytes) after = read_bytes (f->path);
  g_assert_true (g_bytes_equal (before, after));
}

static void
test_too_new (Fixture *f, gconstpointer data)
{
  make_database (f->path, 2);
  sqlite3 *db;
  g_assert_cmpint (sqlite3_open (f->path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA user_version = 99", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  assert_refused_unchanged (f->path, KZ_STORE_ERROR_TOO_NEW);
}

static void
test_read_only (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  /* The directory would have to be a regular file: works even as root. */
  g_autofree char *file = g_build_filename (f->dir, "plain-file", NULL);
  g_assert_true (g_file_set_contents (file, "x", 1, NULL));
  g_autofree char *below = g_build_filename (file, "games.db", NULL);
  g_autoptr (KzStore) s1 = kz_store_open (below, &error);
  g_assert_null (s1);
  g_assert_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_CANNOT_OPEN);
  g_assert_nonnull (strstr (error->message, below));
  g_clear_error (&error);

  /* A read-only file system (/proc refuses new entries even to root). */
  g_autoptr (KzStore) s2 = kz_store_open ("/proc/kazaki-test/games.db", &error);
  g_assert_null (s2);
  g_assert_nonnull (error);
  g_assert_true (error->domain == KZ_STORE_ERROR);
  g_clear_error (&error);

  /* A directory without write permission: only meaningful when not root. */
  g_autofree char *ro = g_build_filename (f->dir, "ro", NULL);
  g_assert_cmpint (g_mkdir (ro, 0500), ==, 0);
  g_autofree char *inside = g_build_filename (ro, "games.db", NULL);
  g_autoptr (KzStore) s3 = kz_store_open (inside, &error);
  if (geteuid () == 0)
    {
      /* root writes anyway; the store must then simply work. */
      g_assert_no_error (error);
      g_assert_nonnull (s3);
    }
  else
    {
      g_assert_null (s3);
      g_assert_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_READ_ONLY);
      g_assert_false (g_file_test (inside, G_FILE_TEST_EXISTS));
    }
  g_clear_error (&error);

  /* An existing database file without write permission (not root). */
  if (geteuid () != 0)
    {
      make_database (f->path, 1);
      g_assert_cmpint (g_chmod (f->path, 0400), ==, 0);
      assert_refused_unchanged (f->path, KZ_STORE_ERROR_READ_ONLY);
    }
}

/* A read-only directory that holds even for root (immutable attribute). */
static void
test_immutable (Fixture *f, gconstpointer data)
{
  g_autofree char *ro = g_build_filename (f->dir, "ro", NULL);
  g_assert_cmpint (g_mkdir (ro, 0700), ==, 0);
  g_autofree char *existing = g_build_filename (ro, "games.db", NULL);
  make_database (existing, 3);
  g_autofree char *wal = g_strconcat (existing, "-wal", NULL);
  g_assert_false (g_file_test (wal, G_FILE_TEST_EXISTS));   /* closed cleanly */
  if (!set_immutable (ro, TRUE))
    {
      g_test_skip ("cannot make a directory immutable here (no CAP_LINUX_IMMUTABLE or no support)");
      return;
    }
  /* A new database in the read-only directory. */
  g_autofree char *fresh = g_build_filename (ro, "new.db", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (KzStore) s1 = kz_store_open (fresh, &error);
  g_assert_null (s1);
  g_assert_nonnull (error);
  g_assert_true (error->domain == KZ_STORE_ERROR);
  g_assert_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_READ_ONLY);
  g_assert_nonnull (strstr (error->message, fresh));
  g_test_message ("new file: %s", error->message);
  g_clear_error (&error);
  g_assert_false (g_file_test (fresh, G_FILE_TEST_EXISTS));

  /* An existing database there: WAL needs files beside it. */
  g_autoptr (GBytes) before = read_bytes (existing);
  g_autoptr (KzStore) s2 = kz_store_open (existing, &error);
  g_autoptr (GBytes) after = read_bytes (existing);
  set_immutable (ro, FALSE);
  g_assert_null (s2);
  g_assert_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_READ_ONLY);
  g_assert_nonnull (strstr (error->message, existing));
  g_test_message ("existing file: %s", error->message);
  g_clear_error (&error);
  g_assert_true (g_bytes_equal (before, after));

  /* The database file itself immutable. */
  g_assert_true (set_immutable (existing, TRUE));
  g_autoptr (GBytes) before2 = read_bytes (existing);
  g_autoptr (KzStore) s3 = kz_store_open (existing, &error);
  g_autoptr (GBytes) after2 = read_bytes (existing);
  g_assert_null (s3);
  g_assert_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_READ_ONLY);
  g_test_message ("immutable file: %s", error->message);
  g_assert_true (g_bytes_equal (before2, after2));
  g_clear_error (&error);

  /* Issue 15, defect 9: what cannot be written can still be read, in a
   * read-only folder and as a read-only file; changes are refused. */
  for (int where = 0; where < 2; where++)
    {
      if (where == 0)
        {
          set_immutable (existing, FALSE);
          g_assert_true (set_immutable (ro, TRUE));
        }
      g_autoptr (KzStore) reader = kz_store_open_for_reading (existing, &error);
      g_assert_no_error (error);
      g_assert_true (kz_store_is_read_only (reader));
      guint n = 0;
      g_assert_true (kz_store_count_games (reader, NULL, &n, NULL));
      g_assert_cmpuint (n, ==, 3);
      g_autoptr (GPtrArray) list = kz_store_list_games (reader, NULL, 0, 10, &error);
      g_assert_no_error (error);
      g_autoptr (KzGame) game = kz_store_load_game (reader, ((KzGameInfo *) list->pdata[0])->id,
                                                    &error);
      g_assert_no_error (error);
      g_assert_cmpuint (kz_game_get_ply (game), >, 0);
      g_autoptr (KzGame) fresh_game = kz_game_new ();
      g_assert_cmpint (kz_store_create_game (reader, fresh_game, &error), ==, 0);
      g_assert_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_READ_ONLY);
      g_clear_error (&error);
      g_clear_object (&game);
      g_clear_object (&reader);
      if (where == 0)
        set_immutable (ro, FALSE);
      else
        set_immutable (existing, FALSE);
      g_autoptr (GBytes) after3 = read_bytes (existing);
      g_assert_true (g_bytes_equal (before2, after3));
      if (where == 0)
        g_assert_true (set_immutable (existing, TRUE));
    }
  set_immutable (existing, FALSE);
  set_immutable (ro, FALSE);

  /* Writable again: the same file opens and still holds its games. */
  g_autoptr (KzStore) s4 = open_ok (existing);
  guint count = 0;
  g_assert_true (kz_store_count_games (s4, NULL, &count, NULL));
  g_assert_cmpuint (count, ==, 3);
}

/* The disk fills up (simulated with max_page_count): the move is not
 * played, the game in memory and on disk agree, and play can go on in
 * memory after detaching. */
static void
test_disk_full (Fixture *f, gconstpointer data)
{
  g_autoptr (KzStore) store = open_ok (f->path);
  sqlite3 *db = kz_store_get_db (store);
  g_autoptr (GRand) rand = g_rand_new_with_seed (11);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA max_page_count = 8", NULL, NULL, NULL), ==, SQLITE_OK);
  GError *error = NULL;
  gboolean full = FALSE;
  for (int g = 0; g < 200 && !full; g++)
    {
      g_autoptr (KzGame) game = kz_game_new ();
      if (kz_store_create_game (store, game, &error) == 0)
        {
          g_assert_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_FULL);
          g_clear_error (&error);
          full = TRUE;
          break;
        }
      while (!kz_game_is_over (game) && kz_game_get_ply (game) < 300)
        {
          g_autoptr (GArray) list = kz_game_list_moves (game, KZ_NO_POINT);
          const KzMove *m = &g_array_index (list, KzMove, g_rand_int_range (rand, 0, (gint) list->len));
          guint ply = kz_game_get_ply (game);
          g_autofree char *kpn = kz_game_dup_kpn_at (game, ply);
          if (kz_game_play (game, m, &error))
            continue;
          g_assert_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_STORE);
          g_assert_nonnull (strstr (error->message, "full"));
          g_clear_error (&error);
          full = TRUE;
          /* Nothing changed in memory… */
          g_assert_cmpuint (kz_game_get_ply (game), ==, ply);
          g_autofree char *kpn_after = kz_game_dup_kpn_at (game, ply);
          g_assert_cmpstr (kpn, ==, kpn_after);
          /* …nor on disk. */
          g_autoptr (KzGameInfo) info = kz_store_get_game_info (store, kz_game_get_id (game), NULL);
          g_assert_cmpuint (info->plies, ==, ply);
          /* The caller can go on in memory. */
          kz_game_detach (game);
          g_assert_true (kz_game_play (game, m, NULL));
          break;
        }
    }
  g_assert_true (full);
  g_assert_true (kz_store_check_integrity (store, NULL));
}

/* ---- Migration from schema version 1 ----------------------------------- */

static void
test_migration (Fixture *f, gconstpointer data)
{
  sqlite3 *db = old_schema_open (f->path, 1);
  g_assert_cmpint (sqlite3_exec (db,
    "INSERT INTO games (id, cossacks, turks, turks_kind, turks_level, start_kpn, start_time) "
    "  VALUES (1, 'Ivan', 'Computer', 1, 2, '" KZ_START_KPN "', 1700000000);"
    "INSERT INTO moves VALUES (1, 1, 'b4-a4', 1700000001000), (1, 2, 'b6-a6', 1700000002000),"
    "  (1, 3, 'a4-a5', 1700000003000);"
    "INSERT INTO games (id, cossacks, turks, start_kpn, start_time, end_time, result, termination) "
    "  VALUES (2, 'Petro', 'Ali', '" KZ_START_KPN "', 1700000100, 1700000200, 3, 5);"
    "INSERT INTO moves VALUES (2, 1, 'c4-c5', 1700000101000);",
    NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  g_autoptr (KzStore) store = open_ok (f->path);
  g_assert_cmpint (old_schema_version_of (store), ==, KZ_STORE_SCHEMA_VERSION);

  g_autoptr (GError) error = NULL;
  g_autoptr (KzGameInfo) info = kz_store_get_game_info (store, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (info->cossacks, ==, "Ivan");
  g_assert_cmpint (info->kind[KZ_TURKS], ==, KZ_PLAYER_COMPUTER);
  /* level 2 of the five levels is today's 4 (version 11) */
  g_assert_cmpint (info->level[KZ_TURKS], ==, 4);
  g_assert_cmpuint (info->plies, ==, 3);
  g_autoptr (KzGame) game = kz_store_load_game (store, 1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kz_game_get_ply (game), ==, 3);
  g_autofree char *kpn = kz_game_dup_kpn_at (game, 3);
  g_assert_cmpstr (info->final_kpn, ==, kpn);
  g_assert_cmpint (kz_game_get_move_time (game, 1), ==, 1700000002000);

  g_autoptr (KzGame) draw = kz_store_load_game (store, 2, &error);
  g_assert_no_error (error);
  g_assert_cmpint (kz_game_get_result (draw), ==, KZ_RESULT_DRAW);
  g_assert_cmpint (kz_game_get_termination (draw), ==, KZ_TERMINATION_AGREEMENT);

  /* The migrated database records moves like a new one. */
  g_assert_true (kz_game_play_text (game, "a6xa4", NULL));
  g_autoptr (KzGameInfo) info2 = kz_store_get_game_info (store, 1, NULL);
  g_assert_cmpuint (info2->plies, ==, 4);
  g_assert_true (kz_store_check_integrity (store, NULL));

  /* Opening again does not migrate twice. */
  g_clear_object (&game);
  g_clear_object (&draw);
  g_clear_object (&store);
  g_autoptr (KzStore) again = open_ok (f->path);
  g_autoptr (KzGameInfo) info3 = kz_store_get_game_info (again, 1, NULL);
  g_assert_cmpuint (info3->plies, ==, 4);
}

/* Version 2 recorded selfplay's random movers as computers of level 0;
 * version 3 makes them random movers and never resumes their games. */
static void
test_migration_v2 (Fixture *f, gconstpointer data)
{
  const gint64 human = 1, selfplay = 2, computer = 3;
  /* What version 2 wrote: selfplay's random movers as computers of level 0. */
  sqlite3 *db = old_schema_open (f->path, 2);
  g_assert_cmpint (sqlite3_exec (db,
    "INSERT INTO games (id, cossacks_kind, turks_kind, turks_level, start_kpn, start_time, final_kpn) "
    "  VALUES (1, 0, 1, 4, '" KZ_START_KPN "', 1700000000, '" KZ_START_KPN "'),"
    "         (2, 1, 1, 0, '" KZ_START_KPN "', 1700000100, NULL),"
    "         (3, 1, 1, 1, '" KZ_START_KPN "', 1700000200, '" KZ_START_KPN "');"
    "UPDATE games SET plies = 1 WHERE id = 2;"
    "INSERT INTO moves (game_id, ply, move, played_at) VALUES (2, 1, 'b4-a4', 1700000101000);",
    NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);

  g_autoptr (KzStore) store = open_ok (f->path);
  sqlite3_stmt *s;
  g_assert_cmpint (sqlite3_prepare_v2 (kz_store_get_db (store),
                                       "SELECT count(*) FROM sqlite_master WHERE name = 'games_resumable' "
                                       "UNION ALL SELECT user_version FROM pragma_user_version",
                                       -1, &s, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (s), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int (s, 0), ==, 1);
  g_assert_cmpint (sqlite3_step (s), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int (s, 0), ==, KZ_STORE_SCHEMA_VERSION);
  sqlite3_finalize (s);
  g_autoptr (KzGameInfo) a = kz_store_get_game_info (store, human, NULL);
  g_autoptr (KzGameInfo) b = kz_store_get_game_info (store, selfplay, NULL);
  g_autoptr (KzGameInfo) c = kz_store_get_game_info (store, computer, NULL);
  g_assert_cmpint (a->kind[KZ_COSSACKS], ==, KZ_PLAYER_HUMAN);
  g_assert_cmpint (a->kind[KZ_TURKS], ==, KZ_PLAYER_COMPUTER);
  /* level 4 of the five levels is today's 9 (version 11) */
  g_assert_cmpint (a->level[KZ_TURKS], ==, 9);
  g_assert_cmpint (b->kind[KZ_COSSACKS], ==, KZ_PLAYER_RANDOM);
  g_assert_cmpint (b->kind[KZ_TURKS], ==, KZ_PLAYER_RANDOM);
  g_assert_cmpint (c->kind[KZ_TURKS], ==, KZ_PLAYER_COMPUTER);
  g_assert_cmpint (c->level[KZ_TURKS], ==, 1);
  g_assert_cmpint (find_unfinished (store), ==, human);
}

/* Version 11 has nine computer levels: a game stored with one of the five
 * earlier levels opens with the mapped level (1, 4, 6, 9, 9); humans keep
 * level 0. */
static void
test_migration_levels (Fixture *f, gconstpointer data)
{
  sqlite3 *db = old_schema_open (f->path, 10);
  for (int old = 1; old <= KZ_SEARCH_OLD_MAX_LEVEL; old++)
    {
      g_autofree char *sql = g_strdup_printf (
        "INSERT INTO games (id, cossacks_kind, cossacks_level, turks_kind, turks_level, start_kpn, "
        "  start_time) VALUES (%d, 1, %d, 0, 0, '" KZ_START_KPN "', %d)", old, old,
        1700000000 + old);
      g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
    }
  sqlite3_close (db);

  g_autoptr (KzStore) store = open_ok (f->path);
  g_assert_cmpint (old_schema_version_of (store), ==, KZ_STORE_SCHEMA_VERSION);
  static const int mapped[] = { 0, 1, 4, 6, 9, 9 };
  for (int old = 1; old <= KZ_SEARCH_OLD_MAX_LEVEL; old++)
    {
      g_assert_cmpint (kz_search_level_from_old (old), ==, mapped[old]);
      g_autoptr (KzGameInfo) info = kz_store_get_game_info (store, old, NULL);
      g_assert_nonnull (info);
      g_assert_cmpint (info->kind[KZ_COSSACKS], ==, KZ_PLAYER_COMPUTER);
      g_assert_cmpint (info->level[KZ_COSSACKS], ==, mapped[old]);
      g_assert_cmpint (info->level[KZ_TURKS], ==, 0);
      g_autoptr (GError) error = NULL;
      g_autoptr (KzGame) game = kz_store_load_game (store, old, &error);
      g_assert_no_error (error);
      g_assert_cmpint (kz_game_get_player_level (game, KZ_COSSACKS), ==, mapped[old]);
    }
}

/* Version 5 records imports.  From every earlier version: the games imported before (moves without a time) become one
 * batch, are never resumed, and every game is ordered by when it came. */
static void
test_migration_imports (Fixture *f, gconstpointer data)
{
  /* (imports came with version 6) */
  for (int from = 1; from < 6; from++)
    {
      g_test_message ("from version %d", from);
      sqlite3 *db = old_schema_open (f->path, from);
      /* Game 1 played here; game 2 imported with a KGN date after it;
       * game 3 imported without moves (cannot be told from a new game). */
      g_assert_cmpint (sqlite3_exec (db,
        "INSERT INTO games (id, cossacks, turks, start_kpn, start_time) VALUES "
        "  (1, 'Here', 'Too', '" KZ_START_KPN "', 1700000000),"
        "  (2, 'Im', 'Ported', '" KZ_START_KPN "', 1700043200);"
        "INSERT INTO moves (game_id, ply, move, played_at) VALUES (1, 1, 'b4-a4', 1700000001000), (2, 1, 'c4-c5', 0);",
        NULL, NULL, NULL), ==, SQLITE_OK);
      if (from >= 2)
        g_assert_cmpint (sqlite3_exec (db, "UPDATE games SET plies = 1", NULL, NULL, NULL),
                         ==, SQLITE_OK);
      sqlite3_close (db);

      {
        g_autoptr (KzStore) store = open_ok (f->path);
        g_assert_cmpint (old_schema_version_of (store), ==, KZ_STORE_SCHEMA_VERSION);
        g_autoptr (GPtrArray) imports = kz_store_list_imports (store, NULL);
        g_assert_cmpuint (imports->len, ==, 1);
        KzImportInfo *batch = imports->pdata[0];
        g_assert_cmpstr (batch->file, ==, "");
        g_assert_cmpuint (batch->games, ==, 1);
        g_assert_cmpuint (batch->remaining, ==, 1);
        g_autoptr (KzGameInfo) here = kz_store_get_game_info (store, 1, NULL);
        g_autoptr (KzGameInfo) imported = kz_store_get_game_info (store, 2, NULL);
        g_assert_cmpint (here->import_id, ==, 0);
        g_assert_cmpint (here->added_time, ==, 1700000000);
        g_assert_cmpint (imported->import_id, ==, batch->id);
        /* The imported game is not resumed although its date is later. */
        g_assert_cmpint (find_unfinished (store), ==, 1);
        g_autoptr (KzGame) game = kz_store_load_game (store, 2, NULL);
        g_assert_nonnull (game);
        g_assert_true (kz_store_check_integrity (store, NULL));
        /* Its games can be deleted as one import. */
        guint n = 0;
        g_assert_true (kz_store_delete_import (store, batch->id, &n, NULL));
        g_assert_cmpuint (n, ==, 1);
        g_autoptr (GPtrArray) left = kz_store_list_games (store, NULL, 0, 10, NULL);
        g_assert_cmpuint (left->len, ==, 1);
      }
      /* Opened again: nothing to migrate. */
      {
        g_autoptr (KzStore) store = open_ok (f->path);
        g_assert_cmpint (old_schema_version_of (store), ==, KZ_STORE_SCHEMA_VERSION);
      }
      remove_database (f->path);
    }
}

static gint64
pragma_int (sqlite3 *db, const char *pragma)
{
  g_autofree char *sql = g_strdup_printf ("PRAGMA %s", pragma);
  sqlite3_stmt *s;
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &s, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (s), ==, SQLITE_ROW);
  gint64 v = sqlite3_column_int64 (s, 0);
  sqlite3_finalize (s);
  return v;
}

static char *
pragma_text (sqlite3 *db, const char *pragma)
{
  g_autofree char *sql = g_strdup_printf ("PRAGMA %s", pragma);
  sqlite3_stmt *s;
  g_assert_cmpint (sqlite3_prepare_v2 (db, sql, -1, &s, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (s), ==, SQLITE_ROW);
  char *v = g_strdup ((const char *) sqlite3_column_text (s, 0));
  sqlite3_finalize (s);
  return v;
}

/* Issue 15, SQLite practice: application_id set and checked; a clean
 * close leaves no WAL content; a remote file system gets the rollback
 * journal; a backup through the online backup API opens as a database. */
static void
test_sqlite_practice (Fixture *f, gconstpointer data)
{
  make_database (f->path, 2);
  {
    g_autoptr (KzStore) store = open_ok (f->path);
    g_assert_cmpint (pragma_int (kz_store_get_db (store), "application_id"), ==, 0x4b7a4b67);
    g_autofree char *mode = pragma_text (kz_store_get_db (store), "journal_mode");
    g_assert_cmpstr (mode, ==, "wal");
    g_autoptr (KzGame) g = kz_game_new ();
    g_assert_cmpint (kz_store_create_game (store, g, NULL), >, 0);
    g_assert_true (kz_game_play_text (g, "b4-a4", NULL));
  }
  /* Closed cleanly: the WAL is empty or gone. */
  g_autofree char *wal = g_strconcat (f->path, "-wal", NULL);
  GStatBuf st;
  g_assert_true (g_stat (wal, &st) != 0 || st.st_size == 0);

  /* The same tables in another program's file (another application_id). */
  g_autofree char *other = g_build_filename (f->dir, "other.db", NULL);
  make_database (other, 1);
  sqlite3 *db;
  g_assert_cmpint (sqlite3_open (other, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, "PRAGMA application_id = 1234", NULL, NULL, NULL), ==, SQLITE_OK);
  sqlite3_close (db);
  assert_refused_unchanged (other, KZ_STORE_ERROR_NOT_KAZAKI);

  /* A backup: a consistent copy that opens with the same games. */
  g_autofree char *copy = g_build_filename (f->dir, "backup.db", NULL);
  g_autoptr (GError) error = NULL;
  {
    g_autoptr (KzStore) store = open_ok (f->path);
    g_assert_true (kz_store_backup (store, copy, &error));
    g_assert_no_error (error);
    g_autoptr (KzStore) backup = open_ok (copy);
    guint a = 0, b = 0;
    g_assert_true (kz_store_count_games (store, NULL, &a, NULL));
    g_assert_true (kz_store_count_games (backup, NULL, &b, NULL));
    g_assert_cmpuint (a, ==, 3);
    g_assert_cmpuint (b, ==, a);
    g_assert_true (kz_store_check_integrity (backup, NULL));
    /* Into a folder that does not exist: an error, nothing left behind. */
    g_autofree char *nowhere = g_build_filename (f->dir, "no", "such", "backup.db", NULL);
    g_assert_false (kz_store_backup (store, nowhere, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
  }

  /* On a remote file system: the rollback journal, never a -wal. */
  g_autofree char *remote = g_build_filename (f->dir, "remote.db", NULL);
  kz_store_assume_remote (TRUE);
  {
    g_autoptr (KzStore) store = open_ok (remote);
    g_autofree char *mode = pragma_text (kz_store_get_db (store), "journal_mode");
    g_assert_cmpstr (mode, ==, "delete");
    g_autoptr (KzGame) g = kz_game_new ();
    g_assert_cmpint (kz_store_create_game (store, g, NULL), >, 0);
    g_assert_true (kz_game_play_text (g, "b4-a4", NULL));
    g_assert_true (kz_kgn_import (store, "1. b4-b5 *\n", -1, NULL, NULL, NULL));
    g_autofree char *rwal = g_strconcat (remote, "-wal", NULL);
    g_assert_false (g_file_test (rwal, G_FILE_TEST_EXISTS));
  }
  /* A WAL file opened from a remote file system is switched over. */
  {
    g_autoptr (KzStore) store = open_ok (f->path);
    g_autofree char *mode = pragma_text (kz_store_get_db (store), "journal_mode");
    g_assert_cmpstr (mode, ==, "delete");
  }
  kz_store_assume_remote (FALSE);
}

static void
test_damaged_game (Fixture *f, gconstpointer data)
{
  gint64 id;
  {
    g_autoptr (KzStore) store = open_ok (f->path);
    g_autoptr (KzGame) g = kz_game_new ();
    id = kz_store_create_game (store, g, NULL);
    g_assert_true (kz_game_play_text (g, "b4-a4", NULL));
    g_assert_true (kz_game_play_text (g, "b6-a6", NULL));
    /* Another program writes an illegal move into the file. */
    g_assert_cmpint (sqlite3_exec (kz_store_get_db (store),
                                   "UPDATE moves SET move = 'a4-a6' WHERE ply = 2", NULL, NULL, NULL),
                     ==, SQLITE_OK);
  }
  g_autoptr (KzStore) store = open_ok (f->path);
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) g = kz_store_load_game (store, id, &error);
  g_assert_null (g);
  g_assert_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_INVALID);
  g_assert_nonnull (strstr (error->message, "move 2"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_setup, fn, fixture_teardown)
  ADD ("/model/store/round-trip", test_round_trip);
  ADD ("/model/store/queries", test_queries);
  ADD ("/model/store/resume", test_resume);
  ADD ("/model/store/open-existing", test_open_existing);
  ADD ("/model/store/sigkill", test_sigkill);
  ADD ("/model/store/not-a-database", test_not_a_database);
  ADD ("/model/store/corrupt", test_corrupt);
  ADD ("/model/store/too-new", test_too_new);
  ADD ("/model/store/read-only", test_read_only);
  ADD ("/model/store/read-only-immutable", test_immutable);
  ADD ("/model/store/disk-full", test_disk_full);
  ADD ("/model/store/migration-v1", test_migration);
  ADD ("/model/store/migration-v2", test_migration_v2);
  ADD ("/model/store/migration-imports", test_migration_imports);
  ADD ("/model/store/migration-levels", test_migration_levels);
  ADD ("/model/store/sqlite-practice", test_sqlite_practice);
  ADD ("/model/store/damaged-game", test_damaged_game);
  return g_test_run ();
}
