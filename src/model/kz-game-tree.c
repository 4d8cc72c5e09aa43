/* kz-game-tree.c — editing a game's tree of moves: variations, comments,
 * NAGs, deletion (with undo) and promotion.  Every edit is committed to
 * the recorder first (kz_recorder_edit_tree(): the store), then made in memory and
 * announced ("tree-changed").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-game.h"
#include "kz-game-private.h"
#include "kz-move-node-private.h"
#include "kz-recorder.h"

#include <string.h>
#include <glib/gi18n-lib.h>

void
kz_game_deletion_free (KzGameDeletion *deletion)
{
  if (deletion == NULL)
    return;
  g_clear_object (&deletion->parent);
  g_clear_object (&deletion->node);
  g_clear_object (&deletion->moved);
  g_free (deletion->parent_comment);
  g_free (deletion->moved_before);
  g_free (deletion);
}

/* Whether `node` belongs to this game's tree. */
static gboolean
in_tree (KzGame *self, KzMoveNode *node)
{
  if (!KZ_IS_MOVE_NODE (node))
    return FALSE;
  KzMoveNode *n = node;
  while (n->parent)
    n = n->parent;
  return n == kz_game_get_root (self);
}

static gboolean
not_in_tree (GError **error)
{
  g_set_error_literal (error, KZ_GAME_ERROR, KZ_GAME_ERROR_ILLEGAL_MOVE,
                       _("The move is not part of this game"));
  return FALSE;
}

static gboolean
commit (KzGame *self, const KzTreeEdit *edit, GError **error)
{
  KzRecorder *recorder = kz_game_get_recorder (self);
  if (recorder == NULL)
    return TRUE;
  GError *local = NULL;
  if (kz_recorder_edit_tree (recorder, kz_game_get_id (self), edit, &local))
    return TRUE;
  g_set_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_STORE,
               _("The game could not be saved, so the change was not made: %s"),
               local->message);
  g_error_free (local);
  return FALSE;
}

/* Where a node of `rank` goes among the children of `parent`: after the
 * main-line child and the variations of lower rank.  (A new node's rank
 * is its key, larger than any before it; a promotion swaps two ranks and
 * the two nodes with them.)  The main-line child, when there is one, is
 * the first; the variations after it are in the order of their ranks, so
 * this is a bisection, and a node ranked after the last child (every
 * node a load or an import adds) goes last at once. */
static int
rank_index (KzMoveNode *parent, gint64 rank)
{
  GPtrArray *children = parent->children;
  guint lo = 0, hi = children->len;
  if (hi > 0 && ((KzMoveNode *) g_ptr_array_index (children, 0))->main)
    lo = 1;
  if (lo < hi && ((KzMoveNode *) g_ptr_array_index (children, hi - 1))->rank <= rank)
    return (int) hi;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      if (((KzMoveNode *) g_ptr_array_index (children, mid))->rank > rank)
        hi = mid;
      else
        lo = mid + 1;
    }
  return (int) lo;
}

/* Checks `move` against the parent's position; fills *legal. */
static gboolean
legal_after (KzMoveNode *parent, const char *text, const KzMove *move, KzMove *legal,
             GError **error)
{
  KzOutcome out = kz_position_outcome (&parent->pos);
  if (out.winner >= 0)
    {
      g_set_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_GAME_OVER,
                   _("The game is over in this line: %s"),
                   kz_termination_describe ((KzTermination) out.reason));
      return FALSE;
    }
  char buf[KZ_MOVE_STR_MAX];
  if (text == NULL)
    {
      kz_move_format (move, buf, sizeof buf);
      text = buf;
    }
  KzError err;
  if (kz_move_parse (&parent->pos, text, legal, &err))
    return TRUE;
  g_autofree char *msg = kz_game_describe_engine_error (&err, text);
  g_set_error_literal (error, KZ_GAME_ERROR,
                       err.code == KZ_ERR_SYNTAX ? KZ_GAME_ERROR_SYNTAX : KZ_GAME_ERROR_ILLEGAL_MOVE,
                       msg);
  return FALSE;
}

