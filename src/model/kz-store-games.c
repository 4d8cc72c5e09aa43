/* kz-store-games.c — the games in the database: creating, reading (as the
 * plain rows of kz-stored-game.h), listing, deleting, and the changes an
 * attached game records (KzRecorder, kz-recorder.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-store.h"
#include "kz-store-internal.h"
#include "kz-store-private.h"
#include "kz-game-private.h"
#include "kz-stored-game.h"
#include "kz-search.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>
#include <unistd.h>
#include <sqlite3.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

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

/* The tags as "Name=escaped value" lines: name, value, name, value, … */
static GStrv
tags_from_text (const char *text)
{
  g_autoptr (GStrvBuilder) pairs = g_strv_builder_new ();
  if (text != NULL)
    {
      g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
      for (guint i = 0; lines[i]; i++)
        {
          char *eq = strchr (lines[i], '=');
          if (eq == NULL)
            continue;
          *eq = '\0';
          g_autofree char *name = g_strcompress (lines[i]);
          g_autofree char *value = g_strcompress (eq + 1);
          g_strv_builder_add (pairs, name);
          g_strv_builder_add (pairs, value);
        }
    }
  return g_strv_builder_end (pairs);
}

/* ---------------------------------------------------------------------- */
/* Games                                                                   */

void
kz_store_bind_text (sqlite3_stmt *s, int i, const char *text)
{
  sqlite3_bind_text (s, i, text ? text : "", -1, SQLITE_TRANSIENT);
}

/* Runs a cached statement (from kz_store_stmt ()) that returns no rows and resets it
 * for its next use. */
gboolean
kz_store_step_cached (KzStore *self, sqlite3_stmt *s, GError **error, const char *doing)
{
  int rc = sqlite3_step (s);
  sqlite3_reset (s);
  if (rc != SQLITE_DONE)
    return kz_store_fail (self, error, rc, doing);
  return TRUE;
}

/* Runs a cached statement that changes game `id`'s row; no row changed
 * means there is no such game (KZ_STORE_ERROR_NOT_FOUND). */
gboolean
kz_store_step_game_row (KzStore *self, sqlite3_stmt *s, gint64 id, GError **error, const char *doing)
{
  if (!kz_store_step_cached (self, s, error, doing))
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
  sqlite3_stmt *s = kz_store_stmt (self, STMT_INSERT_MOVE, error);
  if (s == NULL)
    return FALSE;
  sqlite3_bind_int64 (s, 1, id);
  sqlite3_bind_int (s, 2, (int) ply);
  kz_store_bind_text (s, 3, move);
  sqlite3_bind_int64 (s, 4, played_ms);
  if (clock_ms >= 0)
    sqlite3_bind_int64 (s, 5, clock_ms);
  else
    sqlite3_bind_null (s, 5);
  return kz_store_step_cached (self, s, error, doing);
}


/* Inserts the game's row and moves, inside a transaction the caller
 * began; 0 on error (the caller rolls back). */
gint64
kz_store_insert_game (KzStore *self, KzGame *game, gint64 added_at, gint64 import_id,
             const char *digest, GError **error, const char *doing)
{
  guint plies = kz_game_get_ply (game);
  g_autofree char *start_kpn = kz_game_dup_kpn_at (game, 0);
  g_autofree char *final_kpn = kz_game_dup_kpn_at (game, plies);
  g_autofree char *tags = tags_to_text (game);

  sqlite3_stmt *s = kz_store_stmt (self, STMT_INSERT_GAME, error);
  if (s == NULL)
    return 0;
  kz_store_bind_text (s, 1, kz_game_get_player_name (game, KZ_COSSACKS));
  kz_store_bind_text (s, 2, kz_game_get_player_name (game, KZ_TURKS));
  sqlite3_bind_int (s, 3, kz_game_get_player_kind (game, KZ_COSSACKS));
  sqlite3_bind_int (s, 4, kz_game_get_player_kind (game, KZ_TURKS));
  sqlite3_bind_int (s, 5, kz_game_get_player_level (game, KZ_COSSACKS));
  sqlite3_bind_int (s, 6, kz_game_get_player_level (game, KZ_TURKS));
  kz_store_bind_text (s, 7, start_kpn);
  sqlite3_bind_int64 (s, 8, kz_game_get_start_time (game));
  if (kz_game_is_over (game))
    sqlite3_bind_int64 (s, 9, kz_game_get_end_time (game));
  else
    sqlite3_bind_null (s, 9);
  sqlite3_bind_int (s, 10, kz_game_get_result (game));
  sqlite3_bind_int (s, 11, kz_game_get_termination (game));
  sqlite3_bind_int (s, 12, (int) plies);
  kz_store_bind_text (s, 13, final_kpn);
  kz_store_bind_text (s, 14, tags);
  sqlite3_bind_int64 (s, 15, added_at);
  if (import_id)
    sqlite3_bind_int64 (s, 16, import_id);
  if (digest)
    sqlite3_bind_text (s, 17, digest, -1, SQLITE_TRANSIENT);
  if (!kz_store_step_cached (self, s, error, doing))
    return 0;
  gint64 id = sqlite3_last_insert_rowid (self->db);

  for (guint i = 0; i < plies; i++)
    if (!insert_move (self, id, i + 1, kz_game_get_move_text (game, i),
                      kz_game_get_move_time (game, i), kz_game_get_move_clock (game, i),
                      error, doing))
      return 0;
  if (!kz_store_insert_tree (self, id, game, error, doing))
    return 0;
  return id;
}

