/* kz-library-window.c — the library of past games.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "kz-file-chooser.h"
#include "kz-game-list-model.h"
#include "kz-kgn.h"
#include "kz-library-row.h"
#include "kz-library-window.h"

/* Games hidden from the list and deleted from the database when their
 * toast goes; Undo brings them back.  Deletions while the toast is shown
 * join it (one toast, one Undo, one transaction). */
typedef struct {
  KzLibraryWindow *self;     /* not owned; NULL once the window is gone */
  GArray          *ids;      /* gint64 */
  AdwToast        *toast;    /* not owned */
  gboolean         done;     /* undone or deleted */
} PendingDelete;

struct _KzLibraryWindow {
  AdwWindow parent_instance;

  /* template children */
  AdwWindowTitle  *window_title;
  GtkSearchEntry  *search_entry;
  GtkDropDown     *result_filter;
  GtkDropDown     *import_filter;
  GtkButton       *delete_import_button;
  GtkWidget       *import_button;
  AdwToastOverlay *toast_overlay;
  GtkStack        *stack;
  GtkListView     *list_view;
  AdwStatusPage   *empty_page;
  GtkButton       *export_button;

  KzSession         *session;
  KzGameListModel   *model;
  GtkMultiSelection *selection;
  GPtrArray         *pending;    /* PendingDelete* */
  GArray            *export_ids; /* gint64: the games being exported */
  PendingDelete     *shown;      /* the one whose toast is on screen */
  GArray            *import_ids; /* gint64, parallel to import_filter's items (0: all) */
  gboolean           deleting;   /* while our own deletion is committed */
};

G_DEFINE_FINAL_TYPE (KzLibraryWindow, kz_library_window, ADW_TYPE_WINDOW)

static void
toast (KzLibraryWindow *self, const char *text)
{
  AdwToast *t = adw_toast_new (text);
  adw_toast_set_timeout (t, 4);
  adw_toast_overlay_add_toast (self->toast_overlay, t);
}


static void
update_view (KzLibraryWindow *self)
{
  guint n = self->model ? g_list_model_get_n_items (G_LIST_MODEL (self->model)) : 0;
  g_autofree char *subtitle = NULL;
  gboolean filtered = self->model && (kz_game_list_model_get_player (self->model)
                                      || kz_game_list_model_get_by_result (self->model));

  if (self->model == NULL)
    subtitle = g_strdup (_("Not available"));
  else if (filtered)
    subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game found", "%u games found", n), n);
  else
    subtitle = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game", "%u games", n), n);
  adw_window_title_set_subtitle (self->window_title, subtitle);

  if (n > 0)
    {
      gtk_stack_set_visible_child_name (self->stack, "list");
      return;
    }
  if (self->model == NULL)
    {
      const GError *error = kz_session_get_store_error (self->session);
      adw_status_page_set_title (self->empty_page, _("The Game Database Is Not Available"));
      adw_status_page_set_description (self->empty_page, error ? error->message : NULL);
    }
  else if (filtered)
    {
      adw_status_page_set_title (self->empty_page, _("No Games Found"));
      adw_status_page_set_description (self->empty_page,
                                       _("No game matches the player name and result chosen."));
    }
  else
    {
      adw_status_page_set_title (self->empty_page, _("No Games Yet"));
      adw_status_page_set_description (self->empty_page,
                                       _("Every game you play is kept here. You can also import KGN files."));
    }
  gtk_stack_set_visible_child_name (self->stack, "empty");
}

/* ---- deleting with Undo ------------------------------------------------- */

static void
commit_delete (KzLibraryWindow *self, PendingDelete *p)
{
  g_autoptr (GError) error = NULL;
  if (p->done || self->model == NULL)
    return;
  p->done = TRUE;
  if (self->shown == p)
    self->shown = NULL;
  self->deleting = TRUE;
  gboolean deleted = kz_session_delete_games (self->session, (const gint64 *) p->ids->data,
                                              p->ids->len, &error);
  self->deleting = FALSE;
  if (!deleted)
    {
      g_autofree char *text = g_strdup_printf (_("The games could not be deleted: %s"), error->message);
      for (guint i = 0; i < p->ids->len; i++)
        kz_game_list_model_show_hidden (self->model, g_array_index (p->ids, gint64, i));
      toast (self, text);
      update_view (self);
      return;
    }
  for (guint i = 0; i < p->ids->len; i++)
    kz_game_list_model_forget_hidden (self->model, g_array_index (p->ids, gint64, i));
}

