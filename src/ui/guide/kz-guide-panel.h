/* kz-guide-panel.h — the guided game: under the board, one sentence for
 * the computer's last move and the aids in words (the pieces that must
 * capture and why, the player's pieces in danger, the flags' roads home),
 * with a menu of the aids to switch; over the board its KzGuideLayer
 * draws the danger and the roads, and the board its own marks (the
 * selected piece's targets, the pieces that must capture).
 *
 * A game is guided when it has the KGN tag Guided "yes" and the computer
 * plays one side.  The aids are the settings guide-legal-moves,
 * guide-must-capture, guide-danger, guide-roads, guide-explain and
 * guide-warn (a warning before a move that loses more than another would,
 * with "Play Anyway" and "Choose Another Move"),
 * window actions of the same names (kz_guide_panel_add_actions()).  The
 * computer's move and, when the player must capture, the reason are
 * announced through the board once its move is shown.
 *
 * Signals: "move-confirmed" (const KzMove *): played despite the warning.
 *
 * Properties: "board" (KzBoardView, the game played), "layer"
 * (KzGuideLayer over it), "guided" (gboolean, read-only).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "kz-game.h"

G_BEGIN_DECLS

#define KZ_TYPE_GUIDE_PANEL (kz_guide_panel_get_type ())
G_DECLARE_FINAL_TYPE (KzGuidePanel, kz_guide_panel, KZ, GUIDE_PANEL, GtkBox)

/* The settings of the aids, and their actions added to `map`. */
void        kz_guide_panel_set_settings (KzGuidePanel *self,
                                         GSettings    *settings,
                                         GActionMap   *map);
/* The game played (NULL: none); the panel follows its moves. */
void        kz_guide_panel_set_game     (KzGuidePanel *self,
                                         KzGame       *game);
gboolean    kz_guide_panel_get_guided   (KzGuidePanel *self);
/* The sentence for the computer's last move ("" when none). */
const char *kz_guide_panel_get_explanation (KzGuidePanel *self);
/* Before the player's `move` is played: TRUE when it may be played now;
 * FALSE when the panel warns instead (the aid guide-warn, a guided game,
 * the player's turn, kz_guide_should_warn()) and emits "move-confirmed"
 * with the move if the player chooses to play it anyway.  A warning goes
 * when a move is played or undone, the game changes or the aid is
 * switched off. */
gboolean    kz_guide_panel_check_move   (KzGuidePanel *self,
                                         const KzMove *move);
/* Whether a warning waits for the player's answer. */
gboolean    kz_guide_panel_get_warning_shown (KzGuidePanel *self);

/* The tag that makes a game guided. */
#define KZ_GUIDE_TAG "Guided"

G_END_DECLS
