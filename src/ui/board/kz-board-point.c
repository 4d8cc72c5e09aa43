/* kz-board-point.c — one point of the board for assistive technologies.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include "kz-board.h"
#include "kz-board-point.h"

struct _KzBoardPoint {
  GtkWidget parent_instance;
  int       point;
};

G_DEFINE_FINAL_TYPE (KzBoardPoint, kz_board_point, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_POINT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
kz_board_point_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KzBoardPoint *self = KZ_BOARD_POINT (object);

  switch (prop_id)
    {
    case PROP_POINT: g_value_set_int (value, self->point); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_board_point_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  KzBoardPoint *self = KZ_BOARD_POINT (object);

  switch (prop_id)
    {
    case PROP_POINT: self->point = g_value_get_int (value); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_board_point_class_init (KzBoardPointClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = kz_board_point_get_property;
  object_class->set_property = kz_board_point_set_property;

  properties[PROP_POINT] =
    g_param_spec_int ("point", NULL, NULL, KZ_NO_POINT, KZ_GRID_SIZE - 1, KZ_NO_POINT,
                      G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_css_name (widget_class, "kz-board-point");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID_CELL);
}

static void
kz_board_point_init (KzBoardPoint *self)
{
  self->point = KZ_NO_POINT;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  /* Clicks and drags belong to the board, which draws the point. */
  gtk_widget_set_can_target (GTK_WIDGET (self), FALSE);
}

GtkWidget *
kz_board_point_new (int point)
{
  return g_object_new (KZ_TYPE_BOARD_POINT, "point", point, NULL);
}

int
kz_board_point_get_point (KzBoardPoint *self)
{
  g_return_val_if_fail (KZ_IS_BOARD_POINT (self), KZ_NO_POINT);
  return self->point;
}
