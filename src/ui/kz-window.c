/* kz-window.c — the main window: the board, the side panel, the game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kz-computer-player.h"
#include "kz-dialogs.h"
#include "kz-new-game-form.h"
#include "kz-narrow-layout.h"
#include "kz-sounds.h"
#include "kz-window-private.h"

G_DEFINE_FINAL_TYPE (KzWindow, kz_window, ADW_TYPE_APPLICATION_WINDOW)


/* ---- small helpers --------------------------------------------------- */

static void
current_toast_dismissed (AdwToast *t, KzWindow *self)
{
  if (self->current_toast == t)
    {
      g_signal_handlers_disconnect_by_data (t, self);
      g_clear_object (&self->current_toast);
    }
}

/* One toast at a time: a message while the previous one is still shown
 * replaces its text.  Dismissing a toast and adding another in quick
 * succession can crash libadwaita 1.2 (adw_animation_skip on a freed
 * toast widget), and a queue of refusals would be hard to read anyway. */
void
kz_window_show_toast (KzWindow *self, const char *text)
{
  AdwToast *t;

  g_return_if_fail (KZ_IS_WINDOW (self));
  /* For checks from outside (build-aux/flatpak-check): G_MESSAGES_DEBUG=Kazaki. */
  g_log ("Kazaki", G_LOG_LEVEL_DEBUG, "toast: %s", text);
  if (self->current_toast)
    {
      adw_toast_set_title (self->current_toast, text);
      return;
    }
  t = adw_toast_new (text);
  adw_toast_set_timeout (t, 4);
  self->current_toast = g_object_ref (t);
  g_signal_connect (t, "dismissed", G_CALLBACK (current_toast_dismissed), self);
  adw_toast_overlay_add_toast (self->toast_overlay, t);
}

static void
toast (KzWindow *self, const char *text)
{
  kz_window_show_toast (self, text);
}

static void
refusal (KzWindow *self, const char *text)
{
  kz_window_show_toast (self, text);
}

const char *
kz_window_side_name (KzSide side)
{
  return side == KZ_COSSACKS ? _("Cossacks") : _("Turks");
}

gboolean
kz_window_is_computer (KzWindow *self, KzSide side)
{
  return kz_game_get_player_kind (self->game, side) == KZ_PLAYER_COMPUTER;
}

static gboolean
is_human (KzWindow *self, KzSide side)
{
  return kz_game_get_player_kind (self->game, side) == KZ_PLAYER_HUMAN;
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
  return is_human (self, KZ_COSSACKS) != is_human (self, KZ_TURKS);
}

/* The side a human plays against the computer (Cossacks when both or
 * neither are humans). */
