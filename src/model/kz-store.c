/* kz-store.c — KzStore: the game database over libsqlite3, the class and
 * what its files share: errors, transactions, the cached statements.
 * The store is split by concern: kz-store-open.c (opening, checking and
 * migrating a file), kz-store-games.c (games and their moves, the
 * KzRecorder a game records through), kz-store-tree.c (the tree of moves),
 * kz-store-import.c (imports), kz-store-check.c (integrity and backup).
 * The schema: doc/STORAGE.md.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-store.h"
#include "kz-store-internal.h"
#include "kz-store-private.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <unistd.h>
#include <sqlite3.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

G_DEFINE_QUARK (kz-store-error-quark, kz_store_error)

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

/* Open stores per file in this process: a clean close empties the WAL
 * only when it closes the last of them (another connection here may be
 * reading it; the app's import runs on a second connection). */
static GMutex open_lock;
static GHashTable *open_paths;   /* path → count */

void
kz_store_count_open (const char *path, int delta)
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

gboolean
kz_store_open_here (const char *path)
{
  g_mutex_lock (&open_lock);
  gboolean open = open_paths != NULL && GPOINTER_TO_INT (g_hash_table_lookup (open_paths, path)) > 0;
  g_mutex_unlock (&open_lock);
  return open;
}

gboolean
kz_store_last_open (const char *path)
{
  g_mutex_lock (&open_lock);
  gboolean last = open_paths == NULL
                  || GPOINTER_TO_INT (g_hash_table_lookup (open_paths, path)) <= 1;
  g_mutex_unlock (&open_lock);
  return last;
}

static void kz_store_recorder_init (KzRecorderInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (KzStore, kz_store, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (KZ_TYPE_RECORDER, kz_store_recorder_init))

/* What an attached game records through: kz-store-games.c (moves, the
 * outcome, the clock) and kz-store-tree.c (the tree of moves). */
static void
kz_store_recorder_init (KzRecorderInterface *iface)
{
  iface->append_move = kz_store_append_move;
  iface->remove_last_move = kz_store_remove_last_move;
  iface->set_outcome = kz_store_set_outcome;
  iface->set_turn_clock = kz_store_set_turn_clock;
  iface->edit_tree = kz_store_edit_tree;
}

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
      if (!self->remote && kz_store_last_open (self->path))
        sqlite3_wal_checkpoint_v2 (self->db, NULL, SQLITE_CHECKPOINT_TRUNCATE, NULL, NULL);
    }
  if (self->opened)
    kz_store_count_open (self->path, -1);
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
char *
kz_store_clean_detail (const char *text)
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

void
kz_store_set_db_error (GError **error, const char *path, sqlite3 *db, int rc, const char *doing)
{
  g_autofree char *detail = kz_store_clean_detail (db ? sqlite3_errmsg (db) : sqlite3_errstr (rc));
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

gboolean
kz_store_fail (KzStore *self, GError **error, int rc, const char *doing)
{
  kz_store_set_db_error (error, self->path, self->db, rc, doing);
  return FALSE;
}

gboolean
kz_store_sql_failed (KzStore *self, GError **error, int rc, const char *doing)
{
  return kz_store_fail (self, error, rc, doing);
}

int
kz_store_exec (KzStore *self, const char *sql)
{
  return sqlite3_exec (self->db, sql, NULL, NULL, NULL);
}

gboolean
kz_store_begin (KzStore *self, GError **error, const char *doing)
{
  int rc = kz_store_exec (self, "BEGIN IMMEDIATE");
  if (rc != SQLITE_OK)
    return kz_store_fail (self, error, rc, doing);
  return TRUE;
}

gboolean
kz_store_commit (KzStore *self, GError **error, const char *doing)
{
  int rc = kz_store_exec (self, "COMMIT");
  if (rc != SQLITE_OK)
    {
      kz_store_fail (self, error, rc, doing);
      if (!sqlite3_get_autocommit (self->db))
        kz_store_exec (self, "ROLLBACK");
      return FALSE;
    }
  return TRUE;
}

void
kz_store_rollback (KzStore *self)
{
  if (!sqlite3_get_autocommit (self->db))
    kz_store_exec (self, "ROLLBACK");
}

sqlite3_stmt *
kz_store_stmt (KzStore *self, int which, GError **error)
{
  if (self->stmts[which] == NULL)
    {
      int rc = sqlite3_prepare_v3 (self->db, stmt_sql[which], -1, SQLITE_PREPARE_PERSISTENT,
                                   &self->stmts[which], NULL);
      if (rc != SQLITE_OK)
        {
          kz_store_fail (self, error, rc, _("preparing a query"));
          return NULL;
        }
    }
  sqlite3_stmt *s = self->stmts[which];
  sqlite3_reset (s);
  sqlite3_clear_bindings (s);
  return s;
}

sqlite3_stmt *
kz_store_prepare (KzStore *self, const char *sql, GError **error)
{
  sqlite3_stmt *s = NULL;
  int rc = sqlite3_prepare_v2 (self->db, sql, -1, &s, NULL);
  if (rc != SQLITE_OK)
    {
      kz_store_fail (self, error, rc, _("preparing a query"));
      return NULL;
    }
  return s;
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

KzStore *
kz_game_get_store (KzGame *game)
{
  KzRecorder *recorder = kz_game_get_recorder (game);
  return KZ_IS_STORE (recorder) ? KZ_STORE (recorder) : NULL;
}
