/* test-ui-window.c — the main window follows its game, and what a new
 * player met (issue 11) stays fixed:
 *
 *   - the window follows the game's own signals: a move played, taken
 *     back or a resignation made on the KzGame alone shows on the board,
 *     in the actions and in the move list; the player cards follow the
 *     game of the mode shown (the game played, a review at its ply) by
 *     bindings (issue 26);
 *   - at the end of a game the move list shows the last move as the
 *     current one, scrolled into view, and the result under it;
 *   - a move the database refuses (another copy changed the game) is not
 *     shown as played, and the message says it was not played;
 *   - a message leaves rank 1 of the board, the status line and the player
 *     cards free, a short one takes one line, a long one is not cut;
 *   - after a dialog closes, the keyboard focus is back on the board;
 *   - at the smallest window size the title is not cut;
 *   - the first start asks how to begin (issue 24), and How to Play is
 *     not modal and opens again where it was left;
 *   - a guided game warns before a losing move.
 *
 * Runs the real application in this process.  Needs a display
 * (./build-aux/test runs it under Xvfb); skipped without.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

#include "kz-application.h"
#include "kz-board-geometry.h"
#include "kz-board-view.h"
#include "kz-guide.h"
#include "kz-guide-panel.h"
#include "kz-move-row.h"
#include "kz-moves-view.h"
#include "kz-player-card.h"
#include "kz-window.h"
#include "quiet-walk.h"
#include "ui-test-app.h"

static GApplication *the_app;

/* ---- helpers ------------------------------------------------------------ */

static KzBoardView *
live_board (KzWindow *window)
{
  GtkWidget *board = ui_test_find_mapped (GTK_WIDGET (window), KZ_TYPE_BOARD_VIEW);
  g_assert_nonnull (board);
  return KZ_BOARD_VIEW (board);
}

static char *
shown_alert (KzWindow *window)
{
  g_autoptr (GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window), "shown-alert");
  return state ? g_variant_dup_string (state, NULL) : g_strdup ("");
}

/* Waits (at most 5 s) until the shown alert's heading starts with
 * `prefix` ("" for none shown). */
static gboolean
wait_for_alert (KzWindow *window, const char *prefix)
{
  gint64 end = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  do
    {
      g_autofree char *heading = shown_alert (window);
      if (*prefix ? g_str_has_prefix (heading, prefix) : *heading == '\0')
        return TRUE;
      g_main_context_iteration (NULL, FALSE);
    }
  while (g_get_monotonic_time () < end);
  return FALSE;
}

/* Closes the alert shown (Escape: its close response). */
static void
close_alert (KzWindow *window)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  AdwDialog *dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));
  if (dialog)
    adw_dialog_close (dialog);
#else
  g_autoptr (GList) list = gtk_window_list_toplevels ();
  for (GList *l = list; l; l = l->next)
    if (ADW_IS_MESSAGE_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      gtk_window_close (l->data);
#endif
  g_assert_true (wait_for_alert (window, ""));
}

/* The board shows the game's position as it stands. */
static gboolean
board_shows_game (KzBoardView *board, KzGame *game)
{
  return kz_board_view_get_state (board)->pos.hash == kz_game_get_position (game)->hash;
}

static void
play_first_move (KzGame *game)
{
  g_autoptr (GArray) moves = kz_game_list_moves (game, KZ_NO_POINT);
  g_autoptr (GError) error = NULL;

  g_assert_cmpuint (moves->len, >, 0);
  g_assert_true (kz_game_play (game, &g_array_index (moves, KzMove, 0), &error));
}

/* A new two-player game, recorded in the database (while there is one). */
static KzGame *
new_game (KzWindow *window)
{
  KzSession *session = kz_window_get_session (window);
  g_autoptr (KzGame) game = kz_game_new ();
  g_autoptr (GError) error = NULL;

  kz_game_set_player (game, KZ_COSSACKS, "Ann", KZ_PLAYER_HUMAN, 0);
  kz_game_set_player (game, KZ_TURKS, "Bob", KZ_PLAYER_HUMAN, 0);
  if (kz_session_get_store (session))
    g_assert_true (kz_session_record_game (session, game, &error));
  kz_window_set_game (window, game);
  g_assert_true (kz_window_get_game (window) == game);
  return game;
}

/* A random legal move (a fixed seed: the same games every run). */
static void
play_random_move (KzGame *game, GRand *rand)
{
  g_autoptr (GArray) moves = kz_game_list_moves (game, KZ_NO_POINT);
  g_autoptr (GError) error = NULL;

  g_assert_cmpuint (moves->len, >, 0);
  g_assert_true (kz_game_play (game, &g_array_index (moves, KzMove, g_rand_int_range (rand, 0, (int) moves->len)),
                               &error));
}

static gboolean
enabled (KzWindow *window, const char *action)
{
  return g_action_group_get_action_enabled (G_ACTION_GROUP (window), action);
}

/* ---- the first start (issue 11, defect 6; issue 24, item 8) ------------ */

/* Waits (at most 10 s: the machine may be loaded) until `done (data)`. */
static gboolean
wait_until (gboolean (*done) (gpointer data), gpointer data)
{
  gint64 end = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (!done (data))
    {
      if (g_get_monotonic_time () > end)
        return FALSE;
      g_main_context_iteration (NULL, FALSE);
    }
  return TRUE;
}

static gboolean
welcome_state (KzWindow *window)
{
  g_autoptr (GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window), "welcome");
  g_assert_nonnull (state);
  return g_variant_get_boolean (state);
}

/* A mapped list row under `root` with this title, or NULL. */
static GtkWidget *
find_row (GtkWidget *root, const char *title)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();

  ui_test_collect_mapped (root, ADW_TYPE_PREFERENCES_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (rows->pdata[i]), title) == 0)
      return rows->pdata[i];
  return NULL;
}

static gboolean
row_shown (gpointer data)
{
  return find_row (GTK_WIDGET (ui_test_main_window (the_app)), data) != NULL;
}

static gboolean
row_gone (gpointer data)
{
  return !row_shown (data);
}

/* Activates a row as a user does: a click through the X server when it
 * can be given, else the row's own activation. */
static void
click_row (GtkWidget *row)
{
  if (ui_test_have_xdotool ())
    ui_test_click (row, 100);
  else
    g_signal_emit_by_name (row, "activate");
}

static gboolean reply_shown (gpointer data);

/* The first start asks how to begin instead of starting a two-player
 * game; once, remembered; again from the main menu (win.welcome).  The
 * rules are a header button away. */
