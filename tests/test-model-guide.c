/* test-model-guide.c — the guided game's sentences (src/model/kz-guide-text.c),
 * in English: each says what the position shows, and only that.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <locale.h>
#include <string.h>

#include "kz-engine.h"
#include "kz-guide-text.h"

static KzBits
points (const char *list)
{
  KzBits b = 0;
  g_auto (GStrv) names = g_strsplit (list, " ", -1);
  for (int i = 0; names[i]; i++)
    if (*names[i])
      {
        int sq = kz_point_parse (names[i], NULL);
        g_assert_cmpint (sq, !=, KZ_NO_POINT);
        b |= KZ_BIT (sq);
      }
  return b;
}

static KzPosition
make_position (const char *cossacks, const char *turks, char side,
               const char *cossack_flag, const char *turkish_flag)
{
  KzPosition pos;
  kz_position_init_empty (&pos);
  pos.pieces[KZ_COSSACKS] = points (cossacks);
  pos.pieces[KZ_TURKS] = points (turks);
  pos.side = side == 'c' ? KZ_COSSACKS : KZ_TURKS;
  const char *flags[2] = { cossack_flag, turkish_flag };
  for (int f = 0; f < 2; f++)
    pos.flag[f] = (int8_t) (strcmp (flags[f], "home") == 0 ? KZ_FLAG_HOME
                                                            : kz_point_parse (flags[f], NULL));
  pos.hash = kz_position_compute_hash (&pos);
  return pos;
}

/* The sentence for the legal move written `text` in pos. */
static char *
explain (const KzPosition *pos, const char *text)
{
  KzMove move;
  KzError err;
  if (!kz_move_parse (pos, text, &move, &err))
    g_error ("%s: %s", text, err.message);
  return kz_guide_explain_move (pos, &move);
}

static void
test_points (void)
{
  g_autofree char *none = kz_guide_points_text (0);
  g_autofree char *one = kz_guide_points_text (points ("c4"));
  g_autofree char *two = kz_guide_points_text (points ("d3 c4"));
  g_autofree char *three = kz_guide_points_text (points ("e3 d3 c4"));
  g_assert_cmpstr (none, ==, "");
  g_assert_cmpstr (one, ==, "c4");
  g_assert_cmpstr (two, ==, "d3 and c4");
  g_assert_cmpstr (three, ==, "d3, e3 and c4");
}

static void
test_explain_captures (void)
{
  KzPosition pos = make_position ("b4 a1", "b5 e9", 't', "home", "home");
  g_autofree char *only = explain (&pos, "b5xb3");
  g_assert_cmpstr (only, ==, "Took b4: it was the only legal move.");

  pos = make_position ("c4 a1", "c5 e9", 't', "home", "home");
  g_autofree char *compulsory = explain (&pos, "c5xc3");
  g_assert_cmpstr (compulsory, ==, "Took c4: capturing is compulsory.");
  g_autofree char *flag = explain (&pos, "c5xc3xc1");
  g_assert_cmpstr (flag, ==, "Took c4 and your flag: its road home is 7 turns.");

  pos = make_position ("c4 d3", "c5 e9", 't', "home", "home");
  g_autofree char *last = explain (&pos, "c5xc3xe3");
  g_assert_cmpstr (last, ==, "Took d3 and c4: you have no pieces left, the game is won.");
}

static void
test_explain_steps (void)
{
  KzPosition pos = make_position ("c4 a1", "c5 c6 e9", 'c', "home", "home");
  g_autofree char *escape = explain (&pos, "c4-b4");
  g_assert_cmpstr (escape, ==, "Stepped from c4 to b4, out of danger: there it cannot be taken.");

  /* b3-c3 would be an escape too (c5xc3xa3 takes b3); d3 is safe (e3 held) */
  pos = make_position ("c4 d3 e3", "c5 c6 e9", 'c', "home", "home");
  g_autofree char *cover = explain (&pos, "d3-c3");
  g_assert_cmpstr (cover, ==, "Stepped to c3: now c4 cannot be taken.");

  pos = make_position ("a1", "a5 c5 e9", 't', "home", "home");
  g_autofree char *plain = explain (&pos, "e9-d9");
  g_assert_cmpstr (plain, ==, "Stepped from e9 to d9.");

  /* d4-c4 puts a Turk beside b4 with a4 free behind it */
  pos = make_position ("b4 e1", "d4 e9", 't', "home", "home");
  g_autofree char *threat = explain (&pos, "d4-c4");
  g_assert_cmpstr (threat, ==, "Stepped to c4: now your piece on b4 can be taken.");
}

