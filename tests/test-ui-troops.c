/* test-ui-troops.c — the Troops page (src/ui/troops): a card for every
 * troop type of each side, with its name, its history, its sources and
 * the piece's picture as the board draws it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <string.h>

#include "kz-troops-window.h"
#include "kz-troops.h"
#include "ui-test-app.h"

/* Every entry's name, history and sources are on the page, with its
 * picture and its small board (two drawings a card). */
static void
test_page (void)
{
  GtkWidget *window = kz_troops_window_new (KZ_TURKS, KZ_TROOP_LEADER);
  g_autoptr (GString) text = g_string_new (NULL);
  g_autoptr (GPtrArray) drawings = g_ptr_array_new ();
  guint n;
  const KzTroopInfo *all = kz_troops_get_all (&n);

  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "Troops");
  ui_test_collect_text (window, text);
  for (guint i = 0; i < n; i++)
    {
      g_assert_nonnull (strstr (text->str, all[i].name));
      g_assert_nonnull (strstr (text->str, all[i].history));
      for (guint s = 0; s < kz_troop_info_count_sources (&all[i]); s++)
        {
          g_autofree char *source = kz_troop_source_format (&all[i].sources[s]);
          g_assert_nonnull (strstr (text->str, source));
        }
    }
  ui_test_collect_all (window, GTK_TYPE_DRAWING_AREA, drawings);
  g_assert_cmpuint (drawings->len, ==, 2 * n);

  gtk_window_present (GTK_WINDOW (window));
  for (int i = 0; i < 20; i++)
    while (g_main_context_iteration (NULL, FALSE))
      ;
  /* the card asked for has the focus */
  GtkWidget *focus = gtk_window_get_focus (GTK_WINDOW (window));
  g_assert_nonnull (focus);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The picture of an entry: the piece with its emblem, as on the board. */
static GBytes *
picture (KzSide side, KzTroop troop)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 64, 64);
  cairo_t *cr = cairo_create (surface);
  kz_troops_paint_picture (cr, 32, 32, 28, side, troop, FALSE);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  GBytes *bytes = g_bytes_new (cairo_image_surface_get_data (surface),
                               (gsize) cairo_image_surface_get_stride (surface) * 64);
  cairo_surface_destroy (surface);
  return bytes;
}

/* Every entry has a picture, and the four of a side differ (each troop
 * has its own emblem). */
static void
test_pictures (void)
{
  for (int side = KZ_COSSACKS; side <= KZ_TURKS; side++)
    {
      GBytes *pics[4];
      for (int t = 0; t < 4; t++)
        {
          pics[t] = picture ((KzSide) side, (KzTroop) t);
          gsize size;
          const guint32 *px = g_bytes_get_data (pics[t], &size);
          guint opaque = 0;
          for (gsize i = 0; i < size / 4; i++)
            if ((px[i] >> 24) == 0xff)
              opaque++;
          g_assert_cmpuint (opaque, >, 1000);
        }
      for (int a = 0; a < 4; a++)
        for (int b = a + 1; b < 4; b++)
          g_assert_false (g_bytes_equal (pics[a], pics[b]));
      for (int t = 0; t < 4; t++)
        g_bytes_unref (pics[t]);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_skip ("no display");
      return g_test_run ();
    }
  adw_init ();
  g_test_add_func ("/troops/page", test_page);
  g_test_add_func ("/troops/pictures", test_pictures);
  return g_test_run ();
}
