/* kz-game-time.c — a game's time control (its TimeControl tag) and the clocks
 * read from it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-game.h"
#include "kz-game-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>

/* ---------------------------------------------------------------------- */
/* Time control                                                            */

gboolean
kz_game_get_time_control (KzGame *self, KzTimeControl *tc)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  g_return_val_if_fail (tc != NULL, FALSE);
  if (!kz_time_control_parse (kz_game_get_tag (self, "TimeControl"), tc, NULL))
    *tc = (KzTimeControl) { KZ_TIME_NONE, 0, 0 };
  return tc->kind != KZ_TIME_NONE;
}

void
kz_game_set_time_control (KzGame *self, const KzTimeControl *tc)
{
  g_autofree char *text = NULL;

  g_return_if_fail (KZ_IS_GAME (self));
  if (tc == NULL || tc->kind == KZ_TIME_NONE)
    {
      kz_game_set_tag (self, "TimeControl", NULL);
      return;
    }
  text = kz_time_control_format (tc);
  kz_game_set_tag (self, "TimeControl", text);
}

gint64
kz_game_get_clock_left (KzGame *self, KzSide side)
{
  KzTimeControl tc;

  g_return_val_if_fail (KZ_IS_GAME (self), 0);
  if (!kz_game_get_time_control (self, &tc))
    return 0;
  /* The time left in the turn under way, else after this side's last
   * move with a known clock. */
  gint64 turn_clock = kz_game_get_turn_clock (self);
  if (turn_clock >= 0 && side == kz_game_get_side_to_move (self))
    return turn_clock;
  for (guint i = kz_game_get_ply (self); i-- > 0;)
    {
      gint64 clock_ms = kz_game_get_move_clock (self, i);
      if (kz_game_get_position_at (self, i)->side == side && clock_ms >= 0)
        return clock_ms;
    }
  return tc.base_ms;
}

KzClock *
kz_game_new_clock (KzGame *self)
{
  KzTimeControl tc;
  KzClock *clock;

  g_return_val_if_fail (KZ_IS_GAME (self), NULL);
  if (!kz_game_get_time_control (self, &tc))
    return NULL;
  clock = kz_clock_new (&tc);
  for (int side = 0; side < 2; side++)
    kz_clock_set_left (clock, (KzSide) side, kz_game_get_clock_left (self, (KzSide) side));
  return clock;
}
