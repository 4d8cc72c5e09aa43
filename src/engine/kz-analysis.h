/* kz-analysis.h — judging the moves of a game from the engine's
 * evaluations of its positions (the computer's review of a game).
 *
 * An analysis evaluates every position of a game once, from the
 * start (ply 0) to the last position (ply n):
 *
 *   score[i]  the search's score of the position after i moves, from
 *             the Cossacks' point of view (KzSearchResult.score turned
 *             round when the Turks are to move); a finished game is
 *             ±KZ_SCORE_WIN (the winner's side positive for the
 *             Cossacks), a draw by repetition 0;
 *   best[i]   the search's best move there (none once the game is over).
 *
 * Move i (1-based) leads from position i - 1 to position i.  Its mover
 * had the prospects score[i - 1] with the best move and gets score[i]
 * with the move played, so it is judged by how much the mover's
 * expected result fell between the two.
 *
 * Expected result.  As Lichess turns centipawns into a winning chance,
 * a score s (points, 100 = one piece, from the mover's view) becomes
 *
 *   E(s) = 1 / (1 + exp (-KZ_ANALYSIS_SCALE * s))       (0 … 1)
 *
 * with Lichess's constant 0.00368208 per point: an even position is
 * 0.5, a piece ahead 0.59, two pieces 0.68, five pieces 0.86.  A forced
 * win is 1 and a forced loss 0, whatever its distance.
 *
 * Classes of a move, in this order:
 *   forced      the only legal move;
 *   best        the engine's best move, or a move that keeps the
 *               mover's expected result (the loss is 0 or less);
 *   blunder     it throws away a forced win (the best move won by
 *               force, the move played does not), or it walks into a
 *               forced loss that the best move avoided;
 *   then by the loss L = E(best) - E(played):
 *   good        L < 0.05
 *   inaccuracy  0.05 ≤ L < 0.10
 *   mistake     0.10 ≤ L < 0.15
 *   blunder     L ≥ 0.15
 * These are Lichess's thresholds (0.1, 0.2 and 0.3 of its winning
 * chances, which run from -1 to 1) on the 0 … 1 scale.
 *
 * Plain C, libc and libm only; thread-safe (pure functions).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include "kz-position.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KZ_ANALYSIS_SCALE 0.00368208

#define KZ_ANALYSIS_INACCURACY 0.05
#define KZ_ANALYSIS_MISTAKE    0.10
#define KZ_ANALYSIS_BLUNDER    0.15

/* A move into a forced loss from a position already scored below
 * KZ_ANALYSIS_LOST_INACCURACY (mover's view) is an inaccuracy, below
 * KZ_ANALYSIS_LOST_MISTAKE a mistake, otherwise a blunder; a forced win
 * thrown away likewise by the score after the move (above −LOST_…).
 * Lichess's −999 and −700 centipawns: since Kazaki keeps Lichess's
 * constant, the same numbers give the same expected results,
 * E = 0.025 and 0.071 (about ten and seven pieces behind). */
#define KZ_ANALYSIS_LOST_INACCURACY (-999)
#define KZ_ANALYSIS_LOST_MISTAKE    (-700)

/* The least search depth at which an inaccuracy (0.05 ≤ L < 0.10) is
 * shown: below it the searches before and after a move differ by as
 * much as the band (issue 30; measured in doc/ENGINE.md). */
#define KZ_ANALYSIS_MEANINGFUL_DEPTH 10

typedef enum {
  KZ_MOVE_CLASS_NONE = 0,     /* not analysed */
  KZ_MOVE_CLASS_FORCED,
  KZ_MOVE_CLASS_BEST,
  KZ_MOVE_CLASS_GOOD,
  KZ_MOVE_CLASS_INACCURACY,
  KZ_MOVE_CLASS_MISTAKE,
  KZ_MOVE_CLASS_BLUNDER,
} KzMoveClass;

#define KZ_MOVE_CLASS_COUNT (KZ_MOVE_CLASS_BLUNDER + 1)

/* E(s) above, for a score from the mover's point of view. */
double      kz_expected_result (int score);

/* Judges a move.  best_score and played_score are the scores of the
 * position before the move (with the best move) and after the move
 * played, both from the MOVER's point of view; n_legal is the number
 * of legal moves the mover had; is_best tells whether the move played
 * is the engine's best move. */
KzMoveClass kz_classify_move (int best_score, int played_score, int n_legal, bool is_best);

/* An inaccuracy by the expected-result band only when both searches
 * (before and after the move, of depths depth_before / depth_after)
 * reached `need` plies, else good: shallower searches differ by as much
 * as the band.  A forced result (either score a win or a loss) is exact,
 * and depth 0 (a final position, an endgame table) counts as exact.
 * Other classes are returned unchanged. */
KzMoveClass kz_move_class_at_depth (KzMoveClass cls, int score_before, int score_after,
                                    int depth_before, int depth_after, int need);

/* "forced", "best", "good", "inaccuracy", "mistake", "blunder" ("" for
 * NONE): the words of kazaki-cli analyse. */
const char *kz_move_class_name (KzMoveClass cls);

/* The usual annotation symbol: "?!" inaccuracy, "?" mistake, "??"
 * blunder, "" for the others. */
const char *kz_move_class_symbol (KzMoveClass cls);

/* A score from the Cossacks' point of view as kazaki-cli analyse
 * prints it: "35", "-120", "#+5" (the Cossacks win by force in 5
 * plies), "#-0" (the Turks have won).  Returns the length. */
size_t      kz_score_format (int cossacks_score, char *buf, size_t size);

/* The same as a KGN evaluation comment's value, in pieces:
 * "0.35", "-1.20", "#5", "#-3" (plies). */
size_t      kz_score_format_eval (int cossacks_score, char *buf, size_t size);

/* The score of a position for the Cossacks, given a score for the
 * side to move (KzSearchResult.score). */
static inline int
kz_score_for_cossacks (int score, int side_to_move)
{
  return side_to_move == KZ_COSSACKS ? score : -score;
}

#ifdef __cplusplus
}
#endif
