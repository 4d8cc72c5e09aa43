/* test-model-kgn-tree.c — KGN with annotations and variations (PGN's
 * import and export formats): comments {…} and ;…, NAGs, suffix marks,
 * nested variations, loose move numbers, % escape lines; the export
 * format (move numbers after comments and variations, lines under 80
 * columns); byte-identical re-export; errors with line and column.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib/gstdio.h>

#include "kz-game.h"
#include "kz-kgn.h"
#include "kz-store.h"
#include "kz-store-private.h"
#include "remove-files.h"
#include "run-cli.h"
#include "scaling.h"

static const char annotated[] =
  "% an escape line, ignored\n"
  "[Event \"Annotated\"]\n"
  "[Site \"?\"]\n"
  "[Date \"2026.11.30\"]\n"
  "[Round \"-\"]\n"
  "[Cossacks \"Ivan\"]\n"
  "[Turks \"Ali\"]\n"
  "[Result \"*\"]\n"
  "\n"
  "{The opening   of the\nbattle.} 1 . b4-a4! {A quiet start} ; and a line comment\n"
  "(1. e3-e4?! {Sharper} 1... b6-a6 (1...c6-c5 $14 2. c4xc6xa6!!) 2.e4-e5)\n"
  "( {Or} 1. d4-d5 d6xd4 )\n"
  "1... b6-a6 $1 $14 2 a4-a5 ?? 2... a6xa4 3 a3xa5 !?\n"
  "% another escape line\n"
  "{[%clk 0:04:59] [%eval 0.31]} *\n";

static const char expected[] =
  "[Event \"Annotated\"]\n"
  "[Site \"?\"]\n"
  "[Date \"2026.11.30\"]\n"
  "[Round \"-\"]\n"
  "[Cossacks \"Ivan\"]\n"
  "[Turks \"Ali\"]\n"
  "[Result \"*\"]\n"
  "[Termination \"unterminated\"]\n"
  "\n"
  "{The opening of the battle.} 1. b4-a4 $1 {A quiet start and a line comment} (1.\n"
  "e3-e4 $6 {Sharper} 1... b6-a6 (1... c6-c5 $14 2. c4xc6xa6 $3) 2. e4-e5) ({Or}\n"
  "1. d4-d5 d6xd4) 1... b6-a6 $1 $14 2. a4-a5 $4 a6xa4 3. a3xa5 $5 {[%clk 0:04:59]\n"
  "[%eval 0.31]} *\n";

static void
test_import (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) game = kz_kgn_parse_game (annotated, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (kz_game_get_ply (game), ==, 5);
  KzMoveNode *root = kz_game_get_root (game);
  g_assert_cmpstr (kz_move_node_get_comment (root), ==, "The opening of the battle.");
  KzMoveNode *m1 = kz_game_get_main_node (game, 1);
  g_assert_cmpstr (kz_move_node_get_comment (m1), ==, "A quiet start and a line comment");
  g_assert_cmpuint (kz_move_node_get_mark (m1), ==, KZ_NAG_GOOD);
  g_assert_cmpuint (kz_move_node_get_n_children (root), ==, 3);
  KzMoveNode *v1 = kz_move_node_get_child (root, 1);
  g_assert_cmpstr (kz_move_node_get_move_text (v1), ==, "e3-e4");
  g_assert_cmpuint (kz_move_node_get_mark (v1), ==, KZ_NAG_DUBIOUS);
  g_assert_cmpstr (kz_move_node_get_comment (v1), ==, "Sharper");
  KzMoveNode *v1b = kz_move_node_get_child (v1, 0);
  KzMoveNode *v2 = kz_move_node_get_child (v1, 1);    /* nested: alternative to b6-a6 */
  g_assert_cmpstr (kz_move_node_get_move_text (v1b), ==, "b6-a6");
  g_assert_cmpstr (kz_move_node_get_move_text (v2), ==, "c6-c5");
  g_assert_true (kz_move_node_has_nag (v2, 14));
  KzMoveNode *v2b = kz_move_node_get_child (v2, 0);
  g_assert_cmpuint (kz_move_node_get_depth (v2b), ==, 2);
  g_assert_cmpuint (kz_move_node_get_mark (v2b), ==, KZ_NAG_BRILLIANT);
  g_assert_cmpstr (kz_move_node_get_move_text (kz_move_node_get_child (v1b, 0)), ==, "e4-e5");
  KzMoveNode *v3 = kz_move_node_get_child (root, 2);
  g_assert_cmpstr (kz_move_node_get_comment_before (v3), ==, "Or");
  KzMoveNode *m2 = kz_game_get_main_node (game, 2);
  guint n;
  const guint8 *nags = kz_move_node_get_nags (m2, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (nags[0], ==, 1);
  g_assert_cmpuint (nags[1], ==, 14);
  g_assert_cmpuint (kz_move_node_get_mark (kz_game_get_main_node (game, 3)), ==, KZ_NAG_BLUNDER);
  KzMoveNode *m5 = kz_game_get_main_node (game, 5);
  g_assert_cmpuint (kz_move_node_get_mark (m5), ==, KZ_NAG_INTERESTING);
  /* the clock goes to the move (kz-clock.h), the rest stays the comment */
  g_assert_cmpstr (kz_move_node_get_comment (m5), ==, "[%eval 0.31]");
  g_assert_cmpint (kz_game_get_move_clock (game, 4), ==, 299000);
}

