/* kz-store.c — the game database over libsqlite3.
 *
 * The schema as version 2 made it, then what each later version added
 * (the current schema, version 8, table by table: doc/STORAGE.md):
 *   games(id, cossacks, turks, cossacks_kind, turks_kind, cossacks_level,
 *         turks_level, start_kpn, start_time, end_time, result, termination,
 *         plies, final_kpn, tags)
 *   moves(game_id → games.id ON DELETE CASCADE, ply, move, played_at,
 *         PRIMARY KEY (game_id, ply))
 * result and termination hold the KzResult / KzTermination numbers;
 * times are seconds (games) and milliseconds (moves) since the epoch;
 * tags holds the extra KGN tags as "Name=escaped value\n" lines.
 * Version 1 had no plies, final_kpn or tags columns; the migration adds
 * them and fills plies/final_kpn by replaying every game with the engine.
 * Version 3 adds KZ_PLAYER_RANDOM (kind 2): version 2 recorded the random
 * movers of `kazaki-cli selfplay` as computers of level 0, which the
 * migration turns into kind 2; and the partial index games_resumable over
 * the unfinished games with a human side (kz_store_find_unfinished()).
 * Version 4 adds the computer's analysis of the games:
 *   analysis(game_id → games.id ON DELETE CASCADE, node (NULL: the main
 *            line), ply, line_hash, engine_version, time_ms, depth_limit,
 *            score, best, line, depth, nodes), unique per
 *            (game_id, node, ply) (kz-game-analysis.h).
 * Version 5 adds moves.clock_ms: the mover's time left on the clock after
 * the move (NULL without a clock); the time control itself is the game's
 * TimeControl tag, kept with the other tags.
 * Version 6 records imports: the table
 *   imports(id, file, time, games, duplicates, failed)
 * and, on games, added_at (seconds: when the game was started or imported
 * here; the list is ordered by it, not by the KGN date), import_id (the
 * batch that added it, NULL for a game played here; never resumed) and
 * digest (kz_kgn_game_digest() of an imported game, for duplicates).  The
 * migration takes added_at from start_time and puts the games imported
 * before (moves without a time) into one batch with an empty file name.
 * Version 7 adds the tree of moves (kz-move-node.h):
 *   notes(game_id, ply, comment, nags): the comment and NAGs of the
 *         main-line node at ply (0: the comment before the first move);
 *   variations(game_id, node, parent, ply, rank, move, comment,
 *         comment_before, nags): every node off the main line; parent is
 *         the node it follows, NULL when that is the main-line node at
 *         ply - 1; rank orders the children of one parent (for a main-line
 *         parent: its variations, after the main-line move).  Deleting a
 *         node deletes the nodes after it (ON DELETE CASCADE).
 * nags are decimal numbers separated by one space ("1 14").
 * Version 8 adds games.turn_clock_ms: the time left of the side to move in
 * the turn under way, saved when its clock stops without a move (a pause,
 * the app closed) and every few seconds while it runs, so that a restart
 * charges the time already spent on the move (NULL: as after its last
 * move).  Playing or taking back a move clears it.
 * Version 9 adds the lessons of Learn that were finished (kz-lesson.h):
 *   lessons_done(lesson: the lesson's id, finished_at: seconds).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-store.h"
#include "kz-store-private.h"
#include "kz-game-private.h"
#include "kz-move-node-private.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <unistd.h>
#include <sqlite3.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

G_DEFINE_QUARK (kz-store-error-quark, kz_store_error)

/* PRAGMA application_id of a Kazaki database: "KzKg".  Files written
 * before version 4 have 0; any other value is another program's file. */
#define KZ_APPLICATION_ID 0x4b7a4b67

/* Files up to this size get a full PRAGMA quick_check when opened. */
#define QUICK_CHECK_MAX_BYTES (64 * 1024 * 1024)

const char kz_store_schema_v1[] =
  "CREATE TABLE games (\n"
  "  id INTEGER PRIMARY KEY,\n"
  "  cossacks TEXT NOT NULL DEFAULT '',\n"
  "  turks TEXT NOT NULL DEFAULT '',\n"
  "  cossacks_kind INTEGER NOT NULL DEFAULT 0,\n"
  "  turks_kind INTEGER NOT NULL DEFAULT 0,\n"
  "  cossacks_level INTEGER NOT NULL DEFAULT 0,\n"
  "  turks_level INTEGER NOT NULL DEFAULT 0,\n"
  "  start_kpn TEXT NOT NULL,\n"
  "  start_time INTEGER NOT NULL,\n"
  "  end_time INTEGER,\n"
  "  result INTEGER NOT NULL DEFAULT 0,\n"
  "  termination INTEGER NOT NULL DEFAULT 0\n"
  ");\n"
  "CREATE TABLE moves (\n"
  "  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n"
  "  ply INTEGER NOT NULL,\n"
  "  move TEXT NOT NULL,\n"
  "  played_at INTEGER NOT NULL,\n"
  "  PRIMARY KEY (game_id, ply)\n"
  ") WITHOUT ROWID;\n"
  "CREATE INDEX games_start ON games (start_time DESC);\n"
  "PRAGMA user_version = 1;\n";

/* From version 1 to 2 (the C part fills final_kpn). */
static const char migration_v2[] =
  "ALTER TABLE games ADD COLUMN plies INTEGER NOT NULL DEFAULT 0;\n"
  "ALTER TABLE games ADD COLUMN final_kpn TEXT;\n"
  "ALTER TABLE games ADD COLUMN tags TEXT NOT NULL DEFAULT '';\n"
  "UPDATE games SET plies = (SELECT count(*) FROM moves WHERE moves.game_id = games.id);\n"
  "DROP INDEX games_start;\n"
  "CREATE INDEX games_newest ON games (start_time DESC, id DESC);\n"
  "CREATE INDEX games_by_result ON games (result, start_time DESC, id DESC);\n"
  "PRAGMA user_version = 2;\n";

/* From version 2 to 3: computers "of level 0" were random movers. */
static const char migration_v3[] =
  "UPDATE games SET cossacks_kind = 2, cossacks_level = 0 "
  "  WHERE cossacks_kind = 1 AND cossacks_level < 1;\n"
  "UPDATE games SET turks_kind = 2, turks_level = 0 "
  "  WHERE turks_kind = 1 AND turks_level < 1;\n"
  "CREATE INDEX games_resumable ON games (result) "
  "  WHERE result = 0 AND (cossacks_kind = 0 OR turks_kind = 0);\n"
  "PRAGMA user_version = 3;\n";

/* From version 3 to 4: stored analyses (kz-game-analysis.c). */
static const char migration_v4[] =
  "CREATE TABLE analysis (\n"
  "  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n"
  "  node INTEGER,\n"
  "  ply INTEGER NOT NULL,\n"
  "  line_hash INTEGER NOT NULL,\n"
  "  engine_version INTEGER NOT NULL,\n"
  "  time_ms INTEGER NOT NULL,\n"
  "  depth_limit INTEGER NOT NULL,\n"
  "  score INTEGER NOT NULL,\n"
  "  best TEXT,\n"
  "  line TEXT NOT NULL DEFAULT '',\n"
  "  depth INTEGER NOT NULL DEFAULT 0,\n"
  "  nodes INTEGER NOT NULL DEFAULT 0\n"
  ");\n"
  "CREATE UNIQUE INDEX analysis_key ON analysis (game_id, ifnull (node, -1), ply);\n"
  "PRAGMA user_version = 4;\n";

/* From version 4 to 5: the clock with every move. */
static const char migration_v5[] =
  "ALTER TABLE moves ADD COLUMN clock_ms INTEGER;\n"
  "PRAGMA user_version = 5;\n";

/* The games imported before version 6: moves, none with a time. */
#define LEGACY_IMPORTED \
  "plies > 0 AND NOT EXISTS (SELECT 1 FROM moves WHERE moves.game_id = games.id " \
  "AND moves.played_at <> 0)"

/* From version 5 to 6: import batches, ordering by when a game came here. */
static const char migration_v6[] =
  "CREATE TABLE imports (\n"
  "  id INTEGER PRIMARY KEY,\n"
  "  file TEXT NOT NULL,\n"
  "  time INTEGER NOT NULL,\n"
  "  games INTEGER NOT NULL DEFAULT 0,\n"
  "  duplicates INTEGER NOT NULL DEFAULT 0,\n"
  "  failed INTEGER NOT NULL DEFAULT 0\n"
  ");\n"
  "ALTER TABLE games ADD COLUMN added_at INTEGER NOT NULL DEFAULT 0;\n"
  "ALTER TABLE games ADD COLUMN import_id INTEGER REFERENCES imports (id) ON DELETE SET NULL;\n"
  "ALTER TABLE games ADD COLUMN digest TEXT;\n"
  "UPDATE games SET added_at = start_time;\n"
  "INSERT INTO imports (id, file, time, games) "
  "  SELECT 1, '', 0, (SELECT count(*) FROM games WHERE " LEGACY_IMPORTED ") "
  "  WHERE EXISTS (SELECT 1 FROM games WHERE " LEGACY_IMPORTED ");\n"
  "UPDATE games SET import_id = 1 "
  "  WHERE " LEGACY_IMPORTED " AND EXISTS (SELECT 1 FROM imports WHERE id = 1);\n"
  "DROP INDEX games_newest;\n"
  "CREATE INDEX games_newest ON games (added_at DESC, id DESC);\n"
  "DROP INDEX games_by_result;\n"
  "CREATE INDEX games_by_result ON games (result, added_at DESC, id DESC);\n"
  "DROP INDEX games_resumable;\n"
  "CREATE INDEX games_resumable ON games (result) "
  "  WHERE result = 0 AND import_id IS NULL AND (cossacks_kind = 0 OR turks_kind = 0);\n"
  "CREATE INDEX games_by_import ON games (import_id) WHERE import_id IS NOT NULL;\n"
  "CREATE INDEX games_by_digest ON games (digest) WHERE digest IS NOT NULL;\n"
  "PRAGMA user_version = 6;\n";

/* From version 6 to 7: the tree of moves. */
static const char migration_v7[] =
  "CREATE TABLE notes (\n"
  "  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n"
  "  ply INTEGER NOT NULL,\n"
  "  comment TEXT NOT NULL DEFAULT '',\n"
  "  nags TEXT NOT NULL DEFAULT '',\n"
  "  PRIMARY KEY (game_id, ply)\n"
  ") WITHOUT ROWID;\n"
  "CREATE TABLE variations (\n"
  "  game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,\n"
  "  node INTEGER NOT NULL,\n"
  "  parent INTEGER,\n"
  "  ply INTEGER NOT NULL,\n"
  "  rank INTEGER NOT NULL,\n"
  "  move TEXT NOT NULL,\n"
  "  comment TEXT NOT NULL DEFAULT '',\n"
  "  comment_before TEXT NOT NULL DEFAULT '',\n"
  "  nags TEXT NOT NULL DEFAULT '',\n"
  "  PRIMARY KEY (game_id, node),\n"
  "  FOREIGN KEY (game_id, parent) REFERENCES variations (game_id, node) ON DELETE CASCADE\n"
  ") WITHOUT ROWID;\n"
  "CREATE INDEX variations_parent ON variations (game_id, parent, ply);\n"
  "PRAGMA user_version = 7;\n";

/* From version 7 to 8: the clock of the turn under way. */
static const char migration_v8[] =
  "ALTER TABLE games ADD COLUMN turn_clock_ms INTEGER;\n"
  "PRAGMA user_version = 8;\n";

/* From version 8 to 9: the lessons finished. */
static const char migration_v9[] =
  "CREATE TABLE lessons_done (\n"
  "  lesson TEXT PRIMARY KEY,\n"
  "  finished_at INTEGER NOT NULL\n"
  ") WITHOUT ROWID;\n"
  "PRAGMA user_version = 9;\n";

/* From version 9 to 10: the puzzle trainer's attempts and the player's
 * Glicko-2 rating (kz-puzzle-store.c). */
static const char migration_v10[] =
  "CREATE TABLE puzzle_attempts (\n"
  "  id INTEGER PRIMARY KEY,\n"
  "  puzzle TEXT NOT NULL,\n"
  "  played_at INTEGER NOT NULL,\n"
  "  time_ms INTEGER NOT NULL DEFAULT 0,\n"
  "  solved INTEGER NOT NULL,\n"
  "  puzzle_rating INTEGER NOT NULL,\n"
  "  rating REAL NOT NULL,\n"
  "  deviation REAL NOT NULL,\n"
  "  volatility REAL NOT NULL\n"
  ");\n"
  "CREATE INDEX puzzle_attempts_by_puzzle ON puzzle_attempts (puzzle);\n"
  "CREATE TABLE puzzle_rating (\n"
  "  id INTEGER PRIMARY KEY CHECK (id = 1),\n"
  "  rating REAL NOT NULL,\n"
  "  deviation REAL NOT NULL,\n"
  "  volatility REAL NOT NULL,\n"
  "  updated_at INTEGER NOT NULL\n"
  ");\n"
  "PRAGMA user_version = 10;\n";

