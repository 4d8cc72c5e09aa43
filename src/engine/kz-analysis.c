/* kz-analysis.c — expected results and move classes (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-analysis.h"
#include "kz-search.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

double
kz_expected_result (int score)
{
  if (score >= KZ_SCORE_WIN_MIN)
    return 1.0;
  if (score <= -KZ_SCORE_WIN_MIN)
    return 0.0;
  return 1.0 / (1.0 + exp (-KZ_ANALYSIS_SCALE * (double) score));
}

KzMoveClass
kz_classify_move (int best_score, int played_score, int n_legal, bool is_best)
{
  if (n_legal <= 1)
    return KZ_MOVE_CLASS_FORCED;
  if (is_best)
    return KZ_MOVE_CLASS_BEST;
  bool best_wins = best_score >= KZ_SCORE_WIN_MIN;
  bool best_loses = best_score <= -KZ_SCORE_WIN_MIN;
  bool played_wins = played_score >= KZ_SCORE_WIN_MIN;
  bool played_loses = played_score <= -KZ_SCORE_WIN_MIN;
  /* As Lichess (lila's MateAdvice): a forced win thrown away is graded
   * by how far ahead the mover still is after the move, a walk into a
   * forced loss by how lost the position already was before it. */
  if (best_wins && !played_wins)
    {
      if (played_score > -KZ_ANALYSIS_LOST_INACCURACY)
        return KZ_MOVE_CLASS_INACCURACY;
      if (played_score > -KZ_ANALYSIS_LOST_MISTAKE)
        return KZ_MOVE_CLASS_MISTAKE;
      return KZ_MOVE_CLASS_BLUNDER;
    }
  if (played_loses && !best_loses)
    {
      if (best_score < KZ_ANALYSIS_LOST_INACCURACY)
        return KZ_MOVE_CLASS_INACCURACY;
      if (best_score < KZ_ANALYSIS_LOST_MISTAKE)
        return KZ_MOVE_CLASS_MISTAKE;
      return KZ_MOVE_CLASS_BLUNDER;
    }
  double loss = kz_expected_result (best_score) - kz_expected_result (played_score);
  if (loss <= 0.0)
    return KZ_MOVE_CLASS_BEST;
  if (loss < KZ_ANALYSIS_INACCURACY)
    return KZ_MOVE_CLASS_GOOD;
  if (loss < KZ_ANALYSIS_MISTAKE)
    return KZ_MOVE_CLASS_INACCURACY;
  if (loss < KZ_ANALYSIS_BLUNDER)
    return KZ_MOVE_CLASS_MISTAKE;
  return KZ_MOVE_CLASS_BLUNDER;
}

KzMoveClass
kz_move_class_at_depth (KzMoveClass cls, int score_before, int score_after,
                        int depth_before, int depth_after, int need)
{
  if (cls != KZ_MOVE_CLASS_INACCURACY)
    return cls;
  if (abs (score_before) >= KZ_SCORE_WIN_MIN || abs (score_after) >= KZ_SCORE_WIN_MIN)
    return cls;
  if ((depth_before > 0 && depth_before < need) || (depth_after > 0 && depth_after < need))
    return KZ_MOVE_CLASS_GOOD;
  return cls;
}

const char *
kz_move_class_name (KzMoveClass cls)
{
  static const char *const names[KZ_MOVE_CLASS_COUNT] = {
    "", "forced", "best", "good", "inaccuracy", "mistake", "blunder",
  };
  if ((int) cls < 0 || cls >= KZ_MOVE_CLASS_COUNT)
    return "";
  return names[cls];
}

const char *
kz_move_class_symbol (KzMoveClass cls)
{
  switch (cls)
    {
    case KZ_MOVE_CLASS_INACCURACY:
      return "?!";
    case KZ_MOVE_CLASS_MISTAKE:
      return "?";
    case KZ_MOVE_CLASS_BLUNDER:
      return "??";
    default:
      return "";
    }
}

size_t
kz_score_format (int score, char *buf, size_t size)
{
  int n;
  if (score >= KZ_SCORE_WIN_MIN)
    n = snprintf (buf, size, "#+%d", KZ_SCORE_WIN - score);
  else if (score <= -KZ_SCORE_WIN_MIN)
    n = snprintf (buf, size, "#-%d", KZ_SCORE_WIN + score);
  else
    n = snprintf (buf, size, "%d", score);
  return n < 0 ? 0 : (size_t) n;
}

size_t
kz_score_format_eval (int score, char *buf, size_t size)
{
  int n;
  if (score >= KZ_SCORE_WIN_MIN)
    n = snprintf (buf, size, "#%d", KZ_SCORE_WIN - score);
  else if (score <= -KZ_SCORE_WIN_MIN)
    n = snprintf (buf, size, "#-%d", KZ_SCORE_WIN + score);
  else
    {
      int a = abs (score);
      n = snprintf (buf, size, "%s%d.%02d", score < 0 ? "-" : "", a / 100, a % 100);
    }
  return n < 0 ? 0 : (size_t) n;
}
