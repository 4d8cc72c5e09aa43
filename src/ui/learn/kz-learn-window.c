/* kz-learn-window.c — Learn: the lesson list and a lesson on the board (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-board-view.h"
#include "kz-game.h"
#include "kz-learn-window.h"
#include "kz-lesson.h"

/* Below this width the verdicts go under the board instead of beside it. */
#define NARROW_WIDTH 720
/* The opponent answers after the learner's move has been seen. */
#define ANSWER_DELAY_MS 650

typedef enum { STATE_TASK, STATE_GOOD, STATE_WRONG, STATE_SOLVED } StepState;
static const char *const state_names[] = { "task", "good", "wrong", "solved" };

struct _KzLearnWindow {
  AdwApplicationWindow parent_instance;

  /* template children */
  GtkStack       *stack;
  GtkLabel       *progress_label;
  GtkListBox     *lesson_list;
  AdwWindowTitle *lesson_title;
  GtkBox         *lesson_box;
  GtkLabel       *task_label;
  KzBoardView    *board;
  GtkLabel       *intro_label;
  GtkFlowBox     *answer_box;
  GtkLabel       *feedback_label;
  GtkButton      *next_button;

  /* state */
  KzSession      *session;
  GPtrArray      *lessons;     /* KzLesson */
  GHashTable     *done;        /* lesson ids finished */
  GPtrArray      *check_icons; /* GtkImage per lesson row */
  guint           lesson;      /* index in lessons, while one is open */
  guint           step;
  KzLessonRun    *run;
  KzGame         *game;        /* the step's moves, for the board's pieces */
  StepState       state;
  guint           answer_id;
};

G_DEFINE_FINAL_TYPE (KzLearnWindow, kz_learn_window, ADW_TYPE_APPLICATION_WINDOW)

static void start_step (KzLearnWindow *self);

static KzLesson *
current_lesson (KzLearnWindow *self)
{
  if (self->lesson >= self->lessons->len)
    return NULL;
  return self->lessons->pdata[self->lesson];
}

static const KzLessonStep *
current_step (KzLearnWindow *self)
{
  KzLesson *lesson = current_lesson (self);
  if (lesson == NULL || self->step >= kz_lesson_get_n_steps (lesson))
    return NULL;
  return kz_lesson_get_step (lesson, self->step);
}

static void
set_state (KzLearnWindow *self, StepState state)
{
  self->state = state;
  KzLesson *lesson = current_lesson (self);
  g_autofree char *text = g_strdup_printf ("%s %u %s", lesson ? kz_lesson_get_id (lesson) : "-",
                                           self->step + 1, state_names[state]);
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "lesson-state");
  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (text));
}

/* Shows a sentence beside the board and says it to assistive technologies. */
static void
say (KzLearnWindow *self, const char *text, gboolean wrong)
{
  gtk_label_set_text (self->feedback_label, text ? text : "");
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "lesson-feedback");
  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (text ? text : ""));
  if (wrong)
    gtk_widget_add_css_class (GTK_WIDGET (self->feedback_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->feedback_label), "error");
  if (text && text[0])
    kz_board_view_announce (self->board, text);
}

/* ---- the lesson list ---- */

static void
load_progress (KzLearnWindow *self)
{
  g_clear_pointer (&self->done, g_hash_table_unref);
  KzStore *store = kz_session_get_store (self->session);
  if (store)
    {
      g_autoptr(GError) error = NULL;
      self->done = kz_store_get_lessons_done (store, &error);
      if (error)
        g_warning ("Cannot read the lessons done: %s", error->message);
    }
  if (self->done == NULL)
    self->done = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

static void
update_checks (KzLearnWindow *self)
{
  guint n_done = 0;
  for (guint i = 0; i < self->lessons->len; i++)
    {
      gboolean done = g_hash_table_contains (self->done, kz_lesson_get_id (self->lessons->pdata[i]));
      gtk_widget_set_visible (self->check_icons->pdata[i], done);
      n_done += done;
    }
  g_autofree char *text = NULL;
  if (n_done == 0)
    text = g_strdup (_("Each lesson is a few small positions with one task each. "
                       "Try moves on the board: every wrong move is explained."));
  else
    /* Translators: lessons finished out of all lessons */
    text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u lesson finished",
                                         "%u of %u lessons finished", self->lessons->len),
                            n_done, self->lessons->len);
  gtk_label_set_text (self->progress_label, text);
}

