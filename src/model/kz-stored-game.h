/* kz-stored-game.h — a game as the store hands it back: plain rows
 * (KzGameInfo, the moves, the notes, the variations), and the model's
 * function that builds a KzGame from them.
 *
 * The store (kz-store-games.c) reads the rows in one read transaction and
 * knows nothing of how a game is replayed; kz_game_new_from_stored()
 * replays them with the engine, every move checked, and attaches the game
 * to the recorder given (the store).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "kz-game.h"

G_BEGIN_DECLS

/* One row of the game list; what the library view shows. */
typedef struct {
  gint64         id;
  char          *cossacks;        /* player names, never NULL */
  char          *turks;
  KzPlayerKind   kind[2];         /* indexed by KzSide */
  int            level[2];        /* 1..9 for a computer, 0 for a human or random mover */
  char          *start_kpn;
  gint64         start_time;      /* seconds since the epoch, 0 unknown */
  gint64         end_time;        /* 0 while unfinished */
  KzResult       result;
  KzTermination  termination;
  guint          plies;           /* number of moves recorded */
  char          *final_kpn;       /* the position after the last move */
  gint64         added_time;      /* when it was started or imported here (seconds) */
  gint64         import_id;       /* the import that added it, 0 for a game played here */
} KzGameInfo;

#define KZ_TYPE_GAME_INFO (kz_game_info_get_type ())
GType       kz_game_info_get_type (void) G_GNUC_CONST;
KzGameInfo *kz_game_info_copy (const KzGameInfo *info);
void        kz_game_info_free (KzGameInfo *info);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KzGameInfo, kz_game_info_free)

/* A row of moves. */
typedef struct {
  int     ply;             /* 1-based */
  char   *text;            /* NULL when the row has none */
  gint64  played_ms;
  gint64  clock_ms;        /* -1: none */
} KzStoredMove;

/* A row of notes: the comment and NAGs of the main-line node at ply. */
typedef struct {
  int     ply;
  char   *comment;
  char   *nags;            /* "1 14" */
} KzStoredNote;

/* A row of variations: a node off the main line. */
typedef struct {
  gint64  key;
  gboolean from_main;      /* it follows the main-line node at ply - 1 */
  gint64  parent;          /* else the key of the node it follows */
  int     ply;
  gint64  rank;
  char   *move;
  char   *comment;
  char   *before;
  char   *nags;
} KzStoredVariation;

typedef struct {
  KzGameInfo *info;
  GStrv       tags;        /* name, value, name, value, …; NULL for none */
  gint64      turn_clock;  /* -1: none */
  GArray     *moves;       /* KzStoredMove, in ply order */
  GArray     *notes;       /* KzStoredNote */
  GArray     *variations;  /* KzStoredVariation, a parent before its children */
} KzStoredGame;

KzStoredGame *kz_stored_game_new (void);
void          kz_stored_game_free (KzStoredGame *stored);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KzStoredGame, kz_stored_game_free)

#define KZ_STORED_GAME_ERROR (kz_stored_game_error_quark ())
GQuark kz_stored_game_error_quark (void);

typedef enum {
  KZ_STORED_GAME_ERROR_BAD_START,    /* the start position is not valid KPN */
  KZ_STORED_GAME_ERROR_MISSING_MOVE, /* a ply is missing or has no move */
  KZ_STORED_GAME_ERROR_BAD_MOVE,     /* a move does not replay */
} KzStoredGameError;

/* Builds the game the rows describe and attaches it to `recorder` (may
 * be NULL) as game info->id.  A variation row that does not fit (its
 * parent is missing, its move is not legal there) is left out with the
 * nodes after it, with a warning naming `source` (the database file): the
 * game itself still loads.  On failure NULL and a KZ_STORED_GAME_ERROR
 * whose message is the engine's (nothing for a missing move); *bad_move
 * is the move (1-based) that failed, 0 for the start position. */
KzGame *kz_game_new_from_stored (const KzStoredGame *stored, KzRecorder *recorder,
                                 const char *source, guint *bad_move, GError **error);

G_END_DECLS
