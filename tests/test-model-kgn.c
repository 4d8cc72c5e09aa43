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
#include "kz-store-private.h"
#include "long-game.h"
#include "remove-files.h"

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
  remove_database (path);
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
  g_autoptr (KzGame) bad = kz_kgn_parse_game ("[Event \"\xff\"]\n*\n", -1, &error);
  g_assert_null (bad);
  g_assert_error (error, KZ_KGN_ERROR, KZ_KGN_ERROR_SYNTAX);
  g_assert_true (g_str_has_prefix (error->message, "line 1, column 9: "));
  g_assert_true (g_utf8_validate (error->message, -1, NULL));
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
  remove_database (path);
  g_rmdir (dir);
}


static KzStore *
temp_store (char **dir_out)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("kazaki-kgn-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *path = g_build_filename (dir, "games.db", NULL);
  KzStore *store = kz_store_open (path, &error);
  g_assert_no_error (error);
  *dir_out = dir;
  return store;
}

static void
remove_temp_store (KzStore *store, char *dir)
{
  g_autofree char *path = g_strdup (kz_store_get_path (store));
  g_object_unref (store);
  remove_database (path);
  g_rmdir (dir);
  g_free (dir);
}

/* Issue 15, defect 1: a bad tag line's tail, and the tags after it, are
 * part of the bad game, never a game of their own. */
static void
test_bad_tag_tail (void)
{
  const char *text =
    "[Event \"a\"]\n"
    "[Cossacks \"x\n"
    "y\"]\n"
    "[Turks \"T\"]\n"
    "1. c4-c5 *\n";
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (GPtrArray) games = kz_kgn_parse (text, -1, &problems, NULL);
  g_assert_nonnull (games);
  g_assert_cmpuint (games->len, ==, 0);
  g_assert_cmpuint (problems->len, ==, 1);
  KzKgnProblem *p = problems->pdata[0];
  g_assert_cmpuint (p->line, ==, 2);
  g_assert_cmpuint (p->game_line, ==, 1);

  /* With good games around it, those are read; the bad one is not. */
  g_autofree char *more = g_strconcat ("[Event \"first\"]\n\n1. b4-a4 *\n\n", text,
                                       "\n[Event \"last\"]\n[Turks \"U\"]\n\n1. b4-b5 *\n", NULL);
  g_clear_pointer (&problems, g_ptr_array_unref);
  g_autoptr (GPtrArray) games2 = kz_kgn_parse (more, -1, &problems, NULL);
  g_assert_cmpuint (games2->len, ==, 2);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpstr (kz_game_get_tag (games2->pdata[0], "Event"), ==, "first");
  g_assert_cmpstr (kz_game_get_tag (games2->pdata[1], "Event"), ==, "last");
  g_assert_cmpstr (kz_game_get_player_name (games2->pdata[1], KZ_TURKS), ==, "U");
}

/* Defect 3: tags are found by name in constant time. */
static void
test_many_tags (void)
{
  const guint n = 60000;
  GString *text = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "[T%u \"v%u\"]\n", i, i);
  g_string_append (text, "\n1. b4-a4 *\n");
  g_test_timer_start ();
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) game = kz_kgn_parse_game (text->str, (gssize) text->len, &error);
  double secs = g_test_timer_elapsed ();
  g_test_message ("%u tags parsed in %.2f s", n, secs);
  g_assert_no_error (error);
  g_assert_cmpstr (kz_game_get_tag (game, "T59999"), ==, "v59999");
  g_auto (GStrv) names = kz_game_list_tags (game);
  g_assert_cmpuint (g_strv_length (names), ==, n);
  /* Quadratic lookups took about 30 s here, linear ones well under 1;
   * the time itself is measured by bench/bench-model, not asserted here
   * (a test must not fail because the machine is busy). */
  g_string_free (text, TRUE);
}

/* Defect 2: replaying a 100,000-ply game costs linear time (repetition
 * counts come from a hash chain, not a scan of every earlier ply). */
