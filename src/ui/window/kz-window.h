/* kz-window.h — the main window: the board, the side panel, the game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "kz-game.h"
#include "kz-session.h"

G_BEGIN_DECLS

#define KZ_TYPE_WINDOW (kz_window_get_type ())
G_DECLARE_FINAL_TYPE (KzWindow, kz_window, KZ, WINDOW, AdwApplicationWindow)

KzWindow  *kz_window_new          (GtkApplication *app,
                                   KzSession      *session,
                                   GSettings      *settings);
KzSession *kz_window_get_session  (KzWindow *self);
GSettings *kz_window_get_settings (KzWindow *self);
/* Opens the New Game dialog. */
void      kz_window_show_new_game (KzWindow *self);
KzGame   *kz_window_get_game      (KzWindow *self);
/* The position on the board: in a review the one reviewed (maybe in a
 * variation), else the game's; NULL without a game. */
const KzPosition *kz_window_get_shown_position (KzWindow *self);
void      kz_window_show_toast    (KzWindow *self,
                                   const char *text);
/* Loads stored game `id` and reviews it from its start (see
 * kz_session_open_for_review()); FALSE with a toast when it cannot. */
gboolean  kz_window_open_game     (KzWindow *self,
                                   gint64    id);
/* Opens the demonstration battle (kz-battle.h) in memory for review and
 * plays it on by itself, its comments shown and said; FALSE with a toast
 * when it cannot. */
gboolean  kz_window_show_demonstration (KzWindow *self);
/* Replaces the window's game (stored or in memory) and shows it. */
void      kz_window_set_game      (KzWindow *self,
                                   KzGame   *game);

G_END_DECLS
