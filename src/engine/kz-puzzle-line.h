/* kz-puzzle-line.h — proven puzzles: a position where the side to move (the
 * solver) has a forced win, and the line that proves it.
 *
 * A puzzle's line has an odd number of plies n: the solver's moves at
 * plies 1, 3, …, n and the opponent's replies between them.  It is
 * **proven** when
 *
 *   - every move is legal and the solver's last move ends the game won;
 *   - at each solver move with l plies left (l = n, n - 2, …, 3) that
 *     move is the only legal move that wins within l plies (at the last
 *     move, l = 1, any move that ends the game won is right);
 *   - each reply is a longest defence: after it the solver needs
 *     exactly l - 2 plies (no faster win is left unplayed).
 *
 * kz_puzzle_build finds such a line from a position (the proof by the
 * prover of kz-proof.h: exhaustive search, the endgame tables as
 * leaves), kz_puzzle_verify checks a given one, kz_puzzle_themes names
 * what happens on it and kz_puzzle_difficulty rates it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stddef.h>

#include "kz-proof.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KZ_PUZZLE_MAX_PLIES KZ_PROOF_MAX_PLIES

typedef struct {
  KzPosition start;
  int        n_plies;
  KzMove     moves[KZ_PUZZLE_MAX_PLIES];
} KzPuzzleLine;

/* Themes, detected from the line (kz_puzzle_themes). */
typedef enum {
  KZ_THEME_CHAIN           = 1 << 0,  /* a solver move jumps two pieces or more */
  KZ_THEME_FLAG_CAPTURE    = 1 << 1,  /* the solver jumps the enemy's standing flag */
  KZ_THEME_FLAG_RUN        = 1 << 2,  /* the win: the enemy flag carried home */
  KZ_THEME_CARRIER_CAPTURE = 1 << 3,  /* the solver takes an enemy piece carrying a flag */
  KZ_THEME_FORCED_CAPTURE  = 1 << 4,  /* a solver step that makes a capture compulsory for the opponent */
  KZ_THEME_APEX_JUMP       = 1 << 5,  /* a solver jump across an apex (b2 over c3 to d3, …) */
  KZ_THEME_ANNIHILATION    = 1 << 6,  /* the win: no enemy piece left */
  KZ_THEME_NO_MOVES        = 1 << 7,  /* the win: the opponent cannot move */
  KZ_THEME_QUIET_MOVE      = 1 << 8,  /* the first move is a step, though no capture is compulsory */
  KZ_THEME_ENDGAME         = 1 << 9,  /* at most 4 pieces: proven by the endgame tables */
  KZ_THEME_ONE_MOVE        = 1 << 10, /* the line is one move */
  KZ_THEME_LONG            = 1 << 11, /* nine plies or more */
} KzPuzzleTheme;

#define KZ_N_THEMES 12

/* "chain", "flag-capture", …: the name of the i-th theme (bit 1 << i),
 * NULL past the last. */
const char *kz_puzzle_theme_name (int i);
/* The bit of a theme's name, 0 when unknown. */
unsigned    kz_puzzle_theme_parse (const char *name);

/* Finds a proven line of exactly `plies` plies from pos (plies: the
 * side to move's shortest win, e.g. from kz_prove_win_distance).
 * Returns false — with *why set to a short English reason when why is
 * not NULL — when the win is not unique at some solver move, the first
 * move has no alternative (a single legal move, or every move wins),
 * or the prover's budget ran out. */
bool     kz_puzzle_build (KzProver *prover, const KzPosition *pos, int plies,
                          KzPuzzleLine *line, const char **why);

/* Checks every condition above for line; false with a reason (English,
 * naming the ply) in why (size bytes) when one fails or the prover's
 * budget ran out. */
bool     kz_puzzle_verify (KzProver *prover, const KzPuzzleLine *line,
                           char *why, size_t size);

unsigned kz_puzzle_themes (const KzPuzzleLine *line);

/* What the difficulty is made of (doc/PUZZLES.md, "Difficulty"): for
 * each solver move, the depth the plain search (kz-search.h, no
 * tables, no noise) needs to play it, 1 to 8, or 9 when depth 8 does
 * not; their maximum and sum; the mean of log2 (legal moves) at the
 * solver's moves; and the rating made from them,
 *   400 + 130 × depth_max + 30 × (depth_sum − depth_max) + 60 × choice,
 * within 600–2800. */
typedef struct {
  int    solver_moves;
  int    depth_max;
  int    depth_sum;
  double choice;
  int    rating;
} KzPuzzleDifficulty;

bool     kz_puzzle_difficulty_terms (const KzPuzzleLine *line, KzPuzzleDifficulty *terms);
/* terms.rating (1500 when out of memory). */
int      kz_puzzle_difficulty (const KzPuzzleLine *line);

#ifdef __cplusplus
}
#endif
