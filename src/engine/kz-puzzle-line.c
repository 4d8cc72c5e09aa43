/* kz-puzzle-line.c — building, verifying, naming and rating proven puzzles
 * (the conditions are in kz-puzzle-line.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-puzzle-line.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kz-egtb.h"
#include "kz-notation.h"
#include "kz-search.h"

/* How many longest defences are tried at a reply before giving up on a
 * line (each is a whole sub-line to build). */
#define MAX_REPLY_TRIES 4

static const char *const THEME_NAMES[KZ_N_THEMES] = {
  "chain", "flag-capture", "flag-run", "carrier-capture", "forced-capture", "apex-jump",
  "annihilation", "no-moves", "quiet-move", "endgame", "one-move", "long",
};

const char *
kz_puzzle_theme_name (int i)
{
  return i >= 0 && i < KZ_N_THEMES ? THEME_NAMES[i] : NULL;
}

unsigned
kz_puzzle_theme_parse (const char *name)
{
  for (int i = 0; i < KZ_N_THEMES; i++)
    if (strcmp (name, THEME_NAMES[i]) == 0)
      return 1u << i;
  return 0;
}

/* ---- building ---- */

typedef struct {
  KzProver     *prover;
  KzPuzzleLine *line;
  const char   *why;
} Build;

/* 1: exactly `plies` plies (won within them, not within plies - 2),
 * 0: not, -1: unknown. */
static int
exact_distance (KzProver *p, const KzPosition *pos, int plies)
{
  KzProofResult r = kz_prove_win_within (p, pos, plies);
  if (r != KZ_PROOF_YES)
    return r == KZ_PROOF_NO ? 0 : -1;
  if (plies < 3)
    return 1;
  r = kz_prove_win_within (p, pos, plies - 2);
  return r == KZ_PROOF_NO ? 1 : (r == KZ_PROOF_YES ? 0 : -1);
}

static bool
build_from (Build *b, const KzPosition *pos, int left, int idx)
{
  KzMoveList *list = malloc (sizeof *list);
  KzMoveList *replies = malloc (sizeof *replies);
  bool ok = false;
  if (list == NULL || replies == NULL)
    {
      b->why = "out of memory";
      goto out;
    }
  kz_generate_moves (pos, list);
  int winner = -1, n_winners = 0;
  for (int i = 0; i < list->count; i++)
    {
      KzProofResult r = kz_prove_move_wins_within (b->prover, pos, &list->moves[i], left);
      if (r == KZ_PROOF_UNKNOWN)
        {
          b->why = "the prover's budget ran out";
          goto out;
        }
      if (r == KZ_PROOF_YES)
        {
          n_winners++;
          if (winner < 0)
            winner = i;
        }
    }
  if (n_winners == 0)
    {
      b->why = "no win within the plies left";
      goto out;
    }
  if (left >= 3 && n_winners > 1)
    {
      b->why = "more than one move wins";
      goto out;
    }
  if (idx == 0 && (list->count < 2 || n_winners == list->count))
    {
      b->why = "the first move has no alternative";
      goto out;
    }
  b->line->moves[idx] = list->moves[winner];
  if (left == 1)
    {
      b->line->n_plies = idx + 1;
      ok = true;
      goto out;
    }

  KzPosition child = *pos;
  kz_position_make_move (&child, &list->moves[winner]);
  kz_generate_moves (&child, replies);
  int tries = 0;
  for (int i = 0; i < replies->count && tries < MAX_REPLY_TRIES; i++)
    {
      KzPosition grand = child;
      kz_position_make_move (&grand, &replies->moves[i]);
      int exact = exact_distance (b->prover, &grand, left - 2);
      if (exact < 0)
        {
          b->why = "the prover's budget ran out";
          goto out;
        }
      if (exact == 0)
        continue;
      tries++;
      b->line->moves[idx + 1] = replies->moves[i];
      if (build_from (b, &grand, left - 2, idx + 2))
        {
          ok = true;
          goto out;
        }
      if (strcmp (b->why, "the prover's budget ran out") == 0)
        goto out;
    }
  if (tries == 0)
    b->why = "no longest defence";
out:
  free (list);
  free (replies);
  return ok;
}

bool
kz_puzzle_build (KzProver *prover, const KzPosition *pos, int plies,
                 KzPuzzleLine *line, const char **why)
{
  Build b = { prover, line, "" };
  memset (line, 0, sizeof *line);
  line->start = *pos;
  bool ok = plies >= 1 && plies <= KZ_PUZZLE_MAX_PLIES && plies % 2 == 1
            && build_from (&b, pos, plies, 0);
  if (!ok && why != NULL)
    *why = b.why[0] ? b.why : "bad length";
  return ok;
}