static void
test_first_start (void)
{
  KzWindow *window = ui_test_main_window (the_app);
  GSettings *settings = kz_window_get_settings (window);
  g_autoptr (GPtrArray) buttons = g_ptr_array_new ();
  GtkWidget *header = ui_test_find_mapped (GTK_WIDGET (window), ADW_TYPE_HEADER_BAR);
  GtkWidget *row, *help = NULL;
  KzGame *game;

  g_assert_true (wait_until (row_shown, (gpointer) "Play the Computer"));
  g_assert_true (welcome_state (window));
  g_assert_true (g_settings_get_boolean (settings, "how-to-play-offered"));
  g_assert_nonnull (find_row (GTK_WIDGET (window), "Two Players"));
  /* Nothing chosen yet: the header says no "Two players", and there is
   * no game to continue. */
  g_assert_nonnull (header);
  {
    g_autoptr (GString) said = g_string_new (NULL);
    ui_test_collect_text (header, said);
    g_test_message ("header: %s", said->str);
    g_assert_null (strstr (said->str, "Two players"));
  }
  g_assert_null (find_row (GTK_WIDGET (window), "Continue"));
  row = find_row (GTK_WIDGET (window), "New to Kazaki?");
  g_assert_nonnull (row);
  g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (row)), ==, "app.learn");
  /* The board is covered, not reachable by the keyboard. */
  g_assert_false (gtk_widget_get_can_focus (GTK_WIDGET (live_board (window))));

  /* How to Play: a visible button in the header. */
  g_assert_nonnull (header);
  ui_test_collect_mapped (header, GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (g_strcmp0 (gtk_actionable_get_action_name (buttons->pdata[i]), "app.how-to-play") == 0)
      help = buttons->pdata[i];
  g_assert_nonnull (help);

  /* The computer, at the easiest level; New Game offers it from now on. */
  click_row (find_row (GTK_WIDGET (window), "Play the Computer"));
  g_assert_true (wait_until (row_gone, (gpointer) "Play the Computer"));
  g_assert_false (welcome_state (window));
  game = kz_window_get_game (window);
  g_assert_cmpint (kz_game_get_player_kind (game, KZ_TURKS), ==, KZ_PLAYER_COMPUTER);
  g_assert_cmpint (kz_game_get_player_level (game, KZ_TURKS), ==, 1);
  g_assert_cmpint (kz_game_get_player_kind (game, KZ_COSSACKS), ==, KZ_PLAYER_HUMAN);
  g_assert_cmpint (g_settings_get_int (settings, "computer-level"), ==, 1);
  {
    g_autofree char *opponent = g_settings_get_string (settings, "default-opponent");
    g_assert_cmpstr (opponent, ==, "computer");
  }
  g_assert_true (gtk_widget_get_can_focus (GTK_WIDGET (live_board (window))));

  /* Again from the main menu over that game, begun: Continue goes back
   * to it as it was. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "play-move", g_variant_new_string ("c4-c5"));
  g_assert_true (wait_until (reply_shown, window));
  g_action_group_change_action_state (G_ACTION_GROUP (window), "welcome", g_variant_new_boolean (TRUE));
  g_assert_true (wait_until (row_shown, (gpointer) "Continue"));
  row = find_row (GTK_WIDGET (window), "Continue");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                   "Against the computer, level 1 · 2 moves played");
  g_assert_true (gtk_root_get_focus (gtk_widget_get_root (row)) == row);
  click_row (row);
  g_assert_true (wait_until (row_gone, (gpointer) "Continue"));
  g_assert_false (welcome_state (window));
  g_assert_true (kz_window_get_game (window) == game);
  g_assert_cmpuint (kz_game_get_ply (game), ==, 2);

  /* Again from the main menu: two players. */
  g_action_group_change_action_state (G_ACTION_GROUP (window), "welcome", g_variant_new_boolean (TRUE));
  g_assert_true (wait_until (row_shown, (gpointer) "Two Players"));
  click_row (find_row (GTK_WIDGET (window), "Two Players"));
  g_assert_true (wait_until (row_gone, (gpointer) "Two Players"));
  game = kz_window_get_game (window);
  g_assert_cmpint (kz_game_get_player_kind (game, KZ_COSSACKS), ==, KZ_PLAYER_HUMAN);
  g_assert_cmpint (kz_game_get_player_kind (game, KZ_TURKS), ==, KZ_PLAYER_HUMAN);
}

/* ---- human pace (issue 30, item 3) ----------------------------------- */

static gboolean
reply_shown (gpointer data)
{
  return kz_game_get_ply (kz_window_get_game (data)) >= 2;
}

/* A new game against the computer (level 1, it answers in a few ms),
 * the player's first move, and the time until the reply is on the board
 * (animations are off in these tests: shown is played). */
static double
reply_ms (KzWindow *window)
{
  gint64 start;

  g_action_group_change_action_state (G_ACTION_GROUP (window), "welcome", g_variant_new_boolean (TRUE));
  g_assert_true (wait_until (row_shown, (gpointer) "Play the Computer"));
  click_row (find_row (GTK_WIDGET (window), "Play the Computer"));
  g_assert_true (wait_until (row_gone, (gpointer) "Play the Computer"));
  g_assert_cmpint (kz_game_get_player_kind (kz_window_get_game (window), KZ_TURKS), ==, KZ_PLAYER_COMPUTER);
  g_assert_cmpuint (kz_game_get_ply (kz_window_get_game (window)), ==, 0);
  start = g_get_monotonic_time ();
  g_action_group_activate_action (G_ACTION_GROUP (window), "play-move", g_variant_new_string ("c4-c5"));
  g_assert_true (wait_until (reply_shown, window));
  return (g_get_monotonic_time () - start) / 1000.0;
}

/* With "human-pace" on (the app's default) the computer's move is shown
 * no sooner than 0.6 s after the player's; with it off, as soon as it is
 * found. */
static void
test_human_pace (void)
{
  KzWindow *window = ui_test_main_window (the_app);
  GSettings *settings = kz_window_get_settings (window);
  double on, off;

  g_settings_set_boolean (settings, "human-pace", TRUE);
  on = reply_ms (window);
  g_settings_set_boolean (settings, "human-pace", FALSE);
  off = reply_ms (window);
  g_test_message ("level 1 reply: %.0f ms at a human pace, %.0f ms without", on, off);
  g_assert_cmpfloat (on, >=, 600.0);
  g_assert_cmpfloat (off, <, on);
  g_settings_reset (settings, "human-pace");
  g_assert_true (g_settings_get_boolean (settings, "human-pace"));
}

/* How to Play is not modal (it is read beside the board) and opens again
 * where the reader left it. */
