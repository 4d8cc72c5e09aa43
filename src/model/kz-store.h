/* kz-store.h — the game database (SQLite, used directly).
 *
 * Default file: $XDG_DATA_HOME/kazaki/games.db.  The schema is versioned
 * with PRAGMA user_version and migrated forward (version 1 → current)
 * and marked with PRAGMA application_id (checked on open: another
 * program's database is refused); the journal is WAL on a local file
 * system and the rollback journal on a remote one (GIO's
 * filesystem::remote: WAL needs shared memory on one host); foreign keys
 * are on, synchronous=FULL.  A clean close runs PRAGMA optimize and
 * empties the WAL (wal_checkpoint(TRUNCATE)).  Every
 * change (a move, an undo, a game's end) is one transaction committed
 * before the function returns.
 *
 * The store never overwrites or "repairs" a file it could not open: an
 * existing file is opened without SQLITE_OPEN_CREATE, checked to be a
 * Kazaki database of a known version, and only then changed.  The checks
 * of an existing file run on a read-only connection that creates nothing
 * beside it, so a refused file is left with no new -wal or -shm files
 * either.  On any error the caller gets a KZ_STORE_ERROR naming the file
 * (one short message; a damage report's details go to g_debug) and can go
 * on with an in-memory KzGame.  Files up to 64 MB get a PRAGMA quick_check
 * when opened; damage in larger ones is reported when a damaged page is
 * read.
 *
 * A KzStore is the KzRecorder (kz-recorder.h) of the games it creates or
 * loads: an attached game records every change through it.  It reads a
 * game as plain rows (kz-stored-game.h) from which the model builds it.
 *
 * Threading: a KzStore is used from one thread at a time.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "kz-game.h"
#include "kz-recorder.h"
#include "kz-stored-game.h"

G_BEGIN_DECLS

#define KZ_STORE_SCHEMA_VERSION 11

#define KZ_STORE_ERROR (kz_store_error_quark ())
GQuark kz_store_error_quark (void);

typedef enum {
  KZ_STORE_ERROR_FAILED,        /* any other SQLite failure */
  KZ_STORE_ERROR_NOT_A_DATABASE,/* the file is not an SQLite database */
  KZ_STORE_ERROR_CORRUPT,       /* the database file is damaged */
  KZ_STORE_ERROR_NOT_KAZAKI,    /* an SQLite database, but not Kazaki's */
  KZ_STORE_ERROR_TOO_NEW,       /* written by a newer Kazaki (schema version) */
  KZ_STORE_ERROR_READ_ONLY,     /* the file or its directory cannot be written */
  KZ_STORE_ERROR_FULL,          /* the disk is full */
  KZ_STORE_ERROR_BUSY,          /* another program holds the database */
  KZ_STORE_ERROR_NOT_FOUND,     /* no game with that id */
  KZ_STORE_ERROR_INVALID,       /* a stored game does not replay (bad move in the file) */
  KZ_STORE_ERROR_CANNOT_OPEN,   /* the file or its directory could not be opened/created */
  KZ_STORE_ERROR_NO_DATABASE,   /* kz_store_open_existing(): there is no file */
} KzStoreError;

/* KzGameInfo, one row of the game list: kz-stored-game.h. */

/* Which games a list or count covers.  A zeroed filter (or NULL) means
 * all games. */
typedef struct {
  const char *player;     /* substring of either name (case-insensitive ASCII), NULL = any */
  gboolean    by_result;  /* TRUE: only games whose result is `result` */
  KzResult    result;
  gint64      import_id;  /* not 0: only the games of that import */
} KzGameFilter;

/* One recorded import (schema version 6). */
typedef struct {
  gint64  id;
  char   *file;        /* the file name given to the import ("" unknown) */
  gint64  time;        /* when it ran, seconds since the epoch (0 unknown) */
  guint   games;       /* games it added */
  guint   duplicates;  /* games it skipped as already stored */
  guint   failed;      /* games it could not read */
  guint   remaining;   /* of its games, those still stored */
} KzImportInfo;

void kz_import_info_free (KzImportInfo *info);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KzImportInfo, kz_import_info_free)

#define KZ_TYPE_STORE (kz_store_get_type ())
G_DECLARE_FINAL_TYPE (KzStore, kz_store, KZ, STORE, GObject)

/* $XDG_DATA_HOME/kazaki/games.db (g_get_user_data_dir()). */
char        *kz_store_default_path (void);
/* Opens (creating when the file does not exist) the database at `path`,
 * or at the default path when NULL; ":memory:" gives a private database. */
KzStore     *kz_store_open (const char *path, GError **error);
/* The same, but never creates a database: when there is no file at the
 * path, KZ_STORE_ERROR_NO_DATABASE and nothing is created (for tools that
 * only read or change existing games). */
