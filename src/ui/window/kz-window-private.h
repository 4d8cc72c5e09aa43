/* kz-window-private.h — the main window's state, shared by the files
 * that make up the one class KzWindow:
 *
 *   kz-window.c           the window: its parts, the session it follows,
 *                         the board's orientation, settings, size
 *   kz-window-game.c      the game played: new games, moves, the computer,
 *                         and the game actions (undo, redo, resign, draw, hint…)
 *   kz-window-status.c    the status line, player cards, title,
 *                         which game actions are enabled, the game-over dialog
 *   kz-window-clock.c     the clocks: shown, paused (win.pause), stopped
 *                         under a dialog or while minimised (the state is
 *                         KzClockController's, kz-clock-controller.c)
 *   kz-window-draw.c      draws: offered by the player, or by the computer
 *                         (win.offer-draw, win.draw-accept, win.draw-decline)
 *   kz-window-welcome.c   the first start's welcome page (win.welcome,
 *                         win.first-game)
 *   kz-window-alerts.c    toasts and the warning that games are not saved
 *   kz-window-review.c    reviewing a game (win.review, win.review-*)
 *   kz-window-notation.c  KGN, KPN and board images (export, copy, paste)
 *   kz-window-analysis.c  the computer's analysis of the game reviewed
 *   kz-window-guide.c     the guided game (in guide/: win.guided-game, win.guide-*)
 *   kz-window-annotate.c  marks, comments and variations of the game reviewed
 *
 * The state of the window's modes lives in them (KzPlayMode, KzReviewMode,
 * window/kz-mode.h; their structs: kz-play-mode-private.h,
 * kz-review-mode-private.h) and the clocks' in KzClockController; the
 * window holds at most 30 fields (tests/check-source-layout.py).
 *
 * Not for any other file: the rest of the app uses kz-window.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-analysis-pane.h"
#include "kz-board-view.h"
#include "kz-clock-controller.h"
#include "kz-computer-player.h"
#include "kz-game-clock.h"
#include "kz-guide-panel.h"
#include "kz-mode.h"
#include "kz-moves-view.h"
#include "kz-play-mode-private.h"
#include "kz-player-card.h"
#include "kz-replay.h"
#include "kz-review-bar.h"
#include "kz-review-mode-private.h"
#include "kz-sounds.h"
#include "kz-window.h"

G_BEGIN_DECLS

struct _KzWindow {
  AdwApplicationWindow parent_instance;

  /* template children */
  AdwToastOverlay *toast_overlay;
  GtkLabel        *subtitle_label;  /* under the title: who plays */
  GtkWidget       *flip_button;
  GtkWidget       *side_panel;
  GtkWidget       *main_box;
  GtkWidget       *board_column;
  GtkSpinner      *thinking_spinner;
  KzPlayerCard    *cossacks_card;
  KzPlayerCard    *turks_card;
  KzMovesView      *moves_view;
  GtkLabel        *storage_label;

  KzSession       *session;      /* the database and the game (the window follows it) */
  GSettings       *settings;
  KzSounds        *sounds;

  AdwToast        *current_toast;   /* on screen; see kz_window_show_toast() */
  guint            message_source;  /* a message in the status line: its end */
  GObject         *game_over_dialog;
  gboolean         storage_warned;
  GObject         *pending_alert;
  gulong           refocus_handler;  /* the frame clock's after-paint, once an alert went */
  guint            refocus_idle;     /* then the board takes the focus back */
  gboolean         narrow;

  /* the clocks, the pause and what stops them (kz-window-clock.c); a
   * template object given the pause widgets in kz-window.ui */
  KzClockController *clocks;

  /* the modes (window/kz-mode.h): template objects given their widgets
   * in kz-window.ui; the one shown is swapped by kz_window_set_mode() */
  KzMode          *mode;         /* shown */
  KzPlayMode      *play;         /* the game played (play/kz-play-mode.c) */
  KzReviewMode    *review;       /* a game reviewed (review/kz-review-mode.c) */
  GBindingGroup   *card_bindings; /* the player cards follow the mode shown's game */

  /* the first start (kz-window-welcome.c); a template child */
  GtkWidget       *welcome_page;   /* over the board: how to begin */

  /* the guided game (guide/kz-window-guide.c); a template child that
   * follows the game given to it */
  KzGuidePanel    *guide_panel;
};

/* kz-window.c */
/* Shows `mode` instead of the mode shown: the one place modes are swapped. */
void            kz_window_set_mode           (KzWindow *self,
                                              KzMode   *mode);
gboolean        kz_window_is_computer        (KzWindow *self,
                                              KzSide    side);
gboolean        kz_window_is_human           (KzWindow *self,
                                              KzSide    side);
gboolean        kz_window_against_computer   (KzWindow *self);
gboolean        kz_window_human_vs_computer  (KzWindow *self);
KzSide          kz_window_human_side         (KzWindow *self);
const char     *kz_window_side_name          (KzSide side);
guint           kz_window_animation_duration (KzWindow *self);
/* Turns the board for a human playing the Turks against the computer. */
void            kz_window_orient_board       (KzWindow *self);

/* kz-window-game.c */
void            kz_window_game_init          (KzWindow *self);
/* Follows the game's signals (moves played or taken back, its end). */
void            kz_window_follow_game_init   (KzWindow *self);
/* Shows `game` (the session's new game): board, moves, clock. */
void            kz_window_show_game          (KzWindow *self,
                                              KzGame   *game);
