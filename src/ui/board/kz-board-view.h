/* kz-board-view.h — the Kazaki board, drawn with Cairo.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "kz-game.h"

G_BEGIN_DECLS

/* What the board shows: a position, the pieces (for their troop types)
 * and the move that led to it. */
typedef struct {
  KzPosition pos;
  KzPiece    pieces[KZ_GRID_SIZE];
  KzMove     last_move;
  gboolean   has_last_move;
} KzBoardState;

/* Fills a state from a game at a ply (the last move is the one that led
 * to that ply). */
void kz_board_state_from_game (KzBoardState *state, KzGame *game, guint ply);

#define KZ_TYPE_BOARD_VIEW (kz_board_view_get_type ())
G_DECLARE_FINAL_TYPE (KzBoardView, kz_board_view, KZ, BOARD_VIEW, GtkWidget)

/* Properties: "flipped", "show-coordinates", "interactive" (gboolean),
 * "animation-duration" (guint, milliseconds per step or jump; 0 = none),
 * "animating" (gboolean, read-only), "show-targets" (the legal targets
 * of the selected piece) and "show-must-capture" (rings round the pieces
 * that must capture) (gboolean, TRUE; the guided game switches them).
 * Signals: "move-chosen" (gpointer const KzMove *) — the player chose a
 * legal move; "message" (const char *, nullable; gboolean refusal) — a
 * refusal, or a hint while a chain is being clicked; NULL clears it;
 * "animation-done". */

GtkWidget *kz_board_view_new (void);

/* Shows a state; when `before` is not NULL and the state has a last
 * move, the move is animated from `before`. */
void       kz_board_view_set_state        (KzBoardView        *self,
                                           const KzBoardState *state,
                                           const KzBoardState *before);
const KzBoardState *kz_board_view_get_state (KzBoardView      *self);

void       kz_board_view_set_flipped      (KzBoardView *self,
                                           gboolean     flipped);
gboolean   kz_board_view_get_flipped      (KzBoardView *self);
void       kz_board_view_set_show_coordinates (KzBoardView *self,
                                               gboolean     show);
gboolean   kz_board_view_get_show_coordinates (KzBoardView *self);
void       kz_board_view_set_interactive  (KzBoardView *self,
                                           gboolean     interactive);
gboolean   kz_board_view_get_interactive  (KzBoardView *self);
void       kz_board_view_set_show_targets (KzBoardView *self,
                                           gboolean     show);
void       kz_board_view_set_show_must_capture (KzBoardView *self,
                                                gboolean     show);
void       kz_board_view_set_animation_duration (KzBoardView *self,
                                                 guint        msec);
gboolean   kz_board_view_get_animating    (KzBoardView *self);
/* Ends a running animation at once. */
void       kz_board_view_finish_animation (KzBoardView *self);
/* Cancels a selection or a partial chain. */
void       kz_board_view_cancel_input     (KzBoardView *self);
/* The position editor's board: no move input; a click on a point (or
 * Enter or Space on the focused one) emits "point-edited" (int from, int
 * to) with from == to, a piece dragged from `from` and dropped on `to`
 * emits it with both (to == KZ_NO_POINT: dropped off the board). */
void       kz_board_view_set_editing      (KzBoardView *self,
                                           gboolean     editing);
/* The point under the keyboard focus ring. */
int        kz_board_view_get_focus_point  (KzBoardView *self);
/* The menu of a piece (right click, long press, the Menu key or
 * Shift+F10 on the point with the keyboard focus): "Who Is This?", which
 * activates app.show-troop with the piece's side and troop, "(ii)".
 * Shows it pointing at `sq`; FALSE (nothing shown) when no piece with a
 * troop stands there. */
gboolean   kz_board_view_popup_piece_menu (KzBoardView *self,
                                           int          sq);
/* The tooltip of a point: the piece or standing flag there in words (the
 * troop named) and, for a piece, how to ask who it is; NULL for an empty
 * point. */
char      *kz_board_view_dup_legend       (KzBoardView *self,
                                           int          sq);
/* That menu (a GtkPopoverMenu), or NULL before it was first shown. */
GtkWidget *kz_board_view_get_piece_menu   (KzBoardView *self);
/* Feeds a click on a point as if the player had clicked it (used by the
 * keyboard handler and tests). */
void       kz_board_view_click_point      (KzBoardView *self,
                                           int          sq);
/* Shows a suggested move: its piece selected, its path and end point
 * marked.  A click on the end point then plays exactly that move; a
 * click on the piece keeps it selected.  The hint goes when the
 * selection leaves the move, or with a new position.  FALSE (and
 * nothing shown) when the move is not legal on the board or the board
 * is not interactive. */
gboolean   kz_board_view_show_hint        (KzBoardView  *self,
                                           const KzMove *move);
/* Says a sentence to assistive technologies: gtk_accessible_announce()
 * on GTK ≥ 4.14, and on every GTK the text of a status label inside the
 * board (what GTK 4.8 can offer).  Each move shown with a `before`
 * state is announced this way by the board itself. */
void       kz_board_view_announce         (KzBoardView *self,
                                           const char  *text);
/* The last sentence announced ("" before any). */
const char *kz_board_view_get_announcement (KzBoardView *self);
/* For screen readers: a point's name ("c4, Cossack piece, Hetman",
 * "c8, Turkish flag", "e5, empty") and a move in words ("Turks: b6
 * takes a4 and c3. Turks take the Cossack flag."). */
char      *kz_board_describe_point        (const KzBoardState *state,
                                           int                 sq);
char      *kz_board_describe_move         (const KzBoardState *before,
                                           const KzBoardState *after);
/* Why the last input was refused (valid in a "message" handler with
 * refusal TRUE): the engine's code and points, for a fuller explanation
 * (Learn). */
const KzError *kz_board_view_get_refusal  (KzBoardView *self);
/* TRUE (and the move) while a hint is shown. */
gboolean   kz_board_view_get_hint         (KzBoardView *self,
                                           KzMove      *move);

G_END_DECLS
