/* test-how-to-play.c — the How to Play window builds, and every diagram in
 * it is a legal position reached by legal moves (an illegal one logs a
 * critical, which the test framework makes fatal).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <string.h>

#include "kz-board-view.h"
#include "kz-how-to-play.h"
#include "ui-test-app.h"

/* The text says what the rules say about the apexes, and that the troop
 * pictures are decoration only. */
static void
test_text (void)
{
  GtkWidget *window = kz_how_to_play_window_new ();
  g_autoptr (GString) text = g_string_new (NULL);

  ui_test_collect_text (window, text);
  g_assert_nonnull (strstr (text->str, "b2 over c3 to d3"));
  g_assert_nonnull (strstr (text->str, "c4 over c3 to b2 is no jump"));
  g_assert_nonnull (strstr (text->str, "c5 over c4 to c3"));
  g_assert_nonnull (strstr (text->str, "decoration only"));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_diagrams (void)
{
  GtkWidget *window = kz_how_to_play_window_new ();
  g_autoptr (GPtrArray) boards = g_ptr_array_new ();
  guint with_move = 0;

  g_assert_true (GTK_IS_WINDOW (window));
  ui_test_collect_all (window, KZ_TYPE_BOARD_VIEW, boards);
  /* The start, a capture chain, a flag taken, a flag brought home. */
  g_assert_cmpuint (boards->len, ==, 4);
  for (guint i = 0; i < boards->len; i++)
    {
      KzBoardView *board = g_ptr_array_index (boards, i);
      const KzBoardState *state = kz_board_view_get_state (board);

      g_assert_false (kz_board_view_get_interactive (board));
      g_assert_nonnull (state);
      if (state->has_last_move)
        with_move++;
    }
  /* Every diagram but the start shows the move that led to it. */
  g_assert_cmpuint (with_move, ==, 3);

  gtk_window_present (GTK_WINDOW (window));
  while (g_main_context_iteration (NULL, FALSE))
    ;
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_skip ("no display");
      return g_test_run ();
    }
  adw_init ();
  g_test_add_func ("/how-to-play/diagrams", test_diagrams);
  g_test_add_func ("/how-to-play/text", test_text);
  return g_test_run ();
}
