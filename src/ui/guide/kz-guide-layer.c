/* kz-guide-layer.c — the guided game's marks over the board (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <adwaita.h>

#include "kz-board-geometry.h"
#include "kz-guide-layer.h"

struct _KzGuideLayer {
  GtkWidget  parent_instance;
  KzBits     danger;
  KzFlagRoad roads[2];
  int        n_roads;
  KzSide     player;
  gboolean   flipped;
};

G_DEFINE_FINAL_TYPE (KzGuideLayer, kz_guide_layer, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_FLIPPED, N_PROPS };
static GParamSpec *props[N_PROPS];

static gboolean
dark_style (void)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ());
}

static void
draw_road (cairo_t *cr, const KzBoardGeometry *g, const KzFlagRoad *road, gboolean mine,
           gboolean dark)
{
  double u = g->unit, x, y;
  /* the player's road blue and solid, the opponent's red and dashed; both
   * a little to the side of the lines, so that two roads on one line show,
   * and the way back from the flag's jump further out than the way to it,
   * so that a road that comes back along its own line shows both ways */
  double side = mine ? -1 : 1;
  double shift = side * 0.08 * u;

  if (mine)
    cairo_set_source_rgba (cr, 0.11, 0.44, 0.85, dark ? 0.95 : 0.85);
  else
    cairo_set_source_rgba (cr, 0.88, 0.11, 0.14, dark ? 0.95 : 0.85);
  cairo_set_line_width (cr, MAX (2.0, 0.07 * u));
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  if (mine)
    cairo_set_dash (cr, NULL, 0, 0);
  else
    cairo_set_dash (cr, (double[]) { 0.16 * u, 0.12 * u }, 2, 0);
  for (int i = 0; i < road->n; i++)
    {
      double d = road->jump > 0 && i >= road->jump ? shift + side * 0.12 * u : shift;
      kz_board_geometry_point_to_pixel (g, road->points[i], &x, &y);
      if (i == 0)
        cairo_move_to (cr, x + d, y + d);
      else
        cairo_line_to (cr, x + d, y + d);
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  /* the end: a disc on the centre where the flag would be delivered */
  double d = road->jump > 0 ? shift + side * 0.12 * u : shift;
  kz_board_geometry_point_to_pixel (g, road->points[road->n - 1], &x, &y);
  cairo_arc (cr, x + d, y + d, 0.11 * u, 0, 2 * G_PI);
  cairo_fill (cr);
}

static void
kz_guide_layer_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  KzGuideLayer *self = KZ_GUIDE_LAYER (widget);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  KzBoardGeometry g;
  gboolean dark = dark_style ();

  if ((self->danger == 0 && self->n_roads == 0) || w <= 0 || h <= 0)
    return;
  kz_board_geometry_init (&g, w, h, self->flipped);
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));

  for (int i = 0; i < self->n_roads; i++)
    draw_road (cr, &g, &self->roads[i], self->roads[i].side == (int) self->player, dark);

  /* pieces in danger: a thick broken ring, red, outside the piece */
  double radius = kz_board_geometry_piece_radius (&g);
  cairo_set_line_width (cr, MAX (2.5, 0.08 * g.unit));
  cairo_set_dash (cr, (double[]) { 0.12 * g.unit, 0.07 * g.unit }, 2, 0);
  cairo_set_source_rgba (cr, dark ? 1.0 : 0.85, dark ? 0.35 : 0.08, dark ? 0.3 : 0.1, 1.0);
  for (KzBits b = self->danger; b; b &= b - 1)
    {
      double x, y;
      kz_board_geometry_point_to_pixel (&g, kz_bit_scan (b), &x, &y);
      cairo_new_sub_path (cr);
      cairo_arc (cr, x, y, radius * 1.32, 0, 2 * G_PI);
    }
  cairo_stroke (cr);
  cairo_destroy (cr);
}

void
kz_guide_layer_show (KzGuideLayer *self, KzBits danger, const KzFlagRoad *roads, int n_roads,
                     KzSide player)
{
  g_return_if_fail (KZ_IS_GUIDE_LAYER (self));
  n_roads = CLAMP (n_roads, 0, 2);
  self->danger = danger;
  self->n_roads = n_roads;
  self->player = player;
  for (int i = 0; i < n_roads; i++)
    self->roads[i] = roads[i];
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

KzBits
kz_guide_layer_get_danger (KzGuideLayer *self)
{
  g_return_val_if_fail (KZ_IS_GUIDE_LAYER (self), 0);
  return self->danger;
}

int
kz_guide_layer_get_n_roads (KzGuideLayer *self)
{
  g_return_val_if_fail (KZ_IS_GUIDE_LAYER (self), 0);
  return self->n_roads;
}

static void
kz_guide_layer_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  KzGuideLayer *self = KZ_GUIDE_LAYER (object);
  switch (id)
    {
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
kz_guide_layer_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  KzGuideLayer *self = KZ_GUIDE_LAYER (object);
  switch (id)
    {
    case PROP_FLIPPED:
      if (self->flipped != g_value_get_boolean (value))
        {
          self->flipped = g_value_get_boolean (value);
          gtk_widget_queue_draw (GTK_WIDGET (self));
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
kz_guide_layer_class_init (KzGuideLayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->get_property = kz_guide_layer_get_property;
  object_class->set_property = kz_guide_layer_set_property;
  widget_class->snapshot = kz_guide_layer_snapshot;
  props[PROP_FLIPPED] = g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                                              G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS
                                              | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, props);
  gtk_widget_class_set_css_name (widget_class, "guide-layer");
  /* decoration: the guide panel says it in words */
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_PRESENTATION);
}

static void
kz_guide_layer_init (KzGuideLayer *self)
{
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
  gtk_widget_set_can_focus (GTK_WIDGET (self), FALSE);
  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
}

GtkWidget *
kz_guide_layer_new (void)
{
  return g_object_new (KZ_TYPE_GUIDE_LAYER, NULL);
}
