/* kz-search-job.c — a game's position copied for a search in a worker
 * thread (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-search-job.h"

static void
on_cancelled (GCancellable *cancellable, KzSearchJob *job)
{
  atomic_store (&job->stop, 1);
}

void
kz_search_job_init (KzSearchJob *job, KzGame *game, GCancellable *cancellable)
{
  guint ply = kz_game_get_ply (game);

  job->pos = *kz_game_get_position (game);
  job->n_history = (int) ply;
  job->history = g_new0 (uint64_t, MAX (ply, 1));
  for (guint i = 0; i < ply; i++)
    job->history[i] = kz_game_get_position_at (game, i)->hash;
  job->no_progress_left = kz_game_get_no_progress_left (game, ply);
  atomic_init (&job->stop, 0);
  job->cancellable = cancellable ? g_object_ref (cancellable) : NULL;
  job->cancel_id = cancellable ? g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), job, NULL)
                               : 0;
}

void
kz_search_job_clear (KzSearchJob *job)
{
  if (job->cancel_id)
    g_cancellable_disconnect (job->cancellable, job->cancel_id);
  job->cancel_id = 0;
  g_clear_object (&job->cancellable);
  g_clear_pointer (&job->history, g_free);
}
