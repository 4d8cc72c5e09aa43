/* kz-eval-graph.c — the evaluation graph of an analysed game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-eval-graph.h"
#include "kz-move-marks.h"

#include <glib/gi18n.h>

#define PAD 4.0

struct _KzEvalGraph {
  GtkWidget       parent_instance;
  KzGameAnalysis *analysis;
  gulong          analysed_id;
  guint           ply;
  int             hover;          /* -1: none */
};

G_DEFINE_FINAL_TYPE (KzEvalGraph, kz_eval_graph, GTK_TYPE_WIDGET)

enum { PROP_0, PROP_ANALYSIS, PROP_PLY, N_PROPS };
static GParamSpec *props[N_PROPS];

static guint
n_plies (KzEvalGraph *self)
{
  return self->analysis ? kz_game_analysis_get_n_plies (self->analysis) : 0;
}

double
kz_eval_graph_x_of (KzEvalGraph *self, guint ply)
{
  g_return_val_if_fail (KZ_IS_EVAL_GRAPH (self), 0.0);
  double w = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * PAD;
  guint n = n_plies (self);
  return PAD + (n ? w * ply / n : w / 2);
}

guint
kz_eval_graph_ply_at (KzEvalGraph *self, double x)
{
  g_return_val_if_fail (KZ_IS_EVAL_GRAPH (self), 0);
  double w = gtk_widget_get_width (GTK_WIDGET (self)) - 2 * PAD;
  guint n = n_plies (self);
  if (n == 0 || w <= 0)
    return 0;
  double p = (x - PAD) / w * n + 0.5;
  return (guint) CLAMP (p, 0.0, (double) n);
}

char *
kz_eval_graph_dup_text (KzEvalGraph *self, guint ply)
{
  g_return_val_if_fail (KZ_IS_EVAL_GRAPH (self), NULL);
  if (self->analysis == NULL || ply > n_plies (self))
    return NULL;
  const KzPositionEval *e = kz_game_analysis_get_eval (self->analysis, ply);
  g_autofree char *score = e->done ? kz_score_describe (e->score) : g_strdup (_("not analysed yet"));
  if (ply == 0)
    /* TRANSLATORS: the evaluation graph's tooltip at the start */
    return g_strdup_printf (_("Start: %s"), score);
  const char *move = kz_game_analysis_get_move_text (self->analysis, ply - 1);
  KzMoveClass cls = kz_game_analysis_get_move_class (self->analysis, ply);
  if (cls >= KZ_MOVE_CLASS_INACCURACY)
    /* TRANSLATORS: "Ply 12, c4-c5: Cossacks +0.35 — Mistake" */
    return g_strdup_printf (_("Ply %u, %s: %s — %s"), ply, move, score, kz_move_class_describe (cls));
  /* TRANSLATORS: "Ply 12, c4-c5: Cossacks +0.35" */
  return g_strdup_printf (_("Ply %u, %s: %s"), ply, move, score);
}

static void
update_accessible (KzEvalGraph *self)
{
  g_autofree char *text = kz_eval_graph_dup_text (self, self->ply);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MIN, 0.0,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_MAX, (double) n_plies (self),
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, (double) self->ply,
                                  GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT, text ? text : "",
                                  -1);
}

/* ---------------------------------------------------------------------- */
/* Drawing                                                                 */

/* y of an expected result e (0 … 1) for the Cossacks: 1 at the top. */
static double
y_of (double e, double height)
{
  return PAD + (1.0 - e) * (height - 2 * PAD);
}

