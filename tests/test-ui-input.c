/* test-ui-input.c — the board's input state machine: selection, capture
 * chains, drag and drop, and the reasons for refusals.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <string.h>

#include "kz-board-input.h"

static int
pt (const char *name)
{
  int sq = kz_point_parse (name, NULL);
  g_assert_cmpint (sq, !=, KZ_NO_POINT);
  return sq;
}

static KzBoardInput *
input_for (const char *kpn)
{
  KzBoardInput *input = kz_board_input_new ();
  KzPosition pos;
  KzError error;

  g_assert_true (kz_kpn_parse (kpn, &pos, &error));
  kz_board_input_set_position (input, &pos);
  return input;
}

static void
assert_move (const KzMove *move, const char *text)
{
  char buf[KZ_MOVE_STR_MAX];
  kz_move_format (move, buf, sizeof buf);
  g_assert_cmpstr (buf, ==, text);
}

static void
test_select_and_step (void)
{
  KzBoardInput *input = input_for (KZ_START_KPN);
  KzMove move;
  KzError error;
  KzBits targets;

  g_assert_cmpint (kz_board_input_get_selected (input), ==, KZ_NO_POINT);
  g_assert_cmpint (kz_board_input_click (input, pt ("d4"), &move, &error), ==, KZ_INPUT_SELECTED);
  g_assert_cmpint (kz_board_input_get_selected (input), ==, pt ("d4"));
  targets = kz_board_input_get_targets (input);
  g_assert_true (targets == (KZ_BIT (pt ("d5")) | KZ_BIT (pt ("e4"))));
  /* Clicking another movable piece moves the selection. */
  g_assert_cmpint (kz_board_input_click (input, pt ("c4"), &move, &error), ==, KZ_INPUT_SELECTED);
  g_assert_cmpint (kz_board_input_get_selected (input), ==, pt ("c4"));
  /* Clicking it again deselects; clicking outside also does. */
  g_assert_cmpint (kz_board_input_click (input, pt ("c4"), &move, &error), ==, KZ_INPUT_DESELECTED);
  g_assert_cmpint (kz_board_input_click (input, KZ_NO_POINT, &move, &error), ==, KZ_INPUT_IGNORED);
  g_assert_cmpint (kz_board_input_click (input, pt ("c4"), &move, &error), ==, KZ_INPUT_SELECTED);
  g_assert_cmpint (kz_board_input_click (input, KZ_NO_POINT, &move, &error), ==, KZ_INPUT_DESELECTED);
  /* Select, then a target: the step. */
  g_assert_cmpint (kz_board_input_click (input, pt ("d4"), &move, &error), ==, KZ_INPUT_SELECTED);
  g_assert_cmpint (kz_board_input_click (input, pt ("e4"), &move, &error), ==, KZ_INPUT_MOVE);
  assert_move (&move, "d4-e4");
  g_assert_cmpint (kz_board_input_get_selected (input), ==, KZ_NO_POINT);
  /* Drag and drop. */
  g_assert_cmpint (kz_board_input_drop (input, pt ("a3"), pt ("a4"), &move, &error), ==, KZ_INPUT_MOVE);
  assert_move (&move, "a3-a4");
  g_assert_cmpint (kz_board_input_drop (input, pt ("a3"), pt ("b5"), &move, &error), ==, KZ_INPUT_REFUSED);
  g_assert_cmpint (error.code, ==, KZ_ERR_NOT_ADJACENT);
  g_assert_cmpint (kz_board_input_drop (input, pt ("a3"), pt ("a5"), &move, &error), ==, KZ_INPUT_REFUSED);
  g_assert_cmpint (error.code, ==, KZ_ERR_NOTHING_TO_JUMP);
  kz_board_input_free (input);
}