static KzMoveNode *
add_variation (KzGame *self, KzMoveNode *parent, const char *text, const KzMove *move,
               GError **error)
{
  if (!in_tree (self, parent))
    {
      not_in_tree (error);
      return NULL;
    }
  KzMove legal;
  if (!legal_after (parent, text, move, &legal, error))
    return NULL;
  KzMoveNode *existing = kz_move_node_find_child (parent, &legal);
  if (existing)
    return existing;
  if (parent->main && parent->children->len == 0)
    {
      g_set_error_literal (error, KZ_GAME_ERROR, KZ_GAME_ERROR_ILLEGAL_MOVE,
                           _("A variation is an alternative to a move of the game; "
                             "after its last move there is none"));
      return NULL;
    }
  g_autoptr (KzMoveNode) node = kz_move_node_new (parent, &legal, FALSE);
  node->key = kz_game_take_node_key (self, 0);
  node->rank = node->key;
  KzTreeEdit edit = { .insert = node, .insert_parent = parent };
  if (!commit (self, &edit, error))
    return NULL;
  kz_move_node_insert_child (parent, node, -1);
  kz_game_emit_tree_changed (self, node);
  return node;
}

KzMoveNode *
kz_game_add_variation_move (KzGame *self, KzMoveNode *parent, const KzMove *move,
                            GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME (self), NULL);
  g_return_val_if_fail (move != NULL, NULL);
  return add_variation (self, parent, NULL, move, error);
}

KzMoveNode *
kz_game_add_variation_text (KzGame *self, KzMoveNode *parent, const char *text,
                            GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME (self), NULL);
  g_return_val_if_fail (text != NULL, NULL);
  return add_variation (self, parent, text, NULL, error);
}

KzMoveNode *
kz_game_load_variation (KzGame *self, KzMoveNode *parent, const char *text, gint64 key,
                        gint64 rank, GError **error)
{
  KzMove legal;
  if (!legal_after (parent, text, NULL, &legal, error))
    return NULL;
  g_autoptr (KzMoveNode) node = kz_move_node_new (parent, &legal, FALSE);
  node->key = kz_game_take_node_key (self, key);
  node->rank = rank >= 0 ? rank : node->key;
  kz_move_node_insert_child (parent, node, rank_index (parent, node->rank));
  return node;
}

/* Writes the node's notes with one of them changed. */
static gboolean
set_notes (KzGame *self, KzMoveNode *node, const char *comment, const char *before,
           const guint8 *nags, guint n_nags, GError **error)
{
  if (!in_tree (self, node))
    return not_in_tree (error);
  g_autofree char *c = kz_comment_normalize (comment ? comment : node->comment);
  g_autofree char *b = kz_comment_normalize (before ? before : node->before);
  /* The NAGs through a scratch node, to normalise them the same way. */
  g_autoptr (KzMoveNode) scratch = kz_move_node_new_root (&node->pos);
  kz_move_node_set_nags (scratch, nags ? nags : kz_move_node_get_nags (node, NULL),
                         nags ? n_nags : node->n_nags);
  if (strcmp (c, node->comment) == 0 && strcmp (b, node->before) == 0
      && scratch->n_nags == node->n_nags
      && (node->n_nags == 0 || memcmp (scratch->nags, node->nags, node->n_nags) == 0))
    return TRUE;
  g_autofree char *nag_text = kz_move_node_nags_to_text (scratch);
  KzTreeEdit edit = { .n_notes = 1 };
  edit.notes[0] = (KzTreeNote) { node, c, b, nag_text };
  if (!commit (self, &edit, error))
    return FALSE;
  g_object_freeze_notify (G_OBJECT (node));
  kz_move_node_set_comment (node, c);
  kz_move_node_set_comment_before (node, b);
  kz_move_node_set_nags (node, kz_move_node_get_nags (scratch, NULL), scratch->n_nags);
  g_object_thaw_notify (G_OBJECT (node));
  kz_game_emit_tree_changed (self, node);
  return TRUE;
}

gboolean
kz_game_set_comment (KzGame *self, KzMoveNode *node, const char *text, GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  return set_notes (self, node, text ? text : "", NULL, NULL, 0, error);
}

gboolean
kz_game_set_comment_before (KzGame *self, KzMoveNode *node, const char *text, GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  if (!in_tree (self, node))
    return not_in_tree (error);
  g_autofree char *norm = kz_comment_normalize (text);
  if (norm[0] && !kz_move_node_starts_variation (node))
    {
      g_set_error_literal (error, KZ_GAME_ERROR, KZ_GAME_ERROR_ILLEGAL_MOVE,
                           _("Only the first move of a variation has a comment before it"));
      return FALSE;
    }
  return set_notes (self, node, NULL, norm, NULL, 0, error);
}

