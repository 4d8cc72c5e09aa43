/* kz-store-check.c — the integrity check and the backup of a game database.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-store.h"
#include "kz-store-internal.h"
#include "kz-store-private.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <unistd.h>
#include <sqlite3.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

/* Most problems PRAGMA quick_check/integrity_check report. */
#define CHECK_MAX_PROBLEMS 1000

/* Runs `pragma` (quick_check or integrity_check).  TRUE when the file is
 * sound; else a short KZ_STORE_ERROR_CORRUPT naming the file, how many
 * problems SQLite found and the first of them.  The full report (up to
 * CHECK_MAX_PROBLEMS lines) goes to g_debug only. */
gboolean
kz_store_run_check (KzStore *self, const char *pragma, const char *doing, GError **error)
{
  g_autofree char *sql = g_strdup_printf ("PRAGMA %s(%d)", pragma, CHECK_MAX_PROBLEMS);
  sqlite3_stmt *s = kz_store_prepare (self, sql, error);
  if (s == NULL)
    return FALSE;
  guint n = 0;
  g_autofree char *first = NULL;
  GString *report = g_string_new (NULL);
  int rc;
  while ((rc = sqlite3_step (s)) == SQLITE_ROW)
    {
      /* A row can hold several problems, one a line, the first of them
       * after a line "*** in database main ***". */
      const char *row = (const char *) sqlite3_column_text (s, 0);
      if (row == NULL || strcmp (row, "ok") == 0)
        continue;
      g_auto (GStrv) lines = g_strsplit (row, "\n", -1);
      for (guint i = 0; lines[i]; i++)
        {
          g_strstrip (lines[i]);
          if (lines[i][0] == '\0' || g_str_has_prefix (lines[i], "*** "))
            continue;
          n++;
          g_string_append_printf (report, "%s\n", lines[i]);
          if (first == NULL)
            {
              first = g_utf8_make_valid (lines[i], -1);
              g_strdelimit (first, "\r\t", ' ');
              if (g_utf8_strlen (first, -1) > 100)
                {
                  char *cut = g_utf8_substring (first, 0, 100);
                  g_free (first);
                  first = g_strconcat (cut, "…", NULL);
                  g_free (cut);
                }
            }
        }
    }
  sqlite3_finalize (s);
  if (rc != SQLITE_DONE)
    {
      g_string_free (report, TRUE);
      return kz_store_fail (self, error, rc, doing);
    }
  if (n == 0)
    {
      g_string_free (report, TRUE);
      return TRUE;
    }
  g_debug ("PRAGMA %s of “%s” found %u problem(s):\n%s", pragma, self->path, n, report->str);
  g_string_free (report, TRUE);
  g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_CORRUPT,
               g_dngettext (GETTEXT_PACKAGE,
                            "The game database “%s” is damaged (SQLite found %u problem: %s); "
                            "it was left untouched",
                            "The game database “%s” is damaged (SQLite found %u problems, "
                            "the first: %s); it was left untouched", n),
               self->path, n, first);
  return FALSE;
}

gboolean
kz_store_check_integrity (KzStore *self, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), FALSE);
  return kz_store_run_check (self, "integrity_check", _("checking the database"), error);
}

/* ---------------------------------------------------------------------- */
/* Backup                                                                  */

/* How long a backup waits for the database's lock before it gives up. */
#define BACKUP_TIMEOUT_S 30

#define BACKUP_TMP_INFIX ".kazaki-backup-"

/* Whether `name` in the folder of DEST is a file an earlier backup to DEST
 * left: DEST.kazaki-backup-XXXXXX (the g_mkstemp() name) or its -journal,
 * -wal or -shm.  *main_file says which. */
static gboolean
is_backup_leftover (const char *name, const char *dest_base, gboolean *main_file)
{
  gsize n = strlen (dest_base), infix = strlen (BACKUP_TMP_INFIX);
  if (strncmp (name, dest_base, n) != 0 || strncmp (name + n, BACKUP_TMP_INFIX, infix) != 0)
    return FALSE;
  const char *rest = name + n + infix;
  if (strlen (rest) < 6)
    return FALSE;
  *main_file = rest[6] == '\0';
  return *main_file || strcmp (rest + 6, "-journal") == 0 || strcmp (rest + 6, "-wal") == 0
         || strcmp (rest + 6, "-shm") == 0;
}

/* Whether another backup is writing the temporary file `path` now (it
 * holds SQLite's lock on it from its first page to its rename). */
static gboolean
backup_tmp_in_use (const char *path)
{
  sqlite3 *db = NULL;
  gboolean busy = FALSE;
  if (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) == SQLITE_OK)
    {
      int rc = sqlite3_exec (db, "BEGIN EXCLUSIVE", NULL, NULL, NULL);
      busy = (rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED;
      if (rc == SQLITE_OK)
        sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
    }
  sqlite3_close (db);
  return busy;
}

/* Removes what a backup to DEST that was killed left beside DEST: its
 * temporary copy and that copy's journal (unless another backup is
 * writing it right now). */