static void
fill_list (KzLearnWindow *self)
{
  for (guint i = 0; i < self->lessons->len; i++)
    {
      KzLesson *lesson = self->lessons->pdata[i];
      GtkWidget *row = adw_action_row_new ();
      g_autofree char *title = g_strdup_printf ("%u. %s", i + 1, kz_lesson_get_title (lesson));
      guint n = kz_lesson_get_n_steps (lesson);
      g_autofree char *steps = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u step",
                                                             "%u steps", n), n);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), steps);
      GtkWidget *check = gtk_image_new_from_icon_name ("object-select-symbolic");
      gtk_accessible_update_property (GTK_ACCESSIBLE (check), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      _("Finished"), -1);
      gtk_widget_add_css_class (check, "success");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), check);
      adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                                 gtk_image_new_from_icon_name ("go-next-symbolic"));
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.open-lesson");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", kz_lesson_get_id (lesson));
      g_ptr_array_add (self->check_icons, check);
      gtk_list_box_append (self->lesson_list, row);
    }
  {
    /* After the lessons, a first game with help (app.guided-game). */
    GtkWidget *row = adw_action_row_new ();
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Play a guided game"));
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                 _("Against the computer, with the moves, the dangers and its moves explained"));
    adw_action_row_add_prefix (ADW_ACTION_ROW (row),
                               gtk_image_new_from_icon_name ("help-about-symbolic"));
    adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                               gtk_image_new_from_icon_name ("go-next-symbolic"));
    gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
    gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "app.guided-game");
    gtk_list_box_append (self->lesson_list, row);
  }
  {
    /* After the lessons, a whole game to watch (app.demonstration). */
    GtkWidget *row = adw_action_row_new ();
    adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), _("Watch a battle"));
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row),
                                 _("A whole game with comments, played move by move"));
    adw_action_row_add_prefix (ADW_ACTION_ROW (row),
                               gtk_image_new_from_icon_name ("media-playback-start-symbolic"));
    adw_action_row_add_suffix (ADW_ACTION_ROW (row),
                               gtk_image_new_from_icon_name ("go-next-symbolic"));
    gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
    gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "app.demonstration");
    gtk_list_box_append (self->lesson_list, row);
  }
  update_checks (self);
}

/* ---- a step ---- */

static void
show_game (KzLearnWindow *self, gboolean animate_from_previous)
{
  KzBoardState state, before;
  guint ply = kz_game_get_ply (self->game);
  kz_board_state_from_game (&state, self->game, ply);
  if (animate_from_previous && ply > 0)
    {
      kz_board_state_from_game (&before, self->game, ply - 1);
      kz_board_view_set_state (self->board, &state, &before);
    }
  else
    kz_board_view_set_state (self->board, &state, NULL);
}

static void
on_answer_point (GtkButton *button, gpointer user_data);

static void
fill_answers (KzLearnWindow *self, const KzLessonStep *step)
{
  GtkWidget *child;
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->answer_box))))
    gtk_flow_box_remove (self->answer_box, child);
  gboolean question = step->goal.kind == KZ_GOAL_UNTAKEABLE;
  gtk_widget_set_visible (GTK_WIDGET (self->answer_box), question);
  if (!question)
    return;
  int learner = step->position.side;
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    if (kz_point_valid (sq) && kz_position_piece_at (&step->position, sq) == learner)
      {
        GtkWidget *b = gtk_button_new_with_label (kz_point_name (sq));
        gtk_widget_set_name (b, kz_point_name (sq));
        g_signal_connect (b, "clicked", G_CALLBACK (on_answer_point), self);
        gtk_flow_box_append (self->answer_box, b);
      }
}

