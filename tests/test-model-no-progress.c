/* test-model-no-progress.c — the no-progress draw (RULES.md, "The end", our
 * addition): KzGame counts the plies without a capture or a flag taken and
 * ends a game with the rule as a draw at 100; the rule is the game's KGN tag
 * NoProgress, kept by KGN export and import and by the database, so a game
 * is judged after a reload as it was played.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "kz-game.h"
#include "kz-game-analysis.h"
#include "kz-kgn.h"
#include "kz-search.h"
#include "kz-store.h"
#include "quiet-walk.h"
#include "remove-files.h"
#include "run-cli.h"

/* ---- the game ------------------------------------------------------- */

/* A game of QUIET_WALK_KPN with the rule set as asked, walked `plies`. */
static KzGame *
walked_game (gboolean rule, guint plies)
{
  g_autoptr (GError) error = NULL;
  KzGame *game = kz_game_new_from_kpn (QUIET_WALK_KPN, &error);
  g_assert_no_error (error);
  kz_game_set_no_progress_rule (game, rule);
  g_assert_true (quiet_walk (game, plies));
  g_assert_cmpuint (kz_game_get_ply (game), ==, plies);
  return game;
}

/* RULES.md, the end (our addition): 100 plies in a row without a capture
 * or a flag taken draw the game; undo takes the draw back. */
static void
test_no_progress_draw (void)
{
  g_autoptr (KzGame) game = walked_game (TRUE, 99);
  g_assert_true (kz_game_get_no_progress_rule (game));
  g_assert_cmpuint (kz_game_get_plies_without_progress (game, G_MAXUINT), ==, 99);
  g_assert_cmpuint (kz_game_get_plies_without_progress (game, 40), ==, 40);
  g_assert_false (kz_game_is_over (game));
  g_assert_cmpuint (kz_game_count_repetitions (game), <, 3);

  g_assert_true (quiet_walk_last_step (game));
  g_assert_cmpuint (kz_game_get_plies_without_progress (game, G_MAXUINT), ==, 100);
  g_assert_true (kz_game_is_over (game));
  g_assert_cmpint (kz_game_get_result (game), ==, KZ_RESULT_DRAW);
  g_assert_cmpint (kz_game_get_termination (game), ==, KZ_TERMINATION_NO_PROGRESS);
  g_autoptr (GArray) none = kz_game_list_moves (game, KZ_NO_POINT);
  g_assert_cmpuint (none->len, ==, 0);
  g_autoptr (GError) error = NULL;
  g_assert_false (kz_game_play_text (game, "a3-a4", &error));
  g_assert_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_GAME_OVER);
  g_assert_nonnull (strstr (error->message, "50 moves without progress"));

  /* Undo resumes the game at 99 plies; another quiet step draws again,
   * a capture does not. */
  g_assert_true (kz_game_get_can_undo (game));
  g_assert_true (kz_game_undo (game, NULL));
  g_assert_false (kz_game_is_over (game));
  g_assert_cmpint (kz_game_get_termination (game), ==, KZ_TERMINATION_NONE);
  g_assert_cmpuint (kz_game_get_plies_without_progress (game, G_MAXUINT), ==, 99);
  g_assert_true (kz_game_redo (game, NULL));
  g_assert_cmpint (kz_game_get_termination (game), ==, KZ_TERMINATION_NO_PROGRESS);
}

/* A capture as the 100th ply, or a flag taken as the 99th, starts the
 * count again. */
static void
test_no_progress_reset (void)
{
  /* The Cossacks move at even plies: a3-a4 is the 99th ply, the Turks'
   * compulsory a5xa3 the 100th. */
  g_autoptr (KzGame) capture = walked_game (TRUE, 98);
  g_assert_true (kz_game_play_text (capture, "a3-a4", NULL));
  g_assert_cmpuint (kz_game_get_plies_without_progress (capture, G_MAXUINT), ==, 99);
  g_assert_true (kz_game_play_text (capture, "a5xa3", NULL));
  g_assert_false (kz_game_is_over (capture));
  g_assert_cmpuint (kz_game_get_plies_without_progress (capture, G_MAXUINT), ==, 0);
  g_assert_cmpuint (kz_game_get_plies_without_progress (capture, 99), ==, 99);

  g_autoptr (KzGame) flag = walked_game (TRUE, 98);
  g_assert_true (kz_game_play_text (flag, "d8xb8", NULL));
  g_assert_cmpuint (kz_game_get_plies_without_progress (flag, G_MAXUINT), ==, 0);
  g_assert_true (quiet_walk (flag, 99));
  g_assert_false (kz_game_is_over (flag));
  g_assert_true (quiet_walk_last_step (flag));
  g_assert_cmpint (kz_game_get_termination (flag), ==, KZ_TERMINATION_NO_PROGRESS);
  g_assert_cmpuint (kz_game_get_ply (flag), ==, 199);
}

