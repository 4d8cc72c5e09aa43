/* kz-eval-bar.h — the evaluation bar beside the board: the Cossacks'
 * expected result (kz-analysis.h) as the blue share of a vertical bar,
 * the Turks' as the red rest, the Cossacks' end at the bottom unless
 * the bar is flipped (as the board is).  For assistive technologies a
 * meter labelled "Evaluation" whose value text says the score.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define KZ_TYPE_EVAL_BAR (kz_eval_bar_get_type ())
G_DECLARE_FINAL_TYPE (KzEvalBar, kz_eval_bar, KZ, EVAL_BAR, GtkWidget)

/* Properties: "score" (int, for the Cossacks, kz-search.h scale),
 * "evaluated" (gboolean; FALSE: an empty, neutral bar), "flipped". */

GtkWidget *kz_eval_bar_new           (void);
void       kz_eval_bar_set_score     (KzEvalBar *self, int cossacks_score);
int        kz_eval_bar_get_score     (KzEvalBar *self);
void       kz_eval_bar_set_evaluated (KzEvalBar *self, gboolean evaluated);
gboolean   kz_eval_bar_get_evaluated (KzEvalBar *self);
void       kz_eval_bar_set_flipped   (KzEvalBar *self, gboolean flipped);
gboolean   kz_eval_bar_get_flipped   (KzEvalBar *self);
/* The Cossacks' share drawn (0 … 1; 0.5 when not evaluated). */
double     kz_eval_bar_get_fraction  (KzEvalBar *self);

G_END_DECLS
