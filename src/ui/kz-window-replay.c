/* kz-window-replay.c — replay, review and notation in the main window.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "kz-board-painter.h"
#include "kz-board-view.h"
#include "kz-file-chooser.h"
#include "kz-kgn.h"
#include "kz-replay.h"
#include "kz-store.h"
#include "kz-window-replay.h"

typedef struct {
  KzWindow        *window;          /* not owned */
  KzBoardView     *live_board;      /* the window's board */
  GtkListBox      *moves_list;      /* the window's move list */
  GtkScrolledWindow *moves_scroller;
  GtkWidget       *status_label;    /* the window's status lines: about the */
  GtkWidget       *detail_label;    /* game as it stands, hidden in a replay */
  GtkWidget       *cards[2];        /* the window's player cards, by side */
  GtkLabel        *pieces_labels[2];
  GtkLabel        *flag_labels[2];
  GtkBuilder      *builder;
  GtkWidget       *review_board;    /* our read-only KzBoardView */
  GtkWidget       *bar;
  GtkLabel        *caption;
  GtkAdjustment   *scrubber;
  GtkButton       *play_button;
  GtkWidget       *resume_button;
  GtkWidget       *done_button;
  GtkDropDown     *speed;
  KzReplay        *replay;          /* NULL: not reviewing */
  guint            shown_ply;
  guint            play_source;
  guint            highlight_idle;
  gboolean         updating_scrubber;
  gboolean         settings_bound;
} Review;

#define REVIEW_KEY "kz-window-review"

static Review *
get_review (KzWindow *window)
{
  return g_object_get_data (G_OBJECT (window), REVIEW_KEY);
}

static KzSession *
get_session (Review *r)
{
  return kz_window_get_session (r->window);
}

static GSettings *
get_settings (Review *r)
{
  return kz_window_get_settings (r->window);
}

static KzStore *
get_store (Review *r)
{
  KzSession *session = get_session (r);
  return session ? kz_session_get_store (session) : NULL;
}

void
kz_window_replay_toast (KzWindow *self, const char *text)
{
  kz_window_show_toast (self, text);
}

static void
toast (Review *r, const char *text)
{
  kz_window_replay_toast (r->window, text);
}

static void
set_enabled (Review *r, const char *name, gboolean enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (r->window), name);
  if (action)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

static void
set_state (Review *r, const char *name, GVariant *state)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (r->window), name);
  if (action)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), state);
  else
    g_variant_unref (g_variant_ref_sink (state));
}

/* The ply the window shows: the replay's, else the game's last. */
static guint
shown_ply (Review *r)
{
  KzGame *game = kz_window_get_game (r->window);
  if (r->replay)
    return kz_replay_get_ply (r->replay);
  return game ? kz_game_get_ply (game) : 0;
}

static guint
speed_interval (Review *r)
{
  switch (gtk_drop_down_get_selected (r->speed))
    {
    case 0: return 2000;
    case 2: return 500;
    default: return 1000;
    }
}

static guint
animation_msec (Review *r)
{
  GSettings *settings = get_settings (r);
  guint msec = 260;
  if (settings)
    {
      g_autofree char *speed = g_settings_get_string (settings, "animation-speed");
      if (g_str_equal (speed, "off"))
        msec = 0;
      else if (g_str_equal (speed, "slow"))
        msec = 450;
      else if (g_str_equal (speed, "fast"))
        msec = 140;
    }
  /* Auto-play must not outrun the animation of a chain. */
  if (r->play_source)
    msec = MIN (msec, speed_interval (r) / 4);
  return msec;
}

/* ---- the move list ------------------------------------------------------ */

static gboolean
turks_first (KzGame *game)
{
  return kz_game_get_start_position (game)->side == KZ_TURKS;
}

/* Marks the move that led to `ply` in the window's move list. */
static void
highlight_ply (Review *r, guint ply)
{
  KzGame *game = kz_window_get_game (r->window);
  GtkWidget *current = NULL;
  int shift;

  if (game == NULL)
    return;
  shift = turks_first (game) ? 1 : 0;
  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (r->moves_list)); row;
       row = gtk_widget_get_next_sibling (row))
    {
      GtkWidget *box, *label;
      int index, col = 0;

      if (!GTK_IS_LIST_BOX_ROW (row))
        continue;
      index = gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row));
      box = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row));
      if (box == NULL)
        continue;
      for (label = gtk_widget_get_first_child (box); label; label = gtk_widget_get_next_sibling (label))
        {
          int i;
          if (!gtk_widget_has_css_class (label, "move"))
            continue;
          i = index * 2 + col - shift;
          col++;
          if (i >= 0 && (guint) i + 1 == ply)
            {
              gtk_widget_add_css_class (label, "current");
              current = row;
            }
          else
            gtk_widget_remove_css_class (label, "current");
        }
    }

  if (current && r->moves_scroller)
    {
      GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (r->moves_scroller);
      double y = 0;
#if GTK_CHECK_VERSION (4, 12, 0)
      graphene_point_t p;
      if (gtk_widget_compute_point (current, GTK_WIDGET (r->moves_list),
                                    &GRAPHENE_POINT_INIT (0, 0), &p))
        y = p.y;
#else
      double x;
      gtk_widget_translate_coordinates (current, GTK_WIDGET (r->moves_list), 0, 0, &x, &y);
#endif
      double page = gtk_adjustment_get_page_size (adj);
      double value = gtk_adjustment_get_value (adj);
      double h = gtk_widget_get_height (current);
      if (y < value || y + h > value + page)
        gtk_adjustment_set_value (adj, y - page / 2);
    }
}