static void
test_refusals (void)
{
  KzBoardInput *input = input_for (KZ_START_KPN);
  KzMove move;
  KzError error;
  g_autofree char *text = NULL;

  g_assert_cmpint (kz_board_input_click (input, pt ("c5"), &move, &error), ==, KZ_INPUT_REFUSED);
  g_assert_cmpint (error.code, ==, KZ_ERR_NO_PIECE);
  g_assert_cmpint (error.point_a, ==, pt ("c5"));
  text = kz_board_input_describe_error (&error);
  g_assert_nonnull (strstr (text, "c5"));
  g_clear_pointer (&text, g_free);

  g_assert_cmpint (kz_board_input_click (input, pt ("c6"), &move, &error), ==, KZ_INPUT_REFUSED);
  g_assert_cmpint (error.code, ==, KZ_ERR_NOT_YOURS);

  /* A piece with no move is refused and says so. */
  g_assert_cmpint (kz_board_input_click (input, pt ("c1"), &move, &error), ==, KZ_INPUT_REFUSED);
  g_assert_cmpint (kz_board_input_get_selected (input), ==, KZ_NO_POINT);
  text = kz_board_input_describe_error (&error);
  g_assert_nonnull (strstr (text, "c1"));
  g_clear_pointer (&text, g_free);

  /* Not joined by a line (the square has no diagonals). */
  g_assert_cmpint (kz_board_input_click (input, pt ("b4"), &move, &error), ==, KZ_INPUT_SELECTED);
  g_assert_cmpint (kz_board_input_click (input, pt ("c5"), &move, &error), ==, KZ_INPUT_REFUSED);
  g_assert_cmpint (error.code, ==, KZ_ERR_NOT_ADJACENT);
  g_assert_cmpint (error.point_a, ==, pt ("b4"));
  g_assert_cmpint (error.point_b, ==, pt ("c5"));
  /* The selection survives a refused target. */
  g_assert_cmpint (kz_board_input_get_selected (input), ==, pt ("b4"));

  /* A jump with nothing to jump. */
  g_assert_cmpint (kz_board_input_click (input, pt ("c4"), &move, &error), ==, KZ_INPUT_SELECTED);
  g_assert_cmpint (kz_board_input_click (input, pt ("c6"), &move, &error), ==, KZ_INPUT_REFUSED);
  g_assert_true (error.code == KZ_ERR_NOTHING_TO_JUMP || error.code == KZ_ERR_NOT_FREE);
  kz_board_input_free (input);
}

/* Cossack c3; Turks c4, c6 (and a9); the Turkish flag stands on c8. */
#define CHAIN_KPN "t4/3/5/2t2/5/2t2/2c2/3/4c c home home"

static void
test_chain_click_by_click (void)
{
  KzBoardInput *input = input_for (CHAIN_KPN);
  KzMove move;
  KzError error;
  const uint8_t *path;

  /* Capture compulsory: only c3 may move; e1 is refused with the reason. */
  g_assert_true (kz_board_input_get_must_capture (input) == KZ_BIT (pt ("c3")));
  g_assert_cmpint (kz_board_input_click (input, pt ("e1"), &move, &error), ==, KZ_INPUT_REFUSED);
  g_assert_cmpint (error.code, ==, KZ_ERR_CAPTURE_COMPULSORY);

  g_assert_cmpint (kz_board_input_click (input, pt ("c3"), &move, &error), ==, KZ_INPUT_SELECTED);
  g_assert_true (kz_board_input_get_targets (input) == KZ_BIT (pt ("c5")));
  g_assert_cmpint (kz_board_input_click (input, pt ("c5"), &move, &error), ==, KZ_INPUT_PARTIAL);
  g_assert_cmpint (kz_board_input_get_path (input, &path), ==, 1);
  g_assert_cmpint (path[0], ==, pt ("c5"));
  g_assert_false (kz_board_input_can_stop (input));
  /* Stopping after one jump is not allowed: the chain must go on. */
  g_assert_cmpint (kz_board_input_click (input, pt ("c5"), &move, &error), ==, KZ_INPUT_REFUSED);
  g_assert_cmpint (error.code, ==, KZ_ERR_CHAIN_INCOMPLETE);
  g_assert_cmpint (kz_board_input_click (input, pt ("c7"), &move, &error), ==, KZ_INPUT_PARTIAL);
  /* Only the flag is left to jump: the player may stop on c7. */
  g_assert_true (kz_board_input_can_stop (input));
  g_assert_true (kz_board_input_get_targets (input) == KZ_BIT (pt ("c9")));
  g_assert_cmpint (kz_board_input_click (input, pt ("c7"), &move, &error), ==, KZ_INPUT_MOVE);
  assert_move (&move, "c3xc5xc7");

  /* Or go on and take the flag. */
  g_assert_cmpint (kz_board_input_click (input, pt ("c3"), &move, &error), ==, KZ_INPUT_SELECTED);
  g_assert_cmpint (kz_board_input_click (input, pt ("c5"), &move, &error), ==, KZ_INPUT_PARTIAL);
  g_assert_cmpint (kz_board_input_click (input, pt ("c7"), &move, &error), ==, KZ_INPUT_PARTIAL);
  g_assert_cmpint (kz_board_input_click (input, pt ("c9"), &move, &error), ==, KZ_INPUT_MOVE);
  assert_move (&move, "c3xc5xc7xc9");
  g_assert_cmpuint (move.carried, ==, 1u << KZ_TURKS);
  kz_board_input_free (input);
}

