/* kz-cli-search.c — kazaki-cli bestmove and match: the computer player.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-cli.h"
#include "kz-search.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TT_MB 16
#define MAX_GAME_PLIES 10000
#define DEFAULT_MAX_PLIES 400

/* Where the endgame tables are cached: $KAZAKI_EGTB, else
 * $XDG_CACHE_HOME/kazaki/endgame-4-vN.kzt. */
static char *
tables_path (void)
{
  const char *env = g_getenv ("KAZAKI_EGTB");
  if (env && *env)
    return g_strdup (env);
  char name[64];
  snprintf (name, sizeof name, "endgame-%d-v%d.kzt", KZ_EGTB_MAX_PIECES, KZ_EGTB_FORMAT_VERSION);
  char *dir = g_build_filename (g_get_user_cache_dir (), "kazaki", NULL);
  g_mkdir_with_parents (dir, 0700);
  char *path = g_build_filename (dir, name, NULL);
  g_free (dir);
  return path;
}

/* Loads (or, the first time, generates) the endgame tables; a note on
 * stderr when that takes a while.  Returns false when out of memory. */
static bool
load_tables (const char *cmd)
{
  if (kz_egtb_available ())
    return true;
  char *path = tables_path ();
  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    fprintf (stderr, "kazaki-cli %s: generating the endgame tables once (%s)\n", cmd, path);
  KzEgtbInfo info;
  bool ok = kz_egtb_init (path, &info);
  g_free (path);
  return ok;
}

static bool
parse_long (const char *text, long min, long max, long *out)
{
  char *end;
  errno = 0;
  long v = strtol (text, &end, 10);
  if (errno || end == text || *end != '\0' || v < min || v > max)
    return false;
  *out = v;
  return true;
}

static bool
parse_seed (const char *text, uint64_t *out)
{
  char *end;
  errno = 0;
  if (text[0] == '-')
    return false;
  unsigned long long v = strtoull (text, &end, 10);
  if (errno || end == text || *end != '\0')
    return false;
  *out = v;
  return true;
}

/* Matches "NAME N" or "NAME=N" at argv[*i] (advancing *i) for a whole
 * number N from MIN to MAX; WHAT names it in the message ("a number").
 * Returns whether NAME matched; *status is then KZ_CLI_OK, or
 * KZ_CLI_BAD_INPUT (reported in CMD's name) for a missing or bad N. */
static bool
number_option (int argc, char **argv, int *i, const char *cmd, const char *name,
               const char *what, long min, long max, long *out, int *status)
{
  const char *value;
  bool missing;
  if (!kz_cli_option (argc, argv, i, name, &value, &missing))
    return false;
  if (missing || !parse_long (value, min, max, out))
    *status = kz_cli_bad_input (cmd, "%s needs %s from %ld to %ld", name, what, min, max);
  else
    *status = KZ_CLI_OK;
  return true;
}

/* The same for --seed S. */
static bool
seed_option (int argc, char **argv, int *i, const char *cmd, uint64_t *seed, int *status)
{
  const char *value;
  bool missing;
  if (!kz_cli_option (argc, argv, i, "--seed", &value, &missing))
    return false;
  if (missing || !parse_seed (value, seed))
    *status = kz_cli_bad_input (cmd, "--seed needs a non-negative whole number");
  else
    *status = KZ_CLI_OK;
  return true;
}

/* ---------------------------------------------------------------- */

