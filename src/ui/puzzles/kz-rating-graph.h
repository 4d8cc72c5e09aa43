/* kz-rating-graph.h — the player's puzzle rating after each attempt, as a
 * line (Cairo), with the first and last values written beside it.  Its
 * accessible description says the same in words.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define KZ_TYPE_RATING_GRAPH (kz_rating_graph_get_type ())
G_DECLARE_FINAL_TYPE (KzRatingGraph, kz_rating_graph, KZ, RATING_GRAPH, GtkWidget)

GtkWidget *kz_rating_graph_new (void);
/* The ratings, oldest first (copied). */
void       kz_rating_graph_set_ratings (KzRatingGraph *self, const double *ratings, guint n);

G_END_DECLS