gint64
kz_store_create_game (KzStore *self, KzGame *game, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), 0);
  g_return_val_if_fail (KZ_IS_GAME (game), 0);
  const char *doing = _("saving a new game");
  if (!kz_store_begin (self, error, doing))
    return 0;
  /* A game played here came here when it started. */
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  gint64 start = kz_game_get_start_time (game);
  gint64 id = kz_store_insert_game (self, game, start > 0 ? start : now, 0, NULL, error, doing);
  if (id == 0 || !kz_store_commit (self, error, doing))
    {
      kz_store_rollback (self);
      return 0;
    }
  kz_game_attach (game, KZ_RECORDER (self), id);
  return id;
}

KzGameInfo *
kz_store_read_info (sqlite3_stmt *s)
{
  KzGameInfo *info = g_new0 (KzGameInfo, 1);
  info->id = sqlite3_column_int64 (s, 0);
  info->cossacks = g_strdup ((const char *) sqlite3_column_text (s, 1));
  info->turks = g_strdup ((const char *) sqlite3_column_text (s, 2));
  info->kind[0] = (KzPlayerKind) CLAMP (sqlite3_column_int (s, 3), 0, KZ_PLAYER_RANDOM);
  info->kind[1] = (KzPlayerKind) CLAMP (sqlite3_column_int (s, 4), 0, KZ_PLAYER_RANDOM);
  /* As kz_game_set_player() keeps them: 1..9 for a computer, else 0. */
  for (int side = 0; side < 2; side++)
    info->level[side] = info->kind[side] == KZ_PLAYER_COMPUTER
                        ? CLAMP (sqlite3_column_int (s, 5 + side), KZ_SEARCH_MIN_LEVEL,
                                 KZ_SEARCH_MAX_LEVEL) : 0;
  info->start_kpn = g_strdup ((const char *) sqlite3_column_text (s, 7));
  info->start_time = sqlite3_column_int64 (s, 8);
  info->end_time = sqlite3_column_int64 (s, 9);
  info->result = (KzResult) CLAMP (sqlite3_column_int (s, 10), 0, KZ_RESULT_DRAW);
  info->termination = (KzTermination) CLAMP (sqlite3_column_int (s, 11), 0, KZ_TERMINATION_NO_PROGRESS);
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
  sqlite3_stmt *s = kz_store_stmt (self, STMT_GAME_INFO, error);
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
      kz_store_fail (self, error, rc, _("reading a game"));
      sqlite3_reset (s);
      return NULL;
    }
  KzGameInfo *info = kz_store_read_info (s);
  sqlite3_reset (s);
  return info;
}

static char *
dup_column (sqlite3_stmt *s, int column)
{
  return g_strdup ((const char *) sqlite3_column_text (s, column));
}

