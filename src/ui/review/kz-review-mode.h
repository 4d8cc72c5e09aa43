/* kz-review-mode.h — the main window's mode for a game reviewed:
 * KzReviewMode (a KzMode, window/kz-mode.h).
 *
 * Shows the review board with the review bar under it; holds the state
 * of the window's review (the KzReplay followed, the node and ply shown),
 * which kz-window-review.c, kz-window-annotate.c and
 * kz-window-analysis.c use through kz-review-mode-private.h.
 *
 * Properties (set in kz-window.ui): "board" (KzBoardView), "bar"
 * (KzReviewBar), "analysis" (KzAnalysisPane).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-mode.h"

G_BEGIN_DECLS

#define KZ_TYPE_REVIEW_MODE (kz_review_mode_get_type ())
G_DECLARE_FINAL_TYPE (KzReviewMode, kz_review_mode, KZ, REVIEW_MODE, KzMode)

G_END_DECLS
