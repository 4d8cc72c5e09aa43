/* kz-learn-app.h — the application's Learn action.
 *
 *   app.learn   the Learn window: the lessons (one window per application)
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-application.h"

G_BEGIN_DECLS

/* Called from the application's startup. */
void kz_learn_app_init (KzApplication *app);

G_END_DECLS
