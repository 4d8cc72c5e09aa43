/* kz-puzzles-window.c — the puzzle trainer (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <stdlib.h>

#include "kz-board-view.h"
#include "kz-game.h"
#include "kz-lesson.h"
#include "kz-puzzle.h"
#include "kz-puzzles-window.h"
#include "kz-board-geometry.h"
#include "kz-rating-graph.h"

/* Below this width the side panel goes under the board. */
#define NARROW_WIDTH 760
/* The board's height-request in the .ui file, the least it is given. */
#define BOARD_MIN_HEIGHT 300
/* The reply comes after the solver's move has been seen. */
#define REPLY_DELAY_MS 500
/* The solution is played at this pace. */
#define SOLUTION_STEP_MS 700
/* A new puzzle is drawn among this many of the closest in rating. */
#define CLOSEST 8
/* Attempts listed in the history. */
#define HISTORY_ROWS 12

typedef enum { STATE_SOLVING, STATE_REPLY, STATE_SOLVED, STATE_FAILED, STATE_SHOWN } PuzzleState;
static const char *const state_names[] = { "solving", "reply", "solved", "failed", "shown" };

struct _KzPuzzlesWindow {
  AdwApplicationWindow parent_instance;

  /* template children */
  AdwWindowTitle *window_title;
  GtkDropDown    *theme_dropdown;
  GtkBox         *puzzle_box;
  GtkLabel       *task_label;
  KzBoardView    *board;
  GtkLabel       *feedback_label;
  GtkButton      *solution_button;
  GtkButton      *next_button;
  GtkLabel       *rating_label;
  GtkLabel       *streak_label;
  KzRatingGraph  *rating_graph;
  GtkListBox     *history_list;

  /* state */
  KzSession      *session;
  GPtrArray      *puzzles;     /* KzPuzzle */
  KzPuzzle       *puzzle;      /* the one shown */
  KzGame         *game;        /* the line played so far, for the board */
  guint           ply;         /* plies of the line played */
  PuzzleState     state;
  gboolean        recorded;    /* this puzzle's attempt is stored */
  gint64          started_us;
  guint           timer_id;
  KzGlicko        rating;
  guint           streak;
  GHashTable     *tried;       /* ids of puzzles attempted */
  GArray         *ratings;     /* double: the rating after each attempt, oldest first */
  char           *theme;       /* NULL: every theme */
  GPtrArray      *theme_ids;   /* the dropdown's themes after "All Themes": those with puzzles */
};

G_DEFINE_FINAL_TYPE (KzPuzzlesWindow, kz_puzzles_window, ADW_TYPE_APPLICATION_WINDOW)

static void
set_state (KzPuzzlesWindow *self, PuzzleState state)
{
  self->state = state;
  g_autofree char *text = g_strdup_printf ("%s %u %s",
                                           self->puzzle ? kz_puzzle_get_id (self->puzzle) : "-",
                                           self->ply, state_names[state]);
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "puzzle-state");
  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (text));
  gboolean over = state == STATE_SOLVED || state == STATE_SHOWN;
  gtk_widget_set_sensitive (GTK_WIDGET (self->solution_button), self->puzzle && !over);
  kz_board_view_set_interactive (self->board, self->puzzle && (state == STATE_SOLVING
                                                               || state == STATE_FAILED));
}

/* Shows a sentence beside the board and says it to assistive technologies. */
static void
say (KzPuzzlesWindow *self, const char *text, gboolean wrong)
{
  gtk_label_set_text (self->feedback_label, text ? text : "");
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "puzzle-feedback");
  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (text ? text : ""));
  if (wrong)
    {
      gtk_widget_add_css_class (GTK_WIDGET (self->feedback_label), "error");
      gtk_widget_remove_css_class (GTK_WIDGET (self->feedback_label), "success");
    }
  else
    {
      gtk_widget_remove_css_class (GTK_WIDGET (self->feedback_label), "error");
      if (self->state == STATE_SOLVED)
        gtk_widget_add_css_class (GTK_WIDGET (self->feedback_label), "success");
      else
        gtk_widget_remove_css_class (GTK_WIDGET (self->feedback_label), "success");
    }
  if (text && text[0])
    kz_board_view_announce (self->board, text);
}

