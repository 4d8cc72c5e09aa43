/* test-model-battle.c — the demonstration battle (data/battles, kz-battle.c):
 * every language's file is one whole game that the engine accepts move by
 * move, at least 40 plies and 15 comments, all kept on import; the
 * languages agree move for move and comment for comment; and the events
 * the battle promises really happen on the board: compulsory capture used
 * as a trap, a chain, a side jump across an apex, a piece on a corner that
 * cannot be taken, a flag taken, retaken and delivered home to end the
 * game — each on a move that has a comment.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>

#include "kz-battle.h"
#include "kz-engine.h"
#include "kz-kgn.h"

static KzGame *
load (const char *language, const char **text_out, gsize *size_out, GBytes **bytes_out)
{
  g_autoptr (GError) error = NULL;
  GBytes *bytes = kz_battle_lookup (language, &error);
  g_autoptr (GPtrArray) problems = NULL;
  g_autoptr (GPtrArray) games = NULL;
  gsize size;
  const char *text;

  g_assert_no_error (error);
  g_assert_nonnull (bytes);
  text = g_bytes_get_data (bytes, &size);
  games = kz_kgn_parse (text, (gssize) size, &problems, &error);
  g_assert_no_error (error);
  for (guint i = 0; problems && i < problems->len; i++)
    g_test_message ("%s: %s", language,
                    ((KzKgnProblem *) g_ptr_array_index (problems, i))->error->message);
  g_assert_true (problems == NULL || problems->len == 0);
  g_assert_cmpuint (games->len, ==, 1);
  if (text_out)
    *text_out = text;
  if (size_out)
    *size_out = size;
  if (bytes_out)
    *bytes_out = bytes;
  else
    g_bytes_unref (bytes);
  return g_object_ref (g_ptr_array_index (games, 0));
}

/* ---- languages ----------------------------------------------------------- */

static void
test_choose_language (void)
{
  const char *ru[] = { "ru_RU.UTF-8", "ru_RU", "ru.UTF-8", "ru", "C", NULL };
  const char *uk[] = { "uk_UA", "uk", "C", NULL };
  const char *de[] = { "de_DE.UTF-8", "de_DE", "de", "C", NULL };
  const char *uk_first[] = { "uk", "ru", "C", NULL };
  const char *c[] = { "C", NULL };
  const char *en_ru[] = { "en_GB", "en", "ru", "C", NULL };

  g_assert_cmpstr (kz_battle_choose_language (ru), ==, "ru");
  g_assert_cmpstr (kz_battle_choose_language (uk), ==, "uk");
  g_assert_cmpstr (kz_battle_choose_language (de), ==, "en");
  g_assert_cmpstr (kz_battle_choose_language (uk_first), ==, "uk");
  g_assert_cmpstr (kz_battle_choose_language (c), ==, "en");
  g_assert_cmpstr (kz_battle_choose_language (en_ru), ==, "en");
  g_assert_null (kz_battle_lookup ("xx", NULL));
}

/* ---- every file: a whole game, its comments kept --------------------------- */

static guint
count_char (const char *text, gsize size, char c)
{
  guint n = 0;
  for (gsize i = 0; i < size; i++)
    if (text[i] == c)
      n++;
  return n;
}