/* The player cards describe the position shown: the replay's while
 * reviewing (the window writes the game's own after every change). */
static void
update_cards (Review *r)
{
  KzGame *game = kz_window_get_game (r->window);
  guint ply = shown_ply (r);
  const KzPosition *pos;
  gboolean over;

  if (game == NULL || r->cards[0] == NULL)
    return;
  pos = kz_game_get_position_at (game, ply);
  if (pos == NULL)
    return;
  over = kz_position_outcome (pos).winner >= 0 || (ply == kz_game_get_ply (game) && kz_game_is_over (game));
  for (int side = KZ_COSSACKS; side <= KZ_TURKS; side++)
    {
      int n = kz_popcount (pos->pieces[side]);
      int where = pos->flag[side];
      g_autofree char *pieces = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d piece left",
                                                              "%d pieces left", n), n);
      g_autofree char *flag = NULL;

      if (where == KZ_FLAG_HOME)
        /* Translators: %s is a point such as c2 */
        flag = g_strdup_printf (_("Flag at home on %s"), kz_point_name (kz_centre ((KzSide) side)));
      else if (kz_position_piece_at (pos, where) == KZ_TURKS)
        flag = g_strdup_printf (_("Flag carried by a Turk on %s"), kz_point_name (where));
      else
        flag = g_strdup_printf (_("Flag carried by a Cossack on %s"), kz_point_name (where));
      gtk_label_set_text (r->pieces_labels[side], pieces);
      gtk_label_set_text (r->flag_labels[side], flag);
      if (!over && pos->side == side)
        gtk_widget_add_css_class (r->cards[side], "to-move");
      else
        gtk_widget_remove_css_class (r->cards[side], "to-move");
    }
}

static gboolean
highlight_idle (gpointer data)
{
  Review *r = data;
  r->highlight_idle = 0;
  highlight_ply (r, shown_ply (r));
  if (r->replay)
    update_cards (r);
  return G_SOURCE_REMOVE;
}

static void
queue_highlight (Review *r)
{
  if (r->highlight_idle == 0)
    r->highlight_idle = g_idle_add (highlight_idle, r);
}

/* ---- a game opened from the library ------------------------------------ */

/* A game opened from the library is the window's game but only shown
 * for review (the session's read-only): the computer does not play in
 * it until the player resumes it.  The session's previous game is the
 * one "Back to the Game" brings back. */
static gboolean
holds_stored (Review *r)
{
  KzSession *session = get_session (r);
  return session != NULL && kz_session_get_read_only (session);
}

