/* test-model-game.c — KzGame: moves, undo/redo, repetition, outcomes,
 * error messages, piece identity, signals and notifications.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "kz-game.h"
#include "kz-search.h"
#include "kz-position-text.h"

static void
play_all (KzGame *game, const char *const *moves)
{
  for (guint i = 0; moves[i]; i++)
    {
      g_autoptr (GError) error = NULL;
      gboolean ok = kz_game_play_text (game, moves[i], &error);
      g_assert_no_error (error);
      g_assert_true (ok);
    }
}

static void
test_undo_redo (void)
{
  g_autoptr (KzGame) game = kz_game_new ();
  static const char *const moves[] = { "b4-a4", "b6-a6", "a4-a5", NULL };
  g_assert_false (kz_game_get_can_undo (game));
  g_assert_false (kz_game_get_can_redo (game));
  play_all (game, moves);
  g_assert_cmpuint (kz_game_get_ply (game), ==, 3);
  g_assert_cmpint (kz_game_get_side_to_move (game), ==, KZ_TURKS);
  g_autofree char *kpn3 = kz_game_dup_kpn_at (game, 3);

  g_assert_true (kz_game_undo (game, NULL));
  g_assert_true (kz_game_undo (game, NULL));
  g_assert_cmpuint (kz_game_get_ply (game), ==, 1);
  g_assert_true (kz_game_get_can_redo (game));
  g_assert_cmpstr (kz_game_get_move_text (game, 0), ==, "b4-a4");
  g_assert_null (kz_game_get_move_text (game, 1));

  /* Redo replays b6-a6 then a4-a5, in order. */
  g_assert_true (kz_game_redo (game, NULL));
  g_assert_cmpstr (kz_game_get_move_text (game, 1), ==, "b6-a6");
  g_assert_true (kz_game_redo (game, NULL));
  g_autofree char *kpn3b = kz_game_dup_kpn_at (game, 3);
  g_assert_cmpstr (kpn3, ==, kpn3b);
  g_assert_false (kz_game_get_can_redo (game));
  g_autoptr (GError) error = NULL;
  g_assert_false (kz_game_redo (game, &error));
  g_assert_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_NOTHING_TO_REDO);
  g_clear_error (&error);

  /* A new move clears the redo stack. */
  g_assert_true (kz_game_undo (game, NULL));
  g_assert_true (kz_game_get_can_redo (game));
  g_assert_true (kz_game_play_text (game, "a4-b4", NULL));
  g_assert_false (kz_game_get_can_redo (game));
  g_assert_cmpuint (kz_game_get_ply (game), ==, 3);

  /* Undo down to nothing. */
  while (kz_game_get_can_undo (game))
    g_assert_true (kz_game_undo (game, NULL));
  g_assert_cmpuint (kz_game_get_ply (game), ==, 0);
  g_assert_false (kz_game_undo (game, &error));
  g_assert_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_NOTHING_TO_UNDO);
  g_autofree char *kpn0 = kz_game_dup_kpn_at (game, 0);
  g_assert_cmpstr (kpn0, ==, KZ_START_KPN);
}

static void
test_repetition (void)
{
  g_autoptr (KzGame) game = kz_game_new ();
  static const char *const cycle[] = { "b4-a4", "b6-a6", "a4-b4", "a6-b6", NULL };
  play_all (game, cycle);
  /* The start position has now occurred twice: no draw yet. */
  g_assert_cmpuint (kz_game_count_repetitions (game), ==, 2);
  g_assert_false (kz_game_is_over (game));
  static const char *const again[] = { "b4-a4", "b6-a6", "a4-b4", NULL };
  play_all (game, again);
  g_assert_false (kz_game_is_over (game));
  /* The third occurrence draws. */
  g_assert_true (kz_game_play_text (game, "a6-b6", NULL));
  g_assert_true (kz_game_is_over (game));
  g_assert_cmpint (kz_game_get_result (game), ==, KZ_RESULT_DRAW);
  g_assert_cmpint (kz_game_get_termination (game), ==, KZ_TERMINATION_REPETITION);
  g_assert_cmpuint (kz_game_count_repetitions (game), ==, 3);
  g_autoptr (GArray) moves = kz_game_list_moves (game, KZ_NO_POINT);
  g_assert_cmpuint (moves->len, ==, 0);
  g_autoptr (GError) error = NULL;
  g_assert_false (kz_game_play_text (game, "b4-a4", &error));
  g_assert_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_GAME_OVER);

  /* Undo reopens the game. */
  g_assert_true (kz_game_undo (game, NULL));
  g_assert_false (kz_game_is_over (game));
  g_assert_cmpint (kz_game_get_result (game), ==, KZ_RESULT_NONE);
  /* A different side to move is a different position: a6-a5 then back
   * is not a repetition of the start. */
  g_assert_cmpuint (kz_game_count_repetitions (game), ==, 2);
}

