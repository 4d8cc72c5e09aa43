/* kz-narrow-layout.c — see kz-narrow-layout.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include "kz-narrow-layout.h"

/* The first widget under `widget` (itself included) that activates
 * `action`, or NULL; menus (popovers) are left out. */
static GtkWidget *
find_actionable (GtkWidget  *widget,
                 const char *action)
{
  if (GTK_IS_ACTIONABLE (widget)
      && g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), action) == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = GTK_IS_POPOVER (c) ? NULL : find_actionable (c, action);
      if (found)
        return found;
    }
  return NULL;
}

void
kz_narrow_layout_set_narrow_header (AdwApplicationWindow *window,
                                    gboolean              narrow)
{
  static const char *const actions[] = { "app.new-game", "win.flip-board", "app.how-to-play",
                                          "win.show-side-panel" };

  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      GtkWidget *button = find_actionable (GTK_WIDGET (window), actions[i]);
      if (button)
        gtk_widget_set_visible (button, !narrow);
    }
}

#if ADW_CHECK_VERSION (1, 4, 0)
/* Hides the header buttons that make room for the title under
 * `breakpoint` (each may be NULL: not in this window). */
static void
hide_header_buttons (AdwBreakpoint *breakpoint,
                     GtkWidget     *new_game,
                     GtkWidget     *toggle,
                     GtkWidget     *flip,
                     GtkWidget     *pause,
                     GtkWidget     *help)
{
  GtkWidget *buttons[] = { new_game, toggle, flip, pause, help };

  for (guint i = 0; i < G_N_ELEMENTS (buttons); i++)
    if (buttons[i])
      adw_breakpoint_add_setters (breakpoint, G_OBJECT (buttons[i]), "visible", FALSE, NULL);
}

/* The panel under the board, with or without the move list. */
static AdwBreakpoint *
panel_under_board (const char *condition,
                   GtkWidget  *main_box,
                   GtkWidget  *board_column,
                   GtkWidget  *side_panel,
                   GtkWidget  *new_game,
                   GtkWidget  *toggle,
                   GtkWidget  *flip,
                   GtkWidget  *pause,
                   GtkWidget  *help,
                   GtkWidget  *moves,
                   gboolean    with_moves)
{
  AdwBreakpoint *narrow = adw_breakpoint_new (adw_breakpoint_condition_parse (condition));
  GtkWidget *heading = gtk_widget_get_prev_sibling (moves);

  adw_breakpoint_add_setters (narrow,
                              G_OBJECT (main_box), "orientation", GTK_ORIENTATION_VERTICAL,
                              G_OBJECT (board_column), "spacing", 2,
                              G_OBJECT (board_column), "margin-top", 2,
                              G_OBJECT (board_column), "margin-bottom", 6,
                              G_OBJECT (side_panel), "width-request", -1,
                              G_OBJECT (side_panel), "vexpand", FALSE,
                              G_OBJECT (side_panel), "spacing", 6,
                              G_OBJECT (side_panel), "margin-start", 12,
                              G_OBJECT (side_panel), "margin-top", 0,
                              G_OBJECT (side_panel), "margin-bottom", 6,
                              NULL);
  hide_header_buttons (narrow, new_game, toggle, flip, pause, help);
  if (!with_moves)
    {
      adw_breakpoint_add_setters (narrow, G_OBJECT (moves), "visible", FALSE, NULL);
      if (GTK_IS_LABEL (heading))
        adw_breakpoint_add_setters (narrow, G_OBJECT (heading), "visible", FALSE, NULL);
    }
  return narrow;
}
#endif

gboolean
kz_narrow_layout_add (AdwApplicationWindow *window,
                      GtkWidget            *main_box,
                      GtkWidget            *board_column,
                      GtkWidget            *side_panel,
                      GtkWidget            *moves,
                      GtkWidget            *flip)
{
#if ADW_CHECK_VERSION (1, 4, 0)
  AdwBreakpoint *short_narrow =
    adw_breakpoint_new (adw_breakpoint_condition_parse ("max-width: 639sp and max-height: 539sp"));
  /* The header's New Game button (New Game stays in the main menu and on
   * Ctrl+N), the panel's toggle (the panel sits under the board) and Flip
   * Board (in the main menu too, and on Ctrl+F) make room for the title,
   * never cut, at 360 px. */
  GtkWidget *new_game = find_actionable (GTK_WIDGET (window), "app.new-game");
  GtkWidget *toggle = find_actionable (GTK_WIDGET (window), "win.show-side-panel");
  /* Pause (a timed game) is in the main menu too, and on Ctrl+P; the first
   * widget with the action is the header's (the pause page's comes later). */
  GtkWidget *pause = find_actionable (GTK_WIDGET (window), "win.pause");
  /* How to Play: in the main menu too, and on F1. */
  GtkWidget *help = find_actionable (GTK_WIDGET (window), "app.how-to-play");

  /* The last breakpoint that matches wins.  Narrow: the player cards under
   * the board (a phone's 360 × 640: the board as large as fits, the move
   * list left out); narrow and tall: the move list too. */
  adw_application_window_add_breakpoint (window,
    panel_under_board ("max-width: 639sp", main_box, board_column, side_panel,
                       new_game, toggle, flip, pause, help, moves, FALSE));
  adw_application_window_add_breakpoint (window,
    panel_under_board ("max-width: 639sp and min-height: 820sp", main_box, board_column,
                       side_panel, new_game, toggle, flip, pause, help, moves, TRUE));

  /* Narrow and short (a phone on its side, or a small window): no room
   * under the board, the panel is hidden (as on libadwaita < 1.4). */
  adw_breakpoint_add_setters (short_narrow, G_OBJECT (side_panel), "visible", FALSE, NULL);
  /* The title, never cut, needs the room of the header buttons here too
   * (the panel is hidden anyway; Flip Board is in the main menu). */
  hide_header_buttons (short_narrow, new_game, toggle, flip, pause, help);
  adw_application_window_add_breakpoint (window, short_narrow);
  return TRUE;
#else
  return FALSE;
#endif
}
