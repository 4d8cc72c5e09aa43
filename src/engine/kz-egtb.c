/* kz-egtb.c — endgame tables by retrograde analysis.
 *
 * Layout.  Positions are stored with the Cossacks to move: a position
 * with the Turks to move is turned upside down (rank r -> 10 - r) with
 * the colours and flags swapped (the rules are symmetric).  One table
 * per (nc, nt) = pieces of the side to move and of the other side,
 * 1 <= nc, nt and nc + nt <= 4.  Inside a table the index is
 *
 *   ((rank(C) * C(41, nt) + rank(T)) * (n + 1) + code(C flag)) * (n + 1) + code(T flag)
 *
 * with rank() the colex rank of a set of points (numbered 0..40), n =
 * nc + nt and code() 0 for a standing flag, 1..nc for the carrier among
 * the side to move's pieces (lowest point first), nc+1..n among the
 * other side's.  Entries whose sets overlap or that cannot occur are
 * wasted (about 10 %).
 *
 * A byte per entry: 0 draw (or an impossible entry), d (1..127) a win in
 * d plies, 128 + d a loss in d plies.
 *
 * Solving.  Inside one "phase" — fixed piece counts and a fixed set of
 * standing flags — the only moves are steps: a jump captures a piece
 * (fewer pieces) or picks up a standing flag (fewer standing flags).  So
 * phases are solved from the smallest: the jumps of a phase lead to
 * phases already solved ("exits"), its steps stay in the phase or in its
 * mirror image (the same phase with the other side to move).  A phase is
 * solved level by level: at level d, a position is won in d when a step
 * leads to a position lost in d - 1 (found by undoing steps from those
 * positions) or its best exit is a win in d; it is lost in d when every
 * step leads to a position won in fewer plies (a counter per position,
 * decremented by undoing steps from won positions) and every exit to a
 * win of the opponent, the longest of all in d - 1.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-egtb.h"
#include "kz-movegen.h"

#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define NPTS 41
#define MAXD 126

#define V_WIN(d)  ((uint8_t) (d))
#define V_LOSS(d) ((uint8_t) (128 + (d)))
#define V_IS_WIN(v)  ((v) > 0 && (v) < 128)
#define V_IS_LOSS(v) ((v) >= 128)

/* work bytes per entry during generation */
#define W_STEPS_OK 0x80   /* steps are legal (no compulsory capture) */
#define W_DRAW_EXIT 0x40  /* a jump leads to a draw */
#define W_COUNT   0x3f    /* steps whose result is not yet known as won for the opponent */

typedef struct {
  uint64_t offset;   /* into the data block */
  uint64_t size;
  uint32_t n_t;      /* C(41, nt) */
  int      nf;       /* n + 1 */
} Table;

static int8_t   compact_of[KZ_GRID_SIZE];
static int8_t   grid_of[NPTS];
static int8_t   flip_sq[KZ_GRID_SIZE];
static uint32_t binom[NPTS + 1][5];
static KzBits  *combos[4];
static uint32_t n_combos[4];
static Table    tables[5][5];
static uint64_t total_size;

static pthread_once_t geometry_once = PTHREAD_ONCE_INIT;
static pthread_mutex_t init_lock = PTHREAD_MUTEX_INITIALIZER;
static _Atomic (uint8_t *) published;   /* the tables, once complete */

/* ---------------------------------------------------------------- */
/* Geometry and indexing */