/* ---- rating, streak and history ---- */

static void
show_rating (KzPuzzlesWindow *self, double delta)
{
  g_autofree char *text = NULL;
  if (delta != 0)
    /* Translators: the player's puzzle rating, its deviation and the change */
    text = g_strdup_printf (_("Rating %.0f ±%.0f (%+.0f)"), self->rating.rating,
                            self->rating.deviation, delta);
  else
    /* Translators: the player's puzzle rating and its deviation */
    text = g_strdup_printf (_("Rating %.0f ±%.0f"), self->rating.rating, self->rating.deviation);
  gtk_label_set_text (self->rating_label, text);
  g_autofree char *subtitle = g_strdup_printf (_("Rating %.0f"), self->rating.rating);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  g_autofree char *streak = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                                          "Streak: %u puzzle solved in a row",
                                                          "Streak: %u puzzles solved in a row",
                                                          self->streak), self->streak);
  gtk_label_set_text (self->streak_label, streak);
  kz_rating_graph_set_ratings (self->rating_graph, (const double *) self->ratings->data,
                               self->ratings->len);
}

/* A row of the history: light (labels in a box), so that
 * a dozen of them cost little when the trainer opens. */
static GtkWidget *
history_row (const char *puzzle, gboolean solved, int puzzle_rating, double after)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  gtk_widget_set_margin_top (box, 6);
  gtk_widget_set_margin_bottom (box, 6);
  gtk_widget_set_margin_start (box, 10);
  gtk_widget_set_margin_end (box, 10);
  GtkWidget *mark = gtk_label_new (solved ? "✓" : "✗");
  gtk_widget_add_css_class (mark, solved ? "success" : "error");
  gtk_box_append (GTK_BOX (box), mark);
  /* Translators: a puzzle's id and its difficulty rating */
  g_autofree char *sub = g_strdup_printf (_("Puzzle %s, rated %d"), puzzle, puzzle_rating);
  g_autofree char *text = g_strdup_printf ("%s · %s", solved ? _("Solved") : _("Failed"), sub);
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  /* wrapped, not cut, in a narrow window */
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_hexpand (label, TRUE);
  gtk_box_append (GTK_BOX (box), label);
  g_autofree char *r = g_strdup_printf ("%.0f", after);
  GtkWidget *rating = gtk_label_new (r);
  gtk_widget_add_css_class (rating, "numeric");
  gtk_box_append (GTK_BOX (box), rating);
  GtkWidget *row = gtk_list_box_row_new ();
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  /* Translators: a row of the history for screen readers: the result, the puzzle, the rating after */
  g_autofree char *name = g_strdup_printf (_("%s, rating %.0f"), text, after);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
  return row;
}

static void
trim_history (KzPuzzlesWindow *self)
{
  GtkListBoxRow *row;
  while ((row = gtk_list_box_get_row_at_index (self->history_list, HISTORY_ROWS)))
    gtk_list_box_remove (self->history_list, GTK_WIDGET (row));
}

