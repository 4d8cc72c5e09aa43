/* kz-moves-view.c — the moves of a game in the side panel.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-annotation-panel.h"
#include "kz-moves-view.h"
#include "kz-move-marks.h"
#include "kz-move-row.h"

struct _KzMovesView {
  GtkBox parent_instance;

  /* template children */
  GtkWidget      *placeholder;
  GtkWidget      *scroller;
  GtkListView    *list_view;
  GtkWidget      *annotation_separator;
  KzAnnotationPanel *annotation_panel;

  GListStore     *rows;           /* KzMoveRow */
  GSignalGroup   *game_signals;
  KzGame         *game;
  guint           current_ply;
  KzMoveNode     *current_node;   /* highlighted (a reference); NULL: the start */
  GdkFrameClock  *scroll_clock;   /* scroll_again() pending after its frame */
  gboolean        annotating;     /* the annotation panel is shown */
  KzGameAnalysis *analysis;       /* marks the moves it judged */
  GSignalGroup   *analysis_signals;
  gboolean        pressed;        /* a pointer button is down on the list */
  gboolean        rebuild_pending;  /* the rows, once it is released */
  guint           rebuild_source;
  GPtrArray      *shown;          /* what each row shows (row_signature()), as rows */
  gboolean        no_comments;    /* the comments are shown elsewhere */
};