const char *const kz_store_migrations[KZ_STORE_SCHEMA_VERSION + 1] = {
  [2] = migration_v2,
  [3] = migration_v3,
  [4] = migration_v4,
  [5] = migration_v5,
  [6] = migration_v6,
  [7] = migration_v7,
  [8] = migration_v8,
  [9] = migration_v9,
  [10] = migration_v10,
};

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

static const char *const stmt_sql[N_STMTS] = {
  [STMT_INSERT_MOVE] =
    "INSERT INTO moves (game_id, ply, move, played_at, clock_ms) VALUES (?1, ?2, ?3, ?4, ?5)",
  [STMT_ADVANCE_GAME] =
    "UPDATE games SET plies = ?2, final_kpn = ?3, result = ?4, termination = ?5, "
    "end_time = ?6, turn_clock_ms = NULL WHERE id = ?1 AND plies = ?2 - 1 AND result = 0",
  [STMT_DELETE_MOVE] =
    "DELETE FROM moves WHERE game_id = ?1 AND ply = ?2",
  [STMT_RETREAT_GAME] =
    "UPDATE games SET plies = ?2 - 1, final_kpn = ?3, result = 0, termination = 0, "
    "end_time = NULL, turn_clock_ms = NULL WHERE id = ?1 AND plies = ?2",
  [STMT_SET_OUTCOME] =
    "UPDATE games SET result = ?2, termination = ?3, end_time = ?4 WHERE id = ?1",
  [STMT_SET_TURN_CLOCK] =
    "UPDATE games SET turn_clock_ms = ?3 WHERE id = ?1 AND plies = ?2",
  [STMT_GAME_INFO] =
    "SELECT id, cossacks, turks, cossacks_kind, turks_kind, cossacks_level, turks_level, "
    "start_kpn, start_time, end_time, result, termination, plies, final_kpn, tags, "
    "added_at, import_id, turn_clock_ms FROM games WHERE id = ?1",
  [STMT_GAME_MOVES] =
    "SELECT ply, move, played_at, clock_ms FROM moves WHERE game_id = ?1 ORDER BY ply",
  [STMT_INSERT_GAME] =
    "INSERT INTO games (cossacks, turks, cossacks_kind, turks_kind, cossacks_level, "
    "turks_level, start_kpn, start_time, end_time, result, termination, plies, final_kpn, tags, "
    "added_at, import_id, digest) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17)",
  [STMT_FIND_DIGEST] =
    "SELECT 1 FROM games WHERE digest = ?1 LIMIT 1",
  [STMT_DELETE_NOTE] =
    "DELETE FROM notes WHERE game_id = ?1 AND ply = ?2",
  [STMT_DELETE_BRANCHES] =
    "DELETE FROM variations WHERE game_id = ?1 AND parent IS NULL AND ply >= ?2",
  [STMT_SET_NOTE] =
    "INSERT OR REPLACE INTO notes (game_id, ply, comment, nags) VALUES (?1, ?2, ?3, ?4)",
  [STMT_INSERT_VARIATION] =
    "INSERT INTO variations (game_id, node, parent, ply, rank, move, comment, comment_before, nags) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
  [STMT_UPDATE_VARIATION_NOTE] =
    "UPDATE variations SET comment = ?3, comment_before = ?4, nags = ?5 "
    "WHERE game_id = ?1 AND node = ?2",
  [STMT_DELETE_VARIATION] =
    "DELETE FROM variations WHERE game_id = ?1 AND node = ?2",
  [STMT_RERANK_VARIATION] =
    "UPDATE variations SET rank = ?3 WHERE game_id = ?1 AND node = ?2",
  [STMT_GAME_NOTES] =
    "SELECT ply, comment, nags FROM notes WHERE game_id = ?1 ORDER BY ply",
  [STMT_GAME_VARIATIONS] =
    "SELECT node, parent, ply, rank, move, comment, comment_before, nags FROM variations "
    "WHERE game_id = ?1 ORDER BY ply, rank, node",
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

/* Open stores per file in this process: a clean close empties the WAL
 * only when it closes the last of them (another connection here may be
 * reading it; the app's import runs on a second connection). */
static GMutex open_lock;
static GHashTable *open_paths;   /* path → count */

static void
count_open (const char *path, int delta)
{
  g_mutex_lock (&open_lock);
  if (open_paths == NULL)
    open_paths = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  int n = GPOINTER_TO_INT (g_hash_table_lookup (open_paths, path)) + delta;
  if (n > 0)
    g_hash_table_replace (open_paths, g_strdup (path), GINT_TO_POINTER (n));
  else
    g_hash_table_remove (open_paths, path);
  g_mutex_unlock (&open_lock);
}

static gboolean
last_open (const char *path)
{
  g_mutex_lock (&open_lock);
  gboolean last = open_paths == NULL
                  || GPOINTER_TO_INT (g_hash_table_lookup (open_paths, path)) <= 1;
  g_mutex_unlock (&open_lock);
  return last;
}

/* Test hook: treat every file system as remote. */
static gboolean assume_remote;

void
kz_store_assume_remote (gboolean remote)
{
  assume_remote = remote;
}

G_DEFINE_FINAL_TYPE (KzStore, kz_store, G_TYPE_OBJECT)

static void
kz_store_finalize (GObject *object)
{
  KzStore *self = KZ_STORE (object);
  for (int i = 0; i < N_STMTS; i++)
    g_clear_pointer (&self->stmts[i], sqlite3_finalize);
  /* A clean close: let SQLite refresh the statistics it needs, and empty
   * the WAL so the file alone holds everything. */
  if (self->db && self->opened && !self->read_only && sqlite3_get_autocommit (self->db))
    {
      sqlite3_exec (self->db, "PRAGMA optimize", NULL, NULL, NULL);
      if (!self->remote && last_open (self->path))
        sqlite3_wal_checkpoint_v2 (self->db, NULL, SQLITE_CHECKPOINT_TRUNCATE, NULL, NULL);
    }
  if (self->opened)
    count_open (self->path, -1);
  g_clear_pointer (&self->db, sqlite3_close);
  g_clear_pointer (&self->path, g_free);
  g_clear_pointer (&self->upgrade_copy, g_free);
  G_OBJECT_CLASS (kz_store_parent_class)->finalize (object);
}

static void
kz_store_class_init (KzStoreClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kz_store_finalize;
}

static void
kz_store_init (KzStore *self)
{
}

/* ---------------------------------------------------------------------- */
/* KzGameInfo                                                              */

KzGameInfo *
kz_game_info_copy (const KzGameInfo *info)
{
  KzGameInfo *copy = g_new (KzGameInfo, 1);
  *copy = *info;
  copy->cossacks = g_strdup (info->cossacks);
  copy->turks = g_strdup (info->turks);
  copy->start_kpn = g_strdup (info->start_kpn);
  copy->final_kpn = g_strdup (info->final_kpn);
  return copy;
}

void
kz_game_info_free (KzGameInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->cossacks);
  g_free (info->turks);
  g_free (info->start_kpn);
  g_free (info->final_kpn);
  g_free (info);
}

G_DEFINE_BOXED_TYPE (KzGameInfo, kz_game_info, kz_game_info_copy, kz_game_info_free)

/* ---------------------------------------------------------------------- */
/* Errors                                                                  */

/* 0 when a file can be created in the folder of `path`, else the errno. */
static int
folder_writable_errno (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *probe = g_build_filename (dir, ".kazaki-probe-XXXXXX", NULL);
  int fd = g_mkstemp (probe);
  if (fd < 0)
    return errno;
  close (fd);
  g_unlink (probe);
  return 0;
}

/* A GError for an SQLite failure `rc` on the store's file.  `doing`
 * says what was being done ("saving the move", …). */
/* SQLite's message, made fit for the user: a damaged schema can put
 * any bytes in it.  Valid UTF-8, no control characters, at most 120
 * characters. */
static char *
clean_detail (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text ? text : "", -1);
  GString *out = g_string_new (NULL);
  guint n = 0;
  for (const char *p = valid; *p; p = g_utf8_next_char (p), n++)
    {
      if (n == 120)
        {
          g_string_append (out, "…");
          break;
        }
      gunichar c = g_utf8_get_char (p);
      g_string_append_unichar (out, g_unichar_iscntrl (c) ? ' ' : c);
    }
  return g_string_free (out, FALSE);
}

static void
set_db_error (GError **error, const char *path, sqlite3 *db, int rc, const char *doing)
{
  g_autofree char *detail = clean_detail (db ? sqlite3_errmsg (db) : sqlite3_errstr (rc));
  switch (rc & 0xff)
    {
    case SQLITE_NOTADB:
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_NOT_A_DATABASE,
                   _("“%s” is not a game database (it is not an SQLite file); it was left untouched"),
                   path);
      break;
    case SQLITE_CORRUPT:
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_CORRUPT,
                   _("The game database “%s” is damaged (%s while %s); it was left untouched"),
                   path, detail, doing);
      break;
    case SQLITE_FULL:
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_FULL,
                   _("The disk holding the game database “%s” is full (while %s)"),
                   path, doing);
      break;
    case SQLITE_READONLY:
    case SQLITE_PERM:
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_READ_ONLY,
                   _("The game database “%s” cannot be written (%s while %s)"),
                   path, detail, doing);
      break;
    case SQLITE_CANTOPEN:
      {
        /* SQLite only says it could not open a file (the database, or the
         * -wal/-shm files WAL needs beside it): find out whether the folder
         * can be written at all. */
        int e = folder_writable_errno (path);
        if (e == EACCES || e == EPERM || e == EROFS)
          {
            g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_READ_ONLY,
                         _("The game database “%s” cannot be opened or created: its folder "
                           "cannot be written (%s)"), path, g_strerror (e));
            break;
          }
      }
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_CANNOT_OPEN,
                   _("The game database “%s” cannot be opened or created (%s while %s)"),
                   path, detail, doing);
      break;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_BUSY,
                   _("The game database “%s” is in use by another program (while %s)"),
                   path, doing);
      break;
    default:
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_FAILED,
                   _("The game database “%s” failed while %s: %s"), path, doing, detail);
      break;
    }
}

static gboolean
fail (KzStore *self, GError **error, int rc, const char *doing)
{
  set_db_error (error, self->path, self->db, rc, doing);
  return FALSE;
}

gboolean
kz_store_sql_failed (KzStore *self, GError **error, int rc, const char *doing)
{
  return fail (self, error, rc, doing);
}

static int
exec (KzStore *self, const char *sql)
{
  return sqlite3_exec (self->db, sql, NULL, NULL, NULL);
}

static gboolean
begin (KzStore *self, GError **error, const char *doing)
{
  int rc = exec (self, "BEGIN IMMEDIATE");
  if (rc != SQLITE_OK)
    return fail (self, error, rc, doing);
  return TRUE;
}

static gboolean
commit (KzStore *self, GError **error, const char *doing)
{
  int rc = exec (self, "COMMIT");
  if (rc != SQLITE_OK)
    {
      fail (self, error, rc, doing);
      if (!sqlite3_get_autocommit (self->db))
        exec (self, "ROLLBACK");
      return FALSE;
    }
  return TRUE;
}

static void
rollback (KzStore *self)
{
  if (!sqlite3_get_autocommit (self->db))
    exec (self, "ROLLBACK");
}

static sqlite3_stmt *
stmt (KzStore *self, int which, GError **error)
{
  if (self->stmts[which] == NULL)
    {
      int rc = sqlite3_prepare_v3 (self->db, stmt_sql[which], -1, SQLITE_PREPARE_PERSISTENT,
                                   &self->stmts[which], NULL);
      if (rc != SQLITE_OK)
        {
          fail (self, error, rc, _("preparing a query"));
          return NULL;
        }
    }
  sqlite3_stmt *s = self->stmts[which];
  sqlite3_reset (s);
  sqlite3_clear_bindings (s);
  return s;
}

static sqlite3_stmt *
prepare (KzStore *self, const char *sql, GError **error)
{
  sqlite3_stmt *s = NULL;
  int rc = sqlite3_prepare_v2 (self->db, sql, -1, &s, NULL);
  if (rc != SQLITE_OK)
    {
      fail (self, error, rc, _("preparing a query"));
      return NULL;
    }
  return s;
}

/* ---------------------------------------------------------------------- */
/* Opening                                                                 */

char *
kz_store_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "kazaki", "games.db", NULL);
}

static gboolean
query_int (KzStore *self, const char *sql, gint64 *out, GError **error, const char *doing)
{
  sqlite3_stmt *s = NULL;
  int rc = sqlite3_prepare_v2 (self->db, sql, -1, &s, NULL);
  if (rc == SQLITE_OK)
    {
      rc = sqlite3_step (s);
      if (rc == SQLITE_ROW)
        {
          *out = sqlite3_column_int64 (s, 0);
          rc = SQLITE_OK;
        }
    }
  if (rc != SQLITE_OK)
    {
      fail (self, error, rc, doing);
      sqlite3_finalize (s);
      return FALSE;
    }
  sqlite3_finalize (s);
  return TRUE;
}

/* Replays every game's moves to fill final_kpn (migration to v2).  A game
 * whose moves do not replay keeps final_kpn NULL (loading it reports why). */
