/* kz-game.h — one game of Kazaki: moves, undo/redo, result, piece identity.
 *
 * A KzGame holds the start position, the moves played (and, after undo,
 * the moves that can be redone), the position after every ply, the
 * result and how the game ended (RULES.md §7).  It can be attached to a
 * KzRecorder (kz-recorder.h), such as a KzStore row (kz_store_create_game(),
 * kz_store_load_game()); then every change is committed to the database FIRST and only then applied in
 * memory and announced by signals: when the commit fails, nothing
 * changes and the GError says why.
 *
 * Piece identity (RULES.md §9).  Each of the 30 pieces has an id:
 * 0..14 are the Cossacks, 15..29 the Turks (kz_piece_id_side()).  From
 * the start position the ids are given in point order (a1, b1, … e9),
 * and the troop type is fixed by the start point, mirrored for the Turks
 * (rank r of the Cossacks ↔ rank 10 - r of the Turks):
 *
 *   rank 1 / 9:  a e  gunner     b d  cavalry   c  leader (hetman / pasha)
 *   rank 2 / 8:  b d  gunner
 *   rank 3 / 7:  a e  cavalry    b c d  infantry
 *   rank 4 / 6:  b c d  infantry
 *
 * i.e. per side 1 leader, 4 gunners, 4 cavalry, 6 infantry.  A game from
 * another position numbers each side's pieces in point order too; a piece
 * standing on one of its side's start points gets that point's troop,
 * any other gets infantry.  Ids follow the pieces through every move,
 * capture, undo and redo, so a view can animate the same piece.
 *
 * Plies: ply 0 is the start position; move i (0-based) leads from the
 * position at ply i to the position at ply i + 1; kz_game_get_ply() is
 * the number of moves played.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "kz-clock.h"
#include "kz-engine.h"
#include "kz-move-node.h"

G_BEGIN_DECLS

/* Defined in kz-recorder.h: what an attached game records its changes
 * through (KzStore implements it). */
typedef struct _KzRecorder KzRecorder;

typedef enum {
  KZ_RESULT_NONE = 0,        /* unfinished: "*" */
  KZ_RESULT_COSSACKS_WIN,    /* "1-0" */
  KZ_RESULT_TURKS_WIN,       /* "0-1" */
  KZ_RESULT_DRAW,            /* "1/2-1/2" */
} KzResult;

typedef enum {
  KZ_TERMINATION_NONE = 0,   /* "unterminated" */
  KZ_TERMINATION_FLAG,
  KZ_TERMINATION_ANNIHILATION,
  KZ_TERMINATION_BLOCKED,
  KZ_TERMINATION_REPETITION,
  KZ_TERMINATION_AGREEMENT,
  KZ_TERMINATION_RESIGNATION,
  KZ_TERMINATION_TIME_FORFEIT,   /* a flag fell (the clock); KGN "time forfeit" */
  KZ_TERMINATION_NO_PROGRESS,    /* KZ_NO_PROGRESS_PLIES plies without a capture or
                                  * a flag taken; KGN "no-progress" */
} KzTermination;

typedef enum {
  KZ_TROOP_INFANTRY = 0,     /* Zaporozhian infantry / janissary */
  KZ_TROOP_CAVALRY,          /* Cossack cavalry / sipahi */
  KZ_TROOP_GUNNER,           /* gunner */
  KZ_TROOP_LEADER,           /* hetman / pasha */
} KzTroop;

/* Who makes a side's moves.  A computer player has a level from 1 to 9
 * (KZ_SEARCH_MIN_LEVEL..KZ_SEARCH_MAX_LEVEL); the others have level 0.
 * KZ_PLAYER_RANDOM is a mover of uniformly random legal moves (the
 * records `kazaki-cli selfplay` makes): not a level of the computer
 * player, and never a human, so its games are never resumed on start. */
