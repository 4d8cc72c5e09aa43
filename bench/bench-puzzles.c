/* bench-puzzles.c — how fast the puzzle trainer opens and shows the next
 * puzzle (target: 100 ms), in the real application (KzApplication, in
 * this process) on a display (run it under xvfb-run and dbus-run-session).
 *
 * The database is a fresh one in a temporary folder holding ATTEMPTS
 * stored attempts (default 500: the history and the graph have something
 * to read).  Measured: app.puzzles until the trainer's first frame is
 * painted; then N times (default 50) win.puzzle-next until the next frame
 * is painted with the new puzzle on the board (the median and the worst);
 * then the trainer closed and opened again.
 *
 *   bench-puzzles [N] [ATTEMPTS]
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <stdio.h>
#include <stdlib.h>

#include "kz-application.h"
#include "kz-puzzle.h"
#include "kz-puzzles-window.h"

static int rounds = 50;
static int n_attempts = 500;
static GArray *next_ms;
static double open_ms;
static double built_ms;   /* app.puzzles returned: the window built and presented */
static gint64 t0;
static int round_no;
static gulong paint_id;
static KzPuzzlesWindow *trainer;

static void next_round (GApplication *app);
static gboolean start (gpointer user_data);
static double reopen_ms = -1;
static double rebuilt_ms;
static gboolean reopening;

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static void
after_paint (GdkFrameClock *clock, gpointer user_data)
{
  GApplication *app = user_data;
  double ms = (double) (g_get_monotonic_time () - t0) / 1000.0;
  g_signal_handler_disconnect (clock, paint_id);
  paint_id = 0;
  if (round_no == 0)
    open_ms = ms;
  else if (round_no > rounds)
    {
      reopen_ms = ms;
      g_idle_add_once ((GSourceOnceFunc) next_round, app);
      return;
    }
  else
    g_array_append_val (next_ms, ms);
  round_no++;
  /* the next round after this frame is done */
  g_idle_add_once ((GSourceOnceFunc) next_round, app);
}

static void
watch_next_frame (GApplication *app)
{
  GdkFrameClock *clock = gtk_widget_get_frame_clock (GTK_WIDGET (trainer));
  paint_id = g_signal_connect (clock, "after-paint", G_CALLBACK (after_paint), app);
}

static void
next_round (GApplication *app)
{
  if (round_no > rounds && reopen_ms < 0)
    {
      /* closed and opened again: the second time */
      gtk_window_close (GTK_WINDOW (trainer));
      trainer = NULL;
      reopening = TRUE;
      g_timeout_add (300, start, app);
      return;
    }
  if (round_no > rounds)
    {
      g_array_sort (next_ms, compare_double);
      double median = g_array_index (next_ms, double, next_ms->len / 2);
      double worst = g_array_index (next_ms, double, next_ms->len - 1);
      printf ("trainer opens (app.puzzles to the first frame, %d attempts stored): %.1f ms"
              " (%.1f ms of it building the window)\n", n_attempts, open_ms, built_ms);
      printf ("trainer opened again: %.1f ms (%.1f ms of it building the window)\n",
              reopen_ms, rebuilt_ms);
      printf ("next puzzle (win.puzzle-next to the frame that shows it), %d times: "
              "median %.1f ms, worst %.1f ms\n", rounds, median, worst);
      g_application_quit (app);
      return;
    }
  t0 = g_get_monotonic_time ();
  g_action_group_activate_action (G_ACTION_GROUP (trainer), "puzzle-next", NULL);
  watch_next_frame (app);
}

static void
trainer_mapped (GtkWidget *widget, gpointer user_data)
{
  watch_next_frame (user_data);
}

/* The attempts, stored as the trainer stores them. */
static void
store_attempts (GApplication *app)
{
  KzStore *store = kz_session_get_store (kz_application_get_session (KZ_APPLICATION (app)));
  g_autoptr(GPtrArray) puzzles = kz_puzzles_get_builtin (NULL);
  for (int i = 0; store && i < n_attempts; i++)
    kz_store_add_puzzle_attempt (store, puzzles->pdata[i % puzzles->len], 1000 + i, i % 3 != 0,
                                 NULL, NULL);
}

static gboolean
start (gpointer user_data)
{
  GApplication *app = user_data;
  if (!reopening)
    {
      store_attempts (app);
      next_ms = g_array_new (FALSE, FALSE, sizeof (double));
    }
  t0 = g_get_monotonic_time ();
  g_action_group_activate_action (G_ACTION_GROUP (app), "puzzles", NULL);
  if (reopening)
    rebuilt_ms = (double) (g_get_monotonic_time () - t0) / 1000.0;
  else
    built_ms = (double) (g_get_monotonic_time () - t0) / 1000.0;
  for (GList *w = gtk_application_get_windows (GTK_APPLICATION (app)); w; w = w->next)
    if (KZ_IS_PUZZLES_WINDOW (w->data))
      trainer = w->data;
  if (trainer == NULL)
    {
      fprintf (stderr, "bench-puzzles: app.puzzles opened no trainer\n");
      g_application_quit (app);
      return G_SOURCE_REMOVE;
    }
  if (gtk_widget_get_mapped (GTK_WIDGET (trainer)))
    watch_next_frame (app);
  else
    g_signal_connect (trainer, "map", G_CALLBACK (trainer_mapped), app);
  return G_SOURCE_REMOVE;
}

static void
activated (GApplication *app)
{
  /* after the main window's first frames */
  g_timeout_add (1000, start, app);
}

int
main (int argc, char **argv)
{
  if (argc > 1)
    rounds = MAX (1, atoi (argv[1]));
  if (argc > 2)
    n_attempts = MAX (0, atoi (argv[2]));
  g_autofree char *dir = g_dir_make_tmp ("kz-bench-puzzles-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", dir, TRUE);
  g_setenv ("XDG_CONFIG_HOME", dir, TRUE);
  g_setenv ("XDG_CACHE_HOME", dir, TRUE);
  g_setenv ("GSETTINGS_BACKEND", "memory", TRUE);
  g_setenv ("GTK_A11Y", "none", TRUE);
  g_autoptr(KzApplication) app = kz_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  g_signal_connect_after (app, "activate", G_CALLBACK (activated), NULL);
  int status = g_application_run (G_APPLICATION (app), 1, argv);
  g_autofree char *cmd = g_strdup_printf ("rm -rf '%s'", dir);
  if (system (cmd) != 0)
    fprintf (stderr, "bench-puzzles: could not remove %s\n", dir);
  return status;
}
