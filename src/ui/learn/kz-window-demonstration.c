/* kz-window-demonstration.c — the main window shows the demonstration
 * battle (app.demonstration, kz-learn-app.c): the battle (kz-battle.h) in
 * memory, for review only, playing on by itself with the comment of each
 * move shown under the board (KzReviewBar show-comments) and not again in
 * the move list, the subtitle "Demonstration battle"; the review
 * (review/kz-window-review.c) says each comment when its move is played.
 * Pausing and stepping are the review's own.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-battle.h"
#include "kz-window-private.h"

gboolean
kz_window_show_demonstration (KzWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) game = NULL;

  g_return_val_if_fail (KZ_IS_WINDOW (self), FALSE);
  game = kz_battle_load (NULL, &error);
  if (game == NULL)
    {
      /* Translators: %s says why */
      g_autofree char *text = g_strdup_printf (_("The demonstration battle could not be opened: %s"),
                                               error->message);
      kz_window_show_toast (self, text);
      return FALSE;
    }
  /* In memory, for review only: it is not the player's game and never
   * goes into the library; Back to the Game returns to the game before. */
  kz_session_open_game_for_review (self->session, game);
  if (self->review->replay == NULL || kz_replay_get_game (self->review->replay) != game)
    return FALSE;
  /* Built in: shown, never annotated (the marks, comment editor and
   * Delete go, and their actions are disabled). */
  self->review->read_only = TRUE;
  self->review->demonstration = TRUE;
  kz_window_annotate_update (self);
  kz_window_update_subtitle (self);
  /* The comments under the board, where the eye is while it plays on;
   * the move list shows the moves only. */
  kz_review_bar_set_show_comments (self->review->bar, TRUE);
  kz_moves_view_set_show_comments (self->moves_view, FALSE);
  kz_review_bar_set_speed (self->review->bar, KZ_REVIEW_SPEED_SLOW);
  kz_review_bar_set_playing (self->review->bar, TRUE);
  return TRUE;
}

