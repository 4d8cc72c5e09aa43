/* test-cli.c — kazaki-cli's output formats and exit statuses.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

typedef struct {
  int   status;
  char *out;
  char *err;
} Run;

static void
run_clear (Run *r)
{
  g_free (r->out);
  g_free (r->err);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* Runs kazaki-cli with the NULL-terminated arguments. */
static Run
cli (const char *first, ...)
{
  const char *path = g_getenv ("KAZAKI_CLI");
  g_assert_nonnull (path);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, (char *) path);
  va_list ap;
  va_start (ap, first);
  for (const char *a = first; a; a = va_arg (ap, const char *))
    g_ptr_array_add (argv, (char *) a);
  va_end (ap);
  g_ptr_array_add (argv, NULL);

  Run r = { 0 };
  int wait_status;
  g_autoptr (GError) error = NULL;
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                     &r.out, &r.err, &wait_status, &error))
    g_error ("cannot run %s: %s", path, error->message);
  g_assert_true (WIFEXITED (wait_status));   /* never a crash */
  r.status = WEXITSTATUS (wait_status);
  return r;
}

static void
assert_bad_input (Run *r, const char *needle)
{
  g_test_message ("stderr: %s", r->err);
  g_assert_cmpint (r->status, ==, 2);
  g_assert_cmpstr (r->out, ==, "");
  /* one clear message, one line */
  g_assert_true (g_str_has_prefix (r->err, "kazaki-cli"));
  g_assert_nonnull (strchr (r->err, '\n'));
  g_assert_cmpstr (strchr (r->err, '\n') + 1, ==, "");
  if (needle)
    g_assert_nonnull (strstr (r->err, needle));
}

static void
test_moves_start (void)
{
  g_auto (Run) r = cli ("moves", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.out, ==, "a3-a4\nb4-a4\nb4-b5\nc4-c5\nd4-d5\nd4-e4\ne3-e4\n");
}

static void
test_moves_position (void)
{
  /* sorted bytewise: '-' (0x2d) before 'x' (0x78) */
  g_auto (Run) r = cli ("moves", "--position", "t4/3/2c2/5/5/5/5/3/5 c home home", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.out, ==, "c7-b7\nc7-b8\nc7-c6\nc7-d7\nc7-d8\nc7xc9\n");
  /* the Cossacks have no pieces left: the game is over, no moves */
  g_auto (Run) r2 = cli ("moves", "--position=4t/3/5/5/5/5/5/3/5 c home home", NULL);
  g_assert_cmpint (r2.status, ==, 0);
  g_assert_cmpstr (r2.out, ==, "");
}

static void
test_apply (void)
{
  g_auto (Run) r = cli ("apply", "c4-c5", "b6-b5", NULL);
  assert_bad_input (&r, "move 2 of 2");
  g_auto (Run) ok = cli ("apply", "a3-a4", NULL);
  g_assert_cmpint (ok.status, ==, 0);
  g_assert_cmpstr (ok.out, ==, "ttttt/t1t/ttttt/1ttt1/5/cccc1/1cccc/c1c/ccccc t home home\nongoing\n");
  g_auto (Run) none = cli ("apply", NULL);
  g_assert_cmpint (none.status, ==, 0);
  g_assert_cmpstr (none.out, ==, "ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/ccccc c home home\nongoing\n");
}

