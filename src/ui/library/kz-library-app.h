/* kz-library-app.h — the application's library actions and file opening.
 *
 *   app.library   the library window (Ctrl+L)
 *   app.import    import a .kgn file into the library (Ctrl+O)
 *   "open"        .kgn files given on the command line or by a file
 *                 manager are imported, and the first game is opened
 *                 for replay
 *
 * Import reports each bad game with its line and column in a dialog and
 * imports the good ones.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-application.h"

G_BEGIN_DECLS

/* Called from the application's startup. */
void kz_library_app_init   (KzApplication *app);
/* Imports `file` into the database; parent: where to report. */
void kz_library_import_file (KzApplication *app, GFile *file, gboolean open_first);

G_END_DECLS
