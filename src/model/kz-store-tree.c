/* kz-store-tree.c — the tree of moves of a stored game: notes and
 * variations, one edit one transaction (kz_recorder_edit_tree()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-store.h"
#include "kz-store-internal.h"
#include "kz-store-private.h"
#include "kz-move-node-private.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <unistd.h>
#include <sqlite3.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

/* ---------------------------------------------------------------------- */
/* The tree of moves                                                       */


/* Writes a note (comment, comment before, NAGs) of a node: a main-line
 * node's into notes (an empty note is no row), a variation node's into
 * its row. */
static gboolean
write_note (KzStore *self, gint64 id, const KzTreeNote *note, GError **error,
            const char *doing)
{
  KzMoveNode *node = note->node;
  const char *comment = note->comment ? note->comment : "";
  const char *nags = note->nags ? note->nags : "";
  sqlite3_stmt *s;
  if (node->main)
    {
      gboolean empty = comment[0] == '\0' && nags[0] == '\0';
      s = kz_store_stmt (self, empty ? STMT_DELETE_NOTE : STMT_SET_NOTE, error);
      if (s == NULL)
        return FALSE;
      sqlite3_bind_int64 (s, 1, id);
      sqlite3_bind_int (s, 2, (int) node->ply);
      if (!empty)
        {
          kz_store_bind_text (s, 3, comment);
          kz_store_bind_text (s, 4, nags);
        }
      return kz_store_step_cached (self, s, error, doing);
    }
  s = kz_store_stmt (self, STMT_UPDATE_VARIATION_NOTE, error);
  if (s == NULL)
    return FALSE;
  sqlite3_bind_int64 (s, 1, id);
  sqlite3_bind_int64 (s, 2, node->key);
  kz_store_bind_text (s, 3, comment);
  kz_store_bind_text (s, 4, note->before);
  kz_store_bind_text (s, 5, nags);
  if (!kz_store_step_cached (self, s, error, doing))
    return FALSE;
  if (sqlite3_changes (self->db) != 1)
    return kz_store_game_changed_elsewhere (self, id, error);
  return TRUE;
}

/* Inserts the variation node `node` (child of `parent`) and every node
 * after it. */
static gboolean
insert_subtree (KzStore *self, gint64 id, KzMoveNode *node, KzMoveNode *parent, GError **error,
                const char *doing)
{
  /* Along the line without recursion, into its variations with it. */
  for (; node != NULL;
       parent = node, node = node->children->len ? g_ptr_array_index (node->children, 0) : NULL)
    {
      sqlite3_stmt *s = kz_store_stmt (self, STMT_INSERT_VARIATION, error);
      if (s == NULL)
        return FALSE;
      g_autofree char *nags = kz_move_node_nags_to_text (node);
      sqlite3_bind_int64 (s, 1, id);
      sqlite3_bind_int64 (s, 2, node->key);
      if (parent->main)
        sqlite3_bind_null (s, 3);
      else
        sqlite3_bind_int64 (s, 3, parent->key);
      sqlite3_bind_int (s, 4, (int) node->ply);
      sqlite3_bind_int64 (s, 5, node->rank);
      kz_store_bind_text (s, 6, node->text);
      kz_store_bind_text (s, 7, node->comment);
      kz_store_bind_text (s, 8, node->before);
      kz_store_bind_text (s, 9, nags);
      if (!kz_store_step_cached (self, s, error, doing))
        return FALSE;
      for (guint i = 1; i < node->children->len; i++)
        if (!insert_subtree (self, id, g_ptr_array_index (node->children, i), node, error, doing))
          return FALSE;
    }
  return TRUE;
}

/* Writes the whole tree of a new game: the main line's notes and every
 * variation. */
gboolean
kz_store_insert_tree (KzStore *self, gint64 id, KzGame *game, GError **error, const char *doing)
{
  for (guint ply = 0; ply <= kz_game_get_ply (game); ply++)
    {
      KzMoveNode *node = kz_game_get_main_node (game, ply);
      if (node->comment[0] || node->n_nags)
        {
          g_autofree char *nags = kz_move_node_nags_to_text (node);
          KzTreeNote note = { node, node->comment, "", nags };
          if (!write_note (self, id, &note, error, doing))
            return FALSE;
        }
      for (guint i = 0; i < node->children->len; i++)
        {
          KzMoveNode *child = g_ptr_array_index (node->children, i);
          if (!child->main && !insert_subtree (self, id, child, node, error, doing))
            return FALSE;
        }
    }
  return TRUE;
}

gboolean
kz_store_edit_tree (KzRecorder *recorder, gint64 id, const KzTreeEdit *edit, GError **error)
{
  KzStore *self = KZ_STORE (recorder);
  const char *doing = _("saving the annotation");
  if (!kz_store_begin (self, error, doing))
    return FALSE;
  sqlite3_stmt *s;
  if (edit->remove)
    {
      s = kz_store_stmt (self, STMT_DELETE_VARIATION, error);
      if (s == NULL)
        goto fail;
      sqlite3_bind_int64 (s, 1, id);
      sqlite3_bind_int64 (s, 2, edit->remove->key);
      if (!kz_store_step_cached (self, s, error, doing))
        goto fail;
      if (sqlite3_changes (self->db) != 1)
        return kz_store_game_changed_elsewhere (self, id, error);
    }
  if (edit->insert && !insert_subtree (self, id, edit->insert, edit->insert_parent, error, doing))
    goto fail;
  for (guint i = 0; i < edit->n_notes; i++)
    if (!write_note (self, id, &edit->notes[i], error, doing))
      return FALSE;  /* write_note rolled back when the row was gone */
  for (guint i = 0; i < edit->n_rerank; i++)
    {
      s = kz_store_stmt (self, STMT_RERANK_VARIATION, error);
      if (s == NULL)
        goto fail;
      sqlite3_bind_int64 (s, 1, id);
      sqlite3_bind_int64 (s, 2, edit->rerank[i]->key);
      sqlite3_bind_int64 (s, 3, edit->ranks[i]);
      if (!kz_store_step_cached (self, s, error, doing))
        goto fail;
    }
  return kz_store_commit (self, error, doing);

fail:
  kz_store_rollback (self);
  return FALSE;
}
