/* kz-mode.h — a mode of the main window: KzMode.
 *
 * What the main window shows over its board column is one mode at a time:
 * the game played (KzPlayMode, play/), a game reviewed (KzReviewMode,
 * review/), and next a lesson, a puzzle, the position editor.  A mode is
 * an object the window hosts (a template object of kz-window.ui, given
 * its widgets there) and holds the state of its part of the window; the
 * window swaps them in one place, kz_window_set_mode(), which hides the
 * mode shown and shows the new one.
 *
 * A subclass implements set_shown (show or hide its board and what goes
 * with it) and get_board (the board it shows, which takes the keyboard
 * focus).  Properties: "shown" (read-only); "game" and "ply", the game
 * the mode shows and at which ply (G_MAXUINT: as it stands), which the
 * window's player cards follow by bindings while the mode is shown.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "kz-game.h"

G_BEGIN_DECLS

#define KZ_TYPE_MODE (kz_mode_get_type ())
G_DECLARE_DERIVABLE_TYPE (KzMode, kz_mode, KZ, MODE, GObject)

struct _KzModeClass {
  GObjectClass parent_class;

  void       (*set_shown) (KzMode *self, gboolean shown);
  GtkWidget *(*get_board) (KzMode *self);
};

/* Shows or hides the mode's widgets (kz_window_set_mode() calls it). */
void       kz_mode_set_shown (KzMode *self, gboolean shown);
gboolean   kz_mode_get_shown (KzMode *self);
/* The game shown and at which ply (G_MAXUINT: as the game stands). */
void       kz_mode_set_game  (KzMode *self, KzGame *game);
KzGame    *kz_mode_get_game  (KzMode *self);
void       kz_mode_set_ply   (KzMode *self, guint ply);
guint      kz_mode_get_ply   (KzMode *self);
/* The board the mode shows. */
GtkWidget *kz_mode_get_board (KzMode *self);

G_END_DECLS