static void
test_files (void)
{
  for (const char *const *l = kz_battle_list_languages (); *l; l++)
    {
      const char *text;
      gsize size;
      g_autoptr (GBytes) bytes = NULL;
      g_autoptr (KzGame) game = load (*l, &text, &size, &bytes);
      guint plies = kz_game_get_ply (game), comments = 0;
      KzMoveNode *node = kz_game_get_root (game);

      g_test_message ("%s: %u plies", *l, plies);
      g_assert_true (kz_game_starts_from_start_position (game));
      g_assert_cmpuint (plies, >=, 40);
      g_assert_true (kz_game_is_over (game));
      g_assert_cmpint (kz_game_get_result (game), ==, KZ_RESULT_COSSACKS_WIN);
      g_assert_cmpint (kz_game_get_termination (game), ==, KZ_TERMINATION_FLAG);
      g_assert_cmpstr (kz_game_get_tag (game, "Event"), !=, NULL);
      /* One line, no variations: what auto-play shows is the whole game. */
      for (KzMoveNode *n = node; n; n = kz_move_node_get_continuation (n))
        {
          g_assert_cmpuint (kz_move_node_get_n_children (n), <=, 1);
          if (*kz_move_node_get_comment (n))
            comments++;
        }
      /* Every "{…}" of the file is a comment the game kept, and none other
       * (the files use no ";" comments and no braces inside comments). */
      g_assert_cmpuint (count_char (text, size, '{'), ==, comments);
      g_assert_cmpuint (count_char (text, size, '}'), ==, comments);
      g_assert_cmpuint (comments, >=, 15);
      /* Export writes back the same text: the files are kept in the
       * canonical form, so that a diff shows only real changes. */
      {
        g_autofree char *again = kz_kgn_export_game (game);
        g_assert_cmpuint (strlen (again), ==, size);
        g_assert_true (memcmp (again, text, size) == 0);
      }
    }
}

static void
test_languages_agree (void)
{
  g_autoptr (KzGame) en = load ("en", NULL, NULL, NULL);

  for (const char *const *l = kz_battle_list_languages () + 1; *l; l++)
    {
      g_autoptr (KzGame) other = load (*l, NULL, NULL, NULL);
      KzMoveNode *a = kz_game_get_root (en), *b = kz_game_get_root (other);

      g_test_message ("%s", *l);
      g_assert_cmpuint (kz_game_get_ply (other), ==, kz_game_get_ply (en));
      g_assert_cmpstr (kz_game_get_tag (other, "Event"), !=, kz_game_get_tag (en, "Event"));
      for (; a && b; a = kz_move_node_get_continuation (a), b = kz_move_node_get_continuation (b))
        {
          guint na, nb;
          const guint8 *nags_a = kz_move_node_get_nags (a, &na);
          const guint8 *nags_b = kz_move_node_get_nags (b, &nb);
          if (!kz_move_node_is_root (a))
            g_assert_cmpstr (kz_move_node_get_move_text (a), ==, kz_move_node_get_move_text (b));
          /* The same moves commented, in another language. */
          g_assert_cmpint (*kz_move_node_get_comment (a) != '\0', ==,
                           *kz_move_node_get_comment (b) != '\0');
          if (*kz_move_node_get_comment (a))
            g_assert_cmpstr (kz_move_node_get_comment (a), !=, kz_move_node_get_comment (b));
          g_assert_cmpuint (na, ==, nb);
          g_assert_true (na == 0 || memcmp (nags_a, nags_b, na) == 0);
        }
      g_assert_null (a);
      g_assert_null (b);
    }
}

/* ---- the events, found by the engine --------------------------------------- */

static gboolean
is_corner (int p)
{
  static const char *corners[] = { "a1", "e1", "a3", "e3", "a7", "e7", "a9", "e9" };
  for (guint i = 0; i < G_N_ELEMENTS (corners); i++)
    if (kz_point_parse (corners[i], NULL) == p)
      return TRUE;
  return FALSE;
}

/* A jump over an apex that is not in a straight line: b2 over c3 to d3 and
 * the like (RULES.md, "Side jumps through an apex"). */
static gboolean
is_side_jump (int from, int to)
{
  int over = kz_jump_over (from, to);
  if (over != KZ_APEX_COSSACKS && over != KZ_APEX_TURKS)
    return FALSE;
  return kz_point_file (from) + kz_point_file (to) != 2 * kz_point_file (over)
         || kz_point_rank (from) + kz_point_rank (to) != 2 * kz_point_rank (over);
}

static int
most_taken (const KzPosition *pos)
{
  KzMoveList list;
  int best = 0;
  kz_generate_moves (pos, &list);
  for (int i = 0; i < list.count; i++)
    best = MAX (best, kz_popcount (list.moves[i].captured));
  return best;
}

