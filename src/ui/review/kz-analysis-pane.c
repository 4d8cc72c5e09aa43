/* kz-analysis-pane.c — the computer's analysis of the game reviewed
 * (see kz-analysis-pane.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-analysis-pane.h"
#include "kz-board-geometry.h"
#include "kz-board-view.h"
#include "kz-eval-bar.h"
#include "kz-eval-graph.h"
#include "kz-move-arrow.h"
#include "kz-move-marks.h"
#include "kz-window.h"

struct _KzAnalysisPane {
  GtkBox parent_instance;

  /* template children */
  GtkProgressBar *progress;
  KzEvalGraph    *graph;
  GtkLabel       *line;
  GtkLabel       *summary;

  /* beside the review board (set in kz-window.ui) */
  KzBoardView    *board;
  KzEvalBar      *eval_bar;
  KzMoveArrow    *arrow;
  GtkWidget      *overlay;       /* the eval bar's parent, which places it */

  KzReplay       *replay;        /* the review followed, or NULL */
  GSignalGroup   *replay_signals;
  KzGameAnalysis *analysis;      /* of the game reviewed, or NULL */
  KzGame         *game;          /* that game */
  GCancellable   *cancellable;
  KzGame         *looked_up;     /* the last game reviewed whose stored analysis was looked for */
};

G_DEFINE_FINAL_TYPE (KzAnalysisPane, kz_analysis_pane, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_REPLAY,
  PROP_ANALYSIS,
  PROP_BOARD,
  PROP_EVAL_BAR,
  PROP_ARROW,
  N_PROPS
};
static GParamSpec *props[N_PROPS];

static void
toast (KzAnalysisPane *self, const char *text)
{
  GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
  if (KZ_IS_WINDOW (root))
    kz_window_show_toast (KZ_WINDOW (root), text);
}

/* ---- stopping ---- */

/* Stores the positions analysed so far (quietly: for a stop). */
static void
save_quietly (KzAnalysisPane *self)
{
  KzGame *game = self->game;
  KzStore *store = game ? kz_game_get_store (game) : NULL;
  g_autoptr (GError) error = NULL;

  if (self->analysis && store && kz_game_get_id (game) > 0
      && kz_game_analysis_get_n_searched (self->analysis) > 0
      && !kz_game_analysis_save (self->analysis, store, kz_game_get_id (game), &error))
    g_debug ("the analysis was not saved: %s", error->message);
}

/* Stores what was done, cancels, lets go of the analysis. */
static void
drop (KzAnalysisPane *self)
{
  save_quietly (self);
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  if (self->analysis)
    g_signal_handlers_disconnect_by_data (self->analysis, self);
  gboolean had = self->analysis != NULL;
  g_clear_object (&self->analysis);
  g_clear_object (&self->game);
  if (had)
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ANALYSIS]);
}

static void
stop (KzAnalysisPane *self)
{
  drop (self);
  kz_eval_graph_set_analysis (self->graph, NULL);
  if (self->arrow)
    kz_move_arrow_set_move (self->arrow, NULL);
  if (self->eval_bar)
    gtk_widget_set_visible (GTK_WIDGET (self->eval_bar), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self), FALSE);
}

/* ---- what is shown ---- */

static guint
shown_ply (KzAnalysisPane *self)
{
  if (self->replay)
    return kz_replay_get_ply (self->replay);
  return self->game ? kz_game_get_ply (self->game) : 0;
}

static void
set_bar (KzAnalysisPane *self, gboolean evaluated, int score)
{
  if (self->eval_bar == NULL)
    return;
  kz_eval_bar_set_evaluated (self->eval_bar, evaluated);
  kz_eval_bar_set_score (self->eval_bar, score);
}

