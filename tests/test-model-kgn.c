/* test-model-kgn.c — KGN export/import: format, round trips, malformed
 * input with exact line/column, importing around bad games.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib/gstdio.h>

#include "kz-game.h"
#include "kz-kgn.h"
#include "kz-store.h"

static KzGame *
random_game (guint32 seed, guint max_plies)
{
  KzGame *game = kz_game_new ();
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  kz_game_set_player (game, KZ_COSSACKS, seed % 3 ? "Ivan \"Sirko\" \\ Ostapenko" : "", KZ_PLAYER_HUMAN, 0);
  kz_game_set_player (game, KZ_TURKS, "Мехмед", KZ_PLAYER_COMPUTER, 2);
  kz_game_set_start_time (game, 1764460800 + seed * 86400);
  while (!kz_game_is_over (game) && kz_game_get_ply (game) < max_plies)
    {
      g_autoptr (GArray) list = kz_game_list_moves (game, KZ_NO_POINT);
      const KzMove *m = &g_array_index (list, KzMove, g_rand_int_range (rand, 0, (gint) list->len));
      g_assert_true (kz_game_play (game, m, NULL));
    }
  if (!kz_game_is_over (game))
    {
      if (seed % 4 == 1)
        g_assert_true (kz_game_resign (game, seed % 8 == 1 ? KZ_COSSACKS : KZ_TURKS, NULL));
      else if (seed % 4 == 2)
        g_assert_true (kz_game_agree_draw (game, NULL));
    }
  if (seed % 5 == 0)
    {
      kz_game_set_tag (game, "Event", "Sich championship");
      kz_game_set_tag (game, "Annotator", "Sirko");
      kz_game_set_tag (game, "Zeta", "last");
    }
  return game;
}

static void
test_format (void)
{
  g_autoptr (KzGame) game = kz_game_new ();
  kz_game_set_player (game, KZ_COSSACKS, "Ivan", KZ_PLAYER_HUMAN, 0);
  kz_game_set_player (game, KZ_TURKS, "Computer", KZ_PLAYER_COMPUTER, 1);
  kz_game_set_start_time (game, 1764504000);  /* 2025-11-30 12:00 UTC */
  kz_game_set_tag (game, "Zeta", "z");
  kz_game_set_tag (game, "Annotator", "a");
  static const char *const moves[] = { "b4-a4", "b6-a6", "a4-a5", "a6xa4", NULL };
  for (guint i = 0; moves[i]; i++)
    g_assert_true (kz_game_play_text (game, moves[i], NULL));
  g_assert_true (kz_game_resign (game, KZ_COSSACKS, NULL));
  g_autofree char *text = kz_kgn_export_game (game);
  g_assert_cmpstr (text, ==,
                   "[Event \"Casual game\"]\n"
                   "[Site \"?\"]\n"
                   "[Date \"2025.11.30\"]\n"
                   "[Round \"-\"]\n"
                   "[Cossacks \"Ivan\"]\n"
                   "[Turks \"Computer\"]\n"
                   "[Result \"0-1\"]\n"
                   "[Termination \"resignation\"]\n"
                   "[Annotator \"a\"]\n"
                   "[Zeta \"z\"]\n"
                   "\n"
                   "1. b4-a4 b6-a6 2. a4-a5 a6xa4 0-1\n");

  /* Turks first from a position: "1..." and a Position tag after Termination. */
  const char *kpn = "5/t2/5/5/2t2/2c2/5/c2/c4 t home home";
  g_autoptr (KzGame) pos = kz_game_new_from_kpn (kpn, NULL);
  kz_game_set_start_time (pos, 0);
  g_assert_true (kz_game_play_text (pos, "c5xc3", NULL));
  g_autofree char *t2 = kz_kgn_export_game (pos);
  g_assert_nonnull (strstr (t2, "[Date \"????.??.??\"]\n"));
  g_assert_nonnull (strstr (t2, "[Termination \"unterminated\"]\n[Position \"5/t2/5/5/2t2/2c2/5/c2/c4 t home home\"]\n\n"));
  g_assert_true (g_str_has_suffix (t2, "\n1... c5xc3 *\n"));
}

