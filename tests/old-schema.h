/* old-schema.h — databases as earlier versions of Kazaki wrote them, for
 * the model's migration tests (test-model-store.c, test-model-clock.c,
 * test-model-analysis.c, test-model-tree.c).  Header only: each of those
 * tests is one file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <sqlite3.h>

#include "kz-notation.h"
#include "kz-store.h"
#include "kz-store-private.h"

/* A file at `path` as schema version `version` wrote it: the first schema
 * and the migrations up to that version (kz_store_migrations).  Left open
 * for the caller to fill and close. */
static inline sqlite3 *
old_schema_open (const char *path, int version)
{
  sqlite3 *db;
  g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_exec (db, kz_store_schema_v1, NULL, NULL, NULL), ==, SQLITE_OK);
  for (int v = 2; v <= version; v++)
    g_assert_cmpint (sqlite3_exec (db, kz_store_migrations[v], NULL, NULL, NULL), ==, SQLITE_OK);
  return db;
}

/* A file at `path` as schema version `version` wrote it, holding game 1
 * (Ivan against Ali, from the start) with its first `plies` moves of
 * b4-a4 b6-a6 (1 or 2).  Closed. */
static inline void
old_schema_write_game (const char *path, int version, int plies)
{
  static const char *const moves[] = {
    "(1, 1, 'b4-a4', 1700000001000)",
    "(1, 2, 'b6-a6', 1700000002000)",
  };
  sqlite3 *db = old_schema_open (path, version);
  g_autofree char *sql = NULL;

  g_assert_cmpint (plies, >=, 1);
  g_assert_cmpint (plies, <=, (int) G_N_ELEMENTS (moves));
  sql = g_strdup_printf ("INSERT INTO games (id, cossacks, turks, start_kpn, start_time) "
                         "  VALUES (1, 'Ivan', 'Ali', '" KZ_START_KPN "', 1700000000);"
                         "INSERT INTO moves (game_id, ply, move, played_at) VALUES %s%s%s;",
                         moves[0], plies > 1 ? ", " : "", plies > 1 ? moves[1] : "");
  g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
  /* (games.plies came with version 2) */
  if (version >= 2)
    {
      g_autofree char *update = g_strdup_printf ("UPDATE games SET plies = %d", plies);
      g_assert_cmpint (sqlite3_exec (db, update, NULL, NULL, NULL), ==, SQLITE_OK);
    }
  sqlite3_close (db);
}

/* The schema version of the store's database (PRAGMA user_version). */
static inline int
old_schema_version_of (KzStore *store)
{
  sqlite3_stmt *s;
  int v;

  g_assert_cmpint (sqlite3_prepare_v2 (kz_store_get_db (store), "PRAGMA user_version", -1, &s,
                                       NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (s), ==, SQLITE_ROW);
  v = sqlite3_column_int (s, 0);
  sqlite3_finalize (s);
  return v;
}
