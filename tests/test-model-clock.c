/* test-model-clock.c — time controls, the clock, clocks in games, in the
 * store (restart, the turn under way, migration from every earlier
 * schema) and in KGN.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib/gstdio.h>
#include <sqlite3.h>
#include <string.h>

#include "kz-clock.h"
#include "kz-game.h"
#include "kz-game-clock.h"
#include "kz-game-private.h"
#include "kz-kgn.h"
#include "kz-store.h"
#include "kz-store-private.h"
#include "old-schema.h"

#define SEC ((gint64) G_USEC_PER_SEC)

static void
test_time_control_syntax (void)
{
  static const struct { const char *text; KzTimeKind kind; gint64 base, inc; const char *back; } good[] = {
    { "300+3", KZ_TIME_FISCHER, 300000, 3000, "300+3" },
    { " 600+5 ", KZ_TIME_FISCHER, 600000, 5000, "600+5" },
    { "900", KZ_TIME_SUDDEN_DEATH, 900000, 0, "900" },
    { "60+0", KZ_TIME_SUDDEN_DEATH, 60000, 0, "60" },
    { "-", KZ_TIME_NONE, 0, 0, "-" },
    { "", KZ_TIME_NONE, 0, 0, "-" },
    { NULL, KZ_TIME_NONE, 0, 0, "-" },
  };
  static const char *const bad[] = { "abc", "5:00", "+3", "0", "300+", "300+x", "-5", "99999999999", "3 00" };

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      KzTimeControl tc;
      g_autoptr (GError) error = NULL;
      g_autofree char *back = NULL;

      g_assert_true (kz_time_control_parse (good[i].text, &tc, &error));
      g_assert_no_error (error);
      g_assert_cmpint (tc.kind, ==, good[i].kind);
      g_assert_cmpint (tc.base_ms, ==, good[i].base);
      g_assert_cmpint (tc.increment_ms, ==, good[i].inc);
      back = kz_time_control_format (&tc);
      g_assert_cmpstr (back, ==, good[i].back);
    }
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      KzTimeControl tc;
      g_autoptr (GError) error = NULL;

      g_assert_false (kz_time_control_parse (bad[i], &tc, &error));
      g_assert_error (error, KZ_TIME_CONTROL_ERROR, 0);
      g_assert_nonnull (strstr (error->message, bad[i]));   /* names what was wrong */
    }
  {
    KzTimeControl f = { KZ_TIME_FISCHER, 300000, 3000 }, s = { KZ_TIME_SUDDEN_DEATH, 90000, 0 };
    g_autofree char *a = kz_time_control_describe (&f), *b = kz_time_control_describe (&s);
    g_assert_cmpstr (a, ==, "5 min + 3 s");
    g_assert_cmpstr (b, ==, "90 s");
  }
}

static void
test_clk_comments (void)
{
  static const struct { gint64 ms; const char *text; } cases[] = {
    { 291000, "0:04:51" }, { 9400, "0:00:09.4" }, { 3723000, "1:02:03" }, { 0, "0:00:00" },
    { 59999, "0:00:59.9" },
  };
  gint64 ms;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *t = kz_clock_format_clk (cases[i].ms);
      g_autofree char *comment = g_strdup_printf ("{[%%clk %s]}", t);
      g_assert_cmpstr (t, ==, cases[i].text);
      g_assert_true (kz_clock_parse_clk (comment, &ms));
      g_assert_cmpint (ms, ==, cases[i].ms / 100 * 100);
    }
  g_assert_true (kz_clock_parse_clk ("{a note [%clk 1:02:03.5] and more}", &ms));
  g_assert_cmpint (ms, ==, 3723500);
  g_assert_true (kz_clock_parse_clk ("{[%clk 0:00:01.25]}", &ms));
  g_assert_cmpint (ms, ==, 1250);
  for (const char *const *b = (const char *const[]) { "{[%clk 0:4:51]}", "{[%clk 0:04:61]}", "{[%clk ]}",
                                                       "{[%clk 0:04:51}", "{no clock}", "{[%clk x]}", NULL };
       *b; b++)
    g_assert_false (kz_clock_parse_clk (*b, &ms));
}

