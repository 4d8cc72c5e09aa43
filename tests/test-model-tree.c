/* test-model-tree.c — a game's tree of moves (KzMoveNode): variations,
 * comments, NAGs, deletion with undo, promotion; stored edits (each one
 * committed before it shows, read back by another connection), the
 * migration from every earlier schema, and durability under SIGKILL.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>
#include <sqlite3.h>

#include "kz-game.h"
#include "kz-store.h"
#include "kz-store-private.h"
#include "old-schema.h"
#include "remove-files.h"

/* The whole tree as text: every node with its move, notes and children. */
static void
dump_node (GString *out, KzMoveNode *node, guint depth)
{
  guint n_nags;
  const guint8 *nags = kz_move_node_get_nags (node, &n_nags);
  g_string_append_printf (out, "%*s%s%s", depth * 2, "",
                          kz_move_node_is_root (node) ? "root" : kz_move_node_get_move_text (node),
                          kz_move_node_is_main_line (node) ? "*" : "");
  for (guint i = 0; i < n_nags; i++)
    g_string_append_printf (out, " $%u", nags[i]);
  if (kz_move_node_get_comment_before (node)[0])
    g_string_append_printf (out, " before{%s}", kz_move_node_get_comment_before (node));
  if (kz_move_node_get_comment (node)[0])
    g_string_append_printf (out, " {%s}", kz_move_node_get_comment (node));
  g_string_append_c (out, '\n');
  for (guint i = 0; i < kz_move_node_get_n_children (node); i++)
    dump_node (out, kz_move_node_get_child (node, i), depth + 1);
}

static char *
dump (KzGame *game)
{
  GString *out = g_string_new (NULL);
  dump_node (out, kz_game_get_root (game), 0);
  return g_string_free (out, FALSE);
}

static KzMoveNode *
var (KzGame *game, KzMoveNode *parent, const char *move)
{
  g_autoptr (GError) error = NULL;
  KzMoveNode *node = kz_game_add_variation_text (game, parent, move, &error);
  g_assert_no_error (error);
  g_assert_nonnull (node);
  return node;
}

static void
count_signal (KzGame *game, KzMoveNode *node, guint *count)
{
  (*count)++;
}

/* ---- in memory --------------------------------------------------------- */

