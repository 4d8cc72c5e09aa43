/* kz-window.c — the main window: the board, the side panel, the game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kz-board-view.h"
#include "kz-computer-player.h"
#include "kz-dialogs.h"
#include "kz-store.h"
#include "kz-sounds.h"
#include "kz-window.h"
#include "kz-window-replay.h"

struct _KzWindow {
  AdwApplicationWindow parent_instance;

  /* template children */
  AdwToastOverlay *toast_overlay;
  AdwWindowTitle  *window_title;
  KzBoardView     *board_view;
  GtkWidget       *side_panel;
  GtkWidget       *main_box;
  GtkWidget       *board_column;
  GtkWidget       *board_box;     /* the boards, under the toasts */
  GtkLabel        *status_label;
  GtkLabel        *detail_label;
  GtkSpinner      *thinking_spinner;
  GtkWidget       *cossacks_card;
  GtkWidget       *turks_card;
  GtkLabel        *cossacks_name_label;
  GtkLabel        *cossacks_pieces_label;
  GtkLabel        *cossacks_flag_label;
  GtkLabel        *turks_name_label;
  GtkLabel        *turks_pieces_label;
  GtkLabel        *turks_flag_label;
  GtkListBox      *moves_list;
  GtkScrolledWindow *moves_scroller;
  GtkLabel        *storage_label;

  KzSession       *session;      /* the database and the game (the window follows it) */
  GSettings       *settings;
  KzSounds        *sounds;
  KzGame          *game;         /* the session's game, as shown */

  GCancellable    *computer_cancellable;
  gboolean         thinking;
  gboolean         game_over_pending;   /* show the dialog after the animation */
  AdwToast        *current_toast;   /* on screen; see kz_window_show_toast() */
  GObject         *game_over_dialog;
  gboolean         storage_warned;
  GObject         *pending_alert;
  gboolean         narrow;
  gboolean         auto_flipped;  /* the board was turned for a human playing the Turks */
};

G_DEFINE_FINAL_TYPE (KzWindow, kz_window, ADW_TYPE_APPLICATION_WINDOW)

static void update_everything (KzWindow *self);
static void maybe_start_computer (KzWindow *self);

/* ---- small helpers --------------------------------------------------- */

static void
current_toast_dismissed (AdwToast *t, KzWindow *self)
{
  if (self->current_toast == t)
    {
      g_signal_handlers_disconnect_by_data (t, self);
      g_clear_object (&self->current_toast);
    }
}

/* One toast at a time: a message while the previous one is still shown
 * replaces its text.  Dismissing a toast and adding another in quick
 * succession can crash libadwaita 1.2 (adw_animation_skip on a freed
 * toast widget), and a queue of refusals would be hard to read anyway. */
void
kz_window_show_toast (KzWindow *self, const char *text)
{
  AdwToast *t;

  g_return_if_fail (KZ_IS_WINDOW (self));
  if (self->current_toast)
    {
      adw_toast_set_title (self->current_toast, text);
      return;
    }
  t = adw_toast_new (text);
  adw_toast_set_timeout (t, 4);
  self->current_toast = g_object_ref (t);
  g_signal_connect (t, "dismissed", G_CALLBACK (current_toast_dismissed), self);
  adw_toast_overlay_add_toast (self->toast_overlay, t);
}

static void
toast (KzWindow *self, const char *text)
{
  kz_window_show_toast (self, text);
}

static void
refusal (KzWindow *self, const char *text)
{
  kz_window_show_toast (self, text);
}

static const char *
side_name (KzSide side)
{
  return side == KZ_COSSACKS ? _("Cossacks") : _("Turks");
}

static gboolean
is_computer (KzWindow *self, KzSide side)
{
  return kz_game_get_player_kind (self->game, side) == KZ_PLAYER_COMPUTER;
}

static gboolean
is_human (KzWindow *self, KzSide side)
{
  return kz_game_get_player_kind (self->game, side) == KZ_PLAYER_HUMAN;
}

static gboolean
against_computer (KzWindow *self)
{
  return is_computer (self, KZ_COSSACKS) || is_computer (self, KZ_TURKS);
}

/* One human against the computer (not two humans, and not a game
 * without a human, such as the computer against itself). */
static gboolean
human_vs_computer (KzWindow *self)
{
  return is_human (self, KZ_COSSACKS) != is_human (self, KZ_TURKS);
}

/* The side a human plays against the computer (Cossacks when both or
 * neither are humans). */
static KzSide
human_side (KzWindow *self)
{
  if (is_human (self, KZ_TURKS) && !is_human (self, KZ_COSSACKS))
    return KZ_TURKS;
  return KZ_COSSACKS;
}

static guint
animation_duration (KzWindow *self)
{
  g_autofree char *speed = g_settings_get_string (self->settings, "animation-speed");

  if (g_str_equal (speed, "off"))
    return 0;
  if (g_str_equal (speed, "slow"))
    return 450;
  if (g_str_equal (speed, "fast"))
    return 140;
  return 260;
}

/* Tells the player once that games are not being saved. */
static void
warn_storage (KzWindow *self, const char *what, const GError *error)
{
  const char *path = kz_session_get_store_path (self->session);
  g_autofree char *body = NULL;
  g_autofree char *label = NULL;
  GObject *alert;

  label = g_strdup_printf (_("Not saving: games are kept in memory only (%s)"), path ? path : "?");
  gtk_label_set_text (self->storage_label, label);
  gtk_widget_set_visible (GTK_WIDGET (self->storage_label), TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->storage_label), error ? error->message : NULL);

  if (self->storage_warned)
    return;
  self->storage_warned = TRUE;
  body = g_strdup_printf (_("%s You can play on, but the games of this session will not be saved."),
                          what);
  alert = kz_alert_new (_("Games Cannot Be Saved"), body);
  /* The database's own words (they name the file and say whether it was
   * left alone), in a box of limited height: an integrity check can
   * list many lines, and the button must stay on screen. */
  if (error || path)
    {
      g_autofree char *details = NULL;
      GtkWidget *scrolled = gtk_scrolled_window_new ();
      GtkWidget *text;

      if (error && path && strstr (error->message, path) == NULL)
        /* Translators: the first %s is the database's error message, the second a file name */
        details = g_strdup_printf (_("%s\n\nThe database file is %s."), error->message, path);
      else if (error)
        details = g_strdup (error->message);
      else
        details = g_strdup_printf (_("The database file is %s."), path);
      text = gtk_label_new (details);
      gtk_label_set_wrap (GTK_LABEL (text), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (text), PANGO_WRAP_WORD_CHAR);
      /* A natural width near the dialog's, so that its height is asked
       * for about the width it gets. */
      gtk_label_set_max_width_chars (GTK_LABEL (text), 40);
      gtk_label_set_selectable (GTK_LABEL (text), TRUE);
      gtk_label_set_xalign (GTK_LABEL (text), 0);
      gtk_label_set_yalign (GTK_LABEL (text), 0);
      gtk_widget_add_css_class (text, "dim-label");
      gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                      GTK_POLICY_AUTOMATIC);
      gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
      gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 160);
      gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), text);
      kz_alert_set_extra_child (alert, scrolled);
    }
  kz_alert_add_response (alert, "ok", _("_Play Without Saving"), ADW_RESPONSE_SUGGESTED);
  kz_alert_set_default (alert, "ok", "ok");
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    kz_alert_present (alert, GTK_WIDGET (self), NULL, NULL);
  else
    {
      /* Not shown yet (at start): present it once the window is up, so
       * it is not hidden behind the window. */
      g_clear_object (&self->pending_alert);
      self->pending_alert = g_object_ref_sink (alert);
    }
}

