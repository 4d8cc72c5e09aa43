/* kz-endgame.c — the endings of 5 to 8 pieces (kz-endgame.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-endgame.h"
#include "kz-egtb.h"
#include "kz-eval.h"
#include "kz-search.h"

enum {
  /* per piece ahead, per piece fewer than KZ_ENDGAME_MAX_PIECES + 1:
   * a lead converts more surely the closer the tables are */
  W_LEAD = 40,
};

int
kz_endgame_adjust (const KzPosition *pos, int eval)
{
  if (pos->flag[0] != KZ_FLAG_HOME || pos->flag[1] != KZ_FLAG_HOME)
    return eval;
  int mine = kz_popcount (pos->pieces[pos->side]);
  int theirs = kz_popcount (pos->pieces[1 - pos->side]);
  int n = mine + theirs;
  if (n <= KZ_EGTB_MAX_PIECES || n > KZ_ENDGAME_MAX_PIECES || mine == 0 || theirs == 0)
    return eval;
  if (mine != theirs)
    return eval + W_LEAD * (mine - theirs) * (KZ_ENDGAME_MAX_PIECES + 1 - n);
  /* equal armies: drawish, the more so the fewer pieces (5 pieces can't
   * be equal; 6: a quarter of the edge kept, 8: three quarters) */
  return eval * (n - 5) / 4;
}

int
kz_endgame_evaluate (const KzPosition *pos, bool endgame)
{
  int v = kz_evaluate (pos);
  return endgame ? kz_endgame_adjust (pos, v) : v;
}

int
kz_endgame_draw_tie (const KzPosition *pos)
{
  int tie = kz_evaluate (pos) / 8;
  if (tie > KZ_SEARCH_TABLE_DRAW_TIE)
    return KZ_SEARCH_TABLE_DRAW_TIE;
  if (tie < -KZ_SEARCH_TABLE_DRAW_TIE)
    return -KZ_SEARCH_TABLE_DRAW_TIE;
  return tie;
}
