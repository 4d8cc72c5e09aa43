/* kz-library-app.c — the application's library actions and file opening.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-dialogs.h"
#include "kz-file-chooser.h"
#include "kz-kgn.h"
#include "kz-library-app.h"
#include "kz-library-window.h"
#include "kz-window.h"

#define LIBRARY_KEY "kz-library-window"
/* How many bad games the import dialog lists one by one. */
#define MAX_LISTED 30

static KzWindow *
main_window (KzApplication *app)
{
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (app));
  if (KZ_IS_WINDOW (active))
    return KZ_WINDOW (active);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (app)); l; l = l->next)
    if (KZ_IS_WINDOW (l->data))
      return KZ_WINDOW (l->data);
  return NULL;
}

static KzWindow *
ensure_main_window (KzApplication *app)
{
  KzWindow *window = main_window (app);
  if (window == NULL)
    {
      g_application_activate (G_APPLICATION (app));
      window = main_window (app);
    }
  return window;
}

static KzLibraryWindow *
library_window (KzApplication *app)
{
  return g_object_get_data (G_OBJECT (app), LIBRARY_KEY);
}

static void
library_destroyed (KzApplication *app)
{
  g_object_set_data (G_OBJECT (app), LIBRARY_KEY, NULL);
}

static void
library_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzApplication *app = user_data;
  KzLibraryWindow *library = library_window (app);
  KzWindow *window = ensure_main_window (app);

  if (library == NULL)
    {
      library = kz_library_window_new (GTK_APPLICATION (app), kz_application_get_session (app));
      if (window)
        gtk_window_set_transient_for (GTK_WINDOW (library), GTK_WINDOW (window));
      g_object_set_data (G_OBJECT (app), LIBRARY_KEY, library);
      g_signal_connect_swapped (library, "destroy", G_CALLBACK (library_destroyed), app);
    }
  else
    /* Games may have been played or imported since it was opened. */
    kz_library_window_reload (library);
  gtk_window_present (GTK_WINDOW (library));
}

/* The newest id in the database (0 when empty). */
static gint64
max_id (KzStore *store)
{
  g_autoptr (GArray) ids = kz_store_list_ids (store, NULL);
  gint64 max = 0;
  for (guint i = 0; ids && i < ids->len; i++)
    max = MAX (max, g_array_index (ids, gint64, i));
  return max;
}

static void
report (KzApplication *app, const char *name, guint n_imported, GPtrArray *problems)
{
  KzWindow *window = main_window (app);
  KzLibraryWindow *library = library_window (app);
  GtkWidget *parent = library ? GTK_WIDGET (library) : window ? GTK_WIDGET (window) : NULL;
  g_autofree char *heading = NULL;
  GString *body;
  GObject *alert;

  if (problems == NULL || problems->len == 0)
    {
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                            "%u game imported from “%s”",
                                                            "%u games imported from “%s”",
                                                            n_imported), n_imported, name);
      if (window)
        kz_window_show_toast (window, text);
      return;
    }

  heading = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Game Could Not Be Imported",
                                          "%u Games Could Not Be Imported", problems->len),
                             problems->len);
  body = g_string_new (NULL);
  /* Translators: the number of good games imported, then the file name */
  g_string_append_printf (body, g_dngettext (GETTEXT_PACKAGE,
                                             "%u game was imported from “%s”. These were skipped:",
                                             "%u games were imported from “%s”. These were skipped:",
                                             n_imported), n_imported, name);
  g_string_append_c (body, '\n');
  for (guint i = 0; i < problems->len && i < MAX_LISTED; i++)
    {
      KzKgnProblem *p = g_ptr_array_index (problems, i);
      g_string_append_c (body, '\n');
      /* Translators: where a bad game starts, then the error ("line 12, column 5: …") */
      g_string_append_printf (body, _("• The game at line %u — %s"), p->game_line,
                              p->error ? p->error->message : "?");
    }
  if (problems->len > MAX_LISTED)
    {
      g_string_append_c (body, '\n');
      g_string_append_printf (body, _("… and %u more"), problems->len - MAX_LISTED);
    }
  alert = kz_alert_new (heading, body->str);
  g_string_free (body, TRUE);
  kz_alert_add_response (alert, "ok", _("_OK"), ADW_RESPONSE_DEFAULT);
  kz_alert_set_default (alert, "ok", "ok");
  kz_alert_present (alert, parent, NULL, NULL);
}