static void
test_variations (void)
{
  g_autoptr (KzGame) game = kz_game_new ();
  guint changes = 0;
  g_signal_connect (game, "tree-changed", G_CALLBACK (count_signal), &changes);
  for (const char *const *m = (const char *const[]) { "b4-a4", "b6-a6", NULL }; *m; m++)
    g_assert_true (kz_game_play_text (game, *m, NULL));
  KzMoveNode *root = kz_game_get_root (game);
  KzMoveNode *m1 = kz_game_get_main_node (game, 1);
  g_assert_true (kz_move_node_is_main_line (m1));
  g_assert_true (kz_move_node_get_parent (m1) == root);
  g_assert_cmpstr (kz_move_node_get_move_text (m1), ==, "b4-a4");
  g_assert_true (kz_move_node_get_continuation (root) == m1);

  /* A variation at ply 1 (instead of b4-a4), nested two deep. */
  KzMoveNode *v1 = var (game, root, "e3-e4");
  g_assert_false (kz_move_node_is_main_line (v1));
  g_assert_true (kz_move_node_starts_variation (v1));
  g_assert_cmpuint (kz_move_node_get_index (v1), ==, 1);
  g_assert_cmpuint (kz_move_node_get_ply (v1), ==, 1);
  KzMoveNode *v1b = var (game, v1, "b6-a6");
  KzMoveNode *v1c = var (game, v1b, "e4-e5");
  g_assert_true (kz_move_node_get_continuation (v1) == v1b);
  g_assert_false (kz_move_node_starts_variation (v1b));
  KzMoveNode *v2 = var (game, v1, "c6-c5");   /* a variation inside the variation */
  KzMoveNode *v3 = var (game, v2, "c4xc6xa6");
  g_assert_cmpuint (kz_move_node_get_depth (v1c), ==, 1);
  g_assert_cmpuint (kz_move_node_get_depth (v3), ==, 2);
  g_assert_true (kz_move_node_get_branch_point (v3) == v1);
  g_assert_true (kz_move_node_get_branch_point (v1c) == root);
  g_assert_true (kz_move_node_get_line_end (v1) == v1c);
  g_assert_cmpuint (kz_game_count_variation_nodes (game), ==, 5);
  g_assert_cmpuint (changes, ==, 5);

  /* Entering an existing move changes nothing. */
  g_assert_true (var (game, root, "b4-a4") == m1);
  g_assert_true (var (game, v1, "b6-a6") == v1b);
  g_assert_cmpuint (changes, ==, 5);

  /* The position follows the line; illegal moves are refused. */
  g_autoptr (GError) error = NULL;
  g_assert_null (kz_game_add_variation_text (game, v1, "c5-c6", &error));
  g_assert_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  g_assert_null (kz_game_add_variation_text (game, v1, "zz", &error));
  g_assert_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_SYNTAX);
  g_clear_error (&error);
  g_assert_cmpint (kz_move_node_get_position (v1)->side, ==, KZ_TURKS);
  g_assert_cmpint (kz_move_node_get_mover (v1), ==, KZ_COSSACKS);

  /* No variation after the last main-line move; taking back a move
   * removes the variations beside it and after it. */
  KzMoveNode *end = kz_game_get_main_node (game, 2);
  g_assert_null (kz_game_add_variation_text (game, end, "e3-e4", &error));
  g_assert_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  KzMoveNode *ve = var (game, kz_game_get_main_node (game, 1), "b6-b5");
  g_assert_true (kz_move_node_starts_variation (ve));
  g_assert_true (kz_game_play_text (game, "a4-a5", NULL));
  g_assert_cmpuint (kz_game_count_variation_nodes (game), ==, 6);
  g_assert_true (kz_game_undo (game, NULL));
  g_assert_true (kz_game_undo (game, NULL));
  g_assert_cmpuint (kz_game_count_variation_nodes (game), ==, 5);
  g_assert_cmpuint (kz_move_node_get_n_children (kz_game_get_main_node (game, 1)), ==, 0);
  g_assert_true (kz_game_redo (game, NULL));
}

static void
test_annotations (void)
{
  g_autoptr (KzGame) game = kz_game_new ();
  g_assert_true (kz_game_play_text (game, "b4-a4", NULL));
  g_assert_true (kz_game_play_text (game, "b6-a6", NULL));
  KzMoveNode *root = kz_game_get_root (game);
  KzMoveNode *m1 = kz_game_get_main_node (game, 1);
  g_autoptr (GError) error = NULL;

  g_assert_true (kz_game_set_comment (game, root, "  A quiet\n opening  ", &error));
  g_assert_cmpstr (kz_move_node_get_comment (root), ==, "A quiet opening");
  g_assert_true (kz_game_set_comment (game, m1, "[%eval 0.31] {odd} text", &error));
  g_assert_cmpstr (kz_move_node_get_comment (m1), ==, "[%eval 0.31] {odd} text");
  /* Control characters a terminal would obey are spaces, bidirectional
   * controls are left out (issue 25). */
  g_assert_true (kz_game_set_comment (game, m1, "a\x1b[31mb\x07" "c\x7f" " d\xc2\x9b" "e "
                                      "\xe2\x80\xae" "f\xe2\x81\xa6" "g\xe2\x80\x8f" "h",
                                      &error));
  g_assert_cmpstr (kz_move_node_get_comment (m1), ==, "a [31mb c d e fg\xe2\x80\x8f" "h");
  g_assert_true (kz_game_set_comment (game, m1, "[%eval 0.31] {odd} text", &error));
  g_assert_true (kz_move_node_is_annotated (m1));

  g_assert_true (kz_game_set_mark (game, m1, KZ_NAG_INTERESTING, &error));
  g_assert_cmpuint (kz_move_node_get_mark (m1), ==, 5);
  guint8 nags[] = { 14, 14, 0, 2 };
  g_assert_true (kz_game_set_nags (game, m1, nags, G_N_ELEMENTS (nags), &error));
  guint n;
  const guint8 *got = kz_move_node_get_nags (m1, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (got[0], ==, 14);
  g_assert_cmpuint (got[1], ==, 2);
  g_assert_true (kz_game_set_mark (game, m1, KZ_NAG_BLUNDER, &error));
  got = kz_move_node_get_nags (m1, &n);
  g_assert_cmpuint (n, ==, 2);
  g_assert_cmpuint (kz_move_node_get_mark (m1), ==, KZ_NAG_BLUNDER);
  g_assert_true (kz_move_node_has_nag (m1, 14));
  g_assert_false (kz_move_node_has_nag (m1, 2));
  g_assert_true (kz_game_set_mark (game, m1, 0, &error));
  g_assert_cmpuint (kz_move_node_get_mark (m1), ==, 0);
  g_assert_cmpstr (kz_nag_to_mark (4), ==, "??");
  g_assert_cmpuint (kz_nag_from_mark ("?!"), ==, 6);
  g_assert_cmpuint (kz_nag_from_mark ("!!!"), ==, 0);

  /* The root has no marks; a comment before only starts a variation. */
  g_assert_false (kz_game_set_mark (game, root, 1, &error));
  g_assert_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  g_assert_false (kz_game_set_comment_before (game, m1, "x", &error));
  g_assert_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  KzMoveNode *v = var (game, root, "c4-c5");
  g_assert_true (kz_game_set_comment_before (game, v, "Sharper:", &error));
  g_assert_cmpstr (kz_move_node_get_comment_before (v), ==, "Sharper:");

  /* A node of another game is refused. */
  g_autoptr (KzGame) other = kz_game_new ();
  g_assert_false (kz_game_set_comment (other, m1, "x", &error));
  g_assert_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_ILLEGAL_MOVE);
}

