/* test-ui-stack.c — the dialogs and the layout take the path of the
 * libraries the app was built against, and each path works:
 *
 *   libadwaita ≥ 1.5  AdwAlertDialog, AdwAboutDialog from the metainfo
 *                     (release notes, issue page, website) — else
 *                     AdwMessageDialog and AdwAboutWindow windows;
 *   libadwaita ≥ 1.8  AdwShortcutsDialog — else GtkShortcutsWindow;
 *   GTK ≥ 4.10        GtkFileDialog — else GtkFileChooserNative (both
 *                     show a file chooser window here, without a portal);
 *   libadwaita ≥ 1.4  an AdwBreakpoint puts the side panel under the board
 *                     in a narrow window — else the panel is hidden there.
 *
 * Runs the real application in this process.  Needs a display
 * (./build-aux/test runs it under Xvfb); skipped without.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "kz-application.h"
#include "kz-board-view.h"
#include "kz-file-chooser.h"
#include "ui-test-app.h"

/* Runs the main loop until *flag is TRUE, at most 5 s (a loaded machine). */
static void
wait_for (const gboolean *flag)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (!*flag && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static GtkWindow *toplevel_titled (const char *title);

/* The shown toplevel titled `title`, waiting for it at most 5 s. */
static GtkWindow *
wait_for_toplevel (const char *title)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  GtkWindow *found;
  while ((found = toplevel_titled (title)) == NULL && g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
  return found;
}

static GtkWindow *
main_window (GtkApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (app);
  g_assert_true (ADW_IS_APPLICATION_WINDOW (window));
  return window;
}

#if !ADW_CHECK_VERSION (1, 8, 0)
/* A shown toplevel of the type named `type_name`, or NULL. */
static GtkWindow *
toplevel_of_type (const char *type_name)
{
  g_autoptr (GList) list = gtk_window_list_toplevels ();
  for (GList *l = list; l; l = l->next)
    if (gtk_widget_get_visible (l->data) && g_type_is_a (G_OBJECT_TYPE (l->data), g_type_from_name (type_name))
        && g_type_from_name (type_name) != 0)
      return l->data;
  return NULL;
}
#endif

/* A shown toplevel titled `title`, or NULL. */
static GtkWindow *
toplevel_titled (const char *title)
{
  g_autoptr (GList) list = gtk_window_list_toplevels ();
  for (GList *l = list; l; l = l->next)
    if (gtk_widget_get_visible (l->data) && g_strcmp0 (gtk_window_get_title (l->data), title) == 0)
      return l->data;
  return NULL;
}

static char *
shown_alert (GtkWindow *window)
{
  g_autoptr (GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window), "shown-alert");
  return state ? g_variant_dup_string (state, NULL) : g_strdup ("");
}

/* ---- About ------------------------------------------------------------ */

static void
check_about (GApplication *app)
{
  GtkWindow *window = main_window (GTK_APPLICATION (app));

  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  ui_test_wait_ms (300);
#if ADW_CHECK_VERSION (1, 5, 0)
  {
    AdwDialog *dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));
    AdwAboutDialog *about;
    g_assert_true (ADW_IS_ABOUT_DIALOG (dialog));
    about = ADW_ABOUT_DIALOG (dialog);
    /* From the metainfo. */
    g_assert_cmpstr (adw_about_dialog_get_application_name (about), ==, "Kazaki");
    g_assert_cmpstr (adw_about_dialog_get_version (about), ==, KZ_VERSION);
    g_assert_cmpstr (adw_about_dialog_get_release_notes_version (about), ==, KZ_VERSION);
    g_assert_nonnull (strstr (adw_about_dialog_get_release_notes (about), "<p>The first release of Kazaki.</p>"));
    g_assert_cmpstr (adw_about_dialog_get_issue_url (about), ==, "https://github.com/kazaki/kazaki/issues");
    g_assert_cmpstr (adw_about_dialog_get_website (about), ==, "https://github.com/kazaki/kazaki");
    g_assert_cmpint (adw_about_dialog_get_license_type (about), ==, GTK_LICENSE_GPL_3_0);
    g_assert_cmpstr (adw_about_dialog_get_developer_name (about), ==, "The Kazaki developers");
    g_assert_true (adw_dialog_close (dialog));
    ui_test_wait_ms (400);
    g_assert_null (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window)));
  }
#else
  {
    GtkWindow *about = toplevel_of_type ("AdwAboutWindow");
    g_assert_nonnull (about);
    g_assert_true (gtk_window_get_transient_for (about) == window);
    g_assert_cmpstr (adw_about_window_get_application_name (ADW_ABOUT_WINDOW (about)), ==, "Kazaki");
    g_assert_cmpstr (adw_about_window_get_version (ADW_ABOUT_WINDOW (about)), ==, KZ_VERSION);
    g_assert_cmpstr (adw_about_window_get_website (ADW_ABOUT_WINDOW (about)), ==,
                     "https://github.com/kazaki/kazaki");
    g_assert_cmpstr (adw_about_window_get_issue_url (ADW_ABOUT_WINDOW (about)), ==,
                     "https://github.com/kazaki/kazaki/issues");
    gtk_window_destroy (about);
    ui_test_wait_ms (200);
  }