/* The rating, the attempts tried and the history from the database. */
static void
load_history (KzPuzzlesWindow *self)
{
  kz_glicko_init (&self->rating);
  g_array_set_size (self->ratings, 0);
  double start = self->rating.rating;
  g_array_append_val (self->ratings, start);
  KzStore *store = kz_session_get_store (self->session);
  if (store == NULL)
    return;
  g_autoptr(GError) error = NULL;
  if (!kz_store_get_puzzle_rating (store, &self->rating, &error))
    {
      g_warning ("Cannot read the puzzle rating: %s", error->message);
      return;
    }
  g_autoptr(GPtrArray) attempts = kz_store_list_puzzle_attempts (store, 0, &error);
  if (attempts == NULL)
    {
      g_warning ("Cannot read the puzzle attempts: %s", error->message);
      return;
    }
  gboolean in_streak = TRUE;
  for (guint i = 0; i < attempts->len; i++)
    {
      KzPuzzleAttempt *a = attempts->pdata[i];   /* newest first */
      g_hash_table_add (self->tried, g_strdup (a->puzzle));
      if (in_streak && a->solved)
        self->streak++;
      else
        in_streak = FALSE;
      if (i < HISTORY_ROWS)
        gtk_list_box_append (self->history_list,
                             history_row (a->puzzle, a->solved, a->puzzle_rating,
                                          a->after.rating));
    }
  for (guint i = attempts->len; i-- > 0;)
    {
      KzPuzzleAttempt *a = attempts->pdata[i];
      g_array_append_val (self->ratings, a->after.rating);
    }
}

/* Rates and stores the attempt at the puzzle shown (once per puzzle). */
static void
record (KzPuzzlesWindow *self, gboolean solved)
{
  if (self->recorded || self->puzzle == NULL)
    return;
  self->recorded = TRUE;
  double before = self->rating.rating;
  gint64 time_ms = (g_get_monotonic_time () - self->started_us) / 1000;
  KzStore *store = kz_session_get_store (self->session);
  gboolean stored = FALSE;
  if (store && kz_session_get_can_save (self->session))
    {
      g_autoptr(GError) error = NULL;
      stored = kz_store_add_puzzle_attempt (store, self->puzzle, time_ms, solved, &self->rating,
                                            &error);
      if (!stored)
        g_warning ("%s", error->message);
    }
  if (!stored)
    {
      /* rated in memory only */
      KzGlickoGame game = { kz_puzzle_get_rating (self->puzzle), KZ_PUZZLE_DEVIATION,
                            solved ? 1.0 : 0.0 };
      kz_glicko_update (&self->rating, &game, 1);
    }
  g_hash_table_add (self->tried, g_strdup (kz_puzzle_get_id (self->puzzle)));
  self->streak = solved ? self->streak + 1 : 0;
  g_array_append_val (self->ratings, self->rating.rating);
  gtk_list_box_prepend (self->history_list,
                        history_row (kz_puzzle_get_id (self->puzzle), solved,
                                     kz_puzzle_get_rating (self->puzzle), self->rating.rating));
  trim_history (self);
  show_rating (self, self->rating.rating - before);
}

/* ---- the puzzle on the board ---- */

static void
show_game (KzPuzzlesWindow *self, gboolean animate)
{
  KzBoardState state, before;
  guint ply = kz_game_get_ply (self->game);
  kz_board_view_finish_animation (self->board);
  kz_board_state_from_game (&state, self->game, ply);
  if (animate && ply > 0)
    {
      kz_board_state_from_game (&before, self->game, ply - 1);
      kz_board_view_set_state (self->board, &state, &before);
    }
  else
    kz_board_view_set_state (self->board, &state, NULL);
}

static void
play_line_move (KzPuzzlesWindow *self)
{
  kz_game_play (self->game, &kz_puzzle_get_moves (self->puzzle)[self->ply], NULL);
  self->ply++;
  show_game (self, TRUE);
}

