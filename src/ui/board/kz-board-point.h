/* kz-board-point.h — one point of the board for assistive technologies.
 *
 * The board view draws everything itself; each of its 41 points also has
 * a child widget of this type, placed over the point and drawing
 * nothing, so a screen reader finds every point as its own element
 * (a grid cell with a name such as "c4, Cossack piece, Hetman"), and
 * the keyboard focus moves from point to point.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define KZ_TYPE_BOARD_POINT (kz_board_point_get_type ())
G_DECLARE_FINAL_TYPE (KzBoardPoint, kz_board_point, KZ, BOARD_POINT, GtkWidget)

/* Property: "point" (int, the point's index, construct-only). */
GtkWidget *kz_board_point_new       (int           point);
int        kz_board_point_get_point (KzBoardPoint *self);

G_END_DECLS