G_DEFINE_FINAL_TYPE (KzMovesView, kz_moves_view, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_GAME,
  PROP_CURRENT_PLY,
  PROP_ANALYSIS,
  PROP_CURRENT_NODE,
  PROP_ANNOTATING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum { PLY_ACTIVATED, NODE_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ---- rows ---------------------------------------------------------------- */

/* A row's widgets: the number, a button per side, the result. */
static void
setup_row (GtkSignalListItemFactory *factory, GtkListItem *item, KzMovesView *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
  GtkWidget *number = gtk_label_new (NULL);
  GtkWidget *result = gtk_label_new (NULL);

  gtk_widget_add_css_class (number, "move-number");
  gtk_label_set_width_chars (GTK_LABEL (number), 4);
  gtk_label_set_xalign (GTK_LABEL (number), 1);
  gtk_box_append (GTK_BOX (box), number);
  for (int col = 0; col < 2; col++)
    {
      GtkWidget *button = gtk_button_new ();
      GtkWidget *label = gtk_label_new (NULL);

      /* Both columns the same width in every row (the same natural
       * width, the same share of the rest), so they line up; a long
       * chain is cut short, whole in its tooltip. */
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_width_chars (GTK_LABEL (label), 8);
      gtk_label_set_max_width_chars (GTK_LABEL (label), 8);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
      gtk_button_set_child (GTK_BUTTON (button), label);
      gtk_widget_set_hexpand (button, TRUE);
      gtk_widget_set_focus_on_click (button, FALSE);
      gtk_widget_add_css_class (button, "flat");
      gtk_widget_add_css_class (button, "move");
      gtk_box_append (GTK_BOX (box), button);
    }
  gtk_label_set_xalign (GTK_LABEL (result), 0);
  gtk_label_set_wrap (GTK_LABEL (result), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (result), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_selectable (GTK_LABEL (result), FALSE);
  gtk_widget_set_hexpand (result, TRUE);
  gtk_widget_add_css_class (result, "move-result");
  gtk_box_append (GTK_BOX (box), result);
  gtk_list_item_set_child (item, box);
  gtk_list_item_set_activatable (item, FALSE);
}

/* The class of move i (0-based) by the analysis, when it judged it and
 * is of this game's line. */
static KzMoveClass
move_class (KzMovesView *self, guint i)
{
  if (self->analysis == NULL || self->game == NULL
      || i >= kz_game_analysis_get_n_plies (self->analysis) || i >= kz_game_get_ply (self->game)
      || !kz_move_equal (kz_game_analysis_get_move (self->analysis, i), kz_game_get_move (self->game, i)))
    return KZ_MOVE_CLASS_NONE;
  return kz_game_analysis_get_move_class (self->analysis, i + 1);
}

/* What a screen reader says for a move: "1. Cossacks: c4-c5", then its
 * mark, the analysis's judgement, and "variation" off the main line. */
static char *
move_name (KzMoveRow *row, KzSide side, const char *text, KzMoveClass cls)
{
  KzMoveNode *node = kz_move_row_get_node (row, side);
  GString *name = g_string_new (NULL);
  guint mark = node ? kz_move_node_get_mark (node) : 0;

  /* Translators: a move in the move list as a screen reader says
   * it: the move number, the side, the move, e.g. "1. Cossacks: c4-c5" */
  g_string_printf (name, _("%u. %s: %s"), kz_move_row_get_number (row),
                   side == KZ_COSSACKS ? _("Cossacks") : _("Turks"), text ? text : _("no move"));
  /* Translators: a move and what is said about it, "1. Cossacks: c4-c5, Mistake" */
  if (mark)
    {
      g_autofree char *more = g_strdup_printf (_("%s, %s"), name->str, kz_nag_describe (mark));
      g_string_assign (name, more);
    }
  if (kz_move_mark_css_class (cls))
    {
      g_autofree char *more = g_strdup_printf (_("%s, %s"), name->str, kz_move_class_describe (cls));
      g_string_assign (name, more);
    }
  if (kz_move_row_get_depth (row) > 0)
    {
      /* Translators: a move of a variation (a line that was not played),
       * as a screen reader says it: "1. Turks: b6-a6, variation" */
      g_autofree char *more = g_strdup_printf (_("%s, variation"), name->str);
      g_string_assign (name, more);
    }
  if (node && kz_move_node_get_comment (node)[0])
    {
      /* Translators: a move and its comment, for screen readers */
      g_autofree char *more = g_strdup_printf (_("%s, with a comment"), name->str);
      g_string_assign (name, more);
    }
  return g_string_free (name, FALSE);
}

static gboolean
is_current (KzMovesView *self, KzMoveRow *row, KzSide side)
{
  KzMoveNode *node = kz_move_row_get_node (row, side);
  return node != NULL && node == self->current_node;
}

static void
bind_row (GtkSignalListItemFactory *factory, GtkListItem *item, KzMovesView *self)
{
  KzMoveRow *row = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *number = gtk_widget_get_first_child (box);
  GtkWidget *buttons[2];
  GtkWidget *result;
  KzMoveRowKind kind = kz_move_row_get_kind (row);
  gboolean moves = kind == KZ_MOVE_ROW_MOVES;
  guint depth = kz_move_row_get_depth (row);
  guint position = gtk_list_item_get_position (item);
  g_autofree char *num = NULL;

  buttons[0] = gtk_widget_get_next_sibling (number);
  buttons[1] = gtk_widget_get_next_sibling (buttons[0]);
  result = gtk_widget_get_next_sibling (buttons[1]);

  /* Variations indented by their depth, a comment under its move. */
  gtk_widget_set_margin_start (box, 18 * (int) depth);
  if (depth > 0)
    gtk_widget_add_css_class (box, "variation");
  else
    gtk_widget_remove_css_class (box, "variation");
  /* A variation reads as a line of text: "1… b6-a6" with no empty column. */
  if (!moves)
    num = g_strdup ("");
  else if (depth > 0 && kz_move_row_get_ply (row, KZ_COSSACKS) < 0)
    num = g_strdup_printf ("%u…", kz_move_row_get_number (row));
  else
    num = g_strdup_printf ("%u.", kz_move_row_get_number (row));
  gtk_label_set_text (GTK_LABEL (number), num);
  gtk_widget_set_visible (number, kind != KZ_MOVE_ROW_COMMENT);
  for (int col = 0; col < 2; col++)
    {
      int ply = kz_move_row_get_ply (row, (KzSide) col);
      g_autofree char *label_text = ply >= 0 ? kz_move_row_dup_label (row, (KzSide) col) : NULL;
      const char *text = label_text ? label_text : "…";
      GtkWidget *label = gtk_button_get_child (GTK_BUTTON (buttons[col]));
      KzMoveNode *node = kz_move_row_get_node (row, (KzSide) col);
      KzMoveClass cls = KZ_MOVE_CLASS_NONE;

      gtk_widget_set_visible (buttons[col], moves && (depth == 0 || ply >= 0));
      gtk_widget_set_hexpand (buttons[col], depth == 0);
      gtk_label_set_width_chars (GTK_LABEL (label), depth == 0 ? 8 : -1);
      gtk_label_set_max_width_chars (GTK_LABEL (label), depth == 0 ? 8 : 16);
      /* The analysis judged the moves of the main line only. */
      if (ply >= 0 && depth == 0 && (node == NULL || kz_move_node_is_main_line (node)))
        cls = move_class (self, (guint) ply);
      /* the analysis's mark: a symbol, a colour, and its name */
      kz_move_mark_apply (GTK_LABEL (label), text, node && kz_move_node_get_mark (node) != 0, cls);
      if (moves)
        {
          g_autofree char *name = move_name (row, (KzSide) col,
                                             ply >= 0 ? kz_move_row_get_text (row, (KzSide) col) : NULL,
                                             cls);
          gtk_accessible_update_property (GTK_ACCESSIBLE (buttons[col]),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
        }
      gtk_widget_set_tooltip_text (buttons[col],
                                   node && kz_move_node_get_comment (node)[0]
                                   ? kz_move_node_get_comment (node)
                                   : g_utf8_strlen (text, -1) > (depth == 0 ? 8 : 16) ? text : NULL);
      gtk_widget_set_sensitive (buttons[col], ply >= 0);
      if (ply >= 0)
        {
          /* The target first: with the name alone it has none. */
          gtk_actionable_set_action_target (GTK_ACTIONABLE (buttons[col]), "(uu)",
                                            (guint32) position, (guint32) col);
          gtk_actionable_set_action_name (GTK_ACTIONABLE (buttons[col]), "moves.select");
        }
      else
        gtk_actionable_set_action_name (GTK_ACTIONABLE (buttons[col]), NULL);
      if (ply >= 0 && is_current (self, row, (KzSide) col))
        gtk_widget_add_css_class (buttons[col], "current");
      else
        gtk_widget_remove_css_class (buttons[col], "current");
    }
  gtk_widget_set_visible (result, !moves);
  gtk_label_set_text (GTK_LABEL (result), moves ? "" : kz_move_row_get_comment (row));
  if (kind == KZ_MOVE_ROW_COMMENT)
    {
      gtk_widget_add_css_class (result, "move-comment");
      gtk_widget_remove_css_class (result, "move-result");
    }
  else
    {
      gtk_widget_add_css_class (result, "move-result");
      gtk_widget_remove_css_class (result, "move-comment");
    }
}

static void
select_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  KzMovesView *self = KZ_MOVES_VIEW (widget);
  guint position, col;
  g_autoptr (KzMoveRow) row = NULL;
  KzMoveNode *node;

  g_variant_get (param, "(uu)", &position, &col);
  if (position >= g_list_model_get_n_items (G_LIST_MODEL (self->rows)) || col > 1)
    return;
  row = g_list_model_get_item (G_LIST_MODEL (self->rows), position);
  node = kz_move_row_get_node (row, (KzSide) col);
  if (node == NULL)
    return;
  g_signal_emit (self, signals[NODE_ACTIVATED], 0, node);
  if (kz_move_node_is_main_line (node))
    g_signal_emit (self, signals[PLY_ACTIVATED], 0, kz_move_node_get_ply (node));
}

/* Shows row `position` again (its marks changed). */
static void
refresh_row (KzMovesView *self, guint position)
{
  g_autoptr (GObject) row = NULL;
  g_autoptr (KzMoveRow) copy = NULL;

  if (position == G_MAXUINT || position >= g_list_model_get_n_items (G_LIST_MODEL (self->rows)))
    return;
  row = g_list_model_get_item (G_LIST_MODEL (self->rows), position);
  /* A copy: the same item put back would keep its widgets unbound again. */
  copy = kz_move_row_copy (KZ_MOVE_ROW (row));
  g_list_store_splice (self->rows, position, 1, (gpointer *) &copy, 1);
}

/* Keeps the current move in view; at the end of a finished game, the
 * result under it too. */
static void
scroll_to_current (KzMovesView *self)
{
  guint n = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  guint position;

  if (n == 0)
    return;
  position = kz_move_rows_find_node (G_LIST_MODEL (self->rows), self->current_node);
  if (self->current_node == NULL || kz_move_node_is_root (self->current_node))
    position = 0;
  else if (position == G_MAXUINT
           || (self->game && self->current_node == kz_game_get_main_node (self->game, kz_game_get_ply (self->game))))
    position = n - 1;
  gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", position);
}

/* Scrolling to an item is lost when all the rows were replaced before
 * the list was laid out again (a whole game put in at once): it is asked
 * for again once the next frame has laid the rows out. */
static void
scroll_again (GdkFrameClock *clock, KzMovesView *self)
{
  g_signal_handlers_disconnect_by_func (clock, scroll_again, self);
  g_clear_object (&self->scroll_clock);
  scroll_to_current (self);
}

/* What a row shows, as text: rows alike show the same (the marks and
 * comments of its moves included, which the row reads from the nodes). */
static char *
row_signature (KzMoveRow *row)
{
  g_autofree char *first = kz_move_row_dup_label (row, KZ_COSSACKS);
  g_autofree char *second = kz_move_row_dup_label (row, KZ_TURKS);

  return g_strdup_printf ("%d %u %u %d %d %p %p %s\x1f%s\x1f%s", kz_move_row_get_kind (row),
                          kz_move_row_get_number (row), kz_move_row_get_depth (row),
                          kz_move_row_get_ply (row, KZ_COSSACKS), kz_move_row_get_ply (row, KZ_TURKS),
                          (void *) kz_move_row_get_node (row, KZ_COSSACKS),
                          (void *) kz_move_row_get_node (row, KZ_TURKS), first ? first : "",
                          second ? second : "", kz_move_row_get_comment (row) ? kz_move_row_get_comment (row) : "");
}

/* The rows of the game, put in place of those that changed only: the
 * rows around stay, and so does the list's scroll position (a comment
 * stored with Ctrl+Enter scrolled the whole list anew, its move to the
 * top, issue 24).  `all`: every row anew (another game, another
 * analysis). */
static void
fill_rows (KzMovesView *self, gboolean all)
{
  g_autoptr (GListStore) fresh = g_list_store_new (KZ_TYPE_MOVE_ROW);
  g_autoptr (GPtrArray) shown = g_ptr_array_new_with_free_func (g_free);
  guint n_old = g_list_model_get_n_items (G_LIST_MODEL (self->rows));
  guint n_new, head = 0, tail = 0;
  g_autoptr (GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  if (self->game)
    kz_move_rows_fill_full (fresh, self->game, !self->no_comments);
  n_new = g_list_model_get_n_items (G_LIST_MODEL (fresh));
  for (guint i = 0; i < n_new; i++)
    {
      KzMoveRow *row = g_list_model_get_item (G_LIST_MODEL (fresh), i);
      g_ptr_array_add (items, row);
      g_ptr_array_add (shown, row_signature (row));
    }
  if (!all && self->shown && self->shown->len == n_old)
    {
      while (head < MIN (n_old, n_new)
             && g_str_equal (self->shown->pdata[head], shown->pdata[head]))
        head++;
      while (tail < MIN (n_old, n_new) - head
             && g_str_equal (self->shown->pdata[n_old - 1 - tail], shown->pdata[n_new - 1 - tail]))
        tail++;
    }
  g_list_store_splice (self->rows, head, n_old - head - tail, items->pdata + head,
                       n_new - head - tail);
  g_clear_pointer (&self->shown, g_ptr_array_unref);
  self->shown = g_steal_pointer (&shown);
}

static void
fill (KzMovesView *self, gboolean all)
{
  self->rebuild_pending = FALSE;
  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  fill_rows (self, all);
  gtk_widget_set_visible (self->placeholder, g_list_model_get_n_items (G_LIST_MODEL (self->rows)) == 0);
  scroll_to_current (self);
  if (self->scroll_clock == NULL && gtk_widget_get_frame_clock (GTK_WIDGET (self->list_view)))
    {
      self->scroll_clock = g_object_ref (gtk_widget_get_frame_clock (GTK_WIDGET (self->list_view)));
      g_signal_connect (self->scroll_clock, "after-paint", G_CALLBACK (scroll_again), self);
      gdk_frame_clock_request_phase (self->scroll_clock, GDK_FRAME_CLOCK_PHASE_LAYOUT);
    }
}

static void
rebuild (KzMovesView *self)
{
  fill (self, TRUE);
}

/* The game changed: the rows that show something else now. */
static void
update (KzMovesView *self)
{
  fill (self, FALSE);
}

/* The game changed (a move, a comment, a mark, a variation): not under
 * a click, though.  The row pressed would be replaced before the button
 * is released and the click lost; and while the press moved the keyboard
 * focus (out of the comment editor, which stores the comment), GTK was
 * left with a focus chain of freed widgets and the window hung. */
static void
game_changed (KzMovesView *self)
{
  if (self->pressed)
    self->rebuild_pending = TRUE;
  else
    update (self);
}

static gboolean
rebuild_later (gpointer data)
{
  KzMovesView *self = data;

  self->rebuild_source = 0;
  if (self->rebuild_pending)
    update (self);
  return G_SOURCE_REMOVE;
}

/* Sees every press and release on the list before its rows do. */
static gboolean
list_event (GtkEventControllerLegacy *controller, GdkEvent *event, KzMovesView *self)
{
  switch ((int) gdk_event_get_event_type (event))
    {
    case GDK_BUTTON_PRESS:
    case GDK_TOUCH_BEGIN:
      self->pressed = TRUE;
      break;
    case GDK_BUTTON_RELEASE:
    case GDK_TOUCH_END:
    case GDK_TOUCH_CANCEL:
    case GDK_GRAB_BROKEN:
      self->pressed = FALSE;
      /* After the click the release makes (handled by the row now). */
      if (self->rebuild_pending && self->rebuild_source == 0)
        self->rebuild_source = g_idle_add (rebuild_later, self);
      break;
    default:
      break;
    }
  return GDK_EVENT_PROPAGATE;
}

/* Position `ply` was evaluated: the moves into and out of it may have
 * their class now. */
static void
analysis_position (KzMovesView *self, guint ply)
{
  if (self->pressed)
    {
      self->rebuild_pending = TRUE;
      return;
    }
  if (ply > 0)
    refresh_row (self, kz_move_rows_find (G_LIST_MODEL (self->rows), (int) ply - 1));
  refresh_row (self, kz_move_rows_find (G_LIST_MODEL (self->rows), (int) ply));
}

/* ---- public -------------------------------------------------------------- */

KzGameAnalysis *
kz_moves_view_get_analysis (KzMovesView *self)
{
  g_return_val_if_fail (KZ_IS_MOVES_VIEW (self), NULL);
  return self->analysis;
}

void
kz_moves_view_set_analysis (KzMovesView *self, KzGameAnalysis *analysis)
{
  g_return_if_fail (KZ_IS_MOVES_VIEW (self));
  g_return_if_fail (analysis == NULL || KZ_IS_GAME_ANALYSIS (analysis));

  if (!g_set_object (&self->analysis, analysis))
    return;
  g_signal_group_set_target (self->analysis_signals, analysis);
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANALYSIS]);
}

KzGame *
kz_moves_view_get_game (KzMovesView *self)
{
  g_return_val_if_fail (KZ_IS_MOVES_VIEW (self), NULL);
  return self->game;
}

void
kz_moves_view_set_game (KzMovesView *self, KzGame *game)
{
  g_return_if_fail (KZ_IS_MOVES_VIEW (self));
  g_return_if_fail (game == NULL || KZ_IS_GAME (game));

  if (!g_set_object (&self->game, game))
    return;
  g_signal_group_set_target (self->game_signals, game);
  rebuild (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

guint
kz_moves_view_get_current_ply (KzMovesView *self)
{
  g_return_val_if_fail (KZ_IS_MOVES_VIEW (self), 0);
  return self->current_ply;
}

void
kz_moves_view_set_current_ply (KzMovesView *self, guint ply)
{
  g_return_if_fail (KZ_IS_MOVES_VIEW (self));
  if (self->game)
    {
      kz_moves_view_set_current_node (self,
                                      kz_game_get_main_node (self->game,
                                                             MIN (ply, kz_game_get_ply (self->game))));
      return;
    }
  if (self->current_ply == ply)
    return;
  self->current_ply = ply;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_PLY]);
}

KzMoveNode *
kz_moves_view_get_current_node (KzMovesView *self)
{
  g_return_val_if_fail (KZ_IS_MOVES_VIEW (self), NULL);
  return self->current_node;
}

void
kz_moves_view_set_current_node (KzMovesView *self, KzMoveNode *node)
{
  guint old;
  guint ply;

  g_return_if_fail (KZ_IS_MOVES_VIEW (self));
  g_return_if_fail (node == NULL || KZ_IS_MOVE_NODE (node));
  if (self->current_node == node)
    return;
  old = kz_move_rows_find_node (G_LIST_MODEL (self->rows), self->current_node);
  g_set_object (&self->current_node, node);
  refresh_row (self, old);
  refresh_row (self, kz_move_rows_find_node (G_LIST_MODEL (self->rows), node));
  scroll_to_current (self);
  if (self->annotating)
    kz_annotation_panel_set_node (self->annotation_panel, node);
  ply = node ? kz_move_node_get_ply (node) : 0;
  if (ply != self->current_ply)
    {
      self->current_ply = ply;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_PLY]);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_NODE]);
}

