/* kz-rating-graph.h — the player's puzzle rating after each attempt, as a
 * line (Cairo) against a labelled rating axis; before the first attempt
 * it says so in words.  Its accessible description says the same.
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

/* The rating axis for ratings from *lo to *hi: widened to at least 200
 * points, its ends moved out to round values; writes the labelled values
 * (at most max, lowest first) and returns how many. */
guint      kz_rating_graph_axis (double *lo, double *hi, double *ticks, guint max);

G_END_DECLS
