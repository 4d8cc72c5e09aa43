/* kz-board-painter.c — the board drawn with Cairo (see the header): the
 * palettes, the ground, the last move, a whole position and image files.
 * The pieces and flags are in kz-board-pieces.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include "kz-board-painter.h"

#include <math.h>
#include <string.h>

#include <cairo-svg.h>
#include <gio/gio.h>
#include <glib/gi18n.h>
#include <pango/pangocairo.h>

static const KzBoardPalette light_palette = {
  .board       = { 0.93, 0.87, 0.73, 1 },
  .board_edge  = { 0.62, 0.50, 0.33, 1 },
  .line        = { 0.36, 0.27, 0.17, 1 },
  .point       = { 0.36, 0.27, 0.17, 1 },
  .label       = { 0.36, 0.27, 0.17, 0.9 },
  .camp_fill   = { 0.12, 0.25, 0.56, 0.10 },
  .camp_edge   = { 0.45, 0.33, 0.19, 1 },
  .fort_fill   = { 0.65, 0.11, 0.18, 0.09 },
  .fort_wall   = { 0.64, 0.60, 0.54, 1 },
  .fort_shade  = { 0.40, 0.36, 0.32, 1 },
  .side_fill   = { { 0.13, 0.25, 0.56, 1 }, { 0.65, 0.11, 0.18, 1 } },
  .side_light  = { { 0.29, 0.45, 0.80, 1 }, { 0.86, 0.27, 0.30, 1 } },
  .side_edge   = { { 0.05, 0.11, 0.28, 1 }, { 0.36, 0.04, 0.08, 1 } },
  .side_emblem = { { 1.00, 1.00, 1.00, 1 }, { 0.98, 0.83, 0.25, 1 } },
  .last        = { 0.96, 0.76, 0.07, 0.45 },
  .select      = { 0.21, 0.52, 0.89, 1 },
  .target      = { 0.15, 0.64, 0.41, 0.85 },
  .must        = { 1.00, 0.47, 0.00, 1 },
  .focus       = { 0.21, 0.52, 0.89, 1 },
  .capture     = { 0.75, 0.11, 0.16, 0.9 },
  .shadow      = { 0, 0, 0, 0.25 },
  .weight      = 1.0,
};

static const KzBoardPalette dark_palette = {
  .board       = { 0.22, 0.19, 0.15, 1 },
  .board_edge  = { 0.45, 0.37, 0.25, 1 },
  .line        = { 0.80, 0.71, 0.53, 1 },
  .point       = { 0.80, 0.71, 0.53, 1 },
  .label       = { 0.80, 0.71, 0.53, 0.9 },
  .camp_fill   = { 0.30, 0.45, 0.85, 0.14 },
  .camp_edge   = { 0.62, 0.50, 0.33, 1 },
  .fort_fill   = { 0.85, 0.20, 0.25, 0.12 },
  .fort_wall   = { 0.52, 0.49, 0.45, 1 },
  .fort_shade  = { 0.30, 0.28, 0.26, 1 },
  .side_fill   = { { 0.20, 0.36, 0.75, 1 }, { 0.75, 0.14, 0.20, 1 } },
  .side_light  = { { 0.38, 0.55, 0.92, 1 }, { 0.93, 0.34, 0.36, 1 } },
  .side_edge   = { { 0.72, 0.80, 0.97, 1 }, { 0.98, 0.72, 0.60, 1 } },
  .side_emblem = { { 1.00, 1.00, 1.00, 1 }, { 0.98, 0.85, 0.30, 1 } },
  .last        = { 0.96, 0.76, 0.07, 0.35 },
  .select      = { 0.47, 0.68, 0.98, 1 },
  .target      = { 0.34, 0.89, 0.54, 0.85 },
  .must        = { 1.00, 0.60, 0.20, 1 },
  .focus       = { 0.47, 0.68, 0.98, 1 },
  .capture     = { 1.00, 0.40, 0.40, 0.9 },
  .shadow      = { 0, 0, 0, 0.45 },
  .weight      = 1.0,
};

/* High contrast: a plain board, black (or white) lines twice as heavy,
 * flat discs in strong colours with a black (or white) edge, no
 * shadows, marks fully opaque. */