/* Deletes every game waiting for Undo now; with `dismiss`, their toasts
 * (whose Undo can no longer work) go too. */
static void
commit_all (KzLibraryWindow *self, gboolean dismiss)
{
  g_autoptr (GPtrArray) copy = NULL;

  if (self->pending == NULL || self->pending->len == 0)
    return;
  copy = g_ptr_array_copy (self->pending, NULL, NULL);
  for (guint i = 0; i < copy->len; i++)
    commit_delete (self, g_ptr_array_index (copy, i));
  if (dismiss)
    for (guint i = 0; i < copy->len; i++)
      adw_toast_dismiss (((PendingDelete *) g_ptr_array_index (copy, i))->toast);
}

static void
pending_free (gpointer data, GClosure *closure)
{
  PendingDelete *p = data;
  g_array_unref (p->ids);
  g_free (p);
}

static void
undo_clicked (AdwToast *t, PendingDelete *p)
{
  int first = -1;

  if (p->done || p->self == NULL)
    return;
  p->done = TRUE;
  if (p->self->shown == p)
    p->self->shown = NULL;
  for (guint i = 0; i < p->ids->len; i++)
    {
      int position = kz_game_list_model_show_hidden (p->self->model,
                                                     g_array_index (p->ids, gint64, i));
      if (position >= 0 && (first < 0 || position < first))
        first = position;
    }
  update_view (p->self);
  /* The list view keeps its top row in place when rows are inserted
   * above it, so a row restored there would stay out of sight. */
  if (first >= 0)
    gtk_widget_activate_action (GTK_WIDGET (p->self->list_view), "list.scroll-to-item", "u",
                                (guint) first);
}

static void
toast_dismissed (AdwToast *t, PendingDelete *p)
{
  if (p->self)
    {
      commit_delete (p->self, p);
      if (p->self->shown == p)
        p->self->shown = NULL;
      g_ptr_array_remove (p->self->pending, p);
    }
}

static void
delete_at (KzLibraryWindow *self, guint position)
{
  g_autoptr (KzGameItem) item = g_list_model_get_item (G_LIST_MODEL (self->model), position);
  PendingDelete *p = self->shown;
  g_autofree char *title = NULL;
  const char *why = NULL;
  gint64 id;

  if (item == NULL)
    return;
  if (kz_session_game_in_use (self->session, kz_game_item_get_id (item), &why))
    {
      toast (self, why);
      return;
    }
  id = kz_game_list_model_hide (self->model, position);
  if (p && !p->done)
    {
      /* Join the toast on screen (adding toasts in a quick row can also
       * crash libadwaita 1.2). */
      g_array_append_val (p->ids, id);
      title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game deleted", "%u games deleted",
                                            p->ids->len), p->ids->len);
      adw_toast_set_title (p->toast, title);
      update_view (self);
      return;
    }

  p = g_new0 (PendingDelete, 1);
  p->self = self;
  p->ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_array_append_val (p->ids, id);
  g_ptr_array_add (self->pending, p);
  {
    g_autofree char *players = kz_game_item_dup_players_text (item);
    /* Translators: %s is e.g. "Ivan — Computer" */
    title = g_strdup_printf (_("Game deleted: %s"), players);
  }
  p->toast = adw_toast_new (title);
  adw_toast_set_button_label (p->toast, _("_Undo"));
  adw_toast_set_timeout (p->toast, 6);
  adw_toast_set_priority (p->toast, ADW_TOAST_PRIORITY_HIGH);
  g_signal_connect (p->toast, "button-clicked", G_CALLBACK (undo_clicked), p);
  g_signal_connect_data (p->toast, "dismissed", G_CALLBACK (toast_dismissed), p, pending_free, 0);
  self->shown = p;
  adw_toast_overlay_add_toast (self->toast_overlay, p->toast);
  update_view (self);
}

/* ---- rows --------------------------------------------------------------- */

