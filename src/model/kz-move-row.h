/* kz-move-row.h — one row of the move list: a move number with the
 * Cossacks' and the Turks' moves, or the result at the end.
 *
 * Rows are plain GObjects in a GListModel (kz_move_rows_fill()), so the
 * list can show more later without changing the widget: `depth` is the
 * nesting of a variation (0: the game's own moves), `comment` a note.
 * A move's `ply` is its index in the game (move i leads to ply i + 1).
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
} KzMoveRowKind;

#define KZ_TYPE_MOVE_ROW (kz_move_row_get_type ())
G_DECLARE_FINAL_TYPE (KzMoveRow, kz_move_row, KZ, MOVE_ROW, GObject)

KzMoveRow     *kz_move_row_new_moves    (guint number, guint depth);
KzMoveRow     *kz_move_row_new_result   (const char *text);
KzMoveRowKind  kz_move_row_get_kind     (KzMoveRow *self);
guint          kz_move_row_get_number   (KzMoveRow *self);
guint          kz_move_row_get_depth    (KzMoveRow *self);
/* Column 0: the Cossacks, 1: the Turks.  -1 when the column is empty
 * (the Turks moved first, or the Turks' reply is still to come). */
int            kz_move_row_get_ply      (KzMoveRow *self, KzSide side);
const char    *kz_move_row_get_text     (KzMoveRow *self, KzSide side);
void           kz_move_row_set_move     (KzMoveRow *self, KzSide side, int ply, const char *text);
/* The result row's text, or a note on a move row (NULL: none). */
const char    *kz_move_row_get_comment  (KzMoveRow *self);
void           kz_move_row_set_comment  (KzMoveRow *self, const char *comment);
/* The column (side) of move `ply` in this row, or -1. */
int            kz_move_row_find_ply     (KzMoveRow *self, int ply);

/* Replaces the rows of `store` with the moves of `game` (one row per
 * move number) and, when the game is over, a result row such as
 * "1-0 · every Turkish piece has been taken". */
void           kz_move_rows_fill        (GListStore *store, KzGame *game);
/* The row holding move `ply` in `model` (G_MAXUINT: none). */
guint          kz_move_rows_find        (GListModel *model, int ply);

G_END_DECLS
