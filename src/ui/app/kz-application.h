/* kz-application.h — the Kazaki application.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "kz-session.h"

G_BEGIN_DECLS

#define KZ_TYPE_APPLICATION (kz_application_get_type ())
G_DECLARE_FINAL_TYPE (KzApplication, kz_application, KZ, APPLICATION, AdwApplication)

KzApplication *kz_application_new          (void);
GSettings     *kz_application_get_settings (KzApplication *self);
/* The database and the games shared by the windows (made at startup). */
KzSession     *kz_application_get_session  (KzApplication *self);

G_END_DECLS
