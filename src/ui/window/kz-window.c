/* kz-window.c — the main window: its parts (declared in kz-window.ui),
 * the session it follows, the board's orientation, settings and size.
 * The rest of the class: see kz-window-private.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-editor-window.h"
#include "kz-eval-bar.h"
#include "kz-eval-graph.h"
#include "kz-guide-layer.h"
#include "kz-move-arrow.h"
#include "kz-narrow-layout.h"
#include "kz-sounds.h"
#include "kz-welcome-page.h"
#include "kz-window-private.h"

G_DEFINE_FINAL_TYPE (KzWindow, kz_window, ADW_TYPE_APPLICATION_WINDOW)

/* ---- the players ------------------------------------------------------- */

const char *
kz_window_side_name (KzSide side)
{
  return side == KZ_COSSACKS ? _("Cossacks") : _("Turks");
}

gboolean
kz_window_is_computer (KzWindow *self, KzSide side)
{
  return kz_game_get_player_kind (self->play->game, side) == KZ_PLAYER_COMPUTER;
}

gboolean
kz_window_is_human (KzWindow *self, KzSide side)
{
  return kz_game_get_player_kind (self->play->game, side) == KZ_PLAYER_HUMAN;
}

gboolean
kz_window_against_computer (KzWindow *self)
{
  return kz_window_is_computer (self, KZ_COSSACKS) || kz_window_is_computer (self, KZ_TURKS);
}

/* One human against the computer (not two humans, and not a game
 * without a human, such as the computer against itself). */
gboolean
kz_window_human_vs_computer (KzWindow *self)
{
  return kz_window_is_human (self, KZ_COSSACKS) != kz_window_is_human (self, KZ_TURKS);
}

/* The side a human plays against the computer (Cossacks when both or
 * neither are humans). */
KzSide
kz_window_human_side (KzWindow *self)
{
  if (kz_window_is_human (self, KZ_TURKS) && !kz_window_is_human (self, KZ_COSSACKS))
    return KZ_TURKS;
  return KZ_COSSACKS;
}

guint
kz_window_animation_duration (KzWindow *self)
{
  g_autofree char *speed = g_settings_get_string (self->settings, "animation-speed");

  if (g_str_equal (speed, "off"))
    return 0;
  if (g_str_equal (speed, "slow"))
    return 450;
  if (g_str_equal (speed, "fast"))
    return 140;
  return 260;
}

/* ---- the board's orientation ----------------------------------------- */

/* The board is drawn turned when the preference says so, or -- not
 * both -- against the computer for a human playing the Turks (Turks at
 * the bottom).  The turn for the Turks is never written to the
 * preference.  win.flip-board (stateful) is the board as drawn. */
static void
apply_flip (KzWindow *self)
{
  gboolean flipped = g_settings_get_boolean (self->settings, "board-flipped") != self->play->auto_flipped;
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "flip-board");

  kz_board_view_set_flipped (self->play->board, flipped);
  kz_board_view_set_flipped (self->review->board, flipped);
  if (action)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (flipped));
}

void
kz_window_orient_board (KzWindow *self)
{
  self->play->auto_flipped = kz_window_human_vs_computer (self) && kz_window_human_side (self) == KZ_TURKS;
  apply_flip (self);
}

/* The player turns the board: the preference turns (the Turks' turn, if
 * any, stays on top of it). */
static void
flip_board_changed (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  KzWindow *self = user_data;
  gboolean want = g_variant_get_boolean (state);

  g_settings_set_boolean (self->settings, "board-flipped", want != self->play->auto_flipped);
  apply_flip (self);
}

/* The card of the side drawn at the top of the board is on top. */
static void
board_flipped_changed (KzWindow *self)
{
  gboolean flipped = kz_board_view_get_flipped (self->play->board);
  GtkWidget *top = GTK_WIDGET (flipped ? self->cossacks_card : self->turks_card);
  GtkWidget *bottom = GTK_WIDGET (flipped ? self->turks_card : self->cossacks_card);

  gtk_box_reorder_child_after (GTK_BOX (self->side_panel), top, NULL);
  gtk_box_reorder_child_after (GTK_BOX (self->side_panel), bottom, GTK_WIDGET (self->review->analysis));
}

