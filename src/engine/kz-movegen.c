/* kz-movegen.c — legal move generation.
 *
 * Steps and the test for a compulsory capture work on whole bit boards.
 * Capture chains are walked depth first from each piece that can jump,
 * with the captured pieces removed as they are jumped (RULES.md §4).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-movegen.h"

#include <string.h>

#define SIDE_JUMP_FROM_MASK                                              \
  (KZ_BIT (KZ_SQ (1, 1)) | KZ_BIT (KZ_SQ (3, 2)) | KZ_BIT (KZ_SQ (3, 1)) \
   | KZ_BIT (KZ_SQ (1, 2)) | KZ_BIT (KZ_SQ (1, 7)) | KZ_BIT (KZ_SQ (3, 6)) \
   | KZ_BIT (KZ_SQ (3, 7)) | KZ_BIT (KZ_SQ (1, 6)))

/* Per point: the points its jump paths go over (KZ_JUMPS; the tests
 * compare every count with the generated list). */
static const KzBits OVER_MASK[KZ_GRID_SIZE] = {
  UINT64_C (0x42), UINT64_C (0x4), UINT64_C (0x8a),
  UINT64_C (0x4), UINT64_C (0x108), UINT64_C (0x0),
  UINT64_C (0x1080), UINT64_C (0x1000), UINT64_C (0x1080),
  UINT64_C (0x0), UINT64_C (0x8800), UINT64_C (0x11000),
  UINT64_C (0x229c0), UINT64_C (0x41000), UINT64_C (0x82000),
  UINT64_C (0x110000), UINT64_C (0x220000), UINT64_C (0x451000),
  UINT64_C (0x820000), UINT64_C (0x1040000), UINT64_C (0x2208000),
  UINT64_C (0x4410000), UINT64_C (0x8a20000), UINT64_C (0x10440000),
  UINT64_C (0x20880000), UINT64_C (0x4100000), UINT64_C (0x8200000),
  UINT64_C (0x114400000), UINT64_C (0x8800000), UINT64_C (0x11000000),
  UINT64_C (0x82000000), UINT64_C (0x104000000), UINT64_C (0x7288000000),
  UINT64_C (0x110000000), UINT64_C (0x220000000), UINT64_C (0x0),
  UINT64_C (0x2100000000), UINT64_C (0x100000000), UINT64_C (0x2100000000),
  UINT64_C (0x0), UINT64_C (0x21000000000), UINT64_C (0x40000000000),
  UINT64_C (0xa2000000000), UINT64_C (0x40000000000), UINT64_C (0x84000000000),
};

/* The apex side jumps (RULES.md §4), from, over, to: the only jump
 * paths that are not two steps in one direction. */
static const int8_t SIDE_JUMPS[8][3] = {
  { KZ_SQ (1, 1), KZ_SQ (2, 2), KZ_SQ (3, 2) }, { KZ_SQ (3, 1), KZ_SQ (2, 2), KZ_SQ (1, 2) },
  { KZ_SQ (1, 2), KZ_SQ (2, 2), KZ_SQ (3, 1) }, { KZ_SQ (3, 2), KZ_SQ (2, 2), KZ_SQ (1, 1) },
  { KZ_SQ (1, 6), KZ_SQ (2, 6), KZ_SQ (3, 7) }, { KZ_SQ (3, 6), KZ_SQ (2, 6), KZ_SQ (1, 7) },
  { KZ_SQ (1, 7), KZ_SQ (2, 6), KZ_SQ (3, 6) }, { KZ_SQ (3, 7), KZ_SQ (2, 6), KZ_SQ (1, 6) },
};

typedef struct {
  int8_t  over;
  int8_t  to;
  uint8_t is_piece;
  uint8_t carried;   /* flags on the mover after this jump */
} Jump;

typedef struct {
  const KzPosition *pos;
  KzMoveList *list;      /* NULL: only count */
  uint64_t count;
  KzBits own_rest;       /* own pieces other than the mover */
  int s, o;
  int from;
  uint8_t path[KZ_MAX_CHAIN];
} Chain;