static void
test_export (void)
{
  g_autoptr (KzGame) game = kz_kgn_parse_game (annotated, -1, NULL);
  g_autofree char *text = kz_kgn_export_game (game);
  g_assert_cmpstr (text, ==, expected);
  /* Export of an import of the export: the same bytes. */
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) again = kz_kgn_parse_game (text, -1, &error);
  g_assert_no_error (error);
  g_autofree char *text2 = kz_kgn_export_game (again);
  g_assert_cmpstr (text2, ==, text);
}

/* Random trees with every kind of annotation: lines under 80 columns,
 * re-export identical, the tree read back the same. */
static void
dump_node (GString *out, KzMoveNode *node)
{
  guint n;
  const guint8 *nags = kz_move_node_get_nags (node, &n);
  g_string_append_printf (out, "(%s", kz_move_node_is_root (node) ? "" : kz_move_node_get_move_text (node));
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, " $%u", nags[i]);
  g_string_append_printf (out, " <%s> <%s>", kz_move_node_get_comment_before (node),
                          kz_move_node_get_comment (node));
  for (guint i = 0; i < kz_move_node_get_n_children (node); i++)
    dump_node (out, kz_move_node_get_child (node, i));
  g_string_append_c (out, ')');
}

static char *
dump (KzGame *game)
{
  GString *out = g_string_new (NULL);
  dump_node (out, kz_game_get_root (game));
  return g_string_free (out, FALSE);
}