static KzGame *
previous_game (Review *r)
{
  KzSession *session = get_session (r);
  return session ? kz_session_get_previous_game (session) : NULL;
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
can_resume (Review *r)
{
  KzGame *game = kz_window_get_game (r->window);
  return holds_stored (r) && game && !kz_game_is_over (game) && has_human (game);
}

/* ---- showing the replay ------------------------------------------------- */

static void
update_actions (Review *r)
{
  gboolean active = r->replay != NULL;
  /* Not reviewing: First, Previous and Play start a review of the game
   * on the board; Next and Last have nowhere to go. */
  gboolean back = active ? kz_replay_get_can_go_back (r->replay) : TRUE;
  gboolean forward = active && kz_replay_get_can_go_forward (r->replay);

  set_enabled (r, "replay-first", back);
  set_enabled (r, "replay-previous", back);
  set_enabled (r, "replay-next", forward);
  set_enabled (r, "replay-last", forward);
  set_enabled (r, "continue-from-here", active);
  set_enabled (r, "resume-game", can_resume (r));
  gtk_widget_set_visible (r->resume_button, can_resume (r));
  /* A stored game goes back to the game before; without one, "Back to
   * the Game" would only show the stored game without its replay. */
  gtk_widget_set_visible (r->done_button, !holds_stored (r) || previous_game (r) != NULL);
  gtk_widget_set_tooltip_text (r->done_button,
                               holds_stored (r) ? _("Close this game and go back to the game you were playing")
                                                : _("Leave the replay and show the game as it stands"));
  set_state (r, "review", g_variant_new_boolean (active));
  set_state (r, "replay-goto", g_variant_new_uint32 (shown_ply (r)));
}

static void
update_bar (Review *r)
{
  guint ply, n;
  g_autofree char *caption = NULL;

  if (r->replay == NULL)
    return;
  ply = kz_replay_get_ply (r->replay);
  n = kz_replay_get_n_plies (r->replay);

  r->updating_scrubber = TRUE;
  gtk_adjustment_configure (r->scrubber, ply, 0, n, 1, 10, 0);
  r->updating_scrubber = FALSE;

  /* Moves are counted as in the move list and the library: one move is
   * a turn of each side. */
  if (ply == 0)
    {
      guint moves = kz_replay_get_n_moves (r->replay);
      /* Translators: the replay caption at the start; %u is the number of
       * moves, a move being one turn of each side as in the move list */
      caption = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Start position · %u move in all",
                                              "Start position · %u moves in all", moves), moves);
    }
  else
    {
      KzGame *game = kz_replay_get_game (r->replay);
      KzSide mover = kz_game_get_position_at (game, ply - 1)->side;
      /* Translators: replay caption: the move number and how many moves
       * in all (as in the move list, one move is a turn of each side),
       * the side that moved and its move, e.g. "Move 12 of 40 · Turks: c5xc3" */
      caption = g_strdup_printf (_("Move %u of %u · %s: %s"), kz_replay_get_move_number (r->replay),
                                 kz_replay_get_n_moves (r->replay),
                                 mover == KZ_COSSACKS ? _("Cossacks") : _("Turks"),
                                 kz_replay_get_move_text (r->replay));
    }
  gtk_label_set_text (r->caption, caption);
  gtk_button_set_icon_name (r->play_button, r->play_source ? "media-playback-pause-symbolic"
                                                           : "media-playback-start-symbolic");
}

/* Puts the replay's ply on the review board; one step forward is
 * animated like a played move (a chain jump by jump). */
static void
show (Review *r)
{
  KzGame *game = kz_replay_get_game (r->replay);
  guint ply = kz_replay_get_ply (r->replay);
  KzBoardState state;

  kz_board_view_finish_animation (KZ_BOARD_VIEW (r->review_board));
  kz_board_view_set_animation_duration (KZ_BOARD_VIEW (r->review_board), animation_msec (r));
  kz_board_state_from_game (&state, game, ply);
  if (ply == r->shown_ply + 1)
    {
      KzBoardState before;
      kz_board_state_from_game (&before, game, ply - 1);
      kz_board_view_set_state (KZ_BOARD_VIEW (r->review_board), &state, &before);
    }
  else
    kz_board_view_set_state (KZ_BOARD_VIEW (r->review_board), &state, NULL);
  r->shown_ply = ply;
  update_bar (r);
  update_actions (r);
  highlight_ply (r, ply);
  update_cards (r);
}

static void
replay_notify (KzReplay *replay, GParamSpec *pspec, Review *r)
{
  if (g_str_equal (pspec->name, "ply"))
    show (r);
  else if (g_str_equal (pspec->name, "n-plies"))
    {
      /* The reviewed game got or lost a move; the window rebuilds its
       * move list after this, so mark the shown move afterwards. */
      update_bar (r);
      update_actions (r);
      queue_highlight (r);
    }
}

static void
stop_playing (Review *r)
{
  g_clear_handle_id (&r->play_source, g_source_remove);
  if (r->replay)
    update_bar (r);
}

static void
leave (Review *r)
{
  stop_playing (r);
  if (r->replay)
    {
      g_signal_handlers_disconnect_by_data (r->replay, r);
      g_clear_object (&r->replay);
    }
  kz_board_view_finish_animation (KZ_BOARD_VIEW (r->review_board));
  gtk_widget_set_visible (r->review_board, FALSE);
  gtk_widget_set_visible (r->bar, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (r->live_board), TRUE);
  gtk_widget_set_visible (r->status_label, TRUE);
  gtk_widget_set_visible (r->detail_label, TRUE);
  update_actions (r);
  update_cards (r);       /* back to the game as it stands */
  queue_highlight (r);
}

