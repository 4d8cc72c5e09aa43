/* kz-replay.h — stepping through a game: the replay navigation model.
 *
 * A KzReplay wraps a KzGame (a game loaded from the library, or the game
 * being played, reviewed without leaving it) and shows one node of its
 * tree of moves (kz-move-node.h): at first a node of the main line.  It
 * follows a line: from the start through the node shown and on along
 * first children to the line's end; "ply" is the shown node's ply and
 * "n-plies" the ply at the end of the line followed (on the main line,
 * the number of moves of the game).  Next, Previous, First, Last and
 * kz_replay_goto() move along that line; kz_replay_goto_node() shows any
 * node (a node off the line followed starts a new line through it);
 * kz_replay_switch_line() changes to a sibling line at the nearest
 * branch.  It never changes the game.  When the wrapped game gets or
 * loses moves (the current game goes on while it is reviewed) or its
 * tree is edited, "n-plies" follows, and a node that went away is
 * replaced by the nearest node before it.
 *
 * "Continue from here" starts a new game from the shown position.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "kz-game.h"
#include "kz-store.h"

G_BEGIN_DECLS

#define KZ_TYPE_REPLAY (kz_replay_get_type ())
G_DECLARE_FINAL_TYPE (KzReplay, kz_replay, KZ, REPLAY, GObject)

/* Properties (all notify, only when the value changes):
 *   "game" KzGame (construct-only), "ply" guint (read-write),
 *   "n-plies" guint, "can-go-back", "can-go-forward" gboolean,
 *   "node" KzMoveNode (read-only; notified whenever another node is shown,
 *   also when the ply stays the same). */

/* Shows `game` at ply `ply` (clamped to the game's moves). */
KzReplay     *kz_replay_new (KzGame *game, guint ply);
KzGame       *kz_replay_get_game (KzReplay *self);
guint         kz_replay_get_ply (KzReplay *self);
guint         kz_replay_get_n_plies (KzReplay *self);
gboolean      kz_replay_get_can_go_back (KzReplay *self);
gboolean      kz_replay_get_can_go_forward (KzReplay *self);

/* The node shown (the root at ply 0). */
KzMoveNode   *kz_replay_get_node (KzReplay *self);
/* Shows `node` (a node of the game's tree); TRUE when it changed. */
gboolean      kz_replay_goto_node (KzReplay *self, KzMoveNode *node);
/* Shows the first move of the previous (direction < 0) or next sibling
 * line at the nearest branch on the way back from the node shown: the
 * node shown when it has siblings, else the first node before it that
 * has.  FALSE when there is none that way. */
gboolean      kz_replay_switch_line (KzReplay *self, int direction);

/* Along the line followed; each returns TRUE when the shown node changed. */
gboolean      kz_replay_first (KzReplay *self);
gboolean      kz_replay_previous (KzReplay *self);
gboolean      kz_replay_next (KzReplay *self);
gboolean      kz_replay_last (KzReplay *self);
/* FALSE (and nothing changes) when ply > n-plies. */
gboolean      kz_replay_goto (KzReplay *self, guint ply);

/* The shown position. */
const KzPosition *kz_replay_get_position (KzReplay *self);
char             *kz_replay_dup_kpn (KzReplay *self);
/* The move that led to the shown position, NULL at ply 0. */
const KzMove     *kz_replay_get_move (KzReplay *self);
const char       *kz_replay_get_move_text (KzReplay *self);

/* What an animation of the move into the shown position needs: where it
 * starts, its landing points in order and the points of the captured
 * pieces in the order they are jumped (captured[i] is jumped on the way
 * to path[i]; a jump over the standing flag captures no piece).  FALSE
 * at ply 0. */
typedef struct {
  int   from;
  guint n_steps;                   /* 1 for a step, else the number of jumps */
  int   path[KZ_MAX_CHAIN];        /* landing points */
  int   captured[KZ_MAX_CHAIN];    /* KZ_NO_POINT for a plain step or a flag jump */
  gboolean flag_jump[KZ_MAX_CHAIN]; /* TRUE: jump i takes the standing flag */
  int   piece_id;                  /* the moving piece (KzGame piece identity) */
} KzReplayStep;

gboolean      kz_replay_get_step (KzReplay *self, KzReplayStep *step);

/* The main line as text: "1. c4-c5 b6-b5 2. …" (numbered like KGN, no
 * tags, no result, no variations), wrapped before 80 columns. */
char         *kz_replay_dup_moves_text (KzReplay *self);

/* Move numbers as the move list counts them: a move is one turn of each
 * side, numbered from 1 (a game that starts with the Turks to move has
 * only their half in move 1).  kz_replay_move_number() is the number of
 * the move that leads to `ply` (0 for ply 0). */
guint         kz_replay_move_number (KzGame *game, guint ply);
/* The number of the move that led to the shown position (0 at the start)
 * and of the game's last move (the number of moves in all). */
guint         kz_replay_get_move_number (KzReplay *self);
guint         kz_replay_get_n_moves (KzReplay *self);

/* Gives `game` the players of `from` for a game that someone at this
 * computer can play: when `from` has a human side the players stay as
 * they were (names, kinds; a computer's level brought into 1..9); when
 * neither side was human (a computer-against-computer record), both
 * sides become human, named `names` (Cossacks, Turks; NULL or empty for
 * the translated side names). */
void          kz_replay_copy_players (KzGame *game, KzGame *from, const char *const *names);

/* Starts a new game from the shown position with the players as
 * kz_replay_copy_players() gives them and no moves.  Its start position
 * is the shown one, so the KGN export carries it as the Position tag.
 * When `store` is not NULL the new game is created there (and records
 * itself); else it only lives in memory.  Fails when the game is over at
 * the shown position or the store refuses. */
KzGame       *kz_replay_continue_from_here (KzReplay *self, KzStore *store,
                                            const char *const *names, GError **error);

G_END_DECLS
