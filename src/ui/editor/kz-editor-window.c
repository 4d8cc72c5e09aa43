/* kz-editor-window.c — the position editor (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kz-board-view.h"
#include "kz-editor-window.h"
#include "kz-position-text.h"

/* Below this width the side panel goes under the board. */
#define NARROW_WIDTH 760

typedef enum { TOOL_COSSACK, TOOL_TURK, TOOL_ERASE, TOOL_COSSACK_FLAG, TOOL_TURKISH_FLAG } Tool;
static const char *const tool_names[] = { "cossack", "turk", "erase", "cossack-flag", "turkish-flag" };

struct _KzEditorWindow {
  AdwApplicationWindow parent_instance;

  /* template children */
  AdwToastOverlay *toasts;
  GtkBox          *editor_box;
  KzBoardView     *board;
  GtkEntry        *kpn_entry;
  GtkLabel        *status_label;

  /* state */
  GWeakRef         window;     /* the KzWindow that opened the editor */
  KzPosition       pos;        /* maybe breaking the rules */
  Tool             tool;
  gboolean         kpn_error;  /* the KPN field holds text that is no KPN */
};

G_DEFINE_FINAL_TYPE (KzEditorWindow, kz_editor_window, ADW_TYPE_APPLICATION_WINDOW)

static void
set_string_state (KzEditorWindow *self, const char *name, const char *value)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);
  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (value));
}

static void
toast (KzEditorWindow *self, const char *text)
{
  adw_toast_overlay_add_toast (self->toasts, adw_toast_new (text));
}

/* The reason the position cannot be played from, or NULL. */
static char *
unplayable (KzEditorWindow *self)
{
  return kz_position_describe_unplayable (&self->pos);
}

static void
show_status (KzEditorWindow *self, const char *problem)
{
  g_autofree char *text = NULL;
  if (problem)
    text = g_strdup (problem);
  else
    text = g_strdup (self->pos.side == KZ_COSSACKS
                     ? _("The position can be played from; the Cossacks move")
                     : _("The position can be played from; the Turks move"));
  gtk_label_set_text (self->status_label, text);
  if (problem)
    gtk_widget_add_css_class (GTK_WIDGET (self->status_label), "error");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->status_label), "error");
  set_string_state (self, "editor-status", problem ? problem : "");
  static const char *const needs_play[] = { "editor-play", "editor-analyse", "editor-save" };
  for (guint i = 0; i < G_N_ELEMENTS (needs_play); i++)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self),
                                                                              needs_play[i])),
                                 problem == NULL);
}

/* The board, the KPN field, the side and the status after a change;
 * `from_entry`: the KPN field is where the change came from. */
static void
changed (KzEditorWindow *self, gboolean from_entry)
{
  KzBoardState state;
  memset (&state, 0, sizeof state);
  self->pos.hash = kz_position_compute_hash (&self->pos);
  state.pos = self->pos;
  /* The troops as a game from this position gives them (a piece on one of
   * its side's start points that point's troop, else infantry), so the
   * pieces look here as they will in the game played from it. */
  g_autoptr (KzGame) game = kz_game_new_from_position (&self->pos);
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    {
      int side = kz_point_valid (sq) ? kz_position_piece_at (&self->pos, sq) : -1;
      guint8 flags = 0;
      for (int f = 0; f < 2; f++)
        if (side >= 0 && self->pos.flag[f] == sq)
          flags |= (guint8) (1u << f);
      KzPiece piece = side >= 0 ? kz_game_get_piece_at (game, 0, sq) : (KzPiece) { KZ_NO_PIECE, -1, -1, 0 };
      /* (a piece past a side's fifteen has no id in a game: a plain disc) */
      if (piece.side != side)
        piece = (KzPiece) { KZ_NO_PIECE, (gint8) side, -1, flags };
      state.pieces[sq] = piece;
    }
  kz_board_view_set_state (self->board, &state, NULL);

  char kpn[KZ_KPN_MAX];
  kz_kpn_format (&self->pos, kpn, sizeof kpn);
  if (!from_entry)
    {
      self->kpn_error = FALSE;
      gtk_editable_set_text (GTK_EDITABLE (self->kpn_entry), kpn);
      gtk_widget_remove_css_class (GTK_WIDGET (self->kpn_entry), "error");
    }
  set_string_state (self, "editor-kpn", kpn);
  set_string_state (self, "editor-side", self->pos.side == KZ_COSSACKS ? "c" : "t");
  g_autofree char *problem = unplayable (self);
  show_status (self, problem);
}

