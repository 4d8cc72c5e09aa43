/* kz-proof.h — proving forced wins: an exhaustive AND/OR search over
 * the rules engine ("does the side to move win within n plies whatever
 * the opponent does?"), with the endgame tables (kz-egtb.h) as exact
 * leaves for positions of at most KZ_EGTB_MAX_PIECES pieces.
 *
 * Unlike kz_search this is no heuristic: there is no evaluation, no
 * pruning that could miss a move, no reduction; a "yes" is a proof
 * (every reply of the opponent was tried) and a "no" is a refutation
 * (every move of the side to move was tried).  A node budget bounds the
 * work: when it runs out the answer is KZ_PROOF_UNKNOWN.
 *
 * The repetition rule plays no part: a win within n plies does not
 * need to repeat a position, and the tables are without it too.
 *
 * Threads: a prover is used by one thread at a time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "kz-movegen.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The longest win the prover handles (a search line or a table line). */
#define KZ_PROOF_MAX_PLIES 63

typedef enum {
  KZ_PROOF_NO = 0,
  KZ_PROOF_YES = 1,
  KZ_PROOF_UNKNOWN = -1,   /* the node budget ran out */
} KzProofResult;

typedef struct KzProver KzProver;

/* A prover with a transposition table of about tt_mb MiB (0: 16); NULL
 * when out of memory. */
KzProver     *kz_prover_new (size_t tt_mb);
void          kz_prover_free (KzProver *prover);
/* Forgets the transposition table. */
void          kz_prover_clear (KzProver *prover);
/* Uses the endgame tables when they are loaded (default true). */
void          kz_prover_set_use_tables (KzProver *prover, bool use);
/* Each call below may visit at most this many positions (0: no limit,
 * the default). */
void          kz_prover_set_budget (KzProver *prover, uint64_t nodes);
/* Positions visited since the prover was made. */
uint64_t      kz_prover_nodes (const KzProver *prover);

/* Does the side to move in pos win within `plies` plies (its own
 * moves at plies 1, 3, …), whatever the other side plays?  pos must not
 * be a finished game. */
KzProofResult kz_prove_win_within (KzProver *prover, const KzPosition *pos, int plies);

/* Does `move` (legal in pos) win within `plies` plies: it ends the game
 * won, or every reply leaves a position won within plies - 2? */
KzProofResult kz_prove_move_wins_within (KzProver *prover, const KzPosition *pos,
                                         const KzMove *move, int plies);

/* The shortest forced win of the side to move, in plies (odd, at most
 * max_plies), in *plies; KZ_PROOF_NO when there is none that short. */
KzProofResult kz_prove_win_distance (KzProver *prover, const KzPosition *pos,
                                     int max_plies, int *plies);

#ifdef __cplusplus
}
#endif
