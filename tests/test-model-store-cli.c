/* test-model-store-cli.c — the database under kazaki-cli ($KAZAKI_CLI)
 * when things go wrong (issue 25): a backup beside a busy writer and
 * after a killed backup, upgrades of an older schema (only by a command
 * that writes, after a copy), a killed import's record, an analysis
 * killed or whose game is deleted while it runs, and a read command on
 * a file that holds no database.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <signal.h>
#include <string.h>
#include <glib/gstdio.h>

#include "kz-game.h"
#include "kz-session.h"
#include "kz-store.h"
#include "kz-store-private.h"
#include "old-schema.h"
#include "remove-files.h"
#include "run-cli.h"

static char *dir;

/* A new database path in the test's folder. */
static char *
db_path (const char *name)
{
  return g_build_filename (dir, name, NULL);
}

/* kazaki-cli --db DB ARGS... started, not waited for; output dropped. */
static GSubprocess *start_cli (const char *db, ...) G_GNUC_NULL_TERMINATED;

static GSubprocess *
start_cli (const char *db, ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, (gpointer) g_getenv ("KAZAKI_CLI"));
  g_ptr_array_add (argv, (gpointer) "--db");
  g_ptr_array_add (argv, (gpointer) db);
  va_list ap;
  va_start (ap, db);
  const char *arg;
  while ((arg = va_arg (ap, const char *)))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  g_autoptr (GError) error = NULL;
  GSubprocess *p = g_subprocess_newv ((const char *const *) argv->pdata,
                                      G_SUBPROCESS_FLAGS_STDOUT_SILENCE
                                      | G_SUBPROCESS_FLAGS_STDERR_PIPE, &error);
  g_assert_no_error (error);
  return p;
}

static void
wait_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  *(gboolean *) data = TRUE;
}

static gboolean
set_flag (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Waits for p to exit, at most `seconds` (then kills it): TRUE when it
 * ended by itself.  A liveness bound, not a speed test. */
static gboolean
wait_at_most (GSubprocess *p, guint seconds)
{
  gboolean done = FALSE, late = FALSE;
  g_subprocess_wait_async (p, NULL, wait_done, &done);
  guint id = g_timeout_add_seconds (seconds, set_flag, &late);
  while (!done && !late)
    g_main_context_iteration (NULL, TRUE);
  if (!late)
    g_source_remove (id);
  if (!done)
    {
      g_subprocess_force_exit (p);
      while (!done)
        g_main_context_iteration (NULL, TRUE);
      return FALSE;
    }
  return TRUE;
}

/* Kills p (SIGKILL) and waits for it. */
static void
kill_cli (GSubprocess *p)
{
  g_subprocess_send_signal (p, SIGKILL);
  g_autoptr (GError) error = NULL;
  g_subprocess_wait (p, NULL, &error);
  g_assert_no_error (error);
}

static guint
count_games (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (KzStore) store = kz_store_open_existing (path, &error);
  g_assert_no_error (error);
  guint n = 0;
  g_assert_true (kz_store_count_games (store, NULL, &n, &error));
  g_assert_no_error (error);
  return n;
}

/* The names in the test's folder that start with `prefix`. */
static guint
count_files_with_prefix (const char *prefix)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  guint n = 0;
  while ((name = g_dir_read_name (d)))
    n += g_str_has_prefix (name, prefix);
  return n;
}

/* ---- backup (item 8) -------------------------------------------------- */

/* A database of about 30 MB (so that a backup takes a while). */
static void
make_large_database (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (KzStore) store = kz_store_open (path, &error);
  g_assert_no_error (error);
  g_assert_cmpint (sqlite3_exec (kz_store_get_db (store),
    "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 30000) "
    "INSERT INTO games (cossacks, turks, start_kpn, start_time, tags, added_at, final_kpn) "
    "SELECT 'A', 'B', '" KZ_START_KPN "', 0, 'Note=' || hex (randomblob (500)), 0, "
    "'" KZ_START_KPN "' FROM n", NULL, NULL, NULL), ==, SQLITE_OK);
}

/* Beside a writer that never stops (selfplay), a backup used to restart
 * on every commit and never end; now it is one consistent copy. */
