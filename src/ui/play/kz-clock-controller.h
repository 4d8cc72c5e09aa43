/* kz-clock-controller.h — the clocks of the game played and when they
 * stop: KzClockController.
 *
 * It holds the game's KzGameClock (none without a time control), the
 * player's pause, and the interruptions that stop the clocks by
 * themselves: a modal dialog over the window it watches, the window
 * minimised or suspended, or what the window holds them for
 * (kz_clock_controller_set_held()).  It shows the pause in the widgets it is given
 * (kz-window.ui sets them: the header's pause box and button, the page
 * over the board with its Resume button, the board hidden meanwhile).
 *
 * Properties: "clock" (KzGameClock, read-only), "paused" (the player's
 * pause), "pause-box", "pause-button", "paused-page", "resume-button",
 * "board" (widgets).
 * Signals: "halted-changed" — whether a timed game stands still (paused
 * or interrupted) changed; "tick", "low-time" (KzSide) and
 * "running-changed" — the clock's, passed on.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "kz-game-clock.h"

G_BEGIN_DECLS

#define KZ_TYPE_CLOCK_CONTROLLER (kz_clock_controller_get_type ())
G_DECLARE_FINAL_TYPE (KzClockController, kz_clock_controller, KZ, CLOCK_CONTROLLER, GObject)

KzClockController *kz_clock_controller_new          (void);
/* Watches `window` (not a reference) for dialogs over it and for being
 * minimised; NULL stops watching. */
void         kz_clock_controller_watch              (KzClockController *self,
                                                     GtkWindow         *window);
/* The clock of `game` (NULL: none); a new game is not paused. */
void         kz_clock_controller_set_game           (KzClockController *self,
                                                     KzGame            *game);
KzGameClock *kz_clock_controller_get_clock          (KzClockController *self);
gboolean     kz_clock_controller_get_paused         (KzClockController *self);
/* The player's pause; nothing for a game without a clock or over. */
void         kz_clock_controller_set_paused         (KzClockController *self,
                                                     gboolean           paused);
/* A timed game, not over, paused by the player or interrupted. */
gboolean     kz_clock_controller_is_halted          (KzClockController *self);
/* Shows the pause: the header's button (when `offered`: a timed game
 * played here, not a review; `in_header`: FALSE in a narrow window) and
 * the page over the board.  Then the clock runs unless `stopped` (a
 * review, a game read only, the window not mapped) or halted. */
void         kz_clock_controller_update             (KzClockController *self,
                                                     gboolean           offered,
                                                     gboolean           in_header,
                                                     gboolean           stopped);
/* Held by the window as by a dialog: an alert not shown yet (a damaged
 * database at start), the welcome page over the board. */
void         kz_clock_controller_set_held           (KzClockController *self,
                                                     gboolean           held);
/* The Resume button while the page over the board is shown, else NULL. */
GtkWidget   *kz_clock_controller_get_resume_widget  (KzClockController *self);

G_END_DECLS
