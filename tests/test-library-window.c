/* test-library-window.c — the library window in the running application:
 * deleting the top row and pressing Undo on the toast shows the row
 * again where it was, in sight (a GtkListView keeps its top row in
 * place when rows are inserted above it, which hid the restored row).
 *
 * Needs a display (./build-aux/test runs it under Xvfb); skipped without.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "kz-application.h"
#include "kz-library-window.h"
#include "kz-session.h"
#include "kz-store.h"
#include "remove-files.h"
#include "ui-test-app.h"

#define N_GAMES 30

/* A mapped label with this text under `widget`. */
static GtkWidget *
find_label (GtkWidget *widget, const char *text)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget)
      && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_label (c, text);
      if (found)
        return found;
    }
  return NULL;
}

/* Where `widget` lies in `area`'s coordinates. */
static gboolean
origin_in (GtkWidget *widget, GtkWidget *area, double *x, double *y)
{
#if GTK_CHECK_VERSION (4, 12, 0)
  graphene_point_t p;
  if (!gtk_widget_compute_point (widget, area, &GRAPHENE_POINT_INIT (0, 0), &p))
    return FALSE;
  *x = p.x;
  *y = p.y;
  return TRUE;
#else
  return gtk_widget_translate_coordinates (widget, area, 0, 0, x, y);
#endif
}

/* Whether `widget` lies wholly inside `area` (both mapped). */
static gboolean
inside (GtkWidget *widget, GtkWidget *area)
{
  double x = 0, y = 0;
  if (!origin_in (widget, area, &x, &y))
    return FALSE;
  return x >= 0 && y >= 0 && y + gtk_widget_get_height (widget) <= gtk_widget_get_height (area) + 1;
}

static KzLibraryWindow *
library_window (GtkApplication *app)
{
  for (GList *l = gtk_application_get_windows (app); l; l = l->next)
    if (KZ_IS_LIBRARY_WINDOW (l->data))
      return l->data;
  return NULL;
}

static gboolean
run_checks (gpointer data)
{
  GApplication *app = data;
  const char *top = "Player 30 — Rival 30";
  KzLibraryWindow *library;
  GtkWidget *list, *area, *label, *row, *del, *undo;

  g_action_group_activate_action (G_ACTION_GROUP (app), "library", NULL);
  library = library_window (GTK_APPLICATION (app));
  g_assert_nonnull (library);
  ui_test_wait_ms (800);
  list = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (library), KZ_TYPE_LIBRARY_WINDOW,
                                                    "list_view"));
  area = gtk_widget_get_parent (list);
  g_assert_true (GTK_IS_SCROLLED_WINDOW (area));

  /* The newest game is the top row, in sight. */
  label = find_label (list, top);
  g_assert_nonnull (label);
  g_assert_true (inside (label, area));

  /* Its delete button: the row is [thumbnail, texts, open, delete]. */
  row = gtk_widget_get_parent (gtk_widget_get_parent (label));
  del = gtk_widget_get_last_child (row);
  g_assert_true (GTK_IS_BUTTON (del));
  gtk_widget_activate (del);
  ui_test_wait_ms (500);
  g_assert_null (find_label (list, top));
  g_assert_nonnull (find_label (list, "Player 29 — Rival 29"));

  undo = ui_test_find_button (GTK_WIDGET (library), "_Undo");
  g_assert_nonnull (undo);
  gtk_widget_activate (undo);
  ui_test_wait_ms (800);

  /* Back at the top and in sight, above the next one. */
  label = find_label (list, top);
  g_assert_nonnull (label);
  g_assert_true (inside (label, area));
  {
    GtkWidget *next = find_label (list, "Player 29 — Rival 29");
    double y1 = 0, y2 = 0, x;
    g_assert_nonnull (next);
    g_assert_true (origin_in (label, list, &x, &y1));
    g_assert_true (origin_in (next, list, &x, &y2));
    g_assert_cmpfloat (y1, <, y2);
  }
  g_assert_cmpfloat (gtk_adjustment_get_value (gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (list))),
                     ==, 0);

  /* The top game opened on the board (the library stays open): its
   * delete button is off at once, with the reason as its tooltip; back
   * to the game played, it is on again (issue 11, defect 5). */
  {
    KzSession *session = kz_application_get_session (KZ_APPLICATION (app));
    g_autoptr (GError) error = NULL;

    row = gtk_widget_get_parent (gtk_widget_get_parent (label));
    del = gtk_widget_get_last_child (row);
    g_assert_true (gtk_widget_get_sensitive (del));
    g_assert_true (kz_session_open_for_review (session, N_GAMES, &error));
    g_assert_no_error (error);
    ui_test_wait_ms (300);
    label = find_label (list, top);
    row = gtk_widget_get_parent (gtk_widget_get_parent (label));
    del = gtk_widget_get_last_child (row);
    g_assert_false (gtk_widget_get_sensitive (del));
    g_assert_nonnull (gtk_widget_get_tooltip_text (del));
    g_assert_true (kz_session_go_back (session));
    ui_test_wait_ms (300);
    g_assert_true (gtk_widget_get_sensitive (del));
  }

  g_application_quit (app);
  return G_SOURCE_REMOVE;
}

static void
activated (GApplication *app)
{
  g_timeout_add (500, run_checks, app);
}

static void
test_undo_shows_row (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kazaki-library-window-XXXXXX", NULL);
  g_autofree char *data = g_build_filename (dir, "data", NULL);
  g_autofree char *kazaki = g_build_filename (data, "kazaki", NULL);
  g_autofree char *path = g_build_filename (kazaki, "games.db", NULL);
  g_autoptr (GError) error = NULL;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  g_assert_cmpint (g_mkdir_with_parents (kazaki, 0700), ==, 0);
  g_setenv ("XDG_DATA_HOME", data, TRUE);
  {
    /* Finished games, newer than the game the window starts: all of
     * them can be deleted. */
    g_autoptr (KzStore) store = kz_store_open (path, &error);
    g_assert_no_error (error);
    for (int i = 1; i <= N_GAMES; i++)
      {
        g_autoptr (KzGame) game = kz_game_new ();
        g_autofree char *a = g_strdup_printf ("Player %d", i);
        g_autofree char *b = g_strdup_printf ("Rival %d", i);
        kz_game_set_player (game, KZ_COSSACKS, a, KZ_PLAYER_HUMAN, 0);
        kz_game_set_player (game, KZ_TURKS, b, KZ_PLAYER_HUMAN, 0);
        kz_game_set_start_time (game, now + 3600 + i);
        g_assert_cmpint (kz_store_create_game (store, game, &error), >, 0);
        g_assert_true (kz_game_agree_draw (game, &error));
        g_assert_no_error (error);
      }
  }

  {
    g_autoptr (KzApplication) app = kz_application_new ();
    g_application_set_flags (G_APPLICATION (app),
                             g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
    g_signal_connect_after (app, "activate", G_CALLBACK (activated), NULL);
    g_assert_cmpint (g_application_run (G_APPLICATION (app), 0, NULL), ==, 0);
  }

  remove_database (path);
  g_rmdir (kazaki);
  g_rmdir (data);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add_func ("/library-window/undo-shows-the-row", test_undo_shows_row);
  return g_test_run ();
}