static void
test_long_game (void)
{
  g_autofree char *text = long_game_kgn (100000, 1);
  g_assert_nonnull (text);
  g_autofree char *dir = NULL;
  KzStore *store = temp_store (&dir);
  g_test_timer_start ();
  guint n = 0;
  g_autoptr (GError) error = NULL;
  g_assert_true (kz_kgn_import (store, text, -1, &n, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 1);
  double import_secs = g_test_timer_elapsed ();
  g_autoptr (GArray) ids = kz_store_list_ids (store, NULL);
  g_test_timer_start ();
  g_autoptr (KzGame) game = kz_store_load_game (store, g_array_index (ids, gint64, 0), &error);
  g_assert_no_error (error);
  double load_secs = g_test_timer_elapsed ();
  g_test_message ("100,000 plies: import %.2f s, load %.2f s", import_secs, load_secs);
  g_assert_cmpuint (kz_game_get_ply (game), ==, 100000);
  g_assert_false (kz_game_is_over (game));
  /* Quadratic replay took about 10 s for each; bench/bench-model
   * measures these times (section 5), the test only reports them. */
  /* Undo and redo keep the counts right: the last position once more. */
  guint reps = kz_game_count_repetitions (game);
  g_assert_true (kz_game_undo (game, NULL));
  g_assert_true (kz_game_redo (game, NULL));
  g_assert_cmpuint (kz_game_count_repetitions (game), ==, reps);
  g_clear_object (&game);
  remove_temp_store (store, g_steal_pointer (&dir));
}

/* Defect 4: names are validated on import, and export writes what import
 * reads back. */
static void
test_player_names (void)
{
  static const char *const bad[] = {
    "[Cossacks \"a\tb\"]\n\n1. b4-a4 *\n",
    "[Turks \"a\x01" "b\"]\n\n1. b4-a4 *\n",
    "[Turks \"\xc3\"]\n\n1. b4-a4 *\n",
  };
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (KzGame) game = kz_kgn_parse_game (bad[i], -1, &error);
      g_assert_null (game);
      g_assert_error (error, KZ_KGN_ERROR, KZ_KGN_ERROR_SYNTAX);
      g_assert_true (g_str_has_prefix (error->message, "line 1, column "));
      g_assert_true (g_utf8_validate (error->message, -1, NULL));
      g_test_message ("%s", error->message);
    }
  g_autoptr (GString) longname = g_string_new ("[Cossacks \"");
  for (int i = 0; i < KZ_PLAYER_NAME_MAX + 1; i++)
    g_string_append (longname, "Ж");
  g_string_append (longname, "\"]\n\n*\n");
  g_autoptr (GError) error = NULL;
  g_assert_null (kz_kgn_parse_game (longname->str, -1, &error));
  g_assert_nonnull (strstr (error->message, "101"));
  g_clear_error (&error);

  g_assert_false (kz_player_name_validate ("line\nbreak", NULL));
  g_assert_false (kz_player_name_validate ("tab\there", NULL));
  g_assert_false (kz_player_name_validate ("\xff", NULL));
  g_assert_true (kz_player_name_validate ("Іван Сірко", NULL));

  /* Whatever a game holds, its export imports back the same. */
  g_autoptr (KzGame) game = kz_game_new ();
  kz_game_set_player (game, KZ_COSSACKS, "Ivan\nSirko\t\xff", KZ_PLAYER_HUMAN, 0);
  kz_game_set_player (game, KZ_TURKS, "\"Ali\" \\", KZ_PLAYER_HUMAN, 0);
  kz_game_set_tag (game, "Annotator", "two\nlines");
  g_assert_true (kz_player_name_validate (kz_game_get_player_name (game, KZ_COSSACKS), NULL));
  g_autofree char *text = kz_kgn_export_game (game);
  g_autoptr (KzGame) back = kz_kgn_parse_game (text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (kz_game_get_player_name (back, KZ_COSSACKS), ==,
                   kz_game_get_player_name (game, KZ_COSSACKS));
  g_assert_cmpstr (kz_game_get_player_name (back, KZ_TURKS), ==, "\"Ali\" \\");
  g_assert_cmpstr (kz_game_get_tag (back, "Annotator"), ==, "two lines");
  g_autofree char *again = kz_kgn_export_game (back);
  g_assert_cmpstr (again, ==, text);
}

/* Defect 6: messages are bounded and keep the position. */
static void
test_long_token (void)
{
  const gsize big = 10 * 1024 * 1024;
  GString *text = g_string_new ("[Event \"x\"]\n\n1. ");
  for (gsize i = 0; i < big; i++)
    g_string_append_c (text, 'q');
  g_string_append (text, " *\n\n[Event \"");
  for (gsize i = 0; i < 100000; i++)
    g_string_append_c (text, 'v');
  g_string_append (text, "\"]\n[Result \"");
  for (gsize i = 0; i < 100000; i++)
    g_string_append_c (text, 'r');
  g_string_append (text, "\"]\n\n1. b4-a4 *\n");
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (GPtrArray) games = kz_kgn_parse (text->str, (gssize) text->len, &problems, NULL);
  g_assert_cmpuint (games->len, ==, 0);
  g_assert_cmpuint (problems->len, ==, 2);
  KzKgnProblem *p0 = problems->pdata[0], *p1 = problems->pdata[1];
  g_test_message ("%s", p0->error->message);
  g_test_message ("%s", p1->error->message);
  g_assert_true (g_str_has_prefix (p0->error->message, "line 3, column 4: "));
  g_assert_true (g_str_has_prefix (p1->error->message, "line 6, column 1: "));
  g_assert_cmpuint (strlen (p0->error->message), <, 1000);
  g_assert_cmpuint (strlen (p1->error->message), <, 1000);
  g_string_free (text, TRUE);
}

/* Defect 7: a NUL byte or bytes that are not UTF-8 make only their game
 * bad. */
static void
test_bad_bytes (void)
{
  static const char text[] =
    "[Event \"one\"]\n\n1. b4-a4 *\n\n"
    "[Event \"t\0o\"]\n\n1. b4-a4 *\n\n"
    "[Event \"three\"]\n\n1. b4-a4 \xfe\xff *\n\n"
    "[Event \"four\"]\n\n1. b4-\0a4 *\n\n"
    "[Event \"five\"]\n\n1. b4-a4 *\n";
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (GPtrArray) games = kz_kgn_parse (text, sizeof text - 1, &problems, NULL);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpstr (kz_game_get_tag (games->pdata[0], "Event"), ==, "one");
  g_assert_cmpstr (kz_game_get_tag (games->pdata[1], "Event"), ==, "five");
  g_assert_cmpuint (problems->len, ==, 3);
  guint lines[] = { 5, 11, 15 };
  guint cols[] = { 10, 10, 7 };
  for (guint i = 0; i < 3; i++)
    {
      KzKgnProblem *p = problems->pdata[i];
      g_test_message ("%s", p->error->message);
      g_assert_cmpuint (p->line, ==, lines[i]);
      g_assert_cmpuint (p->column, ==, cols[i]);
      g_assert_true (g_utf8_validate (p->error->message, -1, NULL));
    }
}

/* Defect 8: a failure of the final checkpoint (all games are committed)
 * does not turn a successful import into a failed one. */
static void
test_final_checkpoint (void)
{
  g_autofree char *dir = NULL;
  KzStore *store = temp_store (&dir);
  const char *text = "[Event \"a\"]\n\n1. b4-a4 *\n\n[Event \"b\"]\n\n1. b4-b5 *\n";
  g_autoptr (GInputStream) in = g_memory_input_stream_new_from_data (text, -1, NULL);
  g_auto (KzKgnImportSummary) summary = { 0 };
  g_autoptr (GError) error = NULL;
  kz_store_fail_final_checkpoint (SQLITE_FULL);
  gboolean ok = kz_kgn_import_stream (store, in, "two.kgn", NULL, NULL, NULL, &summary, &error);
  kz_store_fail_final_checkpoint (SQLITE_OK);
  g_assert_no_error (error);
  g_assert_true (ok);
  g_assert_cmpuint (summary.imported, ==, 2);
  g_assert_nonnull (summary.note);
  g_test_message ("note: %s", summary.note);
  guint count = 0;
  g_assert_true (kz_store_count_games (store, NULL, &count, NULL));
  g_assert_cmpuint (count, ==, 2);
  remove_temp_store (store, g_steal_pointer (&dir));
}

/* A stream read in small pieces gives what the text gives; duplicates are
 * skipped and counted; the batch is recorded and can be deleted. */
static void
test_import_batches (void)
{
  g_autoptr (GString) text = g_string_new (NULL);
  for (guint32 seed = 0; seed < 30; seed++)
    {
      g_autoptr (KzGame) game = random_game (seed, 40);
      g_autofree char *one = kz_kgn_export_game (game);
      if (seed > 0)
        g_string_append_c (text, '\n');
      g_string_append (text, one);
      if (seed == 10)
        g_string_append (text, "\n[Event \"bad\"]\n\n1. b4-a4 zz *\n");
    }
  /* The same game twice in one file: the second is a duplicate. */
  g_autoptr (KzGame) first = random_game (0, 40);
  g_autofree char *again = kz_kgn_export_game (first);
  g_string_append_printf (text, "\n%s", again);

  g_autofree char *dir = NULL;
  KzStore *store = temp_store (&dir);
  for (int round = 0; round < 2; round++)
    {
      g_autoptr (GInputStream) in =
        g_memory_input_stream_new_from_data (g_memdup2 (text->str, text->len), (gssize) text->len,
                                             g_free);
      g_auto (KzKgnImportSummary) summary = { 0 };
      g_autoptr (GError) error = NULL;
      g_assert_true (kz_kgn_import_stream (store, in, "games.kgn", NULL, NULL, NULL, &summary,
                                           &error));
      g_assert_no_error (error);
      g_assert_cmpuint (summary.imported, ==, round == 0 ? 30 : 0);
      g_assert_cmpuint (summary.duplicates, ==, round == 0 ? 1 : 31);
      g_assert_cmpuint (summary.failed, ==, 1);
      g_assert_cmpuint (summary.problems->len, ==, 1);
    }
  g_autoptr (GPtrArray) imports = kz_store_list_imports (store, NULL);
  g_assert_cmpuint (imports->len, ==, 2);
  KzImportInfo *newest = imports->pdata[0], *oldest = imports->pdata[1];
  g_assert_cmpstr (oldest->file, ==, "games.kgn");
  g_assert_cmpuint (oldest->games, ==, 30);
  g_assert_cmpuint (oldest->duplicates, ==, 1);
  g_assert_cmpuint (oldest->failed, ==, 1);
  g_assert_cmpuint (newest->games, ==, 0);
  g_assert_cmpuint (newest->duplicates, ==, 31);

  /* The games of one import, then deleting them. */
  KzGameFilter filter = { .import_id = oldest->id };
  guint count = 0;
  g_assert_true (kz_store_count_games (store, &filter, &count, NULL));
  g_assert_cmpuint (count, ==, 30);
  /* Imported games are never resumed. */
  gint64 resume = -1;
  g_assert_true (kz_store_find_unfinished (store, &resume, NULL));
  g_assert_cmpint (resume, ==, 0);
  guint n = 0;
  g_assert_true (kz_store_delete_import (store, oldest->id, &n, NULL));
  g_assert_cmpuint (n, ==, 30);
  g_assert_true (kz_store_count_games (store, NULL, &count, NULL));
  g_assert_cmpuint (count, ==, 0);
  g_autoptr (GError) error = NULL;
  g_assert_false (kz_store_delete_import (store, oldest->id, NULL, &error));
  g_assert_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_NOT_FOUND);
  remove_temp_store (store, g_steal_pointer (&dir));
}