static gboolean
present_pending_alert (gpointer user_data)
{
  KzWindow *self = user_data;

  if (self->pending_alert)
    {
      GObject *alert = g_steal_pointer (&self->pending_alert);
      kz_alert_present (alert, GTK_WIDGET (self), NULL, NULL);
      g_object_unref (alert);
    }
  return G_SOURCE_REMOVE;
}

static void
window_mapped (KzWindow *self)
{
  if (self->pending_alert)
    g_timeout_add_full (G_PRIORITY_DEFAULT, 200, present_pending_alert,
                        g_object_ref (self), g_object_unref);
}

/* ---- the game -------------------------------------------------------- */

static void
stop_computer (KzWindow *self)
{
  if (self->computer_cancellable)
    {
      g_cancellable_cancel (self->computer_cancellable);
      g_clear_object (&self->computer_cancellable);
    }
  self->thinking = FALSE;
}

static void
show_board (KzWindow *self, gboolean animate_last)
{
  KzBoardState state;
  guint ply = kz_game_get_ply (self->game);

  kz_board_state_from_game (&state, self->game, ply);
  if (animate_last && ply > 0)
    {
      KzBoardState before;
      kz_board_state_from_game (&before, self->game, ply - 1);
      kz_board_view_set_state (self->board_view, &state, &before);
      kz_sounds_play (self->sounds, kz_sound_for_move (&before, &state));
    }
  else
    kz_board_view_set_state (self->board_view, &state, NULL);
}

/* Against the computer, a human playing the Turks sees the board from
 * their side (Turks at the bottom).  Only a turn made here is undone for
 * the next game; a flip by the player is theirs to keep. */
static void
orient_board (KzWindow *self)
{
  gboolean flipped = g_settings_get_boolean (self->settings, "board-flipped");

  if (human_vs_computer (self) && human_side (self) == KZ_TURKS)
    {
      if (!flipped)
        {
          g_settings_set_boolean (self->settings, "board-flipped", TRUE);
          self->auto_flipped = TRUE;
        }
    }
  else if (self->auto_flipped)
    {
      self->auto_flipped = FALSE;
      if (flipped)
        g_settings_set_boolean (self->settings, "board-flipped", FALSE);
    }
}

/* The card of the side drawn at the top of the board is on top. */
static void
board_flipped_changed (KzWindow *self)
{
  gboolean flipped = kz_board_view_get_flipped (self->board_view);
  GtkWidget *top = flipped ? self->cossacks_card : self->turks_card;
  GtkWidget *bottom = flipped ? self->turks_card : self->cossacks_card;

  gtk_box_reorder_child_after (GTK_BOX (self->side_panel), top, NULL);
  gtk_box_reorder_child_after (GTK_BOX (self->side_panel), bottom,
                               GTK_WIDGET (self->moves_scroller));
}

/* Replaces the window's game (already stored or in memory). */
static void
set_game (KzWindow *self, KzGame *game)
{
  stop_computer (self);
  if (self->game_over_dialog)
    {
      kz_alert_close (self->game_over_dialog);
      self->game_over_dialog = NULL;
    }
  self->game_over_pending = FALSE;
  g_set_object (&self->game, game);
  orient_board (self);
  kz_window_replay_game_changed (self);
  show_board (self, FALSE);
  update_everything (self);
  maybe_start_computer (self);
}

/* Stores a new game; on a database error go on in memory and say so. */
static void
store_new_game (KzWindow *self, KzGame *game)
{
  g_autoptr (GError) error = NULL;

  if (!kz_session_record_game (self->session, game, &error))
    warn_storage (self, _("The new game could not be recorded in the database."), error);
}

static KzGame *
new_game_from_settings (KzWindow *self, gboolean computer)
{
  KzGame *game = kz_game_new ();
  g_autofree char *cossacks = g_settings_get_string (self->settings, "cossacks-name");
  g_autofree char *turks = g_settings_get_string (self->settings, "turks-name");
  g_autofree char *side = g_settings_get_string (self->settings, "player-side");
  int level = g_settings_get_int (self->settings, "computer-level");

  if (computer)
    {
      KzSide human = g_str_equal (side, "turks") ? KZ_TURKS : KZ_COSSACKS;
      KzSide comp = KZ_OTHER (human);
      const char *human_name = human == KZ_COSSACKS ? cossacks : turks;

      kz_game_set_player (game, human, *human_name ? human_name : _("Player"), KZ_PLAYER_HUMAN, 0);
      kz_game_set_player (game, comp, _("Computer"), KZ_PLAYER_COMPUTER, level);
    }
  else
    {
      kz_game_set_player (game, KZ_COSSACKS, *cossacks ? cossacks : _("Cossacks"), KZ_PLAYER_HUMAN, 0);
      kz_game_set_player (game, KZ_TURKS, *turks ? turks : _("Turks"), KZ_PLAYER_HUMAN, 0);
    }
  kz_game_set_start_time (game, g_get_real_time () / G_USEC_PER_SEC);
  return game;
}

static void
start_new_game (KzWindow *self, gboolean computer)
{
  g_autoptr (KzGame) game = new_game_from_settings (self, computer);

  g_settings_set_string (self->settings, "last-game-kind", computer ? "computer" : "two-players");
  store_new_game (self, game);
  kz_session_set_game (self->session, game);
}

