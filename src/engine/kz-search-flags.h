/* kz-search-flags.h — the search's tests about the flags (kz-search.c
 * only): deliveries, carriers, threats to a standing flag.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-eval.h"
#include "kz-position.h"

/* Does the move bring the enemy flag to the mover's centre (a win)? */
static inline bool
delivers_flag (const KzPosition *pos, const KzMove *m)
{
  int s = pos->side;
  return m->to == kz_centre ((KzSide) s) && (m->carried >> (1 - s) & 1);
}

/* Does the move pick up the enemy flag, or bring its carrier closer to
 * the mover's centre?  Such moves are extended like checks (only these:
 * a carrier's every move, on both sides, made the search explode). */
static inline bool
carrier_move (const KzPosition *pos, const KzMove *m)
{
  int side = pos->side, o = 1 - side;
  if (!(m->carried >> o & 1))
    return false;
  if (pos->flag[o] == KZ_FLAG_HOME)
    return true;
  int home = kz_centre ((KzSide) side);
  return kz_eval_distance (m->to, home) < kz_eval_distance (m->from, home);
}

/* The carrier of the enemy flag can step onto its own centre now. */
static inline bool
can_step_home (const KzPosition *pos)
{
  int side = pos->side;
  int carrier = pos->flag[1 - side];
  if (carrier == KZ_FLAG_HOME || !(pos->pieces[side] >> carrier & 1))
    return false;
  int home = kz_centre ((KzSide) side);
  if ((pos->pieces[0] | pos->pieces[1]) >> home & 1)
    return false;
  return kz_eval_distance (carrier, home) == 1;
}

/* The opponent's carrier of our flag could step onto its centre next. */
static inline bool
enemy_can_step_home (const KzPosition *pos)
{
  int side = pos->side, o = 1 - side;
  int carrier = pos->flag[side];
  if (carrier == KZ_FLAG_HOME || !(pos->pieces[o] >> carrier & 1))
    return false;
  int home = kz_centre ((KzSide) o);
  if ((pos->pieces[0] | pos->pieces[1]) >> home & 1)
    return false;
  return kz_eval_distance (carrier, home) == 1;
}

/* The side to move's carrier of the enemy flag, when it stands two
 * steps from its free centre; -1 otherwise. */
static inline int
carrier_near_home (const KzPosition *pos)
{
  int side = pos->side;
  int carrier = pos->flag[1 - side];
  if (carrier == KZ_FLAG_HOME || !(pos->pieces[side] >> carrier & 1))
    return -1;
  int home = kz_centre ((KzSide) side);
  if ((pos->pieces[0] | pos->pieces[1]) >> home & 1)
    return -1;
  return kz_eval_distance (carrier, home) == 2 ? carrier : -1;
}

/* The side to move could jump the enemy's standing flag. */
static inline bool
can_take_flag (const KzPosition *pos)
{
  static const int8_t lines[2][4][2] = {
    { { KZ_SQ (1, 1), KZ_SQ (3, 1) }, { KZ_SQ (3, 1), KZ_SQ (1, 1) },
      { KZ_SQ (2, 0), KZ_SQ (2, 2) }, { KZ_SQ (2, 2), KZ_SQ (2, 0) } },
    { { KZ_SQ (1, 7), KZ_SQ (3, 7) }, { KZ_SQ (3, 7), KZ_SQ (1, 7) },
      { KZ_SQ (2, 8), KZ_SQ (2, 6) }, { KZ_SQ (2, 6), KZ_SQ (2, 8) } },
  };
  int side = pos->side, o = 1 - side;
  if (pos->flag[o] != KZ_FLAG_HOME)
    return false;
  KzBits occ = pos->pieces[0] | pos->pieces[1];
  for (int i = 0; i < 4; i++)
    if ((pos->pieces[side] >> lines[o][i][0] & 1) && !(occ >> lines[o][i][1] & 1))
      return true;
  return false;
}
