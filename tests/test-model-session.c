/* test-model-session.c — KzSession without a display: the store and its
 * error, the game played, a stored game opened for review and going back,
 * games in use refused for deletion, the signals, a damaged database put
 * aside for a fresh one.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include <glib.h>
#include <glib/gstdio.h>

#include "immutable.h"
#include "kz-session.h"
#include "remove-files.h"

typedef struct {
  char *dir;
  char *path;
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  f->dir = g_dir_make_tmp ("kz-session-XXXXXX", NULL);
  g_assert_nonnull (f->dir);
  f->path = g_build_filename (f->dir, "games.db", NULL);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  remove_dir (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

static void
count_notify (GObject *object, GParamSpec *pspec, gpointer data)
{
  (*(guint *) data)++;
}

static void
count_signal (KzSession *session, gpointer data)
{
  (*(guint *) data)++;
}

static void
removed_ids (KzSession *session, GArray *ids, gpointer data)
{
  GArray *out = data;
  g_array_append_vals (out, ids->data, ids->len);
}

static gint64
stored_game (KzSession *session, const char *moves)
{
  g_autoptr (KzGame) game = kz_game_new ();
  g_auto (GStrv) list = g_strsplit (moves, " ", -1);

  g_assert_true (kz_session_record_game (session, game, NULL));
  for (guint i = 0; list[i] && *list[i]; i++)
    g_assert_true (kz_game_play_text (game, list[i], NULL));
  g_assert_cmpint (kz_game_get_id (game), >, 0);
  return kz_game_get_id (game);
}

static void
test_open (Fixture *f, gconstpointer data)
{
  g_autoptr (KzSession) session = kz_session_new (f->path);

  g_assert_nonnull (kz_session_get_store (session));
  g_assert_null (kz_session_get_store_error (session));
  g_assert_cmpstr (kz_session_get_store_path (session), ==, f->path);
  g_assert_null (kz_session_get_game (session));
  g_assert_false (kz_session_get_read_only (session));
}

static void
test_play_review_back (Fixture *f, gconstpointer data)
{
  g_autoptr (KzSession) session = kz_session_new (f->path);
  g_autoptr (KzGame) live = kz_game_new ();
  g_autoptr (GError) error = NULL;
  guint game_notes = 0, read_only_notes = 0, previous_notes = 0, opened = 0;
  gint64 old_id, live_id;
  const char *why = NULL;

  old_id = stored_game (session, "d4-e4 d6-e6");
  g_signal_connect (session, "notify::game", G_CALLBACK (count_notify), &game_notes);
  g_signal_connect (session, "notify::read-only", G_CALLBACK (count_notify), &read_only_notes);
  g_signal_connect (session, "notify::previous-game", G_CALLBACK (count_notify), &previous_notes);
  g_signal_connect (session, "opened", G_CALLBACK (count_signal), &opened);

  g_assert_true (kz_session_record_game (session, live, &error));
  g_assert_no_error (error);
  live_id = kz_game_get_id (live);
  kz_session_set_game (session, live);
  g_assert_true (kz_session_get_game (session) == live);
  g_assert_cmpuint (game_notes, ==, 1);
  kz_session_set_game (session, live);
  g_assert_cmpuint (game_notes, ==, 1);   /* no change, no notification */

  /* Open the older game for review: read-only, the live one kept. */
  g_assert_true (kz_session_open_for_review (session, old_id, &error));
  g_assert_no_error (error);
  g_assert_cmpint (kz_game_get_id (kz_session_get_game (session)), ==, old_id);
  g_assert_cmpuint (kz_game_get_ply (kz_session_get_game (session)), ==, 2);
  g_assert_true (kz_session_get_read_only (session));
  g_assert_true (kz_session_get_previous_game (session) == live);
  g_assert_cmpuint (game_notes, ==, 2);
  g_assert_cmpuint (read_only_notes, ==, 1);
  g_assert_cmpuint (previous_notes, ==, 1);
  g_assert_cmpuint (opened, ==, 1);

  /* Both are in use: neither may be deleted. */
  g_assert_true (kz_session_game_in_use (session, old_id, &why));
  g_assert_nonnull (why);
  g_assert_true (kz_session_game_in_use (session, live_id, NULL));
  g_assert_false (kz_session_delete_games (session, &live_id, 1, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);

  /* A second stored game opened keeps the first previous game. */
  g_assert_true (kz_session_open_for_review (session, old_id, &error));
  g_assert_true (kz_session_get_previous_game (session) == live);

  /* A missing game: an error, nothing changes. */
  g_assert_false (kz_session_open_for_review (session, 999, &error));
  g_assert_cmpuint (opened, ==, 2);
  g_assert_nonnull (error);
  g_clear_error (&error);
  g_assert_true (kz_session_get_read_only (session));

  g_assert_true (kz_session_go_back (session));
  g_assert_true (kz_session_get_game (session) == live);
  g_assert_false (kz_session_get_read_only (session));
  g_assert_null (kz_session_get_previous_game (session));
  g_assert_false (kz_session_go_back (session));
  g_assert_false (kz_session_game_in_use (session, old_id, NULL));

  /* Resume: the reviewed game becomes the game played. */
  g_assert_true (kz_session_open_for_review (session, old_id, &error));
  kz_session_resume (session);
  g_assert_false (kz_session_get_read_only (session));
  g_assert_null (kz_session_get_previous_game (session));
  g_assert_cmpint (kz_game_get_id (kz_session_get_game (session)), ==, old_id);
  g_assert_false (kz_session_game_in_use (session, live_id, NULL));

  /* Opening the game being played is just that game. */
  kz_session_set_game (session, live);
  g_assert_true (kz_session_open_for_review (session, live_id, &error));
  g_assert_true (kz_session_get_game (session) == live);
  g_assert_false (kz_session_get_read_only (session));
}

