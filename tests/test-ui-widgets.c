/* test-ui-widgets.c — the window's composed widgets on their own: the
 * New Game form (Enter in a name starts the game), the moves view (rows,
 * the result at the end; variations, comments and marks, a click on a
 * variation's move), the annotation panel (a comment handed on when the
 * editor is left), the review bar (the scrubber moves the review, also
 * while it plays on).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <string.h>

#include "kz-annotation-panel.h"
#include "kz-kgn.h"
#include "kz-move-row.h"
#include "kz-moves-view.h"
#include "kz-new-game-form.h"
#include "kz-resources.h"
#include "kz-review-bar.h"

static void
find_type (GtkWidget *widget, GType type, GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    g_ptr_array_add (found, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    find_type (child, type, found);
}

static void
count_clicks (GtkButton *button, guint *clicks)
{
  (*clicks)++;
}

/* A button activated by a key is "clicked" after a short press animation. */
static void
wait_ms (guint ms)
{
  gint64 end = g_get_monotonic_time () + ms * 1000;

  while (g_get_monotonic_time () < end)
    g_main_context_iteration (NULL, FALSE);
}

static void
spin (void)
{
  for (int i = 0; i < 20; i++)
    while (g_main_context_iteration (NULL, FALSE))
      ;
}

/* Defect: Enter in the New Game name fields did not start the game. */
static void
test_new_game_enter (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.kazaki.Kazaki");
  GtkWidget *window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *start = gtk_button_new_with_label ("Start");
  KzNewGameForm *form = kz_new_game_form_new (settings);
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  guint clicks = 0;

  gtk_box_append (GTK_BOX (box), GTK_WIDGET (form));
  gtk_box_append (GTK_BOX (box), start);
  gtk_window_set_child (GTK_WINDOW (window), box);
  gtk_window_set_default_widget (GTK_WINDOW (window), start);
  g_signal_connect (start, "clicked", G_CALLBACK (count_clicks), &clicks);
  gtk_window_present (GTK_WINDOW (window));
  spin ();

  find_type (GTK_WIDGET (form), ADW_TYPE_ENTRY_ROW, rows);
  g_assert_cmpuint (rows->len, ==, 2);
  for (guint i = 0; i < rows->len; i++)
    {
      g_signal_emit_by_name (g_ptr_array_index (rows, i), "entry-activated");
      wait_ms (600);
      g_assert_cmpuint (clicks, ==, i + 1);
    }

  /* The settings change only on apply, names without spaces around. */
  g_settings_set_string (settings, "cossacks-name", "");
  gtk_editable_set_text (GTK_EDITABLE (g_ptr_array_index (rows, 0)), "  Ivan ");
  spin ();
  g_assert_cmpstr (g_settings_get_string (settings, "cossacks-name"), ==, "");
  kz_new_game_form_apply (form);
  g_assert_cmpstr (g_settings_get_string (settings, "cossacks-name"), ==, "Ivan");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Defect: the form showed "Another player" and "Cossacks" whatever was stored,
 * so Start after a game against the computer began a two-player game. */
static void
test_new_game_remembers (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.kazaki.Kazaki");
  const char *opponents[] = { "computer", "human" };
  const char *sides[] = { "turks", "cossacks" };

  for (guint i = 0; i < G_N_ELEMENTS (opponents); i++)
    {
      GtkWidget *window = gtk_window_new ();
      KzNewGameForm *form;
      g_autoptr (GPtrArray) combos = g_ptr_array_new ();
      g_autofree char *opponent = NULL;
      g_autofree char *side = NULL;

      g_settings_set_string (settings, "default-opponent", opponents[i]);
      g_settings_set_string (settings, "player-side", sides[i]);
      g_settings_set_boolean (settings, "new-game-guided", TRUE);
      form = kz_new_game_form_new (settings);
      gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (form));
      gtk_window_present (GTK_WINDOW (window));
      spin ();
      g_assert_cmpint (kz_new_game_form_get_computer (form), ==, (i == 0));
      /* "With help" counts against the computer only */
      g_assert_cmpint (kz_new_game_form_get_guided (form), ==, (i == 0));
      /* The combo rows: opponent, side, clock. */
      find_type (GTK_WIDGET (form), ADW_TYPE_COMBO_ROW, combos);
      g_assert_cmpuint (combos->len, >=, 2);
      g_assert_cmpuint (adw_combo_row_get_selected (g_ptr_array_index (combos, 1)), ==, (i == 0));
      /* Start writes back what is shown, not the first choice. */
      kz_new_game_form_apply (form);
      opponent = g_settings_get_string (settings, "default-opponent");
      side = g_settings_get_string (settings, "player-side");
      g_assert_cmpstr (opponent, ==, opponents[i]);
      g_assert_cmpstr (side, ==, sides[i]);
      gtk_window_destroy (GTK_WINDOW (window));
    }
}

