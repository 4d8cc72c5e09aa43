/* kz-lesson-progress.c — which lessons are done, in the game database
 * (the lessons_done table, schema version 9; see kz-store.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-lesson.h"
#include "kz-store-private.h"

#include <sqlite3.h>
#include <glib/gi18n-lib.h>

gboolean
kz_store_set_lesson_done (KzStore *store, const char *lesson_id, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (store), FALSE);
  g_return_val_if_fail (lesson_id != NULL, FALSE);
  const char *doing = _("saving the lessons done");
  if (kz_store_is_read_only (store))
    {
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_READ_ONLY,
                   _("The game database %s can only be read: the lesson is not recorded"),
                   kz_store_get_path (store));
      return FALSE;
    }
  sqlite3 *db = kz_store_get_db (store);
  sqlite3_stmt *s = NULL;
  int rc = sqlite3_prepare_v2 (db,
    "INSERT OR IGNORE INTO lessons_done (lesson, finished_at) VALUES (?1, ?2)", -1, &s, NULL);
  if (rc == SQLITE_OK)
    {
      sqlite3_bind_text (s, 1, lesson_id, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64 (s, 2, g_get_real_time () / G_USEC_PER_SEC);
      rc = sqlite3_step (s);
    }
  sqlite3_finalize (s);
  if (rc != SQLITE_DONE)
    return kz_store_sql_failed (store, error, rc, doing);
  return TRUE;
}

GHashTable *
kz_store_get_lessons_done (KzStore *store, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (store), NULL);
  const char *doing = _("reading the lessons done");
  sqlite3 *db = kz_store_get_db (store);
  sqlite3_stmt *s = NULL;
  int rc = sqlite3_prepare_v2 (db, "SELECT lesson FROM lessons_done", -1, &s, NULL);
  if (rc != SQLITE_OK)
    {
      kz_store_sql_failed (store, error, rc, doing);
      return NULL;
    }
  GHashTable *done = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  while ((rc = sqlite3_step (s)) == SQLITE_ROW)
    g_hash_table_add (done, g_strdup ((const char *) sqlite3_column_text (s, 0)));
  sqlite3_finalize (s);
  if (rc != SQLITE_DONE)
    {
      g_hash_table_unref (done);
      kz_store_sql_failed (store, error, rc, doing);
      return NULL;
    }
  return done;
}
