/* kz-eval-graph.h — the evaluation graph of an analysed game.
 *
 * Draws (Cairo) the expected result of the Cossacks (kz-analysis.h)
 * after every ply of a KzGameAnalysis: the Cossacks' share above the
 * middle line, the Turks' below, a dot of the mark's colour on each
 * inaccuracy, mistake and blunder, and a line at the current ply.  It
 * follows the analysis as results arrive.
 *
 * A click or a drag chooses a ply ("ply" changes and is notified);
 * hovering shows the ply, the move and its score as a tooltip.  For
 * assistive technologies it is a slider labelled "Evaluation graph"
 * whose value is the ply and whose value text says the score; the arrow
 * keys, Home and End move the ply.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "kz-game-analysis.h"

G_BEGIN_DECLS

#define KZ_TYPE_EVAL_GRAPH (kz_eval_graph_get_type ())
G_DECLARE_FINAL_TYPE (KzEvalGraph, kz_eval_graph, KZ, EVAL_GRAPH, GtkWidget)

/* Properties: "analysis" (KzGameAnalysis, nullable), "ply" (guint). */

GtkWidget      *kz_eval_graph_new          (void);
void            kz_eval_graph_set_analysis (KzEvalGraph *self, KzGameAnalysis *analysis);
KzGameAnalysis *kz_eval_graph_get_analysis (KzEvalGraph *self);
void            kz_eval_graph_set_ply      (KzEvalGraph *self, guint ply);
guint           kz_eval_graph_get_ply      (KzEvalGraph *self);
/* The ply drawn at x (widget coordinates), as a click there chooses. */
guint           kz_eval_graph_ply_at       (KzEvalGraph *self, double x);
/* The x of ply's point (for tests). */
double          kz_eval_graph_x_of         (KzEvalGraph *self, guint ply);
/* The tooltip text of a ply: "Ply 12, c4-c5: Cossacks +0.35 — Mistake". */
char           *kz_eval_graph_dup_text     (KzEvalGraph *self, guint ply);

G_END_DECLS
