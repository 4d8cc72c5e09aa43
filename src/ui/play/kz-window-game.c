/* kz-window-game.c — the game played in the main window: the game shown,
 * new games (and the New Game dialog), moves played on the board or by
 * the computer, and the actions on the game:
 *
 *   win.undo, win.redo (against the computer: its reply too)
 *   win.play-move (s)   a move in notation, e.g. 'c4-c5'
 *   win.resign, win.hint (draws: kz-window-draw.c)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-computer-player.h"
#include "kz-dialogs.h"
#include "kz-new-game-form.h"
#include "kz-window-private.h"

/* ---- the game -------------------------------------------------------- */

/* Whether the computer is choosing a move: the spinner, the status, the
 * board's and the actions' state follow it. */
static void
set_thinking (KzWindow *self, gboolean thinking)
{
  if (self->play->thinking == thinking)
    return;
  self->play->thinking = thinking;
  kz_window_show_state (self);
}

void
kz_window_stop_computer (KzWindow *self)
{
  if (self->play->computer_cancellable)
    {
      g_cancellable_cancel (self->play->computer_cancellable);
      g_clear_object (&self->play->computer_cancellable);
    }
  set_thinking (self, FALSE);
}

void
kz_window_show_board (KzWindow *self, gboolean animate_last)
{
  KzBoardState state;
  guint ply = kz_game_get_ply (self->play->game);

  kz_board_state_from_game (&state, self->play->game, ply);
  if (animate_last && ply > 0)
    {
      KzBoardState before;
      kz_board_state_from_game (&before, self->play->game, ply - 1);
      kz_board_view_set_state (self->play->board, &state, &before);
      kz_sounds_play (self->sounds, kz_sound_for_move (&before, &state));
    }
  else
    kz_board_view_set_state (self->play->board, &state, NULL);
}

/* ---- following the game ------------------------------------------------ */

/* The window shows its game as the game's own signals say it changed:
 * whoever plays, takes back or ends it (the actions here, the computer,
 * the clock's flag) calls only KzGame. */

static void
game_move_played (KzWindow *self, guint ply, gconstpointer move, KzGame *game)
{
  /* A search still running was for the position before. */
  kz_window_stop_computer (self);
  kz_window_show_welcome (self, FALSE);   /* the game goes on: begun */
  kz_window_show_board (self, TRUE);
  kz_window_show_state (self);
  kz_window_draw_moved (self);
  kz_window_maybe_start_computer (self);
}

static void
game_move_undone (KzWindow *self, guint ply, gconstpointer move, KzGame *game)
{
  kz_window_stop_computer (self);
  self->play->game_over_pending = FALSE;
  kz_window_draw_withdraw (self, FALSE);
  kz_window_show_board (self, FALSE);
  kz_window_show_state (self);
  kz_window_maybe_start_computer (self);
}

/* After the last move (then once its animation is over: animation_done in
 * kz-window.c), a resignation, a draw agreed or a flag fallen. */
static void
game_over (KzWindow *self, KzResult result, KzTermination termination, KzGame *game)
{
  kz_window_stop_computer (self);
  kz_window_draw_withdraw (self, FALSE);
  kz_window_show_state (self);
  self->play->game_over_pending = TRUE;
  if (!kz_board_view_get_animating (self->play->board))
    kz_window_show_game_over (self);
}

void
kz_window_follow_game_init (KzWindow *self)
{
  self->play->game_signals = g_signal_group_new (KZ_TYPE_GAME);
  g_signal_group_connect_swapped (self->play->game_signals, "move-played", G_CALLBACK (game_move_played),
                                  self);
  g_signal_group_connect_swapped (self->play->game_signals, "move-undone", G_CALLBACK (game_move_undone),
                                  self);
  g_signal_group_connect_swapped (self->play->game_signals, "game-over", G_CALLBACK (game_over), self);
  /* Redo emptied or filled without a move shown (a redo's first half). */
  g_signal_group_connect_swapped (self->play->game_signals, "notify::can-redo",
                                  G_CALLBACK (kz_window_update_actions), self);
}