static void
test_backup_beside_writer (void)
{
  g_autofree char *db = db_path ("busy.db");
  g_autofree char *dest = db_path ("busy-backup.db");
  make_large_database (db);   /* many pages: a copy a few pages at a time took many steps */
  g_autoptr (GSubprocess) writer = start_cli (db, "selfplay", "--games", "100000", "--seed", "2",
                                              NULL);
  g_usleep (G_USEC_PER_SEC / 2);
  g_autoptr (GSubprocess) backup = start_cli (db, "backup", dest, NULL);
  gboolean ended = wait_at_most (backup, 60);
  kill_cli (writer);
  g_assert_true (ended);
  g_assert_true (g_subprocess_get_if_exited (backup));
  g_assert_cmpint (g_subprocess_get_exit_status (backup), ==, 0);
  g_autoptr (GError) error = NULL;
  g_autoptr (KzStore) copy = kz_store_open_existing (dest, &error);
  g_assert_no_error (error);
  g_assert_true (kz_store_check_integrity (copy, &error));
  g_assert_no_error (error);
  guint n = 0;
  g_assert_true (kz_store_count_games (copy, NULL, &n, NULL));
  g_assert_cmpuint (n, >=, 30000);
}

/* A backup killed half-way leaves DEST.kazaki-backup-XXXXXX (and its
 * journal) beside DEST; the next backup removes them. */
static void
test_backup_leftovers (void)
{
  g_autofree char *db = db_path ("large.db");
  g_autofree char *dest = db_path ("large-backup.db");
  make_large_database (db);
  const char *prefix = "large-backup.db.kazaki-backup-";
  gboolean left = FALSE;
  for (int attempt = 0; attempt < 20 && !left; attempt++)
    {
      g_autoptr (GSubprocess) backup = start_cli (db, "backup", dest, NULL);
      /* Kill it once its temporary copy is there. */
      gint64 end = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;
      while (count_files_with_prefix (prefix) == 0 && g_get_monotonic_time () < end)
        g_usleep (500);
      g_usleep (g_random_int_range (0, 20000));
      kill_cli (backup);
      left = count_files_with_prefix (prefix) > 0;
    }
  g_assert_true (left);   /* the situation to test came about */
  g_assert_cmpint (run_cli (db, NULL, NULL, "backup", dest, NULL), ==, 0);
  g_assert_cmpuint (count_files_with_prefix (prefix), ==, 0);
  g_assert_cmpuint (count_games (dest), ==, 30000);
}

/* ---- older and newer schemas (item 5) ---------------------------------- */

static GBytes *
read_bytes (const char *path)
{
  char *data = NULL;
  gsize len = 0;
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  return g_bytes_new_take (data, len);
}

/* PRAGMA user_version of the file at path, read with SQLite directly. */
static int
file_version (const char *path)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *s = NULL;
  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_prepare_v2 (db, "PRAGMA user_version", -1, &s, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (s), ==, SQLITE_ROW);
  int v = sqlite3_column_int (s, 0);
  sqlite3_finalize (s);
  sqlite3_close (db);
  return v;
}

/* A schema-3 database: the commands that only read (list, show, export,
 * imports) read it without changing a byte, backup copies it as it is;
 * the first command that writes upgrades it after copying it to
 * games.db.schema3.bak, and says so. */
static void
test_old_schema_read_then_upgraded (void)
{
  g_autofree char *db = db_path ("old.db");
  g_autofree char *kept = db_path ("old.db.schema3.bak");
  g_autofree char *copy = db_path ("old-copy.db");
  old_schema_write_game (db, 3, 2);
  g_autoptr (GBytes) before = read_bytes (db);

  g_autofree char *out = NULL, *err = NULL;
  g_assert_cmpint (run_cli (db, &out, &err, "list", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "\tIvan\tAli\t*\tunterminated\t2\n"));
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (db, &out, NULL, "show", "1", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "1. b4-a4 b6-a6 *"));
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (run_cli (db, &out, NULL, "export", "-o", "-", NULL), ==, 0);
  g_assert_nonnull (strstr (out, "[Cossacks \"Ivan\"]"));
  g_assert_cmpint (run_cli (db, NULL, NULL, "imports", NULL), ==, 0);
  g_assert_cmpint (run_cli (db, NULL, NULL, "backup", copy, NULL), ==, 0);
  g_autoptr (GBytes) after = read_bytes (db);
  g_assert_true (g_bytes_equal (before, after));
  g_assert_cmpint (file_version (db), ==, 3);
  g_assert_false (g_file_test (kept, G_FILE_TEST_EXISTS));
  g_assert_cmpint (file_version (copy), ==, 3);

  /* A command that writes upgrades it, keeping the file as it was. */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (db, &out, &err, "new", NULL), ==, 0);
  g_test_message ("%s", err);
  g_assert_nonnull (strstr (err, "upgraded from schema 3"));
  g_assert_nonnull (strstr (err, kept));
  g_assert_cmpint (file_version (db), ==, KZ_STORE_SCHEMA_VERSION);
  g_assert_cmpint (file_version (kept), ==, 3);
  g_assert_cmpuint (count_games (db), ==, 2);
  /* the copy is the old file, game and all */
  {
    sqlite3 *k = NULL;
    sqlite3_stmt *s = NULL;
    g_assert_cmpint (sqlite3_open_v2 (kept, &k, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_prepare_v2 (k, "SELECT count(*) FROM moves WHERE game_id = 1", -1,
                                         &s, NULL), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_step (s), ==, SQLITE_ROW);
    g_assert_cmpint (sqlite3_column_int (s, 0), ==, 2);
    sqlite3_finalize (s);
    sqlite3_close (k);
  }
  /* Once upgraded, nothing more is copied. */
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (db, NULL, &err, "new", NULL), ==, 0);
  g_assert_null (strstr (err, "upgraded"));
}

