/* kz-eval.c — the evaluation: material, flags, mobility, structure and
 * the pieces left en prise (captures are compulsory, so a piece that can
 * be jumped is usually lost or drags its side into a forced line).
 *
 * Everything is computed on the bit boards; no allocation.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-eval.h"

#include <string.h>

/* Weights (points; a piece is 100). */
enum {
  W_CARRY_BASE      = 180,  /* holding the enemy flag at all */
  W_CARRY_STEP      = 40,   /* per step closer to one's own centre (28 before
                             * issue 30: carriers of levels 2-4 delivered
                             * less often) */
  W_FLAG_EXPOSED    = 70,   /* the enemy can jump one's standing flag now */
  W_FLAG_LINE_SHUT  = 14,   /* a line through one's centre fully held */
  W_GUARD           = 6,    /* own piece next to one's standing flag */
  W_ATTACKER        = 8,    /* per unit of closeness to the enemy centre */
  W_MOBILITY        = 2,
  W_SAFE_POINT      = 6,    /* piece on a point that can never be jumped */
  W_PAIR            = 2,    /* two own pieces joined by a line */
  W_HANG_FIRST      = 25,   /* side to move: first piece en prise */
  W_HANG_MORE       = 70,   /* side to move: each further piece en prise */
  W_HANG_CARRIER    = 150,  /* the carrier of a flag is en prise */
  W_HANG_OTHER      = 15,   /* side not to move: pieces en prise */
  W_TEMPO           = 8,
  W_ADVANCE         = 10,    /* per rank a piece has advanced */
  W_TRADE           = 4,    /* per piece ahead, per piece off the board:
                             * the side ahead likes exchanges (which it
                             * can force, captures being compulsory) */
  /* endings: a side carrying the enemy flag */
  W_HOMEWARD        = 6,    /* per step a helper is closer to its own centre
                             * (replaces W_ADVANCE: helpers head home) */
  W_ESCORT          = 14,   /* helper next to the carrier */
  W_BLOCKED_HOME    = 50,   /* an enemy piece stands on the carrier's centre */
  W_BLOCKER_NEAR    = 8,    /* per unit of closeness of a helper to that blocker */
  W_CHASE           = 6,    /* defender: per unit of closeness to the enemy carrier */
  W_BLOCKED_APEX    = 30,   /* an enemy piece on the apex in front of the
                             * carrier's centre, the carrier outside it */
};

/* A side's triangle (its camp: ranks 1-2 for the Cossacks, 8-9 for the
 * Turks), entered only through its apex. */
#define TRIANGLE_COSSACKS UINT64_C (0x1df)
#define TRIANGLE_TURKS    UINT64_C (0x1f7000000000)

/* Steps between two points along the lines (99 when either does not
 * exist); generated from the line list, and checked against a breadth
 * first search in tests/test-engine.c through kz_eval_distance. */
