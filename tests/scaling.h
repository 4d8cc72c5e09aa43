/* scaling.h — how the cost of a piece of work grows with its size, for
 * tests that an input N times larger costs about N times more (linear),
 * not N² times (quadratic).  The speed itself is measured by the
 * benchmarks in bench/; this only compares two sizes on the same
 * machine, in this thread's CPU time (which other processes do not
 * inflate), each the best of a few runs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <time.h>
#include <glib.h>

typedef void (*ScalingWork) (guint n, gpointer data);

static inline double
scaling_cpu_seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

/* The least CPU time of `runs` runs of work (n). */
static inline double
scaling_best (ScalingWork work, guint n, gpointer data, guint runs)
{
  double best = G_MAXDOUBLE;
  for (guint i = 0; i < runs; i++)
    {
      double t0 = scaling_cpu_seconds ();
      work (n, data);
      best = MIN (best, scaling_cpu_seconds () - t0);
    }
  return best;
}

/* How many times more CPU work (big) costs than work (small), best of
 * three runs each.  Linear work gives about big / small, quadratic work
 * about (big / small)².  Reports both times with g_test_message (). */
static inline double
scaling_ratio (const char *what, ScalingWork work, gpointer data, guint small, guint big)
{
  double t_small = scaling_best (work, small, data, 3);
  double t_big = scaling_best (work, big, data, 3);
  double ratio = t_big / MAX (t_small, 1e-6);
  g_test_message ("%s: %u in %.4f s, %u in %.4f s of CPU: %.1f times (linear: %.0f, "
                  "quadratic: %.0f)", what, small, t_small, big, t_big, ratio,
                  (double) big / small, (double) big / small * big / small);
  return ratio;
}