typedef enum {
  KZ_PLAYER_HUMAN = 0,
  KZ_PLAYER_COMPUTER,
  KZ_PLAYER_RANDOM,
} KzPlayerKind;

#define KZ_TYPE_RESULT      (kz_result_get_type ())
#define KZ_TYPE_TERMINATION (kz_termination_get_type ())
#define KZ_TYPE_TROOP       (kz_troop_get_type ())
#define KZ_TYPE_PLAYER_KIND (kz_player_kind_get_type ())
#define KZ_TYPE_SIDE        (kz_side_get_type ())
GType kz_result_get_type (void) G_GNUC_CONST;
GType kz_termination_get_type (void) G_GNUC_CONST;
GType kz_troop_get_type (void) G_GNUC_CONST;
GType kz_player_kind_get_type (void) G_GNUC_CONST;
GType kz_side_get_type (void) G_GNUC_CONST;

/* KGN tokens: "1-0", "0-1", "1/2-1/2", "*"; "flag" … "unterminated". */
const char   *kz_result_to_kgn (KzResult result);
gboolean      kz_result_from_kgn (const char *text, KzResult *result);
const char   *kz_termination_to_kgn (KzTermination termination);
gboolean      kz_termination_from_kgn (const char *text, KzTermination *termination);
/* Translated, for the UI: "Cossacks win", "Draw by repetition", … */
const char   *kz_result_describe (KzResult result);
const char   *kz_termination_describe (KzTermination termination);
/* Translated troop name for a side: e.g. "Hetman", "Sipahi". */
const char   *kz_troop_describe (KzTroop troop, KzSide side);

#define KZ_GAME_ERROR (kz_game_error_quark ())
GQuark kz_game_error_quark (void);

typedef enum {
  KZ_GAME_ERROR_SYNTAX,           /* the move or KPN text is malformed */
  KZ_GAME_ERROR_ILLEGAL_MOVE,     /* well formed but not legal here */
  KZ_GAME_ERROR_GAME_OVER,        /* the game has ended */
  KZ_GAME_ERROR_INVALID_POSITION, /* a KPN that breaks the rules */
  KZ_GAME_ERROR_NOTHING_TO_UNDO,
  KZ_GAME_ERROR_NOTHING_TO_REDO,
  KZ_GAME_ERROR_STORE,            /* the database refused the change; message says why */
} KzGameError;

#define KZ_N_PIECES   30
#define KZ_NO_PIECE   (-1)

/* The piece on a point at some ply. id == KZ_NO_PIECE when the point is empty. */
typedef struct {
  gint8   id;        /* 0..29 or KZ_NO_PIECE */
  gint8   side;      /* KzSide, or -1 */
  gint8   troop;     /* KzTroop, or -1 */
  guint8  flags;     /* bit f: carries the flag of side f */
} KzPiece;

static inline KzSide
kz_piece_id_side (int id)
{
  return id < KZ_PIECES_PER_SIDE ? KZ_COSSACKS : KZ_TURKS;
}

#define KZ_TYPE_GAME (kz_game_get_type ())
G_DECLARE_FINAL_TYPE (KzGame, kz_game, KZ, GAME, GObject)

/* Properties (all notify, only when the value changes):
 *   "ply" guint, "side-to-move" KzSide enum, "can-undo", "can-redo",
 *   "result" KzResult, "termination" KzTermination, "is-over" gboolean,
 *   "position" gpointer (const KzPosition *, notified after every change),
 *   "cossacks-name", "turks-name" strings, "game-id" gint64 (0 = not stored).
 * Signals:
 *   "move-played" (guint ply_after, gpointer const KzMove *)  — after play and redo
 *   "move-undone" (guint ply_after, gpointer const KzMove *)  — the move taken back
 *   "game-over"   (KzResult, KzTermination)
 *   "tree-changed" (KzMoveNode *node) — after an edit of the tree of moves
 *                  (a variation move added, deleted, restored or promoted;
 *                  a comment or NAGs changed): `node` is the node edited,
 *                  for a deletion or a promotion the node they branch from.
 *                  Playing and taking back main-line moves is announced by
 *                  "move-played" / "move-undone" only.
 */

