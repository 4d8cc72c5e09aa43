/* kz-move-marks.h — how the move list and the evaluation graph mark the
 * moves an analysis judged (kz-analysis.h): inaccuracy "?!" yellow,
 * mistake "?" orange, blunder "??" red, each with its name for
 * assistive technologies.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "kz-analysis.h"

G_BEGIN_DECLS

/* The mark's colour; FALSE (nothing drawn) for the unmarked classes. */
gboolean    kz_move_mark_color     (KzMoveClass cls, GdkRGBA *color);
/* "inaccuracy", "mistake", "blunder" (style classes of style.css, with
 * "move-mark"), or NULL for the unmarked classes. */
const char *kz_move_mark_css_class (KzMoveClass cls);
/* Shows a move in a label with its mark: the text gets the symbol
 * ("c4-c5?"), the label the style class, and its accessible label says
 * the move and its class ("c4-c5, Mistake").  When move_text ends with
 * the reviewer's own mark (`user_marked`), the computer's symbol stands
 * apart from it, in the mark's colour ("c4-c5?? ?"), and the move keeps
 * the text's colour.  An unmarked class clears all of it again. */
void        kz_move_mark_apply     (GtkLabel *label, const char *move_text, gboolean user_marked,
                                    KzMoveClass cls);

/* The name of a reviewer's mark ($1 "!" … $6 "?!", kz-move-node.h),
 * translated: "Good move", "Mistake", "Brilliant move", "Blunder",
 * "Interesting move", "Dubious move"; NULL for any other NAG. */
const char *kz_nag_describe        (guint nag);

G_END_DECLS
