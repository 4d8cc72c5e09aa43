/* test-model-cli.c — kazaki-cli's database commands (KAZAKI_CLI) and that
 * what they record is what the model reads back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib/gstdio.h>

#include "kz-game.h"
#include "kz-kgn.h"
#include "kz-store.h"
#include "kz-store-private.h"
#include "remove-files.h"
#include "run-cli.h"

static char *dir;
static char *db;

static void
test_play_list_show (void)
{
  g_autofree char *out = NULL, *err = NULL;
  g_assert_cmpint (run_cli (db, &out, NULL, "new", "--cossacks", "Ivan", "--turks=Ali", NULL),
                   ==, 0);
  gint64 id = g_ascii_strtoll (out, NULL, 10);
  g_assert_cmpint (id, >, 0);
  g_autofree char *ids = g_strdup_printf ("%" G_GINT64_FORMAT, id);

  /* b4-a4 b6-a6 a4-a5 are legal; then b7-b6 is not (a6xa4 is compulsory):
   * exit 2, the three legal moves stay, the illegal one is not recorded. */
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (db, NULL, &err, "play", ids, "b4-a4", "b6-a6", "a4-a5", "b7-b6", NULL),
                   ==, 2);
  g_assert_nonnull (strstr (err, "A capture is compulsory"));
  g_assert_nonnull (strstr (err, "b7-b6"));
  {
    g_autoptr (KzStore) store = kz_store_open (db, NULL);
    g_autoptr (KzGame) game = kz_store_load_game (store, id, NULL);
    g_assert_cmpuint (kz_game_get_ply (game), ==, 3);
    g_assert_cmpstr (kz_game_get_move_text (game, 2), ==, "a4-a5");
  }
  g_assert_cmpint (run_cli (db, NULL, NULL, "undo", ids, NULL), ==, 0);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (db, &out, NULL, "list", NULL), ==, 0);
  g_auto (GStrv) fields = g_strsplit (g_strchomp (out), "\t", -1);
  g_assert_cmpuint (g_strv_length (fields), ==, 7);
  g_assert_cmpstr (fields[0], ==, ids);
  g_assert_cmpstr (fields[2], ==, "Ivan");
  g_assert_cmpstr (fields[3], ==, "Ali");
  g_assert_cmpstr (fields[4], ==, "*");
  g_assert_cmpstr (fields[5], ==, "unterminated");
  g_assert_cmpstr (fields[6], ==, "2");

  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (db, &out, NULL, "show", ids, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "[Cossacks \"Ivan\"]\n[Turks \"Ali\"]\n[Result \"*\"]\n"));
  g_assert_true (g_str_has_suffix (out, "\n1. b4-a4 b6-a6 *\n"));

  /* Bad input: exit 2. */
  g_assert_cmpint (run_cli (db, NULL, NULL, "show", "999999", NULL), ==, 2);
  g_assert_cmpint (run_cli (db, NULL, NULL, "play", "abc", "b4-a4", NULL), ==, 2);
  g_assert_cmpint (run_cli (db, NULL, NULL, "new", "--bogus", NULL), ==, 2);
  g_assert_cmpint (run_cli (db, NULL, NULL, "selfplay", "--games", "x", NULL), ==, 2);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (db, &out, NULL, "selfplay", "--help", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "Usage"));
}

