/* kz-game-list-model.c — the game library as a lazy GListModel.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-game-list-model.h"

#include <string.h>

#include <glib/gi18n-lib.h>

typedef struct {
  guint      index;     /* page number: rows index * PAGE_SIZE … */
  guint64    used;      /* stamp of the last use, for LRU eviction */
  GPtrArray *items;     /* KzGameItem* */
} Page;

typedef struct {
  gint64 id;
  guint  row;           /* its row among all the rows the filter matches */
} Hidden;

struct _KzGameListModel
{
  GObject    parent_instance;

  KzStore   *store;
  char      *player;
  gboolean   by_result;
  KzResult   result;
  gint64     import_id; /* 0: every game, else only that import's */

  guint      n_rows;    /* rows the filter matches in the store */
  GArray    *hidden;    /* Hidden, sorted by row */
  Page       pages[KZ_GAME_LIST_MODEL_MAX_PAGES];
  guint      n_pages;
  guint64    clock;
  guint      pages_read;
  GError    *error;
};

static void kz_game_list_model_iface_init (GListModelInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (KzGameListModel, kz_game_list_model, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (G_TYPE_LIST_MODEL,
                                                      kz_game_list_model_iface_init))

enum {
  PROP_0,
  PROP_STORE,
  PROP_PLAYER,
  PROP_BY_RESULT,
  PROP_RESULT,
  PROP_N_ITEMS,
  PROP_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static guint
n_visible (KzGameListModel *self)
{
  return self->n_rows - self->hidden->len;
}

static void
drop_pages (KzGameListModel *self)
{
  for (guint i = 0; i < self->n_pages; i++)
    g_clear_pointer (&self->pages[i].items, g_ptr_array_unref);
  self->n_pages = 0;
}

static void
set_error (KzGameListModel *self, const GError *error)
{
  if (error == NULL && self->error == NULL)
    return;
  g_clear_error (&self->error);
  if (error)
    self->error = g_error_copy (error);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ERROR]);
}

static void
fill_filter (KzGameListModel *self, KzGameFilter *filter)
{
  memset (filter, 0, sizeof *filter);
  filter->player = self->player;
  filter->by_result = self->by_result;
  filter->result = self->result;
  filter->import_id = self->import_id;
}

/* Re-reads the count; on failure the model is empty. */
static gboolean
count_rows (KzGameListModel *self, GError **error)
{
  KzGameFilter filter;
  guint count = 0;
  GError *local = NULL;
  fill_filter (self, &filter);
  drop_pages (self);
  g_array_set_size (self->hidden, 0);
  if (!kz_store_count_games (self->store, &filter, &count, &local))
    {
      self->n_rows = 0;
      set_error (self, local);
      g_propagate_error (error, local);
      return FALSE;
    }
  self->n_rows = count;
  set_error (self, NULL);
  return TRUE;
}

static guint
visible_to_row (KzGameListModel *self, guint position)
{
  guint row = position;
  for (guint i = 0; i < self->hidden->len; i++)
    {
      const Hidden *h = &g_array_index (self->hidden, Hidden, i);
      if (h->row <= row)
        row++;
      else
        break;
    }
  return row;
}

static guint
row_to_visible (KzGameListModel *self, guint row)
{
  guint position = row;
  for (guint i = 0; i < self->hidden->len; i++)
    if (g_array_index (self->hidden, Hidden, i).row < row)
      position--;
  return position;
}

static Page *
get_page (KzGameListModel *self, guint index)
{
  for (guint i = 0; i < self->n_pages; i++)
    if (self->pages[i].index == index)
      {
        self->pages[i].used = ++self->clock;
        return &self->pages[i];
      }

  KzGameFilter filter;
  g_autoptr (GError) error = NULL;
  fill_filter (self, &filter);
  g_autoptr (GPtrArray) infos = kz_store_list_games (self->store, &filter,
                                                     index * KZ_GAME_LIST_MODEL_PAGE_SIZE,
                                                     KZ_GAME_LIST_MODEL_PAGE_SIZE, &error);
  if (infos == NULL)
    {
      g_warning ("Could not read the game list: %s", error->message);
      set_error (self, error);
      return NULL;
    }
  self->pages_read++;

  Page *page;
  if (self->n_pages < KZ_GAME_LIST_MODEL_MAX_PAGES)
    page = &self->pages[self->n_pages++];
  else
    {
      page = &self->pages[0];
      for (guint i = 1; i < self->n_pages; i++)
        if (self->pages[i].used < page->used)
          page = &self->pages[i];
      g_clear_pointer (&page->items, g_ptr_array_unref);
    }
  page->index = index;
  page->used = ++self->clock;
  page->items = g_ptr_array_new_full (infos->len, g_object_unref);
  for (guint i = 0; i < infos->len; i++)
    g_ptr_array_add (page->items, kz_game_item_new (g_ptr_array_index (infos, i)));
  return page;
}