/* Replaces the window's game (already stored or in memory). */
void
kz_window_show_game (KzWindow *self, KzGame *game)
{
  kz_window_stop_computer (self);
  if (self->game_over_dialog)
    {
      kz_alert_close (self->game_over_dialog);
      self->game_over_dialog = NULL;
    }
  self->play->game_over_pending = FALSE;
  kz_window_draw_withdraw (self, TRUE);
  kz_window_show_welcome (self, FALSE);
  g_set_object (&self->play->game, game);
  kz_mode_set_game (KZ_MODE (self->play), game);   /* the player cards follow it */
  g_signal_group_set_target (self->play->game_signals, game);
  /* A fresh search (and hash table) for each game. */
  g_clear_object (&self->play->computer);
  self->play->computer = kz_computer_player_new ();
  kz_window_set_clock (self, game);
  kz_moves_view_set_game (self->moves_view, game);
  kz_guide_panel_set_game (self->guide_panel, game);
  kz_window_orient_board (self);
  kz_window_review_game_changed (self);
  kz_window_show_board (self, FALSE);
  kz_window_show_state (self);
  kz_window_maybe_start_computer (self);
}

/* Stores a new game; on a database error go on in memory and say so. */
static void
store_new_game (KzWindow *self, KzGame *game)
{
  g_autoptr (GError) error = NULL;

  if (!kz_session_record_game (self->session, game, &error))
    kz_window_warn_storage (self, _("The new game could not be recorded in the database."), error);
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
  kz_game_set_no_progress_rule (game, g_settings_get_boolean (self->settings, "no-progress-draw"));
  return game;
}

static void
begin_game (KzWindow *self, KzGame *game, gboolean computer)
{
  g_autoptr (KzGame) old = self->play->game ? g_object_ref (self->play->game) : NULL;

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

void
kz_window_start_new_game (KzWindow *self, gboolean computer)
{
  g_autoptr (KzGame) game = new_game_from_settings (self, computer);
  begin_game (self, game, computer);
}

void
kz_window_start_guided_game (KzWindow *self)
{
  g_autoptr (KzGame) game = new_game_from_settings (self, TRUE);
  KzSide computer = kz_game_get_player_kind (game, KZ_COSSACKS) == KZ_PLAYER_COMPUTER
                      ? KZ_COSSACKS : KZ_TURKS;

  kz_game_set_player (game, computer, _("Computer"), KZ_PLAYER_COMPUTER, 1);
  kz_game_set_tag (game, KZ_GUIDE_TAG, "yes");
  /* a first game is not played against a clock */
  kz_game_set_time_control (game, NULL);
  begin_game (self, game, TRUE);
}

/* New Game with "With help" on: the game of the settings, guided. */
static void
start_new_game_with_help (KzWindow *self)
{
  g_autoptr (KzGame) game = new_game_from_settings (self, TRUE);

  kz_game_set_tag (game, KZ_GUIDE_TAG, "yes");
  begin_game (self, game, TRUE);
}

/* On start: resume the newest unfinished game, else begin one. */
void
kz_window_load_initial_game (KzWindow *self)
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
      kz_window_warn_storage (self, _("The game database could not be opened."), open_error);
    }
  else if (!kz_session_get_can_save (self->session))
    kz_window_warn_storage (self, _("The game database can only be read: the library shows its games, but no new game or move is saved."),
                            kz_session_get_store_error (self->session));
  else if (kz_store_get_upgrade_copy (store))
    {
      /* Translators: %s is the file name of the copy */
      g_autofree char *text = g_strdup_printf (_("The game database was upgraded for this version of Kazaki; the file as it was is kept as “%s”"),
                                               kz_store_get_upgrade_copy (store));
      kz_window_show_toast (self, text);
    }

  if (store && kz_store_find_unfinished (store, &id, &error) && id != 0)
    {
      game = kz_store_load_game (store, id, &error);
      if (game)
        {
          /* From a database that can only be read: played on in memory. */
          if (!kz_session_get_can_save (self->session))
            kz_game_detach (game);
          kz_session_set_game (self->session, game);
          /* A timed game waits for its player: its clock runs from Resume. */
          kz_window_pause_game (self, TRUE);
          return;
        }
    }
  if (error)
    {
      g_autofree char *text = g_strdup_printf (_("The unfinished game could not be resumed: %s"),
                                               error->message);
      kz_window_show_toast (self, text);
      g_clear_error (&error);
    }

  /* First start (no game at all): two players, playable at once. */
  kind = g_settings_get_string (self->settings, "last-game-kind");
  computer = g_str_equal (kind, "computer");
  if (store && kz_store_count_games (store, NULL, &count, NULL) && count == 0)
    computer = FALSE;
  kz_window_start_new_game (self, computer);
}

