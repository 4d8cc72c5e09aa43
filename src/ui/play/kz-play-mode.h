/* kz-play-mode.h — the main window's mode for the game played:
 * KzPlayMode (a KzMode, window/kz-mode.h).
 *
 * Shows the board of the game played with the status line under it;
 * holds the state of the window's play (the game, the signals followed,
 * the computer player and its search), which the window's files
 * kz-window-game.c, kz-window-status.c and kz-window-clock.c use through
 * kz-play-mode-private.h.
 *
 * Properties (set in kz-window.ui): "board" (KzBoardView),
 * "status-label", "detail-label" (GtkLabel).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-mode.h"

G_BEGIN_DECLS

#define KZ_TYPE_PLAY_MODE (kz_play_mode_get_type ())
G_DECLARE_FINAL_TYPE (KzPlayMode, kz_play_mode, KZ, PLAY_MODE, KzMode)

G_END_DECLS