/* The no-progress draw's option: a switch row, on by default, written on
 * apply (the settings are delayed until Start). */
static void
test_new_game_no_progress (void)
{
  g_autoptr (GSettings) settings = g_settings_new ("io.github.kazaki.Kazaki");
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  GtkWidget *window = gtk_window_new ();
  GtkWidget *toggle = NULL;
  KzNewGameForm *form;

  g_settings_reset (settings, "no-progress-draw");
  g_assert_true (g_settings_get_boolean (settings, "no-progress-draw"));
  form = kz_new_game_form_new (settings);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (form));
  gtk_window_present (GTK_WINDOW (window));
  spin ();
  find_type (GTK_WIDGET (form), ADW_TYPE_ACTION_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (strstr (adw_preferences_row_get_title (g_ptr_array_index (rows, i)), "50 moves"))
      toggle = adw_action_row_get_activatable_widget (g_ptr_array_index (rows, i));
  g_assert_true (GTK_IS_SWITCH (toggle));
  g_assert_true (gtk_widget_get_visible (toggle));
  g_assert_true (gtk_switch_get_active (GTK_SWITCH (toggle)));
  gtk_switch_set_active (GTK_SWITCH (toggle), FALSE);
  spin ();
  g_assert_true (g_settings_get_boolean (settings, "no-progress-draw"));
  kz_new_game_form_apply (form);
  g_assert_false (g_settings_get_boolean (settings, "no-progress-draw"));
  g_settings_reset (settings, "no-progress-draw");
  gtk_window_destroy (GTK_WINDOW (window));
}

static KzGame *
finished_game (void)
{
  g_autoptr (GError) error = NULL;
  KzGame *game = kz_game_new_from_kpn ("5/3/5/5/5/2t2/2c2/3/4c c home home", &error);

  g_assert_no_error (error);
  g_assert_true (kz_game_play_text (game, "c3xc5", &error));
  g_assert_true (kz_game_is_over (game));
  return game;
}

/* Defect: at the end the result appeared nowhere in the move list. */
static void
test_moves_view_result (void)
{
  g_autoptr (KzGame) game = kz_game_new ();
  g_autoptr (KzGame) over = finished_game ();
  GtkWidget *window = gtk_window_new ();
  KzMovesView *view = g_object_new (KZ_TYPE_MOVES_VIEW, NULL);
  GListModel *rows = kz_moves_view_get_model (view);
  g_autoptr (KzMoveRow) last = NULL;

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
  kz_moves_view_set_game (view, game);
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 0);
  /* It follows its game. */
  g_assert_true (kz_game_play_text (game, "d4-e4", NULL));
  g_assert_true (kz_game_play_text (game, "d6-e6", NULL));
  g_assert_true (kz_game_play_text (game, "c4-d4", NULL));
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 2);
  g_assert_cmpuint (kz_move_rows_find (rows, 2), ==, 1);
  g_assert_true (kz_game_undo (game, NULL));
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 1);

  kz_moves_view_set_game (view, over);
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, 2);
  last = g_list_model_get_item (rows, 1);
  g_assert_cmpint (kz_move_row_get_kind (last), ==, KZ_MOVE_ROW_RESULT);
  g_assert_true (g_str_has_prefix (kz_move_row_get_comment (last), "1-0"));
  kz_moves_view_set_current_ply (view, 1);
  g_assert_cmpuint (kz_moves_view_get_current_ply (view), ==, 1);
  gtk_window_present (GTK_WINDOW (window));
  spin ();
  gtk_window_destroy (GTK_WINDOW (window));
}

static const char annotated[] =
  "[Event \"Annotated\"]\n[Result \"*\"]\n\n"
  "{The opening of the battle.} 1. b4-a4! {A quiet start}\n"
  "(1. e3-e4?! {Sharper} 1... b6-a6 (1...c6-c5 $14 2. c4xc6xa6!!) 2.e4-e5)\n"
  "( {Or} 1. d4-d5 d6xd4 )\n"
  "1... b6-a6 $1 2. a4-a5 ?? a6xa4 *\n";

