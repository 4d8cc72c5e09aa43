/* kz-search.h — the computer player: an iterative-deepening alpha-beta
 * search (negamax, principal variation search) over the rules engine.
 *
 * Usage
 *
 *   KzSearcher *s = kz_searcher_new (16);          // 16 MiB hash table
 *   KzSearchLimits lim;
 *   kz_search_level_params (3, &lim);              // or fill it by hand
 *   lim.seed = 42;
 *   KzSearchResult r = kz_search (s, &pos, hist, n_hist, &lim, &stop);
 *   if (r.has_move) kz_position_make_move (&pos, &r.move);
 *   kz_searcher_free (s);
 *
 * Threads: a searcher is used by one thread at a time (it owns its hash
 * table and scratch memory); different searchers may run at the same
 * time in different threads.  `stop` may be set to non-zero from any
 * other thread: the search then returns within a few thousand nodes
 * (well under a millisecond of work) with the best move found so far.
 * Nothing is allocated during kz_search.
 *
 * Determinism: with no time limit (depth and/or node limits only) and
 * no stop request, the result depends only on the position, the
 * history, the limits (seed included) and the searcher's hash table
 * contents; a searcher that is new or just cleared with
 * kz_searcher_clear always gives the same result.
 *
 * Endgame tables: once kz_egtb_init has loaded them, positions with at
 * most KZ_EGTB_MAX_PIECES pieces that are won or lost get their exact
 * score (by the exact distance) at the root and wherever the search
 * reaches them, unless limits->no_tables is set; drawn ones are searched
 * as usual (the evaluation picks among the draws).  At a root in the
 * tables that is won or lost the move comes straight from them.
 *
 * Scores are from the point of view of the side to move, in points of
 * the evaluation (a piece = KZ_EVAL_PIECE = 100).  A finished game is
 * scored ±(KZ_SCORE_WIN - plies): a win by flag, annihilation or
 * blocking in n plies is KZ_SCORE_WIN - n, a loss in n plies
 * -(KZ_SCORE_WIN - n).  A repeated position is a draw: it scores
 * -KZ_SEARCH_CONTEMPT (or limits->contempt) for the searching side (so
 * the computer does not settle for shuffling back and forth) and as much
 * in its favour for its opponent.
 * The no-progress draw (limits->no_progress_left) scores the same.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#include "kz-movegen.h"
#include "kz-eval.h"
#include "kz-egtb.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KZ_SCORE_DRAW     0
#define KZ_SEARCH_CONTEMPT 25
/* limits.table_draws: how far the evaluation (an eighth of it) may move
 * the score of a drawn table position from the draw's */
#define KZ_SEARCH_TABLE_DRAW_TIE 24
#define KZ_SCORE_WIN      30000
#define KZ_SCORE_INFINITE 32000
/* Scores at least this big in absolute value are forced game ends. */
#define KZ_SCORE_WIN_MIN  (KZ_SCORE_WIN - 1000)

#define KZ_SEARCH_MAX_DEPTH 64   /* iterations of the deepening */
#define KZ_SEARCH_MAX_PLY   128  /* search plies including quiescence */
#define KZ_SEARCH_MAX_PV    32

#define KZ_SEARCH_MAX_THREADS 8

#define KZ_SEARCH_MIN_LEVEL 1
#define KZ_SEARCH_MAX_LEVEL 9
/* The levels of Kazaki before 8 levels (1-5), kept by stored games and
 * settings; kz_search_level_from_old maps them. */
#define KZ_SEARCH_OLD_MAX_LEVEL 5

typedef struct KzSearcher KzSearcher;

typedef struct {
  int      max_depth;    /* plies of the deepest iteration; 0: KZ_SEARCH_MAX_DEPTH */
  uint64_t max_nodes;    /* stop after about this many nodes; 0: no limit.
                          * With threads > 1 only the main thread's nodes
                          * count (the helpers search until it stops), so
                          * the search visits about threads * max_nodes */
  int      max_time_ms;  /* stop after this many milliseconds; 0: no limit */
  int      noise;        /* 0, or the amplitude (points) of a seeded random
                          * bonus given to each root move: weaker play */
  uint64_t seed;         /* seeds the noise */
  bool     no_tables;    /* true: do not use the endgame tables (kz-egtb.h)
                          * even when they are loaded (the weaker levels) */
  int      threads;      /* 0 or 1: this thread only (reproducible); up to
                          * KZ_SEARCH_MAX_THREADS: helpers share the hash
                          * table (lazy SMP, not reproducible) */
  int      contempt;     /* the score of a repetition for the searching
                          * side is -contempt; 0: KZ_SEARCH_CONTEMPT */
  bool     no_carrier_ext; /* true: no extension of carrier moves and no
                          * carrier steps in quiescence (the puzzles'
                          * difficulty, a yardstick that must not move) */
  int      no_progress_left;  /* 0: the game has no no-progress draw;
                          * else the plies it has left before that draw
                          * (KZ_NO_PROGRESS_PLIES minus the plies since
                          * the last capture or flag taken): a node that
                          * many plies on without a jump is a draw, scored
                          * as a repetition */
  bool     table_draws;  /* a drawn position of the endgame tables scores
                          * as a repetition (the contempt), plus at most
                          * KZ_SEARCH_TABLE_DRAW_TIE of the evaluation as
                          * a tie-break, instead of being searched on: the
                          * side that is better does not trade down into a
                          * drawn ending, the worse one seeks it (levels 8
                          * and 9) */
  bool     endgame;      /* correct the evaluation of 5 to 8 pieces by
                          * kz-endgame.h's knowledge of the endings */
  /* Human mistakes of the weak levels: chances per thousand, drawn for
   * each move from the seed and the position (so reproducible), never
   * when a move wins the game at once. */
  int      miss_chain;   /* when captures are compulsory: play a capture
                          * that takes fewer pieces than the best chain
                          * (a chain's continuation missed) */
  int      hang_piece;   /* a quiet move: play one after which the
                          * opponent can capture (a piece left en prise) */
  int      miss_shot;    /* search this move one ply deep only (plus the
                          * capture search): a two-move shot overlooked */
} KzSearchLimits;