static void
test_apply_outcomes (void)
{
  g_auto (Run) flag = cli ("apply", "--position", "t4/3/5/5/5/5/1c3/3/5 c home c3", "c3-c2", NULL);
  assert_bad_input (&flag, "carried by c3");
  g_auto (Run) win = cli ("apply", "--position", "t4/3/5/5/5/5/2c2/3/5 c home c3", "c3-c2", NULL);
  g_assert_cmpint (win.status, ==, 0);
  g_assert_cmpstr (win.out, ==, "t4/3/5/5/5/5/5/1c1/5 t home c2\ncossacks-win flag\n");
  g_auto (Run) ann = cli ("apply", "--position", "5/3/5/5/2t2/2c2/5/3/5 c home home", "c4xc6", NULL);
  g_assert_cmpint (ann.status, ==, 0);
  g_assert_cmpstr (ann.out, ==, "5/3/5/2c2/5/5/5/3/5 t home home\ncossacks-win annihilation\n");
  g_auto (Run) blk = cli ("apply", "--position", "tcc2/c2/5/2c2/5/5/5/3/5 c home home", "c6-c7", NULL);
  g_assert_cmpint (blk.status, ==, 0);
  g_assert_cmpstr (blk.out, ==, "tcc2/c2/2c2/5/5/5/5/3/5 t home home\ncossacks-win blocked\n");
  g_auto (Run) turks = cli ("apply", "--position", "4c/3/2t2/5/5/5/5/3/5 t c7 home", "c7-c8", NULL);
  g_assert_cmpint (turks.status, ==, 0);
  g_assert_cmpstr (turks.out, ==, "4c/1t1/5/5/5/5/5/3/5 c c8 home\nturks-win flag\n");
  g_auto (Run) after = cli ("apply", "--position", "t4/3/5/5/5/5/5/1c1/5 t home c2", "a9-b9", NULL);
  assert_bad_input (&after, "game is over");
}