KzGame       *kz_game_new (void);
/* NULL and a KZ_GAME_ERROR when kpn is malformed or breaks the rules. */
KzGame       *kz_game_new_from_kpn (const char *kpn, GError **error);
KzGame       *kz_game_new_from_position (const KzPosition *start);

/* --- state ------------------------------------------------------------ */
guint               kz_game_get_ply (KzGame *self);
KzSide              kz_game_get_side_to_move (KzGame *self);
const KzPosition   *kz_game_get_position (KzGame *self);
/* The position at ply 0..kz_game_get_ply(); NULL when out of range. */
const KzPosition   *kz_game_get_position_at (KzGame *self, guint ply);
const KzPosition   *kz_game_get_start_position (KzGame *self);
gboolean            kz_game_starts_from_start_position (KzGame *self);
char               *kz_game_dup_kpn_at (KzGame *self, guint ply);
KzResult            kz_game_get_result (KzGame *self);
KzTermination       kz_game_get_termination (KzGame *self);
gboolean            kz_game_is_over (KzGame *self);
gboolean            kz_game_get_can_undo (KzGame *self);
gboolean            kz_game_get_can_redo (KzGame *self);
/* Move i (0 ≤ i < ply): the move that leads from ply i to ply i + 1. */
const KzMove       *kz_game_get_move (KzGame *self, guint i);
/* Its notation, e.g. "c5xc3xc1"; NULL when out of range. */
const char         *kz_game_get_move_text (KzGame *self, guint i);
/* How many times the current position has occurred (≥ 1). */
guint               kz_game_count_repetitions (KzGame *self);
/* The plies before `ply` (clamped to kz_game_get_ply()) since the last
 * capture or flag taken, or since the start (kz_move_is_progress()): the
 * count of the no-progress draw. */
guint               kz_game_get_plies_without_progress (KzGame *self, guint ply);

/* --- the no-progress draw (RULES.md, "The end") ----------------------------
 * A game with the rule is drawn (termination no-progress) by the move
 * that makes KZ_NO_PROGRESS_PLIES plies in a row without a capture or a
 * flag taken, unless that move wins.  The rule is the game's KGN tag
 * NoProgress: "on" has it; "off" and no tag at all do not -- every game
 * recorded before the rule existed has no tag, so stored games and old
 * files are judged as they were played.  Set it before the first move
 * (a game's rule does not change once it has moves). */
gboolean            kz_game_get_no_progress_rule (KzGame *self);
void                kz_game_set_no_progress_rule (KzGame *self, gboolean on);
/* For the search at `ply` (KzSearchLimits.no_progress_left): the plies left
 * before the no-progress draw (at least 1), 0 when the game has no such rule. */
int                 kz_game_get_no_progress_left (KzGame *self, guint ply);
/* The tag's values: "on" or "off"; FALSE for anything else (on may be NULL). */
gboolean            kz_no_progress_from_kgn (const char *text, gboolean *on);
/* Milliseconds since the epoch when move i was played (0 = unknown). */
gint64              kz_game_get_move_time (KzGame *self, guint i);
/* The mover's time left on the clock after move i (ms), -1 = no clock. */
gint64              kz_game_get_move_clock (KzGame *self, guint i);

/* --- clocks -------------------------------------------------------------- */
/* The time control is the KGN tag "TimeControl" (PGN syntax, kept with
 * the other tags); FALSE (and kind none) when the game has no clock. */
gboolean            kz_game_get_time_control (KzGame *self, KzTimeControl *tc);
void                kz_game_set_time_control (KzGame *self, const KzTimeControl *tc);
/* A side's time left at the current ply: for the side to move, what the
 * turn under way has left (kz_game_set_turn_clock()), else after its last
 * move with a known clock, else the base time (0 without a clock). */