#endif
}

/* ---- an alert: resign, then Cancel --------------------------------------- */

static void
check_alert (GApplication *app)
{
  GtkWindow *window = main_window (GTK_APPLICATION (app));
  g_autofree char *heading = NULL;
  g_autofree char *after = NULL;

  g_action_group_activate_action (G_ACTION_GROUP (window), "resign", NULL);
  ui_test_wait_ms (300);
  heading = shown_alert (window);
  g_assert_true (g_str_has_prefix (heading, "Resign"));
#if ADW_CHECK_VERSION (1, 5, 0)
  {
    AdwDialog *dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));
    g_assert_true (ADW_IS_ALERT_DIALOG (dialog));
    g_assert_cmpstr (adw_alert_dialog_get_heading (ADW_ALERT_DIALOG (dialog)), ==, heading);
    g_assert_null (toplevel_titled (heading));
    /* Escape answers with the close response, "cancel". */
    g_assert_true (adw_dialog_close (dialog));
  }
#else
  {
    GtkWindow *alert = toplevel_of_type ("AdwMessageDialog");
    g_assert_nonnull (alert);
    g_assert_cmpstr (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (alert)), ==, heading);
    g_assert_true (gtk_window_get_transient_for (alert) == window);
    /* Closing it (Escape) answers with the close response, "cancel". */
    gtk_window_close (alert);
  }
#endif
  ui_test_wait_ms (400);
  g_assert_null (toplevel_titled (heading));
  after = shown_alert (window);
  g_assert_cmpstr (after, ==, "");
  /* Cancelled: the game goes on. */
  g_assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "resign"));
}

/* ---- keyboard shortcuts ------------------------------------------------ */

static void
check_shortcuts (GApplication *app)
{
  GtkWindow *window = main_window (GTK_APPLICATION (app));

#if !ADW_CHECK_VERSION (1, 8, 0)
  /* GTK 4.8's GtkShortcutsWindow warns that one of its own labels asks
   * for a negative width (its bug, not ours): not fatal while it shows;
   * criticals still are. */
  GLogLevelFlags fatal = g_log_set_always_fatal (G_LOG_FATAL_MASK | G_LOG_LEVEL_CRITICAL);
#endif

  g_action_group_activate_action (G_ACTION_GROUP (app), "shortcuts", NULL);
  ui_test_wait_ms (300);
#if ADW_CHECK_VERSION (1, 8, 0)
  {
    AdwDialog *dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));
    g_assert_true (ADW_IS_SHORTCUTS_DIALOG (dialog));
    g_assert_true (adw_dialog_close (dialog));
  }
#else
  {
    GtkWindow *shortcuts = toplevel_of_type ("GtkShortcutsWindow");
    g_assert_nonnull (shortcuts);
    g_assert_true (gtk_window_get_transient_for (shortcuts) == window);
    gtk_window_destroy (shortcuts);
  }
#endif
  ui_test_wait_ms (200);
#if !ADW_CHECK_VERSION (1, 8, 0)
  g_log_set_always_fatal (fatal);
#endif
}

/* ---- file dialogs -------------------------------------------------------- */

typedef struct {
  gboolean called;
  GFile   *file;
} Chosen;

static void
file_chosen (GFile *file, gpointer data)
{
  Chosen *c = data;
  c->called = TRUE;
  g_set_object (&c->file, file);
}

static void
check_file_dialogs (GApplication *app)
{
  GtkWindow *window = main_window (GTK_APPLICATION (app));
  const char *patterns[] = { "*.kgn", NULL };
  Chosen c = { FALSE, NULL };
  GtkWindow *chooser;
  GtkWidget *cancel;

  /* Open, cancelled: the callback gets no file. */
  kz_file_chooser_open (window, "Test Open", "KGN", patterns, file_chosen, &c);
  chooser = wait_for_toplevel ("Test Open");
  g_assert_nonnull (chooser);
  cancel = ui_test_find_button (GTK_WIDGET (chooser), "_Cancel");
  g_assert_nonnull (cancel);
  gtk_widget_activate (cancel);
  wait_for (&c.called);
  ui_test_wait_ms (200);
  g_assert_null (toplevel_titled ("Test Open"));
  g_assert_true (c.called);
  g_assert_null (c.file);

  /* Save, accepted with the proposed name. */
  c.called = FALSE;
  kz_file_chooser_save (window, "Test Save", "kazaki-test-save.kgn", "KGN", patterns,
                        file_chosen, &c);
  chooser = wait_for_toplevel ("Test Save");
  g_assert_nonnull (chooser);
  {
    GtkWidget *save = ui_test_find_button (GTK_WIDGET (chooser), "_Save");
    g_assert_nonnull (save);
    gtk_widget_activate (save);
  }
  wait_for (&c.called);
  ui_test_wait_ms (200);
  g_assert_true (c.called);
  g_assert_nonnull (c.file);
  {
    g_autofree char *name = g_file_get_basename (c.file);
    g_assert_cmpstr (name, ==, "kazaki-test-save.kgn");
  }
  g_clear_object (&c.file);
  g_assert_null (toplevel_titled ("Test Save"));
}

