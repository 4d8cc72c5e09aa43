/* kz-proof.c — proving forced wins by exhaustive AND/OR search.
 *
 * win_within (pos, n): the side to move wins within n plies when one
 * of its moves ends the game won, or (n >= 3) when after one of its
 * moves every reply leaves a position it wins within n - 2.  A
 * transposition table keeps, per position, the smallest n proven won
 * and the largest n proven not won; the tables answer positions of at
 * most KZ_EGTB_MAX_PIECES pieces exactly.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-proof.h"

#include <stdlib.h>
#include <string.h>

#include "kz-egtb.h"

typedef struct {
  uint64_t key;
  int8_t   win_within;    /* smallest n proven won; 127: none */
  int8_t   nowin_within;  /* largest n proven not won; -1: none */
} Entry;

#define MAX_DEPTH (KZ_PROOF_MAX_PLIES + 3)

struct KzProver {
  Entry     *table;
  size_t     mask;
  bool       use_tables;
  uint64_t   budget;
  uint64_t   nodes;
  uint64_t   call_start;
  bool       aborted;
  KzMove     killer[MAX_DEPTH];
  bool       has_killer[MAX_DEPTH];
  KzMoveList lists[MAX_DEPTH];
  int        order[MAX_DEPTH][KZ_MAX_MOVES];
};

KzProver *
kz_prover_new (size_t tt_mb)
{
  if (tt_mb == 0)
    tt_mb = 16;
  size_t n = 1;
  while (n * 2 * sizeof (Entry) <= tt_mb * 1024 * 1024)
    n *= 2;
  KzProver *p = calloc (1, sizeof *p);
  if (p == NULL)
    return NULL;
  p->table = calloc (n, sizeof (Entry));
  if (p->table == NULL)
    {
      free (p);
      return NULL;
    }
  p->mask = n - 1;
  p->use_tables = true;
  kz_prover_clear (p);
  return p;
}

void
kz_prover_free (KzProver *prover)
{
  if (prover == NULL)
    return;
  free (prover->table);
  free (prover);
}

void
kz_prover_clear (KzProver *prover)
{
  for (size_t i = 0; i <= prover->mask; i++)
    prover->table[i] = (Entry) { 0, 127, -1 };
  memset (prover->has_killer, 0, sizeof prover->has_killer);
}

void
kz_prover_set_use_tables (KzProver *prover, bool use)
{
  if (prover->use_tables != use)
    kz_prover_clear (prover);
  prover->use_tables = use;
}

void
kz_prover_set_budget (KzProver *prover, uint64_t nodes)
{
  prover->budget = nodes;
}

uint64_t
kz_prover_nodes (const KzProver *prover)
{
  return prover->nodes;
}

/* ---- the search ---- */

static bool
count_node (KzProver *p)
{
  p->nodes++;
  if (p->budget && p->nodes - p->call_start > p->budget)
    p->aborted = true;
  return !p->aborted;
}

static void
store (KzProver *p, uint64_t key, int n, bool won)
{
  if (p->aborted)
    return;
  Entry *e = &p->table[key & p->mask];
  if (e->key != key)
    *e = (Entry) { key, 127, -1 };
  if (won && n < e->win_within)
    e->win_within = (int8_t) n;
  if (!won && n > e->nowin_within)
    e->nowin_within = (int8_t) n;
}

/* Captures first, the longest chains first, then the steps. */
static void
order_moves (const KzMoveList *list, int *order)
{
  int n = 0;
  for (int size = KZ_MAX_CHAIN; size >= 1; size--)
    for (int i = 0; i < list->count; i++)
      if (list->moves[i].n_jumps == size)
        order[n++] = i;
  for (int i = 0; i < list->count; i++)
    if (list->moves[i].n_jumps == 0)
      order[n++] = i;
}

static bool win_within (KzProver *p, const KzPosition *pos, int n, int ply);

/* After the mover's move: is child won for the mover within n plies
 * from before the move? */