/* The position shown: graph, bar, arrow and the engine's line. */
static void
show_ply (KzAnalysisPane *self)
{
  if (self->analysis == NULL)
    return;
  guint n = kz_game_analysis_get_n_plies (self->analysis);
  guint ply = MIN (shown_ply (self), n);
  const KzPositionEval *e = kz_game_analysis_get_eval (self->analysis, ply);
  KzMoveNode *node = self->replay ? kz_replay_get_node (self->replay) : NULL;

  if (node && !kz_move_node_is_main_line (node))
    {
      /* The analysis is of the moves played, not of a variation. */
      set_bar (self, FALSE, 0);
      if (self->arrow)
        kz_move_arrow_set_move (self->arrow, NULL);
      gtk_label_set_text (self->line,
                          _("This is a variation: the analysis covers the moves played."));
      return;
    }

  kz_eval_graph_set_ply (self->graph, ply);
  set_bar (self, e->done, e->done ? e->score : 0);

  g_autofree char *line = kz_game_analysis_dup_line_text (self->analysis, ply);
  g_autofree char *text = NULL;
  KzMoveClass cls = ply > 0 ? kz_game_analysis_get_move_class (self->analysis, ply) : KZ_MOVE_CLASS_NONE;
  const KzPositionEval *before = ply > 0 ? kz_game_analysis_get_eval (self->analysis, ply - 1) : NULL;
  const KzMove *arrow = NULL;
  if (line == NULL)
    text = g_strdup (_("This position is not analysed yet."));
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
      arrow = &before->best;
    }
  else
    {
      text = g_steal_pointer (&line);
      arrow = e->done && e->has_best ? &e->best : NULL;
    }
  if (self->arrow)
    kz_move_arrow_set_move (self->arrow, arrow);
  gtk_label_set_text (self->line, text);
}

static void
show_summary (KzAnalysisPane *self)
{
  if (self->analysis == NULL)
    return;
  g_autofree char *cossacks = kz_game_analysis_dup_summary (self->analysis, KZ_COSSACKS);
  g_autofree char *turks = kz_game_analysis_dup_summary (self->analysis, KZ_TURKS);
  g_autofree char *text = g_strdup_printf ("%s\n%s", cossacks, turks);
  gtk_label_set_text (self->summary, text);
}

static void
show_progress (KzAnalysisPane *self)
{
  if (self->analysis == NULL)
    return;
  guint all = kz_game_analysis_get_n_plies (self->analysis) + 1;
  double fraction = kz_game_analysis_get_progress (self->analysis);
  guint done = (guint) (fraction * all + 0.5);
  /* Translators: the analysis's progress, "Analysing: 12 of 61 positions" */
  g_autofree char *text = g_strdup_printf (_("Analysing: %u of %u positions"), done, all);
  gtk_progress_bar_set_fraction (self->progress, fraction);
  gtk_progress_bar_set_text (self->progress, text);
}

/* ---- the analysis running ---- */

static void
position_analysed (KzAnalysisPane *self, guint ply)
{
  guint shown = shown_ply (self);
  if (ply == shown || ply + 1 == shown)
    show_ply (self);
  show_summary (self);
}

static void
analysis_finished (KzAnalysisPane *self, gboolean cancelled)
{
  KzGame *game = self->game;
  KzStore *store = game ? kz_game_get_store (game) : NULL;
  g_autoptr (GError) error = NULL;

  gtk_widget_set_visible (GTK_WIDGET (self->progress), FALSE);
  g_clear_object (&self->cancellable);
  if (store && kz_game_get_id (game) > 0
      && !kz_game_analysis_save (self->analysis, store, kz_game_get_id (game), &error))
    {
      /* Translators: %s says why */
      g_autofree char *text = g_strdup_printf (_("The analysis could not be saved: %s"), error->message);
      toast (self, text);
    }
  if (cancelled)
    toast (self, _("Analysis stopped"));
  show_summary (self);
  show_ply (self);
}

/* Makes `analysis` (of `game`, what the database holds read already) the
 * one shown, without running it. */