/* Takes the piece on sq away; the flags it carried go home. */
static void
take_away (KzEditorWindow *self, int sq)
{
  int side = kz_position_piece_at (&self->pos, sq);
  if (side < 0)
    return;
  kz_position_put (&self->pos, side, sq, FALSE);
  for (int f = 0; f < 2; f++)
    if (self->pos.flag[f] == sq)
      self->pos.flag[f] = KZ_FLAG_HOME;
}

static void
put (KzEditorWindow *self, int side, int sq)
{
  if (kz_position_piece_at (&self->pos, sq) == side)
    return;
  take_away (self, sq);
  kz_position_put (&self->pos, side, sq, TRUE);
}

static void
use_flag (KzEditorWindow *self, int f, int sq)
{
  int c = kz_centre ((KzSide) f);
  if (kz_position_piece_at (&self->pos, sq) >= 0)
    self->pos.flag[f] = (int8_t) (self->pos.flag[f] == sq ? KZ_FLAG_HOME : sq);
  else if (sq == c)
    self->pos.flag[f] = KZ_FLAG_HOME;
  else
    {
      g_autofree char *text = f == KZ_COSSACKS
        ? g_strdup_printf (_("Click a piece to give it the Cossack flag, or %s to stand the flag at home"),
                           kz_point_name (c))
        : g_strdup_printf (_("Click a piece to give it the Turkish flag, or %s to stand the flag at home"),
                           kz_point_name (c));
      toast (self, text);
    }
}

/* Says what a point holds now, for screen readers ("c4, Cossack piece"). */
static void
announce_point (KzEditorWindow *self, int sq)
{
  if (sq == KZ_NO_POINT)
    return;
  g_autofree char *text = kz_board_describe_point (kz_board_view_get_state (self->board), sq);
  kz_board_view_announce (self->board, text);
}

static void
apply_tool (KzEditorWindow *self, Tool tool, int sq)
{
  int here = kz_position_piece_at (&self->pos, sq);
  switch (tool)
    {
    case TOOL_COSSACK:
    case TOOL_TURK:
      {
        int side = tool == TOOL_COSSACK ? KZ_COSSACKS : KZ_TURKS;
        if (here == side)
          take_away (self, sq);
        else
          put (self, side, sq);
      }
      break;
    case TOOL_ERASE:
      take_away (self, sq);
      break;
    case TOOL_COSSACK_FLAG:
      use_flag (self, KZ_COSSACKS, sq);
      break;
    case TOOL_TURKISH_FLAG:
      use_flag (self, KZ_TURKS, sq);
      break;
    }
  changed (self, FALSE);
  announce_point (self, sq);
}

/* A piece dragged from `from` to `to` (KZ_NO_POINT: off the board); the
 * flags it carries go with it. */
static void
drag_piece (KzEditorWindow *self, int from, int to)
{
  int side = kz_position_piece_at (&self->pos, from);
  if (side < 0 || from == to)
    return;
  guint8 carried = 0;
  for (int f = 0; f < 2; f++)
    if (self->pos.flag[f] == from)
      carried |= (guint8) (1u << f);
  take_away (self, from);
  if (to != KZ_NO_POINT)
    {
      put (self, side, to);
      for (int f = 0; f < 2; f++)
        if (carried & (1u << f))
          self->pos.flag[f] = (int8_t) to;
    }
  changed (self, FALSE);
  announce_point (self, to == KZ_NO_POINT ? from : to);
}