static void
test_how_to_play_beside (void)
{
  KzWindow *window = ui_test_main_window (the_app);
  GtkWidget *help, *again, *scrolled;
  GtkAdjustment *adj;
  double value;

  g_action_group_activate_action (G_ACTION_GROUP (the_app), "how-to-play", NULL);
  ui_test_wait_ms (300);
  help = NULL;
  {
    g_autoptr (GList) list = gtk_window_list_toplevels ();
    for (GList *l = list; l; l = l->next)
      if (gtk_widget_get_visible (l->data)
          && g_strcmp0 (gtk_window_get_title (l->data), "How to Play") == 0)
        help = l->data;
  }
  g_assert_nonnull (help);
  g_assert_false (gtk_window_get_modal (GTK_WINDOW (help)));
  /* The main window goes on: a move is played there meanwhile. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "play-move", g_variant_new_string ("c4-c5"));
  g_assert_cmpuint (kz_game_get_ply (kz_window_get_game (window)), ==, 1);

  scrolled = ui_test_find_mapped (help, GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (scrolled);
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj) - gtk_adjustment_get_page_size (adj), >, 400);
  gtk_adjustment_set_value (adj, 400);
  ui_test_wait_ms (100);
  value = gtk_adjustment_get_value (adj);
  g_assert_cmpfloat (value, ==, 400);

  gtk_window_close (GTK_WINDOW (help));
  ui_test_wait_ms (200);
  g_assert_false (gtk_widget_get_visible (help));
  g_action_group_activate_action (G_ACTION_GROUP (the_app), "how-to-play", NULL);
  ui_test_wait_ms (300);
  {
    g_autoptr (GList) list = gtk_window_list_toplevels ();
    again = NULL;
    for (GList *l = list; l; l = l->next)
      if (gtk_widget_get_visible (l->data)
          && g_strcmp0 (gtk_window_get_title (l->data), "How to Play") == 0)
        again = l->data;
  }
  g_assert_true (again == help);
  scrolled = ui_test_find_mapped (again, GTK_TYPE_SCROLLED_WINDOW);
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scrolled));
  g_assert_cmpfloat (gtk_adjustment_get_value (adj), ==, 400);
  gtk_window_close (GTK_WINDOW (again));
  ui_test_wait_ms (100);
}

/* ---- preferences (issue 24, item 10) ------------------------------------ */

/* The preferences shown: a window of their own (libadwaita < 1.5) or a
 * dialog in the main window. */
static GtkWidget *
shown_preferences (KzWindow *window)
{
  g_autoptr (GList) list = gtk_window_list_toplevels ();

  for (GList *l = list; l; l = l->next)
    if (ADW_IS_PREFERENCES_WINDOW (l->data) && gtk_widget_get_visible (l->data))
      return l->data;
#if ADW_CHECK_VERSION (1, 5, 0)
  return GTK_WIDGET (adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window)));
#else
  return NULL;
#endif
}

/* Preferences open big enough to show every group (Sound, the last,
 * was below the fold) and offer a Style: system, light or dark. */
static void
test_preferences (void)
{
  KzWindow *window = ui_test_main_window (the_app);
  GSettings *settings = kz_window_get_settings (window);
  g_autoptr (GPtrArray) scrolled = g_ptr_array_new ();
  g_autoptr (GPtrArray) rows = g_ptr_array_new ();
  AdwComboRow *style = NULL;
  GtkWidget *prefs;
  g_autofree char *value = NULL;

  g_action_group_activate_action (G_ACTION_GROUP (the_app), "preferences", NULL);
  ui_test_wait_ms (800);
  prefs = shown_preferences (window);
  g_assert_nonnull (prefs);
  ui_test_collect_mapped (prefs, GTK_TYPE_SCROLLED_WINDOW, scrolled);
  g_assert_cmpuint (scrolled->len, >, 0);
  for (guint i = 0; i < scrolled->len; i++)
    {
      GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (scrolled->pdata[i]);
      g_test_message ("preferences: %.0f px of content, %.0f shown", gtk_adjustment_get_upper (adj),
                      gtk_adjustment_get_page_size (adj));
      g_assert_cmpfloat (gtk_adjustment_get_upper (adj), <=, gtk_adjustment_get_page_size (adj) + 1);
    }

  ui_test_collect_mapped (prefs, ADW_TYPE_COMBO_ROW, rows);
  for (guint i = 0; i < rows->len; i++)
    if (g_strcmp0 (adw_preferences_row_get_title (rows->pdata[i]), "_Style") == 0)
      style = rows->pdata[i];
  g_assert_nonnull (style);
  g_assert_cmpuint (adw_combo_row_get_selected (style), ==, 0);
  adw_combo_row_set_selected (style, 2);
  value = g_settings_get_string (settings, "style");
  g_assert_cmpstr (value, ==, "dark");
  g_assert_cmpint (adw_style_manager_get_color_scheme (adw_style_manager_get_default ()), ==,
                   ADW_COLOR_SCHEME_FORCE_DARK);
  adw_combo_row_set_selected (style, 1);
  g_assert_cmpint (adw_style_manager_get_color_scheme (adw_style_manager_get_default ()), ==,
                   ADW_COLOR_SCHEME_FORCE_LIGHT);
  adw_combo_row_set_selected (style, 0);
  g_assert_cmpint (adw_style_manager_get_color_scheme (adw_style_manager_get_default ()), ==,
                   ADW_COLOR_SCHEME_DEFAULT);
#if ADW_CHECK_VERSION (1, 5, 0)
  if (ADW_IS_DIALOG (prefs))
    adw_dialog_close (ADW_DIALOG (prefs));
  else
#endif
    gtk_window_close (GTK_WINDOW (prefs));
  ui_test_wait_ms (300);
}

/* ---- the window follows its game --------------------------------------- */

static void
test_follows_game (void)
{
  KzWindow *window = ui_test_main_window (the_app);
  KzGame *game = new_game (window);
  KzBoardView *board = live_board (window);
  KzMovesView *moves = KZ_MOVES_VIEW (ui_test_find_mapped (GTK_WIDGET (window), KZ_TYPE_MOVES_VIEW));
  g_autoptr (GError) error = NULL;

  g_assert_true (board_shows_game (board, game));
  g_assert_false (enabled (window, "undo"));

  /* Played on the game itself, not through the window. */
  play_first_move (game);
  play_first_move (game);
  g_assert_cmpuint (kz_game_get_ply (game), ==, 2);
  g_assert_true (board_shows_game (board, game));
  g_assert_true (enabled (window, "undo"));
  g_assert_cmpuint (kz_moves_view_get_current_ply (moves), ==, 2);

  g_assert_true (kz_game_undo (game, &error));
  g_assert_true (board_shows_game (board, game));
  g_assert_true (enabled (window, "redo"));
  g_assert_cmpuint (kz_moves_view_get_current_ply (moves), ==, 1);

  /* Resigned on the game: it is over for the window too. */
  g_assert_true (kz_game_resign (game, KZ_TURKS, &error));
  g_assert_false (enabled (window, "resign"));
  g_assert_false (kz_board_view_get_interactive (board));
  g_assert_true (wait_for_alert (window, "Cossacks Win"));
  close_alert (window);
}