static void
test_random_round_trip (void)
{
  static const char *const words[] = { "good", "{odd}", "Кінь", "[%eval", "-1.25]", "a;b", "(x)",
                                       "very-long-word-that-goes-on-and-on-and-on-for-a-while" };
  for (guint32 seed = 1; seed <= 40; seed++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
      g_autoptr (KzGame) game = kz_game_new ();
      if (seed % 3 == 0)
        {
          g_clear_object (&game);
          game = kz_game_new_from_kpn ("ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/ccccc t home home", NULL);
        }
      for (guint i = 0; i < 30 && !kz_game_is_over (game); i++)
        {
          g_autoptr (GArray) list = kz_game_list_moves (game, KZ_NO_POINT);
          g_assert_true (kz_game_play (game, &g_array_index (list, KzMove, g_rand_int_range (rand, 0, (gint) list->len)), NULL));
        }
      g_autoptr (GPtrArray) all = g_ptr_array_new ();
      for (guint k = 0; k < 60; k++)
        {
          g_ptr_array_set_size (all, 0);
          g_ptr_array_add (all, kz_game_get_root (game));
          for (guint i = 0; i < all->len; i++)
            for (guint c = 0; c < kz_move_node_get_n_children (all->pdata[i]); c++)
              g_ptr_array_add (all, kz_move_node_get_child (all->pdata[i], c));
          KzMoveNode *node = all->pdata[g_rand_int_range (rand, 0, (gint) all->len)];
          GString *text = g_string_new (NULL);
          for (int w = g_rand_int_range (rand, 1, 12); w > 0; w--)
            g_string_append_printf (text, "%s ", words[g_rand_int_range (rand, 0, G_N_ELEMENTS (words))]);
          switch (g_rand_int_range (rand, 0, 5))
            {
            case 0: case 1:
              {
                const KzPosition *pos = kz_move_node_get_position (node);
                KzMoveList list;
                if (kz_position_outcome (pos).winner < 0)
                  {
                    kz_generate_moves (pos, &list);
                    if (list.count > 0)
                      kz_game_add_variation_move (game, node, &list.moves[g_rand_int_range (rand, 0, list.count)], NULL);
                  }
                break;
              }
            case 2: kz_game_set_comment (game, node, text->str, NULL); break;
            case 3: kz_game_set_comment_before (game, node, text->str, NULL); break;
            default:
              {
                guint8 nags[3] = { (guint8) g_rand_int_range (rand, 1, 256), (guint8) g_rand_int_range (rand, 1, 7), 0 };
                kz_game_set_nags (game, node, nags, 2, NULL);
              }
            }
          g_string_free (text, TRUE);
        }
      g_autofree char *text = kz_kgn_export_game (game);
      g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
      for (guint i = 0; lines[i]; i++)
        if (g_utf8_strlen (lines[i], -1) > 79)
          /* only a single word longer than the line may stand alone */
          g_assert_null (strchr (lines[i], ' '));
      g_autoptr (GError) error = NULL;
      g_autoptr (KzGame) back = kz_kgn_parse_game (text, -1, &error);
      g_assert_no_error (error);
      g_autofree char *text2 = kz_kgn_export_game (back);
      g_assert_cmpstr (text2, ==, text);
      g_autofree char *d1 = dump (game);
      g_autofree char *d2 = dump (back);
      g_assert_cmpstr (d2, ==, d1);
    }
}

