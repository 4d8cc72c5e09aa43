/* kz-battle.c — the demonstration battle (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-battle.h"

#include "kz-kgn.h"

/* kz-battles-resources.c, made by meson from data/battles/battles.gresource.xml. */
void kz_battles_register_resource (void);

static const char *const languages[] = { "en", "ru", "uk", NULL };

const char *const *
kz_battle_list_languages (void)
{
  return languages;
}

const char *
kz_battle_choose_language (const char *const *names)
{
  if (names == NULL)
    names = g_get_language_names ();
  for (guint i = 0; names[i]; i++)
    {
      /* "ru_RU.UTF-8" and "ru_RU" end up as "ru" in the list too; "C" is English */
      if (g_str_equal (names[i], "C") || g_str_equal (names[i], "POSIX"))
        return "en";
      for (guint j = 0; languages[j]; j++)
        if (g_str_equal (names[i], languages[j]))
          return languages[j];
    }
  return "en";
}

static void
ensure_registered (void)
{
  static gsize registered = 0;

  if (g_once_init_enter (&registered))
    {
      kz_battles_register_resource ();
      g_once_init_leave (&registered, 1);
    }
}

GBytes *
kz_battle_lookup (const char *language, GError **error)
{
  g_autofree char *path = NULL;

  ensure_registered ();
  if (language == NULL)
    language = kz_battle_choose_language (NULL);
  if (g_str_equal (language, "en"))
    path = g_strdup (KZ_BATTLES_RESOURCE_PATH "/demonstration.kgn");
  else
    path = g_strdup_printf (KZ_BATTLES_RESOURCE_PATH "/demonstration.%s.kgn", language);
  return g_resources_lookup_data (path, G_RESOURCE_LOOKUP_FLAGS_NONE, error);
}

KzGame *
kz_battle_load (const char *language, GError **error)
{
  g_autoptr (GBytes) bytes = kz_battle_lookup (language, error);
  gsize size;
  const char *text;

  if (bytes == NULL)
    return NULL;
  text = g_bytes_get_data (bytes, &size);
  return kz_kgn_parse_game (text, (gssize) size, error);
}