/* On start: resume the newest unfinished game, else begin one. */
static void
load_initial_game (KzWindow *self)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) game = NULL;
  gint64 id = 0;
  guint count = 0;
  gboolean computer;
  g_autofree char *kind = NULL;

  KzStore *store = kz_session_get_store (self->session);

  if (store == NULL)
    {
      const GError *open_error = kz_session_get_store_error (self->session);
      warn_storage (self, _("The game database could not be opened."), open_error);
    }

  if (store && kz_store_find_unfinished (store, &id, &error) && id != 0)
    {
      game = kz_store_load_game (store, id, &error);
      if (game)
        {
          kz_session_set_game (self->session, game);
          return;
        }
    }
  if (error)
    {
      g_autofree char *text = g_strdup_printf (_("The unfinished game could not be resumed: %s"),
                                               error->message);
      toast (self, text);
      g_clear_error (&error);
    }

  /* First start (no game at all): two players, playable at once. */
  kind = g_settings_get_string (self->settings, "last-game-kind");
  computer = g_str_equal (kind, "computer");
  if (store && kz_store_count_games (store, NULL, &count, NULL) && count == 0)
    computer = FALSE;
  start_new_game (self, computer);
}

static void show_game_over (KzWindow *self);

/* After every change of the game (or its position on the board). */
static void
after_change (KzWindow *self, gboolean animate)
{
  show_board (self, animate);
  update_everything (self);
  if (kz_game_is_over (self->game))
    {
      self->game_over_pending = TRUE;
      if (!kz_board_view_get_animating (self->board_view))
        show_game_over (self);
    }
  else
    maybe_start_computer (self);
}

/* Plays a move; the store commits before the board shows it. */
static gboolean
play_move (KzWindow *self, const KzMove *move)
{
  g_autoptr (GError) error = NULL;

  if (!kz_game_play (self->game, move, &error))
    {
      if (g_error_matches (error, KZ_GAME_ERROR, KZ_GAME_ERROR_STORE))
        {
          /* The database refused: keep the game in memory and go on. */
          warn_storage (self, _("A move could not be saved in the database."), error);
          kz_session_drop_store (self->session, error);
          g_clear_error (&error);
          if (!kz_game_play (self->game, move, &error))
            {
              refusal (self, error->message);
              return FALSE;
            }
        }
      else
        {
          refusal (self, error->message);
          return FALSE;
        }
    }
  after_change (self, TRUE);
  return TRUE;
}