void
kz_library_import_file (KzApplication *app, GFile *file, gboolean open_first)
{
  KzStore *store = kz_session_get_store (kz_application_get_session (app));
  KzWindow *window = ensure_main_window (app);
  g_autofree char *name = kz_file_dup_display_name (file);
  g_autofree char *text = NULL;
  gsize length = 0;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) problems = NULL;
  guint n = 0;
  gint64 before;

  if (store == NULL)
    {
      g_autofree char *msg = g_strdup_printf (_("“%s” cannot be imported: the game database is not available"),
                                              name);
      if (window)
        kz_window_show_toast (window, msg);
      return;
    }
  if (!g_file_load_contents (file, NULL, &text, &length, NULL, &error))
    {
      g_autofree char *reason = kz_file_error_message (file, error);
      g_autofree char *msg = g_strdup_printf (_("“%s” could not be read: %s"), name, reason);
      if (window)
        kz_window_show_toast (window, msg);
      return;
    }
  before = max_id (store);
  if (!kz_kgn_import (store, text, (gssize) length, &n, &problems, &error))
    {
      /* Translators: the file name, then the reason */
      g_autofree char *msg = g_strdup_printf (_("“%s” could not be imported: %s"), name, error->message);
      GObject *alert = kz_alert_new (_("Import Failed"), msg);
      kz_alert_add_response (alert, "ok", _("_OK"), ADW_RESPONSE_DEFAULT);
      kz_alert_set_default (alert, "ok", "ok");
      kz_alert_present (alert, window ? GTK_WIDGET (window) : NULL, NULL, NULL);
      if (n == 0)
        return;
    }
  kz_session_games_added (kz_application_get_session (app));
  report (app, name, n, problems);
  if (open_first && n > 0)
    {
      g_autoptr (GError) open_error = NULL;
      /* The window follows the session and reviews the game. */
      if (!kz_session_open_for_review (kz_application_get_session (app), before + 1, &open_error)
          && window)
        kz_window_show_toast (window, open_error->message);
    }
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
  GtkWindow *parent = library ? GTK_WINDOW (library) : GTK_WINDOW (ensure_main_window (app));

  kz_file_chooser_open (parent, _("Import Games"), _("Kazaki games (KGN)"), patterns,
                        import_chosen, g_object_ref (app));
}

static void
app_open (GApplication *application, GFile **files, int n_files, const char *hint,
          gpointer user_data)
{
  KzApplication *app = KZ_APPLICATION (application);
  KzWindow *window = ensure_main_window (app);

  /* The window first, so that a report about bad games stays on top. */
  if (window)
    gtk_window_present (GTK_WINDOW (window));
  for (int i = 0; i < n_files; i++)
    kz_library_import_file (app, files[i], i == 0);
}

static const GActionEntry library_app_actions[] = {
  { "library", library_activated, NULL, NULL, NULL, { 0 } },
  { "import", import_activated, NULL, NULL, NULL, { 0 } },
};

static void
set_accel (GtkApplication *app, const char *action, const char *accel)
{
  const char *accels[] = { accel, NULL };
  gtk_application_set_accels_for_action (app, action, accels);
}

void
kz_library_app_init (KzApplication *app)
{
  GtkApplication *gtk_app = GTK_APPLICATION (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), library_app_actions,
                                   G_N_ELEMENTS (library_app_actions), app);
  g_signal_connect (app, "open", G_CALLBACK (app_open), NULL);
  set_accel (gtk_app, "app.library", "<Control>l");
  set_accel (gtk_app, "app.import", "<Control>o");
  set_accel (gtk_app, "win.review", "<Control>r");
  set_accel (gtk_app, "win.export-game", "<Control>e");
  /* Shift: plain Ctrl+C and Ctrl+V stay with text fields (an in-window
   * dialog's entries would otherwise lose copy and paste). */
  set_accel (gtk_app, "win.copy-position", "<Control><Shift>c");
  set_accel (gtk_app, "win.paste-position", "<Control><Shift>v");
}
