/* kz-window-analysis.c — the computer's analysis of the game reviewed.
 *
 * win.analyse (the review bar's Analyse button, Ctrl+Shift+A) reviews
 * the window's game when it is not reviewed yet, and analyses the game
 * reviewed (a library game or the game played) in the background
 * (KzGameAnalysis: worker threads, the window never waits): what the
 * database holds for it comes at once, the rest as it is found, with a
 * progress bar.  Activated again while it runs, it cancels.  Shown:
 *
 *   the evaluation graph under the review bar (a click or drag on it
 *   goes to that ply), the evaluation bar beside the board, the best
 *   move's arrow over the board and the engine's line in words for the
 *   position shown, the marks of the moves in the move list, and each
 *   side's inaccuracies, mistakes and blunders.
 *
 * win.export-evals (boolean, "Export With Evaluations" in the Notation
 * menu) makes the game's export write the evaluations of its analysis
 * after the moves, {[%eval 0.35]}, as kazaki-cli export --evals does.
 *
 * The analysis is stored in the game's database when it ends (finished
 * or cancelled: the positions done are kept).  Leaving the review, or
 * reviewing another game, or closing the window, cancels it (storing
 * the positions done) and hides all of it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-board-geometry.h"
#include "kz-kgn.h"
#include "kz-move-marks.h"
#include "kz-window-private.h"

/* Stores the positions analysed so far (quietly: for a stop). */
static void
save_quietly (KzWindow *self)
{
  KzGame *game = self->analysis_game;
  KzStore *store = game ? kz_game_get_store (game) : NULL;
  g_autoptr (GError) error = NULL;

  if (self->analysis && store && kz_game_get_id (game) > 0
      && kz_game_analysis_get_n_searched (self->analysis) > 0
      && !kz_game_analysis_save (self->analysis, store, kz_game_get_id (game), &error))
    g_debug ("the analysis was not saved: %s", error->message);
}

static void
stop (KzWindow *self)
{
  save_quietly (self);
  if (self->analysis_cancellable)
    g_cancellable_cancel (self->analysis_cancellable);
  g_clear_object (&self->analysis_cancellable);
  if (self->analysis)
    g_signal_handlers_disconnect_by_data (self->analysis, self);
  g_clear_object (&self->analysis);
  g_clear_object (&self->analysis_game);
  kz_eval_graph_set_analysis (self->eval_graph, NULL);
  kz_moves_view_set_analysis (self->moves_view, NULL);
  kz_move_arrow_set_move (self->best_arrow, NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->eval_bar), FALSE);
  gtk_widget_set_visible (self->analysis_box, FALSE);
}

/* The position shown: graph, bar, arrow and the engine's line. */
static void
show_ply (KzWindow *self)
{
  if (self->analysis == NULL)
    return;
  guint n = kz_game_analysis_get_n_plies (self->analysis);
  guint ply = MIN (kz_window_review_shown_ply (self), n);
  const KzPositionEval *e = kz_game_analysis_get_eval (self->analysis, ply);
  KzMoveNode *node = self->replay ? kz_replay_get_node (self->replay) : NULL;

  if (node && !kz_move_node_is_main_line (node))
    {
      /* The analysis is of the moves played, not of a variation. */
      kz_eval_bar_set_evaluated (self->eval_bar, FALSE);
      kz_eval_bar_set_score (self->eval_bar, 0);
      kz_move_arrow_set_move (self->best_arrow, NULL);
      gtk_label_set_text (self->analysis_line,
                          _("This is a variation: the analysis covers the moves played."));
      return;
    }

  kz_eval_graph_set_ply (self->eval_graph, ply);
  kz_eval_bar_set_evaluated (self->eval_bar, e->done);
  kz_eval_bar_set_score (self->eval_bar, e->done ? e->score : 0);

  g_autofree char *line = kz_game_analysis_dup_line_text (self->analysis, ply);
  g_autofree char *text = NULL;
  KzMoveClass cls = ply > 0 ? kz_game_analysis_get_move_class (self->analysis, ply) : KZ_MOVE_CLASS_NONE;
  const KzPositionEval *before = ply > 0 ? kz_game_analysis_get_eval (self->analysis, ply - 1) : NULL;
  if (line == NULL)
    {
      text = g_strdup (_("This position is not analysed yet."));
      kz_move_arrow_set_move (self->best_arrow, NULL);
    }
  else if (kz_move_mark_css_class (cls) && before && before->done && before->has_best)
    {
      /* A move judged bad: what its player should have played instead,
       * in the position before it (as kazaki-cli analyse prints it), not
       * the other side's best reply now. */
      char better[KZ_MOVE_STR_MAX];
      g_autofree char *score = kz_score_describe (e->score);

      kz_move_format (&before->best, better, sizeof better);
      /* Translators: "d8-c8: Blunder. Cossacks win by force in 19 plies.
       * Better was d8-d7": the move, its class, the evaluation after it,
       * and the best move in the position before it */
      text = g_strdup_printf (_("%s: %s. %s. Better was %s"),
                              kz_game_analysis_get_move_text (self->analysis, ply - 1),
                              kz_move_class_describe (cls), score, better);
      kz_move_arrow_set_move (self->best_arrow, &before->best);
    }
  else
    {
      text = g_steal_pointer (&line);
      kz_move_arrow_set_move (self->best_arrow, e->done && e->has_best ? &e->best : NULL);
    }
  gtk_label_set_text (self->analysis_line, text);
}

