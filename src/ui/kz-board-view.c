/* kz-board-view.c — the Kazaki board, drawn with Cairo.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "kz-board-geometry.h"
#include "kz-board-input.h"
#include "kz-board-view.h"

typedef struct { double r, g, b, a; } Rgba;

typedef struct {
  Rgba board, board_edge, line, point, label;
  Rgba camp_fill, camp_edge, fort_fill, fort_wall, fort_shade;
  Rgba side_fill[2], side_light[2], side_edge[2], side_emblem[2];
  Rgba last, select, target, must, focus, capture, shadow;
} Palette;

static const Palette light_palette = {
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
};

static const Palette dark_palette = {
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
};

struct _KzBoardView {
  GtkWidget     parent_instance;

  KzBoardState  state;
  KzBoardInput *input;

  gboolean      flipped;
  gboolean      show_coordinates;
  gboolean      interactive;
  guint         animation_duration;
  int           focus_point;

  /* Animation of state.last_move from `before`. */
  gboolean      animating;
  KzBoardState  before;
  gint64        anim_start;
  guint         anim_segment;   /* milliseconds per step or jump */
  guint         tick_id;
  double        anim_progress;  /* in segments */

  /* Dragging a piece. */
  int           press_point;
  double        press_x, press_y;
  gboolean      dragging;
  double        drag_x, drag_y;

  /* The focus ring shows once the keyboard is used, until a click. */
  gboolean      keyboard_mode;

  AdwStyleManager *style_manager;
};

G_DEFINE_FINAL_TYPE (KzBoardView, kz_board_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_FLIPPED,
  PROP_SHOW_COORDINATES,
  PROP_INTERACTIVE,
  PROP_ANIMATION_DURATION,
  PROP_ANIMATING,
  N_PROPS
};

enum {
  SIGNAL_MOVE_CHOSEN,
  SIGNAL_MESSAGE,
  SIGNAL_ANIMATION_DONE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void update_accessible (KzBoardView *self);

void
kz_board_state_from_game (KzBoardState *state,
                          KzGame       *game,
                          guint         ply)
{
  const KzPosition *pos = kz_game_get_position_at (game, ply);

  memset (state, 0, sizeof *state);
  if (pos == NULL)
    pos = kz_game_get_position (game), ply = kz_game_get_ply (game);
  state->pos = *pos;
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    {
      if (kz_point_valid (sq))
        state->pieces[sq] = kz_game_get_piece_at (game, ply, sq);
      else
        state->pieces[sq] = (KzPiece) { KZ_NO_PIECE, -1, -1, 0 };
    }
  if (ply > 0)
    {
      state->last_move = *kz_game_get_move (game, ply - 1);
      state->has_last_move = TRUE;
    }
}

/* ---- drawing --------------------------------------------------------- */

static const Palette *
palette (KzBoardView *self)
{
  return adw_style_manager_get_dark (self->style_manager) ? &dark_palette : &light_palette;
}

static void
set_rgba (cairo_t *cr, const Rgba *c)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a);
}

static void
set_rgba_alpha (cairo_t *cr, const Rgba *c, double alpha)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a * alpha);
}

