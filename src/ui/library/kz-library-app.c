/* kz-library-app.c — the application's library actions and file opening.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-dialogs.h"
#include "kz-file-chooser.h"
#include "kz-import-dialog.h"
#include "kz-kgn.h"
#include "kz-library-app.h"
#include "kz-library-window.h"
#include "kz-window.h"

/* The library window while it is open (one per application). */
static KzLibraryWindow *the_library;
/* How many bad games the report of an opened file lists one by one. */

static KzLibraryWindow *
library_window (KzApplication *app)
{
  if (the_library && gtk_window_get_application (GTK_WINDOW (the_library)) != GTK_APPLICATION (app))
    return NULL;
  return the_library;
}

static void
library_destroyed (KzLibraryWindow *library)
{
  if (the_library == library)
    the_library = NULL;
}

static void
library_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzApplication *app = user_data;
  KzLibraryWindow *library = library_window (app);
  KzWindow *window = kz_application_get_main_window (app, TRUE);

  if (library == NULL)
    {
      library = kz_library_window_new (GTK_APPLICATION (app), kz_application_get_session (app));
      if (window)
        gtk_window_set_transient_for (GTK_WINDOW (library), GTK_WINDOW (window));
      the_library = library;
      g_signal_connect (library, "destroy", G_CALLBACK (library_destroyed), NULL);
    }
  else
    /* Games may have been played or imported since it was opened. */
    kz_library_window_reload (library);
  gtk_window_present (GTK_WINDOW (library));
}

/* The first game of an import (0 when none). */
static gint64
first_game_of (KzStore *store, gint64 import_id)
{
  KzGameFilter filter = { .import_id = import_id };
  guint count = 0;
  if (!kz_store_count_games (store, &filter, &count, NULL) || count == 0)
    return 0;
  /* Newest first: the first game of the file is the last row. */
  g_autoptr (GPtrArray) rows = kz_store_list_games (store, &filter, count - 1, 1, NULL);
  return rows && rows->len == 1 ? ((KzGameInfo *) g_ptr_array_index (rows, 0))->id : 0;
}

static void
import_finished (KzImportDialog *dialog, gint64 import_id, guint imported, gpointer data)
{
  KzApplication *app = data;

  /* (A file opened from outside is imported without the dialog and its
   * first game reviewed: import_opened_file().) */
  if (imported > 0)
    kz_session_games_added (kz_application_get_session (app));
}

static void
import_undone (KzImportDialog *dialog, gpointer data)
{
  kz_session_games_added (kz_application_get_session (KZ_APPLICATION (data)));
}

/* A file opened with the app (command line, file manager): once its
 * import is over, its first game is reviewed. */
static void
opened_import_finished (KzImportDialog *dialog, gint64 import_id, guint imported, gpointer data)
{
  KzApplication *app = data;
  KzSession *session = kz_application_get_session (app);
  KzStore *store = kz_session_get_store (session);
  KzWindow *window = kz_application_get_main_window (app, FALSE);
  g_autoptr (GError) error = NULL;
  gint64 first;

  import_finished (dialog, import_id, imported, data);
  if (imported == 0 || import_id == 0 || store == NULL)
    return;
  first = first_game_of (store, import_id);
  /* The window follows the session and reviews the game. */
  if (first != 0 && !kz_session_open_for_review (session, first, &error) && window)
    kz_window_show_toast (window, error->message);
}

/* Imports in a worker thread (KzImportDialog: progress, Cancel, the
 * summary with the bad games, Undo), a file opened with the app too (it
 * was imported on the main thread before the window showed: a file of
 * thousands of games kept the window away for seconds, issue 24); then
 * `open_first`: its first game reviewed. */
