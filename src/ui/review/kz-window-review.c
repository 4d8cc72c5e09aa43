/* kz-window-review.c — reviewing a game in the main window.
 *
 * The review board and the review bar (both in kz-window.ui) replace the
 * live board while a game is reviewed: the window's game (win.review,
 * Ctrl+R) or a stored game opened from the library (the session's
 * read-only game).  Actions:
 *
 *   win.review (stateful b)   review the window's game without leaving it
 *   win.open-game (x)         open a stored game for review (at its start)
 *   win.review-first, -previous, -next, -last, -play (auto-play on/off)
 *   win.review-goto (u, state u = the ply shown, along the line followed)
 *   win.review-goto-move (s, state s = the moves from the start to the
 *                             node shown, in notation, one space apart)
 *   win.review-previous-line, win.review-next-line
 *                             the sibling line at the nearest branch
 *   win.review-add-move (s)   a move at the node shown, as if played on
 *                             the review board: it enters the line that
 *                             has that move, or starts a variation
 *   win.continue-from-here    a new recorded game from the shown position
 *   win.resume-game           play on in an unfinished stored game opened
 *                             with win.open-game (one with a human side)
 *
 * Keys while reviewing: Home, Left, Space, Right, End, and Up / Down
 * between sibling lines.  Clicking a move in the move list jumps there;
 * a move played on the review board enters or starts a variation (the
 * tree of moves: kz-move-node.h; every edit is stored by the game).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kz-window-private.h"

/* ---- state --------------------------------------------------------------- */

guint
kz_window_review_shown_ply (KzWindow *self)
{
  if (self->review->replay)
    return kz_replay_get_ply (self->review->replay);
  return self->play->game ? kz_game_get_ply (self->play->game) : 0;
}

KzGame *
kz_window_review_shown_game (KzWindow *self)
{
  return self->review->replay ? kz_replay_get_game (self->review->replay) : self->play->game;
}

/* A game opened from the library is the window's game but only shown for
 * review (the session's read-only): the computer does not play in it
 * until the player resumes it.  The session's previous game is the one
 * "Back to the Game" brings back. */
static gboolean
holds_stored (KzWindow *self)
{
  return self->session != NULL && kz_session_get_read_only (self->session);
}

static gboolean
has_human (KzGame *game)
{
  return kz_game_get_player_kind (game, KZ_COSSACKS) == KZ_PLAYER_HUMAN
         || kz_game_get_player_kind (game, KZ_TURKS) == KZ_PLAYER_HUMAN;
}

/* An unfinished stored game with a human side can be played on; one of
 * computers only can be continued as a new game. */
static gboolean
can_resume (KzWindow *self)
{
  return holds_stored (self) && self->play->game && !kz_game_is_over (self->play->game)
         && has_human (self->play->game);
}

static guint
animation_msec (KzWindow *self)
{
  guint msec = kz_window_animation_duration (self);

  /* Auto-play must not outrun the animation of a chain. */
  if (kz_review_bar_get_playing (self->review->bar))
    msec = MIN (msec, kz_review_bar_get_interval (self->review->bar) / 4);
  return msec;
}

static void
set_enabled (KzWindow *self, const char *name, gboolean enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);
  if (action)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

static void
set_state (KzWindow *self, const char *name, GVariant *state)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);
  if (action)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), state);
  else
    g_variant_unref (g_variant_ref_sink (state));
}

/* The moves from the start to `node`, one space apart ("" for the root). */
static char *
node_path_text (KzGame *game, KzMoveNode *node)
{
  g_autoptr (GPtrArray) path = kz_game_get_path (game, node);
  GString *out = g_string_new (NULL);

  for (guint i = 1; i < path->len; i++)
    {
      if (out->len)
        g_string_append_c (out, ' ');
      g_string_append (out, kz_move_node_get_move_text (g_ptr_array_index (path, i)));
    }
  return g_string_free (out, FALSE);
}