static void
test_errors (void)
{
  static const struct { const char *text; guint line, col; const char *what; } cases[] = {
    { "1. b4-a4 (1. e3-e4 *\n", 1, 10, "not closed" },
    { "1. b4-a4 ) *\n", 1, 10, "unexpected" },
    { "(1. b4-a4) *\n", 1, 1, "must follow" },
    { "1. b4-a4 () *\n", 1, 10, "no move" },
    { "$1 1. b4-a4 *\n", 1, 1, "does not follow" },
    { "1. b4-a4 $256 *\n", 1, 10, "not a NAG" },
    { "1. b4-a4!!! *\n", 1, 9, "not a move mark" },
    { "1. b4-a4 (1. e3-e4 b6-b6) *\n", 1, 20, "b6-b6" },
    { "1. b4-a4 {open\n\n*\n", 1, 10, "not closed" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (KzGame) game = kz_kgn_parse_game (cases[i].text, -1, &error);
      g_assert_null (game);
      g_assert_nonnull (error);
      g_autofree char *prefix = g_strdup_printf ("line %u, column %u: ", cases[i].line, cases[i].col);
      if (!g_str_has_prefix (error->message, prefix) || !strstr (error->message, cases[i].what))
        g_error ("case %u: %s", i, error->message);
    }
  /* A bad game among good ones stops nothing. */
  const char *text =
    "[Event \"one\"]\n\n1. b4-a4 (1. e3-e4 {x} ( 1. d4-d5 ) *\n\n"
    "[Event \"two\"]\n\n1. b4-a4 {fine} (1. e3-e4 $5) *\n";
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (GPtrArray) games = kz_kgn_parse (text, -1, &problems, NULL);
  g_assert_cmpuint (games->len, ==, 1);
  g_assert_cmpuint (problems->len, ==, 1);
  g_assert_cmpstr (kz_game_get_tag (games->pdata[0], "Event"), ==, "two");
}

/* kazaki-cli import, show, export and list carry the annotations. */
static void
test_cli (void)
{
  if (g_getenv ("KAZAKI_CLI") == NULL)
    {
      g_test_skip ("KAZAKI_CLI is not set (run through meson test)");
      return;
    }
  g_autofree char *dir = g_dir_make_tmp ("kazaki-kgn-tree-XXXXXX", NULL);
  g_autofree char *db = g_build_filename (dir, "games.db", NULL);
  g_autofree char *db2 = g_build_filename (dir, "again.db", NULL);
  g_autofree char *in = g_build_filename (dir, "in.kgn", NULL);
  g_autofree char *out1 = g_build_filename (dir, "out1.kgn", NULL);
  g_autofree char *out2 = g_build_filename (dir, "out2.kgn", NULL);
  g_assert_true (g_file_set_contents (in, annotated, -1, NULL));
  g_autofree char *o = NULL;
  g_assert_cmpint (run_cli (db, &o, NULL, "import", in, NULL), ==, 0);
  g_assert_true (g_str_has_prefix (o, "1 imported"));
  g_clear_pointer (&o, g_free);
  g_assert_cmpint (run_cli (db, &o, NULL, "show", "1", NULL), ==, 0);
  g_assert_cmpstr (o, ==, expected);
  g_clear_pointer (&o, g_free);
  g_assert_cmpint (run_cli (db, &o, NULL, "list", NULL), ==, 0);
  g_assert_true (g_str_has_suffix (o, "\tIvan\tAli\t*\tunterminated\t5\n"));
  g_clear_pointer (&o, g_free);
  g_assert_cmpint (run_cli (db, NULL, NULL, "export", "-o", out1, NULL), ==, 0);
  g_assert_cmpint (run_cli (db2, NULL, NULL, "import", out1, NULL), ==, 0);
  g_assert_cmpint (run_cli (db2, NULL, NULL, "export", "-o", out2, NULL), ==, 0);
  g_autofree char *t1 = NULL, *t2 = NULL;
  g_assert_true (g_file_get_contents (out1, &t1, NULL, NULL));
  g_assert_true (g_file_get_contents (out2, &t2, NULL, NULL));
  g_assert_cmpstr (t1, ==, expected);
  g_assert_cmpstr (t2, ==, t1);
  for (const char *const *f = (const char *const[]) { in, out1, out2, NULL }; *f; f++)
    g_unlink (*f);
  remove_database (db);
  remove_database (db2);
  g_rmdir (dir);
}

/* Issue 25, 1: many comments after one move are joined in linear time
 * (each "{…}" once normalised and copied, not the whole comment again). */
static void
parse_comments (guint n, gpointer data)
{
  GString *text = g_string_new ("1. b4-a4");
  for (guint i = 0; i < n; i++)
    g_string_append (text, " {c}");
  g_string_append (text, " (1. e3-e4 {v} {w}) {d} *\n");
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) game = kz_kgn_parse_game (text->str, (gssize) text->len, &error);
  g_assert_no_error (error);
  const char *comment = kz_move_node_get_comment (kz_game_get_main_node (game, 1));
  g_assert_cmpuint (strlen (comment), ==, 2 * n + 1);
  g_assert_true (g_str_has_prefix (comment, "c c "));
  g_assert_true (g_str_has_suffix (comment, " c d"));
  KzMoveNode *v = kz_move_node_get_child (kz_game_get_root (game), 1);
  g_assert_cmpstr (kz_move_node_get_comment (v), ==, "v w");
  g_string_free (text, TRUE);
}

static void
test_many_comments (void)
{
  /* Comments on either side of a variation join as one. */
  g_autoptr (KzGame) game = kz_kgn_parse_game ("1. b4-a4 {a}  {b\tc} ; d\n(1. e3-e4) {e} *\n",
                                               -1, NULL);
  g_assert_cmpstr (kz_move_node_get_comment (kz_game_get_main_node (game, 1)), ==, "a b c d e");
  /* Ten times the comments cost about ten times as much, not a hundred
   * (before: 100 and more; bench-model --only hostile times 100,000). */
  double ratio = scaling_ratio ("comments after one move", parse_comments, NULL, 10000, 100000);
  g_assert_cmpfloat (ratio, <, 30);
}

/* Issue 25, 11: many sibling variations of one move, parsed and loaded
 * from the store in linear time, in their order. */
static char *
siblings_text (guint n)
{
  GString *text = g_string_new ("1. b4-a4");
  static const char *const moves[] = { "e3-e4", "d4-d5", "b4-a4", "a3-a4" };
  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, " (1. %s {%u})", moves[i % G_N_ELEMENTS (moves)], i);
  g_string_append (text, " *\n");
  return g_string_free (text, FALSE);
}

