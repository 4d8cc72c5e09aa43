/* kz-learn-app.h — the application's Learn action.
 *
 *   app.learn          the Learn window: the lessons (one window per application)
 *   app.demonstration  the demonstration battle ("Watch a Battle"): a whole
 *                      game with comments, played on by itself in the main
 *                      window's review (kz_window_show_demonstration())
 *   app.guided-game    a guided game in the main window (its win.guided-game)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-application.h"

G_BEGIN_DECLS

/* Called from the application's startup. */
void kz_learn_app_init (KzApplication *app);

G_END_DECLS