static void
test_export_import (void)
{
  g_autofree char *out = NULL, *err = NULL;
  g_assert_cmpint (run_cli (db, &out, NULL, "selfplay", "--games", "3", "--seed", "42",
                            "--max-plies", "40", NULL), ==, 0);
  g_auto (GStrv) lines = g_strsplit (g_strchomp (out), "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), >=, 3);
  g_autofree char *kgn = g_build_filename (dir, "all.kgn", NULL);
  g_assert_cmpint (run_cli (db, NULL, NULL, "export", "-o", kgn, NULL), ==, 0);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (kgn, &text, NULL, NULL));

  /* Into a second database: same text back. */
  g_autofree char *db1 = db;
  db = g_build_filename (dir, "second.db", NULL);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (db, &out, NULL, "import", kgn, NULL), ==, 0);
  g_assert_nonnull (strstr (out, "4 imported, 0 duplicates skipped, 0 could not be read\n"));
  g_autofree char *kgn2 = g_build_filename (dir, "again.kgn", NULL);
  g_assert_cmpint (run_cli (db, NULL, NULL, "export", "-o", kgn2, NULL), ==, 0);
  g_autofree char *text2 = NULL;
  g_assert_true (g_file_get_contents (kgn2, &text2, NULL, NULL));
  g_assert_cmpstr (text, ==, text2);

  /* A file with a bad game: the good ones import, exit 2, the place named. */
  g_autofree char *bad = g_build_filename (dir, "bad.kgn", NULL);
  g_assert_true (g_file_set_contents (bad, "1. b4-a4 *\n\n[Event \"x\"]\n1. b4-b6 *\n\n[Event \"y\"]\n1. d4-e4 *\n", -1, NULL));
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (db, &out, &err, "import", bad, NULL), ==, 2);
  g_assert_nonnull (strstr (out, "2 imported, 0 duplicates skipped, 1 could not be read\n"));
  g_assert_nonnull (strstr (err, "line 4, column 4: "));

  /* Not a database: exit 1, file untouched. */
  g_free (db);
  db = g_build_filename (dir, "letter.txt", NULL);
  g_assert_true (g_file_set_contents (db, "Dear Sultan,\n", -1, NULL));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (db, NULL, &err, "list", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "letter.txt"));
  g_autofree char *letter = NULL;
  g_assert_true (g_file_get_contents (db, &letter, NULL, NULL));
  g_assert_cmpstr (letter, ==, "Dear Sultan,\n");
  g_free (db);
  db = g_steal_pointer (&db1);
}

/* Commands that read or change existing games do not create a missing
 * database: exit 2 (bad input: the user named a file that is not there)
 * and nothing appears in the folder. */
static void
test_missing_database (void)
{
  g_autofree char *db0 = db;
  g_autofree char *sub = g_build_filename (dir, "missing", NULL);
  db = g_build_filename (sub, "games.db", NULL);
  g_autofree char *kgn = g_build_filename (dir, "missing.kgn", NULL);
  const char *const cmds[][4] = {
    { "list", NULL }, { "show", "9999", NULL }, { "export", "-o", kgn, NULL },
    { "play", "1", "b4-a4", NULL }, { "undo", "1", NULL },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cmds); i++)
    {
      g_autofree char *err = NULL;
      g_assert_cmpint (run_cli (db, NULL, &err, cmds[i][0], cmds[i][1], cmds[i][2], cmds[i][3],
                                NULL), ==, 2);
      g_assert_nonnull (strstr (err, "no game database at"));
      g_assert_nonnull (strstr (err, db));
      g_assert_false (g_file_test (db, G_FILE_TEST_EXISTS));
      g_assert_false (g_file_test (sub, G_FILE_TEST_EXISTS));
      g_assert_false (g_file_test (kgn, G_FILE_TEST_EXISTS));
    }
  /* In an existing folder too. */
  g_free (db);
  db = g_build_filename (dir, "not-there.db", NULL);
  g_assert_cmpint (run_cli (db, NULL, NULL, "show", "9999", NULL), ==, 2);
  g_assert_false (g_file_test (db, G_FILE_TEST_EXISTS));
  g_free (db);
  db = g_steal_pointer (&db0);
}

/* selfplay: N and P from 1, like match; its players are random movers,
 * never a game to resume. */