static void
open_item (KzLibraryWindow *self, KzGameItem *item)
{
  g_autoptr (GError) error = NULL;
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));

  if (item == NULL)
    return;
  /* The main window follows the session and reviews the game. */
  if (!kz_session_open_for_review (self->session, kz_game_item_get_id (item), &error))
    {
      /* Translators: %s says why */
      g_autofree char *text = g_strdup_printf (_("The game could not be opened: %s"), error->message);
      toast (self, text);
      return;
    }
  if (parent)
    gtk_window_present (parent);
}

static void
row_open (KzLibraryRow *row, KzLibraryWindow *self)
{
  GtkListItem *list_item = kz_library_row_get_list_item (row);
  open_item (self, gtk_list_item_get_item (list_item));
}

static void
row_delete (KzLibraryRow *row, KzLibraryWindow *self)
{
  guint position = gtk_list_item_get_position (kz_library_row_get_list_item (row));
  if (position != GTK_INVALID_LIST_POSITION)
    delete_at (self, position);
}

static void
setup_row (GtkSignalListItemFactory *factory, GtkListItem *list_item, KzLibraryWindow *self)
{
  KzLibraryRow *row = kz_library_row_new (list_item);

  g_signal_connect_object (row, "open", G_CALLBACK (row_open), self, 0);
  g_signal_connect_object (row, "delete", G_CALLBACK (row_delete), self, 0);
  gtk_list_item_set_child (list_item, GTK_WIDGET (row));
}

static void
bind_row (GtkSignalListItemFactory *factory, GtkListItem *list_item, KzLibraryWindow *self)
{
  KzGameItem *item = gtk_list_item_get_item (list_item);
  const char *why = NULL;
  gboolean in_use;

  if (item == NULL)
    return;
  /* The game on the board (or the one to go back to) cannot be deleted. */
  in_use = kz_session_game_in_use (self->session, kz_game_item_get_id (item), &why);
  kz_library_row_show (KZ_LIBRARY_ROW (gtk_list_item_get_child (list_item)), item, !in_use, why);
}

/* The rows shown say anew whether their game can be deleted (the game
 * on the board changed: a new game, one opened or resumed). */
static void
refresh_rows (KzLibraryWindow *self, GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child;
       child = gtk_widget_get_next_sibling (child))
    if (KZ_IS_LIBRARY_ROW (child))
      bind_row (NULL, kz_library_row_get_list_item (KZ_LIBRARY_ROW (child)), self);
    else
      refresh_rows (self, child);
}

/* A new game on the board was stored (or an empty one deleted): the
 * list follows the database (it does not move when nothing changed). */
static void
session_game_changed (KzLibraryWindow *self)
{
  g_autoptr (GError) error = NULL;

  if (self->model && !kz_game_list_model_reload (self->model, &error))
    toast (self, error->message);
  refresh_rows (self, GTK_WIDGET (self->list_view));
}

/* Games deleted elsewhere (the main window's empty game, an import
 * undone); our own deletions are followed row by row. */
static void
session_games_removed (KzLibraryWindow *self)
{
  if (!self->deleting)
    session_game_changed (self);
}

/* Import (app.import) is off while the database can only be read: the
 * button says why. */
static void
session_store_changed (KzLibraryWindow *self)
{
  gtk_widget_set_tooltip_text (self->import_button,
                               kz_session_get_can_save (self->session)
                               ? _("Import Games From a KGN File")
                               : _("The game database can only be read, so no games can be imported"));
  refresh_rows (self, GTK_WIDGET (self->list_view));
}

static void
list_activated (GtkListView *view, guint position, KzLibraryWindow *self)
{
  g_autoptr (KzGameItem) item = g_list_model_get_item (G_LIST_MODEL (self->model), position);
  open_item (self, item);
}

/* ---- filters ------------------------------------------------------------ */