KzStore     *kz_store_open_existing (const char *path, GError **error);
/* For reading only (list, show, export): opens an existing database
 * like kz_store_open_existing(), and when it cannot be written (a
 * read-only file, folder or file system) opens it read-only instead of
 * failing; every change then fails with KZ_STORE_ERROR_READ_ONLY.  It
 * never changes the file: a database of an older schema is read from a
 * copy in memory upgraded there (read-only likewise; a file over 256 MB
 * is refused with KZ_STORE_ERROR_READ_ONLY, saying to upgrade it with a
 * command that writes), and a file with no tables (empty, /dev/null)
 * is KZ_STORE_ERROR_NO_DATABASE. */
KzStore     *kz_store_open_for_reading (const char *path, GError **error);
/* For copying (kazaki-cli backup): opens an existing Kazaki database of
 * any schema version, a newer one too, read-only and as it is (no
 * upgrade), for kz_store_backup(). */
KzStore     *kz_store_open_for_copy (const char *path, GError **error);
/* kz_store_open() and kz_store_open_existing() upgrade a database of an
 * older schema, after copying the file as it is with the backup API to
 * PATH.schemaN.bak beside it (PATH.schemaN-2.bak, … when that exists;
 * without the copy, no upgrade: the open fails).  After such an upgrade:
 * the version the file had and the copy's path; else 0 and NULL. */
int          kz_store_get_upgraded_from (KzStore *self);
const char  *kz_store_get_upgrade_copy (KzStore *self);
gboolean     kz_store_is_read_only (KzStore *self);
const char  *kz_store_get_path (KzStore *self);

/* Inserts `game` (players, start position, moves so far, outcome) as a
 * new row in one transaction and attaches it: from then on the game
 * records itself.  Returns the new id, or 0 on error. */
gint64       kz_store_create_game (KzStore *self, KzGame *game, GError **error);
/* Loads and replays a game (every move validated); the result is attached. */
KzGame      *kz_store_load_game (KzStore *self, gint64 id, GError **error);
KzGameInfo  *kz_store_get_game_info (KzStore *self, gint64 id, GError **error);
/* Newest first (when played or imported here, then id), `limit` rows
 * from `offset`.
 * GPtrArray of KzGameInfo* (owns them). */
GPtrArray   *kz_store_list_games (KzStore *self, const KzGameFilter *filter,
                                  guint offset, guint limit, GError **error);
/* How many games the same filter matches. */
gboolean     kz_store_count_games (KzStore *self, const KzGameFilter *filter,
                                   guint *count, GError **error);
/* Where the game `id` is among the games the filter matches, in the
 * order kz_store_list_games() gives (0: the newest); -1 when it does not
 * match or is not stored.  FALSE and `error` when the store fails. */
gboolean     kz_store_find_game (KzStore *self, const KzGameFilter *filter, gint64 id,
                                 int *position, GError **error);
/* All game ids, newest first (for export). */
GArray      *kz_store_list_ids (KzStore *self, GError **error);
/* Deletes the games and their moves in one transaction. */
gboolean     kz_store_delete_games (KzStore *self, const gint64 *ids, guint n_ids,
                                    GError **error);
/* The game to resume on start: the unfinished game (no result) played
 * here (never an imported one) with at least one human side that was
 * played last — by the time of its last
 * recorded move, or its start time when it has no moves — so the game the
 * user was last playing, even if a newer one was started and left.  Games
 * without a human side (computer or random movers, such as the records of
 * `kazaki-cli selfplay`) are never returned.  *id = 0 when there is none. */
gboolean     kz_store_find_unfinished (KzStore *self, gint64 *id, GError **error);
/* The recorded imports, newest first; GPtrArray of KzImportInfo*. */
GPtrArray   *kz_store_list_imports (KzStore *self, GError **error);
/* Deletes the games an import added (those still there) and its record,
 * in one transaction; KZ_STORE_ERROR_NOT_FOUND when there is no such
 * import. */
gboolean     kz_store_delete_import (KzStore *self, gint64 import_id, guint *n_deleted,
                                     GError **error);
/* The store `game` records into (KzRecorder), or NULL when it is not
 * attached to a store. */
KzStore     *kz_game_get_store (KzGame *game);
/* Stores the players' names, kinds and levels of an attached game. */
gboolean     kz_store_update_players (KzStore *self, KzGame *game, GError **error);

/* Copies the database to `dest` through SQLite's online backup API (a
 * consistent snapshot even while games are being recorded), into a new
 * file DEST.kazaki-backup-XXXXXX renamed over `dest` when complete.  The
 * copy is made in one step (one read transaction: another program
 * recording games meanwhile neither restarts it nor waits for it in WAL
 * mode); waiting for a lock gives up after 30 s (KZ_STORE_ERROR_BUSY).
 * Such temporary files that a killed backup to `dest` left are removed
 * first.  The copy is an ordinary database file (rollback journal) that
 * kz_store_open() opens. */
gboolean     kz_store_backup (KzStore *self, const char *dest, GError **error);

/* For tests and tools: runs PRAGMA integrity_check; TRUE when "ok". */
gboolean     kz_store_check_integrity (KzStore *self, GError **error);

G_END_DECLS