/* The same upgrade in the model: kz_store_open() keeps the copy, and a
 * second upgrade of a file of that version does not overwrite it. */
static void
test_upgrade_keeps_earlier_copies (void)
{
  g_autofree char *db = db_path ("twice.db");
  g_autofree char *first = db_path ("twice.db.schema5.bak");
  g_autofree char *second = db_path ("twice.db.schema5-2.bak");
  for (int round = 0; round < 2; round++)
    {
      remove_database (db);
      old_schema_write_game (db, 5, round + 1);
      g_autoptr (GError) error = NULL;
      g_autoptr (KzStore) store = kz_store_open (db, &error);
      g_assert_no_error (error);
      g_assert_cmpint (kz_store_get_upgraded_from (store), ==, 5);
      g_assert_cmpstr (kz_store_get_upgrade_copy (store), ==, round == 0 ? first : second);
    }
  g_assert_true (g_file_test (first, G_FILE_TEST_EXISTS));
  g_assert_true (g_file_test (second, G_FILE_TEST_EXISTS));
  /* a current database: no upgrade, no copy */
  g_autoptr (KzStore) again = kz_store_open (db, NULL);
  g_assert_cmpint (kz_store_get_upgraded_from (again), ==, 0);
  g_assert_null (kz_store_get_upgrade_copy (again));
}

/* The app's session upgrades an older file as the CLI does: after the
 * copy, which the window names in a toast (kz_store_get_upgrade_copy()). */
static void
test_session_upgrade_keeps_copy (void)
{
  g_autofree char *db = db_path ("app.db");
  g_autofree char *kept = db_path ("app.db.schema7.bak");
  old_schema_write_game (db, 7, 1);
  g_autoptr (KzSession) session = kz_session_new (db);
  KzStore *store = kz_session_get_store (session);
  g_assert_nonnull (store);
  g_assert_cmpstr (kz_store_get_upgrade_copy (store), ==, kept);
  g_assert_cmpint (kz_store_get_upgraded_from (store), ==, 7);
  g_assert_cmpint (file_version (kept), ==, 7);
  g_assert_true (kz_session_get_can_save (session));
}

/* A database of a newer schema is refused by list but copied by backup;
 * a file with nothing in it is no database to read. */
static void
test_newer_schema_and_empty_file (void)
{
  g_autofree char *db = db_path ("newer.db");
  g_autofree char *copy = db_path ("newer-copy.db");
  g_assert_cmpint (run_cli (db, NULL, NULL, "new", "--cossacks", "Future", NULL), ==, 0);
  {
    sqlite3 *h = NULL;
    g_assert_cmpint (sqlite3_open (db, &h), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (h, "PRAGMA user_version = 99", NULL, NULL, NULL), ==,
                     SQLITE_OK);
    sqlite3_close (h);
  }
  g_autoptr (GBytes) before = read_bytes (db);
  g_autofree char *err = NULL;
  g_assert_cmpint (run_cli (db, NULL, &err, "list", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "newer version"));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (db, NULL, &err, "backup", copy, NULL), ==, 0);
  g_assert_cmpint (file_version (copy), ==, 99);
  g_autoptr (GBytes) after = read_bytes (db);
  g_assert_true (g_bytes_equal (before, after));

  /* /dev/null: a read command never creates a database there; a device is
   * refused as not a regular file (the store checks that first, see
   * /model/cli/not-a-file), an empty regular file below holds none. */
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli ("/dev/null", NULL, &err, "list", NULL), ==, 1);
  g_test_message ("%s", err);
  g_assert_null (strstr (err, "creating"));
  g_assert_nonnull (strstr (err, "not a regular file"));
  g_autofree char *empty = db_path ("empty.db");
  g_assert_true (g_file_set_contents (empty, "", 0, NULL));
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (empty, NULL, &err, "show", "1", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "holds no game database"));
  gsize len = 1;
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (empty, &text, &len, NULL));
  g_assert_cmpuint (len, ==, 0);
}

