/* kz-draw-bar.h — the computer's draw offer, a banner over the board
 * column: what it offers and why, with Decline and Accept Draw (the
 * window's actions win.draw-decline and win.draw-accept).  It does not
 * block the game: the player may also just play on.  Shown, it is
 * announced to assistive technologies (an alert).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define KZ_TYPE_DRAW_BAR (kz_draw_bar_get_type ())
G_DECLARE_FINAL_TYPE (KzDrawBar, kz_draw_bar, KZ, DRAW_BAR, AdwBin)

/* Reveals the bar with `text` (NULL: hides it). */
void        kz_draw_bar_set_text (KzDrawBar  *self,
                                  const char *text);
/* The text shown, or NULL when hidden. */
const char *kz_draw_bar_get_text (KzDrawBar *self);

G_END_DECLS
