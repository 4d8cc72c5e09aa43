/* kz-kgn-import.c — KGN import into a KzStore: each game read by
 * KzKgnReader (kz-kgn-read.c) is stored with its digest, bad games are
 * counted and reported.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-kgn.h"
#include "kz-store-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>

void
kz_kgn_import_summary_clear (KzKgnImportSummary *summary)
{
  g_clear_pointer (&summary->problems, g_ptr_array_unref);
  g_clear_pointer (&summary->note, g_free);
  memset (summary, 0, sizeof *summary);
}

char *
kz_kgn_game_digest (KzGame *game)
{
  g_autofree char *text = kz_kgn_export_game (game);
  return g_compute_checksum_for_string (G_CHECKSUM_SHA256, text, -1);
}

static gboolean
import_reader (KzStore *store, KzKgnReader *reader, const char *file_name,
               KzKgnImportFunc func, gpointer user_data, GCancellable *cancellable,
               KzKgnImportSummary *summary, GError **error)
{
  memset (summary, 0, sizeof *summary);
  summary->problems = g_ptr_array_new_with_free_func ((GDestroyNotify) kz_kgn_problem_free);
  gint64 import_id = kz_store_begin_import (store, file_name, error);
  if (import_id == 0)
    return FALSE;
  summary->import_id = import_id;
  gboolean ok = TRUE;
  GError *local = NULL;
  for (;;)
    {
      KzGame *game = NULL;
      KzKgnProblem *problem = NULL;
      if (!kz_kgn_reader_next (reader, &game, &problem, cancellable, &local))
        break;
      if (game)
        {
          g_autofree char *digest = kz_kgn_game_digest (game);
          gboolean duplicate = FALSE;
          gint64 id = kz_store_add_imported_game (store, game, import_id, digest, &duplicate, &local);
          g_object_unref (game);
          if (id == 0 && !duplicate)
            break;
          if (duplicate)
            summary->duplicates++;
          else
            summary->imported++;
        }
      else
        {
          summary->failed++;
          if (!kz_store_count_import_failure (store, import_id, &local))
            {
              kz_kgn_problem_free (problem);
              break;
            }
          if (func)
            func (problem, kz_kgn_reader_get_bytes_read (reader), summary, user_data);
          if (summary->problems->len < KZ_KGN_MAX_PROBLEMS)
            g_ptr_array_add (summary->problems, problem);
          else
            kz_kgn_problem_free (problem);
          continue;
        }
      if (func)
        func (NULL, kz_kgn_reader_get_bytes_read (reader), summary, user_data);
    }
  if (local)
    {
      ok = FALSE;
      g_propagate_error (error, local);
    }
  else if (summary->imported + summary->duplicates + summary->failed == 0)
    {
      ok = FALSE;
      g_set_error (error, KZ_KGN_ERROR, KZ_KGN_ERROR_EMPTY, _("There is no game in the text"));
    }
  /* The games are committed one by one; what ends the import can only
   * fail to sync them, which the note reports without failing it. */
  kz_store_end_import (store, import_id, summary->imported, summary->duplicates, summary->failed,
                       &summary->note);
  return ok;
}

gboolean
kz_kgn_import_stream (KzStore *store, GInputStream *stream, const char *file_name,
                      KzKgnImportFunc func, gpointer user_data, GCancellable *cancellable,
                      KzKgnImportSummary *summary, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (store), FALSE);
  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), FALSE);
  g_return_val_if_fail (summary != NULL, FALSE);
  g_autoptr (KzKgnReader) reader = kz_kgn_reader_new_for_stream (stream);
  return import_reader (store, reader, file_name, func, user_data, cancellable, summary, error);
}

gboolean
kz_kgn_import (KzStore *store, const char *text, gssize len, guint *n_imported,
               GPtrArray **problems, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (store), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  g_autoptr (KzKgnReader) reader = kz_kgn_reader_new (text, len);
  g_auto (KzKgnImportSummary) summary = { 0 };
  gboolean ok = import_reader (store, reader, "", NULL, NULL, NULL, &summary, error);
  if (n_imported)
    *n_imported = summary.imported;
  if (problems)
    *problems = g_steal_pointer (&summary.problems);
  return ok;
}
