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
  g_test_add_func ("/model/store-cli/killed-import-record", test_killed_import_record);
  int r = g_test_run ();
  remove_dir (dir);
  return r;
}