gboolean
kz_game_set_nags (KzGame *self, KzMoveNode *node, const guint8 *nags, guint n_nags,
                  GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  if (!in_tree (self, node))
    return not_in_tree (error);
  if (node->root && n_nags > 0)
    {
      g_set_error_literal (error, KZ_GAME_ERROR, KZ_GAME_ERROR_ILLEGAL_MOVE,
                           _("Only a move can have marks"));
      return FALSE;
    }
  static const guint8 none[1] = { 0 };
  return set_notes (self, node, NULL, NULL, nags ? nags : none, nags ? n_nags : 0, error);
}

gboolean
kz_game_set_mark (KzGame *self, KzMoveNode *node, guint mark, GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  g_return_val_if_fail (mark == 0 || kz_nag_to_mark (mark) != NULL, FALSE);
  if (!in_tree (self, node))
    return not_in_tree (error);
  guint8 v[KZ_MAX_NAGS + 1];
  guint n = 0;
  if (mark)
    v[n++] = (guint8) mark;
  for (guint i = 0; i < node->n_nags; i++)
    if (kz_nag_to_mark (node->nags[i]) == NULL)
      v[n++] = node->nags[i];
  return kz_game_set_nags (self, node, v, MIN (n, KZ_MAX_NAGS), error);
}

/* ---------------------------------------------------------------------- */
/* Deletion and restoring                                                  */

gboolean
kz_game_delete_variation (KzGame *self, KzMoveNode *node, GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  if (!in_tree (self, node))
    return not_in_tree (error);
  if (node->main)
    {
      g_set_error_literal (error, KZ_GAME_ERROR, KZ_GAME_ERROR_ILLEGAL_MOVE,
                           _("A move of the game as played cannot be deleted; only variations can"));
      return FALSE;
    }
  KzMoveNode *parent = node->parent;
  guint index = kz_move_node_get_index (node);
  /* When the node continued its line and the next variation takes its
   * place, that variation's comment before it goes to the end of the
   * parent's comment (it stands at the same place in the text). */
  KzMoveNode *moved = NULL;
  g_autofree char *parent_comment = NULL;
  if (index == 0 && !kz_move_node_starts_variation (node) && parent->children->len > 1)
    {
      KzMoveNode *next = g_ptr_array_index (parent->children, 1);
      if (next->before[0])
        {
          moved = next;
          parent_comment = parent->comment[0]
                           ? g_strconcat (parent->comment, " ", next->before, NULL)
                           : g_strdup (next->before);
        }
    }
  KzTreeEdit edit = { .remove = node };
  if (moved)
    {
      g_autofree char *pn = kz_move_node_nags_to_text (parent);
      g_autofree char *mn = kz_move_node_nags_to_text (moved);
      edit.notes[0] = (KzTreeNote) { parent, parent_comment, parent->before, pn };
      edit.notes[1] = (KzTreeNote) { moved, moved->comment, "", mn };
      edit.n_notes = 2;
      if (!commit (self, &edit, error))
        return FALSE;
    }
  else if (!commit (self, &edit, error))
    return FALSE;

  KzGameDeletion *d = g_new0 (KzGameDeletion, 1);
  d->parent = g_object_ref (parent);
  d->node = g_object_ref (node);
  d->index = index;
  d->parent_comment = g_strdup (parent->comment);
  if (moved)
    {
      d->moved = g_object_ref (moved);
      d->moved_before = g_strdup (moved->before);
      kz_move_node_set_comment (parent, parent_comment);
      kz_move_node_set_comment_before (moved, "");
    }
  kz_move_node_remove_child (parent, node);
  g_ptr_array_add (kz_game_peek_deleted (self), d);
  kz_game_emit_tree_changed (self, parent);
  return TRUE;
}

gboolean
kz_game_get_can_restore_deleted (KzGame *self)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  return kz_game_peek_deleted (self)->len > 0;
}

KzMoveNode *
kz_game_restore_deleted (KzGame *self, GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME (self), NULL);
  GPtrArray *stack = kz_game_peek_deleted (self);
  if (stack->len == 0)
    {
      g_set_error_literal (error, KZ_GAME_ERROR, KZ_GAME_ERROR_NOTHING_TO_UNDO,
                           _("There is no deleted variation to restore"));
      return NULL;
    }
  KzGameDeletion *d = g_ptr_array_index (stack, stack->len - 1);
  if (!in_tree (self, d->parent))
    {
      g_ptr_array_set_size (stack, 0);
      not_in_tree (error);
      return NULL;
    }
  KzTreeEdit edit = { .insert = d->node, .insert_parent = d->parent };
  g_autofree char *pn = kz_move_node_nags_to_text (d->parent);
  g_autofree char *mn = d->moved ? kz_move_node_nags_to_text (d->moved) : NULL;
  if (d->moved)
    {
      edit.notes[0] = (KzTreeNote) { d->parent, d->parent_comment, d->parent->before, pn };
      edit.notes[1] = (KzTreeNote) { d->moved, d->moved->comment, d->moved_before, mn };
      edit.n_notes = 2;
    }
  if (!commit (self, &edit, error))
    return NULL;
  KzMoveNode *node = g_object_ref (d->node);
  KzMoveNode *parent = g_object_ref (d->parent);
  if (d->moved)
    {
      kz_move_node_set_comment (d->parent, d->parent_comment);
      kz_move_node_set_comment_before (d->moved, d->moved_before);
    }
  kz_move_node_insert_child (parent, node, rank_index (parent, node->rank));
  g_ptr_array_set_size (stack, stack->len - 1);
  kz_game_emit_tree_changed (self, node);
  g_object_unref (parent);
  g_object_unref (node);
  return node;
}