static void
apply_filter (KzLibraryWindow *self)
{
  static const KzResult results[] = { KZ_RESULT_NONE, KZ_RESULT_COSSACKS_WIN, KZ_RESULT_TURKS_WIN,
                                      KZ_RESULT_DRAW, KZ_RESULT_NONE };
  guint selected = gtk_drop_down_get_selected (self->result_filter);
  g_autofree char *player = NULL;
  g_autoptr (GError) error = NULL;

  if (self->model == NULL)
    return;
  if (selected >= G_N_ELEMENTS (results))
    selected = 0;
  player = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (self->search_entry))));
  guint which = gtk_drop_down_get_selected (self->import_filter);
  gint64 import_id = self->import_ids && which < self->import_ids->len
                     ? g_array_index (self->import_ids, gint64, which) : 0;
  gtk_widget_set_visible (GTK_WIDGET (self->delete_import_button), import_id != 0);
  /* A filter change re-reads the list: deletions waiting for Undo happen now. */
  if (g_strcmp0 (player[0] ? player : NULL, kz_game_list_model_get_player (self->model)) != 0
      || (selected != 0) != kz_game_list_model_get_by_result (self->model)
      || (selected != 0 && results[selected] != kz_game_list_model_get_result (self->model))
      || import_id != kz_game_list_model_get_import (self->model))
    commit_all (self, TRUE);
  if (!kz_game_list_model_set_import (self->model, import_id, &error)
      || !kz_game_list_model_set_filter (self->model, player, selected != 0, results[selected], &error))
    toast (self, error->message);
  update_view (self);
}

/* ---- imports (issue 15): one import's games, shown or deleted ---------- */

/* Fills the import filter from the recorded imports, keeping the one
 * shown when it is still there. */
static void
fill_imports (KzLibraryWindow *self)
{
  KzStore *store = kz_session_get_store (self->session);
  guint which = gtk_drop_down_get_selected (self->import_filter);
  gint64 shown = self->import_ids && which < self->import_ids->len
                 ? g_array_index (self->import_ids, gint64, which) : 0;
  g_autoptr (GPtrArray) imports = store ? kz_store_list_imports (store, NULL) : NULL;
  g_autoptr (GtkStringList) items = gtk_string_list_new (NULL);
  guint select = 0;

  g_clear_pointer (&self->import_ids, g_array_unref);
  self->import_ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  gtk_string_list_append (items, _("All Games"));
  g_array_append_val (self->import_ids, (gint64) { 0 });
  for (guint i = 0; imports && i < imports->len; i++)
    {
      KzImportInfo *info = g_ptr_array_index (imports, i);
      if (info->remaining == 0)
        continue;
      g_autofree char *label = NULL;
      if (info->file[0] == '\0')
        label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Earlier Imports (%u game)",
                                              "Earlier Imports (%u games)", info->remaining),
                                 info->remaining);
      else
        /* Translators: an import in the library's filter: the file name, the number of games */
        label = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s (%u game)", "%s (%u games)",
                                              info->remaining), info->file, info->remaining);
      gtk_string_list_append (items, label);
      g_array_append_val (self->import_ids, info->id);
      if (info->id == shown)
        select = self->import_ids->len - 1;
    }
  g_signal_handlers_block_by_func (self->import_filter, apply_filter, self);
  gtk_drop_down_set_model (self->import_filter, G_LIST_MODEL (items));
  gtk_drop_down_set_selected (self->import_filter, select);
  g_signal_handlers_unblock_by_func (self->import_filter, apply_filter, self);
  gtk_widget_set_visible (GTK_WIDGET (self->import_filter), self->import_ids->len > 1);
}

static void
delete_import_clicked (KzLibraryWindow *self)
{
  KzStore *store = kz_session_get_store (self->session);
  guint which = gtk_drop_down_get_selected (self->import_filter);
  gint64 import_id = self->import_ids && which < self->import_ids->len
                     ? g_array_index (self->import_ids, gint64, which) : 0;
  g_autoptr (GError) error = NULL;
  if (store == NULL || import_id == 0)
    return;
  commit_all (self, TRUE);
  KzGameFilter filter = { .import_id = import_id };
  guint count = 0;
  g_autoptr (GPtrArray) infos = NULL;
  if (kz_store_count_games (store, &filter, &count, &error))
    infos = kz_store_list_games (store, &filter, 0, count, &error);
  if (infos == NULL)
    {
      toast (self, error->message);
      return;
    }
  g_autoptr (GArray) ids = g_array_sized_new (FALSE, FALSE, sizeof (gint64), infos->len);
  for (guint i = 0; i < infos->len; i++)
    g_array_append_val (ids, ((KzGameInfo *) g_ptr_array_index (infos, i))->id);
  /* Through the session, which closes a game of the import shown now. */
  if ((ids->len > 0
       && !kz_session_delete_games (self->session, (const gint64 *) ids->data, ids->len, &error))
      || !kz_store_delete_import (store, import_id, NULL, &error))
    {
      toast (self, error->message);
      return;
    }
  g_autofree char *msg = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game deleted",
                                                       "%u games deleted", ids->len), ids->len);
  toast (self, msg);
  gtk_drop_down_set_selected (self->import_filter, 0);
  kz_library_window_reload (self);
}