static void
test_games_signals (Fixture *f, gconstpointer data)
{
  g_autoptr (KzSession) session = kz_session_new (f->path);
  g_autoptr (GArray) removed = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GError) error = NULL;
  guint added = 0, n = 99;
  gint64 ids[2];

  g_signal_connect (session, "games-added", G_CALLBACK (count_signal), &added);
  g_signal_connect (session, "games-removed", G_CALLBACK (removed_ids), removed);
  ids[0] = stored_game (session, "d4-e4");
  ids[1] = stored_game (session, "c4-c5");
  kz_session_games_added (session);
  g_assert_cmpuint (added, ==, 1);
  g_assert_true (kz_session_delete_games (session, ids, 2, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (removed->len, ==, 2);
  g_assert_cmpint (g_array_index (removed, gint64, 0), ==, ids[0]);
  g_assert_cmpint (g_array_index (removed, gint64, 1), ==, ids[1]);
  g_assert_true (kz_store_count_games (kz_session_get_store (session), NULL, &n, NULL));
  g_assert_cmpuint (n, ==, 0);
}

static void
test_drop_store (Fixture *f, gconstpointer data)
{
  g_autoptr (KzSession) session = kz_session_new (f->path);
  g_autoptr (KzGame) game = kz_game_new ();
  g_autoptr (GError) why = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NO_SPACE, "disk full");
  guint store_notes = 0;

  g_signal_connect (session, "notify::store", G_CALLBACK (count_notify), &store_notes);
  g_assert_true (kz_session_record_game (session, game, NULL));
  kz_session_set_game (session, game);
  kz_session_drop_store (session, why);
  g_assert_null (kz_session_get_store (session));
  g_assert_cmpuint (store_notes, ==, 1);
  g_assert_cmpstr (kz_session_get_store_error (session)->message, ==, "disk full");
  g_assert_null (kz_game_get_store (game));
  /* Play goes on in memory. */
  g_assert_true (kz_game_play_text (game, "d4-e4", NULL));
  g_assert_true (kz_session_record_game (session, game, NULL));
}

static void
test_damaged (Fixture *f, gconstpointer data)
{
  static const char garbage[] = "SQLite format 3\0 but not really a database, only words";
  g_autoptr (KzSession) session = NULL;
  g_autofree char *moved = NULL;
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  gsize length = 0;

  g_assert_true (g_file_set_contents (f->path, garbage, sizeof garbage, NULL));
  session = kz_session_new (f->path);
  g_assert_null (kz_session_get_store (session));
  g_assert_nonnull (kz_session_get_store_error (session));

  g_assert_true (kz_session_start_fresh_store (session, &moved, &error));
  g_assert_no_error (error);
  g_assert_nonnull (kz_session_get_store (session));
  g_assert_null (kz_session_get_store_error (session));
  /* The damaged file is kept, unchanged, under a dated name beside it. */
  g_assert_true (g_str_has_prefix (moved, f->path));
  g_assert_nonnull (strstr (moved, ".damaged-20"));
  g_assert_true (g_file_get_contents (moved, &contents, &length, NULL));
  g_assert_cmpmem (contents, length, garbage, sizeof garbage);
  /* And the fresh database works. */
  stored_game (session, "d4-e4");
}

/* A database that can only be read (issue 11, defect 7): opened for
 * reading, its games listed; games are played and recorded in memory;
 * nothing can be deleted. */
