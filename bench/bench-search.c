/* bench-search.c — nodes per second of the computer player.
 *
 * Searches a fixed set of positions (the start and positions reached by
 * seeded games) to a fixed depth with one searcher, three times, and
 * prints the nodes per second of each run and the best.  Single thread.
 *
 * Usage: bench-search [DEPTH]   (default 12)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "kz-engine.h"
#include "kz-search.h"

#define N_POSITIONS 12

static double
now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

int
main (int argc, char **argv)
{
  int depth = argc > 1 ? atoi (argv[1]) : 12;
  if (depth < 1 || depth > KZ_SEARCH_MAX_DEPTH)
    {
      fprintf (stderr, "usage: bench-search [DEPTH 1-%d]\n", KZ_SEARCH_MAX_DEPTH);
      return 2;
    }

  /* positions: the start, then every 8th ply of a game between two
   * seeded level-2 players (reproducible) */
  static KzPosition positions[N_POSITIONS];
  static KzMoveList list;
  KzSearcher *s = kz_searcher_new (64);
  if (s == NULL)
    return 1;
  int n = 0;
  uint64_t seed = 1;
  while (n < N_POSITIONS)
    {
      KzPosition pos;
      kz_position_init_start (&pos);
      for (int ply = 0; ply < 160 && n < N_POSITIONS; ply++)
        {
          if (kz_generate_moves (&pos, &list) == 0)
            break;
          if (ply % 8 == 0)
            positions[n++] = pos;
          KzSearchLimits lim;
          kz_search_level_params (2, &lim);
          lim.seed = seed++;
          KzSearchResult r = kz_search (s, &pos, NULL, 0, &lim, NULL);
          kz_position_make_move (&pos, &r.move);
        }
    }

  double best = 0;
  for (int run = 0; run < 3; run++)
    {
      uint64_t nodes = 0;
      double t0 = now ();
      for (int i = 0; i < N_POSITIONS; i++)
        {
          kz_searcher_clear (s);
          KzSearchLimits lim = { .max_depth = depth };
          KzSearchResult r = kz_search (s, &positions[i], NULL, 0, &lim, NULL);
          nodes += r.nodes;
        }
      double t = now () - t0;
      double nps = t > 0 ? (double) nodes / t : 0;
      printf ("   run %d: %d positions to depth %d: %" PRIu64 " nodes in %.3f s, %.2f M nodes/s\n",
              run + 1, N_POSITIONS, depth, nodes, t, nps / 1e6);
      if (nps > best)
        best = nps;
    }
  printf ("search: best %.2f M nodes/s (target >= 2)\n", best / 1e6);
  kz_searcher_free (s);
  return 0;
}