static void
init_geometry (void)
{
  int k = 0;
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    {
      compact_of[sq] = -1;
      flip_sq[sq] = -1;
      if (kz_point_valid (sq))
        {
          compact_of[sq] = (int8_t) k;
          grid_of[k++] = (int8_t) sq;
          flip_sq[sq] = (int8_t) KZ_SQ (kz_point_file (sq), 8 - kz_point_rank (sq));
        }
    }
  for (int n = 0; n <= NPTS; n++)
    for (int r = 0; r < 5; r++)
      binom[n][r] = r == 0 ? 1 : n == 0 ? 0 : binom[n - 1][r - 1] + binom[n - 1][r];

  /* every k-subset of the 41 points, stored at its colex rank */
  for (int kk = 1; kk <= 3; kk++)
    {
      n_combos[kk] = binom[NPTS][kk];
      combos[kk] = calloc (n_combos[kk], sizeof (KzBits));
      if (combos[kk] == NULL)
        abort ();
      int p[3] = { 0, 1, 2 };
      for (;;)
        {
          uint32_t r = 0;
          KzBits b = 0;
          for (int i = 0; i < kk; i++)
            {
              r += binom[p[i]][i + 1];
              b |= KZ_BIT (grid_of[p[i]]);
            }
          combos[kk][r] = b;
          /* next combination p[0] < p[1] < ... < p[kk-1] < NPTS */
          int i = 0;
          while (i < kk && p[i] + 1 == (i + 1 < kk ? p[i + 1] : NPTS))
            i++;
          if (i == kk)
            break;
          p[i]++;
          for (int j = 0; j < i; j++)
            p[j] = j;
        }
    }

  total_size = 0;
  for (int nc = 1; nc <= 3; nc++)
    for (int nt = 1; nc + nt <= KZ_EGTB_MAX_PIECES; nt++)
      {
        Table *t = &tables[nc][nt];
        t->n_t = binom[NPTS][nt];
        t->nf = nc + nt + 1;
        t->size = (uint64_t) binom[NPTS][nc] * t->n_t * (uint64_t) (t->nf * t->nf);
        t->offset = total_size;
        total_size += t->size;
      }
}

static inline void
ensure_geometry (void)
{
  pthread_once (&geometry_once, init_geometry);
}

static inline uint32_t
set_rank (KzBits b)
{
  uint32_t r = 0;
  for (int i = 1; b; b &= b - 1, i++)
    r += binom[compact_of[kz_bit_scan (b)]][i];
  return r;
}

static inline KzBits
flip_bits (KzBits b)
{
  KzBits r = 0;
  for (; b; b &= b - 1)
    r |= KZ_BIT (flip_sq[kz_bit_scan (b)]);
  return r;
}

static inline int
flag_code (int where, KzBits c, KzBits t, int nc)
{
  if (where == KZ_FLAG_HOME)
    return 0;
  KzBits below = KZ_BIT (where) - 1;
  if (c >> where & 1)
    return 1 + kz_popcount (c & below);
  return 1 + nc + kz_popcount (t & below);
}

static inline int
nth_bit (KzBits b, int n)
{
  while (n-- > 0)
    b &= b - 1;
  return kz_bit_scan (b);
}

/* A position in the tables' frame: the Cossacks ("C") to move. */
typedef struct {
  KzBits c, t;
  int    fc, ft;    /* flag of C, flag of T: KZ_FLAG_HOME or a point */
} Norm;

static inline Norm
normalise (const KzPosition *pos)
{
  Norm n;
  if (pos->side == KZ_COSSACKS)
    {
      n.c = pos->pieces[0];
      n.t = pos->pieces[1];
      n.fc = pos->flag[0];
      n.ft = pos->flag[1];
    }
  else
    {
      n.c = flip_bits (pos->pieces[1]);
      n.t = flip_bits (pos->pieces[0]);
      n.fc = pos->flag[1] == KZ_FLAG_HOME ? KZ_FLAG_HOME : flip_sq[pos->flag[1]];
      n.ft = pos->flag[0] == KZ_FLAG_HOME ? KZ_FLAG_HOME : flip_sq[pos->flag[0]];
    }
  return n;
}

static inline uint64_t
norm_index (const Norm *n, int nc, int nt)
{
  const Table *t = &tables[nc][nt];
  uint64_t i = (uint64_t) set_rank (n->c) * t->n_t + set_rank (n->t);
  i = i * (uint64_t) t->nf + (uint64_t) flag_code (n->fc, n->c, n->t, nc);
  i = i * (uint64_t) t->nf + (uint64_t) flag_code (n->ft, n->c, n->t, nc);
  return t->offset + i;
}