static void
show_analysis (KzAnalysisPane *self, KzGame *game, KzGameAnalysis *analysis)
{
  KzStore *store = kz_game_get_store (game);

  stop (self);
  self->game = g_object_ref (game);
  self->analysis = g_object_ref (analysis);
  /* Stored as it goes: an analysis interrupted (the app closed or
   * killed) continues from there the next time. */
  if (store && kz_game_get_id (game) > 0 && !kz_store_is_read_only (store))
    kz_game_analysis_set_store (self->analysis, store, kz_game_get_id (game));
  g_signal_connect_object (self->analysis, "position-analysed", G_CALLBACK (position_analysed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->analysis, "notify::progress", G_CALLBACK (show_progress),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->analysis, "finished", G_CALLBACK (analysis_finished),
                           self, G_CONNECT_SWAPPED);
  kz_eval_graph_set_analysis (self->graph, self->analysis);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_ANALYSIS]);
  gtk_widget_set_visible (GTK_WIDGET (self->progress), FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self), TRUE);
  if (self->eval_bar)
    gtk_widget_set_visible (GTK_WIDGET (self->eval_bar), TRUE);
  show_progress (self);
  show_summary (self);
  show_ply (self);
}

/* A new analysis of `game` with what the database holds for it. */
static KzGameAnalysis *
load_analysis (KzGame *game)
{
  KzAnalysisSettings settings = { .time_ms = KZ_ANALYSIS_DEFAULT_TIME_MS, .background = TRUE };
  KzGameAnalysis *analysis = kz_game_analysis_new (game, &settings);
  KzStore *store = kz_game_get_store (game);
  g_autoptr (GError) error = NULL;

  if (store && kz_game_get_id (game) > 0
      && !kz_game_analysis_load (analysis, store, kz_game_get_id (game), &error))
    g_debug ("no stored analysis: %s", error->message);
  return analysis;
}

/* A game reviewed that was analysed before shows its analysis at once
 * (graph, marks, arrow), without Analyse; win.analyse completes it. */
static void
show_stored (KzAnalysisPane *self)
{
  KzGame *game = self->replay ? kz_replay_get_game (self->replay) : NULL;
  g_autoptr (KzGameAnalysis) analysis = NULL;
  gboolean stored = FALSE;

  if (game == NULL || game == self->looked_up)
    return;
  g_set_object (&self->looked_up, game);
  if (kz_game_get_store (game) == NULL || kz_game_get_id (game) <= 0)
    return;
  analysis = load_analysis (game);
  for (guint i = 0; i <= kz_game_analysis_get_n_plies (analysis) && !stored; i++)
    stored = kz_game_analysis_get_eval (analysis, i)->from_store;
  if (stored)
    show_analysis (self, game, analysis);
}

void
kz_analysis_pane_start (KzAnalysisPane *self)
{
  g_return_if_fail (KZ_IS_ANALYSIS_PANE (self));
  KzGame *game = self->replay ? kz_replay_get_game (self->replay) : NULL;
  g_autoptr (KzGameAnalysis) analysis = NULL;

  if (game == NULL)
    return;
  if (self->analysis && self->game == game
      && kz_game_analysis_get_n_plies (self->analysis) == kz_game_get_ply (game)
      && kz_game_analysis_is_complete (self->analysis))
    return;     /* shown already */
  analysis = load_analysis (game);
  show_analysis (self, game, analysis);
  if (kz_game_analysis_is_complete (self->analysis))
    return;     /* all from the database */
  gtk_widget_set_visible (GTK_WIDGET (self->progress), TRUE);
  self->cancellable = g_cancellable_new ();
  kz_game_analysis_start (self->analysis, self->cancellable);
}

gboolean
kz_analysis_pane_get_running (KzAnalysisPane *self)
{
  g_return_val_if_fail (KZ_IS_ANALYSIS_PANE (self), FALSE);
  return self->analysis && kz_game_analysis_get_running (self->analysis);
}

void
kz_analysis_pane_cancel (KzAnalysisPane *self)
{
  g_return_if_fail (KZ_IS_ANALYSIS_PANE (self));
  if (self->cancellable)
    g_cancellable_cancel (self->cancellable);
}

KzGameAnalysis *
kz_analysis_pane_get_analysis (KzAnalysisPane *self)
{
  g_return_val_if_fail (KZ_IS_ANALYSIS_PANE (self), NULL);
  return self->analysis;
}