static gboolean
fill_final_kpn (KzStore *self, GError **error)
{
  sqlite3_stmt *games = prepare (self, "SELECT id, start_kpn FROM games", error);
  sqlite3_stmt *moves = games ? prepare (self, "SELECT move FROM moves WHERE game_id = ?1 ORDER BY ply", error) : NULL;
  sqlite3_stmt *update = moves ? prepare (self, "UPDATE games SET final_kpn = ?2 WHERE id = ?1", error) : NULL;
  gboolean ok = update != NULL;
  int rc;
  while (ok && (rc = sqlite3_step (games)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (games, 0);
      const char *kpn = (const char *) sqlite3_column_text (games, 1);
      KzPosition pos;
      KzError err;
      gboolean good = kpn && kz_kpn_parse (kpn, &pos, &err);
      sqlite3_reset (moves);
      sqlite3_bind_int64 (moves, 1, id);
      while ((rc = sqlite3_step (moves)) == SQLITE_ROW)
        {
          KzMove m;
          const char *text = (const char *) sqlite3_column_text (moves, 0);
          if (good && text && kz_move_parse (&pos, text, &m, &err))
            kz_position_make_move (&pos, &m);
          else
            good = FALSE;
        }
      if (rc != SQLITE_DONE)
        {
          ok = fail (self, error, rc, _("upgrading the database"));
          break;
        }
      if (good)
        {
          char buf[KZ_KPN_MAX];
          kz_kpn_format (&pos, buf, sizeof buf);
          sqlite3_reset (update);
          sqlite3_bind_int64 (update, 1, id);
          sqlite3_bind_text (update, 2, buf, -1, SQLITE_TRANSIENT);
          rc = sqlite3_step (update);
          if (rc != SQLITE_DONE)
            ok = fail (self, error, rc, _("upgrading the database"));
        }
    }
  if (ok && rc != SQLITE_DONE)
    ok = fail (self, error, rc, _("upgrading the database"));
  sqlite3_finalize (games);
  sqlite3_finalize (moves);
  sqlite3_finalize (update);
  return ok;
}

static gboolean
create_schema (KzStore *self, GError **error)
{
  const char *doing = _("creating the database");
  if (!begin (self, error, doing))
    return FALSE;
  int rc = exec (self, kz_store_schema_v1);
  if (rc == SQLITE_OK)
    rc = exec (self, migration_v2);
  if (rc == SQLITE_OK)
    rc = exec (self, migration_v3);
  if (rc == SQLITE_OK)
    rc = exec (self, migration_v4);
  if (rc == SQLITE_OK)
    rc = exec (self, migration_v5);
  if (rc == SQLITE_OK)
    rc = exec (self, migration_v6);
  if (rc == SQLITE_OK)
    rc = exec (self, migration_v7);
  if (rc == SQLITE_OK)
    rc = exec (self, migration_v8);
  if (rc == SQLITE_OK)
    rc = exec (self, migration_v9);
  if (rc == SQLITE_OK)
    rc = exec (self, migration_v10);
  if (rc == SQLITE_OK)
    rc = exec (self, "PRAGMA application_id = " G_STRINGIFY (KZ_APPLICATION_ID));
  if (rc != SQLITE_OK)
    {
      fail (self, error, rc, doing);
      rollback (self);
      return FALSE;
    }
  return commit (self, error, doing);
}

static gboolean
migrate (KzStore *self, gint64 version, GError **error)
{
  const char *doing = _("upgrading the database to the current version");
  if (!begin (self, error, doing))
    return FALSE;
  int rc = SQLITE_OK;
  if (version < 2)
    {
      rc = exec (self, migration_v2);
      if (rc == SQLITE_OK && !fill_final_kpn (self, error))
        {
          rollback (self);
          return FALSE;
        }
    }
  if (rc == SQLITE_OK && version < 3)
    rc = exec (self, migration_v3);
  if (rc == SQLITE_OK && version < 4)
    rc = exec (self, migration_v4);
  if (rc == SQLITE_OK && version < 5)
    rc = exec (self, migration_v5);
  if (rc == SQLITE_OK && version < 6)
    rc = exec (self, migration_v6);
  if (rc == SQLITE_OK && version < 7)
    rc = exec (self, migration_v7);
  if (rc == SQLITE_OK && version < 8)
    rc = exec (self, migration_v8);
  if (rc == SQLITE_OK && version < 9)
    rc = exec (self, migration_v9);
  if (rc == SQLITE_OK && version < 10)
    rc = exec (self, migration_v10);
  if (rc == SQLITE_OK)
    rc = exec (self, "PRAGMA application_id = " G_STRINGIFY (KZ_APPLICATION_ID));
  if (rc != SQLITE_OK)
    {
      fail (self, error, rc, doing);
      rollback (self);
      return FALSE;
    }
  return commit (self, error, doing);
}

/* Most problems PRAGMA quick_check/integrity_check report. */
#define CHECK_MAX_PROBLEMS 1000

/* Runs `pragma` (quick_check or integrity_check).  TRUE when the file is
 * sound; else a short KZ_STORE_ERROR_CORRUPT naming the file, how many
 * problems SQLite found and the first of them.  The full report (up to
 * CHECK_MAX_PROBLEMS lines) goes to g_debug only. */
static gboolean
run_check (KzStore *self, const char *pragma, const char *doing, GError **error)
{
  g_autofree char *sql = g_strdup_printf ("PRAGMA %s(%d)", pragma, CHECK_MAX_PROBLEMS);
  sqlite3_stmt *s = prepare (self, sql, error);
  if (s == NULL)
    return FALSE;
  guint n = 0;
  g_autofree char *first = NULL;
  GString *report = g_string_new (NULL);
  int rc;
  while ((rc = sqlite3_step (s)) == SQLITE_ROW)
    {
      /* A row can hold several problems, one a line, the first of them
       * after a line "*** in database main ***". */
      const char *row = (const char *) sqlite3_column_text (s, 0);
      if (row == NULL || strcmp (row, "ok") == 0)
        continue;
      g_auto (GStrv) lines = g_strsplit (row, "\n", -1);
      for (guint i = 0; lines[i]; i++)
        {
          g_strstrip (lines[i]);
          if (lines[i][0] == '\0' || g_str_has_prefix (lines[i], "*** "))
            continue;
          n++;
          g_string_append_printf (report, "%s\n", lines[i]);
          if (first == NULL)
            {
              first = g_utf8_make_valid (lines[i], -1);
              g_strdelimit (first, "\r\t", ' ');
              if (g_utf8_strlen (first, -1) > 100)
                {
                  char *cut = g_utf8_substring (first, 0, 100);
                  g_free (first);
                  first = g_strconcat (cut, "…", NULL);
                  g_free (cut);
                }
            }
        }
    }
  sqlite3_finalize (s);
  if (rc != SQLITE_DONE)
    {
      g_string_free (report, TRUE);
      return fail (self, error, rc, doing);
    }
  if (n == 0)
    {
      g_string_free (report, TRUE);
      return TRUE;
    }
  g_debug ("PRAGMA %s of “%s” found %u problem(s):\n%s", pragma, self->path, n, report->str);
  g_string_free (report, TRUE);
  g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_CORRUPT,
               g_dngettext (GETTEXT_PACKAGE,
                            "The game database “%s” is damaged (SQLite found %u problem: %s); "
                            "it was left untouched",
                            "The game database “%s” is damaged (SQLite found %u problems, "
                            "the first: %s); it was left untouched", n),
               self->path, n, first);
  return FALSE;
}

/* Checks, without changing anything, that the open file is a Kazaki
 * database this program can use; sets *version (0 = empty, new).  `deep`
 * also checks the whole file for damage (PRAGMA quick_check). */
static gboolean
verify (KzStore *self, gboolean deep, gboolean any_version, gint64 *version, GError **error)
{
  const char *doing = _("reading the database");
  gint64 n_tables = 0, has_games = 0, has_moves = 0, v = 0;
  if (!query_int (self, "SELECT count(*) FROM sqlite_master", &n_tables, error, doing)
      || !query_int (self, "PRAGMA user_version", &v, error, doing))
    return FALSE;
  if (n_tables == 0 && v == 0)
    {
      *version = 0;
      return TRUE;
    }
  gint64 app_id = 0;
  if (!query_int (self, "PRAGMA application_id", &app_id, error, doing))
    return FALSE;
  if (v > KZ_STORE_SCHEMA_VERSION && !(any_version && app_id == KZ_APPLICATION_ID))
    {
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_TOO_NEW,
                   _("The game database “%s” was written by a newer version of Kazaki "
                     "(schema %" PRId64 ", this version knows up to %d); it was left untouched"),
                   self->path, v, KZ_STORE_SCHEMA_VERSION);
      return FALSE;
    }
  if (!query_int (self, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'games'",
                  &has_games, error, doing)
      || !query_int (self, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'moves'",
                     &has_moves, error, doing))
    return FALSE;
  if (v < 1 || !has_games || !has_moves || (app_id != 0 && app_id != KZ_APPLICATION_ID))
    {
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_NOT_KAZAKI,
                   _("“%s” is an SQLite database, but not a Kazaki game database; it was left untouched"),
                   self->path);
      return FALSE;
    }
  /* Damage anywhere in the file is found now, before anything is written.
   * The check reads the whole file (about 10 ms per MB), so a very large
   * file is only checked where it is read: SQLite reports a damaged page
   * it meets as SQLITE_CORRUPT, which becomes KZ_STORE_ERROR_CORRUPT. */
  GStatBuf st;
  if (deep && !(g_stat (self->path, &st) == 0 && st.st_size > QUICK_CHECK_MAX_BYTES)
      && !run_check (self, "quick_check", doing, error))
    return FALSE;
  *version = v;
  return TRUE;
}

/* The first 16 bytes of every SQLite 3 database.  Sets *wal when the
 * header says the file is in WAL mode (bytes 18 and 19 are 2). */
static gboolean
check_header (const char *path, gboolean *wal, GError **error)
{
  static const char magic[16] = "SQLite format 3";
  char buf[20];
  *wal = FALSE;
  FILE *f = g_fopen (path, "rb");
  if (f == NULL)
    {
      int e = errno;
      g_set_error (error, KZ_STORE_ERROR,
                   e == EACCES || e == EPERM ? KZ_STORE_ERROR_READ_ONLY : KZ_STORE_ERROR_CANNOT_OPEN,
                   _("The game database “%s” cannot be opened: %s"), path, g_strerror (e));
      return FALSE;
    }
  size_t n = fread (buf, 1, sizeof buf, f);
  fclose (f);
  if (n == 0)
    return TRUE;  /* an empty file is an empty database */
  if (n < sizeof magic || memcmp (buf, magic, sizeof magic) != 0)
    {
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_NOT_A_DATABASE,
                   _("“%s” is not a game database (it is not an SQLite file); it was left untouched"),
                   path);
      return FALSE;
    }
  *wal = n == sizeof buf && buf[18] == 2 && buf[19] == 2;
  return TRUE;
}

static gboolean
file_exists_beside (const char *path, const char *suffix)
{
  g_autofree char *name = g_strconcat (path, suffix, NULL);
  return g_file_test (name, G_FILE_TEST_EXISTS);
}

/* Checks an existing file (verify(), with the damage check) on a read-only
 * connection that creates no file beside it, so a file the store refuses
 * is left exactly as it was, with no new -wal or -shm next to it.  A WAL
 * file without a -wal (closed cleanly; no program has it open) is read as
 * immutable: SQLite then needs no -shm.  A file in rollback mode is read
 * read-only with the usual locks, which create nothing either.  Returns
 * FALSE with *checked = FALSE when such a check is not possible (a -wal or
 * a hot -journal left by another program or a crash must be read, or
 * recovered, by a read-write connection): the caller checks there. */
static gboolean
check_existing (KzStore *self, gboolean wal, gboolean any_version, gboolean *checked,
                gint64 *version, GError **error)
{
  *checked = FALSE;
  gboolean immutable;
  if (wal)
    {
      if (file_exists_beside (self->path, "-wal"))
        return TRUE;
      immutable = TRUE;
    }
  else
    {
      if (file_exists_beside (self->path, "-journal") || file_exists_beside (self->path, "-wal"))
        return TRUE;
      immutable = FALSE;
    }
  g_autofree char *absolute = g_canonicalize_filename (self->path, NULL);
  g_autofree char *uri = g_filename_to_uri (absolute, NULL, NULL);
  if (uri == NULL)
    return TRUE;
  g_autofree char *full = g_strconcat (uri, immutable ? "?mode=ro&immutable=1" : "?mode=ro", NULL);
  int rc = sqlite3_open_v2 (full, &self->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
                                             | SQLITE_OPEN_NOMUTEX, NULL);
  gboolean ok;
  if (rc != SQLITE_OK)
    ok = fail (self, error, rc, _("opening the database"));
  else
    {
      sqlite3_extended_result_codes (self->db, 1);
      sqlite3_busy_timeout (self->db, 5000);
      ok = verify (self, TRUE, any_version, version, error);
    }
  g_clear_pointer (&self->db, sqlite3_close);
  *checked = TRUE;
  return ok;
}