/* Plays a move; the store commits before the game (and so the board)
 * has it.  When the database refuses it (disk full, the game changed by
 * another copy of Kazaki), the move is not played: the board stays as it
 * was, the message says so, and the game goes on in memory -- the player
 * plays the move again, the computer chooses again. */
gboolean
kz_window_play_move (KzWindow *self, const KzMove *move)
{
  g_autoptr (GError) error = NULL;
  gboolean computer = kz_window_is_computer (self, kz_game_get_side_to_move (self->play->game));
  KzGameClock *clock = kz_clock_controller_get_clock (self->clocks);

  if (clock ? kz_game_clock_play (clock, move, &error)
            : kz_game_play (self->play->game, move, &error))
    return TRUE;
  if (!g_error_matches (error, KZ_GAME_ERROR, KZ_GAME_ERROR_STORE))
    {
      kz_window_show_toast (self, error->message);
      return FALSE;
    }
  {
    char text[KZ_MOVE_STR_MAX];
    g_autofree char *what = NULL;

    kz_move_format (move, text, sizeof text);
    what = g_strdup_printf (computer
                            /* Translators: %s is a move such as c4-c5 */
                            ? _("The computer’s move %s could not be saved in the database, so it was not played; the computer chooses again.")
                            /* Translators: %s is a move such as c4-c5 */
                            : _("The move %s could not be saved in the database, so it was not played: play it again."),
                            text);
    kz_window_warn_storage (self, what, error);
    kz_session_drop_store (self->session, error);
  }
  kz_window_show_state (self);
  kz_window_maybe_start_computer (self);
  return FALSE;
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
  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))) || self->play == NULL
      || self->play->game == NULL)
    return;
  if (!kz_computer_player_choose_finish (KZ_COMPUTER_PLAYER (source), result, &move, NULL, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_clear_object (&self->play->computer_cancellable);
          set_thinking (self, FALSE);
          kz_window_show_toast (self, error->message);
        }
      return;
    }
  g_clear_object (&self->play->computer_cancellable);
  set_thinking (self, FALSE);
  kz_window_play_move (self, &move);
}

void
kz_window_maybe_start_computer (KzWindow *self)
{
  KzGameClock *clock;
  KzSide side;

  if (self->play->thinking || self->play->game == NULL || kz_game_is_over (self->play->game)
      || kz_window_game_paused (self))
    return;
  /* A game opened from the library is for review until it is resumed. */
  if (kz_session_get_read_only (self->session))
    return;
  side = kz_game_get_side_to_move (self->play->game);
  if (!kz_window_is_computer (self, side))
    return;
  clock = kz_clock_controller_get_clock (self->clocks);
  self->play->computer_cancellable = g_cancellable_new ();
  kz_computer_player_choose_timed_async (self->play->computer, self->play->game,
                                         kz_game_get_player_level (self->play->game, side),
                                         g_settings_get_boolean (self->settings, "human-pace")
                                         ? KZ_HUMAN_PACE_MSEC : 0,
                                         clock ? (guint) kz_game_clock_think_budget (clock) : 0,
                                         self->play->computer_cancellable, computer_done, g_object_ref (self));
  set_thinking (self, TRUE);
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
      if (kz_new_game_form_get_guided (data->form))
        start_new_game_with_help (data->self);
      else
        kz_window_start_new_game (data->self, kz_new_game_form_get_computer (data->form));
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
                        kz_game_is_over (self->play->game) || kz_game_get_ply (self->play->game) == 0
                        ? NULL : _("The current game stays saved, unfinished."));
  kz_alert_set_extra_child (alert, GTK_WIDGET (data->form));
  kz_alert_add_response (alert, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  kz_alert_add_response (alert, "start", _("_Start"), ADW_RESPONSE_SUGGESTED);
  kz_alert_set_default (alert, "start", "cancel");
  kz_alert_present (alert, GTK_WIDGET (self), new_game_response, data);
}


/* ---- the game actions ------------------------------------------------- */

static void
undo_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  g_autoptr (GError) error = NULL;

  kz_window_stop_computer (self);
  kz_board_view_finish_animation (self->play->board);
  if (!kz_game_undo (self->play->game, &error))
    {
      kz_window_show_toast (self, error->message);
      return;
    }
  /* Against the computer: take back its reply too, so it is the
   * player's turn again. */
  if (kz_window_against_computer (self) && kz_window_is_computer (self, kz_game_get_side_to_move (self->play->game)) &&
      kz_game_get_can_undo (self->play->game))
    {
      if (!kz_game_undo (self->play->game, &error))
        kz_window_show_toast (self, error->message);
    }
}

