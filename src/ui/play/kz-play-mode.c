/* kz-play-mode.c — the main window's mode for the game played
 * (KzPlayMode).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include "kz-play-mode-private.h"

G_DEFINE_FINAL_TYPE (KzPlayMode, kz_play_mode, KZ_TYPE_MODE)

enum {
  PROP_0,
  PROP_BOARD,
  PROP_STATUS_LABEL,
  PROP_DETAIL_LABEL,
  PROP_DRAW_BAR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
kz_play_mode_set_shown (KzMode *mode, gboolean shown)
{
  KzPlayMode *self = KZ_PLAY_MODE (mode);

  if (self->board && !shown)
    {
      kz_board_view_finish_animation (self->board);
      kz_board_view_cancel_input (self->board);
    }
  if (self->board)
    gtk_widget_set_visible (GTK_WIDGET (self->board), shown);
  if (self->status_label)
    gtk_widget_set_visible (GTK_WIDGET (self->status_label), shown);
  if (self->detail_label)
    gtk_widget_set_visible (GTK_WIDGET (self->detail_label), shown);
  if (self->draw_bar)
    gtk_widget_set_visible (GTK_WIDGET (self->draw_bar), shown);
}

static GtkWidget *
kz_play_mode_get_board (KzMode *mode)
{
  return GTK_WIDGET (KZ_PLAY_MODE (mode)->board);
}

static void
kz_play_mode_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KzPlayMode *self = KZ_PLAY_MODE (object);

  switch (prop_id)
    {
    case PROP_BOARD: g_value_set_object (value, self->board); break;
    case PROP_STATUS_LABEL: g_value_set_object (value, self->status_label); break;
    case PROP_DETAIL_LABEL: g_value_set_object (value, self->detail_label); break;
    case PROP_DRAW_BAR: g_value_set_object (value, self->draw_bar); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_field (KzPlayMode *self, gpointer field, const GValue *value, int prop)
{
  GObject **slot = field;

  if (g_set_object (slot, g_value_get_object (value)))
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
kz_play_mode_set_property (GObject *object, guint prop_id, const GValue *value,
                           GParamSpec *pspec)
{
  KzPlayMode *self = KZ_PLAY_MODE (object);

  switch (prop_id)
    {
    case PROP_BOARD: set_field (self, &self->board, value, prop_id); break;
    case PROP_STATUS_LABEL: set_field (self, &self->status_label, value, prop_id); break;
    case PROP_DETAIL_LABEL: set_field (self, &self->detail_label, value, prop_id); break;
    case PROP_DRAW_BAR: set_field (self, &self->draw_bar, value, prop_id); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_play_mode_dispose (GObject *object)
{
  KzPlayMode *self = KZ_PLAY_MODE (object);

  if (self->computer_cancellable)
    g_cancellable_cancel (self->computer_cancellable);
  g_clear_object (&self->computer_cancellable);
  if (self->draw_cancellable)
    g_cancellable_cancel (self->draw_cancellable);
  g_clear_object (&self->draw_cancellable);
  if (self->game_signals)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
  g_clear_object (&self->computer);
  g_clear_object (&self->board);
  g_clear_object (&self->status_label);
  g_clear_object (&self->detail_label);
  g_clear_object (&self->draw_bar);
  G_OBJECT_CLASS (kz_play_mode_parent_class)->dispose (object);
}

static void
kz_play_mode_class_init (KzPlayModeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  KzModeClass *mode_class = KZ_MODE_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = kz_play_mode_get_property;
  object_class->set_property = kz_play_mode_set_property;
  object_class->dispose = kz_play_mode_dispose;
  mode_class->set_shown = kz_play_mode_set_shown;
  mode_class->get_board = kz_play_mode_get_board;
  properties[PROP_BOARD] = g_param_spec_object ("board", NULL, NULL, KZ_TYPE_BOARD_VIEW, rw);
  properties[PROP_STATUS_LABEL] =
    g_param_spec_object ("status-label", NULL, NULL, GTK_TYPE_LABEL, rw);
  properties[PROP_DETAIL_LABEL] =
    g_param_spec_object ("detail-label", NULL, NULL, GTK_TYPE_LABEL, rw);
  properties[PROP_DRAW_BAR] =
    g_param_spec_object ("draw-bar", NULL, NULL, KZ_TYPE_DRAW_BAR, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kz_play_mode_init (KzPlayMode *self)
{
  self->draw_offer_ply = -1;
}