/* What a store is opened for. */
typedef enum {
  STORE_CREATE,     /* kz_store_open(): reading and writing, a missing file is created */
  STORE_EXISTING,   /* kz_store_open_existing(): the same, never creating a file */
  STORE_READ,       /* kz_store_open_for_reading(): only reading; never changes the file */
  STORE_COPY,       /* kz_store_open_for_copy(): only copying, any schema version */
} StoreMode;

/* Files up to this size are read in memory when their schema is older
 * (read_upgraded_copy()). */
#define UPGRADE_IN_MEMORY_MAX_BYTES (256 * 1024 * 1024)

static int copy_in_one_step (sqlite3 *src, sqlite3 *to, gboolean *timed_out);
static gboolean backup_db (sqlite3 *src, const char *src_path, const char *dest, GError **error);
static gboolean migrate (KzStore *self, gint64 version, GError **error);

/* A file with no tables (empty, or /dev/null) holds no games to read. */
static gboolean
refuse_empty (KzStore *self, GError **error)
{
  g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_NO_DATABASE,
               _("“%s” holds no game database (it is empty)"), self->path);
  return FALSE;
}

/* Reading a database of an older schema without changing it: the whole
 * file is copied into memory, where the copy is upgraded and read (the
 * store is read-only: PRAGMA query_only, every change fails).  Too large
 * a file is refused with what to do instead. */
static gboolean
read_upgraded_copy (KzStore *self, gint64 version, GError **error)
{
  GStatBuf st;
  if (g_stat (self->path, &st) == 0 && st.st_size > UPGRADE_IN_MEMORY_MAX_BYTES)
    {
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_READ_ONLY,
                   _("The game database “%s” was written by an older version of Kazaki "
                     "(schema %" PRId64 ") and is too large to be read without upgrading it: "
                     "run a command that writes to it, or open it in Kazaki, to upgrade it "
                     "(a copy of it is kept); it was left untouched"), self->path, version);
      return FALSE;
    }
  const char *doing = _("reading the database");
  sqlite3 *mem = NULL;
  gboolean timed_out;
  int rc = sqlite3_open_v2 (":memory:", &mem, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
                                              | SQLITE_OPEN_NOMUTEX, NULL);
  if (rc == SQLITE_OK)
    rc = copy_in_one_step (self->db, mem, &timed_out);
  if (rc != SQLITE_OK)
    {
      sqlite3_close (mem);
      return fail (self, error, rc, doing);
    }
  /* The file is ours (verified): closing may empty its WAL as usual. */
  sqlite3_db_config (self->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 0, NULL);
  sqlite3_close (self->db);
  self->db = mem;
  sqlite3_extended_result_codes (self->db, 1);
  if (exec (self, "PRAGMA foreign_keys = ON") != SQLITE_OK || !migrate (self, version, error))
    return FALSE;
  rc = exec (self, "PRAGMA query_only = ON");
  if (rc != SQLITE_OK)
    return fail (self, error, rc, doing);
  self->read_only = TRUE;
  return TRUE;
}

/* Before an upgrade: a copy of the file as it is, PATH.schemaN.bak (or
 * PATH.schemaN-2.bak, … when that name is taken), made with the backup
 * API on the open connection.  No copy, no upgrade. */
static gboolean
keep_copy_before_upgrade (KzStore *self, gint64 version, GError **error)
{
  g_autofree char *copy = NULL;
  for (guint k = 1; copy == NULL || g_file_test (copy, G_FILE_TEST_EXISTS); k++)
    {
      g_free (copy);
      if (k > 1000)
        {
          copy = NULL;
          break;
        }
      copy = k == 1 ? g_strdup_printf ("%s.schema%" PRId64 ".bak", self->path, version)
                    : g_strdup_printf ("%s.schema%" PRId64 "-%u.bak", self->path, version, k);
    }
  g_autoptr (GError) local = NULL;
  if (copy == NULL || !backup_db (self->db, self->path, copy, &local))
    {
      g_set_error (error, KZ_STORE_ERROR,
                   local && local->domain == KZ_STORE_ERROR ? local->code : KZ_STORE_ERROR_FAILED,
                   _("The game database “%s” needs to be upgraded for this version of Kazaki, "
                     "but no copy of it as it is could be kept first (%s); it was left "
                     "untouched"), self->path, local ? local->message : "");
      return FALSE;
    }
  self->upgraded_from = (int) version;
  self->upgrade_copy = g_steal_pointer (&copy);
  return TRUE;
}

/* The read-only fallback of kz_store_open_for_reading() and
 * kz_store_open_for_copy(): a connection that writes nothing (immutable
 * when the WAL file has no -wal beside it, so SQLite needs no -shm
 * either). */
static gboolean
open_read_only (KzStore *self, StoreMode mode, gboolean deep, GError **error)
{
  g_clear_pointer (&self->db, sqlite3_close);
  gboolean wal = FALSE;
  if (!check_header (self->path, &wal, error))
    return FALSE;
  g_autofree char *absolute = g_canonicalize_filename (self->path, NULL);
  g_autofree char *uri = g_filename_to_uri (absolute, NULL, NULL);
  if (uri == NULL)
    {
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_CANNOT_OPEN,
                   _("The game database “%s” cannot be opened: its name cannot be used"),
                   self->path);
      return FALSE;
    }
  gboolean immutable = wal && !file_exists_beside (self->path, "-wal");
  g_autofree char *full = g_strconcat (uri, immutable ? "?mode=ro&immutable=1" : "?mode=ro", NULL);
  int rc = sqlite3_open_v2 (full, &self->db, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
                                             | SQLITE_OPEN_NOMUTEX, NULL);
  if (rc != SQLITE_OK)
    return fail (self, error, rc, _("opening the database"));
  sqlite3_extended_result_codes (self->db, 1);
  sqlite3_busy_timeout (self->db, 5000);
  gint64 version = 0;
  if (!verify (self, deep, mode == STORE_COPY, &version, error))
    return FALSE;
  if (version == 0)
    return refuse_empty (self, error);
  if (version < KZ_STORE_SCHEMA_VERSION && mode == STORE_READ)
    return read_upgraded_copy (self, version, error);
  self->read_only = TRUE;
  return TRUE;
}

/* Whether the folder of `path` is on a remote file system (GIO's
 * filesystem::remote). */
static gboolean
is_remote (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr (GFile) file = g_file_new_for_path (dir);
  g_autoptr (GFileInfo) info = g_file_query_filesystem_info (file, G_FILE_ATTRIBUTE_FILESYSTEM_REMOTE,
                                                             NULL, NULL);
  return info != NULL
         && g_file_info_get_attribute_boolean (info, G_FILE_ATTRIBUTE_FILESYSTEM_REMOTE);
}

static KzStore *
store_open (const char *path, StoreMode mode, GError **error)
{
  g_autofree char *default_path = NULL;
  if (path == NULL)
    path = default_path = kz_store_default_path ();

  gboolean read_only_ok = mode == STORE_READ || mode == STORE_COPY;
  g_autoptr (KzStore) self = g_object_new (KZ_TYPE_STORE, NULL);
  self->path = g_strdup (path);
  gboolean memory = strcmp (path, ":memory:") == 0;
  gboolean exists = !memory && g_file_test (path, G_FILE_TEST_EXISTS);
  int flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX;
  gboolean deep = TRUE;

  if (exists)
    {
      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_CANNOT_OPEN,
                       _("The game database “%s” cannot be opened: it is a folder"), path);
          return NULL;
        }
      /* A device such as /dev/null reads as empty, which would be taken
       * for a new database to create. */
      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        {
          g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_CANNOT_OPEN,
                       _("The game database “%s” cannot be opened: it is not a regular file"),
                       path);
          return NULL;
        }
      gboolean wal = FALSE, checked = FALSE;
      gint64 version = 0;
      if (!check_header (path, &wal, error)
          || !check_existing (self, wal, mode == STORE_COPY, &checked, &version, error))
        return NULL;
      if (checked && version == 0 && read_only_ok)
        {
          refuse_empty (self, error);
          return NULL;
        }
      deep = !checked;
    }
  else if (read_only_ok)
    {
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_NO_DATABASE,
                   _("There is no game database at “%s”"), path);
      return NULL;
    }
  else if (!memory)
    {
      if (mode != STORE_CREATE)
        {
          g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_NO_DATABASE,
                       _("There is no game database at “%s”"), path);
          return NULL;
        }
      g_autofree char *dir = g_path_get_dirname (path);
      if (g_mkdir_with_parents (dir, 0700) != 0)
        {
          int e = errno;
          g_set_error (error, KZ_STORE_ERROR,
                       e == EACCES || e == EPERM || e == EROFS ? KZ_STORE_ERROR_READ_ONLY
                                                               : KZ_STORE_ERROR_CANNOT_OPEN,
                       _("The folder “%s” for the game database “%s” cannot be created: %s"),
                       dir, path, g_strerror (e));
          return NULL;
        }
      flags |= SQLITE_OPEN_CREATE;
    }
  else
    flags |= SQLITE_OPEN_CREATE;

  int rc = sqlite3_open_v2 (path, &self->db, flags, NULL);
  if (rc != SQLITE_OK)
    {
      if (read_only_ok && open_read_only (self, mode, deep, error))
        return g_steal_pointer (&self);
      if (!read_only_ok)
        set_db_error (error, path, self->db, rc, _("opening the database"));
      return NULL;
    }
  /* Until the file is known to be ours, closing must not write to it. */
  sqlite3_db_config (self->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, NULL);
  sqlite3_extended_result_codes (self->db, 1);
  sqlite3_busy_timeout (self->db, 5000);

  if (sqlite3_db_readonly (self->db, "main") == 1)
    {
      if (read_only_ok)
        return open_read_only (self, mode, deep, error) ? g_steal_pointer (&self) : NULL;
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_READ_ONLY,
                   _("The game database “%s” cannot be written (no permission); it was left untouched"),
                   path);
      return NULL;
    }

  /* Again on this connection (cheap; the file could have been replaced
   * meanwhile), and with the damage check if that was not done above. */
  gint64 version = 0;
  GError *local = NULL;
  if (!verify (self, deep, mode == STORE_COPY, &version, &local))
    {
      /* Reading a WAL file needs a -shm beside it: not in a folder that
       * cannot be written. */
      if (read_only_ok && local->domain == KZ_STORE_ERROR
          && (local->code == KZ_STORE_ERROR_READ_ONLY || local->code == KZ_STORE_ERROR_CANNOT_OPEN))
        {
          g_clear_error (&local);
          return open_read_only (self, mode, deep, error) ? g_steal_pointer (&self) : NULL;
        }
      g_propagate_error (error, local);
      return NULL;
    }

  /* Commands that only read or copy never change the file: not its
   * journal mode, not its schema (an older one is read from an upgraded
   * copy in memory). */
  if (read_only_ok)
    {
      if (version == 0)
        {
          refuse_empty (self, error);
          return NULL;
        }
      if (mode == STORE_READ && version < KZ_STORE_SCHEMA_VERSION)
        return read_upgraded_copy (self, version, error) ? g_steal_pointer (&self) : NULL;
      if (mode == STORE_COPY)
        {
          sqlite3_db_config (self->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 0, NULL);
          self->read_only = TRUE;
          return g_steal_pointer (&self);
        }
    }

  /* An upgrade is kept from being a one-way street: the file as it is
   * is copied first. */
  if (version > 0 && version < KZ_STORE_SCHEMA_VERSION
      && !keep_copy_before_upgrade (self, version, error))
    return NULL;

  /* From here on the file is a Kazaki database (or empty/new).  WAL
   * needs shared memory that every program using the file sees, so only
   * on a local file system; on a remote one (NFS, SMB, …) the rollback
   * journal. */
  self->remote = !memory && (assume_remote || is_remote (path));
  sqlite3_stmt *s = prepare (self, self->remote ? "PRAGMA journal_mode = DELETE"
                                                : "PRAGMA journal_mode = WAL", error);
  if (s == NULL)
    return NULL;
  rc = sqlite3_step (s);
  sqlite3_finalize (s);
  if (rc != SQLITE_ROW)
    {
      /* A folder or file system that cannot be written: no -wal/-shm. */
      int code = rc & 0xff;
      if (read_only_ok && (code == SQLITE_READONLY || code == SQLITE_CANTOPEN)
          && open_read_only (self, mode, deep, error))
        return g_steal_pointer (&self);
      set_db_error (error, path, self->db, rc, _("opening the database"));
      return NULL;
    }
  rc = exec (self, "PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL;");
  if (rc != SQLITE_OK)
    {
      set_db_error (error, path, self->db, rc, _("opening the database"));
      return NULL;
    }
  sqlite3_db_config (self->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 0, NULL);

  if (version == 0)
    {
      if (!create_schema (self, error))
        return NULL;
    }
  else if (version < KZ_STORE_SCHEMA_VERSION)
    {
      if (!migrate (self, version, error))
        return NULL;
    }
  self->opened = TRUE;
  count_open (self->path, 1);
  return g_steal_pointer (&self);
}

