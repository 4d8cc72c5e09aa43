/* kz-levels.c — the computer's levels (kz-search.h: kz_search_level_params,
 * kz_search_level_name, kz_search_level_from_old) and the human mistakes of
 * the weak ones (kz-levels.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-levels.h"
#include "kz-search.h"

#include <string.h>

static uint64_t
splitmix (uint64_t x)
{
  return kz_zobrist_mix (x);
}

bool
kz_search_level_params (int level, KzSearchLimits *limits)
{
  /* Node budgets and depths only (reproducible, the same under load);
   * the time caps are far safety nets.  Chances per thousand. */
  static const KzSearchLimits levels[KZ_SEARCH_MAX_LEVEL] = {
    /* 1 Recruit: one ply, often misses a chain or leaves a piece */
    { .max_depth = 1, .noise = 60, .no_tables = true, .miss_chain = 250, .hang_piece = 250 },
    /* 2 Cossack */
    { .max_depth = 1, .noise = 50, .no_tables = true, .miss_chain = 140, .hang_piece = 140 },
    /* 3 Corporal */
    { .max_depth = 1, .noise = 40, .no_tables = true, .miss_chain = 90, .hang_piece = 90 },
    /* 4 Sergeant: two plies, sometimes only one (a shot overlooked) */
    { .max_depth = 2, .noise = 30, .no_tables = true, .hang_piece = 40, .miss_shot = 270 },
    /* 5 Cornet: small node budgets from here on */
    { .max_nodes = 800, .max_time_ms = 5000, .noise = 20, .no_tables = true,
      .hang_piece = 20, .miss_shot = 100 },
    /* 6 Captain */
    { .max_nodes = 4000, .max_time_ms = 5000, .noise = 10, .no_tables = true,
      .hang_piece = 10, .miss_shot = 40 },
    /* 7 Esaul: the endgame tables from here on */
    { .max_nodes = 15000, .max_time_ms = 10000 },
    /* 8 Colonel: from here on a drawn ending of the tables counts as a
     * draw, not as the evaluation of its pieces (kz-search.h) */
    { .max_nodes = 100000, .max_time_ms = 10000, .table_draws = true },
    /* 9 Hetman: 30 times level 8's nodes, a higher contempt, and the
     * knowledge of the endings of 5 to 8 pieces (kz-endgame.h) */
    { .max_nodes = 3000000, .max_time_ms = 30000, .contempt = 50, .table_draws = true,
      .endgame = true },
  };
  if (level < KZ_SEARCH_MIN_LEVEL || level > KZ_SEARCH_MAX_LEVEL)
    return false;
  *limits = levels[level - 1];
  return true;
}

const char *
kz_search_level_name (int level)
{
  static const char *const names[KZ_SEARCH_MAX_LEVEL] = {
    "Recruit", "Cossack", "Corporal", "Sergeant", "Cornet", "Captain", "Esaul", "Colonel",
    "Hetman",
  };
  if (level < KZ_SEARCH_MIN_LEVEL || level > KZ_SEARCH_MAX_LEVEL)
    return NULL;
  return names[level - 1];
}

int
kz_search_level_from_old (int old_level)
{
  static const int map[KZ_SEARCH_OLD_MAX_LEVEL] = { 1, 4, 6, 9, 9 };
  if (old_level < 1)
    old_level = 1;
  if (old_level > KZ_SEARCH_OLD_MAX_LEVEL)
    old_level = KZ_SEARCH_OLD_MAX_LEVEL;
  return map[old_level - 1];
}

bool
kz_search_old_level_params (int old_level, KzSearchLimits *limits)
{
  static const KzSearchLimits levels[KZ_SEARCH_OLD_MAX_LEVEL] = {
    { .max_depth = 1, .noise = 60, .no_tables = true },
    { .max_depth = 2, .noise = 30, .no_tables = true },
    { .max_depth = 4, .noise = 10, .no_tables = true },
    { .max_nodes = 600000, .max_time_ms = 1000 },
    { .max_nodes = 2500000, .max_time_ms = 2900, .threads = 2, .contempt = 50 },
  };
  if (old_level < 1 || old_level > KZ_SEARCH_OLD_MAX_LEVEL)
    return false;
  *limits = levels[old_level - 1];
  return true;
}

/* ---------------------------------------------------------------- */

bool
kz_levels_human_mistake (KzMoveList *list, const KzPosition *pos, const KzSearchLimits *limits,
                         KzSearchResult *r)
{
  if (limits->miss_chain <= 0 && limits->hang_piece <= 0)
    return false;
  int n = kz_generate_moves (pos, list);
  if (n < 2)
    return false;
  uint64_t x = splitmix (limits->seed ^ splitmix (pos->hash ^ UINT64_C (0x6d697374616b6573)));
  int roll = (int) (x % 1000);
  uint64_t pick = x / 1000;
  bool captures = list->moves[0].n_jumps > 0;
  if (roll >= (captures ? limits->miss_chain : limits->hang_piece))
    return false;
  int best = 0;
  for (int i = 0; i < n; i++)
    {
      KzPosition after = *pos;
      kz_position_make_move (&after, &list->moves[i]);
      if (kz_position_outcome (&after).winner == pos->side)
        return false;               /* a win on the spot is never missed */
      int taken = kz_popcount (list->moves[i].captured);
      if (taken > best)
        best = taken;
    }
  int candidates[KZ_MAX_MOVES], n_candidates = 0;
  for (int i = 0; i < n; i++)
    {
      const KzMove *m = &list->moves[i];
      if (captures)
        {
          if (kz_popcount (m->captured) < best)
            candidates[n_candidates++] = i;
        }
      else
        {
          KzPosition after = *pos;
          kz_position_make_move (&after, m);
          if (kz_capture_compulsory (&after))
            candidates[n_candidates++] = i;
        }
    }
  if (n_candidates == 0)
    return false;
  memset (r, 0, sizeof *r);
  r->has_move = true;
  r->move = list->moves[candidates[pick % (uint64_t) n_candidates]];
  r->pv[0] = r->move;
  r->pv_length = 1;
  r->nodes = (uint64_t) n;
  return true;
}
