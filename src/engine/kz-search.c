/* kz-search.c — iterative deepening, principal variation search,
 * quiescence over captures, a transposition table and move ordering.
 *
 * Notes on the game that shape the search:
 * - captures are compulsory, so a position where the side to move can
 *   jump a piece is never "quiet": quiescence cannot stand pat there and
 *   searches every capture; elsewhere it stands pat on the evaluation
 *   and looks only at the optional flag jumps and at a carrier's step
 *   home (an immediate win);
 * - a position with a single legal move (frequent: forced captures) is
 *   extended by one ply;
 * - jumps are irreversible, so repetitions are looked for only back to
 *   the last jump.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-search.h"
#include "kz-endgame.h"
#include "kz-levels.h"
#include "kz-search-flags.h"

#include <pthread.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <string.h>
#include <time.h>

#define MAX_PLY     KZ_SEARCH_MAX_PLY
#define INF         KZ_SCORE_INFINITE
#define WIN         KZ_SCORE_WIN
#define CHECK_EVERY 1024

enum { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };

typedef struct {
  int16_t  score;
  uint16_t move;    /* index + 1 in kz_generate_moves order; 0: none */
  uint8_t  depth;
  uint8_t  bound;
  uint8_t  age;
  uint8_t  pad;
} TTData;

/* Shared by the threads of a search without locks: check is the key
 * xor the packed data, so an entry torn by two writers never matches. */
typedef struct {
  uint64_t check;
  uint64_t data;
} TTEntry;

#define BUCKET 4

struct KzSearcher {
  TTEntry  *tt;
  size_t    tt_mask;            /* buckets - 1 */
  void     *tt_base;            /* the mapping that holds tt, if mapped */
  size_t    tt_mapped;          /* its length; 0: tt was allocated */
  uint8_t   age;
  bool      owns_tt;            /* false for a helper thread's searcher */
  KzSearcher *helpers[KZ_SEARCH_MAX_THREADS - 1];   /* made on first use */
  atomic_int helpers_stop;

  /* per search */
  const atomic_int *stop_flag;
  bool      stopped;
  uint64_t  nodes;
  uint64_t  max_nodes;
  int64_t   start_ms;
  int64_t   deadline_ms;        /* 0: none */
  int       root_depth;
  int       contempt;
  bool      carrier_ext;        /* !limits->no_carrier_ext */
  int       no_progress_left;   /* limits->no_progress_left */
  bool      use_tables;
  bool      table_draws;        /* limits->table_draws */
  bool      endgame;            /* limits->endgame */
  const uint64_t *game_hist;
  int       n_game_hist;
  uint64_t  hist_filter[64];    /* 4096-bit filter over game_hist */

  uint64_t  path_hash[MAX_PLY + 1];
  KzMove    killers[MAX_PLY][2];
  int       history[2][KZ_GRID_SIZE][KZ_GRID_SIZE];
  int       pv_len[MAX_PLY + 1];
  KzMove    pv[MAX_PLY + 1][MAX_PLY + 1];
  int       scores[MAX_PLY][KZ_MAX_MOVES];
  int       order[MAX_PLY][KZ_MAX_MOVES];
  KzMoveList lists[MAX_PLY];

  /* root */
  KzMoveList root_list;
  int       root_noise[KZ_MAX_MOVES];
  KzMoveList mistake_list;      /* human_mistake's scratch */
  int       root_order[KZ_MAX_MOVES];
  int       root_value[KZ_MAX_MOVES];
};

/* ---------------------------------------------------------------- */

static int64_t
now_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (int64_t) ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static uint64_t
splitmix (uint64_t x)
{
  return kz_zobrist_mix (x);
}

/* The hash table, zeroed.  Every probe lands on a random page: with
 * 4 KiB pages nearly every probe of a big table also misses the TLB, so
 * where the system has anonymous mappings the table is mapped directly
 * (zero pages, touched only when used: making a searcher stays cheap),
 * aligned to 2 MiB and offered to the kernel as huge pages (Linux
 * transparent huge pages in "madvise" mode); elsewhere, or when the
 * mapping fails, it is an ordinary zeroed allocation. */
#define HUGE_PAGE ((size_t) 2 << 20)

