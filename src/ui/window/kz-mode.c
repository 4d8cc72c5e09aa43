/* kz-mode.c — a mode of the main window (KzMode).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include "kz-mode.h"

typedef struct {
  gboolean shown;
} KzModePrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (KzMode, kz_mode, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SHOWN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

void
kz_mode_set_shown (KzMode *self, gboolean shown)
{
  KzModePrivate *priv;

  g_return_if_fail (KZ_IS_MODE (self));
  priv = kz_mode_get_instance_private (self);
  shown = !!shown;
  KZ_MODE_GET_CLASS (self)->set_shown (self, shown);
  if (priv->shown == shown)
    return;
  priv->shown = shown;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOWN]);
}

gboolean
kz_mode_get_shown (KzMode *self)
{
  KzModePrivate *priv;

  g_return_val_if_fail (KZ_IS_MODE (self), FALSE);
  priv = kz_mode_get_instance_private (self);
  return priv->shown;
}

GtkWidget *
kz_mode_get_board (KzMode *self)
{
  g_return_val_if_fail (KZ_IS_MODE (self), NULL);
  return KZ_MODE_GET_CLASS (self)->get_board (self);
}

static void
kz_mode_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_SHOWN: g_value_set_boolean (value, kz_mode_get_shown (KZ_MODE (object))); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
default_set_shown (KzMode *self, gboolean shown)
{
  GtkWidget *board = kz_mode_get_board (self);

  if (board)
    gtk_widget_set_visible (board, shown);
}

static GtkWidget *
default_get_board (KzMode *self)
{
  return NULL;
}

static void
kz_mode_class_init (KzModeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = kz_mode_get_property;
  klass->set_shown = default_set_shown;
  klass->get_board = default_get_board;
  properties[PROP_SHOWN] =
    g_param_spec_boolean ("shown", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kz_mode_init (KzMode *self)
{
}