gint64              kz_game_get_clock_left (KzGame *self, KzSide side);
/* The side to move's time left in the turn under way, -1 when none was
 * saved.  Set (and recorded when the game is stored) when its clock stops
 * without a move -- a pause, the app closed -- and now and then while it
 * runs, so a restart charges the time already spent on the move; a move
 * played or taken back clears it.  Nothing for a game without a clock
 * or over. */
gint64              kz_game_get_turn_clock (KzGame *self);
gboolean            kz_game_set_turn_clock (KzGame *self, gint64 ms, GError **error);
/* A stopped clock with the times left at the current ply (resuming a
 * stored game), or NULL when the game has no time control. */
KzClock            *kz_game_new_clock (KzGame *self);

/* --- legal moves (empty once the game is over) ------------------------- */
/* Every legal turn, as a GArray of KzMove; from = KZ_NO_POINT for all
 * pieces, else only the turns of the piece on `from`.  Each capture
 * carries its complete chain in path[0..n_jumps-1]. */
GArray             *kz_game_list_moves (KzGame *self, int from);
/* True when the side to move must capture (an enemy piece can be jumped). */
gboolean            kz_game_capture_compulsory (KzGame *self);
/* Bit set of the points of the pieces that can start a capture (when a
 * capture is compulsory these are the only pieces that may move). */
KzBits              kz_game_get_capturing_pieces (KzGame *self);
/* The legal turns of the piece on `from` whose path starts with
 * path[0..n-1] (for building a chain click by click); GArray of KzMove. */
GArray             *kz_game_list_moves_with_prefix (KzGame *self, int from,
                                                    const guint8 *path, guint n);
/* Parses a move in the notation and checks it without playing it. */
gboolean            kz_game_parse_move (KzGame *self, const char *text,
                                        KzMove *move, GError **error);

/* --- piece identity ---------------------------------------------------- */
/* The piece on `point` at `ply` (0..kz_game_get_ply()). */
KzPiece             kz_game_get_piece_at (KzGame *self, guint ply, int point);
/* 45 ids (indexed by point, KZ_NO_PIECE where empty) at ply; NULL when out of range. */
const gint8        *kz_game_get_piece_ids (KzGame *self, guint ply);
/* The 45 ids (as above) in the position after `node`, a node of this
 * game's tree (a variation's pieces keep the ids they had where it
 * branched).  FALSE when the node is not in the tree. */
gboolean            kz_game_get_node_piece_ids (KzGame *self, KzMoveNode *node,
                                                gint8 ids[KZ_GRID_SIZE]);
/* Where piece `id` stands at `ply`, or KZ_NO_POINT when it has been captured. */
int                 kz_game_find_piece (KzGame *self, guint ply, int id);
/* The fixed troop of piece `id`. */
KzTroop             kz_game_get_piece_troop (KzGame *self, int id);

/* --- changing the game ------------------------------------------------- */
/* Plays a legal move (a new move clears the redo stack).  When attached
 * to a store the move row is committed first.  Errors: KZ_GAME_ERROR_*
 * with a translated reason, e.g. "A capture is compulsory",
 * "c4 and c6 are not neighbours on a line", "The chain must go on from c5". */
gboolean            kz_game_play (KzGame *self, const KzMove *move, GError **error);
gboolean            kz_game_play_text (KzGame *self, const char *text, GError **error);
/* Plays a move and stores with it the mover's time left (ms; -1: none). */
gboolean            kz_game_play_with_clock (KzGame *self, const KzMove *move, gint64 clock_ms,
                                             GError **error);
/* `side`'s time has run out: the other side wins ("time forfeit"), or it
 * is a draw when the other side has no pieces. */
gboolean            kz_game_flag_fall (KzGame *self, KzSide side, GError **error);
/* Takes back the last move (it goes onto the redo stack).  Not possible
 * after a resignation or an agreed draw. */