/* Reads the rows of game `id` (one read transaction, so they agree). */
static KzStoredGame *
read_stored (KzStore *self, gint64 id, GError **error)
{
  const char *doing = _("reading a game");
  int rc = kz_store_exec (self, "BEGIN");
  if (rc != SQLITE_OK)
    {
      kz_store_fail (self, error, rc, doing);
      return NULL;
    }
  g_autoptr (KzStoredGame) stored = kz_stored_game_new ();
  stored->info = kz_store_get_game_info (self, id, error);
  if (stored->info == NULL)
    goto fail;
  sqlite3_stmt *s = kz_store_stmt (self, STMT_GAME_INFO, error);
  if (s == NULL)
    goto fail;
  sqlite3_bind_int64 (s, 1, id);
  if (sqlite3_step (s) == SQLITE_ROW)
    {
      stored->tags = tags_from_text ((const char *) sqlite3_column_text (s, 14));
      stored->turn_clock = sqlite3_column_type (s, 17) == SQLITE_NULL
                           ? -1 : sqlite3_column_int64 (s, 17);
    }
  sqlite3_reset (s);

  s = kz_store_stmt (self, STMT_GAME_MOVES, error);
  if (s == NULL)
    goto fail;
  sqlite3_bind_int64 (s, 1, id);
  while ((rc = sqlite3_step (s)) == SQLITE_ROW)
    {
      KzStoredMove m = {
        .ply = sqlite3_column_int (s, 0),
        .text = dup_column (s, 1),
        .played_ms = sqlite3_column_int64 (s, 2),
        .clock_ms = sqlite3_column_type (s, 3) == SQLITE_NULL ? -1 : sqlite3_column_int64 (s, 3),
      };
      g_array_append_val (stored->moves, m);
    }
  sqlite3_reset (s);
  if (rc != SQLITE_DONE)
    goto failed;

  s = kz_store_stmt (self, STMT_GAME_NOTES, error);
  if (s == NULL)
    goto fail;
  sqlite3_bind_int64 (s, 1, id);
  while ((rc = sqlite3_step (s)) == SQLITE_ROW)
    {
      KzStoredNote n = {
        .ply = sqlite3_column_int (s, 0),
        .comment = dup_column (s, 1),
        .nags = dup_column (s, 2),
      };
      g_array_append_val (stored->notes, n);
    }
  sqlite3_reset (s);
  if (rc != SQLITE_DONE)
    goto failed;

  s = kz_store_stmt (self, STMT_GAME_VARIATIONS, error);
  if (s == NULL)
    goto fail;
  sqlite3_bind_int64 (s, 1, id);
  while ((rc = sqlite3_step (s)) == SQLITE_ROW)
    {
      KzStoredVariation v = {
        .key = sqlite3_column_int64 (s, 0),
        .from_main = sqlite3_column_type (s, 1) == SQLITE_NULL,
        .parent = sqlite3_column_int64 (s, 1),
        .ply = sqlite3_column_int (s, 2),
        .rank = sqlite3_column_int64 (s, 3),
        .move = dup_column (s, 4),
        .comment = dup_column (s, 5),
        .before = dup_column (s, 6),
        .nags = dup_column (s, 7),
      };
      g_array_append_val (stored->variations, v);
    }
  sqlite3_reset (s);
  if (rc != SQLITE_DONE)
    goto failed;
  kz_store_rollback (self);  /* ends the read transaction */
  return g_steal_pointer (&stored);

failed:
  kz_store_fail (self, error, rc, doing);
fail:
  kz_store_rollback (self);
  return NULL;
}

KzGame *
kz_store_load_game (KzStore *self, gint64 id, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), NULL);
  g_autoptr (KzStoredGame) stored = read_stored (self, id, error);
  if (stored == NULL)
    return NULL;
  guint bad = 0;
  GError *local = NULL;
  KzGame *game = kz_game_new_from_stored (stored, KZ_RECORDER (self), self->path, &bad, &local);
  if (game != NULL)
    return game;
  g_autofree char *why = kz_store_clean_detail (local->message);
  if (g_error_matches (local, KZ_STORED_GAME_ERROR, KZ_STORED_GAME_ERROR_BAD_START))
    g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_INVALID,
                 _("Game %" PRId64 " in “%s” has an invalid start position: %s"),
                 id, self->path, why);
  else if (g_error_matches (local, KZ_STORED_GAME_ERROR, KZ_STORED_GAME_ERROR_MISSING_MOVE))
    g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_INVALID,
                 _("Game %" PRId64 " in “%s” is damaged: move %u is missing"),
                 id, self->path, bad);
  else
    {
      const KzStoredMove *m = &g_array_index (stored->moves, KzStoredMove, bad - 1);
      g_autofree char *what = kz_store_clean_detail (m->text);
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_INVALID,
                   _("Game %" PRId64 " in “%s” is damaged: move %u (%s): %s"),
                   id, self->path, bad, what, why);
    }
  g_error_free (local);
  return NULL;
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
  sqlite3_stmt *s = kz_store_prepare (self, sql->str, error);
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
    g_ptr_array_add (out, kz_store_read_info (s));
  sqlite3_finalize (s);
  if (rc != SQLITE_DONE)
    {
      g_ptr_array_unref (out);
      kz_store_fail (self, error, rc, _("listing the games"));
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
    return kz_store_fail (self, error, rc, _("counting the games"));
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
  sqlite3_stmt *s = kz_store_prepare (self, sql->str, error);
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
    return kz_store_fail (self, error, rc, _("counting the games"));
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
  sqlite3_stmt *s = kz_store_prepare (self, "SELECT id FROM games ORDER BY added_at DESC, id DESC", error);
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
      kz_store_fail (self, error, rc, _("listing the games"));
      return NULL;
    }
  return ids;
}