/* The review's actions and bar, from the replay and the session. */
static void
update_actions (KzWindow *self)
{
  gboolean active = self->review->replay != NULL;
  /* Not reviewing: First, Previous and Play start a review of the game
   * on the board; Next and Last have nowhere to go. */
  gboolean back = active ? kz_replay_get_can_go_back (self->review->replay) : TRUE;
  gboolean forward = active && kz_replay_get_can_go_forward (self->review->replay);

  set_enabled (self, "review-first", back);
  set_enabled (self, "review-previous", back);
  set_enabled (self, "review-next", forward);
  set_enabled (self, "review-last", forward);
  set_enabled (self, "review-previous-line", active);
  set_enabled (self, "review-next-line", active);
  set_enabled (self, "review-add-move", active);
  set_enabled (self, "review-goto-move", self->play->game != NULL);
  set_enabled (self, "continue-from-here", active);
  set_enabled (self, "resume-game", can_resume (self));
  kz_review_bar_set_can_resume (self->review->bar, can_resume (self));
  /* A stored game goes back to the game before; without one, "Back to
   * the Game" would only show the stored game without its review. */
  kz_review_bar_set_back (self->review->bar,
                          !holds_stored (self) || kz_session_get_previous_game (self->session) != NULL,
                          holds_stored (self) ? _("Close this game and go back to the game you were playing")
                                              : _("Leave the review and show the game as it stands"));
  set_state (self, "review", g_variant_new_boolean (active));
  set_state (self, "review-goto", g_variant_new_uint32 (kz_window_review_shown_ply (self)));
  {
    KzGame *game = kz_window_review_shown_game (self);
    g_autofree char *path = NULL;
    if (self->review->replay)
      path = node_path_text (game, kz_replay_get_node (self->review->replay));
    else if (game)
      path = node_path_text (game, kz_game_get_main_node (game, kz_game_get_ply (game)));
    set_state (self, "review-goto-move", g_variant_new_string (path ? path : ""));
  }
  kz_window_annotate_update (self);
  kz_window_update_subtitle (self);
  /* Undo, redo and the rest act on the game played, not on a review. */
  kz_window_update_actions (self);
}

/* ---- showing the review -------------------------------------------------- */

/* The move list and the player cards describe the position shown. */
static void
show_in_side_panel (KzWindow *self)
{
  KzGame *game = kz_window_review_shown_game (self);
  guint ply = kz_window_review_shown_ply (self);

  if (game == NULL)
    return;
  if (self->review->replay)
    kz_moves_view_set_current_node (self->moves_view, kz_replay_get_node (self->review->replay));
  else
    kz_moves_view_set_current_ply (self->moves_view, ply);
  /* The player cards follow (bound to the mode shown, kz-window.c). */
  kz_mode_set_game (KZ_MODE (self->review), game);
  kz_mode_set_ply (KZ_MODE (self->review), ply);
  kz_window_show_clocks (self);
}

/* What the review board shows for `node`: its position, the pieces
 * with their troops (a variation's pieces keep their ids) and the move. */
static void
board_state_from_node (KzBoardState *state, KzGame *game, KzMoveNode *node)
{
  const KzPosition *pos = kz_move_node_get_position (node);
  gint8 ids[KZ_GRID_SIZE];

  if (kz_move_node_is_main_line (node))
    {
      kz_board_state_from_game (state, game, kz_move_node_get_ply (node));
      return;
    }
  memset (state, 0, sizeof *state);
  state->pos = *pos;
  if (!kz_game_get_node_piece_ids (game, node, ids))
    memset (ids, KZ_NO_PIECE, sizeof ids);
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    {
      KzPiece piece = { KZ_NO_PIECE, -1, -1, 0 };
      if (kz_point_valid (sq) && ids[sq] >= 0)
        {
          piece.id = ids[sq];
          piece.side = (gint8) kz_position_piece_at (pos, sq);
          piece.troop = (gint8) kz_game_get_piece_troop (game, ids[sq]);
          for (int f = 0; f < 2; f++)
            if (pos->flag[f] == sq)
              piece.flags |= (guint8) (1u << f);
        }
      state->pieces[sq] = piece;
    }
  state->last_move = *kz_move_node_get_move (node);
  state->has_last_move = TRUE;
}

void
kz_window_review_board_state (KzWindow *self, KzBoardState *state)
{
  g_return_if_fail (self->review->replay != NULL);
  board_state_from_node (state, kz_replay_get_game (self->review->replay),
                         kz_replay_get_node (self->review->replay));
}