static void
animation_done (KzWindow *self)
{
  if (self->play->game != NULL && self->play->game_over_pending)
    kz_window_show_game_over (self);
}

KzGame *
kz_window_get_game (KzWindow *self)
{
  g_return_val_if_fail (KZ_IS_WINDOW (self), NULL);
  return self->play ? self->play->game : NULL;
}

void
kz_window_set_game (KzWindow *self, KzGame *game)
{
  g_return_if_fail (KZ_IS_WINDOW (self));
  g_return_if_fail (KZ_IS_GAME (game));
  kz_session_set_game (self->session, game);
}

/* ---- modes ----------------------------------------------------------- */

/* The one place the window swaps its modes (window/kz-mode.h): the mode
 * shown hides its board and what goes with it, then `mode` shows its own.
 * A new mode (a lesson, a puzzle, the editor) is a KzMode in its room,
 * an object in kz-window.ui given its widgets, and shown through here. */
void
kz_window_set_mode (KzWindow *self, KzMode *mode)
{
  g_return_if_fail (KZ_IS_MODE (mode));
  if (self->mode == mode)
    return;
  if (self->mode)
    kz_mode_set_shown (self->mode, FALSE);
  self->mode = mode;
  kz_mode_set_shown (mode, TRUE);
  g_binding_group_set_source (self->card_bindings, mode);
}

/* ---- actions --------------------------------------------------------- */

static void
side_panel_changed (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  KzWindow *self = user_data;

  g_simple_action_set_state (action, state);
  gtk_widget_set_visible (self->side_panel, g_variant_get_boolean (state));
}

static void
start_fresh_database_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  kz_window_start_fresh_database (KZ_WINDOW (user_data));
}

static const GActionEntry win_actions[] = {
  { "start-fresh-database", start_fresh_database_activated, NULL, NULL, NULL, { 0 } },
  { "show-side-panel", NULL, NULL, "true", side_panel_changed, { 0 } },
  { "flip-board", NULL, NULL, "false", flip_board_changed, { 0 } },
};

/* ---- board signals --------------------------------------------------- */

static void
board_move_chosen (KzWindow *self, const KzMove *move)
{
  /* a guided game may warn first (and play it on "move-confirmed") */
  if (kz_guide_panel_check_move (self->guide_panel, move))
    kz_window_play_move (self, move);
}

static void
guide_move_confirmed (KzWindow *self, const KzMove *move)
{
  kz_window_play_move (self, move);
}

static void
board_message (KzWindow *self, const char *message, gboolean is_refusal, KzBoardView *view)
{
  if (message == NULL)
    {
      /* (a refusal's message stays its time) */
      if (self->message_source == 0)
        kz_window_update_status (self);
      return;
    }
  /* Hints about a chain go to the status line; refusals too, as a
   * message for a while (kz_window_show_toast()). */
  if (is_refusal)
    kz_window_show_toast (self, message);
  else
    {
      kz_window_end_message (self);
      gtk_label_set_text (self->play->detail_label, message);
    }
}

/* Narrow windows hide the side panel (the header button shows it again)
 * and the header buttons that are in the main menu too (libadwaita < 1.4). */
static void
width_changed (KzWindow *self)
{
  int width = 0, height = 0;
  gboolean narrow;
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "show-side-panel");

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  narrow = width > 0 && width < 640;
  if (narrow == self->narrow)
    return;
  self->narrow = narrow;
  g_action_change_state (action, g_variant_new_boolean (!narrow));
  kz_narrow_layout_set_narrow_header (ADW_APPLICATION_WINDOW (self), narrow);
  kz_window_update_subtitle (self);
  kz_window_update_clock_pause (self);   /* the header's Pause button */
}

