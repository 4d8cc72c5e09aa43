/* kz-file-chooser.h — open and save file dialogs that build warning-free
 * against GTK 4.8 (GtkFileChooserNative) and ≥ 4.10 (GtkFileDialog).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Called once with the chosen file, or NULL when the dialog was
 * cancelled. */
typedef void (*KzFileCallback) (GFile *file, gpointer user_data);

/* patterns: NULL-terminated glob patterns of one filter, e.g.
 * { "*.kgn", NULL }, named filter_name; may be NULL for none. */
void kz_file_chooser_open (GtkWindow          *parent,
                           const char         *title,
                           const char         *filter_name,
                           const char * const *patterns,
                           KzFileCallback      callback,
                           gpointer            user_data);

void kz_file_chooser_save (GtkWindow          *parent,
                           const char         *title,
                           const char         *initial_name,
                           const char         *filter_name,
                           const char * const *patterns,
                           KzFileCallback      callback,
                           gpointer            user_data);

/* The name to show the user for `file`: its display name (for a file the
 * document portal passed to a sandboxed app, the file's own name, not the
 * portal's /run/user/…/doc/… path), else its base name. Never NULL. */
char *kz_file_dup_display_name (GFile *file);

/* error's message with the path of `file` (GIO puts it in most of its
 * messages) replaced by the file's display name. */
char *kz_file_error_message (GFile *file, const GError *error);

G_END_DECLS
