/* kz-window-game.c — the window's actions on the game played:
 *
 *   win.undo, win.redo (against the computer: its reply too)
 *   win.play-move (s)   a move in notation, e.g. 'c4-c5'
 *   win.resign, win.offer-draw, win.hint
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-computer-player.h"
#include "kz-dialogs.h"
#include "kz-window-private.h"

static void
undo_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  g_autoptr (GError) error = NULL;

  kz_window_stop_computer (self);
  kz_board_view_finish_animation (self->board_view);
  if (!kz_game_undo (self->game, &error))
    {
      kz_window_show_toast (self, error->message);
      kz_window_update (self);
      return;
    }
  /* Against the computer: take back its reply too, so it is the
   * player's turn again. */
  if (kz_window_against_computer (self) && kz_window_is_computer (self, kz_game_get_side_to_move (self->game)) &&
      kz_game_get_can_undo (self->game))
    {
      if (!kz_game_undo (self->game, &error))
        kz_window_show_toast (self, error->message);
    }
  self->game_over_pending = FALSE;
  kz_window_show_board (self, FALSE);
  kz_window_update (self);
  kz_window_maybe_start_computer (self);
}

static void
redo_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  g_autoptr (GError) error = NULL;

  kz_window_stop_computer (self);
  kz_board_view_finish_animation (self->board_view);
  if (!kz_game_redo (self->game, &error))
    {
      kz_window_show_toast (self, error->message);
      kz_window_update (self);
      return;
    }
  if (kz_window_against_computer (self) && kz_window_is_computer (self, kz_game_get_side_to_move (self->game)) &&
      kz_game_get_can_redo (self->game))
    kz_game_redo (self->game, NULL);
  kz_window_after_change (self, TRUE);
}

static void
play_move_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  const char *text = g_variant_get_string (param, NULL);
  g_autoptr (GError) error = NULL;
  KzMove move;

  if (self->thinking)
    {
      kz_window_show_toast (self, _("Wait for the computer's move"));
      return;
    }
  if (!kz_game_parse_move (self->game, text, &move, &error))
    {
      /* Translators: the first %s is a move such as c4-c6, the second the reason */
      g_autofree char *msg = g_strdup_printf (_("%s is not possible: %s"), text, error->message);
      kz_window_show_toast (self, msg);
      return;
    }
  kz_board_view_cancel_input (self->board_view);
  kz_window_play_move (self, &move);
}

static void
resign_response (GObject *dialog, const char *response, gpointer user_data)
{
  g_autoptr (KzWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  KzSide side;

  if (g_strcmp0 (response, "resign") != 0 || kz_game_is_over (self->game))
    return;
  side = kz_window_human_vs_computer (self) ? kz_window_human_side (self) : kz_game_get_side_to_move (self->game);
  kz_window_stop_computer (self);
  if (!kz_game_resign (self->game, side, &error))
    {
      kz_window_show_toast (self, error->message);
      return;
    }
  kz_window_after_change (self, FALSE);
}

static void
resign_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  KzSide side = kz_window_human_vs_computer (self) ? kz_window_human_side (self) : kz_game_get_side_to_move (self->game);
  g_autofree char *heading = NULL;
  GObject *alert;

  if (kz_game_is_over (self->game))
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
draw_response (GObject *dialog, const char *response, gpointer user_data)
{
  g_autoptr (KzWindow) self = user_data;
  g_autoptr (GError) error = NULL;

  if (kz_game_is_over (self->game))
    return;
  if (g_strcmp0 (response, "accept") != 0)
    {
      kz_window_show_toast (self, _("The draw offer was declined"));
      return;
    }
  if (!kz_game_agree_draw (self->game, &error))
    {
      kz_window_show_toast (self, error->message);
      return;
    }
  kz_window_after_change (self, FALSE);
}

static void
computer_draw_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (KzWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  int score = 0;

  if (!kz_computer_player_choose_finish (result, NULL, &score, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        kz_window_show_toast (self, error->message);
      return;
    }
  if (self->game == NULL || kz_game_is_over (self->game))
    return;
  /* The search scored the position for the computer (it is to move
   * when it evaluates; else for the player, so negate). */
  if (kz_game_get_side_to_move (self->game) == kz_window_human_side (self))
    score = -score;
  if (score < -50)
    {
      g_autoptr (GError) draw_error = NULL;
      kz_window_show_toast (self, _("The computer accepts the draw: it judges its position worse"));
      if (!kz_game_agree_draw (self->game, &draw_error))
        kz_window_show_toast (self, draw_error->message);
      else
        kz_window_after_change (self, FALSE);
    }
  else
    kz_window_show_toast (self, _("The computer declines the draw: it judges its position at least even"));
}

static void
offer_draw_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  KzSide side = kz_game_get_side_to_move (self->game);
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  GObject *alert;

  if (kz_game_is_over (self->game))
    return;
  if (kz_window_human_vs_computer (self))
    {
      g_autoptr (GCancellable) cancellable = g_cancellable_new ();
      kz_window_show_toast (self, _("The computer considers your draw offer…"));
      kz_computer_player_choose_async (self->game, 2, 0, cancellable, computer_draw_done,
                                       g_object_ref (self));
      return;
    }
  /* Translators: %s is "Cossacks" or "Turks" */
  heading = g_strdup_printf (_("The %s Offer a Draw"), kz_window_side_name (side));
  body = g_strdup_printf (_("%s, do you accept the draw?"), kz_window_side_name (KZ_OTHER (side)));
  alert = kz_alert_new (heading, body);
  kz_alert_add_response (alert, "decline", _("_Decline"), ADW_RESPONSE_DEFAULT);
  kz_alert_add_response (alert, "accept", _("_Accept Draw"), ADW_RESPONSE_SUGGESTED);
  kz_alert_set_default (alert, "decline", "decline");
  kz_alert_present (alert, GTK_WIDGET (self), draw_response, g_object_ref (self));
}

static void
hint_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (KzWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  KzMove move;
  char text[KZ_MOVE_STR_MAX];
  g_autofree char *msg = NULL;

  if (!kz_computer_player_choose_finish (result, &move, NULL, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        kz_window_show_toast (self, error->message);
      return;
    }
  if (self->game == NULL)
    return;
  /* On the board: the piece selected, the move's path and end marked; a
   * click on the end plays it.  Nothing when the position has changed
   * meanwhile (the hint was for the one before). */
  if (!kz_board_view_show_hint (self->board_view, &move))
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

  if (kz_game_is_over (self->game) || self->thinking)
    return;
  kz_computer_player_choose_async (self->game, 3, 0, NULL, hint_done, g_object_ref (self));
}

static const GActionEntry game_actions[] = {
  { "undo", undo_activated, NULL, NULL, NULL, { 0 } },
  { "redo", redo_activated, NULL, NULL, NULL, { 0 } },
  { "play-move", play_move_activated, "s", NULL, NULL, { 0 } },
  { "resign", resign_activated, NULL, NULL, NULL, { 0 } },
  { "offer-draw", offer_draw_activated, NULL, NULL, NULL, { 0 } },
  { "hint", hint_activated, NULL, NULL, NULL, { 0 } },
};

void
kz_window_game_init (KzWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), game_actions,
                                   G_N_ELEMENTS (game_actions), self);
}
