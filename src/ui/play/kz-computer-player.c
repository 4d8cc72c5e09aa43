/* kz-computer-player.c — the computer opponent, run in a worker thread;
 * one KzComputerPlayer per game keeps its search's hash table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>
#include <stdatomic.h>

#include "kz-computer-player.h"
#include "kz-search-job.h"
#include "kz-search.h"
#include "kz-tables.h"

/* One searcher (and its hash table) per player; the lock covers a
 * search still running after a cancel (the task holds a reference to
 * the player until it ends). */
struct _KzComputerPlayer {
  GObject     parent_instance;

  GMutex      lock;
  KzSearcher *searcher;
};

G_DEFINE_FINAL_TYPE (KzComputerPlayer, kz_computer_player, G_TYPE_OBJECT)

static void
kz_computer_player_finalize (GObject *object)
{
  KzComputerPlayer *self = KZ_COMPUTER_PLAYER (object);

  g_mutex_lock (&self->lock);
  g_clear_pointer (&self->searcher, kz_searcher_free);
  g_mutex_unlock (&self->lock);
  g_mutex_clear (&self->lock);
  G_OBJECT_CLASS (kz_computer_player_parent_class)->finalize (object);
}

static void
kz_computer_player_class_init (KzComputerPlayerClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kz_computer_player_finalize;
}

static void
kz_computer_player_init (KzComputerPlayer *self)
{
  g_mutex_init (&self->lock);
}

KzComputerPlayer *
kz_computer_player_new (void)
{
  return g_object_new (KZ_TYPE_COMPUTER_PLAYER, NULL);
}

/* The endgame tables: loaded (or generated once, under a minute) in
 * the background; searches use them once they are there. */
static gpointer
load_tables (gpointer data)
{
  kz_tables_ensure ();
  return NULL;
}

static void
ensure_tables (void)
{
  static gsize started = 0;
  if (g_once_init_enter (&started))
    {
      g_thread_unref (g_thread_new ("kz-egtb", load_tables, NULL));
      g_once_init_leave (&started, 1);
    }
}

typedef struct {
  KzSearchJob job;
  int         level;
  guint       max_msec;   /* 0: the level's own limit */
  guint       min_msec;
  KzMove      move;
  int         score;
} ChooseData;

static void
choose_data_free (ChooseData *data)
{
  kz_search_job_clear (&data->job);
  g_free (data);
}

static void
choose_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  KzComputerPlayer *self = source_object;
  ChooseData *data = task_data;
  gint64 start = g_get_monotonic_time ();
  KzSearchLimits limits;
  KzSearchResult result;

  g_mutex_lock (&self->lock);
  if (self->searcher == NULL)
    self->searcher = kz_searcher_new (16);
  if (self->searcher == NULL)
    {
      g_mutex_unlock (&self->lock);
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                               _("Not enough memory for the computer player"));
      return;
    }
  if (!kz_search_level_params (CLAMP (data->level, KZ_SEARCH_MIN_LEVEL, KZ_SEARCH_MAX_LEVEL), &limits))
    kz_search_level_params (2, &limits);
  limits.seed = (uint64_t) g_get_real_time ();
  limits.no_progress_left = data->job.no_progress_left;
  if (data->max_msec > 0 && (limits.max_time_ms == 0 || (guint) limits.max_time_ms > data->max_msec))
    limits.max_time_ms = (int) data->max_msec;
  result = kz_search (self->searcher, &data->job.pos, data->job.history, data->job.n_history,
                      &limits, &data->job.stop);
  g_mutex_unlock (&self->lock);

  /* Let quick answers wait a little, still responsive to cancellation. */
  while (!atomic_load (&data->job.stop) &&
         g_get_monotonic_time () - start < (gint64) data->min_msec * 1000)
    g_usleep (10000);

  if (g_cancellable_is_cancelled (cancellable))
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                               _("The computer's move was cancelled"));
      return;
    }
  if (!result.has_move)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                               _("The computer has no legal move"));
      return;
    }
  data->move = result.move;
  data->score = result.score;
  g_task_return_boolean (task, TRUE);
}

void
kz_computer_player_choose_async (KzComputerPlayer    *self,
                                 KzGame              *game,
                                 int                  level,
                                 guint                min_msec,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  kz_computer_player_choose_timed_async (self, game, level, min_msec, 0, cancellable, callback,
                                         user_data);
}

void
kz_computer_player_choose_timed_async (KzComputerPlayer    *self,
                                       KzGame              *game,
                                       int                  level,
                                       guint                min_msec,
                                       guint                max_msec,
                                       GCancellable        *cancellable,
                                       GAsyncReadyCallback  callback,
                                       gpointer             user_data)
{
  g_autoptr (GTask) task = NULL;
  ChooseData *data;

  g_return_if_fail (KZ_IS_COMPUTER_PLAYER (self));
  g_return_if_fail (KZ_IS_GAME (game));
  task = g_task_new (self, cancellable, callback, user_data);
  data = g_new0 (ChooseData, 1);
  {
    KzSearchLimits limits;
    /* the levels that use the endgame tables load them (once) */
    if (kz_search_level_params (CLAMP (level, KZ_SEARCH_MIN_LEVEL, KZ_SEARCH_MAX_LEVEL), &limits)
        && !limits.no_tables)
      ensure_tables ();
  }
  kz_search_job_init (&data->job, game, cancellable);
  data->level = level;
  data->max_msec = max_msec;
  data->min_msec = max_msec > 0 ? MIN (min_msec, max_msec / 2) : min_msec;
  g_task_set_source_tag (task, kz_computer_player_choose_timed_async);
  g_task_set_task_data (task, data, (GDestroyNotify) choose_data_free);
  g_task_set_return_on_cancel (task, FALSE);
  g_task_run_in_thread (task, choose_thread);
}

gboolean
kz_computer_player_choose_finish (KzComputerPlayer *self,
                                  GAsyncResult  *result,
                                  KzMove        *move,
                                  int           *score,
                                  GError       **error)
{
  GTask *task = G_TASK (result);
  ChooseData *data;

  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  data = g_task_get_task_data (task);

  if (!g_task_propagate_boolean (task, error))
    return FALSE;
  if (move)
    *move = data->move;
  if (score)
    *score = data->score;
  return TRUE;
}