static KzGameItem *
item_at_row (KzGameListModel *self, guint row)
{
  Page *page = get_page (self, row / KZ_GAME_LIST_MODEL_PAGE_SIZE);
  guint i = row % KZ_GAME_LIST_MODEL_PAGE_SIZE;
  if (page == NULL || i >= page->items->len)
    return NULL;
  return g_ptr_array_index (page->items, i);
}

/* --- GListModel --------------------------------------------------------- */

static GType
kz_game_list_model_get_item_type (GListModel *model)
{
  return KZ_TYPE_GAME_ITEM;
}

static guint
kz_game_list_model_get_n_items (GListModel *model)
{
  return n_visible (KZ_GAME_LIST_MODEL (model));
}

static gpointer
kz_game_list_model_get_item (GListModel *model, guint position)
{
  KzGameListModel *self = KZ_GAME_LIST_MODEL (model);
  if (position >= n_visible (self))
    return NULL;
  KzGameItem *item = item_at_row (self, visible_to_row (self, position));
  return item ? g_object_ref (item) : NULL;
}

static void
kz_game_list_model_iface_init (GListModelInterface *iface)
{
  iface->get_item_type = kz_game_list_model_get_item_type;
  iface->get_n_items = kz_game_list_model_get_n_items;
  iface->get_item = kz_game_list_model_get_item;
}

/* --- GObject ------------------------------------------------------------ */

static void
kz_game_list_model_finalize (GObject *object)
{
  KzGameListModel *self = KZ_GAME_LIST_MODEL (object);
  drop_pages (self);
  g_clear_pointer (&self->hidden, g_array_unref);
  g_clear_pointer (&self->player, g_free);
  g_clear_error (&self->error);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (kz_game_list_model_parent_class)->finalize (object);
}