gboolean
kz_moves_view_get_annotating (KzMovesView *self)
{
  g_return_val_if_fail (KZ_IS_MOVES_VIEW (self), FALSE);
  return self->annotating;
}

void
kz_moves_view_set_annotating (KzMovesView *self, gboolean annotating)
{
  g_return_if_fail (KZ_IS_MOVES_VIEW (self));
  annotating = !!annotating;
  if (self->annotating == annotating)
    return;
  self->annotating = annotating;
  gtk_widget_set_visible (self->annotation_separator, annotating);
  gtk_widget_set_visible (GTK_WIDGET (self->annotation_panel), annotating);
  kz_annotation_panel_set_node (self->annotation_panel, annotating ? self->current_node : NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANNOTATING]);
}

void
kz_moves_view_set_show_comments (KzMovesView *self, gboolean show_comments)
{
  g_return_if_fail (KZ_IS_MOVES_VIEW (self));
  if (self->no_comments == !show_comments)
    return;
  self->no_comments = !show_comments;
  rebuild (self);
}

KzAnnotationPanel *
kz_moves_view_get_annotation_panel (KzMovesView *self)
{
  g_return_val_if_fail (KZ_IS_MOVES_VIEW (self), NULL);
  return self->annotation_panel;
}

GListModel *
kz_moves_view_get_model (KzMovesView *self)
{
  g_return_val_if_fail (KZ_IS_MOVES_VIEW (self), NULL);
  return G_LIST_MODEL (self->rows);
}