static void
draw (KzEvalGraph *self, cairo_t *cr, double width, double height)
{
  double mid = y_of (0.5, height);
  /* frame: the Turks' half a little darker */
  cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 0.10);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);

  guint n = n_plies (self);
  if (self->analysis)
    {
      /* the curve over the evaluated positions; a gap where one is missing */
      for (int pass = 0; pass < 2; pass++)
        {
          gboolean open = FALSE;
          double first_x = 0, last_x = 0;
          for (guint i = 0; i <= n; i++)
            {
              const KzPositionEval *e = kz_game_analysis_get_eval (self->analysis, i);
              double x = kz_eval_graph_x_of (self, i);
              if (!e->done)
                {
                  if (open && pass == 0)
                    {
                      cairo_line_to (cr, last_x, mid);
                      cairo_line_to (cr, first_x, mid);
                      cairo_close_path (cr);
                    }
                  open = FALSE;
                  continue;
                }
              double y = y_of (kz_expected_result (e->score), height);
              if (!open)
                {
                  if (pass == 0)
                    cairo_move_to (cr, x, mid);
                  else
                    cairo_move_to (cr, x, y);
                  first_x = x;
                  open = TRUE;
                }
              cairo_line_to (cr, x, y);
              last_x = x;
            }
          if (open && pass == 0)
            {
              cairo_line_to (cr, last_x, mid);
              cairo_line_to (cr, first_x, mid);
              cairo_close_path (cr);
            }
          if (pass == 0)
            {
              /* the Cossacks' (blue) share above the middle, the Turks'
               * (red) below; a clip takes the current path, so the area
               * is copied first */
              cairo_path_t *area = cairo_copy_path (cr);
              cairo_new_path (cr);
              for (int half = 0; half < 2; half++)
                {
                  cairo_save (cr);
                  if (half == 0)
                    cairo_rectangle (cr, 0, 0, width, mid);
                  else
                    cairo_rectangle (cr, 0, mid, width, height - mid);
                  cairo_clip (cr);
                  cairo_append_path (cr, area);
                  if (half == 0)
                    cairo_set_source_rgba (cr, 0.11, 0.44, 0.85, 0.45);
                  else
                    cairo_set_source_rgba (cr, 0.75, 0.11, 0.16, 0.45);
                  cairo_fill (cr);
                  cairo_restore (cr);
                }
              cairo_path_destroy (area);
            }
          else
            {
              cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 0.9);
              cairo_set_line_width (cr, 1.5);
              cairo_stroke (cr);
            }
        }
    }

  /* the middle line */
  cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 0.6);
  cairo_set_line_width (cr, 1.0);
  cairo_move_to (cr, 0, mid);
  cairo_line_to (cr, width, mid);
  cairo_stroke (cr);

  /* the marks of the bad moves */
  for (guint ply = 1; self->analysis && ply <= n; ply++)
    {
      KzMoveClass cls = kz_game_analysis_get_move_class (self->analysis, ply);
      GdkRGBA c;
      if (!kz_move_mark_color (cls, &c))
        continue;
      const KzPositionEval *e = kz_game_analysis_get_eval (self->analysis, ply);
      double x = kz_eval_graph_x_of (self, ply), y = y_of (kz_expected_result (e->score), height);
      cairo_arc (cr, x, y, cls == KZ_MOVE_CLASS_BLUNDER ? 4.0 : 3.0, 0, 2 * G_PI);
      gdk_cairo_set_source_rgba (cr, &c);
      cairo_fill (cr);
    }

  /* the current ply, and the hovered one */
  if (self->hover >= 0 && (guint) self->hover != self->ply)
    {
      double x = kz_eval_graph_x_of (self, (guint) self->hover);
      cairo_set_source_rgba (cr, 0.5, 0.5, 0.5, 0.5);
      cairo_move_to (cr, x, 0);
      cairo_line_to (cr, x, height);
      cairo_stroke (cr);
    }
  double x = kz_eval_graph_x_of (self, self->ply);
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 1.0);
  cairo_set_line_width (cr, 2.0);
  cairo_move_to (cr, x, 0);
  cairo_line_to (cr, x, height);
  cairo_stroke (cr);
}

static void
kz_eval_graph_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  KzEvalGraph *self = KZ_EVAL_GRAPH (widget);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  if (w <= 0 || h <= 0)
    return;
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  draw (self, cr, w, h);
  cairo_destroy (cr);
}

static void
kz_eval_graph_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                       int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 120;
      *natural = 320;
    }
  else
    {
      *minimum = 48;
      *natural = 80;
    }
}

/* ---------------------------------------------------------------------- */
/* Input                                                                   */

static void
choose_at (KzEvalGraph *self, double x)
{
  kz_eval_graph_set_ply (self, kz_eval_graph_ply_at (self, x));
}

static void
on_drag_begin (GtkGestureDrag *gesture, double x, double y, KzEvalGraph *self)
{
  if (gtk_widget_get_focusable (GTK_WIDGET (self)))
    gtk_widget_grab_focus (GTK_WIDGET (self));
  choose_at (self, x);
}

static void
on_drag_update (GtkGestureDrag *gesture, double dx, double dy, KzEvalGraph *self)
{
  double x0, y0;
  if (gtk_gesture_drag_get_start_point (gesture, &x0, &y0))
    choose_at (self, x0 + dx);
}

static void
on_motion (GtkEventControllerMotion *motion, double x, double y, KzEvalGraph *self)
{
  int p = self->analysis ? (int) kz_eval_graph_ply_at (self, x) : -1;
  if (p != self->hover)
    {
      self->hover = p;
      g_autofree char *text = p >= 0 ? kz_eval_graph_dup_text (self, (guint) p) : NULL;
      gtk_widget_set_tooltip_text (GTK_WIDGET (self), text);
      gtk_widget_queue_draw (GTK_WIDGET (self));
    }
}