/* Starts reviewing the window's game (or moves within it) at `ply`. */
static gboolean
enter (Review *r, guint ply)
{
  KzGame *game = kz_window_get_game (r->window);

  if (game == NULL)
    return FALSE;
  if (r->replay && kz_replay_get_game (r->replay) != game)
    leave (r);
  if (r->replay)
    return kz_replay_goto (r->replay, MIN (ply, kz_replay_get_n_plies (r->replay)));

  if (!r->settings_bound && get_settings (r))
    {
      GSettings *settings = get_settings (r);
      g_settings_bind (settings, "board-flipped", r->review_board, "flipped", G_SETTINGS_BIND_GET);
      g_settings_bind (settings, "show-coordinates", r->review_board, "show-coordinates",
                       G_SETTINGS_BIND_GET);
      r->settings_bound = TRUE;
    }
  r->replay = kz_replay_new (game, ply);
  r->shown_ply = G_MAXUINT - 1;       /* no animation into the first view */
  g_signal_connect (r->replay, "notify", G_CALLBACK (replay_notify), r);
  kz_board_view_finish_animation (r->live_board);
  kz_board_view_cancel_input (r->live_board);
  gtk_widget_set_visible (GTK_WIDGET (r->live_board), FALSE);
  gtk_widget_set_visible (r->review_board, TRUE);
  gtk_widget_set_visible (r->bar, TRUE);
  gtk_widget_set_visible (r->status_label, FALSE);
  gtk_widget_set_visible (r->detail_label, FALSE);
  show (r);
  return TRUE;
}

void
kz_window_replay_game_changed (KzWindow *self)
{
  Review *r = get_review (self);
  if (r == NULL)
    return;
  if (r->replay && kz_replay_get_game (r->replay) != kz_window_get_game (self))
    leave (r);
  else
    update_actions (r);
}

gboolean
kz_window_open_game (KzWindow *self, gint64 id)
{
  Review *r = get_review (self);
  g_autoptr (GError) error = NULL;

  g_return_val_if_fail (r != NULL, FALSE);
  if (get_store (r) == NULL)
    {
      toast (r, _("The game database is not available, so no stored game can be opened"));
      return FALSE;
    }
  /* For review only (the session's read-only): the computer waits until
   * the player resumes the game or continues from a position.  The
   * window follows the session's game and "opened" (session_opened). */
  if (!kz_session_open_for_review (get_session (r), id, &error))
    {
      /* Translators: %s says why */
      g_autofree char *text = g_strdup_printf (_("The game could not be opened: %s"), error->message);
      toast (r, text);
      return FALSE;
    }
  return TRUE;
}

/* A stored game was opened (here or from the library): review it from
 * its start. */
static void
session_opened (KzWindow *self)
{
  Review *r = get_review (self);

  if (r == NULL || !enter (r, 0))
    return;
  kz_replay_first (r->replay);
}

/* Back from a stored game to the game before. */
static void
back_to_previous (Review *r)
{
  /* The window leaves the review of the stored game (game_changed). */
  kz_session_go_back (get_session (r));
}

/* ---- actions ------------------------------------------------------------ */

static void
review_change_state (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  Review *r = get_review (user_data);
  if (g_variant_get_boolean (state))
    {
      KzGame *game = kz_window_get_game (r->window);
      enter (r, game ? kz_game_get_ply (game) : 0);
    }
  else if (holds_stored (r))
    {
      if (previous_game (r))
        back_to_previous (r);
      else
        update_actions (r);    /* stays in the replay */
    }
  else
    leave (r);
}

static void
resume_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  Review *r = get_review (user_data);

  if (!can_resume (r))
    return;
  leave (r);
  /* The window follows read-only and starts the computer when it is to move. */
  kz_session_resume (get_session (r));
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
  Review *r = get_review (user_data);
  stop_playing (r);
  if (!r->replay)
    enter (r, 0);
  else
    kz_replay_first (r->replay);
}

static void
previous_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  Review *r = get_review (user_data);
  KzGame *game = kz_window_get_game (r->window);
  stop_playing (r);
  if (!r->replay)
    {
      if (game && kz_game_get_ply (game) > 0)
        enter (r, kz_game_get_ply (game) - 1);
    }
  else
    kz_replay_previous (r->replay);
}

static void
next_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  Review *r = get_review (user_data);
  stop_playing (r);
  if (r->replay)
    kz_replay_next (r->replay);
}

static void
last_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  Review *r = get_review (user_data);
  stop_playing (r);
  if (r->replay)
    kz_replay_last (r->replay);
}

static gboolean
play_tick (gpointer data)
{
  Review *r = data;
  if (r->replay == NULL || !kz_replay_next (r->replay)
      || !kz_replay_get_can_go_forward (r->replay))
    {
      r->play_source = 0;
      if (r->replay)
        update_bar (r);
      return G_SOURCE_REMOVE;
    }
  return G_SOURCE_CONTINUE;
}

static void
start_playing (Review *r)
{
  g_clear_handle_id (&r->play_source, g_source_remove);
  r->play_source = g_timeout_add (speed_interval (r), play_tick, r);
  update_bar (r);
}

static void
play_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  Review *r = get_review (user_data);
  if (r->play_source)
    {
      stop_playing (r);
      return;
    }
  if (!r->replay && !enter (r, 0))
    return;
  /* At the end, play from the start again. */
  if (!kz_replay_get_can_go_forward (r->replay))
    kz_replay_first (r->replay);
  start_playing (r);
}