/* The player card of `side` (mapped). */
static KzPlayerCard *
card_of (KzWindow *window, KzSide side)
{
  g_autoptr (GPtrArray) cards = g_ptr_array_new ();

  ui_test_collect_mapped (GTK_WIDGET (window), KZ_TYPE_PLAYER_CARD, cards);
  for (guint i = 0; i < cards->len; i++)
    if (kz_player_card_get_side (cards->pdata[i]) == side)
      return cards->pdata[i];
  g_assert_not_reached ();
  return NULL;
}

/* The cards follow the game played by themselves, and a review's ply
 * while one is shown. */
static void
test_cards_follow_game (void)
{
  KzWindow *window = ui_test_main_window (the_app);
  KzGame *game = new_game (window);
  KzPlayerCard *cossacks = card_of (window, KZ_COSSACKS);
  KzPlayerCard *turks = card_of (window, KZ_TURKS);
  KzGame *shown = NULL;
  g_autoptr (GError) error = NULL;

  g_object_get (cossacks, "game", &shown, NULL);
  g_assert_true (shown == game);
  g_clear_object (&shown);
  g_assert_true (kz_player_card_get_to_move (cossacks));
  g_assert_false (kz_player_card_get_to_move (turks));

  /* Played on the game itself: the cards hear it from the game. */
  play_first_move (game);
  g_assert_false (kz_player_card_get_to_move (cossacks));
  g_assert_true (kz_player_card_get_to_move (turks));
  g_assert_true (kz_game_undo (game, &error));
  g_assert_true (kz_player_card_get_to_move (cossacks));
  play_first_move (game);
  play_first_move (game);

  /* Reviewed at the start: the cards describe the position shown. */
  g_action_group_change_action_state (G_ACTION_GROUP (window), "review",
                                      g_variant_new_boolean (TRUE));
  g_action_group_activate_action (G_ACTION_GROUP (window), "review-goto",
                                  g_variant_new_uint32 (1));
  g_assert_true (kz_player_card_get_to_move (turks));
  g_assert_false (kz_player_card_get_to_move (cossacks));
  g_action_group_activate_action (G_ACTION_GROUP (window), "review-goto",
                                  g_variant_new_uint32 (0));
  g_assert_true (kz_player_card_get_to_move (cossacks));
  g_assert_false (kz_player_card_get_to_move (turks));

  /* Back to the game played (two moves: the Cossacks to move). */
  g_action_group_change_action_state (G_ACTION_GROUP (window), "review",
                                      g_variant_new_boolean (FALSE));
  play_first_move (game);
  g_assert_true (kz_player_card_get_to_move (turks));
  g_assert_false (kz_player_card_get_to_move (cossacks));
}

/* ---- the no-progress draw near ----------------------------------------- */

static gboolean
window_says (KzWindow *window, const char *text)
{
  g_autoptr (GString) all = g_string_new (NULL);
  ui_test_collect_text (GTK_WIDGET (window), all);
  return strstr (all->str, text) != NULL;
}

/* The status line counts the last ten moves of each side before the
 * no-progress draw down, then says how the game ended. */
static void
test_no_progress_near (void)
{
  KzWindow *window = ui_test_main_window (the_app);
  g_autoptr (KzGame) game = kz_game_new_from_kpn (QUIET_WALK_KPN, NULL);
  const char *unless = "unless a piece or a flag is taken";

  kz_game_set_no_progress_rule (game, TRUE);
  g_assert_true (quiet_walk (game, 79));
  kz_window_set_game (window, game);
  ui_test_wait_ms (300);
  g_assert_false (window_says (window, unless));
  g_assert_true (quiet_walk (game, 1));
  ui_test_wait_ms (100);
  g_assert_true (window_says (window, "Draw in 10 moves unless a piece or a flag is taken"));
  g_assert_true (quiet_walk (game, 17));
  ui_test_wait_ms (100);
  g_assert_true (window_says (window, "Draw in 2 moves unless"));
  g_assert_true (quiet_walk (game, 2));
  ui_test_wait_ms (100);
  g_assert_true (window_says (window, "Draw in 1 move unless"));
  g_assert_true (quiet_walk_last_step (game));
  ui_test_wait_ms (300);
  g_assert_true (kz_game_is_over (game));
  g_assert_false (window_says (window, unless));
  g_assert_true (window_says (window, "Draw: 50 moves without a capture or a flag taken"));
  /* the game-over dialog says so too */
  g_assert_true (wait_for_alert (window, "Draw"));
  close_alert (window);
  new_game (window);
}

/* ---- the move list at the end of a game (issue 11, defect 4) ------------- */

/* The game ends while it is played here (`opened` FALSE), or a finished
 * game is put in the window at once (resumed, opened). */