static void
update_next (KzLearnWindow *self)
{
  KzLesson *lesson = current_lesson (self);
  gboolean last = lesson && self->step + 1 >= kz_lesson_get_n_steps (lesson);
  gboolean last_lesson = self->lesson + 1 >= self->lessons->len;
  gtk_button_set_label (self->next_button,
                        !last ? _("_Next Step") : last_lesson ? _("_All Lessons")
                                                              : _("_Next Lesson"));
  gtk_widget_set_sensitive (GTK_WIDGET (self->next_button), self->state == STATE_SOLVED);
}

static void
start_step (KzLearnWindow *self)
{
  KzLesson *lesson = current_lesson (self);
  const KzLessonStep *step = current_step (self);
  if (step == NULL)
    return;
  g_clear_handle_id (&self->answer_id, g_source_remove);
  g_clear_pointer (&self->run, kz_lesson_run_free);
  g_clear_object (&self->game);
  self->run = kz_lesson_run_new (step);
  self->game = kz_game_new_from_position (&step->position);

  gboolean question = step->goal.kind == KZ_GOAL_UNTAKEABLE;
  kz_board_view_finish_animation (self->board);
  kz_board_view_set_flipped (self->board, step->position.side == KZ_TURKS);
  show_game (self, FALSE);
  kz_board_view_set_interactive (self->board, !question);

  adw_window_title_set_title (self->lesson_title, kz_lesson_get_title (lesson));
  /* Translators: the step of a lesson, "Step 1 of 3" */
  g_autofree char *subtitle = g_strdup_printf (_("Step %u of %u"), self->step + 1,
                                               kz_lesson_get_n_steps (lesson));
  adw_window_title_set_subtitle (self->lesson_title, subtitle);
  gtk_label_set_text (self->task_label, step->task);
  const char *intro = kz_lesson_get_intro (lesson);
  gtk_label_set_text (self->intro_label, self->step == 0 && intro ? intro : "");
  gtk_widget_set_visible (GTK_WIDGET (self->intro_label), self->step == 0 && intro);
  fill_answers (self, step);
  set_state (self, STATE_TASK);
  update_next (self);
  /* The task is announced: the step's first sentence. */
  say (self, NULL, FALSE);
  g_autofree char *announce = g_strdup_printf ("%s. %s", subtitle, step->task);
  kz_board_view_announce (self->board, announce);
  if (!question)
    gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
finish_lesson (KzLearnWindow *self)
{
  KzLesson *lesson = current_lesson (self);
  KzStore *store = kz_session_get_store (self->session);
  g_hash_table_add (self->done, g_strdup (kz_lesson_get_id (lesson)));
  if (store && kz_session_get_can_save (self->session))
    {
      g_autoptr(GError) error = NULL;
      if (!kz_store_set_lesson_done (store, kz_lesson_get_id (lesson), &error))
        g_warning ("%s", error->message);
    }
  update_checks (self);
}

static void
solved (KzLearnWindow *self)
{
  const KzLessonStep *step = current_step (self);
  KzLesson *lesson = current_lesson (self);
  gboolean last = self->step + 1 >= kz_lesson_get_n_steps (lesson);
  g_autofree char *text = NULL;
  const char *praise = step->success ? step->success : _("Well done.");
  if (last)
    /* Translators: %s is the step's own words of praise */
    text = g_strdup_printf (_("%s Lesson finished."), praise);
  else
    text = g_strdup (praise);
  kz_board_view_set_interactive (self->board, FALSE);
  set_state (self, STATE_SOLVED);
  if (last)
    finish_lesson (self);
  say (self, text, FALSE);
  update_next (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->next_button));
}