static void
on_point_edited (KzBoardView *board, int from, int to, KzEditorWindow *self)
{
  if (from == to)
    apply_tool (self, self->tool, from);
  else
    drag_piece (self, from, to);
}

/* ---- the KPN field ---- */

/* Reads a KPN; FALSE with the reason shown when it is no KPN. */
static gboolean
read_kpn (KzEditorWindow *self, const char *text, gboolean from_entry)
{
  KzPosition pos;
  KzError err;
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  if (!kz_kpn_parse_unchecked (stripped, &pos, &err))
    {
      /* Translators: %d is a character's place in the text */
      g_autofree char *msg = g_strdup_printf (_("This is not a position in KPN (at character %d)"),
                                              err.offset + 1);
      self->kpn_error = TRUE;
      gtk_widget_add_css_class (GTK_WIDGET (self->kpn_entry), "error");
      show_status (self, msg);
      return FALSE;
    }
  self->pos = pos;
  self->kpn_error = FALSE;
  gtk_widget_remove_css_class (GTK_WIDGET (self->kpn_entry), "error");
  changed (self, from_entry);
  return TRUE;
}

static void
on_kpn_changed (GtkEditable *editable, KzEditorWindow *self)
{
  char kpn[KZ_KPN_MAX];
  kz_kpn_format (&self->pos, kpn, sizeof kpn);
  const char *text = gtk_editable_get_text (editable);
  if (strcmp (text, kpn) == 0)
    return;
  read_kpn (self, text, TRUE);
}

static void
kpn_changed_state (GSimpleAction *action, GVariant *value, gpointer user_data)
{
  KzEditorWindow *self = user_data;
  if (read_kpn (self, g_variant_get_string (value, NULL), FALSE))
    return;
  gtk_editable_set_text (GTK_EDITABLE (self->kpn_entry), g_variant_get_string (value, NULL));
}

static void
copy_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzEditorWindow *self = user_data;
  char kpn[KZ_KPN_MAX];
  kz_kpn_format (&self->pos, kpn, sizeof kpn);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (GTK_WIDGET (self)), kpn);
  toast (self, _("Position copied (KPN)"));
}

static void
paste_done (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (KzEditorWindow) self = data;
  g_autofree char *text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  if (text == NULL)
    {
      toast (self, _("The clipboard holds no text to read a position from"));
      return;
    }
  gtk_editable_set_text (GTK_EDITABLE (self->kpn_entry), g_strstrip (text));
}

static void
paste_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzEditorWindow *self = user_data;
  gdk_clipboard_read_text_async (gtk_widget_get_clipboard (GTK_WIDGET (self)), NULL, paste_done,
                                 g_object_ref (self));
}

/* ---- the palette, the side, set-ups ---- */

static void
tool_changed_state (GSimpleAction *action, GVariant *value, gpointer user_data)
{
  KzEditorWindow *self = user_data;
  const char *name = g_variant_get_string (value, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (tool_names); i++)
    if (strcmp (name, tool_names[i]) == 0)
      {
        self->tool = (Tool) i;
        g_simple_action_set_state (action, value);
        return;
      }
}

static int
point_param (KzEditorWindow *self, const char *name)
{
  const char *end;
  int sq = kz_point_parse (name, &end);
  if (sq == KZ_NO_POINT || *end != '\0')
    {
      g_autofree char *text = g_strdup_printf (_("“%s” is not a point of the board"), name);
      toast (self, text);
      return KZ_NO_POINT;
    }
  return sq;
}

static void
point_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzEditorWindow *self = user_data;
  int sq = point_param (self, g_variant_get_string (param, NULL));
  if (sq != KZ_NO_POINT)
    apply_tool (self, self->tool, sq);
}

static void
drag_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzEditorWindow *self = user_data;
  g_auto (GStrv) parts = g_strsplit (g_variant_get_string (param, NULL), " ", 2);
  if (g_strv_length (parts) != 2)
    return;
  int from = point_param (self, parts[0]);
  int to = strcmp (parts[1], "-") == 0 ? KZ_NO_POINT : point_param (self, parts[1]);
  if (from != KZ_NO_POINT && (to != KZ_NO_POINT || strcmp (parts[1], "-") == 0))
    drag_piece (self, from, to);
}