static void
test_errors (void)
{
  g_autoptr (KzGame) game = kz_game_new ();
  g_autoptr (GError) error = NULL;

  g_assert_false (kz_game_play_text (game, "c4-c6", &error));
  g_assert_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_ILLEGAL_MOVE);
  g_assert_cmpstr (error->message, ==, "c4 and c6 are not neighbours on a line");
  g_clear_error (&error);

  g_assert_false (kz_game_play_text (game, "a5-a6", &error));
  g_assert_cmpstr (error->message, ==, "There is no piece on a5");
  g_clear_error (&error);

  g_assert_false (kz_game_play_text (game, "b6-b5", &error));
  g_assert_cmpstr (error->message, ==, "The piece on b6 belongs to the opponent");
  g_clear_error (&error);

  g_assert_false (kz_game_play_text (game, "hello", &error));
  g_assert_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_SYNTAX);
  g_clear_error (&error);

  g_assert_true (kz_game_play_text (game, "c4-c5", NULL));
  g_assert_true (kz_game_capture_compulsory (game));
  KzBits capturers = kz_game_get_capturing_pieces (game);
  g_assert_cmpuint (capturers, ==, KZ_BIT (KZ_SQ (2, 5)));   /* only c6 */
  g_assert_false (kz_game_play_text (game, "b6-a6", &error));
  g_assert_cmpstr (error->message, ==, "A capture is compulsory");
  g_clear_error (&error);
  g_assert_false (kz_game_play_text (game, "c6xc4", &error));
  g_assert_cmpstr (error->message, ==, "The chain must go on from c4");
  g_clear_error (&error);
  g_assert_cmpuint (kz_game_get_ply (game), ==, 1);

  /* The complete chains, and click-by-click prefixes. */
  g_autoptr (GArray) all = kz_game_list_moves (game, KZ_SQ (2, 5));
  g_assert_cmpuint (all->len, ==, 2);
  for (guint i = 0; i < all->len; i++)
    {
      const KzMove *m = &g_array_index (all, KzMove, i);
      g_assert_cmpuint (m->n_jumps, ==, 2);
      g_assert_cmpint (m->path[0], ==, KZ_SQ (2, 3));
    }
  guint8 prefix[2] = { KZ_SQ (2, 3), KZ_SQ (0, 3) };
  g_autoptr (GArray) one = kz_game_list_moves_with_prefix (game, KZ_SQ (2, 5), prefix, 2);
  g_assert_cmpuint (one->len, ==, 1);
  g_autoptr (GArray) both = kz_game_list_moves_with_prefix (game, KZ_SQ (2, 5), prefix, 1);
  g_assert_cmpuint (both->len, ==, 2);
  g_autoptr (GArray) none = kz_game_list_moves (game, KZ_SQ (1, 5));
  g_assert_cmpuint (none->len, ==, 0);

  /* Bad KPN. */
  g_autoptr (KzGame) bad = kz_game_new_from_kpn ("nonsense", &error);
  g_assert_null (bad);
  g_assert_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_SYNTAX);
}