/* ---- a killed import (item 6) ------------------------------------------ */

/* One integer from the file at path, read with SQLite directly (read-only:
 * the import writing beside it is not disturbed). */
static gint64
query_file (const char *path, const char *sql)
{
  sqlite3 *db = NULL;
  sqlite3_stmt *s = NULL;
  gint64 v = -1;
  g_assert_cmpint (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READONLY, NULL), ==, SQLITE_OK);
  sqlite3_busy_timeout (db, 5000);
  if (sqlite3_prepare_v2 (db, sql, -1, &s, NULL) == SQLITE_OK && sqlite3_step (s) == SQLITE_ROW)
    v = sqlite3_column_int64 (s, 0);
  sqlite3_finalize (s);
  sqlite3_close (db);
  return v;
}

/* An import killed half-way: its record counts the games it added (and
 * the duplicates and bad games it met), not 0. */
static void
test_killed_import_record (void)
{
  g_autofree char *db = db_path ("import.db");
  g_autofree char *kgn = db_path ("many.kgn");
  GString *text = g_string_new (NULL);
  /* a bad game, a game and its duplicate, then many distinct games */
  g_string_append (text, "[Event \"bad\"]\n\n1. zz *\n\n");
  g_string_append (text, "[Event \"twice\"]\n\n1. b4-a4 *\n\n[Event \"twice\"]\n\n1. b4-a4 *\n\n");
  for (guint i = 0; i < 20000; i++)
    g_string_append_printf (text, "[Event \"g%u\"]\n\n1. b4-a4 b6-a6 2. a4-a5 *\n\n", i);
  g_assert_true (g_file_set_contents (kgn, text->str, (gssize) text->len, NULL));
  g_string_free (text, TRUE);
  g_assert_cmpint (run_cli (db, NULL, NULL, "new", NULL), ==, 0);   /* the file exists */

  g_autoptr (GSubprocess) import = start_cli (db, "import", kgn, NULL);
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (query_file (db, "SELECT count(*) FROM games WHERE import_id IS NOT NULL") < 200
         && g_get_monotonic_time () < end)
    g_usleep (2000);
  kill_cli (import);
  g_assert_true (g_subprocess_get_if_signaled (import));   /* killed, not done */

  g_autofree char *out = NULL;
  g_assert_cmpint (run_cli (db, &out, NULL, "imports", NULL), ==, 0);
  g_test_message ("imports: %s", out);
  g_auto (GStrv) fields = g_strsplit (g_strchomp (out), "\t", -1);
  g_assert_cmpuint (g_strv_length (fields), ==, 7);
  guint64 games = g_ascii_strtoull (fields[2], NULL, 10);
  g_assert_cmpuint (games, >=, 200);
  g_assert_cmpstr (fields[2], ==, fields[5]);     /* GAMES = REMAINING */
  g_assert_cmpstr (fields[3], ==, "1");           /* DUPLICATES */
  g_assert_cmpstr (fields[4], ==, "1");           /* FAILED */
}

/* ---- an analysis killed, or whose game is deleted (items 7 and 9) ------ */

/* A database at path holding game 1: 60 random moves. */
static void
make_game_to_analyse (const char *path)
{
  g_assert_cmpint (run_cli (path, NULL, NULL, "selfplay", "--games", "1", "--seed", "1",
                            "--max-plies", "60", NULL), ==, 0);
  g_assert_cmpint (query_file (path, "SELECT plies FROM games WHERE id = 1"), ==, 60);
}

/* Starts `analyse` of game 1 (one thread, 100 ms a position: about 6 s)
 * and waits until it has stored `rows` positions, or ended, or 60 s. */