static void
test_clock_fischer (void)
{
  KzTimeControl tc = { KZ_TIME_FISCHER, 10000, 2000 };
  g_autoptr (KzClock) clock = kz_clock_new (&tc);
  gint64 t0 = 1000 * SEC;
  KzSide side;

  g_assert_false (kz_clock_is_running (clock));
  g_assert_cmpint (kz_clock_get_left (clock, KZ_COSSACKS, t0), ==, 10000);
  kz_clock_start (clock, KZ_COSSACKS, t0);
  g_assert_true (kz_clock_is_running (clock));
  /* only the side to move runs */
  g_assert_cmpint (kz_clock_get_left (clock, KZ_COSSACKS, t0 + 3 * SEC), ==, 7000);
  g_assert_cmpint (kz_clock_get_left (clock, KZ_TURKS, t0 + 3 * SEC), ==, 10000);
  /* the move: the increment, and the other clock runs */
  g_assert_cmpint (kz_clock_press (clock, t0 + 3 * SEC), ==, 9000);
  g_assert_cmpint (kz_clock_get_side (clock), ==, KZ_TURKS);
  g_assert_cmpint (kz_clock_get_left (clock, KZ_COSSACKS, t0 + 5 * SEC), ==, 9000);
  g_assert_cmpint (kz_clock_get_left (clock, KZ_TURKS, t0 + 5 * SEC), ==, 8000);
  /* paused (reviewing, the app closed): nothing runs */
  kz_clock_pause (clock, t0 + 5 * SEC);
  g_assert_cmpint (kz_clock_get_left (clock, KZ_TURKS, t0 + 500 * SEC), ==, 8000);
  g_assert_false (kz_clock_flag_fell (clock, t0 + 500 * SEC, NULL));
  kz_clock_start (clock, KZ_TURKS, t0 + 500 * SEC);
  g_assert_false (kz_clock_is_low (clock, KZ_TURKS, t0 + 506 * SEC));   /* 2.0 s of 10 */
  g_assert_true (kz_clock_is_low (clock, KZ_TURKS, t0 + 507.5 * SEC));  /* 0.5 s */
  g_assert_false (kz_clock_flag_fell (clock, t0 + 507.9 * SEC, NULL));
  g_assert_true (kz_clock_flag_fell (clock, t0 + 508 * SEC, &side));
  g_assert_cmpint (side, ==, KZ_TURKS);
  g_assert_cmpint (kz_clock_get_left (clock, KZ_TURKS, t0 + 600 * SEC), ==, 0);
}

static void
test_clock_sudden_death_and_none (void)
{
  KzTimeControl sd = { KZ_TIME_SUDDEN_DEATH, 5000, 0 }, none = { KZ_TIME_NONE, 0, 0 };
  g_autoptr (KzClock) a = kz_clock_new (&sd);
  g_autoptr (KzClock) b = kz_clock_new (&none);

  kz_clock_start (a, KZ_COSSACKS, 0);
  g_assert_cmpint (kz_clock_press (a, 1 * SEC), ==, 4000);   /* no increment */
  kz_clock_start (b, KZ_COSSACKS, 0);
  g_assert_false (kz_clock_is_running (b));
  g_assert_false (kz_clock_flag_fell (b, 1000000 * SEC, NULL));
  g_assert_false (kz_clock_is_low (b, KZ_COSSACKS, 1000000 * SEC));
}

static void
test_think_budget (void)
{
  gint64 prev = 0;

  g_assert_cmpint (kz_clock_think_budget_ms (300000, 3000), ==, 300000 / 30 + 2250);
  for (gint64 left = 100; left <= 3600000; left *= 3)
    {
      gint64 b = kz_clock_think_budget_ms (left, 0);
      g_assert_cmpint (b, >, 0);
      g_assert_cmpint (b, <=, MAX (left / 4, 1));
      g_assert_cmpint (b, >=, prev);   /* more time, more thought */
      g_assert_cmpint (kz_clock_think_budget_ms (left, 5000), >=, b);
      prev = b;
    }
}

static KzGame *
timed_game (void)
{
  KzTimeControl tc = { KZ_TIME_FISCHER, 300000, 3000 };
  KzGame *game = kz_game_new ();

  kz_game_set_time_control (game, &tc);
  return game;
}