/* ---- keyboard focus ---------------------------------------------------- */

/* An alert is about to show (kz-dialogs.c sets "shown-alert" first): the
 * board takes the keyboard focus, so that it has it back when the alert
 * closes (AdwDialog gives the focus back to the widget that had it, and a
 * dialog window to its parent's focus widget) -- not a header button
 * that needs four Tabs to leave. */
static GtkWidget *
shown_board (KzWindow *self)
{
  GtkWidget *resume = kz_clock_controller_get_resume_widget (self->clocks);

  if (resume)
    return resume;   /* the board is hidden while paused */
  return kz_mode_get_board (self->mode);
}

/* After the frame that follows an alert's going: the board takes the
 * focus back if it lost it.  An AdwAlertDialog (libadwaita >= 1.5)
 * drawn in the window and closed before the frame that shows it (closed
 * by the program at once) leaves GTK a pending "move the focus out of
 * the dialog host", queued when the host stopped taking the focus as the
 * alert opened.  GTK carries it out during the next frame's after-paint,
 * after the host already gave the focus back to the board, and sends it
 * to the first header button.  An idle runs once that frame is done. */
static gboolean
refocus_idle (gpointer data)
{
  KzWindow *self = data;
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  GtkWidget *board = shown_board (self);

  self->refocus_idle = 0;
#if ADW_CHECK_VERSION (1, 5, 0)
  if (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (self)) != NULL)
    return G_SOURCE_REMOVE;   /* another alert followed: it has the focus */
#endif
  if (focus == NULL || (focus != board && !gtk_widget_is_ancestor (focus, board)))
    gtk_widget_grab_focus (board);
  return G_SOURCE_REMOVE;
}

static void
refocus_after_paint (KzWindow      *self,
                     GdkFrameClock *clock)
{
  g_signal_handler_disconnect (clock, self->refocus_handler);
  self->refocus_handler = 0;
  if (self->refocus_idle == 0)
    self->refocus_idle = g_idle_add (refocus_idle, self);
}

