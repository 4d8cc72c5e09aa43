/* kz-store-import.c — imports into the game database: a batch, its games
 * and their digests, bulk mode.
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


static int fail_final_checkpoint;

gboolean
kz_store_set_bulk (KzStore *self, gboolean bulk, GError **error)
{
  int rc;
  if (bulk)
    rc = kz_store_exec (self, "PRAGMA synchronous = NORMAL");
  else
    {
      rc = kz_store_exec (self, "PRAGMA synchronous = FULL");
      if (rc == SQLITE_OK)
        rc = sqlite3_wal_checkpoint_v2 (self->db, NULL, SQLITE_CHECKPOINT_FULL, NULL, NULL);
      if (rc == SQLITE_OK && fail_final_checkpoint != SQLITE_OK)
        rc = fail_final_checkpoint;
      /* Another reader can keep the checkpoint from finishing; the data is
       * in the WAL, synced by the checkpoint's own fsync of it. */
      if (rc == SQLITE_BUSY)
        rc = SQLITE_OK;
    }
  if (rc != SQLITE_OK)
    return kz_store_fail (self, error, rc, _("saving the imported games"));
  return TRUE;
}
/* ---------------------------------------------------------------------- */
/* Imports                                                                 */

void
kz_store_fail_final_checkpoint (int rc)
{
  fail_final_checkpoint = rc;
}

gint64
kz_store_begin_import (KzStore *self, const char *file_name, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), 0);
  const char *doing = _("recording the import");
  sqlite3_stmt *s = kz_store_prepare (self, "INSERT INTO imports (file, time) VALUES (?1, ?2)", error);
  if (s == NULL)
    return 0;
  kz_store_bind_text (s, 1, file_name);
  sqlite3_bind_int64 (s, 2, g_get_real_time () / G_USEC_PER_SEC);
  int rc = sqlite3_step (s);
  sqlite3_finalize (s);
  if (rc != SQLITE_DONE)
    {
      kz_store_fail (self, error, rc, doing);
      return 0;
    }
  gint64 id = sqlite3_last_insert_rowid (self->db);
  if (!kz_store_set_bulk (self, TRUE, error))
    return 0;
  return id;
}

/* Adds one to the count `column` (games, duplicates or failed) of the
 * import's record, inside the caller's transaction: the record says
 * what an import did so far even when it is killed. */
static gboolean
count_in_import (KzStore *self, gint64 import_id, const char *column, GError **error,
                 const char *doing)
{
  g_autofree char *sql = g_strdup_printf ("UPDATE imports SET %s = %s + 1 WHERE id = ?1",
                                          column, column);
  sqlite3_stmt *s = kz_store_prepare (self, sql, error);
  if (s == NULL)
    return FALSE;
  sqlite3_bind_int64 (s, 1, import_id);
  int rc = sqlite3_step (s);
  sqlite3_finalize (s);
  if (rc != SQLITE_DONE)
    return kz_store_fail (self, error, rc, doing);
  return TRUE;
}

gint64
kz_store_add_imported_game (KzStore *self, KzGame *game, gint64 import_id, const char *digest,
                            gboolean *duplicate, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), 0);
  g_return_val_if_fail (KZ_IS_GAME (game), 0);
  const char *doing = _("saving an imported game");
  *duplicate = FALSE;
  if (!kz_store_begin (self, error, doing))
    return 0;
  gint64 id = 0;
  sqlite3_stmt *s = kz_store_stmt (self, STMT_FIND_DIGEST, error);
  if (s == NULL)
    goto out;
  kz_store_bind_text (s, 1, digest);
  int rc = sqlite3_step (s);
  sqlite3_reset (s);
  if (rc == SQLITE_ROW)
    {
      /* Counted in its own transaction, as a game added is. */
      if (!count_in_import (self, import_id, "duplicates", error, doing)
          || !kz_store_commit (self, error, doing))
        {
          kz_store_rollback (self);
          return 0;
        }
      *duplicate = TRUE;
      return 0;
    }
  if (rc != SQLITE_DONE)
    {
      kz_store_fail (self, error, rc, doing);
      goto out;
    }
  id = kz_store_insert_game (self, game, g_get_real_time () / G_USEC_PER_SEC, import_id, digest,
                    error, doing);
  if (id == 0 || !count_in_import (self, import_id, "games", error, doing))
    goto out;
  if (!kz_store_commit (self, error, doing))
    return 0;
  return id;

out:
  kz_store_rollback (self);
  return 0;
}

gboolean
kz_store_count_import_failure (KzStore *self, gint64 import_id, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), FALSE);
  const char *doing = _("recording the import");
  if (!kz_store_begin (self, error, doing))
    return FALSE;
  if (!count_in_import (self, import_id, "failed", error, doing))
    {
      kz_store_rollback (self);
      return FALSE;
    }
  return kz_store_commit (self, error, doing);
}

