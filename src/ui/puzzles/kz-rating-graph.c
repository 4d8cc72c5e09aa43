/* kz-rating-graph.c — the rating as a line (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "kz-rating-graph.h"

#define PAD 6.0

struct _KzRatingGraph {
  GtkWidget parent_instance;
  GArray   *ratings;   /* double, oldest first */
};

G_DEFINE_FINAL_TYPE (KzRatingGraph, kz_rating_graph, GTK_TYPE_WIDGET)

guint
kz_rating_graph_axis (double *lo, double *hi, double *ticks, guint max)
{
  static const double steps[] = { 25, 50, 100, 200, 250, 500, 1000 };
  /* at least 200 points of rating from bottom to top */
  if (*hi - *lo < 200)
    {
      double mid = (*hi + *lo) / 2;
      *lo = mid - 100;
      *hi = mid + 100;
    }
  double step = steps[G_N_ELEMENTS (steps) - 1];
  for (guint i = 0; i < G_N_ELEMENTS (steps); i++)
    if ((*hi - *lo) / steps[i] <= 4)
      {
        step = steps[i];
        break;
      }
  /* the ends on round values, so both are labelled */
  *lo = floor (*lo / step) * step;
  *hi = ceil (*hi / step) * step;
  guint n = 0;
  for (double v = *lo; v <= *hi + step / 2 && n < max; v += step)
    ticks[n++] = v;
  return n;
}

static PangoLayout *
small_layout (GtkWidget *widget, const char *text)
{
  PangoLayout *layout = gtk_widget_create_pango_layout (widget, text);
  PangoAttrList *attrs = pango_attr_list_new ();
  pango_attr_list_insert (attrs, pango_attr_scale_new (0.8));
  pango_attr_list_insert (attrs, pango_attr_font_features_new ("tnum=1"));
  pango_layout_set_attributes (layout, attrs);
  pango_attr_list_unref (attrs);
  return layout;
}

static void
kz_rating_graph_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  KzRatingGraph *self = KZ_RATING_GRAPH (widget);
  double w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  if (w <= 2 * PAD || h <= 2 * PAD)
    return;
  GdkRGBA fg;
#if GTK_CHECK_VERSION(4, 10, 0)
  gtk_widget_get_color (widget, &fg);
#else
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  gtk_style_context_get_color (gtk_widget_get_style_context (widget), &fg);
  G_GNUC_END_IGNORE_DEPRECATIONS
#endif
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, (float) w, (float) h);
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &bounds);
  cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.2);
  cairo_rectangle (cr, 0.5, 0.5, w - 1, h - 1);
  cairo_set_line_width (cr, 1);
  cairo_stroke (cr);
  guint n = self->ratings->len;
  if (n < 2)
    {
      /* no attempt yet: say so, instead of a lone dot in an empty box */
      g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (
        widget, _("No attempts yet: your rating after each puzzle will be drawn here"));
      pango_layout_set_width (layout, (int) ((w - 4 * PAD) * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
      int tw, th;
      pango_layout_get_pixel_size (layout, &tw, &th);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.6);
      cairo_move_to (cr, 2 * PAD, MAX (PAD, (h - th) / 2));
      pango_cairo_show_layout (cr, layout);
      cairo_destroy (cr);
      return;
    }
  double lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE;
  for (guint i = 0; i < n; i++)
    {
      double r = g_array_index (self->ratings, double, i);
      lo = MIN (lo, r);
      hi = MAX (hi, r);
    }
  double ticks[8];
  guint n_ticks = kz_rating_graph_axis (&lo, &hi, ticks, G_N_ELEMENTS (ticks));
  /* the rating axis on the left: round values, with faint grid lines */
  int label_w = 0, label_h = 0;
  for (guint t = 0; t < n_ticks; t++)
    {
      g_autofree char *text = g_strdup_printf ("%.0f", ticks[t]);
      g_autoptr(PangoLayout) layout = small_layout (widget, text);
      int tw, th;
      pango_layout_get_pixel_size (layout, &tw, &th);
      label_w = MAX (label_w, tw);
      label_h = MAX (label_h, th);
    }
  double x0 = PAD + label_w + PAD, x1 = w - PAD;
  double y0 = PAD + label_h / 2.0, y1 = h - PAD - label_h / 2.0;
  for (guint t = 0; t < n_ticks; t++)
    {
      double y = y1 - (y1 - y0) * (ticks[t] - lo) / (hi - lo);
      g_autofree char *text = g_strdup_printf ("%.0f", ticks[t]);
      g_autoptr(PangoLayout) layout = small_layout (widget, text);
      int tw, th;
      pango_layout_get_pixel_size (layout, &tw, &th);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.7);
      cairo_move_to (cr, x0 - PAD - tw, y - th / 2.0);
      pango_cairo_show_layout (cr, layout);
      cairo_set_source_rgba (cr, fg.red, fg.green, fg.blue, 0.12);
      cairo_move_to (cr, x0, floor (y) + 0.5);
      cairo_line_to (cr, x1, floor (y) + 0.5);
      cairo_stroke (cr);
    }
  /* the accent blue of libadwaita, readable on light and dark */
  cairo_set_source_rgba (cr, 0.21, 0.52, 0.89, 1);
  cairo_set_line_width (cr, 2);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (guint i = 0; i < n; i++)
    {
      double r = g_array_index (self->ratings, double, i);
      double x = x0 + (x1 - x0) * i / (n - 1);
      double y = y1 - (y1 - y0) * (r - lo) / (hi - lo);
      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);
  cairo_destroy (cr);
}

void
kz_rating_graph_set_ratings (KzRatingGraph *self, const double *ratings, guint n)
{
  g_return_if_fail (KZ_IS_RATING_GRAPH (self));
  g_array_set_size (self->ratings, 0);
  g_array_append_vals (self->ratings, ratings, n);
  g_autofree char *text = NULL;
  if (n >= 2)
    /* Translators: the accessible description of the rating graph */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Rating from %.0f to %.0f over %u attempt",
                                         "Rating from %.0f to %.0f over %u attempts", n - 1),
                            ratings[0], ratings[n - 1], n - 1);
  else
    text = g_strdup (_("No attempts yet"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  text, -1);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
kz_rating_graph_finalize (GObject *object)
{
  KzRatingGraph *self = KZ_RATING_GRAPH (object);
  g_array_unref (self->ratings);
  G_OBJECT_CLASS (kz_rating_graph_parent_class)->finalize (object);
}

static void
kz_rating_graph_class_init (KzRatingGraphClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kz_rating_graph_finalize;
  GTK_WIDGET_CLASS (klass)->snapshot = kz_rating_graph_snapshot;
  gtk_widget_class_set_accessible_role (GTK_WIDGET_CLASS (klass), GTK_ACCESSIBLE_ROLE_IMG);
  gtk_widget_class_set_css_name (GTK_WIDGET_CLASS (klass), "ratinggraph");
}

static void
kz_rating_graph_init (KzRatingGraph *self)
{
  self->ratings = g_array_new (FALSE, FALSE, sizeof (double));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Puzzle rating"), -1);
}

GtkWidget *
kz_rating_graph_new (void)
{
  return g_object_new (KZ_TYPE_RATING_GRAPH, NULL);
}
