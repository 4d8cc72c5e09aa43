/* test-model-move-rows.c — the move list's rows for a game's tree
 * (kz_move_rows_fill(): variations inline under the move they branch
 * from, nested, comments and marks) and the replay following a node of
 * the tree (KzReplay: along a line, into variations, between sibling
 * lines, after edits).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "kz-game.h"
#include "kz-kgn.h"
#include "kz-move-row.h"
#include "kz-replay.h"

/* Two levels of variations, comments before and after moves, marks and
 * an evaluation NAG. */
static const char annotated[] =
  "[Event \"Annotated\"]\n"
  "[Cossacks \"Ivan\"]\n"
  "[Turks \"Ali\"]\n"
  "[Result \"*\"]\n"
  "\n"
  "{The opening of the battle.} 1. b4-a4! {A quiet start}\n"
  "(1. e3-e4?! {Sharper} 1... b6-a6 (1...c6-c5 $14 2. c4xc6xa6!!) 2.e4-e5)\n"
  "( {Or} 1. d4-d5 d6xd4 )\n"
  "1... b6-a6 $1 $14 2. a4-a5 ?? a6xa4 3. a3xa5 !? {At the end} *\n";

/* The rows as text: depth, then the number and the two moves, or the comment. */
static char *
dump_rows (GListModel *model)
{
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    {
      g_autoptr (KzMoveRow) row = g_list_model_get_item (model, i);
      g_string_append_printf (out, "%u ", kz_move_row_get_depth (row));
      switch (kz_move_row_get_kind (row))
        {
        case KZ_MOVE_ROW_MOVES:
          {
            g_autofree char *c = kz_move_row_dup_label (row, KZ_COSSACKS);
            g_autofree char *t = kz_move_row_dup_label (row, KZ_TURKS);
            g_string_append_printf (out, "%u. %s | %s\n", kz_move_row_get_number (row),
                                    c ? c : "-", t ? t : "-");
          }
          break;
        case KZ_MOVE_ROW_COMMENT:
          g_string_append_printf (out, "{%s}\n", kz_move_row_get_comment (row));
          break;
        case KZ_MOVE_ROW_RESULT:
          g_string_append_printf (out, "= %s\n", kz_move_row_get_comment (row));
          break;
        }
    }
  return g_string_free (out, FALSE);
}

static KzGame *
load (void)
{
  g_autoptr (GError) error = NULL;
  KzGame *game = kz_kgn_parse_game (annotated, -1, &error);
  g_assert_no_error (error);
  return game;
}

static void
test_rows (void)
{
  g_autoptr (KzGame) game = load ();
  g_autoptr (GListStore) store = g_list_store_new (KZ_TYPE_MOVE_ROW);
  kz_move_rows_fill (store, game);
  g_autofree char *text = dump_rows (G_LIST_MODEL (store));
  g_assert_cmpstr (text, ==,
                   "0 {The opening of the battle.}\n"
                   "0 1. b4-a4! | -\n"
                   "0 {A quiet start}\n"
                   "1 1. e3-e4?! | -\n"
                   "1 {Sharper}\n"
                   "1 1. - | b6-a6\n"
                   "2 1. - | c6-c5 +/=\n"
                   "2 2. c4xc6xa6!! | -\n"
                   "1 2. e4-e5 | -\n"
                   "1 {Or}\n"
                   "1 1. d4-d5 | d6xd4\n"
                   "0 1. - | b6-a6! +/=\n"
                   "0 2. a4-a5?? | a6xa4\n"
                   "0 3. a3xa5!? | -\n"
                   "0 {At the end}\n");

  /* Rows know their nodes: the nested variation's second move. */
  KzMoveNode *v1 = kz_move_node_get_child (kz_game_get_root (game), 1);
  KzMoveNode *v2 = kz_move_node_get_child (v1, 1);
  KzMoveNode *v2b = kz_move_node_get_child (v2, 0);
  guint at = kz_move_rows_find_node (G_LIST_MODEL (store), v2b);
  g_assert_cmpuint (at, ==, 7);
  g_autoptr (KzMoveRow) row = g_list_model_get_item (G_LIST_MODEL (store), at);
  g_assert_true (kz_move_row_get_node (row, KZ_COSSACKS) == v2b);
  g_assert_cmpint (kz_move_row_get_ply (row, KZ_COSSACKS), ==, 2);
  /* A copy shows the same (the list refreshes a row with one). */
  g_autoptr (KzMoveRow) copy = kz_move_row_copy (row);
  g_autofree char *a = kz_move_row_dup_label (row, KZ_COSSACKS);
  g_autofree char *b = kz_move_row_dup_label (copy, KZ_COSSACKS);
  g_assert_true (copy != row);
  g_assert_cmpstr (a, ==, b);
  g_assert_true (kz_move_row_get_node (copy, KZ_COSSACKS) == v2b);
  g_assert_cmpuint (kz_move_row_get_depth (copy), ==, 2);
  /* The main line's move 2 (ply index 1) is found in the main line only,
   * not in the variation that has a move at the same ply. */
  g_assert_cmpuint (kz_move_rows_find (G_LIST_MODEL (store), 1), ==, 11);
  g_assert_cmpuint (kz_move_rows_find_node (G_LIST_MODEL (store), kz_game_get_root (game)), ==,
                    G_MAXUINT);
}