int
kz_cli_bestmove (int argc, char **argv, const KzCliGlobal *global)
{
  static const char help[] =
    "Usage: kazaki-cli bestmove [--position KPN] (--level N | --depth D | --time MS)\n"
    "                           [--seed S] [--no-tables] [--moves MOVE...]\n"
    "\n"
    "Searches the position (default: the start) and prints one line on stdout:\n"
    "\n"
    "  MOVE SCORE      e.g. 'c4-c5 35'\n"
    "\n"
    "MOVE is in the notation of the rules; SCORE is an integer from the point of\n"
    "view of the side to move, 100 = one piece.  A forced end of the game is\n"
    "30000 - N (the side to move wins in N plies) or -(30000 - N) (it loses).\n"
    "Depth reached, nodes, time, nodes per second and the expected line go to\n"
    "stderr.\n"
    "\n"
    "  --level N    computer level 1 (weakest) to 5 (strongest, at most ~3 s)\n"
    "  --depth D    search D plies deep (1-64), no time limit\n"
    "  --time MS    search for at most MS milliseconds\n"
    "  --seed S     seeds the randomness of levels 1-3 (default 0)\n"
    "  --no-tables  do not use the endgame tables\n"
    "  --moves MOVE...  the moves played from the position so far (the rest of\n"
    "               the arguments): the search starts after them and knows\n"
    "               their positions, so it sees repetitions\n"
    "\n"
    "Positions with at most 4 pieces are looked up in the endgame tables\n"
    "(levels 4 and 5, --depth and --time): a won or lost one scores its exact\n"
    "distance.  The tables are generated on first use (a minute at most) and\n"
    "cached in $XDG_CACHE_HOME/kazaki (or the file named by $KAZAKI_EGTB).\n"
    "\n"
    "--depth and --time may be combined.  With --depth (and no --time) the result\n"
    "is reproducible.  Exit status 2 on bad input or when the game is over.\n";
  const char *kpn = NULL;
  long level = 0, depth = 0, time_ms = 0;
  uint64_t seed = 0;
  int status = KZ_CLI_OK;
  bool no_tables = false;
  int first_move = argc, n_moves = 0;
  for (int i = 1; i < argc;)
    {
      const char *value;
      bool missing;
      if (kz_cli_is_help (argv[i]))
        {
          fputs (help, stdout);
          return KZ_CLI_OK;
        }
      if (kz_cli_option (argc, argv, &i, "--position", &value, &missing))
        {
          if (missing)
            return kz_cli_bad_input ("bestmove", "--position needs a KPN");
          kpn = value;
        }
      else if (strcmp (argv[i], "--no-tables") == 0)
        {
          no_tables = true;
          i++;
        }
      else if (strcmp (argv[i], "--moves") == 0)
        {
          first_move = i + 1;
          n_moves = argc - first_move;
          if (n_moves == 0)
            return kz_cli_bad_input ("bestmove", "--moves needs at least one move");
          break;
        }
      else if (number_option (argc, argv, &i, "bestmove", "--level", "a number", 1, 5,
                              &level, &status)
               || number_option (argc, argv, &i, "bestmove", "--depth", "a number", 1,
                                 KZ_SEARCH_MAX_DEPTH, &depth, &status)
               || number_option (argc, argv, &i, "bestmove", "--time", "milliseconds", 1,
                                 3600000, &time_ms, &status)
               || seed_option (argc, argv, &i, "bestmove", &seed, &status))
        {
          if (status != KZ_CLI_OK)
            return status;
        }
      else
        return kz_cli_bad_input ("bestmove", "unexpected argument '%s' (see kazaki-cli bestmove --help)",
                                 argv[i]);
    }
  if (level == 0 && depth == 0 && time_ms == 0)
    return kz_cli_bad_input ("bestmove", "give --level, --depth or --time (see kazaki-cli bestmove --help)");
  if (level != 0 && (depth != 0 || time_ms != 0))
    return kz_cli_bad_input ("bestmove", "--level cannot be combined with --depth or --time");

  KzPosition pos;
  if (!kz_cli_position ("bestmove", kpn, &pos))
    return KZ_CLI_BAD_INPUT;

  KzSearchLimits limits = { 0 };
  if (level)
    kz_search_level_params ((int) level, &limits);
  else
    {
      limits.max_depth = (int) depth;
      limits.max_time_ms = (int) time_ms;
    }
  limits.seed = seed;

  if (no_tables)
    limits.no_tables = true;

  /* the moves played so far: their positions since the last jump are
   * the history (older ones cannot repeat) */
  g_autofree uint64_t *history = g_new (uint64_t, n_moves + 1);
  int n_history = 0;
  for (int k = 0; k < n_moves; k++)
    {
      KzOutcome over = kz_position_outcome (&pos);
      if (over.winner >= 0)
        return kz_cli_bad_input ("bestmove", "move %d '%s': the game is already over", k + 1,
                                 argv[first_move + k]);
      KzMove move;
      KzError err;
      if (!kz_move_parse (&pos, argv[first_move + k], &move, &err))
        return kz_cli_bad_input ("bestmove", "move %d '%s': %s", k + 1, argv[first_move + k],
                                 err.message);
      history[n_history++] = pos.hash;
      kz_position_make_move (&pos, &move);
      if (move.n_jumps > 0)
        n_history = 0;
    }

  KzOutcome out = kz_position_outcome (&pos);
  if (out.winner >= 0)
    return kz_cli_bad_input ("bestmove", "the game is over: %s won (%s)",
                             kz_side_name ((KzSide) out.winner), kz_reason_name (out.reason));

  if (!limits.no_tables && !load_tables ("bestmove"))
    return kz_cli_failure ("bestmove", "out of memory for the endgame tables");

  KzSearcher *s = kz_searcher_new (TT_MB);
  if (s == NULL)
    return kz_cli_failure ("bestmove", "out of memory");
  KzSearchResult r = kz_search (s, &pos, history, n_history, &limits, NULL);
  kz_searcher_free (s);

  char text[KZ_MOVE_STR_MAX];
  kz_move_format (&r.move, text, sizeof text);
  printf ("%s %d\n", text, r.score);

  double secs = (double) r.elapsed_ms / 1000.0;
  fprintf (stderr, "depth %d nodes %" PRIu64 " time %" PRId64 " ms nps %.0f\npv",
           r.depth, r.nodes, r.elapsed_ms, secs > 0 ? (double) r.nodes / secs : 0.0);
  KzPosition p = pos;
  for (int i = 0; i < r.pv_length; i++)
    {
      /* print only as much of the line as is still legal (hash
       * collisions could in theory spoil its tail) */
      KzMoveList *list = malloc (sizeof *list);
      bool ok = false;
      if (list)
        {
          kz_generate_moves (&p, list);
          for (int k = 0; k < list->count && !ok; k++)
            ok = kz_move_equal (&list->moves[k], &r.pv[i]);
          free (list);
        }
      if (!ok)
        break;
      kz_move_format (&r.pv[i], text, sizeof text);
      fprintf (stderr, " %s", text);
      kz_position_make_move (&p, &r.pv[i]);
    }
  fputc ('\n', stderr);
  return KZ_CLI_OK;
}