static void
alert_state_changed (KzWindow *self, const char *name, GVariant *state)
{
  GdkFrameClock *clock;

  if (*g_variant_get_string (state, NULL) != '\0')
    {
      gtk_widget_grab_focus (shown_board (self));
      return;
    }
  clock = gtk_widget_get_frame_clock (GTK_WIDGET (self));
  if (clock == NULL || self->refocus_handler != 0)
    return;
  self->refocus_handler = g_signal_connect_object (clock, "after-paint", G_CALLBACK (refocus_after_paint),
                                                   self, G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  gdk_frame_clock_request_phase (clock, GDK_FRAME_CLOCK_PHASE_AFTER_PAINT);
}

/* ---- settings -------------------------------------------------------- */

static void
settings_changed (KzWindow *self, const char *key)
{
  if (key == NULL || g_str_equal (key, "board-flipped"))
    apply_flip (self);
  if (key == NULL || g_str_equal (key, "animation-speed"))
    kz_board_view_set_animation_duration (self->play->board, kz_window_animation_duration (self));
}

/* ---- window ---------------------------------------------------------- */

/* The first start's welcome, and the storage warning held back at start,
 * are shown once the window is. */
static void
window_mapped (KzWindow *self)
{
  kz_window_update_clock_pause (self);
  kz_window_welcome_first_start (self);
  if (self->pending_alert)
    g_timeout_add_full (G_PRIORITY_DEFAULT, 200, kz_window_present_pending_alert,
                        g_object_ref (self), g_object_unref);
}

static gboolean
kz_window_close_request (GtkWindow *window)
{
  KzWindow *self = KZ_WINDOW (window);
  int width, height;

  kz_window_stop_computer (self);
  gtk_window_get_default_size (window, &width, &height);
  if (!gtk_window_is_maximized (window) && width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  return GTK_WINDOW_CLASS (kz_window_parent_class)->close_request (window);
}

static void
kz_window_dispose (GObject *object)
{
  KzWindow *self = KZ_WINDOW (object);

  /* Stop the computer without showing it: the window is going. */
  if (self->play && self->play->computer_cancellable)
    g_cancellable_cancel (self->play->computer_cancellable);
  if (self->play)
    g_clear_object (&self->play->computer_cancellable);
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  if (self->current_toast)
    g_signal_handlers_disconnect_by_data (self->current_toast, self);
  g_clear_object (&self->current_toast);
  if (self->pending_alert && GTK_IS_WINDOW (self->pending_alert))
    gtk_window_destroy (GTK_WINDOW (self->pending_alert));
  g_clear_object (&self->pending_alert);
  g_clear_handle_id (&self->refocus_idle, g_source_remove);
  g_clear_handle_id (&self->message_source, g_source_remove);
  if (self->session)
    g_signal_handlers_disconnect_by_data (self->session, self);
  kz_window_clock_dispose (self);
  kz_window_review_dispose (self);
  kz_window_analysis_dispose (self);
  if (self->play)
    {
      if (self->play->game_signals)
        g_signal_group_set_target (self->play->game_signals, NULL);
      g_clear_object (&self->play->game_signals);
      g_clear_object (&self->play->game);
      g_clear_object (&self->play->computer);
    }
  self->mode = NULL;
  if (self->card_bindings)
    g_binding_group_set_source (self->card_bindings, NULL);
  g_clear_object (&self->card_bindings);
  g_clear_object (&self->session);
  g_clear_object (&self->settings);
  g_clear_object (&self->sounds);
  gtk_widget_dispose_template (GTK_WIDGET (self), KZ_TYPE_WINDOW);
  G_OBJECT_CLASS (kz_window_parent_class)->dispose (object);
}

static void
kz_window_class_init (KzWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = kz_window_dispose;
  window_class->close_request = kz_window_close_request;

  g_type_ensure (KZ_TYPE_BOARD_VIEW);
  g_type_ensure (KZ_TYPE_MOVES_VIEW);
  g_type_ensure (KZ_TYPE_PLAYER_CARD);
  g_type_ensure (KZ_TYPE_REVIEW_BAR);
  g_type_ensure (KZ_TYPE_EVAL_BAR);
  g_type_ensure (KZ_TYPE_EVAL_GRAPH);
  g_type_ensure (KZ_TYPE_MOVE_ARROW);
  g_type_ensure (KZ_TYPE_ANALYSIS_PANE);
  g_type_ensure (KZ_TYPE_WELCOME_PAGE);
  g_type_ensure (KZ_TYPE_DRAW_BAR);
  g_type_ensure (KZ_TYPE_CLOCK_CONTROLLER);
  g_type_ensure (KZ_TYPE_GUIDE_LAYER);
  g_type_ensure (KZ_TYPE_GUIDE_PANEL);
  g_type_ensure (KZ_TYPE_PLAY_MODE);
  g_type_ensure (KZ_TYPE_REVIEW_MODE);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/kz-window.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, KzWindow, name)
  BIND (toast_overlay);
  BIND (subtitle_label);
  BIND (flip_button);
  BIND (side_panel);
  BIND (main_box);
  BIND (board_column);
  BIND (thinking_spinner);
  BIND (cossacks_card);
  BIND (turks_card);
  BIND (moves_view);
  BIND (storage_label);
  BIND (clocks);
  BIND (play);
  BIND (review);
  BIND (welcome_page);
  BIND (guide_panel);
#undef BIND
}

static void
kz_window_init (KzWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The game played is shown first (kz-window.ui shows its board); the
   * player cards describe the game of the mode shown, at its ply. */
  self->mode = KZ_MODE (self->play);
  self->card_bindings = g_binding_group_new ();
  g_binding_group_bind (self->card_bindings, "game", self->cossacks_card, "game",
                        G_BINDING_SYNC_CREATE);
  g_binding_group_bind (self->card_bindings, "game", self->turks_card, "game",
                        G_BINDING_SYNC_CREATE);
  g_binding_group_bind (self->card_bindings, "ply", self->cossacks_card, "ply",
                        G_BINDING_SYNC_CREATE);
  g_binding_group_bind (self->card_bindings, "ply", self->turks_card, "ply",
                        G_BINDING_SYNC_CREATE);
  g_binding_group_set_source (self->card_bindings, self->mode);
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions,
                                   G_N_ELEMENTS (win_actions), self);
  kz_window_follow_game_init (self);
  kz_window_game_init (self);
  kz_window_draw_init (self);
  kz_window_review_init (self);
  kz_window_analysis_init (self);
  kz_window_notation_init (self);
  kz_window_clock_init (self);
  kz_window_welcome_init (self);
  kz_editor_window_actions_init (self);
  g_signal_connect_swapped (self->play->board, "move-chosen", G_CALLBACK (board_move_chosen), self);
  g_signal_connect_swapped (self->guide_panel, "move-confirmed", G_CALLBACK (guide_move_confirmed),
                            self);
  g_signal_connect_swapped (self->play->board, "message", G_CALLBACK (board_message), self);
  g_signal_connect_swapped (self->play->board, "animation-done", G_CALLBACK (animation_done), self);
  g_signal_connect_swapped (self->play->board, "notify::flipped", G_CALLBACK (board_flipped_changed),
                            self);
  g_signal_connect (self, "map", G_CALLBACK (window_mapped), NULL);
  g_signal_connect (self, "action-state-changed::shown-alert", G_CALLBACK (alert_state_changed), NULL);
  g_signal_connect (self, "unmap", G_CALLBACK (kz_window_update_clock_pause), NULL);
  /* Narrow windows: the panel under the board (libadwaita ≥ 1.4), else
   * hidden. */
  if (!kz_narrow_layout_add (ADW_APPLICATION_WINDOW (self), self->main_box,
                             self->board_column, self->side_panel,
                             GTK_WIDGET (self->moves_view), self->flip_button))
    g_signal_connect (self, "notify::default-width", G_CALLBACK (width_changed), NULL);
}