KzSide
kz_window_human_side (KzWindow *self)
{
  if (is_human (self, KZ_TURKS) && !is_human (self, KZ_COSSACKS))
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

/* A database file that is there but unusable: damaged, or not one of
 * ours.  A fresh one can be started beside it. */
static gboolean
damaged_store (const GError *error)
{
  return error != NULL && error->domain == KZ_STORE_ERROR
         && (error->code == KZ_STORE_ERROR_CORRUPT || error->code == KZ_STORE_ERROR_NOT_A_DATABASE
             || error->code == KZ_STORE_ERROR_NOT_KAZAKI);
}

/* Moves the damaged database aside (renamed with the date, never changed)
 * and records the games from now on in a fresh one, this game first. */
static void
start_fresh_database (KzWindow *self)
{
  g_autofree char *moved = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  if (kz_session_get_store (self->session) != NULL
      || !damaged_store (kz_session_get_store_error (self->session)))
    {
      kz_window_show_toast (self, _("There is no damaged game database to replace"));
      return;
    }
  if (!kz_session_start_fresh_store (self->session, &moved, &error))
    {
      /* Translators: %s says why */
      text = g_strdup_printf (_("No fresh game database could be started: %s"), error->message);
      kz_window_show_toast (self, text);
      return;
    }
  if (self->game && kz_game_get_store (self->game) == NULL
      && !kz_session_record_game (self->session, self->game, &error))
    g_debug ("The game could not be recorded in the fresh database: %s", error->message);
  gtk_widget_set_visible (GTK_WIDGET (self->storage_label), FALSE);
  self->storage_warned = FALSE;
  /* Translators: %s is the file the damaged database was renamed to */
  text = g_strdup_printf (_("Games are saved again, in a fresh database; the damaged one was kept as “%s”"),
                          moved);
  kz_window_show_toast (self, text);
}

static void
storage_response (GObject *dialog, const char *response, gpointer user_data)
{
  if (g_strcmp0 (response, "fresh") == 0)
    start_fresh_database (KZ_WINDOW (user_data));
}

/* Tells the player once that games are not being saved. */
static void
warn_storage (KzWindow *self, const char *what, const GError *error)
{
  const char *path = kz_session_get_store_path (self->session);
  g_autofree char *body = NULL;
  g_autofree char *label = NULL;
  GObject *alert;

  label = g_strdup_printf (_("Not saving: games are kept in memory only (%s)"), path ? path : "?");
  gtk_label_set_text (self->storage_label, label);
  gtk_widget_set_visible (GTK_WIDGET (self->storage_label), TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->storage_label), error ? error->message : NULL);

  if (self->storage_warned)
    return;
  self->storage_warned = TRUE;
  body = g_strdup_printf (_("%s You can play on, but the games of this session will not be saved."),
                          what);
  alert = kz_alert_new (_("Games Cannot Be Saved"), body);
  /* The database's own words (they name the file and say whether it was
   * left alone), in a box of limited height: an integrity check can
   * list many lines, and the button must stay on screen. */
  if (error || path)
    {
      g_autofree char *details = NULL;
      GtkWidget *scrolled = gtk_scrolled_window_new ();
      GtkWidget *text;

      if (error && path && strstr (error->message, path) == NULL)
        /* Translators: the first %s is the database's error message, the second a file name */
        details = g_strdup_printf (_("%s\n\nThe database file is %s."), error->message, path);
      else if (error)
        details = g_strdup (error->message);
      else
        details = g_strdup_printf (_("The database file is %s."), path);
      text = gtk_label_new (details);
      gtk_label_set_wrap (GTK_LABEL (text), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (text), PANGO_WRAP_WORD_CHAR);
      /* A natural width near the dialog's, so that its height is asked
       * for about the width it gets. */
      gtk_label_set_max_width_chars (GTK_LABEL (text), 40);
      gtk_label_set_selectable (GTK_LABEL (text), TRUE);
      gtk_label_set_xalign (GTK_LABEL (text), 0);
      gtk_label_set_yalign (GTK_LABEL (text), 0);
      gtk_widget_add_css_class (text, "dim-label");
      gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                      GTK_POLICY_AUTOMATIC);
      gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
      gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 160);
      gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), text);
      kz_alert_set_extra_child (alert, scrolled);
    }
  if (damaged_store (error) && kz_session_get_store (self->session) == NULL)
    /* The damaged file stays as it is, under a dated name beside it. */
    kz_alert_add_response (alert, "fresh", _("Start a _Fresh Database"), ADW_RESPONSE_DEFAULT);
  kz_alert_add_response (alert, "ok", _("_Play Without Saving"), ADW_RESPONSE_SUGGESTED);
  kz_alert_set_default (alert, "ok", "ok");
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    kz_alert_present (alert, GTK_WIDGET (self), storage_response, self);
  else
    {
      /* Not shown yet (at start): present it once the window is up, so
       * it is not hidden behind the window. */
      g_clear_object (&self->pending_alert);
      self->pending_alert = g_object_ref_sink (alert);
    }
}

static gboolean
present_pending_alert (gpointer user_data)
{
  KzWindow *self = user_data;

  if (self->pending_alert)
    {
      GObject *alert = g_steal_pointer (&self->pending_alert);
      kz_alert_present (alert, GTK_WIDGET (self), storage_response, self);
      g_object_unref (alert);
    }
  return G_SOURCE_REMOVE;
}

static void update_clock_pause (KzWindow *self);

static void
window_mapped (KzWindow *self)
{
  update_clock_pause (self);
  if (self->pending_alert)
    g_timeout_add_full (G_PRIORITY_DEFAULT, 200, present_pending_alert,
                        g_object_ref (self), g_object_unref);
}

/* ---- the game -------------------------------------------------------- */

void
kz_window_stop_computer (KzWindow *self)
{
  if (self->computer_cancellable)
    {
      g_cancellable_cancel (self->computer_cancellable);
      g_clear_object (&self->computer_cancellable);
    }
  self->thinking = FALSE;
}

void
kz_window_show_board (KzWindow *self, gboolean animate_last)
{
  KzBoardState state;
  guint ply = kz_game_get_ply (self->game);

  kz_board_state_from_game (&state, self->game, ply);
  if (animate_last && ply > 0)
    {
      KzBoardState before;
      kz_board_state_from_game (&before, self->game, ply - 1);
      kz_board_view_set_state (self->board_view, &state, &before);
      kz_sounds_play (self->sounds, kz_sound_for_move (&before, &state));
    }
  else
    kz_board_view_set_state (self->board_view, &state, NULL);
}