static const int8_t dist_table[KZ_GRID_SIZE][KZ_GRID_SIZE] = {
  { 0, 1, 2, 3, 4, 99, 1, 2, 3, 99, 4, 3, 2, 3, 4, 5, 4, 3, 4, 5, 6, 5, 4, 5, 6, 7, 6, 5, 6, 7, 8, 7, 6, 7, 8, 99, 7, 7, 7, 99, 8, 8, 8, 8, 8 },
  { 1, 0, 1, 2, 3, 99, 1, 2, 3, 99, 4, 3, 2, 3, 4, 5, 4, 3, 4, 5, 6, 5, 4, 5, 6, 7, 6, 5, 6, 7, 8, 7, 6, 7, 8, 99, 7, 7, 7, 99, 8, 8, 8, 8, 8 },
  { 2, 1, 0, 1, 2, 99, 2, 1, 2, 99, 4, 3, 2, 3, 4, 5, 4, 3, 4, 5, 6, 5, 4, 5, 6, 7, 6, 5, 6, 7, 8, 7, 6, 7, 8, 99, 7, 7, 7, 99, 8, 8, 8, 8, 8 },
  { 3, 2, 1, 0, 1, 99, 3, 2, 1, 99, 4, 3, 2, 3, 4, 5, 4, 3, 4, 5, 6, 5, 4, 5, 6, 7, 6, 5, 6, 7, 8, 7, 6, 7, 8, 99, 7, 7, 7, 99, 8, 8, 8, 8, 8 },
  { 4, 3, 2, 1, 0, 99, 3, 2, 1, 99, 4, 3, 2, 3, 4, 5, 4, 3, 4, 5, 6, 5, 4, 5, 6, 7, 6, 5, 6, 7, 8, 7, 6, 7, 8, 99, 7, 7, 7, 99, 8, 8, 8, 8, 8 },
  { 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99 },
  { 1, 1, 2, 3, 3, 99, 0, 1, 2, 99, 3, 2, 1, 2, 3, 4, 3, 2, 3, 4, 5, 4, 3, 4, 5, 6, 5, 4, 5, 6, 7, 6, 5, 6, 7, 99, 6, 6, 6, 99, 7, 7, 7, 7, 7 },
  { 2, 2, 1, 2, 2, 99, 1, 0, 1, 99, 3, 2, 1, 2, 3, 4, 3, 2, 3, 4, 5, 4, 3, 4, 5, 6, 5, 4, 5, 6, 7, 6, 5, 6, 7, 99, 6, 6, 6, 99, 7, 7, 7, 7, 7 },
  { 3, 3, 2, 1, 1, 99, 2, 1, 0, 99, 3, 2, 1, 2, 3, 4, 3, 2, 3, 4, 5, 4, 3, 4, 5, 6, 5, 4, 5, 6, 7, 6, 5, 6, 7, 99, 6, 6, 6, 99, 7, 7, 7, 7, 7 },
  { 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99 },
  { 4, 4, 4, 4, 4, 99, 3, 3, 3, 99, 0, 1, 2, 3, 4, 1, 2, 3, 4, 5, 2, 3, 4, 5, 6, 3, 4, 5, 6, 7, 4, 5, 6, 7, 8, 99, 7, 7, 7, 99, 8, 8, 8, 8, 8 },
  { 3, 3, 3, 3, 3, 99, 2, 2, 2, 99, 1, 0, 1, 2, 3, 2, 1, 2, 3, 4, 3, 2, 3, 4, 5, 4, 3, 4, 5, 6, 5, 4, 5, 6, 7, 99, 6, 6, 6, 99, 7, 7, 7, 7, 7 },
  { 2, 2, 2, 2, 2, 99, 1, 1, 1, 99, 2, 1, 0, 1, 2, 3, 2, 1, 2, 3, 4, 3, 2, 3, 4, 5, 4, 3, 4, 5, 6, 5, 4, 5, 6, 99, 5, 5, 5, 99, 6, 6, 6, 6, 6 },
  { 3, 3, 3, 3, 3, 99, 2, 2, 2, 99, 3, 2, 1, 0, 1, 4, 3, 2, 1, 2, 5, 4, 3, 2, 3, 6, 5, 4, 3, 4, 7, 6, 5, 4, 5, 99, 6, 6, 6, 99, 7, 7, 7, 7, 7 },
  { 4, 4, 4, 4, 4, 99, 3, 3, 3, 99, 4, 3, 2, 1, 0, 5, 4, 3, 2, 1, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 8, 7, 6, 5, 4, 99, 7, 7, 7, 99, 8, 8, 8, 8, 8 },
  { 5, 5, 5, 5, 5, 99, 4, 4, 4, 99, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 1, 2, 3, 4, 5, 2, 3, 4, 5, 6, 3, 4, 5, 6, 7, 99, 6, 6, 6, 99, 7, 7, 7, 7, 7 },
  { 4, 4, 4, 4, 4, 99, 3, 3, 3, 99, 2, 1, 2, 3, 4, 1, 0, 1, 2, 3, 2, 1, 2, 3, 4, 3, 2, 3, 4, 5, 4, 3, 4, 5, 6, 99, 5, 5, 5, 99, 6, 6, 6, 6, 6 },
  { 3, 3, 3, 3, 3, 99, 2, 2, 2, 99, 3, 2, 1, 2, 3, 2, 1, 0, 1, 2, 3, 2, 1, 2, 3, 4, 3, 2, 3, 4, 5, 4, 3, 4, 5, 99, 4, 4, 4, 99, 5, 5, 5, 5, 5 },
  { 4, 4, 4, 4, 4, 99, 3, 3, 3, 99, 4, 3, 2, 1, 2, 3, 2, 1, 0, 1, 4, 3, 2, 1, 2, 5, 4, 3, 2, 3, 6, 5, 4, 3, 4, 99, 5, 5, 5, 99, 6, 6, 6, 6, 6 },
  { 5, 5, 5, 5, 5, 99, 4, 4, 4, 99, 5, 4, 3, 2, 1, 4, 3, 2, 1, 0, 5, 4, 3, 2, 1, 6, 5, 4, 3, 2, 7, 6, 5, 4, 3, 99, 6, 6, 6, 99, 7, 7, 7, 7, 7 },
  { 6, 6, 6, 6, 6, 99, 5, 5, 5, 99, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 1, 2, 3, 4, 5, 2, 3, 4, 5, 6, 99, 5, 5, 5, 99, 6, 6, 6, 6, 6 },
  { 5, 5, 5, 5, 5, 99, 4, 4, 4, 99, 3, 2, 3, 4, 5, 2, 1, 2, 3, 4, 1, 0, 1, 2, 3, 2, 1, 2, 3, 4, 3, 2, 3, 4, 5, 99, 4, 4, 4, 99, 5, 5, 5, 5, 5 },
  { 4, 4, 4, 4, 4, 99, 3, 3, 3, 99, 4, 3, 2, 3, 4, 3, 2, 1, 2, 3, 2, 1, 0, 1, 2, 3, 2, 1, 2, 3, 4, 3, 2, 3, 4, 99, 3, 3, 3, 99, 4, 4, 4, 4, 4 },
  { 5, 5, 5, 5, 5, 99, 4, 4, 4, 99, 5, 4, 3, 2, 3, 4, 3, 2, 1, 2, 3, 2, 1, 0, 1, 4, 3, 2, 1, 2, 5, 4, 3, 2, 3, 99, 4, 4, 4, 99, 5, 5, 5, 5, 5 },
  { 6, 6, 6, 6, 6, 99, 5, 5, 5, 99, 6, 5, 4, 3, 2, 5, 4, 3, 2, 1, 4, 3, 2, 1, 0, 5, 4, 3, 2, 1, 6, 5, 4, 3, 2, 99, 5, 5, 5, 99, 6, 6, 6, 6, 6 },
  { 7, 7, 7, 7, 7, 99, 6, 6, 6, 99, 3, 4, 5, 6, 7, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 1, 2, 3, 4, 5, 99, 4, 4, 4, 99, 5, 5, 5, 5, 5 },
  { 6, 6, 6, 6, 6, 99, 5, 5, 5, 99, 4, 3, 4, 5, 6, 3, 2, 3, 4, 5, 2, 1, 2, 3, 4, 1, 0, 1, 2, 3, 2, 1, 2, 3, 4, 99, 3, 3, 3, 99, 4, 4, 4, 4, 4 },
  { 5, 5, 5, 5, 5, 99, 4, 4, 4, 99, 5, 4, 3, 4, 5, 4, 3, 2, 3, 4, 3, 2, 1, 2, 3, 2, 1, 0, 1, 2, 3, 2, 1, 2, 3, 99, 2, 2, 2, 99, 3, 3, 3, 3, 3 },
  { 6, 6, 6, 6, 6, 99, 5, 5, 5, 99, 6, 5, 4, 3, 4, 5, 4, 3, 2, 3, 4, 3, 2, 1, 2, 3, 2, 1, 0, 1, 4, 3, 2, 1, 2, 99, 3, 3, 3, 99, 4, 4, 4, 4, 4 },
  { 7, 7, 7, 7, 7, 99, 6, 6, 6, 99, 7, 6, 5, 4, 3, 6, 5, 4, 3, 2, 5, 4, 3, 2, 1, 4, 3, 2, 1, 0, 5, 4, 3, 2, 1, 99, 4, 4, 4, 99, 5, 5, 5, 5, 5 },
  { 8, 8, 8, 8, 8, 99, 7, 7, 7, 99, 4, 5, 6, 7, 8, 3, 4, 5, 6, 7, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 99, 3, 3, 3, 99, 4, 4, 4, 4, 4 },
  { 7, 7, 7, 7, 7, 99, 6, 6, 6, 99, 5, 4, 5, 6, 7, 4, 3, 4, 5, 6, 3, 2, 3, 4, 5, 2, 1, 2, 3, 4, 1, 0, 1, 2, 3, 99, 2, 2, 2, 99, 3, 3, 3, 3, 3 },
  { 6, 6, 6, 6, 6, 99, 5, 5, 5, 99, 6, 5, 4, 5, 6, 5, 4, 3, 4, 5, 4, 3, 2, 3, 4, 3, 2, 1, 2, 3, 2, 1, 0, 1, 2, 99, 1, 1, 1, 99, 2, 2, 2, 2, 2 },
  { 7, 7, 7, 7, 7, 99, 6, 6, 6, 99, 7, 6, 5, 4, 5, 6, 5, 4, 3, 4, 5, 4, 3, 2, 3, 4, 3, 2, 1, 2, 3, 2, 1, 0, 1, 99, 2, 2, 2, 99, 3, 3, 3, 3, 3 },
  { 8, 8, 8, 8, 8, 99, 7, 7, 7, 99, 8, 7, 6, 5, 4, 7, 6, 5, 4, 3, 6, 5, 4, 3, 2, 5, 4, 3, 2, 1, 4, 3, 2, 1, 0, 99, 3, 3, 3, 99, 4, 4, 4, 4, 4 },
  { 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99 },
  { 7, 7, 7, 7, 7, 99, 6, 6, 6, 99, 7, 6, 5, 6, 7, 6, 5, 4, 5, 6, 5, 4, 3, 4, 5, 4, 3, 2, 3, 4, 3, 2, 1, 2, 3, 99, 0, 1, 2, 99, 1, 1, 2, 3, 3 },
  { 7, 7, 7, 7, 7, 99, 6, 6, 6, 99, 7, 6, 5, 6, 7, 6, 5, 4, 5, 6, 5, 4, 3, 4, 5, 4, 3, 2, 3, 4, 3, 2, 1, 2, 3, 99, 1, 0, 1, 99, 2, 2, 1, 2, 2 },
  { 7, 7, 7, 7, 7, 99, 6, 6, 6, 99, 7, 6, 5, 6, 7, 6, 5, 4, 5, 6, 5, 4, 3, 4, 5, 4, 3, 2, 3, 4, 3, 2, 1, 2, 3, 99, 2, 1, 0, 99, 3, 3, 2, 1, 1 },
  { 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99 },
  { 8, 8, 8, 8, 8, 99, 7, 7, 7, 99, 8, 7, 6, 7, 8, 7, 6, 5, 6, 7, 6, 5, 4, 5, 6, 5, 4, 3, 4, 5, 4, 3, 2, 3, 4, 99, 1, 2, 3, 99, 0, 1, 2, 3, 4 },
  { 8, 8, 8, 8, 8, 99, 7, 7, 7, 99, 8, 7, 6, 7, 8, 7, 6, 5, 6, 7, 6, 5, 4, 5, 6, 5, 4, 3, 4, 5, 4, 3, 2, 3, 4, 99, 1, 2, 3, 99, 1, 0, 1, 2, 3 },
  { 8, 8, 8, 8, 8, 99, 7, 7, 7, 99, 8, 7, 6, 7, 8, 7, 6, 5, 6, 7, 6, 5, 4, 5, 6, 5, 4, 3, 4, 5, 4, 3, 2, 3, 4, 99, 2, 1, 2, 99, 2, 1, 0, 1, 2 },
  { 8, 8, 8, 8, 8, 99, 7, 7, 7, 99, 8, 7, 6, 7, 8, 7, 6, 5, 6, 7, 6, 5, 4, 5, 6, 5, 4, 3, 4, 5, 4, 3, 2, 3, 4, 99, 3, 2, 1, 99, 3, 2, 1, 0, 1 },
  { 8, 8, 8, 8, 8, 99, 7, 7, 7, 99, 8, 7, 6, 7, 8, 7, 6, 5, 6, 7, 6, 5, 4, 5, 6, 5, 4, 3, 4, 5, 4, 3, 2, 3, 4, 99, 3, 2, 1, 99, 4, 3, 2, 1, 0 },
};