/* ---- export ------------------------------------------------------------- */

static void
export_chosen (GFile *file, gpointer data)
{
  g_autoptr (KzLibraryWindow) self = data;
  GArray *ids = g_steal_pointer (&self->export_ids);
  KzStore *store = kz_session_get_store (self->session);
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr (GError) error = NULL;
  g_autofree char *kgn = NULL;
  g_autofree char *name = NULL;
  guint failed = 0;

  if (file == NULL || ids == NULL || store == NULL)
    {
      if (ids)
        g_array_unref (ids);
      return;
    }
  /* Oldest first, so that importing the file gives the same order. */
  for (guint i = ids->len; i-- > 0;)
    {
      KzGame *game = kz_store_load_game (store, g_array_index (ids, gint64, i), NULL);
      if (game)
        g_ptr_array_add (games, game);
      else
        failed++;
    }
  g_array_unref (ids);
  kgn = kz_kgn_export_games (games);
  name = kz_file_dup_display_name (file);
  if (!g_file_replace_contents (file, kgn, strlen (kgn), NULL, FALSE, G_FILE_CREATE_NONE, NULL,
                                NULL, &error))
    {
      g_autofree char *reason = kz_file_error_message (file, error);
      g_autofree char *text = g_strdup_printf (_("The games could not be saved to “%s”: %s"),
                                               name, reason);
      toast (self, text);
      return;
    }
  {
    g_autofree char *text = NULL;
    if (failed)
      /* Translators: the number of games, the file, the number that failed */
      text = g_strdup_printf (_("%u games saved to “%s”; %u could not be read"), games->len, name, failed);
    else
      text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u game saved to “%s”",
                                           "%u games saved to “%s”", games->len),
                              games->len, name);
    toast (self, text);
  }
}

static void
export_clicked (KzLibraryWindow *self)
{
  g_autoptr (GtkBitset) set = NULL;
  GtkBitsetIter iter;
  guint position;
  GArray *ids;

  if (self->model == NULL)
    return;
  set = gtk_selection_model_get_selection (GTK_SELECTION_MODEL (self->selection));
  if (gtk_bitset_is_empty (set))
    {
      toast (self, _("Select the games to export first (Ctrl+A selects all)"));
      return;
    }
  ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (gboolean ok = gtk_bitset_iter_init_first (&iter, set, &position); ok;
       ok = gtk_bitset_iter_next (&iter, &position))
    {
      g_autoptr (KzGameItem) item = g_list_model_get_item (G_LIST_MODEL (self->model), position);
      if (item)
        {
          gint64 id = kz_game_item_get_id (item);
          g_array_append_val (ids, id);
        }
    }
  g_clear_pointer (&self->export_ids, g_array_unref);
  self->export_ids = ids;
  {
    static const char *const patterns[] = { "*.kgn", NULL };
    kz_file_chooser_save (GTK_WINDOW (self), _("Export Games"), "kazaki-games.kgn",
                          _("Kazaki games (KGN)"), patterns, export_chosen, g_object_ref (self));
  }
}

/* ---- window ------------------------------------------------------------- */

void
kz_library_window_reload (KzLibraryWindow *self)
{
  g_autoptr (GError) error = NULL;

  g_return_if_fail (KZ_IS_LIBRARY_WINDOW (self));
  if (self->model == NULL)
    return;
  fill_imports (self);
  apply_filter (self);
  /* (Rows waiting for Undo stay hidden where they are now.) */
  if (!kz_game_list_model_reload (self->model, &error))
    toast (self, error->message);
  update_view (self);
}

