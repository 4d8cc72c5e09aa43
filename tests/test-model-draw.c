/* test-model-draw.c — the computer's draws (src/model/kz-draw-judge.c):
 * when it accepts a draw offered to it and when it offers one, on
 * positions whose verdict is certain (the build's endgame tables, from
 * $KAZAKI_EGTB, and positions many pieces up or down).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <locale.h>

#include "kz-draw-judge.h"
#include "kz-engine.h"
#include "kz-search.h"
#include "kz-tables.h"

/* Two pieces each in the far corners: the tables call it a draw,
 * whoever is to move. */
#define DEAD_KPN "t3t/3/5/5/5/5/5/3/c3c c home home"
/* Ten Cossacks against one Turk, in a corner where it cannot be taken. */
#define TEN_V_ONE_KPN "t4/3/5/5/5/ccccc/ccccc/3/5 c home home"

static KzGame *
game_at (const char *kpn)
{
  g_autoptr (GError) error = NULL;
  KzGame *game = kz_game_new_from_kpn (kpn, &error);
  g_assert_no_error (error);
  return game;
}

static void
judged (GObject *source, GAsyncResult *result, gpointer user_data)
{
  *(GAsyncResult **) user_data = g_object_ref (result);
}

/* The verdict of kz_draw_judge_async, waited for. */
static KzDrawVerdict
judge (KzGame *game, KzSide side, int level, KzDrawQuestion question, KzDrawFacts *facts)
{
  GAsyncResult *result = NULL;
  g_autoptr (GError) error = NULL;
  KzDrawVerdict verdict;

  kz_draw_judge_async (game, side, level, question, NULL, judged, &result);
  while (result == NULL)
    g_main_context_iteration (NULL, TRUE);
  verdict = kz_draw_judge_finish (result, facts, &error);
  g_assert_no_error (error);
  g_object_unref (result);
  return verdict;
}

static void
test_decide (void)
{
  KzDrawFacts f = { 0 };

  /* the tables decide when they know the position */
  f.tables = KZ_EGTB_DRAW;
  g_assert_cmpint (kz_draw_judge_decide (KZ_DRAW_ANSWER, &f), ==, KZ_DRAW_DEAD);
  g_assert_cmpint (kz_draw_judge_decide (KZ_DRAW_OFFER, &f), ==, KZ_DRAW_DEAD);
  f.tables = KZ_EGTB_LOSS;
  g_assert_cmpint (kz_draw_judge_decide (KZ_DRAW_ANSWER, &f), ==, KZ_DRAW_LOST);
  g_assert_cmpint (kz_draw_judge_decide (KZ_DRAW_OFFER, &f), ==, KZ_DRAW_PLAY_ON);
  f.tables = KZ_EGTB_WIN;
  f.searched = TRUE;
  f.score = KZ_DRAW_LOST_SCORE - 100;   /* ignored: the tables are exact */
  g_assert_cmpint (kz_draw_judge_decide (KZ_DRAW_ANSWER, &f), ==, KZ_DRAW_PLAY_ON);

  /* out of the tables: the search's score */
  f.tables = KZ_EGTB_NONE;
  f.score = KZ_DRAW_LOST_SCORE;
  g_assert_cmpint (kz_draw_judge_decide (KZ_DRAW_ANSWER, &f), ==, KZ_DRAW_LOST);
  f.score = KZ_DRAW_LOST_SCORE + 1;
  g_assert_cmpint (kz_draw_judge_decide (KZ_DRAW_ANSWER, &f), ==, KZ_DRAW_PLAY_ON);
  f.score = -(KZ_SCORE_WIN - 7);        /* a forced loss */
  g_assert_cmpint (kz_draw_judge_decide (KZ_DRAW_ANSWER, &f), ==, KZ_DRAW_LOST);
  f.score = 0;
  g_assert_cmpint (kz_draw_judge_decide (KZ_DRAW_ANSWER, &f), ==, KZ_DRAW_PLAY_ON);
  f.searched = FALSE;
  f.score = KZ_DRAW_LOST_SCORE - 100;   /* no search, no verdict */
  g_assert_cmpint (kz_draw_judge_decide (KZ_DRAW_ANSWER, &f), ==, KZ_DRAW_PLAY_ON);

  /* offers: a long quiet stretch and a level score, both */
  f.searched = TRUE;
  f.score = KZ_DRAW_LEVEL_SCORE;
  f.quiet_plies = KZ_DRAW_QUIET_PLIES;
  g_assert_cmpint (kz_draw_judge_decide (KZ_DRAW_OFFER, &f), ==, KZ_DRAW_STALLED);
  f.score = -KZ_DRAW_LEVEL_SCORE;
  g_assert_cmpint (kz_draw_judge_decide (KZ_DRAW_OFFER, &f), ==, KZ_DRAW_STALLED);
  f.score = KZ_DRAW_LEVEL_SCORE + 1;
  g_assert_cmpint (kz_draw_judge_decide (KZ_DRAW_OFFER, &f), ==, KZ_DRAW_PLAY_ON);
  f.score = -KZ_DRAW_LEVEL_SCORE - 1;
  g_assert_cmpint (kz_draw_judge_decide (KZ_DRAW_OFFER, &f), ==, KZ_DRAW_PLAY_ON);
  f.score = 0;
  f.quiet_plies = KZ_DRAW_QUIET_PLIES - 1;
  g_assert_cmpint (kz_draw_judge_decide (KZ_DRAW_OFFER, &f), ==, KZ_DRAW_PLAY_ON);
  /* the quiet stretch is no reason to accept */
  f.quiet_plies = 1000;
  g_assert_cmpint (kz_draw_judge_decide (KZ_DRAW_ANSWER, &f), ==, KZ_DRAW_PLAY_ON);
}

