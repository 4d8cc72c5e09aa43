/* kz-position-check.c — whether a position can come up in a game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-position-check.h"

#include <stdio.h>

#include "kz-notation.h"

static bool
problem (KzPositionCheck *check, KzPositionProblem p, int side, int flag, int point, int count)
{
  if (check)
    *check = (KzPositionCheck) { p, side, flag, point, count };
  return false;
}

bool
kz_position_check (const KzPosition *pos, KzPositionCheck *check)
{
  for (int s = 0; s < 2; s++)
    {
      int n = kz_popcount (pos->pieces[s]);
      if (n > KZ_PIECES_PER_SIDE)
        return problem (check, KZ_POSITION_TOO_MANY_PIECES, s, -1, -1, n);
    }
  for (int f = 0; f < 2; f++)
    {
      int c = kz_centre ((KzSide) f);
      if (pos->flag[f] != KZ_FLAG_HOME)
        {
          int carrier = kz_position_piece_at (pos, pos->flag[f]);
          if (carrier < 0)
            return problem (check, KZ_POSITION_NO_CARRIER, -1, f, pos->flag[f], 0);
          /* Only an enemy piece takes a standing flag: a side's own piece
           * carries its flag only after taking an enemy carrier. */
          if (carrier == f && kz_popcount (pos->pieces[1 - f]) >= KZ_PIECES_PER_SIDE)
            return problem (check, KZ_POSITION_OWN_FLAG_UNTAKEN, f, f, pos->flag[f], 0);
          continue;
        }
      int who = kz_position_piece_at (pos, c);
      if (who < 0)
        continue;
      /* Only a piece that has brought the enemy flag home shares the
       * point with its own standing flag (whose turn it is next is
       * checked below). */
      bool delivered = who == f && pos->flag[1 - f] == c;
      if (!delivered)
        return problem (check, KZ_POSITION_FLAG_POINT_TAKEN, who, f, c, 0);
    }
  int s = pos->side;
  int c = kz_centre ((KzSide) s);
  if (pos->flag[1 - s] == c && (pos->pieces[s] >> c & 1))
    return problem (check, KZ_POSITION_LOST_BY_FLAG, 1 - s, 1 - s, c, 0);
  if (pos->pieces[1 - s] == 0)
    return problem (check, KZ_POSITION_LOST_BY_ANNIHILATION, 1 - s, -1, -1, 0);
  if (check)
    *check = (KzPositionCheck) { KZ_POSITION_OK, -1, -1, -1, 0 };
  return true;
}

static const char *
adjective (int side)
{
  return side == KZ_COSSACKS ? "Cossack" : "Turkish";
}

size_t
kz_position_check_format (const KzPositionCheck *k, char *buf, size_t size)
{
  const char *pt = k->point >= 0 ? kz_point_name (k->point) : "?";
  int n = 0;
  switch (k->problem)
    {
    case KZ_POSITION_OK:
      n = snprintf (buf, size, "the position can come up in a game");
      break;
    case KZ_POSITION_TOO_MANY_PIECES:
      n = snprintf (buf, size, "%d %s pieces, a side has at most %d",
                    k->count, adjective (k->side), KZ_PIECES_PER_SIDE);
      break;
    case KZ_POSITION_NO_CARRIER:
      n = snprintf (buf, size, "the %s flag is carried by %s, but no piece stands there",
                    adjective (k->flag), pt);
      break;
    case KZ_POSITION_FLAG_POINT_TAKEN:
      n = snprintf (buf, size, "the %s flag stands on %s, so no %s piece can stand there",
                    adjective (k->flag), pt, adjective (k->side));
      break;
    case KZ_POSITION_OWN_FLAG_UNTAKEN:
      n = snprintf (buf, size,
                    "a %s flag carried by a %s piece (on %s): it could only have retaken its flag "
                    "by taking an enemy carrier, but the %s still have all %d pieces",
                    adjective (k->flag), adjective (k->flag), pt,
                    kz_side_name ((KzSide) (1 - k->flag)), KZ_PIECES_PER_SIDE);
      break;
    case KZ_POSITION_LOST_BY_FLAG:
      n = snprintf (buf, size,
                    "the side not to move has already lost: the %s have brought the %s flag to %s",
                    kz_side_name ((KzSide) (1 - k->side)), adjective (k->side), pt);
      break;
    case KZ_POSITION_LOST_BY_ANNIHILATION:
      n = snprintf (buf, size, "the side not to move has already lost: the %s have no pieces left",
                    kz_side_name ((KzSide) k->side));
      break;
    }
  return n < 0 ? 0 : (size_t) n;
}