/* ---------------------------------------------------------------- */

typedef struct {
  int         level;        /* 0: random */
  KzSearcher *searcher;
  /* statistics */
  int         moves;
  int64_t     total_ms;
  int64_t     max_ms;
  int64_t     total_depth;
  uint64_t    nodes;
} Player;

static bool
parse_player (const char *text, Player *p)
{
  long level;
  memset (p, 0, sizeof *p);
  if (strcmp (text, "random") == 0)
    return true;
  if (!parse_long (text, 1, 5, &level))
    return false;
  p->level = (int) level;
  return true;
}

/* For tuning: KAZAKI_LEVEL<N>="DEPTH,TIME_MS,NOISE[,NODES[,THREADS[,CONTEMPT]]]"
 * replaces level N's limits in matches (0: none / the default). */
static void
tuning_override (int level, KzSearchLimits *limits)
{
  char name[32];
  snprintf (name, sizeof name, "KAZAKI_LEVEL%d", level);
  const char *v = getenv (name);
  int d, t, n, threads, contempt;
  unsigned long long nodes;
  int got = v ? sscanf (v, "%d,%d,%d,%llu,%d,%d", &d, &t, &n, &nodes, &threads, &contempt) : 0;
  if (got >= 3)
    {
      limits->max_depth = d;
      limits->max_time_ms = t;
      limits->noise = n;
    }
  if (got >= 4)
    limits->max_nodes = nodes;
  if (got >= 5)
    limits->threads = threads;
  if (got >= 6)
    limits->contempt = contempt;
}