/* A node's comment is said to assistive technologies when the review
 * comes to it (after the move itself, which the board says on a step). */
static void
announce_comment (KzWindow *self, KzMoveNode *node, gboolean stepped)
{
  g_autofree char *comment = kz_comment_dup_readable (kz_move_node_get_comment (node));

  if (*comment == '\0')
    return;
#if GTK_CHECK_VERSION (4, 14, 0)
  (void) stepped;   /* the board has announced the move on its own */
  kz_board_view_announce (self->review->board, comment);
#else
  /* No announcements before GTK 4.14: the board's live label holds the
   * last sentence, so the move and its comment go into it together. */
  if (stepped)
    {
      g_autofree char *both = g_strdup_printf ("%s %s",
                                               kz_board_view_get_announcement (self->review->board),
                                               comment);
      kz_board_view_announce (self->review->board, both);
    }
  else
    kz_board_view_announce (self->review->board, comment);
#endif
}

/* Puts the replay's node on the review board; one step forward is
 * animated like a played move (a chain jump by jump).  Moves can be
 * played on it where the game is not over: they enter or start a
 * variation. */
static void
show (KzWindow *self)
{
  KzGame *game = kz_replay_get_game (self->review->replay);
  KzMoveNode *node = kz_replay_get_node (self->review->replay);
  gboolean stepped = self->review->shown_node && kz_move_node_get_parent (node) == self->review->shown_node;
  gboolean moved = self->review->shown_node != node;
  KzBoardState state;

  kz_board_view_finish_animation (self->review->board);
  kz_board_view_set_animation_duration (self->review->board, animation_msec (self));
  board_state_from_node (&state, game, node);
  if (stepped)
    {
      KzBoardState before;
      board_state_from_node (&before, game, self->review->shown_node);
      kz_board_view_set_state (self->review->board, &state, &before);
    }
  else
    kz_board_view_set_state (self->review->board, &state, NULL);
  if (moved)
    announce_comment (self, node, stepped);
  self->review->shown_ply = kz_move_node_get_ply (node);
  g_set_object (&self->review->shown_node, node);
  kz_board_view_set_interactive (self->review->board,
                                 kz_position_outcome (kz_move_node_get_position (node)).winner < 0);
  update_actions (self);
  show_in_side_panel (self);
}

static void
replay_notify (KzWindow *self, GParamSpec *pspec)
{
  if (g_str_equal (pspec->name, "node"))
    show (self);
  else if (g_str_equal (pspec->name, "n-plies"))
    {
      /* The reviewed game got or lost a move. */
      update_actions (self);
      show_in_side_panel (self);
    }
}

void
kz_window_review_leave (KzWindow *self)
{
  /* A comment being typed is stored with the game it was typed for. */
  kz_annotation_panel_commit (kz_moves_view_get_annotation_panel (self->moves_view));
  if (self->review->replay)
    {
      g_signal_handlers_disconnect_by_data (self->review->replay, self);
      g_clear_object (&self->review->replay);
    }
  kz_analysis_pane_set_replay (self->review->analysis, NULL);
  kz_review_bar_set_replay (self->review->bar, NULL);
  g_clear_object (&self->review->shown_node);
  self->review->read_only = FALSE;
  self->review->demonstration = FALSE;
  kz_moves_view_set_show_comments (self->moves_view, TRUE);
  kz_window_set_mode (self, KZ_MODE (self->play));
  update_actions (self);
  show_in_side_panel (self);   /* back to the game as it stands */
}

