/* kz-window-draw.c — draws in the game played, a part of KzWindow:
 *
 *   win.offer-draw     the player offers a draw: to the other player (an
 *                      alert), or to the computer, which answers by
 *                      src/model/kz-draw-judge.h (dead or lost: accepted)
 *   win.draw-accept    the computer's own offer, shown in the draw bar
 *   win.draw-decline   (KzDrawBar) after its move when nothing can
 *                      change; enabled while it stands
 *
 * The computer's offer lapses when a move is played or taken back, and
 * it is not made again within KZ_DRAW_OFFER_GAP plies.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-dialogs.h"
#include "kz-draw-judge.h"
#include "kz-window-private.h"

/* ---- the computer's offer ------------------------------------------------ */

static void
set_offer (KzWindow *self, const char *text)
{
  GAction *action;

  kz_draw_bar_set_text (self->play->draw_bar, text);
  action = g_action_map_lookup_action (G_ACTION_MAP (self), "draw-accept");
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), text != NULL);
  action = g_action_map_lookup_action (G_ACTION_MAP (self), "draw-decline");
  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), text != NULL);
  if (text)
    kz_board_view_announce (self->play->board, text);
}

void
kz_window_draw_withdraw (KzWindow *self, gboolean new_game)
{
  if (self->play->draw_cancellable)
    {
      g_cancellable_cancel (self->play->draw_cancellable);
      g_clear_object (&self->play->draw_cancellable);
    }
  set_offer (self, NULL);
  if (new_game)
    self->play->draw_offer_ply = -1;
}

static void
offer_judged (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (KzWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  KzDrawVerdict verdict = kz_draw_judge_finish (result, NULL, &error);

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) || self->play == NULL
      || self->play->game == NULL)
    return;
  g_clear_object (&self->play->draw_cancellable);
  if (error)
    {
      g_debug ("draw offer: %s", error->message);
      return;
    }
  if (verdict == KZ_DRAW_PLAY_ON || kz_game_is_over (self->play->game))
    return;
  self->play->draw_offer_ply = (int) kz_game_get_ply (self->play->game);
  if (verdict == KZ_DRAW_DEAD)
    set_offer (self, _("The computer offers a draw: the endgame tables show that neither side can win."));
  else
    {
      int moves = KZ_DRAW_QUIET_PLIES / 2;
      /* Translators: %d moves of each side */
      g_autofree char *text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "The computer offers a draw: nothing has been taken for %d move and the position is level.",
                                                            "The computer offers a draw: nothing has been taken for %d moves and the position is level.",
                                                            moves), moves);
      set_offer (self, text);
    }
}

void
kz_window_draw_moved (KzWindow *self)
{
  KzGame *game = self->play->game;
  KzSide mover;

  kz_window_draw_withdraw (self, FALSE);
  if (game == NULL || kz_game_is_over (game) || kz_game_get_ply (game) == 0
      || !kz_window_human_vs_computer (self) || kz_session_get_read_only (self->session))
    return;
  mover = KZ_OTHER (kz_game_get_side_to_move (game));
  if (!kz_window_is_computer (self, mover)
      || !kz_draw_judge_may_offer (game, mover, self->play->draw_offer_ply))
    return;
  self->play->draw_cancellable = g_cancellable_new ();
  kz_draw_judge_async (game, mover, kz_game_get_player_level (game, mover), KZ_DRAW_OFFER,
                       self->play->draw_cancellable, offer_judged, g_object_ref (self));
}

static void
draw_accept_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  g_autoptr (GError) error = NULL;

  if (kz_draw_bar_get_text (self->play->draw_bar) == NULL || kz_game_is_over (self->play->game))
    return;
  set_offer (self, NULL);
  if (!kz_game_agree_draw (self->play->game, &error))
    kz_window_show_toast (self, error->message);
}

static void
draw_decline_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;

  if (kz_draw_bar_get_text (self->play->draw_bar) == NULL)
    return;
  set_offer (self, NULL);
  kz_window_show_toast (self, _("Draw declined: the game goes on"));
}

/* ---- the player's offer ---------------------------------------------------- */

static void
draw_response (GObject *dialog, const char *response, gpointer user_data)
{
  g_autoptr (KzWindow) self = user_data;
  g_autoptr (GError) error = NULL;

  if (kz_game_is_over (self->play->game))
    return;
  if (g_strcmp0 (response, "accept") != 0)
    {
      kz_window_show_toast (self, _("The draw offer was declined"));
      return;
    }
  if (!kz_game_agree_draw (self->play->game, &error))
    {
      kz_window_show_toast (self, error->message);
      return;
    }
}

/* The computer's answer, for the game it was asked in. */
typedef struct {
  KzWindow *self;
  KzGame   *game;
} AnswerData;

static void
computer_answered (GObject *source, GAsyncResult *result, gpointer user_data)
{
  AnswerData *data = user_data;
  g_autoptr (KzWindow) self = data->self;
  g_autoptr (KzGame) game = data->game;
  g_autoptr (GError) error = NULL;
  KzDrawVerdict verdict = kz_draw_judge_finish (result, NULL, &error);
  const char *text;

  g_free (data);
  if (self->play == NULL || self->play->game != game || kz_game_is_over (game))
    return;
  if (error)
    {
      kz_window_show_toast (self, error->message);
      return;
    }
  switch (verdict)
    {
    case KZ_DRAW_DEAD:
      text = _("The computer accepts the draw: the endgame tables show that neither side can win");
      break;
    case KZ_DRAW_LOST:
      text = _("The computer accepts the draw: it judges its position lost");
      break;
    case KZ_DRAW_PLAY_ON:
    case KZ_DRAW_STALLED:
    default:
      text = _("The computer declines the draw: its position is not lost, it plays on");
      break;
    }
  /* For the tests, which cannot read a toast. */
  g_debug ("draw answer: %s", text);
  kz_window_show_toast (self, text);
  if (verdict != KZ_DRAW_DEAD && verdict != KZ_DRAW_LOST)
    return;
  if (!kz_game_agree_draw (game, &error))
    kz_window_show_toast (self, error->message);
}

static void
offer_draw_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  KzSide side = kz_game_get_side_to_move (self->play->game);
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  GObject *alert;

  if (kz_game_is_over (self->play->game))
    return;
  if (kz_window_human_vs_computer (self))
    {
      KzSide computer = KZ_OTHER (kz_window_human_side (self));
      AnswerData *data;

      /* The computer offers a draw already: the two offers agree. */
      if (kz_draw_bar_get_text (self->play->draw_bar) != NULL)
        {
          draw_accept_activated (NULL, NULL, self);
          return;
        }
      kz_window_show_toast (self, _("The computer considers your draw offer…"));
      data = g_new0 (AnswerData, 1);
      data->self = g_object_ref (self);
      data->game = g_object_ref (self->play->game);
      kz_draw_judge_async (self->play->game, computer,
                           kz_game_get_player_level (self->play->game, computer), KZ_DRAW_ANSWER,
                           NULL, computer_answered, data);
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

static const GActionEntry draw_actions[] = {
  { "offer-draw", offer_draw_activated, NULL, NULL, NULL, { 0 } },
  { "draw-accept", draw_accept_activated, NULL, NULL, NULL, { 0 } },
  { "draw-decline", draw_decline_activated, NULL, NULL, NULL, { 0 } },
};

void
kz_window_draw_init (KzWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), draw_actions,
                                   G_N_ELEMENTS (draw_actions), self);
  set_offer (self, NULL);
}
