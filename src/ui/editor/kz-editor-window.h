/* kz-editor-window.h — the position editor: pieces of both sides put,
 * taken away and moved on a KzBoardView by click, drag and keyboard, each
 * flag standing at home or carried by a chosen piece, the side to move, a
 * KPN field kept in step both ways, the rule a position breaks said at
 * once (kz_position_check); from a position that can be played, a game
 * against the computer or of two players in the main window, an analysis,
 * or a game stored in the library with the position as its start.
 *
 * Opened by the main window's win.edit-position (Ctrl+E) on the position
 * it shows.  Window actions (exported on D-Bus):
 *   win.editor-tool (s)     state: cossack, turk, erase, cossack-flag, turkish-flag
 *   win.editor-point (s)    the tool used on a point ("c4"), as a click there
 *   win.editor-drag (s)     "FROM TO" ("-" for TO: off the board), as a drag
 *   win.editor-side (s)     state: c or t, the side to move
 *   win.editor-clear, win.editor-start, win.editor-flip
 *   win.editor-kpn (s)      state: the position in KPN; changing it reads a KPN
 *   win.editor-status       state (s): "" when the position can be played from,
 *                           else why not (translated); never enabled
 *   win.editor-copy, win.editor-paste   the KPN through the clipboard
 *   win.editor-play (s)     computer (the player takes the side to move) or two
 *   win.editor-analyse      the position in the main window's review, analysed
 *   win.editor-save         a game from the position stored in the library
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

#include "kz-window.h"

G_BEGIN_DECLS

#define KZ_TYPE_EDITOR_WINDOW (kz_editor_window_get_type ())
G_DECLARE_FINAL_TYPE (KzEditorWindow, kz_editor_window, KZ, EDITOR_WINDOW, AdwApplicationWindow)

/* An editor for `window`, showing `pos` (the start position when NULL). */
KzEditorWindow *kz_editor_window_new (KzWindow *window, const KzPosition *pos);

/* Adds win.edit-position to the main window. */
void            kz_editor_window_actions_init (KzWindow *window);

G_END_DECLS
