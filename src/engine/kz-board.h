/* kz-board.h — board geometry of Kazaki (RULES.md §2, §4).
 *
 * The 41 points live on a 5×9 grid; a point's index is rank * 5 + file
 * (file 0..4 = a..e, rank 0..8 = 1..9), so any set of points fits in the
 * low 45 bits of a uint64_t.  Lines are stored as one bit mask per
 * direction: bit p of KZ_DIR_MASK[d] is set when p is joined to
 * p + KZ_DIR_SHIFT[d] by a line.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef uint64_t KzBits;

#define KZ_NUM_POINTS 41
#define KZ_GRID_FILES 5
#define KZ_GRID_RANKS 9
#define KZ_GRID_SIZE  45
#define KZ_NO_POINT   (-1)

#define KZ_SQ(file, rank) ((rank) * KZ_GRID_FILES + (file))
#define KZ_BIT(sq)        (UINT64_C (1) << (sq))

/* The 41 existing points of the grid. */
#define KZ_VALID_MASK UINT64_C (0x1f77fffffddf)

typedef enum {
  KZ_COSSACKS = 0,
  KZ_TURKS = 1,
} KzSide;

#define KZ_OTHER(side) ((KzSide) (1 - (side)))

/* The centres, where the flags stand: c2 and c8. */
#define KZ_CENTRE_COSSACKS KZ_SQ (2, 1)
#define KZ_CENTRE_TURKS    KZ_SQ (2, 7)
/* The apexes of the triangles: c3 and c7. */
#define KZ_APEX_COSSACKS   KZ_SQ (2, 2)
#define KZ_APEX_TURKS      KZ_SQ (2, 6)

static inline int
kz_centre (KzSide side)
{
  return side == KZ_COSSACKS ? KZ_CENTRE_COSSACKS : KZ_CENTRE_TURKS;
}

typedef enum {
  KZ_DIR_E, KZ_DIR_W, KZ_DIR_N, KZ_DIR_S,
  KZ_DIR_NE, KZ_DIR_SW, KZ_DIR_NW, KZ_DIR_SE,
  KZ_N_DIRS
} KzDir;

extern const int    KZ_DIR_SHIFT[KZ_N_DIRS];
extern const KzBits KZ_DIR_MASK[KZ_N_DIRS];

/* One jump path starting at some point: jump over `over`, land on `to`. */
typedef struct {
  int8_t over;
  int8_t to;
} KzJumpPath;

#define KZ_MAX_JUMP_PATHS 8

/* Every jump path from each point (straight jumps, then the apex side
 * jumps); tests/test-engine.c re-derives it from the line list. */
typedef struct {
  uint8_t    n;
  KzJumpPath paths[KZ_MAX_JUMP_PATHS];
} KzJumpTable;

extern const KzJumpTable KZ_JUMPS[KZ_GRID_SIZE];

bool        kz_point_valid (int sq);
int         kz_point_file (int sq);
int         kz_point_rank (int sq);
/* "a1".."e9"; "??" for an invalid index. */
const char *kz_point_name (int sq);
/* Parses a point name at s; on success returns the index and, if end is
 * not NULL, sets it past the name.  Returns KZ_NO_POINT when s does not
 * start with the name of an existing point. */
int         kz_point_parse (const char *s, const char **end);

/* Points joined to sq by a line; returns how many were written (≤ 8). */
int  kz_neighbours (int sq, int out[KZ_N_DIRS]);
bool kz_adjacent (int a, int b);

/* Every jump path from sq (straight jumps and the apex side jumps);
 * returns how many were written. */
int  kz_jump_paths (int sq, KzJumpPath out[KZ_MAX_JUMP_PATHS]);
/* The point jumped over by a jump from → to, or KZ_NO_POINT when no jump
 * path joins them. */
int  kz_jump_over (int from, int to);

/* True when a piece that landed on `at` by a jump from `came_from` may
 * not continue the chain with the jump `at` → `to` (RULES.md §4, the
 * top-down rule). */
static inline bool
kz_jump_forbidden_after (int came_from, int at, int to)
{
  /* c5 c4 c3, then not c3 b2 a1 nor c3 d2 e1 */
  if (at == KZ_APEX_COSSACKS && came_from == KZ_SQ (2, 4))
    return to == KZ_SQ (0, 0) || to == KZ_SQ (4, 0);
  /* c5 c6 c7, then not c7 b8 a9 nor c7 d8 e9 */
  if (at == KZ_APEX_TURKS && came_from == KZ_SQ (2, 4))
    return to == KZ_SQ (0, 8) || to == KZ_SQ (4, 8);
  return false;
}

/* Without a popcnt instruction in the target (the default x86-64
 * baseline), __builtin_popcountll becomes a library call; this inline
 * bit-twiddling count is faster there and as fast elsewhere. */
static inline int
kz_popcount (KzBits b)
{
#if defined(__POPCNT__) || defined(__aarch64__)
  return __builtin_popcountll (b);
#else
  b = b - ((b >> 1) & UINT64_C (0x5555555555555555));
  b = (b & UINT64_C (0x3333333333333333)) + ((b >> 2) & UINT64_C (0x3333333333333333));
  b = (b + (b >> 4)) & UINT64_C (0x0f0f0f0f0f0f0f0f);
  return (int) ((b * UINT64_C (0x0101010101010101)) >> 56);
#endif
}

/* The number of (piece, direction) pairs of `own` whose neighbour in
 * that direction is in `free`: the eight target sets are added bit-wise
 * (carry-save; no point has more than six neighbours), then counted
 * with three population counts instead of eight. */
static inline int
kz_count_steps (KzBits own, KzBits free)
{
  /* KZ_DIR_SHIFT and KZ_DIR_MASK as constants, so the loop unrolls */
  static const int shift[KZ_N_DIRS] = { 1, -1, 5, -5, 6, -6, 4, -4 };
  static const KzBits mask[KZ_N_DIRS] = {
    UINT64_C (0xf33def7bccf), UINT64_C (0x1e67bdef799e), UINT64_C (0x713ffffc8e),
    UINT64_C (0xe27ffff91c0), UINT64_C (0x4100000041), UINT64_C (0x104000001040),
    UINT64_C (0x1100000110), UINT64_C (0x11000001100),
  };
  KzBits ones = 0, twos = 0, fours = 0;
  for (int d = 0; d < KZ_N_DIRS; d++)
    {
      int sh = shift[d];
      KzBits m = own & mask[d];
      KzBits t = (sh > 0 ? m << sh : m >> -sh) & free;
      KzBits c1 = ones & t;
      ones ^= t;
      KzBits c2 = twos & c1;
      twos ^= c1;
      fours |= c2;
    }
  return kz_popcount (ones) + 2 * kz_popcount (twos) + 4 * kz_popcount (fours);
}

static inline int
kz_bit_scan (KzBits b)
{
  return __builtin_ctzll (b);
}

#ifdef __cplusplus
}
#endif