/* Without the rule ("off", or no tag at all: every game recorded before
 * the rule) the game goes on. */
static void
test_no_progress_off (void)
{
  g_autoptr (KzGame) off = walked_game (FALSE, 150);
  g_assert_false (kz_game_get_no_progress_rule (off));
  g_assert_cmpstr (kz_game_get_tag (off, "NoProgress"), ==, "off");
  g_assert_false (kz_game_is_over (off));
  g_assert_cmpuint (kz_game_get_plies_without_progress (off, G_MAXUINT), ==, 150);

  g_autoptr (KzGame) old = kz_game_new_from_kpn (QUIET_WALK_KPN, NULL);
  g_assert_null (kz_game_get_tag (old, "NoProgress"));
  g_assert_false (kz_game_get_no_progress_rule (old));
  g_assert_true (quiet_walk (old, 120));
  g_assert_false (kz_game_is_over (old));

  /* The tag's values and the termination's KGN token. */
  gboolean on = FALSE;
  g_assert_true (kz_no_progress_from_kgn ("on", &on));
  g_assert_true (on);
  g_assert_true (kz_no_progress_from_kgn ("off", &on));
  g_assert_false (on);
  g_assert_false (kz_no_progress_from_kgn ("yes", &on));
  g_assert_false (kz_no_progress_from_kgn (NULL, &on));
  KzTermination t;
  g_assert_cmpstr (kz_termination_to_kgn (KZ_TERMINATION_NO_PROGRESS), ==, "no-progress");
  g_assert_true (kz_termination_from_kgn ("no-progress", &t));
  g_assert_cmpint (t, ==, KZ_TERMINATION_NO_PROGRESS);
  /* The number stored in the database's games.termination. */
  g_assert_cmpint (KZ_TERMINATION_NO_PROGRESS, ==, 8);
}

/* ---- KGN --------------------------------------------------------------- */

/* A game drawn by the rule, exported and read back: the same game, the
 * same end, the same text. */
static void
test_kgn_round_trip (void)
{
  g_autoptr (KzGame) game = walked_game (TRUE, 99);
  g_assert_true (quiet_walk_last_step (game));
  g_assert_cmpint (kz_game_get_termination (game), ==, KZ_TERMINATION_NO_PROGRESS);
  g_autofree char *text = kz_kgn_export_game (game);
  g_assert_nonnull (strstr (text, "[Result \"1/2-1/2\"]\n"));
  g_assert_nonnull (strstr (text, "[Termination \"no-progress\"]\n"));
  g_assert_nonnull (strstr (text, "[NoProgress \"on\"]\n"));

  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) back = kz_kgn_parse_game (text, -1, &error);
  g_assert_no_error (error);
  g_assert_true (kz_game_get_no_progress_rule (back));
  g_assert_cmpuint (kz_game_get_ply (back), ==, 100);
  g_assert_cmpint (kz_game_get_result (back), ==, KZ_RESULT_DRAW);
  g_assert_cmpint (kz_game_get_termination (back), ==, KZ_TERMINATION_NO_PROGRESS);
  g_autofree char *again = kz_kgn_export_game (back);
  g_assert_cmpstr (again, ==, text);

  /* Without the rule the same moves leave the game unfinished: the record
   * that says otherwise is refused. */
  g_autoptr (GString) off = g_string_new (text);
  g_string_replace (off, "[NoProgress \"on\"]", "[NoProgress \"off\"]", 1);
  g_assert_null (kz_kgn_parse_game (off->str, -1, &error));
  g_assert_error (error, KZ_KGN_ERROR, KZ_KGN_ERROR_BAD_RESULT);
  g_assert_nonnull (strstr (error->message, "no-progress"));
  g_clear_error (&error);
  /* ... and one that goes on after the draw, with the rule, too. */
  g_autoptr (KzGame) longer = walked_game (FALSE, 120);
  kz_game_set_tag (longer, "NoProgress", "on");
  g_autofree char *longer_text = kz_kgn_export_game (longer);
  g_assert_null (kz_kgn_parse_game (longer_text, -1, &error));
  g_assert_error (error, KZ_KGN_ERROR, KZ_KGN_ERROR_ILLEGAL_MOVE);
  g_assert_nonnull (strstr (error->message, "The game is over"));
  g_clear_error (&error);
}