KzGame *
kz_analysis_pane_get_game (KzAnalysisPane *self)
{
  g_return_val_if_fail (KZ_IS_ANALYSIS_PANE (self), NULL);
  return self->game;
}

/* ---- following the review ---- */

/* The review moved to another node, or ended, or shows another game. */
static void
review_changed (KzAnalysisPane *self)
{
  if (self->replay == NULL)
    g_clear_object (&self->looked_up);
  if (self->analysis && (self->replay == NULL || kz_replay_get_game (self->replay) != self->game))
    stop (self);
  if (self->analysis == NULL)
    show_stored (self);
  else
    show_ply (self);
}

void
kz_analysis_pane_set_replay (KzAnalysisPane *self, KzReplay *replay)
{
  g_return_if_fail (KZ_IS_ANALYSIS_PANE (self));
  if (!g_set_object (&self->replay, replay))
    return;
  g_signal_group_set_target (self->replay_signals, replay);
  review_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_REPLAY]);
}

KzReplay *
kz_analysis_pane_get_replay (KzAnalysisPane *self)
{
  g_return_val_if_fail (KZ_IS_ANALYSIS_PANE (self), NULL);
  return self->replay;
}

static void
graph_ply_changed (KzAnalysisPane *self)
{
  guint ply = kz_eval_graph_get_ply (self->graph);
  if (self->replay && ply != kz_replay_get_ply (self->replay))
    gtk_widget_activate_action (GTK_WIDGET (self), "win.review-goto", "u", ply);
}

/* ---- beside the board ---- */

/* The evaluation bar stands just left of the board's frame, as tall as
 * the frame (the board view centres the board in its allocation; the
 * geometry says where). */
static gboolean
place_eval_bar (GtkOverlay *overlay, GtkWidget *child, GdkRectangle *rect, KzAnalysisPane *self)
{
  if (self->board == NULL || child != GTK_WIDGET (self->eval_bar))
    return FALSE;
  int w = gtk_widget_get_width (GTK_WIDGET (self->board));
  int h = gtk_widget_get_height (GTK_WIDGET (self->board));
  KzBoardGeometry g;
  kz_board_geometry_init (&g, w, h, kz_board_view_get_flipped (self->board));
  int bar = MAX (8, (int) (g.unit * 0.3));
  int top = (int) (g.origin_y - KZ_BOARD_MARGIN_Y * g.unit);
  int left = (int) (g.origin_x - KZ_BOARD_MARGIN_X * g.unit) - bar - 6;
  rect->x = MAX (0, left);
  rect->y = MAX (0, top);
  rect->width = bar;
  rect->height = MAX (1, MIN (h - rect->y, (int) ((8 + 2 * KZ_BOARD_MARGIN_Y) * g.unit)));
  return TRUE;
}

/* Places the eval bar once it is in its overlay. */
static void
attach_overlay (KzAnalysisPane *self)
{
  GtkWidget *parent = self->eval_bar ? gtk_widget_get_parent (GTK_WIDGET (self->eval_bar)) : NULL;
  if (parent == self->overlay)
    return;
  if (self->overlay)
    g_signal_handlers_disconnect_by_func (self->overlay, place_eval_bar, self);
  self->overlay = GTK_IS_OVERLAY (parent) ? parent : NULL;
  if (self->overlay)
    g_signal_connect (self->overlay, "get-child-position", G_CALLBACK (place_eval_bar), self);
}

static void
set_eval_bar (KzAnalysisPane *self, KzEvalBar *bar)
{
  if (self->eval_bar == bar)
    return;
  if (self->eval_bar)
    g_signal_handlers_disconnect_by_func (self->eval_bar, attach_overlay, self);
  g_set_object (&self->eval_bar, bar);
  if (bar)
    g_signal_connect_swapped (bar, "notify::parent", G_CALLBACK (attach_overlay), self);
  attach_overlay (self);
}

/* ---- the class ---- */

