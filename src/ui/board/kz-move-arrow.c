/* kz-move-arrow.c — an arrow along a move over the board (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-move-arrow.h"
#include "kz-board-geometry.h"

#include <math.h>

struct _KzMoveArrow {
  GtkWidget parent_instance;
  gboolean  has_move;
  KzMove    move;
  gboolean  flipped;
};

G_DEFINE_FINAL_TYPE (KzMoveArrow, kz_move_arrow, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_FLIPPED, PROP_HAS_MOVE, N_PROPS };
static GParamSpec *props[N_PROPS];

static void
kz_move_arrow_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  KzMoveArrow *self = KZ_MOVE_ARROW (widget);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  if (!self->has_move || w <= 0 || h <= 0)
    return;
  KzBoardGeometry g;
  kz_board_geometry_init (&g, w, h, self->flipped);
  double xs[KZ_MAX_CHAIN + 1], ys[KZ_MAX_CHAIN + 1];
  int n = 0;
  kz_board_geometry_point_to_pixel (&g, self->move.from, &xs[n], &ys[n]);
  n++;
  if (self->move.n_jumps == 0)
    {
      kz_board_geometry_point_to_pixel (&g, self->move.to, &xs[n], &ys[n]);
      n++;
    }
  for (int i = 0; i < self->move.n_jumps; i++, n++)
    kz_board_geometry_point_to_pixel (&g, self->move.path[i], &xs[n], &ys[n]);

  double width = MAX (3.0, g.unit * 0.14);
  double head = width * 2.6;
  /* end the shaft where the head begins */
  double dx = xs[n - 1] - xs[n - 2], dy = ys[n - 1] - ys[n - 2];
  double len = sqrt (dx * dx + dy * dy);
  if (len < 1.0)
    return;
  double ux = dx / len, uy = dy / len;
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  cairo_set_source_rgba (cr, 0.15, 0.64, 0.41, 0.8);   /* green, over either side's pieces */
  cairo_set_line_width (cr, width);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_move_to (cr, xs[0], ys[0]);
  for (int i = 1; i < n - 1; i++)
    cairo_line_to (cr, xs[i], ys[i]);
  cairo_line_to (cr, xs[n - 1] - ux * head, ys[n - 1] - uy * head);
  cairo_stroke (cr);
  cairo_move_to (cr, xs[n - 1], ys[n - 1]);
  cairo_line_to (cr, xs[n - 1] - ux * head * 1.4 - uy * head, ys[n - 1] - uy * head * 1.4 + ux * head);
  cairo_line_to (cr, xs[n - 1] - ux * head * 1.4 + uy * head, ys[n - 1] - uy * head * 1.4 - ux * head);
  cairo_close_path (cr);
  cairo_fill (cr);
  cairo_destroy (cr);
}

void
kz_move_arrow_set_move (KzMoveArrow *self, const KzMove *move)
{
  g_return_if_fail (KZ_IS_MOVE_ARROW (self));
  gboolean had = self->has_move;
  if (move && had && kz_move_equal (move, &self->move))
    return;
  self->has_move = move != NULL;
  if (move)
    self->move = *move;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  if (had != self->has_move)
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_HAS_MOVE]);
}

gboolean
kz_move_arrow_get_move (KzMoveArrow *self, KzMove *move)
{
  g_return_val_if_fail (KZ_IS_MOVE_ARROW (self), FALSE);
  if (self->has_move && move)
    *move = self->move;
  return self->has_move;
}

void
kz_move_arrow_set_flipped (KzMoveArrow *self, gboolean flipped)
{
  g_return_if_fail (KZ_IS_MOVE_ARROW (self));
  flipped = !!flipped;
  if (self->flipped == flipped)
    return;
  self->flipped = flipped;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_FLIPPED]);
}

gboolean
kz_move_arrow_get_flipped (KzMoveArrow *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_ARROW (self), FALSE);
  return self->flipped;
}

static void
kz_move_arrow_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  KzMoveArrow *self = KZ_MOVE_ARROW (object);
  switch (id)
    {
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;
    case PROP_HAS_MOVE:
      g_value_set_boolean (value, self->has_move);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
kz_move_arrow_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  KzMoveArrow *self = KZ_MOVE_ARROW (object);
  switch (id)
    {
    case PROP_FLIPPED:
      kz_move_arrow_set_flipped (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
kz_move_arrow_class_init (KzMoveArrowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->get_property = kz_move_arrow_get_property;
  object_class->set_property = kz_move_arrow_set_property;
  widget_class->snapshot = kz_move_arrow_snapshot;
  props[PROP_FLIPPED] = g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                                              G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS
                                              | G_PARAM_EXPLICIT_NOTIFY);
  props[PROP_HAS_MOVE] = g_param_spec_boolean ("has-move", NULL, NULL, FALSE,
                                               G_PARAM_READABLE | G_PARAM_STATIC_STRINGS
                                               | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, props);
  gtk_widget_class_set_css_name (widget_class, "move-arrow");
  /* decoration: the engine's line is said in words elsewhere */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void
kz_move_arrow_init (KzMoveArrow *self)
{
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
  gtk_widget_set_can_focus (GTK_WIDGET (self), FALSE);
}

GtkWidget *
kz_move_arrow_new (void)
{
  return g_object_new (KZ_TYPE_MOVE_ARROW, NULL);
}
