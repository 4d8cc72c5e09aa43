/* kz-window-guide.c — the main window's guided game (a part of KzWindow;
 * the aids themselves are KzGuidePanel's, a template child):
 *
 *   win.guided-game           a new game against the computer at level 1
 *                             with every aid the settings switch on
 *   win.guide-legal-moves,    the aids (settings of the same names,
 *   win.guide-must-capture,   boolean states)
 *   win.guide-danger, win.guide-roads, win.guide-explain, win.guide-warn
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include "kz-guide-panel.h"
#include "kz-window-private.h"

static void
guided_game_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;

  if (self->review->replay)
    kz_window_review_leave (self);
  kz_window_start_guided_game (self);
  kz_window_show_welcome (self, FALSE);
  gtk_widget_grab_focus (GTK_WIDGET (self->play->board));
}

static const GActionEntry guide_actions[] = {
  { "guided-game", guided_game_activated, NULL, NULL, NULL, { 0 } },
};

void
kz_window_guide_init (KzWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), guide_actions,
                                   G_N_ELEMENTS (guide_actions), self);
  kz_guide_panel_set_settings (self->guide_panel, self->settings, G_ACTION_MAP (self));
}
