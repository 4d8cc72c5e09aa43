/* kz-store-open.c — opening a game database: the schema and its
 * migrations, the checks of an existing file, the upgrade copy.
 *
 * The schema as version 2 made it, then what each later version added
 * (the current schema, version 10, table by table: doc/STORAGE.md):
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
 * Version 10 adds the puzzle trainer's attempts and rating
 * (puzzle_attempts, puzzle_rating; kz-puzzle-store.c).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later

 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-store.h"
#include "kz-store-internal.h"
#include "kz-store-private.h"
#include "kz-game.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <unistd.h>
#include <sqlite3.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

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

/* From version 10 to 11: nine computer levels instead of five; a stored
 * level 1-5 becomes today's (kz_search_level_from_old: 1, 4, 6, 9, 9). */
static const char migration_v11[] =
  "UPDATE games SET cossacks_level = CASE cossacks_level WHEN 1 THEN 1 WHEN 2 THEN 4 "
  "  WHEN 3 THEN 6 ELSE 9 END WHERE cossacks_kind = 1 AND cossacks_level >= 1;\n"
  "UPDATE games SET turks_level = CASE turks_level WHEN 1 THEN 1 WHEN 2 THEN 4 "
  "  WHEN 3 THEN 6 ELSE 9 END WHERE turks_kind = 1 AND turks_level >= 1;\n"
  "PRAGMA user_version = 11;\n";

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
  [11] = migration_v11,
};

/* Test hook: treat every file system as remote. */
static gboolean assume_remote;

void
kz_store_assume_remote (gboolean remote)
{
  assume_remote = remote;
}

/* ---------------------------------------------------------------------- */
/* Opening                                                                 */

char *
kz_store_default_path (void)
{
  return g_build_filename (g_get_user_data_dir (), "kazaki", "games.db", NULL);
}

gboolean
kz_store_query_int (KzStore *self, const char *sql, gint64 *out, GError **error, const char *doing)
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
      kz_store_fail (self, error, rc, doing);
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
  sqlite3_stmt *games = kz_store_prepare (self, "SELECT id, start_kpn FROM games", error);
  sqlite3_stmt *moves = games ? kz_store_prepare (self, "SELECT move FROM moves WHERE game_id = ?1 ORDER BY ply", error) : NULL;
  sqlite3_stmt *update = moves ? kz_store_prepare (self, "UPDATE games SET final_kpn = ?2 WHERE id = ?1", error) : NULL;
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
          ok = kz_store_fail (self, error, rc, _("upgrading the database"));
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
            ok = kz_store_fail (self, error, rc, _("upgrading the database"));
        }
    }
  if (ok && rc != SQLITE_DONE)
    ok = kz_store_fail (self, error, rc, _("upgrading the database"));
  sqlite3_finalize (games);
  sqlite3_finalize (moves);
  sqlite3_finalize (update);
  return ok;
}

static gboolean
create_schema (KzStore *self, GError **error)
{
  const char *doing = _("creating the database");
  if (!kz_store_begin (self, error, doing))
    return FALSE;
  int rc = kz_store_exec (self, kz_store_schema_v1);
  /* Every migration after it, as an old file would go through them. */
  for (int v = 2; rc == SQLITE_OK && v <= KZ_STORE_SCHEMA_VERSION; v++)
    rc = kz_store_exec (self, kz_store_migrations[v]);
  if (rc == SQLITE_OK)
    rc = kz_store_exec (self, "PRAGMA application_id = " G_STRINGIFY (KZ_APPLICATION_ID));
  if (rc != SQLITE_OK)
    {
      kz_store_fail (self, error, rc, doing);
      kz_store_rollback (self);
      return FALSE;
    }
  return kz_store_commit (self, error, doing);
}

