/* kz-analysis-pane.h — the computer's analysis of the game reviewed, as
 * a pane in the side panel: progress, the evaluation graph (a click
 * or drag on it activates win.review-goto), the engine's view of the
 * position shown and each side's inaccuracies, mistakes and blunders.
 *
 * It follows a review (the "replay" property): the position shown is
 * the replay's node; a replay of another game, or none, stops the
 * analysis (the positions done are stored) and hides it.  A game
 * reviewed that was analysed before shows its stored analysis at once
 * (kz_analysis_pane_start() completes it).  The window puts it under
 * the move list, so that the board keeps its height.  Beside the
 * review board it drives the evaluation bar ("eval-bar", placed just
 * left of the board's frame in the board's GtkOverlay) and the best
 * move's arrow ("arrow"); "board" is the review board.  "analysis" (read
 * only, notified) is the analysis shown, NULL when none: the move list
 * follows it by a binding.  The analysis is stored in the game's
 * database when it ends, finished or cancelled.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "kz-game-analysis.h"
#include "kz-replay.h"

G_BEGIN_DECLS

#define KZ_TYPE_ANALYSIS_PANE (kz_analysis_pane_get_type ())
G_DECLARE_FINAL_TYPE (KzAnalysisPane, kz_analysis_pane, KZ, ANALYSIS_PANE, GtkBox)

void            kz_analysis_pane_set_replay   (KzAnalysisPane *self,
                                               KzReplay       *replay);
KzReplay       *kz_analysis_pane_get_replay   (KzAnalysisPane *self);
KzGameAnalysis *kz_analysis_pane_get_analysis (KzAnalysisPane *self);
/* The game analysed, NULL when none. */
KzGame         *kz_analysis_pane_get_game     (KzAnalysisPane *self);
/* Analyses the replay's game (what the database holds comes at once,
 * the rest in the background); nothing when it is shown complete. */
void            kz_analysis_pane_start        (KzAnalysisPane *self);
gboolean        kz_analysis_pane_get_running  (KzAnalysisPane *self);
/* Cancels a running analysis (the positions done stay and are stored). */
void            kz_analysis_pane_cancel       (KzAnalysisPane *self);

G_END_DECLS