static const KzBoardPalette hc_light_palette = {
  .board       = { 1.00, 1.00, 1.00, 1 },
  .board_edge  = { 0.00, 0.00, 0.00, 1 },
  .line        = { 0.00, 0.00, 0.00, 1 },
  .point       = { 0.00, 0.00, 0.00, 1 },
  .label       = { 0.00, 0.00, 0.00, 1 },
  .camp_fill   = { 0.00, 0.20, 0.80, 0.12 },
  .camp_edge   = { 0.00, 0.00, 0.00, 1 },
  .fort_fill   = { 0.80, 0.00, 0.05, 0.10 },
  .fort_wall   = { 0.30, 0.30, 0.30, 1 },
  .fort_shade  = { 0.00, 0.00, 0.00, 1 },
  .side_fill   = { { 0.00, 0.16, 0.62, 1 }, { 0.72, 0.00, 0.04, 1 } },
  .side_light  = { { 0.00, 0.16, 0.62, 1 }, { 0.72, 0.00, 0.04, 1 } },
  .side_edge   = { { 0.00, 0.00, 0.00, 1 }, { 0.00, 0.00, 0.00, 1 } },
  .side_emblem = { { 1.00, 1.00, 1.00, 1 }, { 1.00, 1.00, 1.00, 1 } },
  .last        = { 1.00, 0.75, 0.00, 0.75 },
  .select      = { 0.00, 0.25, 0.85, 1 },
  .target      = { 0.00, 0.45, 0.15, 1 },
  .must        = { 0.85, 0.30, 0.00, 1 },
  .focus       = { 0.00, 0.00, 0.00, 1 },
  .capture     = { 0.75, 0.00, 0.00, 1 },
  .shadow      = { 0, 0, 0, 0 },
  .weight      = 2.0,
};

static const KzBoardPalette hc_dark_palette = {
  .board       = { 0.00, 0.00, 0.00, 1 },
  .board_edge  = { 1.00, 1.00, 1.00, 1 },
  .line        = { 1.00, 1.00, 1.00, 1 },
  .point       = { 1.00, 1.00, 1.00, 1 },
  .label       = { 1.00, 1.00, 1.00, 1 },
  .camp_fill   = { 0.30, 0.50, 1.00, 0.18 },
  .camp_edge   = { 1.00, 1.00, 1.00, 1 },
  .fort_fill   = { 1.00, 0.30, 0.30, 0.16 },
  .fort_wall   = { 0.75, 0.75, 0.75, 1 },
  .fort_shade  = { 1.00, 1.00, 1.00, 1 },
  .side_fill   = { { 0.40, 0.62, 1.00, 1 }, { 1.00, 0.42, 0.38, 1 } },
  .side_light  = { { 0.40, 0.62, 1.00, 1 }, { 1.00, 0.42, 0.38, 1 } },
  .side_edge   = { { 1.00, 1.00, 1.00, 1 }, { 1.00, 1.00, 1.00, 1 } },
  .side_emblem = { { 0.00, 0.00, 0.00, 1 }, { 0.00, 0.00, 0.00, 1 } },
  .last        = { 1.00, 0.85, 0.00, 0.60 },
  .select      = { 0.45, 0.75, 1.00, 1 },
  .target      = { 0.30, 1.00, 0.45, 1 },
  .must        = { 1.00, 0.65, 0.10, 1 },
  .focus       = { 1.00, 1.00, 1.00, 1 },
  .capture     = { 1.00, 0.35, 0.35, 1 },
  .shadow      = { 0, 0, 0, 0 },
  .weight      = 2.0,
};


const KzBoardPalette *
kz_board_palette (gboolean dark)
{
  return dark ? &dark_palette : &light_palette;
}

const KzBoardPalette *
kz_board_palette_for (gboolean dark, gboolean high_contrast)
{
  if (high_contrast)
    return dark ? &hc_dark_palette : &hc_light_palette;
  return kz_board_palette (dark);
}

static double
luminance (const KzRgba *c)
{
  double v[3] = { c->r, c->g, c->b };

  for (int i = 0; i < 3; i++)
    v[i] = v[i] <= 0.03928 ? v[i] / 12.92 : pow ((v[i] + 0.055) / 1.055, 2.4);
  return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2];
}

double
kz_rgba_contrast (const KzRgba *a, const KzRgba *b)
{
  double la = luminance (a), lb = luminance (b);

  return (MAX (la, lb) + 0.05) / (MIN (la, lb) + 0.05);
}

