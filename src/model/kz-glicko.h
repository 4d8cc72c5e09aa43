/* kz-glicko.h — the Glicko-2 rating system (Mark E. Glickman, "Example
 * of the Glicko-2 system", 2013, http://www.glicko.net/glicko/glicko2.pdf):
 * a rating, its deviation (RD) and a volatility, on the Glicko scale
 * (1500 for a new player).  Pure computation, no I/O.
 *
 * The puzzle trainer (doc/PUZZLES.md) rates the player after every
 * attempt: one rating period of one game against the puzzle, whose
 * rating is its difficulty and whose deviation is fixed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define KZ_GLICKO_DEFAULT_RATING     1500.0
#define KZ_GLICKO_DEFAULT_DEVIATION  350.0
#define KZ_GLICKO_DEFAULT_VOLATILITY 0.06
/* The system constant τ: how fast the volatility may change (Glickman
 * suggests 0.3 to 1.2; Lichess uses 0.75). */
#define KZ_GLICKO_TAU                0.75
/* Deviations stay within these bounds (as Lichess keeps them: a player
 * never becomes certain, never less known than a new one). */
#define KZ_GLICKO_MIN_DEVIATION      45.0
#define KZ_GLICKO_MAX_DEVIATION      350.0

typedef struct {
  double rating;
  double deviation;
  double volatility;
} KzGlicko;

typedef struct {
  double rating;      /* the opponent's */
  double deviation;   /* the opponent's */
  double score;       /* 1 a win, 0.5 a draw, 0 a loss */
} KzGlickoGame;

/* A new player: 1500, 350, 0.06. */
void kz_glicko_init (KzGlicko *player);

/* One rating period of n games (n = 0: only the deviation grows), with
 * the system constant tau, exactly as the paper's steps 1–8 (no bounds
 * on the deviation). */
void kz_glicko_update_raw (KzGlicko *player, const KzGlickoGame *games, int n, double tau);

/* kz_glicko_update_raw with KZ_GLICKO_TAU, the deviation then kept
 * within KZ_GLICKO_MIN_DEVIATION … KZ_GLICKO_MAX_DEVIATION. */
void kz_glicko_update (KzGlicko *player, const KzGlickoGame *games, int n);

G_END_DECLS
