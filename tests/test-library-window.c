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
#include "kz-game-item.h"
#include "kz-import-dialog.h"
#include "kz-library-app.h"
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

/* The label as find_label() gives it, once it is there (`present`) or
 * gone, waiting up to 5 s for the list to catch up (a loaded machine). */
static GtkWidget *
wait_label (GtkWidget *widget, const char *text, gboolean present)
{
  GtkWidget *found = find_label (widget, text);
  for (int i = 0; i < 50 && (found != NULL) != present; i++)
    {
      ui_test_wait_ms (100);
      found = find_label (widget, text);
    }
  return found;
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
  g_assert_null (wait_label (list, top, FALSE));
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


/* The subtitle of the library's title ("2 games found"). */
static const char *
subtitle_of (KzLibraryWindow *library)
{
  AdwWindowTitle *title = ADW_WINDOW_TITLE (gtk_widget_get_template_child (GTK_WIDGET (library),
                                                                           KZ_TYPE_LIBRARY_WINDOW,
                                                                           "window_title"));
  return adw_window_title_get_subtitle (title);
}

static KzImportDialog *
import_dialog (void)
{
  g_autoptr (GList) windows = gtk_window_list_toplevels ();
  for (GList *l = windows; l; l = l->next)
    if (KZ_IS_IMPORT_DIALOG (l->data))
      return l->data;
  return NULL;
}

/* How many stored games have `player` in a name (NULL: all). */
static guint
stored_games_of (GApplication *app, const char *player)
{
  KzSession *session = kz_application_get_session (KZ_APPLICATION (app));
  KzGameFilter filter = { .player = player };
  guint n = 0;
  g_assert_true (kz_store_count_games (kz_session_get_store (session), &filter, &n, NULL));
  return n;
}

static guint
stored_games (GApplication *app)
{
  return stored_games_of (app, NULL);
}

static char *
found_text (guint n)
{
  return g_strdup_printf (n == 1 ? "%u game found" : "%u games found", n);
}


/* The library lists what the store holds for this search, in the same
 * order, and says how many (but the games of `except`, waiting for
 * Undo). */
static void
assert_list_is_store_but (KzLibraryWindow *library, GApplication *app, const char *player,
                          const char *except)
{
  KzSession *session = kz_application_get_session (KZ_APPLICATION (app));
  KzGameFilter filter = { .player = player };
  GtkListView *view = GTK_LIST_VIEW (gtk_widget_get_template_child (GTK_WIDGET (library),
                                                                    KZ_TYPE_LIBRARY_WINDOW,
                                                                    "list_view"));
  GListModel *list = G_LIST_MODEL (gtk_list_view_get_model (view));
  g_autoptr (GPtrArray) rows = kz_store_list_games (kz_session_get_store (session), &filter, 0,
                                                    1000, NULL);
  g_autofree char *text = NULL;
  guint i = 0;

  g_assert_nonnull (rows);
  for (guint r = 0; r < rows->len; r++)
    {
      KzGameInfo *info = g_ptr_array_index (rows, r);
      if (except && g_str_has_prefix (info->cossacks, except))
        continue;
      g_autoptr (KzGameItem) item = g_list_model_get_item (list, i);
      g_assert_nonnull (item);
      g_assert_cmpint (kz_game_item_get_id (item), ==, info->id);
      i++;
    }
  g_assert_cmpuint (g_list_model_get_n_items (list), ==, i);
  text = found_text (i);
  g_assert_cmpstr (subtitle_of (library), ==, text);
}

static void
assert_list_is_store (KzLibraryWindow *library, GApplication *app, const char *player)
{
  assert_list_is_store_but (library, app, player, NULL);
}

/* New Game → Start in the main window. */
static void
new_game (GApplication *app)
{
  GtkWidget *start = NULL;

  g_action_group_activate_action (G_ACTION_GROUP (app), "new-game", NULL);
  for (int i = 0; i < 50 && start == NULL; i++)
    {
      g_autoptr (GList) windows = gtk_window_list_toplevels ();
      ui_test_wait_ms (100);
      for (GList *l = windows; l && start == NULL; l = l->next)
        start = ui_test_find_button (l->data, "_Start");
    }
  g_assert_nonnull (start);
  gtk_widget_activate (start);
  ui_test_wait_ms (500);
}

static char *kgn_path;

/* Import… of a 2-game file, "Iva" in the search, an imported game
 * deleted and Undo pressed: both games are found again, and the library
 * counts every stored game (issue 24, defect 6). */
static gboolean
run_import_checks (gpointer data)
{
  GApplication *app = data;
  KzLibraryWindow *library;
  KzImportDialog *dialog;
  GtkWidget *list, *label, *row, *del, *undo, *search;
  g_autofree char *text = NULL;
  g_autofree char *all = NULL;
  g_autofree char *less = NULL;
  guint n, found;

  /* The player's name matches the search. */
  g_settings_set_string (kz_application_get_settings (KZ_APPLICATION (app)), "cossacks-name",
                         "Ivan Player");
  g_settings_set_string (kz_application_get_settings (KZ_APPLICATION (app)), "turks-name",
                         "Ivan Player");
  g_action_group_activate_action (G_ACTION_GROUP (app), "library", NULL);
  library = library_window (GTK_APPLICATION (app));
  g_assert_nonnull (library);
  ui_test_wait_ms (500);
  /* The 8 games and the one the window started. */
  n = stored_games (app);
  g_assert_cmpuint (n, >=, 8);
  text = g_strdup_printf ("%u games", n);
  g_assert_cmpstr (subtitle_of (library), ==, text);
  {
    g_autoptr (GFile) file = g_file_new_for_path (kgn_path);
    kz_library_import_file (KZ_APPLICATION (app), file, FALSE);
  }
  dialog = import_dialog ();
  g_assert_nonnull (dialog);
  for (int i = 0; i < 100 && kz_import_dialog_get_running (dialog); i++)
    ui_test_wait_ms (100);
  g_assert_false (kz_import_dialog_get_running (dialog));
  gtk_window_close (GTK_WINDOW (dialog));
  ui_test_wait_ms (300);
  g_assert_cmpuint (stored_games (app), ==, n + 2);
  all = g_strdup_printf ("%u games", n + 2);
  g_assert_cmpstr (subtitle_of (library), ==, all);

  search = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (library), KZ_TYPE_LIBRARY_WINDOW,
                                                      "search_entry"));
  gtk_editable_set_text (GTK_EDITABLE (search), "Iva");
  ui_test_wait_ms (800);
  found = stored_games_of (app, "Iva");
  g_assert_cmpuint (found, >=, 2);
  g_clear_pointer (&text, g_free);
  text = found_text (found);
  g_assert_cmpstr (subtitle_of (library), ==, text);

  list = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (library), KZ_TYPE_LIBRARY_WINDOW,
                                                    "list_view"));
  assert_list_is_store (library, app, "Iva");
  label = find_label (list, "Ivan Petrov — Rival B");
  g_assert_nonnull (label);
  row = gtk_widget_get_parent (gtk_widget_get_parent (label));
  del = gtk_widget_get_last_child (row);
  g_assert_true (GTK_IS_BUTTON (del));
  gtk_widget_activate (del);
  g_assert_null (wait_label (list, "Ivan Petrov — Rival B", FALSE));
  less = found_text (found - 1);
  g_assert_cmpstr (subtitle_of (library), ==, less);

  /* Meanwhile a new game in the main window (its player matches the
   * search): a row above the deleted one, and the empty game it
   * replaces goes. */
  new_game (app);
  assert_list_is_store_but (library, app, "Iva", "Ivan Petrov");

  undo = ui_test_find_button (GTK_WIDGET (library), "_Undo");
  g_assert_nonnull (undo);
  gtk_widget_activate (undo);
  g_assert_nonnull (wait_label (list, "Ivan Petrov — Rival B", TRUE));
  g_assert_nonnull (wait_label (list, "Ivan Sidorov — Rival A", TRUE));
  assert_list_is_store (library, app, "Iva");
  g_assert_cmpuint (stored_games (app), ==, n + 2);

  /* Deleted for good this time (the toast goes), with a new game again
   * while it waits: the list is the store's. */
  label = find_label (list, "Ivan Petrov — Rival B");
  row = gtk_widget_get_parent (gtk_widget_get_parent (label));
  gtk_widget_activate (gtk_widget_get_last_child (row));
  ui_test_wait_ms (300);
  new_game (app);
  for (int i = 0; i < 100 && (undo = ui_test_find_button (GTK_WIDGET (library), "_Undo")); i++)
    ui_test_wait_ms (100);
  g_assert_null (undo);
  g_assert_cmpuint (stored_games (app), ==, n + 1);
  assert_list_is_store (library, app, "Iva");
  g_clear_pointer (&all, g_free);
  all = g_strdup_printf ("%u games", n + 1);

  /* Closed and opened again: every stored game is there. */
  gtk_window_close (GTK_WINDOW (library));
  ui_test_wait_ms (500);
  g_assert_cmpuint (stored_games (app), ==, n + 1);
  g_action_group_activate_action (G_ACTION_GROUP (app), "library", NULL);
  library = library_window (GTK_APPLICATION (app));
  g_assert_nonnull (library);
  ui_test_wait_ms (500);
  g_assert_cmpstr (subtitle_of (library), ==, all);

  g_application_quit (app);
  return G_SOURCE_REMOVE;
}

