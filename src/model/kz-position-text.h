/* kz-position-text.h — kz_position_check's reasons and a position's state
 * in the user's language (the position editor, imports).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "kz-engine.h"

G_BEGIN_DECLS

/* The problem as a translated sentence; in English the same words as
 * kz_position_check_format (the command line), capitalised. */
char *kz_position_describe_problem (const KzPositionCheck *check);

/* NULL when pos can be played from; else why not, translated: the first
 * rule it breaks, or that the game is already over in it. */
char *kz_position_describe_unplayable (const KzPosition *pos);

G_END_DECLS
