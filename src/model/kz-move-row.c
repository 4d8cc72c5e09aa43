/* kz-move-row.c — one row of the move list.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-move-row.h"

#include "kz-replay.h"

struct _KzMoveRow {
  GObject        parent_instance;

  KzMoveRowKind  kind;
  guint          number;
  guint          depth;
  int            ply[2];
  char          *text[2];
  KzMoveNode    *node[2];
  char          *comment;
};

G_DEFINE_FINAL_TYPE (KzMoveRow, kz_move_row, G_TYPE_OBJECT)

KzMoveRow *
kz_move_row_new_moves (guint number, guint depth)
{
  KzMoveRow *self = g_object_new (KZ_TYPE_MOVE_ROW, NULL);

  self->kind = KZ_MOVE_ROW_MOVES;
  self->number = number;
  self->depth = depth;
  return self;
}

KzMoveRow *
kz_move_row_new_result (const char *text)
{
  KzMoveRow *self = g_object_new (KZ_TYPE_MOVE_ROW, NULL);

  self->kind = KZ_MOVE_ROW_RESULT;
  self->comment = g_strdup (text);
  return self;
}

KzMoveRow *
kz_move_row_new_comment (const char *text, guint depth, KzMoveNode *node)
{
  KzMoveRow *self = g_object_new (KZ_TYPE_MOVE_ROW, NULL);

  self->kind = KZ_MOVE_ROW_COMMENT;
  self->depth = depth;
  self->comment = g_strdup (text);
  if (node)
    self->node[0] = g_object_ref (node);
  return self;
}

KzMoveRow *
kz_move_row_copy (KzMoveRow *self)
{
  KzMoveRow *copy;

  g_return_val_if_fail (KZ_IS_MOVE_ROW (self), NULL);
  copy = g_object_new (KZ_TYPE_MOVE_ROW, NULL);
  copy->kind = self->kind;
  copy->number = self->number;
  copy->depth = self->depth;
  copy->comment = g_strdup (self->comment);
  for (int i = 0; i < 2; i++)
    {
      copy->ply[i] = self->ply[i];
      copy->text[i] = g_strdup (self->text[i]);
      copy->node[i] = self->node[i] ? g_object_ref (self->node[i]) : NULL;
    }
  return copy;
}

KzMoveRowKind
kz_move_row_get_kind (KzMoveRow *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_ROW (self), KZ_MOVE_ROW_MOVES);
  return self->kind;
}

guint
kz_move_row_get_number (KzMoveRow *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_ROW (self), 0);
  return self->number;
}

guint
kz_move_row_get_depth (KzMoveRow *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_ROW (self), 0);
  return self->depth;
}

int
kz_move_row_get_ply (KzMoveRow *self, KzSide side)
{
  g_return_val_if_fail (KZ_IS_MOVE_ROW (self), -1);
  g_return_val_if_fail (side == KZ_COSSACKS || side == KZ_TURKS, -1);
  return self->ply[side];
}

const char *
kz_move_row_get_text (KzMoveRow *self, KzSide side)
{
  g_return_val_if_fail (KZ_IS_MOVE_ROW (self), NULL);
  g_return_val_if_fail (side == KZ_COSSACKS || side == KZ_TURKS, NULL);
  return self->text[side];
}

void
kz_move_row_set_move (KzMoveRow *self, KzSide side, int ply, const char *text)
{
  g_return_if_fail (KZ_IS_MOVE_ROW (self));
  g_return_if_fail (side == KZ_COSSACKS || side == KZ_TURKS);
  self->ply[side] = ply;
  g_free (self->text[side]);
  self->text[side] = g_strdup (text);
}

KzMoveNode *
kz_move_row_get_node (KzMoveRow *self, KzSide side)
{
  g_return_val_if_fail (KZ_IS_MOVE_ROW (self), NULL);
  g_return_val_if_fail (side == KZ_COSSACKS || side == KZ_TURKS, NULL);
  return self->node[side];
}

void
kz_move_row_set_node (KzMoveRow *self, KzSide side, KzMoveNode *node)
{
  g_return_if_fail (KZ_IS_MOVE_ROW (self));
  g_return_if_fail (side == KZ_COSSACKS || side == KZ_TURKS);
  g_return_if_fail (KZ_IS_MOVE_NODE (node) && !kz_move_node_is_root (node));
  g_set_object (&self->node[side], node);
  kz_move_row_set_move (self, side, (int) kz_move_node_get_ply (node) - 1,
                        kz_move_node_get_move_text (node));
}

const char *
kz_nag_to_symbol (guint nag)
{
  switch (nag)
    {
    case 10: return "=";
    case 13: return "∞";
    case 14: return "+/=";
    case 15: return "=/+";
    case 16: return "±";
    case 17: return "∓";
    case 18: return "+−";
    case 19: return "−+";
    default: return kz_nag_to_mark (nag);
    }
}

char *
kz_move_row_dup_label (KzMoveRow *self, KzSide side)
{
  g_return_val_if_fail (KZ_IS_MOVE_ROW (self), NULL);
  g_return_val_if_fail (side == KZ_COSSACKS || side == KZ_TURKS, NULL);
  if (self->text[side] == NULL)
    return NULL;
  GString *out = g_string_new (self->text[side]);
  if (self->node[side])
    {
      guint n;
      const guint8 *nags = kz_move_node_get_nags (self->node[side], &n);
      guint mark = kz_move_node_get_mark (self->node[side]);
      if (mark)
        g_string_append (out, kz_nag_to_mark (mark));
      for (guint i = 0; i < n; i++)
        if (nags[i] != mark && kz_nag_to_symbol (nags[i]))
          g_string_append_printf (out, " %s", kz_nag_to_symbol (nags[i]));
    }
  return g_string_free (out, FALSE);
}

const char *
kz_move_row_get_comment (KzMoveRow *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_ROW (self), NULL);
  return self->comment;
}

void
kz_move_row_set_comment (KzMoveRow *self, const char *comment)
{
  g_return_if_fail (KZ_IS_MOVE_ROW (self));
  g_free (self->comment);
  self->comment = g_strdup (comment);
}

int
kz_move_row_find_ply (KzMoveRow *self, int ply)
{
  g_return_val_if_fail (KZ_IS_MOVE_ROW (self), -1);
  if (ply < 0 || self->kind != KZ_MOVE_ROW_MOVES)
    return -1;
  for (int side = KZ_COSSACKS; side <= KZ_TURKS; side++)
    if (self->ply[side] == ply)
      return side;
  return -1;
}

int
kz_move_row_find_node (KzMoveRow *self, KzMoveNode *node)
{
  g_return_val_if_fail (KZ_IS_MOVE_ROW (self), -1);
  if (node == NULL || self->kind != KZ_MOVE_ROW_MOVES)
    return -1;
  for (int side = KZ_COSSACKS; side <= KZ_TURKS; side++)
    if (self->node[side] == node)
      return side;
  return -1;
}

/* "1-0 · every Turkish piece has been taken" */
static char *
result_text (KzGame *game)
{
  return g_strdup_printf ("%s · %s", kz_result_to_kgn (kz_game_get_result (game)),
                          kz_termination_describe (kz_game_get_termination (game)));
}

