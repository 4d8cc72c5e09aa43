/* kz-window-status.c — what the main window says about the game played:
 * the status line, the player cards, the title, which actions are
 * enabled, and the game-over dialog (the clocks: kz-window-clock.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-dialogs.h"
#include "kz-window-private.h"

/* ---- the side panel and the status ----------------------------------- */

/* The status line warns of the no-progress draw this many plies before it
 * (10 moves of each side). */
#define KZ_NO_PROGRESS_NEAR 20

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
      if (termination == KZ_TERMINATION_NO_PROGRESS)
        return g_strdup (_("Draw: 50 moves without a capture or a flag taken"));
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
    case KZ_TERMINATION_NO_PROGRESS:
    default:
      return g_strdup_printf (_("%s win"), winner);
    }
}

void
kz_window_update_status (KzWindow *self)
{
  const KzPosition *pos = kz_game_get_position (self->play->game);
  KzSide side = kz_game_get_side_to_move (self->play->game);
  GString *detail = g_string_new (NULL);

  if (kz_game_is_over (self->play->game))
    {
      g_autofree char *text = outcome_text (self->play->game);
      gtk_label_set_text (self->play->status_label, text);
    }
  else if (kz_clock_controller_get_paused (self->clocks) && kz_window_game_paused (self))
    {
      /* Translators: %s is "Cossacks" or "Turks" */
      g_autofree char *text = g_strdup_printf (_("%s to move — the game is paused"), kz_window_side_name (side));
      gtk_label_set_text (self->play->status_label, text);
    }
  else if (self->play->thinking)
    {
      g_autofree char *text = g_strdup_printf (_("%s to move — the computer is thinking…"), kz_window_side_name (side));
      gtk_label_set_text (self->play->status_label, text);
    }
  else if (kz_window_human_vs_computer (self))
    {
      g_autofree char *text = g_strdup_printf (_("%s to move — your turn"), kz_window_side_name (side));
      gtk_label_set_text (self->play->status_label, text);
    }
  else
    {
      g_autofree char *text = g_strdup_printf (_("%s to move"), kz_window_side_name (side));
      gtk_label_set_text (self->play->status_label, text);
    }

  if (!kz_game_is_over (self->play->game) && kz_game_capture_compulsory (self->play->game))
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
  if (!kz_game_is_over (self->play->game))
    {
      /* The no-progress draw near: counted in moves as the move list counts them. */
      int left = kz_game_get_no_progress_left (self->play->game, kz_game_get_ply (self->play->game));
      if (left > 0 && left <= KZ_NO_PROGRESS_NEAR)
        {
          guint moves = (guint) (left + 1) / 2;
          if (detail->len)
            g_string_append (detail, " · ");
          g_string_append_printf (detail, g_dngettext (GETTEXT_PACKAGE,
                                                       "Draw in %u move unless a piece or a flag is taken",
                                                       "Draw in %u moves unless a piece or a flag is taken",
                                                       moves), moves);
        }
    }
  kz_window_end_message (self);
  gtk_label_set_text (self->play->detail_label, detail->str);
  g_string_free (detail, TRUE);
}

void
kz_window_update_actions (KzWindow *self)
{
  gboolean over, human_turn, review_only, paused;
  GAction *action;

  kz_window_update_clock_pause (self);

  if (self->play->game == NULL)
    return;
  over = kz_game_is_over (self->play->game);
  human_turn = !over && !kz_window_is_computer (self, kz_game_get_side_to_move (self->play->game));
  /* Paused, the game stands still: no move taken back, none suggested. */
  paused = kz_window_game_paused (self);
  /* A stored game opened from the library is for review: it stays as
   * recorded.  While any game is reviewed, the game played is not
   * changed behind the review either. */
  review_only = kz_session_get_read_only (self->session) || self->review->replay != NULL;

#define ENABLE(name, value) \
  action = g_action_map_lookup_action (G_ACTION_MAP (self), name); \
  if (action) g_simple_action_set_enabled (G_SIMPLE_ACTION (action), (value) && !review_only)

  ENABLE ("undo", kz_game_get_can_undo (self->play->game) && !paused);
  ENABLE ("redo", kz_game_get_can_redo (self->play->game) && !paused);
  ENABLE ("resign", !over);
  ENABLE ("offer-draw", !over && !paused);
  ENABLE ("hint", human_turn && !self->play->thinking && !paused);
#undef ENABLE
}

/* Everything the window derives from its game, the computer thinking
 * and the review: called by the handlers of the game's signals
 * (kz-window-game.c) and of the session's (kz-window.c), never by the
 * code that changes the game. */