KzStore *
kz_store_open (const char *path, GError **error)
{
  return store_open (path, STORE_CREATE, error);
}

KzStore *
kz_store_open_existing (const char *path, GError **error)
{
  return store_open (path, STORE_EXISTING, error);
}

KzStore *
kz_store_open_for_reading (const char *path, GError **error)
{
  return store_open (path, STORE_READ, error);
}

KzStore *
kz_store_open_for_copy (const char *path, GError **error)
{
  return store_open (path, STORE_COPY, error);
}

int
kz_store_get_upgraded_from (KzStore *self)
{
  g_return_val_if_fail (KZ_IS_STORE (self), 0);
  return self->upgraded_from;
}

const char *
kz_store_get_upgrade_copy (KzStore *self)
{
  g_return_val_if_fail (KZ_IS_STORE (self), NULL);
  return self->upgrade_copy;
}

gboolean
kz_store_is_read_only (KzStore *self)
{
  g_return_val_if_fail (KZ_IS_STORE (self), TRUE);
  return self->read_only;
}

const char *
kz_store_get_path (KzStore *self)
{
  g_return_val_if_fail (KZ_IS_STORE (self), NULL);
  return self->path;
}

sqlite3 *
kz_store_get_db (KzStore *self)
{
  return self->db;
}

static int fail_final_checkpoint;

gboolean
kz_store_set_bulk (KzStore *self, gboolean bulk, GError **error)
{
  int rc;
  if (bulk)
    rc = exec (self, "PRAGMA synchronous = NORMAL");
  else
    {
      rc = exec (self, "PRAGMA synchronous = FULL");
      if (rc == SQLITE_OK)
        rc = sqlite3_wal_checkpoint_v2 (self->db, NULL, SQLITE_CHECKPOINT_FULL, NULL, NULL);
      if (rc == SQLITE_OK && fail_final_checkpoint != SQLITE_OK)
        rc = fail_final_checkpoint;
      /* Another reader can keep the checkpoint from finishing; the data is
       * in the WAL, synced by the checkpoint's own fsync of it. */
      if (rc == SQLITE_BUSY)
        rc = SQLITE_OK;
    }
  if (rc != SQLITE_OK)
    return fail (self, error, rc, _("saving the imported games"));
  return TRUE;
}

gboolean
kz_store_check_integrity (KzStore *self, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), FALSE);
  return run_check (self, "integrity_check", _("checking the database"), error);
}

/* ---------------------------------------------------------------------- */
/* Tags                                                                    */

static char *
tags_to_text (KzGame *game)
{
  g_auto (GStrv) names = kz_game_list_tags (game);
  GString *s = g_string_new (NULL);
  for (guint i = 0; names[i]; i++)
    {
      g_autofree char *ename = g_strescape (names[i], NULL);
      g_autofree char *evalue = g_strescape (kz_game_get_tag (game, names[i]), NULL);
      g_string_append_printf (s, "%s=%s\n", ename, evalue);
    }
  return g_string_free (s, FALSE);
}

static void
tags_from_text (KzGame *game, const char *text)
{
  if (text == NULL)
    return;
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      char *eq = strchr (lines[i], '=');
      if (eq == NULL)
        continue;
      *eq = '\0';
      g_autofree char *name = g_strcompress (lines[i]);
      g_autofree char *value = g_strcompress (eq + 1);
      kz_game_set_tag (game, name, value);
    }
}

/* ---------------------------------------------------------------------- */
/* Games                                                                   */

static void
bind_text (sqlite3_stmt *s, int i, const char *text)
{
  sqlite3_bind_text (s, i, text ? text : "", -1, SQLITE_TRANSIENT);
}

/* Runs a cached statement (from stmt ()) that returns no rows and resets it
 * for its next use. */
static gboolean
step_cached (KzStore *self, sqlite3_stmt *s, GError **error, const char *doing)
{
  int rc = sqlite3_step (s);
  sqlite3_reset (s);
  if (rc != SQLITE_DONE)
    return fail (self, error, rc, doing);
  return TRUE;
}

/* Runs a cached statement that changes game `id`'s row; no row changed
 * means there is no such game (KZ_STORE_ERROR_NOT_FOUND). */
static gboolean
step_game_row (KzStore *self, sqlite3_stmt *s, gint64 id, GError **error, const char *doing)
{
  if (!step_cached (self, s, error, doing))
    return FALSE;
  if (sqlite3_changes (self->db) != 1)
    {
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_NOT_FOUND,
                   _("There is no game %" PRId64 " in “%s”"), id, self->path);
      return FALSE;
    }
  return TRUE;
}

static gboolean
insert_move (KzStore *self, gint64 id, guint ply, const char *move, gint64 played_ms,
             gint64 clock_ms, GError **error, const char *doing)
{
  sqlite3_stmt *s = stmt (self, STMT_INSERT_MOVE, error);
  if (s == NULL)
    return FALSE;
  sqlite3_bind_int64 (s, 1, id);
  sqlite3_bind_int (s, 2, (int) ply);
  bind_text (s, 3, move);
  sqlite3_bind_int64 (s, 4, played_ms);
  if (clock_ms >= 0)
    sqlite3_bind_int64 (s, 5, clock_ms);
  else
    sqlite3_bind_null (s, 5);
  return step_cached (self, s, error, doing);
}

/* ---------------------------------------------------------------------- */
/* The tree of moves                                                       */

static gboolean game_changed_elsewhere (KzStore *self, gint64 id, GError **error);

/* Writes a note (comment, comment before, NAGs) of a node: a main-line
 * node's into notes (an empty note is no row), a variation node's into
 * its row. */
static gboolean
write_note (KzStore *self, gint64 id, const KzStoreNote *note, GError **error,
            const char *doing)
{
  KzMoveNode *node = note->node;
  const char *comment = note->comment ? note->comment : "";
  const char *nags = note->nags ? note->nags : "";
  sqlite3_stmt *s;
  if (node->main)
    {
      gboolean empty = comment[0] == '\0' && nags[0] == '\0';
      s = stmt (self, empty ? STMT_DELETE_NOTE : STMT_SET_NOTE, error);
      if (s == NULL)
        return FALSE;
      sqlite3_bind_int64 (s, 1, id);
      sqlite3_bind_int (s, 2, (int) node->ply);
      if (!empty)
        {
          bind_text (s, 3, comment);
          bind_text (s, 4, nags);
        }
      return step_cached (self, s, error, doing);
    }
  s = stmt (self, STMT_UPDATE_VARIATION_NOTE, error);
  if (s == NULL)
    return FALSE;
  sqlite3_bind_int64 (s, 1, id);
  sqlite3_bind_int64 (s, 2, node->key);
  bind_text (s, 3, comment);
  bind_text (s, 4, note->before);
  bind_text (s, 5, nags);
  if (!step_cached (self, s, error, doing))
    return FALSE;
  if (sqlite3_changes (self->db) != 1)
    return game_changed_elsewhere (self, id, error);
  return TRUE;
}

/* Inserts the variation node `node` (child of `parent`) and every node
 * after it. */
static gboolean
insert_subtree (KzStore *self, gint64 id, KzMoveNode *node, KzMoveNode *parent, GError **error,
                const char *doing)
{
  /* Along the line without recursion, into its variations with it. */
  for (; node != NULL;
       parent = node, node = node->children->len ? g_ptr_array_index (node->children, 0) : NULL)
    {
      sqlite3_stmt *s = stmt (self, STMT_INSERT_VARIATION, error);
      if (s == NULL)
        return FALSE;
      g_autofree char *nags = kz_move_node_nags_to_text (node);
      sqlite3_bind_int64 (s, 1, id);
      sqlite3_bind_int64 (s, 2, node->key);
      if (parent->main)
        sqlite3_bind_null (s, 3);
      else
        sqlite3_bind_int64 (s, 3, parent->key);
      sqlite3_bind_int (s, 4, (int) node->ply);
      sqlite3_bind_int64 (s, 5, node->rank);
      bind_text (s, 6, node->text);
      bind_text (s, 7, node->comment);
      bind_text (s, 8, node->before);
      bind_text (s, 9, nags);
      if (!step_cached (self, s, error, doing))
        return FALSE;
      for (guint i = 1; i < node->children->len; i++)
        if (!insert_subtree (self, id, g_ptr_array_index (node->children, i), node, error, doing))
          return FALSE;
    }
  return TRUE;
}

/* Writes the whole tree of a new game: the main line's notes and every
 * variation. */
static gboolean
insert_tree (KzStore *self, gint64 id, KzGame *game, GError **error, const char *doing)
{
  for (guint ply = 0; ply <= kz_game_get_ply (game); ply++)
    {
      KzMoveNode *node = kz_game_get_main_node (game, ply);
      if (node->comment[0] || node->n_nags)
        {
          g_autofree char *nags = kz_move_node_nags_to_text (node);
          KzStoreNote note = { node, node->comment, "", nags };
          if (!write_note (self, id, &note, error, doing))
            return FALSE;
        }
      for (guint i = 0; i < node->children->len; i++)
        {
          KzMoveNode *child = g_ptr_array_index (node->children, i);
          if (!child->main && !insert_subtree (self, id, child, node, error, doing))
            return FALSE;
        }
    }
  return TRUE;
}

gboolean
kz_store_edit_tree (KzStore *self, gint64 id, const KzStoreTreeEdit *edit, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), FALSE);
  const char *doing = _("saving the annotation");
  if (!begin (self, error, doing))
    return FALSE;
  sqlite3_stmt *s;
  if (edit->remove)
    {
      s = stmt (self, STMT_DELETE_VARIATION, error);
      if (s == NULL)
        goto fail;
      sqlite3_bind_int64 (s, 1, id);
      sqlite3_bind_int64 (s, 2, edit->remove->key);
      if (!step_cached (self, s, error, doing))
        goto fail;
      if (sqlite3_changes (self->db) != 1)
        return game_changed_elsewhere (self, id, error);
    }
  if (edit->insert && !insert_subtree (self, id, edit->insert, edit->insert_parent, error, doing))
    goto fail;
  for (guint i = 0; i < edit->n_notes; i++)
    if (!write_note (self, id, &edit->notes[i], error, doing))
      return FALSE;  /* write_note rolled back when the row was gone */
  for (guint i = 0; i < edit->n_rerank; i++)
    {
      s = stmt (self, STMT_RERANK_VARIATION, error);
      if (s == NULL)
        goto fail;
      sqlite3_bind_int64 (s, 1, id);
      sqlite3_bind_int64 (s, 2, edit->rerank[i]->key);
      sqlite3_bind_int64 (s, 3, edit->ranks[i]);
      if (!step_cached (self, s, error, doing))
        goto fail;
    }
  return commit (self, error, doing);

fail:
  rollback (self);
  return FALSE;
}

/* Loads the notes and the variations of a game being loaded (inside the
 * read transaction).  A variation row that does not fit (its parent is
 * missing, its move is not legal there) is left out with its nodes after
 * it, with a warning: the game itself still loads. */
static gboolean
load_tree (KzStore *self, gint64 id, KzGame *game, GError **error)
{
  const char *doing = _("reading a game");
  sqlite3_stmt *s = stmt (self, STMT_GAME_NOTES, error);
  if (s == NULL)
    return FALSE;
  sqlite3_bind_int64 (s, 1, id);
  int rc;
  while ((rc = sqlite3_step (s)) == SQLITE_ROW)
    {
      KzMoveNode *node = kz_game_get_main_node (game, (guint) MAX (sqlite3_column_int (s, 0), 0));
      if (node == NULL)
        continue;
      kz_move_node_set_comment (node, (const char *) sqlite3_column_text (s, 1));
      kz_move_node_set_nags_from_text (node, (const char *) sqlite3_column_text (s, 2));
    }
  sqlite3_reset (s);
  if (rc != SQLITE_DONE)
    return fail (self, error, rc, doing);

  s = stmt (self, STMT_GAME_VARIATIONS, error);
  if (s == NULL)
    return FALSE;
  sqlite3_bind_int64 (s, 1, id);
  g_autoptr (GHashTable) nodes = g_hash_table_new (g_int64_hash, g_int64_equal);
  while ((rc = sqlite3_step (s)) == SQLITE_ROW)
    {
      gint64 key = sqlite3_column_int64 (s, 0);
      gboolean from_main = sqlite3_column_type (s, 1) == SQLITE_NULL;
      gint64 parent_key = sqlite3_column_int64 (s, 1);
      int ply = sqlite3_column_int (s, 2);
      const char *text = (const char *) sqlite3_column_text (s, 4);
      KzMoveNode *parent = from_main ? (ply >= 1 ? kz_game_get_main_node (game, (guint) ply - 1) : NULL)
                                     : g_hash_table_lookup (nodes, &parent_key);
      GError *local = NULL;
      KzMoveNode *node = NULL;
      if (parent && text && (int) parent->ply + 1 == ply)
        node = kz_game_load_variation (game, parent, text, key, sqlite3_column_int64 (s, 3), &local);
      if (node == NULL)
        {
          g_warning ("Game %" PRId64 " in “%s”: variation move %" PRId64 " (%s) left out: %s",
                     id, self->path, key, text ? text : "?",
                     local ? local->message : "it does not follow a stored move");
          g_clear_error (&local);
          continue;
        }
      kz_move_node_set_comment (node, (const char *) sqlite3_column_text (s, 5));
      kz_move_node_set_comment_before (node, (const char *) sqlite3_column_text (s, 6));
      kz_move_node_set_nags_from_text (node, (const char *) sqlite3_column_text (s, 7));
      g_hash_table_insert (nodes, &node->key, node);
    }
  sqlite3_reset (s);
  if (rc != SQLITE_DONE)
    return fail (self, error, rc, doing);
  return TRUE;
}

