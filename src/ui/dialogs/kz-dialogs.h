/* kz-dialogs.h — message dialogs that build warning-free against
 * libadwaita 1.2 (AdwMessageDialog) and ≥ 1.5 (AdwAlertDialog).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Called with the id of the chosen response ("close" when dismissed). */
typedef void (*KzAlertCallback) (GObject    *dialog,
                                 const char *response,
                                 gpointer    user_data);

/* A new alert (AdwAlertDialog or AdwMessageDialog); present it with
 * kz_alert_present(), which takes ownership. */
GObject *kz_alert_new           (const char *heading,
                                 const char *body);
void     kz_alert_add_response  (GObject    *alert,
                                 const char *id,
                                 const char *label,
                                 AdwResponseAppearance appearance);
void     kz_alert_set_default   (GObject    *alert,
                                 const char *id,
                                 const char *close_id);
void     kz_alert_set_extra_child (GObject   *alert,
                                   GtkWidget *child);
void     kz_alert_present       (GObject         *alert,
                                 GtkWidget       *parent,
                                 KzAlertCallback  callback,
                                 gpointer         user_data);
/* Closes an alert that is still shown. */
void     kz_alert_close         (GObject *alert);

/* The About dialog (AdwAboutDialog filled from the metainfo on
 * libadwaita ≥ 1.5, else AdwAboutWindow). */
void     kz_show_about          (GtkWidget *parent);

/* The preferences (AdwPreferencesDialog ≥ 1.5, else
 * AdwPreferencesWindow) bound to the application's settings. */
void     kz_show_preferences    (GtkWidget *parent,
                                 GSettings *settings);
/* Light or dark colours as the setting "style" says (system, light,
 * dark), now and whenever it changes. */
void     kz_follow_style_setting (GSettings *settings);

/* The keyboard shortcuts (AdwShortcutsDialog on libadwaita ≥ 1.8, else
 * a GtkShortcutsWindow). */
void     kz_show_shortcuts      (GtkWidget *parent);

/* Escape and Ctrl+W close a secondary window. */
void     kz_add_close_shortcuts (GtkWindow *window);

/* A secondary window of text to read (How to Play, Troops): `title` in
 * the header bar and as the window's title, `width` × `height` by
 * default, Escape and Ctrl+W close it; under the header a vertical
 * scrolled page clamped to `max_width`, with a column whose margins are
 * 12 px at the top, 24 at the bottom and `side_margin` at the sides.
 * *content is that column (a vertical GtkBox, 12 px spacing) for the
 * caller to fill. */
GtkWidget *kz_reading_window_new (const char  *title,
                                  int          width,
                                  int          height,
                                  int          max_width,
                                  int          side_margin,
                                  GtkWidget  **content);

G_END_DECLS
