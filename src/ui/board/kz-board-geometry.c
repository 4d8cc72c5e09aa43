/* kz-board-geometry.c — where the points of the board are drawn.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-board-geometry.h"

#include <math.h>

#define SPAN_X (KZ_GRID_FILES - 1 + 2 * KZ_BOARD_MARGIN_X)
#define SPAN_Y (KZ_GRID_RANKS - 1 + 2 * KZ_BOARD_MARGIN_Y)

double
kz_board_geometry_aspect (void)
{
  return (double) SPAN_Y / SPAN_X;
}

void
kz_board_geometry_init (KzBoardGeometry *geometry,
                        double           width,
                        double           height,
                        bool             flipped)
{
  double unit;

  if (width < 1)
    width = 1;
  if (height < 1)
    height = 1;
  unit = fmin (width / SPAN_X, height / SPAN_Y);

  geometry->width = width;
  geometry->height = height;
  geometry->flipped = flipped;
  geometry->unit = unit;
  geometry->origin_x = (width - unit * (KZ_GRID_FILES - 1)) / 2;
  geometry->origin_y = (height - unit * (KZ_GRID_RANKS - 1)) / 2;
}

/* Screen column and row (0 = left, 0 = top) of a grid file and rank. */
static void
grid_to_screen (const KzBoardGeometry *g, double file, double rank,
                double *col, double *row)
{
  if (g->flipped)
    {
      *col = (KZ_GRID_FILES - 1) - file;
      *row = rank;
    }
  else
    {
      *col = file;
      *row = (KZ_GRID_RANKS - 1) - rank;
    }
}

void
kz_board_geometry_point_to_pixel (const KzBoardGeometry *geometry,
                                  int                    sq,
                                  double                *x,
                                  double                *y)
{
  double col, row;

  grid_to_screen (geometry, kz_point_file (sq), kz_point_rank (sq), &col, &row);
  *x = geometry->origin_x + col * geometry->unit;
  *y = geometry->origin_y + row * geometry->unit;
}

void
kz_board_geometry_pixel_to_grid (const KzBoardGeometry *geometry,
                                 double                 x,
                                 double                 y,
                                 double                *file,
                                 double                *rank)
{
  double col = (x - geometry->origin_x) / geometry->unit;
  double row = (y - geometry->origin_y) / geometry->unit;

  if (geometry->flipped)
    {
      *file = (KZ_GRID_FILES - 1) - col;
      *rank = row;
    }
  else
    {
      *file = col;
      *rank = (KZ_GRID_RANKS - 1) - row;
    }
}

double
kz_board_geometry_piece_radius (const KzBoardGeometry *geometry)
{
  return geometry->unit * 0.36;
}

int
kz_board_geometry_pixel_to_point (const KzBoardGeometry *geometry,
                                  double                 x,
                                  double                 y)
{
  double file, rank, px, py, r;
  int f, rk, sq;

  kz_board_geometry_pixel_to_grid (geometry, x, y, &file, &rank);
  f = (int) lround (file);
  rk = (int) lround (rank);
  if (f < 0 || f >= KZ_GRID_FILES || rk < 0 || rk >= KZ_GRID_RANKS)
    return KZ_NO_POINT;
  sq = KZ_SQ (f, rk);
  if (!kz_point_valid (sq))
    return KZ_NO_POINT;
  /* Accept a generous target (a little more than the disc) so points are
   * easy to hit, but never the middle between two points. */
  kz_board_geometry_point_to_pixel (geometry, sq, &px, &py);
  r = fmax (kz_board_geometry_piece_radius (geometry) * 1.25, 4.0);
  if (r > geometry->unit * 0.49)
    r = geometry->unit * 0.49;
  if (hypot (x - px, y - py) > r)
    return KZ_NO_POINT;
  return sq;
}

int
kz_board_geometry_step (const KzBoardGeometry *geometry,
                        int                    sq,
                        KzBoardDirection       direction)
{
  double x0, y0, dirx = 0, diry = 0;
  double best_score = INFINITY;
  int best = sq;
  bool best_in_cone = false;

  if (!kz_point_valid (sq))
    return sq;

  switch (direction)
    {
    case KZ_BOARD_UP:    diry = -1; break;
    case KZ_BOARD_DOWN:  diry = 1;  break;
    case KZ_BOARD_LEFT:  dirx = -1; break;
    case KZ_BOARD_RIGHT: dirx = 1;  break;
    default: return sq;
    }

  kz_board_geometry_point_to_pixel (geometry, sq, &x0, &y0);
  for (int p = 0; p < KZ_GRID_SIZE; p++)
    {
      double x, y, along, across, score;
      bool in_cone;

      if (p == sq || !kz_point_valid (p))
        continue;
      kz_board_geometry_point_to_pixel (geometry, p, &x, &y);
      along = ((x - x0) * dirx + (y - y0) * diry) / geometry->unit;
      across = fabs ((x - x0) * diry - (y - y0) * dirx) / geometry->unit;
      if (along < 0.5)
        continue;
      /* Prefer points within 45° of the direction; outside the cone only
       * when nothing is inside it. */
      in_cone = across <= along + 1e-9;
      score = along + 2 * across;
      if ((in_cone && !best_in_cone) ||
          (in_cone == best_in_cone && score < best_score - 1e-9))
        {
          best = p;
          best_score = score;
          best_in_cone = in_cone;
        }
    }
  return best;
}