/* Inserts the game's row and moves, inside a transaction the caller
 * began; 0 on error (the caller rolls back). */
static gint64
insert_game (KzStore *self, KzGame *game, gint64 added_at, gint64 import_id,
             const char *digest, GError **error, const char *doing)
{
  guint plies = kz_game_get_ply (game);
  g_autofree char *start_kpn = kz_game_dup_kpn_at (game, 0);
  g_autofree char *final_kpn = kz_game_dup_kpn_at (game, plies);
  g_autofree char *tags = tags_to_text (game);

  sqlite3_stmt *s = stmt (self, STMT_INSERT_GAME, error);
  if (s == NULL)
    return 0;
  bind_text (s, 1, kz_game_get_player_name (game, KZ_COSSACKS));
  bind_text (s, 2, kz_game_get_player_name (game, KZ_TURKS));
  sqlite3_bind_int (s, 3, kz_game_get_player_kind (game, KZ_COSSACKS));
  sqlite3_bind_int (s, 4, kz_game_get_player_kind (game, KZ_TURKS));
  sqlite3_bind_int (s, 5, kz_game_get_player_level (game, KZ_COSSACKS));
  sqlite3_bind_int (s, 6, kz_game_get_player_level (game, KZ_TURKS));
  bind_text (s, 7, start_kpn);
  sqlite3_bind_int64 (s, 8, kz_game_get_start_time (game));
  if (kz_game_is_over (game))
    sqlite3_bind_int64 (s, 9, kz_game_get_end_time (game));
  else
    sqlite3_bind_null (s, 9);
  sqlite3_bind_int (s, 10, kz_game_get_result (game));
  sqlite3_bind_int (s, 11, kz_game_get_termination (game));
  sqlite3_bind_int (s, 12, (int) plies);
  bind_text (s, 13, final_kpn);
  bind_text (s, 14, tags);
  sqlite3_bind_int64 (s, 15, added_at);
  if (import_id)
    sqlite3_bind_int64 (s, 16, import_id);
  if (digest)
    sqlite3_bind_text (s, 17, digest, -1, SQLITE_TRANSIENT);
  if (!step_cached (self, s, error, doing))
    return 0;
  gint64 id = sqlite3_last_insert_rowid (self->db);

  for (guint i = 0; i < plies; i++)
    if (!insert_move (self, id, i + 1, kz_game_get_move_text (game, i),
                      kz_game_get_move_time (game, i), kz_game_get_move_clock (game, i),
                      error, doing))
      return 0;
  if (!insert_tree (self, id, game, error, doing))
    return 0;
  return id;
}

gint64
kz_store_create_game (KzStore *self, KzGame *game, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), 0);
  g_return_val_if_fail (KZ_IS_GAME (game), 0);
  const char *doing = _("saving a new game");
  if (!begin (self, error, doing))
    return 0;
  /* A game played here came here when it started. */
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  gint64 start = kz_game_get_start_time (game);
  gint64 id = insert_game (self, game, start > 0 ? start : now, 0, NULL, error, doing);
  if (id == 0 || !commit (self, error, doing))
    {
      rollback (self);
      return 0;
    }
  kz_game_attach (game, self, id);
  return id;
}

static KzGameInfo *
read_info (sqlite3_stmt *s)
{
  KzGameInfo *info = g_new0 (KzGameInfo, 1);
  info->id = sqlite3_column_int64 (s, 0);
  info->cossacks = g_strdup ((const char *) sqlite3_column_text (s, 1));
  info->turks = g_strdup ((const char *) sqlite3_column_text (s, 2));
  info->kind[0] = (KzPlayerKind) CLAMP (sqlite3_column_int (s, 3), 0, KZ_PLAYER_RANDOM);
  info->kind[1] = (KzPlayerKind) CLAMP (sqlite3_column_int (s, 4), 0, KZ_PLAYER_RANDOM);
  /* As kz_game_set_player() keeps them: 1..5 for a computer, else 0. */
  for (int side = 0; side < 2; side++)
    info->level[side] = info->kind[side] == KZ_PLAYER_COMPUTER
                        ? CLAMP (sqlite3_column_int (s, 5 + side), 1, 5) : 0;
  info->start_kpn = g_strdup ((const char *) sqlite3_column_text (s, 7));
  info->start_time = sqlite3_column_int64 (s, 8);
  info->end_time = sqlite3_column_int64 (s, 9);
  info->result = (KzResult) CLAMP (sqlite3_column_int (s, 10), 0, KZ_RESULT_DRAW);
  info->termination = (KzTermination) CLAMP (sqlite3_column_int (s, 11), 0, KZ_TERMINATION_TIME_FORFEIT);
  info->plies = (guint) MAX (sqlite3_column_int (s, 12), 0);
  info->final_kpn = g_strdup ((const char *) sqlite3_column_text (s, 13));
  info->added_time = sqlite3_column_int64 (s, 15);
  info->import_id = sqlite3_column_int64 (s, 16);
  if (info->cossacks == NULL)
    info->cossacks = g_strdup ("");
  if (info->turks == NULL)
    info->turks = g_strdup ("");
  if (info->start_kpn == NULL)
    info->start_kpn = g_strdup ("");
  return info;
}

KzGameInfo *
kz_store_get_game_info (KzStore *self, gint64 id, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), NULL);
  sqlite3_stmt *s = stmt (self, STMT_GAME_INFO, error);
  if (s == NULL)
    return NULL;
  sqlite3_bind_int64 (s, 1, id);
  int rc = sqlite3_step (s);
  if (rc == SQLITE_DONE)
    {
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_NOT_FOUND,
                   _("There is no game %" PRId64 " in “%s”"), id, self->path);
      sqlite3_reset (s);
      return NULL;
    }
  if (rc != SQLITE_ROW)
    {
      fail (self, error, rc, _("reading a game"));
      sqlite3_reset (s);
      return NULL;
    }
  KzGameInfo *info = read_info (s);
  sqlite3_reset (s);
  return info;
}

KzGame *
kz_store_load_game (KzStore *self, gint64 id, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), NULL);
  const char *doing = _("reading a game");
  /* One read transaction, so the game and its moves agree. */
  int rc = exec (self, "BEGIN");
  if (rc != SQLITE_OK)
    {
      fail (self, error, rc, doing);
      return NULL;
    }
  g_autoptr (KzGameInfo) info = kz_store_get_game_info (self, id, error);
  if (info == NULL)
    {
      rollback (self);
      return NULL;
    }
  GError *local = NULL;
  g_autoptr (KzGame) game = kz_game_new_from_kpn (info->start_kpn, &local);
  if (game == NULL)
    {
      g_autofree char *why = clean_detail (local->message);
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_INVALID,
                   _("Game %" PRId64 " in “%s” has an invalid start position: %s"),
                   id, self->path, why);
      g_error_free (local);
      rollback (self);
      return NULL;
    }
  kz_game_set_player (game, KZ_COSSACKS, info->cossacks, info->kind[0], info->level[0]);
  kz_game_set_player (game, KZ_TURKS, info->turks, info->kind[1], info->level[1]);
  kz_game_set_start_time (game, info->start_time);
  gint64 turn_clock = -1;
  {
    sqlite3_stmt *t = stmt (self, STMT_GAME_INFO, error);
    if (t == NULL)
      {
        rollback (self);
        return NULL;
      }
    sqlite3_bind_int64 (t, 1, id);
    if (sqlite3_step (t) == SQLITE_ROW)
      {
        tags_from_text (game, (const char *) sqlite3_column_text (t, 14));
        turn_clock = sqlite3_column_type (t, 17) == SQLITE_NULL ? -1 : sqlite3_column_int64 (t, 17);
      }
    sqlite3_reset (t);
  }

  sqlite3_stmt *s = stmt (self, STMT_GAME_MOVES, error);
  if (s == NULL)
    {
      rollback (self);
      return NULL;
    }
  sqlite3_bind_int64 (s, 1, id);
  guint expect = 1;
  while ((rc = sqlite3_step (s)) == SQLITE_ROW)
    {
      int ply = sqlite3_column_int (s, 0);
      const char *text = (const char *) sqlite3_column_text (s, 1);
      gint64 at = sqlite3_column_int64 (s, 2);
      gint64 clock_ms = sqlite3_column_type (s, 3) == SQLITE_NULL ? -1 : sqlite3_column_int64 (s, 3);
      if (ply != (int) expect || text == NULL
          || !kz_game_load_move (game, text, at, &local))
        {
          if (local == NULL)
            g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_INVALID,
                         _("Game %" PRId64 " in “%s” is damaged: move %u is missing"),
                         id, self->path, expect);
          else
            {
              g_autofree char *what = clean_detail (text);
              g_autofree char *why = clean_detail (local->message);
              g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_INVALID,
                           _("Game %" PRId64 " in “%s” is damaged: move %u (%s): %s"),
                           id, self->path, expect, what, why);
              g_error_free (local);
            }
          sqlite3_reset (s);
          rollback (self);
          return NULL;
        }
      kz_game_load_move_clock (game, expect - 1, MAX (clock_ms, -1));
      expect++;
    }
  sqlite3_reset (s);
  if (rc != SQLITE_DONE)
    {
      fail (self, error, rc, doing);
      rollback (self);
      return NULL;
    }
  if (!load_tree (self, id, game, error))
    {
      rollback (self);
      return NULL;
    }
  rollback (self);  /* ends the read transaction */
  /* The rules decide flag/annihilation/blocked/repetition on replay; an
   * agreed draw or a resignation comes from the row. */
  if (!kz_game_is_over (game) && info->result != KZ_RESULT_NONE)
    kz_game_load_outcome (game, info->result, info->termination, info->end_time);
  if (turn_clock >= 0)
    kz_game_load_turn_clock (game, turn_clock);
  kz_game_attach (game, self, id);
  return g_steal_pointer (&game);
}

/* Appends the WHERE clause of a filter; binds start at ?1.  FALSE when
 * the filter matches every game (no clause). */
static gboolean
filter_sql (GString *sql, const KzGameFilter *filter)
{
  gboolean player = filter && filter->player && filter->player[0];
  gboolean result = filter && filter->by_result;
  gboolean batch = filter && filter->import_id != 0;
  if (!player && !result && !batch)
    return FALSE;
  g_string_append (sql, " WHERE ");
  if (result)
    g_string_append (sql, "result = ?1");
  if (player && result)
    g_string_append (sql, " AND ");
  if (player)
    g_string_append (sql, "(cossacks LIKE ?2 ESCAPE '\\' OR turks LIKE ?2 ESCAPE '\\')");
  if (batch)
    g_string_append (sql, player || result ? " AND import_id = ?5" : "import_id = ?5");
  return TRUE;
}

static void
filter_bind (sqlite3_stmt *s, const KzGameFilter *filter)
{
  if (filter && filter->by_result)
    sqlite3_bind_int (s, 1, filter->result);
  if (filter && filter->import_id)
    sqlite3_bind_int64 (s, 5, filter->import_id);
  if (filter && filter->player && filter->player[0])
    {
      GString *pat = g_string_new ("%");
      for (const char *p = filter->player; *p; p++)
        {
          if (*p == '%' || *p == '_' || *p == '\\')
            g_string_append_c (pat, '\\');
          g_string_append_c (pat, *p);
        }
      g_string_append_c (pat, '%');
      sqlite3_bind_text (s, 2, pat->str, -1, SQLITE_TRANSIENT);
      g_string_free (pat, TRUE);
    }
}

/* Prepares HEAD, the filter's WHERE clause and TAIL, with the filter's
 * parameters (?1, ?2) bound. */
static sqlite3_stmt *
prepare_filtered (KzStore *self, const char *head, const KzGameFilter *filter, const char *tail,
                  GError **error)
{
  GString *sql = g_string_new (head);
  filter_sql (sql, filter);
  g_string_append (sql, tail);
  sqlite3_stmt *s = prepare (self, sql->str, error);
  g_string_free (sql, TRUE);
  if (s != NULL)
    filter_bind (s, filter);
  return s;
}

