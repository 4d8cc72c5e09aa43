/* kz-window-notation.c — the window's notation actions: the game as
 * KGN (export), the position as KPN (copy, paste as a new game), the
 * moves as text (copy), the board as PNG or SVG (export).
 *
 *   win.export-game           the game as KGN, through a file dialog
 *   win.export-game-to (s)    the same to a path, without a dialog
 *   win.copy-position, win.copy-moves, win.paste-position
 *   win.export-image          the shown position as PNG or SVG
 *   win.export-image-to (s)   the same to a path, without a dialog
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "kz-board-painter.h"
#include "kz-file-chooser.h"
#include "kz-kgn.h"
#include "kz-window-private.h"

/* The players' names of a new two-player game, from the preferences
 * (empty: the side names). */
GStrv
kz_window_default_names (KzWindow *r)
{
  GSettings *settings = r->settings;
  GStrv names = g_new0 (char *, 3);

  if (settings)
    {
      names[KZ_COSSACKS] = g_settings_get_string (settings, "cossacks-name");
      names[KZ_TURKS] = g_settings_get_string (settings, "turks-name");
    }
  return names;
}

/* The window's game as KGN into `file`; toasts the outcome. */
static gboolean
write_game (KzWindow *r, GFile *file)
{
  KzGame *game = kz_window_get_game (r);
  g_autofree char *kgn = NULL;
  g_autofree char *name = NULL;
  g_autoptr (GError) error = NULL;

  if (game == NULL)
    return FALSE;
  /* with the analysis's evaluations when asked for (kz-window-analysis.c) */
  kgn = kz_window_analysis_export_kgn (r, game);
  if (kgn == NULL)
    kgn = kz_kgn_export_game (game);
  name = kz_file_dup_display_name (file);
  if (!g_file_replace_contents (file, kgn, strlen (kgn), NULL, FALSE, G_FILE_CREATE_NONE,
                                NULL, NULL, &error))
    {
      g_autofree char *reason = kz_file_error_message (file, error);
      /* Translators: the file name, then the reason */
      g_autofree char *text = g_strdup_printf (_("The game could not be saved to “%s”: %s"),
                                               name, reason);
      kz_window_show_toast (r, text);
      return FALSE;
    }
  {
    g_autofree char *text = g_strdup_printf (_("Game saved to “%s”"), name);
    kz_window_show_toast (r, text);
  }
  return TRUE;
}

static void
export_game_chosen (GFile *file, gpointer data)
{
  g_autoptr (KzWindow) window = data;
  KzWindow *r = window;
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
  write_game (KZ_WINDOW (user_data), file);
}

static const KzPosition *
shown_position (KzWindow *r)
{
  KzGame *game = kz_window_get_game (r);
  if (r->review->replay)
    return kz_replay_get_position (r->review->replay);
  return game ? kz_game_get_position (game) : NULL;
}

const KzPosition *
kz_window_get_shown_position (KzWindow *self)
{
  g_return_val_if_fail (KZ_IS_WINDOW (self), NULL);
  return shown_position (self);
}

static void
copy_position_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *r = user_data;
  KzGame *game = kz_window_get_game (r);
  g_autofree char *kpn = NULL;

  if (game == NULL)
    return;
  /* The position shown: in a review, maybe one of a variation. */
  kpn = r->review->replay ? kz_replay_dup_kpn (r->review->replay)
                  : kz_game_dup_kpn_at (game, kz_window_review_shown_ply (r));
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (r)), kpn);
  kz_window_show_toast (r, _("Position copied (KPN)"));
}

static void
copy_moves_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *r = user_data;
  KzGame *game = kz_window_get_game (r);
  g_autoptr (KzReplay) all = NULL;
  g_autofree char *text = NULL;

  if (game == NULL)
    return;
  all = kz_replay_new (game, 0);
  text = kz_replay_dup_moves_text (all);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (r)), text);
  kz_window_show_toast (r, _("Moves copied"));
}

