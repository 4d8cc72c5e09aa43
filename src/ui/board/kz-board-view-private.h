/* kz-board-view-private.h — KzBoardView's state, shared by the files
 * that make up the one class:
 *
 *   kz-board-view.c        state, animation, properties, size, focus,
 *                          the point widgets and the live label
 *   kz-board-view-draw.c   the drawing (snapshot)
 *   kz-board-view-input.c  clicks, drags, keys, hints, tooltips, the
 *                          piece menu ("Who Is This?")
 *
 * kz-board-describe.c (the board in words) needs no private state.
 * Not for any other file: the rest of the app uses kz-board-view.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "kz-board-geometry.h"
#include "kz-board-input.h"
#include "kz-board-view.h"

G_BEGIN_DECLS

struct _KzBoardView {
  GtkWidget     parent_instance;

  KzBoardState  state;
  KzBoardInput *input;
  KzError       refusal;   /* the last input refused (kz_board_view_get_refusal) */

  gboolean      flipped;
  gboolean      show_coordinates;
  gboolean      interactive;
  gboolean      show_targets;   /* the legal targets of the selection */
  gboolean      show_must;      /* rings round the pieces that must capture */
  guint         animation_duration;
  int           focus_point;

  /* Animation of state.last_move from `before`. */
  gboolean      animating;
  KzBoardState  before;
  gint64        anim_start;
  guint         anim_segment;   /* milliseconds per step or jump */
  guint         tick_id;
  double        anim_progress;  /* in segments */

  /* Dragging a piece. */
  int           press_point;
  double        press_x, press_y;
  gboolean      dragging;
  double        drag_x, drag_y;

  /* The position editor's board: a click (or Enter on a point) and a
   * dragged piece are reported, not played (kz_board_view_set_editing). */
  gboolean      editing;

  /* The focus ring shows once the keyboard is used, until a click. */
  gboolean      keyboard_mode;

  /* A suggested move (kz_board_view_show_hint), shown until the
   * selection leaves its piece or the position changes. */
  KzMove        hint;
  gboolean      has_hint;

  AdwStyleManager *style_manager;

  /* For assistive technologies: a child widget over each point (the
   * keyboard focus moves between them) and a label that says what
   * happened (the last move, the end of the game). */
  GtkWidget    *points[KZ_GRID_SIZE];
  GtkWidget    *live;

  /* "Who Is This?" on a piece: a GtkPopoverMenu made on first use; a long
   * press that opened it is not also a click. */
  GtkWidget    *piece_menu;
  gboolean      long_pressed;
};

/* kz-board-view.c */
void     kz_board_view_emit_message      (KzBoardView *self,
                                          const char  *message,
                                          gboolean     refusal);
void     kz_board_view_emit_move_chosen  (KzBoardView  *self,
                                          const KzMove *move);
void     kz_board_view_emit_point_edited (KzBoardView  *self,
                                          int           from,
                                          int           to);
/* Names and states of the points, after a change of the position or of
 * the selection. */
void     kz_board_view_update_accessible (KzBoardView *self);
/* The selection changed: say it and draw it. */
void     kz_board_view_changed           (KzBoardView *self);
void     kz_board_view_geometry          (KzBoardView     *self,
                                          KzBoardGeometry *g);

/* kz-board-view-draw.c */
void     kz_board_view_snapshot          (GtkWidget   *widget,
                                          GtkSnapshot *snapshot);

/* kz-board-view-input.c */
/* Adds the pointer and key controllers. */
void     kz_board_view_input_init        (KzBoardView *self);
gboolean kz_board_view_query_tooltip     (GtkWidget  *widget,
                                          int         x,
                                          int         y,
                                          gboolean    keyboard,
                                          GtkTooltip *tooltip);

G_END_DECLS