void
kz_rgba_set_source (cairo_t *cr, const KzRgba *c, double alpha)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a * alpha);
}

static void
set_rgba (cairo_t *cr, const KzRgba *c)
{
  kz_rgba_set_source (cr, c, 1.0);
}


static void
grid_pixel (const KzBoardGeometry *g, double file, double rank, double *x, double *y)
{
  double col = g->flipped ? (KZ_GRID_FILES - 1) - file : file;
  double row = g->flipped ? rank : (KZ_GRID_RANKS - 1) - rank;
  *x = g->origin_x + col * g->unit;
  *y = g->origin_y + row * g->unit;
}

static void
pixel (const KzBoardGeometry *g, int sq, double *x, double *y)
{
  kz_board_geometry_point_to_pixel (g, sq, x, y);
}

/* ---- the ground ----------------------------------------------------------- */

/* The panel under the grid: a rounded rectangle filling the margins. */
static void
draw_panel (cairo_t *cr, const KzBoardGeometry *g, const KzBoardPalette *p)
{
  double u = g->unit;
  double inset = MIN (2.0, 0.04 * u);
  double x0 = g->origin_x - KZ_BOARD_MARGIN_X * u + inset;
  double y0 = g->origin_y - KZ_BOARD_MARGIN_Y * u + inset;
  double w = (KZ_GRID_FILES - 1 + 2 * KZ_BOARD_MARGIN_X) * u - 2 * inset;
  double h = (KZ_GRID_RANKS - 1 + 2 * KZ_BOARD_MARGIN_Y) * u - 2 * inset;
  double r = 0.25 * u;

  cairo_new_sub_path (cr);
  cairo_arc (cr, x0 + w - r, y0 + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x0 + w - r, y0 + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x0 + r, y0 + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x0 + r, y0 + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
  set_rgba (cr, &p->board);
  cairo_fill_preserve (cr);
  set_rgba (cr, &p->board_edge);
  cairo_set_line_width (cr, MAX (1.0, 0.04 * u));
  cairo_stroke (cr);
}

/* The triangle of a side, pushed outwards by d grid units. */
static void
triangle_path (cairo_t *cr, const KzBoardGeometry *g, KzSide side, double d)
{
  double base = side == KZ_COSSACKS ? 0 : 8;
  double apex = side == KZ_COSSACKS ? 2 : 6;
  double dir = side == KZ_COSSACKS ? -1 : 1;   /* from apex towards the base */
  double x, y;

  grid_pixel (g, -2.414 * d, base + dir * d, &x, &y);
  cairo_move_to (cr, x, y);
  grid_pixel (g, 4 + 2.414 * d, base + dir * d, &x, &y);
  cairo_line_to (cr, x, y);
  grid_pixel (g, 2, apex - dir * 1.414 * d, &x, &y);
  cairo_line_to (cr, x, y);
  cairo_close_path (cr);
}

/* Corner points of the triangle pushed out by d, in pixels. */
static void
triangle_corners (const KzBoardGeometry *g, KzSide side, double d, double xs[3], double ys[3])
{
  double base = side == KZ_COSSACKS ? 0 : 8;
  double apex = side == KZ_COSSACKS ? 2 : 6;
  double dir = side == KZ_COSSACKS ? -1 : 1;

  grid_pixel (g, -2.414 * d, base + dir * d, &xs[0], &ys[0]);
  grid_pixel (g, 4 + 2.414 * d, base + dir * d, &xs[1], &ys[1]);
  grid_pixel (g, 2, apex - dir * 1.414 * d, &xs[2], &ys[2]);
}

/* The Turkish fortress: stone walls with battlements and corner towers. */
static void
draw_fortress (cairo_t *cr, const KzBoardGeometry *g, const KzBoardPalette *p)
{
  double u = g->unit, d = 0.34;
  double xs[3], ys[3], cx = 0, cy = 0;

  triangle_path (cr, g, KZ_TURKS, d);
  set_rgba (cr, &p->fort_fill);
  cairo_fill (cr);

  triangle_corners (g, KZ_TURKS, d, xs, ys);
  for (int i = 0; i < 3; i++)
    cx += xs[i] / 3, cy += ys[i] / 3;

  /* Battlements: merlons along each wall, on its outer side. */
  for (int i = 0; i < 3 && u >= KZ_BOARD_DETAIL_UNIT; i++)
    {
      double x0 = xs[i], y0 = ys[i], x1 = xs[(i + 1) % 3], y1 = ys[(i + 1) % 3];
      double len = hypot (x1 - x0, y1 - y0);
      double tx = (x1 - x0) / len, ty = (y1 - y0) / len;
      double nx = -ty, ny = tx;
      double merlon = 0.16 * u;
      int n;

      /* the outward normal points away from the centre */
      if (nx * ((x0 + x1) / 2 - cx) + ny * ((y0 + y1) / 2 - cy) < 0)
        nx = -nx, ny = -ny;

      n = MAX (3, (int) floor (len / merlon));
      if (n % 2 == 0)
        n++;
      for (int k = 1; k < n - 1; k += 2)
        {
          double step = len / n;
          double ax = x0 + tx * k * step, ay = y0 + ty * k * step;
          cairo_move_to (cr, ax, ay);
          cairo_rel_line_to (cr, tx * step, ty * step);
          cairo_rel_line_to (cr, nx * merlon * 0.9, ny * merlon * 0.9);
          cairo_rel_line_to (cr, -tx * step, -ty * step);
          cairo_close_path (cr);
        }
      set_rgba (cr, &p->fort_wall);
      cairo_fill_preserve (cr);
      set_rgba (cr, &p->fort_shade);
      cairo_set_line_width (cr, MAX (1.0, 0.02 * u));
      cairo_stroke (cr);
    }

  /* The wall itself. */
  triangle_path (cr, g, KZ_TURKS, d);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_MITER);
  set_rgba (cr, &p->fort_shade);
  cairo_set_line_width (cr, 0.15 * u);
  cairo_stroke_preserve (cr);
  set_rgba (cr, &p->fort_wall);
  cairo_set_line_width (cr, 0.10 * u);
  cairo_stroke (cr);

  /* Round towers at the corners. */
  for (int i = 0; i < 3; i++)
    {
      cairo_arc (cr, xs[i], ys[i], 0.17 * u, 0, 2 * G_PI);
      set_rgba (cr, &p->fort_wall);
      cairo_fill_preserve (cr);
      set_rgba (cr, &p->fort_shade);
      cairo_set_line_width (cr, MAX (1.0, 0.03 * u));
      cairo_stroke (cr);
      cairo_arc (cr, xs[i], ys[i], 0.08 * u, 0, 2 * G_PI);
      cairo_fill (cr);
    }
}