KzSession *
kz_window_get_session (KzWindow *self)
{
  g_return_val_if_fail (KZ_IS_WINDOW (self), NULL);
  return self->session;
}

GSettings *
kz_window_get_settings (KzWindow *self)
{
  g_return_val_if_fail (KZ_IS_WINDOW (self), NULL);
  return self->settings;
}

/* The session's game changed (a new game, one resumed or opened from
 * the library, back to the game before): show it. */
static void
session_game_changed (KzWindow *self)
{
  KzGame *game = kz_session_get_game (self->session);

  if (game != self->play->game && game != NULL)
    kz_window_show_game (self, game);
}

/* A stored game under review was resumed: play on in it. */
static void
session_read_only_changed (KzWindow *self)
{
  kz_window_review_game_changed (self);
  kz_window_show_state (self);
  kz_window_maybe_start_computer (self);
}

KzWindow *
kz_window_new (GtkApplication *app, KzSession *session, GSettings *settings)
{
  KzWindow *self = g_object_new (KZ_TYPE_WINDOW, "application", app, NULL);

  self->session = g_object_ref (session);
  self->settings = g_object_ref (settings);
  self->sounds = kz_sounds_new (settings);
  g_signal_connect_swapped (session, "notify::game", G_CALLBACK (session_game_changed), self);
  g_signal_connect_swapped (session, "notify::read-only", G_CALLBACK (session_read_only_changed),
                            self);
  kz_window_review_follow_session (self);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  g_settings_bind (self->settings, "show-coordinates", self->play->board, "show-coordinates",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-coordinates", self->review->board, "show-coordinates",
                   G_SETTINGS_BIND_GET);
  g_signal_connect_swapped (self->settings, "changed", G_CALLBACK (settings_changed), self);
  settings_changed (self, NULL);
  kz_window_guide_init (self);

  kz_window_load_initial_game (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->play->board));
  return self;
}