static gboolean
answer_now (gpointer user_data)
{
  KzLearnWindow *self = user_data;
  KzMove move;
  char text[KZ_MOVE_STR_MAX];
  self->answer_id = 0;
  kz_board_view_finish_animation (self->board);
  if (kz_lesson_run_answer (self->run, &move, text))
    {
      kz_game_play (self->game, &move, NULL);
      show_game (self, TRUE);
    }
  kz_board_view_set_interactive (self->board, TRUE);
  set_state (self, STATE_TASK);
  return G_SOURCE_REMOVE;
}

static void
try_move (KzLearnWindow *self, const char *text)
{
  if (self->run == NULL || self->state == STATE_SOLVED || self->answer_id)
    return;
  g_autofree char *why = NULL;
  KzPosition before = *kz_lesson_run_get_position (self->run);
  KzVerdict verdict = kz_lesson_run_try_move (self->run, text, &why);
  if (verdict == KZ_VERDICT_WRONG)
    {
      kz_board_view_cancel_input (self->board);
      set_state (self, STATE_WRONG);
      say (self, why, TRUE);
      return;
    }
  KzMove move;
  kz_move_parse (&before, text, &move, NULL);
  kz_board_view_finish_animation (self->board);
  kz_game_play (self->game, &move, NULL);
  show_game (self, TRUE);
  if (verdict == KZ_VERDICT_SOLVED)
    {
      solved (self);
      return;
    }
  set_state (self, STATE_GOOD);
  say (self, _("Good. Now the opponent moves."), FALSE);
  kz_board_view_set_interactive (self->board, FALSE);
  self->answer_id = g_timeout_add (ANSWER_DELAY_MS, answer_now, self);
}

static void
try_point (KzLearnWindow *self, int sq)
{
  if (self->run == NULL || self->state == STATE_SOLVED)
    return;
  g_autofree char *why = NULL;
  KzVerdict verdict = kz_lesson_run_try_point (self->run, sq, &why);
  if (verdict == KZ_VERDICT_WRONG)
    {
      set_state (self, STATE_WRONG);
      say (self, why, TRUE);
      return;
    }
  /* the point found: its button shows it */
  for (GtkWidget *c = gtk_widget_get_first_child (GTK_WIDGET (self->answer_box)); c;
       c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *b = gtk_flow_box_child_get_child (GTK_FLOW_BOX_CHILD (c));
      if (g_str_equal (gtk_widget_get_name (b), kz_point_name (sq)))
        {
          gtk_widget_add_css_class (b, "success");
          gtk_widget_set_sensitive (b, FALSE);
        }
    }
  if (verdict == KZ_VERDICT_SOLVED)
    {
      solved (self);
      return;
    }
  set_state (self, STATE_GOOD);
  /* Translators: %s is a point such as a1 */
  g_autofree char *text = g_strdup_printf (_("Yes, %s. Are there more?"), kz_point_name (sq));
  say (self, text, FALSE);
}

static void
on_answer_point (GtkButton *button, gpointer user_data)
{
  try_point (KZ_LEARN_WINDOW (user_data), kz_point_parse (gtk_widget_get_name (GTK_WIDGET (button)),
                                                          NULL));
}

static void
on_move_chosen (KzBoardView *board, gpointer move_ptr, KzLearnWindow *self)
{
  const KzMove *move = move_ptr;
  char text[KZ_MOVE_STR_MAX];
  kz_move_format (move, text, sizeof text);
  try_move (self, text);
}