static void
kz_game_list_model_get_property (GObject *object, guint prop_id, GValue *value,
                                 GParamSpec *pspec)
{
  KzGameListModel *self = KZ_GAME_LIST_MODEL (object);
  switch (prop_id)
    {
    case PROP_STORE:     g_value_set_object (value, self->store); break;
    case PROP_PLAYER:    g_value_set_string (value, self->player); break;
    case PROP_BY_RESULT: g_value_set_boolean (value, self->by_result); break;
    case PROP_RESULT:    g_value_set_enum (value, self->result); break;
    case PROP_N_ITEMS:   g_value_set_uint (value, n_visible (self)); break;
    case PROP_ERROR:     g_value_set_boxed (value, self->error); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_game_list_model_set_property (GObject *object, guint prop_id, const GValue *value,
                                 GParamSpec *pspec)
{
  KzGameListModel *self = KZ_GAME_LIST_MODEL (object);
  switch (prop_id)
    {
    case PROP_STORE:
      self->store = g_value_dup_object (value);
      break;
    case PROP_PLAYER:
      kz_game_list_model_set_filter (self, g_value_get_string (value), self->by_result,
                                     self->result, NULL);
      break;
    case PROP_BY_RESULT:
      kz_game_list_model_set_filter (self, self->player, g_value_get_boolean (value),
                                     self->result, NULL);
      break;
    case PROP_RESULT:
      kz_game_list_model_set_filter (self, self->player, self->by_result,
                                     g_value_get_enum (value), NULL);
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_game_list_model_class_init (KzGameListModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->finalize = kz_game_list_model_finalize;
  object_class->get_property = kz_game_list_model_get_property;
  object_class->set_property = kz_game_list_model_set_property;

  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL, KZ_TYPE_STORE,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLAYER] = g_param_spec_string ("player", NULL, NULL, NULL, rw);
  properties[PROP_BY_RESULT] = g_param_spec_boolean ("by-result", NULL, NULL, FALSE, rw);
  properties[PROP_RESULT] = g_param_spec_enum ("result", NULL, NULL, KZ_TYPE_RESULT,
                                               KZ_RESULT_NONE, rw);
  properties[PROP_N_ITEMS] = g_param_spec_uint ("n-items", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_ERROR] = g_param_spec_boxed ("error", NULL, NULL, G_TYPE_ERROR, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kz_game_list_model_init (KzGameListModel *self)
{
  self->hidden = g_array_new (FALSE, FALSE, sizeof (Hidden));
}

/* --- API ---------------------------------------------------------------- */

KzGameListModel *
kz_game_list_model_new (KzStore *store, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (store), NULL);
  g_autoptr (KzGameListModel) self = g_object_new (KZ_TYPE_GAME_LIST_MODEL,
                                                   "store", store, NULL);
  if (!count_rows (self, error))
    return NULL;
  return g_steal_pointer (&self);
}

KzStore *
kz_game_list_model_get_store (KzGameListModel *self)
{
  g_return_val_if_fail (KZ_IS_GAME_LIST_MODEL (self), NULL);
  return self->store;
}

static gboolean
refresh (KzGameListModel *self, GError **error)
{
  guint before = n_visible (self);
  gboolean ok = count_rows (self, error);
  g_list_model_items_changed (G_LIST_MODEL (self), 0, before, n_visible (self));
  if (before != n_visible (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
  return ok;
}

gboolean
kz_game_list_model_set_filter (KzGameListModel *self, const char *player,
                               gboolean by_result, KzResult result, GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME_LIST_MODEL (self), FALSE);
  if (player && player[0] == '\0')
    player = NULL;
  by_result = !!by_result;
  if (!by_result)
    result = KZ_RESULT_NONE;

  gboolean player_changed = g_strcmp0 (player, self->player) != 0;
  gboolean by_result_changed = by_result != self->by_result;
  gboolean result_changed = result != self->result;
  if (!player_changed && !by_result_changed && !result_changed)
    return TRUE;

  if (player_changed)
    {
      g_free (self->player);
      self->player = g_strdup (player);
    }
  self->by_result = by_result;
  self->result = result;
  gboolean ok = refresh (self, error);

  if (player_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYER]);
  if (by_result_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BY_RESULT]);
  if (result_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RESULT]);
  return ok;
}

gboolean
kz_game_list_model_set_import (KzGameListModel *self, gint64 import_id, GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME_LIST_MODEL (self), FALSE);
  if (import_id == self->import_id)
    return TRUE;
  self->import_id = import_id;
  return refresh (self, error);
}

gint64
kz_game_list_model_get_import (KzGameListModel *self)
{
  g_return_val_if_fail (KZ_IS_GAME_LIST_MODEL (self), 0);
  return self->import_id;
}

const char *
kz_game_list_model_get_player (KzGameListModel *self)
{
  g_return_val_if_fail (KZ_IS_GAME_LIST_MODEL (self), NULL);
  return self->player;
}

gboolean
kz_game_list_model_get_by_result (KzGameListModel *self)
{
  g_return_val_if_fail (KZ_IS_GAME_LIST_MODEL (self), FALSE);
  return self->by_result;
}

KzResult
kz_game_list_model_get_result (KzGameListModel *self)
{
  g_return_val_if_fail (KZ_IS_GAME_LIST_MODEL (self), KZ_RESULT_NONE);
  return self->result;
}

/* The ids of the rows in the cached pages, by row (0 where not cached). */
static GHashTable *
cached_ids (KzGameListModel *self)
{
  GHashTable *ids = g_hash_table_new_full (g_direct_hash, g_direct_equal, NULL, g_free);
  for (guint i = 0; i < self->n_pages; i++)
    {
      GPtrArray *items = self->pages[i].items;
      for (guint j = 0; j < items->len; j++)
        {
          gint64 *id = g_new (gint64, 1);
          *id = kz_game_item_get_id (g_ptr_array_index (items, j));
          g_hash_table_insert (ids, GUINT_TO_POINTER (self->pages[i].index
                                                      * KZ_GAME_LIST_MODEL_PAGE_SIZE + j), id);
        }
    }
  return ids;
}

/* Whether the rows that were cached (`before`) hold the same games now. */
static gboolean
same_rows (KzGameListModel *self, GHashTable *before)
{
  GHashTableIter iter;
  gpointer key, value;
  g_hash_table_iter_init (&iter, before);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      guint row = GPOINTER_TO_UINT (key);
      if (row >= self->n_rows)
        return FALSE;
      KzGameItem *item = item_at_row (self, row);
      if (item == NULL || kz_game_item_get_id (item) != *(gint64 *) value)
        return FALSE;
    }
  return TRUE;
}

