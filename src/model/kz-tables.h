/* kz-tables.h — the endgame tables (src/engine/kz-egtb.h) for the model
 * and the app: where they are cached and loading them once per process.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Loads the endgame tables once per process — from $KAZAKI_EGTB, else
 * from the cache $XDG_CACHE_HOME/kazaki/endgame-4-vN.kzt that kazaki-cli
 * and the app share, generating it the first time (under a minute).
 * Blocks: call it from a worker thread.  Concurrent calls wait for one
 * another (kz_egtb_init).  Returns whether the tables are there; failing
 * (out of memory) is not an error: searches then work without them. */
gboolean kz_tables_ensure (void);

G_END_DECLS
