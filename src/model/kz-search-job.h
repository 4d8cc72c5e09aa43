/* kz-search-job.h — what a search of a game's position in a worker
 * thread needs, copied from the game on the main thread: the position,
 * the hashes of the positions before it (for repetitions), the plies left
 * before the no-progress draw, and a stop flag that a GCancellable sets.
 * Embedded in the task data of the computer player and the draw judge.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>
#include <stdatomic.h>

#include "kz-game.h"

G_BEGIN_DECLS

typedef struct {
  KzPosition    pos;
  uint64_t     *history;            /* n_history hashes, oldest first */
  int           n_history;
  int           no_progress_left;   /* KzSearchLimits.no_progress_left */
  atomic_int    stop;               /* the `stop` of kz_search() */
  GCancellable *cancellable;
  gulong        cancel_id;
} KzSearchJob;

/* Fills `job` from the game as it stands; `cancellable` (may be NULL)
 * sets job->stop when cancelled.  The job must not move in memory until
 * kz_search_job_clear(). */
void kz_search_job_init  (KzSearchJob  *job,
                          KzGame       *game,
                          GCancellable *cancellable);
/* Disconnects and frees what kz_search_job_init() took. */
void kz_search_job_clear (KzSearchJob  *job);

G_END_DECLS
