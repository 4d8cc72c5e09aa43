/* kz-library-row.c — one game in the library's list.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-board-painter.h"
#include "kz-library-row.h"

struct _KzLibraryRow {
  GtkBox parent_instance;

  /* template children */
  GtkDrawingArea *thumb;
  GtkLabel       *players;
  GtkLabel       *outcome;
  GtkLabel       *date;
  GtkWidget      *delete_button;

  GtkListItem    *list_item;      /* not owned */
  KzPosition      position;       /* the game's final position */
  gboolean        has_position;
};

G_DEFINE_FINAL_TYPE (KzLibraryRow, kz_library_row, GTK_TYPE_BOX)

enum { OPEN, DELETE, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
draw_thumbnail (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  KzLibraryRow *self = data;

  if (self->has_position)
    kz_board_paint (cr, &self->position, width, height, NULL);
}

static void
open_clicked (KzLibraryRow *self)
{
  g_signal_emit (self, signals[OPEN], 0);
}

static void
delete_clicked (KzLibraryRow *self)
{
  g_signal_emit (self, signals[DELETE], 0);
}

KzLibraryRow *
kz_library_row_new (GtkListItem *list_item)
{
  KzLibraryRow *self = g_object_new (KZ_TYPE_LIBRARY_ROW, NULL);

  self->list_item = list_item;
  return self;
}

GtkListItem *
kz_library_row_get_list_item (KzLibraryRow *self)
{
  g_return_val_if_fail (KZ_IS_LIBRARY_ROW (self), NULL);
  return self->list_item;
}

void
kz_library_row_show (KzLibraryRow *self, KzGameItem *item, gboolean deletable, const char *why_not)
{
  g_autofree char *players = NULL;
  g_autofree char *outcome = NULL;
  g_autofree char *date = NULL;
  const char *kpn;
  KzError err;

  g_return_if_fail (KZ_IS_LIBRARY_ROW (self));
  g_return_if_fail (KZ_IS_GAME_ITEM (item));
  players = kz_game_item_dup_players_text (item);
  outcome = kz_game_item_dup_outcome_text (item);
  date = kz_game_item_dup_date_text (item);
  gtk_label_set_text (self->players, players);
  gtk_label_set_text (self->outcome, outcome);
  gtk_label_set_text (self->date, date);
  kpn = kz_game_item_get_final_kpn (item);
  self->has_position = kpn && kz_kpn_parse (kpn, &self->position, &err);
  gtk_widget_queue_draw (GTK_WIDGET (self->thumb));
  gtk_widget_set_sensitive (self->delete_button, deletable);
  gtk_widget_set_tooltip_text (self->delete_button, deletable ? _("Delete This Game") : why_not);
}

static void
kz_library_row_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), KZ_TYPE_LIBRARY_ROW);
  G_OBJECT_CLASS (kz_library_row_parent_class)->dispose (object);
}

static void
kz_library_row_class_init (KzLibraryRowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kz_library_row_dispose;

  /* Review this game. */
  signals[OPEN] = g_signal_new ("open", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* Delete this game (with Undo: the library's business). */
  signals[DELETE] = g_signal_new ("delete", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                                  NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/kz-library-row.ui");
  gtk_widget_class_bind_template_child (widget_class, KzLibraryRow, thumb);
  gtk_widget_class_bind_template_child (widget_class, KzLibraryRow, players);
  gtk_widget_class_bind_template_child (widget_class, KzLibraryRow, outcome);
  gtk_widget_class_bind_template_child (widget_class, KzLibraryRow, date);
  gtk_widget_class_bind_template_child (widget_class, KzLibraryRow, delete_button);
  gtk_widget_class_bind_template_callback (widget_class, open_clicked);
  gtk_widget_class_bind_template_callback (widget_class, delete_clicked);
}

static void
kz_library_row_init (KzLibraryRow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_drawing_area_set_draw_func (self->thumb, draw_thumbnail, self, NULL);
}
