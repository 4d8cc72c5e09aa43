/* kz-board-painter.h — the board drawn with Cairo: the one drawing of a
 * position, used by KzBoardView on screen, by the image export (PNG,
 * SVG) and by the library's thumbnails.
 *
 * No GTK widget is involved, so it draws on any cairo_t.  kz_board_paint()
 * draws a whole position; KzBoardView draws the same layers one by one
 * (kz_board_paint_ground … kz_board_paint_piece) and puts its selection,
 * targets, dragged or moving piece and focus ring between them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "kz-board-geometry.h"
#include "kz-game.h"

G_BEGIN_DECLS

typedef struct { double r, g, b, a; } KzRgba;

/* Below this grid unit (pixels) the fine detail is left out: troop
 * emblems, battlements, palisade stakes (a library thumbnail). */
#define KZ_BOARD_DETAIL_UNIT 24.0

/* The colours of the board in the light or the dark style, each also in
 * high contrast; `weight` scales the lines of the grid, the edges of the
 * pieces and the marks (1 normally, more in high contrast). */
typedef struct {
  KzRgba board, board_edge, line, point, label;
  KzRgba camp_fill, camp_edge, fort_fill, fort_wall, fort_shade;
  KzRgba side_fill[2], side_light[2], side_edge[2], side_emblem[2];
  KzRgba last, select, target, must, focus, capture, shadow;
  double weight;
} KzBoardPalette;

const KzBoardPalette *kz_board_palette (gboolean dark);
const KzBoardPalette *kz_board_palette_for (gboolean dark, gboolean high_contrast);
/* Sets the source of `cr` to `c` with its alpha times `alpha`. */
void                  kz_rgba_set_source (cairo_t *cr, const KzRgba *c, double alpha);
/* The WCAG contrast ratio of two opaque colours (1 to 21). */
double                kz_rgba_contrast (const KzRgba *a, const KzRgba *b);

typedef struct {
  gboolean       flipped;       /* Turks at the bottom */
  gboolean       coordinates;   /* a–e and 1–9 around the board */
  const KzMove  *last_move;     /* highlighted (with its captures) when not NULL */
  /* KZ_GRID_SIZE pieces (troop types, carried flags), e.g. a
   * KzBoardState's; NULL: taken from the position, without emblems. */
  const KzPiece *pieces;
  gboolean       dark;          /* the dark style's colours */
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

/* ---- the layers, in the order they are drawn ---------------------------- */

/* The pieces of a position without their history: side and carried
 * flags; troop -1 (no emblem). */
void     kz_board_pieces_from_position (const KzPosition *pos, KzPiece pieces[KZ_GRID_SIZE]);

/* The panel, the Cossack camp, the Turkish fortress, the lines and
 * points, and optionally the coordinates. */
void     kz_board_paint_ground (cairo_t *cr, const KzBoardGeometry *g, const KzBoardPalette *p,
                                gboolean coordinates);
/* The last move: its start and end, its path and the points it captured on. */
void     kz_board_paint_last_move (cairo_t *cr, const KzBoardGeometry *g, const KzBoardPalette *p,
                                   const KzMove *move);
/* The pieces and flags (kz-board-pieces.c). */
/* A flag standing at home on its centre. */
void     kz_board_paint_standing_flag (cairo_t *cr, const KzBoardGeometry *g,
                                       const KzBoardPalette *p, KzSide owner);
/* A piece at (x, y): disc, troop emblem and the flags it carries;
 * `lifted` gives it a longer shadow. */
void     kz_board_paint_piece (cairo_t *cr, double x, double y, double radius,
                               const KzPiece *piece, const KzBoardPalette *p, gboolean lifted);

G_END_DECLS