/* The invariants of the id table at one ply. */
static void
check_ids (KzGame *game, guint ply)
{
  const KzPosition *pos = kz_game_get_position_at (game, ply);
  const gint8 *ids = kz_game_get_piece_ids (game, ply);
  gboolean seen[KZ_N_PIECES] = { FALSE };
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    {
      int side = kz_position_piece_at (pos, sq);
      if (side < 0)
        {
          g_assert_cmpint (ids[sq], ==, KZ_NO_PIECE);
          continue;
        }
      g_assert_cmpint (ids[sq], >=, 0);
      g_assert_cmpint (ids[sq], <, KZ_N_PIECES);
      g_assert_cmpint (kz_piece_id_side (ids[sq]), ==, side);
      g_assert_false (seen[ids[sq]]);
      seen[ids[sq]] = TRUE;
      KzPiece p = kz_game_get_piece_at (game, ply, sq);
      g_assert_cmpint (p.id, ==, ids[sq]);
      g_assert_cmpint (p.side, ==, side);
      g_assert_cmpint (kz_game_find_piece (game, ply, p.id), ==, sq);
    }
}

static void
test_piece_ids (void)
{
  g_autoptr (KzGame) game = kz_game_new ();
  /* Start: ids in point order, troops by start point. */
  g_assert_cmpint (kz_game_get_piece_at (game, 0, KZ_SQ (0, 0)).id, ==, 0);
  g_assert_cmpint (kz_game_get_piece_at (game, 0, KZ_SQ (2, 3)).id, ==, 13);   /* c4 */
  g_assert_cmpint (kz_game_get_piece_at (game, 0, KZ_SQ (2, 5)).id, ==, 16);   /* c6 */
  g_assert_cmpint (kz_game_get_piece_at (game, 0, KZ_SQ (2, 0)).troop, ==, KZ_TROOP_LEADER);
  g_assert_cmpint (kz_game_get_piece_at (game, 0, KZ_SQ (2, 8)).troop, ==, KZ_TROOP_LEADER);
  g_assert_cmpint (kz_game_get_piece_at (game, 0, KZ_SQ (1, 1)).troop, ==, KZ_TROOP_GUNNER);
  g_assert_cmpint (kz_game_get_piece_at (game, 0, KZ_SQ (3, 7)).troop, ==, KZ_TROOP_GUNNER);
  g_assert_cmpint (kz_game_get_piece_at (game, 0, KZ_SQ (2, 4)).id, ==, KZ_NO_PIECE);
  int counts[2][4] = { { 0 } };
  for (int id = 0; id < KZ_N_PIECES; id++)
    counts[kz_piece_id_side (id)][kz_game_get_piece_troop (game, id)]++;
  for (int s = 0; s < 2; s++)
    {
      g_assert_cmpint (counts[s][KZ_TROOP_LEADER], ==, 1);
      g_assert_cmpint (counts[s][KZ_TROOP_GUNNER], ==, 4);
      g_assert_cmpint (counts[s][KZ_TROOP_CAVALRY], ==, 4);
      g_assert_cmpint (counts[s][KZ_TROOP_INFANTRY], ==, 6);
    }

  /* 1. c4-c5 c6xc4xa4: the c6 piece (16) ends on a4; 13 and 12 are gone. */
  static const char *const moves[] = { "c4-c5", "c6xc4xa4", NULL };
  play_all (game, moves);
  g_assert_cmpint (kz_game_get_piece_at (game, 1, KZ_SQ (2, 4)).id, ==, 13);
  g_assert_cmpint (kz_game_get_piece_at (game, 2, KZ_SQ (0, 3)).id, ==, 16);
  g_assert_cmpint (kz_game_find_piece (game, 2, 13), ==, KZ_NO_POINT);
  g_assert_cmpint (kz_game_find_piece (game, 2, 12), ==, KZ_NO_POINT);
  g_assert_cmpint (kz_game_find_piece (game, 2, 16), ==, KZ_SQ (0, 3));
  g_assert_true (kz_game_undo (game, NULL));
  g_assert_cmpint (kz_game_find_piece (game, 1, 13), ==, KZ_SQ (2, 4));
  g_assert_cmpint (kz_game_find_piece (game, 1, 16), ==, KZ_SQ (2, 5));
  g_assert_true (kz_game_redo (game, NULL));
  g_assert_cmpint (kz_game_find_piece (game, 2, 16), ==, KZ_SQ (0, 3));

  /* Random games: every ply keeps the invariants; an id never returns
   * after its capture; undo/redo give back the same tables. */
  for (guint32 seed = 1; seed <= 20; seed++)
    {
      g_autoptr (KzGame) g = kz_game_new ();
      g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
      gboolean gone[KZ_N_PIECES] = { FALSE };
      while (!kz_game_is_over (g) && kz_game_get_ply (g) < 300)
        {
          g_autoptr (GArray) list = kz_game_list_moves (g, KZ_NO_POINT);
          const KzMove *m = &g_array_index (list, KzMove, g_rand_int_range (rand, 0, (gint) list->len));
          guint ply = kz_game_get_ply (g);
          int mover = kz_game_get_piece_at (g, ply, m->from).id;
          g_assert_true (kz_game_play (g, m, NULL));
          g_assert_cmpint (kz_game_get_piece_at (g, ply + 1, m->to).id, ==, mover);
          check_ids (g, ply + 1);
          for (int id = 0; id < KZ_N_PIECES; id++)
            {
              gboolean present = kz_game_find_piece (g, ply + 1, id) != KZ_NO_POINT;
              if (gone[id])
                g_assert_false (present);
              if (!present)
                gone[id] = TRUE;
            }
        }
      guint n = kz_game_get_ply (g);
      g_autofree gint8 *last = g_memdup2 (kz_game_get_piece_ids (g, n), KZ_GRID_SIZE);
      guint back = MIN (n, 10);
      for (guint k = 0; k < back; k++)
        g_assert_true (kz_game_undo (g, NULL));
      for (guint k = 0; k < back; k++)
        g_assert_true (kz_game_redo (g, NULL));
      g_assert_cmpmem (kz_game_get_piece_ids (g, n), KZ_GRID_SIZE, last, KZ_GRID_SIZE);
    }
}

