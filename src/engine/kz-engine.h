/* kz-engine.h — the whole rules engine.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-board.h"
#include "kz-position.h"
#include "kz-position-check.h"
#include "kz-movegen.h"
#include "kz-notation.h"
#include "kz-perft.h"

/* The version of the engine's judgement: the move generator, the
 * evaluation and the search together.  Bump it whenever a change can
 * alter a search result (scores, best moves) for the same position and
 * limits; stored analyses (the analysis table of the game database)
 * made by an older version are then replaced when asked for again. */
#define KZ_ENGINE_VERSION 4   /* 2: endgame tables, ending terms, budgets; 3: analyses use the tables;
                                * 4: carrier extension, blockaded apex, repetitions seen a ply ahead */