typedef struct {
  bool     has_move;     /* false only when the side to move has no legal move */
  KzMove   move;         /* the move to play */
  int      score;        /* see above */
  int      depth;        /* deepest completed iteration (0 if none) */
  uint64_t nodes;        /* positions visited, quiescence included */
  int64_t  elapsed_ms;
  bool     stopped;      /* ended by `stop`, the time or the node limit */
  int      pv_length;
  KzMove   pv[KZ_SEARCH_MAX_PV];  /* expected line, pv[0] == move */
} KzSearchResult;

/* A searcher with a hash table of about tt_mb MiB (rounded down to a
 * power of two; 0 means 16).  Returns NULL when out of memory. */
KzSearcher    *kz_searcher_new (size_t tt_mb);
void           kz_searcher_free (KzSearcher *searcher);
/* Forgets everything learnt (hash table, killers, history). */
void           kz_searcher_clear (KzSearcher *searcher);

/* Searches pos within the limits.  history: Zobrist hashes
 * (KzPosition.hash) of the game's earlier positions, oldest first, not
 * including pos itself; may be NULL when n_history is 0.  A position
 * that repeats one of them or one earlier in the search line is scored
 * as a draw.  stop may be NULL.  Thread-safe as described above. */
KzSearchResult kz_search (KzSearcher *searcher, const KzPosition *pos,
                          const uint64_t *history, int n_history,
                          const KzSearchLimits *limits, const atomic_int *stop);

/* The limits of level 1 (weakest) to KZ_SEARCH_MAX_LEVEL (strongest).
 * Every level is set by depth or a node budget of one thread, so it
 * plays the same moves for the same seed on a loaded machine as on an
 * idle one; the time caps are safety nets far above the usual times.
 * Levels 1-3 look one ply deep (plus the capture search) and make human
 * mistakes (missed chains, pieces left en prise) with falling chances;
 * 4 searches 2 plies, 5 and 6 small node budgets, each sometimes
 * overlooking a shot or leaving a piece; 7 to 9 larger budgets with the
 * endgame tables, 8 and 9 scoring the tables' drawn endings as draws
 * (table_draws), 9 with kz-endgame.h's knowledge of the endings of 5 to 8
 * pieces (doc/ENGINE.md has the measured strength).  Leaves
 * limits->seed at 0; set it afterwards.  Returns false (and leaves
 * limits untouched) for a level out of range. */
bool           kz_search_level_params (int level, KzSearchLimits *limits);
/* The level's name in English ("Recruit" ... "Hetman"); NULL out of
 * range.  The app translates its own copy of the names. */
const char    *kz_search_level_name (int level);
/* A level of the five of earlier versions (1-5) as one of today's:
 * 1 -> 1 (the easiest stays the easiest), 2 -> 4, 3 -> 6, 4 -> 9,
 * 5 -> 9; out of range -> clamped first. */
int            kz_search_level_from_old (int old_level);
/* The exact limits of the earlier levels 1-5 (the puzzle generator
 * replays its self-play with them); false out of range. */
bool           kz_search_old_level_params (int old_level, KzSearchLimits *limits);

static inline bool
kz_score_is_win (int score)
{
  return score >= KZ_SCORE_WIN_MIN || score <= -KZ_SCORE_WIN_MIN;
}

/* For a win/loss score: plies until the game ends (≥ 1); else 0. */
static inline int
kz_score_plies_to_end (int score)
{
  if (score >= KZ_SCORE_WIN_MIN)
    return KZ_SCORE_WIN - score;
  if (score <= -KZ_SCORE_WIN_MIN)
    return KZ_SCORE_WIN + score;
  return 0;
}

#ifdef __cplusplus
}
#endif