static void
check_move_list_at_end (int width, int height, gboolean opened)
{
  KzWindow *window = ui_test_main_window (the_app);
  KzGame *game;
  KzMovesView *moves;
  GtkWidget *scroller;
  GtkAdjustment *adj;
  g_autoptr (GPtrArray) buttons = g_ptr_array_new ();
  g_autoptr (KzMoveRow) last_row = NULL;
  g_autoptr (GError) error = NULL;
  GListModel *model;
  const char *current = NULL;
  char last[KZ_MOVE_STR_MAX];
  guint n_current = 0;

  g_autoptr (GRand) rand = g_rand_new_with_seed (11);

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  if (opened)
    {
      g_autoptr (KzGame) finished = kz_game_new ();

      /* From a short list scrolled to its top. */
      new_game (window);
      ui_test_wait_ms (300);
      while (kz_game_get_ply (finished) < 70 && !kz_game_is_over (finished))
        play_random_move (finished, rand);
      if (!kz_game_is_over (finished))
        g_assert_true (kz_game_resign (finished, kz_game_get_side_to_move (finished), &error));
      kz_window_set_game (window, finished);
      game = kz_window_get_game (window);
    }
  else
    {
      game = new_game (window);
      /* Long enough for the list to scroll; played move by move. */
      while (kz_game_get_ply (game) < 70 && !kz_game_is_over (game))
        {
          play_random_move (game, rand);
          ui_test_wait_ms (30);
        }
      if (!kz_game_is_over (game))
        g_assert_true (kz_game_resign (game, kz_game_get_side_to_move (game), &error));
    }
  ui_test_wait_ms (600);
  g_test_message ("%dx%d: %u plies, %s", width, height, kz_game_get_ply (game),
                  kz_termination_describe (kz_game_get_termination (game)));

  moves = KZ_MOVES_VIEW (ui_test_find_mapped (GTK_WIDGET (window), KZ_TYPE_MOVES_VIEW));
  g_assert_nonnull (moves);
  g_assert_cmpuint (kz_moves_view_get_current_ply (moves), ==, kz_game_get_ply (game));

  /* The result is the list's last row. */
  model = kz_moves_view_get_model (moves);
  last_row = g_list_model_get_item (model, g_list_model_get_n_items (model) - 1);
  g_assert_cmpint (kz_move_row_get_kind (last_row), !=, KZ_MOVE_ROW_MOVES);
  g_assert_nonnull (strstr (kz_move_row_get_comment (last_row),
                            kz_result_to_kgn (kz_game_get_result (game))));

  /* Scrolled to the end, where the last move and the result are. */
  scroller = ui_test_find_mapped (GTK_WIDGET (moves), GTK_TYPE_SCROLLED_WINDOW);
  g_assert_nonnull (scroller);
  adj = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  g_test_message ("scroll %.0f + %.0f of %.0f", gtk_adjustment_get_value (adj),
                  gtk_adjustment_get_page_size (adj), gtk_adjustment_get_upper (adj));
  g_assert_cmpfloat (gtk_adjustment_get_upper (adj), >, gtk_adjustment_get_page_size (adj));
  g_assert_cmpfloat (gtk_adjustment_get_value (adj) + gtk_adjustment_get_page_size (adj), >=,
                     gtk_adjustment_get_upper (adj) - 2);

  /* The result is in view. */
  {
    g_autoptr (GPtrArray) labels = g_ptr_array_new ();
    gboolean result_shown = FALSE;

    ui_test_collect_mapped (GTK_WIDGET (moves), GTK_TYPE_LABEL, labels);
    for (guint i = 0; i < labels->len; i++)
      if (gtk_widget_has_css_class (labels->pdata[i], "move-result")
          && strstr (gtk_label_get_text (labels->pdata[i]), kz_result_to_kgn (kz_game_get_result (game))))
        {
          graphene_rect_t r, v;
          g_assert_true (gtk_widget_compute_bounds (labels->pdata[i], scroller, &r));
          g_assert_true (gtk_widget_compute_bounds (scroller, scroller, &v));
          result_shown = graphene_rect_contains_rect (&v, &r);
        }
    g_assert_true (result_shown);
  }

  /* The one move marked current is the last one played. */
  kz_move_format (kz_game_get_move (game, kz_game_get_ply (game) - 1), last, sizeof last);
  ui_test_collect_mapped (GTK_WIDGET (moves), GTK_TYPE_BUTTON, buttons);
  for (guint i = 0; i < buttons->len; i++)
    if (g_getenv ("DEBUG_MOVES"))
      g_test_message ("button %p %s%s", buttons->pdata[i], gtk_label_get_text (GTK_LABEL (gtk_button_get_child (buttons->pdata[i]))),
                      gtk_widget_has_css_class (buttons->pdata[i], "current") ? " current" : "");
  for (guint i = 0; i < buttons->len; i++)
    if (gtk_widget_has_css_class (buttons->pdata[i], "current"))
      {
        n_current++;
        current = gtk_label_get_text (GTK_LABEL (gtk_button_get_child (buttons->pdata[i])));
      }
  g_test_message ("current: %s, last move: %s", current ? current : "(none)", last);
  g_assert_cmpuint (n_current, ==, 1);
  g_assert_cmpstr (current, ==, last);
  close_alert (window);
}

static void
test_move_list_at_end_wide (void)
{
  check_move_list_at_end (1280, 800, FALSE);
}

static void
test_move_list_opened_wide (void)
{
  check_move_list_at_end (1280, 800, TRUE);
}

static void
test_move_list_at_end_small (void)
{
  check_move_list_at_end (800, 600, FALSE);
}

/* ---- a move the database refuses (issue 11, defect 8) ------------------- */

static void
test_failed_save (void)
{
  KzWindow *window = ui_test_main_window (the_app);
  KzSession *session = kz_window_get_session (window);
  KzGame *game = new_game (window);
  KzBoardView *board = live_board (window);
  g_autoptr (KzStore) other = NULL;
  g_autoptr (KzGame) copy = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GArray) legal = NULL;
  char text[KZ_MOVE_STR_MAX];
  guint ply;

  g_assert_nonnull (kz_session_get_store (session));
  play_first_move (game);
  ply = kz_game_get_ply (game);
  g_assert_cmpint (kz_game_get_id (game), >, 0);

  /* Another copy of Kazaki plays on in the same stored game. */
  other = kz_store_open (kz_session_get_store_path (session), &error);
  g_assert_no_error (error);
  copy = kz_store_load_game (other, kz_game_get_id (game), &error);
  g_assert_no_error (error);
  play_first_move (copy);

  /* The window's move is refused by the database: not played. */
  legal = kz_game_list_moves (game, KZ_NO_POINT);
  kz_move_format (&g_array_index (legal, KzMove, 0), text, sizeof text);
  g_action_group_activate_action (G_ACTION_GROUP (window), "play-move", g_variant_new_string (text));
  g_assert_true (wait_for_alert (window, "Games Cannot Be Saved"));
  g_assert_cmpuint (kz_game_get_ply (game), ==, ply);
  g_assert_true (board_shows_game (board, game));
  g_assert_true (kz_board_view_get_interactive (board));
  /* (The alert's text says so: "…so it was not played: play it again.") */
  close_alert (window);

  /* Played again, in memory now. */
  g_assert_null (kz_session_get_store (session));
  g_action_group_activate_action (G_ACTION_GROUP (window), "play-move", g_variant_new_string (text));
  g_assert_cmpuint (kz_game_get_ply (game), ==, ply + 1);
  g_assert_true (board_shows_game (board, game));
}

/* ---- toasts (issue 11, defect 5) ---------------------------------------- */

/* The mapped label showing exactly `text`, or NULL; not the board's live
 * region (a label for screen readers only, which says messages too). */
static GtkLabel *
label_with_text (GtkWidget *root, const char *text)
{
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();

  ui_test_collect_mapped (root, GTK_TYPE_LABEL, labels);
  for (guint i = 0; i < labels->len; i++)
    if (g_strcmp0 (gtk_label_get_text (labels->pdata[i]), text) == 0
        && gtk_widget_get_ancestor (labels->pdata[i], KZ_TYPE_BOARD_VIEW) == NULL)
      return labels->pdata[i];
  return NULL;
}