/* A record without the tag (every file written before the rule) is read
 * without the rule: a long game stays as it was, and export leaves the
 * tag out again (the same text, so its digest, a duplicate's mark, holds). */
static void
test_kgn_old_record (void)
{
  g_autoptr (KzGame) game = walked_game (FALSE, 150);
  kz_game_set_tag (game, "NoProgress", NULL);
  g_autofree char *text = kz_kgn_export_game (game);
  g_assert_null (strstr (text, "NoProgress"));
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) back = kz_kgn_parse_game (text, -1, &error);
  g_assert_no_error (error);
  g_assert_false (kz_game_get_no_progress_rule (back));
  g_assert_false (kz_game_is_over (back));
  g_assert_cmpuint (kz_game_get_ply (back), ==, 150);
  g_autofree char *again = kz_kgn_export_game (back);
  g_assert_cmpstr (again, ==, text);
  g_autofree char *d1 = kz_kgn_game_digest (game);
  g_autofree char *d2 = kz_kgn_game_digest (back);
  g_assert_cmpstr (d1, ==, d2);
}

/* A bad value of the tag: the line and column of the tag, and what is wrong. */
static void
test_kgn_bad_value (void)
{
  const char *text = "[Event \"A\"]\n[NoProgress \"maybe\"]\n\n1. b4-a4 *\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) game = kz_kgn_parse_game (text, -1, &error);
  g_assert_null (game);
  g_assert_error (error, KZ_KGN_ERROR, KZ_KGN_ERROR_SYNTAX);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "line 2, column 1: "));
  g_assert_nonnull (strstr (error->message, "“maybe”"));
  g_assert_nonnull (strstr (error->message, "NoProgress"));
  g_clear_error (&error);

  /* A termination that is not one names the new one among them. */
  g_autoptr (KzGame) bad = kz_kgn_parse_game ("[Termination \"stalemate\"]\n*\n", -1, &error);
  g_assert_null (bad);
  g_assert_nonnull (strstr (error->message, "no-progress"));
}

/* ---- the analysis ------------------------------------------------------- */

/* The analysis judges a game by its rule: the position the rule drew is
 * final, a draw; one ply before it every move draws. */
static void
test_analysis (void)
{
  g_autoptr (KzGame) game = walked_game (TRUE, 99);
  g_assert_true (quiet_walk_last_step (game));
  KzAnalysisSettings settings = { .depth = 2, .threads = 1 };
  g_autoptr (KzGameAnalysis) a = kz_game_analysis_new (game, &settings);
  g_autoptr (GError) error = NULL;
  g_assert_true (kz_game_analysis_run (a, NULL, &error));
  g_assert_no_error (error);
  const KzPositionEval *last = kz_game_analysis_get_eval (a, 100);
  g_assert_true (last->final);
  g_assert_cmpint (last->score, ==, KZ_SCORE_DRAW);
  /* the Turks to move at ply 99: every move is a step, and draws */
  const KzPositionEval *before = kz_game_analysis_get_eval (a, 99);
  g_assert_false (before->final);
  g_assert_cmpint (before->score, ==, KZ_SEARCH_CONTEMPT);

  /* the same moves without the rule: nothing ends at ply 100 */
  g_autoptr (KzGame) off = walked_game (FALSE, 100);
  g_autoptr (KzGameAnalysis) b = kz_game_analysis_new (off, &settings);
  g_assert_false (kz_game_analysis_get_eval (b, 100)->final);
}