static inline uint8_t
flags_at (const KzPosition *pos, int sq)
{
  return (uint8_t) ((pos->flag[0] == sq) | ((pos->flag[1] == sq) << 1));
}

static inline uint8_t
standing_flags (const KzPosition *pos)
{
  return (uint8_t) ((pos->flag[0] == KZ_FLAG_HOME) | ((pos->flag[1] == KZ_FLAG_HOME) << 1));
}

/* Tries the jump at → over → to; appends it to out when legal. */
static inline int
try_jump (const Chain *c, int over, int to, KzBits enemy, uint8_t standing,
          uint8_t carried, Jump *out, int n, bool *any_piece)
{
  bool is_piece = enemy >> over & 1;
  bool is_flag = !is_piece && over == kz_centre (c->o) && (standing >> c->o & 1);
  if (!is_piece && !is_flag)
    return n;

  KzBits occupied = c->own_rest | (enemy & ~KZ_BIT (over));
  if (occupied >> to & 1)
    return n;

  uint8_t now = carried;
  if (is_flag)
    now |= (uint8_t) (1u << c->o);
  else
    now |= flags_at (c->pos, over);

  /* a standing flag blocks its point, except for a piece bringing the
   * enemy flag home (RULES.md §4 "Free point") */
  if (to == kz_centre (c->s) && (standing >> c->s & 1) && !(now >> c->o & 1))
    return n;
  if (to == kz_centre (c->o) && (standing >> c->o & 1) && !is_flag)
    return n;

  out[n].over = (int8_t) over;
  out[n].to = (int8_t) to;
  out[n].is_piece = is_piece;
  out[n].carried = now;
  *any_piece |= is_piece;
  return n + 1;
}

static int
jumps_from (const Chain *c, int at, int came_from, KzBits enemy,
            uint8_t standing, uint8_t carried, Jump out[KZ_MAX_JUMP_PATHS],
            bool *any_piece)
{
  const KzJumpTable *t = &KZ_JUMPS[at];
  KzBits targets = enemy;
  if (standing >> c->o & 1)
    targets |= KZ_BIT (kz_centre (c->o));
  int n = 0;
  *any_piece = false;
  for (int i = 0; i < t->n; i++)
    {
      int over = t->paths[i].over, to = t->paths[i].to;
      if (!(targets >> over & 1))
        continue;
      if (came_from >= 0 && kz_jump_forbidden_after (came_from, at, to))
        continue;
      n = try_jump (c, over, to, enemy, standing, carried, out, n, any_piece);
    }
  return n;
}

static void
emit (Chain *c, int to, int n_jumps, uint8_t carried, KzBits captured)
{
  if (c->list == NULL)
    {
      c->count++;
      return;
    }
  if (c->list->count >= KZ_MAX_MOVES)
    {
      c->list->overflow = true;
      return;
    }
  KzMove *m = &c->list->moves[c->list->count++];
  m->captured = captured;
  m->from = (uint8_t) c->from;
  m->to = (uint8_t) to;
  m->n_jumps = (uint8_t) n_jumps;
  m->carried = carried;
  memcpy (m->path, c->path, (size_t) n_jumps);
}

/* The piece has just landed on `at` by its depth-th jump. */
static void
explore (Chain *c, int at, int came_from, KzBits enemy, uint8_t standing,
         uint8_t carried, KzBits captured, int depth)
{
  if ((carried >> c->o & 1) && at == kz_centre (c->s))
    {
      emit (c, at, depth, carried, captured);   /* flag brought home */
      return;
    }

  Jump jumps[KZ_MAX_JUMP_PATHS];
  bool any_piece;
  int n = depth < KZ_MAX_CHAIN
            ? jumps_from (c, at, came_from, enemy, standing, carried, jumps, &any_piece)
            : (any_piece = false, 0);

  /* must go on while an enemy piece can be jumped; may stop when only
   * the flag can */
  if (!any_piece)
    emit (c, at, depth, carried, captured);

  for (int i = 0; i < n; i++)
    {
      const Jump *j = &jumps[i];
      c->path[depth] = (uint8_t) j->to;
      if (j->is_piece)
        explore (c, j->to, at, enemy & ~KZ_BIT (j->over), standing, j->carried,
                 captured | KZ_BIT (j->over), depth + 1);
      else
        explore (c, j->to, at, enemy, standing & (uint8_t) ~(1u << c->o),
                 j->carried, captured, depth + 1);
    }
}