static void
side_changed_state (GSimpleAction *action, GVariant *value, gpointer user_data)
{
  KzEditorWindow *self = user_data;
  const char *side = g_variant_get_string (value, NULL);
  if (strcmp (side, "c") != 0 && strcmp (side, "t") != 0)
    return;
  self->pos.side = side[0] == 'c' ? KZ_COSSACKS : KZ_TURKS;
  changed (self, FALSE);
}

static void
clear_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzEditorWindow *self = user_data;
  int side = self->pos.side;
  kz_position_init_empty (&self->pos);
  self->pos.side = (uint8_t) side;
  changed (self, FALSE);
}

static void
start_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzEditorWindow *self = user_data;
  kz_position_init_start (&self->pos);
  changed (self, FALSE);
}

static void
flip_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzEditorWindow *self = user_data;
  kz_board_view_set_flipped (self->board, !kz_board_view_get_flipped (self->board));
}

/* The keyboard on the focused point: C and T put or take away a piece,
 * Delete takes it away, F and Shift+F give or stand the flags. */
static gboolean
on_key_pressed (GtkEventControllerKey *keys, guint keyval, guint keycode,
                GdkModifierType state, KzEditorWindow *self)
{
  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  int sq = kz_board_view_get_focus_point (self->board);
  if (sq == KZ_NO_POINT)
    return FALSE;
  switch (gdk_keyval_to_lower (keyval))
    {
    case GDK_KEY_c: apply_tool (self, TOOL_COSSACK, sq); break;
    case GDK_KEY_t: apply_tool (self, TOOL_TURK, sq); break;
    case GDK_KEY_Delete: case GDK_KEY_BackSpace: apply_tool (self, TOOL_ERASE, sq); break;
    case GDK_KEY_f:
      apply_tool (self, (state & GDK_SHIFT_MASK) ? TOOL_TURKISH_FLAG : TOOL_COSSACK_FLAG, sq);
      break;
    default:
      return FALSE;
    }
  return TRUE;
}

/* ---- from here: play, analyse, store ---- */

static KzGame *
game_from_position (KzEditorWindow *self, gboolean computer, int level)
{
  KzGame *game = kz_game_new_from_position (&self->pos);
  for (int side = KZ_COSSACKS; side <= KZ_TURKS; side++)
    {
      /* Stored in English; shown in the user's language (kz_player_name_display). */
      if (!computer)
        kz_game_set_player (game, (KzSide) side, side == KZ_COSSACKS ? "Cossacks" : "Turks",
                            KZ_PLAYER_HUMAN, 0);
      else if (side == self->pos.side)
        kz_game_set_player (game, (KzSide) side, "Player", KZ_PLAYER_HUMAN, 0);
      else
        kz_game_set_player (game, (KzSide) side, "Computer", KZ_PLAYER_COMPUTER, level);
    }
  kz_game_set_start_time (game, g_get_real_time () / G_USEC_PER_SEC);
  return game;
}

/* Stores the game; a toast when it cannot be. */
static gboolean
store_game (KzEditorWindow *self, KzWindow *window, KzGame *game)
{
  g_autoptr (GError) error = NULL;
  KzStore *store = kz_session_get_store (kz_window_get_session (window));
  if (store && kz_store_create_game (store, game, &error) != 0)
    return TRUE;
  g_autofree char *msg = g_strdup_printf (_("The game is not saved: %s"),
                                          error ? error->message : _("there is no game database"));
  toast (self, msg);
  return FALSE;
}

/* The main window the editor was opened from and plays into (a weak
 * reference: not kz_application_get_main_window(), which would pick or
 * make another one once it is closed). */
static KzWindow *
opener_window (KzEditorWindow *self)
{
  KzWindow *window = g_weak_ref_get (&self->window);
  if (window == NULL)
    toast (self, _("The main window is closed"));
  return window;
}