/* ---------------------------------------------------------------------- */
/* Promotion                                                               */

/* The first node of the line that contains `node`. */
static KzMoveNode *
line_start (KzMoveNode *node)
{
  KzMoveNode *n = node;
  while (n->parent && !kz_move_node_starts_variation (n))
    n = n->parent;
  return n;
}

gboolean
kz_game_can_promote (KzGame *self, KzMoveNode *node)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  if (!in_tree (self, node) || node->main)
    return FALSE;
  KzMoveNode *s = line_start (node);
  KzMoveNode *first = g_ptr_array_index (s->parent->children, 0);
  return first != s && !first->main;
}

gboolean
kz_game_promote_variation (KzGame *self, KzMoveNode *node, GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  if (!in_tree (self, node))
    return not_in_tree (error);
  if (!kz_game_can_promote (self, node))
    {
      g_set_error_literal (error, KZ_GAME_ERROR, KZ_GAME_ERROR_ILLEGAL_MOVE,
                           node->main || g_ptr_array_index (line_start (node)->parent->children, 0) != line_start (node)
                           ? _("The moves of the game as played stay its main line; "
                               "a variation cannot replace them")
                           : _("This variation is already the first line here"));
      return FALSE;
    }
  KzMoveNode *s = line_start (node);
  KzMoveNode *parent = s->parent;
  KzMoveNode *first = g_ptr_array_index (parent->children, 0);
  guint index = kz_move_node_get_index (s);
  /* The "comment before" belongs to the variation's place: when the old
   * line becomes a variation it takes it. */
  gboolean swap_before = !parent->main;
  KzTreeEdit edit = { .n_rerank = 2 };
  edit.rerank[0] = s;
  edit.ranks[0] = first->rank;
  edit.rerank[1] = first;
  edit.ranks[1] = s->rank;
  g_autofree char *sn = kz_move_node_nags_to_text (s);
  g_autofree char *fn = kz_move_node_nags_to_text (first);
  if (swap_before && (s->before[0] || first->before[0]))
    {
      edit.notes[0] = (KzTreeNote) { s, s->comment, first->before, sn };
      edit.notes[1] = (KzTreeNote) { first, first->comment, s->before, fn };
      edit.n_notes = 2;
    }
  if (!commit (self, &edit, error))
    return FALSE;
  gint64 r = s->rank;
  s->rank = first->rank;
  first->rank = r;
  if (edit.n_notes)
    {
      g_autofree char *b = g_strdup (s->before);
      kz_move_node_set_comment_before (s, first->before);
      kz_move_node_set_comment_before (first, b);
    }
  kz_move_node_swap_children (parent, 0, index);
  kz_game_emit_tree_changed (self, parent);
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* Queries                                                                 */

GPtrArray *
kz_game_get_path (KzGame *self, KzMoveNode *node)
{
  g_return_val_if_fail (KZ_IS_GAME (self), NULL);
  GPtrArray *path = g_ptr_array_new ();
  for (KzMoveNode *n = node; n; n = n->parent)
    g_ptr_array_insert (path, 0, n);
  return path;
}

guint
kz_game_count_variation_nodes (KzGame *self)
{
  g_return_val_if_fail (KZ_IS_GAME (self), 0);
  guint count = 0;
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();
  g_ptr_array_add (stack, kz_game_get_root (self));
  while (stack->len > 0)
    {
      KzMoveNode *n = g_ptr_array_steal_index (stack, stack->len - 1);
      if (!n->main)
        count++;
      for (guint i = 0; i < n->children->len; i++)
        g_ptr_array_add (stack, g_ptr_array_index (n->children, i));
    }
  return count;
}