static void emit_line (GPtrArray *rows, KzGame *game, KzMoveNode *first, guint depth,
                       gboolean comments);

/* The lines that branch at `node`'s place: every child of `parent`
 * but `except`, one level deeper. */
static void
emit_variations (GPtrArray *rows, KzGame *game, KzMoveNode *parent, KzMoveNode *except,
                 guint depth, gboolean comments)
{
  for (guint i = 0; i < kz_move_node_get_n_children (parent); i++)
    {
      KzMoveNode *child = kz_move_node_get_child (parent, i);
      if (child != except)
        emit_line (rows, game, child, depth + 1, comments);
    }
}

/* One line from its first move `first` on, at `depth`; with its
 * comments or without. */
static void
emit_line (GPtrArray *rows, KzGame *game, KzMoveNode *first, guint depth, gboolean comments)
{
  KzMoveRow *row = NULL;

  if (comments && kz_move_node_get_comment_before (first)[0])
    g_ptr_array_add (rows, kz_move_row_new_comment (kz_move_node_get_comment_before (first),
                                                    depth, first));
  for (KzMoveNode *n = first; n; )
    {
      KzSide side = kz_move_node_get_mover (n);
      KzMoveNode *parent = kz_move_node_get_parent (n);
      KzMoveNode *next = kz_move_node_get_continuation (n);
      /* The first move of a variation has its siblings shown by the line
       * it branches from; any other move, the alternatives to it. */
      gboolean alternatives = !kz_move_node_starts_variation (n)
                              && kz_move_node_get_n_children (parent) > 1;
      gboolean only_variations = next == NULL && kz_move_node_get_n_children (n) > 0;
      gboolean comment = comments && kz_move_node_get_comment (n)[0];

      if (row == NULL || side == KZ_COSSACKS || kz_move_row_get_ply (row, KZ_TURKS) >= 0)
        {
          row = kz_move_row_new_moves (kz_replay_move_number (game, kz_move_node_get_ply (n)), depth);
          g_ptr_array_add (rows, row);
        }
      kz_move_row_set_node (row, side, n);
      if (comment)
        g_ptr_array_add (rows, kz_move_row_new_comment (kz_move_node_get_comment (n), depth, n));
      if (alternatives)
        emit_variations (rows, game, parent, n, depth, comments);
      if (only_variations)
        emit_variations (rows, game, n, NULL, depth, comments);
      if (comment || alternatives || only_variations)
        row = NULL;    /* the line goes on in a new row */
      n = next;
    }
}