static void
open_puzzle (KzPuzzlesWindow *self, KzPuzzle *puzzle)
{
  g_clear_handle_id (&self->timer_id, g_source_remove);
  g_clear_object (&self->game);
  self->puzzle = puzzle;
  self->ply = 0;
  self->recorded = FALSE;
  self->started_us = g_get_monotonic_time ();
  if (puzzle == NULL)
    {
      gtk_label_set_text (self->task_label, _("No puzzle left with this theme."));
      set_state (self, STATE_SHOWN);
      say (self, NULL, FALSE);
      return;
    }
  KzPosition pos;
  kz_puzzle_get_position (puzzle, &pos);
  self->game = kz_game_new_from_position (&pos);
  kz_board_view_set_flipped (self->board, pos.side == KZ_TURKS);
  show_game (self, FALSE);
  guint moves = (kz_puzzle_get_n_plies (puzzle) + 1) / 2;
  g_autofree char *task = NULL;
  if (pos.side == KZ_COSSACKS)
    /* Translators: the task of a puzzle */
    task = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Cossacks to move: win in %u move.",
                                         "Cossacks to move: win in %u moves.", moves), moves);
  else
    task = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Turks to move: win in %u move.",
                                         "Turks to move: win in %u moves.", moves), moves);
  gtk_label_set_text (self->task_label, task);
  set_state (self, STATE_SOLVING);
  say (self, NULL, FALSE);
  g_autofree char *announce = g_strdup_printf (_("Puzzle %s, rated %d. %s"),
                                               kz_puzzle_get_id (puzzle),
                                               kz_puzzle_get_rating (puzzle), task);
  kz_board_view_announce (self->board, announce);
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static int
compare_distance (gconstpointer a, gconstpointer b, gpointer user_data)
{
  double r = *(const double *) user_data;
  double da = fabs (kz_puzzle_get_rating (*(KzPuzzle *const *) a) - r);
  double db = fabs (kz_puzzle_get_rating (*(KzPuzzle *const *) b) - r);
  return (da > db) - (da < db);
}

/* A puzzle of the theme chosen, not tried yet (else any), among the
 * CLOSEST nearest kz_puzzle_target_rating (); NULL when the theme has none. */
static KzPuzzle *
choose_puzzle (KzPuzzlesWindow *self)
{
  g_autoptr(GPtrArray) fresh = g_ptr_array_new ();
  g_autoptr(GPtrArray) any = g_ptr_array_new ();
  for (guint i = 0; i < self->puzzles->len; i++)
    {
      KzPuzzle *p = self->puzzles->pdata[i];
      if (p == self->puzzle || (self->theme && !kz_puzzle_has_theme (p, self->theme)))
        continue;
      g_ptr_array_add (any, p);
      if (!g_hash_table_contains (self->tried, kz_puzzle_get_id (p)))
        g_ptr_array_add (fresh, p);
    }
  GPtrArray *from = fresh->len ? fresh : any;
  if (from->len == 0)
    return NULL;
  double r = kz_puzzle_target_rating (self->rating.rating, self->rating.deviation);
  g_ptr_array_sort_with_data (from, compare_distance, &r);
  guint n = MIN (from->len, CLOSEST);
  return from->pdata[g_random_int_range (0, (gint32) n)];
}

static gboolean
reply_now (gpointer user_data)
{
  KzPuzzlesWindow *self = user_data;
  self->timer_id = 0;
  play_line_move (self);
  set_state (self, self->recorded ? STATE_FAILED : STATE_SOLVING);
  say (self, _("Your move."), FALSE);
  return G_SOURCE_REMOVE;
}

static void
try_move (KzPuzzlesWindow *self, const char *text)
{
  if (self->puzzle == NULL || (self->state != STATE_SOLVING && self->state != STATE_FAILED))
    return;
  const KzPosition *pos = kz_game_get_position (self->game);
  KzMove move;
  KzError error;
  if (!kz_move_parse (pos, text, &move, &error))
    {
      /* refused as the board refuses it: explained, not an attempt */
      g_autofree char *explained = kz_lesson_explain_error (pos, &error);
      say (self, explained, TRUE);
      return;
    }
  g_autofree char *why = NULL;
  KzPuzzleVerdict verdict = kz_puzzle_judge_move (self->puzzle, self->ply, pos, text, &why);
  if (verdict == KZ_PUZZLE_WRONG)
    {
      kz_board_view_cancel_input (self->board);
      gboolean first = !self->recorded;
      record (self, FALSE);
      set_state (self, STATE_FAILED);
      g_autofree char *msg = first ? g_strdup_printf (_("Wrong: %s. Try again, or see the "
                                                        "solution."), why)
                                   : g_strdup_printf (_("Wrong: %s."), why);
      say (self, msg, TRUE);
      return;
    }
  kz_game_play (self->game, &move, NULL);
  self->ply++;
  show_game (self, TRUE);
  if (verdict == KZ_PUZZLE_SOLVED)
    {
      gboolean clean = !self->recorded;
      record (self, TRUE);
      set_state (self, STATE_SOLVED);
      say (self, clean ? _("Solved!") : _("Solved, but the attempt counts as failed."), FALSE);
      gtk_widget_grab_focus (GTK_WIDGET (self->next_button));
      return;
    }
  set_state (self, STATE_REPLY);
  say (self, _("Right. Now the opponent moves."), FALSE);
  self->timer_id = g_timeout_add (REPLY_DELAY_MS, reply_now, self);
}

