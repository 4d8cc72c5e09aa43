/* kz-board-geometry.h — where the points of the board are drawn.
 *
 * A pure function module (no GTK): maps points to pixels and back for a
 * widget of a given size and orientation, so the board view and its
 * tests agree on one layout.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>

#include "kz-board.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Room around the outer points, in grid units: for the pieces, the
 * fortress walls and the coordinates. */
#define KZ_BOARD_MARGIN_X 1.15
#define KZ_BOARD_MARGIN_Y 0.95

typedef struct {
  double width;     /* the widget's size in pixels */
  double height;
  bool   flipped;   /* Turks at the bottom */
  double unit;      /* pixels between two neighbouring points of the grid */
  double origin_x;  /* pixel of the top-left grid corner (file a or e) */
  double origin_y;
} KzBoardGeometry;

typedef enum {
  KZ_BOARD_UP,
  KZ_BOARD_DOWN,
  KZ_BOARD_LEFT,
  KZ_BOARD_RIGHT,
} KzBoardDirection;

/* The board's height over its width when it fills its area exactly. */
double kz_board_geometry_aspect (void);
void   kz_board_geometry_init (KzBoardGeometry *geometry,
                               double           width,
                               double           height,
                               bool             flipped);

/* The centre of point sq in pixels. */
void   kz_board_geometry_point_to_pixel (const KzBoardGeometry *geometry,
                                         int                    sq,
                                         double                *x,
                                         double                *y);

/* The grid position (file, rank as reals) under a pixel. */
void   kz_board_geometry_pixel_to_grid (const KzBoardGeometry *geometry,
                                        double                 x,
                                        double                 y,
                                        double                *file,
                                        double                *rank);

/* The point whose piece disc contains the pixel, or KZ_NO_POINT. */
int    kz_board_geometry_pixel_to_point (const KzBoardGeometry *geometry,
                                         double                 x,
                                         double                 y);

/* The radius of a piece disc in pixels. */
double kz_board_geometry_piece_radius (const KzBoardGeometry *geometry);

/* For keyboard focus: the point geometrically nearest to sq in the given
 * direction on the screen, or sq itself when there is none. */
int    kz_board_geometry_step (const KzBoardGeometry *geometry,
                               int                    sq,
                               KzBoardDirection       direction);

#ifdef __cplusplus
}
#endif