static void
play (KzGame *game, const char *text, gint64 clock_ms)
{
  g_autoptr (GError) error = NULL;
  KzMove move;

  g_assert_true (kz_game_parse_move (game, text, &move, &error));
  g_assert_true (kz_game_play_with_clock (game, &move, clock_ms, &error));
  g_assert_no_error (error);
}

static void
test_game_clock (void)
{
  g_autoptr (KzGame) game = timed_game ();
  g_autoptr (KzGame) untimed = kz_game_new ();
  g_autoptr (KzClock) clock = NULL;
  g_autoptr (GError) error = NULL;
  KzTimeControl tc;

  g_assert_cmpstr (kz_game_get_tag (game, "TimeControl"), ==, "300+3");
  g_assert_true (kz_game_get_time_control (game, &tc));
  g_assert_false (kz_game_get_time_control (untimed, &tc));
  g_assert_null (kz_game_new_clock (untimed));
  g_assert_cmpint (kz_game_get_clock_left (game, KZ_TURKS), ==, 300000);

  play (game, "c4-c5", 297000);
  play (game, "c6xc4xa4", 301500);
  play (game, "a3xa5", 250000);
  g_assert_cmpint (kz_game_get_move_clock (game, 1), ==, 301500);
  g_assert_cmpint (kz_game_get_clock_left (game, KZ_COSSACKS), ==, 250000);
  g_assert_cmpint (kz_game_get_clock_left (game, KZ_TURKS), ==, 301500);
  clock = kz_game_new_clock (game);
  g_assert_nonnull (clock);
  g_assert_false (kz_clock_is_running (clock));
  g_assert_cmpint (kz_clock_get_left (clock, KZ_COSSACKS, 0), ==, 250000);
  g_assert_cmpint (kz_clock_get_left (clock, KZ_TURKS, 0), ==, 301500);
  /* undo and redo keep the clock of the move */
  g_assert_true (kz_game_undo (game, &error));
  g_assert_cmpint (kz_game_get_clock_left (game, KZ_COSSACKS), ==, 297000);
  g_assert_true (kz_game_redo (game, &error));
  g_assert_cmpint (kz_game_get_move_clock (game, 2), ==, 250000);

  /* The Turks' flag falls: the Cossacks win on time, for good. */
  g_assert_true (kz_game_flag_fall (game, KZ_TURKS, &error));
  g_assert_no_error (error);
  g_assert_cmpint (kz_game_get_result (game), ==, KZ_RESULT_COSSACKS_WIN);
  g_assert_cmpint (kz_game_get_termination (game), ==, KZ_TERMINATION_TIME_FORFEIT);
  g_assert_cmpstr (kz_termination_to_kgn (KZ_TERMINATION_TIME_FORFEIT), ==, "time forfeit");
  g_assert_false (kz_game_get_can_undo (game));
  g_assert_false (kz_game_flag_fall (game, KZ_COSSACKS, NULL));
}

static char *
tmp_db (const char *name)
{
  static char *dir;
  if (dir == NULL)
    dir = g_dir_make_tmp ("kz-clock-XXXXXX", NULL);
  return g_build_filename (dir, name, NULL);
}

/* Restarting (or after a crash: every move is committed) gives the
 * same clocks back. */
