/* kz-game-private.h — what KzStore and the KGN reader need of KzGame.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-game.h"

G_BEGIN_DECLS

/* Plays a move without recording it in the store (loading, importing). */
gboolean kz_game_load_move (KzGame *self, const char *text, gint64 time_ms,
                            GError **error);
/* Sets the clock stored with move i (loading, importing). */
void     kz_game_load_move_clock (KzGame *self, guint i, gint64 clock_ms);
/* Sets result/termination/end time without recording (loading). */
void     kz_game_load_outcome (KzGame *self, KzResult result,
                               KzTermination termination, gint64 end_time);
void     kz_game_attach (KzGame *self, KzStore *store, gint64 id);
/* A translated sentence for an engine error (no trailing period). */
char    *kz_game_describe_engine_error (const KzError *err, const char *text);

G_END_DECLS