/* ---- GObject ------------------------------------------------------------- */

static void
kz_moves_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KzMovesView *self = KZ_MOVES_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_CURRENT_PLY:
      g_value_set_uint (value, self->current_ply);
      break;
    case PROP_ANALYSIS:
      g_value_set_object (value, self->analysis);
      break;
    case PROP_CURRENT_NODE:
      g_value_set_object (value, self->current_node);
      break;
    case PROP_ANNOTATING:
      g_value_set_boolean (value, self->annotating);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_moves_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  KzMovesView *self = KZ_MOVES_VIEW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      kz_moves_view_set_game (self, g_value_get_object (value));
      break;
    case PROP_CURRENT_PLY:
      kz_moves_view_set_current_ply (self, g_value_get_uint (value));
      break;
    case PROP_ANALYSIS:
      kz_moves_view_set_analysis (self, g_value_get_object (value));
      break;
    case PROP_ANNOTATING:
      kz_moves_view_set_annotating (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_moves_view_dispose (GObject *object)
{
  KzMovesView *self = KZ_MOVES_VIEW (object);

  g_clear_handle_id (&self->rebuild_source, g_source_remove);
  g_clear_pointer (&self->shown, g_ptr_array_unref);
  if (self->scroll_clock)
    g_signal_handlers_disconnect_by_func (self->scroll_clock, scroll_again, self);
  g_clear_object (&self->scroll_clock);
  if (self->game_signals)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
  g_clear_object (&self->current_node);
  if (self->analysis_signals)
    g_signal_group_set_target (self->analysis_signals, NULL);
  g_clear_object (&self->analysis_signals);
  g_clear_object (&self->analysis);
  gtk_widget_dispose_template (GTK_WIDGET (self), KZ_TYPE_MOVES_VIEW);
  g_clear_object (&self->rows);
  G_OBJECT_CLASS (kz_moves_view_parent_class)->dispose (object);
}

static void
kz_moves_view_class_init (KzMovesViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = kz_moves_view_get_property;
  object_class->set_property = kz_moves_view_set_property;
  object_class->dispose = kz_moves_view_dispose;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KZ_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURRENT_PLY] =
    g_param_spec_uint ("current-ply", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANALYSIS] =
    g_param_spec_object ("analysis", NULL, NULL, KZ_TYPE_GAME_ANALYSIS,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_CURRENT_NODE] =
    g_param_spec_object ("current-node", NULL, NULL, KZ_TYPE_MOVE_NODE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANNOTATING] =
    g_param_spec_boolean ("annotating", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A move of the main line was clicked; the argument is the ply after it. */
  signals[PLY_ACTIVATED] =
    g_signal_new ("ply-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  /* Any move was clicked (before "ply-activated" for one of the main line). */
  signals[NODE_ACTIVATED] =
    g_signal_new ("node-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, KZ_TYPE_MOVE_NODE);

  gtk_widget_class_install_action (widget_class, "moves.select", "(uu)", select_activated);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/kz-moves-view.ui");
  gtk_widget_class_bind_template_child (widget_class, KzMovesView, placeholder);
  gtk_widget_class_bind_template_child (widget_class, KzMovesView, scroller);
  gtk_widget_class_bind_template_child (widget_class, KzMovesView, list_view);
  gtk_widget_class_bind_template_child (widget_class, KzMovesView, annotation_separator);
  gtk_widget_class_bind_template_child (widget_class, KzMovesView, annotation_panel);
}

static void
kz_moves_view_init (KzMovesView *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkEventController *presses = gtk_event_controller_legacy_new ();
  GtkNoSelection *selection;

  g_type_ensure (KZ_TYPE_ANNOTATION_PANEL);
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_list_store_new (KZ_TYPE_MOVE_ROW);
  selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->rows)));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), self);
  gtk_list_view_set_factory (self->list_view, factory);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (selection));
  g_object_unref (factory);
  g_object_unref (selection);
  gtk_event_controller_set_propagation_phase (presses, GTK_PHASE_CAPTURE);
  g_signal_connect (presses, "event", G_CALLBACK (list_event), self);
  gtk_widget_add_controller (GTK_WIDGET (self->list_view), presses);

  /* The list follows its game: a move played or taken back, the end. */
  self->game_signals = g_signal_group_new (KZ_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "notify::ply", G_CALLBACK (game_changed), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::is-over", G_CALLBACK (game_changed),
                                  self);
  /* a variation, a comment or a mark */
  g_signal_group_connect_swapped (self->game_signals, "tree-changed", G_CALLBACK (game_changed),
                                  self);
  self->analysis_signals = g_signal_group_new (KZ_TYPE_GAME_ANALYSIS);
  g_signal_group_connect_swapped (self->analysis_signals, "position-analysed",
                                  G_CALLBACK (analysis_position), self);
}
