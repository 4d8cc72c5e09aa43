/* kz-moves-view.h — the moves of a game in the side panel.
 *
 * A GtkListView over KzMoveRow rows (kz-move-row.h): the main line in
 * rows of two moves, comments (italic, wrapped) and variations indented
 * under the move they branch from, the result at the end of a finished
 * game.  It follows its game (rows rebuilt when a move is played or
 * taken back, the tree of moves is edited, or the game ends) and marks
 * `current-node` (or the main-line move that led to `current-ply`),
 * keeping it in view.  A click on a move emits "node-activated" with its
 * node and, for a move of the main line, "ply-activated" with the ply
 * after it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "kz-annotation-panel.h"
#include "kz-game.h"
#include "kz-game-analysis.h"

G_BEGIN_DECLS

#define KZ_TYPE_MOVES_VIEW (kz_moves_view_get_type ())
G_DECLARE_FINAL_TYPE (KzMovesView, kz_moves_view, KZ, MOVES_VIEW, GtkBox)

KzGame     *kz_moves_view_get_game        (KzMovesView *self);
void        kz_moves_view_set_game        (KzMovesView *self,
                                          KzGame     *game);
guint       kz_moves_view_get_current_ply (KzMovesView *self);
void        kz_moves_view_set_current_ply (KzMovesView *self,
                                          guint       ply);
/* The move highlighted: any node of the game's tree (NULL or the root:
 * none).  Setting the ply highlights the main line's node there. */
KzMoveNode *kz_moves_view_get_current_node (KzMovesView *self);
void        kz_moves_view_set_current_node (KzMovesView *self,
                                            KzMoveNode  *node);
/* An analysis of the game (or NULL): the moves it judged an inaccuracy,
 * a mistake or a blunder get their mark (kz-move-marks.h), as the
 * results arrive.  Only moves of the analysed line are marked. */
KzGameAnalysis *kz_moves_view_get_analysis (KzMovesView *self);
void        kz_moves_view_set_analysis    (KzMovesView    *self,
                                          KzGameAnalysis *analysis);
/* Shows the annotation panel under the list (while a game is reviewed):
 * the marks, Promote / Delete Variation and the comment of the current
 * node (kz-annotation-panel.h). */
gboolean    kz_moves_view_get_annotating  (KzMovesView *self);
void        kz_moves_view_set_annotating  (KzMovesView *self,
                                          gboolean     annotating);
KzAnnotationPanel *kz_moves_view_get_annotation_panel (KzMovesView *self);
/* Whether the list shows the comments (the default) or the moves only,
 * when the comments are shown elsewhere (the demonstration battle's under
 * the board). */
void        kz_moves_view_set_show_comments (KzMovesView *self,
                                            gboolean     show_comments);
/* The rows (KzMoveRow), for tests and for what is built on the list. */
GListModel *kz_moves_view_get_model       (KzMovesView *self);

G_END_DECLS