static gboolean
migrate (KzStore *self, gint64 version, GError **error)
{
  const char *doing = _("upgrading the database to the current version");
  if (!kz_store_begin (self, error, doing))
    return FALSE;
  int rc = SQLITE_OK;
  if (version < 2)
    {
      rc = kz_store_exec (self, migration_v2);
      if (rc == SQLITE_OK && !fill_final_kpn (self, error))
        {
          kz_store_rollback (self);
          return FALSE;
        }
    }
  /* The others are SQL alone, in the table's order. */
  for (gint64 v = MAX (version + 1, 3); rc == SQLITE_OK && v <= KZ_STORE_SCHEMA_VERSION; v++)
    rc = kz_store_exec (self, kz_store_migrations[v]);
  if (rc == SQLITE_OK)
    rc = kz_store_exec (self, "PRAGMA application_id = " G_STRINGIFY (KZ_APPLICATION_ID));
  if (rc != SQLITE_OK)
    {
      kz_store_fail (self, error, rc, doing);
      kz_store_rollback (self);
      return FALSE;
    }
  return kz_store_commit (self, error, doing);
}

/* Checks, without changing anything, that the open file is a Kazaki
 * database this program can use; sets *version (0 = empty, new).  `deep`
 * also checks the whole file for damage (PRAGMA quick_check). */
static gboolean
verify (KzStore *self, gboolean deep, gboolean any_version, gint64 *version, GError **error)
{
  const char *doing = _("reading the database");
  gint64 n_tables = 0, has_games = 0, has_moves = 0, v = 0;
  if (!kz_store_query_int (self, "SELECT count(*) FROM sqlite_master", &n_tables, error, doing)
      || !kz_store_query_int (self, "PRAGMA user_version", &v, error, doing))
    return FALSE;
  if (n_tables == 0 && v == 0)
    {
      *version = 0;
      return TRUE;
    }
  gint64 app_id = 0;
  if (!kz_store_query_int (self, "PRAGMA application_id", &app_id, error, doing))
    return FALSE;
  if (v > KZ_STORE_SCHEMA_VERSION && !(any_version && app_id == KZ_APPLICATION_ID))
    {
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_TOO_NEW,
                   _("The game database “%s” was written by a newer version of Kazaki "
                     "(schema %" PRId64 ", this version knows up to %d); it was left untouched"),
                   self->path, v, KZ_STORE_SCHEMA_VERSION);
      return FALSE;
    }
  if (!kz_store_query_int (self, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'games'",
                  &has_games, error, doing)
      || !kz_store_query_int (self, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'moves'",
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
      && !kz_store_run_check (self, "quick_check", doing, error))
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
    ok = kz_store_fail (self, error, rc, _("opening the database"));
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
    rc = kz_store_copy_in_one_step (self->db, mem, &timed_out);
  if (rc != SQLITE_OK)
    {
      sqlite3_close (mem);
      return kz_store_fail (self, error, rc, doing);
    }
  /* The file is ours (verified): closing may empty its WAL as usual. */
  sqlite3_db_config (self->db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 0, NULL);
  sqlite3_close (self->db);
  self->db = mem;
  sqlite3_extended_result_codes (self->db, 1);
  if (kz_store_exec (self, "PRAGMA foreign_keys = ON") != SQLITE_OK || !migrate (self, version, error))
    return FALSE;
  rc = kz_store_exec (self, "PRAGMA query_only = ON");
  if (rc != SQLITE_OK)
    return kz_store_fail (self, error, rc, doing);
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
  if (copy == NULL || !kz_store_backup_db (self->db, self->path, copy, &local))
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
    return kz_store_fail (self, error, rc, _("opening the database"));
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
      /* Open here already (the app's import runs on a second connection):
       * checked then.  Reading it again with stdio would close a descriptor
       * of the file, and that drops every POSIX lock this process holds on
       * it, the other connection's too (SQLite's "How To Corrupt An SQLite
       * Database File", 2.2): that connection then missed rows other
       * programs wrote. */
      if (!kz_store_open_here (path)
          && (!check_header (path, &wal, error)
              || !check_existing (self, wal, mode == STORE_COPY, &checked, &version, error)))
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
        kz_store_set_db_error (error, path, self->db, rc, _("opening the database"));
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
  sqlite3_stmt *s = kz_store_prepare (self, self->remote ? "PRAGMA journal_mode = DELETE"
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
      kz_store_set_db_error (error, path, self->db, rc, _("opening the database"));
      return NULL;
    }
  rc = kz_store_exec (self, "PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL;");
  if (rc != SQLITE_OK)
    {
      kz_store_set_db_error (error, path, self->db, rc, _("opening the database"));
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
  kz_store_count_open (self->path, 1);
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