/* Can this position (C to move) occur in a game that is not over?  A
 * standing flag's centre is empty, and no carrier of the enemy flag
 * stands on its own centre (for the side that just moved that is a
 * finished game; for the side to move it cannot happen). */
static inline bool
norm_valid (const Norm *n)
{
  KzBits occ = n->c | n->t;
  if (n->c & n->t)
    return false;
  if (n->fc == KZ_FLAG_HOME ? (occ >> KZ_CENTRE_COSSACKS & 1)
                            : !(occ >> n->fc & 1))
    return false;
  if (n->ft == KZ_FLAG_HOME ? (occ >> KZ_CENTRE_TURKS & 1)
                            : !(occ >> n->ft & 1))
    return false;
  if (n->ft == KZ_CENTRE_COSSACKS && (n->c >> KZ_CENTRE_COSSACKS & 1))
    return false;
  if (n->fc == KZ_CENTRE_TURKS && (n->t >> KZ_CENTRE_TURKS & 1))
    return false;
  return true;
}

static inline Norm
decode (uint64_t local, int nc, int nt)
{
  const Table *t = &tables[nc][nt];
  Norm n;
  uint64_t nf = (uint64_t) t->nf;
  int ft = (int) (local % nf);
  local /= nf;
  int fc = (int) (local % nf);
  local /= nf;
  n.t = combos[nt][local % t->n_t];
  n.c = combos[nc][local / t->n_t];
  n.fc = fc == 0 ? KZ_FLAG_HOME : fc <= nc ? nth_bit (n.c, fc - 1) : nth_bit (n.t, fc - 1 - nc);
  n.ft = ft == 0 ? KZ_FLAG_HOME : ft <= nc ? nth_bit (n.c, ft - 1) : nth_bit (n.t, ft - 1 - nc);
  return n;
}

static inline void
norm_to_position (const Norm *n, KzPosition *pos)
{
  memset (pos, 0, sizeof *pos);
  pos->pieces[0] = n->c;
  pos->pieces[1] = n->t;
  pos->flag[0] = (int8_t) n->fc;
  pos->flag[1] = (int8_t) n->ft;
  pos->side = KZ_COSSACKS;
  pos->hash = kz_position_compute_hash (pos);
}

/* The entry of a position with the Turks to move, seen from the side
 * that just moved (C): turned over. */
static inline uint64_t
child_index (const KzPosition *child, int *nc, int *nt)
{
  Norm n = normalise (child);
  *nc = kz_popcount (n.c);
  *nt = kz_popcount (n.t);
  return norm_index (&n, *nc, *nt);
}

/* ---------------------------------------------------------------- */
/* Probing */

KzEgtbResult
kz_egtb_probe (const KzPosition *pos, int *plies)
{
  uint8_t *data = atomic_load_explicit (&published, memory_order_acquire);
  if (data == NULL)
    return KZ_EGTB_NONE;
  int nc = kz_popcount (pos->pieces[pos->side]);
  int nt = kz_popcount (pos->pieces[1 - pos->side]);
  if (nc == 0 || nt == 0 || nc + nt > KZ_EGTB_MAX_PIECES)
    return KZ_EGTB_NONE;
  if (kz_position_flag_delivered (pos))
    return KZ_EGTB_NONE;
  Norm n = normalise (pos);
  if (!norm_valid (&n))
    return KZ_EGTB_NONE;
  uint8_t v = data[norm_index (&n, nc, nt)];
  if (V_IS_WIN (v))
    {
      if (plies)
        *plies = v;
      return KZ_EGTB_WIN;
    }
  if (V_IS_LOSS (v))
    {
      if (plies)
        *plies = v - 128;
      return KZ_EGTB_LOSS;
    }
  if (plies)
    *plies = 0;
  return KZ_EGTB_DRAW;
}