static void
test_perft (void)
{
  g_auto (Run) r = cli ("perft", "4", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_assert_cmpstr (r.out, ==, "1 7\n2 32\n3 164\n4 908\n");
  g_assert_nonnull (strstr (r.err, "leaves"));
  g_assert_nonnull (strstr (r.err, "/s"));

  g_auto (Run) d = cli ("perft", "--divide", "3", NULL);
  g_assert_cmpint (d.status, ==, 0);
  g_auto (GStrv) lines = g_strsplit (d.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, 9);   /* 7 moves, total, "" */
  guint64 sum = 0;
  for (int i = 0; i < 7; i++)
    {
      g_auto (GStrv) f = g_strsplit (lines[i], " ", -1);
      g_assert_cmpuint (g_strv_length (f), ==, 2);
      sum += g_ascii_strtoull (f[1], NULL, 10);
    }
  g_assert_cmpstr (lines[0], ==, "a3-a4 36");
  g_assert_cmpuint (sum, ==, 164);
  g_assert_cmpstr (lines[7], ==, "total 164");
}

static void
test_help (void)
{
  const char *cmds[] = { "moves", "apply", "perft" };
  g_auto (Run) top = cli ("--help", NULL);
  g_assert_cmpint (top.status, ==, 0);
  g_assert_true (g_str_has_prefix (top.out, "Usage: kazaki-cli"));
  for (gsize i = 0; i < G_N_ELEMENTS (cmds); i++)
    {
      g_auto (Run) r = cli (cmds[i], "--help", NULL);
      g_assert_cmpint (r.status, ==, 0);
      g_autofree char *want = g_strdup_printf ("Usage: kazaki-cli %s", cmds[i]);
      g_assert_true (g_str_has_prefix (r.out, want));
      g_assert_nonnull (strstr (top.out, cmds[i]));
    }
}

static void
test_bad_input (void)
{
  struct { const char *args[4]; const char *needle; } cases[] = {
    { { "moves", "--position", "ttttt/t1t/ttttt/1ttt1/6/1ccc1/ccccc/c1c/ccccc c home home" }, "column 23" },
    { { "moves", "--position", "ttttt/t1t/ttttt/1ttt1/5/cccc1/ccccc/c1c/ccccc c home home" }, "16 Cossack pieces" },
    { { "moves", "--position", "ttttt/t1t/ttttt/1ttt1/5/1ccc1/ccccc/c1c/ccccc c e5 home" }, "carried by e5" },
    { { "moves", "--position" }, "needs a KPN" },
    { { "moves", "--frobnicate" }, "unknown option '--frobnicate'" },
    { { "moves", "extra" }, "unexpected argument" },
    { { "apply", "c4-c6" }, "not neighbours" },
    { { "apply", "c4xc5x" }, "character 7" },
    { { "apply", "z9-z8" }, "character 1" },
    { { "apply", "c4-c5", "c6-c5" }, "move 2 of 2" },
    { { "perft" }, "missing DEPTH" },
    { { "perft", "x" }, "DEPTH" },
    { { "perft", "0" }, "DEPTH" },
    { { "perft", "99" }, "DEPTH" },
    { { "perft", "3", "4" }, "unexpected argument" },
    { { "frob" }, "unknown command 'frob'" },
    { { "--frob" }, "unknown option '--frob'" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (Run) r = cli (cases[i].args[0], cases[i].args[1], cases[i].args[2],
                            cases[i].args[3], NULL);
      assert_bad_input (&r, cases[i].needle);
    }
  g_auto (Run) none = cli (NULL);
  g_assert_cmpint (none.status, ==, 2);
}

/* tables --output FILE: FILE is replaced only by the complete tables.  A
 * run killed while it generates them leaves FILE as it was (it used to
 * delete FILE first), a folder is refused untouched, and a FILE that
 * cannot be written is reported before the long generation. */
static void
test_tables_output_safe (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kazaki-tables-XXXXXX", NULL);
  g_assert_nonnull (dir);
  g_autofree char *precious = g_build_filename (dir, "precious.txt", NULL);
  g_assert_true (g_file_set_contents (precious, "data\n", -1, NULL));

  const char *argv[] = { g_getenv ("KAZAKI_CLI"), "tables", "--output", precious, NULL };
  GPid pid;
  g_autoptr (GError) error = NULL;
  g_assert_true (g_spawn_async (NULL, (char **) argv, NULL,
                                G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL
                                | G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &pid, &error));
  g_assert_no_error (error);
  g_usleep (G_USEC_PER_SEC);   /* generating takes many seconds */
  kill (pid, SIGKILL);
  int wait_status;
  g_assert_cmpint (waitpid (pid, &wait_status, 0), ==, pid);
  g_spawn_close_pid (pid);
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (precious, &text, NULL, NULL));
  g_assert_cmpstr (text, ==, "data\n");

  /* A folder, empty or not, is refused before anything is generated. */
  g_autofree char *empty = g_build_filename (dir, "empty", NULL);
  g_autofree char *full = g_build_filename (dir, "full", NULL);
  g_autofree char *inside = g_build_filename (full, "keep.txt", NULL);
  g_assert_cmpint (g_mkdir (empty, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (full, 0700), ==, 0);
  g_assert_true (g_file_set_contents (inside, "keep\n", -1, NULL));
  const char *folders[] = { empty, full };
  for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
    {
      g_auto (Run) r = cli ("tables", "--output", folders[i], NULL);
      assert_bad_input (&r, "is a folder");
      g_assert_true (g_file_test (folders[i], G_FILE_TEST_IS_DIR));
    }
  g_autofree char *kept = NULL;
  g_assert_true (g_file_get_contents (inside, &kept, NULL, NULL));
  g_assert_cmpstr (kept, ==, "keep\n");

  /* A FILE that cannot be written: exit 1 at once, nothing printed. */
  g_autofree char *nowhere = g_build_filename (dir, "no-such-folder", "t.kzt", NULL);
  g_auto (Run) r = cli ("tables", "--output", nowhere, NULL);
  g_assert_cmpint (r.status, ==, 1);
  g_assert_cmpstr (r.out, ==, "");
  g_assert_nonnull (strstr (r.err, "cannot write"));

  /* Nothing else was left in the folder (no temporary file). */
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  guint n = 0;
  while (g_dir_read_name (d))
    n++;
  g_assert_cmpuint (n, ==, 3);

  g_unlink (inside);
  g_rmdir (full);
  g_rmdir (empty);
  g_unlink (precious);
  g_rmdir (dir);
}

/* ---- puzzles ---- */

/* Runs kazaki-cli with argv (NULL-terminated, without the program). */
static Run
cli_argv (const char *const *args)
{
  const char *path = g_getenv ("KAZAKI_CLI");
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, (char *) path);
  for (const char *const *a = args; *a; a++)
    g_ptr_array_add (argv, (char *) *a);
  g_ptr_array_add (argv, NULL);
  Run r = { 0 };
  int wait_status;
  g_autoptr (GError) error = NULL;
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                     &r.out, &r.err, &wait_status, &error))
    g_error ("cannot run %s: %s", path, error->message);
  g_assert_true (WIFEXITED (wait_status));
  r.status = WEXITSTATUS (wait_status);
  return r;
}

