/* kz-import-dialog.c — a KGN import in a worker thread, with progress,
 * Cancel, the summary, a capped list of the bad games, and Undo.
 *
 * The worker opens its own connection to the session's database (a
 * KzStore is used from one thread at a time) and imports with
 * kz_kgn_import_stream(): one transaction per game, so Cancel keeps what
 * was committed.  It reports through a few counters under a mutex that a
 * timer on the main thread shows.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-import-dialog.h"
#include "kz-kgn.h"

/* Bad games listed one by one (the rest are counted). */
#define MAX_LISTED 200

struct _KzImportDialog {
  AdwWindow          parent_instance;

  GtkLabel          *heading;
  GtkProgressBar    *progress;
  GtkLabel          *status;
  GtkScrolledWindow *errors_scroller;
  GtkLabel          *errors;
  GtkButton         *undo_button;
  GtkButton         *cancel_button;
  GtkButton         *close_button;

  KzSession         *session;
  GFile             *file;
  char              *name;
  GCancellable      *cancellable;
  guint              timer;
  gboolean           running;
  gint64             import_id;

  /* Written by the worker, read by the timer. */
  GMutex             lock;
  guint64            bytes;
  guint64            total;
  guint              imported;
  guint              duplicates;
  guint              failed;
};

G_DEFINE_FINAL_TYPE (KzImportDialog, kz_import_dialog, ADW_TYPE_WINDOW)

enum { PROP_0, PROP_RUNNING, N_PROPS };
static GParamSpec *properties[N_PROPS];

enum { SIGNAL_FINISHED, SIGNAL_UNDONE, N_SIGNALS };
static guint signals[N_SIGNALS];

typedef struct {
  char               *db_path;
  GFile              *file;
  char               *name;
  KzKgnImportSummary  summary;
  GError             *error;
} Job;

static void
job_free (Job *job)
{
  g_free (job->db_path);
  g_clear_object (&job->file);
  g_free (job->name);
  kz_kgn_import_summary_clear (&job->summary);
  g_clear_error (&job->error);
  g_free (job);
}

static char *
counts_text (guint imported, guint duplicates, guint failed)
{
  /* Translators: the summary of an import, three counts of games */
  return g_strdup_printf (_("%u imported, %u duplicates skipped, %u could not be read"),
                          imported, duplicates, failed);
}

/* ---- the worker ------------------------------------------------------- */

static void
import_progress (const KzKgnProblem *problem, guint64 bytes_read,
                 const KzKgnImportSummary *so_far, gpointer data)
{
  KzImportDialog *self = data;
  g_mutex_lock (&self->lock);
  self->bytes = bytes_read;
  self->imported = so_far->imported;
  self->duplicates = so_far->duplicates;
  self->failed = so_far->failed;
  g_mutex_unlock (&self->lock);
}

static void
import_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  KzImportDialog *self = source;
  Job *job = task_data;
  g_autoptr (KzStore) store = kz_store_open (job->db_path, &job->error);
  if (store == NULL)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }
  g_autoptr (GFileInfo) info = g_file_query_info (job->file, G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                                  G_FILE_QUERY_INFO_NONE, cancellable, NULL);
  if (info)
    {
      g_mutex_lock (&self->lock);
      self->total = (guint64) g_file_info_get_size (info);
      g_mutex_unlock (&self->lock);
    }
  g_autoptr (GFileInputStream) in = g_file_read (job->file, cancellable, &job->error);
  if (in == NULL)
    {
      g_task_return_boolean (task, TRUE);
      return;
    }
  kz_kgn_import_stream (store, G_INPUT_STREAM (in), job->name, import_progress, self,
                        cancellable, &job->summary, &job->error);
  g_task_return_boolean (task, TRUE);
}

/* ---- the main thread -------------------------------------------------- */

static gboolean
update_progress (gpointer data)
{
  KzImportDialog *self = data;
  g_mutex_lock (&self->lock);
  guint64 bytes = self->bytes, total = self->total;
  guint imported = self->imported, duplicates = self->duplicates, failed = self->failed;
  g_mutex_unlock (&self->lock);
  if (total > 0)
    gtk_progress_bar_set_fraction (self->progress, MIN (1.0, (double) bytes / (double) total));
  else
    gtk_progress_bar_pulse (self->progress);
  g_autofree char *text = counts_text (imported, duplicates, failed);
  gtk_label_set_text (self->status, text);
  return G_SOURCE_CONTINUE;
}