/* 5 - the distance to a side's centre, 0 from 5 steps on (W_ATTACKER). */
static const int8_t near_centre[2][KZ_GRID_SIZE] = {
  { 3, 3, 4, 3, 3, 0, 4, 5, 4, 0, 2, 3, 4, 3, 2, 1, 2, 3, 2, 1, 0, 1, 2, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 },
  { 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 2, 1, 0, 1, 2, 3, 2, 1, 2, 3, 4, 3, 2, 0, 4, 5, 4, 0, 3, 3, 4, 3, 3 },
};

/* Ranks advanced from a side's own base (W_ADVANCE). */
static const int8_t advance[2][KZ_GRID_SIZE] = {
  { 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 0, 7, 7, 7, 0, 8, 8, 8, 8, 8 },
  { 8, 8, 8, 8, 8, 0, 7, 7, 7, 0, 6, 6, 6, 6, 6, 5, 5, 5, 5, 5, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 2, 2, 2, 2, 2, 0, 1, 1, 1, 0, 0, 0, 0, 0, 0 },
};

int
kz_eval_distance (int a, int b)
{
  if (!kz_point_valid (a) || !kz_point_valid (b))
    return 99;
  return dist_table[a][b];
}

static inline KzBits
shift_bits (KzBits b, int s)
{
  return s > 0 ? b << s : b >> -s;
}

