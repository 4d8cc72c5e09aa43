/* kz-window-clock.c — the clocks of the game played: the times in the
 * player cards, the low-time warning, and when the clocks stop.
 *
 *   win.pause (state b)          the player's pause (Ctrl+P, Pause): the
 *                                clocks stop, the board is hidden under
 *                                "Game Paused" and nobody moves, the computer
 *                                included, until it is resumed
 *   win.clock-running (state b)  never enabled: whether the clocks run now
 *                                (for the tests, over D-Bus)
 *
 * Besides the player's pause, the clocks stop by themselves, and go on by
 * themselves afterwards, while a dialog is open over the window (New
 * Game, Preferences, a question, About, Import, a file chooser), while
 * the window is minimised or hidden (suspended, GTK ≥ 4.12), while a game
 * is reviewed, and for a game opened read-only; a dialog or a minimised
 * window also holds the computer's move.  Losing the keyboard focus stops
 * nothing: two players at one computer may well click elsewhere.  A timed
 * game resumed when the app starts begins paused.  Every pause saves the
 * time left in the turn with the game (KzGameClock), so the time of that
 * turn is charged once, across a restart too.
 *
 * The clock itself, the pause and the interruptions are held by
 * KzClockController (kz-clock-controller.c, the window's "clocks"); this
 * file gives it the window's actions, the cards and what the window does
 * when the game stands still or goes on.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-window-private.h"

/* ---- the clocks in the player cards ------------------------------------ */

/* `side`'s time left at the review's node: after its last move on the
 * way there with a recorded time (%clk), else the base time of a timed
 * game; -1 (no clock shown) for a game with neither.  A variation has
 * no times: those where it leaves the moves played. */
static gint64
reviewed_clock (KzGame *game, KzMoveNode *node, KzSide side)
{
  KzTimeControl tc;
  guint ply;

  while (node && !kz_move_node_is_main_line (node))
    node = kz_move_node_get_parent (node);
  ply = node ? kz_move_node_get_ply (node) : 0;
  for (guint i = ply; i-- > 0;)
    {
      const KzPosition *before = kz_game_get_position_at (game, i);
      gint64 ms = kz_game_get_move_clock (game, i);

      if (before && (KzSide) before->side == side && ms >= 0)
        return ms;
    }
  return kz_game_get_time_control (game, &tc) ? tc.base_ms : -1;
}

/* The clocks in the player cards (hidden without a time control): the
 * game played's, or the reviewed game's at the position shown. */
void
kz_window_show_clocks (KzWindow *self)
{
  KzPlayerCard *cards[2] = { self->cossacks_card, self->turks_card };
  KzGameClock *clock = kz_clock_controller_get_clock (self->clocks);

  for (int side = 0; side < 2; side++)
    if (self->review->replay)
      kz_player_card_set_clock (cards[side],
                                reviewed_clock (kz_replay_get_game (self->review->replay),
                                                kz_replay_get_node (self->review->replay), (KzSide) side),
                                FALSE);
    else if (clock)
      kz_player_card_set_clock (cards[side], kz_game_clock_get_left (clock, (KzSide) side),
                                kz_game_clock_is_low (clock, (KzSide) side));
    else
      kz_player_card_set_clock (cards[side], -1, FALSE);
}

static void
clock_low_time (KzWindow *self, int side)
{
  KzGameClock *clock = kz_clock_controller_get_clock (self->clocks);
  g_autofree char *time = kz_player_card_format_clock (kz_game_clock_get_left (clock, side));
  g_autofree char *said = g_strdup_printf (side == KZ_COSSACKS
                                           /* Translators: a clock warning for a screen reader */
                                           ? _("Cossacks: %s left on the clock")
                                           /* Translators: a clock warning for a screen reader */
                                           : _("Turks: %s left on the clock"), time);
  kz_sounds_play (self->sounds, KZ_SOUND_LOW_TIME);
  kz_board_view_announce (self->play->board, said);
}

static void
clock_running_changed (KzWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "clock-running");
  KzGameClock *clock = kz_clock_controller_get_clock (self->clocks);

  if (action)
    g_simple_action_set_state (G_SIMPLE_ACTION (action),
                               g_variant_new_boolean (clock && kz_game_clock_get_running (clock)));
}

void
kz_window_set_clock (KzWindow *self, KzGame *game)
{
  kz_clock_controller_set_game (self->clocks, game);
  /* A game without a clock shows none (not the last game's). */
  kz_window_show_clocks (self);
}

/* ---- pausing ----------------------------------------------------------- */

gboolean
kz_window_game_paused (KzWindow *self)
{
  return kz_clock_controller_is_halted (self->clocks);
}

