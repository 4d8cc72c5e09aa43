/* kz-mistakes.h — "Learn from your mistakes": the mistakes and blunders
 * of an analysed game as exercises, and the judge of a new try.
 *
 * A try is accepted when the review would not mark it: its class by
 * kz_classify_move() (kz-analysis.h) against the best move's score is
 * forced, best or good, i.e. it loses less than KZ_ANALYSIS_INACCURACY
 * (0.05) of the mover's expected result and does not throw away a forced
 * win or walk into a forced loss the best move avoided.  That is the
 * review's own line between a sound move and an inaccuracy (Lichess's
 * thresholds), so an exercise never refuses a move the review calls good,
 * and never accepts one it would mark.  The try is searched with the
 * analysis's own limits (depth or time per position), as the game's
 * moves were; the move played in the game is never accepted.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "kz-game-analysis.h"

G_BEGIN_DECLS

typedef struct {
  guint       ply;           /* the move's number i (1-based): from position i - 1 */
  KzSide      side;          /* the mover */
  KzMoveClass cls;           /* KZ_MOVE_CLASS_MISTAKE or KZ_MOVE_CLASS_BLUNDER */
  KzMove      played;
  int         best_score;    /* the mover's view, with the best move */
  int         played_score;  /* the mover's view, after the move played */
  KzMove      best;
  int         pv_length;     /* the best line from position i - 1, pv[0] == best */
  KzMove      pv[KZ_SEARCH_MAX_PV];
} KzMistake;

/* The mistakes and blunders of the sides in `sides` (bit s: KzSide s) in
 * a complete analysis, in the order of the game (KzMistake). */
GArray     *kz_mistakes_collect (KzGameAnalysis *analysis, guint sides);

/* The sides whose mistakes a player learns from: the human players of
 * the game, or both sides when none is human. */
guint       kz_mistakes_sides (KzGame *game);

/* Searches `try` from the mistake's position with the analysis's limits
 * and judges it (see above); its score for the mover in *score when not
 * NULL.  Thread-safe (the analysis is only read); may take as long as one
 * position of the analysis took. */
KzMoveClass kz_mistake_judge (KzGameAnalysis *analysis, const KzMistake *mistake,
                              const KzMove *try_move, int *score);

/* TRUE for the classes a try is accepted with: forced, best, good. */
gboolean    kz_mistake_class_accepted (KzMoveClass cls);

G_END_DECLS