/* On start: resume the newest unfinished game, else begin one. */
void            kz_window_load_initial_game  (KzWindow *self);
void            kz_window_stop_computer      (KzWindow *self);
void            kz_window_maybe_start_computer (KzWindow *self);
gboolean        kz_window_play_move          (KzWindow     *self,
                                              const KzMove *move);
void            kz_window_show_board         (KzWindow *self,
                                              gboolean  animate_last);
/* A new game from the preferences (against the computer or two players). */
void            kz_window_start_new_game     (KzWindow *self,
                                              gboolean  computer);
/* A guided game: against the computer at level 1, tagged Guided. */
void            kz_window_start_guided_game  (KzWindow *self);

/* kz-window-draw.c */
/* win.offer-draw, win.draw-accept, win.draw-decline. */
void            kz_window_draw_init          (KzWindow *self);
/* A move was played: the computer's standing offer lapses; after the
 * computer's own move it may offer a draw (judged in a worker thread). */
void            kz_window_draw_moved         (KzWindow *self);
/* The computer's offer lapses (a move taken back, the game over); for a
 * new game it may offer again at once. */
void            kz_window_draw_withdraw      (KzWindow *self,
                                              gboolean  new_game);

/* kz-window-welcome.c */
void            kz_window_welcome_init       (KzWindow *self);
/* The first start (how-to-play-offered still FALSE): the welcome page. */
void            kz_window_welcome_first_start (KzWindow *self);
/* Shows or hides the welcome page over the board (win.welcome). */
void            kz_window_show_welcome       (KzWindow *self,
                                              gboolean  shown);

/* guide/kz-window-guide.c */
/* The aids' actions (win.guide-*) and win.guided-game. */
void            kz_window_guide_init         (KzWindow *self);

/* kz-window-status.c */
/* Shows what follows from the game, the computer and the review. */
void            kz_window_show_state         (KzWindow *self);
void            kz_window_update_status      (KzWindow *self);
/* The title's second line: the kind of game, or the game reviewed. */
void            kz_window_update_subtitle    (KzWindow *self);
void            kz_window_update_actions     (KzWindow *self);
void            kz_window_show_game_over     (KzWindow *self);

/* kz-window-clock.c */
void            kz_window_clock_init         (KzWindow *self);
void            kz_window_clock_dispose      (KzWindow *self);
/* The clock runs only while the game is played here, and not paused. */
void            kz_window_update_clock_pause (KzWindow *self);
void            kz_window_set_clock          (KzWindow *self,
                                              KzGame   *game);
/* The times in the player cards: the game played's clocks, or while a
 * game is reviewed, its times at the position shown (none if unknown). */
void            kz_window_show_clocks        (KzWindow *self);
/* Paused by the player or interrupted (a dialog, minimised): a timed game
 * not over stands still -- no move, the computer's included. */
gboolean        kz_window_game_paused        (KzWindow *self);
/* Something that stops the clocks came or went: an alert held back, the
 * welcome page (the clock's own signals follow dialogs and minimising). */
void            kz_window_clock_interruptions_changed (KzWindow *self);
/* The player's pause (win.pause); nothing for a game without a clock. */
void            kz_window_pause_game         (KzWindow *self,
                                              gboolean  paused);

/* kz-window-alerts.c (kz_window_show_toast() is public) */
/* The status line shows the game's state again, not a message. */
void            kz_window_end_message        (KzWindow *self);
/* Says (once) that games are not being saved, and why. */
void            kz_window_warn_storage       (KzWindow     *self,
                                              const char   *what,
                                              const GError *error);
void            kz_window_start_fresh_database (KzWindow *self);
/* Presents the storage warning held back until the window was shown. */
gboolean        kz_window_present_pending_alert (gpointer user_data);

/* kz-window-review.c */
void            kz_window_review_init        (KzWindow *self);
void            kz_window_review_dispose     (KzWindow *self);
/* The window's game was replaced: leave the review of the old one. */
void            kz_window_review_game_changed (KzWindow *self);
/* The ply shown: the review's, else the game's last. */
guint           kz_window_review_shown_ply   (KzWindow *self);
/* The game shown (the reviewed one, else the window's). */
KzGame         *kz_window_review_shown_game  (KzWindow *self);
void            kz_window_review_leave       (KzWindow *self);
/* What the review board shows (the node reviewed); only while reviewing. */
void            kz_window_review_board_state (KzWindow     *self,
                                              KzBoardState *state);
/* Reviews a game when the session opens one. */
void            kz_window_review_follow_session (KzWindow *self);

/* kz-window-annotate.c */
void            kz_window_annotate_init      (KzWindow *self);
/* The annotation actions and panel follow the node the review shows. */
void            kz_window_annotate_update    (KzWindow *self);

/* kz-window-analysis.c */
void            kz_window_analysis_init      (KzWindow *self);
void            kz_window_analysis_dispose   (KzWindow *self);
/* The KGN of `game` with the evaluations of its analysis as comments
 * when win.export-evals is on and `game` is the game analysed; else
 * NULL (export it as usual). */
char           *kz_window_analysis_export_kgn (KzWindow *self,
                                               KzGame   *game);

/* kz-window-notation.c */
void            kz_window_notation_init      (KzWindow *self);
/* The players' names of a new two-player game, from the preferences. */
GStrv           kz_window_default_names      (KzWindow *self);

G_END_DECLS