static void
test_from_position (void)
{
  /* Turks to move, a few pieces, flags home. */
  const char *kpn = "5/t2/5/5/2t2/2c2/5/c2/c4 t home home";
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) game = kz_game_new_from_kpn (kpn, &error);
  g_assert_no_error (error);
  g_assert_false (kz_game_starts_from_start_position (game));
  g_assert_cmpint (kz_game_get_side_to_move (game), ==, KZ_TURKS);
  /* Ids by point order per side: a1 (0), b2 (1), c4 (2); c5 (15), b8 (16). */
  g_assert_cmpint (kz_game_get_piece_at (game, 0, KZ_SQ (0, 0)).id, ==, 0);
  g_assert_cmpint (kz_game_get_piece_at (game, 0, KZ_SQ (1, 1)).id, ==, 1);
  g_assert_cmpint (kz_game_get_piece_at (game, 0, KZ_SQ (2, 3)).id, ==, 2);
  g_assert_cmpint (kz_game_get_piece_at (game, 0, KZ_SQ (2, 4)).id, ==, 15);
  g_assert_cmpint (kz_game_get_piece_at (game, 0, KZ_SQ (1, 7)).id, ==, 16);
  /* a1 is a Cossack start point: a gunner; c5 is not: infantry. */
  g_assert_cmpint (kz_game_get_piece_at (game, 0, KZ_SQ (0, 0)).troop, ==, KZ_TROOP_GUNNER);
  g_assert_cmpint (kz_game_get_piece_at (game, 0, KZ_SQ (2, 4)).troop, ==, KZ_TROOP_INFANTRY);
  g_assert_cmpint (kz_game_get_piece_at (game, 0, KZ_SQ (1, 7)).troop, ==, KZ_TROOP_GUNNER);
}