/* A finished game without annotations keeps the rows it always had. */
static void
test_rows_plain (void)
{
  g_autoptr (KzGame) game = kz_game_new ();
  g_autoptr (GListStore) store = g_list_store_new (KZ_TYPE_MOVE_ROW);
  g_assert_true (kz_game_play_text (game, "c4-c5", NULL));
  g_assert_true (kz_game_play_text (game, "c6xc4xa4", NULL));
  g_assert_true (kz_game_play_text (game, "a3xa5", NULL));
  g_assert_true (kz_game_resign (game, KZ_TURKS, NULL));
  kz_move_rows_fill (store, game);
  g_autofree char *text = dump_rows (G_LIST_MODEL (store));
  g_assert_true (g_str_has_prefix (text, "0 1. c4-c5 | c6xc4xa4\n0 2. a3xa5 | -\n0 = 1-0 · "));

  /* An edit shows after a refill: a mark and a variation. */
  g_assert_true (kz_game_set_mark (game, kz_game_get_main_node (game, 1), KZ_NAG_BLUNDER, NULL));
  g_assert_nonnull (kz_game_add_variation_text (game, kz_game_get_root (game), "b4-a4", NULL));
  kz_move_rows_fill (store, game);
  g_autofree char *text2 = dump_rows (G_LIST_MODEL (store));
  g_assert_true (g_str_has_prefix (text2, "0 1. c4-c5?? | -\n1 1. b4-a4 | -\n"
                                          "0 1. - | c6xc4xa4\n0 2. a3xa5 | -\n"));
}