gboolean            kz_game_undo (KzGame *self, GError **error);
gboolean            kz_game_redo (KzGame *self, GError **error);
/* `side` resigns: the other side wins by resignation. */
gboolean            kz_game_resign (KzGame *self, KzSide side, GError **error);
gboolean            kz_game_agree_draw (KzGame *self, GError **error);
/* Ends the game with a result recorded elsewhere (KGN import); the
 * termination must be agreement or resignation and the result fit it. */
gboolean            kz_game_set_outcome (KzGame *self, KzResult result,
                                         KzTermination termination, GError **error);

/* --- players and tags -------------------------------------------------- */
const char         *kz_game_get_player_name (KzGame *self, KzSide side);
KzPlayerKind        kz_game_get_player_kind (KzGame *self, KzSide side);
int                 kz_game_get_player_level (KzGame *self, KzSide side);
/* Changes only the in-memory game; kz_store_update_players() stores them.
 * The name is stored as kz_player_name_clean() makes it (validate it first
 * to tell the user what is wrong).
 * The level is kept for a computer player only, clamped to 1..9; a human
 * or random mover gets level 0. */
void                kz_game_set_player (KzGame *self, KzSide side, const char *name,
                                        KzPlayerKind kind, int level);
/* Player names: valid UTF-8, no control characters (tabs and line
 * breaks included), at most KZ_PLAYER_NAME_MAX characters.  FALSE with a
 * translated KZ_GAME_ERROR_SYNTAX naming the problem otherwise. */
#define KZ_PLAYER_NAME_MAX 100
gboolean            kz_player_name_validate (const char *name, GError **error);
/* A valid name made of any text: invalid bytes become U+FFFD, control
 * characters spaces, bidirectional controls (kz_unichar_is_bidi_control(),
 * which would reorder what a list shows after the name) are left out,
 * and it is cut to KZ_PLAYER_NAME_MAX characters.
 * Free with g_free. */
char               *kz_player_name_clean (const char *name);
/* A player's name for display: a default name the app gives ("Computer",
 * "Player", "Cossacks", "Turks"), stored as an English session wrote it,
 * in the user's language; any other name (NULL and "" too) as it is. */
const char         *kz_player_name_display (const char *name);
/* A short translated description of a kind of player, for display:
 * "Human", "Computer, level 3", "Random mover".  Free with g_free. */
char               *kz_player_describe (KzPlayerKind kind, int level);
/* The name of a computer level (KZ_SEARCH_MIN_LEVEL..KZ_SEARCH_MAX_LEVEL,
 * clamped), translated: "Recruit" ... "Hetman".  Static. */
const char         *kz_level_name (int level);
/* "Level 1: Recruit", translated.  Free with g_free. */
char               *kz_level_describe (int level);
/* Seconds since the epoch (0 = unknown).  A game imported with a date but
 * no time starts at 12:00:00 UTC of that date (the same date in every
 * time zone): kz_start_time_is_date_only() says so, and its time of day
 * is not shown. */
gint64              kz_game_get_start_time (KzGame *self);
gboolean            kz_start_time_is_date_only (gint64 unix_seconds);
void                kz_game_set_start_time (KzGame *self, gint64 unix_seconds);
gint64              kz_game_get_end_time (KzGame *self);
/* Extra KGN tags (Event, Site, Round, and any others) kept verbatim. */
const char         *kz_game_get_tag (KzGame *self, const char *name);
void                kz_game_set_tag (KzGame *self, const char *name, const char *value);
/* Names of the extra tags, sorted; free with g_strfreev. */
char              **kz_game_list_tags (KzGame *self);

/* --- the tree of moves: variations and annotations (kz-move-node.h) --------
 * Every edit is committed to the store first (one transaction) when the
 * game is attached; it fails with KZ_GAME_ERROR_STORE and changes nothing
 * when the commit fails.  Editing never changes the main line: its moves
 * are the record of the game as played.  A variation is an alternative to
 * a move of a line, so none branches after the last main-line move.
 * Taking back a main-line move (kz_game_undo()) removes its node together
 * with its annotations, the variations after it and the variations that
 * were alternatives to it. */