static void
count_cb (GObject *obj, GParamSpec *pspec, gpointer data)
{
  GHashTable *counts = data;
  const char *name = g_param_spec_get_name (pspec);
  g_hash_table_replace (counts, (gpointer) name,
                        GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, name)) + 1));
}

static void
signal_cb (KzGame *game, guint ply, gpointer move, gpointer data)
{
  guint *n = data;
  (*n)++;
}

static void
over_cb (KzGame *game, KzResult result, KzTermination termination, gpointer data)
{
  int *out = data;
  out[0] = result;
  out[1] = termination;
}

static guint
count_of (GHashTable *counts, const char *name)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (counts, name));
}

static void
test_signals (void)
{
  g_autoptr (KzGame) game = kz_game_new ();
  g_autoptr (GHashTable) counts = g_hash_table_new (g_str_hash, g_str_equal);
  guint played = 0, undone = 0;
  int over[2] = { -1, -1 };
  g_signal_connect (game, "notify", G_CALLBACK (count_cb), counts);
  g_signal_connect (game, "move-played", G_CALLBACK (signal_cb), &played);
  g_signal_connect (game, "move-undone", G_CALLBACK (signal_cb), &undone);
  g_signal_connect (game, "game-over", G_CALLBACK (over_cb), over);

  g_assert_true (kz_game_play_text (game, "b4-a4", NULL));
  g_assert_cmpuint (played, ==, 1);
  g_assert_cmpuint (count_of (counts, "ply"), ==, 1);
  g_assert_cmpuint (count_of (counts, "can-undo"), ==, 1);
  g_assert_cmpuint (count_of (counts, "side-to-move"), ==, 1);
  g_assert_cmpuint (count_of (counts, "position"), ==, 1);
  g_assert_cmpuint (count_of (counts, "can-redo"), ==, 0);
  g_assert_true (kz_game_play_text (game, "b6-a6", NULL));
  g_assert_cmpuint (count_of (counts, "can-undo"), ==, 1);   /* unchanged: no notify */
  g_assert_true (kz_game_undo (game, NULL));
  g_assert_cmpuint (undone, ==, 1);
  g_assert_cmpuint (count_of (counts, "can-redo"), ==, 1);
  g_assert_true (kz_game_redo (game, NULL));
  g_assert_cmpuint (count_of (counts, "can-redo"), ==, 2);
  g_assert_cmpuint (played, ==, 3);

  g_assert_true (kz_game_resign (game, KZ_COSSACKS, NULL));
  g_assert_cmpint (over[0], ==, KZ_RESULT_TURKS_WIN);
  g_assert_cmpint (over[1], ==, KZ_TERMINATION_RESIGNATION);
  g_assert_cmpuint (count_of (counts, "result"), ==, 1);
  g_assert_cmpuint (count_of (counts, "termination"), ==, 1);
  g_assert_cmpuint (count_of (counts, "can-undo"), ==, 2);   /* no undo after resignation */
  g_assert_false (kz_game_get_can_undo (game));
  g_autoptr (GError) error = NULL;
  g_assert_false (kz_game_agree_draw (game, &error));
  g_assert_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_GAME_OVER);

  g_autoptr (KzGame) draw = kz_game_new ();
  g_assert_true (kz_game_agree_draw (draw, NULL));
  g_assert_cmpint (kz_game_get_result (draw), ==, KZ_RESULT_DRAW);
  g_assert_cmpint (kz_game_get_termination (draw), ==, KZ_TERMINATION_AGREEMENT);

  KzResult r;
  g_assert_true (kz_result_from_kgn ("1/2-1/2", &r));
  g_assert_cmpint (r, ==, KZ_RESULT_DRAW);
  g_assert_cmpstr (kz_termination_to_kgn (KZ_TERMINATION_NONE), ==, "unterminated");
  GEnumClass *klass = g_type_class_ref (KZ_TYPE_TERMINATION);
  g_assert_nonnull (g_enum_get_value_by_nick (klass, "repetition"));
  g_type_class_unref (klass);
}

