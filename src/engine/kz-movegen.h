/* kz-movegen.h — legal move generation (RULES.md §4–§7).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-position.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Far above anything a real position produces; the generator never
 * writes past it and sets `overflow` instead (tests assert it stays
 * false over random games). */
#define KZ_MAX_MOVES 1024

typedef struct {
  int    count;
  bool   overflow;
  KzMove moves[KZ_MAX_MOVES];
} KzMoveList;

/* Every legal turn of the side to move, in no particular order; none
 * once the game is won (flag delivered, annihilation, blocked). */
int      kz_generate_moves (const KzPosition *pos, KzMoveList *list);
/* The number kz_generate_moves would return, computed faster. */
uint64_t kz_count_moves (const KzPosition *pos);
/* True when the side to move can jump an enemy piece, so its turn
 * must be a capture (RULES.md §4 "Capturing is compulsory"). */
bool     kz_capture_compulsory (const KzPosition *pos);

#ifdef __cplusplus
}
#endif