static void
test_quiet_plies (void)
{
  g_autoptr (KzGame) game = game_at ("t4/3/5/2t2/5/2c2/5/3/c4 c home home");
  g_autoptr (GError) error = NULL;
  const char *quiet[] = { "a1-b1", "c6-b6", "c4-c5", "b6-b5" };

  g_assert_cmpuint (kz_draw_judge_quiet_plies (game), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (quiet); i++)
    {
      g_assert_true (kz_game_play_text (game, quiet[i], &error));
      g_assert_no_error (error);
      g_assert_cmpuint (kz_draw_judge_quiet_plies (game), ==, i + 1);
    }
  /* a compulsory capture: a piece taken */
  g_assert_true (kz_game_play_text (game, "c5xa5", &error));
  g_assert_cmpuint (kz_draw_judge_quiet_plies (game), ==, 0);
  g_assert_true (kz_game_play_text (game, "a9-b9", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kz_draw_judge_quiet_plies (game), ==, 1);
}

static void
test_flag_pickup_is_progress (void)
{
  /* c7xc9 jumps the Turkish flag on c8: it picks it up */
  g_autoptr (KzGame) game = game_at ("5/3/2c2/5/5/5/4t/3/4c c home home");
  g_autoptr (GError) error = NULL;

  g_assert_true (kz_game_play_text (game, "e1-d1", &error));
  g_assert_true (kz_game_play_text (game, "e3-e4", &error));
  g_assert_cmpuint (kz_draw_judge_quiet_plies (game), ==, 2);
  g_assert_true (kz_game_play_text (game, "c7xc9", &error));
  g_assert_no_error (error);
  g_assert_cmpint (kz_game_get_position (game)->flag[KZ_TURKS], !=, KZ_FLAG_HOME);
  g_assert_cmpuint (kz_draw_judge_quiet_plies (game), ==, 0);
  /* the carrier's next step is no progress */
  g_assert_true (kz_game_play_text (game, "e4-e3", &error));
  g_assert_true (kz_game_play_text (game, "c9-d9", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (kz_draw_judge_quiet_plies (game), ==, 2);
}

static void
test_answer_dead (void)
{
  g_autoptr (KzGame) game = game_at (DEAD_KPN);
  KzDrawFacts facts;

  /* whoever is judged, at the weakest level too: the tables say draw */
  g_assert_cmpint (judge (game, KZ_TURKS, 1, KZ_DRAW_ANSWER, &facts), ==, KZ_DRAW_DEAD);
  g_assert_cmpint (facts.tables, ==, KZ_EGTB_DRAW);
  g_assert_false (facts.searched);
  g_assert_cmpint (judge (game, KZ_COSSACKS, 9, KZ_DRAW_ANSWER, &facts), ==, KZ_DRAW_DEAD);
}

static void
test_answer_lost_and_declined (void)
{
  g_autoptr (KzGame) game = game_at (TEN_V_ONE_KPN);
  g_autoptr (KzGame) start = kz_game_new ();
  KzDrawFacts facts;

  /* the Turks (one piece against ten) accept, even at the weakest level:
   * the judging search is at least level 7's, without mistakes */
  g_assert_cmpint (judge (game, KZ_TURKS, 1, KZ_DRAW_ANSWER, &facts), ==, KZ_DRAW_LOST);
  g_assert_true (facts.searched);
  g_assert_cmpint (facts.score, <=, KZ_DRAW_LOST_SCORE);
  g_assert_cmpint (facts.tables, ==, KZ_EGTB_NONE);
  /* the Cossacks, who win, decline */
  g_assert_cmpint (judge (game, KZ_COSSACKS, 1, KZ_DRAW_ANSWER, &facts), ==, KZ_DRAW_PLAY_ON);
  g_assert_cmpint (facts.score, >=, -KZ_DRAW_LOST_SCORE);
  /* the start is neither dead nor lost for anyone */
  g_assert_cmpint (judge (start, KZ_TURKS, 9, KZ_DRAW_ANSWER, &facts), ==, KZ_DRAW_PLAY_ON);
  g_assert_true (facts.searched);
  g_assert_cmpint (facts.score, >, KZ_DRAW_LOST_SCORE);
  g_assert_cmpint (judge (start, KZ_COSSACKS, 1, KZ_DRAW_ANSWER, &facts), ==, KZ_DRAW_PLAY_ON);
}

static void
test_offer (void)
{
  g_autoptr (KzGame) dead = game_at (DEAD_KPN);
  g_autoptr (KzGame) lost = game_at (TEN_V_ONE_KPN);
  g_autoptr (KzGame) start = kz_game_new ();
  KzDrawFacts facts;

  /* the Turks have just moved (the Cossacks are to move) */
  g_assert_true (kz_draw_judge_may_offer (dead, KZ_TURKS, -1));
  g_assert_cmpint (judge (dead, KZ_TURKS, 3, KZ_DRAW_OFFER, &facts), ==, KZ_DRAW_DEAD);
  /* nothing is offered in a position that can change: no search is even made */
  g_assert_false (kz_draw_judge_may_offer (lost, KZ_TURKS, -1));
  g_assert_cmpint (judge (lost, KZ_TURKS, 3, KZ_DRAW_OFFER, &facts), ==, KZ_DRAW_PLAY_ON);
  g_assert_false (facts.searched);
  g_assert_false (kz_draw_judge_may_offer (start, KZ_TURKS, -1));
  g_assert_cmpint (judge (start, KZ_TURKS, 9, KZ_DRAW_OFFER, &facts), ==, KZ_DRAW_PLAY_ON);
  g_assert_false (facts.searched);
}

/* Whether pos occurred in the game already. */
static gboolean
seen_in (KzGame *game, const KzPosition *pos)
{
  for (guint i = 0; i <= kz_game_get_ply (game); i++)
    if (kz_position_equal (kz_game_get_position_at (game, i), pos))
      return TRUE;
  return FALSE;
}

/* Plays `plies` quiet turns, each piece staying in its side's camp
 * (ranks 1–2, 8–9) and never into a position of the game seen before:
 * the first such move in generation order. */
static void
play_quiet (KzGame *game, guint plies)
{
  for (guint p = 0; p < plies; p++)
    {
      const KzPosition *pos = kz_game_get_position (game);
      KzMoveList list;
      int count = kz_generate_moves (pos, &list);
      gboolean played = FALSE;

      for (int i = 0; i < count && !played; i++)
        {
          KzPosition after = *pos;
          int rank = kz_point_rank (list.moves[i].to);
          gboolean home = pos->side == KZ_COSSACKS ? rank <= 1 : rank >= 7;

          g_assert_cmpint (list.moves[i].n_jumps, ==, 0);
          if (!home)
            continue;
          kz_position_make_move (&after, &list.moves[i]);
          if (seen_in (game, &after))
            continue;
          g_assert_true (kz_game_play (game, &list.moves[i], NULL));
          played = TRUE;
        }
      g_assert_true (played);
    }
}

static void
test_offer_gap (void)
{
  g_autoptr (KzGame) game = game_at (DEAD_KPN);
  g_assert_true (kz_draw_judge_may_offer (game, KZ_TURKS, -1));
  /* the side to move never offers */
  g_assert_false (kz_draw_judge_may_offer (game, KZ_COSSACKS, -1));
  for (guint i = 0; i < KZ_DRAW_OFFER_GAP / 2; i++)
    {
      play_quiet (game, 2);
      /* the Turks offered at ply 0: not again before ply 20 */
      guint ply = kz_game_get_ply (game);
      g_assert_cmpint (kz_draw_judge_may_offer (game, KZ_TURKS, 0), ==,
                       ply >= KZ_DRAW_OFFER_GAP);
      /* an offer later than the position (taken back) does not count */
      g_assert_true (kz_draw_judge_may_offer (game, KZ_TURKS, (int) ply + 4));
    }
  g_assert_cmpuint (kz_game_get_ply (game), ==, KZ_DRAW_OFFER_GAP);
}

static void
test_offer_stalled (void)
{
  /* four pieces each in their camps, level and unable to meet */
  g_autoptr (KzGame) game = game_at ("tt1tt/3/5/5/5/5/5/3/cc1cc c home home");
  KzDrawFacts facts;

  play_quiet (game, KZ_DRAW_QUIET_PLIES - 2);
  g_assert_cmpuint (kz_draw_judge_quiet_plies (game), ==, KZ_DRAW_QUIET_PLIES - 2);
  /* the Cossacks are to move: the Turks may not offer yet */
  g_assert_false (kz_draw_judge_may_offer (game, KZ_TURKS, -1));
  g_assert_cmpint (judge (game, KZ_TURKS, 5, KZ_DRAW_OFFER, &facts), ==, KZ_DRAW_PLAY_ON);
  g_assert_false (facts.searched);
  play_quiet (game, 2);
  g_assert_true (kz_draw_judge_may_offer (game, KZ_TURKS, -1));
  g_assert_cmpint (judge (game, KZ_TURKS, 5, KZ_DRAW_OFFER, &facts), ==, KZ_DRAW_STALLED);
  g_assert_true (facts.searched);
  g_assert_cmpint (ABS (facts.score), <=, KZ_DRAW_LEVEL_SCORE);
  g_assert_cmpuint (facts.quiet_plies, ==, KZ_DRAW_QUIET_PLIES);
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  /* the build's tables ($KAZAKI_EGTB, tests/meson.build) */
  g_assert_true (kz_tables_ensure ());
  g_test_add_func ("/model/draw/decide", test_decide);
  g_test_add_func ("/model/draw/quiet-plies", test_quiet_plies);
  g_test_add_func ("/model/draw/flag-pickup-is-progress", test_flag_pickup_is_progress);
  g_test_add_func ("/model/draw/answer-dead", test_answer_dead);
  g_test_add_func ("/model/draw/answer-lost-and-declined", test_answer_lost_and_declined);
  g_test_add_func ("/model/draw/offer", test_offer);
  g_test_add_func ("/model/draw/offer-gap", test_offer_gap);
  g_test_add_func ("/model/draw/offer-stalled", test_offer_stalled);
  return g_test_run ();
}