static void
set_running (KzImportDialog *self, gboolean running)
{
  if (self->running == running)
    return;
  self->running = running;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

static void
show_summary (KzImportDialog *self, Job *job)
{
  const KzKgnImportSummary *s = &job->summary;
  gboolean cancelled = g_error_matches (job->error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  gboolean failed = job->error != NULL && !cancelled
                    && !g_error_matches (job->error, KZ_KGN_ERROR, KZ_KGN_ERROR_EMPTY);
  gtk_label_set_text (self->heading, cancelled ? _("Import Cancelled")
                                     : failed ? _("Import Failed") : _("Import Finished"));
  gtk_widget_set_visible (GTK_WIDGET (self->progress), FALSE);

  GString *status = g_string_new (NULL);
  g_autofree char *counts = counts_text (s->imported, s->duplicates, s->failed);
  g_string_append (status, counts);
  if (cancelled)
    {
      g_string_append_c (status, '\n');
      g_string_append (status, _("The games imported before you cancelled are kept."));
    }
  else if (job->error)
    {
      g_string_append_c (status, '\n');
      g_string_append (status, job->error->message);
    }
  if (s->note)
    {
      g_string_append_c (status, '\n');
      g_string_append (status, s->note);
    }
  gtk_label_set_text (self->status, status->str);
  g_string_free (status, TRUE);
  /* For checks from outside (tests): G_MESSAGES_DEBUG=Kazaki. */
  g_log ("Kazaki", G_LOG_LEVEL_DEBUG, "import: %s", counts);

  if (s->problems && s->problems->len > 0)
    {
      GString *list = g_string_new (NULL);
      guint listed = MIN (s->problems->len, MAX_LISTED);
      for (guint i = 0; i < listed; i++)
        {
          KzKgnProblem *p = g_ptr_array_index (s->problems, i);
          if (i > 0)
            g_string_append_c (list, '\n');
          /* Translators: where a bad game starts, then the error ("line 12, column 5: …") */
          g_string_append_printf (list, _("• The game at line %u — %s"), p->game_line,
                                  p->error ? p->error->message : "?");
        }
      if (s->failed > listed)
        {
          g_string_append_c (list, '\n');
          g_string_append_printf (list, _("… and %u more"), s->failed - listed);
        }
      gtk_label_set_text (self->errors, list->str);
      g_string_free (list, TRUE);
      gtk_widget_set_visible (GTK_WIDGET (self->errors_scroller), TRUE);
    }
  self->import_id = s->import_id;
  gtk_widget_set_visible (GTK_WIDGET (self->undo_button), s->import_id != 0 && s->imported > 0);
  gtk_widget_set_visible (GTK_WIDGET (self->cancel_button), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->close_button), TRUE);
  gtk_window_set_default_widget (GTK_WINDOW (self), GTK_WIDGET (self->close_button));
  gtk_widget_grab_focus (GTK_WIDGET (self->close_button));
}

static void
import_done (GObject *source, GAsyncResult *result, gpointer data)
{
  KzImportDialog *self = KZ_IMPORT_DIALOG (source);
  Job *job = g_task_get_task_data (G_TASK (result));
  g_clear_handle_id (&self->timer, g_source_remove);
  set_running (self, FALSE);
  show_summary (self, job);
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0, job->summary.import_id, job->summary.imported);
}

void
kz_import_dialog_start (KzImportDialog *self)
{
  g_return_if_fail (KZ_IS_IMPORT_DIALOG (self));
  g_return_if_fail (!self->running);
  KzStore *store = kz_session_get_store (self->session);
  Job *job = g_new0 (Job, 1);
  job->db_path = g_strdup (store ? kz_store_get_path (store) : NULL);
  job->file = g_object_ref (self->file);
  job->name = g_strdup (self->name);
  g_autoptr (GTask) task = g_task_new (self, self->cancellable, import_done, NULL);
  g_task_set_task_data (task, job, (GDestroyNotify) job_free);
  set_running (self, TRUE);
  if (store == NULL || g_strcmp0 (job->db_path, ":memory:") == 0)
    {
      /* No file another connection could open. */
      g_set_error (&job->error, KZ_STORE_ERROR, KZ_STORE_ERROR_CANNOT_OPEN,
                   _("The game database is not available"));
      g_task_return_boolean (task, TRUE);
      return;
    }
  self->timer = g_timeout_add (100, update_progress, self);
  g_task_run_in_thread (task, import_thread);
}

gboolean
kz_import_dialog_get_running (KzImportDialog *self)
{
  g_return_val_if_fail (KZ_IS_IMPORT_DIALOG (self), FALSE);
  return self->running;
}

void
kz_import_dialog_cancel (KzImportDialog *self)
{
  g_return_if_fail (KZ_IS_IMPORT_DIALOG (self));
  g_cancellable_cancel (self->cancellable);
}