/* Starts reviewing the window's game (or moves within it) at `ply`. */
static gboolean
enter (KzWindow *self, guint ply)
{
  KzGame *game = self->play->game;

  if (game == NULL)
    return FALSE;
  if (self->review->replay && kz_replay_get_game (self->review->replay) != game)
    kz_window_review_leave (self);
  if (self->review->replay)
    return kz_replay_goto (self->review->replay, MIN (ply, kz_replay_get_n_plies (self->review->replay)));

  self->review->replay = kz_replay_new (game, ply);
  self->review->read_only = FALSE;
  self->review->demonstration = FALSE;
  kz_moves_view_set_show_comments (self->moves_view, TRUE);
  kz_mode_set_game (KZ_MODE (self->review), game);
  kz_mode_set_ply (KZ_MODE (self->review), kz_replay_get_ply (self->review->replay));
  self->review->shown_ply = G_MAXUINT - 1;       /* no animation into the first view */
  g_clear_object (&self->review->shown_node);
  g_signal_connect_swapped (self->review->replay, "notify", G_CALLBACK (replay_notify), self);
  kz_review_bar_set_replay (self->review->bar, self->review->replay);
  kz_analysis_pane_set_replay (self->review->analysis, self->review->replay);
  kz_window_set_mode (self, KZ_MODE (self->review));
  show (self);
  return TRUE;
}

void
kz_window_review_game_changed (KzWindow *self)
{
  if (self->review->replay && kz_replay_get_game (self->review->replay) != self->play->game)
    kz_window_review_leave (self);
  else
    update_actions (self);
}

gboolean
kz_window_open_game (KzWindow *self, gint64 id)
{
  g_autoptr (GError) error = NULL;

  g_return_val_if_fail (KZ_IS_WINDOW (self), FALSE);
  if (kz_session_get_store (self->session) == NULL)
    {
      kz_window_show_toast (self, _("The game database is not available, so no stored game can be opened"));
      return FALSE;
    }
  /* For review only (the session's read-only): the computer waits until
   * the player resumes the game or continues from a position.  The
   * window follows the session's game and "opened" (session_opened). */
  if (!kz_session_open_for_review (self->session, id, &error))
    {
      /* Translators: %s says why */
      g_autofree char *text = g_strdup_printf (_("The game could not be opened: %s"), error->message);
      kz_window_show_toast (self, text);
      return FALSE;
    }
  return TRUE;
}

/* A stored game was opened (here or from the library): review it from
 * its start. */
static void
session_opened (KzWindow *self)
{
  if (!enter (self, 0))
    return;
  kz_replay_first (self->review->replay);
}

/* ---- actions ------------------------------------------------------------- */

static void
stop_playing (KzWindow *self)
{
  kz_review_bar_set_playing (self->review->bar, FALSE);
}

static void
review_change_state (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  KzWindow *self = user_data;

  if (g_variant_get_boolean (state))
    enter (self, self->play->game ? kz_game_get_ply (self->play->game) : 0);
  else if (holds_stored (self))
    {
      /* Back from a stored game to the game before (the window leaves
       * the review when the session's game changes). */
      if (!kz_session_go_back (self->session))
        update_actions (self);    /* stays in the review */
    }
  else
    kz_window_review_leave (self);
}

static void
resume_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;

  if (!can_resume (self))
    return;
  kz_window_review_leave (self);
  /* The window follows read-only and starts the computer when it is to move. */
  kz_session_resume (self->session);
}

static void
open_game_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  kz_window_open_game (self, g_variant_get_int64 (param));
  gtk_window_present (GTK_WINDOW (self));
}

static void
first_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  stop_playing (self);
  if (!self->review->replay)
    enter (self, 0);
  else
    kz_replay_first (self->review->replay);
}

static void
previous_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  stop_playing (self);
  if (!self->review->replay)
    {
      if (self->play->game && kz_game_get_ply (self->play->game) > 0)
        enter (self, kz_game_get_ply (self->play->game) - 1);
    }
  else
    kz_replay_previous (self->review->replay);
}

static void
next_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  stop_playing (self);
  if (self->review->replay)
    kz_replay_next (self->review->replay);
}

static void
last_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  stop_playing (self);
  if (self->review->replay)
    kz_replay_last (self->review->replay);
}

static void
play_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;

  if (kz_review_bar_get_playing (self->review->bar))
    {
      stop_playing (self);
      return;
    }
  if (!self->review->replay && !enter (self, 0))
    return;
  kz_review_bar_set_playing (self->review->bar, TRUE);
}

static void
goto_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  guint ply = g_variant_get_uint32 (param);

  stop_playing (self);
  if (!self->review->replay)
    enter (self, ply);
  else
    kz_replay_goto (self->review->replay, MIN (ply, kz_replay_get_n_plies (self->review->replay)));
}