static void
test_delete_promote (void)
{
  g_autoptr (KzGame) game = kz_game_new ();
  g_assert_true (kz_game_play_text (game, "b4-a4", NULL));
  g_assert_true (kz_game_play_text (game, "b6-a6", NULL));
  KzMoveNode *root = kz_game_get_root (game);
  KzMoveNode *m1 = kz_game_get_main_node (game, 1);
  KzMoveNode *a = var (game, root, "e3-e4");
  KzMoveNode *a2 = var (game, a, "b6-a6");
  KzMoveNode *b = var (game, a, "b6-b5");      /* variation of a2 */
  KzMoveNode *c = var (game, a, "c6-c5");      /* another one */
  var (game, b, "b4xb6");
  g_autoptr (GError) error = NULL;
  g_assert_true (kz_game_set_comment_before (game, b, "Or", &error));
  g_autofree char *before = dump (game);

  /* The main line is never promoted over, nor deleted. */
  g_assert_false (kz_game_can_promote (game, a));
  g_assert_false (kz_game_promote_variation (game, a, &error));
  g_assert_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  g_assert_false (kz_game_delete_variation (game, m1, &error));
  g_assert_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_ILLEGAL_MOVE);
  g_clear_error (&error);
  g_assert_false (kz_game_can_promote (game, a2));

  /* Promoting b (from its second move too) swaps it with a2. */
  KzMoveNode *b2 = kz_move_node_get_child (b, 0);
  g_assert_true (kz_game_can_promote (game, b2));
  g_assert_true (kz_game_promote_variation (game, b2, &error));
  g_assert_no_error (error);
  g_assert_true (kz_move_node_get_child (a, 0) == b);
  g_assert_true (kz_move_node_get_child (a, 1) == a2);
  g_assert_true (kz_move_node_get_child (a, 2) == c);
  g_assert_cmpstr (kz_move_node_get_comment_before (b), ==, "");
  g_assert_cmpstr (kz_move_node_get_comment_before (a2), ==, "Or");
  g_assert_true (kz_game_promote_variation (game, a2, &error));
  g_autofree char *back = dump (game);
  g_assert_cmpstr (back, ==, before);

  /* Delete, then restore, nested. */
  g_assert_true (kz_game_delete_variation (game, b, &error));
  g_assert_cmpuint (kz_move_node_get_n_children (a), ==, 2);
  g_assert_true (kz_game_delete_variation (game, a, &error));
  g_assert_cmpuint (kz_move_node_get_n_children (root), ==, 1);
  g_assert_cmpuint (kz_game_count_variation_nodes (game), ==, 0);
  g_assert_true (kz_game_get_can_restore_deleted (game));
  g_assert_true (kz_game_restore_deleted (game, &error) == a);
  g_assert_true (kz_game_restore_deleted (game, &error) == b);
  g_assert_false (kz_game_get_can_restore_deleted (game));
  g_autofree char *restored = dump (game);
  g_assert_cmpstr (restored, ==, before);
  g_assert_null (kz_game_restore_deleted (game, &error));
  g_assert_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_NOTHING_TO_UNDO);
  g_clear_error (&error);

  /* Deleting a line's continuation: the next variation continues it and
   * its comment before goes to the end of the parent's comment. */
  g_assert_true (kz_game_set_comment (game, a, "Fine.", &error));
  g_assert_true (kz_game_delete_variation (game, a2, &error));
  g_assert_true (kz_move_node_get_child (a, 0) == b);
  g_assert_cmpstr (kz_move_node_get_comment (a), ==, "Fine. Or");
  g_assert_cmpstr (kz_move_node_get_comment_before (b), ==, "");
  g_assert_nonnull (kz_game_restore_deleted (game, &error));
  g_assert_cmpstr (kz_move_node_get_comment (a), ==, "Fine.");
  g_assert_cmpstr (kz_move_node_get_comment_before (b), ==, "Or");
}