static gboolean
solution_step (gpointer user_data)
{
  KzPuzzlesWindow *self = user_data;
  if (self->ply >= kz_puzzle_get_n_plies (self->puzzle))
    {
      self->timer_id = 0;
      return G_SOURCE_REMOVE;
    }
  play_line_move (self);
  set_state (self, STATE_SHOWN);
  return G_SOURCE_CONTINUE;
}

/* ---- input and layout ---- */

static void
on_move_chosen (KzBoardView *board, gpointer move_ptr, KzPuzzlesWindow *self)
{
  char text[KZ_MOVE_STR_MAX];
  kz_move_format (move_ptr, text, sizeof text);
  try_move (self, text);
}

static void
on_board_message (KzBoardView *board, const char *message, gboolean refusal,
                  KzPuzzlesWindow *self)
{
  if (message && self->puzzle)
    say (self, message, refusal);
}

static void
kz_puzzles_window_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  KzPuzzlesWindow *self = KZ_PUZZLES_WINDOW (widget);
  GtkOrientation want = width < NARROW_WIDTH ? GTK_ORIENTATION_VERTICAL
                                             : GTK_ORIENTATION_HORIZONTAL;
  if (gtk_orientable_get_orientation (GTK_ORIENTABLE (self->puzzle_box)) != want)
    gtk_orientable_set_orientation (GTK_ORIENTABLE (self->puzzle_box), want);
  /* Narrow, the page scrolls and gives the board only its minimum height:
   * ask for the height at which the board fills the width (less the
   * margins), not a small board in the middle of unused space. */
  int board_h = BOARD_MIN_HEIGHT;
  if (want == GTK_ORIENTATION_VERTICAL)
    board_h = MAX (BOARD_MIN_HEIGHT, (int) ((width - 24) * kz_board_geometry_aspect ()));
  int old_h;
  gtk_widget_get_size_request (GTK_WIDGET (self->board), NULL, &old_h);
  if (old_h != board_h)
    gtk_widget_set_size_request (GTK_WIDGET (self->board), -1, board_h);
  GTK_WIDGET_CLASS (kz_puzzles_window_parent_class)->size_allocate (widget, width, height,
                                                                     baseline);
}

/* ---- the theme filter ---- */

static const char *
theme_label (const char *theme)
{
  static const struct { const char *id; const char *label; } labels[] = {
    { "chain", N_("Chain") },
    { "flag-capture", N_("Flag capture") },
    { "flag-run", N_("Flag run home") },
    { "carrier-capture", N_("Carrier capture") },
    { "forced-capture", N_("Forcing a capture") },
    { "apex-jump", N_("Side jump across the apex") },
    { "annihilation", N_("Annihilation") },
    { "no-moves", N_("No moves left") },
    { "quiet-move", N_("Quiet move") },
    { "endgame", N_("Endgame") },
    { "one-move", N_("One move") },
    { "long", N_("Long") },
  };
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    if (g_str_equal (labels[i].id, theme))
      return _(labels[i].label);
  return theme;
}

