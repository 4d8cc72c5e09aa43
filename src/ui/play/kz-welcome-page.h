/* kz-welcome-page.h — the first start's page over the board: how to
 * begin.  Its rows activate actions: win.first-game('continue') (back to
 * the game in progress, when there is one), win.first-game('computer')
 * (the computer at the easiest level), win.first-game('two-players') and
 * app.learn (the lessons).  The window shows it (win.welcome,
 * kz-window-welcome.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define KZ_TYPE_WELCOME_PAGE (kz_welcome_page_get_type ())
G_DECLARE_FINAL_TYPE (KzWelcomePage, kz_welcome_page, KZ, WELCOME_PAGE, AdwBin)

/* Gives the keyboard focus to the first choice. */
void kz_welcome_page_focus_first (KzWelcomePage *self);
/* Offers Continue, described by `description` (the game in progress),
 * first; NULL: no game to go back to, no Continue. */
void kz_welcome_page_set_game_in_progress (KzWelcomePage *self,
                                           const char    *description);

G_END_DECLS