gboolean
kz_store_delete_games (KzStore *self, const gint64 *ids, guint n_ids, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), FALSE);
  const char *doing = _("deleting games");
  if (!kz_store_begin (self, error, doing))
    return FALSE;
  sqlite3_stmt *s = kz_store_prepare (self, "DELETE FROM games WHERE id = ?1", error);
  if (s == NULL)
    {
      kz_store_rollback (self);
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
          kz_store_fail (self, error, rc, doing);
          kz_store_rollback (self);
          return FALSE;
        }
    }
  sqlite3_finalize (s);
  return kz_store_commit (self, error, doing);
}

gboolean
kz_store_find_unfinished (KzStore *self, gint64 *id, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), FALSE);
  /* The conditions repeat those of the partial index games_resumable (on
   * `result`, so the planner prefers it to games_by_result);
   * the last activity is the time of the last move (ms), or the start for
   * a game without moves (imported games have move times of 0). */
  sqlite3_stmt *s = kz_store_prepare (self,
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
    return kz_store_fail (self, error, rc, _("looking for an unfinished game"));
  return TRUE;
}

gboolean
kz_store_update_players (KzStore *self, KzGame *game, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (self), FALSE);
  sqlite3_stmt *s = kz_store_prepare (self,
    "UPDATE games SET cossacks = ?2, turks = ?3, cossacks_kind = ?4, turks_kind = ?5, "
    "cossacks_level = ?6, turks_level = ?7 WHERE id = ?1", error);
  if (s == NULL)
    return FALSE;
  sqlite3_bind_int64 (s, 1, kz_game_get_id (game));
  kz_store_bind_text (s, 2, kz_game_get_player_name (game, KZ_COSSACKS));
  kz_store_bind_text (s, 3, kz_game_get_player_name (game, KZ_TURKS));
  sqlite3_bind_int (s, 4, kz_game_get_player_kind (game, KZ_COSSACKS));
  sqlite3_bind_int (s, 5, kz_game_get_player_kind (game, KZ_TURKS));
  sqlite3_bind_int (s, 6, kz_game_get_player_level (game, KZ_COSSACKS));
  sqlite3_bind_int (s, 7, kz_game_get_player_level (game, KZ_TURKS));
  int rc = sqlite3_step (s);
  sqlite3_finalize (s);
  if (rc != SQLITE_DONE)
    return kz_store_fail (self, error, rc, _("saving the players"));
  return TRUE;
}

/* ---------------------------------------------------------------------- */
/* Per-move changes                                                        */

gboolean
kz_store_game_changed_elsewhere (KzStore *self, gint64 id, GError **error)
{
  g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_INVALID,
               _("Game %" PRId64 " in “%s” was deleted or changed by another program"),
               id, self->path);
  kz_store_rollback (self);
  return FALSE;
}

