/* ui-render.h — waiting for frames and drawing a widget into an image,
 * for the tests of widgets in a real window (test-ui-board-view.c,
 * test-ui-eval.c).  Header only: each of those tests is one file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

/* Runs the main loop for about `n` frames (20 ms each). */
static inline void
wait_frames (int n)
{
  for (int i = 0; i < n; i++)
    {
      gint64 end = g_get_monotonic_time () + 20 * 1000;
      while (g_get_monotonic_time () < end)
        g_main_context_iteration (NULL, FALSE);
    }
}

/* The widget as drawn now, in an ARGB32 image surface of its size. */
static inline cairo_surface_t *
render_widget (GtkWidget *widget)
{
  GdkPaintable *paintable = gtk_widget_paintable_new (widget);
  int w = gtk_widget_get_width (widget), h = gtk_widget_get_height (widget);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (surface);
  GskRenderNode *node = NULL;

  /* On a loaded machine the window may take a while to be drawable. */
  for (int tries = 0; node == NULL && tries < 250; tries++)
    {
      GtkSnapshot *snapshot = gtk_snapshot_new ();
      gdk_paintable_snapshot (paintable, snapshot, w, h);
      node = gtk_snapshot_free_to_node (snapshot);
      if (node == NULL)
        wait_frames (1);
    }
  g_assert_nonnull (node);
  gsk_render_node_draw (node, cr);
  gsk_render_node_unref (node);
  cairo_destroy (cr);
  g_object_unref (paintable);
  cairo_surface_flush (surface);
  return surface;
}
