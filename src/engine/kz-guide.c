/* kz-guide.c — pieces in danger, compulsory captures, flag roads and the
 * facts of a move, for the guided game (see kz-guide.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-guide.h"

#include <limits.h>
#include <string.h>

/* pos with `side` to move (and the hash kept right). */
static KzPosition
with_side (const KzPosition *pos, int side)
{
  KzPosition p = *pos;
  if (p.side != side)
    {
      p.side = (uint8_t) side;
      p.hash ^= KZ_ZOBRIST_SIDE;
    }
  return p;
}

static KzBits
captures_of (const KzPosition *pos)
{
  KzMoveList list;   /* 28 KB on the stack: not a hot path */
  KzBits all = 0;
  kz_generate_moves (pos, &list);
  for (int i = 0; i < list.count; i++)
    all |= list.moves[i].captured;
  return all;
}

KzBits
kz_guide_in_danger (const KzPosition *pos, KzSide side)
{
  KzPosition p = with_side (pos, KZ_OTHER (side));
  if (kz_position_outcome (pos).winner >= 0)
    return 0;
  return captures_of (&p) & pos->pieces[side];
}

int
kz_guide_must_capture (const KzPosition *pos, KzGuideCapture out[KZ_PIECES_PER_SIDE])
{
  KzMoveList list;   /* 28 KB on the stack: not a hot path */
  int over_of[KZ_GRID_SIZE];
  for (int i = 0; i < KZ_GRID_SIZE; i++)
    over_of[i] = KZ_NO_POINT;

  kz_generate_moves (pos, &list);
  for (int i = 0; i < list.count; i++)
    {
      const KzMove *m = &list.moves[i];
      if (m->captured == 0)
        continue;
      /* the piece jumped first: the one between `from` and the first landing */
      int first = kz_jump_over (m->from, m->path[0]);
      if (first == KZ_NO_POINT || !(m->captured >> first & 1))
        continue;   /* a chain that starts with the flag */
      if (over_of[m->from] == KZ_NO_POINT || first < over_of[m->from])
        over_of[m->from] = first;
    }
  int n = 0;
  for (int sq = 0; sq < KZ_GRID_SIZE && n < KZ_PIECES_PER_SIDE; sq++)
    if (over_of[sq] != KZ_NO_POINT)
      out[n++] = (KzGuideCapture) { .from = (uint8_t) sq, .over = (uint8_t) over_of[sq] };
  return n;
}

/* ---- roads home ---- */

/* Breadth first over (point, phase) from `start`: phase 0 before the
 * standing flag of `flag` is jumped, 1 after (carrying it).  Writes the
 * road into `road` when it is shorter than road->n. */
