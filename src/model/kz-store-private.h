/* kz-store-private.h — test hooks and SQL shared by the store's tests
 * and benchmarks.  Not for the UI.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <sqlite3.h>

#include "kz-store.h"

G_BEGIN_DECLS

/* The schema of version 1, exactly as the first release wrote it (the
 * migration test builds a v1 file with it). */
extern const char kz_store_schema_v1[];
/* The SQL that upgrades version N - 1 to N (index N, from 2); the
 * migration to 2 also replays the games in C (final_kpn), which a test
 * building an old file does not need. */
extern const char *const kz_store_migrations[KZ_STORE_SCHEMA_VERSION + 1];

/* The connection, for tests and benchmarks (bulk SQL, failure injection
 * such as PRAGMA max_page_count to simulate a full disk). */
sqlite3 *kz_store_get_db (KzStore *self);

/* Bulk mode for imports: synchronous=NORMAL, so a commit writes the WAL
 * without waiting for the disk.  Each transaction is still atomic and
 * survives a crash or SIGKILL of the process (the WAL is in the page
 * cache); only a power loss could drop the last transactions.  Leaving
 * bulk mode checkpoints the WAL with a full sync and restores
 * synchronous=FULL, so everything imported is on disk when the import
 * returns. */
/* Sets error (a KZ_STORE_ERROR naming the file) for the SQLite failure
 * rc while `doing` (translated, "saving the analysis"); returns FALSE.
 * For the model's other users of the connection. */
gboolean kz_store_sql_failed (KzStore *self, GError **error, int rc, const char *doing);

gboolean kz_store_set_bulk (KzStore *self, gboolean bulk, GError **error);

/* Imports (kz_kgn_import_stream()): begins a batch (a row in imports)
 * and bulk mode; returns its id, 0 on error. */
gint64   kz_store_begin_import (KzStore *self, const char *file_name, GError **error);
/* Adds one game of the batch in its own transaction, unless a game with
 * the same digest is stored (then *duplicate and 0, no error).  The
 * import's record counts it (games or duplicates) in the same
 * transaction, so a killed import's record says what it did. */
gint64   kz_store_add_imported_game (KzStore *self, KzGame *game, gint64 import_id,
                                     const char *digest, gboolean *duplicate,
                                     GError **error);
/* Counts a game of the batch that could not be read, in its own
 * transaction. */
gboolean kz_store_count_import_failure (KzStore *self, gint64 import_id, GError **error);
/* Records the counts (the same as counted game by game) and leaves bulk
 * mode.  Every game is committed
 * already; a failure here (such as a full disk during the final
 * checkpoint, which runs after the WAL is synced) loses nothing, so it is
 * only reported in *note (may be NULL). */
void     kz_store_end_import (KzStore *self, gint64 import_id, guint imported,
                              guint duplicates, guint failed, char **note);
/* Test hook: makes the final checkpoint of every later import fail with
 * SQLite result code rc (SQLITE_OK: normal). */
void     kz_store_fail_final_checkpoint (int rc);

/* Test hook: treat every file system as remote (rollback journal). */
void     kz_store_assume_remote (gboolean remote);

G_END_DECLS