static void
show_summary (KzWindow *self)
{
  if (self->analysis == NULL)
    return;
  g_autofree char *cossacks = kz_game_analysis_dup_summary (self->analysis, KZ_COSSACKS);
  g_autofree char *turks = kz_game_analysis_dup_summary (self->analysis, KZ_TURKS);
  g_autofree char *text = g_strdup_printf ("%s\n%s", cossacks, turks);
  gtk_label_set_text (self->analysis_summary, text);
}

static void
show_progress (KzWindow *self)
{
  if (self->analysis == NULL)
    return;
  guint all = kz_game_analysis_get_n_plies (self->analysis) + 1;
  double fraction = kz_game_analysis_get_progress (self->analysis);
  guint done = (guint) (fraction * all + 0.5);
  /* Translators: the analysis's progress, "Analysing: 12 of 61 positions" */
  g_autofree char *text = g_strdup_printf (_("Analysing: %u of %u positions"), done, all);
  gtk_progress_bar_set_fraction (self->analysis_progress, fraction);
  gtk_progress_bar_set_text (self->analysis_progress, text);
}

static void
position_analysed (KzWindow *self, guint ply)
{
  guint shown = kz_window_review_shown_ply (self);
  if (ply == shown || ply + 1 == shown)
    show_ply (self);
  show_summary (self);
}

static void
analysis_finished (KzWindow *self, gboolean cancelled)
{
  KzGame *game = self->analysis_game;
  KzStore *store = game ? kz_game_get_store (game) : NULL;
  g_autoptr (GError) error = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->analysis_progress), FALSE);
  g_clear_object (&self->analysis_cancellable);
  if (store && kz_game_get_id (game) > 0
      && !kz_game_analysis_save (self->analysis, store, kz_game_get_id (game), &error))
    {
      /* Translators: %s says why */
      g_autofree char *text = g_strdup_printf (_("The analysis could not be saved: %s"), error->message);
      kz_window_show_toast (self, text);
    }
  if (cancelled)
    kz_window_show_toast (self, _("Analysis stopped"));
  show_summary (self);
  show_ply (self);
}

static void
start (KzWindow *self)
{
  KzGame *game = kz_window_review_shown_game (self);
  g_autoptr (GError) error = NULL;

  if (game == NULL)
    return;
  if (self->analysis && self->analysis_game == game
      && kz_game_analysis_get_n_plies (self->analysis) == kz_game_get_ply (game)
      && kz_game_analysis_is_complete (self->analysis))
    return;     /* shown already */
  stop (self);
  self->analysis_game = g_object_ref (game);
  KzAnalysisSettings settings = { .time_ms = KZ_ANALYSIS_DEFAULT_TIME_MS, .background = TRUE };
  self->analysis = kz_game_analysis_new (game, &settings);
  KzStore *store = kz_game_get_store (game);
  if (store && kz_game_get_id (game) > 0
      && !kz_game_analysis_load (self->analysis, store, kz_game_get_id (game), &error))
    g_debug ("no stored analysis: %s", error->message);
  g_signal_connect_object (self->analysis, "position-analysed", G_CALLBACK (position_analysed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->analysis, "notify::progress", G_CALLBACK (show_progress),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->analysis, "finished", G_CALLBACK (analysis_finished),
                           self, G_CONNECT_SWAPPED);
  kz_eval_graph_set_analysis (self->eval_graph, self->analysis);
  kz_moves_view_set_analysis (self->moves_view, self->analysis);
  gtk_widget_set_visible (self->analysis_box, TRUE);
  gtk_widget_set_visible (GTK_WIDGET (self->eval_bar), TRUE);
  show_progress (self);
  show_summary (self);
  show_ply (self);
  if (kz_game_analysis_is_complete (self->analysis))
    return;     /* all from the database */
  gtk_widget_set_visible (GTK_WIDGET (self->analysis_progress), TRUE);
  self->analysis_cancellable = g_cancellable_new ();
  kz_game_analysis_start (self->analysis, self->analysis_cancellable);
}

static void
analyse_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;

  if (self->analysis && kz_game_analysis_get_running (self->analysis))
    {
      g_cancellable_cancel (self->analysis_cancellable);
      return;
    }
  if (self->replay == NULL)
    g_action_group_change_action_state (G_ACTION_GROUP (self), "review", g_variant_new_boolean (TRUE));
  if (self->replay == NULL)
    return;
  start (self);
}

