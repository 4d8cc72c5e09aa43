/* kz-puzzle.h — the proven puzzles (data/puzzles/puzzles.tsv, made by
 * tools/kazaki-puzzle-gen and compiled in; doc/PUZZLES.md), attempts at
 * them and the player's Glicko-2 puzzle rating in the game database.
 *
 * KzPuzzle: one puzzle — an id, the position (KPN), the solution (the
 * whole line, the solver's moves and the replies), themes, a difficulty
 * rating and where it came from.  Immutable.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "kz-engine.h"
#include "kz-glicko.h"
#include "kz-store.h"

G_BEGIN_DECLS

#define KZ_TYPE_PUZZLE (kz_puzzle_get_type ())
G_DECLARE_FINAL_TYPE (KzPuzzle, kz_puzzle, KZ, PUZZLE, GObject)

#define KZ_PUZZLE_ERROR (kz_puzzle_error_quark ())
GQuark kz_puzzle_error_quark (void);

typedef enum {
  KZ_PUZZLE_ERROR_PARSE,      /* a line of the puzzle file is wrong */
  KZ_PUZZLE_ERROR_UNKNOWN,    /* no puzzle with that id */
  KZ_PUZZLE_ERROR_TOO_MANY,   /* moves given after the puzzle was over */
} KzPuzzleError;

/* The deviation given to every puzzle's rating when the player is rated
 * against it (its difficulty is computed, not learnt). */
#define KZ_PUZZLE_DEVIATION 80.0

/* The rating a new puzzle is drawn near for a player rated `rating`
 * with deviation `deviation`: below the rating by the deviation, so a
 * newcomer (1500 ± 350) starts on easy puzzles near 1150 and the
 * choice closes in on the rating as the deviation shrinks (see
 * doc/PUZZLES.md). */
double              kz_puzzle_target_rating (double rating, double deviation);

const char         *kz_puzzle_get_id (KzPuzzle *self);
const char         *kz_puzzle_get_kpn (KzPuzzle *self);
void                kz_puzzle_get_position (KzPuzzle *self, KzPosition *pos);
/* The whole line, the solver's moves at even indices (0, 2, …). */
const char *const  *kz_puzzle_get_solution (KzPuzzle *self);
guint               kz_puzzle_get_n_plies (KzPuzzle *self);
/* The line's moves, as the engine's (n_plies of them). */
const KzMove       *kz_puzzle_get_moves (KzPuzzle *self);
const char *const  *kz_puzzle_get_themes (KzPuzzle *self);
gboolean            kz_puzzle_has_theme (KzPuzzle *self, const char *theme);
int                 kz_puzzle_get_rating (KzPuzzle *self);
const char         *kz_puzzle_get_source (KzPuzzle *self);

/* Parses a puzzle file (doc/PUZZLES.md: tab-separated ID KPN SOLUTION
 * THEMES RATING SOURCE, '#' comments); every line is replayed by the
 * engine.  An error names the line and what is wrong.  A GPtrArray of
 * KzPuzzle. */
GPtrArray  *kz_puzzles_parse (const char *text, gsize length, const char *name,
                              GError **error);
/* The built-in puzzles, parsed once (a new reference to the shared
 * array); NULL with an error when they cannot be read. */
GPtrArray  *kz_puzzles_get_builtin (GError **error);
/* The puzzle of that id, or NULL (KZ_PUZZLE_ERROR_UNKNOWN). */
KzPuzzle   *kz_puzzles_find (GPtrArray *puzzles, const char *id, GError **error);
/* Every theme name a puzzle may have, NULL-terminated. */
const char *const *kz_puzzle_theme_names (void);

/* ---- an attempt ---- */

typedef enum {
  KZ_PUZZLE_RIGHT,    /* the solver's move is right, the line goes on */
  KZ_PUZZLE_SOLVED,   /* the solver's move is right and ends the game */
  KZ_PUZZLE_WRONG,    /* not the move (or not legal): the attempt failed */
} KzPuzzleVerdict;

/* The solver's move at ply `ply` (even) in pos (the position after the
 * line's first `ply` moves): right when it is the line's move, or, at
 * the last move, any move that ends the game won.  A move that is not
 * legal is wrong (*reason says why); a legal wrong one gets the reason
 * that it does not win within the plies left.  reason may be NULL. */
KzPuzzleVerdict kz_puzzle_judge_move (KzPuzzle *self, guint ply, const KzPosition *pos,
                                      const char *move, char **reason);

/* A whole attempt: the solver's moves in order, the replies played from
 * the line between them.  SOLVED, or WRONG with *reason (the first wrong
 * move, or that the solution goes on after the last move given).  More
 * moves than the puzzle takes: FALSE with KZ_PUZZLE_ERROR_TOO_MANY. */
gboolean kz_puzzle_judge_attempt (KzPuzzle *self, const char *const *moves, guint n_moves,
                                  KzPuzzleVerdict *verdict, char **reason, GError **error);

/* ---- the player's rating and attempts (the game database) ---- */

typedef struct {
  gint64   id;
  char    *puzzle;        /* the puzzle's id */
  gint64   played_at;     /* seconds since the epoch */
  gint64   time_ms;       /* time taken, 0 when unknown */
  gboolean solved;
  int      puzzle_rating;
  KzGlicko after;         /* the player's rating after it */
} KzPuzzleAttempt;

void     kz_puzzle_attempt_free (KzPuzzleAttempt *attempt);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KzPuzzleAttempt, kz_puzzle_attempt_free)

/* The player's puzzle rating: KZ_GLICKO_DEFAULT_* before any attempt. */
gboolean   kz_store_get_puzzle_rating (KzStore *store, KzGlicko *rating, GError **error);
/* Rates the attempt (Glicko-2: one game against the puzzle's rating
 * with KZ_PUZZLE_DEVIATION) and stores it with the new rating in one
 * transaction; *after (may be NULL) is the new rating. */
gboolean   kz_store_add_puzzle_attempt (KzStore *store, KzPuzzle *puzzle, gint64 time_ms,
                                        gboolean solved, KzGlicko *after, GError **error);
/* The attempts, newest first, at most limit (0: all): KzPuzzleAttempt. */
GPtrArray *kz_store_list_puzzle_attempts (KzStore *store, guint limit, GError **error);

G_END_DECLS
