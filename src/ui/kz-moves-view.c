/* kz-moves-view.c — the moves of a game in the side panel.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-moves-view.h"
#include "kz-move-marks.h"
#include "kz-move-row.h"

struct _KzMovesView {
  GtkBox parent_instance;

  /* template children */
  GtkWidget      *placeholder;
  GtkWidget      *scroller;
  GtkListView    *list_view;

  GListStore     *rows;           /* KzMoveRow */
  GSignalGroup   *game_signals;
  KzGame         *game;
  guint           current_ply;
  KzGameAnalysis *analysis;       /* marks the moves it judged */
  GSignalGroup   *analysis_signals;
};

G_DEFINE_FINAL_TYPE (KzMovesView, kz_moves_view, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_GAME,
  PROP_CURRENT_PLY,
  PROP_ANALYSIS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum { PLY_ACTIVATED, N_SIGNALS };
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

static void
bind_row (GtkSignalListItemFactory *factory, GtkListItem *item, KzMovesView *self)
{
  KzMoveRow *row = gtk_list_item_get_item (item);
  GtkWidget *number = gtk_widget_get_first_child (gtk_list_item_get_child (item));
  GtkWidget *buttons[2];
  GtkWidget *result;
  gboolean moves = kz_move_row_get_kind (row) == KZ_MOVE_ROW_MOVES;
  g_autofree char *num = NULL;

  buttons[0] = gtk_widget_get_next_sibling (number);
  buttons[1] = gtk_widget_get_next_sibling (buttons[0]);
  result = gtk_widget_get_next_sibling (buttons[1]);

  num = moves ? g_strdup_printf ("%u.", kz_move_row_get_number (row)) : g_strdup ("");
  gtk_label_set_text (GTK_LABEL (number), num);
  for (int col = 0; col < 2; col++)
    {
      int ply = kz_move_row_get_ply (row, (KzSide) col);
      const char *text = ply >= 0 ? kz_move_row_get_text (row, (KzSide) col) : "…";
      GtkWidget *label = gtk_button_get_child (GTK_BUTTON (buttons[col]));

      gtk_widget_set_visible (buttons[col], moves);
      gtk_label_set_text (GTK_LABEL (label), text);
      if (moves)
        {
          /* Translators: a move in the move list as a screen reader says
           * it: the move number, the side, the move, e.g. "1. Cossacks: c4-c5" */
          g_autofree char *name = g_strdup_printf (_("%u. %s: %s"), kz_move_row_get_number (row),
                                                   col == KZ_COSSACKS ? _("Cossacks") : _("Turks"),
                                                   ply >= 0 ? text : _("no move"));
          KzMoveClass cls = ply >= 0 ? move_class (self, (guint) ply) : KZ_MOVE_CLASS_NONE;
          /* the analysis's mark: a symbol, a colour, and its name */
          kz_move_mark_apply (GTK_LABEL (label), text, cls);
          if (kz_move_mark_css_class (cls))
            {
              /* Translators: a move and its mark, "1. Cossacks: c4-c5, Mistake" */
              g_autofree char *marked = g_strdup_printf (_("%s, %s"), name, kz_move_class_describe (cls));
              g_free (name);
              name = g_steal_pointer (&marked);
            }
          gtk_accessible_update_property (GTK_ACCESSIBLE (buttons[col]),
                                          GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
        }
      gtk_widget_set_tooltip_text (buttons[col], g_utf8_strlen (text, -1) > 8 ? text : NULL);
      gtk_widget_set_sensitive (buttons[col], ply >= 0);
      /* A move leads to the ply after it. */
      if (ply >= 0)
        {
          /* The target first: with the name alone it has none. */
          gtk_actionable_set_action_target (GTK_ACTIONABLE (buttons[col]), "u", (guint32) ply + 1);
          gtk_actionable_set_action_name (GTK_ACTIONABLE (buttons[col]), "moves.select");
        }
      else
        gtk_actionable_set_action_name (GTK_ACTIONABLE (buttons[col]), NULL);
      if (ply >= 0 && (guint) ply + 1 == self->current_ply)
        gtk_widget_add_css_class (buttons[col], "current");
      else
        gtk_widget_remove_css_class (buttons[col], "current");
    }
  gtk_widget_set_visible (result, !moves);
  gtk_label_set_text (GTK_LABEL (result), moves ? "" : kz_move_row_get_comment (row));
}

static void
select_activated (GtkWidget *widget, const char *action, GVariant *param)
{
  g_signal_emit (widget, signals[PLY_ACTIVATED], 0, g_variant_get_uint32 (param));
}

/* Shows row `position` again (its marks changed). */
static void
refresh_row (KzMovesView *self, guint position)
{
  g_autoptr (GObject) row = NULL;

  if (position == G_MAXUINT || position >= g_list_model_get_n_items (G_LIST_MODEL (self->rows)))
    return;
  row = g_list_model_get_item (G_LIST_MODEL (self->rows), position);
  g_list_store_splice (self->rows, position, 1, (gpointer *) &row, 1);
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
  position = kz_move_rows_find (G_LIST_MODEL (self->rows), (int) self->current_ply - 1);
  if (position == G_MAXUINT || (self->game && self->current_ply == kz_game_get_ply (self->game)))
    position = n - 1;
  gtk_widget_activate_action (GTK_WIDGET (self->list_view), "list.scroll-to-item", "u", position);
}

static void
rebuild (KzMovesView *self)
{
  if (self->game)
    kz_move_rows_fill (self->rows, self->game);
  else
    g_list_store_remove_all (self->rows);
  gtk_widget_set_visible (self->placeholder, g_list_model_get_n_items (G_LIST_MODEL (self->rows)) == 0);
  scroll_to_current (self);
}

/* Position `ply` was evaluated: the moves into and out of it may have
 * their class now. */
static void
analysis_position (KzMovesView *self, guint ply)
{
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
  guint old;

  g_return_if_fail (KZ_IS_MOVES_VIEW (self));
  if (self->current_ply == ply)
    return;
  old = kz_move_rows_find (G_LIST_MODEL (self->rows), (int) self->current_ply - 1);
  self->current_ply = ply;
  refresh_row (self, old);
  refresh_row (self, kz_move_rows_find (G_LIST_MODEL (self->rows), (int) ply - 1));
  scroll_to_current (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CURRENT_PLY]);
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
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_moves_view_dispose (GObject *object)
{
  KzMovesView *self = KZ_MOVES_VIEW (object);

  if (self->game_signals)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
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
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* A move was clicked; the argument is the ply after it. */
  signals[PLY_ACTIVATED] =
    g_signal_new ("ply-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);

  gtk_widget_class_install_action (widget_class, "moves.select", "u", select_activated);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/kz-moves-view.ui");
  gtk_widget_class_bind_template_child (widget_class, KzMovesView, placeholder);
  gtk_widget_class_bind_template_child (widget_class, KzMovesView, scroller);
  gtk_widget_class_bind_template_child (widget_class, KzMovesView, list_view);
}

static void
kz_moves_view_init (KzMovesView *self)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  GtkNoSelection *selection;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_list_store_new (KZ_TYPE_MOVE_ROW);
  selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->rows)));
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), self);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), self);
  gtk_list_view_set_factory (self->list_view, factory);
  gtk_list_view_set_model (self->list_view, GTK_SELECTION_MODEL (selection));
  g_object_unref (factory);
  g_object_unref (selection);

  /* The list follows its game: a move played or taken back, the end. */
  self->game_signals = g_signal_group_new (KZ_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "notify::ply", G_CALLBACK (rebuild), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::is-over", G_CALLBACK (rebuild), self);
  self->analysis_signals = g_signal_group_new (KZ_TYPE_GAME_ANALYSIS);
  g_signal_group_connect_swapped (self->analysis_signals, "position-analysed",
                                  G_CALLBACK (analysis_position), self);
}
