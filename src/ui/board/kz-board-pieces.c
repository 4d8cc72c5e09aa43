/* kz-board-pieces.c — the pieces and flags of the board, drawn with
 * Cairo: a piece's disc, its troop emblem (decoration only: every piece
 * moves alike) and the flags it carries, and a flag standing at home.
 * Declared in kz-board-painter.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <math.h>

#include "kz-board-painter.h"

static void
set_rgba (cairo_t *cr, const KzRgba *c)
{
  kz_rgba_set_source (cr, c, 1.0);
}

static void
set_rgba_alpha (cairo_t *cr, const KzRgba *c, double alpha)
{
  kz_rgba_set_source (cr, c, alpha);
}

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
draw_flag_cloth (cairo_t *cr, KzSide owner, const KzBoardPalette *p, double scale)
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

void
kz_board_paint_standing_flag (cairo_t *cr, const KzBoardGeometry *g, const KzBoardPalette *p,
                              KzSide owner)
{
  double u = g->unit, x, y;

  kz_board_geometry_point_to_pixel (g, kz_centre (owner), &x, &y);
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

void
kz_board_paint_piece (cairo_t *cr, double x, double y, double radius, const KzPiece *piece,
                      const KzBoardPalette *p, gboolean lifted)
{
  int side = piece->side;
  gboolean detail = radius >= 0.4 * KZ_BOARD_DETAIL_UNIT;
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
  cairo_set_line_width (cr, MAX (1.0, radius * 0.08 * p->weight));
  cairo_stroke (cr);

  /* inner ring */
  if (detail)
    {
      cairo_arc (cr, x, y, radius * 0.84, 0, 2 * G_PI);
      set_rgba_alpha (cr, &p->side_emblem[side], 0.55);
      cairo_set_line_width (cr, MAX (0.5, radius * 0.04));
      cairo_stroke (cr);
    }

  if (detail && piece->troop >= 0)
    {
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
    }

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

