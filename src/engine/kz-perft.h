/* kz-perft.h — counting move sequences (RULES.md §10).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-movegen.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Leaves of the move tree `depth` turns deep; the last level is counted
 * without being generated (bulk counting).  Won positions have no moves. */
uint64_t kz_perft (const KzPosition *pos, int depth);

#ifdef __cplusplus
}
#endif