static void
check_siblings (KzGame *game, guint n)
{
  KzMoveNode *root = kz_game_get_root (game);
  g_assert_cmpuint (kz_move_node_get_n_children (root), ==, n + 1);
  g_assert_true (kz_move_node_is_main_line (kz_move_node_get_child (root, 0)));
  for (guint i = 0; i < n; i += 1 + n / 100)
    {
      g_autofree char *c = g_strdup_printf ("%u", i);
      g_assert_cmpstr (kz_move_node_get_comment (kz_move_node_get_child (root, i + 1)), ==, c);
    }
}

static void
parse_siblings (guint n, gpointer data)
{
  g_autofree char *text = siblings_text (n);
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) game = kz_kgn_parse_game (text, -1, &error);
  g_assert_no_error (error);
  check_siblings (game, n);
}

typedef struct {
  KzStore *store;
  gint64   small, big;
} SiblingsDb;

static void
load_siblings (guint n, gpointer data)
{
  SiblingsDb *db = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) game = kz_store_load_game (db->store, n == 10000 ? db->small : db->big, &error);
  g_assert_no_error (error);
  check_siblings (game, n);
}

static void
test_many_siblings (void)
{
  double ratio = scaling_ratio ("parse sibling variations", parse_siblings, NULL, 10000, 100000);
  g_assert_cmpfloat (ratio, <, 30);
}

/* The same imported, then loaded from the database (in rank order). */
static void
test_many_siblings_stored (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kazaki-kgn-tree-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "games.db", NULL);
  g_autoptr (GError) error = NULL;
  SiblingsDb db = { kz_store_open (path, &error), 0, 0 };
  g_assert_no_error (error);
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *text = siblings_text (i ? 100000 : 10000);
      guint n = 0;
      g_assert_true (kz_kgn_import (db.store, text, -1, &n, NULL, &error));
      g_assert_cmpuint (n, ==, 1);
    }
  g_autoptr (GArray) ids = kz_store_list_ids (db.store, NULL);
  g_assert_cmpuint (ids->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      gint64 id = g_array_index (ids, gint64, i);
      g_autoptr (KzGame) game = kz_store_load_game (db.store, id, &error);
      g_assert_no_error (error);
      if (kz_move_node_get_n_children (kz_game_get_root (game)) > 10001)
        db.big = id;
      else
        db.small = id;
    }
  g_assert_true (db.big != 0 && db.small != 0);
  double ratio = scaling_ratio ("load sibling variations", load_siblings, &db, 10000, 100000);
  g_assert_cmpfloat (ratio, <, 30);
  g_object_unref (db.store);
  remove_database (path);
  g_rmdir (dir);
}

/* Issue 25, 4: every NAG of a move is kept (not only the first 8), in
 * the game, the export and the database; a repeated one once. */
static void
test_many_nags (void)
{
  GString *text = g_string_new ("1. b4-a4!?");
  for (guint nag = 10; nag <= 40; nag++)
    g_string_append_printf (text, " $%u", nag);
  g_string_append (text, " $12 b6-a6 *\n");
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) game = kz_kgn_parse_game (text->str, -1, &error);
  g_assert_no_error (error);
  guint n;
  const guint8 *nags = kz_move_node_get_nags (kz_game_get_main_node (game, 1), &n);
  g_assert_cmpuint (n, ==, 32);
  g_assert_cmpuint (nags[0], ==, KZ_NAG_INTERESTING);
  for (guint i = 1; i < n; i++)
    g_assert_cmpuint (nags[i], ==, 9 + i);
  g_autofree char *kgn = kz_kgn_export_game (game);
  g_assert_nonnull (strstr (kgn, "1. b4-a4 $5 $10 $11 $12 $13"));
  g_assert_nonnull (strstr (kgn, "$39 $40 b6-a6 *"));

  g_autofree char *dir = g_dir_make_tmp ("kazaki-kgn-tree-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "games.db", NULL);
  KzStore *store = kz_store_open (path, &error);
  g_assert_no_error (error);
  guint imported = 0;
  g_assert_true (kz_kgn_import (store, kgn, -1, &imported, NULL, &error));
  g_assert_cmpuint (imported, ==, 1);
  g_autoptr (GArray) ids = kz_store_list_ids (store, NULL);
  g_autoptr (KzGame) back = kz_store_load_game (store, g_array_index (ids, gint64, 0), &error);
  g_assert_no_error (error);
  g_autofree char *again = kz_kgn_export_game (back);
  g_assert_cmpstr (again, ==, kgn);
  /* and through the editing functions */
  guint8 all[255];
  for (guint i = 0; i < 255; i++)
    all[i] = (guint8) (255 - i);
  KzMoveNode *m2 = kz_game_get_main_node (back, 2);
  g_assert_true (kz_game_set_nags (back, m2, all, 255, &error));
  g_assert_true (kz_game_set_mark (back, m2, KZ_NAG_GOOD, &error));
  g_clear_object (&back);
  back = kz_store_load_game (store, g_array_index (ids, gint64, 0), &error);
  nags = kz_move_node_get_nags (kz_game_get_main_node (back, 2), &n);
  g_assert_cmpuint (n, ==, 255 - 5);
  g_assert_cmpuint (nags[0], ==, KZ_NAG_GOOD);
  g_assert_cmpuint (nags[1], ==, 255);
  g_assert_cmpuint (nags[n - 1], ==, 7);
  g_object_unref (store);
  remove_database (path);
  g_rmdir (dir);
  g_string_free (text, TRUE);
}