static void
assert_apart (GtkWidget *window, const graphene_rect_t *t, GtkWidget *other, const char *what)
{
  graphene_rect_t o;

  g_assert_true (gtk_widget_compute_bounds (other, window, &o));
  if (graphene_rect_intersection (t, &o, NULL))
    g_error ("the message (%.0f,%.0f %.0fx%.0f) covers %s (%.0f,%.0f %.0fx%.0f)", t->origin.x,
             t->origin.y, t->size.width, t->size.height, what, o.origin.x, o.origin.y, o.size.width,
             o.size.height);
}

/* A message while a game is played (issue 11, defect 5; issue 24): under
 * the board, clear of rank 1, of the status line and of the Cossacks'
 * card; a short one on one line when there is room, a long one whole. */
static void
check_toast (int width, int height)
{
  static const char *const long_text =
    "The game database is not available, so no stored game can be opened "
    "and none of the games of this session will be kept for later";
  static const char *const short_text = "c4-c9 is not possible: c4 and c9 are not neighbours on a line";
  KzWindow *window = ui_test_main_window (the_app);
  KzBoardView *board;
  GtkLabel *shown = NULL;
  graphene_rect_t t;
  KzBoardGeometry g;
  g_autoptr (GPtrArray) cards = g_ptr_array_new ();
  gint64 end;

  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  new_game (window);
  ui_test_wait_ms (800);
  board = live_board (window);
  for (guint round = 0; round < 2; round++)
    {
      const char *text = round == 0 ? long_text : short_text;

      kz_window_show_toast (window, text);
      end = g_get_monotonic_time () + 3 * G_USEC_PER_SEC;
      while ((shown = label_with_text (GTK_WIDGET (window), text)) == NULL
             && g_get_monotonic_time () < end)
        g_main_context_iteration (NULL, FALSE);
      g_assert_nonnull (shown);
      /* and said by a screen reader */
      g_assert_cmpstr (kz_board_view_get_announcement (board), ==, text);
      ui_test_wait_ms (300);
      g_assert_true (gtk_widget_compute_bounds (GTK_WIDGET (shown), GTK_WIDGET (window), &t));

      /* No point of rank 1 (the Cossacks' first rank, or the Turks' when
       * the board is turned) under it. */
      kz_board_geometry_init (&g, gtk_widget_get_width (GTK_WIDGET (board)),
                              gtk_widget_get_height (GTK_WIDGET (board)), kz_board_view_get_flipped (board));
      for (int file = 0; file < KZ_GRID_FILES; file++)
        for (int rank = 0; rank < KZ_GRID_RANKS; rank += KZ_GRID_RANKS - 1)
          {
            int sq = KZ_SQ (file, rank);
            double x, y, r = kz_board_geometry_piece_radius (&g);
            graphene_point_t p, q;

            if (!kz_point_valid (sq))
              continue;
            kz_board_geometry_point_to_pixel (&g, sq, &x, &y);
            p = GRAPHENE_POINT_INIT (x, y + r);
            g_assert_true (gtk_widget_compute_point (GTK_WIDGET (board), GTK_WIDGET (window), &p, &q));
            if (graphene_rect_contains_point (&t, &q))
              g_error ("%dx%d: the message (%.0f,%.0f %.0fx%.0f) covers %s at (%.0f,%.0f)", width, height,
                       t.origin.x, t.origin.y, t.size.width, t.size.height, kz_point_name (sq), q.x, q.y);
          }
      /* Nor the status line, nor a player's card. */
      assert_apart (GTK_WIDGET (window), &t,
                    GTK_WIDGET (label_with_text (GTK_WIDGET (window), "Cossacks to move")), "the status line");
      g_ptr_array_set_size (cards, 0);
      ui_test_collect_mapped (GTK_WIDGET (window), KZ_TYPE_PLAYER_CARD, cards);
      for (guint i = 0; i < cards->len; i++)
        assert_apart (GTK_WIDGET (window), &t, cards->pdata[i], "a player's card");
      /* Its words whole; a short one on one line in a wide window. */
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (shown)));
      g_test_message ("%dx%d: %d line(s)", width, height,
                      pango_layout_get_line_count (gtk_label_get_layout (shown)));
      if (round == 1 && width >= 1000)
        g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (shown)), ==, 1);
    }
}

static void
test_toast_wide (void)
{
  check_toast (1280, 800);
}

static void
test_toast_small (void)
{
  check_toast (360, 640);
}

/* ---- focus after a dialog (issue 11, defect 10) ------------------------- */

/* The keyboard focus is on the board (one of its points). */
static void
assert_focus_on_board (KzWindow *window, KzBoardView *board, const char *when)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  g_test_message ("focus %s: %s", when, focus ? G_OBJECT_TYPE_NAME (focus) : "(none)");
  g_assert_nonnull (focus);
  g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (board)));
}

/* Closes whatever dialog is open over the window: drawn in it
 * (AdwDialog, libadwaita >= 1.5) or a window of its own. */
static void
close_any_dialog (KzWindow *window)
{
#if ADW_CHECK_VERSION (1, 5, 0)
  AdwDialog *dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));
  if (dialog)
    {
      adw_dialog_close (dialog);
      return;
    }
#endif
  {
    g_autoptr (GList) list = gtk_window_list_toplevels ();
    for (GList *l = list; l; l = l->next)
      if (l->data != (gpointer) window && gtk_widget_get_visible (l->data)
          && gtk_window_get_transient_for (l->data) == GTK_WINDOW (window))
        {
          gtk_window_close (l->data);
          return;
        }
  }
  g_assert_not_reached ();
}

static void
test_focus_after_dialog (void)
{
  KzWindow *window = ui_test_main_window (the_app);
  KzBoardView *board;

  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  new_game (window);
  board = live_board (window);

  /* An alert closed at once, before the frame that would show it (with
   * AdwAlertDialog GTK then moved the focus to the first header button
   * one frame later). */
  g_action_group_activate_action (G_ACTION_GROUP (window), "resign", NULL);
  g_assert_true (wait_for_alert (window, "Resign"));
  close_alert (window);
  ui_test_wait_ms (300);
  assert_focus_on_board (window, board, "after an alert closed at once");

  /* An alert shown for a while: its button has the focus; when it
   * closes, the board has it again. */
  g_action_group_activate_action (G_ACTION_GROUP (window), "resign", NULL);
  g_assert_true (wait_for_alert (window, "Resign"));
  ui_test_wait_ms (500);
#if ADW_CHECK_VERSION (1, 5, 0)
  {
    GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
    AdwDialog *dialog = adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (window));
    g_assert_nonnull (dialog);
    g_assert_nonnull (focus);
    g_assert_true (gtk_widget_is_ancestor (focus, GTK_WIDGET (dialog)));
  }