/* A refused piece, then an empty point: the attempted move is refused
 * for the piece's reason, not as a click on "no piece" (the reason the
 * player was just given must not be buried). */
static void
test_refused_then_empty (void)
{
  KzBoardInput *input = input_for (CHAIN_KPN);
  KzMove move;
  KzError error;
  g_autofree char *text = NULL;

  g_assert_cmpint (kz_board_input_click (input, pt ("e1"), &move, &error), ==, KZ_INPUT_REFUSED);
  g_assert_cmpint (error.code, ==, KZ_ERR_CAPTURE_COMPULSORY);
  g_assert_cmpint (kz_board_input_click (input, pt ("d1"), &move, &error), ==, KZ_INPUT_REFUSED);
  g_assert_cmpint (error.code, ==, KZ_ERR_CAPTURE_COMPULSORY);
  g_assert_cmpint (error.point_a, ==, pt ("e1"));
  g_assert_cmpint (error.point_b, ==, pt ("d1"));
  text = kz_board_input_describe_error (&error);
  g_assert_nonnull (strstr (text, "e1-d1"));
  g_clear_pointer (&text, g_free);
  /* Another empty point: still the same piece's attempt. */
  g_assert_cmpint (kz_board_input_click (input, pt ("a1"), &move, &error), ==, KZ_INPUT_REFUSED);
  g_assert_cmpint (error.code, ==, KZ_ERR_CAPTURE_COMPULSORY);
  g_assert_cmpint (error.point_a, ==, pt ("e1"));
  /* Another kind of click forgets the refused piece. */
  g_assert_cmpint (kz_board_input_click (input, pt ("c4"), &move, &error), ==, KZ_INPUT_REFUSED);
  g_assert_cmpint (error.code, ==, KZ_ERR_NOT_YOURS);
  g_assert_cmpint (kz_board_input_click (input, pt ("d1"), &move, &error), ==, KZ_INPUT_REFUSED);
  g_assert_cmpint (error.code, ==, KZ_ERR_NO_PIECE);
  kz_board_input_free (input);

  /* A piece that cannot move, then an empty point: it still cannot move. */
  input = input_for (KZ_START_KPN);
  g_assert_cmpint (kz_board_input_click (input, pt ("c1"), &move, &error), ==, KZ_INPUT_REFUSED);
  g_assert_cmpint (kz_board_input_click (input, pt ("c5"), &move, &error), ==, KZ_INPUT_REFUSED);
  g_assert_cmpint (error.code, ==, KZ_ERR_ILLEGAL);
  g_assert_cmpint (error.point_a, ==, pt ("c1"));
  kz_board_input_free (input);
}

static void
test_chain_single_click (void)
{
  KzBoardInput *input = input_for (CHAIN_KPN);
  KzMove move;
  KzError error;

  /* One click on the final point names exactly one chain. */
  g_assert_cmpint (kz_board_input_click (input, pt ("c3"), &move, &error), ==, KZ_INPUT_SELECTED);
  g_assert_cmpint (kz_board_input_click (input, pt ("c9"), &move, &error), ==, KZ_INPUT_MOVE);
  assert_move (&move, "c3xc5xc7xc9");
  g_assert_cmpint (kz_board_input_click (input, pt ("c3"), &move, &error), ==, KZ_INPUT_SELECTED);
  g_assert_cmpint (kz_board_input_click (input, pt ("c7"), &move, &error), ==, KZ_INPUT_MOVE);
  assert_move (&move, "c3xc5xc7");
  /* Dragging onto the final point too. */
  g_assert_cmpint (kz_board_input_drop (input, pt ("c3"), pt ("c9"), &move, &error), ==, KZ_INPUT_MOVE);
  assert_move (&move, "c3xc5xc7xc9");
  /* A step is refused while the capture is compulsory. */
  g_assert_cmpint (kz_board_input_click (input, pt ("c3"), &move, &error), ==, KZ_INPUT_SELECTED);
  g_assert_cmpint (kz_board_input_click (input, pt ("d3"), &move, &error), ==, KZ_INPUT_REFUSED);
  g_assert_cmpint (error.code, ==, KZ_ERR_CAPTURE_COMPULSORY);
  kz_board_input_free (input);
}

/* Defect (issue 24): an enemy piece clicked as the destination was
 * refused with "The jump from c4 to c6 passes no enemy"; the message
 * says how a capture is made, and where this one lands. */
