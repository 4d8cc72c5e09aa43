/* kazaki-cli — the command-line tool over the Kazaki engine and model.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-cli.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static const KzCliCommand commands[] = {
  { "moves", "moves [--position KPN]              list the legal moves", kz_cli_moves },
  { "apply", "apply [--position KPN] MOVE...      play moves, print the position and state", kz_cli_apply },
  { "perft", "perft [--position KPN] [--divide] DEPTH   count move sequences", kz_cli_perft },
  { "bestmove", "bestmove [--position KPN] (--level N | --depth D | --time MS) [--seed S] [--moves M...]   the computer's move", kz_cli_bestmove },
  { "match", "match --cossacks P --turks P [--games N] [--seed S] [--paired] [--adjudicate] [--verbose]   computer games (P: a level, random, greedy)", kz_cli_match },
  { "levels", "levels                              the computer's levels: LEVEL NAME ELO", kz_cli_levels },
  { "tables", "tables [--output FILE]              load or generate the endgame tables", kz_cli_tables },
  { "new", "new [--cossacks NAME] [--turks NAME]   create a game in the database, print its id", kz_cli_db_new },
  { "play", "play ID MOVE...                     play and record moves in a stored game", kz_cli_db_play },
  { "undo", "undo ID                             take back the last move of a stored game", kz_cli_db_undo },
  { "list", "list [--import ID]                  list the stored games, newest first", kz_cli_db_list },
  { "show", "show ID                             print a stored game as KGN", kz_cli_db_show },
  { "export", "export [ID...] -o FILE              write stored games to a KGN file", kz_cli_db_export },
  { "import", "import FILE                         import the games of a KGN file", kz_cli_db_import },
  { "analyse", "analyse [--time MS] ID                the computer's review of a stored game", kz_cli_analyse },
  { "imports", "imports                             list the recorded imports", kz_cli_db_imports },
  { "delete-import", "delete-import ID                    delete the games an import added", kz_cli_db_delete_import },
  { "backup", "backup DEST                         copy the database (SQLite online backup)", kz_cli_db_backup },
  { "troops", "troops                              list the troops the pieces show and their sources", kz_cli_troops },
  { "lessons", "lessons [--check] [--dir DIR]       list (or check with the engine) the lessons of Learn", kz_cli_lessons },
  { "puzzles", "puzzles [--theme T] [--limit N]      list the proven puzzles", kz_cli_puzzles },
  { "puzzle", "puzzle [--time MS] ID MOVE...       an attempt at a puzzle: solved or failed, the new rating", kz_cli_puzzle },
  { "puzzle-rating", "puzzle-rating                       the player's puzzle rating (Glicko-2)", kz_cli_puzzle_rating },
  { "selfplay", "selfplay [--games N] [--seed S]     record random games (prints GAME-ID PLY MOVE)", kz_cli_db_selfplay },
};

static void
usage (FILE *out)
{
  fprintf (out,
           "Usage: kazaki-cli [--db FILE] COMMAND [ARGS...]\n"
           "\n"
           "The Kazaki rules engine and game database on the command line.\n"
           "\n"
           "Commands:\n");
  for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
    fprintf (out, "  %s\n", commands[i].synopsis);
  fprintf (out,
           "\n"
           "Options:\n"
           "  --db FILE   the game database (default: $XDG_DATA_HOME/kazaki/games.db);\n"
           "              only new, import and selfplay create it when it is missing\n"
           "  -h, --help  show this help; COMMAND --help shows a command's help\n"
           "\n"
           "Positions are KPN and moves use the notation of the rules (RULES.md §8):\n"
           "a step is b4-a4, a capture lists its landing points, c5xc3xc1.\n"
           "Exit status: 0 success, 2 bad input, 1 any other failure.\n");
}

int
main (int argc, char **argv)
{
  KzCliGlobal global = { NULL };
  int i = 1;
  while (i < argc && argv[i][0] == '-')
    {
      const char *value;
      bool missing;
      if (kz_cli_is_help (argv[i]))
        {
          usage (stdout);
          return KZ_CLI_OK;
        }
      if (kz_cli_option (argc, argv, &i, "--db", &value, &missing))
        {
          if (missing)
            return kz_cli_bad_input (NULL, "--db needs a FILE");
          global.db_path = value;
          continue;
        }
      return kz_cli_bad_input (NULL, "unknown option '%s' (see kazaki-cli --help)", argv[i]);
    }
  if (i >= argc)
    {
      usage (stderr);
      return KZ_CLI_BAD_INPUT;
    }
  for (size_t k = 0; k < sizeof commands / sizeof commands[0]; k++)
    if (strcmp (argv[i], commands[k].name) == 0)
      return commands[k].run (argc - i, argv + i, &global);
  return kz_cli_bad_input (NULL, "unknown command '%s' (see kazaki-cli --help)", argv[i]);
}

static int
report (const char *cmd, int status, const char *fmt, va_list ap)
{
  fputs ("kazaki-cli", stderr);
  if (cmd)
    fprintf (stderr, " %s", cmd);
  fputs (": ", stderr);
  vfprintf (stderr, fmt, ap);
  fputc ('\n', stderr);
  return status;
}

int
kz_cli_bad_input (const char *cmd, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  int r = report (cmd, KZ_CLI_BAD_INPUT, fmt, ap);
  va_end (ap);
  return r;
}

int
kz_cli_failure (const char *cmd, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  int r = report (cmd, KZ_CLI_FAILURE, fmt, ap);
  va_end (ap);
  return r;
}

bool
kz_cli_is_help (const char *arg)
{
  return strcmp (arg, "--help") == 0 || strcmp (arg, "-h") == 0;
}

bool
kz_cli_option (int argc, char **argv, int *i, const char *name,
               const char **value, bool *missing)
{
  const char *a = argv[*i];
  size_t n = strlen (name);
  *missing = false;
  if (strncmp (a, name, n) != 0)
    return false;
  if (a[n] == '=')
    {
      *value = a + n + 1;
      (*i)++;
      return true;
    }
  if (a[n] != '\0')
    return false;
  if (*i + 1 >= argc)
    {
      *missing = true;
      (*i)++;
      return true;
    }
  *value = argv[*i + 1];
  *i += 2;
  return true;
}

bool
kz_cli_position (const char *cmd, const char *kpn, KzPosition *pos)
{
  KzError err;
  if (kpn == NULL)
    {
      kz_position_init_start (pos);
      return true;
    }
  if (kz_kpn_parse (kpn, pos, &err))
    return true;
  kz_cli_bad_input (cmd, "invalid --position \"%s\": %s", kpn, err.message);
  return false;
}