gboolean
kz_game_list_model_reload (KzGameListModel *self, GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME_LIST_MODEL (self), FALSE);
  guint before = n_visible (self), rows_before = self->n_rows;
  g_autoptr (GArray) hidden = g_array_copy (self->hidden);
  g_autoptr (GHashTable) ids = cached_ids (self);
  KzGameFilter filter;
  gboolean ok = count_rows (self, error);

  /* Rows hidden for an Undo stay hidden, found again where they are now
   * (games may have been added or deleted above them); those no longer
   * stored are forgotten. */
  fill_filter (self, &filter);
  for (guint i = 0; ok && i < hidden->len; i++)
    {
      Hidden h = g_array_index (hidden, Hidden, i);
      int row = -1;
      GError *local = NULL;
      if (!kz_store_find_game (self->store, &filter, h.id, &row, &local))
        {
          set_error (self, local);
          g_propagate_error (error, local);
          ok = FALSE;
          break;
        }
      if (row < 0)
        continue;
      h.row = (guint) row;
      guint k = 0;
      while (k < self->hidden->len && g_array_index (self->hidden, Hidden, k).row < h.row)
        k++;
      g_array_insert_val (self->hidden, k, h);
    }
  if (!ok)
    g_array_set_size (self->hidden, 0);

  /* Nothing changed: no signal (a list view would lose its place). */
  gboolean same = ok && self->n_rows == rows_before && self->hidden->len == hidden->len;
  for (guint i = 0; same && i < hidden->len; i++)
    same = g_array_index (self->hidden, Hidden, i).id == g_array_index (hidden, Hidden, i).id
           && g_array_index (self->hidden, Hidden, i).row == g_array_index (hidden, Hidden, i).row;
  if (same && same_rows (self, ids))
    return TRUE;
  g_list_model_items_changed (G_LIST_MODEL (self), 0, before, n_visible (self));
  if (before != n_visible (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
  return ok;
}

int
kz_game_list_model_find_cached (KzGameListModel *self, gint64 id)
{
  g_return_val_if_fail (KZ_IS_GAME_LIST_MODEL (self), -1);
  for (guint i = 0; i < self->n_pages; i++)
    {
      GPtrArray *items = self->pages[i].items;
      for (guint j = 0; j < items->len; j++)
        if (kz_game_item_get_id (g_ptr_array_index (items, j)) == id)
          {
            guint row = self->pages[i].index * KZ_GAME_LIST_MODEL_PAGE_SIZE + j;
            for (guint k = 0; k < self->hidden->len; k++)
              if (g_array_index (self->hidden, Hidden, k).row == row)
                return -1;
            return (int) row_to_visible (self, row);
          }
    }
  return -1;
}

gint64
kz_game_list_model_hide (KzGameListModel *self, guint position)
{
  g_return_val_if_fail (KZ_IS_GAME_LIST_MODEL (self), 0);
  if (position >= n_visible (self))
    return 0;
  guint row = visible_to_row (self, position);
  KzGameItem *item = item_at_row (self, row);
  if (item == NULL)
    return 0;
  Hidden h = { kz_game_item_get_id (item), row };
  guint i = 0;
  while (i < self->hidden->len && g_array_index (self->hidden, Hidden, i).row < row)
    i++;
  g_array_insert_val (self->hidden, i, h);
  g_list_model_items_changed (G_LIST_MODEL (self), position, 1, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
  return h.id;
}

static int
find_hidden (KzGameListModel *self, gint64 id)
{
  for (guint i = 0; i < self->hidden->len; i++)
    if (g_array_index (self->hidden, Hidden, i).id == id)
      return (int) i;
  return -1;
}

int
kz_game_list_model_show_hidden (KzGameListModel *self, gint64 id)
{
  g_return_val_if_fail (KZ_IS_GAME_LIST_MODEL (self), -1);
  int i = find_hidden (self, id);
  if (i < 0)
    return -1;
  guint row = g_array_index (self->hidden, Hidden, i).row;
  g_array_remove_index (self->hidden, i);
  guint position = row_to_visible (self, row);
  g_list_model_items_changed (G_LIST_MODEL (self), position, 0, 1);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_ITEMS]);
  return (int) position;
}

void
kz_game_list_model_forget_hidden (KzGameListModel *self, gint64 id)
{
  g_return_if_fail (KZ_IS_GAME_LIST_MODEL (self));
  int i = find_hidden (self, id);
  if (i < 0)
    return;
  guint row = g_array_index (self->hidden, Hidden, i).row;
  g_array_remove_index (self->hidden, i);
  for (guint k = 0; k < self->hidden->len; k++)
    {
      Hidden *h = &g_array_index (self->hidden, Hidden, k);
      if (h->row > row)
        h->row--;
    }
  /* The store has one row less: the cached pages are off by one from it. */
  self->n_rows--;
  drop_pages (self);
}

guint
kz_game_list_model_get_n_hidden (KzGameListModel *self)
{
  g_return_val_if_fail (KZ_IS_GAME_LIST_MODEL (self), 0);
  return self->hidden->len;
}

guint
kz_game_list_model_get_pages_read (KzGameListModel *self)
{
  g_return_val_if_fail (KZ_IS_GAME_LIST_MODEL (self), 0);
  return self->pages_read;
}

const GError *
kz_game_list_model_get_error (KzGameListModel *self)
{
  g_return_val_if_fail (KZ_IS_GAME_LIST_MODEL (self), NULL);
  return self->error;
}