/* The review moved to another ply, or ended, or shows another game. */
static void
review_changed (KzWindow *self)
{
  if (self->analysis == NULL)
    return;
  if (self->replay == NULL || kz_window_review_shown_game (self) != self->analysis_game)
    stop (self);
  else
    show_ply (self);
}

static void
graph_ply_changed (KzWindow *self)
{
  guint ply = kz_eval_graph_get_ply (self->eval_graph);
  if (self->replay && ply != kz_window_review_shown_ply (self))
    g_action_group_activate_action (G_ACTION_GROUP (self), "review-goto", g_variant_new_uint32 (ply));
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
  if (state == NULL || !g_variant_get_boolean (state) || self->analysis == NULL
      || game != self->analysis_game)
    return NULL;
  g_autoptr (GPtrArray) games = g_ptr_array_new ();
  g_ptr_array_add (games, game);
  return kz_kgn_export_games_with_comments (games, eval_comment, self->analysis);
}

static void
export_evals_change_state (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  g_simple_action_set_state (action, state);
}

/* The evaluation bar stands just left of the board's frame, as tall as
 * the frame (the board view centres the board in its allocation; the
 * geometry says where). */
static gboolean
place_eval_bar (GtkOverlay *overlay, GtkWidget *child, GdkRectangle *rect, KzWindow *self)
{
  if (child != GTK_WIDGET (self->eval_bar))
    return FALSE;
  int w = gtk_widget_get_width (GTK_WIDGET (self->review_board));
  int h = gtk_widget_get_height (GTK_WIDGET (self->review_board));
  KzBoardGeometry g;
  kz_board_geometry_init (&g, w, h, kz_board_view_get_flipped (self->review_board));
  int bar = MAX (8, (int) (g.unit * 0.3));
  int top = (int) (g.origin_y - KZ_BOARD_MARGIN_Y * g.unit);
  int left = (int) (g.origin_x - KZ_BOARD_MARGIN_X * g.unit) - bar - 6;
  rect->x = MAX (0, left);
  rect->y = MAX (0, top);
  rect->width = bar;
  rect->height = MAX (1, MIN (h - rect->y, (int) ((8 + 2 * KZ_BOARD_MARGIN_Y) * g.unit)));
  return TRUE;
}

static const GActionEntry analysis_actions[] = {
  { "analyse", analyse_activated, NULL, NULL, NULL, { 0 } },
  { "export-evals", NULL, NULL, "false", export_evals_change_state, { 0 } },
};

void
kz_window_analysis_dispose (KzWindow *self)
{
  save_quietly (self);
  if (self->analysis_cancellable)
    g_cancellable_cancel (self->analysis_cancellable);
  g_clear_object (&self->analysis_cancellable);
  if (self->analysis)
    g_signal_handlers_disconnect_by_data (self->analysis, self);
  g_clear_object (&self->analysis);
  g_clear_object (&self->analysis_game);
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

  /* The review area is shown with the review board; the bar and the
   * arrow turn with it. */
  g_object_bind_property (self->review_board, "visible", self->review_area, "visible",
                          G_BINDING_SYNC_CREATE);
  g_object_bind_property (self->review_board, "flipped", self->eval_bar, "flipped",
                          G_BINDING_SYNC_CREATE);
  g_signal_connect (self->review_area, "get-child-position", G_CALLBACK (place_eval_bar), self);
  g_object_bind_property (self->review_board, "flipped", self->best_arrow, "flipped",
                          G_BINDING_SYNC_CREATE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->analysis_progress),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Analysis progress"), -1);

  /* The review's ply and its end, as the review actions' states say. */
  GAction *goto_action = g_action_map_lookup_action (G_ACTION_MAP (self), "review-goto");
  GAction *review_action = g_action_map_lookup_action (G_ACTION_MAP (self), "review");
  g_signal_connect_object (goto_action, "notify::state", G_CALLBACK (review_changed), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (review_action, "notify::state", G_CALLBACK (review_changed), self,
                           G_CONNECT_SWAPPED);
  /* another node at the same ply: a sibling line */
  g_signal_connect_object (g_action_map_lookup_action (G_ACTION_MAP (self), "review-goto-move"),
                           "notify::state", G_CALLBACK (review_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_swapped (self->eval_graph, "notify::ply", G_CALLBACK (graph_ply_changed), self);
}