/* The board is drawn turned when the preference says so, or -- not
 * both -- against the computer for a human playing the Turks (Turks at
 * the bottom).  The turn for the Turks is never written to the
 * preference.  win.flip-board (stateful) is the board as drawn. */
static void
apply_flip (KzWindow *self)
{
  gboolean flipped = g_settings_get_boolean (self->settings, "board-flipped") != self->auto_flipped;
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "flip-board");

  kz_board_view_set_flipped (self->board_view, flipped);
  kz_board_view_set_flipped (self->review_board, flipped);
  if (action)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (flipped));
}

static void
orient_board (KzWindow *self)
{
  self->auto_flipped = kz_window_human_vs_computer (self) && kz_window_human_side (self) == KZ_TURKS;
  apply_flip (self);
}

/* The player turns the board: the preference turns (the Turks' turn, if
 * any, stays on top of it). */
static void
flip_board_changed (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  KzWindow *self = user_data;
  gboolean want = g_variant_get_boolean (state);

  g_settings_set_boolean (self->settings, "board-flipped", want != self->auto_flipped);
  apply_flip (self);
}

/* The card of the side drawn at the top of the board is on top. */
static void
board_flipped_changed (KzWindow *self)
{
  gboolean flipped = kz_board_view_get_flipped (self->board_view);
  GtkWidget *top = GTK_WIDGET (flipped ? self->cossacks_card : self->turks_card);
  GtkWidget *bottom = GTK_WIDGET (flipped ? self->turks_card : self->cossacks_card);

  gtk_box_reorder_child_after (GTK_BOX (self->side_panel), top, NULL);
  gtk_box_reorder_child_after (GTK_BOX (self->side_panel), bottom, GTK_WIDGET (self->moves_view));
}

/* ---- the clock --------------------------------------------------------- */

/* The clocks in the player cards (hidden without a time control). */
static void
show_clocks (KzWindow *self)
{
  KzPlayerCard *cards[2] = { self->cossacks_card, self->turks_card };

  for (int side = 0; side < 2; side++)
    if (self->clock)
      kz_player_card_set_clock (cards[side], kz_game_clock_get_left (self->clock, (KzSide) side),
                                kz_game_clock_is_low (self->clock, (KzSide) side));
    else
      kz_player_card_set_clock (cards[side], -1, FALSE);
}

/* The clock runs only while the game is played here: not while it is
 * reviewed, opened read-only from the library, or the window hidden. */
