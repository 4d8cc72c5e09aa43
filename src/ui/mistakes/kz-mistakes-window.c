/* kz-mistakes-window.c — "Learn from your mistakes" (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kz-board-view.h"
#include "kz-lesson.h"
#include "kz-mistakes.h"
#include "kz-mistakes-window.h"

/* Below this width the side panel goes under the board. */
#define NARROW_WIDTH 760

typedef enum { STATE_SOLVING, STATE_JUDGING, STATE_RIGHT, STATE_WRONG, STATE_SHOWN } ExerciseState;
static const char *const state_names[] = { "solving", "judging", "right", "wrong", "shown" };

struct _KzMistakesWindow {
  AdwApplicationWindow parent_instance;

  /* template children */
  AdwWindowTitle *window_title;
  GtkBox         *main_box;
  KzBoardView    *board;
  GtkLabel       *task_label;
  GtkLabel       *feedback_label;

  /* state */
  KzGame         *game;
  KzGameAnalysis *analysis;
  GArray         *mistakes;   /* KzMistake */
  guint           index;
  ExerciseState   state;
  GCancellable   *cancellable;   /* the try being judged */
};

G_DEFINE_FINAL_TYPE (KzMistakesWindow, kz_mistakes_window, ADW_TYPE_APPLICATION_WINDOW)

static const KzMistake *
current (KzMistakesWindow *self)
{
  return &g_array_index (self->mistakes, KzMistake, self->index);
}

static void
set_string_state (KzMistakesWindow *self, const char *name, const char *value)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);
  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (value));
}

static void
set_state (KzMistakesWindow *self, ExerciseState state)
{
  self->state = state;
  g_autofree char *text = g_strdup_printf ("%u/%u %u %s", self->index + 1, self->mistakes->len,
                                           current (self)->ply, state_names[state]);
  set_string_state (self, "mistake-state", text);
  kz_board_view_set_interactive (self->board, state == STATE_SOLVING || state == STATE_WRONG);
}

static void
say (KzMistakesWindow *self, const char *text)
{
  gtk_label_set_text (self->feedback_label, text);
  set_string_state (self, "mistake-feedback", text);
  if (text[0])
    kz_board_view_announce (self->board, text);
}

static char *
move_text (const KzMove *move)
{
  char buf[KZ_MOVE_STR_MAX];
  kz_move_format (move, buf, sizeof buf);
  return g_strdup (buf);
}

/* "The line: Cossacks +0.40. Best: c6-c5 c4xc6 d7xb7" */
static char *
best_line (KzMistakesWindow *self)
{
  g_autofree char *line = kz_game_analysis_dup_line_text (self->analysis, current (self)->ply - 1);
  /* Translators: %s is the computer's view, "Turks +0.40. Best: c6-c5 c4xc6" */
  return g_strdup_printf (_("The line: %s"), line ? line : "");
}

static void
show_position (KzMistakesWindow *self)
{
  KzBoardState state;
  kz_board_state_from_game (&state, self->game, current (self)->ply - 1);
  state.has_last_move = FALSE;
  kz_board_view_set_state (self->board, &state, NULL);
}

static void
open_exercise (KzMistakesWindow *self, guint index)
{
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  self->index = index;
  const KzMistake *m = current (self);
  show_position (self);
  kz_board_view_set_flipped (self->board, m->side == KZ_TURKS);
  g_autofree char *played = move_text (&m->played);
  guint number = (m->ply + 1) / 2;
  gboolean blunder = m->cls == KZ_MOVE_CLASS_BLUNDER;
  g_autofree char *task = NULL;
  if (m->side == KZ_COSSACKS)
    task = blunder
      ? g_strdup_printf (_("Move %u: %s was a blunder. Find a better move for the Cossacks."), number, played)
      : g_strdup_printf (_("Move %u: %s was a mistake. Find a better move for the Cossacks."), number, played);
  else
    task = blunder
      ? g_strdup_printf (_("Move %u: %s was a blunder. Find a better move for the Turks."), number, played)
      : g_strdup_printf (_("Move %u: %s was a mistake. Find a better move for the Turks."), number, played);
  gtk_label_set_text (self->task_label, task);
  g_autofree char *subtitle = g_strdup_printf (_("Exercise %u of %u"), index + 1, self->mistakes->len);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  say (self, "");
  set_state (self, STATE_SOLVING);
}

