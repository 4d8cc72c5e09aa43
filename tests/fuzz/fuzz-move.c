/* fuzz-move.c — move strings applied to positions.  The input is a KPN
 * on its first line (the start position when it does not parse) and then
 * move strings separated by white space, tried in turn.  A move the
 * engine accepts must be one of the generated moves, format back to
 * itself and keep the incremental hash equal to the computed one; a
 * refused move must come with an error code, a message and an offset
 * inside the text.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-common.h"
#include "kz-engine.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size > 8192)
    return 0;
  char *text = fuzz_strndup (data, size);
  char *moves = strchr (text, '\n');
  if (moves)
    *moves++ = '\0';
  KzPosition pos;
  KzError err;
  if (!kz_kpn_parse (text, &pos, &err))
    {
      kz_position_init_start (&pos);
      moves = text;
    }
  int plies = 0;
  for (char *save = NULL, *tok = moves ? strtok_r (moves, " \t\r\n", &save) : NULL;
       tok != NULL && plies < 1000; tok = strtok_r (NULL, " \t\r\n", &save))
    {
      KzMoveText mt;
      KzError terr;
      bool syntax_ok = kz_move_text_parse (tok, &mt, &terr);
      if (!syntax_ok)
        FUZZ_CHECK (terr.code == KZ_ERR_SYNTAX && terr.message[0] != '\0');
      else
        FUZZ_CHECK (mt.n_points >= 1 && mt.n_points <= KZ_MAX_CHAIN);
      KzMove m;
      if (!kz_move_parse (&pos, tok, &m, &err))
        {
          FUZZ_CHECK (err.code != KZ_ERR_NONE && err.message[0] != '\0');
          FUZZ_CHECK (err.offset >= -1 && err.offset <= (int) strlen (tok));
          continue;
        }
      FUZZ_CHECK (syntax_ok);
      KzMoveList list;
      kz_generate_moves (&pos, &list);
      bool found = false;
      for (int i = 0; i < list.count; i++)
        if (list.moves[i].from == m.from && list.moves[i].to == m.to
            && list.moves[i].captured == m.captured)
          found = true;
      FUZZ_CHECK (found);
      char back[KZ_MOVE_STR_MAX];
      kz_move_format (&m, back, sizeof back);
      KzMove again;
      FUZZ_CHECK (kz_move_parse (&pos, back, &again, &err));
      FUZZ_CHECK (again.from == m.from && again.to == m.to && again.captured == m.captured);
      kz_position_make_move (&pos, &m);
      plies++;
      FUZZ_CHECK (pos.hash == kz_position_compute_hash (&pos));
      if (kz_position_outcome (&pos).winner >= 0)
        break;
    }
  free (text);
  return 0;
}
