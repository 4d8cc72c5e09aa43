/* kz-window-analysis.c — the computer's analysis of the game reviewed.
 *
 * win.analyse (the review bar's Analyse button, Ctrl+Shift+A) reviews
 * the window's game when it is not reviewed yet, and analyses the game
 * reviewed (a library game or the game played) in the background
 * (KzGameAnalysis: worker threads, the window never waits): what the
 * database holds for it comes at once, the rest as it is found, with a
 * progress bar.  Activated again while it runs, it cancels.  A game
 * analysed before shows what is stored as soon as it is reviewed.  Shown:
 *
 *   the evaluation graph under the move list (a click or drag on it
 *   goes to that ply), the evaluation bar beside the board, the best
 *   move's arrow over the board and the engine's line in words for the
 *   position shown, the marks of the moves in the move list, and each
 *   side's inaccuracies, mistakes and blunders.
 *
 * win.export-evals (boolean, "Export With Evaluations" in the Notation
 * menu) makes the game's export write the evaluations of its analysis
 * after the moves, {[%eval 0.35]}, as kazaki-cli export --evals does.
 *
 * The analysis itself, shown and stored, is KzAnalysisPane
 * (kz-analysis-pane.c), which follows the review; leaving the review,
 * reviewing another game, or closing the window cancels it (storing the
 * positions done) and hides all of it.  This file holds the window's
 * side: the actions, the key, and the move list following the pane.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-analysis-pane.h"
#include "kz-kgn.h"
#include "kz-mistakes-window.h"
#include "kz-window-private.h"

static void
analyse_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;

  if (kz_analysis_pane_get_running (self->review->analysis))
    {
      kz_analysis_pane_cancel (self->review->analysis);
      return;
    }
  if (self->review->replay == NULL)
    g_action_group_change_action_state (G_ACTION_GROUP (self), "review", g_variant_new_boolean (TRUE));
  if (self->review->replay == NULL)
    return;
  kz_analysis_pane_start (self->review->analysis);
}

static char *
eval_comment (KzGame *game, guint i, gpointer data)
{
  return kz_game_analysis_dup_eval_comment (data, i);
}

char *
kz_window_analysis_export_kgn (KzWindow *self, KzGame *game)
{
  g_autoptr (GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (self), "export-evals");
  KzGameAnalysis *analysis = kz_analysis_pane_get_analysis (self->review->analysis);
  if (state == NULL || !g_variant_get_boolean (state) || analysis == NULL
      || game != kz_analysis_pane_get_game (self->review->analysis))
    return NULL;
  g_autoptr (GPtrArray) games = g_ptr_array_new ();
  g_ptr_array_add (games, game);
  return kz_kgn_export_games_with_comments (games, eval_comment, analysis);
}

static void
export_evals_change_state (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  g_simple_action_set_state (action, state);
}

/* Learn from your mistakes: the player's mistakes and blunders in the
 * reviewed game, once its analysis is complete. */
static void
learn_from_mistakes_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  KzGameAnalysis *analysis = kz_analysis_pane_get_analysis (self->review->analysis);
  KzGame *game = kz_analysis_pane_get_game (self->review->analysis);
  if (analysis == NULL || game == NULL || !kz_game_analysis_is_complete (analysis))
    {
      kz_window_show_toast (self, _("Analyse the game first: review it and press Analyse"));
      return;
    }
  KzMistakesWindow *window = kz_mistakes_window_new (gtk_window_get_application (GTK_WINDOW (self)),
                                                     game, analysis);
  if (window == NULL)
    {
      kz_window_show_toast (self, _("No mistakes or blunders to learn from in this game"));
      return;
    }
  gtk_window_present (GTK_WINDOW (window));
}

static const GActionEntry analysis_actions[] = {
  { "learn-from-mistakes", learn_from_mistakes_activated, NULL, NULL, NULL, { 0 } },
  { "analyse", analyse_activated, NULL, NULL, NULL, { 0 } },
  { "export-evals", NULL, NULL, "false", export_evals_change_state, { 0 } },
};

void
kz_window_analysis_dispose (KzWindow *self)
{
  /* stores the positions done and stops */
  if (self->review && self->review->analysis)
    kz_analysis_pane_set_replay (self->review->analysis, NULL);
}

void
kz_window_analysis_init (KzWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), analysis_actions,
                                   G_N_ELEMENTS (analysis_actions), self);
  GtkEventController *keys = gtk_shortcut_controller_new ();
  gtk_shortcut_controller_set_scope (GTK_SHORTCUT_CONTROLLER (keys), GTK_SHORTCUT_SCOPE_GLOBAL);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
    gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("<Control><Shift>a"),
                      gtk_named_action_new ("win.analyse")));
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  /* The move list marks the moves of the analysis shown. */
  g_object_bind_property (self->review->analysis, "analysis", self->moves_view, "analysis",
                          G_BINDING_SYNC_CREATE);
}