/* Walks every chain of the piece on `from`; returns whether it had a
 * first jump over an enemy piece. */
static bool
chains_from (Chain *c, int from)
{
  const KzPosition *pos = c->pos;
  c->from = from;
  c->own_rest = pos->pieces[c->s] & ~KZ_BIT (from);
  KzBits enemy = pos->pieces[c->o];
  uint8_t standing = standing_flags (pos);
  uint8_t carried = flags_at (pos, from);

  Jump jumps[KZ_MAX_JUMP_PATHS];
  bool any_piece;
  int n = jumps_from (c, from, -1, enemy, standing, carried, jumps, &any_piece);
  for (int i = 0; i < n; i++)
    {
      const Jump *j = &jumps[i];
      c->path[0] = (uint8_t) j->to;
      if (j->is_piece)
        explore (c, j->to, from, enemy & ~KZ_BIT (j->over), standing, j->carried,
                 KZ_BIT (j->over), 1);
      else
        explore (c, j->to, from, enemy, standing & (uint8_t) ~(1u << c->o),
                 j->carried, 0, 1);
    }
  return any_piece;
}

static KzBits possible_jumpers (const KzPosition *pos);

/* The exact test, jump path by jump path. */
static bool
capture_compulsory_slow (const KzPosition *pos)
{
  Chain c = { .pos = pos, .list = NULL, .s = pos->side, .o = 1 - pos->side };
  uint8_t standing = standing_flags (pos);
  for (KzBits b = possible_jumpers (pos); b; b &= b - 1)
    {
      int from = kz_bit_scan (b);
      Jump jumps[KZ_MAX_JUMP_PATHS];
      bool any_piece;
      c.own_rest = pos->pieces[c.s] & ~KZ_BIT (from);
      jumps_from (&c, from, -1, pos->pieces[c.o], standing, flags_at (pos, from), jumps, &any_piece);
      if (any_piece)
        return true;
    }
  return false;
}

bool
kz_capture_compulsory (const KzPosition *pos)
{
  if (kz_position_flag_delivered (pos))
    return false;
  int s = pos->side, o = 1 - s;
  /* a jump over an enemy piece may land on the own centre while the own
   * flag stands there when the mover then carries the enemy flag: the
   * path-by-path test decides those rare positions */
  if (pos->flag[o] != KZ_FLAG_HOME && pos->flag[s] == KZ_FLAG_HOME)
    return capture_compulsory_slow (pos);
  /* otherwise a piece jump is legal exactly when it lands on a free
   * point: straight jumps are two steps in one direction */
  KzBits own = pos->pieces[s], enemy = pos->pieces[o];
  KzBits land = kz_position_free_points (pos);
  static const int shift[KZ_N_DIRS] = { 1, -1, 5, -5, 6, -6, 4, -4 };
  static const KzBits mask[KZ_N_DIRS] = {
    UINT64_C (0xf33def7bccf), UINT64_C (0x1e67bdef799e), UINT64_C (0x713ffffc8e),
    UINT64_C (0xe27ffff91c0), UINT64_C (0x4100000041), UINT64_C (0x104000001040),
    UINT64_C (0x1100000110), UINT64_C (0x11000001100),
  };
  KzBits any = 0;
  for (int d = 0; d < KZ_N_DIRS; d++)
    {
      int sh = shift[d];
      KzBits over = kz_shift_bits (own & mask[d], sh) & enemy & mask[d];
      any |= kz_shift_bits (over, sh) & land;
    }
  if (any)
    return true;
  if (enemy & (KZ_BIT (KZ_APEX_COSSACKS) | KZ_BIT (KZ_APEX_TURKS)))
    for (int i = 0; i < 8; i++)
      if ((own >> SIDE_JUMPS[i][0] & 1) && (enemy >> SIDE_JUMPS[i][1] & 1)
          && (land >> SIDE_JUMPS[i][2] & 1))
        return true;
  return false;
}

