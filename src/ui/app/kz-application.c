/* kz-application.c — the Kazaki application.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-application.h"
#include "kz-dialogs.h"
#include "kz-learn-app.h"
#include "kz-puzzles-app.h"
#include "kz-library-app.h"
#include "kz-how-to-play.h"
#include "kz-troops-window.h"
#include "kz-resources.h"
#include "kz-window.h"
#include "kz-search.h"

struct _KzApplication {
  AdwApplication parent_instance;

  GSettings *settings;
  KzSession *session;
};

G_DEFINE_FINAL_TYPE (KzApplication, kz_application, ADW_TYPE_APPLICATION)

KzApplication *
kz_application_new (void)
{
  return g_object_new (KZ_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS | G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", RESOURCE_BASE,
                       NULL);
}

GSettings *
kz_application_get_settings (KzApplication *self)
{
  g_return_val_if_fail (KZ_IS_APPLICATION (self), NULL);
  return self->settings;
}

KzSession *
kz_application_get_session (KzApplication *self)
{
  g_return_val_if_fail (KZ_IS_APPLICATION (self), NULL);
  return self->session;
}

static KzWindow *
find_main_window (KzApplication *self)
{
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (KZ_IS_WINDOW (active))
    return KZ_WINDOW (active);
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l; l = l->next)
    if (KZ_IS_WINDOW (l->data))
      return KZ_WINDOW (l->data);
  return NULL;
}

KzWindow *
kz_application_get_main_window (KzApplication *self, gboolean create)
{
  KzWindow *window;

  g_return_val_if_fail (KZ_IS_APPLICATION (self), NULL);
  window = find_main_window (self);
  if (window == NULL && create)
    {
      g_application_activate (G_APPLICATION (self));
      window = find_main_window (self);
    }
  return window;
}

/* The window a dialog opened by an app action belongs to: whichever is
 * active, the main window, Learn or Puzzles alike.  NULL when none. */
static GtkWidget *
dialog_parent (KzApplication *self)
{
  return (GtkWidget *) gtk_application_get_active_window (GTK_APPLICATION (self));
}

static void
kz_application_activate (GApplication *app)
{
  KzApplication *self = KZ_APPLICATION (app);
  KzWindow *window = kz_application_get_main_window (self, FALSE);

  if (window == NULL)
    window = kz_window_new (GTK_APPLICATION (self), self->session, self->settings);
  gtk_window_present (GTK_WINDOW (window));
}

static void
new_game_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *window = kz_application_get_main_window (user_data, TRUE);

  if (window)
    kz_window_show_new_game (window);
}

static void
quit_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzApplication *self = user_data;
  GList *windows = g_list_copy (gtk_application_get_windows (GTK_APPLICATION (self)));

  /* Close every window the normal way (they save their size and stop
   * the computer), then quit. */
  for (GList *l = windows; l; l = l->next)
    gtk_window_close (GTK_WINDOW (l->data));
  g_list_free (windows);
  g_application_quit (G_APPLICATION (self));
}

static void
preferences_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzApplication *self = user_data;

  kz_show_preferences (dialog_parent (self), self->settings);
}

static void
about_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzApplication *self = user_data;

  kz_show_about (dialog_parent (self));
}

static void
how_to_play_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzApplication *self = user_data;

  kz_show_how_to_play (dialog_parent (self));
}

static void
troops_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzApplication *self = user_data;

  kz_show_troops (dialog_parent (self), KZ_COSSACKS, -1);
}

/* "Who Is This?" on a piece (kz_board_view_popup_piece_menu()): the Troops
 * page at that side's troop, "(ii)" = (KzSide, KzTroop). */
static void
show_troop_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  int side, troop;

  g_variant_get (param, "(ii)", &side, &troop);
  if (side < KZ_COSSACKS || side > KZ_TURKS || troop < KZ_TROOP_INFANTRY || troop > KZ_TROOP_LEADER)
    return;
  kz_show_troops (parent ? GTK_WIDGET (parent) : NULL, (KzSide) side, troop);
}

static void
shortcuts_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzApplication *self = user_data;

  kz_show_shortcuts (dialog_parent (self));
}

static const GActionEntry app_actions[] = {
  { "new-game", new_game_activated, NULL, NULL, NULL, { 0 } },
  { "quit", quit_activated, NULL, NULL, NULL, { 0 } },
  { "preferences", preferences_activated, NULL, NULL, NULL, { 0 } },
  { "about", about_activated, NULL, NULL, NULL, { 0 } },
  { "how-to-play", how_to_play_activated, NULL, NULL, NULL, { 0 } },
  { "troops", troops_activated, NULL, NULL, NULL, { 0 } },
  { "show-troop", show_troop_activated, "(ii)", NULL, NULL, { 0 } },
  { "shortcuts", shortcuts_activated, NULL, NULL, NULL, { 0 } },
};

/* Every keyboard accelerator of the app's and the window's actions, in
 * one place (the review keys Home, Left, Space, Right, End, Up and Down
 * are the window's own: kz-window-review.c; the board's keys:
 * kz-board-view.c). */
