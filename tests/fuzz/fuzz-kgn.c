/* fuzz-kgn.c — KGN import: parse → export → parse must agree.  Every good
 * game exports to a text that parses back to exactly one game, with no
 * problem, that exports identically; every bad game's message is valid
 * UTF-8, bounded and names a line and column; the stream reader (small
 * blocks) finds the same games and problems as the reader over memory.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-common.h"

#include <gio/gio.h>

#include "kz-kgn.h"

static void
check_problem (const KzKgnProblem *p)
{
  FUZZ_CHECK (p->error != NULL && p->error->domain == KZ_KGN_ERROR);
  FUZZ_CHECK (p->line >= 1 && p->column >= 1 && p->game_line >= 1);
  FUZZ_CHECK (g_utf8_validate (p->error->message, -1, NULL));
  FUZZ_CHECK (strlen (p->error->message) < 2000);
  FUZZ_CHECK (g_str_has_prefix (p->error->message, "line "));
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size > 65536)
    return 0;
  g_autoptr (KzKgnReader) reader = kz_kgn_reader_new ((const char *) data, (gssize) size);
  g_autoptr (GInputStream) in = g_memory_input_stream_new_from_data (data, (gssize) size, NULL);
  g_autoptr (KzKgnReader) streamed = kz_kgn_reader_new_for_stream (in);
  guint n = 0;
  for (;;)
    {
      KzGame *game = NULL, *game2 = NULL;
      KzKgnProblem *problem = NULL, *problem2 = NULL;
      GError *error = NULL;
      gboolean more = kz_kgn_reader_next (reader, &game, &problem, NULL, &error);
      FUZZ_CHECK (error == NULL);
      gboolean more2 = kz_kgn_reader_next (streamed, &game2, &problem2, NULL, &error);
      FUZZ_CHECK (error == NULL);
      FUZZ_CHECK (more == more2);
      if (!more)
        break;
      FUZZ_CHECK (n++ < size + 1);
      FUZZ_CHECK ((game != NULL) == (game2 != NULL));
      if (problem)
        {
          check_problem (problem);
          FUZZ_CHECK (problem2 != NULL);
          FUZZ_CHECK (problem->line == problem2->line && problem->column == problem2->column);
          FUZZ_CHECK (strcmp (problem->error->message, problem2->error->message) == 0);
          kz_kgn_problem_free (problem);
          kz_kgn_problem_free (problem2);
          continue;
        }
      g_autofree char *text = kz_kgn_export_game (game);
      g_autofree char *text2 = kz_kgn_export_game (game2);
      FUZZ_CHECK (strcmp (text, text2) == 0);
      g_autoptr (GError) again_error = NULL;
      g_autoptr (KzGame) again = kz_kgn_parse_game (text, -1, &again_error);
      if (again == NULL)
        {
          fprintf (stderr, "export does not parse back: %s\n%s", again_error->message, text);
          abort ();
        }
      g_autofree char *text3 = kz_kgn_export_game (again);
      if (strcmp (text, text3) != 0)
        {
          fprintf (stderr, "export → import → export differs:\n%s---\n%s", text, text3);
          abort ();
        }
      FUZZ_CHECK (kz_game_get_ply (again) == kz_game_get_ply (game));
      FUZZ_CHECK (kz_game_get_result (again) == kz_game_get_result (game));
      FUZZ_CHECK (kz_player_name_validate (kz_game_get_player_name (again, KZ_COSSACKS), NULL));
      FUZZ_CHECK (kz_player_name_validate (kz_game_get_player_name (again, KZ_TURKS), NULL));
      g_object_unref (game);
      g_object_unref (game2);
    }
  return 0;
}