static void
test_explain_flag (void)
{
  /* a Turk carrying the Cossack flag steps nearer c8 */
  KzPosition pos = make_position ("a1", "c6 e9", 't', "c6", "home");
  g_autofree char *nearer = explain (&pos, "c6-c7");
  g_assert_cmpstr (nearer, ==, "Stepped to c7 with your flag: 1 turn from home.");
  pos = make_position ("a1", "c7 e9", 't', "c7", "home");
  g_autofree char *home = explain (&pos, "c7-c8");
  g_assert_cmpstr (home, ==, "Brought your flag home to c8: the game is won.");
}

static void
test_must_capture (void)
{
  KzPosition pos = make_position ("c4 a1 e4", "c5 d5 e5", 'c', "home", "home");
  g_autofree char *text = kz_guide_must_capture_text (&pos);
  g_assert_cmpstr (text, ==, "Capturing is compulsory: c4 can take c5; e4 can take e5.");
  pos = make_position ("a1", "e9", 'c', "home", "home");
  g_assert_null (kz_guide_must_capture_text (&pos));
}

static void
test_danger (void)
{
  KzPosition pos = make_position ("c4 a1", "c5 c6 e9", 'c', "home", "home");
  g_autofree char *one = kz_guide_danger_text (&pos, KZ_COSSACKS);
  g_assert_cmpstr (one, ==, "In danger: your piece on c4 could be taken next turn.");
  pos = make_position ("a1", "e9", 'c', "home", "home");
  g_autofree char *none = kz_guide_danger_text (&pos, KZ_COSSACKS);
  g_assert_cmpstr (none, ==, "None of your pieces can be taken next turn.");
}

static void
test_roads (void)
{
  KzFlagRoad road;
  KzPosition pos;
  kz_position_init_start (&pos);
  /* at the start no road is open (every landing point beyond the flag
   * is held): the text says nothing then */
  g_assert_false (kz_guide_flag_road (&pos, KZ_TURKS, &road));
  g_assert_null (kz_guide_road_text (&road, KZ_COSSACKS));

  pos = make_position ("c6", "a9 e9", 'c', "home", "home");
  g_assert_true (kz_guide_flag_road (&pos, KZ_TURKS, &road));
  g_autofree char *mine = kz_guide_road_text (&road, KZ_COSSACKS);
  g_assert_cmpstr (mine, ==, "Your road to their flag and home: 9 turns from c6 (solid line).");
  g_autofree char *theirs = kz_guide_road_text (&road, KZ_TURKS);
  g_assert_cmpstr (theirs, ==, "Their road to your flag and home: 9 turns from c6 (dashed line).");

  pos = make_position ("c5", "e9", 'c', "home", "c5");
  g_assert_true (kz_guide_flag_road (&pos, KZ_TURKS, &road));
  g_autofree char *carried = kz_guide_road_text (&road, KZ_COSSACKS);
  g_assert_cmpstr (carried, ==, "Your road home with their flag: 3 turns (solid line).");
}

/* The warning before a losing move of the side to move in pos. */
static char *
warning (const KzPosition *pos, const char *text)
{
  KzMove move;
  KzError err;
  KzGuideRisk risk;
  if (!kz_move_parse (pos, text, &move, &err))
    g_error ("%s: %s", text, err.message);
  g_assert_true (kz_guide_should_warn (pos, &move, &risk, NULL));
  return kz_guide_warning_text (pos, &move, &risk);
}

static void
test_warning (void)
{
  KzPosition pos;
  kz_position_init_start (&pos);
  g_autofree char *pieces = warning (&pos, "c4-c5");
  g_assert_true (g_str_equal (pieces, "After c4-c5 the computer can take your pieces on b4 and c5.")
                 || g_str_equal (pieces, "After c4-c5 the computer can take your pieces on d4 and c5."));

  pos = make_position ("c4", "c6", 'c', "home", "home");
  g_autofree char *win = warning (&pos, "c4-c5");
  g_assert_cmpstr (win, ==, "After c4-c5 the computer can win at once: c6xc4.");

  pos = make_position ("c1 a5", "c3 e9", 'c', "home", "home");
  g_autofree char *flag = warning (&pos, "c1-b1");
  g_assert_cmpstr (flag, ==, "After c1-b1 the computer can take your flag: c3xc1xa1.");
}

int
main (int argc, char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/guide/points", test_points);
  g_test_add_func ("/model/guide/explain/captures", test_explain_captures);
  g_test_add_func ("/model/guide/explain/steps", test_explain_steps);
  g_test_add_func ("/model/guide/explain/flag", test_explain_flag);
  g_test_add_func ("/model/guide/must-capture", test_must_capture);
  g_test_add_func ("/model/guide/danger", test_danger);
  g_test_add_func ("/model/guide/roads", test_roads);
  g_test_add_func ("/model/guide/warning", test_warning);
  return g_test_run ();
}