/* ---- narrow and wide layouts --------------------------------------------- */

static gboolean
find_widgets (GtkWidget *widget, GtkWidget **board, GtkWidget **panel)
{
  if (KZ_IS_BOARD_VIEW (widget) && *board == NULL)
    *board = widget;
  if (gtk_widget_has_css_class (widget, "side-panel") && *panel == NULL)
    *panel = widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    find_widgets (c, board, panel);
  return *board && *panel;
}

static void
bounds (GtkWidget *widget, GtkWidget *root, graphene_rect_t *r)
{
  g_assert_true (gtk_widget_compute_bounds (widget, root, r));
}

/* Asks for `width` × `height`; returns the width the window got. */
static int
resize (GtkWindow *window, int width, int height)
{
  gtk_window_set_default_size (window, width, height);
  ui_test_wait_ms (800);
  return gtk_widget_get_width (GTK_WIDGET (window));
}

static void
check_layouts (GApplication *app)
{
  GtkWindow *window = main_window (GTK_APPLICATION (app));
  GtkWidget *board = NULL, *panel = NULL;
  graphene_rect_t b, p;
  int width;

  g_assert_true (find_widgets (GTK_WIDGET (window), &board, &panel));

  /* Wide: the panel beside the board, on its right. */
  width = resize (window, 1280, 800);
  g_assert_cmpint (width, >=, 1200);
  g_assert_true (gtk_widget_get_mapped (panel));
  bounds (board, GTK_WIDGET (window), &b);
  bounds (panel, GTK_WIDGET (window), &p);
  g_assert_cmpfloat (p.origin.x, >=, b.origin.x + b.size.width);
  g_assert_cmpfloat (b.size.height, >=, 500);

  /* Narrow, a phone's 360 × 640. */
  width = resize (window, 360, 640);
  bounds (board, GTK_WIDGET (window), &b);
#if ADW_CHECK_VERSION (1, 4, 0)
  g_assert_cmpint (width, <=, 360);
  /* The panel under the board, as wide as the window allows; the board
   * still large. */
  g_assert_true (gtk_widget_get_mapped (panel));
  bounds (panel, GTK_WIDGET (window), &p);
  g_assert_cmpfloat (p.origin.y, >=, b.origin.y + b.size.height);
  g_assert_cmpfloat (p.origin.x + p.size.width, <=, 360);
  g_assert_cmpfloat (p.origin.y + p.size.height, <=, 640);
  g_assert_cmpfloat (b.size.width, >=, 300);
  g_assert_cmpfloat (b.size.height, >=, 250);
#else
  /* The panel hidden (the window is as narrow as its header allows),
   * the board the whole width. */
  g_assert_cmpint (width, <, 640);
  g_assert_false (gtk_widget_get_mapped (panel));
  g_assert_cmpfloat (b.size.width, >=, 300);
#endif

  /* Wide again: beside again. */
  resize (window, 1280, 800);
  g_assert_true (gtk_widget_get_mapped (panel));
  bounds (board, GTK_WIDGET (window), &b);
  bounds (panel, GTK_WIDGET (window), &p);
  g_assert_cmpfloat (p.origin.x, >=, b.origin.x + b.size.width);
}

/* The tests run inside the running application (once its window is up),
 * one after the other. */
static GApplication *the_app;

static void test_about (void) { check_about (the_app); }
static void test_alert (void) { check_alert (the_app); }
static void test_shortcuts (void) { check_shortcuts (the_app); }
static void test_file_dialogs (void) { check_file_dialogs (the_app); }
static void test_layouts (void) { check_layouts (the_app); }

int
main (int argc, char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add_func ("/ui-stack/about", test_about);
  g_test_add_func ("/ui-stack/alert", test_alert);
  g_test_add_func ("/ui-stack/shortcuts", test_shortcuts);
  g_test_add_func ("/ui-stack/file-dialogs", test_file_dialogs);
  g_test_add_func ("/ui-stack/layouts", test_layouts);
  return ui_test_run_in_app ("kazaki-ui-stack-XXXXXX", &the_app, NULL);
}
