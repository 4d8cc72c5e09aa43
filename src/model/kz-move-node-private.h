/* kz-move-node-private.h — what KzGame, KzStore and the KGN reader need
 * of KzMoveNode.  Not for the UI: it changes nodes without storing them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-move-node.h"
#include "kz-notation.h"

G_BEGIN_DECLS

struct _KzMoveNode {
  GObject      parent_instance;
  KzMoveNode  *parent;      /* not a reference; NULL for the root or a detached node */
  GPtrArray   *children;    /* references */
  KzMove       move;
  char         text[KZ_MOVE_STR_MAX];
  KzPosition   pos;         /* after the move */
  guint        ply;
  gboolean     root;
  gboolean     main;        /* on the main line */
  gint64       key;         /* the store's key of a variation node (0: none yet) */
  gint64       rank;        /* the order among the parent's stored variations */
  char        *comment;
  char        *before;
  guint8      *nags;        /* n_nags of them (g_malloc'd), NULL when there is none */
  guint        n_nags;
};

KzMoveNode *kz_move_node_new_root (const KzPosition *start);
/* A node for a legal `move` played from `parent`'s position (not yet linked). */
KzMoveNode *kz_move_node_new (KzMoveNode *parent, const KzMove *move, gboolean main);
/* Links `child` (taking a reference) at `index` (-1: last). */
void        kz_move_node_insert_child (KzMoveNode *parent, KzMoveNode *child, int index);
/* Unlinks `child`; returns its former index.  The caller should hold a
 * reference when it wants to keep the node. */
guint       kz_move_node_remove_child (KzMoveNode *parent, KzMoveNode *child);
void        kz_move_node_swap_children (KzMoveNode *parent, guint i, guint j);
/* The text is normalised (kz_comment_normalize()); notify when changed. */
void        kz_move_node_set_comment (KzMoveNode *self, const char *text);
void        kz_move_node_set_comment_before (KzMoveNode *self, const char *text);
/* Every NAG once (so at most KZ_MAX_NAGS), in order; repeats and 0 dropped. */
void        kz_move_node_set_nags (KzMoveNode *self, const guint8 *nags, guint n);
gboolean    kz_move_node_add_nag (KzMoveNode *self, guint nag);
/* NAGs as stored: "1 14" (decimal, one space); parsing skips anything else. */
char       *kz_move_node_nags_to_text (KzMoveNode *self);
void        kz_move_node_set_nags_from_text (KzMoveNode *self, const char *text);

G_END_DECLS