/* ---- verifying ---- */

static int
find_move (const KzMoveList *list, const KzMove *move)
{
  for (int i = 0; i < list->count; i++)
    if (kz_move_equal (&list->moves[i], move))
      return i;
  return -1;
}

bool
kz_puzzle_verify (KzProver *prover, const KzPuzzleLine *line, char *why, size_t size)
{
  KzMoveList *list = malloc (sizeof *list);
  if (list == NULL)
    {
      snprintf (why, size, "out of memory");
      return false;
    }
  KzPosition pos = line->start;
  int n = line->n_plies;
  bool ok = false;
  char text[KZ_MOVE_STR_MAX];
  if (n < 1 || n % 2 == 0 || n > KZ_PUZZLE_MAX_PLIES)
    {
      snprintf (why, size, "a line of %d plies (an odd number is needed)", n);
      goto out;
    }
  if (kz_position_outcome (&pos).winner >= 0)
    {
      snprintf (why, size, "the game is already over");
      goto out;
    }
  int solver = pos.side;
  for (int idx = 0; idx < n; idx++)
    {
      int left = n - idx;
      kz_generate_moves (&pos, list);
      int at = find_move (list, &line->moves[idx]);
      kz_move_format (&line->moves[idx], text, sizeof text);
      if (at < 0)
        {
          snprintf (why, size, "ply %d: %s is not legal", idx + 1, text);
          goto out;
        }
      if (idx % 2 == 0)
        {
          int wins = 0;
          bool this_wins = false;
          for (int i = 0; i < list->count; i++)
            {
              KzProofResult r = kz_prove_move_wins_within (prover, &pos, &list->moves[i], left);
              if (r == KZ_PROOF_UNKNOWN)
                {
                  snprintf (why, size, "ply %d: the prover's budget ran out", idx + 1);
                  goto out;
                }
              wins += r == KZ_PROOF_YES;
              if (i == at)
                this_wins = r == KZ_PROOF_YES;
            }
          if (!this_wins)
            {
              snprintf (why, size, "ply %d: %s does not win within %d plies", idx + 1, text, left);
              goto out;
            }
          if (left >= 3 && wins > 1)
            {
              snprintf (why, size, "ply %d: %d moves win within %d plies, not only %s",
                        idx + 1, wins, left, text);
              goto out;
            }
          if (idx == 0 && (list->count < 2 || wins == list->count))
            {
              snprintf (why, size, "ply 1: every legal move wins");
              goto out;
            }
        }
      kz_position_make_move (&pos, &line->moves[idx]);
      KzOutcome o = kz_position_outcome (&pos);
      if (left == 1)
        {
          if (o.winner != solver)
            {
              snprintf (why, size, "ply %d: %s does not end the game", idx + 1, text);
              goto out;
            }
          break;
        }
      if (o.winner >= 0)
        {
          snprintf (why, size, "ply %d: the game ends before the line does", idx + 1);
          goto out;
        }
      if (idx % 2 == 1)
        {
          /* a longest defence: the solver needs exactly left - 1 plies */
          KzProofResult r = kz_prove_win_within (prover, &pos, left - 1);
          KzProofResult faster = left - 1 >= 3 ? kz_prove_win_within (prover, &pos, left - 3)
                                               : KZ_PROOF_NO;
          if (r == KZ_PROOF_UNKNOWN || faster == KZ_PROOF_UNKNOWN)
            {
              snprintf (why, size, "ply %d: the prover's budget ran out", idx + 1);
              goto out;
            }
          if (r != KZ_PROOF_YES || faster != KZ_PROOF_NO)
            {
              snprintf (why, size, "ply %d: %s is not a longest defence", idx + 1, text);
              goto out;
            }
        }
    }
  ok = true;
out:
  free (list);
  return ok;
}

/* ---- themes ---- */

static bool
is_side_jump (int from, int to)
{
  int dr = kz_point_rank (to) - kz_point_rank (from);
  return dr == 1 || dr == -1;
}