bool
kz_egtb_available (void)
{
  return atomic_load_explicit (&published, memory_order_acquire) != NULL;
}

/* ---------------------------------------------------------------- */
/* Generation */

typedef struct {
  uint8_t   *val;        /* the whole tables */
  uint8_t   *work;       /* per entry of the two tables being solved */
  uint8_t   *need;       /* the level a loss needs because of exits */
  uint64_t   work_base[2];
  KzMoveList list;
} Gen;

/* One of the two halves of a phase: table (nc, nt) with the given
 * standing flags. */
typedef struct {
  int nc, nt;
  bool stand_c, stand_t;
  int slot;              /* 0 or 1: which work area */
} Half;

#define FOR_HALF(g, h, local, n)                                                 \
  for (uint64_t ci_ = 0; ci_ < n_combos[(h)->nc]; ci_++)                         \
    for (uint64_t ti_ = 0; ti_ < tables[(h)->nc][(h)->nt].n_t; ti_++)            \
      for (int fc_ = (h)->stand_c ? 0 : 1; fc_ <= ((h)->stand_c ? 0 : (h)->nc + (h)->nt); fc_++) \
        for (int ft_ = (h)->stand_t ? 0 : 1; ft_ <= ((h)->stand_t ? 0 : (h)->nc + (h)->nt); ft_++) \
          for (uint64_t local = ((ci_ * tables[(h)->nc][(h)->nt].n_t + ti_)            \
                                 * (uint64_t) tables[(h)->nc][(h)->nt].nf + (uint64_t) fc_) \
                                * (uint64_t) tables[(h)->nc][(h)->nt].nf + (uint64_t) ft_, \
                        once_ = 1; once_; once_ = 0)

/* First pass over a half: legality, exits, step counts. */
static int
init_half (Gen *g, const Half *h)
{
  const Table *tab = &tables[h->nc][h->nt];
  int longest_exit = 0;
  FOR_HALF (g, h, local, n)
    {
      uint64_t idx = tab->offset + local;
      uint64_t w = g->work_base[h->slot] + local;
      g->val[idx] = 0;
      g->work[w] = 0;
      g->need[w] = 0;
      Norm nm = decode (local, h->nc, h->nt);
      if (!norm_valid (&nm))
        continue;
      KzPosition pos;
      norm_to_position (&nm, &pos);
      int count = kz_generate_moves (&pos, &g->list);
      if (count == 0)
        {
          g->val[idx] = V_LOSS (0);
          continue;
        }
      int steps = 0, best_win = 0, need = 0;
      bool draw = false;
      for (int i = 0; i < count; i++)
        {
          const KzMove *m = &g->list.moves[i];
          KzPosition child = pos;
          kz_position_make_move (&child, m);
          if (kz_position_flag_delivered (&child) || child.pieces[1] == 0)
            {
              best_win = 1;
              continue;
            }
          if (m->n_jumps == 0)
            {
              steps++;
              continue;
            }
          int cnc, cnt;
          uint8_t v = g->val[child_index (&child, &cnc, &cnt)];
          if (V_IS_LOSS (v))
            {
              int d = v - 128 + 1;
              if (best_win == 0 || d < best_win)
                best_win = d;
            }
          else if (V_IS_WIN (v))
            {
              if (v + 1 > need)
                need = v + 1;
            }
          else
            draw = true;
        }
      if (best_win)
        {
          g->val[idx] = V_WIN (best_win);
          if (best_win > longest_exit)
            longest_exit = best_win;
        }
      if (need > longest_exit)
        longest_exit = need;
      /* a position reached by undoing a step has steps exactly when no
       * capture is compulsory there */
      g->work[w] = (uint8_t) (steps | (draw ? W_DRAW_EXIT : 0) | (steps ? W_STEPS_OK : 0));
      g->need[w] = (uint8_t) need;
    }
  return longest_exit;
}

