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

G_END_DECLS