static void
geometry (KzBoardView *self, KzBoardGeometry *g)
{
  kz_board_geometry_init (g, gtk_widget_get_width (GTK_WIDGET (self)),
                          gtk_widget_get_height (GTK_WIDGET (self)), self->flipped);
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
draw_fortress (KzBoardView *self, cairo_t *cr, const KzBoardGeometry *g, const Palette *p)
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
  for (int i = 0; i < 3; i++)
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
draw_camp (KzBoardView *self, cairo_t *cr, const KzBoardGeometry *g, const Palette *p)
{
  double u = g->unit, d = 0.34;
  double xs[3], ys[3];

  triangle_path (cr, g, KZ_COSSACKS, d);
  set_rgba (cr, &p->camp_fill);
  cairo_fill (cr);

  triangle_corners (g, KZ_COSSACKS, d, xs, ys);
  for (int i = 0; i < 3; i++)
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
draw_lines (cairo_t *cr, const KzBoardGeometry *g, const Palette *p)
{
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, MAX (1.0, 0.035 * g->unit));
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
draw_coordinates (KzBoardView *self, cairo_t *cr, const KzBoardGeometry *g, const Palette *p)
{
  double u = g->unit;
  PangoLayout *layout = gtk_widget_create_pango_layout (GTK_WIDGET (self), NULL);
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

/* ---- pieces and emblems ---------------------------------------------- */

/* Emblems are drawn in a unit where the disc radius is 1. */
static void
emblem_sabre (cairo_t *cr)
{
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, 0.13);
  cairo_move_to (cr, -0.30, 0.30);
  cairo_curve_to (cr, 0.05, 0.05, 0.38, -0.20, 0.42, -0.62);
  cairo_stroke (cr);
  cairo_set_line_width (cr, 0.11);
  cairo_move_to (cr, -0.46, 0.14);
  cairo_line_to (cr, -0.14, 0.46);
  cairo_stroke (cr);
  cairo_set_line_width (cr, 0.14);
  cairo_move_to (cr, -0.32, 0.32);
  cairo_line_to (cr, -0.52, 0.52);
  cairo_stroke (cr);
}

static void
emblem_yatagan (cairo_t *cr)
{
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, 0.13);
  cairo_move_to (cr, -0.28, 0.30);
  cairo_curve_to (cr, -0.05, -0.05, 0.40, 0.12, 0.38, -0.62);
  cairo_stroke (cr);
  cairo_set_line_width (cr, 0.13);
  cairo_move_to (cr, -0.28, 0.30);
  cairo_line_to (cr, -0.46, 0.50);
  cairo_stroke (cr);
  /* the "ears" of the hilt */
  cairo_set_line_width (cr, 0.08);
  cairo_move_to (cr, -0.60, 0.46);
  cairo_line_to (cr, -0.46, 0.50);
  cairo_line_to (cr, -0.50, 0.64);
  cairo_stroke (cr);
}

static void
emblem_horseshoe (cairo_t *cr)
{
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  cairo_set_line_width (cr, 0.20);
  cairo_move_to (cr, -0.40, 0.52);
  cairo_line_to (cr, -0.40, 0.0);
  cairo_arc (cr, 0, 0.0, 0.40, G_PI, 2 * G_PI);
  cairo_line_to (cr, 0.40, 0.52);
  cairo_stroke (cr);
  /* heel calkins */
  cairo_set_line_width (cr, 0.10);
  cairo_move_to (cr, -0.56, 0.52); cairo_line_to (cr, -0.26, 0.52);
  cairo_move_to (cr, 0.26, 0.52);  cairo_line_to (cr, 0.56, 0.52);
  cairo_stroke (cr);
}

static void
emblem_crescent (cairo_t *cr)
{
  cairo_save (cr);
  cairo_arc (cr, 0, 0, 0.52, 0, 2 * G_PI);
  cairo_clip (cr);
  cairo_new_path (cr);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  cairo_arc (cr, -0.04, 0, 0.52, 0, 2 * G_PI);
  cairo_new_sub_path (cr);
  cairo_arc (cr, 0.16, -0.02, 0.44, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_restore (cr);
  /* a small star */
  cairo_save (cr);
  cairo_translate (cr, 0.30, -0.02);
  cairo_move_to (cr, 0, -0.16);
  for (int i = 1; i < 10; i++)
    {
      double r = (i % 2) ? 0.07 : 0.16;
      double a = -G_PI / 2 + i * G_PI / 5;
      cairo_line_to (cr, r * cos (a), r * sin (a));
    }
  cairo_close_path (cr);
  cairo_fill (cr);
  cairo_restore (cr);
}

static void
emblem_cannon (cairo_t *cr)
{
  /* a tapered barrel on a wheeled carriage */
  cairo_save (cr);
  cairo_translate (cr, -0.05, 0.05);
  cairo_rotate (cr, -0.42);
  cairo_move_to (cr, -0.52, -0.15);
  cairo_line_to (cr, 0.50, -0.09);
  cairo_line_to (cr, 0.50, 0.09);
  cairo_line_to (cr, -0.52, 0.15);
  cairo_close_path (cr);
  cairo_fill (cr);
  /* muzzle ring and cascabel */
  cairo_rectangle (cr, 0.44, -0.13, 0.10, 0.26);
  cairo_fill (cr);
  cairo_arc (cr, -0.60, 0, 0.08, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_restore (cr);
  /* the wheel */
  cairo_set_line_width (cr, 0.08);
  cairo_arc (cr, -0.14, 0.30, 0.24, 0, 2 * G_PI);
  cairo_stroke (cr);
  for (int i = 0; i < 4; i++)
    {
      double a = i * G_PI / 4;
      cairo_move_to (cr, -0.14 + 0.24 * cos (a), 0.30 + 0.24 * sin (a));
      cairo_line_to (cr, -0.14 - 0.24 * cos (a), 0.30 - 0.24 * sin (a));
    }
  cairo_set_line_width (cr, 0.04);
  cairo_stroke (cr);
}

static void
emblem_mace (cairo_t *cr)
{
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, 0.12);
  cairo_move_to (cr, 0, 0.62);
  cairo_line_to (cr, 0, -0.10);
  cairo_stroke (cr);
  cairo_arc (cr, 0, -0.32, 0.24, 0, 2 * G_PI);
  cairo_fill (cr);
  for (int i = 0; i < 8; i++)
    {
      double a = i * G_PI / 4;
      cairo_arc (cr, 0.26 * cos (a), -0.32 + 0.26 * sin (a), 0.07, 0, 2 * G_PI);
      cairo_fill (cr);
    }
  cairo_arc (cr, 0, 0.62, 0.08, 0, 2 * G_PI);
  cairo_fill (cr);
}

static void
emblem_horsetail (cairo_t *cr)
{
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, 0.09);
  cairo_move_to (cr, -0.10, 0.64);
  cairo_line_to (cr, -0.10, -0.52);
  cairo_stroke (cr);
  cairo_arc (cr, -0.10, -0.60, 0.10, 0, 2 * G_PI);
  cairo_fill (cr);
  /* the tail */
  cairo_move_to (cr, -0.08, -0.40);
  cairo_curve_to (cr, 0.45, -0.38, 0.52, 0.10, 0.28, 0.44);
  cairo_curve_to (cr, 0.26, 0.12, 0.10, -0.06, -0.08, -0.12);
  cairo_close_path (cr);
  cairo_fill (cr);
  /* the knot */
  cairo_set_line_width (cr, 0.12);
  cairo_move_to (cr, -0.24, -0.36);
  cairo_line_to (cr, 0.04, -0.36);
  cairo_stroke (cr);
}

static void
draw_flag_cloth (cairo_t *cr, KzSide owner, const Palette *p, double scale)
{
  /* Pole from (0, 0) up; cloth to the right; units of `scale`. */
  cairo_save (cr);
  cairo_scale (cr, scale, scale);
  cairo_move_to (cr, 0, 0);
  cairo_curve_to (cr, 0.35, -0.10, 0.55, 0.10, 0.90, 0.0);
  cairo_line_to (cr, 0.90, 0.55);
  cairo_curve_to (cr, 0.55, 0.65, 0.35, 0.45, 0, 0.55);
  cairo_close_path (cr);
  set_rgba (cr, &p->side_fill[owner]);
  cairo_fill_preserve (cr);
  set_rgba (cr, &p->side_edge[owner]);
  cairo_set_line_width (cr, 0.05);
  cairo_stroke (cr);
  set_rgba (cr, &p->side_emblem[owner]);
  if (owner == KZ_COSSACKS)
    {
      /* a cross */
      cairo_set_line_width (cr, 0.09);
      cairo_move_to (cr, 0.45, 0.10);
      cairo_line_to (cr, 0.45, 0.46);
      cairo_move_to (cr, 0.30, 0.24);
      cairo_line_to (cr, 0.60, 0.24);
      cairo_stroke (cr);
    }
  else
    {
      cairo_translate (cr, 0.45, 0.28);
      cairo_scale (cr, 0.32, 0.32);
      emblem_crescent (cr);
    }
  cairo_restore (cr);
}

/* A standing flag on its centre point. */
static void
draw_standing_flag (cairo_t *cr, double x, double y, double u, KzSide owner, const Palette *p)
{
  cairo_save (cr);
  cairo_translate (cr, x, y);
  /* base */
  cairo_save (cr);
  cairo_scale (cr, 1, 0.45);
  cairo_arc (cr, 0, 0.30 * u / 0.45, 0.17 * u, 0, 2 * G_PI);
  cairo_restore (cr);
  set_rgba (cr, &p->line);
  cairo_fill (cr);
  /* pole */
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_width (cr, 0.05 * u);
  cairo_move_to (cr, 0, 0.30 * u);
  cairo_line_to (cr, 0, -0.50 * u);
  cairo_stroke (cr);
  cairo_arc (cr, 0, -0.52 * u, 0.05 * u, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_translate (cr, 0, -0.48 * u);
  draw_flag_cloth (cr, owner, p, 0.52 * u);
  cairo_restore (cr);
}

static void
draw_piece (cairo_t *cr, double x, double y, double radius, const KzPiece *piece,
            const Palette *p, gboolean lifted)
{
  int side = piece->side;
  cairo_pattern_t *grad;

  if (side < 0)
    return;

  /* shadow */
  cairo_arc (cr, x + radius * 0.08, y + radius * (lifted ? 0.25 : 0.10), radius, 0, 2 * G_PI);
  set_rgba (cr, &p->shadow);
  cairo_fill (cr);

  grad = cairo_pattern_create_radial (x - radius * 0.35, y - radius * 0.4, radius * 0.1,
                                      x, y, radius);
  cairo_pattern_add_color_stop_rgba (grad, 0, p->side_light[side].r, p->side_light[side].g,
                                     p->side_light[side].b, 1);
  cairo_pattern_add_color_stop_rgba (grad, 1, p->side_fill[side].r, p->side_fill[side].g,
                                     p->side_fill[side].b, 1);
  cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
  cairo_set_source (cr, grad);
  cairo_fill_preserve (cr);
  cairo_pattern_destroy (grad);
  set_rgba (cr, &p->side_edge[side]);
  cairo_set_line_width (cr, MAX (1.0, radius * 0.08));
  cairo_stroke (cr);

  /* inner ring */
  cairo_arc (cr, x, y, radius * 0.84, 0, 2 * G_PI);
  set_rgba_alpha (cr, &p->side_emblem[side], 0.55);
  cairo_set_line_width (cr, MAX (0.5, radius * 0.04));
  cairo_stroke (cr);

  cairo_save (cr);
  cairo_translate (cr, x, y);
  cairo_scale (cr, radius * 0.78, radius * 0.78);
  set_rgba (cr, &p->side_emblem[side]);
  switch (piece->troop)
    {
    case KZ_TROOP_CAVALRY:
      side == KZ_COSSACKS ? emblem_horseshoe (cr) : emblem_crescent (cr);
      break;
    case KZ_TROOP_GUNNER:
      emblem_cannon (cr);
      break;
    case KZ_TROOP_LEADER:
      side == KZ_COSSACKS ? emblem_mace (cr) : emblem_horsetail (cr);
      break;
    case KZ_TROOP_INFANTRY:
    default:
      side == KZ_COSSACKS ? emblem_sabre (cr) : emblem_yatagan (cr);
      break;
    }
  cairo_restore (cr);

  /* carried flags: small banners on the piece */
  for (int f = 0; f < 2; f++)
    if (piece->flags & (1u << f))
      {
        double fx = x + (f == side ? -0.55 : 0.55) * radius;
        cairo_save (cr);
        cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
        cairo_set_line_width (cr, MAX (1.0, radius * 0.10));
        set_rgba (cr, &p->side_edge[side]);
        cairo_move_to (cr, fx, y + radius * 0.2);
        cairo_line_to (cr, fx, y - radius * 1.45);
        cairo_stroke (cr);
        cairo_translate (cr, fx, y - radius * 1.42);
        draw_flag_cloth (cr, (KzSide) f, p, radius * 0.85);
        cairo_restore (cr);
      }
}

/* The state drawn right now: during an animation, the position before
 * the move without the moving piece and with the pieces captured so far
 * removed. */
static void
displayed_pieces (KzBoardView *self, KzPiece pieces[KZ_GRID_SIZE], gboolean standing[2],
                  KzPiece *mover, double *mx, double *my, const KzBoardGeometry *g)
{
  const KzMove *m = &self->state.last_move;

  if (!self->animating)
    {
      memcpy (pieces, self->state.pieces, sizeof self->state.pieces);
      for (int f = 0; f < 2; f++)
        standing[f] = self->state.pos.flag[f] == KZ_FLAG_HOME;
      mover->side = -1;
      return;
    }

  memcpy (pieces, self->before.pieces, sizeof self->before.pieces);
  for (int f = 0; f < 2; f++)
    standing[f] = self->before.pos.flag[f] == KZ_FLAG_HOME;
  *mover = pieces[m->from];
  pieces[m->from] = (KzPiece) { KZ_NO_PIECE, -1, -1, 0 };

  {
    int n_segments = MAX (1, m->n_jumps);
    double t = CLAMP (self->anim_progress, 0, n_segments);
    int seg = MIN ((int) floor (t), n_segments - 1);
    double frac = t - seg;
    int a, b;
    double ax, ay, bx, by;

    /* captured so far: every jump whose midpoint has been passed */
    for (int i = 0; i < m->n_jumps; i++)
      {
        int from = i == 0 ? m->from : m->path[i - 1];
        int over = kz_jump_over (from, m->path[i]);
        if (over == KZ_NO_POINT || t < i + 0.5)
          continue;
        if (pieces[over].side >= 0)
          {
            mover->flags |= pieces[over].flags;
            pieces[over] = (KzPiece) { KZ_NO_PIECE, -1, -1, 0 };
          }
        for (int f = 0; f < 2; f++)
          if (over == kz_centre ((KzSide) f) && standing[f])
            {
              standing[f] = FALSE;
              mover->flags |= 1u << f;
            }
      }
    a = seg == 0 ? m->from : m->path[seg - 1];
    b = m->n_jumps == 0 ? m->to : m->path[seg];
    pixel (g, a, &ax, &ay);
    pixel (g, b, &bx, &by);
    /* ease in and out */
    frac = frac * frac * (3 - 2 * frac);
    *mx = ax + (bx - ax) * frac;
    *my = ay + (by - ay) * frac;
  }
}

static void
kz_board_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  KzBoardView *self = KZ_BOARD_VIEW (widget);
  const Palette *p = palette (self);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  KzBoardGeometry g;
  cairo_t *cr;
  double u, radius, x, y;
  KzPiece pieces[KZ_GRID_SIZE], mover;
  gboolean standing[2];
  double mx = 0, my = 0;
  KzBits targets, must, movable;
  int selected;
  const uint8_t *path;
  int n_path;

  if (width <= 0 || height <= 0)
    return;
  geometry (self, &g);
  u = g.unit;
  radius = kz_board_geometry_piece_radius (&g);

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  /* the board: a rounded panel */
  {
    double x0 = g.origin_x - KZ_BOARD_MARGIN_X * u + 2, y0 = g.origin_y - KZ_BOARD_MARGIN_Y * u + 2;
    double w = (KZ_GRID_FILES - 1 + 2 * KZ_BOARD_MARGIN_X) * u - 4;
    double h = (KZ_GRID_RANKS - 1 + 2 * KZ_BOARD_MARGIN_Y) * u - 4;
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

  draw_camp (self, cr, &g, p);
  draw_fortress (self, cr, &g, p);
  draw_lines (cr, &g, p);
  if (self->show_coordinates)
    draw_coordinates (self, cr, &g, p);

  displayed_pieces (self, pieces, standing, &mover, &mx, &my, &g);

  /* last move and its capture chain */
  if (self->state.has_last_move && !self->animating)
    {
      const KzMove *m = &self->state.last_move;
      int prev = m->from;

      set_rgba (cr, &p->last);
      pixel (&g, m->from, &x, &y);
      cairo_arc (cr, x, y, radius * 1.22, 0, 2 * G_PI);
      cairo_fill (cr);
      pixel (&g, m->to, &x, &y);
      cairo_arc (cr, x, y, radius * 1.22, 0, 2 * G_PI);
      cairo_fill (cr);

      cairo_set_line_width (cr, 0.08 * u);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      pixel (&g, m->from, &x, &y);
      cairo_move_to (cr, x, y);
      for (int i = 0; i < MAX (1, m->n_jumps); i++)
        {
          pixel (&g, m->n_jumps ? m->path[i] : m->to, &x, &y);
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
          pixel (&g, over, &x, &y);
          cairo_move_to (cr, x - 0.14 * u, y - 0.14 * u);
          cairo_line_to (cr, x + 0.14 * u, y + 0.14 * u);
          cairo_move_to (cr, x + 0.14 * u, y - 0.14 * u);
          cairo_line_to (cr, x - 0.14 * u, y + 0.14 * u);
        }
      cairo_stroke (cr);
    }

  /* standing flags */
  for (int f = 0; f < 2; f++)
    if (standing[f])
      {
        pixel (&g, kz_centre ((KzSide) f), &x, &y);
        draw_standing_flag (cr, x, y, u, (KzSide) f, p);
      }

  selected = self->animating ? KZ_NO_POINT : kz_board_input_get_selected (self->input);
  n_path = kz_board_input_get_path (self->input, &path);
  targets = self->animating ? 0 : kz_board_input_get_targets (self->input);
  must = self->animating || !self->interactive ? 0 : kz_board_input_get_must_capture (self->input);
  movable = self->animating || !self->interactive ? 0 : kz_board_input_get_movable (self->input);
  (void) movable;

  /* the partial chain clicked so far */
  if (selected != KZ_NO_POINT && n_path > 0)
    {
      set_rgba (cr, &p->select);
      cairo_set_line_width (cr, 0.07 * u);
      cairo_set_dash (cr, (double[]) { 0.15 * u, 0.10 * u }, 2, 0);
      pixel (&g, selected, &x, &y);
      cairo_move_to (cr, x, y);
      for (int i = 0; i < n_path; i++)
        {
          pixel (&g, path[i], &x, &y);
          cairo_line_to (cr, x, y);
        }
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      for (int i = 0; i < n_path; i++)
        {
          pixel (&g, path[i], &x, &y);
          cairo_arc (cr, x, y, radius * 0.9, 0, 2 * G_PI);
          cairo_stroke (cr);
        }
    }

  /* pieces */
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    {
      if (!kz_point_valid (sq) || pieces[sq].side < 0)
        continue;
      if (self->dragging && sq == self->press_point)
        continue;
      pixel (&g, sq, &x, &y);
      if (must & KZ_BIT (sq))
        {
          cairo_arc (cr, x, y, radius * 1.16, 0, 2 * G_PI);
          set_rgba (cr, &p->must);
          cairo_set_line_width (cr, 0.06 * u);
          cairo_stroke (cr);
        }
      if (sq == selected)
        {
          cairo_arc (cr, x, y, radius * 1.2, 0, 2 * G_PI);
          set_rgba (cr, &p->select);
          cairo_set_line_width (cr, 0.09 * u);
          cairo_stroke (cr);
        }
      draw_piece (cr, x, y, radius, &pieces[sq], p, sq == selected);
    }

  /* legal targets of the selection */
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    if (targets & KZ_BIT (sq))
      {
        pixel (&g, sq, &x, &y);
        set_rgba (cr, &p->target);
        cairo_arc (cr, x, y, 0.15 * u, 0, 2 * G_PI);
        cairo_fill (cr);
      }
  /* a chain that may stop here: mark the last landing point */
  if (!self->animating && kz_board_input_can_stop (self->input))
    {
      pixel (&g, path[n_path - 1], &x, &y);
      set_rgba (cr, &p->target);
      cairo_set_line_width (cr, 0.06 * u);
      cairo_arc (cr, x, y, 0.22 * u, 0, 2 * G_PI);
      cairo_stroke (cr);
    }

  /* the moving piece */
  if (self->animating && mover.side >= 0)
    draw_piece (cr, mx, my, radius * 1.05, &mover, p, TRUE);
  if (self->dragging && self->press_point != KZ_NO_POINT &&
      pieces[self->press_point].side >= 0)
    draw_piece (cr, self->drag_x, self->drag_y, radius * 1.1, &pieces[self->press_point], p, TRUE);

  /* the keyboard focus ring */
  if (self->keyboard_mode && gtk_widget_has_focus (widget) && kz_point_valid (self->focus_point))
    {
      pixel (&g, self->focus_point, &x, &y);
      set_rgba (cr, &p->focus);
      cairo_set_line_width (cr, MAX (2.0, 0.05 * u));
      cairo_set_dash (cr, (double[]) { 0.12 * u, 0.08 * u }, 2, 0);
      cairo_arc (cr, x, y, radius * 1.38, 0, 2 * G_PI);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

  cairo_destroy (cr);
}

/* ---- animation ------------------------------------------------------- */

static void
stop_animation (KzBoardView *self)
{
  if (self->tick_id)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  if (self->animating)
    {
      self->animating = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      g_signal_emit (self, signals[SIGNAL_ANIMATION_DONE], 0);
    }
}

static gboolean
animation_tick (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  KzBoardView *self = KZ_BOARD_VIEW (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  int n_segments = MAX (1, self->state.last_move.n_jumps);

  if (self->anim_start == 0)
    self->anim_start = now;
  self->anim_progress = (now - self->anim_start) / 1000.0 / self->anim_segment;
  if (self->anim_progress >= n_segments)
    {
      self->tick_id = 0;
      stop_animation (self);
      return G_SOURCE_REMOVE;
    }
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

static gboolean
animations_enabled (KzBoardView *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled, NULL);
  return enabled && self->animation_duration > 0 && gtk_widget_get_mapped (GTK_WIDGET (self));
}

void
kz_board_view_finish_animation (KzBoardView *self)
{
  g_return_if_fail (KZ_IS_BOARD_VIEW (self));
  stop_animation (self);
}

gboolean
kz_board_view_get_animating (KzBoardView *self)
{
  g_return_val_if_fail (KZ_IS_BOARD_VIEW (self), FALSE);
  return self->animating;
}

/* ---- state ----------------------------------------------------------- */

void
kz_board_view_set_state (KzBoardView        *self,
                         const KzBoardState *state,
                         const KzBoardState *before)
{
  g_return_if_fail (KZ_IS_BOARD_VIEW (self));

  stop_animation (self);
  self->dragging = FALSE;
  self->press_point = KZ_NO_POINT;
  self->state = *state;
  kz_board_input_set_position (self->input, &state->pos);
  update_accessible (self);

  if (before != NULL && state->has_last_move && animations_enabled (self))
    {
      self->before = *before;
      self->animating = TRUE;
      self->anim_start = 0;
      self->anim_progress = 0;
      self->anim_segment = self->animation_duration;
      self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), animation_tick, NULL, NULL);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const KzBoardState *
kz_board_view_get_state (KzBoardView *self)
{
  g_return_val_if_fail (KZ_IS_BOARD_VIEW (self), NULL);
  return &self->state;
}

/* ---- input ----------------------------------------------------------- */

static void
emit_message (KzBoardView *self, const char *message, gboolean refusal)
{
  g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, message, refusal);
}

/* Tells assistive technologies what is under the focus ring. */
static void
update_accessible (KzBoardView *self)
{
  g_autofree char *text = NULL;
  int sq = self->focus_point;

  if (!kz_point_valid (sq))
    return;
  if (self->state.pieces[sq].side >= 0)
    {
      const KzPiece *piece = &self->state.pieces[sq];
      /* Translators: a point, the side and the troop, e.g. "c4: Cossacks, Infantry" */
      text = g_strdup_printf (_("%s: %s, %s"), kz_point_name (sq),
                              piece->side == KZ_COSSACKS ? _("Cossacks") : _("Turks"),
                              kz_troop_describe ((KzTroop) piece->troop, (KzSide) piece->side));
    }
  else if (sq == kz_centre (KZ_COSSACKS) && self->state.pos.flag[KZ_COSSACKS] == KZ_FLAG_HOME)
    text = g_strdup_printf (_("%s: the Cossack flag"), kz_point_name (sq));
  else if (sq == kz_centre (KZ_TURKS) && self->state.pos.flag[KZ_TURKS] == KZ_FLAG_HOME)
    text = g_strdup_printf (_("%s: the Turkish flag"), kz_point_name (sq));
  else
    text = g_strdup_printf (_("%s: empty"), kz_point_name (sq));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                  -1);
}

static void
handle_result (KzBoardView *self, KzInputResult result, const KzMove *move, const KzError *error)
{
  switch (result)
    {
    case KZ_INPUT_MOVE:
      {
        KzMove copy = *move;
        emit_message (self, NULL, FALSE);
        g_signal_emit (self, signals[SIGNAL_MOVE_CHOSEN], 0, &copy);
      }
      break;
    case KZ_INPUT_REFUSED:
      {
        g_autofree char *text = kz_board_input_describe_error (error);
        emit_message (self, text, TRUE);
      }
      break;
    case KZ_INPUT_PARTIAL:
      {
        const uint8_t *path;
        int n = kz_board_input_get_path (self->input, &path);
        g_autofree char *text = NULL;
        if (kz_board_input_can_stop (self->input))
          /* Translators: %s is a point such as c7 */
          text = g_strdup_printf (_("Jump on, or click %s again to stop there"), kz_point_name (path[n - 1]));
        else
          text = g_strdup (_("The capture goes on: click the next landing point"));
        emit_message (self, text, FALSE);
      }
      break;
    case KZ_INPUT_SELECTED:
    case KZ_INPUT_DESELECTED:
      emit_message (self, NULL, FALSE);
      break;
    case KZ_INPUT_IGNORED:
    default:
      break;
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
check_interactive (KzBoardView *self)
{
  if (self->animating)
    stop_animation (self);
  if (!self->interactive)
    {
      if (kz_board_input_get_moves (self->input)->count == 0)
        emit_message (self, _("The game is over"), TRUE);
      else
        emit_message (self, _("Wait for the computer's move"), TRUE);
      return FALSE;
    }
  return TRUE;
}

void
kz_board_view_click_point (KzBoardView *self,
                           int          sq)
{
  KzMove move;
  KzError error = { 0 };
  KzInputResult result;

  g_return_if_fail (KZ_IS_BOARD_VIEW (self));
  if (!check_interactive (self))
    return;
  result = kz_board_input_click (self->input, sq, &move, &error);
  handle_result (self, result, &move, &error);
}

void
kz_board_view_cancel_input (KzBoardView *self)
{
  g_return_if_fail (KZ_IS_BOARD_VIEW (self));
  kz_board_input_cancel (self->input);
  self->dragging = FALSE;
  emit_message (self, NULL, FALSE);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

int
kz_board_view_get_focus_point (KzBoardView *self)
{
  g_return_val_if_fail (KZ_IS_BOARD_VIEW (self), KZ_NO_POINT);
  return self->focus_point;
}

static void
drag_begin (GtkGestureDrag *gesture,
            double          x,
            double          y,
            KzBoardView    *self)
{
  KzBoardGeometry g;

  geometry (self, &g);
  self->press_point = kz_board_geometry_pixel_to_point (&g, x, y);
  self->press_x = x;
  self->press_y = y;
  self->dragging = FALSE;
  self->keyboard_mode = FALSE;
  gtk_widget_grab_focus (GTK_WIDGET (self));
}

static void
drag_update (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             KzBoardView    *self)
{
  if (!self->dragging)
    {
      if (hypot (dx, dy) < 8 || !self->interactive || self->animating)
        return;
      if (self->press_point == KZ_NO_POINT ||
          !(kz_board_input_get_movable (self->input) & KZ_BIT (self->press_point)))
        return;
      self->dragging = TRUE;
      /* Show the targets of the dragged piece. */
      if (kz_board_input_get_selected (self->input) != self->press_point)
        {
          KzMove move;
          KzError error;
          kz_board_input_cancel (self->input);
          kz_board_input_click (self->input, self->press_point, &move, &error);
        }
    }
  self->drag_x = self->press_x + dx;
  self->drag_y = self->press_y + dy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end (GtkGestureDrag *gesture,
          double          dx,
          double          dy,
          KzBoardView    *self)
{
  KzBoardGeometry g;
  int from = self->press_point;

  geometry (self, &g);
  if (self->dragging)
    {
      int to = kz_board_geometry_pixel_to_point (&g, self->press_x + dx, self->press_y + dy);
      KzMove move;
      KzError error = { 0 };
      KzInputResult result;

      self->dragging = FALSE;
      self->press_point = KZ_NO_POINT;
      if (to == KZ_NO_POINT || to == from)
        {
          gtk_widget_queue_draw (GTK_WIDGET (self));
          return;
        }
      if (!check_interactive (self))
        return;
      result = kz_board_input_drop (self->input, from, to, &move, &error);
      handle_result (self, result, &move, &error);
      return;
    }
  self->press_point = KZ_NO_POINT;
  if (hypot (dx, dy) < 8)
    {
      if (from != KZ_NO_POINT)
        self->focus_point = from;
      kz_board_view_click_point (self, from);
    }
}

/* A hand over what can be clicked: movable pieces and targets. */
static void
pointer_motion (GtkEventControllerMotion *controller,
                double                    x,
                double                    y,
                KzBoardView              *self)
{
  KzBoardGeometry g;
  int sq;
  gboolean clickable = FALSE;

  geometry (self, &g);
  sq = kz_board_geometry_pixel_to_point (&g, x, y);
  if (sq != KZ_NO_POINT && self->interactive && !self->animating)
    {
      KzBits bits = kz_board_input_get_movable (self->input) | kz_board_input_get_targets (self->input);
      clickable = (bits & KZ_BIT (sq)) != 0 || kz_board_input_can_stop (self->input);
    }
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), clickable ? "pointer" : NULL);
}

static gboolean
key_pressed (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             KzBoardView           *self)
{
  KzBoardGeometry g;
  int dir = -1;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  self->keyboard_mode = TRUE;
  geometry (self, &g);
  switch (keyval)
    {
    case GDK_KEY_Up: case GDK_KEY_KP_Up: dir = KZ_BOARD_UP; break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: dir = KZ_BOARD_DOWN; break;
    case GDK_KEY_Left: case GDK_KEY_KP_Left: dir = KZ_BOARD_LEFT; break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: dir = KZ_BOARD_RIGHT; break;
    case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_space: case GDK_KEY_KP_Space:
      kz_board_view_click_point (self, self->focus_point);
      return TRUE;
    case GDK_KEY_Escape:
      if (kz_board_input_get_selected (self->input) == KZ_NO_POINT)
        return FALSE;
      kz_board_view_cancel_input (self);
      return TRUE;
    default:
      return FALSE;
    }
  self->focus_point = kz_board_geometry_step (&g, self->focus_point, (KzBoardDirection) dir);
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

/* ---- properties ------------------------------------------------------ */

void
kz_board_view_set_flipped (KzBoardView *self, gboolean flipped)
{
  g_return_if_fail (KZ_IS_BOARD_VIEW (self));
  flipped = !!flipped;
  if (self->flipped == flipped)
    return;
  self->flipped = flipped;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLIPPED]);
}

gboolean
kz_board_view_get_flipped (KzBoardView *self)
{
  g_return_val_if_fail (KZ_IS_BOARD_VIEW (self), FALSE);
  return self->flipped;
}

void
kz_board_view_set_show_coordinates (KzBoardView *self, gboolean show)
{
  g_return_if_fail (KZ_IS_BOARD_VIEW (self));
  show = !!show;
  if (self->show_coordinates == show)
    return;
  self->show_coordinates = show;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_COORDINATES]);
}

gboolean
kz_board_view_get_show_coordinates (KzBoardView *self)
{
  g_return_val_if_fail (KZ_IS_BOARD_VIEW (self), FALSE);
  return self->show_coordinates;
}

void
kz_board_view_set_interactive (KzBoardView *self, gboolean interactive)
{
  g_return_if_fail (KZ_IS_BOARD_VIEW (self));
  interactive = !!interactive;
  if (self->interactive == interactive)
    return;
  self->interactive = interactive;
  if (!interactive)
    kz_board_input_cancel (self->input);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
}

gboolean
kz_board_view_get_interactive (KzBoardView *self)
{
  g_return_val_if_fail (KZ_IS_BOARD_VIEW (self), FALSE);
  return self->interactive;
}

void
kz_board_view_set_animation_duration (KzBoardView *self, guint msec)
{
  g_return_if_fail (KZ_IS_BOARD_VIEW (self));
  if (self->animation_duration == msec)
    return;
  self->animation_duration = msec;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATION_DURATION]);
}