GPtrArray *
kz_store_list_games (KzStore *self, const KzGameFilter *filter, guint offset, guint limit,
                     GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), NULL);
  sqlite3_stmt *s = prepare_filtered (self, "SELECT " INFO_COLUMNS " FROM games", filter,
                                      " ORDER BY added_at DESC, id DESC LIMIT ?3 OFFSET ?4",
                                      error);
  if (s == NULL)
    return NULL;
  sqlite3_bind_int64 (s, 3, limit);
  sqlite3_bind_int64 (s, 4, offset);
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) kz_game_info_free);
  int rc;
  while ((rc = sqlite3_step (s)) == SQLITE_ROW)
    g_ptr_array_add (out, read_info (s));
  sqlite3_finalize (s);
  if (rc != SQLITE_DONE)
    {
      g_ptr_array_unref (out);
      fail (self, error, rc, _("listing the games"));
      return NULL;
    }
  return out;
}

gboolean
kz_store_count_games (KzStore *self, const KzGameFilter *filter, guint *count, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), FALSE);
  sqlite3_stmt *s = prepare_filtered (self, "SELECT count(*) FROM games", filter, "", error);
  if (s == NULL)
    return FALSE;
  int rc = sqlite3_step (s);
  if (rc == SQLITE_ROW)
    *count = (guint) sqlite3_column_int64 (s, 0);
  sqlite3_finalize (s);
  if (rc != SQLITE_ROW)
    return fail (self, error, rc, _("counting the games"));
  return TRUE;
}

/* One count: the games the filter matches (with `where` and ?6 the id). */
static gboolean
count_matching (KzStore *self, const KzGameFilter *filter, const char *where, gint64 id,
                guint *count, GError **error)
{
  GString *sql = g_string_new ("SELECT count(*) FROM games");
  g_string_append (sql, filter_sql (sql, filter) ? " AND " : " WHERE ");
  g_string_append (sql, where);
  sqlite3_stmt *s = prepare (self, sql->str, error);
  g_string_free (sql, TRUE);
  if (s == NULL)
    return FALSE;
  filter_bind (s, filter);
  sqlite3_bind_int64 (s, 6, id);
  int rc = sqlite3_step (s);
  if (rc == SQLITE_ROW)
    *count = (guint) sqlite3_column_int64 (s, 0);
  sqlite3_finalize (s);
  if (rc != SQLITE_ROW)
    return fail (self, error, rc, _("counting the games"));
  return TRUE;
}

gboolean
kz_store_find_game (KzStore *self, const KzGameFilter *filter, gint64 id, int *position,
                    GError **error)
{
  guint matches = 0, before = 0;

  g_return_val_if_fail (KZ_IS_STORE (self), FALSE);
  *position = -1;
  if (!count_matching (self, filter, "id = ?6", id, &matches, error))
    return FALSE;
  if (matches == 0)
    return TRUE;
  /* Newest first: the games listed before it. */
  if (!count_matching (self, filter,
                       "(added_at, id) > (SELECT added_at, id FROM games WHERE id = ?6)", id,
                       &before, error))
    return FALSE;
  *position = (int) before;
  return TRUE;
}

GArray *
kz_store_list_ids (KzStore *self, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), NULL);
  sqlite3_stmt *s = prepare (self, "SELECT id FROM games ORDER BY added_at DESC, id DESC", error);
  if (s == NULL)
    return NULL;
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  int rc;
  while ((rc = sqlite3_step (s)) == SQLITE_ROW)
    {
      gint64 id = sqlite3_column_int64 (s, 0);
      g_array_append_val (ids, id);
    }
  sqlite3_finalize (s);
  if (rc != SQLITE_DONE)
    {
      g_array_unref (ids);
      fail (self, error, rc, _("listing the games"));
      return NULL;
    }
  return ids;
}

gboolean
kz_store_delete_games (KzStore *self, const gint64 *ids, guint n_ids, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), FALSE);
  const char *doing = _("deleting games");
  if (!begin (self, error, doing))
    return FALSE;
  sqlite3_stmt *s = prepare (self, "DELETE FROM games WHERE id = ?1", error);
  if (s == NULL)
    {
      rollback (self);
      return FALSE;
    }
  for (guint i = 0; i < n_ids; i++)
    {
      sqlite3_reset (s);
      sqlite3_bind_int64 (s, 1, ids[i]);
      int rc = sqlite3_step (s);
      if (rc != SQLITE_DONE)
        {
          sqlite3_finalize (s);
          fail (self, error, rc, doing);
          rollback (self);
          return FALSE;
        }
    }
  sqlite3_finalize (s);
  return commit (self, error, doing);
}

gboolean
kz_store_find_unfinished (KzStore *self, gint64 *id, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), FALSE);
  /* The conditions repeat those of the partial index games_resumable (on
   * `result`, so the planner prefers it to games_by_result);
   * the last activity is the time of the last move (ms), or the start for
   * a game without moves (imported games have move times of 0). */
  sqlite3_stmt *s = prepare (self,
    "SELECT id FROM games WHERE result = 0 AND import_id IS NULL "
    "AND (cossacks_kind = 0 OR turks_kind = 0) "
    "ORDER BY max (coalesce ((SELECT played_at FROM moves "
    "                         WHERE moves.game_id = games.id AND moves.ply = games.plies), 0), "
    "              start_time * 1000) DESC, id DESC LIMIT 1", error);
  if (s == NULL)
    return FALSE;
  int rc = sqlite3_step (s);
  *id = rc == SQLITE_ROW ? sqlite3_column_int64 (s, 0) : 0;
  sqlite3_finalize (s);
  if (rc != SQLITE_ROW && rc != SQLITE_DONE)
    return fail (self, error, rc, _("looking for an unfinished game"));
  return TRUE;
}

gboolean
kz_store_update_players (KzStore *self, KzGame *game, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), FALSE);
  sqlite3_stmt *s = prepare (self,
    "UPDATE games SET cossacks = ?2, turks = ?3, cossacks_kind = ?4, turks_kind = ?5, "
    "cossacks_level = ?6, turks_level = ?7 WHERE id = ?1", error);
  if (s == NULL)
    return FALSE;
  sqlite3_bind_int64 (s, 1, kz_game_get_id (game));
  bind_text (s, 2, kz_game_get_player_name (game, KZ_COSSACKS));
  bind_text (s, 3, kz_game_get_player_name (game, KZ_TURKS));
  sqlite3_bind_int (s, 4, kz_game_get_player_kind (game, KZ_COSSACKS));
  sqlite3_bind_int (s, 5, kz_game_get_player_kind (game, KZ_TURKS));
  sqlite3_bind_int (s, 6, kz_game_get_player_level (game, KZ_COSSACKS));
  sqlite3_bind_int (s, 7, kz_game_get_player_level (game, KZ_TURKS));
  int rc = sqlite3_step (s);
  sqlite3_finalize (s);
  if (rc != SQLITE_DONE)
    return fail (self, error, rc, _("saving the players"));
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* Per-move changes                                                        */

static gboolean
game_changed_elsewhere (KzStore *self, gint64 id, GError **error)
{
  g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_INVALID,
               _("Game %" PRId64 " in “%s” was deleted or changed by another program"),
               id, self->path);
  rollback (self);
  return FALSE;
}

gboolean
kz_store_append_move (KzStore *self, gint64 id, guint ply, const char *move,
                      gint64 played_ms, gint64 clock_ms, const char *final_kpn, KzResult result,
                      KzTermination termination, gint64 end_time, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), FALSE);
  const char *doing = _("saving the move");
  if (!begin (self, error, doing))
    return FALSE;
  sqlite3_stmt *s = stmt (self, STMT_ADVANCE_GAME, error);
  if (s == NULL)
    goto fail;
  sqlite3_bind_int64 (s, 1, id);
  sqlite3_bind_int (s, 2, (int) ply);
  bind_text (s, 3, final_kpn);
  sqlite3_bind_int (s, 4, result);
  sqlite3_bind_int (s, 5, termination);
  if (end_time)
    sqlite3_bind_int64 (s, 6, end_time);
  else
    sqlite3_bind_null (s, 6);
  if (!step_cached (self, s, error, doing))
    goto fail;
  if (sqlite3_changes (self->db) != 1)
    return game_changed_elsewhere (self, id, error);

  if (!insert_move (self, id, ply, move, played_ms, clock_ms, error, doing))
    goto fail;
  return commit (self, error, doing);

fail:
  rollback (self);
  return FALSE;
}

gboolean
kz_store_remove_last_move (KzStore *self, gint64 id, guint ply, const char *final_kpn,
                           GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), FALSE);
  const char *doing = _("taking back the move");
  if (!begin (self, error, doing))
    return FALSE;
  sqlite3_stmt *s = stmt (self, STMT_RETREAT_GAME, error);
  if (s == NULL)
    goto fail;
  sqlite3_bind_int64 (s, 1, id);
  sqlite3_bind_int (s, 2, (int) ply);
  bind_text (s, 3, final_kpn);
  if (!step_cached (self, s, error, doing))
    goto fail;
  if (sqlite3_changes (self->db) != 1)
    return game_changed_elsewhere (self, id, error);
  s = stmt (self, STMT_DELETE_MOVE, error);
  if (s == NULL)
    goto fail;
  sqlite3_bind_int64 (s, 1, id);
  sqlite3_bind_int (s, 2, (int) ply);
  if (!step_cached (self, s, error, doing))
    goto fail;
  if (sqlite3_changes (self->db) != 1)
    return game_changed_elsewhere (self, id, error);
  /* The move's annotations, the variations after it and those that were
   * alternatives to it go with it. */
  s = stmt (self, STMT_DELETE_NOTE, error);
  if (s == NULL)
    goto fail;
  sqlite3_bind_int64 (s, 1, id);
  sqlite3_bind_int (s, 2, (int) ply);
  if (!step_cached (self, s, error, doing))
    goto fail;
  s = stmt (self, STMT_DELETE_BRANCHES, error);
  if (s == NULL)
    goto fail;
  sqlite3_bind_int64 (s, 1, id);
  sqlite3_bind_int (s, 2, (int) ply);
  if (!step_cached (self, s, error, doing))
    goto fail;
  return commit (self, error, doing);

fail:
  rollback (self);
  return FALSE;
}

gboolean
kz_store_set_outcome (KzStore *self, gint64 id, KzResult result, KzTermination termination,
                      gint64 end_time, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), FALSE);
  const char *doing = _("saving the end of the game");
  sqlite3_stmt *s = stmt (self, STMT_SET_OUTCOME, error);
  if (s == NULL)
    return FALSE;
  sqlite3_bind_int64 (s, 1, id);
  sqlite3_bind_int (s, 2, result);
  sqlite3_bind_int (s, 3, termination);
  if (end_time)
    sqlite3_bind_int64 (s, 4, end_time);
  else
    sqlite3_bind_null (s, 4);
  return step_game_row (self, s, id, error, doing);
}

gboolean
kz_store_set_turn_clock (KzStore *self, gint64 id, guint plies, gint64 ms, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), FALSE);
  const char *doing = _("saving the clock");
  sqlite3_stmt *s = stmt (self, STMT_SET_TURN_CLOCK, error);
  if (s == NULL)
    return FALSE;
  sqlite3_bind_int64 (s, 1, id);
  sqlite3_bind_int (s, 2, (int) plies);
  if (ms >= 0)
    sqlite3_bind_int64 (s, 3, ms);
  else
    sqlite3_bind_null (s, 3);
  return step_game_row (self, s, id, error, doing);
}

/* ---------------------------------------------------------------------- */
/* Imports                                                                 */

void
kz_store_fail_final_checkpoint (int rc)
{
  fail_final_checkpoint = rc;
}

gint64
kz_store_begin_import (KzStore *self, const char *file_name, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), 0);
  const char *doing = _("recording the import");
  sqlite3_stmt *s = prepare (self, "INSERT INTO imports (file, time) VALUES (?1, ?2)", error);
  if (s == NULL)
    return 0;
  bind_text (s, 1, file_name);
  sqlite3_bind_int64 (s, 2, g_get_real_time () / G_USEC_PER_SEC);
  int rc = sqlite3_step (s);
  sqlite3_finalize (s);
  if (rc != SQLITE_DONE)
    {
      fail (self, error, rc, doing);
      return 0;
    }
  gint64 id = sqlite3_last_insert_rowid (self->db);
  if (!kz_store_set_bulk (self, TRUE, error))
    return 0;
  return id;
}

/* Adds one to the count `column` (games, duplicates or failed) of the
 * import's record, inside the caller's transaction: the record says
 * what an import did so far even when it is killed. */
static gboolean
count_in_import (KzStore *self, gint64 import_id, const char *column, GError **error,
                 const char *doing)
{
  g_autofree char *sql = g_strdup_printf ("UPDATE imports SET %s = %s + 1 WHERE id = ?1",
                                          column, column);
  sqlite3_stmt *s = prepare (self, sql, error);
  if (s == NULL)
    return FALSE;
  sqlite3_bind_int64 (s, 1, import_id);
  int rc = sqlite3_step (s);
  sqlite3_finalize (s);
  if (rc != SQLITE_DONE)
    return fail (self, error, rc, doing);
  return TRUE;
}

