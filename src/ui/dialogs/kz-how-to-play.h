/* kz-how-to-play.h — the "How to Play" window: the rules of RULES.md in
 * plain words, with board diagrams drawn by KzBoardView.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* A new window explaining the rules (an AdwWindow, works with
 * libadwaita 1.2 and newer without deprecated API). */
GtkWidget *kz_how_to_play_window_new (void);

/* Shows it, not modal, transient for the window of `parent` (may be
 * NULL): one window, hidden when closed, so it opens again where it was
 * (its scroll position).  Returns it (owned by GTK). */
GtkWidget *kz_show_how_to_play (GtkWidget *parent);

G_END_DECLS
