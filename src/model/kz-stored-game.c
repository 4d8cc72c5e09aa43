/* kz-stored-game.c — a game from the rows the store hands back.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-stored-game.h"
#include "kz-game-private.h"
#include "kz-move-node-private.h"

#include <inttypes.h>

G_DEFINE_QUARK (kz-stored-game-error-quark, kz_stored_game_error)

/* ---------------------------------------------------------------------- */
/* KzGameInfo                                                              */

KzGameInfo *
kz_game_info_copy (const KzGameInfo *info)
{
  KzGameInfo *copy = g_new (KzGameInfo, 1);
  *copy = *info;
  copy->cossacks = g_strdup (info->cossacks);
  copy->turks = g_strdup (info->turks);
  copy->start_kpn = g_strdup (info->start_kpn);
  copy->final_kpn = g_strdup (info->final_kpn);
  return copy;
}

void
kz_game_info_free (KzGameInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->cossacks);
  g_free (info->turks);
  g_free (info->start_kpn);
  g_free (info->final_kpn);
  g_free (info);
}

G_DEFINE_BOXED_TYPE (KzGameInfo, kz_game_info, kz_game_info_copy, kz_game_info_free)

/* ---------------------------------------------------------------------- */
/* The rows                                                                */

static void
move_clear (gpointer data)
{
  KzStoredMove *m = data;
  g_free (m->text);
}

static void
note_clear (gpointer data)
{
  KzStoredNote *n = data;
  g_free (n->comment);
  g_free (n->nags);
}

static void
variation_clear (gpointer data)
{
  KzStoredVariation *v = data;
  g_free (v->move);
  g_free (v->comment);
  g_free (v->before);
  g_free (v->nags);
}

KzStoredGame *
kz_stored_game_new (void)
{
  KzStoredGame *stored = g_new0 (KzStoredGame, 1);
  stored->turn_clock = -1;
  stored->moves = g_array_new (FALSE, TRUE, sizeof (KzStoredMove));
  g_array_set_clear_func (stored->moves, move_clear);
  stored->notes = g_array_new (FALSE, TRUE, sizeof (KzStoredNote));
  g_array_set_clear_func (stored->notes, note_clear);
  stored->variations = g_array_new (FALSE, TRUE, sizeof (KzStoredVariation));
  g_array_set_clear_func (stored->variations, variation_clear);
  return stored;
}

void
kz_stored_game_free (KzStoredGame *stored)
{
  if (stored == NULL)
    return;
  g_clear_pointer (&stored->info, kz_game_info_free);
  g_strfreev (stored->tags);
  g_array_unref (stored->moves);
  g_array_unref (stored->notes);
  g_array_unref (stored->variations);
  g_free (stored);
}

/* ---------------------------------------------------------------------- */
/* The game                                                                */

/* The notes and the variations. */
static void
load_tree (KzGame *game, const KzStoredGame *stored, const char *source)
{
  for (guint i = 0; i < stored->notes->len; i++)
    {
      const KzStoredNote *n = &g_array_index (stored->notes, KzStoredNote, i);
      KzMoveNode *node = kz_game_get_main_node (game, (guint) MAX (n->ply, 0));
      if (node == NULL)
        continue;
      kz_move_node_set_comment (node, n->comment);
      kz_move_node_set_nags_from_text (node, n->nags);
    }

  g_autoptr (GHashTable) nodes = g_hash_table_new (g_int64_hash, g_int64_equal);
  for (guint i = 0; i < stored->variations->len; i++)
    {
      const KzStoredVariation *v = &g_array_index (stored->variations, KzStoredVariation, i);
      KzMoveNode *parent = v->from_main
                           ? (v->ply >= 1 ? kz_game_get_main_node (game, (guint) v->ply - 1) : NULL)
                           : g_hash_table_lookup (nodes, &v->parent);
      GError *local = NULL;
      KzMoveNode *node = NULL;
      if (parent && v->move && (int) parent->ply + 1 == v->ply)
        node = kz_game_load_variation (game, parent, v->move, v->key, v->rank, &local);
      if (node == NULL)
        {
          g_warning ("Game %" PRId64 " in “%s”: variation move %" PRId64 " (%s) left out: %s",
                     stored->info->id, source, v->key, v->move ? v->move : "?",
                     local ? local->message : "it does not follow a stored move");
          g_clear_error (&local);
          continue;
        }
      kz_move_node_set_comment (node, v->comment);
      kz_move_node_set_comment_before (node, v->before);
      kz_move_node_set_nags_from_text (node, v->nags);
      g_hash_table_insert (nodes, &node->key, node);
    }
}

KzGame *
kz_game_new_from_stored (const KzStoredGame *stored, KzRecorder *recorder,
                         const char *source, guint *bad_move, GError **error)
{
  g_return_val_if_fail (stored != NULL && stored->info != NULL, NULL);
  const KzGameInfo *info = stored->info;
  *bad_move = 0;
  GError *local = NULL;
  g_autoptr (KzGame) game = kz_game_new_from_kpn (info->start_kpn, &local);
  if (game == NULL)
    {
      g_set_error_literal (error, KZ_STORED_GAME_ERROR, KZ_STORED_GAME_ERROR_BAD_START,
                           local->message);
      g_error_free (local);
      return NULL;
    }
  kz_game_set_player (game, KZ_COSSACKS, info->cossacks, info->kind[0], info->level[0]);
  kz_game_set_player (game, KZ_TURKS, info->turks, info->kind[1], info->level[1]);
  kz_game_set_start_time (game, info->start_time);
  for (guint i = 0; stored->tags && stored->tags[i] && stored->tags[i + 1]; i += 2)
    kz_game_set_tag (game, stored->tags[i], stored->tags[i + 1]);

  for (guint i = 0; i < stored->moves->len; i++)
    {
      const KzStoredMove *m = &g_array_index (stored->moves, KzStoredMove, i);
      guint expect = i + 1;
      if (m->ply != (int) expect || m->text == NULL)
        {
          *bad_move = expect;
          g_set_error_literal (error, KZ_STORED_GAME_ERROR, KZ_STORED_GAME_ERROR_MISSING_MOVE,
                               "");
          return NULL;
        }
      gboolean ok = kz_game_load_move (game, m->text, m->played_ms, &local);
      if (!ok && kz_game_get_termination (game) == KZ_TERMINATION_NO_PROGRESS)
        {
          /* Played on after the no-progress draw (by a Kazaki without the
           * rule): the game has been played without it. */
          g_clear_error (&local);
          kz_game_set_tag (game, "NoProgress", "off");
          kz_game_load_outcome (game, KZ_RESULT_NONE, KZ_TERMINATION_NONE, 0);
          ok = kz_game_load_move (game, m->text, m->played_ms, &local);
        }
      if (!ok)
        {
          *bad_move = expect;
          g_set_error_literal (error, KZ_STORED_GAME_ERROR, KZ_STORED_GAME_ERROR_BAD_MOVE,
                               local->message);
          g_error_free (local);
          return NULL;
        }
      kz_game_load_move_clock (game, i, MAX (m->clock_ms, -1));
    }
  load_tree (game, stored, source);
  /* The rules decide flag/annihilation/blocked/repetition on replay; an
   * agreed draw or a resignation comes from the row. */
  if (!kz_game_is_over (game) && info->result != KZ_RESULT_NONE)
    kz_game_load_outcome (game, info->result, info->termination, info->end_time);
  if (stored->turn_clock >= 0)
    kz_game_load_turn_clock (game, stored->turn_clock);
  kz_game_attach (game, recorder, info->id);
  return g_steal_pointer (&game);
}
