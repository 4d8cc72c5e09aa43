/* kz-window-welcome.c — the first start: instead of a game, a page over
 * the board asks how to begin (KzWelcomePage).  Shown once by itself
 * (the setting how-to-play-offered remembers it), and again from the
 * main menu:
 *
 *   win.welcome (state b)     the page shown or not
 *   win.first-game (s)        'continue': back to the game in progress
 *                             (offered when the page covers one);
 *                             'computer': a game against the computer at
 *                             the easiest level; 'two-players': two
 *                             players on this computer (the empty game
 *                             of the first start is kept for it)
 *
 * Over a game not begun the window's subtitle is empty: no "Two players"
 * before the player has chosen (kz_window_update_subtitle).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-welcome-page.h"
#include "kz-window-private.h"

/* The game the page covers, when it is one in progress to go back to:
 * "Against the computer, level 2 · 12 moves played"; else NULL. */
static char *
game_in_progress (KzWindow *self)
{
  KzGame *game = self->play->game;
  g_autofree char *kind = NULL;
  guint ply;

  if (game == NULL || kz_game_is_over (game) || kz_session_get_read_only (self->session)
      || (ply = kz_game_get_ply (game)) == 0)
    return NULL;
  if (kz_window_human_vs_computer (self))
    kind = g_strdup_printf (_("Against the computer, level %d"),
                            kz_game_get_player_level (game, KZ_OTHER (kz_window_human_side (self))));
  else if (!kz_window_is_human (self, KZ_COSSACKS))
    kind = g_strdup (_("The computer against itself"));
  else
    kind = g_strdup (_("Two players"));
  /* Translators: the game to continue on the welcome page: its kind
   * ("Two players") and the moves played so far */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s · %u move played", "%s · %u moves played", ply),
                          kind, ply);
}

void
kz_window_show_welcome (KzWindow *self, gboolean shown)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "welcome");
  GtkWidget *board = GTK_WIDGET (self->play->board);
  gboolean had_focus;

  if (self->welcome_page == NULL || gtk_widget_get_visible (self->welcome_page) == shown)
    return;
  /* The page covers the game's board: a review goes first. */
  if (shown && self->review->replay)
    kz_window_review_leave (self);
  had_focus = gtk_widget_get_focus_child (self->welcome_page) != NULL;
  if (shown)
    {
      g_autofree char *in_progress = game_in_progress (self);
      kz_welcome_page_set_game_in_progress (KZ_WELCOME_PAGE (self->welcome_page), in_progress);
    }
  gtk_widget_set_visible (self->welcome_page, shown);
  kz_window_update_subtitle (self);
  /* "Cossacks to move" under it would speak of a game not begun. */
  gtk_widget_set_visible (GTK_WIDGET (self->play->status_label), !shown);
  gtk_widget_set_visible (GTK_WIDGET (self->play->detail_label), !shown);
  if (action)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_boolean (shown));
  /* Covered: no keyboard focus for the board, and not read out. */
  gtk_widget_set_can_focus (board, !shown);
  gtk_accessible_update_state (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_STATE_HIDDEN,
                               shown || kz_clock_controller_get_resume_widget (self->clocks) != NULL,
                               -1);
  /* A timed game waits while the page covers it. */
  kz_window_clock_interruptions_changed (self);
  if (shown)
    kz_welcome_page_focus_first (KZ_WELCOME_PAGE (self->welcome_page));
  else if (had_focus)
    gtk_widget_grab_focus (board);
}

void
kz_window_welcome_first_start (KzWindow *self)
{
  if (g_settings_get_boolean (self->settings, "how-to-play-offered"))
    return;
  g_settings_set_boolean (self->settings, "how-to-play-offered", TRUE);
  kz_window_show_welcome (self, TRUE);
}

static void
welcome_changed (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  kz_window_show_welcome (KZ_WINDOW (user_data), g_variant_get_boolean (state));
}

/* The game of the first start, not begun: two players, no move yet. */
static gboolean
fresh_two_player_game (KzWindow *self)
{
  return self->play->game != NULL && !kz_session_get_read_only (self->session)
         && kz_game_get_ply (self->play->game) == 0 && !kz_game_is_over (self->play->game)
         && kz_window_is_human (self, KZ_COSSACKS) && kz_window_is_human (self, KZ_TURKS);
}

static void
first_game_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  const char *kind = g_variant_get_string (param, NULL);

  if (g_str_equal (kind, "continue"))
    ;   /* the game as it was */
  else if (g_str_equal (kind, "computer"))
    {
      /* New Game offers the same from now on. */
      g_settings_set_int (self->settings, "computer-level", 1);
      g_settings_set_string (self->settings, "default-opponent", "computer");
      kz_window_start_new_game (self, TRUE);
    }
  else if (g_str_equal (kind, "two-players"))
    {
      g_settings_set_string (self->settings, "default-opponent", "human");
      if (fresh_two_player_game (self))
        g_settings_set_string (self->settings, "last-game-kind", "two-players");
      else
        kz_window_start_new_game (self, FALSE);
    }
  else
    {
      g_warning ("win.first-game: unknown kind “%s” (continue, computer or two-players)", kind);
      return;
    }
  kz_window_show_welcome (self, FALSE);
}

static const GActionEntry welcome_actions[] = {
  { "welcome", NULL, NULL, "false", welcome_changed, { 0 } },
  { "first-game", first_game_activated, "s", NULL, NULL, { 0 } },
};

void
kz_window_welcome_init (KzWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), welcome_actions,
                                   G_N_ELEMENTS (welcome_actions), self);
}