void
kz_library_import_file (KzApplication *app, GFile *file, gboolean open_first)
{
  KzSession *session = kz_application_get_session (app);
  KzWindow *window = kz_application_get_main_window (app, TRUE);
  KzLibraryWindow *library = library_window (app);
  g_autofree char *name = kz_file_dup_display_name (file);

  if (kz_session_get_store (session) == NULL)
    {
      g_autofree char *msg = g_strdup_printf (_("“%s” cannot be imported: the game database is not available"),
                                              name);
      if (window)
        kz_window_show_toast (window, msg);
      return;
    }
  GtkWindow *parent = library ? GTK_WINDOW (library) : GTK_WINDOW (window);
  KzImportDialog *dialog = kz_import_dialog_new (parent, session, file);
  g_signal_connect_object (dialog, "finished",
                           open_first ? G_CALLBACK (opened_import_finished) : G_CALLBACK (import_finished),
                           app, 0);
  g_signal_connect_object (dialog, "undone", G_CALLBACK (import_undone), app, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  kz_import_dialog_start (dialog);
}

static void
import_chosen (GFile *file, gpointer data)
{
  g_autoptr (KzApplication) app = data;
  if (file)
    kz_library_import_file (app, file, FALSE);
}

static void
import_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzApplication *app = user_data;
  static const char *const patterns[] = { "*.kgn", NULL };
  KzLibraryWindow *library = library_window (app);
  GtkWindow *parent = library ? GTK_WINDOW (library)
                              : GTK_WINDOW (kz_application_get_main_window (app, TRUE));

  kz_file_chooser_open (parent, _("Import Games"), _("Kazaki games (KGN)"), patterns,
                        import_chosen, g_object_ref (app));
}

/* "Back Up Games": the database copied through SQLite's online backup
 * API (kz_store_backup), never as a file copy. */
static void
backup_to (KzApplication *app, GFile *file)
{
  KzStore *store = kz_session_get_store (kz_application_get_session (app));
  KzWindow *window = kz_application_get_main_window (app, TRUE);
  g_autofree char *path = g_file_get_path (file);
  g_autofree char *name = kz_file_dup_display_name (file);
  g_autoptr (GError) error = NULL;
  g_autofree char *msg = NULL;

  if (store == NULL)
    msg = g_strdup (_("The games cannot be backed up: the game database is not available"));
  else if (path == NULL)
    /* Translators: the file name */
    msg = g_strdup_printf (_("The games cannot be backed up to “%s”: it is not a local file"), name);
  else if (!kz_store_backup (store, path, &error))
    msg = g_strdup (error->message);
  else
    /* Translators: the file name */
    msg = g_strdup_printf (_("Games backed up to “%s”"), name);
  if (window)
    kz_window_show_toast (window, msg);
}

static void
backup_chosen (GFile *file, gpointer data)
{
  g_autoptr (KzApplication) app = data;
  if (file)
    backup_to (app, file);
}

static void
backup_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzApplication *app = user_data;
  static const char *const patterns[] = { "*.db", NULL };
  KzLibraryWindow *library = library_window (app);
  GtkWindow *parent = library ? GTK_WINDOW (library)
                              : GTK_WINDOW (kz_application_get_main_window (app, TRUE));
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *date = g_date_time_format (now, "%Y-%m-%d");
  /* Translators: the suggested file name of a backup; %s is the date */
  g_autofree char *initial = g_strdup_printf (_("kazaki-games-%s.db"), date);

  kz_file_chooser_save (parent, _("Back Up Games"), initial, _("Kazaki game databases"),
                        patterns, backup_chosen, g_object_ref (app));
}

/* The same without the file chooser (a path; for scripts and tests). */
static void
backup_to_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  g_autoptr (GFile) file = g_file_new_for_path (g_variant_get_string (param, NULL));
  backup_to (KZ_APPLICATION (user_data), file);
}

static void
app_open (GApplication *application, GFile **files, int n_files, const char *hint,
          gpointer user_data)
{
  KzApplication *app = KZ_APPLICATION (application);
  KzWindow *window = kz_application_get_main_window (app, TRUE);

  /* The window first, so that a report about bad games stays on top. */
  if (window)
    gtk_window_present (GTK_WINDOW (window));
  for (int i = 0; i < n_files; i++)
    kz_library_import_file (app, files[i], i == 0);
}

static const GActionEntry library_app_actions[] = {
  { "library", library_activated, NULL, NULL, NULL, { 0 } },
  { "import", import_activated, NULL, NULL, NULL, { 0 } },
  { "backup", backup_activated, NULL, NULL, NULL, { 0 } },
  { "backup-to", backup_to_activated, "s", NULL, NULL, { 0 } },
};

/* Import needs a database that can be written. */
static void
store_changed (KzApplication *app)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (app), "import");

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action),
                               kz_session_get_can_save (kz_application_get_session (app)));
}

void
kz_library_app_init (KzApplication *app)
{
  g_action_map_add_action_entries (G_ACTION_MAP (app), library_app_actions,
                                   G_N_ELEMENTS (library_app_actions), app);
  g_signal_connect_object (kz_application_get_session (app), "notify::store",
                           G_CALLBACK (store_changed), app, G_CONNECT_SWAPPED);
  store_changed (app);
  g_signal_connect (app, "open", G_CALLBACK (app_open), NULL);
}