static void
show_game (KzWindow *window, KzGame *game)
{
  GActionGroup *group = G_ACTION_GROUP (window);
  g_autoptr (GVariant) review = g_action_group_get_action_state (group, "review");
  if (review && g_variant_get_boolean (review))
    g_action_group_change_action_state (group, "review", g_variant_new_boolean (FALSE));
  kz_window_set_game (window, game);
  gtk_window_present (GTK_WINDOW (window));
}

static void
play_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzEditorWindow *self = user_data;
  g_autoptr (KzWindow) window = opener_window (self);
  if (window == NULL)
    return;
  gboolean computer = strcmp (g_variant_get_string (param, NULL), "computer") == 0;
  GSettings *settings = kz_window_get_settings (window);
  int level = g_settings_get_int (settings, "computer-level");
  g_autoptr (KzGame) game = game_from_position (self, computer, level);
  kz_game_set_no_progress_rule (game, g_settings_get_boolean (settings, "no-progress-draw"));
  store_game (self, window, game);
  show_game (window, game);
}

static void
analyse_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzEditorWindow *self = user_data;
  g_autoptr (KzWindow) window = opener_window (self);
  if (window == NULL)
    return;
  g_autoptr (KzGame) game = game_from_position (self, FALSE, 0);
  show_game (window, game);
  g_action_group_activate_action (G_ACTION_GROUP (window), "analyse", NULL);
}

static void
save_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzEditorWindow *self = user_data;
  g_autoptr (KzWindow) window = opener_window (self);
  if (window == NULL)
    return;
  g_autoptr (KzGame) game = game_from_position (self, FALSE, 0);
  /* played on later like any game of two players */
  kz_game_set_no_progress_rule (game, g_settings_get_boolean (kz_window_get_settings (window),
                                                              "no-progress-draw"));
  if (store_game (self, window, game))
    {
      kz_session_games_added (kz_window_get_session (window));
      toast (self, _("The position is saved in the library"));
    }
}

static const GActionEntry win_actions[] = {
  { "editor-tool", NULL, "s", "'cossack'", tool_changed_state, { 0 } },
  { "editor-point", point_activated, "s", NULL, NULL, { 0 } },
  { "editor-drag", drag_activated, "s", NULL, NULL, { 0 } },
  { "editor-side", NULL, "s", "'c'", side_changed_state, { 0 } },
  { "editor-clear", clear_activated, NULL, NULL, NULL, { 0 } },
  { "editor-start", start_activated, NULL, NULL, NULL, { 0 } },
  { "editor-flip", flip_activated, NULL, NULL, NULL, { 0 } },
  { "editor-kpn", NULL, "s", "''", kpn_changed_state, { 0 } },
  { "editor-status", NULL, NULL, "''", NULL, { 0 } },
  { "editor-copy", copy_activated, NULL, NULL, NULL, { 0 } },
  { "editor-paste", paste_activated, NULL, NULL, NULL, { 0 } },
  { "editor-play", play_activated, "s", NULL, NULL, { 0 } },
  { "editor-analyse", analyse_activated, NULL, NULL, NULL, { 0 } },
  { "editor-save", save_activated, NULL, NULL, NULL, { 0 } },
};

/* ---- the class ---- */

static void
kz_editor_window_size_allocate (GtkWidget *widget, int width, int height, int baseline)
{
  KzEditorWindow *self = KZ_EDITOR_WINDOW (widget);
  GtkOrientation want = width < NARROW_WIDTH ? GTK_ORIENTATION_VERTICAL
                                             : GTK_ORIENTATION_HORIZONTAL;
  if (gtk_orientable_get_orientation (GTK_ORIENTABLE (self->editor_box)) != want)
    gtk_orientable_set_orientation (GTK_ORIENTABLE (self->editor_box), want);
  GTK_WIDGET_CLASS (kz_editor_window_parent_class)->size_allocate (widget, width, height, baseline);
}