static void
test_selfplay (void)
{
  g_autofree char *db0 = db;
  db = g_build_filename (dir, "selfplay.db", NULL);
  const char *const bad[][2] = {
    { "--games", "0" }, { "--games", "-1" }, { "--max-plies", "0" }, { "--games", "x" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *out = NULL, *err = NULL;
      g_assert_cmpint (run_cli (db, &out, &err, "selfplay", bad[i][0], bad[i][1], NULL), ==, 2);
      g_assert_cmpstr (out, ==, "");
      g_assert_nonnull (strstr (err, bad[i][0]));
      g_assert_nonnull (strstr (err, "needs a number from 1 to"));
      g_assert_false (g_file_test (db, G_FILE_TEST_EXISTS));
    }
  g_autofree char *out = NULL;
  g_assert_cmpint (run_cli (db, &out, NULL, "selfplay", "--games", "2", "--seed", "1",
                            "--max-plies", "6", NULL), ==, 0);
  g_assert_cmpuint (strlen (out), >, 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (KzStore) store = kz_store_open (db, &error);
  g_assert_no_error (error);
  g_autoptr (GPtrArray) games = kz_store_list_games (store, NULL, 0, 10, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (games->len, ==, 2);
  for (guint i = 0; i < games->len; i++)
    {
      KzGameInfo *info = g_ptr_array_index (games, i);
      g_assert_cmpuint (info->plies, ==, 6);
      g_assert_cmpint (info->result, ==, KZ_RESULT_NONE);
      for (int side = 0; side < 2; side++)
        {
          g_assert_cmpint (info->kind[side], ==, KZ_PLAYER_RANDOM);
          g_assert_cmpint (info->level[side], ==, 0);
        }
    }
  gint64 id = -1;
  g_assert_true (kz_store_find_unfinished (store, &id, &error));
  g_assert_cmpint (id, ==, 0);
  g_free (db);
  db = g_steal_pointer (&db0);
}

/* A damaged database: a short message naming the file, exit 1, no files
 * left beside it. */
static void
test_damaged_database (void)
{
  g_autofree char *db0 = db;
  g_autofree char *sub = g_build_filename (dir, "damaged", NULL);
  g_assert_cmpint (g_mkdir (sub, 0700), ==, 0);
  db = g_build_filename (sub, "games.db", NULL);
  g_assert_cmpint (run_cli (db, NULL, NULL, "selfplay", "--games", "20", "--seed", "2",
                            "--max-plies", "80", NULL), ==, 0);
  {
    g_autoptr (KzStore) store = kz_store_open (db, NULL);
    g_assert_cmpint (sqlite3_exec (kz_store_get_db (store), "DELETE FROM moves WHERE game_id > 2",
                                   NULL, NULL, NULL), ==, SQLITE_OK);
  }
  g_autofree char *data = NULL;
  gsize len = 0;
  g_assert_true (g_file_get_contents (db, &data, &len, NULL));
  g_assert_cmpuint (len, >, 100);
  memset (data + 32, 0, 8);   /* forget the free pages: each is a problem */
  g_assert_true (g_file_set_contents (db, data, (gssize) len, NULL));

  g_autofree char *out = NULL, *err = NULL;
  g_assert_cmpint (run_cli (db, &out, &err, "list", NULL), ==, 1);
  g_assert_cmpstr (out, ==, "");
  g_assert_nonnull (strstr (err, db));
  g_assert_nonnull (strstr (err, "damaged"));
  g_assert_cmpuint (strlen (err), <=, 300);
  g_assert_true (strchr (err, '\n') == err + strlen (err) - 1);   /* one line */
  g_autofree char *after = NULL;
  gsize after_len = 0;
  g_assert_true (g_file_get_contents (db, &after, &after_len, NULL));
  g_assert_true (after_len == len && memcmp (after, data, len) == 0);
  GDir *d = g_dir_open (sub, 0, NULL);
  guint n = 0;
  while (g_dir_read_name (d))
    n++;
  g_dir_close (d);
  g_assert_cmpuint (n, ==, 1);   /* no games.db-wal, games.db-shm */
  g_unlink (db);
  g_rmdir (sub);
  g_free (db);
  db = g_steal_pointer (&db0);
}

/* Issue 15: names are validated (defect 4); imports are recorded, their
 * duplicates skipped and their games can be listed and deleted. */
static void
test_names_and_imports (void)
{
  g_autofree char *db0 = db;
  db = g_build_filename (dir, "imports.db", NULL);
  g_autofree char *out = NULL, *err = NULL;
  g_assert_cmpint (run_cli (db, &out, &err, "new", "--cossacks", "Ivan\tSirko", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "control character"));
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (db, &out, &err, "new", "--turks", "a\nb", NULL), ==, 2);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (db, NULL, &err, "new", "--turks", "\xff", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "UTF-8"));
  g_assert_false (g_file_test (db, G_FILE_TEST_EXISTS));

  g_autofree char *kgn = g_build_filename (dir, "batch.kgn", NULL);
  g_assert_true (g_file_set_contents (kgn,
    "[Cossacks \"A\"]\n\n1. b4-a4 *\n\n[Cossacks \"B\"]\n\n1. b4-b5 *\n\n"
    "[Cossacks \"A\"]\n\n1. b4-a4 *\n\n[Cossacks \"bad\"]\n\n1. zz *\n", -1, NULL));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (db, &out, &err, "import", kgn, NULL), ==, 2);
  g_assert_cmpstr (out, ==, "2 imported, 1 duplicate skipped, 1 could not be read\n");
  g_assert_nonnull (strstr (err, "line 15, column 4: "));
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (db, &out, NULL, "import", kgn, NULL), ==, 2);
  g_assert_cmpstr (out, ==, "0 imported, 3 duplicates skipped, 1 could not be read\n");
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (db, &out, NULL, "new", "--cossacks", "Mine", NULL), ==, 0);

  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (db, &out, NULL, "imports", NULL), ==, 0);
  g_auto (GStrv) lines = g_strsplit (g_strchomp (out), "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 2);
  g_auto (GStrv) first = g_strsplit (lines[1], "\t", -1);   /* the oldest */
  g_assert_cmpuint (g_strv_length (first), ==, 7);
  g_assert_cmpstr (first[2], ==, "2");
  g_assert_cmpstr (first[3], ==, "1");
  g_assert_cmpstr (first[4], ==, "1");
  g_assert_cmpstr (first[5], ==, "2");
  g_assert_cmpstr (first[6], ==, "batch.kgn");
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (db, &out, NULL, "list", "--import", first[0], NULL), ==, 0);
  g_assert_nonnull (strstr (out, "\tA\t"));
  g_assert_nonnull (strstr (out, "\tB\t"));
  g_assert_null (strstr (out, "Mine"));
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (db, &out, NULL, "delete-import", first[0], NULL), ==, 0);
  g_assert_cmpstr (out, ==, "deleted 2 games\n");
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (db, &out, NULL, "list", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "Mine"));
  g_assert_null (strstr (out, "\tA\t"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (db, NULL, &err, "delete-import", first[0], NULL), ==, 2);
  g_assert_cmpint (run_cli (db, NULL, NULL, "delete-import", "x", NULL), ==, 2);
  /* backup: a copy that lists the same games. */
  g_autofree char *copy = g_build_filename (dir, "imports-backup.db", NULL);
  g_assert_cmpint (run_cli (db, NULL, NULL, "backup", copy, NULL), ==, 0);
  g_autofree char *list1 = NULL, *list2 = NULL;
  g_assert_cmpint (run_cli (db, &list1, NULL, "list", NULL), ==, 0);
  g_free (db);
  db = g_strdup (copy);
  g_assert_cmpint (run_cli (db, &list2, NULL, "list", NULL), ==, 0);
  g_assert_cmpstr (list1, ==, list2);
  g_free (db);
  db = g_steal_pointer (&db0);
}