/* Undoes the steps of C that lead to `child` (an entry of half `from`,
 * C to move there, i.e. the side that stepped is T of that frame) and
 * calls back on each predecessor of half `to`.  Returns the number of
 * entries changed. */
static int
for_predecessors (Gen *g, const Half *from, uint64_t local, const Half *to, int d, bool win)
{
  Norm q = decode (local, from->nc, from->nt);
  /* in the predecessor's frame: the mover is C, on a point of flip(q.t) */
  KzBits c = flip_bits (q.t), t = flip_bits (q.c);
  int fc = q.ft == KZ_FLAG_HOME ? KZ_FLAG_HOME : flip_sq[q.ft];
  int ft = q.fc == KZ_FLAG_HOME ? KZ_FLAG_HOME : flip_sq[q.fc];
  KzBits blocked = c | t;
  if (fc == KZ_FLAG_HOME)
    blocked |= KZ_BIT (KZ_CENTRE_COSSACKS);
  if (ft == KZ_FLAG_HOME)
    blocked |= KZ_BIT (KZ_CENTRE_TURKS);
  KzBits free = KZ_VALID_MASK & ~blocked;
  int changed = 0;
  const Table *tab = &tables[to->nc][to->nt];

  for (KzBits b = c; b; b &= b - 1)
    {
      int y = kz_bit_scan (b);
      for (int dir = 0; dir < KZ_N_DIRS; dir++)
        {
          if (!(KZ_DIR_MASK[dir] >> y & 1))
            continue;
          int x = y + KZ_DIR_SHIFT[dir];
          if (!(free >> x & 1))
            continue;
          Norm p = { (c & ~KZ_BIT (y)) | KZ_BIT (x), t,
                     fc == y ? x : fc, ft == y ? x : ft };
          if (!norm_valid (&p))
            continue;
          uint64_t idx = norm_index (&p, to->nc, to->nt);
          uint64_t w = g->work_base[to->slot] + (idx - tab->offset);
          uint8_t wk = g->work[w];
          if (!(wk & W_STEPS_OK))
            continue;
          uint8_t v = g->val[idx];
          if (win)
            {
              /* child lost in d - 1: the predecessor wins in d */
              if (v == 0 || (V_IS_WIN (v) && v > d))
                {
                  g->val[idx] = V_WIN (d);
                  changed++;
                }
            }
          else
            {
              /* child won: one step fewer to refute */
              if ((wk & W_COUNT) == 0)
                abort ();   /* a bug: counts and undone steps disagree */
              g->work[w] = (uint8_t) (wk - 1);
            }
        }
    }
  return changed;
}

static bool
solve_phase (Gen *g, const Half *a, const Half *b)
{
  bool single = a->nc == b->nc && a->nt == b->nt && a->stand_c == b->stand_c
                && a->stand_t == b->stand_t;
  int longest = init_half (g, a);
  if (!single)
    {
      int l2 = init_half (g, b);
      if (l2 > longest)
        longest = l2;
    }
  const Half *halves[2] = { a, b };
  int quiet = 0;
  for (int d = 1; d <= MAXD + 1; d++)
    {
      int changed = 0;
      for (int s = 0; s < (single ? 1 : 2); s++)
        {
          const Half *x = halves[s], *y = halves[single ? 0 : 1 - s];
          const Table *ty = &tables[y->nc][y->nt];
          const Table *tx = &tables[x->nc][x->nt];
          uint8_t want = (d & 1) ? V_LOSS (d - 1) : V_WIN (d - 1);
          FOR_HALF (g, y, local, n)
            if (g->val[ty->offset + local] == want)
              changed += for_predecessors (g, y, local, x, d, d & 1);
          if (!(d & 1))
            {
              FOR_HALF (g, x, local, n)
                {
                  uint64_t idx = tx->offset + local;
                  uint64_t w = g->work_base[x->slot] + local;
                  if (g->val[idx] == 0 && (g->work[w] & W_COUNT) == 0
                      && !(g->work[w] & W_DRAW_EXIT) && g->need[w] <= d)
                    {
                      /* every move loses: legal entries only (an
                       * impossible one has work 0 and need 0 too) */
                      Norm nm = decode (local, x->nc, x->nt);
                      if (!norm_valid (&nm))
                        continue;
                      g->val[idx] = V_LOSS (d);
                      changed++;
                    }
                }
            }
        }
      if (d > MAXD && changed)
        return false;   /* distances beyond the format */
      quiet = changed ? 0 : quiet + 1;
      if (quiet >= 2 && d > longest + 1)
        break;
    }
  return true;
}