static void
computer_done (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr (KzWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  KzMove move;

  /* Stopped meanwhile (undo, new game, window closed): drop the answer. */
  if (g_cancellable_is_cancelled (g_task_get_cancellable (G_TASK (result))) || self->game == NULL)
    return;
  if (!kz_computer_player_choose_finish (result, &move, NULL, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          self->thinking = FALSE;
          g_clear_object (&self->computer_cancellable);
          update_everything (self);
          refusal (self, error->message);
        }
      return;
    }
  self->thinking = FALSE;
  g_clear_object (&self->computer_cancellable);
  play_move (self, &move);
}

static void
maybe_start_computer (KzWindow *self)
{
  KzSide side;

  if (self->thinking || self->game == NULL || kz_game_is_over (self->game))
    return;
  /* A game opened from the library is for review until it is resumed. */
  if (kz_session_get_read_only (self->session))
    return;
  side = kz_game_get_side_to_move (self->game);
  if (!is_computer (self, side))
    return;
  self->thinking = TRUE;
  self->computer_cancellable = g_cancellable_new ();
  kz_computer_player_choose_async (self->game, kz_game_get_player_level (self->game, side), 600,
                                   self->computer_cancellable, computer_done, g_object_ref (self));
  update_everything (self);
}

/* ---- the side panel and the status ----------------------------------- */

static char *
flag_text (const KzPosition *pos, KzSide owner)
{
  int where = pos->flag[owner];
  int carrier;

  if (where == KZ_FLAG_HOME)
    /* Translators: %s is a point such as c2 */
    return g_strdup_printf (_("Flag at home on %s"), kz_point_name (kz_centre (owner)));
  carrier = kz_position_piece_at (pos, where);
  if (carrier == KZ_TURKS)
    return g_strdup_printf (_("Flag carried by a Turk on %s"), kz_point_name (where));
  return g_strdup_printf (_("Flag carried by a Cossack on %s"), kz_point_name (where));
}

static char *
outcome_text (KzGame *game)
{
  KzResult result = kz_game_get_result (game);
  KzTermination termination = kz_game_get_termination (game);
  const char *winner = result == KZ_RESULT_COSSACKS_WIN ? _("Cossacks") : _("Turks");

  if (result == KZ_RESULT_DRAW)
    {
      if (termination == KZ_TERMINATION_REPETITION)
        return g_strdup (_("Draw: the same position occurred three times"));
      if (termination == KZ_TERMINATION_TIME_FORFEIT)
        return g_strdup (_("Draw: time ran out"));
      return g_strdup (_("Draw by agreement"));
    }
  switch (termination)
    {
    case KZ_TERMINATION_FLAG:
      /* Translators: %s is "Cossacks" or "Turks" */
      return g_strdup_printf (_("%s win: flag brought home"), winner);
    case KZ_TERMINATION_ANNIHILATION:
      return g_strdup_printf (_("%s win: all enemy pieces taken"), winner);
    case KZ_TERMINATION_BLOCKED:
      return g_strdup_printf (_("%s win: the opponent cannot move"), winner);
    case KZ_TERMINATION_RESIGNATION:
      return g_strdup (result == KZ_RESULT_COSSACKS_WIN ? _("Cossacks win: the Turks resigned")
                                                        : _("Turks win: the Cossacks resigned"));
    case KZ_TERMINATION_TIME_FORFEIT:
      /* Translators: %s is "Cossacks" or "Turks" */
      return g_strdup_printf (_("%s win on time"), winner);
    case KZ_TERMINATION_NONE:
    case KZ_TERMINATION_REPETITION:
    case KZ_TERMINATION_AGREEMENT:
    default:
      return g_strdup_printf (_("%s win"), winner);
    }
}

static void
update_status (KzWindow *self)
{
  const KzPosition *pos = kz_game_get_position (self->game);
  KzSide side = kz_game_get_side_to_move (self->game);
  GString *detail = g_string_new (NULL);

  if (kz_game_is_over (self->game))
    {
      g_autofree char *text = outcome_text (self->game);
      gtk_label_set_text (self->status_label, text);
    }
  else if (self->thinking)
    {
      g_autofree char *text = g_strdup_printf (_("%s to move — the computer is thinking…"), side_name (side));
      gtk_label_set_text (self->status_label, text);
    }
  else if (human_vs_computer (self))
    {
      g_autofree char *text = g_strdup_printf (_("%s to move — your turn"), side_name (side));
      gtk_label_set_text (self->status_label, text);
    }
  else
    {
      g_autofree char *text = g_strdup_printf (_("%s to move"), side_name (side));
      gtk_label_set_text (self->status_label, text);
    }

  if (!kz_game_is_over (self->game) && kz_game_capture_compulsory (self->game))
    g_string_append (detail, _("A capture is compulsory"));
  for (int f = 0; f < 2; f++)
    if (pos->flag[f] != KZ_FLAG_HOME)
      {
        int carrier = kz_position_piece_at (pos, pos->flag[f]);
        const char *text;
        if (carrier == KZ_TURKS)
          text = f == KZ_COSSACKS ? _("Turks carry the Cossack flag") : _("Turks carry their own flag");
        else
          text = f == KZ_TURKS ? _("Cossacks carry the Turkish flag") : _("Cossacks carry their own flag");
        if (detail->len)
          g_string_append (detail, " · ");
        g_string_append (detail, text);
      }
  gtk_label_set_text (self->detail_label, detail->str);
  g_string_free (detail, TRUE);
}

static void
update_side (KzWindow *self, KzSide side, GtkWidget *card, GtkLabel *name_label,
             GtkLabel *pieces_label, GtkLabel *flag_label)
{
  const KzPosition *pos = kz_game_get_position (self->game);
  int n = kz_popcount (pos->pieces[side]);
  const char *name = kz_game_get_player_name (self->game, side);
  g_autofree char *title = NULL;
  g_autofree char *pieces = NULL;
  g_autofree char *flag = flag_text (pos, side);

  if (name == NULL || *name == '\0' || g_str_equal (name, side_name (side)))
    title = g_strdup (side_name (side));
  else
    /* Translators: side — player's name, e.g. "Cossacks — Ivan" */
    title = g_strdup_printf (_("%s — %s"), side_name (side), name);
  gtk_label_set_text (name_label, title);
  pieces = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d piece left", "%d pieces left", n), n);
  gtk_label_set_text (pieces_label, pieces);
  gtk_label_set_text (flag_label, flag);
  if (!kz_game_is_over (self->game) && kz_game_get_side_to_move (self->game) == side)
    gtk_widget_add_css_class (card, "to-move");
  else
    gtk_widget_remove_css_class (card, "to-move");
}

static void
update_moves (KzWindow *self)
{
  guint ply = kz_game_get_ply (self->game);
  const KzPosition *start = kz_game_get_start_position (self->game);
  gboolean turks_first = start->side == KZ_TURKS;
  GtkWidget *child;
  GtkWidget *current = NULL;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->moves_list))))
    {
      if (GTK_IS_LIST_BOX_ROW (child))
        gtk_list_box_remove (self->moves_list, child);
      else
        break;
    }

  for (guint i = 0; i < ply;)
    {
      guint number = (i + (turks_first ? 1 : 0)) / 2 + 1;
      GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 6);
      g_autofree char *num = g_strdup_printf ("%u.", number);
      GtkWidget *label = gtk_label_new (num);

      gtk_widget_add_css_class (label, "move-number");
      gtk_label_set_width_chars (GTK_LABEL (label), 4);
      gtk_label_set_xalign (GTK_LABEL (label), 1);
      gtk_box_append (GTK_BOX (row), label);

      for (int col = 0; col < 2; col++)
        {
          GtkWidget *move_label;
          gboolean empty = (col == 0 && i == 0 && turks_first) || i >= ply;

          const char *text = empty ? "…" : kz_game_get_move_text (self->game, i);

          /* Both columns the same width in every row (the same natural
           * width, the same share of the rest), so they line up; a long
           * chain is cut short, whole in its tooltip. */
          move_label = gtk_label_new (text);
          gtk_label_set_xalign (GTK_LABEL (move_label), 0);
          gtk_widget_set_hexpand (move_label, TRUE);
          gtk_label_set_width_chars (GTK_LABEL (move_label), 8);
          gtk_label_set_max_width_chars (GTK_LABEL (move_label), 8);
          gtk_label_set_ellipsize (GTK_LABEL (move_label), PANGO_ELLIPSIZE_END);
          if (g_utf8_strlen (text, -1) > 8)
            gtk_widget_set_tooltip_text (move_label, text);
          gtk_widget_add_css_class (move_label, "move");
          if (!empty)
            {
              if (i == ply - 1)
                {
                  gtk_widget_add_css_class (move_label, "current");
                  current = row;
                }
              i++;
            }
          gtk_box_append (GTK_BOX (row), move_label);
        }
      gtk_list_box_append (self->moves_list, row);
    }

  /* Keep the current move in view. */
  if (current)
    {
      GtkAdjustment *adj = gtk_scrolled_window_get_vadjustment (self->moves_scroller);
      gtk_adjustment_set_value (adj, gtk_adjustment_get_upper (adj));
    }
}

static void
update_actions (KzWindow *self)
{
  gboolean over = kz_game_is_over (self->game);
  gboolean human_turn = !over && !is_computer (self, kz_game_get_side_to_move (self->game));
  /* A stored game opened from the library is for review: it stays as recorded. */
  gboolean review_only = kz_session_get_read_only (self->session);
  GAction *action;

#define ENABLE(name, value) \
  action = g_action_map_lookup_action (G_ACTION_MAP (self), name); \
  if (action) g_simple_action_set_enabled (G_SIMPLE_ACTION (action), (value) && !review_only)

  ENABLE ("undo", kz_game_get_can_undo (self->game));
  ENABLE ("redo", kz_game_get_can_redo (self->game));
  ENABLE ("resign", !over);
  ENABLE ("offer-draw", !over);
  ENABLE ("hint", human_turn && !self->thinking);
#undef ENABLE
}

static void
update_everything (KzWindow *self)
{
  KzSide side;
  gboolean over, interactive;
  g_autofree char *subtitle = NULL;

  if (self->game == NULL)
    return;
  side = kz_game_get_side_to_move (self->game);
  over = kz_game_is_over (self->game);
  interactive = !over && !self->thinking && !is_computer (self, side);
  kz_board_view_set_interactive (self->board_view, interactive);

  gtk_widget_set_visible (GTK_WIDGET (self->thinking_spinner), self->thinking);
  gtk_spinner_set_spinning (self->thinking_spinner, self->thinking);

  update_status (self);
  update_side (self, KZ_COSSACKS, self->cossacks_card, self->cossacks_name_label,
               self->cossacks_pieces_label, self->cossacks_flag_label);
  update_side (self, KZ_TURKS, self->turks_card, self->turks_name_label,
               self->turks_pieces_label, self->turks_flag_label);
  update_moves (self);
  update_actions (self);

  if (human_vs_computer (self))
    subtitle = g_strdup_printf (_("Against the computer, level %d"),
                                kz_game_get_player_level (self->game, KZ_OTHER (human_side (self))));
  else if (!is_human (self, KZ_COSSACKS))
    subtitle = g_strdup (_("The computer against itself"));
  else
    subtitle = g_strdup (_("Two players"));
  adw_window_title_set_subtitle (self->window_title, subtitle);
}

