/* kz-position-check.h — whether a position can come up in a game, and
 * why not (RULES.md §1, "Flags", "The end"); used by KPN parsing, the
 * position editor and the command line alike.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stddef.h>

#include "kz-position.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  KZ_POSITION_OK = 0,
  /* side has count > 15 pieces. */
  KZ_POSITION_TOO_MANY_PIECES,
  /* The flag of side `flag` is carried from `point`, where no piece stands. */
  KZ_POSITION_NO_CARRIER,
  /* The flag of side `flag` stands on its centre `point`, and a piece
   * other than one that has just brought the enemy flag home stands there. */
  KZ_POSITION_FLAG_POINT_TAKEN,
  /* The flag of side `flag` is carried by its own side's piece on `point`
   * (it took an enemy carrier), yet the enemy still has all 15 pieces. */
  KZ_POSITION_OWN_FLAG_UNTAKEN,
  /* The side not to move (`side`) has already lost: the side to move's
   * piece on its centre `point` has brought the enemy flag home. */
  KZ_POSITION_LOST_BY_FLAG,
  /* The side not to move (`side`) has already lost: it has no pieces. */
  KZ_POSITION_LOST_BY_ANNIHILATION,
} KzPositionProblem;

typedef struct {
  KzPositionProblem problem;
  int side;    /* the side the problem is about, or -1 */
  int flag;    /* the flag's owner, or -1 */
  int point;   /* the point, or -1 */
  int count;   /* the number of pieces (TOO_MANY_PIECES), else 0 */
} KzPositionCheck;

/* True when pos could come up in a game (the side to move may still have
 * lost, see kz_position_outcome); else false with the first problem found
 * in `check` (may be NULL). */
bool   kz_position_check (const KzPosition *pos, KzPositionCheck *check);

/* The problem in English, e.g. "16 Cossack pieces, a side has at most 15". */
size_t kz_position_check_format (const KzPositionCheck *check, char *buf, size_t size);

#ifdef __cplusplus
}
#endif