/* KZ_DIR_SHIFT and KZ_DIR_MASK as constants, so that the loops over the
 * directions unroll (tests/test-engine.c checks kz_count_steps, which
 * holds the same numbers, against the tables). */
static const int dir_shift[KZ_N_DIRS] = { 1, -1, 5, -5, 6, -6, 4, -4 };
static const KzBits dir_mask[KZ_N_DIRS] = {
  UINT64_C (0xf33def7bccf), UINT64_C (0x1e67bdef799e), UINT64_C (0x713ffffc8e),
  UINT64_C (0xe27ffff91c0), UINT64_C (0x4100000041), UINT64_C (0x104000001040),
  UINT64_C (0x1100000110), UINT64_C (0x11000001100),
};

/* Pieces of `x` that a piece of `y` could jump now (straight jumps
 * only; the rare apex side jumps are left to the search). */
static inline KzBits
en_prise (KzBits x, KzBits y, KzBits free)
{
  KzBits r = 0;
  for (int d = 0; d < KZ_N_DIRS; d++)
    {
      int s = dir_shift[d];
      KzBits m = dir_mask[d];
      r |= shift_bits (y & m, s) & x & m & shift_bits (free, -s);
    }
  return r;
}

static inline int
step_mobility (KzBits x, KzBits free)
{
  return kz_count_steps (x, free);
}