static void
test_puzzles_list (void)
{
  g_auto (Run) r = cli ("puzzles", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_auto (GStrv) lines = g_strsplit (r.out, "\n", -1);
  guint n = g_strv_length (lines) - 1;
  g_assert_cmpstr (lines[n], ==, "");
  g_assert_cmpuint (n, >=, 500);
  guint short_ones = 0;
  for (guint i = 0; i < n; i++)
    {
      g_auto (GStrv) f = g_strsplit (lines[i], "\t", -1);
      g_assert_cmpuint (g_strv_length (f), ==, 5);
      g_auto (GStrv) moves = g_strsplit (f[2], " ", -1);
      guint plies = g_strv_length (moves);
      g_assert_cmpuint (plies % 2, ==, 1);
      short_ones += plies <= 7;
      g_assert_cmpint (atoi (f[4]), >=, 600);
      /* every 25th solution replayed by `apply`: the side to move wins with it */
      if (i % 25 == 0)
        {
          g_autoptr (GPtrArray) args = g_ptr_array_new ();
          g_ptr_array_add (args, "apply");
          g_ptr_array_add (args, "--position");
          g_ptr_array_add (args, f[1]);
          for (guint k = 0; k < plies; k++)
            g_ptr_array_add (args, moves[k]);
          g_ptr_array_add (args, NULL);
          g_auto (Run) a = cli_argv ((const char *const *) args->pdata);
          g_assert_cmpint (a.status, ==, 0);
          const char *side = strstr (f[1], " c ") ? "cossacks-win" : "turks-win";
          g_assert_nonnull (strstr (a.out, side));
        }
    }
  g_assert_cmpuint (short_ones, >=, 150);

  g_auto (Run) limited = cli ("puzzles", "--limit", "5", NULL);
  g_assert_cmpint (limited.status, ==, 0);
  g_auto (GStrv) five = g_strsplit (limited.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (five), ==, 6);
  g_assert_true (g_str_has_prefix (r.out, limited.out));

  g_auto (Run) chain = cli ("puzzles", "--theme", "chain", NULL);
  g_assert_cmpint (chain.status, ==, 0);
  g_auto (GStrv) cl = g_strsplit (chain.out, "\n", -1);
  g_assert_cmpuint (g_strv_length (cl), >, 10);
  g_assert_cmpuint (g_strv_length (cl), <, n);
  for (guint i = 0; cl[i + 1]; i++)
    {
      g_auto (GStrv) f = g_strsplit (cl[i], "\t", -1);
      g_auto (GStrv) themes = g_strsplit (f[3], ",", -1);
      g_assert_true (g_strv_contains ((const char *const *) themes, "chain"));
    }

  g_auto (Run) bad = cli ("puzzles", "--theme", "nosuch", NULL);
  assert_bad_input (&bad, "unknown theme 'nosuch'");
  g_auto (Run) bad_limit = cli ("puzzles", "--limit", "x", NULL);
  assert_bad_input (&bad_limit, "--limit");
}

static void
test_puzzle_attempts (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kz-cli-puzzle-XXXXXX", NULL);
  g_autofree char *db = g_build_filename (dir, "games.db", NULL);

  g_auto (Run) fresh = cli ("--db", db, "puzzle-rating", NULL);
  g_assert_cmpint (fresh.status, ==, 0);
  g_assert_cmpstr (fresh.out, ==, "1500\t350\t0.06000\t0\n");
  g_assert_false (g_file_test (db, G_FILE_TEST_EXISTS));

  /* a puzzle of at least 3 plies, solved with its solver moves */
  g_auto (Run) list = cli ("puzzles", NULL);
  g_auto (GStrv) lines = g_strsplit (list.out, "\n", -1);
  g_auto (GStrv) f = NULL;
  for (guint i = 0; lines[i] && !f; i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i], "\t", -1);
      if (g_strv_length (fields) == 5 && strchr (fields[2], ' '))
        f = g_steal_pointer (&fields);
    }
  g_assert_nonnull (f);
  g_auto (GStrv) moves = g_strsplit (f[2], " ", -1);
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  g_ptr_array_add (args, "--db");
  g_ptr_array_add (args, db);
  g_ptr_array_add (args, "puzzle");
  g_ptr_array_add (args, "--time");
  g_ptr_array_add (args, "4200");
  g_ptr_array_add (args, f[0]);
  for (guint k = 0; k < g_strv_length (moves); k += 2)
    g_ptr_array_add (args, moves[k]);
  g_ptr_array_add (args, NULL);
  g_auto (Run) solved = cli_argv ((const char *const *) args->pdata);
  g_assert_cmpint (solved.status, ==, 0);
  g_assert_true (g_str_has_prefix (solved.out, "solved\n"));
  g_auto (GStrv) after = g_strsplit (strchr (solved.out, '\n') + 1, "\t", -1);
  double r1 = g_ascii_strtod (after[0], NULL);
  g_assert_cmpfloat (r1, >, 1500);
  g_assert_cmpstr (after[3], ==, "1\n");

  /* another legal first move fails, named */
  g_auto (Run) legal = cli ("moves", "--position", f[1], NULL);
  g_auto (GStrv) legal_moves = g_strsplit (legal.out, "\n", -1);
  const char *other = NULL;
  for (guint k = 0; legal_moves[k] && legal_moves[k][0]; k++)
    if (strcmp (legal_moves[k], moves[0]) != 0)
      other = legal_moves[k];
  g_assert_nonnull (other);
  g_auto (Run) wrong = cli ("--db", db, "puzzle", f[0], other, NULL);
  g_assert_cmpint (wrong.status, ==, 0);
  g_assert_true (g_str_has_prefix (wrong.out, "failed: move 1: "));
  g_assert_nonnull (strstr (wrong.out, other));
  g_auto (GStrv) after2 = g_strsplit (strchr (wrong.out, '\n') + 1, "\t", -1);
  g_assert_cmpfloat (g_ascii_strtod (after2[0], NULL), <, r1);

  /* an illegal move fails with the reason */
  g_auto (Run) illegal = cli ("--db", db, "puzzle", f[0], "a1-e9", NULL);
  g_assert_cmpint (illegal.status, ==, 0);
  g_assert_true (g_str_has_prefix (illegal.out, "failed: move 1: a1-e9 is not legal"));

  /* bad input: no attempt stored */
  g_auto (Run) unknown = cli ("--db", db, "puzzle", "nosuch", "c4-c5", NULL);
  assert_bad_input (&unknown, "nosuch");
  g_ptr_array_insert (args, (gint) args->len - 1, moves[0]);
  g_ptr_array_insert (args, (gint) args->len - 1, moves[0]);
  g_auto (Run) too_many = cli_argv ((const char *const *) args->pdata);
  assert_bad_input (&too_many, "takes");
  g_auto (Run) no_moves = cli ("--db", db, "puzzle", f[0], NULL);
  assert_bad_input (&no_moves, "MOVE");

  g_auto (Run) rating = cli ("--db", db, "puzzle-rating", NULL);
  g_assert_cmpint (rating.status, ==, 0);
  g_assert_true (g_str_has_suffix (rating.out, "\t3\n"));
  g_assert_cmpstr (rating.out, ==, strchr (illegal.out, '\n') + 1);

  g_autofree char *wal = g_strconcat (db, "-wal", NULL);
  g_autofree char *shm = g_strconcat (db, "-shm", NULL);
  g_unlink (wal);
  g_unlink (shm);
  g_unlink (db);
  g_rmdir (dir);
}

