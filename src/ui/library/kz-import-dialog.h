/* kz-import-dialog.h — importing a KGN file in a worker thread: a
 * progress bar and Cancel while it runs (what was committed stays), then
 * the summary ("N imported, M duplicates skipped, K could not be read")
 * with a scrollable, capped list of the bad games and Undo.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "kz-session.h"

G_BEGIN_DECLS

#define KZ_TYPE_IMPORT_DIALOG (kz_import_dialog_get_type ())
G_DECLARE_FINAL_TYPE (KzImportDialog, kz_import_dialog, KZ, IMPORT_DIALOG, AdwWindow)

/* Signals:
 *   "finished" (gint64 import_id, guint imported) — the import ended (done,
 *              cancelled or failed); import_id 0 when nothing was recorded
 *   "undone"   () — Undo deleted the import's games
 * Property "running" gboolean: while the worker thread runs. */

/* A dialog that imports `file` into the session's database when
 * presented (kz_import_dialog_start()). */
KzImportDialog *kz_import_dialog_new   (GtkWindow *parent, KzSession *session, GFile *file);
void            kz_import_dialog_start (KzImportDialog *self);
gboolean        kz_import_dialog_get_running (KzImportDialog *self);
/* Cancels a running import (the games committed so far stay). */
void            kz_import_dialog_cancel (KzImportDialog *self);
/* Undoes the finished import: deletes its games. */
gboolean        kz_import_dialog_undo (KzImportDialog *self, GError **error);

G_END_DECLS
