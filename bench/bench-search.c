/* bench-search.c — nodes per second of the computer player.
 *
 * Searches a fixed set of positions (the start and positions reached by
 * seeded games) to a fixed depth with one searcher, three times, and
 * prints the nodes per second of each run and the best, by the wall
 * clock and by the thread's CPU time; then the same with two threads
 * (lazy SMP: nodes of both threads per second of the process's CPU
 * time, i.e. per thread, and the wall time to the same depth).
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

/* CPU time of this thread: on a loaded machine the wall clock also
 * counts the time other processes held the core. */
static double
cpu_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

/* CPU time of the whole process (both threads of a two-thread search). */
static double
process_cpu_now (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
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

  double best = 0, best_cpu = 0;
  for (int run = 0; run < 3; run++)
    {
      uint64_t nodes = 0;
      double t = 0, c = 0;
      for (int i = 0; i < N_POSITIONS; i++)
        {
          kz_searcher_clear (s);   /* not timed: a 64 MiB memset */
          KzSearchLimits lim = { .max_depth = depth };
          double t0 = now (), c0 = cpu_now ();
          KzSearchResult r = kz_search (s, &positions[i], NULL, 0, &lim, NULL);
          t += now () - t0;
          c += cpu_now () - c0;
          nodes += r.nodes;
        }
      double nps = t > 0 ? (double) nodes / t : 0;
      double cps = c > 0 ? (double) nodes / c : 0;
      printf ("   run %d: %d positions to depth %d: %" PRIu64 " nodes in %.3f s (%.3f s of CPU), "
              "%.2f M nodes/s (%.2f M per CPU second)\n",
              run + 1, N_POSITIONS, depth, nodes, t, c, nps / 1e6, cps / 1e6);
      if (nps > best)
        best = nps;
      if (cps > best_cpu)
        best_cpu = cps;
    }
  printf ("search: best %.2f M nodes/s, %.2f M nodes per CPU second (target >= 6)\n",
          best / 1e6, best_cpu / 1e6);

  double best2 = 0, best_wall2 = 0;
  for (int run = 0; run < 3; run++)
    {
      uint64_t nodes = 0;
      double t = 0, c = 0;
      int depth_sum = 0;
      for (int i = 0; i < N_POSITIONS; i++)
        {
          kz_searcher_clear (s);
          KzSearchLimits lim = { .max_depth = depth, .threads = 2 };
          double t0 = now (), c0 = process_cpu_now ();
          KzSearchResult r = kz_search (s, &positions[i], NULL, 0, &lim, NULL);
          t += now () - t0;
          c += process_cpu_now () - c0;
          nodes += r.nodes;
          depth_sum += r.depth;
        }
      double cps = c > 0 ? (double) nodes / c : 0;
      printf ("   2 threads, run %d: depth %d in %.3f s of wall time, %" PRIu64 " nodes in %.3f s "
              "of CPU: %.2f M nodes per CPU second (per thread)\n",
              run + 1, depth_sum / N_POSITIONS, t, nodes, c, cps / 1e6);
      if (cps > best2)
        best2 = cps;
      if (best_wall2 == 0 || t < best_wall2)
        best_wall2 = t;
    }
  printf ("search, 2 threads: best %.2f M nodes per CPU second per thread; to depth %d in %.3f s "
          "of wall time at best\n", best2 / 1e6, depth, best_wall2);
  kz_searcher_free (s);
  return 0;
}
