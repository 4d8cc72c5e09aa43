/* kz-board.c — board geometry (RULES.md §2, §4).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-board.h"

#include <stddef.h>


const int KZ_DIR_SHIFT[KZ_N_DIRS] = { 1, -1, 5, -5, 6, -6, 4, -4 };

/* Derived from the line list of RULES.md §2 (tests/engine re-derive them
 * from that list and compare). */
const KzBits KZ_DIR_MASK[KZ_N_DIRS] = {
  UINT64_C (0xf33def7bccf),   /* E  */
  UINT64_C (0x1e67bdef799e),  /* W  */
  UINT64_C (0x713ffffc8e),    /* N  */
  UINT64_C (0xe27ffff91c0),   /* S  */
  UINT64_C (0x4100000041),    /* NE: a1-b2-c3, c7-d8-e9 */
  UINT64_C (0x104000001040),  /* SW */
  UINT64_C (0x1100000110),    /* NW: e1-d2-c3, c7-b8-a9 */
  UINT64_C (0x11000001100),   /* SE */
};


const KzJumpTable KZ_JUMPS[KZ_GRID_SIZE] = {
  [0] = { 2, { { 1, 2 }, { 6, 12 } } }, /* a1: b1>c1 b2>c3 */
  [1] = { 1, { { 2, 3 } } }, /* b1: c1>d1 */
  [2] = { 3, { { 3, 4 }, { 1, 0 }, { 7, 12 } } }, /* c1: d1>e1 b1>a1 c2>c3 */
  [3] = { 1, { { 2, 1 } } }, /* d1: c1>b1 */
  [4] = { 2, { { 3, 2 }, { 8, 12 } } }, /* e1: d1>c1 d2>c3 */
  [5] = { 0, {  } }, /* --:  */
  [6] = { 2, { { 7, 8 }, { 12, 13 } } }, /* b2: c2>d2 c3>d3 */
  [7] = { 1, { { 12, 17 } } }, /* c2: c3>c4 */
  [8] = { 2, { { 7, 6 }, { 12, 11 } } }, /* d2: c2>b2 c3>b3 */
  [9] = { 0, {  } }, /* --:  */
  [10] = { 2, { { 11, 12 }, { 15, 20 } } }, /* a3: b3>c3 a4>a5 */
  [11] = { 3, { { 12, 13 }, { 16, 21 }, { 12, 8 } } }, /* b3: c3>d3 b4>b5 c3>d2 */
  [12] = { 6, { { 13, 14 }, { 11, 10 }, { 17, 22 }, { 7, 2 }, { 6, 0 }, { 8, 4 } } }, /* c3: d3>e3 b3>a3 c4>c5 c2>c1 b2>a1 d2>e1 */
  [13] = { 3, { { 12, 11 }, { 18, 23 }, { 12, 6 } } }, /* d3: c3>b3 d4>d5 c3>b2 */
  [14] = { 2, { { 13, 12 }, { 19, 24 } } }, /* e3: d3>c3 e4>e5 */
  [15] = { 2, { { 16, 17 }, { 20, 25 } } }, /* a4: b4>c4 a5>a6 */
  [16] = { 2, { { 17, 18 }, { 21, 26 } } }, /* b4: c4>d4 b5>b6 */
  [17] = { 4, { { 18, 19 }, { 16, 15 }, { 22, 27 }, { 12, 7 } } }, /* c4: d4>e4 b4>a4 c5>c6 c3>c2 */
  [18] = { 2, { { 17, 16 }, { 23, 28 } } }, /* d4: c4>b4 d5>d6 */
  [19] = { 2, { { 18, 17 }, { 24, 29 } } }, /* e4: d4>c4 e5>e6 */
  [20] = { 3, { { 21, 22 }, { 25, 30 }, { 15, 10 } } }, /* a5: b5>c5 a6>a7 a4>a3 */
  [21] = { 3, { { 22, 23 }, { 26, 31 }, { 16, 11 } } }, /* b5: c5>d5 b6>b7 b4>b3 */
  [22] = { 4, { { 23, 24 }, { 21, 20 }, { 27, 32 }, { 17, 12 } } }, /* c5: d5>e5 b5>a5 c6>c7 c4>c3 */
  [23] = { 3, { { 22, 21 }, { 28, 33 }, { 18, 13 } } }, /* d5: c5>b5 d6>d7 d4>d3 */
  [24] = { 3, { { 23, 22 }, { 29, 34 }, { 19, 14 } } }, /* e5: d5>c5 e6>e7 e4>e3 */
  [25] = { 2, { { 26, 27 }, { 20, 15 } } }, /* a6: b6>c6 a5>a4 */
  [26] = { 2, { { 27, 28 }, { 21, 16 } } }, /* b6: c6>d6 b5>b4 */
  [27] = { 4, { { 28, 29 }, { 26, 25 }, { 32, 37 }, { 22, 17 } } }, /* c6: d6>e6 b6>a6 c7>c8 c5>c4 */
  [28] = { 2, { { 27, 26 }, { 23, 18 } } }, /* d6: c6>b6 d5>d4 */
  [29] = { 2, { { 28, 27 }, { 24, 19 } } }, /* e6: d6>c6 e5>e4 */
  [30] = { 2, { { 31, 32 }, { 25, 20 } } }, /* a7: b7>c7 a6>a5 */
  [31] = { 3, { { 32, 33 }, { 26, 21 }, { 32, 38 } } }, /* b7: c7>d7 b6>b5 c7>d8 */
  [32] = { 6, { { 33, 34 }, { 31, 30 }, { 37, 42 }, { 27, 22 }, { 38, 44 }, { 36, 40 } } }, /* c7: d7>e7 b7>a7 c8>c9 c6>c5 d8>e9 b8>a9 */
  [33] = { 3, { { 32, 31 }, { 28, 23 }, { 32, 36 } } }, /* d7: c7>b7 d6>d5 c7>b8 */
  [34] = { 2, { { 33, 32 }, { 29, 24 } } }, /* e7: d7>c7 e6>e5 */
  [35] = { 0, {  } }, /* --:  */
  [36] = { 2, { { 37, 38 }, { 32, 33 } } }, /* b8: c8>d8 c7>d7 */
  [37] = { 1, { { 32, 27 } } }, /* c8: c7>c6 */
  [38] = { 2, { { 37, 36 }, { 32, 31 } } }, /* d8: c8>b8 c7>b7 */
  [39] = { 0, {  } }, /* --:  */
  [40] = { 2, { { 41, 42 }, { 36, 32 } } }, /* a9: b9>c9 b8>c7 */
  [41] = { 1, { { 42, 43 } } }, /* b9: c9>d9 */
  [42] = { 3, { { 43, 44 }, { 41, 40 }, { 37, 32 } } }, /* c9: d9>e9 b9>a9 c8>c7 */
  [43] = { 1, { { 42, 41 } } }, /* d9: c9>b9 */
  [44] = { 2, { { 43, 42 }, { 38, 32 } } }, /* e9: d9>c9 d8>c7 */

};