/* Steps: to an adjacent free point, or onto one's own centre while the
 * own flag stands there when carrying the enemy flag (that wins). */
static uint64_t
steps (const KzPosition *pos, KzMoveList *list)
{
  int s = pos->side, o = 1 - s;
  KzBits own = pos->pieces[s];
  KzBits free = kz_position_free_points (pos);
  uint64_t n = 0;
  int home = kz_centre ((KzSide) s);
  int carrier = pos->flag[o];
  bool carrier_home_step = pos->flag[s] == KZ_FLAG_HOME && carrier != KZ_FLAG_HOME
                           && (own >> carrier & 1) && kz_adjacent (carrier, home);

  if (list == NULL)
    {
      n = (uint64_t) kz_count_steps (own, free);
      return n + carrier_home_step;
    }

  /* direction by direction over the target sets; a move's flags are the
   * ones on its piece */
  uint8_t flag_mask = 0;
  KzBits carriers = 0;
  for (int f = 0; f < 2; f++)
    if (pos->flag[f] != KZ_FLAG_HOME)
      carriers |= KZ_BIT (pos->flag[f]), flag_mask = 1;
  for (int d = 0; d < KZ_N_DIRS; d++)
    {
      int sh = KZ_DIR_SHIFT[d];
      KzBits targets = kz_shift_bits (own & KZ_DIR_MASK[d], sh) & free;
      if (carrier_home_step && kz_shift_bits (KZ_BIT (carrier) & KZ_DIR_MASK[d], sh) == KZ_BIT (home))
        targets |= KZ_BIT (home);
      for (; targets; targets &= targets - 1)
        {
          int to = kz_bit_scan (targets);
          int from = to - sh;
          if (list->count >= KZ_MAX_MOVES)
            {
              list->overflow = true;
              return n;
            }
          KzMove *m = &list->moves[list->count++];
          m->captured = 0;
          m->from = (uint8_t) from;
          m->to = (uint8_t) to;
          m->n_jumps = 0;
          m->carried = flag_mask && (carriers >> from & 1) ? flags_at (pos, from) : 0;
          n++;
        }
    }
  return n;
}

/* The own pieces that may have a first jump (a superset: chains_from
 * checks each exactly). */
static KzBits
possible_jumpers (const KzPosition *pos)
{
  int s = pos->side, o = 1 - s;
  KzBits own = pos->pieces[s];
  KzBits target = pos->pieces[o];
  if (pos->flag[o] == KZ_FLAG_HOME)
    target |= KZ_BIT (kz_centre ((KzSide) o));
  KzBits land = kz_position_free_points (pos) | KZ_BIT (kz_centre ((KzSide) s));
  KzBits jumpers = 0;
  for (int d = 0; d < KZ_N_DIRS; d++)
    {
      KzBits m = KZ_DIR_MASK[d];
      int sh = KZ_DIR_SHIFT[d];
      KzBits over = kz_shift_bits (land, -sh) & target & m;
      jumpers |= kz_shift_bits (over, -sh) & own & m;
    }
  if (target & (KZ_BIT (KZ_APEX_COSSACKS) | KZ_BIT (KZ_APEX_TURKS)))
    jumpers |= own & SIDE_JUMP_FROM_MASK;
  return jumpers;
}