static void
kz_editor_window_dispose (GObject *object)
{
  KzEditorWindow *self = KZ_EDITOR_WINDOW (object);
  g_weak_ref_set (&self->window, NULL);
  gtk_widget_dispose_template (GTK_WIDGET (self), KZ_TYPE_EDITOR_WINDOW);
  G_OBJECT_CLASS (kz_editor_window_parent_class)->dispose (object);
}

static void
kz_editor_window_finalize (GObject *object)
{
  KzEditorWindow *self = KZ_EDITOR_WINDOW (object);
  g_weak_ref_clear (&self->window);
  G_OBJECT_CLASS (kz_editor_window_parent_class)->finalize (object);
}

static void
kz_editor_window_class_init (KzEditorWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kz_editor_window_dispose;
  object_class->finalize = kz_editor_window_finalize;
  widget_class->size_allocate = kz_editor_window_size_allocate;
  g_type_ensure (KZ_TYPE_BOARD_VIEW);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/kz-editor-window.ui");
#define BIND(name) gtk_widget_class_bind_template_child (widget_class, KzEditorWindow, name)
  BIND (toasts);
  BIND (editor_box);
  BIND (board);
  BIND (kpn_entry);
  BIND (status_label);
#undef BIND
}

static void
kz_editor_window_init (KzEditorWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  g_weak_ref_init (&self->window, NULL);
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions, G_N_ELEMENTS (win_actions),
                                   self);
  g_simple_action_set_enabled (G_SIMPLE_ACTION (g_action_map_lookup_action (G_ACTION_MAP (self),
                                                                            "editor-status")),
                               FALSE);
  kz_board_view_set_editing (self->board, TRUE);
  kz_board_view_set_animation_duration (self->board, 0);
  g_signal_connect (self->board, "point-edited", G_CALLBACK (on_point_edited), self);
  g_signal_connect (self->kpn_entry, "changed", G_CALLBACK (on_kpn_changed), self);
  GtkEventController *keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->board), keys);
}

KzEditorWindow *
kz_editor_window_new (KzWindow *window, const KzPosition *pos)
{
  KzEditorWindow *self = g_object_new (KZ_TYPE_EDITOR_WINDOW,
                                       "application", gtk_window_get_application (GTK_WINDOW (window)),
                                       NULL);
  g_weak_ref_set (&self->window, window);
  if (pos)
    self->pos = *pos;
  else
    kz_position_init_start (&self->pos);
  changed (self, FALSE);
  /* The keyboard starts on the board: arrows, Enter, C, T, Delete, F. */
  gtk_widget_grab_focus (GTK_WIDGET (self->board));
  return self;
}

/* ---- win.edit-position ---- */

static void
editor_destroyed (GtkWidget *editor, gpointer window)
{
  if (g_object_get_data (G_OBJECT (window), "kz-editor-window") == editor)
    g_object_set_data (G_OBJECT (window), "kz-editor-window", NULL);
}

static void
edit_position_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *window = user_data;
  KzEditorWindow *editor = g_object_get_data (G_OBJECT (window), "kz-editor-window");
  const KzPosition *shown = kz_window_get_shown_position (window);
  if (editor == NULL)
    {
      editor = kz_editor_window_new (window, shown);
      g_object_set_data (G_OBJECT (window), "kz-editor-window", editor);
      g_signal_connect_object (editor, "destroy", G_CALLBACK (editor_destroyed), window, 0);
    }
  else
    {
      /* Asked again: the position the main window shows now. */
      if (shown)
        editor->pos = *shown;
      else
        kz_position_init_start (&editor->pos);
      changed (editor, FALSE);
    }
  gtk_window_present (GTK_WINDOW (editor));
}

static const GActionEntry window_actions[] = {
  { "edit-position", edit_position_activated, NULL, NULL, NULL, { 0 } },
};

void
kz_editor_window_actions_init (KzWindow *window)
{
  g_action_map_add_action_entries (G_ACTION_MAP (window), window_actions,
                                   G_N_ELEMENTS (window_actions), window);
}
