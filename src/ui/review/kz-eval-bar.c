/* kz-eval-bar.c — the evaluation bar (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-eval-bar.h"
#include "kz-game-analysis.h"

#include <glib/gi18n.h>

struct _KzEvalBar {
  GtkWidget parent_instance;
  int       score;
  gboolean  evaluated;
  gboolean  flipped;
};

G_DEFINE_FINAL_TYPE (KzEvalBar, kz_eval_bar, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_SCORE, PROP_EVALUATED, PROP_FLIPPED, N_PROPS };
static GParamSpec *props[N_PROPS];

double
kz_eval_bar_get_fraction (KzEvalBar *self)
{
  g_return_val_if_fail (KZ_IS_EVAL_BAR (self), 0.5);
  return self->evaluated ? kz_expected_result (self->score) : 0.5;
}

static void
update_accessible (KzEvalBar *self)
{
  g_autofree char *text = self->evaluated ? kz_score_describe (self->score)
                                          : g_strdup (_("Not analysed"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, 0.0,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, 100.0,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_NOW,
                                  100.0 * kz_eval_bar_get_fraction (self),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text,
                                  -1);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), text);
}

static void
kz_eval_bar_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  KzEvalBar *self = KZ_EVAL_BAR (widget);
  float w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  if (w <= 0 || h <= 0)
    return;
  float cossacks = (float) (h * kz_eval_bar_get_fraction (self));
  GdkRGBA blue = { 0.11f, 0.44f, 0.85f, self->evaluated ? 1.0f : 0.3f };
  GdkRGBA red = { 0.75f, 0.11f, 0.16f, self->evaluated ? 1.0f : 0.3f };
  GdkRGBA mid = { 0.5f, 0.5f, 0.5f, 0.8f };
  /* the Cossacks' share at the bottom (the top when flipped) */
  float split = self->flipped ? cossacks : h - cossacks;
  gtk_snapshot_append_color (snapshot, self->flipped ? &blue : &red,
                             &GRAPHENE_RECT_INIT (0, 0, w, split));
  gtk_snapshot_append_color (snapshot, self->flipped ? &red : &blue,
                             &GRAPHENE_RECT_INIT (0, split, w, h - split));
  gtk_snapshot_append_color (snapshot, &mid, &GRAPHENE_RECT_INIT (0, h / 2 - 0.5f, w, 1));
}

static void
kz_eval_bar_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                     int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 10 : 40;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 14 : 200;
}

void
kz_eval_bar_set_score (KzEvalBar *self, int score)
{
  g_return_if_fail (KZ_IS_EVAL_BAR (self));
  if (self->score == score)
    return;
  self->score = score;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_SCORE]);
}

int
kz_eval_bar_get_score (KzEvalBar *self)
{
  g_return_val_if_fail (KZ_IS_EVAL_BAR (self), 0);
  return self->score;
}

void
kz_eval_bar_set_evaluated (KzEvalBar *self, gboolean evaluated)
{
  g_return_if_fail (KZ_IS_EVAL_BAR (self));
  evaluated = !!evaluated;
  if (self->evaluated == evaluated)
    return;
  self->evaluated = evaluated;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_EVALUATED]);
}

gboolean
kz_eval_bar_get_evaluated (KzEvalBar *self)
{
  g_return_val_if_fail (KZ_IS_EVAL_BAR (self), FALSE);
  return self->evaluated;
}

void
kz_eval_bar_set_flipped (KzEvalBar *self, gboolean flipped)
{
  g_return_if_fail (KZ_IS_EVAL_BAR (self));
  flipped = !!flipped;
  if (self->flipped == flipped)
    return;
  self->flipped = flipped;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_FLIPPED]);
}

gboolean
kz_eval_bar_get_flipped (KzEvalBar *self)
{
  g_return_val_if_fail (KZ_IS_EVAL_BAR (self), FALSE);
  return self->flipped;
}

static void
kz_eval_bar_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  KzEvalBar *self = KZ_EVAL_BAR (object);
  switch (id)
    {
    case PROP_SCORE:
      g_value_set_int (value, self->score);
      break;
    case PROP_EVALUATED:
      g_value_set_boolean (value, self->evaluated);
      break;
    case PROP_FLIPPED:
      g_value_set_boolean (value, self->flipped);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
kz_eval_bar_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  KzEvalBar *self = KZ_EVAL_BAR (object);
  switch (id)
    {
    case PROP_SCORE:
      kz_eval_bar_set_score (self, g_value_get_int (value));
      break;
    case PROP_EVALUATED:
      kz_eval_bar_set_evaluated (self, g_value_get_boolean (value));
      break;
    case PROP_FLIPPED:
      kz_eval_bar_set_flipped (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
kz_eval_bar_class_init (KzEvalBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->get_property = kz_eval_bar_get_property;
  object_class->set_property = kz_eval_bar_set_property;
  widget_class->snapshot = kz_eval_bar_snapshot;
  widget_class->measure = kz_eval_bar_measure;

  props[PROP_SCORE] = g_param_spec_int ("score", NULL, NULL, -32000, 32000, 0,
                                        G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS
                                        | G_PARAM_EXPLICIT_NOTIFY);
  props[PROP_EVALUATED] = g_param_spec_boolean ("evaluated", NULL, NULL, FALSE,
                                                G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS
                                                | G_PARAM_EXPLICIT_NOTIFY);
  props[PROP_FLIPPED] = g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                                              G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS
                                              | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, props);
  gtk_widget_class_set_css_name (widget_class, "eval-bar");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_METER);
}

static void
kz_eval_bar_init (KzEvalBar *self)
{
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Evaluation"), -1);
  update_accessible (self);
}

GtkWidget *
kz_eval_bar_new (void)
{
  return g_object_new (KZ_TYPE_EVAL_BAR, NULL);
}