static void
redo_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  g_autoptr (GError) error = NULL;

  kz_window_stop_computer (self);
  kz_board_view_finish_animation (self->play->board);
  if (!kz_game_redo (self->play->game, &error))
    {
      kz_window_show_toast (self, error->message);
      return;
    }
  if (kz_window_against_computer (self) && kz_window_is_computer (self, kz_game_get_side_to_move (self->play->game)) &&
      kz_game_get_can_redo (self->play->game))
    kz_game_redo (self->play->game, NULL);
}

static void
play_move_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  const char *text = g_variant_get_string (param, NULL);
  g_autoptr (GError) error = NULL;
  KzMove move;

  if (self->play->thinking)
    {
      kz_window_show_toast (self, _("Wait for the computer's move"));
      return;
    }
  if (kz_window_game_paused (self))
    {
      kz_window_show_toast (self, _("The game is paused: resume it to play"));
      return;
    }
  if (!kz_game_parse_move (self->play->game, text, &move, &error))
    {
      /* Translators: the first %s is a move such as c4-c6, the second the reason */
      g_autofree char *msg = g_strdup_printf (_("%s is not possible: %s"), text, error->message);
      kz_window_show_toast (self, msg);
      return;
    }
  kz_board_view_cancel_input (self->play->board);
  kz_window_play_move (self, &move);
}

static void
resign_response (GObject *dialog, const char *response, gpointer user_data)
{
  g_autoptr (KzWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  KzSide side;

  if (g_strcmp0 (response, "resign") != 0 || kz_game_is_over (self->play->game))
    return;
  side = kz_window_human_vs_computer (self) ? kz_window_human_side (self) : kz_game_get_side_to_move (self->play->game);
  kz_window_stop_computer (self);
  if (!kz_game_resign (self->play->game, side, &error))
    {
      kz_window_show_toast (self, error->message);
      return;
    }
}

static void
resign_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  KzSide side = kz_window_human_vs_computer (self) ? kz_window_human_side (self) : kz_game_get_side_to_move (self->play->game);
  g_autofree char *heading = NULL;
  GObject *alert;

  if (kz_game_is_over (self->play->game))
    return;
  /* Translators: %s is "Cossacks" or "Turks" */
  heading = g_strdup_printf (_("Resign for the %s?"), kz_window_side_name (side));
  alert = kz_alert_new (heading, _("The other side wins the game."));
  kz_alert_add_response (alert, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  kz_alert_add_response (alert, "resign", _("_Resign"), ADW_RESPONSE_DESTRUCTIVE);
  kz_alert_set_default (alert, "cancel", "cancel");
  kz_alert_present (alert, GTK_WIDGET (self), resign_response, g_object_ref (self));
}

static void
hint_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (KzWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  KzMove move;
  char text[KZ_MOVE_STR_MAX];
  g_autofree char *msg = NULL;

  if (!kz_computer_player_choose_finish (KZ_COMPUTER_PLAYER (source), result, &move, NULL, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        kz_window_show_toast (self, error->message);
      return;
    }
  if (self->play->game == NULL)
    return;
  /* On the board: the piece selected, the move's path and end marked; a
   * click on the end plays it.  Nothing when the position has changed
   * meanwhile (the hint was for the one before). */
  if (!kz_board_view_show_hint (self->play->board, &move))
    return;
  kz_move_format (&move, text, sizeof text);
  /* Translators: %s is a move such as c4-c5 */
  msg = g_strdup_printf (_("Hint: %s"), text);
  kz_window_show_toast (self, msg);
}

static void
hint_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;

  if (kz_game_is_over (self->play->game) || self->play->thinking)
    return;
  kz_computer_player_choose_async (self->play->computer, self->play->game, 3, 0, NULL, hint_done,
                                   g_object_ref (self));
}

static const GActionEntry game_actions[] = {
  { "undo", undo_activated, NULL, NULL, NULL, { 0 } },
  { "redo", redo_activated, NULL, NULL, NULL, { 0 } },
  { "play-move", play_move_activated, "s", NULL, NULL, { 0 } },
  { "resign", resign_activated, NULL, NULL, NULL, { 0 } },
  { "hint", hint_activated, NULL, NULL, NULL, { 0 } },
};

void
kz_window_game_init (KzWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), game_actions,
                                   G_N_ELEMENTS (game_actions), self);
}
