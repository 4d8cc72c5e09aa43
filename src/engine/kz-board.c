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

/* The side jumps through an apex, each as (from, over, to). */
static const int8_t side_jumps[8][3] = {
  { KZ_SQ (1, 1), KZ_SQ (2, 2), KZ_SQ (3, 2) },  /* b2 c3 d3 */
  { KZ_SQ (3, 2), KZ_SQ (2, 2), KZ_SQ (1, 1) },  /* d3 c3 b2 */
  { KZ_SQ (3, 1), KZ_SQ (2, 2), KZ_SQ (1, 2) },  /* d2 c3 b3 */
  { KZ_SQ (1, 2), KZ_SQ (2, 2), KZ_SQ (3, 1) },  /* b3 c3 d2 */
  { KZ_SQ (1, 7), KZ_SQ (2, 6), KZ_SQ (3, 6) },  /* b8 c7 d7 */
  { KZ_SQ (3, 6), KZ_SQ (2, 6), KZ_SQ (1, 7) },  /* d7 c7 b8 */
  { KZ_SQ (3, 7), KZ_SQ (2, 6), KZ_SQ (1, 6) },  /* d8 c7 b7 */
  { KZ_SQ (1, 6), KZ_SQ (2, 6), KZ_SQ (3, 7) },  /* b7 c7 d8 */
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
  int n = 0;
  if (!kz_point_valid (sq))
    return 0;
  for (int d = 0; d < KZ_N_DIRS; d++)
    {
      int s = KZ_DIR_SHIFT[d];
      if ((KZ_DIR_MASK[d] >> sq & 1) && (KZ_DIR_MASK[d] >> (sq + s) & 1))
        out[n++] = (KzJumpPath) { (int8_t) (sq + s), (int8_t) (sq + 2 * s) };
    }
  for (size_t i = 0; i < 8; i++)
    if (side_jumps[i][0] == sq)
      out[n++] = (KzJumpPath) { side_jumps[i][1], side_jumps[i][2] };
  return n;
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

bool
kz_jump_forbidden_after (int came_from, int at, int to)
{
  /* c5 c4 c3 then c3 b2 a1 / c3 d2 e1 */
  if (at == KZ_APEX_COSSACKS && came_from == KZ_SQ (2, 4))
    return to == KZ_SQ (0, 0) || to == KZ_SQ (4, 0);
  /* c5 c6 c7 then c7 b8 a9 / c7 d8 e9 */
  if (at == KZ_APEX_TURKS && came_from == KZ_SQ (2, 4))
    return to == KZ_SQ (0, 8) || to == KZ_SQ (4, 8);
  return false;
}
