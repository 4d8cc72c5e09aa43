/* quiet-walk.h — long runs of moves that neither capture nor take a flag,
 * for the tests of the no-progress draw (test-model-no-progress.c,
 * test-ui-window.c).  Header only.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <string.h>
#include <glib.h>

#include "kz-game.h"

/* A position for the walk: walking pieces (Cossacks a1 b1 d1, Turks b9 c9
 * d9 e7) and pieces that stay where they are for staged progress:
 *   - the Cossack on d8 may take the Turkish flag, d8xb8 (optional, so
 *     the walk can leave it; no Turk walks to b8 or to the points from
 *     which it could take the carrier there or on d8: a9, c7, e9);
 *   - the Cossack on a3 (a corner: it cannot be taken) steps a3-a4, and
 *     then the Turk on a5 must capture it, a5xa3. */
#define QUIET_WALK_KPN "1ttt1/2c/4t/5/t4/5/c4/3/cc1c1 c home home"

/* True when either side could capture a piece in `pos`. */
static inline gboolean
quiet_walk_capture_possible (const KzPosition *pos)
{
  for (int side = 0; side < 2; side++)
    {
      KzPosition p = *pos;
      KzMoveList list;
      p.side = (uint8_t) side;
      int n = kz_generate_moves (&p, &list);
      for (int i = 0; i < n; i++)
        if (list.moves[i].captured != 0)
          return TRUE;
    }
  return FALSE;
}

/* Whether `m` is a step of a walking piece that stays clear of the staged
 * pieces' points and of b8, a9, c7 and e9, and leaves no capture to
 * either side. */
static inline gboolean
quiet_walk_step_ok (KzGame *game, const KzMove *m)
{
  static const char *const staged[] = { "d8", "a3", "a5", "b8", "a9", "c7", "e9" };
  char text[KZ_MOVE_STR_MAX];
  if (m->n_jumps > 0)
    return FALSE;
  kz_move_format (m, text, sizeof text);
  for (guint s = 0; s < G_N_ELEMENTS (staged); s++)
    if (strncmp (text, staged[s], 2) == 0 || strcmp (text + 3, staged[s]) == 0)
      return FALSE;
  KzPosition next = *kz_game_get_position (game);
  kz_position_make_move (&next, m);
  return !quiet_walk_capture_possible (&next);
}

/* Plays `n` plies of QUIET_WALK_KPN's walking pieces (quiet_walk_step_ok)
 * that do not end the game and go to a position not seen before when one
 * can (else seen once), so no position occurs a third time.  FALSE when
 * it got stuck or the game would end. */
static inline gboolean
quiet_walk (KzGame *game, guint n)
{
  for (guint k = 0; k < n; k++)
    {
      g_autoptr (GArray) moves = kz_game_list_moves (game, KZ_NO_POINT);
      gboolean played = FALSE;
      for (guint allowed = 1; allowed <= 2 && !played; allowed++)
        for (guint i = 0; i < moves->len && !played; i++)
          {
            const KzMove *m = &g_array_index (moves, KzMove, i);
            if (!quiet_walk_step_ok (game, m) || !kz_game_play (game, m, NULL))
              continue;
            if (!kz_game_is_over (game) && kz_game_count_repetitions (game) <= allowed)
              played = TRUE;
            else
              g_assert_true (kz_game_undo (game, NULL));
          }
      if (!played)
        return FALSE;
    }
  return TRUE;
}

/* One more such step, even one that ends the game; FALSE when none. */
static inline gboolean
quiet_walk_last_step (KzGame *game)
{
  g_autoptr (GArray) moves = kz_game_list_moves (game, KZ_NO_POINT);
  for (guint i = 0; i < moves->len; i++)
    if (quiet_walk_step_ok (game, &g_array_index (moves, KzMove, i)))
      return kz_game_play (game, &g_array_index (moves, KzMove, i), NULL);
  return FALSE;
}
