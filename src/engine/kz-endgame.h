/* kz-endgame.h — what the top level knows about the endings of 5 to 8
 * pieces, just above the endgame tables (kz-egtb.h), for the search
 * (KzSearchLimits.endgame).
 *
 * The 4-piece tables say that material decides the smallest endings:
 * with both flags standing, 2 against 1 and 3 against 1 are won from
 * practically every position (99.9 % and 100 % of the side to move's
 * positions), while 1 against 1 and 2 against 2 are drawn from most
 * (88 % and 77 %) — and captures being compulsory, an army is easily
 * traded down into them.  So a little above the tables a piece more is
 * worth more than in the middle game, and with equal material a
 * positional edge is worth less the fewer pieces are left: the side
 * that is better keeps pieces on (it has no ending to trade into), the
 * side that is worse trades down.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>

#include "kz-position.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The most pieces (both sides) at which kz_endgame_adjust changes an
 * evaluation. */
#define KZ_ENDGAME_MAX_PIECES 8

/* eval (kz_evaluate's, side to move's view) corrected by that knowledge
 * for a position of 5 to KZ_ENDGAME_MAX_PIECES pieces with both flags
 * standing; other positions' eval is returned as it is.  Pure, no
 * allocation. */
int kz_endgame_adjust (const KzPosition *pos, int eval);

/* kz_evaluate (pos), corrected by kz_endgame_adjust when `endgame`. */
int kz_endgame_evaluate (const KzPosition *pos, bool endgame);

/* The tie-break among drawn table positions of KzSearchLimits.table_draws:
 * an eighth of the evaluation, at most KZ_SEARCH_TABLE_DRAW_TIE either
 * way (a draw an imperfect opponent may still lose scores a little
 * better). */
int kz_endgame_draw_tie (const KzPosition *pos);

#ifdef __cplusplus
}
#endif
