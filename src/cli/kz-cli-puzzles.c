/* kz-cli-puzzles.c — `kazaki-cli puzzles`, `puzzle` and `puzzle-rating`:
 * the proven puzzles, an attempt at one, the player's Glicko-2 rating
 * (doc/PUZZLES.md).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-cli.h"
#include "kz-puzzle.h"

#include <stdlib.h>
#include <string.h>

static const char puzzles_help[] =
  "Usage: kazaki-cli puzzles [--theme THEME] [--limit N]\n"
  "\n"
  "Lists the proven puzzles built into Kazaki, one a line, tab-separated:\n"
  "ID, KPN (the position), SOLUTION (the whole line, space-separated, starting\n"
  "with the side to move's move), THEMES (comma-separated) and RATING (the\n"
  "difficulty on the scale of the player's rating).\n"
  "\n"
  "  --theme THEME  only the puzzles with that theme\n"
  "  --limit N      at most N puzzles\n";

static const char puzzle_help[] =
  "Usage: kazaki-cli [--db FILE] puzzle [--time MS] ID MOVE...\n"
  "\n"
  "One attempt at puzzle ID: MOVE... are the solver's moves, the opponent's\n"
  "replies are played from the solution between them.  Prints \"solved\" or\n"
  "\"failed: REASON\" (the move that is wrong or not legal, or that the solution\n"
  "goes on), then the new rating as puzzle-rating prints it, and stores the\n"
  "attempt in the game database (created when missing).\n"
  "\n"
  "  --time MS  the time the attempt took, in milliseconds (stored; default 0)\n"
  "An unknown ID, or more moves than the puzzle takes, is bad input (exit 2):\n"
  "no attempt is stored.\n";

static const char rating_help[] =
  "Usage: kazaki-cli [--db FILE] puzzle-rating\n"
  "\n"
  "Prints the player's puzzle rating (Glicko-2), tab-separated: RATING,\n"
  "DEVIATION, VOLATILITY and ATTEMPTS; 1500, 350, 0.06 and 0 before any attempt.\n";

static void
print_rating (const KzGlicko *r, guint attempts)
{
  printf ("%.0f\t%.0f\t%.5f\t%u\n", r->rating, r->deviation, r->volatility, attempts);
}

static GPtrArray *
load_puzzles (const char *cmd, int *status)
{
  g_autoptr(GError) error = NULL;
  GPtrArray *puzzles = kz_puzzles_get_builtin (&error);
  if (puzzles == NULL)
    *status = kz_cli_failure (cmd, "%s", error->message);
  return puzzles;
}

static gboolean
parse_count (const char *text, guint *out)
{
  guint64 v;
  if (!g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT, &v, NULL))
    return FALSE;
  *out = (guint) v;
  return TRUE;
}

int
kz_cli_puzzles (int argc, char **argv, const KzCliGlobal *global)
{
  (void) global;
  const char *theme = NULL;
  guint limit = G_MAXUINT;
  for (int i = 1; i < argc;)
    {
      const char *value;
      bool missing;
      if (kz_cli_is_help (argv[i]))
        {
          fputs (puzzles_help, stdout);
          return KZ_CLI_OK;
        }
      if (kz_cli_option (argc, argv, &i, "--theme", &value, &missing))
        {
          if (missing)
            return kz_cli_bad_input ("puzzles", "--theme needs a THEME");
          if (!g_strv_contains (kz_puzzle_theme_names (), value))
            {
              g_autofree char *known = g_strjoinv (", ", (char **) kz_puzzle_theme_names ());
              return kz_cli_bad_input ("puzzles", "unknown theme '%s' (the themes: %s)",
                                       value, known);
            }
          theme = value;
          continue;
        }
      if (kz_cli_option (argc, argv, &i, "--limit", &value, &missing))
        {
          if (missing || !parse_count (value, &limit))
            return kz_cli_bad_input ("puzzles", "--limit needs a number N >= 0");
          continue;
        }
      return kz_cli_bad_input ("puzzles", "unexpected argument '%s' (see kazaki-cli puzzles --help)",
                               argv[i]);
    }
  int status = KZ_CLI_OK;
  g_autoptr(GPtrArray) puzzles = load_puzzles ("puzzles", &status);
  if (puzzles == NULL)
    return status;
  guint shown = 0;
  for (guint i = 0; i < puzzles->len && shown < limit; i++)
    {
      KzPuzzle *p = puzzles->pdata[i];
      if (theme && !kz_puzzle_has_theme (p, theme))
        continue;
      g_autofree char *solution = g_strjoinv (" ", (char **) kz_puzzle_get_solution (p));
      g_autofree char *themes = g_strjoinv (",", (char **) kz_puzzle_get_themes (p));
      printf ("%s\t%s\t%s\t%s\t%d\n", kz_puzzle_get_id (p), kz_puzzle_get_kpn (p), solution,
              themes, kz_puzzle_get_rating (p));
      shown++;
    }
  return KZ_CLI_OK;
}

static guint
count_attempts (KzStore *store)
{
  g_autoptr(GPtrArray) list = kz_store_list_puzzle_attempts (store, 0, NULL);
  return list ? list->len : 0;
}

int
kz_cli_puzzle (int argc, char **argv, const KzCliGlobal *global)
{
  gint64 time_ms = 0;
  int i = 1;
  while (i < argc && argv[i][0] == '-')
    {
      const char *value;
      bool missing;
      if (kz_cli_is_help (argv[i]))
        {
          fputs (puzzle_help, stdout);
          return KZ_CLI_OK;
        }
      if (kz_cli_option (argc, argv, &i, "--time", &value, &missing))
        {
          guint64 v;
          if (missing || !g_ascii_string_to_unsigned (value, 10, 0, G_MAXINT64 / 2, &v, NULL))
            return kz_cli_bad_input ("puzzle", "--time needs a number of milliseconds");
          time_ms = (gint64) v;
          continue;
        }
      return kz_cli_bad_input ("puzzle", "unknown option '%s' (see kazaki-cli puzzle --help)",
                               argv[i]);
    }
  if (i >= argc)
    return kz_cli_bad_input ("puzzle", "a puzzle ID is needed (see kazaki-cli puzzles)");
  const char *id = argv[i++];
  if (i >= argc)
    return kz_cli_bad_input ("puzzle", "puzzle %s: at least one MOVE is needed", id);

  int status = KZ_CLI_OK;
  g_autoptr(GPtrArray) puzzles = load_puzzles ("puzzle", &status);
  if (puzzles == NULL)
    return status;
  g_autoptr(GError) error = NULL;
  KzPuzzle *puzzle = kz_puzzles_find (puzzles, id, &error);
  if (puzzle == NULL)
    return kz_cli_bad_input ("puzzle", "%s (see kazaki-cli puzzles)", error->message);

  KzPuzzleVerdict verdict;
  g_autofree char *reason = NULL;
  if (!kz_puzzle_judge_attempt (puzzle, (const char *const *) argv + i, (guint) (argc - i),
                                &verdict, &reason, &error))
    return kz_cli_bad_input ("puzzle", "%s", error->message);

  g_autoptr(KzStore) store = kz_store_open (global->db_path, &error);
  if (store == NULL)
    return kz_cli_failure ("puzzle", "%s", error->message);
  if (kz_store_get_upgrade_copy (store))
    fprintf (stderr, "kazaki-cli puzzle: note: the game database %s was upgraded from schema %d "
             "to %d; the file as it was is kept as %s\n", kz_store_get_path (store),
             kz_store_get_upgraded_from (store), KZ_STORE_SCHEMA_VERSION,
             kz_store_get_upgrade_copy (store));
  KzGlicko after;
  gboolean solved = verdict == KZ_PUZZLE_SOLVED;
  if (!kz_store_add_puzzle_attempt (store, puzzle, time_ms, solved, &after, &error))
    return kz_cli_failure ("puzzle", "%s", error->message);
  if (solved)
    printf ("solved\n");
  else
    printf ("failed: %s\n", reason);
  print_rating (&after, count_attempts (store));
  return KZ_CLI_OK;
}

int
kz_cli_puzzle_rating (int argc, char **argv, const KzCliGlobal *global)
{
  for (int i = 1; i < argc; i++)
    {
      if (kz_cli_is_help (argv[i]))
        {
          fputs (rating_help, stdout);
          return KZ_CLI_OK;
        }
      return kz_cli_bad_input ("puzzle-rating",
                               "unexpected argument '%s' (see kazaki-cli puzzle-rating --help)",
                               argv[i]);
    }
  KzGlicko rating;
  kz_glicko_init (&rating);
  g_autoptr(GError) error = NULL;
  g_autoptr(KzStore) store = kz_store_open_for_reading (global->db_path, &error);
  if (store == NULL)
    {
      /* no database yet: no attempt yet */
      if (g_error_matches (error, KZ_STORE_ERROR, KZ_STORE_ERROR_NO_DATABASE))
        {
          print_rating (&rating, 0);
          return KZ_CLI_OK;
        }
      return kz_cli_failure ("puzzle-rating", "%s", error->message);
    }
  if (!kz_store_get_puzzle_rating (store, &rating, &error))
    return kz_cli_failure ("puzzle-rating", "%s", error->message);
  print_rating (&rating, count_attempts (store));
  return KZ_CLI_OK;
}
