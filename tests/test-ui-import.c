/* test-ui-import.c — KzImportDialog (issue 15): the import runs in a
 * worker thread while the main loop goes on; the summary counts imported,
 * duplicate and bad games and lists the bad ones; Undo deletes what the
 * import added; Cancel stops a long import and keeps what was committed.
 *
 * Needs a display (./build-aux/test runs it under Xvfb); skipped without.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "kz-import-dialog.h"
#include "kz-kgn.h"
#include "kz-session.h"
#include "kz-store.h"
#include "remove-files.h"
#include "ui-test-app.h"

GResource *kz_get_resource (void);
void kz_register_resource (void);

typedef struct {
  gboolean done;
  gint64   import_id;
  guint    imported;
  guint    ticks;      /* main-loop iterations while the worker ran */
} Outcome;

static void
finished (KzImportDialog *dialog, gint64 import_id, guint imported, Outcome *o)
{
  o->done = TRUE;
  o->import_id = import_id;
  o->imported = imported;
}

static void
run_until_done (Outcome *o)
{
  gint64 end = g_get_monotonic_time () + 120 * G_USEC_PER_SEC;
  while (!o->done && g_get_monotonic_time () < end)
    {
      g_main_context_iteration (NULL, FALSE);
      o->ticks++;
      g_usleep (1000);
    }
  g_assert_true (o->done);
}

/* The text of the first label under `widget` whose text starts with `prefix`. */
static const char *
find_text (GtkWidget *widget, const char *prefix)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget)
      && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (widget)), prefix))
    return gtk_label_get_text (GTK_LABEL (widget));
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      const char *t = find_text (c, prefix);
      if (t)
        return t;
    }
  return NULL;
}

static char *
write_games (const char *dir, const char *name, guint n, guint bad_every)
{
  GString *text = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "[Event \"g%u\"]\n[Cossacks \"P%u\"]\n\n1. b4-a4 b6-a6 %s*\n\n",
                            i, i, bad_every && i % bad_every == 0 ? "zz " : "");
  char *path = g_build_filename (dir, name, NULL);
  g_assert_true (g_file_set_contents (path, text->str, (gssize) text->len, NULL));
  g_string_free (text, TRUE);
  return path;
}

static guint
count_games (KzSession *session)
{
  guint n = 0;
  g_assert_true (kz_store_count_games (kz_session_get_store (session), NULL, &n, NULL));
  return n;
}

static void
test_import_summary_undo (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kazaki-ui-import-XXXXXX", NULL);
  g_autofree char *db = g_build_filename (dir, "games.db", NULL);
  g_autoptr (KzSession) session = kz_session_new (db);
  g_assert_nonnull (kz_session_get_store (session));
  g_autofree char *kgn = write_games (dir, "games.kgn", 40, 5);

  for (int round = 0; round < 2; round++)
    {
      g_autoptr (GFile) file = g_file_new_for_path (kgn);
      KzImportDialog *dialog = kz_import_dialog_new (NULL, session, file);
      Outcome o = { 0 };
      g_signal_connect (dialog, "finished", G_CALLBACK (finished), &o);
      gtk_window_present (GTK_WINDOW (dialog));
      kz_import_dialog_start (dialog);
      g_assert_true (kz_import_dialog_get_running (dialog));
      run_until_done (&o);
      g_assert_false (kz_import_dialog_get_running (dialog));
      g_assert_cmpuint (o.imported, ==, round == 0 ? 32 : 0);
      const char *summary = find_text (GTK_WIDGET (dialog), round == 0 ? "32 imported" : "0 imported");
      g_assert_nonnull (summary);
      g_assert_nonnull (strstr (summary, round == 0 ? "0 duplicates skipped, 8 could not be read"
                                                    : "32 duplicates skipped, 8 could not be read"));
      const char *errors = find_text (GTK_WIDGET (dialog), "• The game at line 1 — line 4, column 16");
      g_assert_nonnull (errors);
      g_assert_cmpuint (count_games (session), ==, 32);
      if (round == 1)
        {
          g_assert_true (kz_import_dialog_undo (dialog, NULL));   /* nothing added: nothing to do */
          g_assert_cmpuint (count_games (session), ==, 32);
          gtk_window_destroy (GTK_WINDOW (dialog));
          continue;
        }
      /* Undo right after the import: its games are gone. */
      g_autoptr (GError) error = NULL;
      g_assert_true (kz_import_dialog_undo (dialog, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (count_games (session), ==, 0);
      g_assert_nonnull (find_text (GTK_WIDGET (dialog), "Import undone: 32 games deleted"));
      gtk_window_destroy (GTK_WINDOW (dialog));
      /* Import again for the duplicates round. */
      g_autoptr (GFile) again = g_file_new_for_path (kgn);
      KzImportDialog *d2 = kz_import_dialog_new (NULL, session, again);
      Outcome o2 = { 0 };
      g_signal_connect (d2, "finished", G_CALLBACK (finished), &o2);
      kz_import_dialog_start (d2);
      run_until_done (&o2);
      g_assert_cmpuint (o2.imported, ==, 32);
      gtk_window_destroy (GTK_WINDOW (d2));
    }
  g_clear_object (&session);
  remove_database (db);
  g_unlink (kgn);
  g_rmdir (dir);
}

/* Cancel: the worker stops between games; what it committed stays and
 * the summary counts exactly that. */
static void
test_cancel (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kazaki-ui-import-XXXXXX", NULL);
  g_autofree char *db = g_build_filename (dir, "games.db", NULL);
  g_autoptr (KzSession) session = kz_session_new (db);
  g_autofree char *kgn = write_games (dir, "many.kgn", 20000, 0);
  g_autoptr (GFile) file = g_file_new_for_path (kgn);
  KzImportDialog *dialog = kz_import_dialog_new (NULL, session, file);
  Outcome o = { 0 };
  g_signal_connect (dialog, "finished", G_CALLBACK (finished), &o);
  gtk_window_present (GTK_WINDOW (dialog));
  kz_import_dialog_start (dialog);
  /* Let it commit some games, with the main loop running meanwhile. */
  gint64 until = g_get_monotonic_time () + 300 * 1000;
  while (g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
  g_assert_true (kz_import_dialog_get_running (dialog));
  kz_import_dialog_cancel (dialog);
  run_until_done (&o);
  g_test_message ("cancelled after %u games", o.imported);
  g_assert_cmpuint (o.imported, <, 20000);
  g_assert_cmpuint (count_games (session), ==, o.imported);
  g_assert_nonnull (find_text (GTK_WIDGET (dialog), "Import Cancelled"));
  g_autofree char *counts = g_strdup_printf ("%u imported", o.imported);
  g_assert_nonnull (find_text (GTK_WIDGET (dialog), counts));
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_clear_object (&session);
  remove_database (db);
  g_unlink (kgn);
  g_rmdir (dir);
}

int
main (int argc, char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  if (!ui_test_init (&argc, &argv))
    return 0;
  adw_init ();
  kz_register_resource ();
  g_test_add_func ("/ui/import/summary-undo", test_import_summary_undo);
  g_test_add_func ("/ui/import/cancel", test_cancel);
  return g_test_run ();
}