/* ---- judging a try (in a worker thread) ---- */

typedef struct {
  KzGameAnalysis *analysis;
  KzMistake       mistake;
  KzMove          move;
  KzMoveClass     cls;
  int             score;
} Judging;

static void
judging_free (Judging *j)
{
  g_object_unref (j->analysis);
  g_free (j);
}

static void
judge_thread (GTask *task, gpointer source, gpointer data, GCancellable *cancellable)
{
  Judging *j = data;
  j->cls = kz_mistake_judge (j->analysis, &j->mistake, &j->move, &j->score);
  g_task_return_boolean (task, TRUE);
}

static void
judged (GObject *source, GAsyncResult *result, gpointer user_data)
{
  KzMistakesWindow *self = KZ_MISTAKES_WINDOW (source);
  GTask *task = G_TASK (result);
  Judging *j = g_task_get_task_data (task);
  if (g_task_had_error (task) || g_cancellable_is_cancelled (g_task_get_cancellable (task)))
    return;
  g_autofree char *tried = move_text (&j->move);
  g_autofree char *line = best_line (self);
  g_autofree char *text = NULL;
  if (kz_mistake_class_accepted (j->cls))
    {
      /* Translators: "Right: d4-d5 is a good move. The line: …" */
      text = g_strdup_printf (_("Right: %s is %s. %s"), tried,
                              j->cls == KZ_MOVE_CLASS_GOOD ? _("a good move") : _("the best move"),
                              line);
      say (self, text);
      set_state (self, STATE_RIGHT);
      return;
    }
  if (kz_move_equal (&j->move, &j->mistake.played))
    text = g_strdup_printf (_("%s is the move played in the game. Try another one."), tried);
  else
    /* Translators: "c4-c5 is not better (Mistake). Try again." */
    text = g_strdup_printf (_("%s is not better (%s). Try again."), tried,
                            kz_move_class_describe (j->cls));
  say (self, text);
  show_position (self);
  set_state (self, STATE_WRONG);
}

static void
try_move (KzMistakesWindow *self, const KzMove *move)
{
  if (self->state != STATE_SOLVING && self->state != STATE_WRONG)
    return;
  Judging *j = g_new0 (Judging, 1);
  j->analysis = g_object_ref (self->analysis);
  j->mistake = *current (self);
  j->move = *move;
  g_clear_object (&self->cancellable);
  self->cancellable = g_cancellable_new ();
  g_autoptr (GTask) task = g_task_new (self, self->cancellable, judged, NULL);
  g_task_set_task_data (task, j, (GDestroyNotify) judging_free);
  say (self, _("Thinking about your move…"));
  set_state (self, STATE_JUDGING);
  g_task_run_in_thread (task, judge_thread);
}

static void
on_move_chosen (KzBoardView *board, gpointer move_ptr, KzMistakesWindow *self)
{
  const KzMove *move = move_ptr;
  /* Show the try on the board while it is judged. */
  const KzPosition *pos = kz_game_analysis_get_position (self->analysis, current (self)->ply - 1);
  g_autoptr (KzGame) tried = kz_game_new_from_position (pos);
  if (kz_game_play (tried, move, NULL))
    {
      KzBoardState before, after;
      kz_board_state_from_game (&before, tried, 0);
      kz_board_state_from_game (&after, tried, 1);
      kz_board_view_set_state (board, &after, &before);
    }
  try_move (self, move);
}

static void
on_board_message (KzBoardView *board, const char *message, gboolean refusal,
                  KzMistakesWindow *self)
{
  if (message)
    say (self, message);
}

/* ---- actions ---- */

static void
move_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzMistakesWindow *self = user_data;
  const KzPosition *pos = kz_game_analysis_get_position (self->analysis, current (self)->ply - 1);
  KzMove move;
  KzError err;
  if (!kz_move_parse (pos, g_variant_get_string (param, NULL), &move, &err))
    {
      /* refused as the board refuses it: explained, not judged */
      g_autofree char *why = kz_lesson_explain_error (pos, &err);
      say (self, why);
      return;
    }
  on_move_chosen (self->board, &move, self);
}