static void
test_read_only (Fixture *f, gconstpointer data)
{
  g_autoptr (KzSession) session = NULL;
  g_autoptr (KzGame) game = kz_game_new ();
  g_autoptr (GError) error = NULL;
  const char *why = NULL;
  gint64 id;
  guint count = 0;

  {
    g_autoptr (KzSession) writer = kz_session_new (f->path);
    id = stored_game (writer, "d4-e4");
  }
  if (!set_immutable (f->dir, TRUE) || !set_immutable (f->path, TRUE))
    {
      set_immutable (f->path, FALSE);
      set_immutable (f->dir, FALSE);
      g_test_skip ("cannot make a file immutable here (no CAP_LINUX_IMMUTABLE or no support)");
      return;
    }
  session = kz_session_new (f->path);
  g_assert_nonnull (kz_session_get_store (session));
  g_assert_false (kz_session_get_can_save (session));
  g_assert_error (kz_session_get_store_error (session), KZ_STORE_ERROR, KZ_STORE_ERROR_READ_ONLY);
  g_assert_true (kz_store_count_games (kz_session_get_store (session), NULL, &count, NULL));
  g_assert_cmpuint (count, ==, 1);
  /* A new game goes on in memory. */
  g_assert_true (kz_session_record_game (session, game, &error));
  g_assert_no_error (error);
  g_assert_null (kz_game_get_store (game));
  g_assert_nonnull (kz_session_get_store (session));
  /* A stored game opens for review; resumed, it is played in memory. */
  g_assert_true (kz_session_open_for_review (session, id, &error));
  g_assert_true (kz_session_game_in_use (session, id + 1000, &why));
  g_assert_nonnull (why);
  kz_session_resume (session);
  g_assert_null (kz_game_get_store (kz_session_get_game (session)));
  g_assert_true (kz_game_play_text (kz_session_get_game (session), "d6-e6", &error));
  g_assert_no_error (error);
  set_immutable (f->path, FALSE);
  set_immutable (f->dir, FALSE);
}

/* A game in memory opened for review (the demonstration battle): read-only,
 * nothing stored, the game played kept to go back to. */
static void
test_open_in_memory (Fixture *f, gconstpointer data)
{
  g_autoptr (KzSession) session = kz_session_new (f->path);
  g_autoptr (KzGame) live = kz_game_new ();
  g_autoptr (KzGame) shown = kz_game_new ();
  g_autoptr (KzGame) again = kz_game_new ();
  guint opened = 0, count = 99;

  g_assert_true (kz_session_record_game (session, live, NULL));
  kz_session_set_game (session, live);
  g_assert_true (kz_game_play_text (shown, "d4-e4", NULL));
  g_signal_connect (session, "opened", G_CALLBACK (count_signal), &opened);

  kz_session_open_game_for_review (session, shown);
  g_assert_true (kz_session_get_game (session) == shown);
  g_assert_true (kz_session_get_read_only (session));
  g_assert_true (kz_session_get_previous_game (session) == live);
  g_assert_cmpuint (opened, ==, 1);
  g_assert_null (kz_game_get_store (shown));
  g_assert_cmpint (kz_game_get_id (shown), ==, 0);
  g_assert_true (kz_store_count_games (kz_session_get_store (session), NULL, &count, NULL));
  g_assert_cmpuint (count, ==, 1);   /* only the game played */

  /* The same again: opened again, nothing else changes; another one keeps
   * the game played as the one to go back to. */
  kz_session_open_game_for_review (session, shown);
  g_assert_cmpuint (opened, ==, 2);
  g_assert_true (kz_session_get_previous_game (session) == live);
  kz_session_open_game_for_review (session, again);
  g_assert_true (kz_session_get_game (session) == again);
  g_assert_true (kz_session_get_previous_game (session) == live);

  g_assert_true (kz_session_go_back (session));
  g_assert_true (kz_session_get_game (session) == live);
  g_assert_false (kz_session_get_read_only (session));

  /* Without a database too. */
  {
    g_autoptr (KzSession) bare = kz_session_new_for_store (NULL);
    kz_session_open_game_for_review (bare, shown);
    g_assert_true (kz_session_get_game (bare) == shown);
    g_assert_true (kz_session_get_read_only (bare));
    g_assert_null (kz_session_get_previous_game (bare));
  }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
#define ADD(name, fn) g_test_add (name, Fixture, NULL, fixture_set_up, fn, fixture_tear_down)
  ADD ("/session/open", test_open);
  ADD ("/session/play-review-back", test_play_review_back);
  ADD ("/session/games-signals", test_games_signals);
  ADD ("/session/drop-store", test_drop_store);
  ADD ("/session/damaged", test_damaged);
  ADD ("/session/read-only", test_read_only);
  ADD ("/session/open-in-memory", test_open_in_memory);
#undef ADD
  return g_test_run ();
}