int
kz_generate_moves (const KzPosition *pos, KzMoveList *list)
{
  list->count = 0;
  list->overflow = false;
  if (kz_position_flag_delivered (pos))
    return 0;

  Chain c = { .pos = pos, .list = list, .s = pos->side, .o = 1 - pos->side };
  bool compulsory = false;
  for (KzBits b = possible_jumpers (pos); b; b &= b - 1)
    compulsory |= chains_from (&c, kz_bit_scan (b));
  if (!compulsory)
    steps (pos, list);
  return list->count;
}

/* Counting only: the number of chains that continue from `at`, where the
 * piece has just landed by its depth-th jump (the same rules as explore,
 * without building the moves or a list of jumps). */
static uint64_t
count_from (const Chain *c, int at, int came_from, KzBits enemy, uint8_t standing,
            uint8_t carried, int depth)
{
  int s = c->s, o = c->o;
  if ((carried >> o & 1) && at == kz_centre ((KzSide) s))
    return 1;   /* flag brought home */
  bool flag_o = standing >> o & 1;
  KzBits targets = enemy | (flag_o ? KZ_BIT (kz_centre ((KzSide) o)) : 0);
  if (depth >= KZ_MAX_CHAIN || !(targets & OVER_MASK[at]))
    return 1;

  KzBits occupied = c->own_rest | enemy;
  const KzJumpTable *t = &KZ_JUMPS[at];
  uint64_t total = 0;
  bool any_piece = false;
  for (int i = 0; i < t->n; i++)
    {
      int over = t->paths[i].over, to = t->paths[i].to;
      if (!(targets >> over & 1) || (occupied >> to & 1)
          || kz_jump_forbidden_after (came_from, at, to))
        continue;
      bool is_piece = enemy >> over & 1;
      uint8_t now = carried | (is_piece ? flags_at (c->pos, over) : (uint8_t) (1u << o));
      if (to == kz_centre ((KzSide) s) && (standing >> s & 1) && !(now >> o & 1))
        continue;
      if (to == kz_centre ((KzSide) o) && flag_o && is_piece)
        continue;
      if (is_piece)
        {
          any_piece = true;
          total += count_from (c, to, at, enemy & ~KZ_BIT (over), standing, now, depth + 1);
        }
      else
        total += count_from (c, to, at, enemy, standing & (uint8_t) ~(1u << o), now, depth + 1);
    }
  /* may stop unless an enemy piece can be jumped */
  return any_piece ? total : total + 1;
}

/* Counting only: the chains of the piece on `from`; sets *any_piece when
 * it has a first jump over an enemy piece. */
static uint64_t
count_chains (Chain *c, int from, bool *any_piece)
{
  const KzPosition *pos = c->pos;
  int s = c->s, o = c->o;
  c->own_rest = pos->pieces[s] & ~KZ_BIT (from);
  KzBits enemy = pos->pieces[o];
  uint8_t standing = standing_flags (pos);
  uint8_t carried = flags_at (pos, from);
  bool flag_o = standing >> o & 1;
  KzBits targets = enemy | (flag_o ? KZ_BIT (kz_centre ((KzSide) o)) : 0);
  KzBits occupied = c->own_rest | enemy;
  const KzJumpTable *t = &KZ_JUMPS[from];
  uint64_t total = 0;
  for (int i = 0; i < t->n; i++)
    {
      int over = t->paths[i].over, to = t->paths[i].to;
      if (!(targets >> over & 1) || (occupied >> to & 1))
        continue;
      bool is_piece = enemy >> over & 1;
      uint8_t now = carried | (is_piece ? flags_at (pos, over) : (uint8_t) (1u << o));
      if (to == kz_centre ((KzSide) s) && (standing >> s & 1) && !(now >> o & 1))
        continue;
      if (to == kz_centre ((KzSide) o) && flag_o && is_piece)
        continue;
      if (is_piece)
        {
          *any_piece = true;
          total += count_from (c, to, from, enemy & ~KZ_BIT (over), standing, now, 1);
        }
      else
        total += count_from (c, to, from, enemy, standing & (uint8_t) ~(1u << o), now, 1);
    }
  return total;
}

/* The points from which a jump path goes over a side's centre (where
 * its standing flag can be jumped): b2 d2 c1 c3, b8 d8 c9 c7. */