static GSubprocess *
start_analysis (const char *path, gint64 rows)
{
  GSubprocess *p = start_cli (path, "analyse", "--time", "100", "--threads", "1", "1", NULL);
  gint64 end = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;
  while (query_file (path, "SELECT count(*) FROM analysis") < rows
         && g_get_monotonic_time () < end)
    {
      g_usleep (5000);
      /* ended already (it used to store nothing before its end) */
      if (g_subprocess_get_identifier (p) == NULL)
        break;
    }
  return p;
}

/* An analysis killed after a few seconds keeps what it found (it used to
 * be stored only at the end), and the next one goes on from there. */
static void
test_killed_analysis_continues (void)
{
  g_autofree char *db = db_path ("analyse.db");
  make_game_to_analyse (db);
  g_autoptr (GSubprocess) analysis = start_analysis (db, 5);
  kill_cli (analysis);
  g_assert_true (g_subprocess_get_if_signaled (analysis));   /* killed, not done */
  gint64 kept = query_file (db, "SELECT count(*) FROM analysis");
  g_assert_cmpint (kept, >=, 5);
  g_assert_cmpint (kept, <, 61);

  g_autofree char *out = NULL, *err = NULL;
  g_assert_cmpint (run_cli (db, &out, &err, "analyse", "--time", "100", "1", NULL), ==, 0);
  g_test_message ("%s", err);
  guint positions = 0, searched = 0, stored = 0;
  g_assert_cmpint (sscanf (err, "analyse: %u positions, %u searched", &positions, &searched),
                   ==, 2);
  const char *from = strstr (err, "), ");
  g_assert_nonnull (from);
  g_assert_cmpint (sscanf (from, "), %u from the database", &stored), ==, 1);
  g_assert_cmpuint (positions, ==, 61);
  g_assert_cmpuint (stored, >=, (guint) kept);     /* not searched again */
  g_assert_cmpuint (searched + stored, ==, 61);
  g_auto (GStrv) lines = g_strsplit (out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 61);   /* 60 moves and "" */
}

/* The game deleted while it is analysed: a clear message, exit 2 (as for
 * a missing game), not "FOREIGN KEY constraint failed". */
static void
test_analysed_game_deleted (void)
{
  g_autofree char *db = db_path ("deleted.db");
  make_game_to_analyse (db);
  g_autoptr (GSubprocess) analysis = start_analysis (db, 1);
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (KzStore) store = kz_store_open_existing (db, &error);
    g_assert_no_error (error);
    gint64 id = 1;
    g_assert_true (kz_store_delete_games (store, &id, 1, &error));
    g_assert_no_error (error);
  }
  g_autoptr (GError) error = NULL;
  g_autofree char *err = NULL;
  g_assert_true (g_subprocess_communicate_utf8 (analysis, NULL, NULL, NULL, &err, &error));
  g_assert_no_error (error);
  g_test_message ("%s", err);
  g_assert_true (g_subprocess_get_if_exited (analysis));
  g_assert_cmpint (g_subprocess_get_exit_status (analysis), ==, 2);
  g_assert_nonnull (strstr (err, "Game 1 was deleted while it was analysed"));
  g_assert_null (strstr (err, "FOREIGN KEY"));
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
  dir = g_dir_make_tmp ("kazaki-store-cli-XXXXXX", NULL);
  g_test_add_func ("/model/store-cli/backup-beside-writer", test_backup_beside_writer);
  g_test_add_func ("/model/store-cli/backup-leftovers", test_backup_leftovers);
  g_test_add_func ("/model/store-cli/old-schema-read-then-upgraded",
                   test_old_schema_read_then_upgraded);
  g_test_add_func ("/model/store-cli/upgrade-keeps-earlier-copies",
                   test_upgrade_keeps_earlier_copies);
  g_test_add_func ("/model/store-cli/session-upgrade-keeps-copy",
                   test_session_upgrade_keeps_copy);
  g_test_add_func ("/model/store-cli/newer-schema-and-empty-file",
                   test_newer_schema_and_empty_file);
  g_test_add_func ("/model/store-cli/killed-import-record", test_killed_import_record);
  g_test_add_func ("/model/store-cli/killed-analysis-continues", test_killed_analysis_continues);
  g_test_add_func ("/model/store-cli/analysed-game-deleted", test_analysed_game_deleted);
  int r = g_test_run ();
  remove_dir (dir);
  return r;
}