void
kz_store_end_import (KzStore *self, gint64 import_id, guint imported, guint duplicates,
                     guint failed, char **note)
{
  g_return_if_fail (KZ_IS_STORE (self));
  GError *error = NULL;
  const char *doing = _("recording the import");
  sqlite3_stmt *s = kz_store_prepare (self, "UPDATE imports SET games = ?2, duplicates = ?3, failed = ?4 "
                                   "WHERE id = ?1", &error);
  if (s != NULL)
    {
      sqlite3_bind_int64 (s, 1, import_id);
      sqlite3_bind_int64 (s, 2, imported);
      sqlite3_bind_int64 (s, 3, duplicates);
      sqlite3_bind_int64 (s, 4, failed);
      int rc = sqlite3_step (s);
      sqlite3_finalize (s);
      if (rc != SQLITE_DONE)
        kz_store_fail (self, &error, rc, doing);
    }
  if (error == NULL)
    kz_store_set_bulk (self, FALSE, &error);
  else
    kz_store_set_bulk (self, FALSE, NULL);
  if (error && note)
    *note = g_strdup (error->message);
  g_clear_error (&error);
}

void
kz_import_info_free (KzImportInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->file);
  g_free (info);
}

GPtrArray *
kz_store_list_imports (KzStore *self, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), NULL);
  sqlite3_stmt *s = kz_store_prepare (self,
    "SELECT id, file, time, games, duplicates, failed, "
    "(SELECT count(*) FROM games WHERE games.import_id = imports.id) "
    "FROM imports ORDER BY id DESC", error);
  if (s == NULL)
    return NULL;
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) kz_import_info_free);
  int rc;
  while ((rc = sqlite3_step (s)) == SQLITE_ROW)
    {
      KzImportInfo *info = g_new0 (KzImportInfo, 1);
      info->id = sqlite3_column_int64 (s, 0);
      info->file = g_strdup ((const char *) sqlite3_column_text (s, 1));
      if (info->file == NULL)
        info->file = g_strdup ("");
      info->time = sqlite3_column_int64 (s, 2);
      info->games = (guint) MAX (sqlite3_column_int64 (s, 3), 0);
      info->duplicates = (guint) MAX (sqlite3_column_int64 (s, 4), 0);
      info->failed = (guint) MAX (sqlite3_column_int64 (s, 5), 0);
      info->remaining = (guint) MAX (sqlite3_column_int64 (s, 6), 0);
      g_ptr_array_add (out, info);
    }
  sqlite3_finalize (s);
  if (rc != SQLITE_DONE)
    {
      g_ptr_array_unref (out);
      kz_store_fail (self, error, rc, _("listing the imports"));
      return NULL;
    }
  return out;
}

gboolean
kz_store_delete_import (KzStore *self, gint64 import_id, guint *n_deleted, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), FALSE);
  const char *doing = _("deleting the games of an import");
  if (n_deleted)
    *n_deleted = 0;
  gint64 exists = 0;
  g_autofree char *q = g_strdup_printf ("SELECT count(*) FROM imports WHERE id = %" G_GINT64_FORMAT,
                                        import_id);
  if (!kz_store_query_int (self, q, &exists, error, doing))
    return FALSE;
  if (!exists)
    {
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_NOT_FOUND,
                   _("There is no import %" PRId64 " in “%s”"), import_id, self->path);
      return FALSE;
    }
  if (!kz_store_begin (self, error, doing))
    return FALSE;
  sqlite3_stmt *s = kz_store_prepare (self, "DELETE FROM games WHERE import_id = ?1", error);
  if (s == NULL)
    {
      kz_store_rollback (self);
      return FALSE;
    }
  sqlite3_bind_int64 (s, 1, import_id);
  int rc = sqlite3_step (s);
  sqlite3_finalize (s);
  guint n = (guint) sqlite3_changes (self->db);
  if (rc == SQLITE_DONE)
    {
      s = kz_store_prepare (self, "DELETE FROM imports WHERE id = ?1", error);
      if (s == NULL)
        {
          kz_store_rollback (self);
          return FALSE;
        }
      sqlite3_bind_int64 (s, 1, import_id);
      rc = sqlite3_step (s);
      sqlite3_finalize (s);
    }
  if (rc != SQLITE_DONE)
    {
      kz_store_fail (self, error, rc, doing);
      kz_store_rollback (self);
      return FALSE;
    }
  if (!kz_store_commit (self, error, doing))
    return FALSE;
  if (n_deleted)
    *n_deleted = n;
  return TRUE;
}

