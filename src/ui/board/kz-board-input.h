/* kz-board-input.h — turning clicks on points into moves.
 *
 * A pure state machine (no GTK): the board view feeds it clicks and
 * drops; it answers with a selection, a partial capture chain, a
 * complete legal move, or a refusal with the engine's reason.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "kz-movegen.h"
#include "kz-notation.h"

G_BEGIN_DECLS

typedef enum {
  KZ_INPUT_IGNORED,      /* nothing changed */
  KZ_INPUT_SELECTED,     /* a piece is selected now */
  KZ_INPUT_DESELECTED,   /* the selection was cancelled */
  KZ_INPUT_PARTIAL,      /* a landing point of a chain was accepted */
  KZ_INPUT_MOVE,         /* a complete legal move was identified */
  KZ_INPUT_REFUSED,      /* illegal: the error says why */
} KzInputResult;

typedef struct _KzBoardInput KzBoardInput;

KzBoardInput *kz_board_input_new            (void);
void          kz_board_input_free           (KzBoardInput *input);

/* A new position to play on; cancels the selection. */
void          kz_board_input_set_position   (KzBoardInput     *input,
                                             const KzPosition *pos);
const KzPosition *kz_board_input_get_position (KzBoardInput   *input);

/* A click on point sq (KZ_NO_POINT: outside the points). On
 * KZ_INPUT_MOVE, move is set; on KZ_INPUT_REFUSED, error is set. */
KzInputResult kz_board_input_click          (KzBoardInput *input,
                                             int           sq,
                                             KzMove       *move,
                                             KzError      *error);
/* A piece dragged from `from` and dropped on `to`. */
KzInputResult kz_board_input_drop           (KzBoardInput *input,
                                             int           from,
                                             int           to,
                                             KzMove       *move,
                                             KzError      *error);
void          kz_board_input_cancel         (KzBoardInput *input);

/* The selected piece, or KZ_NO_POINT. */
int           kz_board_input_get_selected   (KzBoardInput *input);
/* The landing points of the chain clicked so far. */
int           kz_board_input_get_path       (KzBoardInput  *input,
                                             const uint8_t **path);
/* Points that a click would advance the selected piece to (next
 * landing points or step targets). */
KzBits        kz_board_input_get_targets    (KzBoardInput *input);
/* True when the chain clicked so far is itself a complete move that
 * could also go on (clicking its last point again ends it there). */
gboolean      kz_board_input_can_stop       (KzBoardInput *input);
/* Pieces of the side to move that have a legal move. */
KzBits        kz_board_input_get_movable    (KzBoardInput *input);
/* Pieces that must capture (empty unless a capture is compulsory). */
KzBits        kz_board_input_get_must_capture (KzBoardInput *input);
/* The legal moves of the position. */
const KzMoveList *kz_board_input_get_moves  (KzBoardInput *input);

/* KzError.offset of two refusals a click makes that the engine does not
 * name (the other refusals keep the engine's offset, -1 or more). */
enum {
  /* several captures end on point_b: click each landing point in turn */
  KZ_INPUT_AMBIGUOUS = -2,
  /* the enemy piece on point_b was clicked as the destination: it is
   * captured by jumping over it onto the free point beyond, point_a
   * (KZ_NO_POINT: the selected piece cannot capture it now) */
  KZ_INPUT_ENEMY_CLICKED = -3,
};

/* A translated sentence explaining an engine error to the player. */
char         *kz_board_input_describe_error (const KzError *error);

G_END_DECLS