/* Enters the review when needed and shows `node`. */
static void
goto_node (KzWindow *self, KzMoveNode *node)
{
  stop_playing (self);
  if (self->review->replay == NULL && !enter (self, kz_move_node_get_ply (node)))
    return;
  kz_replay_goto_node (self->review->replay, node);
}

static void
goto_move_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  g_auto (GStrv) moves = g_strsplit (g_variant_get_string (param, NULL), " ", -1);
  KzMoveNode *node;

  if (self->play->game == NULL)
    return;
  node = kz_game_get_root (self->play->game);
  for (guint i = 0; moves[i] && node; i++)
    {
      KzMoveNode *next = NULL;
      if (moves[i][0] == '\0')
        continue;
      for (guint c = 0; c < kz_move_node_get_n_children (node) && next == NULL; c++)
        if (g_str_equal (kz_move_node_get_move_text (kz_move_node_get_child (node, c)), moves[i]))
          next = kz_move_node_get_child (node, c);
      node = next;
    }
  if (node == NULL)
    {
      kz_window_show_toast (self, _("There is no such line in this game"));
      return;
    }
  goto_node (self, node);
}

static void
switch_line (KzWindow *self, int direction)
{
  stop_playing (self);
  if (self->review->replay)
    kz_replay_switch_line (self->review->replay, direction);
}

static void
previous_line_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  switch_line (user_data, -1);
}

static void
next_line_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  switch_line (user_data, 1);
}

/* A move at the node shown: the line that has it, or a new variation
 * (stored by the game before it shows). */
static void
add_move (KzWindow *self, const KzMove *move, const char *text)
{
  g_autoptr (GError) error = NULL;
  KzGame *game;
  KzMoveNode *parent, *node;

  if (self->review->replay == NULL)
    return;
  stop_playing (self);
  game = kz_replay_get_game (self->review->replay);
  parent = kz_replay_get_node (self->review->replay);
  node = move ? kz_game_add_variation_move (game, parent, move, &error)
              : kz_game_add_variation_text (game, parent, text, &error);
  if (node == NULL)
    {
      kz_window_show_toast (self, error->message);
      show (self);     /* the board back to the node shown */
      return;
    }
  kz_replay_goto_node (self->review->replay, node);
}

static void
add_move_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  add_move (user_data, NULL, g_variant_get_string (param, NULL));
}

static void
review_board_move_chosen (KzWindow *self, const KzMove *move)
{
  add_move (self, move, NULL);
}

static void
review_board_message (KzWindow *self, const char *message, gboolean is_refusal)
{
  if (message && is_refusal)
    kz_window_show_toast (self, message);
}

static void
continue_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) game = NULL;
  g_auto (GStrv) names = kz_window_default_names (self);
  KzStore *store = kz_session_get_store (self->session);
  guint move;

  if (self->review->replay == NULL)
    return;
  move = kz_replay_get_move_number (self->review->replay);
  game = kz_replay_continue_from_here (self->review->replay, store, (const char *const *) names, &error);
  if (game == NULL && store && !g_error_matches (error, KZ_GAME_ERROR, KZ_GAME_ERROR_GAME_OVER))
    {
      /* The database refused: go on in memory and say so. */
      g_autofree char *text = g_strdup_printf (_("The new game is not saved: %s"), error->message);
      g_clear_error (&error);
      game = kz_replay_continue_from_here (self->review->replay, NULL, (const char *const *) names, &error);
      if (game)
        kz_window_show_toast (self, text);
    }
  if (game == NULL)
    {
      kz_window_show_toast (self, error->message);
      return;
    }
  kz_window_review_leave (self);
  kz_window_set_game (self, game);
  if (move == 0)
    kz_window_show_toast (self, _("A new game starts from the start position"));
  else
    {
      /* Translators: %u is a move number as in the move list */
      g_autofree char *text = g_strdup_printf (_("A new game starts from the position after move %u"), move);
      kz_window_show_toast (self, text);
    }
}

