/* kz-move-row.h — one row of the move list: a move number with the
 * Cossacks' and the Turks' moves, a comment, or the result at the end.
 *
 * Rows are plain GObjects in a GListModel (kz_move_rows_fill()).  The
 * list shows the game's tree of moves (kz-move-node.h) as PGN prints it
 * and the Lichess analysis board shows it: the main line in rows of two
 * moves; after a move, its comment in a row of its own, then the
 * variations that are alternatives to it, each a run of move rows one
 * level deeper (`depth`: 0 for the game's own moves), with their own
 * comments and variations nested inside; then the line goes on in a new
 * row ("12. … b6-a6").  A comment before the first move of a variation
 * comes just before its first row; the comment before the game's first
 * move is the first row.
 *
 * A move's `ply` is the ply before it (move i of the main line leads to
 * ply i + 1; a variation move's ply counts the same way along its line).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "kz-game.h"

G_BEGIN_DECLS

typedef enum {
  KZ_MOVE_ROW_MOVES,    /* a move number and up to two moves */
  KZ_MOVE_ROW_RESULT,   /* the game's result and how it ended */
  KZ_MOVE_ROW_COMMENT,  /* a comment (after a move, or before a variation or the game) */
} KzMoveRowKind;

#define KZ_TYPE_MOVE_ROW (kz_move_row_get_type ())
G_DECLARE_FINAL_TYPE (KzMoveRow, kz_move_row, KZ, MOVE_ROW, GObject)

KzMoveRow     *kz_move_row_new_moves    (guint number, guint depth);
KzMoveRow     *kz_move_row_new_result   (const char *text);
/* A comment row; `node` is the move it belongs to (the root for the
 * comment before the game). */
KzMoveRow     *kz_move_row_new_comment  (const char *text, guint depth, KzMoveNode *node);
/* A new row like this one (a list shows it afresh: GTK ≥ 4.12 keeps the
 * widgets of an item put back in its place without binding it again). */
KzMoveRow     *kz_move_row_copy         (KzMoveRow *self);
KzMoveRowKind  kz_move_row_get_kind     (KzMoveRow *self);
guint          kz_move_row_get_number   (KzMoveRow *self);
guint          kz_move_row_get_depth    (KzMoveRow *self);
/* Column 0: the Cossacks, 1: the Turks.  -1 when the column is empty
 * (the Turks moved first, the line goes on after a comment or a
 * variation, or the Turks' reply is still to come). */
int            kz_move_row_get_ply      (KzMoveRow *self, KzSide side);
const char    *kz_move_row_get_text     (KzMoveRow *self, KzSide side);
void           kz_move_row_set_move     (KzMoveRow *self, KzSide side, int ply, const char *text);
/* The node of a column's move (NULL when empty or not set from a node). */
KzMoveNode    *kz_move_row_get_node     (KzMoveRow *self, KzSide side);
void           kz_move_row_set_node     (KzMoveRow *self, KzSide side, KzMoveNode *node);
/* The move as the list shows it: its notation, its mark and the symbols
 * of its other NAGs, e.g. "b6-a6!?" or "c4-c5 +/=" (NULL when empty). */
char          *kz_move_row_dup_label    (KzMoveRow *self, KzSide side);
/* The result row's text, a comment row's comment, or a note on a move
 * row (NULL: none). */
const char    *kz_move_row_get_comment  (KzMoveRow *self);
void           kz_move_row_set_comment  (KzMoveRow *self, const char *comment);
/* The column (side) of move `ply` in this row, or -1. */
int            kz_move_row_find_ply     (KzMoveRow *self, int ply);
/* The column (side) of `node` in this row, or -1. */
int            kz_move_row_find_node    (KzMoveRow *self, KzMoveNode *node);

/* Replaces the rows of `store` with the game's tree as described above
 * and, when the game is over, a result row such as
 * "1-0 · every Turkish piece has been taken". */
void           kz_move_rows_fill        (GListStore *store, KzGame *game);
/* The same, with the comments (`comments` TRUE) or without: then a move
 * row is split only where a variation branches. */
void           kz_move_rows_fill_full   (GListStore *store, KzGame *game, gboolean comments);
/* The main-line row (depth 0) holding move `ply` in `model` (G_MAXUINT: none). */
guint          kz_move_rows_find        (GListModel *model, int ply);
/* The row holding the move of `node` (G_MAXUINT: none, or the root). */
guint          kz_move_rows_find_node   (GListModel *model, KzMoveNode *node);

/* The symbol of a NAG shown after a move: the marks "!" … "?!" ($1–$6)
 * and the usual evaluation signs ($10 "=", $13 "∞", $14 "+/=", $15 "=/+",
 * $16 "±", $17 "∓", $18 "+−", $19 "−+"; plain characters that every
 * font has); NULL for the others. */
const char    *kz_nag_to_symbol         (guint nag);

G_END_DECLS
