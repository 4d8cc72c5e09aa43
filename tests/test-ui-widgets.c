/* test-ui-widgets.c — the window's composed widgets on their own: the
 * New Game form (Enter in a name starts the game), the moves view (rows,
 * the result at the end), the review bar (the scrubber moves the review,
 * also while it plays on).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>

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
  g_test_add_func ("/widgets/moves-view-result", test_moves_view_result);
  g_test_add_func ("/widgets/review-bar-scrubber", test_review_bar_scrubber);
  return g_test_run ();
}
