/* kz-levels.h — the human mistakes of the computer's weak levels, for
 * kz-search.c (the levels themselves are declared in kz-search.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-search.h"

/* With the chances of limits->miss_chain and hang_piece (drawn from
 * limits->seed and the position), a mistake instead of the search: a
 * capture that takes fewer pieces than the best chain, or a quiet move
 * after which the opponent can capture; never when a move wins at once.
 * Returns true and fills *r when this move is one; list is scratch. */
bool kz_levels_human_mistake (KzMoveList *list, const KzPosition *pos,
                              const KzSearchLimits *limits, KzSearchResult *r);
