/* bench-analysis.c — the computer's review of a game: a 60-ply game at
 * 200 ms a position (61 positions), with 1 worker thread and with 2,
 * three runs each (target: ≤ 10 s on 2 cores).
 *
 * The game is made reproducibly by two seeded level-3 players from the
 * start.  The analysis runs in memory (no database).
 *
 * Usage: bench-analysis [PLIES [TIME_MS [RUNS]]]   (default 60 200 3)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <stdio.h>
#include <stdlib.h>

#include "kz-game.h"
#include "kz-game-analysis.h"

int
main (int argc, char **argv)
{
  int plies = argc > 1 ? atoi (argv[1]) : 60;
  int time_ms = argc > 2 ? atoi (argv[2]) : KZ_ANALYSIS_DEFAULT_TIME_MS;
  int runs = argc > 3 ? atoi (argv[3]) : 3;
  if (plies < 1 || time_ms < 1 || runs < 1)
    {
      fprintf (stderr, "usage: bench-analysis [PLIES [TIME_MS [RUNS]]]\n");
      return 2;
    }

  /* a game of `plies` plies between seeded level-3 players; a game that
   * ends early is replaced by the next seed */
  g_autoptr (KzGame) game = NULL;
  KzSearcher *s = kz_searcher_new (16);
  for (uint64_t seed = 1; game == NULL || kz_game_get_ply (game) < (guint) plies; seed++)
    {
      g_clear_object (&game);
      game = kz_game_new ();
      while (kz_game_get_ply (game) < (guint) plies && !kz_game_is_over (game))
        {
          KzSearchLimits lim;
          kz_search_level_params (3, &lim);
          lim.seed = seed * 1000 + kz_game_get_ply (game);
          KzSearchResult r = kz_search (s, kz_game_get_position (game), NULL, 0, &lim, NULL);
          kz_game_play (game, &r.move, NULL);
        }
    }
  kz_searcher_free (s);

  printf ("machine: %u processors; a %d-ply game, %d ms a position\n",
          g_get_num_processors (), plies, time_ms);
  for (int threads = 1; threads <= 2; threads++)
    {
      double best = 1e9, worst = 0, sum = 0;
      for (int run = 0; run < runs; run++)
        {
          KzAnalysisSettings settings = { .time_ms = time_ms, .threads = threads };
          g_autoptr (KzGameAnalysis) a = kz_game_analysis_new (game, &settings);
          gint64 t0 = g_get_monotonic_time ();
          if (!kz_game_analysis_run (a, NULL, NULL))
            return 1;
          double t = (double) (g_get_monotonic_time () - t0) / 1e6;
          guint64 nodes = 0;
          int depth = 0;
          for (guint i = 0; i <= kz_game_analysis_get_n_plies (a); i++)
            {
              nodes += kz_game_analysis_get_eval (a, i)->nodes;
              depth += kz_game_analysis_get_eval (a, i)->depth;
            }
          printf ("   %d thread%s, run %d: %.2f s (%u positions searched, mean depth %.1f, %.1f M nodes)\n",
                  threads, threads == 1 ? "" : "s", run + 1, t, kz_game_analysis_get_n_searched (a),
                  (double) depth / (plies + 1), (double) nodes / 1e6);
          best = MIN (best, t);
          worst = MAX (worst, t);
          sum += t;
        }
      printf ("analysis, %d thread%s: best %.2f s, mean %.2f s, worst %.2f s (target <= 10 s on 2 cores)\n",
              threads, threads == 1 ? "" : "s", best, sum / runs, worst);
    }
  return 0;
}
