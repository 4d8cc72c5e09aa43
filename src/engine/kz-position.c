/* kz-position.c — positions, making moves, the end of the game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-position.h"
#include "kz-movegen.h"

#include <string.h>

void
kz_position_init_empty (KzPosition *pos)
{
  memset (pos, 0, sizeof *pos);
  pos->flag[0] = pos->flag[1] = KZ_FLAG_HOME;
  pos->side = KZ_COSSACKS;
  pos->hash = kz_position_compute_hash (pos);
}

void
kz_position_init_start (KzPosition *pos)
{
  kz_position_init_empty (pos);
  /* RULES.md §3 */
  KzBits c = 0, t = 0;
  for (int f = 0; f < 5; f++)
    {
      c |= KZ_BIT (KZ_SQ (f, 0)) | KZ_BIT (KZ_SQ (f, 2));
      t |= KZ_BIT (KZ_SQ (f, 8)) | KZ_BIT (KZ_SQ (f, 6));
    }
  c |= KZ_BIT (KZ_SQ (1, 1)) | KZ_BIT (KZ_SQ (3, 1));
  t |= KZ_BIT (KZ_SQ (1, 7)) | KZ_BIT (KZ_SQ (3, 7));
  for (int f = 1; f <= 3; f++)
    {
      c |= KZ_BIT (KZ_SQ (f, 3));
      t |= KZ_BIT (KZ_SQ (f, 5));
    }
  pos->pieces[KZ_COSSACKS] = c;
  pos->pieces[KZ_TURKS] = t;
  pos->hash = kz_position_compute_hash (pos);
}

uint64_t
kz_position_compute_hash (const KzPosition *pos)
{
  uint64_t h = 0;
  for (int s = 0; s < 2; s++)
    {
      for (KzBits b = pos->pieces[s]; b; b &= b - 1)
        h ^= kz_zobrist_piece (s, kz_bit_scan (b));
      h ^= kz_zobrist_flag (s, pos->flag[s]);
    }
  if (pos->side == KZ_TURKS)
    h ^= KZ_ZOBRIST_SIDE;
  return h;
}

void
kz_position_put (KzPosition *pos, int side, int sq, bool present)
{
  bool had = pos->pieces[side] >> sq & 1;
  if (had == present)
    return;
  pos->pieces[side] ^= KZ_BIT (sq);
  pos->hash ^= kz_zobrist_piece (side, sq);
}

bool
kz_position_equal (const KzPosition *a, const KzPosition *b)
{
  return a->pieces[0] == b->pieces[0] && a->pieces[1] == b->pieces[1]
         && a->flag[0] == b->flag[0] && a->flag[1] == b->flag[1]
         && a->side == b->side;
}

void
kz_position_make_move (KzPosition *pos, const KzMove *move)
{
  int s = pos->side, o = 1 - s;
  uint64_t h = pos->hash;

  pos->pieces[s] &= ~KZ_BIT (move->from);
  pos->pieces[s] |= KZ_BIT (move->to);
  h ^= kz_zobrist_piece (s, move->from) ^ kz_zobrist_piece (s, move->to);

  if (move->captured)
    {
      pos->pieces[o] &= ~move->captured;
      for (KzBits b = move->captured; b; b &= b - 1)
        h ^= kz_zobrist_piece (o, kz_bit_scan (b));
    }

  for (int f = 0; f < 2; f++)
    if ((move->carried >> f & 1) && pos->flag[f] != move->to)
      {
        h ^= kz_zobrist_flag (f, pos->flag[f]) ^ kz_zobrist_flag (f, move->to);
        pos->flag[f] = (int8_t) move->to;
      }

  pos->side = (uint8_t) o;
  pos->hash = h ^ KZ_ZOBRIST_SIDE;
}

KzOutcome
kz_position_outcome (const KzPosition *pos)
{
  int last = 1 - pos->side;
  if (kz_position_flag_delivered (pos))
    return (KzOutcome) { last, KZ_REASON_FLAG };
  if (pos->pieces[pos->side] == 0)
    return (KzOutcome) { last, KZ_REASON_ANNIHILATION };
  if (kz_count_moves (pos) == 0)
    return (KzOutcome) { last, KZ_REASON_BLOCKED };
  return (KzOutcome) { -1, KZ_REASON_NONE };
}

bool
kz_move_equal (const KzMove *a, const KzMove *b)
{
  if (a->from != b->from || a->to != b->to || a->n_jumps != b->n_jumps)
    return false;
  return memcmp (a->path, b->path, a->n_jumps) == 0;
}