gboolean
kz_store_append_move (KzRecorder *recorder, gint64 id, guint ply, const char *move,
                      gint64 played_ms, gint64 clock_ms, const char *final_kpn, KzResult result,
                      KzTermination termination, gint64 end_time, GError **error)
{
  KzStore *self = KZ_STORE (recorder);
  const char *doing = _("saving the move");
  if (!kz_store_begin (self, error, doing))
    return FALSE;
  sqlite3_stmt *s = kz_store_stmt (self, STMT_ADVANCE_GAME, error);
  if (s == NULL)
    goto fail;
  sqlite3_bind_int64 (s, 1, id);
  sqlite3_bind_int (s, 2, (int) ply);
  kz_store_bind_text (s, 3, final_kpn);
  sqlite3_bind_int (s, 4, result);
  sqlite3_bind_int (s, 5, termination);
  if (end_time)
    sqlite3_bind_int64 (s, 6, end_time);
  else
    sqlite3_bind_null (s, 6);
  if (!kz_store_step_cached (self, s, error, doing))
    goto fail;
  if (sqlite3_changes (self->db) != 1)
    return kz_store_game_changed_elsewhere (self, id, error);

  if (!insert_move (self, id, ply, move, played_ms, clock_ms, error, doing))
    goto fail;
  return kz_store_commit (self, error, doing);

fail:
  kz_store_rollback (self);
  return FALSE;
}

gboolean
kz_store_remove_last_move (KzRecorder *recorder, gint64 id, guint ply, const char *final_kpn,
                           GError **error)
{
  KzStore *self = KZ_STORE (recorder);
  const char *doing = _("taking back the move");
  if (!kz_store_begin (self, error, doing))
    return FALSE;
  sqlite3_stmt *s = kz_store_stmt (self, STMT_RETREAT_GAME, error);
  if (s == NULL)
    goto fail;
  sqlite3_bind_int64 (s, 1, id);
  sqlite3_bind_int (s, 2, (int) ply);
  kz_store_bind_text (s, 3, final_kpn);
  if (!kz_store_step_cached (self, s, error, doing))
    goto fail;
  if (sqlite3_changes (self->db) != 1)
    return kz_store_game_changed_elsewhere (self, id, error);
  s = kz_store_stmt (self, STMT_DELETE_MOVE, error);
  if (s == NULL)
    goto fail;
  sqlite3_bind_int64 (s, 1, id);
  sqlite3_bind_int (s, 2, (int) ply);
  if (!kz_store_step_cached (self, s, error, doing))
    goto fail;
  if (sqlite3_changes (self->db) != 1)
    return kz_store_game_changed_elsewhere (self, id, error);
  /* The move's annotations, the variations after it and those that were
   * alternatives to it go with it. */
  s = kz_store_stmt (self, STMT_DELETE_NOTE, error);
  if (s == NULL)
    goto fail;
  sqlite3_bind_int64 (s, 1, id);
  sqlite3_bind_int (s, 2, (int) ply);
  if (!kz_store_step_cached (self, s, error, doing))
    goto fail;
  s = kz_store_stmt (self, STMT_DELETE_BRANCHES, error);
  if (s == NULL)
    goto fail;
  sqlite3_bind_int64 (s, 1, id);
  sqlite3_bind_int (s, 2, (int) ply);
  if (!kz_store_step_cached (self, s, error, doing))
    goto fail;
  return kz_store_commit (self, error, doing);

fail:
  kz_store_rollback (self);
  return FALSE;
}

gboolean
kz_store_set_outcome (KzRecorder *recorder, gint64 id, KzResult result, KzTermination termination,
                      gint64 end_time, GError **error)
{
  KzStore *self = KZ_STORE (recorder);
  const char *doing = _("saving the end of the game");
  sqlite3_stmt *s = kz_store_stmt (self, STMT_SET_OUTCOME, error);
  if (s == NULL)
    return FALSE;
  sqlite3_bind_int64 (s, 1, id);
  sqlite3_bind_int (s, 2, result);
  sqlite3_bind_int (s, 3, termination);
  if (end_time)
    sqlite3_bind_int64 (s, 4, end_time);
  else
    sqlite3_bind_null (s, 4);
  return kz_store_step_game_row (self, s, id, error, doing);
}

gboolean
kz_store_set_turn_clock (KzRecorder *recorder, gint64 id, guint plies, gint64 ms, GError **error)
{
  KzStore *self = KZ_STORE (recorder);
  const char *doing = _("saving the clock");
  sqlite3_stmt *s = kz_store_stmt (self, STMT_SET_TURN_CLOCK, error);
  if (s == NULL)
    return FALSE;
  sqlite3_bind_int64 (s, 1, id);
  sqlite3_bind_int (s, 2, (int) plies);
  if (ms >= 0)
    sqlite3_bind_int64 (s, 3, ms);
  else
    sqlite3_bind_null (s, 3);
  return kz_store_step_game_row (self, s, id, error, doing);
}

