/* ui-test-app.h — what the GLib test programs that need a display share:
 * the skip without one and the environment (test-ui-window.c,
 * test-ui-stack.c, test-library-window.c, test-ui-import.c), running the
 * test cases inside the real application (test-ui-window.c,
 * test-ui-stack.c), waiting while the main loop runs, finding a button
 * or the widgets of a type, the text of the labels, clicking and typing
 * through the X server.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "kz-window.h"

G_BEGIN_DECLS

/* Without a display: prints the TAP skip line and returns FALSE.  Else
 * settings in memory, no accessibility backend, g_test_init(), TRUE. */
gboolean ui_test_init (int *argc, char ***argv);

/* Runs the test cases added so far inside a KzApplication (non-unique, no
 * portal, its data, settings and cache in a temporary folder made from
 * `tmp_template` and removed afterwards), half a second after its window
 * is up, then quits it.  `*app` is the application meanwhile; `before`, if
 * not NULL, is called just before the test cases.  Returns
 * g_test_run()'s status. */
int ui_test_run_in_app (const char *tmp_template, GApplication **app,
                        void (*before) (GApplication *app));

/* Runs the main loop for `ms` milliseconds. */
void ui_test_wait_ms (int ms);

/* A mapped button under `widget` (itself included) with this label
 * (mnemonic included), depth first, or NULL. */
GtkWidget *ui_test_find_button (GtkWidget *widget, const char *label);

/* The application's active window, which must be its main window. */
KzWindow *ui_test_main_window (GApplication *app);

/* The first mapped descendant of `root` of `type` (depth first), or NULL. */
GtkWidget *ui_test_find_mapped (GtkWidget *root, GType type);

/* Appends every mapped descendant of `root` of `type` to `out`. */
void ui_test_collect_mapped (GtkWidget *root, GType type, GPtrArray *out);

/* Appends `root` and every descendant of `type` to `out`, mapped or not. */
void ui_test_collect_all (GtkWidget *root, GType type, GPtrArray *out);

/* Appends the text of every label under `widget` (itself included),
 * mapped or not, one a line. */
void ui_test_collect_text (GtkWidget *widget, GString *text);

/* Real input through the X server, as a user gives it (xdotool): TRUE if
 * it can be used here (an X11 display, xdotool installed). */
gboolean ui_test_have_xdotool (void);

/* Moves the pointer to the middle of `widget`, presses the first button,
 * holds it for `hold_ms` milliseconds while the main loop runs (a user's
 * click takes about 100 ms), and releases it. */
void ui_test_click (GtkWidget *widget, int hold_ms);

/* Types `text` on the keyboard (to the window under the pointer). */
void ui_test_type (const char *text);

G_END_DECLS