/* The Cossack camp: a palisade of sharpened stakes. */
static void
draw_camp (cairo_t *cr, const KzBoardGeometry *g, const KzBoardPalette *p)
{
  double u = g->unit, d = 0.34;
  double xs[3], ys[3];

  triangle_path (cr, g, KZ_COSSACKS, d);
  set_rgba (cr, &p->camp_fill);
  cairo_fill (cr);

  triangle_corners (g, KZ_COSSACKS, d, xs, ys);
  for (int i = 0; i < 3 && u >= KZ_BOARD_DETAIL_UNIT; i++)
    {
      double x0 = xs[i], y0 = ys[i], x1 = xs[(i + 1) % 3], y1 = ys[(i + 1) % 3];
      double len = hypot (x1 - x0, y1 - y0);
      int n = MAX (2, (int) floor (len / (0.13 * u)));

      for (int k = 0; k <= n; k++)
        {
          double x = x0 + (x1 - x0) * k / n, y = y0 + (y1 - y0) * k / n;
          cairo_arc (cr, x, y, 0.06 * u, 0, 2 * G_PI);
        }
      set_rgba (cr, &p->camp_edge);
      cairo_fill (cr);
    }
  triangle_path (cr, g, KZ_COSSACKS, d);
  cairo_set_line_width (cr, 0.04 * u);
  set_rgba (cr, &p->camp_edge);
  cairo_stroke (cr);
}