#define FLAG_JUMPERS_COSSACKS                                          \
  (KZ_BIT (KZ_SQ (1, 1)) | KZ_BIT (KZ_SQ (3, 1)) | KZ_BIT (KZ_SQ (2, 0)) \
   | KZ_BIT (KZ_SQ (2, 2)))
#define FLAG_JUMPERS_TURKS                                             \
  (KZ_BIT (KZ_SQ (1, 7)) | KZ_BIT (KZ_SQ (3, 7)) | KZ_BIT (KZ_SQ (2, 8)) \
   | KZ_BIT (KZ_SQ (2, 6)))

/* Counting in the usual position: both flags stand and no own piece can
 * jump the enemy flag, so every first jump is over an enemy piece onto a
 * free point, found for all pieces at once (the straight jumps are two
 * steps in one direction, plus the apex side jumps); the rest of each
 * chain is walked by count_from. */
static uint64_t
count_plain (const KzPosition *pos)
{
  int s = pos->side, o = 1 - s;
  static const int shift[KZ_N_DIRS] = { 1, -1, 5, -5, 6, -6, 4, -4 };
  static const KzBits mask[KZ_N_DIRS] = {
    UINT64_C (0xf33def7bccf), UINT64_C (0x1e67bdef799e), UINT64_C (0x713ffffc8e),
    UINT64_C (0xe27ffff91c0), UINT64_C (0x4100000041), UINT64_C (0x104000001040),
    UINT64_C (0x1100000110), UINT64_C (0x11000001100),
  };
  KzBits own = pos->pieces[s], enemy = pos->pieces[o];
  KzBits land = kz_position_free_points (pos);
  uint8_t standing = 3;
  Chain c = { .pos = pos, .list = NULL, .s = s, .o = o };
  uint64_t total = 0;
  bool any = false;
  for (int d = 0; d < KZ_N_DIRS; d++)
    {
      int sh = shift[d];
      KzBits over = kz_shift_bits (own & mask[d], sh) & enemy & mask[d];
      for (KzBits to = kz_shift_bits (over, sh) & land; to; to &= to - 1)
        {
          int t = kz_bit_scan (to), from = t - 2 * sh;
          c.own_rest = own & ~KZ_BIT (from);
          total += count_from (&c, t, from, enemy & ~KZ_BIT (t - sh), standing, 0, 1);
          any = true;
        }
    }
  if (enemy & (KZ_BIT (KZ_APEX_COSSACKS) | KZ_BIT (KZ_APEX_TURKS)))
    for (int i = 0; i < 8; i++)
      {
        int from = SIDE_JUMPS[i][0], over = SIDE_JUMPS[i][1], t = SIDE_JUMPS[i][2];
        if ((own >> from & 1) && (enemy >> over & 1) && (land >> t & 1))
          {
            c.own_rest = own & ~KZ_BIT (from);
            total += count_from (&c, t, from, enemy & ~KZ_BIT (over), standing, 0, 1);
            any = true;
          }
      }
  return any ? total : (uint64_t) kz_count_steps (own, land);
}

uint64_t
kz_count_moves (const KzPosition *pos)
{
  if (kz_position_flag_delivered (pos))
    return 0;
  if (pos->flag[0] == KZ_FLAG_HOME && pos->flag[1] == KZ_FLAG_HOME
      && !(pos->pieces[pos->side] & (pos->side == KZ_COSSACKS ? FLAG_JUMPERS_TURKS
                                                                : FLAG_JUMPERS_COSSACKS)))
    return count_plain (pos);

  Chain c = { .pos = pos, .list = NULL, .s = pos->side, .o = 1 - pos->side };
  bool compulsory = false;
  uint64_t total = 0;
  for (KzBits b = possible_jumpers (pos); b; b &= b - 1)
    total += count_chains (&c, kz_bit_scan (b), &compulsory);
  return compulsory ? total : total + steps (pos, NULL);
}