static void
kz_analysis_pane_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  KzAnalysisPane *self = KZ_ANALYSIS_PANE (object);

  switch (id)
    {
    case PROP_REPLAY:   g_value_set_object (value, self->replay); break;
    case PROP_ANALYSIS: g_value_set_object (value, self->analysis); break;
    case PROP_BOARD:    g_value_set_object (value, self->board); break;
    case PROP_EVAL_BAR: g_value_set_object (value, self->eval_bar); break;
    case PROP_ARROW:    g_value_set_object (value, self->arrow); break;
    default:            G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
kz_analysis_pane_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  KzAnalysisPane *self = KZ_ANALYSIS_PANE (object);

  switch (id)
    {
    case PROP_REPLAY:
      kz_analysis_pane_set_replay (self, g_value_get_object (value));
      break;
    case PROP_BOARD:
      if (g_set_object (&self->board, g_value_get_object (value)))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_EVAL_BAR:
      set_eval_bar (self, g_value_get_object (value));
      break;
    case PROP_ARROW:
      if (g_set_object (&self->arrow, g_value_get_object (value)))
        g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
kz_analysis_pane_dispose (GObject *object)
{
  KzAnalysisPane *self = KZ_ANALYSIS_PANE (object);

  drop (self);
  if (self->overlay)
    g_signal_handlers_disconnect_by_func (self->overlay, place_eval_bar, self);
  self->overlay = NULL;
  set_eval_bar (self, NULL);
  g_clear_object (&self->board);
  g_clear_object (&self->arrow);
  if (self->replay_signals)
    g_signal_group_set_target (self->replay_signals, NULL);
  g_clear_object (&self->replay_signals);
  g_clear_object (&self->replay);
  g_clear_object (&self->looked_up);
  gtk_widget_dispose_template (GTK_WIDGET (self), KZ_TYPE_ANALYSIS_PANE);
  G_OBJECT_CLASS (kz_analysis_pane_parent_class)->dispose (object);
}

static void
kz_analysis_pane_class_init (KzAnalysisPaneClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = kz_analysis_pane_get_property;
  object_class->set_property = kz_analysis_pane_set_property;
  object_class->dispose = kz_analysis_pane_dispose;

  props[PROP_REPLAY] = g_param_spec_object ("replay", NULL, NULL, KZ_TYPE_REPLAY,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_ANALYSIS] = g_param_spec_object ("analysis", NULL, NULL, KZ_TYPE_GAME_ANALYSIS,
    G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_BOARD] = g_param_spec_object ("board", NULL, NULL, KZ_TYPE_BOARD_VIEW,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_EVAL_BAR] = g_param_spec_object ("eval-bar", NULL, NULL, KZ_TYPE_EVAL_BAR,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  props[PROP_ARROW] = g_param_spec_object ("arrow", NULL, NULL, KZ_TYPE_MOVE_ARROW,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, props);

  g_type_ensure (KZ_TYPE_EVAL_GRAPH);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/kz-analysis-pane.ui");
  gtk_widget_class_bind_template_child (widget_class, KzAnalysisPane, progress);
  gtk_widget_class_bind_template_child (widget_class, KzAnalysisPane, graph);
  gtk_widget_class_bind_template_child (widget_class, KzAnalysisPane, line);
  gtk_widget_class_bind_template_child (widget_class, KzAnalysisPane, summary);
}

static void
kz_analysis_pane_init (KzAnalysisPane *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->progress),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Analysis progress"), -1);
  self->replay_signals = g_signal_group_new (KZ_TYPE_REPLAY);
  g_signal_group_connect_swapped (self->replay_signals, "notify::ply",
                                  G_CALLBACK (review_changed), self);
  g_signal_group_connect_swapped (self->replay_signals, "notify::node",
                                  G_CALLBACK (review_changed), self);
  g_signal_group_connect_swapped (self->replay_signals, "notify::game",
                                  G_CALLBACK (review_changed), self);
  g_signal_connect_swapped (self->graph, "notify::ply", G_CALLBACK (graph_ply_changed), self);
}