/* Compulsory capture used as a trap: after the quiet move at ply i (the
 * position before it: `before`), every legal answer is a capture of the
 * piece just moved, and after each answer the trapper can take back more
 * pieces than it lost. */
static gboolean
is_trap (const KzPosition *before, const KzMove *move)
{
  KzPosition after = *before;
  KzMoveList answers;

  if (move->n_jumps > 0)
    return FALSE;
  kz_position_make_move (&after, move);
  kz_generate_moves (&after, &answers);
  if (answers.count == 0)
    return FALSE;
  for (int i = 0; i < answers.count; i++)
    {
      KzPosition next = after;
      if (!(answers.moves[i].captured >> move->to & 1))
        return FALSE;
      kz_position_make_move (&next, &answers.moves[i]);
      if (most_taken (&next) <= kz_popcount (answers.moves[i].captured))
        return FALSE;
    }
  return TRUE;
}

static guint
n_legal (const KzPosition *pos)
{
  KzMoveList list;
  return (guint) kz_generate_moves (pos, &list);
}

static void
test_events (void)
{
  g_autoptr (KzGame) game = load ("en", NULL, NULL, NULL);
  guint plies = kz_game_get_ply (game);
  KzPosition pos;
  KzPosition *positions = g_new (KzPosition, plies + 1);
  int chain = -1, side_jump = -1, trap = -1, flag_taken = -1, corner = -1;
  int retaken[2] = { -1, -1 }, n_retaken = 0, flag_changes = 0;
  int corner_since[KZ_GRID_SIZE];
  gboolean corner_enemy[KZ_GRID_SIZE];
  KzOutcome outcome;

  for (int p = 0; p < KZ_GRID_SIZE; p++)
    {
      corner_since[p] = -1;
      corner_enemy[p] = FALSE;
    }
  kz_position_init_start (&pos);
  positions[0] = pos;
  for (guint i = 0; i < plies; i++)
    {
      KzMoveNode *node = kz_game_get_main_node (game, i + 1);
      KzMove move;
      KzError error;
      int prev;
      gboolean commented = *kz_move_node_get_comment (node) != '\0';

      /* Each move again through the engine's own parser, from the start. */
      g_assert_cmpint (kz_position_outcome (&pos).winner, ==, -1);
      if (!kz_move_parse (&pos, kz_move_node_get_move_text (node), &move, &error))
        g_error ("ply %u, %s: %s", i + 1, kz_move_node_get_move_text (node), error.message);
      g_assert_true (kz_move_equal (&move, kz_move_node_get_move (node)));

      if (move.n_jumps >= 2 && chain < 0 && commented)
        chain = (int) i + 1;
      prev = move.from;
      for (int j = 0; j < move.n_jumps; j++)
        {
          if (is_side_jump (prev, move.path[j]) && side_jump < 0 && commented)
            side_jump = (int) i + 1;
          prev = move.path[j];
        }
      for (int f = 0; f < 2; f++)
        {
          if (pos.flag[f] == KZ_FLAG_HOME && (move.carried >> f & 1))
            {
              g_assert_true (commented);
              flag_taken = (int) i + 1;
              flag_changes++;
            }
          else if (pos.flag[f] != KZ_FLAG_HOME && (move.captured >> pos.flag[f] & 1))
            {
              g_assert_true (commented);
              g_assert_true (move.carried >> f & 1);   /* the taker carries it on */
              if (n_retaken < 2)
                retaken[n_retaken++] = (int) i + 1;
              flag_changes++;
            }
        }
      if (trap < 0 && commented && is_trap (&pos, &move))
        trap = (int) i + 1;
      kz_position_make_move (&pos, &move);
      positions[i + 1] = pos;

          /* A piece that stays on a corner, an enemy next to it for a while,
       * and that no enemy move can take all that time. */
      for (int p = 0; p < KZ_GRID_SIZE; p++)
        {
          int side = kz_point_valid (p) ? kz_position_piece_at (&pos, p) : -1;
          gboolean enemy_near = FALSE;
          int nb[KZ_N_DIRS], n;
          if (side < 0 || !is_corner (p))
            {
              corner_since[p] = -1;
              continue;
            }
          n = kz_neighbours (p, nb);
          for (int k = 0; k < n; k++)
            if (kz_position_piece_at (&pos, nb[k]) == 1 - side)
              enemy_near = TRUE;
          if (corner_since[p] < 0)
            {
              /* 0: there from the start, not brought there by a move */
              corner_since[p] = move.to == p ? (int) i + 1 : 0;
              corner_enemy[p] = FALSE;
            }
          corner_enemy[p] |= enemy_near;
          if (pos.side != side)
            {
              KzMoveList list;
              kz_generate_moves (&pos, &list);
              for (int k = 0; k < list.count; k++)
                g_assert_false (list.moves[k].captured >> p & 1);
            }
          if (corner_enemy[p] && corner < 0 && corner_since[p] > 0
              && (int) i + 1 - corner_since[p] >= 20
              && *kz_move_node_get_comment (kz_game_get_main_node (game, (guint) corner_since[p])))
            corner = corner_since[p];
        }
    }
  outcome = kz_position_outcome (&pos);

  g_test_message ("chain %d, side jump %d, trap %d, corner %d, flag taken %d, retaken %d and "
                  "%d, %d changes of hands", chain, side_jump, trap, corner, flag_taken,
                  retaken[0], retaken[1], flag_changes);
  g_assert_cmpint (chain, >, 0);
  g_assert_cmpint (side_jump, >, 0);
  g_assert_cmpint (trap, >, 0);
  g_assert_cmpint (corner, >, 0);
  /* Taken, retaken by its side, taken back by the Cossacks … */
  g_assert_cmpint (flag_taken, >, 0);
  g_assert_cmpint (retaken[0], >, flag_taken);
  g_assert_cmpint (retaken[1], >, retaken[0]);
  g_assert_cmpint (positions[retaken[0]].flag[KZ_TURKS], !=, KZ_FLAG_HOME);
  g_assert_cmpint (kz_position_piece_at (&positions[retaken[0]],
                                         positions[retaken[0]].flag[KZ_TURKS]), ==, KZ_TURKS);
  /* … and delivered home: the last move ends the game. */
  g_assert_cmpint (outcome.winner, ==, KZ_COSSACKS);
  g_assert_cmpint ((int) outcome.reason, ==, (int) KZ_REASON_FLAG);
  g_assert_true (kz_position_flag_delivered (&pos));
  g_assert_true (*kz_move_node_get_comment (kz_game_get_main_node (game, plies)));
  /* The comment of the delivery counts the changes of hands. */
  g_assert_nonnull (strstr (kz_move_node_get_comment (kz_game_get_main_node (game, plies - 4)),
                            "fifth time"));
  g_assert_cmpint (flag_changes, ==, 5);

  /* What the comments say of legal moves, checked: "only legal move" is
   * about the answer to the move commented, "had no other legal move" about
   * the move itself. */
  for (guint i = 1; i <= plies; i++)
    {
      const char *comment = kz_move_node_get_comment (kz_game_get_main_node (game, i));
      if (strstr (comment, "only legal move"))
        {
          g_test_message ("ply %u: one legal answer", i);
          g_assert_cmpuint (n_legal (&positions[i]), ==, 1);
        }
      if (strstr (comment, "had no other legal move"))
        g_assert_cmpuint (n_legal (&positions[i - 1]), ==, 1);
      /* "can never be taken" / "cannot be taken": the piece moved stands on a corner */
      if (strstr (comment, "cannot be taken") || strstr (comment, "can never be taken"))
        g_assert_true (is_corner (kz_game_get_move (game, i - 1)->to));
    }
  g_free (positions);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/battle/choose-language", test_choose_language);
  g_test_add_func ("/battle/files", test_files);
  g_test_add_func ("/battle/languages-agree", test_languages_agree);
  g_test_add_func ("/battle/events", test_events);
  return g_test_run ();
}