/* The per-game lines of match --verbose: game N COSSACKS TURKS RESULT
 * TERMINATION PLIES OPENING KPN PICKUPS DELIVERIES. */
static GPtrArray *
match_games (const char *out)
{
  GPtrArray *games = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  g_auto (GStrv) lines = g_strsplit (out, "\n", -1);
  for (int i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], "game\t"))
      {
        char **f = g_strsplit (lines[i], "\t", -1);
        g_assert_cmpint (g_strv_length (f), ==, 11);
        g_ptr_array_add (games, f);
      }
  return games;
}

/* match: paired openings, the summary from the first player's side, the
 * greedy baseline, adjudication by the tables, unknown players. */
static void
test_match (void)
{
  g_auto (Run) r = cli ("match", "--cossacks", "greedy", "--turks", "random", "--games", "8",
                        "--paired", "--verbose", "--seed", "5", "--max-plies", "80", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_autoptr (GPtrArray) games = match_games (r.out);
  g_assert_cmpint (games->len, ==, 8);
  int w = 0, d = 0, l = 0;
  for (guint i = 0; i < games->len; i++)
    {
      char **f = games->pdata[i];
      g_assert_cmpint (atoi (f[1]), ==, (int) i + 1);
      /* paired: the second game of a pair swaps the colours and plays
       * the same random opening (one move a side) */
      gboolean second = i % 2 == 1;
      g_assert_cmpstr (f[2], ==, second ? "random" : "greedy");
      g_assert_cmpstr (f[3], ==, second ? "greedy" : "random");
      g_auto (GStrv) opening = g_strsplit (f[7], " ", -1);
      g_assert_cmpint (g_strv_length (opening), ==, 2);
      if (second)
        g_assert_cmpstr (f[7], ==, ((char **) games->pdata[i - 1])[7]);
      else if (i > 0)
        g_assert_cmpstr (f[7], !=, ((char **) games->pdata[i - 2])[7]);
      g_assert_cmpint (atoi (f[6]), <=, 80);
      /* the result as the greedy player sees it */
      gboolean greedy_cossacks = !second;
      if (strcmp (f[4], "1/2-1/2") == 0)
        d++;
      else if ((strcmp (f[4], "1-0") == 0) == greedy_cossacks)
        w++;
      else
        l++;
    }
  g_autofree char *summary = g_strdup_printf ("greedy against random: +%d =%d -%d, score ", w, d, l);
  g_assert_nonnull (strstr (r.out, summary));
  g_assert_nonnull (strstr (r.out, "Elo "));
  g_assert_true (g_str_has_suffix (r.out, "]\n"));
  /* reproducible */
  g_auto (Run) again = cli ("match", "--cossacks", "greedy", "--turks", "random", "--games", "8",
                            "--paired", "--verbose", "--seed", "5", "--max-plies", "80", NULL);
  g_assert_cmpstr (again.out, ==, r.out);

  /* greedy takes the chain that captures two (c4xc6xa6), never the
   * single capture d5xb5 */
  g_auto (Run) greedy = cli ("match", "--cossacks", "greedy", "--turks", "random", "--games", "12",
                             "--opening-plies", "0", "--max-plies", "1", "--verbose", "--position",
                             "ttttt/t1t/ttttt/1t3/2tc1/1cc2/ccc1c/c1c/ccccc c home home", NULL);
  g_assert_cmpint (greedy.status, ==, 0);
  g_autoptr (GPtrArray) greedy_games = match_games (greedy.out);
  g_assert_cmpint (greedy_games->len, ==, 12);
  for (guint i = 0; i < greedy_games->len; i++)
    g_assert_cmpstr (((char **) greedy_games->pdata[i])[8], ==,
                     "ttttt/t1t/ttttt/c4/3c1/1c3/ccc1c/c1c/ccccc t home home");

  /* adjudication: a 4-piece position the tables call a Cossack win ends
   * at once; without --adjudicate it is played out */
  const char *won = "4t/3/5/5/2c2/4t/5/3/c4 c home c5";
  g_auto (Run) adj = cli ("match", "--cossacks", "random", "--turks", "random", "--games", "2",
                          "--opening-plies", "0", "--adjudicate", "--verbose", "--position", won,
                          NULL);
  g_assert_cmpint (adj.status, ==, 0);
  g_autoptr (GPtrArray) adj_games = match_games (adj.out);
  for (guint i = 0; i < adj_games->len; i++)
    {
      char **f = adj_games->pdata[i];
      g_assert_cmpstr (f[4], ==, "1-0");
      g_assert_cmpstr (f[5], ==, "tables");
      g_assert_cmpstr (f[6], ==, "0");
    }
  g_assert_nonnull (strstr (adj.err, "tables 2"));
  g_auto (Run) played = cli ("match", "--cossacks", "random", "--turks", "random", "--games", "2",
                             "--opening-plies", "0", "--verbose", "--position", won, NULL);
  g_autoptr (GPtrArray) played_games = match_games (played.out);
  g_assert_cmpstr (((char **) played_games->pdata[0])[5], !=, "tables");

  /* flag pick-ups and deliveries, per game (Cossacks,Turks) and per
   * player: greedy jumps the standing flag (c7xc9) rather than step */
  g_auto (Run) pick = cli ("match", "--cossacks", "greedy", "--turks", "random", "--games", "2",
                           "--opening-plies", "0", "--max-plies", "1", "--verbose", "--position",
                           "5/3/2c2/5/5/5/5/3/t4 c home home", NULL);
  g_assert_cmpint (pick.status, ==, 0);
  g_autoptr (GPtrArray) pick_games = match_games (pick.out);
  g_assert_cmpint (pick_games->len, ==, 2);
  for (guint i = 0; i < pick_games->len; i++)
    {
      char **f = pick_games->pdata[i];
      g_assert_cmpstr (f[9], ==, "1,0");
      g_assert_cmpstr (f[10], ==, "0,0");
    }
  g_assert_nonnull (strstr (pick.err, "flags: first (greedy) picked up 2, delivered 0; "
                                      "second (random) picked up 0, delivered 0"));
  /* a carrier one step from home: level 1 never misses a win */
  g_auto (Run) home = cli ("match", "--cossacks", "random", "--turks", "1", "--games", "2",
                           "--paired", "--opening-plies", "0", "--verbose", "--position",
                           "5/3/5/5/5/5/2c2/3/t4 c home c3", NULL);
  g_assert_cmpint (home.status, ==, 0);
  g_autoptr (GPtrArray) home_games = match_games (home.out);
  g_assert_cmpint (home_games->len, ==, 2);
  /* the second game: level 1 plays the Cossacks */
  char **hf = home_games->pdata[1];
  g_assert_cmpstr (hf[2], ==, "1");
  g_assert_cmpstr (hf[4], ==, "1-0");
  g_assert_cmpstr (hf[5], ==, "flag");
  g_assert_cmpstr (hf[6], ==, "1");
  g_assert_cmpstr (hf[9], ==, "0,0");
  g_assert_cmpstr (hf[10], ==, "1,0");
  g_assert_nonnull (strstr (home.err, "second (1) picked up 0, delivered 1\n"));

  /* an unknown player names the valid ones */
  g_auto (Run) unknown = cli ("match", "--cossacks", "grandmaster", "--turks", "1", NULL);
  assert_bad_input (&unknown, "grandmaster");
  g_assert_nonnull (strstr (unknown.err, "random"));
  g_assert_nonnull (strstr (unknown.err, "greedy"));
  g_assert_nonnull (strstr (unknown.err, "levels"));
}

/* match: the no-progress draw by default, counted per game and in the
 * summary; --no-progress off plays the same games on (random players
 * move the same way whatever the rule). */
static void
test_match_no_progress (void)
{
  const char *on_off[] = { "on", "off" };
  Run runs[2];
  GPtrArray *games[2];
  for (int k = 0; k < 2; k++)
    {
      runs[k] = cli ("match", "--cossacks", "random", "--turks", "random", "--games", "10",
                     "--seed", "3", "--verbose", "--no-progress", on_off[k], NULL);
      g_assert_cmpint (runs[k].status, ==, 0);
      games[k] = match_games (runs[k].out);
      g_assert_cmpint (games[k]->len, ==, 10);
    }
  /* the default is on */
  g_auto (Run) plain = cli ("match", "--cossacks", "random", "--turks", "random", "--games", "10",
                            "--seed", "3", "--verbose", NULL);
  g_assert_cmpstr (plain.out, ==, runs[0].out);

  int drawn = 0;
  for (guint i = 0; i < 10; i++)
    {
      char **on = games[0]->pdata[i], **off = games[1]->pdata[i];
      g_assert_cmpstr (off[5], !=, "no-progress");
      if (strcmp (on[5], "no-progress") != 0)
        {
          g_assert_cmpstr (on[8], ==, off[8]);   /* the same game */
          continue;
        }
      drawn++;
      g_assert_cmpstr (on[4], ==, "1/2-1/2");
      g_assert_cmpint (atoi (on[6]), >=, 100);
      /* without the rule the game went on */
      g_assert_cmpint (atoi (off[6]), >, atoi (on[6]));
    }
  g_assert_cmpint (drawn, >, 0);
  g_autofree char *count = g_strdup_printf ("no-progress %d,", drawn);
  g_assert_nonnull (strstr (runs[0].err, count));
  g_assert_nonnull (strstr (runs[1].err, "no-progress 0,"));
  for (int k = 0; k < 2; k++)
    {
      g_ptr_array_unref (games[k]);
      run_clear (&runs[k]);
    }

  g_auto (Run) bad = cli ("match", "--cossacks", "1", "--turks", "1", "--no-progress", "maybe",
                          NULL);
  assert_bad_input (&bad, "--no-progress");
}

/* levels: LEVEL<TAB>NAME<TAB>ELO, weakest first, at least 7, the measured
 * Elo rising (or '-' where not measured); extra arguments are bad input. */
static void
test_levels (void)
{
  g_auto (Run) r = cli ("levels", NULL);
  g_assert_cmpint (r.status, ==, 0);
  g_auto (GStrv) lines = g_strsplit (r.out, "\n", -1);
  int n = 0;
  long prev_elo = -100000;
  for (int i = 0; lines[i] && *lines[i]; i++, n++)
    {
      g_auto (GStrv) f = g_strsplit (lines[i], "\t", -1);
      g_assert_cmpint (g_strv_length (f), ==, 3);
      g_assert_cmpint (atoi (f[0]), ==, i + 1);
      g_assert_true (g_ascii_isupper (f[1][0]));
      if (strcmp (f[2], "-") != 0)
        {
          long elo = strtol (f[2], NULL, 10);
          g_assert_cmpint (elo, >, prev_elo);
          prev_elo = elo;
        }
    }
  g_assert_cmpint (n, >=, 7);
  g_assert_true (g_str_has_prefix (r.out, "1\tRecruit\t"));
  g_assert_nonnull (strstr (r.out, "\tHetman\t"));
  g_auto (Run) bad = cli ("levels", "extra", NULL);
  assert_bad_input (&bad, "extra");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/cli/moves/start", test_moves_start);
  g_test_add_func ("/cli/moves/position", test_moves_position);
  g_test_add_func ("/cli/apply/ongoing", test_apply);
  g_test_add_func ("/cli/apply/outcomes", test_apply_outcomes);
  g_test_add_func ("/cli/perft/lines-and-divide", test_perft);
  g_test_add_func ("/cli/help", test_help);
  g_test_add_func ("/cli/bad-input", test_bad_input);
  g_test_add_func ("/cli/tables/output-safe", test_tables_output_safe);
  g_test_add_func ("/cli/puzzles/list", test_puzzles_list);
  g_test_add_func ("/cli/puzzle/attempts", test_puzzle_attempts);
  g_test_add_func ("/cli/match/paired-greedy-adjudicate", test_match);
  g_test_add_func ("/cli/match/no-progress", test_match_no_progress);
  g_test_add_func ("/cli/levels", test_levels);
  return g_test_run ();
}