static void
kz_board_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KzBoardView *self = KZ_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_FLIPPED: g_value_set_boolean (value, self->flipped); break;
    case PROP_SHOW_COORDINATES: g_value_set_boolean (value, self->show_coordinates); break;
    case PROP_INTERACTIVE: g_value_set_boolean (value, self->interactive); break;
    case PROP_ANIMATION_DURATION: g_value_set_uint (value, self->animation_duration); break;
    case PROP_ANIMATING: g_value_set_boolean (value, self->animating); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_board_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  KzBoardView *self = KZ_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_FLIPPED: kz_board_view_set_flipped (self, g_value_get_boolean (value)); break;
    case PROP_SHOW_COORDINATES: kz_board_view_set_show_coordinates (self, g_value_get_boolean (value)); break;
    case PROP_INTERACTIVE: kz_board_view_set_interactive (self, g_value_get_boolean (value)); break;
    case PROP_ANIMATION_DURATION: kz_board_view_set_animation_duration (self, g_value_get_uint (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_board_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 180;
      *natural = 380;
    }
  else
    {
      *minimum = 280;
      *natural = 600;
    }
}

static void
dark_changed (KzBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
kz_board_view_dispose (GObject *object)
{
  KzBoardView *self = KZ_BOARD_VIEW (object);

  /* Stop without announcing it: nobody should act on a dying board. */
  if (self->tick_id)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  self->animating = FALSE;
  if (self->style_manager)
    g_signal_handlers_disconnect_by_func (self->style_manager, dark_changed, self);
  self->style_manager = NULL;
  G_OBJECT_CLASS (kz_board_view_parent_class)->dispose (object);
}

static void
kz_board_view_finalize (GObject *object)
{
  KzBoardView *self = KZ_BOARD_VIEW (object);

  g_clear_pointer (&self->input, kz_board_input_free);
  G_OBJECT_CLASS (kz_board_view_parent_class)->finalize (object);
}

static void
kz_board_view_class_init (KzBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = kz_board_view_get_property;
  object_class->set_property = kz_board_view_set_property;
  object_class->dispose = kz_board_view_dispose;
  object_class->finalize = kz_board_view_finalize;
  widget_class->snapshot = kz_board_view_snapshot;
  widget_class->measure = kz_board_view_measure;

  properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_COORDINATES] =
    g_param_spec_boolean ("show-coordinates", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_INTERACTIVE] =
    g_param_spec_boolean ("interactive", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANIMATION_DURATION] =
    g_param_spec_uint ("animation-duration", NULL, NULL, 0, 5000, 250,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANIMATING] =
    g_param_spec_boolean ("animating", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_MOVE_CHOSEN] =
    g_signal_new ("move-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[SIGNAL_MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_BOOLEAN);
  signals[SIGNAL_ANIMATION_DONE] =
    g_signal_new ("animation-done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_css_name (widget_class, "kz-board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
kz_board_view_init (KzBoardView *self)
{
  GtkGesture *drag;
  GtkEventController *keys, *focus, *motion;

  self->input = kz_board_input_new ();
  kz_position_init_start (&self->state.pos);
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    self->state.pieces[sq] = (KzPiece) { KZ_NO_PIECE, -1, -1, 0 };
  self->show_coordinates = TRUE;
  self->interactive = TRUE;
  self->animation_duration = 250;
  self->focus_point = KZ_SQ (2, 3);   /* c4 */
  self->press_point = KZ_NO_POINT;

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"),
                                  -1);
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (gtk_widget_queue_draw), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (pointer_motion), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  self->style_manager = adw_style_manager_get_default ();
  g_signal_connect_swapped (self->style_manager, "notify::dark", G_CALLBACK (dark_changed), self);
}

GtkWidget *
kz_board_view_new (void)
{
  return g_object_new (KZ_TYPE_BOARD_VIEW, NULL);
}
