/* kz-position-text.c — kz_position_check's reasons in the user's language.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-position-text.h"

#include <glib/gi18n-lib.h>

char *
kz_position_describe_problem (const KzPositionCheck *k)
{
  const char *pt = k->point >= 0 ? kz_point_name (k->point) : "?";
  gboolean cossack = k->side == KZ_COSSACKS;
  switch (k->problem)
    {
    case KZ_POSITION_OK:
      return g_strdup (_("The position can come up in a game"));
    case KZ_POSITION_TOO_MANY_PIECES:
      return cossack ? g_strdup_printf (_("%d Cossack pieces, a side has at most %d"), k->count, KZ_PIECES_PER_SIDE)
                     : g_strdup_printf (_("%d Turkish pieces, a side has at most %d"), k->count, KZ_PIECES_PER_SIDE);
    case KZ_POSITION_NO_CARRIER:
      return k->flag == KZ_COSSACKS
        ? g_strdup_printf (_("The Cossack flag is carried by %s, but no piece stands there"), pt)
        : g_strdup_printf (_("The Turkish flag is carried by %s, but no piece stands there"), pt);
    case KZ_POSITION_FLAG_POINT_TAKEN:
      if (k->flag == KZ_COSSACKS)
        return cossack
          ? g_strdup_printf (_("The Cossack flag stands on %s, so no Cossack piece can stand there"), pt)
          : g_strdup_printf (_("The Cossack flag stands on %s, so no Turkish piece can stand there"), pt);
      return cossack
        ? g_strdup_printf (_("The Turkish flag stands on %s, so no Cossack piece can stand there"), pt)
        : g_strdup_printf (_("The Turkish flag stands on %s, so no Turkish piece can stand there"), pt);
    case KZ_POSITION_OWN_FLAG_UNTAKEN:
      return k->flag == KZ_COSSACKS
        ? g_strdup_printf (_("A Cossack flag carried by a Cossack piece (on %s): it could only have "
                             "retaken its flag by taking an enemy carrier, but the Turks still have "
                             "all %d pieces"), pt, KZ_PIECES_PER_SIDE)
        : g_strdup_printf (_("A Turkish flag carried by a Turkish piece (on %s): it could only have "
                             "retaken its flag by taking an enemy carrier, but the Cossacks still "
                             "have all %d pieces"), pt, KZ_PIECES_PER_SIDE);
    case KZ_POSITION_LOST_BY_FLAG:
      return cossack
        ? g_strdup_printf (_("The side not to move has already lost: the Turks have brought the "
                             "Cossack flag to %s"), pt)
        : g_strdup_printf (_("The side not to move has already lost: the Cossacks have brought the "
                             "Turkish flag to %s"), pt);
    case KZ_POSITION_LOST_BY_ANNIHILATION:
      return cossack
        ? g_strdup (_("The side not to move has already lost: the Cossacks have no pieces left"))
        : g_strdup (_("The side not to move has already lost: the Turks have no pieces left"));
    }
  g_return_val_if_reached (NULL);
}

char *
kz_position_describe_unplayable (const KzPosition *pos)
{
  KzPositionCheck check;
  if (!kz_position_check (pos, &check))
    return kz_position_describe_problem (&check);
  KzOutcome out = kz_position_outcome (pos);
  if (out.winner < 0)
    return NULL;
  switch (out.reason)
    {
    case KZ_REASON_FLAG:
      return g_strdup (out.winner == KZ_COSSACKS
                       ? _("The game is over: the Cossacks have brought the Turkish flag home")
                       : _("The game is over: the Turks have brought the Cossack flag home"));
    case KZ_REASON_ANNIHILATION:
      return g_strdup (out.winner == KZ_COSSACKS
                       ? _("The game is over: the Turks, to move, have no pieces left")
                       : _("The game is over: the Cossacks, to move, have no pieces left"));
    case KZ_REASON_BLOCKED:
    case KZ_REASON_NONE:
      break;
    }
  return g_strdup (out.winner == KZ_COSSACKS
                   ? _("The game is over: the Turks, to move, cannot move")
                   : _("The game is over: the Cossacks, to move, cannot move"));
}