static void
test_store_restart (void)
{
  g_autofree char *path = tmp_db ("restart.db");
  g_autoptr (GError) error = NULL;
  gint64 id;

  {
    g_autoptr (KzStore) store = kz_store_open (path, &error);
    g_autoptr (KzGame) game = timed_game ();
    g_assert_no_error (error);
    id = kz_store_create_game (store, game, &error);
    g_assert_cmpint (id, >, 0);
    play (game, "c4-c5", 296400);
    play (game, "c6xc4xa4", 299900);
    {
      KzMove move;
      g_assert_true (kz_game_parse_move (game, "a3xa5", &move, NULL));
      g_assert_true (kz_game_play (game, &move, &error));   /* no clock for this one */
    }
  }
  {
    g_autoptr (KzStore) store = kz_store_open (path, &error);
    g_autoptr (KzGame) game = kz_store_load_game (store, id, &error);
    g_autoptr (KzClock) clock = NULL;
    KzTimeControl tc;
    g_assert_no_error (error);
    g_assert_true (kz_game_get_time_control (game, &tc));
    g_assert_cmpint (tc.base_ms, ==, 300000);
    g_assert_cmpint (tc.increment_ms, ==, 3000);
    g_assert_cmpint (kz_game_get_move_clock (game, 0), ==, 296400);
    g_assert_cmpint (kz_game_get_move_clock (game, 1), ==, 299900);
    g_assert_cmpint (kz_game_get_move_clock (game, 2), ==, -1);
    clock = kz_game_new_clock (game);
    g_assert_cmpint (kz_clock_get_left (clock, KZ_COSSACKS, 0), ==, 296400);
    g_assert_cmpint (kz_clock_get_left (clock, KZ_TURKS, 0), ==, 299900);
    /* a flag fall is stored too */
    g_assert_true (kz_game_flag_fall (game, KZ_TURKS, &error));
  }
  {
    g_autoptr (KzStore) store = kz_store_open (path, &error);
    g_autoptr (KzGame) game = kz_store_load_game (store, id, &error);
    g_assert_no_error (error);
    g_assert_cmpint (kz_game_get_termination (game), ==, KZ_TERMINATION_TIME_FORFEIT);
    g_assert_cmpint (kz_game_get_result (game), ==, KZ_RESULT_COSSACKS_WIN);
  }
}

/* Files of every earlier schema version get moves.clock_ms and then
 * keep the clocks of new moves. */
static void
test_store_migration (void)
{
  for (int version = 1; version < KZ_STORE_SCHEMA_VERSION; version++)
    {
      g_autofree char *name = g_strdup_printf ("v%d.db", version);
      g_autofree char *path = tmp_db (name);
      g_autoptr (GError) error = NULL;

      old_schema_write_game (path, version, 1);
      {
        g_autoptr (KzStore) store = kz_store_open (path, &error);
        g_autoptr (KzGame) game = NULL;
        KzMove move;

        g_assert_no_error (error);
        g_assert_cmpint (old_schema_version_of (store), ==, KZ_STORE_SCHEMA_VERSION);
        game = kz_store_load_game (store, 1, &error);
        g_assert_no_error (error);
        g_assert_cmpint (kz_game_get_move_clock (game, 0), ==, -1);   /* older moves: no clock */
        g_assert_true (kz_game_parse_move (game, "b6-a6", &move, NULL));
        g_assert_true (kz_game_play_with_clock (game, &move, 12345, &error));
        g_assert_no_error (error);
      }
      {
        g_autoptr (KzStore) store = kz_store_open (path, &error);
        g_autoptr (KzGame) game = kz_store_load_game (store, 1, &error);
        g_assert_no_error (error);
        g_assert_cmpint (kz_game_get_move_clock (game, 1), ==, 12345);
      }
    }
}