static void
on_leave (GtkEventControllerMotion *motion, KzEvalGraph *self)
{
  self->hover = -1;
  gtk_widget_set_tooltip_text (GTK_WIDGET (self), NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static gboolean
on_key (GtkEventControllerKey *key, guint keyval, guint keycode, GdkModifierType state,
        KzEvalGraph *self)
{
  guint n = n_plies (self);
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_KP_Left:
      kz_eval_graph_set_ply (self, self->ply > 0 ? self->ply - 1 : 0);
      return TRUE;
    case GDK_KEY_Right:
    case GDK_KEY_KP_Right:
      kz_eval_graph_set_ply (self, MIN (self->ply + 1, n));
      return TRUE;
    case GDK_KEY_Home:
      kz_eval_graph_set_ply (self, 0);
      return TRUE;
    case GDK_KEY_End:
      kz_eval_graph_set_ply (self, n);
      return TRUE;
    default:
      return FALSE;
    }
}

/* ---------------------------------------------------------------------- */

static void
on_analysed (KzGameAnalysis *analysis, guint ply, KzEvalGraph *self)
{
  if (ply == self->ply || ply == self->ply + 1)
    update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
kz_eval_graph_set_analysis (KzEvalGraph *self, KzGameAnalysis *analysis)
{
  g_return_if_fail (KZ_IS_EVAL_GRAPH (self));
  g_return_if_fail (analysis == NULL || KZ_IS_GAME_ANALYSIS (analysis));
  if (self->analysis == analysis)
    return;
  if (self->analysis)
    g_clear_signal_handler (&self->analysed_id, self->analysis);
  g_set_object (&self->analysis, analysis);
  if (analysis)
    self->analysed_id = g_signal_connect (analysis, "position-analysed",
                                          G_CALLBACK (on_analysed), self);
  if (self->ply > n_plies (self))
    kz_eval_graph_set_ply (self, n_plies (self));
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ANALYSIS]);
}

KzGameAnalysis *
kz_eval_graph_get_analysis (KzEvalGraph *self)
{
  g_return_val_if_fail (KZ_IS_EVAL_GRAPH (self), NULL);
  return self->analysis;
}

void
kz_eval_graph_set_ply (KzEvalGraph *self, guint ply)
{
  g_return_if_fail (KZ_IS_EVAL_GRAPH (self));
  ply = MIN (ply, n_plies (self));
  if (self->ply == ply)
    return;
  self->ply = ply;
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_PLY]);
}

guint
kz_eval_graph_get_ply (KzEvalGraph *self)
{
  g_return_val_if_fail (KZ_IS_EVAL_GRAPH (self), 0);
  return self->ply;
}

static void
kz_eval_graph_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  KzEvalGraph *self = KZ_EVAL_GRAPH (object);
  switch (id)
    {
    case PROP_ANALYSIS:
      g_value_set_object (value, self->analysis);
      break;
    case PROP_PLY:
      g_value_set_uint (value, self->ply);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
kz_eval_graph_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  KzEvalGraph *self = KZ_EVAL_GRAPH (object);
  switch (id)
    {
    case PROP_ANALYSIS:
      kz_eval_graph_set_analysis (self, g_value_get_object (value));
      break;
    case PROP_PLY:
      kz_eval_graph_set_ply (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
kz_eval_graph_dispose (GObject *object)
{
  KzEvalGraph *self = KZ_EVAL_GRAPH (object);
  if (self->analysis)
    g_clear_signal_handler (&self->analysed_id, self->analysis);
  g_clear_object (&self->analysis);
  G_OBJECT_CLASS (kz_eval_graph_parent_class)->dispose (object);
}

static void
kz_eval_graph_class_init (KzEvalGraphClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->get_property = kz_eval_graph_get_property;
  object_class->set_property = kz_eval_graph_set_property;
  object_class->dispose = kz_eval_graph_dispose;
  widget_class->snapshot = kz_eval_graph_snapshot;
  widget_class->measure = kz_eval_graph_measure;

  props[PROP_ANALYSIS] = g_param_spec_object ("analysis", NULL, NULL, KZ_TYPE_GAME_ANALYSIS,
                                              G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS
                                              | G_PARAM_EXPLICIT_NOTIFY);
  props[PROP_PLY] = g_param_spec_uint ("ply", NULL, NULL, 0, G_MAXUINT, 0,
                                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS
                                       | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, props);

  gtk_widget_class_set_css_name (widget_class, "eval-graph");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_SLIDER);
}

static void
kz_eval_graph_init (KzEvalGraph *self)
{
  self->hover = -1;
  gtk_widget_set_focusable (GTK_WIDGET (self), TRUE);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "pointer");

  GtkGesture *drag = gtk_gesture_drag_new ();
  g_signal_connect (drag, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (on_drag_update), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  GtkEventController *motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (motion, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  GtkEventController *key = gtk_event_controller_key_new ();
  g_signal_connect (key, "key-pressed", G_CALLBACK (on_key), self);
  gtk_widget_add_controller (GTK_WIDGET (self), key);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Evaluation graph"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("The computer's evaluation after every move; choose a move to go to it"),
                                  -1);
  update_accessible (self);
}

GtkWidget *
kz_eval_graph_new (void)
{
  return g_object_new (KZ_TYPE_EVAL_GRAPH, NULL);
}
