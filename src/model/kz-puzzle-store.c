/* kz-puzzle-store.c — the player's puzzle rating and attempts in the
 * game database (tables puzzle_rating and puzzle_attempts, schema
 * version 10; doc/STORAGE.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-puzzle.h"
#include "kz-store-private.h"

#include <sqlite3.h>
#include <glib/gi18n-lib.h>

void
kz_puzzle_attempt_free (KzPuzzleAttempt *attempt)
{
  if (attempt == NULL)
    return;
  g_free (attempt->puzzle);
  g_free (attempt);
}

static gboolean
read_rating (sqlite3 *db, KzGlicko *rating, int *rc)
{
  sqlite3_stmt *s = NULL;
  kz_glicko_init (rating);
  *rc = sqlite3_prepare_v2 (db,
    "SELECT rating, deviation, volatility FROM puzzle_rating WHERE id = 1", -1, &s, NULL);
  if (*rc != SQLITE_OK)
    return FALSE;
  *rc = sqlite3_step (s);
  if (*rc == SQLITE_ROW)
    {
      rating->rating = sqlite3_column_double (s, 0);
      rating->deviation = sqlite3_column_double (s, 1);
      rating->volatility = sqlite3_column_double (s, 2);
      *rc = sqlite3_step (s);
    }
  sqlite3_finalize (s);
  return *rc == SQLITE_DONE;
}

gboolean
kz_store_get_puzzle_rating (KzStore *store, KzGlicko *rating, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (store), FALSE);
  int rc;
  if (!read_rating (kz_store_get_db (store), rating, &rc))
    return kz_store_sql_failed (store, error, rc, _("reading the puzzle rating"));
  return TRUE;
}

gboolean
kz_store_add_puzzle_attempt (KzStore *store, KzPuzzle *puzzle, gint64 time_ms,
                             gboolean solved, KzGlicko *after, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (store), FALSE);
  g_return_val_if_fail (KZ_IS_PUZZLE (puzzle), FALSE);
  const char *doing = _("saving the puzzle attempt");
  if (kz_store_is_read_only (store))
    {
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_READ_ONLY,
                   _("The game database %s can only be read: the attempt is not recorded"),
                   kz_store_get_path (store));
      return FALSE;
    }
  sqlite3 *db = kz_store_get_db (store);
  int rc = sqlite3_exec (db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
  if (rc != SQLITE_OK)
    return kz_store_sql_failed (store, error, rc, doing);

  KzGlicko rating;
  sqlite3_stmt *s = NULL;
  if (!read_rating (db, &rating, &rc))
    goto failed;
  KzGlickoGame game = { kz_puzzle_get_rating (puzzle), KZ_PUZZLE_DEVIATION, solved ? 1.0 : 0.0 };
  kz_glicko_update (&rating, &game, 1);
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  rc = sqlite3_prepare_v2 (db,
    "INSERT INTO puzzle_attempts (puzzle, played_at, time_ms, solved, puzzle_rating,"
    " rating, deviation, volatility) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)", -1, &s, NULL);
  if (rc != SQLITE_OK)
    goto failed;
  sqlite3_bind_text (s, 1, kz_puzzle_get_id (puzzle), -1, SQLITE_TRANSIENT);
  sqlite3_bind_int64 (s, 2, now);
  sqlite3_bind_int64 (s, 3, MAX (time_ms, 0));
  sqlite3_bind_int (s, 4, solved ? 1 : 0);
  sqlite3_bind_int (s, 5, kz_puzzle_get_rating (puzzle));
  sqlite3_bind_double (s, 6, rating.rating);
  sqlite3_bind_double (s, 7, rating.deviation);
  sqlite3_bind_double (s, 8, rating.volatility);
  rc = sqlite3_step (s);
  sqlite3_finalize (s);
  s = NULL;
  if (rc != SQLITE_DONE)
    goto failed;

  rc = sqlite3_prepare_v2 (db,
    "INSERT OR REPLACE INTO puzzle_rating (id, rating, deviation, volatility, updated_at)"
    " VALUES (1, ?1, ?2, ?3, ?4)", -1, &s, NULL);
  if (rc != SQLITE_OK)
    goto failed;
  sqlite3_bind_double (s, 1, rating.rating);
  sqlite3_bind_double (s, 2, rating.deviation);
  sqlite3_bind_double (s, 3, rating.volatility);
  sqlite3_bind_int64 (s, 4, now);
  rc = sqlite3_step (s);
  sqlite3_finalize (s);
  s = NULL;
  if (rc != SQLITE_DONE)
    goto failed;
  rc = sqlite3_exec (db, "COMMIT", NULL, NULL, NULL);
  if (rc != SQLITE_OK)
    goto failed;
  if (after)
    *after = rating;
  return TRUE;

failed:
  kz_store_sql_failed (store, error, rc, doing);
  sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
  return FALSE;
}

GPtrArray *
kz_store_list_puzzle_attempts (KzStore *store, guint limit, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (store), NULL);
  sqlite3 *db = kz_store_get_db (store);
  sqlite3_stmt *s = NULL;
  int rc = sqlite3_prepare_v2 (db,
    "SELECT id, puzzle, played_at, time_ms, solved, puzzle_rating, rating, deviation,"
    " volatility FROM puzzle_attempts ORDER BY id DESC LIMIT ?1", -1, &s, NULL);
  if (rc != SQLITE_OK)
    {
      kz_store_sql_failed (store, error, rc, _("reading the puzzle attempts"));
      return NULL;
    }
  sqlite3_bind_int64 (s, 1, limit ? (gint64) limit : -1);
  GPtrArray *list = g_ptr_array_new_with_free_func ((GDestroyNotify) kz_puzzle_attempt_free);
  while ((rc = sqlite3_step (s)) == SQLITE_ROW)
    {
      KzPuzzleAttempt *a = g_new0 (KzPuzzleAttempt, 1);
      a->id = sqlite3_column_int64 (s, 0);
      a->puzzle = g_strdup ((const char *) sqlite3_column_text (s, 1));
      a->played_at = sqlite3_column_int64 (s, 2);
      a->time_ms = sqlite3_column_int64 (s, 3);
      a->solved = sqlite3_column_int (s, 4) != 0;
      a->puzzle_rating = sqlite3_column_int (s, 5);
      a->after.rating = sqlite3_column_double (s, 6);
      a->after.deviation = sqlite3_column_double (s, 7);
      a->after.volatility = sqlite3_column_double (s, 8);
      g_ptr_array_add (list, a);
    }
  sqlite3_finalize (s);
  if (rc != SQLITE_DONE)
    {
      g_ptr_array_unref (list);
      kz_store_sql_failed (store, error, rc, _("reading the puzzle attempts"));
      return NULL;
    }
  return list;
}
