/* test-ui-geometry.c — the board view's point ↔ pixel mapping.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <math.h>

#include "kz-board-geometry.h"

static const double sizes[][2] = {
  { 120, 200 }, { 330, 560 }, { 800, 600 }, { 1920, 1080 }, { 403, 1777 }, { 57, 61 },
};

static void
test_round_trip (void)
{
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    for (int flipped = 0; flipped < 2; flipped++)
      {
        KzBoardGeometry g;
        kz_board_geometry_init (&g, sizes[s][0], sizes[s][1], flipped);
        for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
          {
            double x, y, r = kz_board_geometry_piece_radius (&g);
            if (!kz_point_valid (sq))
              continue;
            kz_board_geometry_point_to_pixel (&g, sq, &x, &y);
            /* Inside the widget, with room for the disc. */
            g_assert_cmpfloat (x - r, >=, 0);
            g_assert_cmpfloat (y - r, >=, 0);
            g_assert_cmpfloat (x + r, <=, sizes[s][0]);
            g_assert_cmpfloat (y + r, <=, sizes[s][1]);
            /* The centre and points of the disc map back to the point. */
            g_assert_cmpint (kz_board_geometry_pixel_to_point (&g, x, y), ==, sq);
            g_assert_cmpint (kz_board_geometry_pixel_to_point (&g, x + r * 0.7, y - r * 0.7), ==, sq);
            /* Halfway to a neighbour is no point. */
            g_assert_cmpint (kz_board_geometry_pixel_to_point (&g, x + g.unit / 2, y), ==, KZ_NO_POINT);
          }
      }
}

static void
test_orientation (void)
{
  KzBoardGeometry g;
  double x1, y1, x9, y9, xa, ya, xe, ye;

  kz_board_geometry_init (&g, 400, 700, false);
  kz_board_geometry_point_to_pixel (&g, KZ_SQ (2, 0), &x1, &y1);   /* c1 */
  kz_board_geometry_point_to_pixel (&g, KZ_SQ (2, 8), &x9, &y9);   /* c9 */
  kz_board_geometry_point_to_pixel (&g, KZ_SQ (0, 4), &xa, &ya);   /* a5 */
  kz_board_geometry_point_to_pixel (&g, KZ_SQ (4, 4), &xe, &ye);   /* e5 */
  /* Cossacks at the bottom, file a on the left. */
  g_assert_cmpfloat (y1, >, y9);
  g_assert_cmpfloat (xa, <, xe);
  g_assert_cmpfloat (fabs (x1 - 200), <, 1e-9);
  g_assert_cmpfloat (fabs ((y1 + y9) / 2 - 350), <, 1e-9);

  kz_board_geometry_init (&g, 400, 700, true);
  kz_board_geometry_point_to_pixel (&g, KZ_SQ (2, 0), &x1, &y1);
  kz_board_geometry_point_to_pixel (&g, KZ_SQ (2, 8), &x9, &y9);
  kz_board_geometry_point_to_pixel (&g, KZ_SQ (0, 4), &xa, &ya);
  kz_board_geometry_point_to_pixel (&g, KZ_SQ (4, 4), &xe, &ye);
  /* Flipped: Turks at the bottom, file a on the right. */
  g_assert_cmpfloat (y1, <, y9);
  g_assert_cmpfloat (xa, >, xe);
  /* Unit spacing between neighbours. */
  g_assert_cmpfloat (fabs (fabs (xa - xe) - 4 * g.unit), <, 1e-9);
}

static void
test_outside (void)
{
  KzBoardGeometry g;

  kz_board_geometry_init (&g, 500, 900, false);
  g_assert_cmpint (kz_board_geometry_pixel_to_point (&g, 0, 0), ==, KZ_NO_POINT);
  g_assert_cmpint (kz_board_geometry_pixel_to_point (&g, -50, 450), ==, KZ_NO_POINT);
  g_assert_cmpint (kz_board_geometry_pixel_to_point (&g, 5000, 450), ==, KZ_NO_POINT);
  /* a2 does not exist: its grid place is no point. */
  {
    double x, y;
    kz_board_geometry_point_to_pixel (&g, KZ_SQ (0, 1), &x, &y);
    g_assert_cmpint (kz_board_geometry_pixel_to_point (&g, x, y), ==, KZ_NO_POINT);
  }
}

static int
step (const KzBoardGeometry *g, const char *from, KzBoardDirection d)
{
  return kz_board_geometry_step (g, kz_point_parse (from, NULL), d);
}

static void
test_keyboard_steps (void)
{
  KzBoardGeometry g;

  kz_board_geometry_init (&g, 400, 700, false);
  g_assert_cmpstr (kz_point_name (step (&g, "c4", KZ_BOARD_UP)), ==, "c5");
  g_assert_cmpstr (kz_point_name (step (&g, "c4", KZ_BOARD_LEFT)), ==, "b4");
  g_assert_cmpstr (kz_point_name (step (&g, "a1", KZ_BOARD_UP)), ==, "a3");
  g_assert_cmpstr (kz_point_name (step (&g, "b2", KZ_BOARD_UP)), ==, "b3");
  g_assert_cmpstr (kz_point_name (step (&g, "b2", KZ_BOARD_LEFT)), ==, "a1");
  g_assert_cmpstr (kz_point_name (step (&g, "c9", KZ_BOARD_UP)), ==, "c9");
  g_assert_cmpstr (kz_point_name (step (&g, "e5", KZ_BOARD_RIGHT)), ==, "e5");
  /* Flipped: up on the screen is towards rank 1. */
  kz_board_geometry_init (&g, 400, 700, true);
  g_assert_cmpstr (kz_point_name (step (&g, "c4", KZ_BOARD_UP)), ==, "c3");
  g_assert_cmpstr (kz_point_name (step (&g, "c4", KZ_BOARD_LEFT)), ==, "d4");

  /* Every point can be reached from every other with the arrows. */
  kz_board_geometry_init (&g, 400, 700, false);
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    {
      KzBits seen = 0, frontier;
      if (!kz_point_valid (sq))
        continue;
      frontier = KZ_BIT (sq);
      while (frontier)
        {
          int p = kz_bit_scan (frontier);
          frontier &= frontier - 1;
          if (seen & KZ_BIT (p))
            continue;
          seen |= KZ_BIT (p);
          for (int d = 0; d < 4; d++)
            frontier |= KZ_BIT (kz_board_geometry_step (&g, p, d)) & ~seen;
        }
      g_assert_cmpint (kz_popcount (seen), ==, KZ_NUM_POINTS);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/board-geometry/round-trip", test_round_trip);
  g_test_add_func ("/ui/board-geometry/orientation", test_orientation);
  g_test_add_func ("/ui/board-geometry/outside", test_outside);
  g_test_add_func ("/ui/board-geometry/keyboard-steps", test_keyboard_steps);
  return g_test_run ();
}