static void
update_clock_pause (KzWindow *self)
{
  if (self->clock == NULL)
    return;
  kz_game_clock_set_paused (self->clock,
                            self->replay != NULL || kz_session_get_read_only (self->session)
                            || !gtk_widget_get_mapped (GTK_WIDGET (self)));
  show_clocks (self);
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
clock_flag_fell (KzWindow *self, KzSide side)
{
  kz_window_stop_computer (self);
  kz_window_after_change (self, FALSE);
}

static void
set_clock (KzWindow *self, KzGame *game)
{
  if (self->clock)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  g_clear_object (&self->clock);
  if (game != NULL)
    self->clock = kz_game_clock_new (game);
  if (self->clock)
    {
      g_signal_connect_swapped (self->clock, "tick", G_CALLBACK (show_clocks), self);
      g_signal_connect_swapped (self->clock, "low-time", G_CALLBACK (clock_low_time), self);
      g_signal_connect_swapped (self->clock, "flag-fell", G_CALLBACK (clock_flag_fell), self);
    }
}

/* Replaces the window's game (already stored or in memory). */
static void
set_game (KzWindow *self, KzGame *game)
{
  kz_window_stop_computer (self);
  if (self->game_over_dialog)
    {
      kz_alert_close (self->game_over_dialog);
      self->game_over_dialog = NULL;
    }
  self->game_over_pending = FALSE;
  g_set_object (&self->game, game);
  set_clock (self, game);
  kz_moves_view_set_game (self->moves_view, game);
  orient_board (self);
  kz_window_review_game_changed (self);
  kz_window_show_board (self, FALSE);
  kz_window_update (self);
  kz_window_maybe_start_computer (self);
}

/* Stores a new game; on a database error go on in memory and say so. */
static void
store_new_game (KzWindow *self, KzGame *game)
{
  g_autoptr (GError) error = NULL;

  if (!kz_session_record_game (self->session, game, &error))
    warn_storage (self, _("The new game could not be recorded in the database."), error);
}

static KzGame *
new_game_from_settings (KzWindow *self, gboolean computer)
{
  KzGame *game = kz_game_new ();
  g_autofree char *cossacks = g_settings_get_string (self->settings, "cossacks-name");
  g_autofree char *turks = g_settings_get_string (self->settings, "turks-name");
  g_autofree char *side = g_settings_get_string (self->settings, "player-side");
  int level = g_settings_get_int (self->settings, "computer-level");

  if (computer)
    {
      KzSide human = g_str_equal (side, "turks") ? KZ_TURKS : KZ_COSSACKS;
      KzSide comp = KZ_OTHER (human);
      const char *human_name = human == KZ_COSSACKS ? cossacks : turks;

      kz_game_set_player (game, human, *human_name ? human_name : _("Player"), KZ_PLAYER_HUMAN, 0);
      kz_game_set_player (game, comp, _("Computer"), KZ_PLAYER_COMPUTER, level);
    }
  else
    {
      kz_game_set_player (game, KZ_COSSACKS, *cossacks ? cossacks : _("Cossacks"), KZ_PLAYER_HUMAN, 0);
      kz_game_set_player (game, KZ_TURKS, *turks ? turks : _("Turks"), KZ_PLAYER_HUMAN, 0);
    }
  kz_game_set_start_time (game, g_get_real_time () / G_USEC_PER_SEC);
  {
    g_autofree char *text = g_settings_get_string (self->settings, "time-control");
    KzTimeControl tc;
    if (kz_time_control_parse (text, &tc, NULL))
      kz_game_set_time_control (game, &tc);
  }
  return game;
}

static void
start_new_game (KzWindow *self, gboolean computer)
{
  g_autoptr (KzGame) game = new_game_from_settings (self, computer);
  g_autoptr (KzGame) old = self->game ? g_object_ref (self->game) : NULL;

  g_settings_set_string (self->settings, "last-game-kind", computer ? "computer" : "two-players");
  store_new_game (self, game);
  kz_session_set_game (self->session, game);
  /* A stored game left without a single move is not worth keeping: the
   * library would list it as "Unfinished · 0 moves". */
  if (old && old != game && kz_game_get_store (old) && kz_game_get_id (old) > 0
      && kz_game_get_ply (old) == 0 && !kz_game_is_over (old)
      && !kz_session_get_read_only (self->session))
    {
      gint64 id = kz_game_get_id (old);
      g_autoptr (GError) error = NULL;

      if (!kz_session_delete_games (self->session, &id, 1, &error))
        g_debug ("The empty game %" G_GINT64_FORMAT " was kept: %s", id, error->message);
    }
}

/* On start: resume the newest unfinished game, else begin one. */
static void
load_initial_game (KzWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) game = NULL;
  gint64 id = 0;
  guint count = 0;
  gboolean computer;
  g_autofree char *kind = NULL;

  KzStore *store = kz_session_get_store (self->session);

  if (store == NULL)
    {
      const GError *open_error = kz_session_get_store_error (self->session);
      warn_storage (self, _("The game database could not be opened."), open_error);
    }

  if (store && kz_store_find_unfinished (store, &id, &error) && id != 0)
    {
      game = kz_store_load_game (store, id, &error);
      if (game)
        {
          kz_session_set_game (self->session, game);
          return;
        }
    }
  if (error)
    {
      g_autofree char *text = g_strdup_printf (_("The unfinished game could not be resumed: %s"),
                                               error->message);
      toast (self, text);
      g_clear_error (&error);
    }

  /* First start (no game at all): two players, playable at once. */
  kind = g_settings_get_string (self->settings, "last-game-kind");
  computer = g_str_equal (kind, "computer");
  if (store && kz_store_count_games (store, NULL, &count, NULL) && count == 0)
    computer = FALSE;
  start_new_game (self, computer);
}

static void show_game_over (KzWindow *self);

/* After every change of the game (or its position on the board). */
void
kz_window_after_change (KzWindow *self, gboolean animate)
{
  kz_window_show_board (self, animate);
  kz_window_update (self);
  if (kz_game_is_over (self->game))
    {
      self->game_over_pending = TRUE;
      if (!kz_board_view_get_animating (self->board_view))
        show_game_over (self);
    }
  else
    kz_window_maybe_start_computer (self);
}

/* Plays a move; the store commits before the board shows it. */
gboolean
kz_window_play_move (KzWindow *self, const KzMove *move)
{
  g_autoptr (GError) error = NULL;

  if (!(self->clock ? kz_game_clock_play (self->clock, move, &error)
                    : kz_game_play (self->game, move, &error)))
    {
      if (g_error_matches (error, KZ_GAME_ERROR, KZ_GAME_ERROR_STORE))
        {
          /* The database refused: keep the game in memory and go on. */
          warn_storage (self, _("A move could not be saved in the database."), error);
          kz_session_drop_store (self->session, error);
          g_clear_error (&error);
          if (!(self->clock ? kz_game_clock_play (self->clock, move, &error)
                            : kz_game_play (self->game, move, &error)))
            {
              refusal (self, error->message);
              return FALSE;
            }
        }
      else
        {
          refusal (self, error->message);
          return FALSE;
        }
    }
  kz_window_after_change (self, TRUE);
  return TRUE;
}

