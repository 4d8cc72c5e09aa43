/* kz-library-window.h — the library of past games.
 *
 * Every stored game, newest first, over the lazy KzGameListModel: date,
 * players, result and how it ended, number of moves and a thumbnail of
 * the final position.  Search by player name, filter by result, delete
 * with Undo (the game is deleted from the database only when the toast
 * goes), open a game for replay in the main window (win.open-game),
 * export the selected games as KGN.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "kz-session.h"

G_BEGIN_DECLS

#define KZ_TYPE_LIBRARY_WINDOW (kz_library_window_get_type ())
G_DECLARE_FINAL_TYPE (KzLibraryWindow, kz_library_window, KZ, LIBRARY_WINDOW, AdwWindow)

KzLibraryWindow *kz_library_window_new    (GtkApplication *app,
                                           KzSession      *session);
/* Re-reads the list (after games were added elsewhere). */
void             kz_library_window_reload (KzLibraryWindow *self);

G_END_DECLS