static void
road_from (const KzPosition *pos, int start, int phase0, int side, int flag, KzFlagRoad *road)
{
  int home = kz_centre ((KzSide) side);
  int flag_point = kz_centre ((KzSide) flag);
  KzBits free0 = kz_position_free_points (pos) | KZ_BIT (start);
  KzBits free1 = free0 | (phase0 == 0 ? KZ_BIT (flag_point) : 0);
  int parent[2][KZ_GRID_SIZE];
  int queue[2 * KZ_GRID_SIZE];
  int head = 0, tail = 0, goal = -1;
  memset (parent, -1, sizeof parent);

  int s0 = phase0 * KZ_GRID_SIZE + start;
  parent[phase0][start] = s0;
  queue[tail++] = s0;
  while (head < tail && goal < 0)
    {
      int state = queue[head++];
      int phase = state / KZ_GRID_SIZE, at = state % KZ_GRID_SIZE;
      int next[KZ_N_DIRS + KZ_MAX_JUMP_PATHS];
      int next_phase[KZ_N_DIRS + KZ_MAX_JUMP_PATHS];
      int k = 0;
      int nb[KZ_N_DIRS];
      int n = kz_neighbours (at, nb);
      for (int i = 0; i < n; i++)
        {
          bool ok = phase == 0 ? (free0 >> nb[i] & 1) != 0
                               : (free1 >> nb[i] & 1) != 0 || nb[i] == home;
          if (ok)
            next[k] = nb[i], next_phase[k++] = phase;
        }
      if (phase == 0)
        {
          KzJumpPath jp[KZ_MAX_JUMP_PATHS];
          int m = kz_jump_paths (at, jp);
          for (int i = 0; i < m; i++)
            if (jp[i].over == flag_point && (free0 >> jp[i].to & 1))
              next[k] = jp[i].to, next_phase[k++] = 1;
        }
      for (int i = 0; i < k; i++)
        {
          int p = next_phase[i], to = next[i];
          if (parent[p][to] >= 0)
            continue;
          parent[p][to] = state;
          int ns = p * KZ_GRID_SIZE + to;
          if (p == 1 && to == home)
            {
              goal = ns;
              break;
            }
          queue[tail++] = ns;
        }
    }
  if (goal < 0)
    return;

  uint8_t rev[KZ_NUM_POINTS * 2];
  int len = 0, jump_at = -1;
  for (int st = goal;; )
    {
      int p = st / KZ_GRID_SIZE, at = st % KZ_GRID_SIZE;
      int par = parent[p][at];
      rev[len++] = (uint8_t) at;
      if (par == st)
        break;
      if (p == 1 && par / KZ_GRID_SIZE == 0)
        jump_at = len - 1;   /* index in rev of the landing of the jump */
      st = par;
    }
  if (road->n != 0 && len >= road->n)
    return;
  road->n = (uint8_t) len;
  for (int i = 0; i < len; i++)
    road->points[i] = rev[len - 1 - i];
  road->jump = (int8_t) (jump_at < 0 ? -1 : len - 1 - jump_at);
}

bool
kz_guide_flag_road (const KzPosition *pos, KzSide flag, KzFlagRoad *road)
{
  memset (road, 0, sizeof *road);
  road->flag = (int8_t) flag;
  road->side = (int8_t) KZ_OTHER (flag);
  road->jump = -1;
  if (kz_position_outcome (pos).winner >= 0)
    return false;

  int where = pos->flag[flag];
  if (where != KZ_FLAG_HOME)
    {
      road->carried = true;
      int side = kz_position_piece_at (pos, where);
      road->side = (int8_t) side;
      if (side != (int) KZ_OTHER (flag))
        return false;
      road_from (pos, where, 1, side, flag, road);
      return road->n != 0;
    }
  int side = KZ_OTHER (flag);
  for (KzBits b = pos->pieces[side]; b; b &= b - 1)
    road_from (pos, kz_bit_scan (b), 0, side, flag, road);
  return road->n != 0;
}

/* ---- the facts of a move ---- */

void
kz_guide_explain (const KzPosition *before, const KzMove *move, KzMoveFacts *facts)
{
  KzMoveList list;   /* 28 KB on the stack: not a hot path */
  int s = before->side, o = 1 - s;
  memset (facts, 0, sizeof *facts);
  facts->side = (int8_t) s;
  facts->captured = move->captured;

  KzPosition after = *before;
  kz_position_make_move (&after, move);

  if (move->captured)
    facts->facts |= KZ_FACT_CAPTURE;
  if (kz_generate_moves (before, &list) == 1)
    facts->facts |= KZ_FACT_ONLY_MOVE;
  if (before->flag[o] == KZ_FLAG_HOME && after.flag[o] == move->to)
    facts->facts |= KZ_FACT_TOOK_FLAG;
  for (int f = 0; f < 2; f++)
    if (before->flag[f] != KZ_FLAG_HOME && (move->captured >> before->flag[f] & 1))
      facts->facts |= KZ_FACT_TOOK_CARRIER;

  KzOutcome out = kz_position_outcome (&after);
  if (out.winner == s)
    {
      facts->facts |= out.reason == KZ_REASON_FLAG           ? KZ_FACT_DELIVERED
                      : out.reason == KZ_REASON_ANNIHILATION ? KZ_FACT_ANNIHILATED
                                                             : KZ_FACT_BLOCKED;
      return;
    }

  /* the mover's pieces the other side could take: before (had it been the
   * other side's turn) and after */
  KzBits danger_before = kz_guide_in_danger (before, (KzSide) s);
  KzBits danger_after = kz_guide_in_danger (&after, (KzSide) s);
  if (move->n_jumps == 0 && (danger_before >> move->from & 1) && !(danger_after >> move->to & 1))
    facts->facts |= KZ_FACT_ESCAPED;
  facts->covered = danger_before & ~danger_after & ~KZ_BIT (move->from) & after.pieces[s];
  if (facts->covered)
    facts->facts |= KZ_FACT_COVERED;

  /* what the mover could take if it were to move again, and could not before */
  KzBits threat_before = kz_guide_in_danger (before, (KzSide) o);
  facts->threatened = kz_guide_in_danger (&after, (KzSide) o) & ~threat_before;
  if (facts->threatened)
    facts->facts |= KZ_FACT_THREAT;

  if (after.flag[o] == move->to && move->n_jumps == 0)
    {
      KzFlagRoad before_road, after_road;
      if (kz_guide_flag_road (before, (KzSide) o, &before_road)
          && kz_guide_flag_road (&after, (KzSide) o, &after_road)
          && after_road.n < before_road.n)
        {
          facts->facts |= KZ_FACT_NEARER_HOME;
          facts->road_left = after_road.n - 1;
        }
    }
  if ((facts->facts & KZ_FACT_TOOK_FLAG) || ((move->carried >> o & 1) && move->n_jumps))
    {
      KzFlagRoad road;
      if (kz_guide_flag_road (&after, (KzSide) o, &road))
        facts->road_left = road.n - 1;
    }
}