void
kz_move_rows_fill (GListStore *store, KzGame *game)
{
  kz_move_rows_fill_full (store, game, TRUE);
}

void
kz_move_rows_fill_full (GListStore *store, KzGame *game, gboolean comments)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  KzMoveNode *root;
  KzMoveNode *first;

  g_return_if_fail (G_IS_LIST_STORE (store));
  g_return_if_fail (KZ_IS_GAME (game));

  root = kz_game_get_root (game);
  if (comments && kz_move_node_get_comment (root)[0])
    g_ptr_array_add (rows, kz_move_row_new_comment (kz_move_node_get_comment (root), 0, root));
  first = kz_move_node_get_continuation (root);
  if (first)
    emit_line (rows, game, first, 0, comments);
  else
    emit_variations (rows, game, root, NULL, 0, comments);
  if (kz_game_is_over (game))
    {
      g_autofree char *text = result_text (game);
      g_ptr_array_add (rows, kz_move_row_new_result (text));
    }
  g_list_store_splice (store, 0, g_list_model_get_n_items (G_LIST_MODEL (store)),
                       rows->pdata, rows->len);
}

guint
kz_move_rows_find (GListModel *model, int ply)
{
  guint n = g_list_model_get_n_items (model);

  for (guint i = 0; i < n; i++)
    {
      g_autoptr (KzMoveRow) row = g_list_model_get_item (model, i);
      if (row->depth == 0 && kz_move_row_find_ply (row, ply) >= 0)
        return i;
    }
  return G_MAXUINT;
}

guint
kz_move_rows_find_node (GListModel *model, KzMoveNode *node)
{
  guint n = g_list_model_get_n_items (model);

  for (guint i = 0; node && i < n; i++)
    {
      g_autoptr (KzMoveRow) row = g_list_model_get_item (model, i);
      if (kz_move_row_find_node (row, node) >= 0)
        return i;
    }
  return G_MAXUINT;
}

static void
kz_move_row_finalize (GObject *object)
{
  KzMoveRow *self = KZ_MOVE_ROW (object);

  g_free (self->text[0]);
  g_free (self->text[1]);
  g_clear_object (&self->node[0]);
  g_clear_object (&self->node[1]);
  g_free (self->comment);
  G_OBJECT_CLASS (kz_move_row_parent_class)->finalize (object);
}

static void
kz_move_row_class_init (KzMoveRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kz_move_row_finalize;
}

static void
kz_move_row_init (KzMoveRow *self)
{
  self->ply[0] = self->ply[1] = -1;
}