/* Defect 12: imported games come after the games played here and are not
 * resumed, whatever their KGN date. */
static void
test_import_order (void)
{
  g_autofree char *dir = NULL;
  KzStore *store = temp_store (&dir);
  g_autoptr (KzGame) mine = kz_game_new ();
  kz_game_set_start_time (mine, g_get_real_time () / G_USEC_PER_SEC - 3600);
  gint64 id = kz_store_create_game (store, mine, NULL);
  g_assert_cmpint (id, >, 0);
  g_assert_true (kz_game_play_text (mine, "b4-a4", NULL));
  g_autoptr (GDateTime) now = g_date_time_new_now_utc ();
  g_autofree char *date = g_date_time_format (now, "%Y.%m.%d");
  g_autofree char *text = g_strdup_printf ("[Date \"%s\"]\n[Cossacks \"Later\"]\n\n1. b4-b5 *\n", date);
  g_assert_true (kz_kgn_import (store, text, -1, NULL, NULL, NULL));
  gint64 resume = 0;
  g_assert_true (kz_store_find_unfinished (store, &resume, NULL));
  g_assert_cmpint (resume, ==, id);
  g_autoptr (GPtrArray) list = kz_store_list_games (store, NULL, 0, 10, NULL);
  g_assert_cmpuint (list->len, ==, 2);
  /* Newest here first: the import came after my game started. */
  g_assert_cmpstr (((KzGameInfo *) list->pdata[0])->cossacks, ==, "Later");
  g_assert_cmpint (((KzGameInfo *) list->pdata[0])->import_id, >, 0);
  g_clear_object (&mine);
  remove_temp_store (store, g_steal_pointer (&dir));
}

