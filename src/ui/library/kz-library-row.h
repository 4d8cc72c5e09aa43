/* kz-library-row.h — one game in the library's list: a thumbnail of its
 * final position, the players, the outcome, the date, and Review and
 * Delete buttons (signals "open" and "delete").  Delete is off for a
 * game in use (the game on the board, or the one to go back to).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "kz-game-item.h"

G_BEGIN_DECLS

#define KZ_TYPE_LIBRARY_ROW (kz_library_row_get_type ())
G_DECLARE_FINAL_TYPE (KzLibraryRow, kz_library_row, KZ, LIBRARY_ROW, GtkBox)

/* The row shows the item of `list_item` (not owned; it owns the row). */
KzLibraryRow *kz_library_row_new           (GtkListItem *list_item);
GtkListItem  *kz_library_row_get_list_item (KzLibraryRow *self);
void          kz_library_row_show          (KzLibraryRow *self,
                                            KzGameItem   *item,
                                            gboolean      deletable,
                                            const char   *why_not);

G_END_DECLS
