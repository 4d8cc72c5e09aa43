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

  for (int side = 0; side < 2; side++)
    if (self->replay)
      kz_player_card_set_clock (cards[side],
                                reviewed_clock (kz_replay_get_game (self->replay),
                                                kz_replay_get_node (self->replay), (KzSide) side),
                                FALSE);
    else if (self->clock)
      kz_player_card_set_clock (cards[side], kz_game_clock_get_left (self->clock, (KzSide) side),
                                kz_game_clock_is_low (self->clock, (KzSide) side));
    else
      kz_player_card_set_clock (cards[side], -1, FALSE);
}

static void
clock_low_time (KzWindow *self, KzSide side)
{
  g_autofree char *time = kz_player_card_format_clock (kz_game_clock_get_left (self->clock, side));
  g_autofree char *said = g_strdup_printf (side == KZ_COSSACKS
                                           /* Translators: a clock warning for a screen reader */
                                           ? _("Cossacks: %s left on the clock")
                                           /* Translators: a clock warning for a screen reader */
                                           : _("Turks: %s left on the clock"), time);
  kz_sounds_play (self->sounds, KZ_SOUND_LOW_TIME);
  kz_board_view_announce (self->board_view, said);
}

static void
clock_running_changed (KzWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "clock-running");

  if (action)
    g_simple_action_set_state (G_SIMPLE_ACTION (action),
                               g_variant_new_boolean (self->clock
                                                      && kz_game_clock_get_running (self->clock)));
}

void
kz_window_set_clock (KzWindow *self, KzGame *game)
{
  if (self->clock)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  g_clear_object (&self->clock);
  /* A new game is not paused. */
  self->paused = FALSE;
  if (game != NULL)
    self->clock = kz_game_clock_new (game);
  if (self->clock)
    {
      g_signal_connect_swapped (self->clock, "tick", G_CALLBACK (kz_window_show_clocks), self);
      g_signal_connect_swapped (self->clock, "low-time", G_CALLBACK (clock_low_time), self);
      g_signal_connect_swapped (self->clock, "notify::running", G_CALLBACK (clock_running_changed),
                                self);
      /* A flag falling ends the game: the window hears it from the game. */
    }
  clock_running_changed (self);
  /* A game without a clock shows none (not the last game's). */
  kz_window_show_clocks (self);
}

/* ---- pausing ----------------------------------------------------------- */

gboolean
kz_window_game_paused (KzWindow *self)
{
  return self->clock != NULL && self->game != NULL && !kz_game_is_over (self->game)
         && (self->paused || self->interrupted);
}

/* The pause page over the board, the header button and the action. */
static void
show_pause (KzWindow *self)
{
  gboolean timed = self->clock != NULL && self->game != NULL && !kz_game_is_over (self->game);
  gboolean review_only = self->replay != NULL
                         || (self->session && kz_session_get_read_only (self->session));
  gboolean shown = timed && self->paused && !review_only;
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "pause");
  g_autoptr (GVariant) state = action ? g_action_get_state (action) : NULL;

  if (action)
    {
      g_simple_action_set_enabled (G_SIMPLE_ACTION (action), timed && !review_only);
      if (g_variant_get_boolean (state) != (timed && self->paused))
        g_simple_action_set_state (G_SIMPLE_ACTION (action),
                                   g_variant_new_boolean (timed && self->paused));
    }
  /* Narrow: in the main menu only (libadwaita ≥ 1.4: the breakpoints of
   * kz-narrow-layout.c hide the button inside; self->narrow is for older
   * ones), so the whole title fits. */
  gtk_widget_set_visible (self->pause_box, timed && !review_only && !self->narrow);
  gtk_button_set_icon_name (GTK_BUTTON (self->pause_button),
                            self->paused ? "media-playback-start-symbolic"
                                         : "media-playback-pause-symbolic");
  gtk_widget_set_tooltip_text (self->pause_button,
                               self->paused ? _("Resume the Game (Ctrl+P)")
                                            : _("Pause the Clocks (Ctrl+P)"));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->pause_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  self->paused ? _("Resume the Game") : _("Pause the Clocks"), -1);
  if (gtk_widget_get_visible (self->paused_page) != shown)
    {
      gboolean had_focus = gtk_widget_has_focus (self->resume_button);

      gtk_widget_set_visible (self->paused_page, shown);
      /* Hidden, not only covered: nobody studies the position meanwhile. */
      gtk_widget_set_opacity (GTK_WIDGET (self->board_view), shown ? 0.0 : 1.0);
      gtk_widget_set_can_target (GTK_WIDGET (self->board_view), !shown);
      gtk_accessible_update_state (GTK_ACCESSIBLE (self->board_view), GTK_ACCESSIBLE_STATE_HIDDEN,
                                   shown, -1);
      if (shown)
        gtk_widget_grab_focus (self->resume_button);
      else if (had_focus)
        gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
    }
}