static const struct {
  const char *action;
  const char *accels[3];
} accelerators[] = {
  { "app.new-game", { "<Control>n", NULL } },
  { "app.quit", { "<Control>q", NULL } },
  { "app.preferences", { "<Control>comma", NULL } },
  { "app.shortcuts", { "<Control>question", NULL } },
  { "app.how-to-play", { "F1", NULL } },
  { "app.library", { "<Control>l", NULL } },
  { "app.import", { "<Control>o", NULL } },
  { "win.undo", { "<Control>z", NULL } },
  { "win.redo", { "<Control><Shift>z", "<Control>y", NULL } },
  { "win.hint", { "<Control>h", NULL } },
  { "win.pause", { "<Control>p", "Pause", NULL } },
  { "win.show-side-panel", { "F9", NULL } },
  { "win.flip-board", { "<Control>f", NULL } },
  { "win.review", { "<Control>r", NULL } },
  { "win.export-game", { "<Control><Shift>e", NULL } },
  { "win.edit-position", { "<Control>e", NULL } },
  /* Shift: plain Ctrl+C and Ctrl+V stay with text fields (an in-window
   * dialog's entries would otherwise lose copy and paste). */
  { "win.copy-position", { "<Control><Shift>c", NULL } },
  { "win.paste-position", { "<Control><Shift>v", NULL } },
  /* Annotating a review (kz-window-annotate.c): Alt and the number of
   * the mark's NAG ($1 "!" … $6 "?!"), Alt+0 takes it away. */
  { "win.set-mark('!')", { "<Alt>1", NULL } },
  { "win.set-mark('?')", { "<Alt>2", NULL } },
  { "win.set-mark('!!')", { "<Alt>3", NULL } },
  { "win.set-mark('?\?')", { "<Alt>4", NULL } },
  { "win.set-mark('!?')", { "<Alt>5", NULL } },
  { "win.set-mark('?!')", { "<Alt>6", NULL } },
  { "win.set-mark('')", { "<Alt>0", NULL } },
  { "win.edit-comment", { "<Alt>c", NULL } },
  { "win.promote-variation", { "<Alt>Up", NULL } },
  { "win.delete-variation", { "<Alt>Delete", NULL } },
};

/* Settings written when the computer had five levels: a computer-level
 * the player chose among 1-5 becomes today's level (1, 4, 6, 9, 9; the
 * stored games are mapped alike by the database, schema version 11). */
static void
migrate_computer_level (GSettings *settings)
{
  g_autoptr (GVariant) chosen = NULL;

  if (g_settings_get_int (settings, "computer-level-scale") == KZ_SEARCH_MAX_LEVEL)
    return;
  chosen = g_settings_get_user_value (settings, "computer-level");
  if (chosen != NULL)
    g_settings_set_int (settings, "computer-level",
                        kz_search_level_from_old (g_variant_get_int32 (chosen)));
  g_settings_set_int (settings, "computer-level-scale", KZ_SEARCH_MAX_LEVEL);
}

static void
kz_application_startup (GApplication *app)
{
  KzApplication *self = KZ_APPLICATION (app);
  GtkApplication *gtk_app = GTK_APPLICATION (app);

  G_APPLICATION_CLASS (kz_application_parent_class)->startup (app);

  g_set_application_name (_("Kazaki"));
  gtk_window_set_default_icon_name (APPLICATION_ID);

  /* AdwApplication loads style.css from the resource base path. */
  self->settings = g_settings_new (APPLICATION_ID);
  migrate_computer_level (self->settings);
  /* Light, dark, or as the system says (Preferences ▸ Style). */
  kz_follow_style_setting (self->settings);

  g_action_map_add_action_entries (G_ACTION_MAP (app), app_actions,
                                   G_N_ELEMENTS (app_actions), app);
  for (guint i = 0; i < G_N_ELEMENTS (accelerators); i++)
    gtk_application_set_accels_for_action (gtk_app, accelerators[i].action,
                                           accelerators[i].accels);
  /* The game database: on failure go on in memory; the window tells
   * the player once. */
  self->session = kz_session_new (NULL);
  if (kz_session_get_store (self->session) == NULL)
    {
      const GError *error = kz_session_get_store_error (self->session);
      g_warning ("Cannot open the game database %s: %s", kz_session_get_store_path (self->session),
                 error ? error->message : "unknown error");
    }
  /* The library, import and backup (kz-library-app.c), over the session. */
  kz_library_app_init (self);
  /* Learn: the lessons (src/ui/learn). */
  kz_learn_app_init (self);
  /* Puzzles: the trainer (src/ui/puzzles). */
  kz_puzzles_app_init (self);
}

static void
kz_application_finalize (GObject *object)
{
  KzApplication *self = KZ_APPLICATION (object);

  g_clear_object (&self->settings);
  g_clear_object (&self->session);
  G_OBJECT_CLASS (kz_application_parent_class)->finalize (object);
}

static void
kz_application_class_init (KzApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  /* The resources live in a static library: register them by hand. */
  kz_register_resource ();

  object_class->finalize = kz_application_finalize;
  app_class->activate = kz_application_activate;
  app_class->startup = kz_application_startup;
}

static void
kz_application_init (KzApplication *self)
{
}
