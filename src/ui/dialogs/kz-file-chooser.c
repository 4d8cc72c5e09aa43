/* kz-file-chooser.c — open and save file dialogs for GTK 4.8 and newer.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include "kz-file-chooser.h"

#include <glib/gi18n.h>
#include <string.h>

char *
kz_file_dup_display_name (GFile *file)
{
  g_autoptr (GFileInfo) info = NULL;
  g_autofree char *basename = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME,
                            G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (info && g_file_info_has_attribute (info, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME))
    return g_strdup (g_file_info_get_display_name (info));
  /* Not there yet (a file about to be saved): the name it will have. */
  basename = g_file_get_basename (file);
  if (basename && strcmp (basename, "/") != 0)
    return g_filename_display_name (basename);
  return g_file_get_parse_name (file);
}

char *
kz_file_error_message (GFile *file, const GError *error)
{
  g_autofree char *name = NULL;
  g_autofree char *path = NULL;
  g_autofree char *parse_name = NULL;
  g_auto (GStrv) parts = NULL;

  g_return_val_if_fail (G_IS_FILE (file) && error != NULL, NULL);
  name = kz_file_dup_display_name (file);
  path = g_file_get_path (file);
  parse_name = g_file_get_parse_name (file);
  /* GIO quotes paths as they display: try the parse name, then the path. */
  if (parse_name && *parse_name && strstr (error->message, parse_name))
    parts = g_strsplit (error->message, parse_name, -1);
  else if (path && *path && strstr (error->message, path))
    parts = g_strsplit (error->message, path, -1);
  else
    return g_strdup (error->message);
  return g_strjoinv (name, parts);
}

typedef struct {
  KzFileCallback callback;
  gpointer       user_data;
  gboolean       save;      /* a file to write, not to read */
} Pending;

static GtkFileFilter *
make_filter (const char *name, const char * const *patterns)
{
  GtkFileFilter *filter = gtk_file_filter_new ();
  gtk_file_filter_set_name (filter, name);
  for (guint i = 0; patterns[i]; i++)
    gtk_file_filter_add_pattern (filter, patterns[i]);
  return filter;
}

#if GTK_CHECK_VERSION (4, 10, 0)

static void
dialog_done (GObject *source, GAsyncResult *result, gpointer data)
{
  Pending *p = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GFile) file = NULL;

  if (p->save)
    file = gtk_file_dialog_save_finish (GTK_FILE_DIALOG (source), result, &error);
  else
    file = gtk_file_dialog_open_finish (GTK_FILE_DIALOG (source), result, &error);
  if (error && !g_error_matches (error, GTK_DIALOG_ERROR, GTK_DIALOG_ERROR_DISMISSED))
    g_warning ("File dialog: %s", error->message);
  p->callback (file, p->user_data);
  g_free (p);
}

static void
run (GtkWindow *parent, gboolean save, const char *title, const char *initial_name,
     const char *filter_name, const char * const *patterns, KzFileCallback callback,
     gpointer user_data)
{
  g_autoptr (GtkFileDialog) dialog = gtk_file_dialog_new ();
  Pending *p = g_new0 (Pending, 1);
  p->callback = callback;
  p->user_data = user_data;

  gtk_file_dialog_set_title (dialog, title);
  gtk_file_dialog_set_modal (dialog, TRUE);
  if (initial_name)
    gtk_file_dialog_set_initial_name (dialog, initial_name);
  if (patterns)
    {
      g_autoptr (GListStore) filters = g_list_store_new (GTK_TYPE_FILE_FILTER);
      g_autoptr (GtkFileFilter) filter = make_filter (filter_name, patterns);
      g_list_store_append (filters, filter);
      gtk_file_dialog_set_filters (dialog, G_LIST_MODEL (filters));
      gtk_file_dialog_set_default_filter (dialog, filter);
    }
  p->save = save;
  if (save)
    gtk_file_dialog_save (dialog, parent, NULL, dialog_done, p);
  else
    gtk_file_dialog_open (dialog, parent, NULL, dialog_done, p);
}

#else

static void
native_response (GtkNativeDialog *native, int response, gpointer data)
{
  Pending *p = data;
  g_autoptr (GFile) file = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
  p->callback (file, p->user_data);
  g_free (p);
  gtk_native_dialog_destroy (native);
  g_object_unref (native);
}

static void
run (GtkWindow *parent, gboolean save, const char *title, const char *initial_name,
     const char *filter_name, const char * const *patterns, KzFileCallback callback,
     gpointer user_data)
{
  GtkFileChooserNative *native;
  Pending *p = g_new0 (Pending, 1);
  p->callback = callback;
  p->user_data = user_data;

  native = gtk_file_chooser_native_new (title, parent,
                                        save ? GTK_FILE_CHOOSER_ACTION_SAVE
                                             : GTK_FILE_CHOOSER_ACTION_OPEN,
                                        save ? _("_Save") : _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (native), TRUE);
  if (save && initial_name)
    gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), initial_name);
  if (patterns)
    {
      g_autoptr (GtkFileFilter) filter = make_filter (filter_name, patterns);
      gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), filter);
    }
  g_signal_connect (native, "response", G_CALLBACK (native_response), p);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

#endif

void
kz_file_chooser_open (GtkWindow *parent, const char *title, const char *filter_name,
                      const char * const *patterns, KzFileCallback callback, gpointer user_data)
{
  run (parent, FALSE, title, NULL, filter_name, patterns, callback, user_data);
}

void
kz_file_chooser_save (GtkWindow *parent, const char *title, const char *initial_name,
                      const char *filter_name, const char * const *patterns,
                      KzFileCallback callback, gpointer user_data)
{
  run (parent, TRUE, title, initial_name, filter_name, patterns, callback, user_data);
}