static void
draw_lines (cairo_t *cr, const KzBoardGeometry *g, const KzBoardPalette *p)
{
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, MAX (1.0, 0.035 * g->unit * p->weight));
  set_rgba (cr, &p->line);
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    {
      int nb[KZ_N_DIRS];
      int n;

      if (!kz_point_valid (sq))
        continue;
      n = kz_neighbours (sq, nb);
      for (int i = 0; i < n; i++)
        if (nb[i] > sq)
          {
            double x0, y0, x1, y1;
            pixel (g, sq, &x0, &y0);
            pixel (g, nb[i], &x1, &y1);
            cairo_move_to (cr, x0, y0);
            cairo_line_to (cr, x1, y1);
          }
    }
  cairo_stroke (cr);

  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    {
      double x, y;
      if (!kz_point_valid (sq))
        continue;
      pixel (g, sq, &x, &y);
      cairo_arc (cr, x, y, 0.07 * g->unit, 0, 2 * G_PI);
      cairo_fill (cr);
    }
}

static void
draw_coordinates (cairo_t *cr, const KzBoardGeometry *g, const KzBoardPalette *p)
{
  double u = g->unit;
  PangoLayout *layout = pango_cairo_create_layout (cr);
  PangoFontDescription *font = pango_font_description_new ();

  pango_font_description_set_family (font, "Sans");
  pango_font_description_set_weight (font, PANGO_WEIGHT_BOLD);
  pango_font_description_set_absolute_size (font, MAX (6.0, 0.24 * u) * PANGO_SCALE);
  pango_layout_set_font_description (layout, font);
  set_rgba (cr, &p->label);

  for (int i = 0; i < KZ_GRID_FILES + KZ_GRID_RANKS; i++)
    {
      char text[2] = { 0, 0 };
      double x, y;
      int w, h;

      if (i < KZ_GRID_FILES)
        {
          text[0] = (char) ('a' + i);
          grid_pixel (g, i, g->flipped ? 8 : 0, &x, &y);
          y += 0.72 * u;
        }
      else
        {
          int rank = i - KZ_GRID_FILES;
          text[0] = (char) ('1' + rank);
          grid_pixel (g, g->flipped ? 4 : 0, rank, &x, &y);
          x -= 0.95 * u;
        }
      pango_layout_set_text (layout, text, -1);
      pango_layout_get_pixel_size (layout, &w, &h);
      cairo_move_to (cr, x - w / 2.0, y - h / 2.0);
      pango_cairo_show_layout (cr, layout);
    }
  pango_font_description_free (font);
  g_object_unref (layout);
}

/* ---- the layers ------------------------------------------------------------ */

void
kz_board_paint_ground (cairo_t *cr, const KzBoardGeometry *g, const KzBoardPalette *p,
                       gboolean coordinates)
{
  cairo_save (cr);
  draw_panel (cr, g, p);
  draw_camp (cr, g, p);
  draw_fortress (cr, g, p);
  draw_lines (cr, g, p);
  if (coordinates)
    draw_coordinates (cr, g, p);
  cairo_restore (cr);
}

