/* ui-test-app.c — see ui-test-app.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>

#include "kz-application.h"
#include "ui-test-app.h"

#ifdef GDK_WINDOWING_X11
#include <gdk/x11/gdkx.h>
#endif

static void (*before_tests) (GApplication *app);
static int test_status;

gboolean
ui_test_init (int *argc, char ***argv)
{
  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      printf ("1..0 # SKIP needs a display\n");
      return FALSE;
    }
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_test_init (argc, argv, NULL);
#if GTK_CHECK_VERSION (4, 21, 0)
  /* GTK 4.24 under Xvfb: while the window is resized, a runtime check in
   * GDK's frame timings (gdk_frame_timings_throttling_hint: "self->result
   * != GDK_FRAME_PREPARING") fails now and then, wholly inside GTK's
   * frame clock with no Kazaki code on the stack.  So here GDK's
   * warnings are logged, not fatal.  The per-domain masks below keep
   * g_log() warnings fatal in every other domain; a warning logged
   * with structured logging sees only the always-fatal mask, so on
   * this stack it is logged and not fatal either. */
  g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
  {
    static const char *const domains[] = {
      "", "Kazaki", "Gtk", "Adwaita", "Gsk", "GLib", "GLib-GObject", "GLib-GIO", "Pango",
    };
    for (guint i = 0; i < G_N_ELEMENTS (domains); i++)
      g_log_set_fatal_mask (domains[i], G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING);
  }
#endif
  return TRUE;
}

static gboolean
run_tests (gpointer data)
{
  GApplication *app = data;

  if (before_tests)
    before_tests (app);
  test_status = g_test_run ();
  g_application_quit (app);
  return G_SOURCE_REMOVE;
}

static void
activated (GApplication *app)
{
  g_timeout_add (500, run_tests, app);
}

int
ui_test_run_in_app (const char *tmp_template, GApplication **app,
                    void (*before) (GApplication *app))
{
  g_autofree char *dir = NULL;
  g_autofree char *cmd = NULL;

  g_setenv ("GTK_USE_PORTAL", "0", TRUE);
  dir = g_dir_make_tmp (tmp_template, NULL);
  g_assert_nonnull (dir);
  g_setenv ("XDG_DATA_HOME", dir, TRUE);
  g_setenv ("XDG_CONFIG_HOME", dir, TRUE);
  g_setenv ("XDG_CACHE_HOME", dir, TRUE);
  before_tests = before;
  *app = G_APPLICATION (kz_application_new ());
  g_application_set_flags (*app, g_application_get_flags (*app) | G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (*app, "activate", G_CALLBACK (activated), NULL);
  g_assert_cmpint (g_application_run (*app, 0, NULL), ==, 0);
  g_clear_object (app);
  /* Best effort: a renderer thread may still write its cache. */
  cmd = g_strdup_printf ("rm -rf '%s'", dir);
  if (system (cmd) != 0)
    g_printerr ("could not remove %s\n", dir);
  return test_status;
}

void
ui_test_wait_ms (int ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;
  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

GtkWidget *
ui_test_find_button (GtkWidget *widget, const char *label)
{
  if (GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget)
      && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = ui_test_find_button (c, label);
      if (found)
        return found;
    }
  return NULL;
}

/* ---- input through the X server ------------------------------------------ */

KzWindow *
ui_test_main_window (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_true (KZ_IS_WINDOW (window));
  return KZ_WINDOW (window);
}

GtkWidget *
ui_test_find_mapped (GtkWidget *root, GType type)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found;
      if (!gtk_widget_get_mapped (child))
        continue;
      if (g_type_is_a (G_OBJECT_TYPE (child), type))
        return child;
      if ((found = ui_test_find_mapped (child, type)))
        return found;
    }
  return NULL;
}

void
ui_test_collect_mapped (GtkWidget *root, GType type, GPtrArray *out)
{
  for (GtkWidget *child = gtk_widget_get_first_child (root); child;
       child = gtk_widget_get_next_sibling (child))
    {
      if (!gtk_widget_get_mapped (child))
        continue;
      if (g_type_is_a (G_OBJECT_TYPE (child), type))
        g_ptr_array_add (out, child);
      ui_test_collect_mapped (child, type, out);
    }
}

void
ui_test_collect_all (GtkWidget *root, GType type, GPtrArray *out)
{
  if (g_type_is_a (G_OBJECT_TYPE (root), type))
    g_ptr_array_add (out, root);
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    ui_test_collect_all (child, type, out);
}

void
ui_test_collect_text (GtkWidget *widget, GString *text)
{
  if (GTK_IS_LABEL (widget))
    {
      g_string_append (text, gtk_label_get_text (GTK_LABEL (widget)));
      g_string_append_c (text, '\n');
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    ui_test_collect_text (child, text);
}

gboolean
ui_test_have_xdotool (void)
{
  g_autofree char *path = g_find_program_in_path ("xdotool");
#ifdef GDK_WINDOWING_X11
  return path != NULL && GDK_IS_X11_DISPLAY (gdk_display_get_default ());
#else
  return FALSE;
#endif
}

/* Runs xdotool with these arguments (NULL-terminated) and waits for it. */
static void
xdotool (const char *first, ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  int status = 0;
  va_list ap;

  g_ptr_array_add (argv, (gpointer) "xdotool");
  va_start (ap, first);
  for (const char *arg = first; arg; arg = va_arg (ap, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_SEARCH_PATH, NULL, NULL,
                               NULL, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
}

void
ui_test_click (GtkWidget *widget, int hold_ms)
{
#ifdef GDK_WINDOWING_X11
  GtkNative *native = gtk_widget_get_native (widget);
  graphene_point_t middle = GRAPHENE_POINT_INIT (gtk_widget_get_width (widget) / 2.0,
                                                 gtk_widget_get_height (widget) / 2.0);
  graphene_point_t p;
  double sx, sy;
  g_autofree char *xid = NULL;
  g_autofree char *x = NULL;
  g_autofree char *y = NULL;

  g_assert_nonnull (native);
  g_assert_true (gtk_widget_compute_point (widget, GTK_WIDGET (native), &middle, &p));
  gtk_native_get_surface_transform (native, &sx, &sy);
  /* Deprecated in GTK 4.18 (X11 is on its way out), still what xdotool needs. */
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  xid = g_strdup_printf ("%lu", (unsigned long) gdk_x11_surface_get_xid (gtk_native_get_surface (native)));
  G_GNUC_END_IGNORE_DEPRECATIONS
  x = g_strdup_printf ("%d", (int) (p.x + sx));
  y = g_strdup_printf ("%d", (int) (p.y + sy));
  xdotool ("mousemove", "--window", xid, x, y, NULL);
  ui_test_wait_ms (100);
  xdotool ("mousedown", "1", NULL);
  ui_test_wait_ms (hold_ms);
  xdotool ("mouseup", "1", NULL);
  ui_test_wait_ms (100);
#else
  g_assert_not_reached ();
#endif
}

void
ui_test_type (const char *text)
{
  xdotool ("type", "--delay", "20", text, NULL);
  ui_test_wait_ms (100);
}