static void
goto_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  Review *r = get_review (user_data);
  guint ply = g_variant_get_uint32 (param);
  stop_playing (r);
  if (!r->replay)
    enter (r, ply);
  else
    kz_replay_goto (r->replay, MIN (ply, kz_replay_get_n_plies (r->replay)));
}

/* The players' names of a new two-player game, from the preferences
 * (empty: the side names). */
static GStrv
default_names (Review *r)
{
  GSettings *settings = get_settings (r);
  GStrv names = g_new0 (char *, 3);

  if (settings)
    {
      names[KZ_COSSACKS] = g_settings_get_string (settings, "cossacks-name");
      names[KZ_TURKS] = g_settings_get_string (settings, "turks-name");
    }
  return names;
}

static void
continue_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  Review *r = get_review (user_data);
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) game = NULL;
  g_auto (GStrv) names = default_names (r);
  KzStore *store = get_store (r);
  guint move;

  if (r->replay == NULL)
    return;
  move = kz_replay_get_move_number (r->replay);
  game = kz_replay_continue_from_here (r->replay, store, (const char *const *) names, &error);
  if (game == NULL && store && !g_error_matches (error, KZ_GAME_ERROR, KZ_GAME_ERROR_GAME_OVER))
    {
      /* The database refused: go on in memory and say so. */
      g_autofree char *text = g_strdup_printf (_("The new game is not saved: %s"), error->message);
      g_clear_error (&error);
      game = kz_replay_continue_from_here (r->replay, NULL, (const char *const *) names, &error);
      if (game)
        toast (r, text);
    }
  if (game == NULL)
    {
      toast (r, error->message);
      return;
    }
  leave (r);
  kz_window_set_game (r->window, game);
  if (move == 0)
    toast (r, _("A new game starts from the start position"));
  else
    {
      /* Translators: %u is a move number as in the move list */
      g_autofree char *text = g_strdup_printf (_("A new game starts from the position after move %u"), move);
      toast (r, text);
    }
}

/* The window's game as KGN into `file`; toasts the outcome. */
static gboolean
write_game (Review *r, GFile *file)
{
  KzGame *game = kz_window_get_game (r->window);
  g_autofree char *kgn = NULL;
  g_autofree char *name = NULL;
  g_autoptr (GError) error = NULL;

  if (game == NULL)
    return FALSE;
  kgn = kz_kgn_export_game (game);
  name = g_file_get_parse_name (file);
  if (!g_file_replace_contents (file, kgn, strlen (kgn), NULL, FALSE, G_FILE_CREATE_NONE,
                                NULL, NULL, &error))
    {
      /* Translators: the file name, then the reason */
      g_autofree char *text = g_strdup_printf (_("The game could not be saved to “%s”: %s"),
                                               name, error->message);
      toast (r, text);
      return FALSE;
    }
  {
    g_autofree char *text = g_strdup_printf (_("Game saved to “%s”"), name);
    toast (r, text);
  }
  return TRUE;
}

static void
export_game_chosen (GFile *file, gpointer data)
{
  g_autoptr (KzWindow) window = data;
  Review *r = get_review (window);
  if (file && r)
    write_game (r, file);
}

static char *
suggested_name (KzGame *game, const char *extension)
{
  g_autoptr (GDateTime) dt = NULL;
  gint64 t = kz_game_get_start_time (game);
  g_autofree char *date = NULL;

  dt = t > 0 ? g_date_time_new_from_unix_local (t) : g_date_time_new_now_local ();
  date = g_date_time_format (dt, "%Y-%m-%d");
  if (kz_game_get_id (game) > 0)
    return g_strdup_printf ("kazaki-%s-%" G_GINT64_FORMAT ".%s", date, kz_game_get_id (game),
                            extension);
  return g_strdup_printf ("kazaki-%s.%s", date, extension);
}

static const char *const kgn_patterns[] = { "*.kgn", NULL };
static const char *const image_patterns[] = { "*.png", "*.svg", NULL };

static void
export_game_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  KzGame *game = kz_window_get_game (self);
  g_autofree char *name = NULL;

  if (game == NULL)
    return;
  name = suggested_name (game, "kgn");
  kz_file_chooser_save (GTK_WINDOW (self), _("Export Game"), name, _("Kazaki games (KGN)"),
                        kgn_patterns, export_game_chosen, g_object_ref (self));
}

static void
export_game_to_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  g_autoptr (GFile) file = g_file_new_for_commandline_arg (g_variant_get_string (param, NULL));
  write_game (get_review (user_data), file);
}

static const KzPosition *
shown_position (Review *r)
{
  KzGame *game = kz_window_get_game (r->window);
  if (r->replay)
    return kz_replay_get_position (r->replay);
  return game ? kz_game_get_position (game) : NULL;
}

