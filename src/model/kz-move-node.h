/* kz-move-node.h — one node of a game's tree of moves (annotations and
 * variations).
 *
 * A KzGame is a tree of KzMoveNode.  The root stands for the start
 * position (ply 0) and has no move; every other node is one move and the
 * position after it.  A node's first child continues its line, the
 * other children are the variations that branch there: alternatives to
 * that first child, in order.  (Where the main line ends, a main-line
 * node can have variations but no continuation: then all its children
 * are variations; kz_move_node_get_continuation() tells.)  The main line — the moves as they were
 * played, kz_game_get_move() — is root → first child → first child …;
 * its nodes say kz_move_node_is_main_line().  A variation may have
 * variations of its own, to any depth.
 *
 * Every node carries a comment (the text after its move; the root's is
 * the comment before the first move), NAGs ($1 … $255; the marks !, ?,
 * !!, ??, !?, ?! are $1 … $6) and, for the first move of a variation,
 * a comment before that move.  Comments are kept as one line: runs of
 * white space and control characters (C0, DEL, C1: a terminal would obey
 * them) become one space, the ends are trimmed, and bidirectional
 * embedding, override and isolate controls (kz_unichar_is_bidi_control())
 * are left out; otherwise the text is kept verbatim (e.g. "[%eval 0.31]",
 * "[%clk 0:05:00]", a "}" from a ";" comment).
 *
 * Nodes belong to their game and are changed only through it
 * (kz_game_add_variation_move() and the other kz_game_*() editing
 * functions in kz-game.h), so every change is stored first.  A pointer to
 * a node stays valid while the node is in the tree; take a reference to
 * keep one after a deletion.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "kz-engine.h"

G_BEGIN_DECLS

/* The NAGs of the six move marks. */
typedef enum {
  KZ_NAG_NONE = 0,
  KZ_NAG_GOOD = 1,          /* ! */
  KZ_NAG_MISTAKE = 2,       /* ? */
  KZ_NAG_BRILLIANT = 3,     /* !! */
  KZ_NAG_BLUNDER = 4,       /* ?? */
  KZ_NAG_INTERESTING = 5,   /* !? */
  KZ_NAG_DUBIOUS = 6,       /* ?! */
} KzNag;

/* The most NAGs one node can have: each of $1 … $255 once. */
#define KZ_MAX_NAGS 255

/* "!" … "?!" for $1 … $6, NULL for any other NAG. */
const char *kz_nag_to_mark (guint nag);
/* The NAG of a mark ("!" … "?!"), or 0. */
guint       kz_nag_from_mark (const char *mark);
/* Normalises a comment as nodes keep it (see above); NULL → "". */
char       *kz_comment_normalize (const char *text);
/* A comment as a reader gets it: without the embedded commands "[%…]"
 * ("[%eval 0.35]", "[%clk 0:05:00]"), normalised; "" when nothing else is
 * in it. */
char       *kz_comment_dup_readable (const char *comment);
/* U+202A … U+202E and U+2066 … U+2069: they reorder the text shown after
 * them (a name "\u202Eabc" shows as "cba", also in a terminal). */
gboolean    kz_unichar_is_bidi_control (gunichar c);

#define KZ_TYPE_MOVE_NODE (kz_move_node_get_type ())
G_DECLARE_FINAL_TYPE (KzMoveNode, kz_move_node, KZ, MOVE_NODE, GObject)

/* Properties (read-only, notify when they change):
 *   "comment", "comment-before" strings, "nags" GVariant "ay". */

KzMoveNode       *kz_move_node_get_parent (KzMoveNode *self);
guint             kz_move_node_get_n_children (KzMoveNode *self);
/* Child i: 0 continues the line, 1… are the variations branching here. */
KzMoveNode       *kz_move_node_get_child (KzMoveNode *self, guint i);
/* The child that continues this node's line, or NULL. */
KzMoveNode       *kz_move_node_get_continuation (KzMoveNode *self);
/* Whether the node is the first move of a variation. */
gboolean          kz_move_node_starts_variation (KzMoveNode *self);
/* The index of this node among its parent's children (0 for the root). */
guint             kz_move_node_get_index (KzMoveNode *self);
/* The ply after the move (0 for the root). */
guint             kz_move_node_get_ply (KzMoveNode *self);
gboolean          kz_move_node_is_root (KzMoveNode *self);
gboolean          kz_move_node_is_main_line (KzMoveNode *self);
/* The move and its notation; NULL for the root. */
const KzMove     *kz_move_node_get_move (KzMoveNode *self);
const char       *kz_move_node_get_move_text (KzMoveNode *self);
/* The position after the move (the start position for the root). */
const KzPosition *kz_move_node_get_position (KzMoveNode *self);
/* The side that made the move (for the root: the side to move first). */
KzSide            kz_move_node_get_mover (KzMoveNode *self);
/* Never NULL; "" when there is none. */
const char       *kz_move_node_get_comment (KzMoveNode *self);
const char       *kz_move_node_get_comment_before (KzMoveNode *self);
const guint8     *kz_move_node_get_nags (KzMoveNode *self, guint *n_nags);
gboolean          kz_move_node_has_nag (KzMoveNode *self, guint nag);
/* The mark NAG ($1 … $6) among the NAGs, or 0. */
guint             kz_move_node_get_mark (KzMoveNode *self);
/* The child whose move is `move`, or NULL. */
KzMoveNode       *kz_move_node_find_child (KzMoveNode *self, const KzMove *move);
/* The node after which this node's line branched off: the parent of the
 * first node of the line (NULL on the main line). */
KzMoveNode       *kz_move_node_get_branch_point (KzMoveNode *self);
/* How many variations deep the node is (0 on the main line). */
guint             kz_move_node_get_depth (KzMoveNode *self);
/* The last node of this node's line (following first children). */
KzMoveNode       *kz_move_node_get_line_end (KzMoveNode *self);
/* Whether the node carries a comment, a comment before or NAGs. */
gboolean          kz_move_node_is_annotated (KzMoveNode *self);

G_END_DECLS