static void
next_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzMistakesWindow *self = user_data;
  open_exercise (self, (self->index + 1) % self->mistakes->len);
}

static void
previous_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzMistakesWindow *self = user_data;
  open_exercise (self, (self->index + self->mistakes->len - 1) % self->mistakes->len);
}

static void
solution_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzMistakesWindow *self = user_data;
  g_cancellable_cancel (self->cancellable);
  const KzMistake *m = current (self);
  show_position (self);
  kz_board_view_show_hint (self->board, &m->best);
  g_autofree char *best = move_text (&m->best);
  g_autofree char *line = best_line (self);
  /* Translators: "The best move was d4-d5. The line: …" */
  g_autofree char *text = g_strdup_printf (_("The best move was %s. %s"), best, line);
  say (self, text);
  set_state (self, STATE_SHOWN);
}

static const GActionEntry win_actions[] = {
  { "mistake-move", move_activated, "s", NULL, NULL, { 0 } },
  { "mistake-next", next_activated, NULL, NULL, NULL, { 0 } },
  { "mistake-previous", previous_activated, NULL, NULL, NULL, { 0 } },
  { "mistake-solution", solution_activated, NULL, NULL, NULL, { 0 } },
  { "mistake-state", NULL, NULL, "''", NULL, { 0 } },
  { "mistake-feedback", NULL, NULL, "''", NULL, { 0 } },
};

/* ---- the class ---- */

static void
kz_mistakes_window_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  KzMistakesWindow *self = KZ_MISTAKES_WINDOW (widget);
  GtkOrientation want = width < NARROW_WIDTH ? GTK_ORIENTATION_VERTICAL
                                             : GTK_ORIENTATION_HORIZONTAL;
  if (gtk_orientable_get_orientation (GTK_ORIENTABLE (self->main_box)) != want)
    gtk_orientable_set_orientation (GTK_ORIENTABLE (self->main_box), want);
  GTK_WIDGET_CLASS (kz_mistakes_window_parent_class)->size_allocate (widget, width, height,
                                                                      baseline);
}

static void
kz_mistakes_window_dispose (GObject *object)
{
  KzMistakesWindow *self = KZ_MISTAKES_WINDOW (object);
  g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->game);
  g_clear_object (&self->analysis);
  g_clear_pointer (&self->mistakes, g_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), KZ_TYPE_MISTAKES_WINDOW);
  G_OBJECT_CLASS (kz_mistakes_window_parent_class)->dispose (object);
}

static void
kz_mistakes_window_class_init (KzMistakesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kz_mistakes_window_dispose;
  widget_class->size_allocate = kz_mistakes_window_size_allocate;
  g_type_ensure (KZ_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/kz-mistakes-window.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, KzMistakesWindow, name)
  BIND (window_title);
  BIND (main_box);
  BIND (board);
  BIND (task_label);
  BIND (feedback_label);
#undef BIND
}

static void
kz_mistakes_window_init (KzMistakesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions, G_N_ELEMENTS (win_actions),
                                   self);
  static const char *const readable[] = { "mistake-state", "mistake-feedback" };
  for (guint i = 0; i < G_N_ELEMENTS (readable); i++)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self),
                                                                              readable[i])),
                                 FALSE);
  kz_board_view_set_animation_duration (self->board, 0);
  g_signal_connect (self->board, "move-chosen", G_CALLBACK (on_move_chosen), self);
  g_signal_connect (self->board, "message", G_CALLBACK (on_board_message), self);
}

KzMistakesWindow *
kz_mistakes_window_new (GtkApplication *app, KzGame *game, KzGameAnalysis *analysis)
{
  g_autoptr (GArray) mistakes = kz_mistakes_collect (analysis, kz_mistakes_sides (game));
  if (mistakes->len == 0)
    return NULL;
  KzMistakesWindow *self = g_object_new (KZ_TYPE_MISTAKES_WINDOW, "application", app, NULL);
  self->game = g_object_ref (game);
  self->analysis = g_object_ref (analysis);
  self->mistakes = g_steal_pointer (&mistakes);
  open_exercise (self, 0);
  return self;
}