static bool
move_wins (KzProver *p, const KzPosition *pos, const KzMove *move, int n, int ply)
{
  KzPosition child = *pos;
  kz_position_make_move (&child, move);
  KzOutcome o = kz_position_outcome (&child);
  if (o.winner == (int) pos->side)
    return true;
  if (o.winner >= 0 || n < 3 || !count_node (p))
    return false;

  KzMoveList *replies = &p->lists[ply + 1];
  kz_generate_moves (&child, replies);
  int *order = p->order[ply + 1];
  order_moves (replies, order);
  /* the reply that refuted last time at this depth first */
  if (p->has_killer[ply + 1])
    for (int k = 0; k < replies->count; k++)
      if (kz_move_equal (&replies->moves[order[k]], &p->killer[ply + 1]))
        {
          int t = order[k];
          memmove (order + 1, order, (size_t) k * sizeof *order);
          order[0] = t;
          break;
        }
  for (int k = 0; k < replies->count; k++)
    {
      const KzMove *r = &replies->moves[order[k]];
      KzPosition grand = child;
      kz_position_make_move (&grand, r);
      KzOutcome og = kz_position_outcome (&grand);
      bool held = og.winner >= 0 || !win_within (p, &grand, n - 2, ply + 2);
      if (held)
        {
          p->killer[ply + 1] = *r;
          p->has_killer[ply + 1] = true;
          return false;
        }
      if (p->aborted)
        return false;
    }
  return true;
}

static bool
win_within (KzProver *p, const KzPosition *pos, int n, int ply)
{
  if (n < 1 || !count_node (p))
    return false;

  if (p->use_tables
      && kz_popcount (pos->pieces[0] | pos->pieces[1]) <= KZ_EGTB_MAX_PIECES)
    {
      int d = 0;
      KzEgtbResult r = kz_egtb_probe (pos, &d);
      if (r != KZ_EGTB_NONE)
        return r == KZ_EGTB_WIN && d <= n;
    }

  const Entry *e = &p->table[pos->hash & p->mask];
  if (e->key == pos->hash)
    {
      if (n >= e->win_within)
        return true;
      if (n <= e->nowin_within)
        return false;
    }

  KzMoveList *list = &p->lists[ply];
  kz_generate_moves (pos, list);
  for (int i = 0; i < list->count; i++)
    {
      KzPosition child = *pos;
      kz_position_make_move (&child, &list->moves[i]);
      if (kz_position_outcome (&child).winner == (int) pos->side)
        {
          store (p, pos->hash, 1, true);
          return true;
        }
    }
  if (n < 3)
    {
      store (p, pos->hash, n, false);
      return false;
    }

  int *order = p->order[ply];
  order_moves (list, order);
  for (int k = 0; k < list->count; k++)
    {
      /* list is overwritten deeper down only at ply + 2 and beyond */
      if (move_wins (p, pos, &list->moves[order[k]], n, ply))
        {
          store (p, pos->hash, n, true);
          return true;
        }
      if (p->aborted)
        return false;
    }
  store (p, pos->hash, n, false);
  return false;
}

static void
start_call (KzProver *p)
{
  p->aborted = false;
  p->call_start = p->nodes;
}

KzProofResult
kz_prove_win_within (KzProver *prover, const KzPosition *pos, int plies)
{
  if (plies > KZ_PROOF_MAX_PLIES)
    plies = KZ_PROOF_MAX_PLIES;
  start_call (prover);
  bool r = win_within (prover, pos, plies, 0);
  return prover->aborted ? KZ_PROOF_UNKNOWN : (r ? KZ_PROOF_YES : KZ_PROOF_NO);
}

KzProofResult
kz_prove_move_wins_within (KzProver *prover, const KzPosition *pos,
                           const KzMove *move, int plies)
{
  if (plies > KZ_PROOF_MAX_PLIES)
    plies = KZ_PROOF_MAX_PLIES;
  start_call (prover);
  bool r = move_wins (prover, pos, move, plies, 0);
  return prover->aborted ? KZ_PROOF_UNKNOWN : (r ? KZ_PROOF_YES : KZ_PROOF_NO);
}

KzProofResult
kz_prove_win_distance (KzProver *prover, const KzPosition *pos, int max_plies, int *plies)
{
  if (max_plies > KZ_PROOF_MAX_PLIES)
    max_plies = KZ_PROOF_MAX_PLIES;
  if (prover->use_tables
      && kz_popcount (pos->pieces[0] | pos->pieces[1]) <= KZ_EGTB_MAX_PIECES)
    {
      int d = 0;
      KzEgtbResult r = kz_egtb_probe (pos, &d);
      if (r != KZ_EGTB_NONE)
        {
          if (r == KZ_EGTB_WIN && d <= max_plies)
            {
              *plies = d;
              return KZ_PROOF_YES;
            }
          return KZ_PROOF_NO;
        }
    }
  for (int n = 1; n <= max_plies; n += 2)
    {
      KzProofResult r = kz_prove_win_within (prover, pos, n);
      if (r != KZ_PROOF_NO)
        {
          if (r == KZ_PROOF_YES)
            *plies = n;
          return r;
        }
    }
  return KZ_PROOF_NO;
}
