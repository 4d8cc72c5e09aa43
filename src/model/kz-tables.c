/* kz-tables.c — loading the endgame tables once per process (kz-tables.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-tables.h"

#include "kz-egtb.h"

gboolean
kz_tables_ensure (void)
{
  const char *env = g_getenv ("KAZAKI_EGTB");
  g_autofree char *path = NULL;

  if (kz_egtb_available ())
    return TRUE;
  if (env && *env)
    path = g_strdup (env);
  else
    {
      char name[64];
      g_snprintf (name, sizeof name, "endgame-%d-v%d.kzt", KZ_EGTB_MAX_PIECES,
                  KZ_EGTB_FORMAT_VERSION);
      g_autofree char *dir = g_build_filename (g_get_user_cache_dir (), "kazaki", NULL);
      g_mkdir_with_parents (dir, 0700);
      path = g_build_filename (dir, name, NULL);
    }
  if (!kz_egtb_init (path, NULL))
    {
      g_debug ("no memory for the endgame tables");
      return FALSE;
    }
  return TRUE;
}
