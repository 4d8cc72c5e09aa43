/* kz-puzzles-app.c — the application's puzzle trainer action (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include "kz-puzzles-app.h"
#include "kz-puzzles-window.h"

/* The puzzle trainer while it is open (one per application). */
static KzPuzzlesWindow *the_window;

static void
window_destroyed (KzPuzzlesWindow *window)
{
  if (the_window == window)
    the_window = NULL;
}

static void
puzzles_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzApplication *app = user_data;

  if (the_window
      && gtk_window_get_application (GTK_WINDOW (the_window)) != GTK_APPLICATION (app))
    the_window = NULL;
  if (the_window == NULL)
    {
      the_window = kz_puzzles_window_new (GTK_APPLICATION (app), kz_application_get_session (app));
      g_signal_connect (the_window, "destroy", G_CALLBACK (window_destroyed), NULL);
    }
  gtk_window_present (GTK_WINDOW (the_window));
}

static const GActionEntry puzzles_actions[] = {
  { "puzzles", puzzles_activated, NULL, NULL, NULL, { 0 } },
};

void
kz_puzzles_app_init (KzApplication *app)
{
  g_action_map_add_action_entries (G_ACTION_MAP (app), puzzles_actions,
                                   G_N_ELEMENTS (puzzles_actions), app);
}