static void
test_replay_nodes (void)
{
  g_autoptr (KzGame) game = load ();
  g_autoptr (KzReplay) replay = kz_replay_new (game, 0);
  KzMoveNode *root = kz_game_get_root (game);
  KzMoveNode *v1 = kz_move_node_get_child (root, 1);          /* 1. e3-e4 */
  KzMoveNode *v1b = kz_move_node_get_child (v1, 0);           /* 1... b6-a6 */
  KzMoveNode *v2 = kz_move_node_get_child (v1, 1);            /* 1... c6-c5 */
  KzMoveNode *v3 = kz_move_node_get_child (root, 2);          /* 1. d4-d5 */

  g_assert_true (kz_replay_get_node (replay) == root);
  g_assert_cmpuint (kz_replay_get_n_plies (replay), ==, 5);
  /* Into the nested variation: the line followed is the variation's. */
  g_assert_true (kz_replay_goto_node (replay, kz_move_node_get_child (v2, 0)));
  g_assert_cmpuint (kz_replay_get_ply (replay), ==, 3);
  g_assert_cmpuint (kz_replay_get_n_plies (replay), ==, 3);
  g_assert_cmpstr (kz_replay_get_move_text (replay), ==, "c4xc6xa6");
  g_assert_true (kz_replay_first (replay));
  g_assert_true (kz_replay_next (replay));
  g_assert_true (kz_replay_get_node (replay) == v1);     /* the way it came */
  g_assert_true (kz_replay_next (replay));
  g_assert_true (kz_replay_get_node (replay) == v2);
  /* The shown position is the node's, with the pieces' ids carried on. */
  g_assert_true (memcmp (kz_replay_get_position (replay), kz_move_node_get_position (v2),
                         sizeof (KzPosition)) == 0);
  KzReplayStep step;
  g_assert_true (kz_replay_get_step (replay, &step));
  g_assert_cmpint (step.piece_id, >=, KZ_PIECES_PER_SIDE);     /* a Turkish piece moved */
  /* Sibling lines at the nearest branch: c6-c5 ↔ b6-a6. */
  g_assert_true (kz_replay_switch_line (replay, -1));
  g_assert_true (kz_replay_get_node (replay) == v1b);
  g_assert_false (kz_replay_switch_line (replay, -1));
  g_assert_cmpuint (kz_replay_get_n_plies (replay), ==, 3);   /* b6-a6 e4-e5 */
  /* From v1 the branch is at the root: main line, e3-e4, d4-d5. */
  g_assert_true (kz_replay_previous (replay));
  g_assert_true (kz_replay_switch_line (replay, 1));
  g_assert_true (kz_replay_get_node (replay) == v3);
  g_assert_false (kz_replay_switch_line (replay, 1));
  g_assert_true (kz_replay_switch_line (replay, -1));
  g_assert_true (kz_replay_switch_line (replay, -1));
  g_assert_true (kz_replay_get_node (replay) == kz_game_get_main_node (game, 1));
  g_assert_cmpuint (kz_replay_get_n_plies (replay), ==, 5);
  g_assert_true (kz_replay_last (replay));
  g_assert_cmpuint (kz_replay_get_ply (replay), ==, 5);

  /* Deleting the variation shown goes back to where it branched. */
  g_assert_true (kz_replay_goto_node (replay, kz_move_node_get_child (v2, 0)));
  g_assert_true (kz_game_delete_variation (game, v2, NULL));
  g_assert_true (kz_replay_get_node (replay) == v1);
  g_assert_cmpuint (kz_replay_get_n_plies (replay), ==, 3);
  /* A variation move added where the line ended makes the line longer. */
  g_assert_true (kz_replay_last (replay));
  KzMoveNode *end = kz_replay_get_node (replay);
  KzMoveNode *added = kz_game_add_variation_text (game, end, "e5-e6", NULL);
  if (added == NULL)   /* not legal here: any legal move will do */
    {
      g_autoptr (GArray) moves = NULL;
      g_autoptr (KzGame) scratch = kz_game_new_from_position (kz_move_node_get_position (end));
      moves = kz_game_list_moves (scratch, KZ_NO_POINT);
      g_assert_cmpuint (moves->len, >, 0);
      added = kz_game_add_variation_move (game, end, &g_array_index (moves, KzMove, 0), NULL);
    }
  g_assert_nonnull (added);
  g_assert_cmpuint (kz_replay_get_n_plies (replay), ==, 4);
  g_assert_true (kz_replay_next (replay));
  g_assert_true (kz_replay_get_node (replay) == added);
}

/* Taking back the main-line move shown moves the replay back with it. */
static void
test_replay_undo (void)
{
  g_autoptr (KzGame) game = kz_game_new ();
  g_assert_true (kz_game_play_text (game, "c4-c5", NULL));
  g_assert_true (kz_game_play_text (game, "c6xc4xa4", NULL));
  g_autoptr (KzReplay) replay = kz_replay_new (game, 2);
  g_assert_true (kz_game_undo (game, NULL));
  g_assert_cmpuint (kz_replay_get_ply (replay), ==, 1);
  g_assert_true (kz_replay_get_node (replay) == kz_game_get_main_node (game, 1));
  g_assert_cmpuint (kz_replay_get_n_plies (replay), ==, 1);
  g_assert_true (kz_game_play_text (game, "c6xc4xa4", NULL));
  g_assert_cmpuint (kz_replay_get_ply (replay), ==, 1);
  g_assert_cmpuint (kz_replay_get_n_plies (replay), ==, 2);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/move-rows/tree", test_rows);
  g_test_add_func ("/move-rows/plain", test_rows_plain);
  g_test_add_func ("/replay/nodes", test_replay_nodes);
  g_test_add_func ("/replay/undo", test_replay_undo);
  return g_test_run ();
}
