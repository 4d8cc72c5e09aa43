/* kz-recorder.h — what a KzGame records its changes through.
 *
 * KzRecorder is a GInterface: an attached game (kz_game_attach() in
 * kz-game-private.h) calls it for every change, BEFORE it makes the change
 * in memory, and gives up the change when it fails.  KzStore implements
 * it (kz-store-games.c, kz-store-tree.c); the game knows only this
 * interface, never the store, so the model has no circle: the store knows
 * the game (it reads and attaches it), the game knows the recorder.
 * Every call is one committed transaction.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "kz-game.h"
#include "kz-move-node.h"

G_BEGIN_DECLS

/* The tree of moves: one edit, one committed transaction.  Nodes not on
 * the main line are rows keyed by their key; a main-line node's comment
 * and NAGs are a row keyed by its ply.  New values are passed in, the
 * nodes are not read for them (they change only after the commit). */
typedef struct {
  KzMoveNode *node;
  const char *comment;
  const char *before;
  const char *nags;             /* "1 14" */
} KzTreeNote;

typedef struct {
  KzMoveNode  *insert;          /* a subtree to insert (keys and ranks set), or NULL */
  KzMoveNode  *insert_parent;
  KzMoveNode  *remove;          /* a subtree to delete, or NULL */
  KzTreeNote   notes[3];
  guint        n_notes;
  KzMoveNode  *rerank[2];       /* variation nodes that get new ranks */
  gint64       ranks[2];
  guint        n_rerank;
} KzTreeEdit;

#define KZ_TYPE_RECORDER (kz_recorder_get_type ())
G_DECLARE_INTERFACE (KzRecorder, kz_recorder, KZ, RECORDER, GObject)

struct _KzRecorderInterface {
  GTypeInterface parent_iface;

  gboolean (*append_move)      (KzRecorder *self, gint64 id, guint ply, const char *move,
                                gint64 played_ms, gint64 clock_ms, const char *final_kpn,
                                KzResult result, KzTermination termination, gint64 end_time,
                                GError **error);
  gboolean (*remove_last_move) (KzRecorder *self, gint64 id, guint ply, const char *final_kpn,
                                GError **error);
  gboolean (*set_outcome)      (KzRecorder *self, gint64 id, KzResult result,
                                KzTermination termination, gint64 end_time, GError **error);
  gboolean (*set_turn_clock)   (KzRecorder *self, gint64 id, guint plies, gint64 ms,
                                GError **error);
  gboolean (*edit_tree)        (KzRecorder *self, gint64 id, const KzTreeEdit *edit,
                                GError **error);
};

/* Records move `ply` (1-based: the ply after it) of game `id` and the
 * game's new final position, result, termination and end time (0 = none). */
gboolean kz_recorder_append_move (KzRecorder *self, gint64 id, guint ply, const char *move,
                                  gint64 played_ms, gint64 clock_ms, const char *final_kpn,
                                  KzResult result, KzTermination termination, gint64 end_time,
                                  GError **error);
/* Deletes move `ply` (which must be the last) and reopens the game. */
gboolean kz_recorder_remove_last_move (KzRecorder *self, gint64 id, guint ply,
                                       const char *final_kpn, GError **error);
gboolean kz_recorder_set_outcome (KzRecorder *self, gint64 id, KzResult result,
                                  KzTermination termination, gint64 end_time, GError **error);
/* The time left of the side to move in the turn under way, in game `id`
 * of `plies` moves (-1: none); a move played or taken back clears it. */
gboolean kz_recorder_set_turn_clock (KzRecorder *self, gint64 id, guint plies, gint64 ms,
                                     GError **error);
gboolean kz_recorder_edit_tree (KzRecorder *self, gint64 id, const KzTreeEdit *edit,
                                GError **error);

G_END_DECLS
