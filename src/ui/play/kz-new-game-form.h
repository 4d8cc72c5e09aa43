/* kz-new-game-form.h — the New Game dialog's form: the opponent (another
 * player or the computer), the side played, the computer's level and the
 * players' names, bound to the settings (default-opponent, player-side,
 * computer-level, new-game-guided (the "With help" switch: a guided game,
 * guide/kz-guide-panel.h), cossacks-name, turks-name).  The settings change only
 * when the game is started (kz_new_game_form_apply()).  Enter in a name
 * activates the dialog's default response.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define KZ_TYPE_NEW_GAME_FORM (kz_new_game_form_get_type ())
G_DECLARE_FINAL_TYPE (KzNewGameForm, kz_new_game_form, KZ, NEW_GAME_FORM, GtkBox)

KzNewGameForm *kz_new_game_form_new          (GSettings *settings);
/* Writes the form to the settings (names without surrounding spaces). */
void           kz_new_game_form_apply        (KzNewGameForm *self);
gboolean       kz_new_game_form_get_computer (KzNewGameForm *self);
/* Against the computer, with help: a guided game. */
gboolean       kz_new_game_form_get_guided   (KzNewGameForm *self);
/* The clock chosen in PGN TimeControl syntax ("-", "600", "300+3");
 * apply() writes it to the key time-control. */
char          *kz_new_game_form_dup_time_control (KzNewGameForm *self);

G_END_DECLS