static const GActionEntry review_actions[] = {
  { "review", NULL, NULL, "false", review_change_state, { 0 } },
  { "open-game", open_game_activated, "x", NULL, NULL, { 0 } },
  { "review-first", first_activated, NULL, NULL, NULL, { 0 } },
  { "review-previous", previous_activated, NULL, NULL, NULL, { 0 } },
  { "review-next", next_activated, NULL, NULL, NULL, { 0 } },
  { "review-last", last_activated, NULL, NULL, NULL, { 0 } },
  { "review-play", play_activated, NULL, NULL, NULL, { 0 } },
  { "review-goto", goto_activated, "u", "uint32 0", NULL, { 0 } },
  { "review-goto-move", goto_move_activated, "s", "''", NULL, { 0 } },
  { "review-previous-line", previous_line_activated, NULL, NULL, NULL, { 0 } },
  { "review-next-line", next_line_activated, NULL, NULL, NULL, { 0 } },
  { "review-add-move", add_move_activated, "s", NULL, NULL, { 0 } },
  { "continue-from-here", continue_activated, NULL, NULL, NULL, { 0 } },
  { "resume-game", resume_activated, NULL, NULL, NULL, { 0 } },
};

/* ---- input --------------------------------------------------------------- */

/* A click on a move in the move list: review from the position after it. */
static void
moves_view_node_activated (KzWindow *self, KzMoveNode *node)
{
  if (self->play->game == NULL)
    return;
  goto_node (self, node);
}

static gboolean
key_pressed (GtkWidget *widget, GVariant *args, gpointer data)
{
  KzWindow *self = KZ_WINDOW (widget);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (widget));

  if (self->review->replay == NULL)
    return FALSE;      /* not reviewing: the key goes to the board */
  /* Text fields and dialogs shown inside the window keep their keys. */
  if (focus && (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus)))
    return FALSE;
#if ADW_CHECK_VERSION (1, 5, 0)
  if (focus && gtk_widget_get_ancestor (focus, ADW_TYPE_DIALOG))
    return FALSE;
#endif
  g_action_group_activate_action (G_ACTION_GROUP (widget), data, NULL);
  return TRUE;
}

static void
add_key (GtkShortcutController *controller, guint keyval, const char *action)
{
  gtk_shortcut_controller_add_shortcut (controller,
    gtk_shortcut_new (gtk_keyval_trigger_new (keyval, 0),
                      gtk_callback_action_new (key_pressed, (gpointer) action, NULL)));
}

/* ---- set-up -------------------------------------------------------------- */

void
kz_window_review_dispose (KzWindow *self)
{
  if (self->review == NULL)
    return;
  /* The window closes while a comment is typed: keep it. */
  if (self->moves_view && self->review->replay)
    kz_annotation_panel_commit (kz_moves_view_get_annotation_panel (self->moves_view));
  if (self->review->replay)
    g_signal_handlers_disconnect_by_data (self->review->replay, self);
  g_clear_object (&self->review->replay);
  g_clear_object (&self->review->shown_node);
  kz_analysis_pane_set_replay (self->review->analysis, NULL);
}

void
kz_window_review_init (KzWindow *self)
{
  GtkEventController *keys;

  g_action_map_add_action_entries (G_ACTION_MAP (self), review_actions,
                                   G_N_ELEMENTS (review_actions), self);
  g_signal_connect_swapped (self->moves_view, "node-activated",
                            G_CALLBACK (moves_view_node_activated), self);
  g_signal_connect_swapped (self->review->board, "move-chosen",
                            G_CALLBACK (review_board_move_chosen), self);
  g_signal_connect_swapped (self->review->board, "message",
                            G_CALLBACK (review_board_message), self);

  keys = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  add_key (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_Home, "review-first");
  add_key (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_Left, "review-previous");
  add_key (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_space, "review-play");
  add_key (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_Right, "review-next");
  add_key (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_End, "review-last");
  add_key (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_Up, "review-previous-line");
  add_key (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_Down, "review-next-line");
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  kz_window_annotate_init (self);
  update_actions (self);
}

/* Reviews a game when the session opens one. */
void
kz_window_review_follow_session (KzWindow *self)
{
  g_signal_connect_object (self->session, "opened", G_CALLBACK (session_opened), self,
                           G_CONNECT_SWAPPED);
}