static void
test_kgn (void)
{
  g_autoptr (KzGame) game = timed_game ();
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;
  g_autofree char *again = NULL;
  g_autoptr (KzGame) back = NULL;

  play (game, "c4-c5", 291000);
  play (game, "c6xc4xa4", 299400);
  g_assert_true (kz_game_flag_fall (game, KZ_COSSACKS, &error));
  text = kz_kgn_export_game (game);
  g_assert_nonnull (strstr (text, "[TimeControl \"300+3\"]"));
  g_assert_nonnull (strstr (text, "c4-c5 {[%clk 0:04:51]}"));
  g_assert_nonnull (strstr (text, "c6xc4xa4 {[%clk 0:04:59.4]}"));
  g_assert_nonnull (strstr (text, "[Termination \"time forfeit\"]"));

  back = kz_kgn_parse_game (text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (kz_game_get_tag (back, "TimeControl"), ==, "300+3");
  g_assert_cmpint (kz_game_get_move_clock (back, 0), ==, 291000);
  g_assert_cmpint (kz_game_get_move_clock (back, 1), ==, 299400);
  g_assert_cmpint (kz_game_get_result (back), ==, KZ_RESULT_TURKS_WIN);
  g_assert_cmpint (kz_game_get_termination (back), ==, KZ_TERMINATION_TIME_FORFEIT);
  again = kz_kgn_export_game (back);
  g_assert_cmpstr (again, ==, text);

  /* a hand-written record: "-" and comments without a clock */
  {
    g_autoptr (KzGame) g = kz_kgn_parse_game ("[TimeControl \"-\"]\n\n1. c4-c5 {a note} c6xc4xa4 {[%clk 0:00:07]} *\n",
                                              -1, &error);
    KzTimeControl tc;
    g_assert_no_error (error);
    g_assert_false (kz_game_get_time_control (g, &tc));
    g_assert_cmpint (kz_game_get_move_clock (g, 0), ==, -1);
    g_assert_cmpint (kz_game_get_move_clock (g, 1), ==, 7000);
  }
}

static gint64
fake_now (gpointer data)
{
  return *(gint64 *) data;
}

static void
count_signal (GObject *object, int side, int *count)
{
  (*count)++;
}

static void
test_game_clock_driver (void)
{
  KzTimeControl tc = { KZ_TIME_FISCHER, 10000, 2000 };
  g_autoptr (KzGame) game = kz_game_new ();
  g_autoptr (KzGame) untimed = kz_game_new ();
  g_autoptr (KzGameClock) gc = NULL;
  g_autoptr (GError) error = NULL;
  gint64 t = 5000 * SEC;
  int low = 0, fell = 0;
  KzMove move;

  g_assert_null (kz_game_clock_new (untimed));
  kz_game_set_time_control (game, &tc);
  gc = kz_game_clock_new (game);
  g_assert_nonnull (gc);
  kz_game_clock_set_time_func (gc, fake_now, &t);
  g_signal_connect (gc, "low-time", G_CALLBACK (count_signal), &low);
  g_signal_connect (gc, "flag-fell", G_CALLBACK (count_signal), &fell);

  /* starts paused: no time passes */
  g_assert_false (kz_game_clock_get_running (gc));
  t += 100 * SEC;
  g_assert_cmpint (kz_game_clock_get_left (gc, KZ_COSSACKS), ==, 10000);
  kz_game_clock_set_paused (gc, FALSE);
  g_assert_true (kz_game_clock_get_running (gc));
  t += 3 * SEC;
  g_assert_cmpint (kz_game_clock_get_left (gc, KZ_COSSACKS), ==, 7000);
  g_assert_cmpint (kz_game_clock_think_budget (gc), >, 0);
  g_assert_cmpint (kz_game_clock_think_budget (gc), <=, 7000 / 4);

  /* a move stores the mover's time after the increment */
  g_assert_true (kz_game_parse_move (game, "c4-c5", &move, NULL));
  g_assert_true (kz_game_clock_play (gc, &move, &error));
  g_assert_no_error (error);
  g_assert_cmpint (kz_game_get_move_clock (game, 0), ==, 9000);
  t += 1 * SEC;
  g_assert_cmpint (kz_game_clock_get_left (gc, KZ_TURKS), ==, 9000);
  g_assert_cmpint (kz_game_clock_get_left (gc, KZ_COSSACKS), ==, 9000);
  /* an illegal move leaves the clock as it was */
  g_assert_true (kz_game_parse_move (game, "c6-b6", &move, NULL) == FALSE
                 || !kz_game_clock_play (gc, &move, NULL));
  g_assert_cmpint (kz_game_clock_get_left (gc, KZ_TURKS), ==, 9000);
  g_assert_cmpint (kz_game_clock_get_left (gc, KZ_COSSACKS), ==, 9000);

  /* paused (review, the app closed): nothing runs */
  kz_game_clock_set_paused (gc, TRUE);
  t += 1000 * SEC;
  g_assert_false (kz_game_clock_check (gc));
  g_assert_cmpint (kz_game_clock_get_left (gc, KZ_TURKS), ==, 9000);
  kz_game_clock_set_paused (gc, FALSE);

  /* undo goes back to the times of the ply */
  g_assert_true (kz_game_undo (game, &error));
  g_assert_cmpint (kz_game_clock_get_left (gc, KZ_COSSACKS), ==, 10000);
  g_assert_true (kz_game_redo (game, &error));
  g_assert_cmpint (kz_game_clock_get_left (gc, KZ_COSSACKS), ==, 9000);
  g_assert_cmpint (kz_game_clock_get_left (gc, KZ_TURKS), ==, 10000);

  /* low time once, then the flag falls: the Cossacks win on time */
  t += 9 * SEC + 100 * 1000;
  g_assert_false (kz_game_clock_check (gc));
  g_assert_false (kz_game_clock_check (gc));
  g_assert_cmpint (low, ==, 1);
  g_assert_true (kz_game_clock_is_low (gc, KZ_TURKS));
  t += 1 * SEC;
  g_assert_true (kz_game_clock_check (gc));
  g_assert_cmpint (fell, ==, 1);
  g_assert_cmpint (kz_game_get_result (game), ==, KZ_RESULT_COSSACKS_WIN);
  g_assert_cmpint (kz_game_get_termination (game), ==, KZ_TERMINATION_TIME_FORFEIT);
  g_assert_false (kz_game_clock_get_running (gc));
  g_assert_cmpint (kz_game_clock_get_left (gc, KZ_TURKS), ==, 0);
  g_assert_cmpint (kz_game_clock_get_left (gc, KZ_COSSACKS), ==, 9000);
}

/* The turn under way: its time left is saved when the clock pauses (and
 * every 10 s while it runs), so reopening the game charges the time
 * already spent on the move -- once, not twice, and not lost. */
static void
test_turn_clock (void)
{
  g_autofree char *path = tmp_db ("turn.db");
  KzTimeControl tc = { KZ_TIME_FISCHER, 10000, 2000 };
  g_autoptr (GError) error = NULL;
  gint64 t = 7000 * SEC;
  gint64 id;
  KzMove move;

  {
    g_autoptr (KzStore) store = kz_store_open (path, &error);
    g_autoptr (KzGame) game = kz_game_new ();
    g_autoptr (KzGameClock) gc = NULL;

    g_assert_no_error (error);
    kz_game_set_time_control (game, &tc);
    id = kz_store_create_game (store, game, &error);
    g_assert_cmpint (id, >, 0);
    g_assert_cmpint (kz_game_get_turn_clock (game), ==, -1);
    gc = kz_game_clock_new (game);
    kz_game_clock_set_time_func (gc, fake_now, &t);
    kz_game_clock_set_paused (gc, FALSE);
    t += 1 * SEC;
    g_assert_true (kz_game_parse_move (game, "c4-c5", &move, NULL));
    g_assert_true (kz_game_clock_play (gc, &move, &error));
    g_assert_cmpint (kz_game_get_move_clock (game, 0), ==, 11000);
    /* the Turks think 3 s, then the game is paused (or the app closed) */
    t += 3 * SEC;
    kz_game_clock_set_paused (gc, TRUE);
    g_assert_cmpint (kz_game_get_turn_clock (game), ==, 7000);
    g_assert_cmpint (kz_game_get_clock_left (game, KZ_TURKS), ==, 7000);
    g_assert_cmpint (kz_game_get_clock_left (game, KZ_COSSACKS), ==, 11000);
    /* resumed: the turn goes on from 7 s, it does not start again */
    t += 100 * SEC;
    kz_game_clock_set_paused (gc, FALSE);
    t += 1 * SEC;
    g_assert_cmpint (kz_game_clock_get_left (gc, KZ_TURKS), ==, 6000);
    kz_game_clock_set_paused (gc, TRUE);
    g_assert_cmpint (kz_game_get_turn_clock (game), ==, 6000);
  }
  {
    /* reopened (a restart): the Turks have 6 s; 2 s more and they move */
    g_autoptr (KzStore) store = kz_store_open (path, &error);
    g_autoptr (KzGame) game = kz_store_load_game (store, id, &error);
    g_autoptr (KzGameClock) gc = NULL;

    g_assert_no_error (error);
    g_assert_cmpint (kz_game_get_turn_clock (game), ==, 6000);
    gc = kz_game_clock_new (game);
    kz_game_clock_set_time_func (gc, fake_now, &t);
    g_assert_cmpint (kz_game_clock_get_left (gc, KZ_TURKS), ==, 6000);
    g_assert_cmpint (kz_game_clock_get_left (gc, KZ_COSSACKS), ==, 11000);
    kz_game_clock_set_paused (gc, FALSE);
    t += 2 * SEC;
    g_assert_true (kz_game_parse_move (game, "c6xc4xa4", &move, NULL));
    g_assert_true (kz_game_clock_play (gc, &move, &error));
    g_assert_no_error (error);
    g_assert_cmpint (kz_game_get_move_clock (game, 1), ==, 6000);   /* 4 s + the increment */
    g_assert_cmpint (kz_game_get_turn_clock (game), ==, -1);        /* the move cleared it */
    {
      g_autoptr (KzGame) again = kz_store_load_game (store, id, &error);
      g_assert_cmpint (kz_game_get_turn_clock (again), ==, -1);     /* in the store too */
    }
    g_assert_cmpint (kz_game_clock_get_left (gc, KZ_COSSACKS), ==, 11000);
    /* a crash while the Cossacks think: the save every 10 s keeps the
     * time spent up to the last save */
    t += 10 * SEC + 500 * 1000;
    g_assert_false (kz_game_clock_check (gc));
    g_assert_cmpint (kz_game_get_turn_clock (game), ==, 500);
    g_assert_true (kz_game_clock_is_low (gc, KZ_COSSACKS));
  }
  {
    g_autoptr (KzStore) store = kz_store_open (path, &error);
    g_autoptr (KzGame) game = kz_store_load_game (store, id, &error);
    g_autoptr (KzGameClock) gc = NULL;

    g_assert_no_error (error);
    g_assert_cmpint (kz_game_get_clock_left (game, KZ_COSSACKS), ==, 500);
    /* taking the move back clears it too: the Turks' turn as it was */
    g_assert_true (kz_game_undo (game, &error));
    g_assert_cmpint (kz_game_get_turn_clock (game), ==, -1);
    g_assert_cmpint (kz_game_get_clock_left (game, KZ_TURKS), ==, 11000 - 1000);
    {
      g_autoptr (KzGame) again = kz_store_load_game (store, id, &error);
      g_assert_cmpint (kz_game_get_turn_clock (again), ==, -1);
    }
    g_assert_true (kz_game_redo (game, &error));
    g_assert_cmpint (kz_game_get_clock_left (game, KZ_COSSACKS), ==, 11000);
    /* the flag falls: 0:00 stays on the loser's clock after a restart */
    gc = kz_game_clock_new (game);
    kz_game_clock_set_time_func (gc, fake_now, &t);
    kz_game_clock_set_paused (gc, FALSE);
    t += 12 * SEC;
    g_assert_true (kz_game_clock_check (gc));
    g_assert_cmpint (kz_game_get_termination (game), ==, KZ_TERMINATION_TIME_FORFEIT);
    /* once over, nothing changes it */
    g_assert_true (kz_game_set_turn_clock (game, 4000, &error));
    g_assert_cmpint (kz_game_get_turn_clock (game), ==, 0);
  }
  {
    g_autoptr (KzStore) store = kz_store_open (path, &error);
    g_autoptr (KzGame) game = kz_store_load_game (store, id, &error);
    g_autoptr (KzGame) untimed = kz_game_new ();

    g_assert_no_error (error);
    g_assert_cmpint (kz_game_get_result (game), ==, KZ_RESULT_TURKS_WIN);
    g_assert_cmpint (kz_game_get_clock_left (game, KZ_COSSACKS), ==, 0);
    g_assert_cmpint (kz_game_get_clock_left (game, KZ_TURKS), ==, 6000);
    /* a game without a clock has no turn clock */
    g_assert_true (kz_game_set_turn_clock (untimed, 4000, &error));
    g_assert_cmpint (kz_game_get_turn_clock (untimed), ==, -1);
  }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/clock/time-control-syntax", test_time_control_syntax);
  g_test_add_func ("/model/clock/clk-comments", test_clk_comments);
  g_test_add_func ("/model/clock/fischer", test_clock_fischer);
  g_test_add_func ("/model/clock/sudden-death-and-none", test_clock_sudden_death_and_none);
  g_test_add_func ("/model/clock/think-budget", test_think_budget);
  g_test_add_func ("/model/clock/game", test_game_clock);
  g_test_add_func ("/model/clock/store-restart", test_store_restart);
  g_test_add_func ("/model/clock/store-migration", test_store_migration);
  g_test_add_func ("/model/clock/kgn", test_kgn);
  g_test_add_func ("/model/clock/game-clock", test_game_clock_driver);
  g_test_add_func ("/model/clock/turn-clock", test_turn_clock);
  return g_test_run ();
}