/* ---- in the store ------------------------------------------------------ */

typedef struct {
  char *dir;
  char *path;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  f->dir = g_dir_make_tmp ("kazaki-tree-XXXXXX", NULL);
  f->path = g_build_filename (f->dir, "games.db", NULL);
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  remove_database (f->path);
  g_rmdir (f->dir);
  g_free (f->dir);
  g_free (f->path);
}

static KzStore *
open_ok (const char *path)
{
  g_autoptr (GError) error = NULL;
  KzStore *store = kz_store_open (path, &error);
  g_assert_no_error (error);
  return store;
}

/* The tree as another connection reads it now. */
static char *
stored_dump (const char *path, gint64 id)
{
  g_autoptr (KzStore) store = open_ok (path);
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) game = kz_store_load_game (store, id, &error);
  g_assert_no_error (error);
  return dump (game);
}

static void
assert_stored (KzGame *game, const char *path)
{
  g_autofree char *mem = dump (game);
  g_autofree char *disk = stored_dump (path, kz_game_get_id (game));
  g_assert_cmpstr (disk, ==, mem);
}

/* Every edit is in the file when the call returns. */
static void
test_store_edits (Fixture *f, gconstpointer data)
{
  g_autoptr (KzStore) store = open_ok (f->path);
  g_autoptr (KzGame) game = kz_game_new ();
  g_assert_cmpint (kz_store_create_game (store, game, NULL), >, 0);
  for (const char *const *m = (const char *const[]) { "b4-a4", "b6-a6", "a4-a5", "a6xa4", NULL }; *m; m++)
    g_assert_true (kz_game_play_text (game, *m, NULL));
  KzMoveNode *root = kz_game_get_root (game);
  KzMoveNode *m2 = kz_game_get_main_node (game, 2);
  g_autoptr (GError) error = NULL;

  g_assert_true (kz_game_set_comment (game, root, "Before the first move", &error));
  assert_stored (game, f->path);
  g_assert_true (kz_game_set_mark (game, m2, KZ_NAG_GOOD, &error));
  assert_stored (game, f->path);
  KzMoveNode *a = var (game, m2, "e3-e4");
  assert_stored (game, f->path);
  KzMoveNode *a2 = var (game, a, "a6-a5");
  KzMoveNode *b = var (game, a, "c6-c5");
  var (game, b, "c4xc6xe6");
  KzMoveNode *c = var (game, root, "c4-c5");
  assert_stored (game, f->path);
  g_assert_true (kz_game_set_comment (game, a2, "[%eval -0.5] [%clk 0:04:59]", &error));
  g_assert_true (kz_game_set_comment_before (game, b, "Or", &error));
  guint8 nags[] = { 3, 14, 146 };
  g_assert_true (kz_game_set_nags (game, b, nags, 3, &error));
  assert_stored (game, f->path);
  g_assert_true (kz_game_promote_variation (game, b, &error));
  assert_stored (game, f->path);
  g_assert_true (kz_game_delete_variation (game, a, &error));
  assert_stored (game, f->path);
  g_assert_nonnull (kz_game_restore_deleted (game, &error));
  assert_stored (game, f->path);
  g_assert_true (kz_game_delete_variation (game, c, &error));
  assert_stored (game, f->path);
  g_assert_true (kz_game_set_comment (game, m2, "", &error));
  g_assert_true (kz_game_set_nags (game, m2, NULL, 0, &error));
  assert_stored (game, f->path);

  /* Taking back a main-line move removes its notes and what hangs after it. */
  KzMoveNode *m3 = kz_game_get_main_node (game, 3);
  g_assert_true (kz_game_set_comment (game, m3, "gone soon", &error));
  var (game, m2, "d4-d5");
  var (game, m2, "e3-e4");
  g_assert_true (kz_game_undo (game, NULL));
  g_assert_true (kz_game_undo (game, NULL));
  assert_stored (game, f->path);
  g_assert_true (kz_game_play_text (game, "a4-a5", NULL));
  assert_stored (game, f->path);
  g_autofree char *text = dump (game);
  g_assert_null (strstr (text, "gone soon"));
  g_assert_null (strstr (text, "[%eval -0.5] [%clk 0:04:59]"));

  /* A refused commit changes nothing in memory. */
  KzMoveNode *late = var (game, kz_game_get_main_node (game, 1), "b6-b5");
  g_autofree char *before = dump (game);
  g_assert_cmpint (sqlite3_exec (kz_store_get_db (store),
                                 "CREATE TRIGGER no_notes BEFORE UPDATE ON variations "
                                 "BEGIN SELECT RAISE (ABORT, 'refused'); END;",
                                 NULL, NULL, NULL), ==, SQLITE_OK);
  guint changes = 0;
  g_signal_connect (game, "tree-changed", G_CALLBACK (count_signal), &changes);
  g_assert_false (kz_game_set_comment (game, late, "not saved", &error));
  g_assert_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_STORE);
  g_autofree char *after = dump (game);
  g_assert_cmpstr (after, ==, before);
  g_assert_cmpuint (changes, ==, 0);
  g_assert_true (kz_store_check_integrity (store, NULL));
}