/* Each joined pair once: the four "positive" directions E, N, NE, NW,
 * added bit-wise (carry-save) and counted with three population counts. */
static inline int
pairs (KzBits x)
{
  KzBits e = (x & dir_mask[KZ_DIR_E]) << 1 & x;
  KzBits n = (x & dir_mask[KZ_DIR_N]) << 5 & x;
  KzBits ne = (x & dir_mask[KZ_DIR_NE]) << 6 & x;
  KzBits nw = (x & dir_mask[KZ_DIR_NW]) << 4 & x;
  KzBits ones = e ^ n, twos = e & n;
  KzBits c = ones & ne;
  ones ^= ne;
  KzBits fours = twos & c;
  twos ^= c;
  c = ones & nw;
  ones ^= nw;
  fours |= twos & c;
  twos ^= c;
  return kz_popcount (ones) + 2 * kz_popcount (twos) + 4 * kz_popcount (fours);
}

/* Steps the carrier needs to reach home around the pieces in the way
 * (breadth first over at most 41 points; only when a flag is carried);
 * when walled in, the plain distance plus a penalty. */
static int
carrier_route (int from, int home, KzBits blocked)
{
  KzBits seen = KZ_BIT (from), frontier = KZ_BIT (from);
  KzBits open = KZ_VALID_MASK & ~blocked;
  for (int d = 1; d <= 12 && frontier; d++)
    {
      KzBits next = 0;
      for (int k = 0; k < KZ_N_DIRS; k++)
        next |= shift_bits (frontier & KZ_DIR_MASK[k], KZ_DIR_SHIFT[k]);
      next &= open & ~seen;
      if (next >> home & 1)
        return d;
      seen |= next;
      frontier = next;
    }
  int d = dist_table[from][home] + 3;
  return d < 12 ? d : 12;
}

