/* kz-mistakes.c — "Learn from your mistakes" (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-mistakes.h"

#include <string.h>

GArray *
kz_mistakes_collect (KzGameAnalysis *analysis, guint sides)
{
  g_return_val_if_fail (KZ_IS_GAME_ANALYSIS (analysis), NULL);
  GArray *out = g_array_new (FALSE, TRUE, sizeof (KzMistake));
  guint n = kz_game_analysis_get_n_plies (analysis);
  for (guint ply = 1; ply <= n; ply++)
    {
      KzMoveClass cls = kz_game_analysis_get_move_class (analysis, ply);
      if (cls != KZ_MOVE_CLASS_MISTAKE && cls != KZ_MOVE_CLASS_BLUNDER)
        continue;
      const KzPosition *pos = kz_game_analysis_get_position (analysis, ply - 1);
      if (!(sides & (1u << pos->side)))
        continue;
      const KzPositionEval *before = kz_game_analysis_get_eval (analysis, ply - 1);
      const KzPositionEval *after = kz_game_analysis_get_eval (analysis, ply);
      if (!before->has_best)
        continue;
      KzMistake m = { 0 };
      m.ply = ply;
      m.side = (KzSide) pos->side;
      m.cls = cls;
      m.played = *kz_game_analysis_get_move (analysis, ply - 1);
      m.best_score = kz_score_for_cossacks (before->score, pos->side);
      m.played_score = kz_score_for_cossacks (after->score, pos->side);
      m.best = before->best;
      m.pv_length = before->pv_length;
      memcpy (m.pv, before->pv, sizeof m.pv);
      if (m.pv_length == 0)
        {
          m.pv[0] = m.best;
          m.pv_length = 1;
        }
      g_array_append_val (out, m);
    }
  return out;
}

guint
kz_mistakes_sides (KzGame *game)
{
  guint sides = 0;
  for (int s = KZ_COSSACKS; s <= KZ_TURKS; s++)
    if (kz_game_get_player_kind (game, (KzSide) s) == KZ_PLAYER_HUMAN)
      sides |= 1u << s;
  return sides ? sides : 3u;
}

gboolean
kz_mistake_class_accepted (KzMoveClass cls)
{
  return cls == KZ_MOVE_CLASS_FORCED || cls == KZ_MOVE_CLASS_BEST || cls == KZ_MOVE_CLASS_GOOD;
}

KzMoveClass
kz_mistake_judge (KzGameAnalysis *analysis, const KzMistake *m, const KzMove *try_move, int *score)
{
  g_return_val_if_fail (KZ_IS_GAME_ANALYSIS (analysis), KZ_MOVE_CLASS_NONE);
  const KzPosition *pos = kz_game_analysis_get_position (analysis, m->ply - 1);
  int n_legal = (int) MIN (kz_count_moves (pos), (guint64) G_MAXINT);
  if (kz_move_equal (try_move, &m->played))
    {
      if (score)
        *score = m->played_score;
      return m->cls;
    }
  if (kz_move_equal (try_move, &m->best))
    {
      if (score)
        *score = m->best_score;
      return kz_classify_move (m->best_score, m->best_score, n_legal, TRUE);
    }

  KzPosition next = *pos;
  kz_position_make_move (&next, try_move);
  int mover_score;
  KzOutcome out = kz_position_outcome (&next);
  if (out.winner >= 0)
    mover_score = out.winner == (int) m->side ? KZ_SCORE_WIN : -KZ_SCORE_WIN;
  else
    {
      /* The game's earlier positions and the one before the try, for
       * repetitions, as the analysis searched them. */
      g_autofree uint64_t *history = g_new (uint64_t, m->ply);
      for (guint p = 0; p < m->ply; p++)
        history[p] = kz_game_analysis_get_position (analysis, p)->hash;
      const KzAnalysisSettings *settings = kz_game_analysis_get_settings (analysis);
      KzSearchLimits limits = { 0 };
      limits.max_time_ms = settings->time_ms;
      limits.max_depth = settings->depth;
      KzSearcher *searcher = kz_searcher_new (16);
      if (searcher == NULL)
        return KZ_MOVE_CLASS_NONE;
      KzSearchResult sr = kz_search (searcher, &next, history, (int) m->ply, &limits, NULL);
      kz_searcher_free (searcher);
      mover_score = -sr.score;
    }
  if (score)
    *score = mover_score;
  return kz_classify_move (m->best_score, mover_score, n_legal, FALSE);
}