/* ---- the risk of a move ---- */

void
kz_guide_risk (const KzPosition *pos, const KzMove *move, KzGuideRisk *risk)
{
  KzMoveList list;   /* 28 KB on the stack: not a hot path */
  int s = pos->side, o = 1 - s;
  KzPosition after = *pos;
  memset (risk, 0, sizeof *risk);
  kz_position_make_move (&after, move);
  if (kz_position_outcome (&after).winner >= 0)
    {
      risk->weight = INT_MIN / 2;   /* the move wins (no move loses at once) */
      return;
    }
  int took = kz_popcount (move->captured);
  risk->net = (int8_t) -took;
  risk->weight = -took * 10;
  risk->flag = -1;
  bool first = true;
  kz_generate_moves (&after, &list);
  for (int i = 0; i < list.count; i++)
    {
      const KzMove *r = &list.moves[i];
      KzPosition next = after;
      kz_position_make_move (&next, r);
      bool wins = kz_position_outcome (&next).winner == o;
      /* a flag taken from the mover: one that ends on a piece of the
       * other side when it did not stand on one before (the mover's
       * flag jumped at home or its carrier taken, or the piece of the
       * mover carrying the other side's flag taken) */
      int flag = -1;
      for (int f = 0; f < 2 && flag < 0; f++)
        {
          bool was = after.flag[f] != KZ_FLAG_HOME && (after.pieces[o] >> after.flag[f] & 1);
          bool now = next.flag[f] != KZ_FLAG_HOME && (next.pieces[o] >> next.flag[f] & 1);
          if (now && !was)
            flag = f;
        }
      int net = kz_popcount (r->captured) - took;
      int weight = wins ? KZ_GUIDE_RISK_WIN : net * 10 + (flag >= 0 ? 25 : 0);
      if (first || weight > risk->weight)
        {
          risk->wins = wins;
          risk->flag = (int8_t) flag;
          risk->net = (int8_t) net;
          risk->weight = weight;
          risk->reply = *r;
          first = false;
        }
    }
}

bool
kz_guide_should_warn (const KzPosition *pos, const KzMove *move, KzGuideRisk *risk,
                      KzMove *safer)
{
  KzMoveList list;   /* 28 KB on the stack: not a hot path */
  KzGuideRisk mine, other;
  int least = INT_MAX;

  kz_guide_risk (pos, move, &mine);
  if (risk)
    *risk = mine;
  kz_generate_moves (pos, &list);
  for (int i = 0; i < list.count; i++)
    {
      kz_guide_risk (pos, &list.moves[i], &other);
      if (other.weight < least)
        {
          least = other.weight;
          if (safer)
            *safer = list.moves[i];
        }
    }
  return mine.weight > 0 && least < mine.weight;
}