/* The clocks run only while the game is played here, and not paused. */
void
kz_window_update_clock_pause (KzWindow *self)
{
  show_pause (self);
  if (self->clock)
    kz_game_clock_set_paused (self->clock,
                              self->replay != NULL || kz_session_get_read_only (self->session)
                              || !gtk_widget_get_mapped (GTK_WIDGET (self))
                              || kz_window_game_paused (self));
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

  paused = paused && self->clock != NULL && !kz_game_is_over (self->game);
  if (paused == self->paused)
    return;
  self->paused = paused;
  if (was != kz_window_game_paused (self))
    kz_board_view_announce (self->board_view,
                            paused ? _("Game paused: the clocks are stopped")
                                   : _("Game resumed"));
  halt_changed (self);
}

static void
pause_changed (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  kz_window_pause_game (KZ_WINDOW (user_data), g_variant_get_boolean (state));
}

/* ---- interruptions: dialogs, a minimised window ------------------------- */

static gboolean
dialog_over_window (KzWindow *self)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

#if ADW_CHECK_VERSION (1, 5, 0)
  if (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (self)) != NULL)
    return TRUE;
#endif
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (window != GTK_WINDOW (self) && gtk_window_get_transient_for (window) == GTK_WINDOW (self)
          && gtk_window_get_modal (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return TRUE;
    }
  return FALSE;
}

static gboolean
minimised (KzWindow *self)
{
  GdkSurface *surface = self->surface;
  GdkToplevelState state;

  if (surface == NULL || !GDK_IS_TOPLEVEL (surface))
    return FALSE;
  state = gdk_toplevel_get_state (GDK_TOPLEVEL (surface));
#if GTK_CHECK_VERSION (4, 12, 0)
  if (state & GDK_TOPLEVEL_STATE_SUSPENDED)
    return TRUE;
#endif
  return (state & GDK_TOPLEVEL_STATE_MINIMIZED) != 0;
}

static void
update_interrupted (KzWindow *self)
{
  gboolean interrupted = dialog_over_window (self) || minimised (self);
  gboolean was = kz_window_game_paused (self);

  if (interrupted == self->interrupted)
    return;
  self->interrupted = interrupted;
  if (was != kz_window_game_paused (self))
    halt_changed (self);
}

/* Every window of the app: a dialog transient for this one counts while
 * it is shown (it is made before it is given its parent, so the list's
 * change alone says too little). */
static void
toplevels_changed (KzWindow *self)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (window != GTK_WINDOW (self)
          && g_signal_handler_find (window, G_SIGNAL_MATCH_FUNC | G_SIGNAL_MATCH_DATA, 0, 0, NULL,
                                    update_interrupted, self) == 0)
        g_signal_connect_swapped (window, "notify::visible", G_CALLBACK (update_interrupted), self);
    }
  update_interrupted (self);
}

static void
window_realized (KzWindow *self)
{
  g_clear_object (&self->surface);
  self->surface = gtk_native_get_surface (GTK_NATIVE (self));
  if (self->surface)
    {
      g_object_ref (self->surface);
      g_signal_connect_swapped (self->surface, "notify::state", G_CALLBACK (update_interrupted), self);
    }
}

static void
window_unrealized (KzWindow *self)
{
  if (self->surface)
    g_signal_handlers_disconnect_by_func (self->surface, update_interrupted, self);
  g_clear_object (&self->surface);
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
  /* (all disconnected in kz_window_clock_dispose) */
  g_signal_connect_swapped (gtk_window_get_toplevels (), "items-changed",
                            G_CALLBACK (toplevels_changed), self);
#if ADW_CHECK_VERSION (1, 5, 0)
  g_signal_connect (self, "notify::visible-dialog", G_CALLBACK (update_interrupted), NULL);
#endif
  g_signal_connect_after (self, "realize", G_CALLBACK (window_realized), NULL);
  g_signal_connect (self, "unrealize", G_CALLBACK (window_unrealized), NULL);
}

void
kz_window_clock_dispose (KzWindow *self)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  g_signal_handlers_disconnect_by_func (toplevels, toplevels_changed, self);
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GObject) window = g_list_model_get_item (toplevels, i);
      g_signal_handlers_disconnect_by_func (window, update_interrupted, self);
    }
  window_unrealized (self);
  kz_window_set_clock (self, NULL);
}
