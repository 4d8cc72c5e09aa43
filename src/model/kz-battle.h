/* kz-battle.h — the demonstration battle: one whole annotated game that
 * ships with Kazaki (data/battles, compiled in as a GResource).
 *
 * The battle is a KGN file per language: demonstration.kgn (English),
 * demonstration.ru.kgn, demonstration.uk.kgn — the same moves, marks and
 * commented moves, the comments and the Event tag translated (KGN is
 * data, not a gettext catalogue; data/battles/README.md says why and how
 * to add a language).  tests/test-model-battle.c checks every file with
 * the engine.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "kz-game.h"

G_BEGIN_DECLS

/* Where the battles are compiled in (GResource). */
#define KZ_BATTLES_RESOURCE_PATH "/io/github/kazaki/Kazaki/battles"

/* The languages the demonstration battle is written in ("en" first), NULL-terminated. */
const char *const *kz_battle_list_languages (void);

/* The language of the battle to show for the language names `names` in
 * order of preference (as g_get_language_names() gives them: "ru_RU.UTF-8",
 * "ru_RU", "ru", "C"; NULL: g_get_language_names()): the first one the
 * battle is written in, else "en". */
const char *kz_battle_choose_language (const char *const *names);

/* The KGN text of the demonstration battle in `language` (NULL: the
 * user's, kz_battle_choose_language (NULL)).  NULL with `error` when it is
 * not compiled in. */
GBytes     *kz_battle_lookup (const char *language, GError **error);

/* The demonstration battle in `language` (NULL: the user's) as a game in
 * memory (not in any store). */
KzGame     *kz_battle_load (const char *language, GError **error);

G_END_DECLS