static void
paste_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (KzWindow) window = data;
  KzWindow *r = window;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, &error);
  g_autoptr (KzGame) game = NULL;
  KzGame *current;
  KzStore *store;

  if (r == NULL)
    return;
  if (text == NULL)
    {
      kz_window_show_toast (r, _("The clipboard holds no text to read a position from"));
      return;
    }
  g_strstrip (text);
  game = kz_game_new_from_kpn (text, &error);
  if (game == NULL)
    {
      kz_window_show_toast (r, error->message);
      return;
    }
  if (kz_game_is_over (game))
    {
      /* Translators: %s says how the game ended */
      g_autofree char *msg = g_strdup_printf (_("The pasted position is already decided: %s"),
                                              kz_termination_describe (kz_game_get_termination (game)));
      kz_window_show_toast (r, msg);
      return;
    }
  current = kz_window_get_game (window);
  if (current)
    {
      g_auto (GStrv) names = kz_window_default_names (r);
      kz_replay_copy_players (game, current, (const char *const *) names);
    }
  kz_game_set_start_time (game, g_get_real_time () / G_USEC_PER_SEC);
  kz_game_set_no_progress_rule (game, g_settings_get_boolean (r->settings, "no-progress-draw"));
  store = kz_session_get_store (r->session);
  if (store && kz_store_create_game (store, game, &error) == 0)
    {
      g_autofree char *msg = g_strdup_printf (_("The new game is not saved: %s"), error->message);
      kz_window_show_toast (r, msg);
    }
  kz_window_review_leave (r);
  kz_window_set_game (window, game);
  kz_window_show_toast (r, _("A new game starts from the pasted position"));
}

static void
paste_position_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (self)), NULL, paste_done,
                                 g_object_ref (self));
}

static gboolean
write_image (KzWindow *r, const char *path)
{
  KzGame *game = kz_window_get_game (r);
  guint ply = kz_window_review_shown_ply (r);
  const KzPosition *pos = shown_position (r);
  g_autoptr (GError) error = NULL;
  KzPaintOptions options = { FALSE, TRUE, NULL };
  GSettings *settings = r->settings;
  KzBoardState state;

  if (r->review->replay)
    game = kz_replay_get_game (r->review->replay);
  if (pos == NULL || game == NULL)
    return FALSE;
  if (settings)
    options.flipped = g_settings_get_boolean (settings, "board-flipped");
  /* the troop types of the pieces, for their emblems; in a review the
   * node shown (maybe of a variation) */
  if (r->review->replay)
    kz_window_review_board_state (r, &state);
  else
    kz_board_state_from_game (&state, game, ply);
  if (state.has_last_move)
    options.last_move = &state.last_move;
  options.pieces = state.pieces;
  if (!kz_board_paint_to_file (path, pos, 720, &options, &error))
    {
      kz_window_show_toast (r, error->message);
      return FALSE;
    }
  {
    g_autofree char *name = g_filename_display_basename (path);
    g_autofree char *text = g_strdup_printf (_("Board saved to “%s”"), name);
    kz_window_show_toast (r, text);
  }
  return TRUE;
}

static void
export_image_chosen (GFile *file, gpointer data)
{
  g_autoptr (KzWindow) window = data;
  KzWindow *r = window;
  g_autofree char *path = NULL;

  if (file == NULL || r == NULL)
    return;
  path = g_file_get_path (file);
  if (path == NULL)
    {
      kz_window_show_toast (r, _("The image can only be saved to a local file"));
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
  write_image (KZ_WINDOW (user_data), g_variant_get_string (param, NULL));
}

static const GActionEntry notation_actions[] = {
  { "export-game", export_game_activated, NULL, NULL, NULL, { 0 } },
  { "export-game-to", export_game_to_activated, "s", NULL, NULL, { 0 } },
  { "copy-position", copy_position_activated, NULL, NULL, NULL, { 0 } },
  { "copy-moves", copy_moves_activated, NULL, NULL, NULL, { 0 } },
  { "paste-position", paste_position_activated, NULL, NULL, NULL, { 0 } },
  { "export-image", export_image_activated, NULL, NULL, NULL, { 0 } },
  { "export-image-to", export_image_to_activated, "s", NULL, NULL, { 0 } },
};

void
kz_window_notation_init (KzWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), notation_actions,
                                   G_N_ELEMENTS (notation_actions), self);
}
