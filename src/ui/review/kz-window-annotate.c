/* kz-window-annotate.c — annotating the game reviewed in the main
 * window: marks, comments, promoting and deleting variations.
 *
 * They act on the node the review shows (kz-window-review.c) and are
 * stored by the game before they show (kz-game.h, the tree of moves).
 * Actions:
 *
 *   win.set-mark (s, state s)   "!", "?", "!!", "??", "!?", "?!" or "" for
 *                               none; the mark the node has again clears it
 *   win.set-comment (s)         the comment after the move shown (at the
 *                               start: the comment before the first move)
 *   win.edit-comment            the keyboard focus to the comment editor
 *   win.promote-variation       the variation shown changes places with
 *                               the line it branches from (never with the
 *                               moves played: the main line)
 *   win.delete-variation        deletes the variation shown (from its
 *                               first move), with Undo in a toast
 *   win.restore-variation       puts the last deleted variation back
 *
 * The editor and the buttons are KzAnnotationPanel, under the move list
 * while a game is reviewed (KzMovesView "annotating").
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-window-private.h"

/* ---- state --------------------------------------------------------------- */

static KzMoveNode *
shown_node (KzWindow *self)
{
  return self->review->replay ? kz_replay_get_node (self->review->replay) : NULL;
}

static KzGame *
shown_game (KzWindow *self)
{
  return self->review->replay ? kz_replay_get_game (self->review->replay) : NULL;
}

/* The first move of the variation that holds `node` (NULL on the main line). */
static KzMoveNode *
variation_start (KzMoveNode *node)
{
  if (node == NULL || kz_move_node_is_main_line (node))
    return NULL;
  while (!kz_move_node_starts_variation (node))
    node = kz_move_node_get_parent (node);
  return node;
}

static void
set_enabled (KzWindow *self, const char *name, gboolean enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);
  if (action)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

void
kz_window_annotate_update (KzWindow *self)
{
  KzMoveNode *node = shown_node (self);
  KzGame *game = shown_game (self);
  /* A built-in game (the demonstration battle) is only read. */
  gboolean editable = !self->review->read_only;
  gboolean move = node != NULL && !kz_move_node_is_root (node);
  guint mark = move ? kz_move_node_get_mark (node) : 0;
  GAction *action;

  set_enabled (self, "set-mark", editable && move);
  set_enabled (self, "set-comment", editable && node != NULL);
  set_enabled (self, "edit-comment", editable && node != NULL);
  set_enabled (self, "promote-variation",
               editable && node != NULL && kz_game_can_promote (game, node));
  set_enabled (self, "delete-variation", editable && variation_start (node) != NULL);
  set_enabled (self, "restore-variation",
               editable && game != NULL && kz_game_get_can_restore_deleted (game));
  action = g_action_map_lookup_action (G_ACTION_MAP (self), "set-mark");
  if (action)
    g_simple_action_set_state (G_SIMPLE_ACTION (action),
                               g_variant_new_string (mark ? kz_nag_to_mark (mark) : ""));
  kz_moves_view_set_annotating (self->moves_view, editable && self->review->replay != NULL);
}

/* An edit the game refused (the database): say why. */
static void
refused (KzWindow *self, GError *error)
{
  kz_window_show_toast (self, error->message);
}

/* ---- actions ------------------------------------------------------------- */

static void
set_mark_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  g_autoptr (GError) error = NULL;
  KzMoveNode *node = shown_node (self);
  const char *text = g_variant_get_string (param, NULL);
  guint mark = kz_nag_from_mark (text);

  if (node == NULL || kz_move_node_is_root (node) || (text[0] && mark == 0))
    return;
  /* The same mark again takes it away (the buttons toggle). */
  if (mark == kz_move_node_get_mark (node))
    mark = 0;
  if (!kz_game_set_mark (shown_game (self), node, mark, &error))
    refused (self, error);
  kz_window_annotate_update (self);
}

static void
store_comment (KzWindow *self, KzMoveNode *node, const char *text)
{
  g_autoptr (GError) error = NULL;

  if (!kz_game_set_comment (shown_game (self), node, text, &error))
    refused (self, error);
}

static void
set_comment_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  KzMoveNode *node = shown_node (self);

  if (node)
    store_comment (self, node, g_variant_get_string (param, NULL));
}

static void
edit_comment_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;

  if (shown_node (self))
    kz_annotation_panel_focus_comment (kz_moves_view_get_annotation_panel (self->moves_view));
}

/* The panel hands on a comment typed for `node` (maybe no longer shown). */
static void
comment_edited (KzWindow *self, KzMoveNode *node, const char *text)
{
  if (shown_game (self) && node)
    store_comment (self, node, text);
}

static void
promote_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  g_autoptr (GError) error = NULL;
  KzMoveNode *node = shown_node (self);

  if (node == NULL)
    return;
  if (!kz_game_promote_variation (shown_game (self), node, &error))
    refused (self, error);
  kz_window_annotate_update (self);
}

static void
delete_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  g_autoptr (GError) error = NULL;
  KzMoveNode *start = variation_start (shown_node (self));
  AdwToast *toast;

  if (start == NULL)
    return;
  /* The review goes back to where the variation branched off. */
  if (!kz_game_delete_variation (shown_game (self), start, &error))
    {
      refused (self, error);
      return;
    }
  g_log ("Kazaki", G_LOG_LEVEL_DEBUG, "toast: %s", _("Variation deleted"));
  toast = adw_toast_new (_("Variation deleted"));
  adw_toast_set_button_label (toast, _("_Undo"));
  adw_toast_set_action_name (toast, "win.restore-variation");
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
  kz_window_annotate_update (self);
}

static void
restore_activated (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  KzWindow *self = user_data;
  g_autoptr (GError) error = NULL;
  KzGame *game = shown_game (self);
  KzMoveNode *node;

  if (game == NULL || !kz_game_get_can_restore_deleted (game))
    return;
  node = kz_game_restore_deleted (game, &error);
  if (node == NULL)
    refused (self, error);
  else
    kz_replay_goto_node (self->review->replay, node);
  kz_window_annotate_update (self);
}

static const GActionEntry annotate_actions[] = {
  { "set-mark", set_mark_activated, "s", "''", NULL, { 0 } },
  { "set-comment", set_comment_activated, "s", NULL, NULL, { 0 } },
  { "edit-comment", edit_comment_activated, NULL, NULL, NULL, { 0 } },
  { "promote-variation", promote_activated, NULL, NULL, NULL, { 0 } },
  { "delete-variation", delete_activated, NULL, NULL, NULL, { 0 } },
  { "restore-variation", restore_activated, NULL, NULL, NULL, { 0 } },
};

/* ---- set-up -------------------------------------------------------------- */

void
kz_window_annotate_init (KzWindow *self)
{
  g_action_map_add_action_entries (G_ACTION_MAP (self), annotate_actions,
                                   G_N_ELEMENTS (annotate_actions), self);
  g_signal_connect_object (kz_moves_view_get_annotation_panel (self->moves_view), "comment-edited",
                           G_CALLBACK (comment_edited), self, G_CONNECT_SWAPPED);
}
