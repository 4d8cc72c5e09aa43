/* kz-game-rules.c — the no-progress draw's rule of a game (its KGN tag
 * NoProgress) and what the search needs of it; KzGame counts the plies
 * (kz-game.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-game.h"

/* The rule is the game's KGN tag (kz-game.h): "on", else none. */
#define NO_PROGRESS_TAG "NoProgress"

gboolean
kz_game_get_no_progress_rule (KzGame *self)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  return g_strcmp0 (kz_game_get_tag (self, NO_PROGRESS_TAG), "on") == 0;
}

void
kz_game_set_no_progress_rule (KzGame *self, gboolean on)
{
  g_return_if_fail (KZ_IS_GAME (self));
  g_return_if_fail (kz_game_get_ply (self) == 0);
  kz_game_set_tag (self, NO_PROGRESS_TAG, on ? "on" : "off");
}

int
kz_game_get_no_progress_left (KzGame *self, guint ply)
{
  g_return_val_if_fail (KZ_IS_GAME (self), 0);
  if (!kz_game_get_no_progress_rule (self))
    return 0;
  return MAX (1, KZ_NO_PROGRESS_PLIES - (int) kz_game_get_plies_without_progress (self, ply));
}

gboolean
kz_no_progress_from_kgn (const char *text, gboolean *on)
{
  if (g_strcmp0 (text, "on") != 0 && g_strcmp0 (text, "off") != 0)
    return FALSE;
  if (on != NULL)
    *on = text[1] == 'n';
  return TRUE;
}
