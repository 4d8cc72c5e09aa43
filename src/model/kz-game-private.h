/* kz-game-private.h — what KzStore, the stored-game builder and the KGN
 * reader need of KzGame.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-game.h"
#include "kz-recorder.h"

G_BEGIN_DECLS

/* Plays a move without recording it in the store (loading, importing). */
gboolean kz_game_load_move (KzGame *self, const char *text, gint64 time_ms,
                            GError **error);
/* Sets the clock stored with move i (loading, importing). */
void     kz_game_load_move_clock (KzGame *self, guint i, gint64 clock_ms);
/* Sets the turn clock read from the store (loading). */
void     kz_game_load_turn_clock (KzGame *self, gint64 ms);
/* Sets result/termination/end time without recording (loading). */
void     kz_game_load_outcome (KzGame *self, KzResult result,
                               KzTermination termination, gint64 end_time);
/* From now on the game records every change through `recorder` as game
 * `id` (NULL, 0: in memory only). */
void     kz_game_attach (KzGame *self, KzRecorder *recorder, gint64 id);
/* The tree of moves (kz-game.c keeps it, kz-game-tree.c edits it). */
typedef struct {
  KzMoveNode *parent;           /* where the deleted node hung */
  KzMoveNode *node;             /* a reference to the deleted subtree */
  guint       index;
  char       *parent_comment;   /* the parent's comment before the deletion */
  KzMoveNode *moved;            /* a child whose "comment before" moved to the parent, or NULL */
  char       *moved_before;
} KzGameDeletion;

void        kz_game_deletion_free (KzGameDeletion *deletion);
GPtrArray  *kz_game_peek_deleted (KzGame *self);
/* The store key for a new variation node (key 0), or notes a loaded one. */
gint64      kz_game_take_node_key (KzGame *self, gint64 key);
void        kz_game_emit_tree_changed (KzGame *self, KzMoveNode *node);
/* Adds a stored or imported variation node without recording it. */
KzMoveNode *kz_game_load_variation (KzGame *self, KzMoveNode *parent, const char *text,
                                    gint64 key, gint64 rank, GError **error);

/* A translated sentence for an engine error (no trailing period). */
char    *kz_game_describe_engine_error (const KzError *err, const char *text);

G_END_DECLS
