/* kz-review-mode-private.h — KzReviewMode's state, for the files of
 * KzWindow (through kz-window-private.h) and kz-review-mode.c only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-analysis-pane.h"
#include "kz-board-view.h"
#include "kz-replay.h"
#include "kz-review-bar.h"
#include "kz-review-mode.h"

G_BEGIN_DECLS

struct _KzReviewMode {
  KzMode          parent_instance;

  /* widgets (kz-window.ui) */
  KzBoardView    *board;      /* the game reviewed (read-only) */
  KzReviewBar    *bar;
  KzAnalysisPane *analysis;   /* follows the review (replay) */

  KzReplay       *replay;     /* NULL: not reviewing */
  guint           shown_ply;  /* on the review board */
  KzMoveNode     *shown_node; /* on the review board (a reference) */
  gboolean        read_only;  /* a built-in game (the demonstration
                               * battle): nothing to annotate or delete */
  gboolean        demonstration;  /* the demonstration battle (its comments
                                   * under the board, its own subtitle) */
};

G_END_DECLS
