/* kz-mode.c — a mode of the main window (KzMode).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include "kz-mode.h"

typedef struct {
  gboolean shown;
  KzGame  *game;
  guint    ply;
} KzModePrivate;

G_DEFINE_ABSTRACT_TYPE_WITH_PRIVATE (KzMode, kz_mode, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_SHOWN,
  PROP_GAME,
  PROP_PLY,
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

void
kz_mode_set_game (KzMode *self, KzGame *game)
{
  KzModePrivate *priv;

  g_return_if_fail (KZ_IS_MODE (self));
  priv = kz_mode_get_instance_private (self);
  if (g_set_object (&priv->game, game))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

KzGame *
kz_mode_get_game (KzMode *self)
{
  KzModePrivate *priv;

  g_return_val_if_fail (KZ_IS_MODE (self), NULL);
  priv = kz_mode_get_instance_private (self);
  return priv->game;
}

void
kz_mode_set_ply (KzMode *self, guint ply)
{
  KzModePrivate *priv;

  g_return_if_fail (KZ_IS_MODE (self));
  priv = kz_mode_get_instance_private (self);
  if (priv->ply == ply)
    return;
  priv->ply = ply;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLY]);
}

guint
kz_mode_get_ply (KzMode *self)
{
  KzModePrivate *priv;

  g_return_val_if_fail (KZ_IS_MODE (self), G_MAXUINT);
  priv = kz_mode_get_instance_private (self);
  return priv->ply;
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
    case PROP_GAME: g_value_set_object (value, kz_mode_get_game (KZ_MODE (object))); break;
    case PROP_PLY: g_value_set_uint (value, kz_mode_get_ply (KZ_MODE (object))); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_mode_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_GAME: kz_mode_set_game (KZ_MODE (object), g_value_get_object (value)); break;
    case PROP_PLY: kz_mode_set_ply (KZ_MODE (object), g_value_get_uint (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_mode_dispose (GObject *object)
{
  KzModePrivate *priv = kz_mode_get_instance_private (KZ_MODE (object));

  g_clear_object (&priv->game);
  G_OBJECT_CLASS (kz_mode_parent_class)->dispose (object);
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
  object_class->set_property = kz_mode_set_property;
  object_class->dispose = kz_mode_dispose;
  klass->set_shown = default_set_shown;
  klass->get_board = default_get_board;
  properties[PROP_SHOWN] =
    g_param_spec_boolean ("shown", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KZ_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLY] =
    g_param_spec_uint ("ply", NULL, NULL, 0, G_MAXUINT, G_MAXUINT,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kz_mode_init (KzMode *self)
{
  KzModePrivate *priv = kz_mode_get_instance_private (self);

  priv->ply = G_MAXUINT;
}