/* ---- game over ------------------------------------------------------- */

static void
game_over_response (GObject *dialog, const char *response, gpointer user_data)
{
  KzWindow *self = user_data;

  self->game_over_dialog = NULL;
  if (g_strcmp0 (response, "new-game") == 0)
    kz_window_show_new_game (self);
  else if (g_strcmp0 (response, "review") == 0)
    /* The same as win.review (Ctrl+R): the finished game, step by step. */
    g_action_group_change_action_state (G_ACTION_GROUP (self), "review",
                                        g_variant_new_boolean (TRUE));
}

/* Who resigned, as a sentence. */
static char *
resigned_text (KzWindow *self, KzSide loser)
{
  const char *name = kz_game_get_player_name (self->game, loser);

  if (human_vs_computer (self))
    return g_strdup (is_human (self, loser) ? _("You resigned.") : _("The computer resigned."));
  if (name && *name && !g_str_equal (name, side_name (loser)))
    /* Translators: %s is the player's name */
    return g_strdup_printf (loser == KZ_COSSACKS ? _("The Cossacks (%s) resigned.")
                                                 : _("The Turks (%s) resigned."), name);
  return g_strdup (loser == KZ_COSSACKS ? _("The Cossacks resigned.") : _("The Turks resigned."));
}

/* How the game ended, as a sentence for the game-over dialog. */
static char *
ending_text (KzWindow *self)
{
  KzResult result = kz_game_get_result (self->game);
  KzSide winner = result == KZ_RESULT_TURKS_WIN ? KZ_TURKS : KZ_COSSACKS;
  gboolean cossacks = winner == KZ_COSSACKS;

  switch (kz_game_get_termination (self->game))
    {
    case KZ_TERMINATION_FLAG:
      return g_strdup (cossacks ? _("A Cossack carried the Turkish flag home to c2.")
                                : _("A Turk carried the Cossack flag home to c8."));
    case KZ_TERMINATION_ANNIHILATION:
      return g_strdup (cossacks ? _("Every Turkish piece has been taken.")
                                : _("Every Cossack piece has been taken."));
    case KZ_TERMINATION_BLOCKED:
      return g_strdup (cossacks ? _("The Turks have no move left.")
                                : _("The Cossacks have no move left."));
    case KZ_TERMINATION_REPETITION:
      return g_strdup (_("The same position occurred for the third time."));
    case KZ_TERMINATION_AGREEMENT:
      return g_strdup (_("Both sides agreed to a draw."));
    case KZ_TERMINATION_RESIGNATION:
      return resigned_text (self, KZ_OTHER (winner));
    case KZ_TERMINATION_TIME_FORFEIT:
      if (result == KZ_RESULT_DRAW)
        return g_strdup (_("Time ran out, but the other side has no pieces left to win with."));
      return g_strdup (cossacks ? _("The Turks ran out of time.") : _("The Cossacks ran out of time."));
    case KZ_TERMINATION_NONE:
    default:
      return g_strdup ("");
    }
}

static void
show_game_over (KzWindow *self)
{
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  KzResult result = kz_game_get_result (self->game);
  GObject *alert;

  self->game_over_pending = FALSE;
  if (self->game_over_dialog)
    return;

  if (result == KZ_RESULT_DRAW)
    heading = g_strdup (_("Draw"));
  else if (human_vs_computer (self))
    heading = g_strdup ((result == KZ_RESULT_COSSACKS_WIN) == (human_side (self) == KZ_COSSACKS)
                        ? _("You Win!") : _("The Computer Wins"));
  else
    heading = g_strdup_printf (_("%s Win"), result == KZ_RESULT_COSSACKS_WIN ? _("Cossacks") : _("Turks"));
  body = ending_text (self);
  {
    g_autofree char *said = g_strdup_printf ("%s. %s", heading, body);
    kz_board_view_announce (self->board_view, said);
  }
  /* A flag brought home has its own sound, played with the move. */
  if (kz_game_get_termination (self->game) != KZ_TERMINATION_FLAG)
    kz_sounds_play (self->sounds, KZ_SOUND_GAME_END);

  alert = kz_alert_new (heading, body);
  kz_alert_add_response (alert, "review", _("_Review"), ADW_RESPONSE_DEFAULT);
  kz_alert_add_response (alert, "new-game", _("_New Game"), ADW_RESPONSE_SUGGESTED);
  /* Escape only closes it: the finished game stays on the board. */
  kz_alert_set_default (alert, "new-game", "close");
  self->game_over_dialog = alert;
  kz_alert_present (alert, GTK_WIDGET (self), game_over_response, self);
}

static void
animation_done (KzWindow *self)
{
  if (self->game != NULL && self->game_over_pending)
    show_game_over (self);
}

/* ---- new game dialog ------------------------------------------------- */

typedef struct {
  KzWindow    *self;
  GtkBuilder  *builder;
} NewGameData;

static void
new_game_sensitivity (NewGameData *data)
{
  AdwComboRow *opponent = ADW_COMBO_ROW (gtk_builder_get_object (data->builder, "opponent_row"));
  gboolean computer = adw_combo_row_get_selected (opponent) == 1;

  AdwComboRow *side = ADW_COMBO_ROW (gtk_builder_get_object (data->builder, "side_row"));
  gboolean turks = adw_combo_row_get_selected (side) == 1;

  gtk_widget_set_sensitive (GTK_WIDGET (side), computer);
  gtk_widget_set_sensitive (GTK_WIDGET (gtk_builder_get_object (data->builder, "level_row")), computer);
  /* Against the computer only the player's own name is asked. */
  gtk_widget_set_visible (GTK_WIDGET (gtk_builder_get_object (data->builder, "cossacks_row")),
                          !computer || !turks);
  gtk_widget_set_visible (GTK_WIDGET (gtk_builder_get_object (data->builder, "turks_row")),
                          !computer || turks);
}