static void
set_theme (KzPuzzlesWindow *self, const char *theme)
{
  if (theme && !theme[0])
    theme = NULL;
  if (g_strcmp0 (theme, self->theme) == 0)
    return;
  g_free (self->theme);
  self->theme = g_strdup (theme);
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "puzzle-theme");
  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (theme ? theme : ""));
  guint index = 0;
  for (guint i = 0; theme && i < self->theme_ids->len; i++)
    if (g_str_equal (self->theme_ids->pdata[i], theme))
      index = i + 1;
  if (gtk_drop_down_get_selected (self->theme_dropdown) != index)
    gtk_drop_down_set_selected (self->theme_dropdown, index);
  if (self->puzzle == NULL || (self->theme && !kz_puzzle_has_theme (self->puzzle, self->theme)))
    {
      if (self->puzzle && self->state != STATE_SOLVED && self->state != STATE_SHOWN
          && self->ply > 0)
        record (self, FALSE);
      open_puzzle (self, choose_puzzle (self));
    }
}

static void
on_theme_selected (GtkDropDown *dropdown, GParamSpec *pspec, KzPuzzlesWindow *self)
{
  guint i = gtk_drop_down_get_selected (dropdown);
  set_theme (self, i == 0 || i > self->theme_ids->len ? NULL : self->theme_ids->pdata[i - 1]);
}

static void
fill_themes (KzPuzzlesWindow *self)
{
  g_autoptr(GtkStringList) list = gtk_string_list_new (NULL);
  gtk_string_list_append (list, _("All Themes"));
  /* only the themes some puzzle has */
  for (const char *const *t = kz_puzzle_theme_names (); *t; t++)
    for (guint i = 0; i < self->puzzles->len; i++)
      if (kz_puzzle_has_theme (self->puzzles->pdata[i], *t))
        {
          g_ptr_array_add (self->theme_ids, (gpointer) *t);
          gtk_string_list_append (list, theme_label (*t));
          break;
        }
  gtk_drop_down_set_model (self->theme_dropdown, G_LIST_MODEL (list));
  gtk_drop_down_set_selected (self->theme_dropdown, 0);
  g_signal_connect (self->theme_dropdown, "notify::selected", G_CALLBACK (on_theme_selected),
                    self);
}

/* ---- actions ---- */

static void
open_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzPuzzlesWindow *self = user_data;
  KzPuzzle *p = kz_puzzles_find (self->puzzles, g_variant_get_string (param, NULL), NULL);
  if (p == NULL)
    {
      g_warning ("No puzzle %s", g_variant_get_string (param, NULL));
      return;
    }
  open_puzzle (self, p);
}

static void
next_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzPuzzlesWindow *self = user_data;
  /* leaving a puzzle begun counts as failing it */
  if (self->puzzle && self->ply > 0 && self->state != STATE_SOLVED && self->state != STATE_SHOWN)
    record (self, FALSE);
  open_puzzle (self, choose_puzzle (self));
}

static void
move_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  try_move (KZ_PUZZLES_WINDOW (user_data), g_variant_get_string (param, NULL));
}

static void
solution_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzPuzzlesWindow *self = user_data;
  if (self->puzzle == NULL || self->state == STATE_SOLVED || self->state == STATE_SHOWN)
    return;
  g_clear_handle_id (&self->timer_id, g_source_remove);
  record (self, FALSE);
  set_state (self, STATE_SHOWN);
  g_autofree char *line = g_strjoinv (" ", (char **) kz_puzzle_get_solution (self->puzzle));
  /* Translators: %s is the puzzle's whole line of moves */
  g_autofree char *text = g_strdup_printf (_("The solution: %s"), line);
  say (self, text, FALSE);
  self->timer_id = g_timeout_add (SOLUTION_STEP_MS, solution_step, self);
}

static void
theme_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzPuzzlesWindow *self = user_data;
  const char *theme = g_variant_get_string (param, NULL);
  gboolean offered = theme[0] == '\0';
  for (guint i = 0; !offered && i < self->theme_ids->len; i++)
    offered = g_str_equal (self->theme_ids->pdata[i], theme);
  if (!offered)
    {
      g_warning ("No puzzle has the theme %s", theme);
      return;
    }
  set_theme (self, theme);
}