static void
activated (GApplication *app, GSourceFunc checks)
{
  static gboolean once;

  /* (Activated again when app.new-game finds no main window active.) */
  if (!once)
    g_timeout_add (500, checks, app);
  once = TRUE;
}

/* Runs the application over a database of `n_games` finished games,
 * started an hour after now (`newer`: above the game the window starts
 * and what is imported) or a day before, with `checks` half a second
 * after it is up. */
static void
run_with_games (int n_games, gboolean newer, GSourceFunc checks)
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
    g_autoptr (KzStore) store = kz_store_open (path, &error);
    g_assert_no_error (error);
    for (int i = 1; i <= n_games; i++)
      {
        g_autoptr (KzGame) game = kz_game_new ();
        g_autofree char *a = g_strdup_printf ("Player %d", i);
        g_autofree char *b = g_strdup_printf ("Rival %d", i);
        kz_game_set_player (game, KZ_COSSACKS, a, KZ_PLAYER_HUMAN, 0);
        kz_game_set_player (game, KZ_TURKS, b, KZ_PLAYER_HUMAN, 0);
        kz_game_set_start_time (game, (newer ? now + 3600 : now - 86400) + i);
        g_assert_cmpint (kz_store_create_game (store, game, &error), >, 0);
        g_assert_true (kz_game_agree_draw (game, &error));
        g_assert_no_error (error);
      }
  }
  kgn_path = g_build_filename (dir, "two.kgn", NULL);
  g_assert_true (g_file_set_contents (kgn_path,
                                      "[Cossacks \"Ivan Sidorov\"]\n[Turks \"Rival A\"]\n\n1. b4-a4 b6-a6 *\n\n"
                                      "[Cossacks \"Ivan Petrov\"]\n[Turks \"Rival B\"]\n\n1. b4-a4 b6-a6 2. a4-a5 *\n\n",
                                      -1, NULL));

  {
    g_autoptr (KzApplication) app = kz_application_new ();
    g_application_set_flags (G_APPLICATION (app),
                             g_application_get_flags (G_APPLICATION (app)) | G_APPLICATION_NON_UNIQUE);
    g_signal_connect_after (app, "activate", G_CALLBACK (activated), checks);
    g_assert_cmpint (g_application_run (G_APPLICATION (app), 0, NULL), ==, 0);
  }

  g_unlink (kgn_path);
  g_clear_pointer (&kgn_path, g_free);
  remove_database (path);
  g_rmdir (kazaki);
  g_rmdir (data);
  g_rmdir (dir);
}

/* Each case in its own process: one application per process. */
static void
test_undo_shows_row (void)
{
  if (g_test_subprocess ())
    {
      run_with_games (N_GAMES, TRUE, run_checks);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT | G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

static void
test_import_search_delete_undo (void)
{
  if (g_test_subprocess ())
    {
      run_with_games (8, FALSE, run_import_checks);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_INHERIT_STDOUT | G_TEST_SUBPROCESS_INHERIT_STDERR);
  g_test_trap_assert_passed ();
}

int
main (int argc, char *argv[])
{
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add_func ("/library-window/undo-shows-the-row", test_undo_shows_row);
  g_test_add_func ("/library-window/import-search-delete-undo", test_import_search_delete_undo);
  return g_test_run ();
}
