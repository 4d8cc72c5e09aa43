/* kz-game-clock.h — the clock of a game being played.
 *
 * Joins a KzGame and a KzClock: it starts from the times stored with the
 * game's moves (so a restarted or crashed app resumes them), runs for the
 * side to move while not paused, plays moves with the mover's time left
 * stored in them, saves the time left in the turn under way with the game
 * when it pauses and every 10 s while it runs (kz_game_set_turn_clock():
 * a restart charges the time already spent on the move, no more, no
 * less), follows undo and redo, warns once per turn when a side
 * is under 10 % of its time, and ends the game when a flag falls (the
 * check runs every 100 ms while the clock runs, and at every call of
 * kz_game_clock_check()).  GLib only; the time comes from
 * g_get_monotonic_time() or a function the tests give.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-clock.h"
#include "kz-game.h"

G_BEGIN_DECLS

#define KZ_TYPE_GAME_CLOCK (kz_game_clock_get_type ())
G_DECLARE_FINAL_TYPE (KzGameClock, kz_game_clock, KZ, GAME_CLOCK, GObject)

/* Properties: "paused" (gboolean, read-write), "running" (read-only).
 * Signals: "tick" — while running, every 100 ms (redraw the clocks);
 * "low-time" (KzSide) — the side to move went under 10 % of its base time
 * (once per turn); "flag-fell" (KzSide) — after the game ended on time. */

typedef gint64 (*KzTimeFunc) (gpointer user_data);

/* NULL when the game has no time control.  Starts paused. */
KzGameClock *kz_game_clock_new         (KzGame      *game);
KzGame      *kz_game_clock_get_game    (KzGameClock *self);
const KzTimeControl *kz_game_clock_get_time_control (KzGameClock *self);
void         kz_game_clock_set_paused  (KzGameClock *self,
                                        gboolean     paused);
gboolean     kz_game_clock_get_paused  (KzGameClock *self);
gboolean     kz_game_clock_get_running (KzGameClock *self);
/* A side's time left now (ms). */
gint64       kz_game_clock_get_left    (KzGameClock *self,
                                        KzSide       side);
gboolean     kz_game_clock_is_low      (KzGameClock *self,
                                        KzSide       side);
/* Plays a move for the side to move, storing its time left with it.
 * The clock stays as it was when the game refuses the move. */
gboolean     kz_game_clock_play        (KzGameClock  *self,
                                        const KzMove *move,
                                        GError      **error);
/* Checks for a flag fall (and low time) now; TRUE when the game ended. */
gboolean     kz_game_clock_check       (KzGameClock *self);
/* How long the computer may think for the side to move (ms). */
gint64       kz_game_clock_think_budget (KzGameClock *self);
/* For tests: the time in microseconds (default g_get_monotonic_time). */
void         kz_game_clock_set_time_func (KzGameClock *self,
                                          KzTimeFunc   func,
                                          gpointer     user_data);

G_END_DECLS