/* A copy of a game with its tree is stored whole; deleting the game
 * deletes its tree. */
static void
test_store_create (Fixture *f, gconstpointer data)
{
  g_autoptr (KzGame) game = kz_game_new ();
  g_assert_true (kz_game_play_text (game, "b4-a4", NULL));
  g_assert_true (kz_game_play_text (game, "b6-a6", NULL));
  KzMoveNode *a = var (game, kz_game_get_root (game), "e3-e4");
  var (game, var (game, a, "b6-a6"), "e4-e5");
  var (game, a, "b6-b5");
  g_assert_true (kz_game_set_comment (game, kz_game_get_main_node (game, 2), "x", NULL));
  g_autoptr (KzStore) store = open_ok (f->path);
  gint64 id = kz_store_create_game (store, game, NULL);
  g_assert_cmpint (id, >, 0);
  assert_stored (game, f->path);
  /* And records its edits from then on. */
  var (game, kz_game_get_main_node (game, 1), "b6-b5");
  assert_stored (game, f->path);
  g_assert_true (kz_store_delete_games (store, &id, 1, NULL));
  sqlite3_stmt *s;
  g_assert_cmpint (sqlite3_prepare_v2 (kz_store_get_db (store),
                                       "SELECT (SELECT count(*) FROM variations) + (SELECT count(*) FROM notes)",
                                       -1, &s, NULL), ==, SQLITE_OK);
  g_assert_cmpint (sqlite3_step (s), ==, SQLITE_ROW);
  g_assert_cmpint (sqlite3_column_int (s, 0), ==, 0);
  sqlite3_finalize (s);
}

