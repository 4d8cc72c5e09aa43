/* kz-application.h — the Kazaki application.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "kz-session.h"
#include "kz-window.h"

G_BEGIN_DECLS

#define KZ_TYPE_APPLICATION (kz_application_get_type ())
G_DECLARE_FINAL_TYPE (KzApplication, kz_application, KZ, APPLICATION, AdwApplication)

KzApplication *kz_application_new          (void);
GSettings     *kz_application_get_settings (KzApplication *self);
/* The database and the games shared by the windows (made at startup). */
KzSession     *kz_application_get_session  (KzApplication *self);
/* The main window: the active window when it is one (not Learn, Puzzles,
 * the library…), else the first main window of the application; when
 * there is none, one is made (the application activated) if `create`,
 * else NULL.  The one lookup the app actions of every room use. */
KzWindow      *kz_application_get_main_window (KzApplication *self,
                                               gboolean       create);

G_END_DECLS