static uint64_t
rng_next (uint64_t *state)
{
  *state += UINT64_C (0x9e3779b97f4a7c15);
  return kz_zobrist_mix (*state);
}

int
kz_cli_match (int argc, char **argv, const KzCliGlobal *global)
{
  static const char help[] =
    "Usage: kazaki-cli match --cossacks P --turks P [--games N] [--seed S]\n"
    "                        [--max-plies N] [--opening-plies N] [--position KPN]\n"
    "                        [--no-tables] [--verbose]\n"
    "\n"
    "Plays N games (default 10) from the start position (or KPN) between two players,\n"
    "each a computer level 1-5 or 'random' (a uniformly random legal move), and\n"
    "prints one line:\n"
    "\n"
    "  cossacks-wins A turks-wins B draws C\n"
    "\n"
    "The side to move of the position moves first; run the match twice with the\n"
    "players swapped to alternate sides.  Each game opens with --opening-plies random\n"
    "legal moves (default 2: one per side), drawn from the seed (default 1), and\n"
    "the levels' own randomness is seeded per game, so the games differ and a\n"
    "match without time-limited levels is reproducible.  A game is drawn on the\n"
    "third occurrence of a position or after --max-plies plies (default 400).\n"
    "Levels 4 and 5 use the endgame tables unless --no-tables is given.\n"
    "Per-player move times, depths and the terminations go to stderr; with\n"
    "--verbose also one line per game.\n";
  Player players[2];
  bool have[2] = { false, false };
  long games = 10, max_plies = DEFAULT_MAX_PLIES, opening = 2;
  uint64_t seed = 1;
  bool verbose = false, no_tables = false;
  const char *kpn = NULL;
  int status = KZ_CLI_OK;

  for (int i = 1; i < argc;)
    {
      const char *value;
      bool missing;
      if (kz_cli_is_help (argv[i]))
        {
          fputs (help, stdout);
          return KZ_CLI_OK;
        }
      int side = -1;
      if (kz_cli_option (argc, argv, &i, "--cossacks", &value, &missing))
        side = KZ_COSSACKS;
      else if (kz_cli_option (argc, argv, &i, "--turks", &value, &missing))
        side = KZ_TURKS;
      if (side >= 0)
        {
          if (missing || !parse_player (value, &players[side]))
            return kz_cli_bad_input ("match", "--%s needs a level 1-5 or 'random'",
                                     side == KZ_COSSACKS ? "cossacks" : "turks");
          have[side] = true;
        }
      else if (number_option (argc, argv, &i, "match", "--games", "a number", 1, 100000,
                              &games, &status)
               || number_option (argc, argv, &i, "match", "--max-plies", "a number", 1,
                                 MAX_GAME_PLIES, &max_plies, &status)
               || number_option (argc, argv, &i, "match", "--opening-plies", "a number", 0, 20,
                                 &opening, &status)
               || seed_option (argc, argv, &i, "match", &seed, &status))
        {
          if (status != KZ_CLI_OK)
            return status;
        }
      else if (strcmp (argv[i], "--verbose") == 0)
        {
          verbose = true;
          i++;
        }
      else if (strcmp (argv[i], "--no-tables") == 0)
        {
          no_tables = true;
          i++;
        }
      else if (kz_cli_option (argc, argv, &i, "--position", &value, &missing))
        {
          if (missing)
            return kz_cli_bad_input ("match", "--position needs a KPN");
          kpn = value;
        }
      else
        return kz_cli_bad_input ("match", "unexpected argument '%s' (see kazaki-cli match --help)",
                                 argv[i]);
    }
  if (!have[0] || !have[1])
    return kz_cli_bad_input ("match", "give both --cossacks and --turks (see kazaki-cli match --help)");
  KzPosition start;
  if (!kz_cli_position ("match", kpn, &start))
    return KZ_CLI_BAD_INPUT;
  KzOutcome start_out = kz_position_outcome (&start);
  if (start_out.winner >= 0)
    return kz_cli_bad_input ("match", "the game is over in the position: %s won (%s)",
                             kz_side_name ((KzSide) start_out.winner),
                             kz_reason_name (start_out.reason));
  if (!no_tables && (players[0].level >= 4 || players[1].level >= 4) && !load_tables ("match"))
    return kz_cli_failure ("match", "out of memory for the endgame tables");

  for (int s = 0; s < 2; s++)
    if (players[s].level)
      {
        players[s].searcher = kz_searcher_new (TT_MB);
        if (players[s].searcher == NULL)
          return kz_cli_failure ("match", "out of memory");
      }

  static uint64_t hashes[MAX_GAME_PLIES + 1];
  static KzMoveList list;
  int wins[2] = { 0, 0 }, draws = 0;
  int by_reason[4] = { 0 }, by_repetition = 0, by_max = 0;
  long total_plies = 0;

  for (long g = 0; g < games; g++)
    {
      uint64_t game_seed = kz_zobrist_mix (seed * UINT64_C (1000003) + (uint64_t) g);
      uint64_t rng = game_seed;
      KzPosition pos = start;
      int n = 0;
      int last_jump = 0;           /* index in hashes of the first position after the last jump */
      hashes[n++] = pos.hash;
      for (int s = 0; s < 2; s++)
        if (players[s].searcher)
          kz_searcher_clear (players[s].searcher);

      const char *result = NULL;
      int winner = -1;
      int ply;
      for (ply = 0;; ply++)
        {
          KzOutcome out = kz_position_outcome (&pos);
          if (out.winner >= 0)
            {
              winner = out.winner;
              wins[winner]++;
              by_reason[out.reason]++;
              result = kz_reason_name (out.reason);
              break;
            }
          int reps = 0;
          for (int k = last_jump; k < n; k++)
            reps += hashes[k] == pos.hash;
          if (reps >= 3)
            {
              draws++;
              by_repetition++;
              result = "repetition";
              break;
            }
          if (ply >= max_plies)
            {
              draws++;
              by_max++;
              result = "max-plies";
              break;
            }

          Player *p = &players[pos.side];
          KzMove move;
          if (ply < opening || p->level == 0)
            {
              kz_generate_moves (&pos, &list);
              move = list.moves[rng_next (&rng) % (uint64_t) list.count];
            }
          else
            {
              KzSearchLimits limits;
              kz_search_level_params (p->level, &limits);
              tuning_override (p->level, &limits);
              if (no_tables)
                limits.no_tables = true;
              limits.seed = game_seed ^ ((uint64_t) ply << 32);
              /* earlier positions since the last jump (older ones
               * cannot repeat), not the current one */
              KzSearchResult r = kz_search (p->searcher, &pos, hashes + last_jump,
                                            n - 1 - last_jump, &limits, NULL);
              move = r.move;
              p->moves++;
              p->total_ms += r.elapsed_ms;
              if (r.elapsed_ms > p->max_ms)
                p->max_ms = r.elapsed_ms;
              p->total_depth += r.depth;
              p->nodes += r.nodes;
            }
          kz_position_make_move (&pos, &move);
          if (move.n_jumps > 0)
            last_jump = n;
          hashes[n++] = pos.hash;
        }
      total_plies += ply;
      if (verbose)
        {
          char final[KZ_KPN_MAX];
          kz_kpn_format (&pos, final, sizeof final);
          fprintf (stderr, "game %ld: %s %s after %d plies, final position %s\n", g + 1,
                   winner == KZ_COSSACKS ? "cossacks-win" : winner == KZ_TURKS ? "turks-win" : "draw",
                   result, ply, final);
        }
    }

  printf ("cossacks-wins %d turks-wins %d draws %d\n", wins[0], wins[1], draws);

  fprintf (stderr, "games %ld, mean length %.1f plies; by flag %d, annihilation %d, blocked %d, "
           "repetition %d, max-plies %d\n", games, (double) total_plies / (double) games,
           by_reason[KZ_REASON_FLAG], by_reason[KZ_REASON_ANNIHILATION],
           by_reason[KZ_REASON_BLOCKED], by_repetition, by_max);
  for (int s = 0; s < 2; s++)
    {
      Player *p = &players[s];
      if (p->level == 0)
        {
          fprintf (stderr, "%s: random\n", kz_side_name ((KzSide) s));
          continue;
        }
      double secs = (double) p->total_ms / 1000.0;
      fprintf (stderr, "%s: level %d, %d moves, mean %.1f ms, max %" PRId64 " ms, "
               "mean depth %.1f, %.0f nodes/s\n", kz_side_name ((KzSide) s), p->level,
               p->moves, p->moves ? (double) p->total_ms / p->moves : 0.0, p->max_ms,
               p->moves ? (double) p->total_depth / p->moves : 0.0,
               secs > 0 ? (double) p->nodes / secs : 0.0);
      kz_searcher_free (p->searcher);
    }
  return KZ_CLI_OK;
}