static void
test_enemy_clicked (void)
{
  KzBoardInput *input = input_for (CHAIN_KPN);
  KzMove move;
  KzError error;
  g_autofree char *text = NULL;

  /* c3 next to the Turk on c4: land beyond it, on c5. */
  g_assert_cmpint (kz_board_input_click (input, pt ("c3"), &move, &error), ==, KZ_INPUT_SELECTED);
  g_assert_cmpint (kz_board_input_click (input, pt ("c4"), &move, &error), ==, KZ_INPUT_REFUSED);
  text = kz_board_input_describe_error (&error);
  g_test_message ("%s", text);
  g_assert_cmpstr (text, ==, "To capture the piece on c4, jump over it onto the free point beyond it, c5");
  g_clear_pointer (&text, g_free);
  /* The selection stays, and the capture goes on as said. */
  g_assert_cmpint (kz_board_input_get_selected (input), ==, pt ("c3"));
  g_assert_cmpint (kz_board_input_click (input, pt ("c5"), &move, &error), ==, KZ_INPUT_PARTIAL);
  /* In the chain: the next Turk, c6, is jumped onto c7. */
  g_assert_cmpint (kz_board_input_click (input, pt ("c6"), &move, &error), ==, KZ_INPUT_REFUSED);
  text = kz_board_input_describe_error (&error);
  g_assert_cmpstr (text, ==, "To capture the piece on c6, jump over it onto the free point beyond it, c7");
  g_clear_pointer (&text, g_free);
  kz_board_input_free (input);

  /* The new player's case: from the start, c4 then the Turk on c6. */
  input = input_for (KZ_START_KPN);
  g_assert_cmpint (kz_board_input_click (input, pt ("c4"), &move, &error), ==, KZ_INPUT_SELECTED);
  g_assert_cmpint (kz_board_input_click (input, pt ("c6"), &move, &error), ==, KZ_INPUT_REFUSED);
  text = kz_board_input_describe_error (&error);
  g_test_message ("%s", text);
  g_assert_null (strstr (text, "passes no enemy"));
  g_assert_nonnull (strstr (text, "jumping over a piece onto the free point beyond it"));
  g_assert_nonnull (strstr (text, "c6"));
  kz_board_input_free (input);
}

/* Two chains from a3 go round the square a3 a5 c5 c3 and come back to
 * a3, one each way (Turks on a4, b5, c4, b3). */
#define LOOP_KPN "4t/3/5/5/1t3/t1t2/ct3/3/4c c home home"

static void
test_chain_loop (void)
{
  KzBoardInput *input = input_for (LOOP_KPN);
  KzMove move;
  KzError error;

  g_assert_cmpint (kz_board_input_get_moves (input)->count, ==, 2);
  g_assert_cmpint (kz_board_input_click (input, pt ("a3"), &move, &error), ==, KZ_INPUT_SELECTED);
  g_assert_true (kz_board_input_get_targets (input) == (KZ_BIT (pt ("a5")) | KZ_BIT (pt ("c3"))));
  /* Both chains end on a3: a click there cannot name one (it deselects). */
  g_assert_cmpint (kz_board_input_click (input, pt ("a3"), &move, &error), ==, KZ_INPUT_DESELECTED);
  /* After the first landing point, the final point names one chain. */
  g_assert_cmpint (kz_board_input_click (input, pt ("a3"), &move, &error), ==, KZ_INPUT_SELECTED);
  g_assert_cmpint (kz_board_input_click (input, pt ("c3"), &move, &error), ==, KZ_INPUT_PARTIAL);
  g_assert_cmpint (kz_board_input_click (input, pt ("a3"), &move, &error), ==, KZ_INPUT_MOVE);
  assert_move (&move, "a3xc3xc5xa5xa3");
  /* Click by click the other way round. */
  g_assert_cmpint (kz_board_input_click (input, pt ("a3"), &move, &error), ==, KZ_INPUT_SELECTED);
  g_assert_cmpint (kz_board_input_click (input, pt ("a5"), &move, &error), ==, KZ_INPUT_PARTIAL);
  /* A landing point of the other chain is refused with the reason. */
  g_assert_cmpint (kz_board_input_click (input, pt ("c3"), &move, &error), ==, KZ_INPUT_REFUSED);
  g_assert_cmpint (error.code, !=, KZ_ERR_NONE);
  g_assert_cmpint (kz_board_input_click (input, pt ("c5"), &move, &error), ==, KZ_INPUT_PARTIAL);
  g_assert_cmpint (kz_board_input_click (input, pt ("c3"), &move, &error), ==, KZ_INPUT_PARTIAL);
  g_assert_cmpint (kz_board_input_click (input, pt ("a3"), &move, &error), ==, KZ_INPUT_MOVE);
  assert_move (&move, "a3xa5xc5xc3xa3");
  kz_board_input_free (input);
}

