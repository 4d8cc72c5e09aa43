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

/* "1-0 · every Turkish piece has been taken" */
static char *
result_text (KzGame *game)
{
  return g_strdup_printf ("%s · %s", kz_result_to_kgn (kz_game_get_result (game)),
                          kz_termination_describe (kz_game_get_termination (game)));
}

void
kz_move_rows_fill (GListStore *store, KzGame *game)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (g_object_unref);
  guint n;
  KzMoveRow *row = NULL;

  g_return_if_fail (G_IS_LIST_STORE (store));
  g_return_if_fail (KZ_IS_GAME (game));

  n = kz_game_get_ply (game);
  for (guint i = 0; i < n; i++)
    {
      KzSide side = kz_game_get_position_at (game, i)->side;

      if (row == NULL || side == KZ_COSSACKS)
        {
          row = kz_move_row_new_moves (kz_replay_move_number (game, i + 1), 0);
          g_ptr_array_add (rows, row);
        }
      kz_move_row_set_move (row, side, (int) i, kz_game_get_move_text (game, i));
    }
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
      if (kz_move_row_find_ply (row, ply) >= 0)
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