static void
computer_done (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr (KzWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  KzMove move;

  /* Stopped meanwhile (undo, new game, window closed): drop the answer. */
  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))) || self->game == NULL)
    return;
  if (!kz_computer_player_choose_finish (result, &move, NULL, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          self->thinking = FALSE;
          g_clear_object (&self->computer_cancellable);
          kz_window_update (self);
          refusal (self, error->message);
        }
      return;
    }
  self->thinking = FALSE;
  g_clear_object (&self->computer_cancellable);
  kz_window_play_move (self, &move);
}

void
kz_window_maybe_start_computer (KzWindow *self)
{
  KzSide side;

  if (self->thinking || self->game == NULL || kz_game_is_over (self->game))
    return;
  /* A game opened from the library is for review until it is resumed. */
  if (kz_session_get_read_only (self->session))
    return;
  side = kz_game_get_side_to_move (self->game);
  if (!kz_window_is_computer (self, side))
    return;
  self->thinking = TRUE;
  self->computer_cancellable = g_cancellable_new ();
  kz_computer_player_choose_timed_async (self->game, kz_game_get_player_level (self->game, side), 600,
                                         self->clock ? (guint) kz_game_clock_think_budget (self->clock) : 0,
                                         self->computer_cancellable, computer_done, g_object_ref (self));
  kz_window_update (self);
}

/* ---- the side panel and the status ----------------------------------- */

static char *
outcome_text (KzGame *game)
{
  KzResult result = kz_game_get_result (game);
  KzTermination termination = kz_game_get_termination (game);
  const char *winner = result == KZ_RESULT_COSSACKS_WIN ? _("Cossacks") : _("Turks");

  if (result == KZ_RESULT_DRAW)
    {
      if (termination == KZ_TERMINATION_REPETITION)
        return g_strdup (_("Draw: the same position occurred three times"));
      if (termination == KZ_TERMINATION_TIME_FORFEIT)
        return g_strdup (_("Draw: time ran out"));
      return g_strdup (_("Draw by agreement"));
    }
  switch (termination)
    {
    case KZ_TERMINATION_FLAG:
      /* Translators: %s is "Cossacks" or "Turks" */
      return g_strdup_printf (_("%s win: flag brought home"), winner);
    case KZ_TERMINATION_ANNIHILATION:
      return g_strdup_printf (_("%s win: all enemy pieces taken"), winner);
    case KZ_TERMINATION_BLOCKED:
      return g_strdup_printf (_("%s win: the opponent cannot move"), winner);
    case KZ_TERMINATION_RESIGNATION:
      return g_strdup (result == KZ_RESULT_COSSACKS_WIN ? _("Cossacks win: the Turks resigned")
                                                        : _("Turks win: the Cossacks resigned"));
    case KZ_TERMINATION_TIME_FORFEIT:
      /* Translators: %s is "Cossacks" or "Turks" */
      return g_strdup_printf (_("%s win on time"), winner);
    case KZ_TERMINATION_NONE:
    case KZ_TERMINATION_REPETITION:
    case KZ_TERMINATION_AGREEMENT:
    default:
      return g_strdup_printf (_("%s win"), winner);
    }
}

static void
update_status (KzWindow *self)
{
  const KzPosition *pos = kz_game_get_position (self->game);
  KzSide side = kz_game_get_side_to_move (self->game);
  GString *detail = g_string_new (NULL);

  if (kz_game_is_over (self->game))
    {
      g_autofree char *text = outcome_text (self->game);
      gtk_label_set_text (self->status_label, text);
    }
  else if (self->thinking)
    {
      g_autofree char *text = g_strdup_printf (_("%s to move — the computer is thinking…"), kz_window_side_name (side));
      gtk_label_set_text (self->status_label, text);
    }
  else if (kz_window_human_vs_computer (self))
    {
      g_autofree char *text = g_strdup_printf (_("%s to move — your turn"), kz_window_side_name (side));
      gtk_label_set_text (self->status_label, text);
    }
  else
    {
      g_autofree char *text = g_strdup_printf (_("%s to move"), kz_window_side_name (side));
      gtk_label_set_text (self->status_label, text);
    }

  if (!kz_game_is_over (self->game) && kz_game_capture_compulsory (self->game))
    g_string_append (detail, _("A capture is compulsory"));
  for (int f = 0; f < 2; f++)
    if (pos->flag[f] != KZ_FLAG_HOME)
      {
        int carrier = kz_position_piece_at (pos, pos->flag[f]);
        const char *text;
        if (carrier == KZ_TURKS)
          text = f == KZ_COSSACKS ? _("Turks carry the Cossack flag") : _("Turks carry their own flag");
        else
          text = f == KZ_TURKS ? _("Cossacks carry the Turkish flag") : _("Cossacks carry their own flag");
        if (detail->len)
          g_string_append (detail, " · ");
        g_string_append (detail, text);
      }
  gtk_label_set_text (self->detail_label, detail->str);
  g_string_free (detail, TRUE);
}

