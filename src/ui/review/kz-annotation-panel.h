/* kz-annotation-panel.h — the reviewer's notes on the move shown.
 *
 * Under the move list while a game is reviewed: the marks ! ? !! ?? !?
 * ?! as toggle buttons (the window's stateful win.set-mark), Promote
 * and Delete for a variation (win.promote-variation,
 * win.delete-variation) and a comment editor for the move (`node`).
 * The comment is handed on with "comment-edited" (KzMoveNode *node,
 * const char *text) when the editor loses the focus, on Ctrl+Enter, and
 * before another node is shown, whenever the text was changed; the
 * window stores it (kz_game_set_comment()).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "kz-move-node.h"

G_BEGIN_DECLS

#define KZ_TYPE_ANNOTATION_PANEL (kz_annotation_panel_get_type ())
G_DECLARE_FINAL_TYPE (KzAnnotationPanel, kz_annotation_panel, KZ, ANNOTATION_PANEL, GtkBox)

KzMoveNode *kz_annotation_panel_get_node      (KzAnnotationPanel *self);
/* The move whose comment is edited (NULL: none, the editor is off). */
void        kz_annotation_panel_set_node      (KzAnnotationPanel *self,
                                               KzMoveNode        *node);
/* Puts the keyboard focus into the comment editor. */
void        kz_annotation_panel_focus_comment (KzAnnotationPanel *self);
/* Hands on the comment now when it was changed (see above). */
void        kz_annotation_panel_commit        (KzAnnotationPanel *self);
/* The text in the editor (for tests); free with g_free. */
char       *kz_annotation_panel_dup_text      (KzAnnotationPanel *self);

G_END_DECLS
