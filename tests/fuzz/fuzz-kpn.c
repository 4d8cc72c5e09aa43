/* fuzz-kpn.c — KPN positions (RULES.md §8): a text the parser accepts
 * formats back to a KPN that parses to the same position and formats
 * identically; its hash is the computed one; every generated move
 * formats to a string that parses back to the same move.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-common.h"
#include "kz-engine.h"

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size > 4096)
    return 0;
  char *text = fuzz_strndup (data, size);
  KzPosition pos;
  KzError err;
  if (kz_kpn_parse (text, &pos, &err))
    {
      FUZZ_CHECK (pos.hash == kz_position_compute_hash (&pos));
      char buf[KZ_KPN_MAX], buf2[KZ_KPN_MAX];
      size_t n = kz_kpn_format (&pos, buf, sizeof buf);
      FUZZ_CHECK (n > 0 && n < sizeof buf);
      KzPosition back;
      FUZZ_CHECK (kz_kpn_parse (buf, &back, &err));
      FUZZ_CHECK (kz_position_equal (&pos, &back));
      kz_kpn_format (&back, buf2, sizeof buf2);
      FUZZ_CHECK (strcmp (buf, buf2) == 0);

      KzMoveList list;
      int count = kz_generate_moves (&pos, &list);
      FUZZ_CHECK (count == list.count);
      for (int i = 0; i < list.count; i++)
        {
          char mv[KZ_MOVE_STR_MAX];
          kz_move_format (&list.moves[i], mv, sizeof mv);
          KzMove m;
          FUZZ_CHECK (kz_move_parse (&pos, mv, &m, &err));
          FUZZ_CHECK (m.from == list.moves[i].from && m.to == list.moves[i].to
                      && m.captured == list.moves[i].captured);
        }
    }
  else
    FUZZ_CHECK (err.code != KZ_ERR_NONE && err.message[0] != '\0');
  free (text);
  return 0;
}