static double
now_s (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

static uint8_t *
generate (void)
{
  Gen *g = calloc (1, sizeof *g);
  if (g == NULL)
    return NULL;
  uint64_t max_pair = 0;
  for (int nc = 1; nc <= 3; nc++)
    for (int nt = 1; nc + nt <= KZ_EGTB_MAX_PIECES; nt++)
      {
        uint64_t s = tables[nc][nt].size + tables[nt][nc].size;
        if (s > max_pair)
          max_pair = s;
      }
  g->val = calloc (total_size, 1);
  g->work = malloc (max_pair);
  g->need = malloc (max_pair);
  if (g->val == NULL || g->work == NULL || g->need == NULL)
    {
      free (g->val);
      free (g->work);
      free (g->need);
      free (g);
      return NULL;
    }

  /* by pieces on the board, then pairs (nc, nt) / (nt, nc), then by
   * standing flags: none, one, both */
  bool ok = true;
  for (int n = 2; n <= KZ_EGTB_MAX_PIECES && ok; n++)
    for (int nc = 1; nc <= n - 1 && ok; nc++)
      {
        int nt = n - nc;
        if (nc > nt)
          continue;
        g->work_base[0] = 0;
        g->work_base[1] = tables[nc][nt].size;
        static const bool st[4][2] = { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 } };
        for (int k = 0; k < 4 && ok; k++)
          {
            Half a = { nc, nt, st[k][0], st[k][1], 0 };
            Half b = { nt, nc, st[k][1], st[k][0], nc == nt ? 0 : 1 };
            if (nc == nt && k == 2)
              continue;   /* the same phase as k == 1, seen from the other side */
            ok = solve_phase (g, &a, &b);
          }
      }
  free (g->work);
  free (g->need);
  uint8_t *val = g->val;
  free (g);
  if (!ok)
    {
      free (val);
      return NULL;
    }
  return val;
}

/* ---------------------------------------------------------------- */
/* Cache file */

typedef struct {
  char     magic[8];
  uint32_t version;
  uint32_t max_pieces;
  uint64_t size;
  uint64_t checksum;
} Header;

static uint64_t
checksum (const uint8_t *data, uint64_t size)
{
  uint64_t h = UINT64_C (0xcbf29ce484222325);
  uint64_t i = 0;
  for (; i + 8 <= size; i += 8)
    {
      uint64_t w;
      memcpy (&w, data + i, 8);
      h = (h ^ w) * UINT64_C (0x100000001b3);
    }
  for (; i < size; i++)
    h = (h ^ data[i]) * UINT64_C (0x100000001b3);
  return h;
}

static uint8_t *
load (const char *path)
{
  FILE *f = fopen (path, "rb");
  if (f == NULL)
    return NULL;
  Header hd;
  uint8_t *data = NULL;
  if (fread (&hd, sizeof hd, 1, f) == 1 && memcmp (hd.magic, "KZEGTB\r\n", 8) == 0
      && hd.version == KZ_EGTB_FORMAT_VERSION && hd.max_pieces == KZ_EGTB_MAX_PIECES
      && hd.size == total_size)
    {
      data = malloc (total_size);
      if (data && (fread (data, 1, total_size, f) != total_size
                   || checksum (data, total_size) != hd.checksum))
        {
          free (data);
          data = NULL;
        }
    }
  fclose (f);
  return data;
}

