/* kz-troops-window.h — the Troops page: who the pieces are.
 *
 * One card per troop type of each side (kz-troops.h): the piece as the
 * board draws it, its name, a short history, where it stands at the start
 * (a small board) and the sources of the history.  Opened by app.troops
 * and by "Who is this?" on a piece of the board.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "kz-game.h"

G_BEGIN_DECLS

/* A new Troops window (an AdwWindow); scrolled to the card of the side's
 * troop when troop >= 0. */
GtkWidget *kz_troops_window_new (KzSide side, int troop);

/* Shows it, transient for the window of `parent` (may be NULL). */
void       kz_show_troops (GtkWidget *parent, KzSide side, int troop);

/* The picture of a troop as the board draws it, into a Cairo context
 * centred at (x, y): for the Troops page and its tests. */
void       kz_troops_paint_picture (cairo_t *cr, double x, double y, double radius,
                                    KzSide side, KzTroop troop, gboolean dark);

G_END_DECLS
