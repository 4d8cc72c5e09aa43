/* kz-application.h — the Kazaki application.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "kz-store.h"

G_BEGIN_DECLS

#define KZ_TYPE_APPLICATION (kz_application_get_type ())
G_DECLARE_FINAL_TYPE (KzApplication, kz_application, KZ, APPLICATION, AdwApplication)

KzApplication *kz_application_new          (void);
GSettings     *kz_application_get_settings (KzApplication *self);
/* The game database, or NULL when it could not be opened (then
 * kz_application_get_store_error() says why). */
KzStore       *kz_application_get_store    (KzApplication *self);
const GError  *kz_application_get_store_error (KzApplication *self);
/* Where the database is (or would be). */
const char    *kz_application_get_store_path (KzApplication *self);

G_END_DECLS
