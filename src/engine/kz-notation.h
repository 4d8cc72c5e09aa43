/* kz-notation.h — KPN positions and move strings (RULES.md §8).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stddef.h>

#include "kz-movegen.h"

#ifdef __cplusplus
extern "C" {
#endif

#define KZ_START_KPN "ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/ccccc c home home"

/* Longest KPN: 41 board characters, 8 slashes, side, two flags, spaces. */
#define KZ_KPN_MAX 80
/* Longest move: a point and 16 jumps "xc6". */
#define KZ_MOVE_STR_MAX (2 + 3 * KZ_MAX_CHAIN + 1)

typedef enum {
  KZ_ERR_NONE = 0,
  KZ_ERR_SYNTAX,              /* malformed text */
  KZ_ERR_INVALID_POSITION,    /* well formed, but breaks the rules */
  KZ_ERR_GAME_OVER,           /* no move can be played */
  KZ_ERR_NO_PIECE,            /* point_a is empty */
  KZ_ERR_NOT_YOURS,           /* point_a holds the opponent's piece */
  KZ_ERR_CAPTURE_COMPULSORY,  /* a step while a capture is compulsory */
  KZ_ERR_NOT_ADJACENT,        /* point_a and point_b are not joined by a line */
  KZ_ERR_NOT_FREE,            /* point_b is not free */
  KZ_ERR_NOT_A_JUMP,          /* no jump path from point_a to point_b */
  KZ_ERR_NOTHING_TO_JUMP,     /* the jump point_a → point_b passes no enemy */
  KZ_ERR_FORBIDDEN_BEND,      /* the top-down rule forbids point_a → point_b */
  KZ_ERR_CHAIN_INCOMPLETE,    /* the chain must go on from point_a */
  KZ_ERR_ILLEGAL,             /* any other illegal move */
} KzErrorCode;

typedef struct {
  KzErrorCode code;
  int  offset;        /* byte offset in the text, -1 when not about one place */
  int  point_a;
  int  point_b;
  char message[256];  /* English, for logs and the command line */
} KzError;

/* The syntax of a move, before it is checked against a position. */
typedef struct {
  int     from;
  int     n_points;         /* landing points after `from` */
  bool    capture;          /* joined by 'x' rather than '-' */
  uint8_t points[KZ_MAX_CHAIN];
} KzMoveText;

bool   kz_kpn_parse (const char *text, KzPosition *pos, KzError *error);
/* Only the syntax: a position that breaks the rules is returned too (the
 * position editor shows it with kz_position_check's reason). */
bool   kz_kpn_parse_unchecked (const char *text, KzPosition *pos, KzError *error);
size_t kz_kpn_format (const KzPosition *pos, char *buf, size_t size);

size_t kz_move_format (const KzMove *move, char *buf, size_t size);
bool   kz_move_text_parse (const char *text, KzMoveText *out, KzError *error);
/* Parses a move and finds it among the legal moves of pos; when it is
 * not legal, error says why (code, points and an English message). */
bool   kz_move_parse (const KzPosition *pos, const char *text, KzMove *move,
                      KzError *error);

const char *kz_side_name (KzSide side);        /* "Cossacks", "Turks" */
const char *kz_reason_name (KzReason reason);  /* "flag", "annihilation", "blocked" */

#ifdef __cplusplus
}
#endif