/* ---------------------------------------------------------------- */

/* Checks tables --output FILE before the tables are generated: FILE must
 * not be a folder, and its folder must take a new file (probed with a
 * temporary file, removed at once).  FILE itself is not touched. */
static int
check_output (const char *cmd, const char *output)
{
  if (g_file_test (output, G_FILE_TEST_IS_DIR))
    return kz_cli_bad_input (cmd, "'%s' is a folder; --output needs a file name", output);
  g_autofree char *dir = g_path_get_dirname (output);
  g_autofree char *probe = g_build_filename (dir, ".kazaki-tables-XXXXXX", NULL);
  int fd = g_mkstemp (probe);
  if (fd < 0)
    return kz_cli_failure (cmd, "cannot write '%s': %s", output, g_strerror (errno));
  close (fd);
  g_unlink (probe);
  return KZ_CLI_OK;
}

int
kz_cli_tables (int argc, char **argv, const KzCliGlobal *global)
{
  static const char help[] =
    "Usage: kazaki-cli tables [--output FILE]\n"
    "\n"
    "Loads the endgame tables (every position with at most 4 pieces, solved\n"
    "exactly), generating them when the cache holds none, and prints one line:\n"
    "\n"
    "  tables generated|loaded SECONDS s BYTES bytes wins W losses L draws D longest N\n"
    "\n"
    "The cache is $KAZAKI_EGTB when set, else $XDG_CACHE_HOME/kazaki.  With\n"
    "--output the tables are generated (whatever the cache holds) and written\n"
    "to FILE, which is replaced only when they are complete (a folder is\n"
    "refused; exit status 1 when FILE cannot be written).\n";
  const char *output = NULL;
  for (int i = 1; i < argc;)
    {
      const char *value;
      bool missing;
      if (kz_cli_is_help (argv[i]))
        {
          fputs (help, stdout);
          return KZ_CLI_OK;
        }
      if (kz_cli_option (argc, argv, &i, "--output", &value, &missing))
        {
          if (missing)
            return kz_cli_bad_input ("tables", "--output needs a file name");
          output = value;
        }
      else
        return kz_cli_bad_input ("tables", "unexpected argument '%s' (see kazaki-cli tables --help)",
                                 argv[i]);
    }
  KzEgtbInfo info;
  if (output)
    {
      int status = check_output ("tables", output);
      if (status != KZ_CLI_OK)
        return status;
      /* Generated whatever the cache or FILE holds; FILE is replaced only
       * by the complete tables (kz_egtb_save: a new file, renamed). */
      if (!kz_egtb_init (NULL, &info))
        return kz_cli_failure ("tables", "out of memory");
      if (!kz_egtb_save (output))
        return kz_cli_failure ("tables", "the tables could not be saved to '%s': %s", output,
                               g_strerror (errno));
    }
  else
    {
      g_autofree char *path = tables_path ();
      if (!kz_egtb_init (path, &info))
        return kz_cli_failure ("tables", "out of memory");
    }
  printf ("tables %s %.1f s %" PRIu64 " bytes wins %" PRIu64 " losses %" PRIu64 " draws %" PRIu64
          " longest %d\n", info.loaded_from_cache ? "loaded" : "generated", info.seconds,
          info.bytes, info.wins, info.losses, info.draws, info.longest);
  return KZ_CLI_OK;
}
