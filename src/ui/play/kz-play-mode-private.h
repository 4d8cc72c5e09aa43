/* kz-play-mode-private.h — KzPlayMode's state, for the files of KzWindow
 * (through kz-window-private.h) and kz-play-mode.c only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-board-view.h"
#include "kz-computer-player.h"
#include "kz-draw-bar.h"
#include "kz-play-mode.h"

G_BEGIN_DECLS

struct _KzPlayMode {
  KzMode            parent_instance;

  /* widgets (kz-window.ui) */
  KzBoardView      *board;        /* the game played */
  GtkLabel         *status_label;
  GtkLabel         *detail_label;
  KzDrawBar        *draw_bar;     /* the computer's draw offer */

  KzGame           *game;         /* the session's game, as shown */
  GSignalGroup     *game_signals; /* its signals, which the window follows */
  KzComputerPlayer *computer;     /* its search, for the game shown */
  GCancellable     *computer_cancellable;
  gboolean          thinking;
  gboolean          game_over_pending;  /* show the dialog after the animation */
  gboolean          auto_flipped; /* turned for a human playing the Turks (not saved) */

  /* draws with the computer (kz-window-draw.c) */
  GCancellable     *draw_cancellable;  /* a judgement running (an offer made, or to make) */
  int               draw_offer_ply;    /* the ply of the computer's last offer; -1: none */
};

G_END_DECLS