/* ---- the database -------------------------------------------------------- */

static KzStore *
open_store (const char *path)
{
  g_autoptr (GError) error = NULL;
  KzStore *store = kz_store_open (path, &error);
  g_assert_no_error (error);
  return store;
}

/* A stored game keeps its rule: reopened, one with the rule ends by it, one
 * without (and one recorded before the rule, with no tag) goes on. */
static void
test_stored (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kazaki-np-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "games.db", NULL);
  gint64 ids[3];
  {
    g_autoptr (KzStore) store = open_store (path);
    for (int i = 0; i < 3; i++)
      {
        g_autoptr (KzGame) game = kz_game_new_from_kpn (QUIET_WALK_KPN, NULL);
        if (i < 2)
          kz_game_set_no_progress_rule (game, i == 0);
        ids[i] = kz_store_create_game (store, game, NULL);
        g_assert_cmpint (ids[i], >, 0);
        g_assert_true (quiet_walk (game, 99));
      }
  }
  {
    g_autoptr (KzStore) store = open_store (path);
    for (int i = 0; i < 3; i++)
      {
        g_autoptr (GError) error = NULL;
        g_autoptr (KzGame) game = kz_store_load_game (store, ids[i], &error);
        g_assert_no_error (error);
        g_assert_cmpint (kz_game_get_no_progress_rule (game), ==, i == 0);
        g_assert_cmpuint (kz_game_get_plies_without_progress (game, G_MAXUINT), ==, 99);
        g_assert_false (kz_game_is_over (game));
        g_assert_true (quiet_walk_last_step (game));
        g_assert_cmpint (kz_game_is_over (game), ==, i == 0);
      }
  }
  {
    g_autoptr (KzStore) store = open_store (path);
    for (int i = 0; i < 3; i++)
      {
        g_autoptr (KzGame) game = kz_store_load_game (store, ids[i], NULL);
        g_autoptr (KzGameInfo) info = kz_store_get_game_info (store, ids[i], NULL);
        g_assert_cmpuint (kz_game_get_ply (game), ==, 100);
        g_assert_cmpint (kz_game_get_termination (game), ==,
                         i == 0 ? KZ_TERMINATION_NO_PROGRESS : KZ_TERMINATION_NONE);
        /* the row says so too, as the library lists it */
        g_assert_cmpint (info->termination, ==, kz_game_get_termination (game));
        g_assert_cmpint (info->result, ==, i == 0 ? KZ_RESULT_DRAW : KZ_RESULT_NONE);
      }
    /* Undo in the stored game resumes it, for good. */
    g_autoptr (KzGame) drawn = kz_store_load_game (store, ids[0], NULL);
    g_assert_true (kz_game_undo (drawn, NULL));
    g_assert_false (kz_game_is_over (drawn));
  }
  {
    g_autoptr (KzStore) store = open_store (path);
    g_autoptr (KzGame) game = kz_store_load_game (store, ids[0], NULL);
    g_assert_false (kz_game_is_over (game));
    g_assert_cmpuint (kz_game_get_ply (game), ==, 99);
  }
  remove_database (path);
  g_rmdir (dir);
}

/* A game with the rule that an older Kazaki (without the rule) played on
 * past the draw still opens, all its moves: it was played without it. */
static void
test_stored_played_on (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kazaki-np-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "games.db", NULL);
  gint64 id;
  {
    g_autoptr (KzStore) store = open_store (path);
    g_autoptr (KzGame) game = kz_game_new_from_kpn (QUIET_WALK_KPN, NULL);
    kz_game_set_no_progress_rule (game, FALSE);
    id = kz_store_create_game (store, game, NULL);
    g_assert_true (quiet_walk (game, 120));
  }
  {
    sqlite3 *db = NULL;
    g_assert_cmpint (sqlite3_open (path, &db), ==, SQLITE_OK);
    g_autofree char *sql = g_strdup_printf ("UPDATE games SET tags = 'NoProgress=on' "
                                            "WHERE id = %" G_GINT64_FORMAT, id);
    g_assert_cmpint (sqlite3_exec (db, sql, NULL, NULL, NULL), ==, SQLITE_OK);
    sqlite3_close (db);
  }
  g_autoptr (KzStore) store = open_store (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) game = kz_store_load_game (store, id, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kz_game_get_ply (game), ==, 120);
  g_assert_false (kz_game_is_over (game));
  g_assert_false (kz_game_get_no_progress_rule (game));
  g_clear_object (&store);
  remove_database (path);
  g_rmdir (dir);
}

