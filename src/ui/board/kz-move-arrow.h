/* kz-move-arrow.h — an arrow along a move, drawn over the board.
 *
 * Meant to lie in a GtkOverlay over a KzBoardView of the same size: it
 * uses the same geometry (kz-board-geometry.h), so its arrow runs from
 * the move's first point through every landing point of a capture to
 * its last.  It never takes input.  For the analysis: the engine's best
 * move in the position shown.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "kz-position.h"

G_BEGIN_DECLS

#define KZ_TYPE_MOVE_ARROW (kz_move_arrow_get_type ())
G_DECLARE_FINAL_TYPE (KzMoveArrow, kz_move_arrow, KZ, MOVE_ARROW, GtkWidget)

/* Properties: "flipped" (gboolean, as the board), "has-move" (gboolean,
 * read-only). */

GtkWidget *kz_move_arrow_new         (void);
/* NULL: no arrow. */
void       kz_move_arrow_set_move    (KzMoveArrow *self, const KzMove *move);
gboolean   kz_move_arrow_get_move    (KzMoveArrow *self, KzMove *move);
void       kz_move_arrow_set_flipped (KzMoveArrow *self, gboolean flipped);
gboolean   kz_move_arrow_get_flipped (KzMoveArrow *self);

G_END_DECLS