static void
new_game_response (GObject *dialog, const char *response, gpointer user_data)
{
  NewGameData *data = user_data;
  KzWindow *self = data->self;

  if (g_strcmp0 (response, "start") == 0)
    {
      GtkBuilder *b = data->builder;
      gboolean computer = adw_combo_row_get_selected (ADW_COMBO_ROW (gtk_builder_get_object (b, "opponent_row"))) == 1;
      gboolean turks = adw_combo_row_get_selected (ADW_COMBO_ROW (gtk_builder_get_object (b, "side_row"))) == 1;
      int level = gtk_spin_button_get_value_as_int (GTK_SPIN_BUTTON (gtk_builder_get_object (b, "level_spin")));
      const char *cossacks = gtk_editable_get_text (GTK_EDITABLE (gtk_builder_get_object (b, "cossacks_row")));
      const char *turks_name = gtk_editable_get_text (GTK_EDITABLE (gtk_builder_get_object (b, "turks_row")));
      g_autofree char *c = g_strstrip (g_strdup (cossacks));
      g_autofree char *t = g_strstrip (g_strdup (turks_name));

      g_settings_set_string (self->settings, "default-opponent", computer ? "computer" : "human");
      g_settings_set_string (self->settings, "player-side", turks ? "turks" : "cossacks");
      g_settings_set_int (self->settings, "computer-level", CLAMP (level, 1, 5));
      g_settings_set_string (self->settings, "cossacks-name", c);
      g_settings_set_string (self->settings, "turks-name", t);
      start_new_game (self, computer);
    }
  g_object_unref (data->builder);
  g_object_unref (data->self);
  g_free (data);
}

void
kz_window_show_new_game (KzWindow *self)
{
  NewGameData *data = g_new0 (NewGameData, 1);
  GtkBuilder *b = gtk_builder_new_from_resource (RESOURCE_BASE "/kz-new-game.ui");
  g_autofree char *opponent = g_settings_get_string (self->settings, "default-opponent");
  g_autofree char *side = g_settings_get_string (self->settings, "player-side");
  g_autofree char *cossacks = g_settings_get_string (self->settings, "cossacks-name");
  g_autofree char *turks = g_settings_get_string (self->settings, "turks-name");
  GObject *alert;

  g_return_if_fail (KZ_IS_WINDOW (self));

  data->self = g_object_ref (self);
  data->builder = b;
  adw_combo_row_set_selected (ADW_COMBO_ROW (gtk_builder_get_object (b, "opponent_row")),
                              g_str_equal (opponent, "computer") ? 1 : 0);
  adw_combo_row_set_selected (ADW_COMBO_ROW (gtk_builder_get_object (b, "side_row")),
                              g_str_equal (side, "turks") ? 1 : 0);
  gtk_spin_button_set_value (GTK_SPIN_BUTTON (gtk_builder_get_object (b, "level_spin")),
                             g_settings_get_int (self->settings, "computer-level"));
  gtk_editable_set_text (GTK_EDITABLE (gtk_builder_get_object (b, "cossacks_row")), cossacks);
  gtk_editable_set_text (GTK_EDITABLE (gtk_builder_get_object (b, "turks_row")), turks);
  g_signal_connect_swapped (gtk_builder_get_object (b, "opponent_row"), "notify::selected",
                            G_CALLBACK (new_game_sensitivity), data);
  g_signal_connect_swapped (gtk_builder_get_object (b, "side_row"), "notify::selected",
                            G_CALLBACK (new_game_sensitivity), data);
  new_game_sensitivity (data);

  alert = kz_alert_new (_("New Game"),
                        kz_game_is_over (self->game) || kz_game_get_ply (self->game) == 0
                        ? NULL : _("The current game stays saved, unfinished."));
  kz_alert_set_extra_child (alert, GTK_WIDGET (gtk_builder_get_object (b, "content")));
  kz_alert_add_response (alert, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  kz_alert_add_response (alert, "start", _("_Start"), ADW_RESPONSE_SUGGESTED);
  kz_alert_set_default (alert, "start", "cancel");
  kz_alert_present (alert, GTK_WIDGET (self), new_game_response, data);
}

KzGame *
kz_window_get_game (KzWindow *self)
{
  g_return_val_if_fail (KZ_IS_WINDOW (self), NULL);
  return self->game;
}

void
kz_window_set_game (KzWindow *self, KzGame *game)
{
  g_return_if_fail (KZ_IS_WINDOW (self));
  g_return_if_fail (KZ_IS_GAME (game));
  kz_session_set_game (self->session, game);
}

/* ---- actions --------------------------------------------------------- */

static void
undo_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  g_autoptr (GError) error = NULL;

  stop_computer (self);
  kz_board_view_finish_animation (self->board_view);
  if (!kz_game_undo (self->game, &error))
    {
      refusal (self, error->message);
      update_everything (self);
      return;
    }
  /* Against the computer: take back its reply too, so it is the
   * player's turn again. */
  if (against_computer (self) && is_computer (self, kz_game_get_side_to_move (self->game)) &&
      kz_game_get_can_undo (self->game))
    {
      if (!kz_game_undo (self->game, &error))
        refusal (self, error->message);
    }
  self->game_over_pending = FALSE;
  show_board (self, FALSE);
  update_everything (self);
  maybe_start_computer (self);
}

static void
redo_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  g_autoptr (GError) error = NULL;

  stop_computer (self);
  kz_board_view_finish_animation (self->board_view);
  if (!kz_game_redo (self->game, &error))
    {
      refusal (self, error->message);
      update_everything (self);
      return;
    }
  if (against_computer (self) && is_computer (self, kz_game_get_side_to_move (self->game)) &&
      kz_game_get_can_redo (self->game))
    kz_game_redo (self->game, NULL);
  after_change (self, TRUE);
}

static void
play_move_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  const char *text = g_variant_get_string (param, NULL);
  g_autoptr (GError) error = NULL;
  KzMove move;

  if (self->thinking)
    {
      refusal (self, _("Wait for the computer's move"));
      return;
    }
  if (!kz_game_parse_move (self->game, text, &move, &error))
    {
      /* Translators: the first %s is a move such as c4-c6, the second the reason */
      g_autofree char *msg = g_strdup_printf (_("%s is not possible: %s"), text, error->message);
      refusal (self, msg);
      return;
    }
  kz_board_view_cancel_input (self->board_view);
  play_move (self, &move);
}

