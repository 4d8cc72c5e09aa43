/* kz-review-mode.c — the main window's mode for a game reviewed
 * (KzReviewMode).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include "kz-review-mode-private.h"

G_DEFINE_FINAL_TYPE (KzReviewMode, kz_review_mode, KZ_TYPE_MODE)

enum {
  PROP_0,
  PROP_BOARD,
  PROP_BAR,
  PROP_ANALYSIS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
kz_review_mode_set_shown (KzMode *mode, gboolean shown)
{
  KzReviewMode *self = KZ_REVIEW_MODE (mode);

  if (self->board && !shown)
    kz_board_view_finish_animation (self->board);
  if (self->board)
    gtk_widget_set_visible (GTK_WIDGET (self->board), shown);
  if (self->bar)
    gtk_widget_set_visible (GTK_WIDGET (self->bar), shown);
}

static GtkWidget *
kz_review_mode_get_board (KzMode *mode)
{
  return GTK_WIDGET (KZ_REVIEW_MODE (mode)->board);
}

static void
kz_review_mode_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KzReviewMode *self = KZ_REVIEW_MODE (object);

  switch (prop_id)
    {
    case PROP_BOARD: g_value_set_object (value, self->board); break;
    case PROP_BAR: g_value_set_object (value, self->bar); break;
    case PROP_ANALYSIS: g_value_set_object (value, self->analysis); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_field (KzReviewMode *self, gpointer field, const GValue *value, int prop)
{
  GObject **slot = field;

  if (g_set_object (slot, g_value_get_object (value)))
    g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
kz_review_mode_set_property (GObject *object, guint prop_id, const GValue *value,
                             GParamSpec *pspec)
{
  KzReviewMode *self = KZ_REVIEW_MODE (object);

  switch (prop_id)
    {
    case PROP_BOARD: set_field (self, &self->board, value, prop_id); break;
    case PROP_BAR: set_field (self, &self->bar, value, prop_id); break;
    case PROP_ANALYSIS: set_field (self, &self->analysis, value, prop_id); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_review_mode_dispose (GObject *object)
{
  KzReviewMode *self = KZ_REVIEW_MODE (object);

  g_clear_object (&self->replay);
  g_clear_object (&self->shown_node);
  g_clear_object (&self->board);
  g_clear_object (&self->bar);
  g_clear_object (&self->analysis);
  G_OBJECT_CLASS (kz_review_mode_parent_class)->dispose (object);
}

static void
kz_review_mode_class_init (KzReviewModeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  KzModeClass *mode_class = KZ_MODE_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = kz_review_mode_get_property;
  object_class->set_property = kz_review_mode_set_property;
  object_class->dispose = kz_review_mode_dispose;
  mode_class->set_shown = kz_review_mode_set_shown;
  mode_class->get_board = kz_review_mode_get_board;
  properties[PROP_BOARD] = g_param_spec_object ("board", NULL, NULL, KZ_TYPE_BOARD_VIEW, rw);
  properties[PROP_BAR] = g_param_spec_object ("bar", NULL, NULL, KZ_TYPE_REVIEW_BAR, rw);
  properties[PROP_ANALYSIS] =
    g_param_spec_object ("analysis", NULL, NULL, KZ_TYPE_ANALYSIS_PANE, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kz_review_mode_init (KzReviewMode *self)
{
}