KzMoveNode         *kz_game_get_root (KzGame *self);
/* The main-line node at ply 0..kz_game_get_ply() (0 is the root). */
KzMoveNode         *kz_game_get_main_node (KzGame *self, guint ply);
/* Adds `move` after `parent` as a variation, or returns the child of
 * `parent` that already has this move (entering it; nothing changes).
 * Refused after the last main-line move (play the move there instead).
 * `move` must be legal in the parent's position (a position where the
 * rules have ended the game has no moves).  Returns the node (owned by
 * the game) or NULL with a KZ_GAME_ERROR. */
KzMoveNode         *kz_game_add_variation_move (KzGame *self, KzMoveNode *parent,
                                                const KzMove *move, GError **error);
KzMoveNode         *kz_game_add_variation_text (KzGame *self, KzMoveNode *parent,
                                                const char *text, GError **error);
/* The comment after the node's move (for the root: before the first
 * move); normalised as kz-move-node.h says.  "" or NULL removes it. */
gboolean            kz_game_set_comment (KzGame *self, KzMoveNode *node,
                                         const char *text, GError **error);
/* The comment before the first move of a variation (for other nodes:
 * KZ_GAME_ERROR_ILLEGAL_MOVE). */
gboolean            kz_game_set_comment_before (KzGame *self, KzMoveNode *node,
                                                const char *text, GError **error);
/* Replaces the node's NAGs (at most KZ_MAX_NAGS; 0s and repeats dropped).
 * Not for the root. */
gboolean            kz_game_set_nags (KzGame *self, KzMoveNode *node,
                                      const guint8 *nags, guint n_nags, GError **error);
/* Sets the move mark ($1 … $6, or 0 for none), replacing any other mark
 * and keeping the other NAGs. */
gboolean            kz_game_set_mark (KzGame *self, KzMoveNode *node, guint mark,
                                      GError **error);
/* Deletes a variation node with everything after it (a main-line node:
 * KZ_GAME_ERROR_ILLEGAL_MOVE).  The deletion can be undone with
 * kz_game_restore_deleted() until a main-line move is taken back. */
gboolean            kz_game_delete_variation (KzGame *self, KzMoveNode *node,
                                              GError **error);
gboolean            kz_game_get_can_restore_deleted (KzGame *self);
/* Puts the last deleted variation back where it was; returns its node. */
KzMoveNode         *kz_game_restore_deleted (KzGame *self, GError **error);
/* Promotes the line of `node`: the variation that contains it changes
 * places with the line it branches from, which becomes a variation.
 * Refused (KZ_GAME_ERROR_ILLEGAL_MOVE) when that line is the main line
 * (the played moves stay the record) or there is nothing to promote. */
gboolean            kz_game_promote_variation (KzGame *self, KzMoveNode *node,
                                               GError **error);
/* Whether kz_game_promote_variation() would be allowed. */
gboolean            kz_game_can_promote (KzGame *self, KzMoveNode *node);
/* The nodes from the root to `node` (inclusive); free with g_ptr_array_unref. */
GPtrArray          *kz_game_get_path (KzGame *self, KzMoveNode *node);
/* How many nodes the tree has besides the main line. */
guint               kz_game_count_variation_nodes (KzGame *self);

/* --- the database ------------------------------------------------------ */
/* What the game records through (kz-recorder.h), NULL when not attached;
 * kz_game_get_store() (kz-store.h) gives it as a KzStore. */
KzRecorder         *kz_game_get_recorder (KzGame *self);
gint64              kz_game_get_id (KzGame *self);
/* Stops recording (e.g. after a database error, to go on in memory). */
void                kz_game_detach (KzGame *self);

G_END_DECLS