static void
resign_response (GObject *dialog, const char *response, gpointer user_data)
{
  g_autoptr (KzWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  KzSide side;

  if (g_strcmp0 (response, "resign") != 0 || kz_game_is_over (self->game))
    return;
  side = human_vs_computer (self) ? human_side (self) : kz_game_get_side_to_move (self->game);
  stop_computer (self);
  if (!kz_game_resign (self->game, side, &error))
    {
      refusal (self, error->message);
      return;
    }
  after_change (self, FALSE);
}

static void
resign_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  KzSide side = human_vs_computer (self) ? human_side (self) : kz_game_get_side_to_move (self->game);
  g_autofree char *heading = NULL;
  GObject *alert;

  if (kz_game_is_over (self->game))
    return;
  /* Translators: %s is "Cossacks" or "Turks" */
  heading = g_strdup_printf (_("Resign for the %s?"), side_name (side));
  alert = kz_alert_new (heading, _("The other side wins the game."));
  kz_alert_add_response (alert, "cancel", _("_Cancel"), ADW_RESPONSE_DEFAULT);
  kz_alert_add_response (alert, "resign", _("_Resign"), ADW_RESPONSE_DESTRUCTIVE);
  kz_alert_set_default (alert, "cancel", "cancel");
  kz_alert_present (alert, GTK_WIDGET (self), resign_response, g_object_ref (self));
}

static void
draw_response (GObject *dialog, const char *response, gpointer user_data)
{
  g_autoptr (KzWindow) self = user_data;
  g_autoptr (GError) error = NULL;

  if (kz_game_is_over (self->game))
    return;
  if (g_strcmp0 (response, "accept") != 0)
    {
      toast (self, _("The draw offer was declined"));
      return;
    }
  if (!kz_game_agree_draw (self->game, &error))
    {
      refusal (self, error->message);
      return;
    }
  after_change (self, FALSE);
}

static void
computer_draw_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (KzWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  int score = 0;

  if (!kz_computer_player_choose_finish (result, NULL, &score, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        refusal (self, error->message);
      return;
    }
  if (self->game == NULL || kz_game_is_over (self->game))
    return;
  /* The search scored the position for the computer (it is to move
   * when it evaluates; else for the player, so negate). */
  if (kz_game_get_side_to_move (self->game) == human_side (self))
    score = -score;
  if (score < -50)
    {
      g_autoptr (GError) draw_error = NULL;
      toast (self, _("The computer accepts the draw: it judges its position worse"));
      if (!kz_game_agree_draw (self->game, &draw_error))
        refusal (self, draw_error->message);
      else
        after_change (self, FALSE);
    }
  else
    toast (self, _("The computer declines the draw: it judges its position at least even"));
}

static void
offer_draw_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  KzSide side = kz_game_get_side_to_move (self->game);
  g_autofree char *heading = NULL;
  g_autofree char *body = NULL;
  GObject *alert;

  if (kz_game_is_over (self->game))
    return;
  if (human_vs_computer (self))
    {
      g_autoptr (GCancellable) cancellable = g_cancellable_new ();
      toast (self, _("The computer considers your draw offer…"));
      kz_computer_player_choose_async (self->game, 2, 0, cancellable, computer_draw_done,
                                       g_object_ref (self));
      return;
    }
  /* Translators: %s is "Cossacks" or "Turks" */
  heading = g_strdup_printf (_("The %s Offer a Draw"), side_name (side));
  body = g_strdup_printf (_("%s, do you accept the draw?"), side_name (KZ_OTHER (side)));
  alert = kz_alert_new (heading, body);
  kz_alert_add_response (alert, "decline", _("_Decline"), ADW_RESPONSE_DEFAULT);
  kz_alert_add_response (alert, "accept", _("_Accept Draw"), ADW_RESPONSE_SUGGESTED);
  kz_alert_set_default (alert, "decline", "decline");
  kz_alert_present (alert, GTK_WIDGET (self), draw_response, g_object_ref (self));
}

static void
hint_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (KzWindow) self = user_data;
  g_autoptr (GError) error = NULL;
  KzMove move;
  char text[KZ_MOVE_STR_MAX];
  g_autofree char *msg = NULL;

  if (!kz_computer_player_choose_finish (result, &move, NULL, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        refusal (self, error->message);
      return;
    }
  if (self->game == NULL)
    return;
  /* On the board: the piece selected, the move's path and end marked; a
   * click on the end plays it.  Nothing when the position has changed
   * meanwhile (the hint was for the one before). */
  if (!kz_board_view_show_hint (self->board_view, &move))
    return;
  kz_move_format (&move, text, sizeof text);
  /* Translators: %s is a move such as c4-c5 */
  msg = g_strdup_printf (_("Hint: %s"), text);
  toast (self, msg);
}

static void
hint_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;

  if (kz_game_is_over (self->game) || self->thinking)
    return;
  kz_computer_player_choose_async (self->game, 3, 0, NULL, hint_done, g_object_ref (self));
}

static void
side_panel_changed (GSimpleAction *action, GVariant *state, gpointer user_data)
{
  KzWindow *self = user_data;

  g_simple_action_set_state (action, state);
  gtk_widget_set_visible (self->side_panel, g_variant_get_boolean (state));
}

static const GActionEntry win_actions[] = {
  { "undo", undo_activated, NULL, NULL, NULL, { 0 } },
  { "redo", redo_activated, NULL, NULL, NULL, { 0 } },
  { "play-move", play_move_activated, "s", NULL, NULL, { 0 } },
  { "resign", resign_activated, NULL, NULL, NULL, { 0 } },
  { "offer-draw", offer_draw_activated, NULL, NULL, NULL, { 0 } },
  { "hint", hint_activated, NULL, NULL, NULL, { 0 } },
  { "show-side-panel", NULL, NULL, "true", side_panel_changed, { 0 } },
};

/* ---- board signals --------------------------------------------------- */

static void
board_move_chosen (KzWindow *self, const KzMove *move)
{
  play_move (self, move);
}

static void
board_message (KzWindow *self, const char *message, gboolean is_refusal, KzBoardView *view)
{
  if (message == NULL)
    {
      update_status (self);
      return;
    }
  /* Hints about a chain go to the status line; refusals to a toast. */
  if (is_refusal)
    refusal (self, message);
  else
    gtk_label_set_text (self->detail_label, message);
}

/* Narrow windows hide the side panel (the header button shows it again). */
static void
width_changed (KzWindow *self)
{
  int width = 0, height = 0;
  gboolean narrow;
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "show-side-panel");

  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  narrow = width > 0 && width < 640;
  if (narrow == self->narrow)
    return;
  self->narrow = narrow;
  g_action_change_state (action, g_variant_new_boolean (!narrow));
}