/* ---- kazaki-cli --------------------------------------------------------- */

/* The games of new and selfplay have the rule unless --no-progress off,
 * and selfplay's random games end by it. */
static void
test_cli (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kazaki-np-XXXXXX", NULL);
  g_autofree char *db = g_build_filename (dir, "games.db", NULL);
  g_autofree char *db_off = g_build_filename (dir, "off.db", NULL);
  const char *tags[] = { "[NoProgress \"on\"]", "[NoProgress \"off\"]" };
  for (int k = 0; k < 2; k++)
    {
      g_autofree char *out = NULL, *kgn = NULL;
      g_assert_cmpint (run_cli (db, &out, NULL, "new", k ? "--no-progress" : NULL, "off", NULL),
                       ==, 0);
      g_assert_cmpint (run_cli (db, &kgn, NULL, "show", g_strchomp (out), NULL), ==, 0);
      g_assert_nonnull (strstr (kgn, tags[k]));
    }
  g_autofree char *err = NULL;
  g_assert_cmpint (run_cli (db, NULL, &err, "new", "--no-progress", "maybe", NULL), ==, 2);
  g_assert_nonnull (strstr (err, "--no-progress"));

  g_assert_cmpint (run_cli (db, NULL, NULL, "selfplay", "--games", "20", "--seed", "5", NULL),
                   ==, 0);
  g_assert_cmpint (run_cli (db_off, NULL, NULL, "selfplay", "--games", "20", "--seed", "5",
                            "--no-progress", "off", NULL), ==, 0);
  g_autoptr (KzStore) store = open_store (db);
  g_autoptr (GPtrArray) list = kz_store_list_games (store, NULL, 0, 100, NULL);
  guint drawn = 0;
  for (guint i = 0; i < list->len; i++)
    {
      const KzGameInfo *info = list->pdata[i];
      if (info->termination != KZ_TERMINATION_NO_PROGRESS)
        continue;
      drawn++;
      g_autoptr (KzGame) game = kz_store_load_game (store, info->id, NULL);
      g_assert_cmpint (kz_game_get_result (game), ==, KZ_RESULT_DRAW);
      g_assert_cmpuint (kz_game_get_plies_without_progress (game, G_MAXUINT), ==, 100);
    }
  g_test_message ("%u of 20 random games drawn by the rule", drawn);
  g_assert_cmpuint (drawn, >, 0);
  g_autoptr (KzStore) store_off = open_store (db_off);
  g_autoptr (GPtrArray) list_off = kz_store_list_games (store_off, NULL, 0, 100, NULL);
  g_assert_cmpuint (list_off->len, ==, 20);
  for (guint i = 0; i < list_off->len; i++)
    g_assert_cmpint (((KzGameInfo *) list_off->pdata[i])->termination, !=,
                     KZ_TERMINATION_NO_PROGRESS);
  g_clear_object (&store);
  g_clear_object (&store_off);
  remove_database (db);
  remove_database (db_off);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/no-progress/draw", test_no_progress_draw);
  g_test_add_func ("/model/no-progress/reset", test_no_progress_reset);
  g_test_add_func ("/model/no-progress/off", test_no_progress_off);
  g_test_add_func ("/model/no-progress/kgn-round-trip", test_kgn_round_trip);
  g_test_add_func ("/model/no-progress/kgn-old-record", test_kgn_old_record);
  g_test_add_func ("/model/no-progress/kgn-bad-value", test_kgn_bad_value);
  g_test_add_func ("/model/no-progress/analysis", test_analysis);
  g_test_add_func ("/model/no-progress/stored", test_stored);
  g_test_add_func ("/model/no-progress/stored-played-on", test_stored_played_on);
  g_test_add_func ("/model/no-progress/cli", test_cli);
  return g_test_run ();
}
