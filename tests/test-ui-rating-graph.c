/* test-ui-rating-graph.c — the rating graph's axis: round labelled values
 * that cover the ratings drawn (no display needed).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>

#include "kz-rating-graph.h"

static void
check_axis (double lo_in, double hi_in)
{
  double lo = lo_in, hi = hi_in, ticks[8];
  guint n = kz_rating_graph_axis (&lo, &hi, ticks, G_N_ELEMENTS (ticks));

  g_assert_cmpuint (n, >=, 2);
  g_assert_cmpuint (n, <=, 6);
  /* the axis covers the ratings, at least 200 points, labelled at both ends */
  g_assert_cmpfloat (lo, <=, lo_in);
  g_assert_cmpfloat (hi, >=, hi_in);
  g_assert_cmpfloat (hi - lo, >=, 200);
  g_assert_cmpfloat_with_epsilon (ticks[0], lo, 1e-9);
  g_assert_cmpfloat_with_epsilon (ticks[n - 1], hi, 1e-9);
  /* evenly spaced round values */
  double step = ticks[1] - ticks[0];
  g_assert_cmpfloat (step, >, 0);
  for (guint i = 0; i < n; i++)
    {
      g_assert_cmpfloat_with_epsilon (ticks[i] - ticks[0], step * i, 1e-9);
      g_assert_cmpfloat_with_epsilon (ticks[i] / 25, (double) (long) (ticks[i] / 25), 1e-9);
    }
}

static void
test_axis (void)
{
  check_axis (1500, 1500);
  check_axis (1496.3, 1507.9);
  check_axis (1150, 1620);
  check_axis (800, 2400);
  check_axis (612, 613);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/rating-graph/axis", test_axis);
  return g_test_run ();
}