#endif
  close_alert (window);
  ui_test_wait_ms (300);
  assert_focus_on_board (window, board, "after an alert");

  /* A dialog opened from the keyboard (Preferences, Ctrl+,). */
  g_action_group_activate_action (G_ACTION_GROUP (the_app), "preferences", NULL);
  ui_test_wait_ms (500);
  close_any_dialog (window);
  ui_test_wait_ms (300);
  assert_focus_on_board (window, board, "after Preferences");
}

/* ---- the title at the smallest size (issue 11, defect 12) --------------- */

static void
test_title_at_min_size (void)
{
  KzWindow *window = ui_test_main_window (the_app);
  GtkWidget *title;
  g_autoptr (GPtrArray) labels = g_ptr_array_new ();
  g_autoptr (KzGame) game = NULL;
  int lines = 0;

  game = g_object_ref (new_game (window));
  /* Against the computer: the longest subtitle. */
  kz_game_set_player (game, KZ_TURKS, "Computer", KZ_PLAYER_COMPUTER, 3);
  {
    g_autoptr (KzGame) other = kz_game_new ();
    kz_window_set_game (window, other);   /* shown anew, with its new player */
  }
  kz_window_set_game (window, game);
  /* As small as the window goes. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1, 1);
  ui_test_wait_ms (800);
  g_test_message ("window %dx%d", gtk_widget_get_width (GTK_WIDGET (window)),
                  gtk_widget_get_height (GTK_WIDGET (window)));
  title = adw_header_bar_get_title_widget (ADW_HEADER_BAR (ui_test_find_mapped (GTK_WIDGET (window),
                                                                         ADW_TYPE_HEADER_BAR)));
  g_assert_nonnull (title);
  ui_test_collect_mapped (title, GTK_TYPE_LABEL, labels);
  g_assert_cmpuint (labels->len, ==, 2);
  for (guint i = 0; i < labels->len; i++)
    {
      graphene_rect_t r;
      g_test_message ("title label: %s", gtk_label_get_text (labels->pdata[i]));
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (labels->pdata[i])));
      /* Whole: its lines as wide as it is. */
      g_assert_true (gtk_widget_compute_bounds (labels->pdata[i], GTK_WIDGET (window), &r));
      {
        int w, h;
        pango_layout_get_pixel_size (gtk_label_get_layout (labels->pdata[i]), &w, &h);
        g_assert_cmpint (w, <=, (int) r.size.width + 1);
        g_assert_cmpfloat (r.origin.x, >=, 0);
        g_assert_cmpfloat (r.origin.x + r.size.width, <=, gtk_widget_get_width (GTK_WIDGET (window)));
      }
      lines += pango_layout_get_line_count (gtk_label_get_layout (labels->pdata[i]));
    }
#if !ADW_CHECK_VERSION (1, 4, 0)
  /* libadwaita < 1.4 (issue 24): the header's minimum made the window at
   * least about 530 px wide, and the title took four lines. */
  g_assert_cmpint (gtk_widget_get_width (GTK_WIDGET (window)), <=, 380);
  g_assert_cmpint (lines, <=, 3);
#else
  g_test_message ("title lines: %d", lines);
#endif
  gtk_window_set_default_size (GTK_WINDOW (window), 1280, 800);
  ui_test_wait_ms (500);
}

/* ---- the guided game warns before a losing move ------------------------ */

static gboolean
players_turn (gpointer data)
{
  KzWindow *window = data;
  KzGame *game = kz_window_get_game (window);
  KzSide side = kz_game_get_side_to_move (game);
  return kz_game_get_player_kind (game, side) == KZ_PLAYER_HUMAN
         && kz_board_view_get_interactive (live_board (window));
}

/* The widget is its window's focus widget. */
static gboolean
has_root_focus (gpointer data)
{
  GtkWidget *widget = data;
  return gtk_root_get_focus (gtk_widget_get_root (widget)) == widget;
}

static gboolean
warning_shown (gpointer data)
{
  return kz_guide_panel_get_warning_shown (data);
}

/* A move of the player that the guide warns about (risky), and a safer
 * one; FALSE when there is none (every move risks as much). */
static gboolean
risky_and_safer (KzGame *game, KzMove *risky, KzMove *safer)
{
  g_autoptr (GArray) moves = kz_game_list_moves (game, KZ_NO_POINT);
  const KzPosition *pos = kz_game_get_position (game);
  for (guint i = 0; i < moves->len; i++)
    if (kz_guide_should_warn (pos, &g_array_index (moves, KzMove, i), NULL, safer))
      {
        *risky = g_array_index (moves, KzMove, i);
        return TRUE;
      }
  return FALSE;
}

/* Plays the player's turn (a move the guide lets pass) until a position
 * with a risky move comes, at most 20 turns. */
static void
until_risky (KzWindow *window, KzMove *risky, KzMove *safer)
{
  for (int turn = 0; turn < 20; turn++)
    {
      KzGame *game = kz_window_get_game (window);
      g_assert_true (wait_until (players_turn, window));
      if (risky_and_safer (game, risky, safer))
        return;
      g_autoptr (GArray) moves = kz_game_list_moves (game, KZ_NO_POINT);
      g_signal_emit_by_name (live_board (window), "move-chosen", &g_array_index (moves, KzMove, 0));
    }
  g_assert_not_reached ();
}

/* In a guided game a move that lets the computer take more than another
 * would is not played at once: the panel says what it loses and offers
 * Play Anyway and Choose Another Move; a safe move is played at once; the
 * aid (guide-warn) switched off, no warning. */
