/* kz-board-painter.c — a position painted with Cairo at any size.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include "kz-board-painter.h"

#include <math.h>

#include <cairo-svg.h>
#include <gio/gio.h>
#include <glib/gi18n.h>

#include "kz-board-geometry.h"

typedef struct { double r, g, b, a; } Rgba;

static const Rgba board_fill = { 0.93, 0.87, 0.73, 1 };
static const Rgba board_edge = { 0.62, 0.50, 0.33, 1 };
static const Rgba line_colour = { 0.36, 0.27, 0.17, 1 };
static const Rgba camp_fill = { 0.12, 0.25, 0.56, 0.10 };
static const Rgba fort_fill = { 0.65, 0.11, 0.18, 0.09 };
static const Rgba side_fill[2] = { { 0.13, 0.25, 0.56, 1 }, { 0.65, 0.11, 0.18, 1 } };
static const Rgba side_edge[2] = { { 0.05, 0.11, 0.28, 1 }, { 0.36, 0.04, 0.08, 1 } };
static const Rgba last_colour = { 0.96, 0.76, 0.07, 0.55 };
static const Rgba flag_colour[2] = { { 0.29, 0.45, 0.80, 1 }, { 0.86, 0.27, 0.30, 1 } };

static void
set_rgba (cairo_t *cr, const Rgba *c)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a);
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
triangle (cairo_t *cr, const KzBoardGeometry *g, KzSide side)
{
  double base = side == KZ_COSSACKS ? 0 : 8;
  double apex = side == KZ_COSSACKS ? 2 : 6;
  double x, y;
  grid_pixel (g, 0, base, &x, &y);
  cairo_move_to (cr, x, y);
  grid_pixel (g, 4, base, &x, &y);
  cairo_line_to (cr, x, y);
  grid_pixel (g, 2, apex, &x, &y);
  cairo_line_to (cr, x, y);
  cairo_close_path (cr);
}

/* A small pennant on a pole standing at (x, y). */
static void
pennant (cairo_t *cr, double x, double y, double s, KzSide owner)
{
  cairo_save (cr);
  cairo_set_line_width (cr, MAX (1.0, s * 0.08));
  cairo_set_source_rgba (cr, 0.25, 0.18, 0.10, 1);
  cairo_move_to (cr, x, y + s * 0.5);
  cairo_line_to (cr, x, y - s * 0.6);
  cairo_stroke (cr);
  cairo_move_to (cr, x, y - s * 0.6);
  cairo_line_to (cr, x + s * 0.7, y - s * 0.38);
  cairo_line_to (cr, x, y - s * 0.16);
  cairo_close_path (cr);
  set_rgba (cr, &flag_colour[owner]);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.8);
  cairo_set_line_width (cr, MAX (0.5, s * 0.04));
  cairo_stroke (cr);
  cairo_restore (cr);
}