static TTEntry *
tt_alloc (size_t bytes, void **base, size_t *mapped)
{
  *base = NULL;
  *mapped = 0;
#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
  if (bytes >= HUGE_PAGE)
    {
      size_t len = bytes + HUGE_PAGE;
      void *p = mmap (NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
      if (p != MAP_FAILED)
        {
          uintptr_t start = ((uintptr_t) p + HUGE_PAGE - 1) & ~(uintptr_t) (HUGE_PAGE - 1);
          madvise ((void *) start, bytes, MADV_HUGEPAGE);
          *base = p;
          *mapped = len;
          return (TTEntry *) start;
        }
    }
#endif
  return calloc (bytes / sizeof (TTEntry), sizeof (TTEntry));
}

static void
tt_free (TTEntry *tt, void *base, size_t mapped)
{
#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
  if (mapped)
    {
      munmap (base, mapped);
      return;
    }
#endif
  free (tt);
}

KzSearcher *
kz_searcher_new (size_t tt_mb)
{
  if (tt_mb == 0)
    tt_mb = 16;
  size_t bytes = tt_mb << 20;
  size_t buckets = 1;
  while (buckets * 2 * BUCKET * sizeof (TTEntry) <= bytes)
    buckets *= 2;

  KzSearcher *s = calloc (1, sizeof *s);
  if (s == NULL)
    return NULL;
  s->tt = tt_alloc (buckets * BUCKET * sizeof (TTEntry), &s->tt_base, &s->tt_mapped);
  if (s->tt == NULL)
    {
      free (s);
      return NULL;
    }
  s->tt_mask = buckets - 1;
  s->owns_tt = true;
  return s;
}

void
kz_searcher_free (KzSearcher *s)
{
  if (s == NULL)
    return;
  for (int i = 0; i < KZ_SEARCH_MAX_THREADS - 1; i++)
    kz_searcher_free (s->helpers[i]);
  if (s->owns_tt)
    tt_free (s->tt, s->tt_base, s->tt_mapped);
  free (s);
}

void
kz_searcher_clear (KzSearcher *s)
{
  if (s->owns_tt)
    memset (s->tt, 0, (s->tt_mask + 1) * BUCKET * sizeof (TTEntry));
  memset (s->killers, 0, sizeof s->killers);
  memset (s->history, 0, sizeof s->history);
  s->age = 0;
  for (int i = 0; i < KZ_SEARCH_MAX_THREADS - 1; i++)
    if (s->helpers[i])
      kz_searcher_clear (s->helpers[i]);
}

/* ---------------------------------------------------------------- */
/* Transposition table */

static inline int
score_to_tt (int score, int ply)
{
  if (score >= KZ_SCORE_WIN_MIN)
    return score + ply;
  if (score <= -KZ_SCORE_WIN_MIN)
    return score - ply;
  return score;
}

static inline int
score_from_tt (int score, int ply)
{
  if (score >= KZ_SCORE_WIN_MIN)
    return score - ply;
  if (score <= -KZ_SCORE_WIN_MIN)
    return score + ply;
  return score;
}

static inline uint64_t
tt_pack (TTData d)
{
  uint64_t w;
  memcpy (&w, &d, sizeof w);
  return w;
}

static inline TTData
tt_unpack (uint64_t w)
{
  TTData d;
  memcpy (&d, &w, sizeof d);
  return d;
}

static inline bool
tt_probe (KzSearcher *s, uint64_t key, TTData *out)
{
  TTEntry *b = &s->tt[(key & s->tt_mask) * BUCKET];
  for (int i = 0; i < BUCKET; i++)
    {
      uint64_t data = __atomic_load_n (&b[i].data, __ATOMIC_RELAXED);
      uint64_t check = __atomic_load_n (&b[i].check, __ATOMIC_RELAXED);
      if ((check ^ data) == key)
        {
          *out = tt_unpack (data);
          if (out->bound != BOUND_NONE)
            return true;
        }
    }
  return false;
}

static inline void
tt_store (KzSearcher *s, uint64_t key, int depth, int bound, int score, int move)
{
  TTEntry *b = &s->tt[(key & s->tt_mask) * BUCKET];
  TTEntry *victim = NULL;
  int worst = 1 << 30;
  for (int i = 0; i < BUCKET; i++)
    {
      uint64_t data = __atomic_load_n (&b[i].data, __ATOMIC_RELAXED);
      uint64_t check = __atomic_load_n (&b[i].check, __ATOMIC_RELAXED);
      TTData d = tt_unpack (data);
      if ((check ^ data) == key)
        {
          victim = &b[i];
          if (move == 0)
            move = d.move;    /* keep the old best move */
          break;
        }
      /* prefer replacing old, shallow entries */
      int v = d.depth - (d.age != s->age ? 256 : 0);
      if (d.bound == BOUND_NONE)
        v = -1000;
      if (v < worst)
        {
          worst = v;
          victim = &b[i];
        }
    }
  TTData d = {
    .score = (int16_t) score,
    .move = (uint16_t) move,
    .depth = (uint8_t) (depth < 0 ? 0 : depth),
    .bound = (uint8_t) bound,
    .age = s->age,
  };
  uint64_t data = tt_pack (d);
  __atomic_store_n (&victim->data, data, __ATOMIC_RELAXED);
  __atomic_store_n (&victim->check, key ^ data, __ATOMIC_RELAXED);
}

/* ---------------------------------------------------------------- */
/* Helpers */

static inline bool
check_limits (KzSearcher *s)
{
  if (s->stopped)
    return true;
  if ((s->nodes & (CHECK_EVERY - 1)) != 0)
    return false;
  if (s->stop_flag && atomic_load_explicit (s->stop_flag, memory_order_relaxed))
    s->stopped = true;
  else if (s->max_nodes && s->nodes >= s->max_nodes)
    s->stopped = true;
  else if (s->deadline_ms && now_ms () >= s->deadline_ms)
    s->stopped = true;
  return s->stopped;
}

/* Would the position h at ply repeat an earlier position of the line or
 * of the game? */
static bool
hash_repeats (const KzSearcher *s, uint64_t h, int ply, int irrev)
{
  for (int p = ply - 2; p >= irrev && p >= 0; p -= 2)
    if (s->path_hash[p] == h)
      return true;
  if (irrev > 0 || s->n_game_hist == 0)
    return false;
  if (!(s->hist_filter[(h >> 6) & 63] >> (h & 63) & 1))
    return false;
  for (int i = s->n_game_hist - 1; i >= 0; i--)
    if (s->game_hist[i] == h)
      return true;
  return false;
}

/* A repetition of an earlier position of the line or of the game. */
static inline bool
is_repetition (KzSearcher *s, int ply, int irrev)
{
  return hash_repeats (s, s->path_hash[ply], ply, irrev);
}

/* The no-progress draw: KZ_NO_PROGRESS_PLIES plies without a jump, the
 * game's before the root (no_progress_left) and the line's, unless the
 * move that got here ended the game. */
static bool
is_no_progress_draw (const KzSearcher *s, const KzPosition *pos, int ply, int irrev)
{
  if (s->no_progress_left <= 0)
    return false;
  int quiet = irrev > 0 ? ply - irrev : ply + KZ_NO_PROGRESS_PLIES - s->no_progress_left;
  return quiet >= KZ_NO_PROGRESS_PLIES && kz_position_outcome (pos).winner < 0;
}

/* Whether the no-progress draw lies within `depth` plies of this node: a
 * table entry may come from a search farther from it, so none is used
 * for a cut-off, and none is stored. */
static inline bool
no_progress_near (const KzSearcher *s, int ply, int irrev, int depth)
{
  return s->no_progress_left > 0 && irrev == 0 && ply + depth >= s->no_progress_left;
}

/* The no-progress draw one step away (at a leaf: quiescence tries no
 * steps): the side to move may take it when it need not capture. */
static bool
no_progress_step (KzSearcher *s, const KzPosition *pos, int ply, int irrev)
{
  if (s->no_progress_left <= 0 || irrev > 0 || ply + 1 != s->no_progress_left)
    return false;
  KzMoveList *list = &s->lists[ply];
  int n = kz_generate_moves (pos, list);
  return n > 0 && list->moves[n - 1].n_jumps == 0;   /* steps exist */
}

static inline bool
is_quiet (const KzMove *m)
{
  return m->n_jumps == 0;
}

static inline bool
same_move (const KzMove *a, const KzMove *b)
{
  return a->from == b->from && a->to == b->to && a->n_jumps == b->n_jumps
         && (a->n_jumps == 0 || memcmp (a->path, b->path, a->n_jumps) == 0);
}

/* Carrier moves are extended while the line's extensions so far (its
 * ply plus the depth left, beyond the iteration's depth) stay within
 * half the iteration's depth plus one: a carrier walking home cannot
 * double the depth. */
static inline bool
may_extend_carrier (const KzSearcher *s, int ply, int depth)
{
  return ply + depth < s->root_depth + s->root_depth / 2 + 2;
}

static void
score_moves (KzSearcher *s, const KzPosition *pos, const KzMoveList *list,
             int *scores, int tt_move, int ply)
{
  int side = pos->side, o = 1 - side;
  for (int i = 0; i < list->count; i++)
    {
      const KzMove *m = &list->moves[i];
      int v;
      if (i + 1 == tt_move)
        v = 1 << 30;
      else if (delivers_flag (pos, m))
        v = 1 << 29;
      else if (m->n_jumps > 0)
        {
          v = (1 << 28) + 1024 * kz_popcount (m->captured);
          if ((m->carried >> o & 1) && pos->flag[o] == KZ_FLAG_HOME)
            v += 512;                       /* picks up the enemy flag */
          if (pos->flag[side] != KZ_FLAG_HOME && (m->captured >> pos->flag[side] & 1))
            v += 4096;                      /* takes back our flag */
        }
      else if (ply < MAX_PLY && same_move (m, &s->killers[ply][0]))
        v = (1 << 27) + 2;
      else if (ply < MAX_PLY && same_move (m, &s->killers[ply][1]))
        v = (1 << 27) + 1;
      else
        v = s->history[side][m->from][m->to];
      scores[i] = v;
    }
}

/* Selection sort one step at a time over a permutation, so the list
 * keeps its generation order (the hash table stores move indices). */
static inline void
init_order (int *order, int n)
{
  for (int i = 0; i < n; i++)
    order[i] = i;
}

static inline int
pick_next (int *order, const int *scores, int n, int k)
{
  int best = k;
  for (int i = k + 1; i < n; i++)
    if (scores[order[i]] > scores[order[best]])
      best = i;
  int t = order[k];
  order[k] = order[best];
  order[best] = t;
  return order[k];
}

static bool
has_steps (const KzPosition *pos)
{
  KzBits own = pos->pieces[pos->side];
  KzBits free = kz_position_free_points (pos);
  for (int d = 0; d < KZ_N_DIRS; d++)
    if (kz_shift_bits (own & KZ_DIR_MASK[d], KZ_DIR_SHIFT[d]) & free)
      return true;
  return false;
}

static inline void
update_pv (KzSearcher *s, int ply, const KzMove *m)
{
  s->pv[ply][ply] = *m;
  int n = s->pv_len[ply + 1];
  for (int i = ply + 1; i < n; i++)
    s->pv[ply][i] = s->pv[ply + 1][i];
  s->pv_len[ply] = n > ply + 1 ? n : ply + 1;
}

/* The exact score of a won or lost position of the endgame tables;
 * false when it is not in them, drawn, or they are not used. */
static inline bool
probe_tables (KzSearcher *s, const KzPosition *pos, int ply, int *score)
{
  if (!s->use_tables
      || kz_popcount (pos->pieces[0] | pos->pieces[1]) > KZ_EGTB_MAX_PIECES)
    return false;
  int n;
  switch (kz_egtb_probe (pos, &n))
    {
    case KZ_EGTB_WIN:
      *score = WIN - ply - n;
      return true;
    case KZ_EGTB_LOSS:
      *score = -(WIN - ply - n);
      return true;
    case KZ_EGTB_DRAW:
      /* a draw with best play: with table_draws scored like a
       * repetition (plus a tie-break), else searched on, so that the
       * evaluation still prefers the draws an imperfect opponent may lose */
      if (!s->table_draws)
        return false;
      *score = ((ply & 1) ? s->contempt : -s->contempt) + kz_endgame_draw_tie (pos);
      return true;
    case KZ_EGTB_NONE:
    default:
      return false;
    }
}

/* ---------------------------------------------------------------- */
/* Quiescence */

static int
qsearch (KzSearcher *s, const KzPosition *pos, int alpha, int beta, int ply)
{
  s->nodes++;
  s->pv_len[ply] = ply;
  if (check_limits (s))
    return 0;

  int side = pos->side;
  if (kz_position_flag_delivered (pos) || pos->pieces[side] == 0)
    return -(WIN - ply);
  if (ply >= MAX_PLY - 1)
    return kz_endgame_evaluate (pos, s->endgame);
  int tb;
  if (probe_tables (s, pos, ply, &tb))
    return tb;

  bool compulsory = kz_capture_compulsory (pos);
  int best = -INF;
  bool threat = false;
  int push = -1;
  if (!compulsory)
    {
      if (can_step_home (pos))
        return WIN - ply - 1;
      bool take_flag = can_take_flag (pos);
      if (!take_flag && !has_steps (pos) && kz_count_moves (pos) == 0)
        return -(WIN - ply);        /* blocked */
      /* an enemy carrier one step from home is like check: no standing
       * pat, every move is tried (the first two plies of quiescence) */
      threat = ply < s->root_depth + 2 && enemy_can_step_home (pos);
      /* our carrier two steps from home: its steps towards it are
       * tried too (the first ply of quiescence), like a quiet check */
      push = ply < s->root_depth + 1 && s->carrier_ext ? carrier_near_home (pos) : -1;
      if (!threat)
        {
          best = kz_endgame_evaluate (pos, s->endgame);
          if (best >= beta || (!take_flag && push < 0))
            return best;
          if (best > alpha)
            alpha = best;
        }
    }

  KzMoveList *list = &s->lists[ply];
  int *scores = s->scores[ply];
  int n = kz_generate_moves (pos, list);
  if (n == 0)
    return -(WIN - ply);
  int *order = s->order[ply];
  score_moves (s, pos, list, scores, 0, MAX_PLY);
  init_order (order, n);

  for (int k = 0; k < n; k++)
    {
      int i = pick_next (order, scores, n, k);
      const KzMove m = list->moves[i];
      if (m.n_jumps == 0 && !threat
          && !(m.from == push
               && kz_eval_distance (m.to, kz_centre ((KzSide) side)) == 1))
        continue;                   /* only captures here */

      KzPosition child = *pos;
      kz_position_make_move (&child, &m);
      int v = -qsearch (s, &child, -beta, -alpha, ply + 1);
      if (s->stopped)
        return 0;
      if (v > best)
        {
          best = v;
          if (v > alpha)
            {
              alpha = v;
              update_pv (s, ply, &m);
              if (v >= beta)
                break;
            }
        }
    }
  return best;
}

/* ---------------------------------------------------------------- */
/* Main search */

/* Can the side to move step into an earlier position (no capture is
 * compulsory; jumps never repeat)? */
static bool
can_repeat (KzSearcher *s, const KzPosition *pos, int ply, int irrev)
{
  if (kz_capture_compulsory (pos))
    return false;
  KzMoveList *list = &s->lists[ply];
  int n = kz_generate_moves (pos, list);
  for (int i = 0; i < n; i++)
    {
      if (list->moves[i].n_jumps > 0)
        continue;
      KzPosition child = *pos;
      kz_position_make_move (&child, &list->moves[i]);
      if (hash_repeats (s, child.hash, ply + 1, irrev))
        return true;
    }
  return false;
}

static int
search (KzSearcher *s, const KzPosition *pos, int alpha, int beta, int depth,
        int ply, int irrev, bool pv_node)
{
  s->path_hash[ply] = pos->hash;
  s->pv_len[ply] = ply;
  if (ply > 0 && (is_repetition (s, ply, irrev) || is_no_progress_draw (s, pos, ply, irrev)))
    return (ply & 1) ? s->contempt : -s->contempt;
  if (depth <= 0)
    {
      int v = qsearch (s, pos, alpha, beta, ply);
      /* Near the root a quiet move back into an earlier position (a
       * draw) is one of the side to move's choices, which quiescence
       * does not try: so a one-ply search sees the opponent complete a
       * repetition, and a side ahead does not walk into one; likewise
       * a quiet step into the no-progress draw. */
      int draw = ((ply + 1) & 1) ? -s->contempt : s->contempt;
      if (v < draw && !kz_score_is_win (v) && !s->stopped
          && ((ply <= 2 && can_repeat (s, pos, ply, irrev)) || no_progress_step (s, pos, ply, irrev)))
        v = draw;
      return v;
    }

  s->nodes++;
  if (check_limits (s))
    return 0;
  if (ply >= MAX_PLY - 1)
    return kz_endgame_evaluate (pos, s->endgame);

  /* distance to the end: no line can do better than winning next ply */
  if (alpha < -(WIN - ply))
    alpha = -(WIN - ply);
  if (beta > WIN - ply - 1)
    beta = WIN - ply - 1;
  if (alpha >= beta)
    return alpha;
  int tb;
  if (probe_tables (s, pos, ply, &tb))
    return tb;

  int tt_move = 0;
  TTData e;
  bool np_near = no_progress_near (s, ply, irrev, depth);
  if (tt_probe (s, pos->hash, &e))
    {
      tt_move = e.move;
      if (!pv_node && e.depth >= depth && !np_near)
        {
          int v = score_from_tt (e.score, ply);
          if (e.bound == BOUND_EXACT
              || (e.bound == BOUND_LOWER && v >= beta)
              || (e.bound == BOUND_UPPER && v <= alpha))
            return v;
        }
    }

  KzMoveList *list = &s->lists[ply];
  int *scores = s->scores[ply];
  int n = kz_generate_moves (pos, list);
  if (n == 0)
    return -(WIN - ply);        /* the previous move won the game */
  if (tt_move > n)
    tt_move = 0;
  int *order = s->order[ply];
  score_moves (s, pos, list, scores, tt_move, ply);
  init_order (order, n);

  int ext = (n == 1 && ply < 2 * s->root_depth + 4) ? 1 : 0;
  /* with a compulsory capture every move jumps; otherwise steps exist */
  bool compulsory = list->moves[0].n_jumps > 0 && list->moves[n - 1].n_jumps > 0;

  int best = -INF, best_index = -1;
  int alpha0 = alpha;
  int new_depth = depth - 1 + ext;
  /* The children probe the hash table, whose buckets are rarely in the
   * cache: each child is made one move ahead, while its elder sibling is
   * searched, and its bucket prefetched then (the order does not change
   * during the loop: only a cut-off updates killers and history). */
  KzPosition next_child = *pos;
  int next_i = pick_next (order, scores, n, 0);
  kz_position_make_move (&next_child, &list->moves[next_i]);
  if (new_depth > 0)
    __builtin_prefetch (&s->tt[(next_child.hash & s->tt_mask) * BUCKET]);
  for (int k = 0; k < n; k++)
    {
      int i = next_i;
      const KzMove m = list->moves[i];
      int sc = scores[i];
      KzPosition child = next_child;
      if (k + 1 < n)
        {
          next_i = pick_next (order, scores, n, k + 1);
          next_child = *pos;
          kz_position_make_move (&next_child, &list->moves[next_i]);
          if (new_depth > 0)
            __builtin_prefetch (&s->tt[(next_child.hash & s->tt_mask) * BUCKET]);
        }

      int child_irrev = m.n_jumps > 0 ? ply + 1 : irrev;
      int v;
      /* a carrier move (or a flag picked up) is extended, as a check */
      bool carrier = s->carrier_ext && carrier_move (pos, &m);
      int child_depth = new_depth;
      if (carrier && !ext && may_extend_carrier (s, ply, depth))
        child_depth++;

      if (k == 0)
        v = -search (s, &child, -beta, -alpha, child_depth, ply + 1, child_irrev, pv_node);
      else
        {
          int r = 0;
          if (depth >= 3 && k >= 3 && !compulsory && is_quiet (&m) && sc < (1 << 27) && !carrier)
            r = (k >= 8 && depth >= 5) ? 2 : 1;
          v = -search (s, &child, -alpha - 1, -alpha, child_depth - r, ply + 1, child_irrev, false);
          if (v > alpha && r > 0)
            v = -search (s, &child, -alpha - 1, -alpha, child_depth, ply + 1, child_irrev, false);
          if (v > alpha && v < beta && pv_node)
            v = -search (s, &child, -beta, -alpha, child_depth, ply + 1, child_irrev, true);
        }
      if (s->stopped)
        return 0;

      if (v > best)
        {
          best = v;
          best_index = i;
          if (v > alpha)
            {
              alpha = v;
              update_pv (s, ply, &m);
              if (v >= beta)
                {
                  if (is_quiet (&m))
                    {
                      if (!same_move (&m, &s->killers[ply][0]))
                        {
                          s->killers[ply][1] = s->killers[ply][0];
                          s->killers[ply][0] = m;
                        }
                      int *h = &s->history[pos->side][m.from][m.to];
                      *h += depth * depth;
                      if (*h > (1 << 24))
                        for (int a = 0; a < 2; a++)
                          for (int b = 0; b < KZ_GRID_SIZE; b++)
                            for (int c = 0; c < KZ_GRID_SIZE; c++)
                              s->history[a][b][c] /= 2;
                    }
                  break;
                }
            }
        }
    }

  int bound = best >= beta ? BOUND_LOWER : best > alpha0 ? BOUND_EXACT : BOUND_UPPER;
  if (!np_near)
    tt_store (s, pos->hash, depth, bound, score_to_tt (best, ply), best_index + 1);
  return best;
}

/* ---------------------------------------------------------------- */
/* Root */

/* One iteration at the root.  Returns false when it was stopped before
 * any move was fully searched; otherwise sets *best_move (index into
 * root_list) and *best_score (noise not included). */
static bool
search_root (KzSearcher *s, const KzPosition *pos, int depth, bool noisy,
             int *best_move, int *best_score)
{
  KzMoveList *list = &s->root_list;
  int n = list->count;
  int alpha = -INF, beta = INF;
  int best_total = -INF;
  bool any = false;

  s->root_depth = depth;
  s->path_hash[0] = pos->hash;
  s->pv_len[0] = 0;
  int ext = n == 1 ? 1 : 0;

  for (int k = 0; k < n; k++)
    {
      int i = s->root_order[k];
      const KzMove *m = &list->moves[i];
      KzPosition child = *pos;
      kz_position_make_move (&child, m);
      int child_irrev = m->n_jumps > 0 ? 1 : 0;
      int nd = depth - 1 + ext;
      /* a carrier move is extended as in search (), except in a one-ply
       * search: there only the carrier's moves would see the reply, and
       * measured so, carriers delivered less often */
      if (!ext && depth >= 2 && s->carrier_ext && carrier_move (pos, m))
        nd++;
      int v;

      if (noisy)
        {
          /* every move gets its own bonus, except a forced win or loss:
           * a full window (the noisy levels search shallow) */
          v = -search (s, &child, -INF, INF, nd, 1, child_irrev, true);
          if (s->stopped)
            break;
          s->root_value[i] = v;
          int total = kz_score_is_win (v) ? v : v + s->root_noise[i];
          if (total > best_total)
            {
              best_total = total;
              *best_move = i;
              *best_score = v;
              update_pv (s, 0, m);
            }
        }
      else
        {
          if (k == 0)
            v = -search (s, &child, -beta, -alpha, nd, 1, child_irrev, true);
          else
            {
              v = -search (s, &child, -alpha - 1, -alpha, nd, 1, child_irrev, false);
              if (v > alpha && !s->stopped)
                v = -search (s, &child, -beta, -alpha, nd, 1, child_irrev, true);
            }
          if (s->stopped)
            break;
          s->root_value[i] = v;
          if (v > alpha)
            {
              alpha = v;
              *best_move = i;
              *best_score = v;
              update_pv (s, 0, m);
            }
        }
      any = true;
    }
  return any;
}

static int
compare_root (KzSearcher *s, int a, int b)
{
  return s->root_value[b] - s->root_value[a];
}

/* Orders the root moves for the next iteration: the best first, then
 * by the values found (a stable insertion sort; n is small). */
static void
order_root (KzSearcher *s, int best)
{
  int n = s->root_list.count;
  int *o = s->root_order;
  for (int i = 1; i < n; i++)
    {
      int x = o[i], j = i;
      while (j > 0 && compare_root (s, o[j - 1], x) > 0)
        {
          o[j] = o[j - 1];
          j--;
        }
      o[j] = x;
    }
  for (int i = 0; i < n; i++)
    if (o[i] == best)
      {
        for (int j = i; j > 0; j--)
          o[j] = o[j - 1];
        o[0] = best;
        break;
      }
}

/* The value of a move by the tables, as plies to the end: > 0 the mover
 * wins in that many, < 0 it loses, 0 a draw; false when the child is not
 * in the tables. */
static bool
table_move_value (const KzPosition *pos, const KzMove *m, int *value)
{
  KzPosition child = *pos;
  kz_position_make_move (&child, m);
  if (kz_position_flag_delivered (&child) || child.pieces[child.side] == 0)
    {
      *value = 1;
      return true;
    }
  int n;
  switch (kz_egtb_probe (&child, &n))
    {
    case KZ_EGTB_WIN:
      *value = -(n + 1);
      return true;
    case KZ_EGTB_LOSS:
      *value = n + 1;
      return true;
    case KZ_EGTB_DRAW:
      *value = 0;
      return true;
    case KZ_EGTB_NONE:
    default:
      return false;
    }
}

/* The best move of a list by the tables; false if some move is not in
 * them.  Prefers the shortest win, then a draw, then the longest loss. */
static bool
table_best (const KzPosition *pos, const KzMoveList *list, int *best, int *best_value)
{
  *best = -1;
  for (int i = 0; i < list->count; i++)
    {
      int v;
      if (!table_move_value (pos, &list->moves[i], &v))
        return false;
      bool better;
      if (*best < 0)
        better = true;
      else if (v > 0)
        better = *best_value <= 0 || v < *best_value;
      else if (v == 0)
        better = *best_value < 0;
      else
        better = *best_value < 0 && v < *best_value;
      if (better)
        {
          *best = i;
          *best_value = v;
        }
    }
  return *best >= 0;
}

static bool
table_root (KzSearcher *s, const KzPosition *pos, KzSearchResult *r)
{
  if (!s->use_tables)
    return false;
  int n;
  KzEgtbResult res = kz_egtb_probe (pos, &n);
  if (res != KZ_EGTB_WIN && res != KZ_EGTB_LOSS)
    return false;
  int best, value;
  if (!table_best (pos, &s->root_list, &best, &value))
    return false;
  r->has_move = true;
  r->move = s->root_list.moves[best];
  r->score = value > 0 ? WIN - value : -(WIN + value);
  r->depth = value > 0 ? value : -value;
  r->nodes = 1;

  /* the expected line: best moves of both sides by the tables */
  KzPosition p = *pos;
  KzMoveList *list = &s->lists[0];
  r->pv_length = 0;
  while (r->pv_length < KZ_SEARCH_MAX_PV)
    {
      if (kz_generate_moves (&p, list) == 0 || !table_best (&p, list, &best, &value))
        break;
      r->pv[r->pv_length++] = list->moves[best];
      kz_position_make_move (&p, &list->moves[best]);
      if (value == 1)
        break;
    }
  r->pv[0] = r->move;
  if (r->pv_length == 0)
    r->pv_length = 1;
  return true;
}

/* One thread's iterative deepening; helper > 0 for the helpers of a
 * lazy SMP search (they start one ply deeper every other helper, so
 * the threads fill the shared table with different depths). */
static KzSearchResult
run_search (KzSearcher *s, const KzPosition *pos, const uint64_t *history,
            int n_history, const KzSearchLimits *limits, const atomic_int *stop,
            int helper)
{
  KzSearchResult r;
  memset (&r, 0, sizeof r);

  s->start_ms = now_ms ();
  s->stop_flag = stop;
  s->stopped = false;
  s->nodes = 0;
  s->max_nodes = limits->max_nodes;
  s->contempt = limits->contempt > 0 ? limits->contempt : KZ_SEARCH_CONTEMPT;
  s->carrier_ext = !limits->no_carrier_ext;
  s->no_progress_left = limits->no_progress_left;
  s->use_tables = !limits->no_tables && kz_egtb_available ();
  s->table_draws = limits->table_draws;
  s->endgame = limits->endgame;
  s->deadline_ms = limits->max_time_ms > 0 ? s->start_ms + limits->max_time_ms : 0;
  s->game_hist = history;
  s->n_game_hist = history ? n_history : 0;
  memset (s->hist_filter, 0, sizeof s->hist_filter);
  for (int i = 0; i < s->n_game_hist; i++)
    s->hist_filter[(history[i] >> 6) & 63] |= UINT64_C (1) << (history[i] & 63);
  if (helper == 0)
    s->age++;
  memset (s->killers, 0, sizeof s->killers);

  int max_depth = limits->max_depth > 0 && limits->max_depth < KZ_SEARCH_MAX_DEPTH
                    ? limits->max_depth : KZ_SEARCH_MAX_DEPTH;

  KzMoveList *list = &s->root_list;
  int n = kz_generate_moves (pos, list);
  if (n == 0)
    {
      r.score = -WIN;
      r.elapsed_ms = now_ms () - s->start_ms;
      return r;
    }

  /* won or lost in the tables: their best move (the shortest win, the
   * longest defence) and the exact distance */
  if (table_root (s, pos, &r))
    {
      r.elapsed_ms = now_ms () - s->start_ms;
      return r;
    }

  /* initial order: the usual move ordering; noise from the seed */
  score_moves (s, pos, list, s->scores[0], 0, 0);
  for (int i = 0; i < n; i++)
    {
      s->root_order[i] = i;
      s->root_value[i] = s->scores[0][i] > (1 << 28) ? 1 : 0;
      s->root_noise[i] = 0;
      if (limits->noise > 0)
        {
          uint64_t x = splitmix (limits->seed ^ splitmix (pos->hash + (uint64_t) i));
          s->root_noise[i] = (int) (x % (uint64_t) (2 * limits->noise + 1)) - limits->noise;
        }
    }
  order_root (s, s->root_order[0]);
  bool noisy = limits->noise > 0;

  /* a move to return even if the first iteration is cut short */
  r.has_move = true;
  r.move = list->moves[s->root_order[0]];
  r.pv[0] = r.move;
  r.pv_length = 1;

  for (int depth = 1 + (helper & 1); depth <= max_depth; depth++)
    {
      int best_move = -1, best_score = 0;
      bool any = search_root (s, pos, depth, noisy, &best_move, &best_score);
      if (any && best_move >= 0)
        {
          r.move = list->moves[best_move];
          r.score = best_score;
          r.pv_length = s->pv_len[0] < KZ_SEARCH_MAX_PV ? s->pv_len[0] : KZ_SEARCH_MAX_PV;
          if (r.pv_length < 1)
            r.pv_length = 1;
          memcpy (r.pv, s->pv[0], (size_t) r.pv_length * sizeof (KzMove));
          r.pv[0] = r.move;
          order_root (s, best_move);
        }
      if (s->stopped)
        break;
      r.depth = depth;

      /* a forced reply: no need for the whole time, only for a score */
      if (n == 1 && s->deadline_ms && now_ms () - s->start_ms >= limits->max_time_ms / 20)
        break;
      if (kz_score_is_win (best_score) && kz_score_plies_to_end (best_score) <= depth)
        break;
      /* a new iteration costs several times the last: do not start one
       * that cannot finish */
      if (s->deadline_ms && now_ms () - s->start_ms > limits->max_time_ms * 2 / 5)
        break;
    }

  r.nodes = s->nodes;
  r.stopped = s->stopped;
  r.elapsed_ms = now_ms () - s->start_ms;
  return r;
}

/* ---------------------------------------------------------------- */
/* Lazy SMP: helpers search the same root and share the hash table. */

typedef struct {
  KzSearcher *helper;
  const KzPosition *pos;
  const uint64_t *history;
  int n_history;
  KzSearchLimits limits;
  int id;
  uint64_t nodes;
} HelperJob;

static void *
helper_main (void *data)
{
  HelperJob *job = data;
  KzSearchResult r = run_search (job->helper, job->pos, job->history, job->n_history,
                                 &job->limits, job->helper->stop_flag, job->id);
  job->nodes = r.nodes;
  return NULL;
}

KzSearchResult
kz_search (KzSearcher *s, const KzPosition *pos, const uint64_t *history,
           int n_history, const KzSearchLimits *limits, const atomic_int *stop)
{
  KzSearchResult mistake;
  if (kz_levels_human_mistake (&s->mistake_list, pos, limits, &mistake))
    return mistake;
  KzSearchLimits shot;
  if (limits->miss_shot > 0)
    {
      uint64_t x = splitmix (limits->seed ^ splitmix (pos->hash ^ UINT64_C (0x73686f74)));
      if ((int) (x % 1000) < limits->miss_shot)
        {
          shot = *limits;
          shot.max_depth = 1;
          limits = &shot;
        }
    }
  int threads = limits->threads;
  if (threads > KZ_SEARCH_MAX_THREADS)
    threads = KZ_SEARCH_MAX_THREADS;
  if (threads <= 1)
    return run_search (s, pos, history, n_history, limits, stop, 0);

  /* helpers: made once, sharing this searcher's table */
  for (int i = 0; i < threads - 1; i++)
    if (s->helpers[i] == NULL)
      {
        KzSearcher *h = calloc (1, sizeof *h);
        if (h == NULL)
          {
            threads = i + 1;
            break;
          }
        h->tt = s->tt;
        h->tt_mask = s->tt_mask;
        h->owns_tt = false;
        s->helpers[i] = h;
      }

  HelperJob jobs[KZ_SEARCH_MAX_THREADS - 1];
  pthread_t ids[KZ_SEARCH_MAX_THREADS - 1];
  bool started[KZ_SEARCH_MAX_THREADS - 1] = { false };
  atomic_store (&s->helpers_stop, 0);
  s->age++;
  for (int i = 0; i < threads - 1; i++)
    {
      KzSearcher *h = s->helpers[i];
      h->age = s->age;
      h->stop_flag = &s->helpers_stop;
      jobs[i] = (HelperJob) { h, pos, history, n_history, *limits, i + 1, 0 };
      /* the helpers run until the main thread is done */
      jobs[i].limits.max_nodes = 0;
      jobs[i].limits.max_time_ms = 0;
      jobs[i].limits.noise = 0;
      jobs[i].limits.threads = 1;
      started[i] = pthread_create (&ids[i], NULL, helper_main, &jobs[i]) == 0;
    }

  /* run_search ages the table once per search: undo our own increment */
  s->age--;
  KzSearchResult r = run_search (s, pos, history, n_history, limits, stop, 0);

  atomic_store (&s->helpers_stop, 1);
  for (int i = 0; i < threads - 1; i++)
    if (started[i])
      {
        pthread_join (ids[i], NULL);
        r.nodes += jobs[i].nodes;
      }
  return r;
}