void
kz_window_update_actions (KzWindow *self)
{
  gboolean over, human_turn, review_only;
  GAction *action;

  update_clock_pause (self);

  if (self->game == NULL)
    return;
  over = kz_game_is_over (self->game);
  human_turn = !over && !kz_window_is_computer (self, kz_game_get_side_to_move (self->game));
  /* A stored game opened from the library is for review: it stays as
   * recorded.  While any game is reviewed, the game played is not
   * changed behind the review either. */
  review_only = kz_session_get_read_only (self->session) || self->replay != NULL;

#define ENABLE(name, value) \
  action = g_action_map_lookup_action (G_ACTION_MAP (self), name); \
  if (action) g_simple_action_set_enabled (G_SIMPLE_ACTION (action), (value) && !review_only)

  ENABLE ("undo", kz_game_get_can_undo (self->game));
  ENABLE ("redo", kz_game_get_can_redo (self->game));
  ENABLE ("resign", !over);
  ENABLE ("offer-draw", !over);
  ENABLE ("hint", human_turn && !self->thinking);
#undef ENABLE
}

void
kz_window_update (KzWindow *self)
{
  KzSide side;
  gboolean over, interactive;
  g_autofree char *subtitle = NULL;

  if (self->game == NULL)
    return;
  side = kz_game_get_side_to_move (self->game);
  over = kz_game_is_over (self->game);
  interactive = !over && !self->thinking && !kz_window_is_computer (self, side);
  kz_board_view_set_interactive (self->board_view, interactive);

  gtk_widget_set_visible (GTK_WIDGET (self->thinking_spinner), self->thinking);
  gtk_spinner_set_spinning (self->thinking_spinner, self->thinking);

  update_status (self);
  if (self->replay == NULL)
    {
      /* The side panel shows the game as it stands (while reviewing, the
       * position reviewed: kz-window-review.c). */
      kz_player_card_show_game (self->cossacks_card, self->game, kz_game_get_ply (self->game));
      kz_player_card_show_game (self->turks_card, self->game, kz_game_get_ply (self->game));
      kz_moves_view_set_current_ply (self->moves_view, kz_game_get_ply (self->game));
    }
  kz_window_update_actions (self);
  update_clock_pause (self);

  if (kz_window_human_vs_computer (self))
    subtitle = g_strdup_printf (_("Against the computer, level %d"),
                                kz_game_get_player_level (self->game, KZ_OTHER (kz_window_human_side (self))));
  else if (!is_human (self, KZ_COSSACKS))
    subtitle = g_strdup (_("The computer against itself"));
  else
    subtitle = g_strdup (_("Two players"));
  adw_window_title_set_subtitle (self->window_title, subtitle);
}

/* ---- game over ------------------------------------------------------- */

static void
game_over_response (GObject *dialog, const char *response, gpointer user_data)
{
  KzWindow *self = user_data;

  self->game_over_dialog = NULL;
  if (g_strcmp0 (response, "new-game") == 0)
    kz_window_show_new_game (self);
  else if (g_strcmp0 (response, "review") == 0)
    /* The same as win.review (Ctrl+R): the finished game, step by step. */
    g_action_group_change_action_state (G_ACTION_GROUP (self), "review",
                                        g_variant_new_boolean (TRUE));
}

/* Who resigned, as a sentence. */
static char *
resigned_text (KzWindow *self, KzSide loser)
{
  const char *name = kz_game_get_player_name (self->game, loser);

  if (kz_window_human_vs_computer (self))
    return g_strdup (is_human (self, loser) ? _("You resigned.") : _("The computer resigned."));
  if (name && *name && !g_str_equal (name, kz_window_side_name (loser)))
    /* Translators: %s is the player's name */
    return g_strdup_printf (loser == KZ_COSSACKS ? _("The Cossacks (%s) resigned.")
                                                 : _("The Turks (%s) resigned."), name);
  return g_strdup (loser == KZ_COSSACKS ? _("The Cossacks resigned.") : _("The Turks resigned."));
}