static void
test_game_over (void)
{
  /* Only Cossacks are left: the Turks have lost and nothing can move. */
  KzBoardInput *input = input_for ("5/3/5/5/5/5/2c2/3/5 t home home");
  KzMove move;
  KzError error;

  g_assert_cmpint (kz_board_input_get_moves (input)->count, ==, 0);
  g_assert_cmpint (kz_board_input_click (input, pt ("c3"), &move, &error), ==, KZ_INPUT_REFUSED);
  g_assert_cmpint (error.code, ==, KZ_ERR_GAME_OVER);
  kz_board_input_free (input);
}

/* Enters a move click by click: the piece, then each landing point (the
 * last one twice when the chain could go on). */
static void
click_move (KzBoardInput *input, const KzMove *m)
{
  KzMove got;
  KzError error;
  KzInputResult r;
  int n = m->n_jumps ? m->n_jumps : 1;

  r = kz_board_input_click (input, m->from, &got, &error);
  g_assert_cmpint (r, ==, KZ_INPUT_SELECTED);
  for (int i = 0; i < n; i++)
    {
      int p = m->n_jumps ? m->path[i] : m->to;
      r = kz_board_input_click (input, p, &got, &error);
      if (i < n - 1)
        g_assert_cmpint (r, ==, KZ_INPUT_PARTIAL);
    }
  if (r == KZ_INPUT_PARTIAL)
    {
      g_assert_true (kz_board_input_can_stop (input));
      r = kz_board_input_click (input, m->to, &got, &error);
    }
  g_assert_cmpint (r, ==, KZ_INPUT_MOVE);
  g_assert_true (kz_move_equal (&got, m));
}

/* Random games to their end, every move entered with clicks, and when
 * the final point names one move also with a drag; the input state
 * machine must give back exactly the engine's move each time. */
static void
test_random_games (void)
{
  GRand *rand = g_rand_new_with_seed (20261130);
  KzBoardInput *input = kz_board_input_new ();
  int finished = 0, chains = 0;

  for (int game = 0; game < 60; game++)
    {
      KzPosition pos;

      kz_position_init_start (&pos);
      for (int ply = 0; ply < 400; ply++)
        {
          const KzMoveList *moves;
          const KzMove *m;
          int same_end = 0;

          kz_board_input_set_position (input, &pos);
          moves = kz_board_input_get_moves (input);
          if (moves->count == 0)
            {
              finished++;
              break;
            }
          m = &moves->moves[g_rand_int_range (rand, 0, moves->count)];
          if (m->n_jumps > 1)
            chains++;
          click_move (input, m);

          for (int i = 0; i < moves->count; i++)
            if (moves->moves[i].from == m->from && moves->moves[i].to == m->to)
              same_end++;
          if (same_end == 1 && m->to != m->from)
            {
              KzMove got;
              KzError error;
              KzInputResult r = kz_board_input_drop (input, m->from, m->to, &got, &error);
              /* Dropped on a landing point from which the chain may go
               * on (or pass again): one more click there ends it. */
              if (r == KZ_INPUT_PARTIAL)
                r = kz_board_input_click (input, m->to, &got, &error);
              g_assert_cmpint (r, ==, KZ_INPUT_MOVE);
              g_assert_true (kz_move_equal (&got, m));
            }
          kz_position_make_move (&pos, m);
        }
    }
  g_test_message ("%d games finished, %d chains of two jumps or more", finished, chains);
  g_assert_cmpint (finished, >, 30);
  g_assert_cmpint (chains, >, 10);
  kz_board_input_free (input);
  g_rand_free (rand);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/ui/board-input/select-and-step", test_select_and_step);
  g_test_add_func ("/ui/board-input/refusals", test_refusals);
  g_test_add_func ("/ui/board-input/chain-click-by-click", test_chain_click_by_click);
  g_test_add_func ("/ui/board-input/refused-then-empty", test_refused_then_empty);
  g_test_add_func ("/ui/board-input/chain-single-click", test_chain_single_click);
  g_test_add_func ("/ui/board-input/chain-loop", test_chain_loop);
  g_test_add_func ("/ui/board-input/enemy-clicked", test_enemy_clicked);
  g_test_add_func ("/ui/board-input/game-over", test_game_over);
  g_test_add_func ("/ui/board-input/random-games", test_random_games);
  return g_test_run ();
}
