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

G_END_DECLS