/* Issue 25: a database that is not a file (a device) is refused as such
 * by every command, reading ones included, never "created". */
static void
test_not_a_file (void)
{
  static const char *const commands[][2] = { { "list" }, { "show", "1" }, { "imports" },
                                             { "new" } };
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *err = NULL;
      g_assert_cmpint (run_cli ("/dev/null", NULL, &err, commands[i][0], commands[i][1], NULL),
                       ==, 1);
      g_assert_nonnull (strstr (err, "“/dev/null” cannot be opened: it is not a regular file"));
      g_assert_null (strstr (err, "creating"));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("KAZAKI_CLI") == NULL)
    {
      g_test_skip ("KAZAKI_CLI is not set (run through meson test)");
      return g_test_run ();
    }
  dir = g_dir_make_tmp ("kazaki-cli-db-XXXXXX", NULL);
  db = g_build_filename (dir, "games.db", NULL);
  g_test_add_func ("/model/cli/play-list-show", test_play_list_show);
  g_test_add_func ("/model/cli/export-import", test_export_import);
  g_test_add_func ("/model/cli/missing-database", test_missing_database);
  g_test_add_func ("/model/cli/selfplay", test_selfplay);
  g_test_add_func ("/model/cli/damaged-database", test_damaged_database);
  g_test_add_func ("/model/cli/names-and-imports", test_names_and_imports);
  g_test_add_func ("/model/cli/not-a-file", test_not_a_file);
  int r = g_test_run ();
  remove_dir (dir);
  return r;
}
