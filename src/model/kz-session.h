/* kz-session.h — what the windows of one app share: the game database,
 * the game being played and the game being reviewed.
 *
 * The application makes one session; the main window and the library
 * get it as a property and talk to it (never to each other):
 *
 *   store, store-error, store-path   the database, or NULL and why not
 *   game                             the window's game (stored or in memory)
 *   read-only                        `game` is a stored game opened for
 *                                    review only (nobody plays on in it
 *                                    until it is resumed)
 *   previous-game                    the game "Back to the Game" returns to
 *                                    while a stored game is reviewed
 *   "games-added", "games-removed"   stored games came or went
 *   "opened"                         a stored game (or a game in memory, the
 *                                    demonstration battle) was opened for review
 *
 * GLib only (no GTK): tested without a display.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib-object.h>

#include "kz-game.h"
#include "kz-store.h"

G_BEGIN_DECLS

#define KZ_TYPE_SESSION (kz_session_get_type ())
G_DECLARE_FINAL_TYPE (KzSession, kz_session, KZ, SESSION, GObject)

/* Opens the database at `path` (NULL: the default path); when it cannot
 * be opened the session has no store and store-error says why.  One that
 * can only be read is opened for reading (the library shows its games;
 * can-save is FALSE, store-error says why). */
KzSession    *kz_session_new                (const char *path);
/* A session over an open store (or none), for tests and tools. */
KzSession    *kz_session_new_for_store      (KzStore *store);

KzStore      *kz_session_get_store          (KzSession *self);
const GError *kz_session_get_store_error    (KzSession *self);
/* A store that can be written: new games and moves are saved. */
gboolean      kz_session_get_can_save       (KzSession *self);
const char   *kz_session_get_store_path     (KzSession *self);
/* After a write failed: go on in memory (the store is dropped, the error
 * kept as store-error).  The current game is detached. */
void          kz_session_drop_store         (KzSession    *self,
                                             const GError *why);
/* Moves a damaged or foreign database file aside (renamed to
 * "NAME.damaged-YYYYMMDD-HHMMSS", never changed or deleted) and opens a
 * fresh one at its path.  Only when there is no store.  FALSE with
 * `error` when the file cannot be moved or the new one opened; the
 * file's new path in `moved_to`. */
gboolean      kz_session_start_fresh_store  (KzSession *self,
                                             char     **moved_to,
                                             GError   **error);

KzGame       *kz_session_get_game           (KzSession *self);
/* Makes `game` the current game for play (read-only off, no previous). */
void          kz_session_set_game           (KzSession *self,
                                             KzGame    *game);
/* Records a new game in the store (when there is one that can be
 * written).  On a database error the session goes on in memory
 * (kz_session_drop_store) and returns FALSE with `error`. */
gboolean      kz_session_record_game        (KzSession *self,
                                             KzGame    *game,
                                             GError   **error);
gboolean      kz_session_get_read_only      (KzSession *self);
KzGame       *kz_session_get_previous_game  (KzSession *self);
/* Loads stored game `id` and makes it the current game for review only;
 * the game before becomes previous-game (unless one is already kept).
 * The current game or the previous one is not loaded again: it becomes
 * (or stays) the current game, for play.  Then emits "opened". */
gboolean      kz_session_open_for_review    (KzSession *self,
                                             gint64     id,
                                             GError   **error);
/* Makes `game`, a game in memory (the demonstration battle), the current
 * game for review only, like kz_session_open_for_review() (the game before
 * becomes previous-game); it is not stored.  Emits "opened". */
void          kz_session_open_game_for_review (KzSession *self,
                                               KzGame    *game);
/* Plays on in the game under review (read-only off, previous forgotten);
 * from a database that can only be read, in memory (detached). */
void          kz_session_resume             (KzSession *self);
/* Goes back to previous-game; FALSE when there is none. */
gboolean      kz_session_go_back            (KzSession *self);

/* TRUE when stored game `id` is the current or the previous game, or the
 * database can only be read: it must not be deleted.  `why` (optional): a sentence for the player. */
gboolean      kz_session_game_in_use        (KzSession   *self,
                                             gint64       id,
                                             const char **why);
/* Deletes stored games (refusing one in use) and emits "games-removed". */
gboolean      kz_session_delete_games       (KzSession    *self,
                                             const gint64 *ids,
                                             guint         n_ids,
                                             GError      **error);
/* Emits "games-added" (after an import or anything else that stores
 * games other than the current one). */
void          kz_session_games_added        (KzSession *self);

G_END_DECLS