/* How the game ended, as a sentence for the game-over dialog. */
static char *
ending_text (KzWindow *self)
{
  KzResult result = kz_game_get_result (self->game);
  KzSide winner = result == KZ_RESULT_TURKS_WIN ? KZ_TURKS : KZ_COSSACKS;
  gboolean cossacks = winner == KZ_COSSACKS;

  switch (kz_game_get_termination (self->game))
    {
    case KZ_TERMINATION_FLAG:
      return g_strdup (cossacks ? _("A Cossack carried the Turkish flag home to c2.")
                                : _("A Turk carried the Cossack flag home to c8."));
    case KZ_TERMINATION_ANNIHILATION:
      return g_strdup (cossacks ? _("Every Turkish piece has been taken.")
                                : _("Every Cossack piece has been taken."));
    case KZ_TERMINATION_BLOCKED:
      return g_strdup (cossacks ? _("The Turks have no move left.")
                                : _("The Cossacks have no move left."));
    case KZ_TERMINATION_REPETITION:
      return g_strdup (_("The same position occurred for the third time."));
    case KZ_TERMINATION_AGREEMENT:
      return g_strdup (_("Both sides agreed to a draw."));
    case KZ_TERMINATION_RESIGNATION:
      return resigned_text (self, KZ_OTHER (winner));
    case KZ_TERMINATION_TIME_FORFEIT:
      if (result == KZ_RESULT_DRAW)
        return g_strdup (_("Time ran out, but the other side has no pieces left to win with."));
      return g_strdup (cossacks ? _("The Turks ran out of time.") : _("The Cossacks ran out of time."));
    case KZ_TERMINATION_NONE:
    default:
      return g_strdup ("");
    }
}

static void
show_game_over (KzWindow *self)
{
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  KzResult result = kz_game_get_result (self->game);
  GObject *alert;

  self->game_over_pending = FALSE;
  if (self->game_over_dialog)
    return;

  if (result == KZ_RESULT_DRAW)
    heading = g_strdup (_("Draw"));
  else if (kz_window_human_vs_computer (self))
    heading = g_strdup ((result == KZ_RESULT_COSSACKS_WIN) == (kz_window_human_side (self) == KZ_COSSACKS)
                        ? _("You Win!") : _("The Computer Wins"));
  else
    heading = g_strdup_printf (_("%s Win"), result == KZ_RESULT_COSSACKS_WIN ? _("Cossacks") : _("Turks"));
  body = ending_text (self);
  {
    g_autofree char *said = g_strdup_printf ("%s. %s", heading, body);
    kz_board_view_announce (self->board_view, said);
  }
  /* A flag brought home has its own sound, played with the move. */
  if (kz_game_get_termination (self->game) != KZ_TERMINATION_FLAG)
    kz_sounds_play (self->sounds, KZ_SOUND_GAME_END);

  alert = kz_alert_new (heading, body);
  kz_alert_add_response (alert, "review", _("_Review"), ADW_RESPONSE_DEFAULT);
  kz_alert_add_response (alert, "new-game", _("_New Game"), ADW_RESPONSE_SUGGESTED);
  /* Escape only closes it: the finished game stays on the board. */
  kz_alert_set_default (alert, "new-game", "close");
  self->game_over_dialog = alert;
  kz_alert_present (alert, GTK_WIDGET (self), game_over_response, self);
}

static void
animation_done (KzWindow *self)
{
  if (self->game != NULL && self->game_over_pending)
    show_game_over (self);
}

/* ---- new game dialog ------------------------------------------------- */

/* The New Game dialog: its form writes the settings on Start. */
typedef struct {
  KzWindow      *self;
  KzNewGameForm *form;
} NewGameData;

static void
new_game_response (GObject *dialog, const char *response, gpointer user_data)
{
  NewGameData *data = user_data;

  if (g_strcmp0 (response, "start") == 0)
    {
      kz_new_game_form_apply (data->form);
      start_new_game (data->self, kz_new_game_form_get_computer (data->form));
    }
  g_object_unref (data->form);
  g_object_unref (data->self);
  g_free (data);
}

