/* kz-position.h — a Kazaki position, moves and their effect (RULES.md §3–§7).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-board.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KZ_PIECES_PER_SIDE 15
#define KZ_FLAG_HOME       (-1)
/* A chain jumps at most every enemy piece and the enemy flag. */
#define KZ_MAX_CHAIN       (KZ_PIECES_PER_SIDE + 1)
/* The no-progress draw (RULES.md, "The end", our addition): a game with
 * the rule is drawn when this many plies in a row have neither captured
 * a piece nor taken a flag (50 moves of each side). */
#define KZ_NO_PROGRESS_PLIES 100

typedef struct {
  KzBits   pieces[2];   /* indexed by KzSide */
  int8_t   flag[2];     /* flag of side f: KZ_FLAG_HOME or the carrier's point */
  uint8_t  side;        /* side to move */
  uint8_t  pad_[5];
  uint64_t hash;        /* Zobrist hash of everything above */
} KzPosition;

/* A turn: one step (n_jumps == 0) or one capture chain. */
typedef struct {
  KzBits  captured;             /* enemy pieces removed by the chain */
  uint8_t from;
  uint8_t to;
  uint8_t n_jumps;
  uint8_t carried;              /* bit f: the flag of side f is on the mover afterwards */
  uint8_t path[KZ_MAX_CHAIN];   /* landing points; path[n_jumps - 1] == to */
} KzMove;

typedef enum {
  KZ_REASON_NONE = 0,
  KZ_REASON_FLAG,
  KZ_REASON_ANNIHILATION,
  KZ_REASON_BLOCKED,
} KzReason;

typedef struct {
  int      winner;   /* a KzSide, or -1 while the game goes on */
  KzReason reason;
} KzOutcome;

/* Zobrist keys: kz_zobrist_mix of a small number per (side, point) and
 * per (flag, where). */
static inline uint64_t
kz_zobrist_mix (uint64_t x)
{
  x += UINT64_C (0x9e3779b97f4a7c15);
  x = (x ^ (x >> 30)) * UINT64_C (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * UINT64_C (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

/* The same keys, tabled (kz-position.c; tests/test-engine.c checks them
 * against kz_zobrist_mix): the hot paths only look them up. */
extern const uint64_t KZ_ZOBRIST_PIECE[2][KZ_GRID_SIZE];
extern const uint64_t KZ_ZOBRIST_FLAG[2][KZ_GRID_SIZE + 1];

static inline uint64_t
kz_zobrist_piece (int side, int sq)
{
  return KZ_ZOBRIST_PIECE[side][sq];   /* kz_zobrist_mix (side * 64 + sq + 1) */
}

static inline uint64_t
kz_zobrist_flag (int flag, int where)
{
  return KZ_ZOBRIST_FLAG[flag][where + 1];   /* kz_zobrist_mix (1000 + flag * 64 + where + 1) */
}

#define KZ_ZOBRIST_SIDE UINT64_C (0x6a09e667f3bcc909)

void     kz_position_init_start (KzPosition *pos);
void     kz_position_init_empty (KzPosition *pos);
uint64_t kz_position_compute_hash (const KzPosition *pos);
/* Sets or clears the piece of `side` at sq and keeps the hash. */
void     kz_position_put (KzPosition *pos, int side, int sq, bool present);
bool     kz_position_equal (const KzPosition *a, const KzPosition *b);

/* The side (KzSide) of the piece on sq, or -1 when there is none. */
static inline int
kz_position_piece_at (const KzPosition *pos, int sq)
{
  if (pos->pieces[KZ_COSSACKS] >> sq & 1)
    return KZ_COSSACKS;
  if (pos->pieces[KZ_TURKS] >> sq & 1)
    return KZ_TURKS;
  return -1;
}

/* True when the side that just moved stands on its own centre with a
 * piece carrying the enemy's flag (RULES.md §7.1). */
static inline bool
kz_position_flag_delivered (const KzPosition *pos)
{
  int last = 1 - pos->side;
  int c = kz_centre ((KzSide) last);
  return pos->flag[pos->side] == c && (pos->pieces[last] >> c & 1);
}

/* b shifted by s points (s > 0: towards higher indices). */
static inline KzBits
kz_shift_bits (KzBits b, int s)
{
  return s > 0 ? b << s : b >> -s;
}

/* Points holding no piece and no standing flag. */
static inline KzBits
kz_position_free_points (const KzPosition *pos)
{
  KzBits occ = pos->pieces[0] | pos->pieces[1];
  if (pos->flag[KZ_COSSACKS] == KZ_FLAG_HOME)
    occ |= KZ_BIT (KZ_CENTRE_COSSACKS);
  if (pos->flag[KZ_TURKS] == KZ_FLAG_HOME)
    occ |= KZ_BIT (KZ_CENTRE_TURKS);
  return KZ_VALID_MASK & ~occ;
}

void      kz_position_make_move (KzPosition *pos, const KzMove *move);
KzOutcome kz_position_outcome (const KzPosition *pos);

bool      kz_move_equal (const KzMove *a, const KzMove *b);

/* True when the move captures a piece or takes a flag: every jump does
 * one or the other (a piece jumps only an enemy piece or the enemy's
 * standing flag), a step neither.  Such a move starts the count of the
 * no-progress draw again. */
static inline bool
kz_move_is_progress (const KzMove *move)
{
  return move->n_jumps > 0;
}

#ifdef __cplusplus
}
#endif