static void
test_wrap (void)
{
  g_autoptr (KzGame) game = random_game (4, 300);
  g_assert_cmpuint (kz_game_get_ply (game), >, 60);
  g_autofree char *text = kz_kgn_export_game (game);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint movetext_lines = 0;
  gboolean in_moves = FALSE;
  for (guint i = 0; lines[i]; i++)
    {
      g_assert_cmpuint (g_utf8_strlen (lines[i], -1), <, 80);
      if (in_moves && lines[i][0])
        {
          movetext_lines++;
          g_assert_false (g_str_has_prefix (lines[i], " "));
          g_assert_false (g_str_has_suffix (lines[i], " "));
        }
      if (lines[i][0] == '\0')
        in_moves = TRUE;
    }
  g_assert_cmpuint (movetext_lines, >, 3);
}

static void
test_round_trip (void)
{
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint32 seed = 1; seed <= 40; seed++)
    g_ptr_array_add (games, random_game (seed, seed % 2 ? 400 : 30));
  g_autofree char *first = kz_kgn_export_games (games);

  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) parsed = kz_kgn_parse (first, -1, &problems, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpuint (parsed->len, ==, games->len);
  for (guint i = 0; i < games->len; i++)
    {
      KzGame *a = games->pdata[i], *b = parsed->pdata[i];
      g_assert_cmpuint (kz_game_get_ply (a), ==, kz_game_get_ply (b));
      g_assert_cmpint (kz_game_get_result (a), ==, kz_game_get_result (b));
      g_assert_cmpint (kz_game_get_termination (a), ==, kz_game_get_termination (b));
      g_assert_cmpstr (kz_game_get_player_name (a, KZ_TURKS), ==, kz_game_get_player_name (b, KZ_TURKS));
    }
  g_autofree char *second = kz_kgn_export_games (parsed);
  g_assert_cmpstr (first, ==, second);

  /* Through the database: import, load, export. */
  g_autofree char *dir = g_dir_make_tmp ("kazaki-kgn-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "games.db", NULL);
  {
    g_autoptr (KzStore) store = kz_store_open (path, &error);
    g_assert_no_error (error);
    guint n = 0;
    g_autoptr (GPtrArray) probs = NULL;
    g_assert_true (kz_kgn_import (store, first, -1, &n, &probs, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (n, ==, games->len);
    g_autoptr (GArray) ids = kz_store_list_ids (store, NULL);
    g_assert_cmpuint (ids->len, ==, games->len);
  }
  {
    g_autoptr (KzStore) store = kz_store_open (path, &error);
    g_assert_no_error (error);
    g_autoptr (GPtrArray) loaded = g_ptr_array_new_with_free_func (g_object_unref);
    for (gint64 id = 1; id <= (gint64) games->len; id++)
      {
        KzGame *g = kz_store_load_game (store, id, &error);
        g_assert_no_error (error);
        g_ptr_array_add (loaded, g);
      }
    g_autofree char *third = kz_kgn_export_games (loaded);
    g_assert_cmpstr (first, ==, third);
  }
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  g_unlink (wal);
  g_unlink (shm);
  g_unlink (path);
  g_rmdir (dir);
}

static void
test_tolerant_input (void)
{
  /* Comments, glued move numbers, odd spacing, no tags, CRLF. */
  const char *text =
    "; a file comment\r\n"
    "[Event \"x\"]   [Site \"y\"]\r\n"
    "{ a comment\n over two lines }\n"
    "1.b4-a4 {why} b6-a6 ; rest of line\n"
    "2... a4-a5   *\n"
    "\n"
    "1. b4-b5 1-0\n";
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) games = kz_kgn_parse (text, -1, &problems, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (problems->len, ==, 0);
  g_assert_cmpuint (games->len, ==, 2);
  KzGame *a = games->pdata[0], *b = games->pdata[1];
  g_assert_cmpuint (kz_game_get_ply (a), ==, 3);
  g_assert_cmpstr (kz_game_get_tag (a, "Site"), ==, "y");
  /* A decisive result without Termination: resignation. */
  g_assert_cmpint (kz_game_get_result (b), ==, KZ_RESULT_COSSACKS_WIN);
  g_assert_cmpint (kz_game_get_termination (b), ==, KZ_TERMINATION_RESIGNATION);
}

typedef struct {
  const char *text;
  guint line, column;
  int code;
  const char *fragment;   /* part of the message */
} Bad;

static void
test_malformed (void)
{
  static const Bad cases[] = {
    { "[Event \"A\"]\n\n1. b4-a4 b6-a6 2. a4-b5 *\n", 3, 19, KZ_KGN_ERROR_ILLEGAL_MOVE,
      "a4 and b5 are not neighbours on a line" },
    { "1. b4-a4 {never closed\n\n", 1, 10, KZ_KGN_ERROR_SYNTAX, "comment" },
    { "[Event \"A\"]\n1. b4-a4\n", 3, 1, KZ_KGN_ERROR_SYNTAX, "no result" },
    { "[Event \"A]\n1. b4-a4 *\n", 1, 8, KZ_KGN_ERROR_SYNTAX, "not closed" },
    { "[Event A]\n*\n", 1, 8, KZ_KGN_ERROR_SYNTAX, "quoted" },
    { "[ \"A\"]\n*\n", 1, 3, KZ_KGN_ERROR_SYNTAX, "tag name" },
    { "[Event \"A\" \n*\n", 1, 12, KZ_KGN_ERROR_SYNTAX, "]" },
    { "1. b4-a4 zz *\n", 1, 10, KZ_KGN_ERROR_SYNTAX, "zz" },
    { "1. b4-a4 12x *\n", 1, 10, KZ_KGN_ERROR_SYNTAX, "12x" },
    { "1. c4-c5 b6-a6 *\n", 1, 10, KZ_KGN_ERROR_ILLEGAL_MOVE, "A capture is compulsory" },
    { "\n\n  1. c4-c5 c6xc4 *\n", 3, 12, KZ_KGN_ERROR_ILLEGAL_MOVE, "The chain must go on from c4" },
    { "[Position \"nonsense\"]\n*\n", 1, 1, KZ_KGN_ERROR_BAD_POSITION, "nonsense" },
    { "[Result \"1-0\"]\n1. b4-a4 0-1\n", 2, 10, KZ_KGN_ERROR_BAD_RESULT, "Result tag" },
    { "[Termination \"flag\"]\n1. b4-a4 1-0\n", 2, 10, KZ_KGN_ERROR_BAD_RESULT, "flag" },
    { "[Event \"A\"]\n[Event \"B\"]\n*\n", 2, 1, KZ_KGN_ERROR_SYNTAX, "twice" },
    { "1. b4-a4 b6-a6 \xd0\x96 *\n", 1, 16, KZ_KGN_ERROR_SYNTAX, "Ж" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const Bad *c = &cases[i];
      g_autoptr (GError) error = NULL;
      g_autoptr (KzGame) game = kz_kgn_parse_game (c->text, -1, &error);
      g_assert_null (game);
      g_assert_nonnull (error);
      g_test_message ("case %u: %s", i, error->message);
      g_assert_true (error->domain == KZ_KGN_ERROR);
      g_assert_cmpint (error->code, ==, c->code);
      g_autofree char *where = g_strdup_printf ("line %u, column %u: ", c->line, c->column);
      g_assert_true (g_str_has_prefix (error->message, where));
      g_assert_nonnull (strstr (error->message, c->fragment));
    }

  g_autoptr (GError) error = NULL;
  g_assert_null (kz_kgn_parse ("  ; only a comment\n", -1, NULL, &error));
  g_assert_error (error, KZ_KGN_ERROR, KZ_KGN_ERROR_EMPTY);
  g_clear_error (&error);
  g_assert_null (kz_kgn_parse ("[Event \"\xff\"]\n", -1, NULL, &error));
  g_assert_error (error, KZ_KGN_ERROR, KZ_KGN_ERROR_SYNTAX);
  g_assert_true (g_str_has_prefix (error->message, "line 1, column 9: "));
}

/* A bad game among good ones: the good games before AND after it are
 * imported, the bad one is reported with its line and column. */
static void
test_import_bad_game (void)
{
  const char *text =
    "[Event \"one\"]\n"                      /* 1 */
    "[Cossacks \"A\"]\n"                     /* 2 */
    "\n"                                     /* 3 */
    "1. b4-a4 b6-a6 *\n"                     /* 4 */
    "\n"                                     /* 5 */
    "[Event \"two\"]\n"                      /* 6 */
    "[Cossacks \"B\"]\n"                     /* 7 */
    "\n"                                     /* 8 */
    "1. b4-a4 b6-a6 2. a4-a5 a6-b6 *\n"      /* 9: a6-b6 while a6xa4 is compulsory */
    "\n"                                     /* 10 */
    "[Event \"three\"]\n"                    /* 11 */
    "[Cossacks \"C\"]\n"                     /* 12 */
    "\n"                                     /* 13 */
    "1. d4-e4 1/2-1/2\n"                     /* 14 */
    "[Event \"four\"]\n"                     /* 15 */
    "[Cossacks \"D\"\n"                      /* 16: bad tag */
    "\n"                                     /* 17 */
    "1. d4-e4 *\n"                           /* 18 */
    "\n"                                     /* 19 */
    "[Event \"five\"]\n"                     /* 20 */
    "[Cossacks \"E\"]\n"                     /* 21 */
    "\n"                                     /* 22 */
    "1. b4-b5 *\n";                          /* 23 */
  g_autofree char *dir = g_dir_make_tmp ("kazaki-kgn-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "games.db", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (KzStore) store = kz_store_open (path, &error);
  g_assert_no_error (error);
  guint n = 0;
  g_autoptr (GPtrArray) problems = NULL;
  g_assert_true (kz_kgn_import (store, text, -1, &n, &problems, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 3);
  g_assert_cmpuint (problems->len, ==, 2);
  KzKgnProblem *p0 = problems->pdata[0], *p1 = problems->pdata[1];
  g_assert_cmpuint (p0->line, ==, 9);
  g_assert_cmpuint (p0->column, ==, 25);
  g_assert_cmpuint (p0->game_line, ==, 6);
  g_assert_true (g_str_has_prefix (p0->error->message, "line 9, column 25: "));
  g_assert_nonnull (strstr (p0->error->message, "A capture is compulsory"));
  g_assert_cmpuint (p1->line, ==, 16);
  g_assert_cmpuint (p1->column, ==, 14);

  g_autoptr (GPtrArray) list = kz_store_list_games (store, NULL, 0, 10, NULL);
  g_assert_cmpuint (list->len, ==, 3);
  g_autoptr (GString) names = g_string_new (NULL);
  for (guint i = list->len; i > 0; i--)
    g_string_append (names, ((KzGameInfo *) list->pdata[i - 1])->cossacks);
  g_assert_cmpstr (names->str, ==, "ACE");
  g_autoptr (KzGame) c = kz_store_load_game (store, ((KzGameInfo *) list->pdata[1])->id, NULL);
  g_assert_cmpint (kz_game_get_result (c), ==, KZ_RESULT_DRAW);
  g_assert_cmpint (kz_game_get_termination (c), ==, KZ_TERMINATION_AGREEMENT);

  g_clear_object (&store);
  g_autofree char *wal = g_strconcat (path, "-wal", NULL);
  g_autofree char *shm = g_strconcat (path, "-shm", NULL);
  g_unlink (wal);
  g_unlink (shm);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/kgn/format", test_format);
  g_test_add_func ("/model/kgn/wrap", test_wrap);
  g_test_add_func ("/model/kgn/round-trip", test_round_trip);
  g_test_add_func ("/model/kgn/tolerant-input", test_tolerant_input);
  g_test_add_func ("/model/kgn/malformed", test_malformed);
  g_test_add_func ("/model/kgn/import-bad-game", test_import_bad_game);
  return g_test_run ();
}