static void
copy_position_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  Review *r = get_review (user_data);
  KzGame *game = kz_window_get_game (r->window);
  g_autofree char *kpn = NULL;

  if (game == NULL)
    return;
  kpn = kz_game_dup_kpn_at (game, shown_ply (r));
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (r->window)), kpn);
  toast (r, _("Position copied (KPN)"));
}

static void
copy_moves_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  Review *r = get_review (user_data);
  KzGame *game = kz_window_get_game (r->window);
  g_autoptr (KzReplay) all = NULL;
  g_autofree char *text = NULL;

  if (game == NULL)
    return;
  all = kz_replay_new (game, 0);
  text = kz_replay_dup_moves_text (all);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (r->window)), text);
  toast (r, _("Moves copied"));
}

static void
paste_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (KzWindow) window = data;
  Review *r = get_review (window);
  g_autoptr (GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  g_autoptr (KzGame) game = NULL;
  KzGame *current;
  KzStore *store;

  if (r == NULL)
    return;
  if (text == NULL)
    {
      toast (r, _("The clipboard holds no text to read a position from"));
      return;
    }
  g_strstrip (text);
  game = kz_game_new_from_kpn (text, &error);
  if (game == NULL)
    {
      toast (r, error->message);
      return;
    }
  if (kz_game_is_over (game))
    {
      /* Translators: %s says how the game ended */
      g_autofree char *msg = g_strdup_printf (_("The pasted position is already decided: %s"),
                                              kz_termination_describe (kz_game_get_termination (game)));
      toast (r, msg);
      return;
    }
  current = kz_window_get_game (window);
  if (current)
    {
      g_auto (GStrv) names = default_names (r);
      kz_replay_copy_players (game, current, (const char *const *) names);
    }
  kz_game_set_start_time (game, g_get_real_time () / G_USEC_PER_SEC);
  store = get_store (r);
  if (store && kz_store_create_game (store, game, &error) == 0)
    {
      g_autofree char *msg = g_strdup_printf (_("The new game is not saved: %s"), error->message);
      toast (r, msg);
    }
  leave (r);
  kz_window_set_game (window, game);
  toast (r, _("A new game starts from the pasted position"));
}

static void
paste_position_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (self)), NULL, paste_done,
                                 g_object_ref (self));
}

static gboolean
write_image (Review *r, const char *path)
{
  KzGame *game = kz_window_get_game (r->window);
  guint ply = shown_ply (r);
  const KzPosition *pos = shown_position (r);
  g_autoptr (GError) error = NULL;
  KzPaintOptions options = { FALSE, TRUE, NULL };
  GSettings *settings = get_settings (r);
  KzBoardState state;

  if (r->replay)
    game = kz_replay_get_game (r->replay);
  if (pos == NULL || game == NULL)
    return FALSE;
  if (settings)
    options.flipped = g_settings_get_boolean (settings, "board-flipped");
  if (ply > 0)
    options.last_move = kz_game_get_move (game, ply - 1);
  /* the troop types of the pieces, for their emblems */
  kz_board_state_from_game (&state, game, ply);
  options.pieces = state.pieces;
  if (!kz_board_paint_to_file (path, pos, 720, &options, &error))
    {
      toast (r, error->message);
      return FALSE;
    }
  {
    g_autofree char *text = g_strdup_printf (_("Board saved to “%s”"), path);
    toast (r, text);
  }
  return TRUE;
}

static void
export_image_chosen (GFile *file, gpointer data)
{
  g_autoptr (KzWindow) window = data;
  Review *r = get_review (window);
  g_autofree char *path = NULL;

  if (file == NULL || r == NULL)
    return;
  path = g_file_get_path (file);
  if (path == NULL)
    {
      toast (r, _("The image can only be saved to a local file"));
      return;
    }
  write_image (r, path);
}

static void
export_image_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  KzGame *game = kz_window_get_game (self);
  g_autofree char *name = NULL;

  if (game == NULL)
    return;
  name = suggested_name (game, "png");
  kz_file_chooser_save (GTK_WINDOW (self), _("Export Board Image"), name,
                        _("Images (PNG or SVG)"), image_patterns, export_image_chosen,
                        g_object_ref (self));
}

static void
export_image_to_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  write_image (get_review (user_data), g_variant_get_string (param, NULL));
}