/* The clocks run only while the game is played here, and not paused; the
 * pause page over the board, the header button and the action follow. */
void
kz_window_update_clock_pause (KzWindow *self)
{
  gboolean timed = kz_clock_controller_get_clock (self->clocks) != NULL && self->play->game != NULL
                   && !kz_game_is_over (self->play->game);
  gboolean review_only = self->review->replay != NULL
                         || (self->session && kz_session_get_read_only (self->session));
  gboolean paused = kz_clock_controller_get_paused (self->clocks);
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "pause");
  g_autoptr (GVariant) state = action ? g_action_get_state (action) : NULL;

  if (action)
    {
      g_simple_action_set_enabled (G_SIMPLE_ACTION (action), timed && !review_only);
      if (g_variant_get_boolean (state) != (timed && paused))
        g_simple_action_set_state (G_SIMPLE_ACTION (action),
                                   g_variant_new_boolean (timed && paused));
    }
  /* Narrow: in the main menu only (libadwaita ≥ 1.4: the breakpoints of
   * kz-narrow-layout.c hide the button inside; self->narrow is for older
   * ones), so the whole title fits. */
  kz_clock_controller_update (self->clocks, timed && !review_only, !self->narrow,
                              review_only || !gtk_widget_get_mapped (GTK_WIDGET (self)));
  kz_window_show_clocks (self);
}

/* The player's pause or an interruption began or ended: the computer
 * stops or goes on, the board and the actions follow. */
static void
halt_changed (KzWindow *self)
{
  if (kz_window_game_paused (self))
    kz_window_stop_computer (self);
  kz_window_show_state (self);
  kz_window_maybe_start_computer (self);
}

void
kz_window_pause_game (KzWindow *self, gboolean paused)
{
  gboolean was = kz_window_game_paused (self);
  gboolean before = kz_clock_controller_get_paused (self->clocks);

  /* (halt_changed once, below, also when only the pause changed) */
  g_signal_handlers_block_by_func (self->clocks, halt_changed, self);
  kz_clock_controller_set_paused (self->clocks, paused);
  g_signal_handlers_unblock_by_func (self->clocks, halt_changed, self);
  paused = kz_clock_controller_get_paused (self->clocks);
  if (paused == before)
    return;
  if (was != kz_window_game_paused (self))
    kz_board_view_announce (self->play->board,
                            paused ? _("Game paused: the clocks are stopped")
                                   : _("Game resumed"));
  halt_changed (self);
}

static void
pause_changed (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  kz_window_pause_game (KZ_WINDOW (user_data), g_variant_get_boolean (state));
}

/* ---- setup ------------------------------------------------------------- */

static const GActionEntry clock_actions[] = {
  { "pause", NULL, NULL, "false", pause_changed, { 0 } },
  { "clock-running", NULL, NULL, "false", NULL, { 0 } },
};

void
kz_window_clock_init (KzWindow *self)
{
  GAction *running;

  g_action_map_add_action_entries (G_ACTION_MAP (self), clock_actions, G_N_ELEMENTS (clock_actions),
                                   self);
  running = g_action_map_lookup_action (G_ACTION_MAP (self), "clock-running");
  g_simple_action_set_enabled (G_SIMPLE_ACTION (running), FALSE);
  /* The controller (kz-window.ui) watches the window for dialogs over it
   * and for being minimised; the window follows what it says. */
  kz_clock_controller_watch (self->clocks, GTK_WINDOW (self));
  g_signal_connect_swapped (self->clocks, "tick", G_CALLBACK (kz_window_show_clocks), self);
  g_signal_connect_swapped (self->clocks, "low-time", G_CALLBACK (clock_low_time), self);
  g_signal_connect_swapped (self->clocks, "running-changed", G_CALLBACK (clock_running_changed),
                            self);
  g_signal_connect_swapped (self->clocks, "halted-changed", G_CALLBACK (halt_changed), self);
}

void
kz_window_clock_dispose (KzWindow *self)
{
  if (self->clocks == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->clocks, self);
  kz_clock_controller_watch (self->clocks, NULL);
  kz_clock_controller_set_game (self->clocks, NULL);
}

/* An alert held back until the window is up (a damaged database at
 * start) stops the clock from the start, not from when it shows; the
 * welcome page covers the board of a game not begun. */
void
kz_window_clock_interruptions_changed (KzWindow *self)
{
  kz_clock_controller_set_held (self->clocks,
                                self->pending_alert != NULL
                                || (self->welcome_page != NULL
                                    && gtk_widget_get_visible (self->welcome_page)));
}
