/* kz-cli-troops.c — kazaki-cli troops: the troop types the pieces show
 * and the sources of their histories.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-cli.h"

#include <glib.h>

#include "kz-troops.h"

int
kz_cli_troops (int argc, char **argv, const KzCliGlobal *global)
{
  (void) global;
  for (int i = 1; i < argc; i++)
    {
      if (kz_cli_is_help (argv[i]))
        {
          printf ("Usage: kazaki-cli troops\n"
                  "\n"
                  "One line per troop type of each side: SIDE<TAB>TROOP<TAB>SOURCE, where\n"
                  "SOURCE is \"Author, Title, Year\" of each source of its history, joined\n"
                  "by \" | \".  The sources and their quoted passages: doc/SOURCES.md.\n");
          return KZ_CLI_OK;
        }
      return kz_cli_bad_input ("troops", "unexpected argument '%s'", argv[i]);
    }

  guint n;
  const KzTroopInfo *all = kz_troops_get_all (&n);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr (GString) line = g_string_new (NULL);
      g_string_append_printf (line, "%s\t%s\t", all[i].side == KZ_COSSACKS ? "cossacks" : "turks",
                              all[i].key);
      guint ns = kz_troop_info_count_sources (&all[i]);
      for (guint s = 0; s < ns; s++)
        {
          g_autofree char *text = kz_troop_source_format (&all[i].sources[s]);
          if (s > 0)
            g_string_append (line, " | ");
          g_string_append (line, text);
        }
      printf ("%s\n", line->str);
    }
  return KZ_CLI_OK;
}
