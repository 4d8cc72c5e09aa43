/* kz-narrow-layout.h — the main window's layout for narrow windows
 * (phones): on libadwaita ≥ 1.4 an AdwBreakpoint puts the side panel
 * under the board.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

/* Below 640 sp wide: `main_box` (`board_column`, then `side_panel`)
 * turns vertical and the panel goes under the board, as wide as the
 * window, taking no more height than it needs; the header drops its New
 * Game button, the panel's toggle, Flip Board, How to Play and Pause.  The move list (`moves` and the
 * heading before it) stays only in windows at least 820 sp tall; below
 * 540 sp the panel is hidden.  FALSE (nothing done) on
 * libadwaita < 1.4: the caller hides the panel there instead. */
gboolean kz_narrow_layout_add (AdwApplicationWindow *window,
                               GtkWidget            *main_box,
                               GtkWidget            *board_column,
                               GtkWidget            *side_panel,
                               GtkWidget            *moves,
                               GtkWidget            *flip);

/* libadwaita < 1.4 (no breakpoints): for a window narrower than 640 px,
 * the header leaves out New Game, Flip Board, How to Play and the side
 * panel's toggle (all in the main menu and on their keys), so that the
 * window can get as narrow as 360 px and the title stays whole, on at
 * most three lines. */
void     kz_narrow_layout_set_narrow_header (AdwApplicationWindow *window,
                                             gboolean              narrow);

G_END_DECLS