/* A game that ends by the rules: the flag carried home (found by random play). */
static void
test_rules_end (void)
{
  guint ends[4] = { 0 };
  for (guint32 seed = 1; seed <= 60; seed++)
    {
      g_autoptr (KzGame) g = kz_game_new ();
      g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
      while (!kz_game_is_over (g) && kz_game_get_ply (g) < 400)
        {
          g_autoptr (GArray) list = kz_game_list_moves (g, KZ_NO_POINT);
          g_assert_cmpuint (list->len, >, 0);
          const KzMove *m = &g_array_index (list, KzMove, g_rand_int_range (rand, 0, (gint) list->len));
          g_assert_true (kz_game_play (g, m, NULL));
        }
      if (!kz_game_is_over (g))
        continue;
      KzTermination t = kz_game_get_termination (g);
      g_assert_cmpint (t, >=, KZ_TERMINATION_FLAG);
      g_assert_cmpint (t, <=, KZ_TERMINATION_REPETITION);
      if (t != KZ_TERMINATION_REPETITION)
        {
          KzOutcome out = kz_position_outcome (kz_game_get_position (g));
          g_assert_cmpint (out.winner, >=, 0);
          g_assert_cmpint (kz_game_get_result (g), ==,
                           out.winner == KZ_COSSACKS ? KZ_RESULT_COSSACKS_WIN : KZ_RESULT_TURKS_WIN);
        }
      ends[MIN (t, 4) - 1]++;
    }
  /* Random play ends some games by the rules. */
  g_assert_cmpuint (ends[0] + ends[1] + ends[2] + ends[3], >, 0);
}

/* Kinds and levels are kept unambiguous: a level only for a computer,
 * from 1 to 5; random movers are their own kind. */
static void
test_players (void)
{
  g_autoptr (KzGame) g = kz_game_new ();
  kz_game_set_player (g, KZ_COSSACKS, "A", KZ_PLAYER_COMPUTER, 0);
  kz_game_set_player (g, KZ_TURKS, "B", KZ_PLAYER_HUMAN, 3);
  g_assert_cmpint (kz_game_get_player_kind (g, KZ_COSSACKS), ==, KZ_PLAYER_COMPUTER);
  g_assert_cmpint (kz_game_get_player_level (g, KZ_COSSACKS), ==, 1);
  g_assert_cmpint (kz_game_get_player_level (g, KZ_TURKS), ==, 0);
  kz_game_set_player (g, KZ_COSSACKS, "A", KZ_PLAYER_COMPUTER, 99);
  g_assert_cmpint (kz_game_get_player_level (g, KZ_COSSACKS), ==, KZ_SEARCH_MAX_LEVEL);
  kz_game_set_player (g, KZ_TURKS, "Random", KZ_PLAYER_RANDOM, 2);
  g_assert_cmpint (kz_game_get_player_kind (g, KZ_TURKS), ==, KZ_PLAYER_RANDOM);
  g_assert_cmpint (kz_game_get_player_level (g, KZ_TURKS), ==, 0);

  g_autofree char *computer = kz_player_describe (KZ_PLAYER_COMPUTER, 3);
  g_autofree char *random = kz_player_describe (KZ_PLAYER_RANDOM, 0);
  g_autofree char *human = kz_player_describe (KZ_PLAYER_HUMAN, 0);
  g_assert_cmpstr (computer, ==, "Computer, level 3");
  g_assert_cmpstr (random, ==, "Random mover");
  g_assert_cmpstr (human, ==, "Human");
}

/* kz_game_list_tags: every tag once, sorted bytewise whatever the order
 * they were set in (g_sort_array on GLib ≥ 2.82, g_qsort_with_data
 * before). */