/* The move buttons shown by the list, by their text. */
static GtkWidget *
find_move_button (GtkWidget *view, const char *text)
{
  g_autoptr (GPtrArray) buttons = g_ptr_array_new ();

  find_type (view, GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    {
      GtkWidget *button = g_ptr_array_index (buttons, i);
      GtkWidget *label = gtk_button_get_child (GTK_BUTTON (button));
      if (gtk_widget_has_css_class (button, "move") && GTK_IS_LABEL (label)
          && gtk_widget_get_mapped (button)
          && g_str_equal (gtk_label_get_text (GTK_LABEL (label)), text))
        return button;
    }
  return NULL;
}

static void
node_activated (KzMovesView *view, KzMoveNode *node, KzMoveNode **out)
{
  *out = node;
}

/* Variations inline under their move, indented by depth, comments in
 * rows of their own, marks after the moves; a click on a move of a
 * nested variation gives its node. */
static void
test_moves_view_variations (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) game = kz_kgn_parse_game (annotated, -1, &error);
  GtkWidget *window = gtk_window_new ();
  KzMovesView *view = g_object_new (KZ_TYPE_MOVES_VIEW, NULL);
  GListModel *rows = kz_moves_view_get_model (view);
  KzMoveNode *clicked = NULL;
  GtkWidget *button;
  guint depths[] = { 0, 0, 0, 1, 1, 1, 2, 2, 1, 1, 1, 0, 0 };

  g_assert_no_error (error);
  gtk_window_set_default_size (GTK_WINDOW (window), 360, 900);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (view));
  kz_moves_view_set_game (view, game);
  g_assert_cmpuint (g_list_model_get_n_items (rows), ==, G_N_ELEMENTS (depths));
  for (guint i = 0; i < G_N_ELEMENTS (depths); i++)
    {
      g_autoptr (KzMoveRow) row = g_list_model_get_item (rows, i);
      g_assert_cmpuint (kz_move_row_get_depth (row), ==, depths[i]);
    }
  {
    g_autoptr (KzMoveRow) comment = g_list_model_get_item (rows, 4);
    g_assert_cmpint (kz_move_row_get_kind (comment), ==, KZ_MOVE_ROW_COMMENT);
    g_assert_cmpstr (kz_move_row_get_comment (comment), ==, "Sharper");
  }
  g_signal_connect (view, "node-activated", G_CALLBACK (node_activated), &clicked);
  gtk_window_present (GTK_WINDOW (window));
  spin ();

  /* Marks after the moves, the NAG $14 as its sign. */
  g_assert_nonnull (find_move_button (GTK_WIDGET (view), "b4-a4!"));
  g_assert_nonnull (find_move_button (GTK_WIDGET (view), "a4-a5??"));
  button = find_move_button (GTK_WIDGET (view), "c4xc6xa6!!");
  g_assert_nonnull (button);
  g_assert_nonnull (find_move_button (GTK_WIDGET (view), "c6-c5 +/="));
  gtk_widget_activate (button);
  for (guint i = 0; i < 200 && clicked == NULL; i++)
    wait_ms (10);     /* clicked after the press animation */
  g_assert_nonnull (clicked);
  g_assert_cmpstr (kz_move_node_get_move_text (clicked), ==, "c4xc6xa6");
  g_assert_cmpuint (kz_move_node_get_depth (clicked), ==, 2);

  /* The current node is highlighted, in a variation too. */
  kz_moves_view_set_current_node (view, clicked);
  spin ();
  button = find_move_button (GTK_WIDGET (view), "c4xc6xa6!!");
  g_assert_true (gtk_widget_has_css_class (button, "current"));
  g_assert_false (gtk_widget_has_css_class (find_move_button (GTK_WIDGET (view), "b4-a4!"),
                                            "current"));
  g_assert_cmpuint (kz_moves_view_get_current_ply (view), ==, 3);

  /* An edit of the tree shows at once: a mark on the main line's reply. */
  g_assert_true (kz_game_set_mark (game, kz_game_get_main_node (game, 3), KZ_NAG_INTERESTING, NULL));
  spin ();
  g_assert_nonnull (find_move_button (GTK_WIDGET (view), "a4-a5!?"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
comment_edited (KzAnnotationPanel *panel, KzMoveNode *node, const char *text, char **out)
{
  g_free (*out);
  *out = g_strdup_printf ("%s: %s", kz_move_node_get_move_text (node), text);
}

/* The comment typed is handed on for the move it was typed for, when
 * another move is shown; the editor then shows that move's comment. */
static void
test_annotation_panel (void)
{
  g_autoptr (KzGame) game = kz_kgn_parse_game (annotated, -1, NULL);
  GtkWidget *window = gtk_window_new ();
  KzAnnotationPanel *panel = g_object_new (KZ_TYPE_ANNOTATION_PANEL, NULL);
  g_autoptr (GPtrArray) views = g_ptr_array_new ();
  g_autofree char *edited = NULL;
  g_autofree char *shown = NULL;
  KzMoveNode *first = kz_game_get_main_node (game, 1);
  KzMoveNode *second = kz_game_get_main_node (game, 2);

  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (panel));
  g_signal_connect (panel, "comment-edited", G_CALLBACK (comment_edited), &edited);
  gtk_window_present (GTK_WINDOW (window));
  kz_annotation_panel_set_node (panel, first);
  shown = kz_annotation_panel_dup_text (panel);
  g_assert_cmpstr (shown, ==, "A quiet start");
  find_type (GTK_WIDGET (panel), GTK_TYPE_TEXT_VIEW, views);
  g_assert_cmpuint (views->len, ==, 1);
  /* Loading a comment is no edit. */
  kz_annotation_panel_set_node (panel, second);
  g_assert_null (edited);
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (g_ptr_array_index (views, 0)), "Forced", -1);
  kz_annotation_panel_set_node (panel, first);
  g_assert_cmpstr (edited, ==, "b6-a6: Forced");
  g_free (shown);
  shown = kz_annotation_panel_dup_text (panel);
  g_assert_cmpstr (shown, ==, "A quiet start");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* Defect: the scrubber ignored the mouse while the review played on (the
 * bar was reset before the value was read). */
static void
test_review_bar_scrubber (void)
{
  g_autoptr (KzGame) game = kz_game_new ();
  g_autoptr (KzReplay) replay = NULL;
  GtkWidget *window = gtk_window_new ();
  KzReviewBar *bar = g_object_new (KZ_TYPE_REVIEW_BAR, NULL);
  g_autoptr (GPtrArray) scales = g_ptr_array_new ();
  GtkRange *scale;
  const char *moves[] = { "d4-e4", "d6-e6", "c4-d4", "c6-d6", "b4-c4", "b6-c6" };

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_true (kz_game_play_text (game, moves[i], NULL));
  replay = kz_replay_new (game, 0);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (bar));
  kz_review_bar_set_replay (bar, replay);
  find_type (GTK_WIDGET (bar), GTK_TYPE_SCALE, scales);
  g_assert_cmpuint (scales->len, ==, 1);
  scale = GTK_RANGE (g_ptr_array_index (scales, 0));

  gtk_range_set_value (scale, 4);
  g_assert_cmpuint (kz_replay_get_ply (replay), ==, 4);
  kz_review_bar_set_playing (bar, TRUE);
  g_assert_true (kz_review_bar_get_playing (bar));
  gtk_range_set_value (scale, 2);
  g_assert_false (kz_review_bar_get_playing (bar));
  g_assert_cmpuint (kz_replay_get_ply (replay), ==, 2);
  g_assert_cmpfloat (gtk_range_get_value (scale), ==, 2);
  /* The bar follows the replay too. */
  kz_replay_last (replay);
  g_assert_cmpfloat (gtk_range_get_value (scale), ==, 6);

  /* In a variation the caption says so. */
  {
    g_autoptr (GPtrArray) labels = g_ptr_array_new ();
    KzMoveNode *node = kz_game_add_variation_text (game, kz_game_get_root (game), "b4-a4", NULL);
    gboolean said = FALSE;

    g_assert_nonnull (node);
    g_assert_true (kz_replay_goto_node (replay, node));
    find_type (GTK_WIDGET (bar), GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      said |= g_str_has_suffix (gtk_label_get_text (g_ptr_array_index (labels, i)), "· variation");
    g_assert_true (said);
    g_assert_cmpfloat (gtk_range_get_value (scale), ==, 1);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  /* The settings of this test only, never the user's. */
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_skip ("no display");
      return g_test_run ();
    }
  adw_init ();
  kz_register_resource ();
  g_test_add_func ("/widgets/new-game-enter", test_new_game_enter);
  g_test_add_func ("/widgets/new-game-remembers", test_new_game_remembers);
  g_test_add_func ("/widgets/new-game-no-progress", test_new_game_no_progress);
  g_test_add_func ("/widgets/moves-view-result", test_moves_view_result);
  g_test_add_func ("/widgets/moves-view-variations", test_moves_view_variations);
  g_test_add_func ("/widgets/annotation-panel", test_annotation_panel);
  g_test_add_func ("/widgets/review-bar-scrubber", test_review_bar_scrubber);
  return g_test_run ();
}