static const GActionEntry review_actions[] = {
  { "review", NULL, NULL, "false", review_change_state, { 0 } },
  { "open-game", open_game_activated, "x", NULL, NULL, { 0 } },
  { "replay-first", first_activated, NULL, NULL, NULL, { 0 } },
  { "replay-previous", previous_activated, NULL, NULL, NULL, { 0 } },
  { "replay-next", next_activated, NULL, NULL, NULL, { 0 } },
  { "replay-last", last_activated, NULL, NULL, NULL, { 0 } },
  { "replay-play", play_activated, NULL, NULL, NULL, { 0 } },
  { "replay-goto", goto_activated, "u", "uint32 0", NULL, { 0 } },
  { "continue-from-here", continue_activated, NULL, NULL, NULL, { 0 } },
  { "resume-game", resume_activated, NULL, NULL, NULL, { 0 } },
  { "export-game", export_game_activated, NULL, NULL, NULL, { 0 } },
  { "export-game-to", export_game_to_activated, "s", NULL, NULL, { 0 } },
  { "copy-position", copy_position_activated, NULL, NULL, NULL, { 0 } },
  { "copy-moves", copy_moves_activated, NULL, NULL, NULL, { 0 } },
  { "paste-position", paste_position_activated, NULL, NULL, NULL, { 0 } },
  { "export-image", export_image_activated, NULL, NULL, NULL, { 0 } },
  { "export-image-to", export_image_to_activated, "s", NULL, NULL, { 0 } },
};

/* ---- input -------------------------------------------------------------- */

static void
scrubber_changed (GtkAdjustment *adj, Review *r)
{
  if (r->updating_scrubber || r->replay == NULL)
    return;
  stop_playing (r);
  kz_replay_goto (r->replay, (guint) (gtk_adjustment_get_value (adj) + 0.5));
}

static void
speed_changed (Review *r)
{
  if (r->play_source)
    start_playing (r);
}

/* A click on a move in the move list: review from the position after it. */
static void
moves_clicked (GtkGestureClick *gesture, int n_press, double x, double y, Review *r)
{
  KzGame *game = kz_window_get_game (r->window);
  GtkWidget *w = gtk_widget_pick (GTK_WIDGET (r->moves_list), x, y, GTK_PICK_DEFAULT);
  GtkWidget *label = NULL, *row, *box;
  int col = 0, i;

  if (game == NULL)
    return;
  for (; w && w != GTK_WIDGET (r->moves_list); w = gtk_widget_get_parent (w))
    if (GTK_IS_LABEL (w) && gtk_widget_has_css_class (w, "move"))
      {
        label = w;
        break;
      }
  if (label == NULL)
    return;
  row = gtk_widget_get_ancestor (label, GTK_TYPE_LIST_BOX_ROW);
  box = gtk_widget_get_parent (label);
  if (row == NULL || box == NULL)
    return;
  for (GtkWidget *c = gtk_widget_get_first_child (box); c && c != label; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_has_css_class (c, "move"))
      col++;
  i = gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row)) * 2 + col - (turks_first (game) ? 1 : 0);
  if (i < 0 || (guint) i >= kz_game_get_ply (game))
    return;
  stop_playing (r);
  enter (r, (guint) i + 1);
}

enum { KEY_FIRST, KEY_PREVIOUS, KEY_PLAY, KEY_NEXT, KEY_LAST };

static gboolean
key_pressed (GtkWidget *widget, GVariant *args, gpointer data)
{
  Review *r = get_review (KZ_WINDOW (widget));
  static const char *const names[] = { "replay-first", "replay-previous", "replay-play",
                                       "replay-next", "replay-last" };

  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (widget));

  if (r == NULL || r->replay == NULL)
    return FALSE;      /* not reviewing: the key goes to the board */
  /* Text fields and dialogs shown inside the window keep their keys. */
  if (focus && GTK_IS_EDITABLE (focus))
    return FALSE;
#if ADW_CHECK_VERSION (1, 5, 0)
  if (focus && gtk_widget_get_ancestor (focus, ADW_TYPE_DIALOG))
    return FALSE;
#endif
  g_action_group_activate_action (G_ACTION_GROUP (widget), names[GPOINTER_TO_INT (data)], NULL);
  return TRUE;
}

static void
add_key (GtkShortcutController *controller, guint keyval, int what)
{
  gtk_shortcut_controller_add_shortcut (controller,
    gtk_shortcut_new (gtk_keyval_trigger_new (keyval, 0),
                      gtk_callback_action_new (key_pressed, GINT_TO_POINTER (what), NULL)));
}

/* ---- set-up ------------------------------------------------------------- */

static void
review_free (gpointer data)
{
  Review *r = data;
  g_clear_handle_id (&r->play_source, g_source_remove);
  g_clear_handle_id (&r->highlight_idle, g_source_remove);
  if (r->replay)
    g_signal_handlers_disconnect_by_data (r->replay, r);
  g_clear_object (&r->replay);
  g_clear_object (&r->builder);
  g_free (r);
}

static void
window_destroyed (KzWindow *self)
{
  Review *r = get_review (self);
  if (r)
    {
      g_clear_handle_id (&r->play_source, g_source_remove);
      g_clear_handle_id (&r->highlight_idle, g_source_remove);
    }
}