static gboolean
kz_library_window_close_request (GtkWindow *window)
{
  commit_all (KZ_LIBRARY_WINDOW (window), FALSE);
  return GTK_WINDOW_CLASS (kz_library_window_parent_class)->close_request (window);
}

static void
kz_library_window_dispose (GObject *object)
{
  KzLibraryWindow *self = KZ_LIBRARY_WINDOW (object);

  if (self->pending)
    {
      commit_all (self, FALSE);
      /* The toasts may outlive us: they must not call back. */
      for (guint i = 0; i < self->pending->len; i++)
        ((PendingDelete *) g_ptr_array_index (self->pending, i))->self = NULL;
      self->shown = NULL;
      g_clear_pointer (&self->pending, g_ptr_array_unref);
    }
  gtk_widget_dispose_template (GTK_WIDGET (self), KZ_TYPE_LIBRARY_WINDOW);
  if (self->session)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->session);
  g_clear_pointer (&self->export_ids, g_array_unref);
  g_clear_object (&self->selection);
  g_clear_object (&self->model);
  g_clear_pointer (&self->import_ids, g_array_unref);
  G_OBJECT_CLASS (kz_library_window_parent_class)->dispose (object);
}

static void
kz_library_window_class_init (KzLibraryWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = kz_library_window_dispose;
  window_class->close_request = kz_library_window_close_request;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/kz-library-window.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, KzLibraryWindow, name)
  BIND (window_title);
  BIND (search_entry);
  BIND (result_filter);
  BIND (import_filter);
  BIND (delete_import_button);
  BIND (import_button);
  BIND (toast_overlay);
  BIND (stack);
  BIND (list_view);
  BIND (empty_page);
  BIND (export_button);
#undef BIND
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, "window.close", NULL);
}

static void
kz_library_window_init (KzLibraryWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->pending = g_ptr_array_new ();
}

KzLibraryWindow *
kz_library_window_new (GtkApplication *app, KzSession *session)
{
  KzLibraryWindow *self = g_object_new (KZ_TYPE_LIBRARY_WINDOW, "application", app, NULL);
  KzStore *store = kz_session_get_store (session);
  GtkListItemFactory *factory;
  g_autoptr (GError) error = NULL;

  self->session = g_object_ref (session);
  /* Games imported or deleted elsewhere. */
  g_signal_connect_swapped (session, "games-added", G_CALLBACK (kz_library_window_reload), self);
  g_signal_connect_object (session, "notify::game", G_CALLBACK (session_game_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::previous-game", G_CALLBACK (session_game_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "games-removed", G_CALLBACK (session_games_removed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (session, "notify::store", G_CALLBACK (session_store_changed), self,
                           G_CONNECT_SWAPPED);
  if (store)
    {
      self->model = kz_game_list_model_new (store, &error);
      if (self->model == NULL)
        toast (self, error->message);
    }
  if (self->model)
    {
      self->selection = gtk_multi_selection_new (G_LIST_MODEL (g_object_ref (self->model)));
      g_signal_connect_swapped (self->model, "items-changed", G_CALLBACK (update_view), self);
    }
  factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), self);
  gtk_list_view_set_factory (self->list_view, factory);
  g_object_unref (factory);
  if (self->selection)
    gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (self->selection));
  g_signal_connect (self->list_view, "activate", G_CALLBACK (list_activated), self);

  g_signal_connect_swapped (self->search_entry, "search-changed", G_CALLBACK (apply_filter), self);
  /* Typing anywhere in the window searches. */
  gtk_search_entry_set_key_capture_widget (self->search_entry, GTK_WIDGET (self));
  g_signal_connect_swapped (self->result_filter, "notify::selected", G_CALLBACK (apply_filter), self);
  fill_imports (self);
  g_signal_connect_swapped (self->import_filter, "notify::selected", G_CALLBACK (apply_filter), self);
  g_signal_connect_swapped (self->delete_import_button, "clicked",
                            G_CALLBACK (delete_import_clicked), self);
  g_signal_connect_swapped (self->export_button, "clicked", G_CALLBACK (export_clicked), self);
  gtk_widget_set_sensitive (GTK_WIDGET (self->export_button), self->model != NULL);
  update_view (self);
  session_store_changed (self);
  return self;
}