static void
on_board_message (KzBoardView *board, const char *message, gboolean refusal, KzLearnWindow *self)
{
  if (self->run == NULL || message == NULL)
    return;
  if (!refusal)
    {
      say (self, message, FALSE);
      return;
    }
  const KzError *refusal_error = kz_board_view_get_refusal (board);
  if (refusal_error->code == KZ_ERR_CAPTURE_COMPULSORY && kz_point_valid (refusal_error->point_a)
      && kz_point_valid (refusal_error->point_b))
    {
      /* A refused piece, then an empty point: the step tried between
       * them is judged as that move, with the lesson's explanation. */
      g_autofree char *text = g_strdup_printf ("%s-%s", kz_point_name (refusal_error->point_a),
                                               kz_point_name (refusal_error->point_b));
      try_move (self, text);
      return;
    }
  g_autofree char *why = kz_lesson_explain_error (kz_lesson_run_get_position (self->run),
                                                  refusal_error);
  set_state (self, STATE_WRONG);
  say (self, why, TRUE);
}

/* ---- layout ---- */

static void
kz_learn_window_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  KzLearnWindow *self = KZ_LEARN_WINDOW (widget);
  gboolean narrow = width < NARROW_WIDTH;
  GtkOrientation want = narrow ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL;
  if (gtk_orientable_get_orientation (GTK_ORIENTABLE (self->lesson_box)) != want)
    gtk_orientable_set_orientation (GTK_ORIENTABLE (self->lesson_box), want);
  GTK_WIDGET_CLASS (kz_learn_window_parent_class)->size_allocate (widget, width, height, baseline);
}

/* ---- actions ---- */

static void
open_lesson_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzLearnWindow *self = user_data;
  const char *id = g_variant_get_string (param, NULL);
  for (guint i = 0; i < self->lessons->len; i++)
    if (g_str_equal (kz_lesson_get_id (self->lessons->pdata[i]), id))
      {
        self->lesson = i;
        self->step = 0;
        gtk_stack_set_visible_child_name (self->stack, "lesson");
        start_step (self);
        return;
      }
  g_warning ("No lesson %s", id);
}

static void
show_lessons_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzLearnWindow *self = user_data;
  g_clear_handle_id (&self->answer_id, g_source_remove);
  g_clear_pointer (&self->run, kz_lesson_run_free);
  gtk_stack_set_visible_child_name (self->stack, "list");
  if (self->lesson < self->lessons->len)
    {
      GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->lesson_list, (int) self->lesson);
      if (row)
        gtk_widget_grab_focus (GTK_WIDGET (row));
    }
}

static void
lesson_move_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  try_move (KZ_LEARN_WINDOW (user_data), g_variant_get_string (param, NULL));
}

static void
lesson_point_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  int sq = kz_point_parse (g_variant_get_string (param, NULL), NULL);
  if (sq != KZ_NO_POINT)
    try_point (KZ_LEARN_WINDOW (user_data), sq);
}

/* A click on a board point, as the pointer or the keyboard makes it. */
static void
board_click_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzLearnWindow *self = user_data;
  int sq = kz_point_parse (g_variant_get_string (param, NULL), NULL);
  if (sq != KZ_NO_POINT)
    kz_board_view_click_point (self->board, sq);
}

static void
hint_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzLearnWindow *self = user_data;
  const KzLessonStep *step = current_step (self);
  if (self->run == NULL || step == NULL || self->state == STATE_SOLVED)
    return;
  const char *next = kz_lesson_run_get_hint_move (self->run);
  KzMove move;
  if (next && kz_move_parse (kz_lesson_run_get_position (self->run), next, &move, NULL)
      && kz_board_view_show_hint (self->board, &move))
    {
      /* Translators: %s is a move such as b3-c3 */
      g_autofree char *text = g_strdup_printf (_("Try %s."), next);
      say (self, step->hint ? step->hint : text, FALSE);
      if (step->hint)
        kz_board_view_announce (self->board, text);
    }
  else if (step->hint)
    say (self, step->hint, FALSE);
  else if (step->goal.kind == KZ_GOAL_UNTAKEABLE)
    say (self, _("Look for pieces with no point beyond them on any line."), FALSE);
  else
    say (self, _("Start the step again to see a hint."), FALSE);
}

static void
retry_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  start_step (KZ_LEARN_WINDOW (user_data));
}

