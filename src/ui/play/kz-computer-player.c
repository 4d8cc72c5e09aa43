/* kz-computer-player.c — the computer opponent, run in a worker thread;
 * one KzComputerPlayer per game keeps its search's hash table.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>
#include <stdatomic.h>

#include "kz-computer-player.h"
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
  KzPosition  pos;
  uint64_t   *history;
  int         n_history;
  int         no_progress_left;   /* KzSearchLimits.no_progress_left */
  int         level;
  guint       max_msec;   /* 0: the level's own limit */
  guint       min_msec;
  atomic_int  stop;
  gulong      cancel_id;
  GCancellable *cancellable;
  KzMove      move;
  int         score;
} ChooseData;

static void
choose_data_free (ChooseData *data)
{
  if (data->cancel_id)
    g_cancellable_disconnect (data->cancellable, data->cancel_id);
  g_clear_object (&data->cancellable);
  g_free (data->history);
  g_free (data);
}

static void
on_cancelled (GCancellable *cancellable,
              ChooseData   *data)
{
  atomic_store (&data->stop, 1);
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
  limits.no_progress_left = data->no_progress_left;
  if (data->max_msec > 0 && (limits.max_time_ms == 0 || (guint) limits.max_time_ms > data->max_msec))
    limits.max_time_ms = (int) data->max_msec;
  result = kz_search (self->searcher, &data->pos, data->history, data->n_history, &limits,
                      &data->stop);
  g_mutex_unlock (&self->lock);

  /* Let quick answers wait a little, still responsive to cancellation. */
  while (!atomic_load (&data->stop) &&
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
  guint ply;

  g_return_if_fail (KZ_IS_COMPUTER_PLAYER (self));
  g_return_if_fail (KZ_IS_GAME (game));
  task = g_task_new (self, cancellable, callback, user_data);
  data = g_new0 (ChooseData, 1);
  ply = kz_game_get_ply (game);
  {
    KzSearchLimits limits;
    /* the levels that use the endgame tables load them (once) */
    if (kz_search_level_params (CLAMP (level, KZ_SEARCH_MIN_LEVEL, KZ_SEARCH_MAX_LEVEL), &limits)
        && !limits.no_tables)
      ensure_tables ();
  }
  data->pos = *kz_game_get_position (game);
  data->level = level;
  data->max_msec = max_msec;
  data->min_msec = max_msec > 0 ? MIN (min_msec, max_msec / 2) : min_msec;
  data->n_history = (int) ply;
  data->no_progress_left = kz_game_get_no_progress_left (game, ply);
  data->history = g_new0 (uint64_t, MAX (ply, 1));
  for (guint i = 0; i < ply; i++)
    data->history[i] = kz_game_get_position_at (game, i)->hash;
  if (cancellable)
    {
      data->cancellable = g_object_ref (cancellable);
      data->cancel_id = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), data, NULL);
    }
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