/* From every earlier schema version to the current one: games keep
 * loading and then take annotations. */
static void
test_migration (Fixture *f, gconstpointer data)
{
  for (guint v = 1; v < KZ_STORE_SCHEMA_VERSION; v++)
    {
      g_unlink (f->path);
      old_schema_write_game (f->path, v, 2);
      g_autoptr (KzStore) store = open_ok (f->path);
      g_assert_cmpint (old_schema_version_of (store), ==, KZ_STORE_SCHEMA_VERSION);
      g_autoptr (GError) error = NULL;
      g_autoptr (KzGame) game = kz_store_load_game (store, 1, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (kz_game_get_ply (game), ==, 2);
      g_assert_true (kz_game_set_comment (game, kz_game_get_main_node (game, 1), "migrated", &error));
      var (game, kz_game_get_root (game), "c4-c5");
      g_assert_true (kz_game_play_text (game, "a4-a5", NULL));
      assert_stored (game, f->path);
      g_assert_true (kz_store_check_integrity (store, NULL));
      g_test_message ("migrated from version %u", v);
    }
}

/* ---- SIGKILL ----------------------------------------------------------- */

/* One random edit of the tree, the same whether the game is stored or
 * not (the choices depend only on `rand` and the tree). */
static void
random_edit (KzGame *game, GRand *rand)
{
  /* Every node, in a fixed order. */
  g_autoptr (GPtrArray) all = g_ptr_array_new ();
  g_ptr_array_add (all, kz_game_get_root (game));
  for (guint i = 0; i < all->len; i++)
    {
      KzMoveNode *n = g_ptr_array_index (all, i);
      for (guint k = 0; k < kz_move_node_get_n_children (n); k++)
        g_ptr_array_add (all, kz_move_node_get_child (n, k));
    }
  KzMoveNode *node = g_ptr_array_index (all, g_rand_int_range (rand, 0, (gint) all->len));
  g_autoptr (GError) error = NULL;
  switch (g_rand_int_range (rand, 0, 6))
    {
    case 0:
    case 1:
      {
        KzMoveList list;
        kz_generate_moves (kz_move_node_get_position (node), &list);
        if (list.count > 0 && kz_position_outcome (kz_move_node_get_position (node)).winner < 0)
          kz_game_add_variation_move (game, node, &list.moves[g_rand_int_range (rand, 0, list.count)],
                                      &error);
        break;
      }
    case 2:
      {
        g_autofree char *text = g_strdup_printf ("note %u [%%eval %d.%02u]", g_rand_int (rand),
                                                 g_rand_int_range (rand, -5, 5),
                                                 (guint) g_rand_int_range (rand, 0, 100));
        kz_game_set_comment (game, node, text, &error);
        break;
      }
    case 3:
      if (!kz_move_node_is_root (node))
        kz_game_set_mark (game, node, (guint) g_rand_int_range (rand, 0, 7), &error);
      break;
    case 4:
      if (kz_game_get_can_restore_deleted (game) && g_rand_boolean (rand))
        kz_game_restore_deleted (game, &error);
      else if (!kz_move_node_is_main_line (node))
        kz_game_delete_variation (game, node, &error);
      break;
    default:
      if (kz_game_can_promote (game, node))
        kz_game_promote_variation (game, node, &error);
      break;
    }
  if (error && error->domain == KZ_GAME_ERROR && error->code == KZ_GAME_ERROR_STORE)
    g_error ("%s", error->message);
}

static KzGame *
annotated_base (void)
{
  KzGame *game = kz_game_new ();
  for (const char *const *m = (const char *const[]) { "b4-a4", "b6-a6", "a4-a5", "a6xa4", NULL }; *m; m++)
    g_assert_true (kz_game_play_text (game, *m, NULL));
  return game;
}

/* The child: edits game 1 of `path` at random, printing "N" after the
 * Nth edit was committed. */
static int
run_child (const char *path, guint32 seed)
{
  g_autoptr (KzStore) store = open_ok (path);
  g_autoptr (KzGame) game = annotated_base ();
  if (kz_store_create_game (store, game, NULL) != 1)
    return 1;
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  for (guint n = 1;; n++)
    {
      random_edit (game, rand);
      printf ("%u\n", n);
      fflush (stdout);
    }
  return 0;
}

static const char *self_path;

static void
test_sigkill (Fixture *f, gconstpointer data)
{
  guint total = 0;
  for (int round = 0; round < 6; round++)
    {
      g_unlink (f->path);
      guint32 seed = g_test_rand_int ();
      g_autofree char *seed_text = g_strdup_printf ("%u", seed);
      g_autoptr (GError) error = NULL;
      g_autoptr (GSubprocess) child =
        g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error, self_path, "--annotate-child",
                          f->path, seed_text, NULL);
      g_assert_no_error (error);
      g_autoptr (GDataInputStream) in = g_data_input_stream_new (g_subprocess_get_stdout_pipe (child));
      guint kill_after = (guint) g_test_rand_int_range (5, 300);
      guint last = 0;
      gboolean killed = FALSE;
      for (;;)
        {
          if (!killed && last >= kill_after)
            {
              g_usleep ((gulong) g_test_rand_int_range (0, 3000));
              g_subprocess_send_signal (child, SIGKILL);
              killed = TRUE;
            }
          g_autofree char *line = g_data_input_stream_read_line (in, NULL, NULL, &error);
          g_assert_no_error (error);
          if (line == NULL)
            break;
          last = (guint) g_ascii_strtoull (line, NULL, 10);
        }
      g_assert_true (g_subprocess_wait (child, NULL, NULL));
      g_assert_true (g_subprocess_get_if_signaled (child));
      total += last;

      /* The same edits in memory: the file holds the state after the last
       * reported edit, or after the one being committed when killed. */
      g_autoptr (KzGame) replica = annotated_base ();
      g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
      for (guint n = 0; n < last; n++)
        random_edit (replica, rand);
      g_autofree char *expect = dump (replica);
      random_edit (replica, rand);
      g_autofree char *expect_next = dump (replica);
      g_autoptr (KzStore) store = open_ok (f->path);
      g_assert_true (kz_store_check_integrity (store, NULL));
      g_autofree char *got = stored_dump (f->path, 1);
      if (g_strcmp0 (got, expect) != 0)
        g_assert_cmpstr (got, ==, expect_next);
    }
  g_test_message ("%u reported edits over 6 killed children, all found", total);
  g_assert_cmpuint (total, >=, 30);
}

