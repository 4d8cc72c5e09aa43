/* kz-perft.c — perft with bulk counting.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-perft.h"

static uint64_t
perft_rec (const KzPosition *pos, int depth, KzMoveList *lists)
{
  if (depth == 1)
    return kz_count_moves (pos);
  KzMoveList *list = &lists[0];
  kz_generate_moves (pos, list);
  uint64_t total = 0;
  for (int i = 0; i < list->count; i++)
    {
      KzPosition next = *pos;
      kz_position_make_move (&next, &list->moves[i]);
      total += perft_rec (&next, depth - 1, lists + 1);
    }
  return total;
}

uint64_t
kz_perft (const KzPosition *pos, int depth)
{
  if (depth <= 0)
    return 1;
  /* One list per level, on the stack of the caller's thread. */
  KzMoveList lists[depth > 1 ? depth - 1 : 1];
  return perft_rec (pos, depth, lists);
}