/* Issue 25: a "}" in a ";" comment is kept as written; such a comment is
 * exported as ";" comments (lines under 80 columns) and read back the
 * same, in the main line, a variation and before a variation's move. */
static void
test_line_comment_brace (void)
{
  const char *text =
    "[Event \"e\"]\n\n{Root} ; here }\n1. b4-a4 ; a } b\n"
    "(; before } it\n1. e3-e4 ; after } it\n) "
    "; a long comment with a } that goes on and on and on, well past the end of one line of the "
    "export, and then some more words\n"
    "1... b6-a6 {[%clk 0:04:59]} ; x}y\n*\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) game = kz_kgn_parse_game (text, -1, &error);
  g_assert_no_error (error);
  KzMoveNode *root = kz_game_get_root (game);
  g_assert_cmpstr (kz_move_node_get_comment (root), ==, "Root here }");
  KzMoveNode *m1 = kz_game_get_main_node (game, 1);
  g_assert_true (g_str_has_prefix (kz_move_node_get_comment (m1), "a } b a long comment with a }"));
  KzMoveNode *v = kz_move_node_get_child (root, 1);
  g_assert_cmpstr (kz_move_node_get_comment_before (v), ==, "before } it");
  g_assert_cmpstr (kz_move_node_get_comment (v), ==, "after } it");
  g_assert_cmpstr (kz_move_node_get_comment (kz_game_get_main_node (game, 2)), ==, "x}y");
  g_assert_cmpint (kz_game_get_move_clock (game, 1), ==, 299000);

  g_autofree char *kgn = kz_kgn_export_game (game);
  g_auto (GStrv) lines = g_strsplit (kgn, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    g_assert_cmpuint (g_utf8_strlen (lines[i], -1), <=, 79);
  g_assert_nonnull (strstr (kgn, "1. b4-a4 ; a } b"));
  g_autoptr (KzGame) back = kz_kgn_parse_game (kgn, -1, &error);
  g_assert_no_error (error);
  g_autofree char *d1 = dump (game);
  g_autofree char *d2 = dump (back);
  g_assert_cmpstr (d2, ==, d1);
  g_assert_cmpint (kz_game_get_move_clock (back, 1), ==, 299000);
  g_autofree char *kgn2 = kz_kgn_export_game (back);
  g_assert_cmpstr (kgn2, ==, kgn);
}

/* Issue 25, 3: what a file holds cannot drive the reader's terminal:
 * comments lose control characters (ESC, BEL, DEL, C1) and bidirectional
 * controls, names and tags the latter, in the game, `show`, `export` and
 * `list` — also for a database written before. */
static gboolean
has_escape (const char *text)
{
  for (const char *p = text; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      if ((g_unichar_iscntrl (c) && c != '\n' && c != '\t') || kz_unichar_is_bidi_control (c))
        return TRUE;
    }
  return FALSE;
}

static void
test_control_characters (void)
{
  const char *text =
    "[Event \"E\xe2\x80\xae" "vent\x1b]0;title\x07\"]\n"
    "[Cossacks \"\xe2\x80\xae" "Ivan\"]\n"
    "[Turks \"Ali\xe2\x81\xa7\"]\n\n"
    "{\x1b[2J} 1. b4-a4 {red \x1b[31m bell \x07 del \x7f c1 \xc2\x9b" "x \xe2\x80\xae" "rlo}\n"
    "(1. e3-e4 {\x1b]0;x\x07})  *\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) game = kz_kgn_parse_game (text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (kz_move_node_get_comment (kz_game_get_root (game)), ==, "[2J");
  g_assert_cmpstr (kz_move_node_get_comment (kz_game_get_main_node (game, 1)), ==,
                   "red [31m bell del c1 x rlo");
  g_assert_cmpstr (kz_move_node_get_comment (kz_move_node_get_child (kz_game_get_root (game), 1)),
                   ==, "]0;x");
  g_assert_cmpstr (kz_game_get_player_name (game, KZ_COSSACKS), ==, "Ivan");
  g_assert_cmpstr (kz_game_get_player_name (game, KZ_TURKS), ==, "Ali");
  g_autofree char *kgn = kz_kgn_export_game (game);
  g_assert_false (has_escape (kgn));
  g_assert_nonnull (strstr (kgn, "[Event \"Event ]0;title \"]\n"));

  if (g_getenv ("KAZAKI_CLI") == NULL)
    {
      g_test_skip ("KAZAKI_CLI is not set (run through meson test)");
      return;
    }
  g_autofree char *dir = g_dir_make_tmp ("kazaki-kgn-tree-XXXXXX", NULL);
  g_autofree char *db = g_build_filename (dir, "games.db", NULL);
  g_autofree char *in = g_build_filename (dir, "in.kgn", NULL);
  g_assert_true (g_file_set_contents (in, text, -1, NULL));
  g_assert_cmpint (run_cli (db, NULL, NULL, "import", in, NULL), ==, 0);
  /* As an earlier version stored such a game. */
  {
    g_autoptr (KzStore) store = kz_store_open (db, &error);
    g_assert_no_error (error);
    sqlite3 *sql = kz_store_get_db (store);
    g_assert_cmpint (sqlite3_exec (sql, "UPDATE games SET cossacks = char(0x202e) || 'Ivan', "
                                   "turks = 'Ali' || char(0x2066)", NULL, NULL, NULL), ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_exec (sql, "UPDATE notes SET comment = 'x' || char(27) || '[31m' "
                                   "|| char(0x202e) || 'y' WHERE ply = 1", NULL, NULL, NULL),
                     ==, SQLITE_OK);
    g_assert_cmpint (sqlite3_changes (sql), ==, 1);
  }
  static const char *const commands[][4] = { { "list" }, { "show", "1" }, { "export", "-o", "-" } };
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *out = NULL;
      g_assert_cmpint (run_cli (db, &out, NULL, commands[i][0], commands[i][1], commands[i][2], NULL),
                       ==, 0);
      g_assert_false (has_escape (out));
      g_assert_nonnull (strstr (out, i == 0 ? "\tIvan\tAli\t" : "[Cossacks \"Ivan\"]\n[Turks \"Ali\"]"));
      if (i > 0)
        g_assert_nonnull (strstr (out, "1. b4-a4 {x [31my} (1. e3-e4 {]0;x}) *"));
    }
  g_unlink (in);
  remove_database (db);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/kgn-tree/import", test_import);
  g_test_add_func ("/model/kgn-tree/export", test_export);
  g_test_add_func ("/model/kgn-tree/random-round-trip", test_random_round_trip);
  g_test_add_func ("/model/kgn-tree/errors", test_errors);
  g_test_add_func ("/model/kgn-tree/cli", test_cli);
  g_test_add_func ("/model/kgn-tree/many-comments", test_many_comments);
  g_test_add_func ("/model/kgn-tree/many-siblings", test_many_siblings);
  g_test_add_func ("/model/kgn-tree/many-siblings-stored", test_many_siblings_stored);
  g_test_add_func ("/model/kgn-tree/many-nags", test_many_nags);
  g_test_add_func ("/model/kgn-tree/line-comment-brace", test_line_comment_brace);
  g_test_add_func ("/model/kgn-tree/control-characters", test_control_characters);
  return g_test_run ();
}