gint64
kz_store_add_imported_game (KzStore *self, KzGame *game, gint64 import_id, const char *digest,
                            gboolean *duplicate, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), 0);
  g_return_val_if_fail (KZ_IS_GAME (game), 0);
  const char *doing = _("saving an imported game");
  *duplicate = FALSE;
  if (!begin (self, error, doing))
    return 0;
  gint64 id = 0;
  sqlite3_stmt *s = stmt (self, STMT_FIND_DIGEST, error);
  if (s == NULL)
    goto out;
  bind_text (s, 1, digest);
  int rc = sqlite3_step (s);
  sqlite3_reset (s);
  if (rc == SQLITE_ROW)
    {
      /* Counted in its own transaction, as a game added is. */
      if (!count_in_import (self, import_id, "duplicates", error, doing)
          || !commit (self, error, doing))
        {
          rollback (self);
          return 0;
        }
      *duplicate = TRUE;
      return 0;
    }
  if (rc != SQLITE_DONE)
    {
      fail (self, error, rc, doing);
      goto out;
    }
  id = insert_game (self, game, g_get_real_time () / G_USEC_PER_SEC, import_id, digest,
                    error, doing);
  if (id == 0 || !count_in_import (self, import_id, "games", error, doing))
    goto out;
  if (!commit (self, error, doing))
    return 0;
  return id;

out:
  rollback (self);
  return 0;
}

gboolean
kz_store_count_import_failure (KzStore *self, gint64 import_id, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), FALSE);
  const char *doing = _("recording the import");
  if (!begin (self, error, doing))
    return FALSE;
  if (!count_in_import (self, import_id, "failed", error, doing))
    {
      rollback (self);
      return FALSE;
    }
  return commit (self, error, doing);
}

void
kz_store_end_import (KzStore *self, gint64 import_id, guint imported, guint duplicates,
                     guint failed, char **note)
{
  g_return_if_fail (KZ_IS_STORE (self));
  GError *error = NULL;
  const char *doing = _("recording the import");
  sqlite3_stmt *s = prepare (self, "UPDATE imports SET games = ?2, duplicates = ?3, failed = ?4 "
                                   "WHERE id = ?1", &error);
  if (s != NULL)
    {
      sqlite3_bind_int64 (s, 1, import_id);
      sqlite3_bind_int64 (s, 2, imported);
      sqlite3_bind_int64 (s, 3, duplicates);
      sqlite3_bind_int64 (s, 4, failed);
      int rc = sqlite3_step (s);
      sqlite3_finalize (s);
      if (rc != SQLITE_DONE)
        fail (self, &error, rc, doing);
    }
  if (error == NULL)
    kz_store_set_bulk (self, FALSE, &error);
  else
    kz_store_set_bulk (self, FALSE, NULL);
  if (error && note)
    *note = g_strdup (error->message);
  g_clear_error (&error);
}

void
kz_import_info_free (KzImportInfo *info)
{
  if (info == NULL)
    return;
  g_free (info->file);
  g_free (info);
}

GPtrArray *
kz_store_list_imports (KzStore *self, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), NULL);
  sqlite3_stmt *s = prepare (self,
    "SELECT id, file, time, games, duplicates, failed, "
    "(SELECT count(*) FROM games WHERE games.import_id = imports.id) "
    "FROM imports ORDER BY id DESC", error);
  if (s == NULL)
    return NULL;
  GPtrArray *out = g_ptr_array_new_with_free_func ((GDestroyNotify) kz_import_info_free);
  int rc;
  while ((rc = sqlite3_step (s)) == SQLITE_ROW)
    {
      KzImportInfo *info = g_new0 (KzImportInfo, 1);
      info->id = sqlite3_column_int64 (s, 0);
      info->file = g_strdup ((const char *) sqlite3_column_text (s, 1));
      if (info->file == NULL)
        info->file = g_strdup ("");
      info->time = sqlite3_column_int64 (s, 2);
      info->games = (guint) MAX (sqlite3_column_int64 (s, 3), 0);
      info->duplicates = (guint) MAX (sqlite3_column_int64 (s, 4), 0);
      info->failed = (guint) MAX (sqlite3_column_int64 (s, 5), 0);
      info->remaining = (guint) MAX (sqlite3_column_int64 (s, 6), 0);
      g_ptr_array_add (out, info);
    }
  sqlite3_finalize (s);
  if (rc != SQLITE_DONE)
    {
      g_ptr_array_unref (out);
      fail (self, error, rc, _("listing the imports"));
      return NULL;
    }
  return out;
}

gboolean
kz_store_delete_import (KzStore *self, gint64 import_id, guint *n_deleted, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), FALSE);
  const char *doing = _("deleting the games of an import");
  if (n_deleted)
    *n_deleted = 0;
  gint64 exists = 0;
  g_autofree char *q = g_strdup_printf ("SELECT count(*) FROM imports WHERE id = %" G_GINT64_FORMAT,
                                        import_id);
  if (!query_int (self, q, &exists, error, doing))
    return FALSE;
  if (!exists)
    {
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_NOT_FOUND,
                   _("There is no import %" PRId64 " in “%s”"), import_id, self->path);
      return FALSE;
    }
  if (!begin (self, error, doing))
    return FALSE;
  sqlite3_stmt *s = prepare (self, "DELETE FROM games WHERE import_id = ?1", error);
  if (s == NULL)
    {
      rollback (self);
      return FALSE;
    }
  sqlite3_bind_int64 (s, 1, import_id);
  int rc = sqlite3_step (s);
  sqlite3_finalize (s);
  guint n = (guint) sqlite3_changes (self->db);
  if (rc == SQLITE_DONE)
    {
      s = prepare (self, "DELETE FROM imports WHERE id = ?1", error);
      if (s == NULL)
        {
          rollback (self);
          return FALSE;
        }
      sqlite3_bind_int64 (s, 1, import_id);
      rc = sqlite3_step (s);
      sqlite3_finalize (s);
    }
  if (rc != SQLITE_DONE)
    {
      fail (self, error, rc, doing);
      rollback (self);
      return FALSE;
    }
  if (!commit (self, error, doing))
    return FALSE;
  if (n_deleted)
    *n_deleted = n;
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* Backup                                                                  */

/* How long a backup waits for the database's lock before it gives up. */
#define BACKUP_TIMEOUT_S 30

#define BACKUP_TMP_INFIX ".kazaki-backup-"

/* Whether `name` in the folder of DEST is a file an earlier backup to DEST
 * left: DEST.kazaki-backup-XXXXXX (the g_mkstemp() name) or its -journal,
 * -wal or -shm.  *main_file says which. */
static gboolean
is_backup_leftover (const char *name, const char *dest_base, gboolean *main_file)
{
  gsize n = strlen (dest_base), infix = strlen (BACKUP_TMP_INFIX);
  if (strncmp (name, dest_base, n) != 0 || strncmp (name + n, BACKUP_TMP_INFIX, infix) != 0)
    return FALSE;
  const char *rest = name + n + infix;
  if (strlen (rest) < 6)
    return FALSE;
  *main_file = rest[6] == '\0';
  return *main_file || strcmp (rest + 6, "-journal") == 0 || strcmp (rest + 6, "-wal") == 0
         || strcmp (rest + 6, "-shm") == 0;
}

/* Whether another backup is writing the temporary file `path` now (it
 * holds SQLite's lock on it from its first page to its rename). */
static gboolean
backup_tmp_in_use (const char *path)
{
  sqlite3 *db = NULL;
  gboolean busy = FALSE;
  if (sqlite3_open_v2 (path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) == SQLITE_OK)
    {
      int rc = sqlite3_exec (db, "BEGIN EXCLUSIVE", NULL, NULL, NULL);
      busy = (rc & 0xff) == SQLITE_BUSY || (rc & 0xff) == SQLITE_LOCKED;
      if (rc == SQLITE_OK)
        sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
    }
  sqlite3_close (db);
  return busy;
}

/* Removes what a backup to DEST that was killed left beside DEST: its
 * temporary copy and that copy's journal (unless another backup is
 * writing it right now). */
static void
remove_backup_leftovers (const char *dest)
{
  g_autofree char *dir = g_path_get_dirname (dest);
  g_autofree char *base = g_path_get_basename (dest);
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  if (d == NULL)
    return;
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;
  while ((name = g_dir_read_name (d)))
    {
      gboolean main_file;
      if (is_backup_leftover (name, base, &main_file) && main_file)
        g_ptr_array_add (names, g_build_filename (dir, name, NULL));
    }
  /* journals whose copy is gone already */
  g_dir_rewind (d);
  while ((name = g_dir_read_name (d)))
    {
      gboolean main_file;
      if (is_backup_leftover (name, base, &main_file) && !main_file)
        {
          g_autofree char *path = g_build_filename (dir, name, NULL);
          g_autofree char *copy = g_strndup (path, strlen (dir) + 1 + strlen (base)
                                                   + strlen (BACKUP_TMP_INFIX) + 6);
          if (!g_file_test (copy, G_FILE_TEST_EXISTS))
            g_unlink (path);
        }
    }
  for (guint i = 0; i < names->len; i++)
    {
      const char *path = g_ptr_array_index (names, i);
      if (backup_tmp_in_use (path))
        continue;
      static const char *const suffixes[] = { "-journal", "-wal", "-shm", "" };
      for (guint k = 0; k < G_N_ELEMENTS (suffixes); k++)
        {
          g_autofree char *file = g_strconcat (path, suffixes[k], NULL);
          g_unlink (file);
        }
    }
}

/* Copies the database of connection `src` into the SQLite file `to` in
 * one step, that is in one read transaction of `src`: a consistent
 * snapshot that never restarts when another connection writes (stepping
 * a few pages at a time restarts on every write, so it may never end
 * beside a busy writer); in WAL mode the writer is not held up either.
 * Only waiting for a lock is retried, for BACKUP_TIMEOUT_S at most. */
static int
copy_in_one_step (sqlite3 *src, sqlite3 *to, gboolean *timed_out)
{
  *timed_out = FALSE;
  sqlite3_backup *b = sqlite3_backup_init (to, "main", src, "main");
  if (b == NULL)
    return sqlite3_errcode (to);
  gint64 deadline = g_get_monotonic_time () + BACKUP_TIMEOUT_S * G_USEC_PER_SEC;
  int rc;
  for (;;)
    {
      rc = sqlite3_backup_step (b, -1);
      if (rc != SQLITE_BUSY && rc != SQLITE_LOCKED)
        break;
      if (g_get_monotonic_time () >= deadline)
        {
          *timed_out = TRUE;
          break;
        }
      sqlite3_sleep (50);
    }
  int rc2 = sqlite3_backup_finish (b);
  if (rc == SQLITE_DONE)
    rc = rc2;
  return rc;
}

/* The backup of connection `src` (the database at `src_path`) to `dest`
 * (kz_store_backup()). */
static gboolean
backup_db (sqlite3 *src, const char *src_path, const char *dest, GError **error)
{
  const char *doing = _("backing up the games");
  remove_backup_leftovers (dest);
  /* Into a new file beside the destination, renamed over it at the end:
   * a failed backup never leaves a half-written file in its place. */
  g_autofree char *tmp = g_strconcat (dest, BACKUP_TMP_INFIX "XXXXXX", NULL);
  int fd = g_mkstemp (tmp);
  if (fd < 0)
    {
      int e = errno;
      g_set_error (error, KZ_STORE_ERROR,
                   e == EACCES || e == EPERM || e == EROFS ? KZ_STORE_ERROR_READ_ONLY
                                                           : KZ_STORE_ERROR_CANNOT_OPEN,
                   _("The backup “%s” cannot be written: %s"), dest, g_strerror (e));
      return FALSE;
    }
  close (fd);
  sqlite3 *to = NULL;
  gboolean timed_out = FALSE;
  int rc = sqlite3_open_v2 (tmp, &to, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL);
  if (rc == SQLITE_OK)
    rc = copy_in_one_step (src, to, &timed_out);
  /* The copy is a standalone file: rollback journal, no -wal beside it. */
  if (rc == SQLITE_OK)
    rc = sqlite3_exec (to, "PRAGMA journal_mode = DELETE", NULL, NULL, NULL);
  if (rc != SQLITE_OK)
    {
      g_autofree char *detail = clean_detail (to ? sqlite3_errmsg (to) : sqlite3_errstr (rc));
      sqlite3_close (to);
      g_unlink (tmp);
      if (timed_out)
        g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_BUSY,
                     _("The backup “%s” could not be made: the game database “%s” stayed "
                       "locked by another program for %d seconds"), dest, src_path,
                     BACKUP_TIMEOUT_S);
      else
        g_set_error (error, KZ_STORE_ERROR, (rc & 0xff) == SQLITE_FULL ? KZ_STORE_ERROR_FULL
                                                                       : KZ_STORE_ERROR_FAILED,
                     _("The backup “%s” could not be written (%s while %s)"), dest, detail, doing);
      return FALSE;
    }
  sqlite3_close (to);
  if (g_rename (tmp, dest) != 0)
    {
      int e = errno;
      g_unlink (tmp);
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_CANNOT_OPEN,
                   _("The backup “%s” cannot be written: %s"), dest, g_strerror (e));
      return FALSE;
    }
  return TRUE;
}

gboolean
kz_store_backup (KzStore *self, const char *dest, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), FALSE);
  g_return_val_if_fail (dest != NULL, FALSE);
  return backup_db (self->db, self->path, dest, error);
}