static const char point_names[KZ_GRID_SIZE][3] = {
  "a1", "b1", "c1", "d1", "e1",
  "a2", "b2", "c2", "d2", "e2",
  "a3", "b3", "c3", "d3", "e3",
  "a4", "b4", "c4", "d4", "e4",
  "a5", "b5", "c5", "d5", "e5",
  "a6", "b6", "c6", "d6", "e6",
  "a7", "b7", "c7", "d7", "e7",
  "a8", "b8", "c8", "d8", "e8",
  "a9", "b9", "c9", "d9", "e9",
};

bool
kz_point_valid (int sq)
{
  return sq >= 0 && sq < KZ_GRID_SIZE && (KZ_VALID_MASK >> sq & 1);
}

int
kz_point_file (int sq)
{
  return sq % KZ_GRID_FILES;
}

int
kz_point_rank (int sq)
{
  return sq / KZ_GRID_FILES;
}

const char *
kz_point_name (int sq)
{
  return kz_point_valid (sq) ? point_names[sq] : "??";
}

int
kz_point_parse (const char *s, const char **end)
{
  if (s == NULL || s[0] < 'a' || s[0] > 'e' || s[1] < '1' || s[1] > '9')
    return KZ_NO_POINT;
  int sq = KZ_SQ (s[0] - 'a', s[1] - '1');
  if (!kz_point_valid (sq))
    return KZ_NO_POINT;
  if (end)
    *end = s + 2;
  return sq;
}

int
kz_neighbours (int sq, int out[KZ_N_DIRS])
{
  int n = 0;
  if (!kz_point_valid (sq))
    return 0;
  for (int d = 0; d < KZ_N_DIRS; d++)
    if (KZ_DIR_MASK[d] >> sq & 1)
      out[n++] = sq + KZ_DIR_SHIFT[d];
  return n;
}

bool
kz_adjacent (int a, int b)
{
  if (!kz_point_valid (a) || !kz_point_valid (b))
    return false;
  for (int d = 0; d < KZ_N_DIRS; d++)
    if ((KZ_DIR_MASK[d] >> a & 1) && a + KZ_DIR_SHIFT[d] == b)
      return true;
  return false;
}

int
kz_jump_paths (int sq, KzJumpPath out[KZ_MAX_JUMP_PATHS])
{
  if (!kz_point_valid (sq))
    return 0;
  for (int i = 0; i < KZ_JUMPS[sq].n; i++)
    out[i] = KZ_JUMPS[sq].paths[i];
  return KZ_JUMPS[sq].n;
}

int
kz_jump_over (int from, int to)
{
  KzJumpPath paths[KZ_MAX_JUMP_PATHS];
  int n = kz_jump_paths (from, paths);
  for (int i = 0; i < n; i++)
    if (paths[i].to == to)
      return paths[i].over;
  return KZ_NO_POINT;
}