void
kz_board_paint_last_move (cairo_t *cr, const KzBoardGeometry *g, const KzBoardPalette *p,
                          const KzMove *m)
{
  double u = g->unit, radius = kz_board_geometry_piece_radius (g), x, y;
  int prev = m->from;

  cairo_save (cr);
  set_rgba (cr, &p->last);
  pixel (g, m->from, &x, &y);
  cairo_arc (cr, x, y, radius * 1.22, 0, 2 * G_PI);
  cairo_fill (cr);
  pixel (g, m->to, &x, &y);
  cairo_arc (cr, x, y, radius * 1.22, 0, 2 * G_PI);
  cairo_fill (cr);

  cairo_set_line_width (cr, 0.08 * u);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  pixel (g, m->from, &x, &y);
  cairo_move_to (cr, x, y);
  for (int i = 0; i < MAX (1, m->n_jumps); i++)
    {
      pixel (g, m->n_jumps ? m->path[i] : m->to, &x, &y);
      cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);

  /* the jumped points */
  set_rgba (cr, &p->capture);
  cairo_set_line_width (cr, 0.07 * u);
  for (int i = 0; i < m->n_jumps; i++)
    {
      int over = kz_jump_over (prev, m->path[i]);
      prev = m->path[i];
      if (over == KZ_NO_POINT)
        continue;
      pixel (g, over, &x, &y);
      cairo_move_to (cr, x - 0.14 * u, y - 0.14 * u);
      cairo_line_to (cr, x + 0.14 * u, y + 0.14 * u);
      cairo_move_to (cr, x + 0.14 * u, y - 0.14 * u);
      cairo_line_to (cr, x - 0.14 * u, y + 0.14 * u);
    }
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
kz_board_pieces_from_position (const KzPosition *pos, KzPiece pieces[KZ_GRID_SIZE])
{
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    {
      int side = kz_point_valid (sq) ? kz_position_piece_at (pos, sq) : -1;
      pieces[sq] = (KzPiece) { KZ_NO_PIECE, (gint8) side, -1, 0 };
    }
  for (int f = 0; f < 2; f++)
    if (pos->flag[f] != KZ_FLAG_HOME && kz_point_valid (pos->flag[f]))
      pieces[pos->flag[f]].flags |= 1u << f;
}

/* ---- a whole position ------------------------------------------------------ */

void
kz_board_paint (cairo_t *cr, const KzPosition *pos, double width, double height,
                const KzPaintOptions *options)
{
  static const KzPaintOptions none = { FALSE, FALSE, NULL, NULL, FALSE };
  const KzBoardPalette *p;
  KzPiece own[KZ_GRID_SIZE];
  const KzPiece *pieces;
  KzBoardGeometry g;
  double radius;

  g_return_if_fail (cr != NULL && pos != NULL);
  if (options == NULL)
    options = &none;
  p = kz_board_palette (options->dark);
  pieces = options->pieces;
  if (pieces == NULL)
    {
      kz_board_pieces_from_position (pos, own);
      pieces = own;
    }
  kz_board_geometry_init (&g, width, height, options->flipped);
  radius = kz_board_geometry_piece_radius (&g);

  cairo_save (cr);
  kz_board_paint_ground (cr, &g, p, options->coordinates);
  if (options->last_move)
    kz_board_paint_last_move (cr, &g, p, options->last_move);
  for (int f = 0; f < 2; f++)
    if (pos->flag[f] == KZ_FLAG_HOME)
      kz_board_paint_standing_flag (cr, &g, p, (KzSide) f);
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    if (kz_point_valid (sq) && pieces[sq].side >= 0)
      {
        double x, y;
        pixel (&g, sq, &x, &y);
        kz_board_paint_piece (cr, x, y, radius, &pieces[sq], p, FALSE);
      }
  cairo_restore (cr);
}

static gboolean
check_surface (cairo_surface_t *surface, const char *path, GError **error)
{
  cairo_status_t status = cairo_surface_status (surface);
  g_autofree char *name = NULL;
  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;
  /* The file's name: in a sandbox the path is the document portal's. */
  name = g_filename_display_basename (path);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The image “%s” could not be written: %s"),
               name, cairo_status_to_string (status));
  return FALSE;
}

gboolean
kz_board_paint_to_file (const char *path, const KzPosition *pos, int size,
                        const KzPaintOptions *options, GError **error)
{
  g_return_val_if_fail (path != NULL && pos != NULL, FALSE);
  g_autofree char *lower = g_ascii_strdown (path, -1);
  gboolean svg = g_str_has_suffix (lower, ".svg");
  if (!svg && !g_str_has_suffix (lower, ".png"))
    {
      g_autofree char *name = g_filename_display_basename (path);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The image “%s” needs a name ending in .png or .svg"), name);
      return FALSE;
    }
  size = MAX (size, 64);
  /* The board's proportions: 5 files and 9 ranks plus the margins. */
  double width = size;
  double height = size * (KZ_GRID_RANKS - 1 + 2 * KZ_BOARD_MARGIN_Y)
                  / (KZ_GRID_FILES - 1 + 2 * KZ_BOARD_MARGIN_X);
  cairo_surface_t *surface = svg ? cairo_svg_surface_create (path, width, height)
                                 : cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int) width,
                                                               (int) ceil (height));
  if (!check_surface (surface, path, error))
    {
      cairo_surface_destroy (surface);
      return FALSE;
    }
  cairo_t *cr = cairo_create (surface);
  kz_board_paint (cr, pos, width, height, options);
  cairo_destroy (cr);
  gboolean ok = TRUE;
  if (svg)
    {
      cairo_surface_finish (surface);
      ok = check_surface (surface, path, error);
    }
  else
    {
      cairo_status_t status = cairo_surface_write_to_png (surface, path);
      if (status != CAIRO_STATUS_SUCCESS)
        {
          g_autofree char *name = g_filename_display_basename (path);
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       _("The image “%s” could not be written: %s"), name,
                       cairo_status_to_string (status));
          ok = FALSE;
        }
    }
  cairo_surface_destroy (surface);
  return ok;
}

