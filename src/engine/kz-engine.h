/* kz-engine.h — the whole rules engine.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-board.h"
#include "kz-position.h"
#include "kz-movegen.h"
#include "kz-notation.h"
#include "kz-perft.h"
