/* kz-board-view-draw.c — KzBoardView's drawing: the layers of
 * kz-board-painter.c with the selection, the targets, the hint, the
 * moving or dragged piece and the focus ring between them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <math.h>
#include <string.h>

#include "kz-board-painter.h"
#include "kz-board-view-private.h"

/* ---- drawing --------------------------------------------------------- */

static const KzBoardPalette *
palette (KzBoardView *self)
{
  return kz_board_palette_for (adw_style_manager_get_dark (self->style_manager),
                               adw_style_manager_get_high_contrast (self->style_manager));
}

static void
set_rgba (cairo_t *cr, const KzRgba *c)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a);
}

static void
pixel (const KzBoardGeometry *g, int sq, double *x, double *y)
{
  kz_board_geometry_point_to_pixel (g, sq, x, y);
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

/* The suggested move of a hint: a dashed path from the piece to where
 * it ends, a ring on each landing point. */
static void
draw_hint (cairo_t *cr, const KzBoardGeometry *g, const KzBoardPalette *p, const KzMove *m)
{
  double u = g->unit, x, y;
  int n = MAX (1, m->n_jumps);

  cairo_save (cr);
  set_rgba (cr, &p->target);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, 0.07 * u);
  cairo_set_dash (cr, (double[]) { 0.15 * u, 0.10 * u }, 2, 0);
  pixel (g, m->from, &x, &y);
  cairo_move_to (cr, x, y);
  for (int i = 0; i < n; i++)
    {
      pixel (g, m->n_jumps ? m->path[i] : m->to, &x, &y);
      cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  for (int i = 0; i < n; i++)
    {
      pixel (g, m->n_jumps ? m->path[i] : m->to, &x, &y);
      cairo_arc (cr, x, y, (i == n - 1 ? 0.30 : 0.22) * u, 0, 2 * G_PI);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

void
kz_board_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  KzBoardView *self = KZ_BOARD_VIEW (widget);
  const KzBoardPalette *p = palette (self);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  KzBoardGeometry g;
  cairo_t *cr;
  double u, radius, x, y;
  KzPiece pieces[KZ_GRID_SIZE], mover;
  gboolean standing[2];
  double mx = 0, my = 0;
  KzBits targets, must;
  int selected;
  const uint8_t *path;
  int n_path;

  if (width <= 0 || height <= 0)
    return;
  kz_board_view_geometry (self, &g);
  u = g.unit;
  radius = kz_board_geometry_piece_radius (&g);

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  /* The same layers as kz_board_paint(), with the selection, the targets,
   * the hint and the moving piece between them. */
  kz_board_paint_ground (cr, &g, p, self->show_coordinates);
  displayed_pieces (self, pieces, standing, &mover, &mx, &my, &g);
  if (self->state.has_last_move && !self->animating)
    kz_board_paint_last_move (cr, &g, p, &self->state.last_move);
  for (int f = 0; f < 2; f++)
    if (standing[f])
      kz_board_paint_standing_flag (cr, &g, p, (KzSide) f);

  selected = self->animating ? KZ_NO_POINT : kz_board_input_get_selected (self->input);
  n_path = kz_board_input_get_path (self->input, &path);
  targets = self->animating || !self->show_targets ? 0 : kz_board_input_get_targets (self->input);
  must = self->animating || !self->interactive || !self->show_must
           ? 0 : kz_board_input_get_must_capture (self->input);

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
          cairo_set_line_width (cr, 0.06 * u * p->weight);
          cairo_stroke (cr);
        }
      if (sq == selected)
        {
          cairo_arc (cr, x, y, radius * 1.2, 0, 2 * G_PI);
          set_rgba (cr, &p->select);
          cairo_set_line_width (cr, 0.09 * u * p->weight);
          cairo_stroke (cr);
        }
      kz_board_paint_piece (cr, x, y, radius, &pieces[sq], p, sq == selected);
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

  /* the hint, over the pieces it jumps */
  if (self->has_hint && !self->animating)
    draw_hint (cr, &g, p, &self->hint);

  /* the moving piece */
  if (self->animating && mover.side >= 0)
    kz_board_paint_piece (cr, mx, my, radius * 1.05, &mover, p, TRUE);
  if (self->dragging && self->press_point != KZ_NO_POINT &&
      pieces[self->press_point].side >= 0)
    kz_board_paint_piece (cr, self->drag_x, self->drag_y, radius * 1.1,
                          &pieces[self->press_point], p, TRUE);

  /* the keyboard focus ring */
  if (self->keyboard_mode && kz_point_valid (self->focus_point) &&
      self->points[self->focus_point] != NULL && gtk_widget_has_focus (self->points[self->focus_point]))
    {
      pixel (&g, self->focus_point, &x, &y);
      set_rgba (cr, &p->focus);
      cairo_set_line_width (cr, MAX (2.0, 0.05 * u * p->weight));
      cairo_set_dash (cr, (double[]) { 0.12 * u, 0.08 * u }, 2, 0);
      cairo_arc (cr, x, y, radius * 1.38, 0, 2 * G_PI);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

  cairo_destroy (cr);
}
