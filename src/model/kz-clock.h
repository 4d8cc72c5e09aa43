/* kz-clock.h — time controls and the game clock (GLib only).
 *
 * A time control is none, sudden death (base time) or Fischer (base
 * time plus an increment after each own move), written as in PGN's
 * TimeControl tag: "-" (none), "300" (5 minutes), "300+3".
 *
 * KzClock keeps each side's time left; it runs only for the side to move
 * and only while started (paused while the game is paused, reviewed or
 * the app is closed).  Times are given by the caller (microseconds of
 * g_get_monotonic_time()), so the clock is exact and testable.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "kz-board.h"

G_BEGIN_DECLS

typedef enum {
  KZ_TIME_NONE = 0,
  KZ_TIME_SUDDEN_DEATH,
  KZ_TIME_FISCHER,
} KzTimeKind;

typedef struct {
  KzTimeKind kind;
  gint64     base_ms;        /* each side's time at the start */
  gint64     increment_ms;   /* added after each own move (Fischer) */
} KzTimeControl;

#define KZ_TIME_CONTROL_ERROR (kz_time_control_error_quark ())
GQuark kz_time_control_error_quark (void);

/* Parses PGN TimeControl syntax: "-" or "" (none), "SECONDS" (sudden
 * death), "SECONDS+SECONDS" (Fischer; "+0" is sudden death).  FALSE with a
 * translated message naming the text when it is not one of these. */
gboolean kz_time_control_parse    (const char *text, KzTimeControl *tc, GError **error);
/* "-", "300", "300+3" (whole seconds). */
char    *kz_time_control_format   (const KzTimeControl *tc);
/* Translated, for the UI: "No clock", "10 min", "5 min + 3 s". */
char    *kz_time_control_describe (const KzTimeControl *tc);

/* PGN clock comments: "0:04:51" (H:MM:SS, tenths when not whole:
 * "0:00:09.4"), and reading "[%clk H:MM:SS(.d)]" from a comment's text.
 * The parser returns FALSE when the comment holds no valid %clk. */
char    *kz_clock_format_clk      (gint64 ms);
gboolean kz_clock_parse_clk       (const char *comment, gint64 *ms);

/* How long the computer may think for one move with `left_ms` on its
 * clock and `increment_ms` coming back: a share of what is left plus
 * most of the increment, never more than a quarter of what is left. */
gint64   kz_clock_think_budget_ms (gint64 left_ms, gint64 increment_ms);

#define KZ_TYPE_CLOCK (kz_clock_get_type ())
G_DECLARE_FINAL_TYPE (KzClock, kz_clock, KZ, CLOCK, GObject)

/* Properties: "running" (gboolean, read-only, notify). */

KzClock *kz_clock_new          (const KzTimeControl *tc);
const KzTimeControl *kz_clock_get_time_control (KzClock *self);
/* Sets a side's time left (restoring a stored game); stops nothing. */
void     kz_clock_set_left     (KzClock *self, KzSide side, gint64 ms);
/* A side's time left at `now_us` (never below 0). */
gint64   kz_clock_get_left     (KzClock *self, KzSide side, gint64 now_us);
/* Runs the clock of `side` from now_us (the side to move). */
void     kz_clock_start        (KzClock *self, KzSide side, gint64 now_us);
/* Stops the running clock, keeping the time used so far. */
void     kz_clock_pause        (KzClock *self, gint64 now_us);
gboolean kz_clock_is_running   (KzClock *self);
KzSide   kz_clock_get_side     (KzClock *self);
/* The side to move has moved at now_us: its time stops, gets the
 * increment, and the other side's clock runs.  Returns the mover's time
 * left after the increment (what is stored with the move). */
gint64   kz_clock_press        (KzClock *self, gint64 now_us);
/* TRUE (and the side) when a side's time has run out at now_us. */
gboolean kz_clock_flag_fell    (KzClock *self, gint64 now_us, KzSide *side);
/* Under 10 % of the base time (the warning colour, the low-time sound). */
gboolean kz_clock_is_low       (KzClock *self, KzSide side, gint64 now_us);

G_END_DECLS