static void
test_tags_sorted (void)
{
  g_autoptr (KzGame) game = kz_game_new ();
  const char *set[] = { "Zeta", "Annotator", "Round", "Event", "Mode", "Bravo", "Site" };

  for (guint i = 0; i < G_N_ELEMENTS (set); i++)
    kz_game_set_tag (game, set[i], "x");
  kz_game_set_tag (game, "Mode", "again");
  g_auto (GStrv) names = kz_game_list_tags (game);
  g_autofree char *joined = g_strjoinv (" ", names);
  g_assert_cmpstr (joined, ==, "Annotator Bravo Event Mode Round Site Zeta");
}

/* The editor's translated reasons say in English what the command line
 * says (kz_position_check_format), for every problem. */
static void
test_position_reasons (void)
{
  static const char *const kpns[] = {
    "ttttt/t1t/ttttt/1ttt1/c4/1ccc1/ccccc/c1c/ccccc c home home",
    "tttt1/t1t/ttttt/1ttt1/ttt2/1ccc1/ccccc/c1c/ccccc c home home",
    "ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/ccccc c e5 home",
    "ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/ccccc c home e5",
    "ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/ccc/ccccc c home home",
    "ttttt/ttt/ttttt/2tt1/5/1ccc1/ccccc/c1c/ccccc c home home",
    "ttttt/t1t/ttttt/1tt2/2t2/1ccc1/ccccc/c1c/ccccc c home c5",
    "ttttt/t1t/ttttt/1ttt1/2c2/1ccc1/ccccc/c1c/cccc1 c c5 home",
    "t4/3/5/5/5/5/5/1c1/5 c home c2",
    "5/1t1/5/5/5/5/5/3/c4 t c8 home",
    "5/3/5/5/5/5/5/3/c4 c home home",
    "5/3/5/5/5/5/5/3/t4 t home home",
  };
  guint seen = 0;
  for (gsize i = 0; i < G_N_ELEMENTS (kpns); i++)
    {
      KzPosition pos;
      KzPositionCheck check;
      char english[256];
      g_assert_true (kz_kpn_parse_unchecked (kpns[i], &pos, NULL));
      g_assert_false (kz_position_check (&pos, &check));
      seen |= 1u << check.problem;
      kz_position_check_format (&check, english, sizeof english);
      g_autofree char *said = kz_position_describe_problem (&check);
      g_autofree char *unplayable = kz_position_describe_unplayable (&pos);
      g_assert_cmpstr (said, ==, unplayable);
      g_assert_cmpint (g_ascii_tolower (said[0]), ==, english[0]);
      g_assert_cmpstr (said + 1, ==, english + 1);
      /* A game cannot start there, and says why. */
      g_autoptr (GError) error = NULL;
      g_autoptr (KzGame) game = kz_game_new_from_kpn (kpns[i], &error);
      g_assert_null (game);
      g_assert_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_INVALID_POSITION);
      g_assert_nonnull (strstr (error->message, said));
    }
  g_assert_cmpuint (seen, ==, 0x7eu);   /* every problem but OK */

  KzPosition pos;
  g_assert_true (kz_kpn_parse (KZ_START_KPN, &pos, NULL));
  g_assert_null (kz_position_describe_unplayable (&pos));
  /* Valid, but over: the Turks to move have no pieces. */
  g_assert_true (kz_kpn_parse ("5/3/5/5/5/5/5/3/c4 t home home", &pos, NULL));
  g_autofree char *over = kz_position_describe_unplayable (&pos);
  g_assert_cmpstr (over, ==, "The game is over: the Turks, to move, have no pieces left");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/game/undo-redo", test_undo_redo);
  g_test_add_func ("/model/game/repetition", test_repetition);
  g_test_add_func ("/model/game/errors", test_errors);
  g_test_add_func ("/model/game/position-reasons", test_position_reasons);
  g_test_add_func ("/model/game/piece-ids", test_piece_ids);
  g_test_add_func ("/model/game/from-position", test_from_position);
  g_test_add_func ("/model/game/signals", test_signals);
  g_test_add_func ("/model/game/rules-end", test_rules_end);
  g_test_add_func ("/model/game/players", test_players);
  g_test_add_func ("/model/game/tags-sorted", test_tags_sorted);
  return g_test_run ();
}