/* Writes the tables to a new file beside path (mkstemp: an unpredictable
 * name, created with O_EXCL, so never a file or a symbolic link that is
 * already there), synced, then renamed over path; on any failure the
 * temporary file is removed and path is left as it was. */
static bool
save (const uint8_t *data, const char *path)
{
  size_t len = strlen (path);
  char *tmp = malloc (len + 16);
  if (tmp == NULL)
    return false;
  snprintf (tmp, len + 16, "%s.tmp-XXXXXX", path);
  int fd = mkstemp (tmp);
  if (fd < 0)
    {
      free (tmp);
      return false;
    }
  /* mkstemp creates the file for its owner only; the tables are no secret. */
  fchmod (fd, 0644);
  FILE *f = fdopen (fd, "wb");
  bool ok = f != NULL;
  if (ok)
    {
      Header hd;
      memset (&hd, 0, sizeof hd);
      memcpy (hd.magic, "KZEGTB\r\n", 8);
      hd.version = KZ_EGTB_FORMAT_VERSION;
      hd.max_pieces = KZ_EGTB_MAX_PIECES;
      hd.size = total_size;
      hd.checksum = checksum (data, total_size);
      ok = fwrite (&hd, sizeof hd, 1, f) == 1 && fwrite (data, 1, total_size, f) == total_size;
      ok = ok && fflush (f) == 0 && fsync (fd) == 0;
      ok = (fclose (f) == 0) && ok;
    }
  else
    close (fd);
  ok = ok && rename (tmp, path) == 0;
  if (!ok)
    {
      int e = errno;   /* why it failed, for the caller */
      remove (tmp);
      errno = e;
    }
  free (tmp);
  return ok;
}

bool
kz_egtb_save (const char *path)
{
  uint8_t *data = atomic_load_explicit (&published, memory_order_acquire);
  return data != NULL && save (data, path);
}

/* ---------------------------------------------------------------- */

static void
fill_info (const uint8_t *data, KzEgtbInfo *info)
{
  info->bytes = total_size;
  info->positions = total_size;
  info->wins = info->losses = info->draws = 0;
  info->longest = 0;
  for (int nc = 1; nc <= 3; nc++)
    for (int nt = 1; nc + nt <= KZ_EGTB_MAX_PIECES; nt++)
      {
        const Table *t = &tables[nc][nt];
        for (uint64_t i = 0; i < t->size; i++)
          {
            uint8_t v = data[t->offset + i];
            if (V_IS_WIN (v))
              {
                info->wins++;
                if (v > info->longest)
                  info->longest = v;
              }
            else if (V_IS_LOSS (v))
              info->losses++;
            else
              {
                Norm n = decode (i, nc, nt);
                info->draws += norm_valid (&n);
              }
          }
      }
}

bool
kz_egtb_init (const char *cache_path, KzEgtbInfo *info)
{
  ensure_geometry ();
  pthread_mutex_lock (&init_lock);
  double t0 = now_s ();
  uint8_t *data = atomic_load_explicit (&published, memory_order_acquire);
  bool from_cache = true;
  if (data == NULL && cache_path)
    data = load (cache_path);
  if (data == NULL)
    {
      from_cache = false;
      data = generate ();
      if (data && cache_path)
        save (data, cache_path);
    }
  if (data)
    {
      atomic_store_explicit (&published, data, memory_order_release);
    }
  pthread_mutex_unlock (&init_lock);
  if (info)
    {
      memset (info, 0, sizeof *info);
      info->loaded_from_cache = from_cache;
      info->seconds = now_s () - t0;
      if (data)
        fill_info (data, info);
    }
  return data != NULL;
}

void
kz_egtb_release (void)
{
  pthread_mutex_lock (&init_lock);
  uint8_t *data = atomic_exchange (&published, NULL);
  pthread_mutex_unlock (&init_lock);
  free (data);
}