static void
remove_backup_leftovers (const char *dest)
{
  g_autofree char *dir = g_path_get_dirname (dest);
  g_autofree char *base = g_path_get_basename (dest);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    return;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  while ((name = g_dir_read_name (d)))
    {
      gboolean main_file;
      if (is_backup_leftover (name, base, &main_file) && main_file)
        g_ptr_array_add (names, g_build_filename (dir, name, NULL));
    }
  /* journals whose copy is gone already */
  g_dir_rewind (d);
  while ((name = g_dir_read_name (d)))
    {
      gboolean main_file;
      if (is_backup_leftover (name, base, &main_file) && !main_file)
        {
          g_autofree char *path = g_build_filename (dir, name, NULL);
          g_autofree char *copy = g_strndup (path, strlen (dir) + 1 + strlen (base)
                                                   + strlen (BACKUP_TMP_INFIX) + 6);
          if (!g_file_test (copy, G_FILE_TEST_EXISTS))
            g_unlink (path);
        }
    }
  for (guint i = 0; i < names->len; i++)
    {
      const char *path = g_ptr_array_index (names, i);
      if (backup_tmp_in_use (path))
        continue;
      static const char *const suffixes[] = { "-journal", "-wal", "-shm", "" };
      for (guint k = 0; k < G_N_ELEMENTS (suffixes); k++)
        {
          g_autofree char *file = g_strconcat (path, suffixes[k], NULL);
          g_unlink (file);
        }
    }
}

/* Copies the database of connection `src` into the SQLite file `to` in
 * one step, that is in one read transaction of `src`: a consistent
 * snapshot that never restarts when another connection writes (stepping
 * a few pages at a time restarts on every write, so it may never end
 * beside a busy writer); in WAL mode the writer is not held up either.
 * Only waiting for a lock is retried, for BACKUP_TIMEOUT_S at most. */
int
kz_store_copy_in_one_step (sqlite3 *src, sqlite3 *to, gboolean *timed_out)
{
  *timed_out = FALSE;
  sqlite3_backup *b = sqlite3_backup_init (to, "main", src, "main");
  if (b == NULL)
    return sqlite3_errcode (to);
  gint64 deadline = g_get_monotonic_time () + BACKUP_TIMEOUT_S * G_USEC_PER_SEC;
  int rc;
  for (;;)
    {
      rc = sqlite3_backup_step (b, -1);
      if (rc != SQLITE_BUSY && rc != SQLITE_LOCKED)
        break;
      if (g_get_monotonic_time () >= deadline)
        {
          *timed_out = TRUE;
          break;
        }
      sqlite3_sleep (50);
    }
  int rc2 = sqlite3_backup_finish (b);
  if (rc == SQLITE_DONE)
    rc = rc2;
  return rc;
}

/* The backup of connection `src` (the database at `src_path`) to `dest`
 * (kz_store_backup()). */
gboolean
kz_store_backup_db (sqlite3 *src, const char *src_path, const char *dest, GError **error)
{
  const char *doing = _("backing up the games");
  remove_backup_leftovers (dest);
  /* Into a new file beside the destination, renamed over it at the end:
   * a failed backup never leaves a half-written file in its place. */
  g_autofree char *tmp = g_strconcat (dest, BACKUP_TMP_INFIX "XXXXXX", NULL);
  int fd = g_mkstemp (tmp);
  if (fd < 0)
    {
      int e = errno;
      g_set_error (error, KZ_STORE_ERROR,
                   e == EACCES || e == EPERM || e == EROFS ? KZ_STORE_ERROR_READ_ONLY
                                                           : KZ_STORE_ERROR_CANNOT_OPEN,
                   _("The backup “%s” cannot be written: %s"), dest, g_strerror (e));
      return FALSE;
    }
  close (fd);
  sqlite3 *to = NULL;
  gboolean timed_out = FALSE;
  int rc = sqlite3_open_v2 (tmp, &to, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL);
  if (rc == SQLITE_OK)
    rc = kz_store_copy_in_one_step (src, to, &timed_out);
  /* The copy is a standalone file: rollback journal, no -wal beside it. */
  if (rc == SQLITE_OK)
    rc = sqlite3_exec (to, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL);
  if (rc != SQLITE_OK)
    {
      g_autofree char *detail = kz_store_clean_detail (to ? sqlite3_errmsg (to) : sqlite3_errstr (rc));
      sqlite3_close (to);
      g_unlink (tmp);
      if (timed_out)
        g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_BUSY,
                     _("The backup “%s” could not be made: the game database “%s” stayed "
                       "locked by another program for %d seconds"), dest, src_path,
                     BACKUP_TIMEOUT_S);
      else
        g_set_error (error, KZ_STORE_ERROR, (rc & 0xff) == SQLITE_FULL ? KZ_STORE_ERROR_FULL
                                                                       : KZ_STORE_ERROR_FAILED,
                     _("The backup “%s” could not be written (%s while %s)"), dest, detail, doing);
      return FALSE;
    }
  sqlite3_close (to);
  if (g_rename (tmp, dest) != 0)
    {
      int e = errno;
      g_unlink (tmp);
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_CANNOT_OPEN,
                   _("The backup “%s” cannot be written: %s"), dest, g_strerror (e));
      return FALSE;
    }
  return TRUE;
}

gboolean
kz_store_backup (KzStore *self, const char *dest, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), FALSE);
  g_return_val_if_fail (dest != NULL, FALSE);
  return kz_store_backup_db (self->db, self->path, dest, error);
}
