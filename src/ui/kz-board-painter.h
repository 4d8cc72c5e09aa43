/* kz-board-painter.h — a position painted with Cairo at any size, for
 * library thumbnails and for exporting the board as PNG or SVG.
 *
 * A plain drawing (board, lines, camps, pieces, flags and optionally the
 * last move and the coordinates) in the board view's light colours; no
 * GTK widget is involved, so it draws on any cairo_t (image, SVG).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "kz-engine.h"

G_BEGIN_DECLS

typedef struct {
  gboolean      flipped;        /* Turks at the bottom */
  gboolean      coordinates;    /* a–e and 1–9 around the board */
  const KzMove *last_move;      /* highlighted when not NULL */
} KzPaintOptions;

/* Paints `pos` into the rectangle (0, 0, width, height) of `cr`. */
void     kz_board_paint (cairo_t *cr, const KzPosition *pos, double width, double height,
                         const KzPaintOptions *options);

/* Writes the position as an image file: PNG when the name ends in
 * ".png", SVG when it ends in ".svg" (case-insensitive); `size` is the
 * width in pixels (PNG) or points (SVG).  FALSE with a G_IO_ERROR that
 * names the file on failure. */
gboolean kz_board_paint_to_file (const char *path, const KzPosition *pos, int size,
                                 const KzPaintOptions *options, GError **error);

G_END_DECLS