gboolean
kz_import_dialog_undo (KzImportDialog *self, GError **error)
{
  g_return_val_if_fail (KZ_IS_IMPORT_DIALOG (self), FALSE);
  KzStore *store = kz_session_get_store (self->session);
  if (store == NULL || self->import_id == 0 || self->running)
    return TRUE;
  /* Through the session, which closes a game of the import shown now. */
  KzGameFilter filter = { .import_id = self->import_id };
  guint count = 0;
  if (!kz_store_count_games (store, &filter, &count, error))
    return FALSE;
  g_autoptr (GPtrArray) infos = kz_store_list_games (store, &filter, 0, count, error);
  if (infos == NULL)
    return FALSE;
  g_autoptr (GArray) ids = g_array_sized_new (FALSE, FALSE, sizeof (gint64), infos->len);
  for (guint i = 0; i < infos->len; i++)
    g_array_append_val (ids, ((KzGameInfo *) g_ptr_array_index (infos, i))->id);
  if (ids->len > 0
      && !kz_session_delete_games (self->session, (const gint64 *) ids->data, ids->len, error))
    return FALSE;
  if (!kz_store_delete_import (store, self->import_id, NULL, error))
    return FALSE;
  g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                        "Import undone: %u game deleted",
                                                        "Import undone: %u games deleted",
                                                        ids->len), ids->len);
  gtk_label_set_text (self->status, text);
  self->import_id = 0;
  gtk_widget_set_visible (GTK_WIDGET (self->undo_button), FALSE);
  g_signal_emit (self, signals[SIGNAL_UNDONE], 0);
  return TRUE;
}

static void
undo_clicked (KzImportDialog *self)
{
  g_autoptr (GError) error = NULL;
  if (!kz_import_dialog_undo (self, &error))
    gtk_label_set_text (self->status, error->message);
}

static void
cancel_clicked (KzImportDialog *self)
{
  kz_import_dialog_cancel (self);
  gtk_widget_set_sensitive (GTK_WIDGET (self->cancel_button), FALSE);
}

/* Closing while it runs cancels; the window closes when the worker ends. */
static gboolean
close_request (GtkWindow *window)
{
  KzImportDialog *self = KZ_IMPORT_DIALOG (window);
  if (self->running)
    {
      cancel_clicked (self);
      return TRUE;
    }
  return FALSE;
}

static void
kz_import_dialog_dispose (GObject *object)
{
  KzImportDialog *self = KZ_IMPORT_DIALOG (object);
  g_cancellable_cancel (self->cancellable);
  g_clear_handle_id (&self->timer, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), KZ_TYPE_IMPORT_DIALOG);
  G_OBJECT_CLASS (kz_import_dialog_parent_class)->dispose (object);
}

static void
kz_import_dialog_finalize (GObject *object)
{
  KzImportDialog *self = KZ_IMPORT_DIALOG (object);
  g_clear_object (&self->session);
  g_clear_object (&self->file);
  g_clear_object (&self->cancellable);
  g_free (self->name);
  g_mutex_clear (&self->lock);
  G_OBJECT_CLASS (kz_import_dialog_parent_class)->finalize (object);
}

static void
kz_import_dialog_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KzImportDialog *self = KZ_IMPORT_DIALOG (object);
  switch (prop_id)
    {
    case PROP_RUNNING: g_value_set_boolean (value, self->running); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_import_dialog_class_init (KzImportDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  object_class->dispose = kz_import_dialog_dispose;
  object_class->finalize = kz_import_dialog_finalize;
  object_class->get_property = kz_import_dialog_get_property;
  GTK_WINDOW_CLASS (klass)->close_request = close_request;

  properties[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE,
                                                   G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY
                                                   | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
  signals[SIGNAL_FINISHED] =
    g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_UINT);
  signals[SIGNAL_UNDONE] =
    g_signal_new ("undone", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/kz-import-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, KzImportDialog, heading);
  gtk_widget_class_bind_template_child (widget_class, KzImportDialog, progress);
  gtk_widget_class_bind_template_child (widget_class, KzImportDialog, status);
  gtk_widget_class_bind_template_child (widget_class, KzImportDialog, errors_scroller);
  gtk_widget_class_bind_template_child (widget_class, KzImportDialog, errors);
  gtk_widget_class_bind_template_child (widget_class, KzImportDialog, undo_button);
  gtk_widget_class_bind_template_child (widget_class, KzImportDialog, cancel_button);
  gtk_widget_class_bind_template_child (widget_class, KzImportDialog, close_button);
  gtk_widget_class_bind_template_callback (widget_class, undo_clicked);
  gtk_widget_class_bind_template_callback (widget_class, cancel_clicked);
  gtk_widget_class_bind_template_callback (widget_class, gtk_window_close);
}

static void
kz_import_dialog_init (KzImportDialog *self)
{
  g_mutex_init (&self->lock);
  self->cancellable = g_cancellable_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}

KzImportDialog *
kz_import_dialog_new (GtkWindow *parent, KzSession *session, GFile *file)
{
  g_return_val_if_fail (KZ_IS_SESSION (session), NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);
  KzImportDialog *self = g_object_new (KZ_TYPE_IMPORT_DIALOG,
                                       "transient-for", parent, NULL);
  self->session = g_object_ref (session);
  self->file = g_object_ref (file);
  self->name = g_file_get_basename (file);
  /* Translators: the heading while a file is imported */
  g_autofree char *heading = g_strdup_printf (_("Importing “%s”"), self->name);
  gtk_label_set_text (self->heading, heading);
  g_autofree char *counts = counts_text (0, 0, 0);
  gtk_label_set_text (self->status, counts);
  return self;
}