static const GActionEntry win_actions[] = {
  { "puzzle-open", open_activated, "s", NULL, NULL, { 0 } },
  { "puzzle-next", next_activated, NULL, NULL, NULL, { 0 } },
  { "puzzle-move", move_activated, "s", NULL, NULL, { 0 } },
  { "puzzle-solution", solution_activated, NULL, NULL, NULL, { 0 } },
  { "puzzle-theme", theme_activated, "s", "''", NULL, { 0 } },
  { "puzzle-state", NULL, NULL, "'- 0 solving'", NULL, { 0 } },
  { "puzzle-feedback", NULL, NULL, "''", NULL, { 0 } },
};

const char *
kz_puzzles_window_get_puzzle_id (KzPuzzlesWindow *self)
{
  g_return_val_if_fail (KZ_IS_PUZZLES_WINDOW (self), NULL);
  return self->puzzle ? kz_puzzle_get_id (self->puzzle) : NULL;
}

static void
kz_puzzles_window_dispose (GObject *object)
{
  KzPuzzlesWindow *self = KZ_PUZZLES_WINDOW (object);
  g_clear_handle_id (&self->timer_id, g_source_remove);
  g_clear_object (&self->game);
  g_clear_object (&self->session);
  self->puzzle = NULL;
  g_clear_pointer (&self->puzzles, g_ptr_array_unref);
  g_clear_pointer (&self->tried, g_hash_table_unref);
  g_clear_pointer (&self->ratings, g_array_unref);
  g_clear_pointer (&self->theme, g_free);
  g_clear_pointer (&self->theme_ids, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (self), KZ_TYPE_PUZZLES_WINDOW);
  G_OBJECT_CLASS (kz_puzzles_window_parent_class)->dispose (object);
}

static void
kz_puzzles_window_class_init (KzPuzzlesWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kz_puzzles_window_dispose;
  widget_class->size_allocate = kz_puzzles_window_size_allocate;
  g_type_ensure (KZ_TYPE_BOARD_VIEW);
  g_type_ensure (KZ_TYPE_RATING_GRAPH);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/kz-puzzles-window.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, KzPuzzlesWindow, name)
  BIND (window_title);
  BIND (theme_dropdown);
  BIND (puzzle_box);
  BIND (task_label);
  BIND (board);
  BIND (feedback_label);
  BIND (solution_button);
  BIND (next_button);
  BIND (rating_label);
  BIND (streak_label);
  BIND (rating_graph);
  BIND (history_list);
#undef BIND
}

static void
kz_puzzles_window_init (KzPuzzlesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions, G_N_ELEMENTS (win_actions),
                                   self);
  /* (states to read, for the tests over D-Bus; never activated) */
  static const char *const readable[] = { "puzzle-state", "puzzle-feedback" };
  for (guint i = 0; i < G_N_ELEMENTS (readable); i++)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self),
                                                                              readable[i])),
                                 FALSE);
  self->tried = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->ratings = g_array_new (FALSE, FALSE, sizeof (double));
  self->theme_ids = g_ptr_array_new ();
  g_signal_connect (self->board, "move-chosen", G_CALLBACK (on_move_chosen), self);
  g_signal_connect (self->board, "message", G_CALLBACK (on_board_message), self);
}

KzPuzzlesWindow *
kz_puzzles_window_new (GtkApplication *app, KzSession *session)
{
  KzPuzzlesWindow *self = g_object_new (KZ_TYPE_PUZZLES_WINDOW, "application", app, NULL);
  self->session = g_object_ref (session);
  g_autoptr(GError) error = NULL;
  self->puzzles = kz_puzzles_get_builtin (&error);
  if (self->puzzles == NULL)
    {
      g_warning ("Cannot read the puzzles: %s", error->message);
      self->puzzles = g_ptr_array_new ();
    }
  fill_themes (self);
  load_history (self);
  show_rating (self, 0);
  open_puzzle (self, choose_puzzle (self));
  return self;
}