/* What a reader gets of a comment (auto-play's pause, the screen reader):
 * no "[%…]" commands. */
static void
test_readable_comment (void)
{
  const struct { const char *in, *out; } cases[] = {
    { "[%eval 0.35]", "" },
    { "[%clk 0:04:51] A good move [%eval 0.35]", "A good move" },
    { "Best: [%eval -1.20] then  c4-c5", "Best: then c4-c5" },
    { "an open [% bracket", "an open [% bracket" },
    { "[a] [b%] plain", "[a] [b%] plain" },
    { "", "" },
    { NULL, "" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *got = kz_comment_dup_readable (cases[i].in);
      g_assert_cmpstr (got, ==, cases[i].out);
    }
}

int
main (int argc, char **argv)
{
  if (argc == 4 && strcmp (argv[1], "--annotate-child") == 0)
    return run_child (argv[2], (guint32) g_ascii_strtoull (argv[3], NULL, 10));
  self_path = argv[0];
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/tree/variations", test_variations);
  g_test_add_func ("/model/tree/annotations", test_annotations);
  g_test_add_func ("/model/tree/readable-comment", test_readable_comment);
  g_test_add_func ("/model/tree/delete-promote", test_delete_promote);
#define ADD(path, fn) g_test_add (path, Fixture, NULL, fixture_setup, fn, fixture_teardown)
  ADD ("/model/tree/store-edits", test_store_edits);
  ADD ("/model/tree/store-create", test_store_create);
  ADD ("/model/tree/migration", test_migration);
  ADD ("/model/tree/sigkill", test_sigkill);
  return g_test_run ();
}
