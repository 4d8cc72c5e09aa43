/* kz-draw-judge.c — the computer's draws: accepting and offering
 * (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-draw-judge.h"

#include <glib/gi18n-lib.h>
#include <stdatomic.h>

#include "kz-search-job.h"
#include "kz-search.h"
#include "kz-tables.h"

/* ---- the decision ------------------------------------------------------ */

KzDrawVerdict
kz_draw_judge_decide (KzDrawQuestion question, const KzDrawFacts *facts)
{
  g_return_val_if_fail (facts != NULL, KZ_DRAW_PLAY_ON);

  if (facts->tables == KZ_EGTB_DRAW)
    return KZ_DRAW_DEAD;
  if (question == KZ_DRAW_ANSWER)
    {
      if (facts->tables == KZ_EGTB_LOSS)
        return KZ_DRAW_LOST;
      if (facts->tables == KZ_EGTB_WIN)
        return KZ_DRAW_PLAY_ON;
      if (facts->searched && facts->score <= KZ_DRAW_LOST_SCORE)
        return KZ_DRAW_LOST;
      return KZ_DRAW_PLAY_ON;
    }
  /* An offer: only when nothing can change.  A position the tables call
   * won or lost can change (someone wins it). */
  if (facts->tables != KZ_EGTB_NONE)
    return KZ_DRAW_PLAY_ON;
  if (facts->quiet_plies >= KZ_DRAW_QUIET_PLIES && facts->searched
      && !kz_score_is_win (facts->score) && ABS (facts->score) <= KZ_DRAW_LEVEL_SCORE)
    return KZ_DRAW_STALLED;
  return KZ_DRAW_PLAY_ON;
}

/* ---- facts of the game ------------------------------------------------- */

guint
kz_draw_judge_quiet_plies (KzGame *game)
{
  g_return_val_if_fail (KZ_IS_GAME (game), 0);
  return kz_game_get_plies_without_progress (game, kz_game_get_ply (game));
}

static gboolean
may_be_in_tables (const KzPosition *pos)
{
  return kz_popcount (pos->pieces[0] | pos->pieces[1]) <= KZ_EGTB_MAX_PIECES
         && pos->pieces[0] != 0 && pos->pieces[1] != 0;
}

gboolean
kz_draw_judge_may_offer (KzGame *game, KzSide side, int last_offer_ply)
{
  int ply;

  g_return_val_if_fail (KZ_IS_GAME (game), FALSE);
  if (kz_game_is_over (game) || kz_game_get_side_to_move (game) == side)
    return FALSE;
  ply = (int) kz_game_get_ply (game);
  if (last_offer_ply >= 0 && last_offer_ply <= ply && ply - last_offer_ply < KZ_DRAW_OFFER_GAP)
    return FALSE;
  return may_be_in_tables (kz_game_get_position (game))
         || kz_draw_judge_quiet_plies (game) >= KZ_DRAW_QUIET_PLIES;
}

/* ---- judging in a worker thread ---------------------------------------- */

typedef struct {
  KzSearchJob    job;
  KzSide         side;
  int            level;
  KzDrawQuestion question;
  KzDrawFacts    facts;
} JudgeData;

static void
judge_data_free (JudgeData *data)
{
  kz_search_job_clear (&data->job);
  g_free (data);
}

/* The judging search: the game's level or level KZ_DRAW_JUDGE_MIN_LEVEL,
 * whichever is stronger, played straight (no noise, no mistakes), with
 * the tables and one thread, so the verdict is reproducible. */
static void
judge_limits (int level, KzSearchLimits *limits)
{
  level = CLAMP (MAX (level, KZ_DRAW_JUDGE_MIN_LEVEL), KZ_SEARCH_MIN_LEVEL, KZ_SEARCH_MAX_LEVEL);
  kz_search_level_params (level, limits);
  limits->noise = 0;
  limits->seed = 0;
  limits->no_tables = false;
  limits->threads = 1;
  limits->miss_chain = 0;
  limits->hang_piece = 0;
  limits->miss_shot = 0;
}

static void
judge_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  JudgeData *data = task_data;
  KzDrawFacts *facts = &data->facts;
  gboolean turned = data->job.pos.side != (uint8_t) data->side;
  gboolean search;

  if (may_be_in_tables (&data->job.pos) && kz_tables_ensure ())
    {
      KzEgtbResult r = kz_egtb_probe (&data->job.pos, NULL);
      if (turned && r == KZ_EGTB_WIN)
        r = KZ_EGTB_LOSS;
      else if (turned && r == KZ_EGTB_LOSS)
        r = KZ_EGTB_WIN;
      facts->tables = r;
    }
  search = facts->tables == KZ_EGTB_NONE
           && (data->question == KZ_DRAW_ANSWER || facts->quiet_plies >= KZ_DRAW_QUIET_PLIES);
  if (search && !atomic_load (&data->job.stop))
    {
      KzSearchLimits limits;
      KzSearchResult r;
      KzSearcher *searcher = kz_searcher_new (8);

      if (searcher == NULL)
        {
          g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                                   _("Not enough memory for the computer player"));
          return;
        }
      judge_limits (data->level, &limits);
      limits.no_progress_left = data->job.no_progress_left;
      r = kz_search (searcher, &data->job.pos, data->job.history, data->job.n_history, &limits,
                     &data->job.stop);
      kz_searcher_free (searcher);
      facts->searched = TRUE;
      facts->score = turned ? -r.score : r.score;
      facts->depth = r.depth;
    }
  if (g_cancellable_is_cancelled (cancellable))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                               _("The computer’s judgement of the draw was cancelled"));
      return;
    }
  g_task_return_int (task, kz_draw_judge_decide (data->question, facts));
}

void
kz_draw_judge_async (KzGame              *game,
                     KzSide               side,
                     int                  level,
                     KzDrawQuestion       question,
                     GCancellable        *cancellable,
                     GAsyncReadyCallback  callback,
                     gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;
  JudgeData *data;

  g_return_if_fail (KZ_IS_GAME (game));
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, kz_draw_judge_async);
  data = g_new0 (JudgeData, 1);
  kz_search_job_init (&data->job, game, cancellable);
  data->side = side;
  data->level = level;
  data->question = question;
  data->facts.quiet_plies = kz_draw_judge_quiet_plies (game);
  g_task_set_task_data (task, data, (GDestroyNotify) judge_data_free);
  if (kz_game_is_over (game))
    {
      g_task_return_int (task, KZ_DRAW_PLAY_ON);
      return;
    }
  g_task_run_in_thread (task, judge_thread);
}

KzDrawVerdict
kz_draw_judge_finish (GAsyncResult *result, KzDrawFacts *facts, GError **error)
{
  GTask *task = G_TASK (result);
  gssize verdict;

  g_return_val_if_fail (g_task_is_valid (result, NULL), KZ_DRAW_PLAY_ON);
  verdict = g_task_propagate_int (task, error);
  if (verdict < 0)
    return KZ_DRAW_PLAY_ON;
  if (facts)
    *facts = ((JudgeData *) g_task_get_task_data (task))->facts;
  return (KzDrawVerdict) verdict;
}