unsigned
kz_puzzle_themes (const KzPuzzleLine *line)
{
  unsigned themes = 0;
  KzPosition pos = line->start;
  int solver = pos.side, opp = 1 - solver;
  int n = line->n_plies;
  if (kz_popcount (pos.pieces[0] | pos.pieces[1]) <= KZ_EGTB_MAX_PIECES)
    themes |= KZ_THEME_ENDGAME;
  if (n == 1)
    themes |= KZ_THEME_ONE_MOVE;
  if (n >= 9)
    themes |= KZ_THEME_LONG;
  if (n >= 3 && line->moves[0].n_jumps == 0)
    themes |= KZ_THEME_QUIET_MOVE;
  for (int idx = 0; idx < n; idx++)
    {
      const KzMove *m = &line->moves[idx];
      if (idx % 2 == 0)
        {
          if (m->n_jumps >= 2)
            themes |= KZ_THEME_CHAIN;
          int at = m->from;
          for (int j = 0; j < m->n_jumps; j++)
            {
              if (is_side_jump (at, m->path[j]))
                themes |= KZ_THEME_APEX_JUMP;
              at = m->path[j];
            }
          KzBits carriers = 0;
          for (int f = 0; f < 2; f++)
            if (pos.flag[f] != KZ_FLAG_HOME && (pos.pieces[opp] >> pos.flag[f] & 1))
              carriers |= KZ_BIT (pos.flag[f]);
          if (m->captured & carriers)
            themes |= KZ_THEME_CARRIER_CAPTURE;
          bool standing = pos.flag[opp] == KZ_FLAG_HOME;
          KzPosition after = pos;
          kz_position_make_move (&after, m);
          if (standing && after.flag[opp] == m->to)
            themes |= KZ_THEME_FLAG_CAPTURE;
          if (m->n_jumps == 0 && idx < n - 1 && kz_capture_compulsory (&after))
            themes |= KZ_THEME_FORCED_CAPTURE;
        }
      kz_position_make_move (&pos, m);
    }
  KzOutcome o = kz_position_outcome (&pos);
  if (o.winner == solver)
    {
      if (o.reason == KZ_REASON_FLAG)
        themes |= KZ_THEME_FLAG_RUN;
      else if (o.reason == KZ_REASON_ANNIHILATION)
        themes |= KZ_THEME_ANNIHILATION;
      else if (o.reason == KZ_REASON_BLOCKED)
        themes |= KZ_THEME_NO_MOVES;
    }
  return themes;
}

/* ---- difficulty ---- */

/* The shallowest search (no tables, one thread, no noise) that plays
 * the line's move at solver ply idx — at the last move, any move that
 * ends the game; DIFFICULTY_MAX_DEPTH + 1 when none does. */
#define DIFFICULTY_MAX_DEPTH 8

static int
depth_needed (KzSearcher *searcher, const KzPosition *pos, const KzMove *move, bool last)
{
  for (int d = 1; d <= DIFFICULTY_MAX_DEPTH; d++)
    {
      KzSearchLimits limits = { .max_depth = d, .no_tables = true, .threads = 1,
                                .no_carrier_ext = true };
      kz_searcher_clear (searcher);
      KzSearchResult r = kz_search (searcher, pos, NULL, 0, &limits, NULL);
      if (!r.has_move)
        break;
      if (kz_move_equal (&r.move, move))
        return d;
      if (last)
        {
          KzPosition after = *pos;
          kz_position_make_move (&after, &r.move);
          if (kz_position_outcome (&after).winner == (int) pos->side)
            return d;
        }
    }
  return DIFFICULTY_MAX_DEPTH + 1;
}

bool
kz_puzzle_difficulty_terms (const KzPuzzleLine *line, KzPuzzleDifficulty *terms)
{
  KzMoveList *list = malloc (sizeof *list);
  KzSearcher *searcher = kz_searcher_new (1);
  if (list == NULL || searcher == NULL)
    {
      free (list);
      kz_searcher_free (searcher);
      return false;
    }
  memset (terms, 0, sizeof *terms);
  KzPosition pos = line->start;
  int n = line->n_plies;
  terms->solver_moves = (n + 1) / 2;
  for (int idx = 0; idx < n; idx += 2)
    {
      int count = kz_generate_moves (&pos, list);
      terms->choice += log2 (count > 0 ? count : 1);
      int d = depth_needed (searcher, &pos, &line->moves[idx], idx == n - 1);
      terms->depth_sum += d;
      if (d > terms->depth_max)
        terms->depth_max = d;
      kz_position_make_move (&pos, &line->moves[idx]);
      if (idx + 1 < n)
        kz_position_make_move (&pos, &line->moves[idx + 1]);
    }
  terms->choice /= terms->solver_moves;
  free (list);
  kz_searcher_free (searcher);
  double r = 400 + 130 * terms->depth_max + 30 * (terms->depth_sum - terms->depth_max)
             + 60 * terms->choice;
  if (r < 600)
    r = 600;
  if (r > 2800)
    r = 2800;
  terms->rating = (int) lround (r);
  return true;
}

int
kz_puzzle_difficulty (const KzPuzzleLine *line)
{
  KzPuzzleDifficulty terms;
  return kz_puzzle_difficulty_terms (line, &terms) ? terms.rating : 1500;
}
