/* kz-cli-engine.c — kazaki-cli moves, apply and perft.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-cli.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAX_PERFT_DEPTH 20

static int
compare_strings (const void *a, const void *b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* The legal moves as strings sorted bytewise; returns how many. */
static int
sorted_moves (const KzPosition *pos, KzMoveList *list, char (*text)[KZ_MOVE_STR_MAX],
              const char **sorted)
{
  kz_generate_moves (pos, list);
  for (int i = 0; i < list->count; i++)
    {
      kz_move_format (&list->moves[i], text[i], KZ_MOVE_STR_MAX);
      sorted[i] = text[i];
    }
  qsort (sorted, (size_t) list->count, sizeof sorted[0], compare_strings);
  return list->count;
}

/* Parses the options shared by the engine commands.  Returns -1 to go
 * on with argv[*first] as the first operand, else an exit status. */
static int
parse_common (const char *cmd, const char *help, int argc, char **argv,
              KzPosition *pos, bool *divide, int *first)
{
  const char *kpn = NULL;
  int i = 1;
  while (i < argc)
    {
      const char *value;
      bool missing;
      if (strcmp (argv[i], "--") == 0)
        {
          i++;
          break;
        }
      if (kz_cli_is_help (argv[i]))
        {
          fputs (help, stdout);
          return KZ_CLI_OK;
        }
      if (kz_cli_option (argc, argv, &i, "--position", &value, &missing))
        {
          if (missing)
            return kz_cli_bad_input (cmd, "--position needs a KPN");
          kpn = value;
          continue;
        }
      if (divide && strcmp (argv[i], "--divide") == 0)
        {
          *divide = true;
          i++;
          continue;
        }
      if (argv[i][0] == '-' && argv[i][1] == '-')
        return kz_cli_bad_input (cmd, "unknown option '%s' (see kazaki-cli %s --help)", argv[i], cmd);
      break;
    }
  if (!kz_cli_position (cmd, kpn, pos))
    return KZ_CLI_BAD_INPUT;
  *first = i;
  return -1;
}

int
kz_cli_moves (int argc, char **argv, const KzCliGlobal *global)
{
  static const char help[] =
    "Usage: kazaki-cli moves [--position KPN]\n"
    "\n"
    "Prints the legal moves of the side to move, sorted bytewise, one per line\n"
    "(none when the game is over).  Without --position: the start position.\n";
  KzPosition pos;
  int first;
  int r = parse_common ("moves", help, argc, argv, &pos, NULL, &first);
  if (r >= 0)
    return r;
  if (first < argc)
    return kz_cli_bad_input ("moves", "unexpected argument '%s' (see kazaki-cli moves --help)", argv[first]);

  static KzMoveList list;
  static char text[KZ_MAX_MOVES][KZ_MOVE_STR_MAX];
  static const char *sorted[KZ_MAX_MOVES];
  int n = sorted_moves (&pos, &list, text, sorted);
  for (int i = 0; i < n; i++)
    puts (sorted[i]);
  return KZ_CLI_OK;
}

int
kz_cli_apply (int argc, char **argv, const KzCliGlobal *global)
{
  static const char help[] =
    "Usage: kazaki-cli apply [--position KPN] MOVE...\n"
    "\n"
    "Plays the moves in turn from the position (default: the start) and prints\n"
    "the resulting KPN on line 1 and the state on line 2: 'ongoing', or\n"
    "'cossacks-win REASON' / 'turks-win REASON', REASON being flag,\n"
    "annihilation or blocked.  An illegal move stops with exit status 2.\n";
  KzPosition pos;
  int first;
  int r = parse_common ("apply", help, argc, argv, &pos, NULL, &first);
  if (r >= 0)
    return r;

  for (int i = first; i < argc; i++)
    {
      KzMove move;
      KzError err;
      if (!kz_move_parse (&pos, argv[i], &move, &err))
        return kz_cli_bad_input ("apply", "move %d of %d (\"%s\"): %s",
                                 i - first + 1, argc - first, argv[i], err.message);
      kz_position_make_move (&pos, &move);
    }

  char kpn[KZ_KPN_MAX];
  kz_kpn_format (&pos, kpn, sizeof kpn);
  KzOutcome out = kz_position_outcome (&pos);
  printf ("%s\n", kpn);
  if (out.winner < 0)
    puts ("ongoing");
  else
    printf ("%s %s\n", out.winner == KZ_COSSACKS ? "cossacks-win" : "turks-win",
            kz_reason_name (out.reason));
  return KZ_CLI_OK;
}

static double
now_seconds (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_MONOTONIC, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

static void
report_speed (int depth, uint64_t leaves, double seconds)
{
  fprintf (stderr, "perft %d: %llu leaves in %.3f s (%.1f M leaves/s)\n", depth,
           (unsigned long long) leaves, seconds,
           seconds > 0 ? (double) leaves / seconds / 1e6 : 0.0);
}

int
kz_cli_perft (int argc, char **argv, const KzCliGlobal *global)
{
  static const char help[] =
    "Usage: kazaki-cli perft [--position KPN] [--divide] DEPTH\n"
    "\n"
    "Counts the move sequences DEPTH turns long (a chain counts as one turn).\n"
    "Prints 'DEPTH LEAVES' for every depth from 1 to DEPTH; with --divide,\n"
    "'MOVE LEAVES' for each first move at DEPTH and then 'total LEAVES'.\n"
    "Elapsed time and leaves per second go to stderr.\n";
  KzPosition pos;
  bool divide = false;
  int first;
  int r = parse_common ("perft", help, argc, argv, &pos, &divide, &first);
  if (r >= 0)
    return r;
  if (first >= argc)
    return kz_cli_bad_input ("perft", "missing DEPTH (see kazaki-cli perft --help)");
  if (first + 1 < argc)
    return kz_cli_bad_input ("perft", "unexpected argument '%s' after DEPTH", argv[first + 1]);

  char *end;
  errno = 0;
  long depth = strtol (argv[first], &end, 10);
  if (errno || end == argv[first] || *end != '\0' || depth < 1 || depth > MAX_PERFT_DEPTH)
    return kz_cli_bad_input ("perft", "DEPTH must be a whole number from 1 to %d, not '%s'",
                             MAX_PERFT_DEPTH, argv[first]);

  if (divide)
    {
      static KzMoveList list;
      static char text[KZ_MAX_MOVES][KZ_MOVE_STR_MAX];
      static const char *sorted[KZ_MAX_MOVES];
      double t0 = now_seconds ();
      int n = sorted_moves (&pos, &list, text, sorted);
      uint64_t total = 0;
      for (int i = 0; i < n; i++)
        {
          KzMove move;
          kz_move_parse (&pos, sorted[i], &move, NULL);
          KzPosition next = pos;
          kz_position_make_move (&next, &move);
          uint64_t leaves = kz_perft (&next, (int) depth - 1);
          total += leaves;
          printf ("%s %llu\n", sorted[i], (unsigned long long) leaves);
          fflush (stdout);
        }
      printf ("total %llu\n", (unsigned long long) total);
      report_speed ((int) depth, total, now_seconds () - t0);
      return KZ_CLI_OK;
    }

  for (int d = 1; d <= depth; d++)
    {
      double t0 = now_seconds ();
      uint64_t leaves = kz_perft (&pos, d);
      double t = now_seconds () - t0;
      printf ("%d %llu\n", d, (unsigned long long) leaves);
      fflush (stdout);
      if (d == depth)
        report_speed (d, leaves, t);
    }
  return KZ_CLI_OK;
}
