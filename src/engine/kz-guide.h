/* kz-guide.h — what the guided game shows, computed from a position:
 * pieces in danger, the pieces that must capture, the flags' roads home
 * and the facts that explain a move.
 *
 * The road home of a flag (what the guided game draws): the fewest
 * turns in which one piece of the side that would deliver it brings it
 * to that side's centre (RULES.md "The end", 1) while every other piece
 * stands still.  A carried flag's road starts at its carrier and goes by
 * steps through free points; a standing flag's road starts at the enemy
 * piece nearest to it in turns, steps to a point from which it can jump
 * the flag (RULES.md "Flags": a straight jump over the centre to a free
 * point), jumps it, then steps home.  Captures on the way and the
 * opponent's replies are left out.  The centre may be entered while the
 * deliverer's own flag still stands there.  A flag carried by a piece of
 * its own side has no road (flags are never put down).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-movegen.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The pieces of `side` that the other side could take if it were to
 * move in this position (every legal capture of the other side). */
KzBits kz_guide_in_danger (const KzPosition *pos, KzSide side);

/* A piece of the side to move that can take an enemy piece, and the
 * first enemy piece it can jump (the one on the lowest point). */
typedef struct {
  uint8_t from;
  uint8_t over;
} KzGuideCapture;

/* The pieces of the side to move that can take an enemy piece, one
 * entry each in point order; 0 when capturing is not compulsory. */
int kz_guide_must_capture (const KzPosition *pos,
                           KzGuideCapture out[KZ_PIECES_PER_SIDE]);

typedef struct {
  int8_t  flag;      /* the flag's side */
  int8_t  side;      /* the side that would deliver it */
  bool    carried;   /* carried now (else standing on its centre) */
  int8_t  jump;      /* standing flag: points[jump - 1] jumps the flag to points[jump]; else -1 */
  uint8_t n;         /* points on the road, its start and its end */
  uint8_t points[KZ_NUM_POINTS * 2];
} KzFlagRoad;

/* The road home of the flag of `flag` (see the top of this file).
 * Returns false, with road->n == 0, when there is none: the flag is
 * carried by its own side, the game is over, or every road is blocked. */
bool kz_guide_flag_road (const KzPosition *pos, KzSide flag, KzFlagRoad *road);

/* What a move did, as far as the position shows it. */
typedef enum {
  KZ_FACT_CAPTURE     = 1 << 0,   /* took enemy pieces (captured) */
  KZ_FACT_ONLY_MOVE   = 1 << 1,   /* it was the only legal move */
  KZ_FACT_TOOK_FLAG   = 1 << 2,   /* jumped the enemy's standing flag */
  KZ_FACT_TOOK_CARRIER = 1 << 3,  /* took a piece carrying a flag: the flag changed hands */
  KZ_FACT_DELIVERED   = 1 << 4,   /* brought the enemy flag home: won */
  KZ_FACT_ANNIHILATED = 1 << 5,   /* took the last enemy piece: won */
  KZ_FACT_BLOCKED     = 1 << 6,   /* the enemy cannot move: won */
  KZ_FACT_ESCAPED     = 1 << 7,   /* a step from a point where the piece could be taken to one where it cannot */
  KZ_FACT_COVERED     = 1 << 8,   /* own pieces that could be taken before cannot be now (covered) */
  KZ_FACT_THREAT      = 1 << 9,   /* enemy pieces the mover's side could take next (threatened) */
  KZ_FACT_NEARER_HOME = 1 << 10,  /* a carrier of the enemy flag came nearer home (road_left) */
} KzMoveFact;

typedef struct {
  unsigned facts;       /* KzMoveFact bits */
  int8_t   side;        /* the side that moved */
  KzBits   captured;
  KzBits   covered;
  KzBits   threatened;
  int      road_left;   /* turns left on the carrier's road home */
} KzMoveFacts;

/* What the other side could do at once after a move: its most damaging
 * reply, judged as a beginner sees it (one reply, no further look
 * ahead), for the guided game's warning before a losing move.  The
 * reply's weight: a win at once above taking a flag from the mover (its
 * own, jumped or with its carrier, or the one its piece carries) above
 * pieces; the pieces the move itself took are subtracted. */
typedef struct {
  bool    wins;        /* the reply wins the game at once */
  int8_t  flag;        /* the flag (a KzSide) the reply takes from the mover:
                        * its own flag, or the one its piece carries; -1 none */
  int8_t  net;         /* pieces the reply takes minus pieces the move took */
  int     weight;      /* KZ_GUIDE_RISK_WIN, or net * 10 + (flag >= 0 ? 25 : 0) */
  KzMove  reply;       /* the reply (when weight > 0 or wins) */
} KzGuideRisk;

#define KZ_GUIDE_RISK_WIN 10000

/* The risk of `move` (legal in pos).  A move that wins at once has
 * weight INT_MIN / 2 (no risk). */
void kz_guide_risk (const KzPosition *pos, const KzMove *move, KzGuideRisk *risk);

/* True when the guided game should warn before `move` (legal in pos):
 * its risk's weight is above 0 and another legal move has a smaller
 * weight.  Fills `risk` with the move's risk and `*safer` with a legal
 * move of the least weight (either may be NULL). */
bool kz_guide_should_warn (const KzPosition *pos, const KzMove *move, KzGuideRisk *risk,
                           KzMove *safer);

/* The facts of `move` (legal in `before`). */
void kz_guide_explain (const KzPosition *before, const KzMove *move, KzMoveFacts *facts);

#ifdef __cplusplus
}
#endif