void
kz_window_replay_init (KzWindow *self)
{
  Review *r = g_new0 (Review, 1);
  GtkWidget *column;
  GtkGesture *click;
  GtkEventController *keys;

  r->window = self;
  r->live_board = KZ_BOARD_VIEW (gtk_widget_get_template_child (GTK_WIDGET (self), KZ_TYPE_WINDOW,
                                                                "board_view"));
  r->moves_list = GTK_LIST_BOX (gtk_widget_get_template_child (GTK_WIDGET (self), KZ_TYPE_WINDOW,
                                                               "moves_list"));
  r->moves_scroller = GTK_SCROLLED_WINDOW (gtk_widget_get_template_child (GTK_WIDGET (self),
                                                                          KZ_TYPE_WINDOW,
                                                                          "moves_scroller"));
  r->status_label = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (self), KZ_TYPE_WINDOW,
                                                               "status_label"));
  r->detail_label = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (self), KZ_TYPE_WINDOW,
                                                               "detail_label"));
#define CHILD(name) gtk_widget_get_template_child (GTK_WIDGET (self), KZ_TYPE_WINDOW, name)
  r->cards[KZ_COSSACKS] = GTK_WIDGET (CHILD ("cossacks_card"));
  r->cards[KZ_TURKS] = GTK_WIDGET (CHILD ("turks_card"));
  r->pieces_labels[KZ_COSSACKS] = GTK_LABEL (CHILD ("cossacks_pieces_label"));
  r->pieces_labels[KZ_TURKS] = GTK_LABEL (CHILD ("turks_pieces_label"));
  r->flag_labels[KZ_COSSACKS] = GTK_LABEL (CHILD ("cossacks_flag_label"));
  r->flag_labels[KZ_TURKS] = GTK_LABEL (CHILD ("turks_flag_label"));
#undef CHILD
  r->builder = gtk_builder_new_from_resource (RESOURCE_BASE "/kz-replay-bar.ui");
  r->bar = GTK_WIDGET (gtk_builder_get_object (r->builder, "replay_bar"));
  r->caption = GTK_LABEL (gtk_builder_get_object (r->builder, "caption"));
  r->scrubber = GTK_ADJUSTMENT (gtk_builder_get_object (r->builder, "scrubber_adjustment"));
  r->play_button = GTK_BUTTON (gtk_builder_get_object (r->builder, "play_button"));
  r->resume_button = GTK_WIDGET (gtk_builder_get_object (r->builder, "resume_button"));
  r->done_button = GTK_WIDGET (gtk_builder_get_object (r->builder, "done_button"));
  r->speed = GTK_DROP_DOWN (gtk_builder_get_object (r->builder, "speed"));
  g_object_set_data_full (G_OBJECT (self), REVIEW_KEY, r, review_free);

  /* The review board and the bar go under the window's board; only one
   * of the two boards is shown at a time. */
  r->review_board = kz_board_view_new ();
  gtk_widget_set_hexpand (r->review_board, TRUE);
  gtk_widget_set_vexpand (r->review_board, TRUE);
  kz_board_view_set_interactive (KZ_BOARD_VIEW (r->review_board), FALSE);
  gtk_widget_set_visible (r->review_board, FALSE);
  gtk_widget_set_visible (r->bar, FALSE);
  column = gtk_widget_get_parent (GTK_WIDGET (r->live_board));
  g_return_if_fail (GTK_IS_BOX (column));
  gtk_box_insert_child_after (GTK_BOX (column), r->review_board, GTK_WIDGET (r->live_board));
  gtk_box_insert_child_after (GTK_BOX (column), r->bar, r->review_board);

  g_action_map_add_action_entries (G_ACTION_MAP (self), review_actions,
                                   G_N_ELEMENTS (review_actions), self);

  g_signal_connect (r->scrubber, "value-changed", G_CALLBACK (scrubber_changed), r);
  g_signal_connect_swapped (r->speed, "notify::selected", G_CALLBACK (speed_changed), r);

  click = gtk_gesture_click_new ();
  g_signal_connect (click, "released", G_CALLBACK (moves_clicked), r);
  gtk_widget_add_controller (GTK_WIDGET (r->moves_list), GTK_EVENT_CONTROLLER (click));

  keys = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  add_key (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_Home, KEY_FIRST);
  add_key (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_Left, KEY_PREVIOUS);
  add_key (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_space, KEY_PLAY);
  add_key (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_Right, KEY_NEXT);
  add_key (GTK_SHORTCUT_CONTROLLER (keys), GDK_KEY_End, KEY_LAST);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  g_signal_connect (self, "destroy", G_CALLBACK (window_destroyed), NULL);
  update_actions (r);
}

void
kz_window_replay_follow_session (KzWindow *self, KzSession *session)
{
  g_signal_connect_object (session, "opened", G_CALLBACK (session_opened), self,
                           G_CONNECT_SWAPPED);
}