static void
next_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzLearnWindow *self = user_data;
  KzLesson *lesson = current_lesson (self);
  if (lesson == NULL || self->state != STATE_SOLVED)
    return;
  if (self->step + 1 < kz_lesson_get_n_steps (lesson))
    self->step++;
  else if (self->lesson + 1 < self->lessons->len)
    {
      self->lesson++;
      self->step = 0;
    }
  else
    {
      g_action_group_activate_action (G_ACTION_GROUP (self), "show-lessons", NULL);
      return;
    }
  start_step (self);
}

static const GActionEntry win_actions[] = {
  { "open-lesson", open_lesson_activated, "s", NULL, NULL, { 0 } },
  { "show-lessons", show_lessons_activated, NULL, NULL, NULL, { 0 } },
  { "lesson-move", lesson_move_activated, "s", NULL, NULL, { 0 } },
  { "lesson-point", lesson_point_activated, "s", NULL, NULL, { 0 } },
  { "board-click", board_click_activated, "s", NULL, NULL, { 0 } },
  { "lesson-hint", hint_activated, NULL, NULL, NULL, { 0 } },
  { "retry-step", retry_activated, NULL, NULL, NULL, { 0 } },
  { "next-step", next_activated, NULL, NULL, NULL, { 0 } },
  { "lesson-state", NULL, NULL, "'- 0 task'", NULL, { 0 } },
  { "lesson-feedback", NULL, NULL, "''", NULL, { 0 } },
};

const char *
kz_learn_window_get_feedback (KzLearnWindow *self)
{
  g_return_val_if_fail (KZ_IS_LEARN_WINDOW (self), NULL);
  return gtk_label_get_text (self->feedback_label);
}

static void
kz_learn_window_dispose (GObject *object)
{
  KzLearnWindow *self = KZ_LEARN_WINDOW (object);
  g_clear_handle_id (&self->answer_id, g_source_remove);
  g_clear_pointer (&self->run, kz_lesson_run_free);
  g_clear_object (&self->game);
  g_clear_object (&self->session);
  g_clear_pointer (&self->lessons, g_ptr_array_unref);
  g_clear_pointer (&self->done, g_hash_table_unref);
  g_clear_pointer (&self->check_icons, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), KZ_TYPE_LEARN_WINDOW);
  G_OBJECT_CLASS (kz_learn_window_parent_class)->dispose (object);
}

static void
kz_learn_window_class_init (KzLearnWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kz_learn_window_dispose;
  widget_class->size_allocate = kz_learn_window_size_allocate;
  g_type_ensure (KZ_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/kz-learn-window.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, KzLearnWindow, name)
  BIND (stack);
  BIND (progress_label);
  BIND (lesson_list);
  BIND (lesson_title);
  BIND (lesson_box);
  BIND (task_label);
  BIND (board);
  BIND (intro_label);
  BIND (answer_box);
  BIND (feedback_label);
  BIND (next_button);
#undef BIND
}

static void
kz_learn_window_init (KzLearnWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions, G_N_ELEMENTS (win_actions),
                                   self);
  /* (states to read, for the tests over D-Bus; never activated) */
  static const char *const readable[] = { "lesson-state", "lesson-feedback" };
  for (guint i = 0; i < G_N_ELEMENTS (readable); i++)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self),
                                                                              readable[i])),
                                 FALSE);
  self->check_icons = g_ptr_array_new ();
  g_signal_connect (self->board, "move-chosen", G_CALLBACK (on_move_chosen), self);
  g_signal_connect (self->board, "message", G_CALLBACK (on_board_message), self);
}

KzLearnWindow *
kz_learn_window_new (GtkApplication *app, KzSession *session)
{
  KzLearnWindow *self = g_object_new (KZ_TYPE_LEARN_WINDOW, "application", app, NULL);
  self->session = g_object_ref (session);
  self->lessons = kz_lessons_load_builtin (NULL);
  load_progress (self);
  fill_list (self);
  return self;
}
