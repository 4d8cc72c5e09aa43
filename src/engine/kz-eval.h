/* kz-eval.h — static evaluation of Kazaki positions for the search.
 *
 * Scores are in "points": an ordinary piece is worth KZ_EVAL_PIECE.
 * The evaluation is from the point of view of the side to move and
 * stays far below KZ_SCORE_WIN_MIN (kz-search.h), so it never looks
 * like a won game.  Pure function of the position, thread-safe.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-position.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KZ_EVAL_PIECE 100
/* No evaluation exceeds this in absolute value. */
#define KZ_EVAL_MAX   8000

/* Number of steps along the lines between two points (0..12), or 99
 * when a or b is not a point. */
int kz_eval_distance (int a, int b);

/* The evaluation of a position for the side to move.  Meaningful for
 * quiet positions (no compulsory capture); the search resolves
 * captures before it trusts this number. */
int kz_evaluate (const KzPosition *pos);

/* The same, split into named terms for debugging and tuning (from the
 * side to move's view); returns the total. */
typedef struct {
  int material;
  int flags;        /* carried flags, flag threats, guards */
  int mobility;
  int structure;
  int hanging;      /* pieces the opponent could take next turn */
  int tempo;
} KzEvalTerms;

int kz_evaluate_terms (const KzPosition *pos, KzEvalTerms *terms);

#ifdef __cplusplus
}
#endif
