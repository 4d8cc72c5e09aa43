/* kz-store-internal.h — what the files of KzStore share (kz-store.c,
 * kz-store-open.c, kz-store-games.c, kz-store-tree.c, kz-store-import.c,
 * kz-store-check.c): the instance struct, the cached statements and the
 * helpers for errors and transactions.  Only those files include it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <sqlite3.h>

#include "kz-store.h"

G_BEGIN_DECLS

enum {
  STMT_INSERT_MOVE,
  STMT_ADVANCE_GAME,
  STMT_DELETE_MOVE,
  STMT_RETREAT_GAME,
  STMT_SET_OUTCOME,
  STMT_SET_TURN_CLOCK,
  STMT_GAME_INFO,
  STMT_GAME_MOVES,
  STMT_INSERT_GAME,
  STMT_FIND_DIGEST,
  STMT_DELETE_NOTE,
  STMT_DELETE_BRANCHES,
  STMT_SET_NOTE,
  STMT_INSERT_VARIATION,
  STMT_UPDATE_VARIATION_NOTE,
  STMT_DELETE_VARIATION,
  STMT_RERANK_VARIATION,
  STMT_GAME_NOTES,
  STMT_GAME_VARIATIONS,
  N_STMTS
};

#define INFO_COLUMNS \
  "id, cossacks, turks, cossacks_kind, turks_kind, cossacks_level, turks_level, " \
  "start_kpn, start_time, end_time, result, termination, plies, final_kpn, tags, " \
  "added_at, import_id"

struct _KzStore {
  GObject       parent_instance;
  char         *path;
  sqlite3      *db;
  sqlite3_stmt *stmts[N_STMTS];
  gboolean      read_only;   /* opened by kz_store_open_for_reading() on a file it cannot write */
  gboolean      opened;      /* a Kazaki database in use: a clean close may write */
  gboolean      remote;      /* on a remote file system: rollback journal, not WAL */
  int           upgraded_from;   /* the schema version the file had before this open upgraded it */
  char         *upgrade_copy;    /* the copy of the file as it was before that upgrade */
};

/* kz-store.c: errors, transactions, statements */
void          kz_store_count_open (const char *path, int delta);
gboolean      kz_store_last_open (const char *path);
/* Whether a store of this process has `path` open now. */
gboolean      kz_store_open_here (const char *path);
/* SQLite's message made fit for the user (valid UTF-8, no control
 * characters, at most 120 characters). */
char         *kz_store_clean_detail (const char *text);
/* A GError for an SQLite failure `rc` on the file; `doing` says what was
 * being done ("saving the move", …). */
void          kz_store_set_db_error (GError **error, const char *path, sqlite3 *db, int rc,
                                     const char *doing);
gboolean      kz_store_fail (KzStore *self, GError **error, int rc, const char *doing);
int           kz_store_exec (KzStore *self, const char *sql);
gboolean      kz_store_begin (KzStore *self, GError **error, const char *doing);
gboolean      kz_store_commit (KzStore *self, GError **error, const char *doing);
void          kz_store_rollback (KzStore *self);
/* A cached statement (STMT_*), reset and cleared. */
sqlite3_stmt *kz_store_stmt (KzStore *self, int which, GError **error);
sqlite3_stmt *kz_store_prepare (KzStore *self, const char *sql, GError **error);

/* kz-store-open.c */
gboolean      kz_store_query_int (KzStore *self, const char *sql, gint64 *out, GError **error,
                                  const char *doing);

/* kz-store-check.c */
gboolean      kz_store_run_check (KzStore *self, const char *pragma, const char *doing,
                                  GError **error);
int           kz_store_copy_in_one_step (sqlite3 *src, sqlite3 *to, gboolean *timed_out);
gboolean      kz_store_backup_db (sqlite3 *src, const char *src_path, const char *dest,
                                  GError **error);

/* kz-store-games.c */
void          kz_store_bind_text (sqlite3_stmt *s, int i, const char *text);
/* Runs a cached statement that returns no rows and resets it. */
gboolean      kz_store_step_cached (KzStore *self, sqlite3_stmt *s, GError **error,
                                    const char *doing);
/* The same for a statement that changes game `id`'s row; no row changed
 * means there is no such game (KZ_STORE_ERROR_NOT_FOUND). */
gboolean      kz_store_step_game_row (KzStore *self, sqlite3_stmt *s, gint64 id,
                                      GError **error, const char *doing);
/* Inserts the game's row, moves and tree inside a transaction the caller
 * began; 0 on error (the caller rolls back). */
gint64        kz_store_insert_game (KzStore *self, KzGame *game, gint64 added_at,
                                    gint64 import_id, const char *digest, GError **error,
                                    const char *doing);
KzGameInfo   *kz_store_read_info (sqlite3_stmt *s);
/* KZ_STORE_ERROR_INVALID for a game deleted or changed by another
 * program; rolls back; FALSE. */
gboolean      kz_store_game_changed_elsewhere (KzStore *self, gint64 id, GError **error);
/* KzRecorder (kz-recorder.h) */
gboolean      kz_store_append_move (KzRecorder *recorder, gint64 id, guint ply,
                                    const char *move, gint64 played_ms, gint64 clock_ms,
                                    const char *final_kpn, KzResult result,
                                    KzTermination termination, gint64 end_time,
                                    GError **error);
gboolean      kz_store_remove_last_move (KzRecorder *recorder, gint64 id, guint ply,
                                         const char *final_kpn, GError **error);
gboolean      kz_store_set_outcome (KzRecorder *recorder, gint64 id, KzResult result,
                                    KzTermination termination, gint64 end_time,
                                    GError **error);
gboolean      kz_store_set_turn_clock (KzRecorder *recorder, gint64 id, guint plies,
                                       gint64 ms, GError **error);

/* kz-store-tree.c */
/* Writes the whole tree of a new game: the main line's notes and every
 * variation. */
gboolean      kz_store_insert_tree (KzStore *self, gint64 id, KzGame *game, GError **error,
                                    const char *doing);
/* KzRecorder: one edit of the tree, one transaction. */
gboolean      kz_store_edit_tree (KzRecorder *recorder, gint64 id, const KzTreeEdit *edit,
                                  GError **error);

G_END_DECLS
