/* kz-puzzles-app.h — the application's puzzle trainer action, app.puzzles:
 * opens (or raises) the one KzPuzzlesWindow.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-application.h"

G_BEGIN_DECLS

void kz_puzzles_app_init (KzApplication *app);

G_END_DECLS