void
kz_window_show_state (KzWindow *self)
{
  KzSide side;
  gboolean over, interactive;

  if (self->play->game == NULL)
    return;
  side = kz_game_get_side_to_move (self->play->game);
  over = kz_game_is_over (self->play->game);
  interactive = !over && !self->play->thinking && !kz_window_is_computer (self, side)
                && !kz_window_game_paused (self);
  kz_board_view_set_interactive (self->play->board, interactive);

  gtk_widget_set_visible (GTK_WIDGET (self->thinking_spinner), self->play->thinking);
  gtk_spinner_set_spinning (self->thinking_spinner, self->play->thinking);

  kz_window_update_status (self);
  if (self->review->replay == NULL)
    {
      /* The side panel shows the game as it stands (while reviewing, the
       * position reviewed: kz-window-review.c); the player cards follow
       * the game by themselves (bound to the mode shown, kz-window.c). */
      kz_moves_view_set_current_ply (self->moves_view, kz_game_get_ply (self->play->game));
    }
  kz_window_update_actions (self);
  kz_window_update_clock_pause (self);
  kz_window_update_subtitle (self);
}

void
kz_window_update_subtitle (KzWindow *self)
{
  KzGame *reviewed = self->review->replay ? kz_replay_get_game (self->review->replay) : NULL;
  g_autofree char *subtitle = NULL;

  if (self->play->game == NULL)
    return;
  if (!reviewed && self->welcome_page && gtk_widget_get_visible (self->welcome_page)
      && kz_game_get_ply (self->play->game) == 0)
    /* The welcome page over a game not begun: nothing chosen yet. */
    subtitle = g_strdup ("");
  else if (reviewed && self->review->demonstration)
    subtitle = g_strdup (_("Demonstration battle"));
  else if (reviewed)
    {
      const char *cossacks = kz_player_name_display (kz_game_get_player_name (reviewed, KZ_COSSACKS));
      const char *turks = kz_player_name_display (kz_game_get_player_name (reviewed, KZ_TURKS));

      /* Translators: the window's subtitle while a game is reviewed, its
       * players: "Review: Ivan – Ali" (the Cossacks' first) */
      subtitle = g_strdup_printf (_("Review: %s – %s"), cossacks && *cossacks ? cossacks : _("Cossacks"),
                                  turks && *turks ? turks : _("Turks"));
    }
  else if (kz_window_human_vs_computer (self) && self->narrow)
    /* Narrow (libadwaita < 1.4, where the title has about 90 px): short,
     * so that the title takes three lines at most. */
    subtitle = kz_player_describe (KZ_PLAYER_COMPUTER,
                                   kz_game_get_player_level (self->play->game, KZ_OTHER (kz_window_human_side (self))));
  else if (kz_window_human_vs_computer (self))
    subtitle = g_strdup_printf (_("Against the computer, level %d"),
                                kz_game_get_player_level (self->play->game, KZ_OTHER (kz_window_human_side (self))));
  else if (!kz_window_is_human (self, KZ_COSSACKS))
    subtitle = g_strdup (_("The computer against itself"));
  else
    subtitle = g_strdup (_("Two players"));
  gtk_label_set_text (self->subtitle_label, subtitle);
  gtk_widget_set_visible (GTK_WIDGET (self->subtitle_label), *subtitle != '\0');
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
  const char *name = kz_player_name_display (kz_game_get_player_name (self->play->game, loser));

  if (kz_window_human_vs_computer (self))
    return g_strdup (kz_window_is_human (self, loser) ? _("You resigned.") : _("The computer resigned."));
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
  KzResult result = kz_game_get_result (self->play->game);
  KzSide winner = result == KZ_RESULT_TURKS_WIN ? KZ_TURKS : KZ_COSSACKS;
  gboolean cossacks = winner == KZ_COSSACKS;

  switch (kz_game_get_termination (self->play->game))
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
    case KZ_TERMINATION_NO_PROGRESS:
      return g_strdup (_("For 50 moves of each side no piece was captured and no flag was taken."));
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

void
kz_window_show_game_over (KzWindow *self)
{
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  KzResult result = kz_game_get_result (self->play->game);
  GObject *alert;

  self->play->game_over_pending = FALSE;
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
    kz_board_view_announce (self->play->board, said);
  }
  /* A flag brought home has its own sound, played with the move. */
  if (kz_game_get_termination (self->play->game) != KZ_TERMINATION_FLAG)
    kz_sounds_play (self->sounds, KZ_SOUND_GAME_END);

  alert = kz_alert_new (heading, body);
  kz_alert_add_response (alert, "review", _("_Review"), ADW_RESPONSE_DEFAULT);
  kz_alert_add_response (alert, "new-game", _("_New Game"), ADW_RESPONSE_SUGGESTED);
  /* Escape only closes it: the finished game stays on the board. */
  kz_alert_set_default (alert, "new-game", "close");
  self->game_over_dialog = alert;
  kz_alert_present (alert, GTK_WIDGET (self), game_over_response, self);
}