/* Issue 25, 2: a UTF-8 byte order mark (Windows Notepad writes one) at
 * the start of the file, or of a file appended to it, is white space:
 * every game is read with its first tag, and columns do not count it. */
static void
test_byte_order_mark (void)
{
  const char *text =
    "\xef\xbb\xbf[Event \"t\"]\n[Cossacks \"Ivan\"]\n\n1. b4-a4 *\n"
    "\xef\xbb\xbf[Event \"u\"]\n\n1. b4-a4 *\n"
    "\xef\xbb\xbf[Event \"v\"]\n\n1. b4-a4 b4-a4 *\n";
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (GPtrArray) games = kz_kgn_parse (text, -1, &problems, NULL);
  g_assert_cmpuint (games->len, ==, 2);
  g_assert_cmpstr (kz_game_get_tag (games->pdata[0], "Event"), ==, "t");
  g_assert_cmpstr (kz_game_get_player_name (games->pdata[0], KZ_COSSACKS), ==, "Ivan");
  g_assert_cmpstr (kz_game_get_tag (games->pdata[1], "Event"), ==, "u");
  g_assert_cmpuint (problems->len, ==, 1);
  KzKgnProblem *p = problems->pdata[0];
  g_assert_cmpuint (p->line, ==, 10);
  g_assert_cmpuint (p->column, ==, 10);
  g_assert_cmpuint (p->game_line, ==, 8);

  /* From a stream, as the app and kazaki-cli import read a file. */
  g_autofree char *dir = NULL;
  KzStore *store = temp_store (&dir);
  g_autoptr (GInputStream) in = g_memory_input_stream_new_from_data (text, -1, NULL);
  g_auto (KzKgnImportSummary) summary = { 0 };
  g_autoptr (GError) error = NULL;
  g_assert_true (kz_kgn_import_stream (store, in, "bom.kgn", NULL, NULL, NULL, &summary, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (summary.imported, ==, 2);
  g_assert_cmpuint (summary.failed, ==, 1);
  g_autoptr (GPtrArray) list = kz_store_list_games (store, NULL, 0, 10, NULL);
  g_assert_cmpuint (list->len, ==, 2);
  for (guint i = 0; i < list->len; i++)
    {
      g_autoptr (KzGame) game = kz_store_load_game (store, ((KzGameInfo *) list->pdata[i])->id, NULL);
      g_assert_nonnull (kz_game_get_tag (game, "Event"));
      g_assert_cmpstr (kz_game_get_tag (game, "Event"), !=, "Casual game");
    }
  remove_temp_store (store, g_steal_pointer (&dir));
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
  g_test_add_func ("/model/kgn/bad-tag-tail", test_bad_tag_tail);
  g_test_add_func ("/model/kgn/many-tags", test_many_tags);
  g_test_add_func ("/model/kgn/long-game", test_long_game);
  g_test_add_func ("/model/kgn/player-names", test_player_names);
  g_test_add_func ("/model/kgn/long-token", test_long_token);
  g_test_add_func ("/model/kgn/bad-bytes", test_bad_bytes);
  g_test_add_func ("/model/kgn/final-checkpoint", test_final_checkpoint);
  g_test_add_func ("/model/kgn/import-batches", test_import_batches);
  g_test_add_func ("/model/kgn/import-order", test_import_order);
  g_test_add_func ("/model/kgn/byte-order-mark", test_byte_order_mark);
  return g_test_run ();
}