static void
test_guided_warning (void)
{
  KzWindow *window = ui_test_main_window (the_app);
  GSettings *settings = kz_window_get_settings (window);
  KzGuidePanel *panel;
  KzBoardView *board;
  KzGame *game;
  KzMove risky, safer;
  guint ply;

  g_settings_set_boolean (settings, "human-pace", FALSE);
  g_action_group_activate_action (G_ACTION_GROUP (window), "guided-game", NULL);
  g_assert_true (wait_until (players_turn, window));
  game = kz_window_get_game (window);
  panel = KZ_GUIDE_PANEL (ui_test_find_mapped (GTK_WIDGET (window), KZ_TYPE_GUIDE_PANEL));
  g_assert_nonnull (panel);
  g_assert_true (kz_guide_panel_get_guided (panel));
  board = live_board (window);

  /* the losing move waits behind the warning */
  until_risky (window, &risky, &safer);
  ply = kz_game_get_ply (game);
  g_signal_emit_by_name (board, "move-chosen", &risky);
  g_assert_true (kz_guide_panel_get_warning_shown (panel));
  g_assert_cmpuint (kz_game_get_ply (game), ==, ply);
  g_autoptr (GString) text = g_string_new (NULL);
  ui_test_collect_text (GTK_WIDGET (panel), text);
  g_assert_nonnull (strstr (text->str, "the computer can"));
  GtkWidget *another = ui_test_find_button (GTK_WIDGET (panel), "_Choose Another Move");
  GtkWidget *anyway = ui_test_find_button (GTK_WIDGET (panel), "_Play Anyway");
  g_assert_nonnull (another);
  g_assert_nonnull (anyway);
  g_assert_true (wait_until (has_root_focus, another));

  /* Choose Another Move: nothing played, the board has the focus */
  g_signal_emit_by_name (another, "clicked");
  g_assert_false (kz_guide_panel_get_warning_shown (panel));
  g_assert_cmpuint (kz_game_get_ply (game), ==, ply);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (focus == GTK_WIDGET (board) || gtk_widget_is_ancestor (focus, GTK_WIDGET (board)));

  /* a safer move is played at once */
  g_signal_emit_by_name (board, "move-chosen", &safer);
  g_assert_false (kz_guide_panel_get_warning_shown (panel));
  g_assert_cmpuint (kz_game_get_ply (game), ==, ply + 1);
  g_assert_true (wait_until (players_turn, window));

  /* Play Anyway plays the warned move */
  until_risky (window, &risky, &safer);
  ply = kz_game_get_ply (game);
  g_signal_emit_by_name (board, "move-chosen", &risky);
  g_assert_true (wait_until (warning_shown, panel));
  g_signal_emit_by_name (ui_test_find_button (GTK_WIDGET (panel), "_Play Anyway"), "clicked");
  g_assert_false (kz_guide_panel_get_warning_shown (panel));
  g_assert_cmpuint (kz_game_get_ply (game), ==, ply + 1);
  g_assert_true (kz_move_equal (kz_game_get_move (game, ply), &risky));

  /* the aid off: no warning */
  g_action_group_activate_action (G_ACTION_GROUP (window), "guided-game", NULL);
  g_assert_true (wait_until (players_turn, window));
  game = kz_window_get_game (window);
  g_settings_set_boolean (settings, "guide-warn", FALSE);
  until_risky (window, &risky, &safer);
  ply = kz_game_get_ply (game);
  g_signal_emit_by_name (board, "move-chosen", &risky);
  g_assert_false (kz_guide_panel_get_warning_shown (panel));
  g_assert_cmpuint (kz_game_get_ply (game), ==, ply + 1);
  g_settings_reset (settings, "guide-warn");
  g_settings_reset (settings, "human-pace");
}

/* ---- the position editor shows the troops --------------------------------- */

static KzTroop
troop_at (KzBoardView *board, const char *point)
{
  const KzBoardState *state = kz_board_view_get_state (board);
  return (KzTroop) state->pieces[kz_point_parse (point, NULL)].troop;
}

/* The editor's pieces carry the troops a game from its position gives
 * them (pictures, "Who Is This?"), not plain discs. */
static void
test_editor_troops (void)
{
  KzWindow *window = ui_test_main_window (the_app);
  GtkWidget *editor;
  g_autoptr (GPtrArray) boards = g_ptr_array_new ();

  new_game (window);
  g_action_group_activate_action (G_ACTION_GROUP (window), "edit-position", NULL);
  editor = g_object_get_data (G_OBJECT (window), "kz-editor-window");
  g_assert_nonnull (editor);
  ui_test_collect_all (editor, KZ_TYPE_BOARD_VIEW, boards);
  g_assert_cmpuint (boards->len, ==, 1);
  KzBoardView *board = boards->pdata[0];
  g_assert_cmpint (troop_at (board, "c1"), ==, KZ_TROOP_LEADER);
  g_assert_cmpint (troop_at (board, "a1"), ==, KZ_TROOP_GUNNER);
  g_assert_cmpint (troop_at (board, "b1"), ==, KZ_TROOP_CAVALRY);
  g_assert_cmpint (troop_at (board, "c4"), ==, KZ_TROOP_INFANTRY);
  g_assert_cmpint (troop_at (board, "c9"), ==, KZ_TROOP_LEADER);
  g_assert_cmpint (troop_at (board, "d8"), ==, KZ_TROOP_GUNNER);
  g_autofree char *legend = kz_board_view_dup_legend (board, kz_point_parse ("c1", NULL));
  g_assert_nonnull (strstr (legend, "Hetman"));
  gtk_window_destroy (GTK_WINDOW (editor));
  ui_test_wait_ms (100);
}

/* ---- running inside the application ------------------------------------- */

static void
before_tests (GApplication *app)
{
  GSettings *settings = kz_application_get_settings (KZ_APPLICATION (app));

  /* Moves shown at once: the game-over alert does not wait. */
  g_settings_set_string (settings, "animation-speed", "off");
}

int
main (int argc, char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  if (!ui_test_init (&argc, &argv))
    return 0;
  g_test_add_func ("/ui-window/first-start", test_first_start);
  g_test_add_func ("/ui-window/how-to-play-beside", test_how_to_play_beside);
  g_test_add_func ("/ui-window/human-pace", test_human_pace);
  g_test_add_func ("/ui-window/preferences", test_preferences);
  g_test_add_func ("/ui-window/follows-game", test_follows_game);
  g_test_add_func ("/ui-window/cards-follow-game", test_cards_follow_game);
  g_test_add_func ("/ui-window/guided-warning", test_guided_warning);
  g_test_add_func ("/ui-window/editor-troops", test_editor_troops);
  g_test_add_func ("/ui-window/move-list-at-end-wide", test_move_list_at_end_wide);
  g_test_add_func ("/ui-window/move-list-at-end-small", test_move_list_at_end_small);
  g_test_add_func ("/ui-window/move-list-opened-wide", test_move_list_opened_wide);
  g_test_add_func ("/ui-window/failed-save", test_failed_save);
  g_test_add_func ("/ui-window/toast-wide", test_toast_wide);
  g_test_add_func ("/ui-window/toast-small", test_toast_small);
  g_test_add_func ("/ui-window/focus-after-dialog", test_focus_after_dialog);
  g_test_add_func ("/ui-window/title-at-min-size", test_title_at_min_size);
  g_test_add_func ("/ui-window/no-progress-near", test_no_progress_near);
  return ui_test_run_in_app ("kazaki-ui-window-XXXXXX", &the_app, before_tests);
}