void
kz_window_show_new_game (KzWindow *self)
{
  NewGameData *data;
  GObject *alert;

  g_return_if_fail (KZ_IS_WINDOW (self));
  data = g_new0 (NewGameData, 1);
  data->self = g_object_ref (self);
  data->form = g_object_ref_sink (kz_new_game_form_new (self->settings));
  alert = kz_alert_new (_("New Game"),
                        kz_game_is_over (self->game) || kz_game_get_ply (self->game) == 0
                        ? NULL : _("The current game stays saved, unfinished."));
  kz_alert_set_extra_child (alert, GTK_WIDGET (data->form));
  kz_alert_add_response (alert, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  kz_alert_add_response (alert, "start", _("_Start"), ADW_RESPONSE_SUGGESTED);
  kz_alert_set_default (alert, "start", "cancel");
  kz_alert_present (alert, GTK_WIDGET (self), new_game_response, data);
}

KzGame *
kz_window_get_game (KzWindow *self)
{
  g_return_val_if_fail (KZ_IS_WINDOW (self), NULL);
  return self->game;
}

void
kz_window_set_game (KzWindow *self, KzGame *game)
{
  g_return_if_fail (KZ_IS_WINDOW (self));
  g_return_if_fail (KZ_IS_GAME (game));
  kz_session_set_game (self->session, game);
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
  start_fresh_database (KZ_WINDOW (user_data));
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
  kz_window_play_move (self, move);
}

static void
board_message (KzWindow *self, const char *message, gboolean is_refusal, KzBoardView *view)
{
  if (message == NULL)
    {
      update_status (self);
      return;
    }
  /* Hints about a chain go to the status line; refusals to a toast. */
  if (is_refusal)
    refusal (self, message);
  else
    gtk_label_set_text (self->detail_label, message);
}

/* Narrow windows hide the side panel (the header button shows it again). */
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
}

/* ---- settings -------------------------------------------------------- */

static void
settings_changed (KzWindow *self, const char *key)
{
  if (key == NULL || g_str_equal (key, "board-flipped"))
    apply_flip (self);
  if (key == NULL || g_str_equal (key, "animation-speed"))
    kz_board_view_set_animation_duration (self->board_view, kz_window_animation_duration (self));
}

/* ---- window ---------------------------------------------------------- */

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

  kz_window_stop_computer (self);
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  if (self->current_toast)
    g_signal_handlers_disconnect_by_data (self->current_toast, self);
  g_clear_object (&self->current_toast);
  if (self->pending_alert && GTK_IS_WINDOW (self->pending_alert))
    gtk_window_destroy (GTK_WINDOW (self->pending_alert));
  g_clear_object (&self->pending_alert);
  if (self->session)
    g_signal_handlers_disconnect_by_data (self->session, self);
  kz_window_review_dispose (self);
  kz_window_analysis_dispose (self);
  set_clock (self, NULL);
  g_clear_object (&self->game);
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
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/kz-window.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, KzWindow, name)
  BIND (toast_overlay);
  BIND (window_title);
  BIND (board_view);
  BIND (review_board);
  BIND (review_bar);
  BIND (side_panel);
  BIND (main_box);
  BIND (board_column);
  BIND (status_label);
  BIND (detail_label);
  BIND (thinking_spinner);
  BIND (cossacks_card);
  BIND (turks_card);
  BIND (moves_view);
  BIND (storage_label);
  BIND (review_area);
  BIND (eval_bar);
  BIND (best_arrow);
  BIND (analysis_box);
  BIND (analysis_progress);
  BIND (eval_graph);
  BIND (analysis_line);
  BIND (analysis_summary);
#undef BIND
}

static void
kz_window_init (KzWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions,
                                   G_N_ELEMENTS (win_actions), self);
  kz_window_game_init (self);
  kz_window_review_init (self);
  kz_window_analysis_init (self);
  kz_window_notation_init (self);
  g_signal_connect_swapped (self->board_view, "move-chosen", G_CALLBACK (board_move_chosen), self);
  g_signal_connect_swapped (self->board_view, "message", G_CALLBACK (board_message), self);
  g_signal_connect_swapped (self->board_view, "animation-done", G_CALLBACK (animation_done), self);
  g_signal_connect_swapped (self->board_view, "notify::flipped", G_CALLBACK (board_flipped_changed),
                            self);
  g_signal_connect (self, "map", G_CALLBACK (window_mapped), NULL);
  g_signal_connect (self, "unmap", G_CALLBACK (update_clock_pause), NULL);
  /* Narrow windows: the panel under the board (libadwaita ≥ 1.4), else
   * hidden. */
  if (!kz_narrow_layout_add (ADW_APPLICATION_WINDOW (self), self->main_box,
                             self->board_column, self->side_panel,
                             GTK_WIDGET (self->moves_view)))
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

  if (game != self->game && game != NULL)
    set_game (self, game);
}

/* A stored game under review was resumed: play on in it. */
static void
session_read_only_changed (KzWindow *self)
{
  kz_window_review_game_changed (self);
  kz_window_update (self);
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

  g_settings_bind (self->settings, "show-coordinates", self->board_view, "show-coordinates",
                   G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-coordinates", self->review_board, "show-coordinates",
                   G_SETTINGS_BIND_GET);
  g_signal_connect_swapped (self->settings, "changed", G_CALLBACK (settings_changed), self);
  settings_changed (self, NULL);

  load_initial_game (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  return self;
}