void
kz_board_paint (cairo_t *cr, const KzPosition *pos, double width, double height,
                const KzPaintOptions *options)
{
  KzPaintOptions none = { FALSE, FALSE, NULL };
  KzBoardGeometry g;
  if (options == NULL)
    options = &none;
  kz_board_geometry_init (&g, width, height, options->flipped);
  double u = g.unit;
  double r = kz_board_geometry_piece_radius (&g);

  cairo_save (cr);
  /* The board: a rounded rectangle around the grid. */
  double x0, y0, x1, y1;
  grid_pixel (&g, -0.6, options->flipped ? -0.55 : 8.55, &x0, &y0);
  grid_pixel (&g, 4.6, options->flipped ? 8.55 : -0.55, &x1, &y1);
  double bx = MIN (x0, x1), by = MIN (y0, y1), bw = fabs (x1 - x0), bh = fabs (y1 - y0);
  double rad = u * 0.25;
  cairo_new_sub_path (cr);
  cairo_arc (cr, bx + bw - rad, by + rad, rad, -G_PI / 2, 0);
  cairo_arc (cr, bx + bw - rad, by + bh - rad, rad, 0, G_PI / 2);
  cairo_arc (cr, bx + rad, by + bh - rad, rad, G_PI / 2, G_PI);
  cairo_arc (cr, bx + rad, by + rad, rad, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
  set_rgba (cr, &board_fill);
  cairo_fill_preserve (cr);
  set_rgba (cr, &board_edge);
  cairo_set_line_width (cr, MAX (1.0, u * 0.05));
  cairo_stroke (cr);

  /* The camps. */
  triangle (cr, &g, KZ_COSSACKS);
  set_rgba (cr, &camp_fill);
  cairo_fill (cr);
  triangle (cr, &g, KZ_TURKS);
  set_rgba (cr, &fort_fill);
  cairo_fill (cr);

  /* The lines: every connection once (the directions E, N, NE, NW). */
  set_rgba (cr, &line_colour);
  cairo_set_line_width (cr, MAX (0.8, u * 0.035));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  static const int dirs[] = { KZ_DIR_E, KZ_DIR_N, KZ_DIR_NE, KZ_DIR_NW };
  for (guint d = 0; d < G_N_ELEMENTS (dirs); d++)
    for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
      if (KZ_DIR_MASK[dirs[d]] >> sq & 1)
        {
          double ax, ay, cx, cy;
          kz_board_geometry_point_to_pixel (&g, sq, &ax, &ay);
          kz_board_geometry_point_to_pixel (&g, sq + KZ_DIR_SHIFT[dirs[d]], &cx, &cy);
          cairo_move_to (cr, ax, ay);
          cairo_line_to (cr, cx, cy);
        }
  cairo_stroke (cr);
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    if (kz_point_valid (sq))
      {
        double px, py;
        kz_board_geometry_point_to_pixel (&g, sq, &px, &py);
        cairo_arc (cr, px, py, MAX (1.0, u * 0.06), 0, 2 * G_PI);
        cairo_fill (cr);
      }

  /* The last move: its start and landing points. */
  if (options->last_move)
    {
      const KzMove *m = options->last_move;
      double px, py;
      set_rgba (cr, &last_colour);
      kz_board_geometry_point_to_pixel (&g, m->from, &px, &py);
      cairo_arc (cr, px, py, r * 1.2, 0, 2 * G_PI);
      cairo_fill (cr);
      kz_board_geometry_point_to_pixel (&g, m->to, &px, &py);
      cairo_arc (cr, px, py, r * 1.2, 0, 2 * G_PI);
      cairo_fill (cr);
    }

  /* The pieces. */
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    {
      int side = kz_position_piece_at (pos, sq);
      if (side < 0)
        continue;
      double px, py;
      kz_board_geometry_point_to_pixel (&g, sq, &px, &py);
      cairo_arc (cr, px, py, r, 0, 2 * G_PI);
      set_rgba (cr, &side_fill[side]);
      cairo_fill_preserve (cr);
      set_rgba (cr, &side_edge[side]);
      cairo_set_line_width (cr, MAX (0.6, r * 0.12));
      cairo_stroke (cr);
    }

  /* The flags: at home on their centre, or on their carrier. */
  for (int f = 0; f < 2; f++)
    {
      int where = pos->flag[f] == KZ_FLAG_HOME ? kz_centre ((KzSide) f) : pos->flag[f];
      double px, py;
      kz_board_geometry_point_to_pixel (&g, where, &px, &py);
      pennant (cr, px - r * 0.15, py, r * 1.1, (KzSide) f);
    }

  if (options->coordinates)
    {
      cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
      cairo_set_font_size (cr, u * 0.28);
      set_rgba (cr, &line_colour);
      for (int file = 0; file < KZ_GRID_FILES; file++)
        {
          char text[2] = { (char) ('a' + file), 0 };
          double px, py;
          cairo_text_extents_t ext;
          grid_pixel (&g, file, options->flipped ? 8.8 : -0.8, &px, &py);
          cairo_text_extents (cr, text, &ext);
          cairo_move_to (cr, px - ext.width / 2 - ext.x_bearing, py + ext.height / 2);
          cairo_show_text (cr, text);
        }
      for (int rank = 0; rank < KZ_GRID_RANKS; rank++)
        {
          char text[2] = { (char) ('1' + rank), 0 };
          double px, py;
          cairo_text_extents_t ext;
          grid_pixel (&g, options->flipped ? 4.9 : -0.9, rank, &px, &py);
          cairo_text_extents (cr, text, &ext);
          cairo_move_to (cr, px - ext.width / 2 - ext.x_bearing, py + ext.height / 2);
          cairo_show_text (cr, text);
        }
    }
  cairo_restore (cr);
}

static gboolean
check_surface (cairo_surface_t *surface, const char *path, GError **error)
{
  cairo_status_t status = cairo_surface_status (surface);
  if (status == CAIRO_STATUS_SUCCESS)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, _("The image “%s” could not be written: %s"),
               path, cairo_status_to_string (status));
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
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   _("The image “%s” needs a name ending in .png or .svg"), path);
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
          g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                       _("The image “%s” could not be written: %s"), path,
                       cairo_status_to_string (status));
          ok = FALSE;
        }
    }
  cairo_surface_destroy (surface);
  return ok;
}
