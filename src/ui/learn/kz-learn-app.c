/* kz-learn-app.c — the application's Learn action (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include "kz-learn-app.h"
#include "kz-learn-window.h"
#include "kz-window.h"

/* The Learn window while it is open (one per application). */
static KzLearnWindow *the_window;

static void
window_destroyed (KzLearnWindow *window)
{
  if (the_window == window)
    the_window = NULL;
}

static void
learn_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzApplication *app = user_data;

  if (the_window
      && gtk_window_get_application (GTK_WINDOW (the_window)) != GTK_APPLICATION (app))
    the_window = NULL;
  if (the_window == NULL)
    {
      the_window = kz_learn_window_new (GTK_APPLICATION (app), kz_application_get_session (app));
      g_signal_connect (the_window, "destroy", G_CALLBACK (window_destroyed), NULL);
    }
  gtk_window_present (GTK_WINDOW (the_window));
}

/* The demonstration battle, in the main window's review. */
static void
demonstration_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *window = kz_application_get_main_window (user_data, TRUE);

  if (window == NULL)
    return;
  gtk_window_present (GTK_WINDOW (window));
  kz_window_show_demonstration (window);
}

/* A guided game in the main window (win.guided-game). */
static void
guided_game_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *window = kz_application_get_main_window (user_data, TRUE);

  if (window == NULL)
    return;
  gtk_window_present (GTK_WINDOW (window));
  g_action_group_activate_action (G_ACTION_GROUP (window), "guided-game", NULL);
}

static const GActionEntry learn_actions[] = {
  { "learn", learn_activated, NULL, NULL, NULL, { 0 } },
  { "demonstration", demonstration_activated, NULL, NULL, NULL, { 0 } },
  { "guided-game", guided_game_activated, NULL, NULL, NULL, { 0 } },
};

void
kz_learn_app_init (KzApplication *app)
{
  g_action_map_add_action_entries (G_ACTION_MAP (app), learn_actions,
                                   G_N_ELEMENTS (learn_actions), app);
}
