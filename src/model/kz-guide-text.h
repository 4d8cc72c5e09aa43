/* kz-guide-text.h — the guided game's sentences (kz-guide.h's facts in
 * words, through gettext): one sentence for a move of the computer, the
 * compulsory captures, the pieces in danger and the flags' roads home.
 * Only what the position shows is said; "you" is the human player.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "kz-guide.h"

G_BEGIN_DECLS

/* "c4", "c4 and d3", "c4, d3 and e3". */
char *kz_guide_points_text      (KzBits points);
/* One sentence for `move` (legal in `before`), made by the opponent of
 * the player: "Took c4: capturing is compulsory." */
char *kz_guide_explain_move     (const KzPosition *before,
                                 const KzMove     *move);
/* For the side to move: "Capturing is compulsory: c4 can take c5." or
 * NULL when it is not. */
char *kz_guide_must_capture_text (const KzPosition *pos);
/* The pieces of `side` the other side could take next turn (always a
 * sentence, also when there are none). */
char *kz_guide_danger_text      (const KzPosition *pos,
                                 KzSide            side);
/* The road home of the flag of `flag`, said to the player of `player`;
 * NULL when the flag has no road. */
char *kz_guide_road_text        (const KzFlagRoad *road,
                                 KzSide            player);

/* Why the guided game warns before `move` of the side to move in `pos`
 * (risk from kz_guide_should_warn): "After c4-c5 the computer can take
 * your pieces on b4, d4 and c5." */
char *kz_guide_warning_text     (const KzPosition  *pos,
                                 const KzMove      *move,
                                 const KzGuideRisk *risk);

G_END_DECLS