/* The four jumps over a centre: (launch, landing) pairs. */
static const int8_t centre_lines[2][4][2] = {
  { { KZ_SQ (1, 1), KZ_SQ (3, 1) }, { KZ_SQ (3, 1), KZ_SQ (1, 1) },
    { KZ_SQ (2, 0), KZ_SQ (2, 2) }, { KZ_SQ (2, 2), KZ_SQ (2, 0) } },
  { { KZ_SQ (1, 7), KZ_SQ (3, 7) }, { KZ_SQ (3, 7), KZ_SQ (1, 7) },
    { KZ_SQ (2, 8), KZ_SQ (2, 6) }, { KZ_SQ (2, 6), KZ_SQ (2, 8) } },
};

/* Never capturable: corners of the square and of the triangles. */
#define SAFE_POINTS                                                      \
  (KZ_BIT (KZ_SQ (0, 2)) | KZ_BIT (KZ_SQ (4, 2)) | KZ_BIT (KZ_SQ (0, 6)) \
   | KZ_BIT (KZ_SQ (4, 6)) | KZ_BIT (KZ_SQ (0, 0)) | KZ_BIT (KZ_SQ (4, 0)) \
   | KZ_BIT (KZ_SQ (0, 8)) | KZ_BIT (KZ_SQ (4, 8)))