/* ---- settings -------------------------------------------------------- */

static void
settings_changed (KzWindow *self, const char *key)
{
  /* Turned back (by the player or by orient_board): nothing to undo. */
  if (key != NULL && g_str_equal (key, "board-flipped") &&
      !g_settings_get_boolean (self->settings, "board-flipped"))
    self->auto_flipped = FALSE;
  if (key == NULL || g_str_equal (key, "animation-speed"))
    kz_board_view_set_animation_duration (self->board_view, animation_duration (self));
}

/* ---- window ---------------------------------------------------------- */

static gboolean
kz_window_close_request (GtkWindow *window)
{
  KzWindow *self = KZ_WINDOW (window);
  int width, height;

  stop_computer (self);
  gtk_window_get_default_size (window, &width, &height);
  if (!gtk_window_is_maximized (window) && width > 0 && height > 0)
    {
      g_settings_set_int (self->settings, "window-width", width);
      g_settings_set_int (self->settings, "window-height", height);
    }
  g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
  return GTK_WINDOW_CLASS (kz_window_parent_class)->close_request (window);
}

static void
kz_window_dispose (GObject *object)
{
  KzWindow *self = KZ_WINDOW (object);

  stop_computer (self);
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  if (self->current_toast)
    g_signal_handlers_disconnect_by_data (self->current_toast, self);
  g_clear_object (&self->current_toast);
  if (self->pending_alert && GTK_IS_WINDOW (self->pending_alert))
    gtk_window_destroy (GTK_WINDOW (self->pending_alert));
  g_clear_object (&self->pending_alert);
  if (self->session)
    g_signal_handlers_disconnect_by_data (self->session, self);
  g_clear_object (&self->game);
  g_clear_object (&self->session);
  g_clear_object (&self->settings);
  g_clear_object (&self->sounds);
  gtk_widget_dispose_template (GTK_WIDGET (self), KZ_TYPE_WINDOW);
  G_OBJECT_CLASS (kz_window_parent_class)->dispose (object);
}

static void
kz_window_class_init (KzWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = kz_window_dispose;
  window_class->close_request = kz_window_close_request;

  g_type_ensure (KZ_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/kz-window.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, KzWindow, name)
  BIND (toast_overlay);
  BIND (window_title);
  BIND (board_view);
  BIND (side_panel);
  BIND (main_box);
  BIND (board_column);
  BIND (board_box);
  BIND (status_label);
  BIND (detail_label);
  BIND (thinking_spinner);
  BIND (cossacks_card);
  BIND (turks_card);
  BIND (cossacks_name_label);
  BIND (cossacks_pieces_label);
  BIND (cossacks_flag_label);
  BIND (turks_name_label);
  BIND (turks_pieces_label);
  BIND (turks_flag_label);
  BIND (moves_list);
  BIND (moves_scroller);
  BIND (storage_label);
#undef BIND
}

/* The replay puts its board and its bar under the live board; the bar
 * (anything but a board) belongs under the toast overlay, beside the
 * status lines, so that no toast hides its buttons. */
static void
keep_toasts_on_the_boards (KzWindow *self)
{
  GtkWidget *after = GTK_WIDGET (self->toast_overlay);
  GtkWidget *child = gtk_widget_get_first_child (self->board_box);

  while (child)
    {
      GtkWidget *next = gtk_widget_get_next_sibling (child);

      if (!KZ_IS_BOARD_VIEW (child))
        {
          g_object_ref (child);
          gtk_box_remove (GTK_BOX (self->board_box), child);
          gtk_box_insert_child_after (GTK_BOX (self->board_column), child, after);
          g_object_unref (child);
          after = child;
        }
      child = next;
    }
}

static void
kz_window_init (KzWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions,
                                   G_N_ELEMENTS (win_actions), self);
  kz_window_replay_init (self);
  keep_toasts_on_the_boards (self);
  g_signal_connect_swapped (self->board_view, "move-chosen", G_CALLBACK (board_move_chosen), self);
  g_signal_connect_swapped (self->board_view, "message", G_CALLBACK (board_message), self);
  g_signal_connect_swapped (self->board_view, "animation-done", G_CALLBACK (animation_done), self);
  g_signal_connect_swapped (self->board_view, "notify::flipped", G_CALLBACK (board_flipped_changed),
                            self);
  g_signal_connect (self, "map", G_CALLBACK (window_mapped), NULL);
  g_signal_connect (self, "notify::default-width", G_CALLBACK (width_changed), NULL);
}

KzSession *
kz_window_get_session (KzWindow *self)
{
  g_return_val_if_fail (KZ_IS_WINDOW (self), NULL);
  return self->session;
}

GSettings *
kz_window_get_settings (KzWindow *self)
{
  g_return_val_if_fail (KZ_IS_WINDOW (self), NULL);
  return self->settings;
}

/* The session's game changed (a new game, one resumed or opened from
 * the library, back to the game before): show it. */
static void
session_game_changed (KzWindow *self)
{
  KzGame *game = kz_session_get_game (self->session);

  if (game != self->game && game != NULL)
    set_game (self, game);
}

/* A stored game under review was resumed: play on in it. */
static void
session_read_only_changed (KzWindow *self)
{
  kz_window_replay_game_changed (self);
  update_everything (self);
  maybe_start_computer (self);
}

KzWindow *
kz_window_new (GtkApplication *app, KzSession *session, GSettings *settings)
{
  KzWindow *self = g_object_new (KZ_TYPE_WINDOW, "application", app, NULL);

  self->session = g_object_ref (session);
  self->settings = g_object_ref (settings);
  self->sounds = kz_sounds_new (settings);
  g_signal_connect_swapped (session, "notify::game", G_CALLBACK (session_game_changed), self);
  g_signal_connect_swapped (session, "notify::read-only", G_CALLBACK (session_read_only_changed),
                            self);
  kz_window_replay_follow_session (self, session);

  gtk_window_set_default_size (GTK_WINDOW (self),
                               g_settings_get_int (self->settings, "window-width"),
                               g_settings_get_int (self->settings, "window-height"));
  if (g_settings_get_boolean (self->settings, "window-maximized"))
    gtk_window_maximize (GTK_WINDOW (self));

  g_settings_bind (self->settings, "board-flipped", self->board_view, "flipped", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-coordinates", self->board_view, "show-coordinates",
                   G_SETTINGS_BIND_GET);
  g_signal_connect_swapped (self->settings, "changed", G_CALLBACK (settings_changed), self);
  settings_changed (self, NULL);

  load_initial_game (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->board_view));
  return self;
}