int
kz_evaluate_terms (const KzPosition *pos, KzEvalTerms *t)
{
  memset (t, 0, sizeof *t);

  int stm = pos->side;
  KzBits occ = pos->pieces[0] | pos->pieces[1];
  if (pos->flag[0] == KZ_FLAG_HOME)
    occ |= KZ_BIT (KZ_CENTRE_COSSACKS);
  if (pos->flag[1] == KZ_FLAG_HOME)
    occ |= KZ_BIT (KZ_CENTRE_TURKS);
  KzBits free = KZ_VALID_MASK & ~occ;

  for (int x = 0; x < 2; x++)
    {
      int y = 1 - x;
      int sign = x == stm ? 1 : -1;
      KzBits mine = pos->pieces[x], theirs = pos->pieces[y];
      int home = kz_centre ((KzSide) x);

      t->material += sign * KZ_EVAL_PIECE * kz_popcount (mine);

      /* closeness to the enemy centre and advancement, summed in one
       * pass (used below when the enemy flag stands / when I do not
       * carry it) */
      int near = 0, adv = 0;
      for (KzBits b = mine; b; b &= b - 1)
        {
          int p = kz_bit_scan (b);
          near += near_centre[y][p];
          adv += advance[x][p];
        }

      /* the enemy flag in my hands: bring it home */
      int carrier = pos->flag[y];
      if (carrier != KZ_FLAG_HOME && (mine >> carrier & 1))
        {
          int d = carrier_route (carrier, home, (pos->pieces[0] | pos->pieces[1]) & ~KZ_BIT (carrier));
          t->flags += sign * (W_CARRY_BASE + W_CARRY_STEP * (12 - d));
        }

      /* my standing flag: exposed to a jump, or shut in by my pieces */
      if (pos->flag[x] == KZ_FLAG_HOME)
        {
          int exposed = 0, shut = 0;
          for (int i = 0; i < 4; i++)
            {
              int from = centre_lines[x][i][0], to = centre_lines[x][i][1];
              if ((theirs >> from & 1) && (free >> to & 1))
                exposed++;
              if (i % 2 == 0 && (mine >> from & 1) && (mine >> to & 1))
                shut++;
              if (mine >> from & 1)
                t->flags += sign * W_GUARD;
            }
          t->flags += sign * (W_FLAG_LINE_SHUT * shut - W_FLAG_EXPOSED * exposed
                              * (y == stm ? 2 : 1));
        }

      /* pressure on the enemy's standing flag */
      if (pos->flag[y] == KZ_FLAG_HOME)
        {
          t->flags += sign * W_ATTACKER * (near < 24 ? near : 24);
        }

      t->mobility += sign * W_MOBILITY * step_mobility (mine, free);
      if (carrier != KZ_FLAG_HOME && (mine >> carrier & 1))
        {
          /* the flag is the game now: the helpers escort the carrier and
           * head home rather than deeper into the enemy camp; an enemy
           * piece on the centre is the target */
          int sum = 0;
          /* the blockade: an enemy piece on the centre, or on the apex
           * while the carrier is still outside the triangle (the only
           * way in) */
          int apex = x == 0 ? KZ_APEX_COSSACKS : KZ_APEX_TURKS;
          KzBits camp = x == 0 ? TRIANGLE_COSSACKS : TRIANGLE_TURKS;
          int target = -1;
          if (theirs >> home & 1)
            {
              target = home;
              sum -= W_BLOCKED_HOME;
            }
          else if ((theirs >> apex & 1) && !(camp >> carrier & 1))
            {
              target = apex;
              sum -= W_BLOCKED_APEX;
            }
          for (KzBits b = mine & ~KZ_BIT (carrier); b; b &= b - 1)
            {
              int p = kz_bit_scan (b);
              sum += W_HOMEWARD * (12 - dist_table[p][home]);
              if (dist_table[p][carrier] == 1)
                sum += W_ESCORT;
              if (target >= 0 && dist_table[p][target] < 4)
                sum += W_BLOCKER_NEAR * (4 - dist_table[p][target]);
            }
          t->structure += sign * sum;
        }
      else
        {
          t->structure += sign * W_ADVANCE * adv;
        }
      /* my flag carried by the enemy: chase the carrier */
      int thief = pos->flag[x];
      if (thief != KZ_FLAG_HOME && (theirs >> thief & 1))
        {
          int chase = 0;
          for (KzBits b = mine; b; b &= b - 1)
            {
              int d = dist_table[kz_bit_scan (b)][thief];
              if (d < 6)
                chase += 6 - d;
            }
          t->structure += sign * W_CHASE * (chase < 12 ? chase : 12);
        }
      t->structure += sign * (W_SAFE_POINT * kz_popcount (mine & SAFE_POINTS)
                              + W_PAIR * pairs (mine));

      /* my pieces the opponent could jump */
      KzBits hang = en_prise (mine, theirs, free);
      if (hang)
        {
          int n = kz_popcount (hang);
          int pen;
          if (x == stm)
            pen = W_HANG_FIRST + W_HANG_MORE * (n - 1);
          else
            pen = W_HANG_OTHER * n;
          for (int f = 0; f < 2; f++)
            if (pos->flag[f] != KZ_FLAG_HOME && (hang >> pos->flag[f] & 1))
              pen += W_HANG_CARRIER;
          t->hanging -= sign * pen;
        }
    }
  t->tempo = W_TEMPO;

  int mine = kz_popcount (pos->pieces[stm]), theirs = kz_popcount (pos->pieces[1 - stm]);
  t->material += W_TRADE * (mine - theirs) * (2 * KZ_PIECES_PER_SIDE + 2 - mine - theirs);

  int total = t->material + t->flags + t->mobility + t->structure + t->hanging + t->tempo;
  if (total > KZ_EVAL_MAX)
    total = KZ_EVAL_MAX;
  if (total < -KZ_EVAL_MAX)
    total = -KZ_EVAL_MAX;
  return total;
}

int
kz_evaluate (const KzPosition *pos)
{
  KzEvalTerms t;
  return kz_evaluate_terms (pos, &t);
}
