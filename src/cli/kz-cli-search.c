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
#include <limits.h>
#include <math.h>
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
    "  --level N    computer level 1 (weakest) to 9 (strongest; kazaki-cli levels)\n"
    "  --depth D    search D plies deep (1-64), no time limit\n"
    "  --time MS    search for at most MS milliseconds\n"
    "  --seed S     seeds the randomness of levels 1-6 (default 0)\n"
    "  --no-tables  do not use the endgame tables\n"
    "  --moves MOVE...  the moves played from the position so far (the rest of\n"
    "               the arguments): the search starts after them and knows\n"
    "               their positions, so it sees repetitions\n"
    "\n"
    "Positions with at most 4 pieces are looked up in the endgame tables\n"
    "(levels 7-9, --depth and --time): a won or lost one scores its exact\n"
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
      else if (number_option (argc, argv, &i, "bestmove", "--level", "a number",
                              KZ_SEARCH_MIN_LEVEL, KZ_SEARCH_MAX_LEVEL,
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

typedef enum {
  PLAYER_RANDOM,
  PLAYER_GREEDY,
  PLAYER_LEVEL,
} PlayerKind;

typedef struct {
  PlayerKind  kind;
  int         level;        /* PLAYER_LEVEL: 1 to KZ_SEARCH_MAX_LEVEL */
  char        name[16];     /* "random", "greedy" or the level's number */
  uint64_t    rng;          /* random and greedy players: their own stream */
  KzSearcher *searcher;
  /* statistics */
  int         moves;
  int64_t     total_ms;
  int64_t     max_ms;
  int64_t     total_depth;
  uint64_t    nodes;
  int         pickups;      /* enemy flags jumped from their centre */
  int         deliveries;   /* games won by bringing the flag home */
} Player;

static bool
parse_player (const char *text, Player *p)
{
  long level;
  memset (p, 0, sizeof *p);
  if (g_ascii_strcasecmp (text, "random") == 0)
    p->kind = PLAYER_RANDOM;
  else if (g_ascii_strcasecmp (text, "greedy") == 0)
    p->kind = PLAYER_GREEDY;
  else if (parse_long (text, KZ_SEARCH_MIN_LEVEL, KZ_SEARCH_MAX_LEVEL, &level))
    {
      p->kind = PLAYER_LEVEL;
      p->level = (int) level;
    }
  else
    return false;
  if (p->kind == PLAYER_LEVEL)
    snprintf (p->name, sizeof p->name, "%d", p->level);
  else
    g_strlcpy (p->name, p->kind == PLAYER_RANDOM ? "random" : "greedy", sizeof p->name);
  return true;
}

/* For tuning: KAZAKI_LEVEL<N>="DEPTH,TIME_MS,NOISE[,NODES[,THREADS[,CONTEMPT
 * [,MISS_CHAIN,HANG_PIECE,MISS_SHOT[,TABLE_DRAWS[,ENDGAME]]]]]]" replaces
 * level N's limits in matches (0: none / the default; the mistakes in
 * chances per thousand; TABLE_DRAWS and ENDGAME 0 or 1). */
static void
tuning_override (int level, KzSearchLimits *limits)
{
  char name[32];
  snprintf (name, sizeof name, "KAZAKI_LEVEL%d", level);
  const char *v = getenv (name);
  int d, t, n, threads, contempt, chain, hang, shot, draws, endgame;
  unsigned long long nodes;
  int got = v ? sscanf (v, "%d,%d,%d,%llu,%d,%d,%d,%d,%d,%d,%d", &d, &t, &n, &nodes, &threads,
                        &contempt, &chain, &hang, &shot, &draws, &endgame) : 0;
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
  if (got >= 9)
    {
      limits->miss_chain = chain;
      limits->hang_piece = hang;
      limits->miss_shot = shot;
    }
  if (got >= 10)
    limits->table_draws = draws != 0;
  if (got >= 11)
    limits->endgame = endgame != 0;
}

static uint64_t
rng_next (uint64_t *state)
{
  *state += UINT64_C (0x9e3779b97f4a7c15);
  return kz_zobrist_mix (*state);
}

/* What the greedy baseline weighs: twice the pieces a move captures, one
 * more when it also takes the enemy flag (a tie-break). */
static int
greedy_gain (const KzMove *move, int side)
{
  return 2 * kz_popcount (move->captured) + ((move->carried >> (1 - side)) & 1);
}

/* The greedy baseline: among the legal moves, one that captures the most
 * pieces (captures are compulsory, so this is the best-paying chain when
 * there is a capture; of equal ones, one that takes the flag), ties and
 * quiet positions drawn at random. */
static KzMove
greedy_move (const KzPosition *pos, const KzMoveList *list, uint64_t *rng)
{
  int best = -1, n_best = 0;
  for (int i = 0; i < list->count; i++)
    {
      int gain = greedy_gain (&list->moves[i], pos->side);
      if (gain > best)
        {
          best = gain;
          n_best = 0;
        }
      if (gain == best)
        n_best++;
    }
  int pick = (int) (rng_next (rng) % (uint64_t) n_best);
  for (int i = 0; i < list->count; i++)
    if (greedy_gain (&list->moves[i], pos->side) == best && pick-- == 0)
      return list->moves[i];
  return list->moves[0];
}

/* Elo difference for a score share p (0 < p < 1); ±infinity at the ends. */
static double
elo_of_score (double p)
{
  if (p <= 0.0)
    return -INFINITY;
  if (p >= 1.0)
    return INFINITY;
  return -400.0 * log10 (1.0 / p - 1.0);
}

static void
format_elo (double elo, char *out, size_t size)
{
  if (isinf (elo))
    snprintf (out, size, "%sinf", elo > 0 ? "+" : "-");
  else if (fabs (elo) < 0.5)
    snprintf (out, size, "+0");
  else
    snprintf (out, size, "%+.0f", elo);
}

/* The score of W wins, D draws and L losses as a share, its Elo and a
 * 95 % interval: a Wilson score interval whose variance is the games'
 * observed one (draws narrow it), so that it stays finite on one side at
 * 100 % or 0 %. */
static void
kz_cli_elo (int w, int d, int l, double *score, double *elo, double *low, double *high)
{
  int n = w + d + l;
  if (n == 0)
    {
      *score = 0.5;
      *elo = 0.0;
      *low = -INFINITY;
      *high = INFINITY;
      return;
    }
  double p = (w + 0.5 * d) / n;
  double var = (w * (1.0 - p) * (1.0 - p) + d * (0.5 - p) * (0.5 - p) + l * p * p) / n;
  const double z = 1.959964;
  double z2n = z * z / n;
  double center = (p + z2n / 2.0) / (1.0 + z2n);
  double half = z / (1.0 + z2n) * sqrt (var / n + z2n / (4.0 * n));
  *score = p;
  *elo = elo_of_score (p);
  *low = elo_of_score (center - half);
  *high = elo_of_score (center + half);
}

int
kz_cli_match (int argc, char **argv, const KzCliGlobal *global)
{
  static const char help[] =
    "Usage: kazaki-cli match --cossacks P --turks P [--games N] [--seed S]\n"
    "                        [--paired] [--adjudicate] [--max-plies N]\n"
    "                        [--opening-plies N] [--position KPN] [--no-tables]\n"
    "                        [--no-progress on|off] [--verbose]\n"
    "\n"
    "Plays N games (default 10) from the start position (or KPN) between two\n"
    "players.  A player P is a computer level (kazaki-cli levels), 'random' (a\n"
    "uniformly random legal move) or 'greedy' (the capture that takes the most\n"
    "pieces, else a random move).  Prints two lines:\n"
    "\n"
    "  cossacks-wins A turks-wins B draws C\n"
    "  P1 against P2: +W =D -L, score S %, Elo E [LOW, HIGH]\n"
    "\n"
    "the second from the point of view of the first player (--cossacks), with\n"
    "a 95 % interval.  Each game opens with --opening-plies random legal moves\n"
    "(default 2: one per side), drawn from the seed (default 1), and the\n"
    "levels' own randomness is seeded per game, so the games differ and a match\n"
    "without time-limited levels is reproducible.\n"
    "\n"
    "  --paired      every opening is played twice, the second time with the\n"
    "                players' colours swapped (games 1 and 2, 3 and 4, ...)\n"
    "  --adjudicate  end a game as soon as its position is in the endgame\n"
    "                tables (at most 4 pieces): the tables' result is certain\n"
    "                (termination 'tables')\n"
    "  --verbose     one line per game on stdout before the summary:\n"
    "                game N COSSACKS TURKS RESULT TERMINATION PLIES OPENING KPN\n"
    "                PICKUPS DELIVERIES\n"
    "                (tab-separated; RESULT 1-0, 0-1 or 1/2-1/2; OPENING the\n"
    "                random moves, '-' when none; KPN the final position;\n"
    "                PICKUPS and DELIVERIES 'C,T': how often the Cossacks and\n"
    "                the Turks jumped the enemy's standing flag, and brought\n"
    "                it home)\n"
    "\n"
    "A game is drawn on the third occurrence of a position, after 100 plies in\n"
    "a row without a capture or a flag taken (termination 'no-progress', the\n"
    "rule of the app's games; --no-progress off plays without it, as games\n"
    "before the rule were) or after --max-plies plies (default 400, a safety\n"
    "net).  Levels that use the endgame tables get them unless --no-tables is\n"
    "given.  Per-player move times, depths, the terminations and each\n"
    "player's flag pick-ups and deliveries go to stderr.  An unknown player\n"
    "exits with status 2.\n";
  Player players[2];
  bool have[2] = { false, false };
  long games = 10, max_plies = DEFAULT_MAX_PLIES, opening = 2;
  uint64_t seed = 1;
  bool verbose = false, no_tables = false, paired = false, adjudicate = false;
  bool no_progress = true;
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
          const char *option = side == KZ_COSSACKS ? "--cossacks" : "--turks";
          if (missing)
            return kz_cli_bad_input ("match", "%s needs a player: random, greedy or a level %d-%d",
                                     option, KZ_SEARCH_MIN_LEVEL, KZ_SEARCH_MAX_LEVEL);
          if (!parse_player (value, &players[side]))
            return kz_cli_bad_input ("match", "%s: unknown player '%s'; the players are random, "
                                     "greedy and the levels %d-%d (kazaki-cli levels)",
                                     option, value, KZ_SEARCH_MIN_LEVEL, KZ_SEARCH_MAX_LEVEL);
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
      else if (strcmp (argv[i], "--paired") == 0)
        {
          paired = true;
          i++;
        }
      else if (strcmp (argv[i], "--adjudicate") == 0)
        {
          adjudicate = true;
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
      else if (kz_cli_option (argc, argv, &i, "--no-progress", &value, &missing))
        {
          if (missing || (strcmp (value, "on") != 0 && strcmp (value, "off") != 0))
            return kz_cli_bad_input ("match", "--no-progress needs 'on' or 'off'");
          no_progress = strcmp (value, "on") == 0;
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
  bool need_tables = adjudicate;
  for (int s = 0; s < 2; s++)
    if (players[s].kind == PLAYER_LEVEL && !no_tables)
      {
        KzSearchLimits lim;
        kz_search_level_params (players[s].level, &lim);
        need_tables = need_tables || !lim.no_tables;
      }
  if (need_tables && !load_tables ("match"))
    return kz_cli_failure ("match", "out of memory for the endgame tables");

  for (int s = 0; s < 2; s++)
    if (players[s].kind == PLAYER_LEVEL)
      {
        players[s].searcher = kz_searcher_new (TT_MB);
        if (players[s].searcher == NULL)
          return kz_cli_failure ("match", "out of memory");
      }

  static uint64_t hashes[MAX_GAME_PLIES + 1];
  static KzMoveList list;
  int wins[2] = { 0, 0 }, draws = 0;
  int first_wins = 0, first_losses = 0;
  int by_reason[4] = { 0 }, by_repetition = 0, by_no_progress = 0, by_max = 0, by_tables = 0;
  long total_plies = 0;

  for (long g = 0; g < games; g++)
    {
      /* paired: games 2k and 2k+1 share the opening (and the seeds) */
      long opening_index = paired ? g / 2 : g;
      bool swapped = paired && g % 2 == 1;
      Player *by_side[2] = { &players[swapped ? 1 : 0], &players[swapped ? 0 : 1] };
      uint64_t game_seed = kz_zobrist_mix (seed * UINT64_C (1000003) + (uint64_t) opening_index);
      uint64_t rng = game_seed;
      KzPosition pos = start;
      int n = 0;
      int last_jump = 0;           /* index in hashes of the first position after the last jump */
      hashes[n++] = pos.hash;
      for (int s = 0; s < 2; s++)
        {
          if (players[s].searcher)
            kz_searcher_clear (players[s].searcher);
          players[s].rng = kz_zobrist_mix (game_seed ^ (UINT64_C (0x5851f42d4c957f2d) * (s + 1)));
        }

      const char *result = NULL;
      char opening_text[20 * KZ_MOVE_STR_MAX + 2] = "-";
      size_t opening_len = 0;
      int winner = -1;
      int ply;
      int pickups[2] = { 0, 0 }, deliveries[2] = { 0, 0 };
      for (ply = 0;; ply++)
        {
          KzOutcome out = kz_position_outcome (&pos);
          if (out.winner >= 0)
            {
              winner = out.winner;
              by_reason[out.reason]++;
              if (out.reason == KZ_REASON_FLAG)
                {
                  deliveries[winner]++;
                  by_side[winner]->deliveries++;
                }
              result = kz_reason_name (out.reason);
              break;
            }
          int reps = 0;
          for (int k = last_jump; k < n; k++)
            reps += hashes[k] == pos.hash;
          if (reps >= 3)
            {
              by_repetition++;
              result = "repetition";
              break;
            }
          int quiet = n - 1 - last_jump;   /* plies since the last capture or flag taken */
          if (no_progress && quiet >= KZ_NO_PROGRESS_PLIES)
            {
              by_no_progress++;
              result = "no-progress";
              break;
            }
          if (adjudicate)
            {
              KzEgtbResult known = kz_egtb_probe (&pos, NULL);
              if (known != KZ_EGTB_NONE)
                {
                  if (known == KZ_EGTB_WIN)
                    winner = pos.side;
                  else if (known == KZ_EGTB_LOSS)
                    winner = 1 - pos.side;
                  by_tables++;
                  result = "tables";
                  break;
                }
            }
          if (ply >= max_plies)
            {
              by_max++;
              result = "max-plies";
              break;
            }

          Player *p = by_side[pos.side];
          KzMove move;
          if (ply < opening || p->kind != PLAYER_LEVEL)
            {
              kz_generate_moves (&pos, &list);
              if (ply < opening)
                {
                  move = list.moves[rng_next (&rng) % (uint64_t) list.count];
                  char text[KZ_MOVE_STR_MAX];
                  kz_move_format (&move, text, sizeof text);
                  opening_len += (size_t) snprintf (opening_text + opening_len,
                                                    sizeof opening_text - opening_len, "%s%s",
                                                    opening_len ? " " : "", text);
                }
              else if (p->kind == PLAYER_GREEDY)
                move = greedy_move (&pos, &list, &p->rng);
              else
                move = list.moves[rng_next (&p->rng) % (uint64_t) list.count];
            }
          else
            {
              KzSearchLimits limits;
              kz_search_level_params (p->level, &limits);
              tuning_override (p->level, &limits);
              if (no_tables)
                limits.no_tables = true;
              limits.seed = game_seed ^ ((uint64_t) ply << 32);
              limits.no_progress_left = no_progress ? KZ_NO_PROGRESS_PLIES - quiet : 0;
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
          int enemy = 1 - pos.side;
          if (pos.flag[enemy] == KZ_FLAG_HOME && (move.carried >> enemy & 1))
            {
              pickups[pos.side]++;
              p->pickups++;
            }
          kz_position_make_move (&pos, &move);
          if (move.n_jumps > 0)
            last_jump = n;
          hashes[n++] = pos.hash;
        }
      total_plies += ply;
      if (winner >= 0)
        {
          wins[winner]++;
          if (by_side[winner] == &players[0])
            first_wins++;
          else
            first_losses++;
        }
      else
        draws++;
      if (verbose)
        {
          char final[KZ_KPN_MAX];
          kz_kpn_format (&pos, final, sizeof final);
          printf ("game\t%ld\t%s\t%s\t%s\t%s\t%d\t%s\t%s\t%d,%d\t%d,%d\n", g + 1,
                  by_side[0]->name, by_side[1]->name,
                  winner == KZ_COSSACKS ? "1-0" : winner == KZ_TURKS ? "0-1" : "1/2-1/2",
                  result, ply, opening_text, final, pickups[0], pickups[1], deliveries[0],
                  deliveries[1]);
          fflush (stdout);
        }
    }

  printf ("cossacks-wins %d turks-wins %d draws %d\n", wins[0], wins[1], draws);
  double score, elo, low, high;
  kz_cli_elo (first_wins, draws, first_losses, &score, &elo, &low, &high);
  char e[16], lo[16], hi[16];
  format_elo (elo, e, sizeof e);
  format_elo (low, lo, sizeof lo);
  format_elo (high, hi, sizeof hi);
  printf ("%s against %s: +%d =%d -%d, score %.1f %%, Elo %s [%s, %s]\n", players[0].name,
          players[1].name, first_wins, draws, first_losses, 100.0 * score, e, lo, hi);

  fprintf (stderr, "games %ld, mean length %.1f plies; by flag %d, annihilation %d, blocked %d, "
           "repetition %d, no-progress %d, max-plies %d, tables %d\n", games,
           (double) total_plies / (double) games, by_reason[KZ_REASON_FLAG],
           by_reason[KZ_REASON_ANNIHILATION], by_reason[KZ_REASON_BLOCKED], by_repetition,
           by_no_progress, by_max, by_tables);
  fprintf (stderr, "flags: first (%s) picked up %d, delivered %d; second (%s) picked up %d, "
           "delivered %d\n", players[0].name, players[0].pickups, players[0].deliveries,
           players[1].name, players[1].pickups, players[1].deliveries);
  for (int s = 0; s < 2; s++)
    {
      Player *p = &players[s];
      const char *who = s == 0 ? "first" : "second";
      if (p->kind != PLAYER_LEVEL)
        {
          fprintf (stderr, "%s: %s\n", who, p->name);
          continue;
        }
      double secs = (double) p->total_ms / 1000.0;
      fprintf (stderr, "%s: level %d, %d moves, mean %.1f ms, max %" PRId64 " ms, "
               "mean depth %.1f, %.0f nodes/s\n", who, p->level,
               p->moves, p->moves ? (double) p->total_ms / p->moves : 0.0, p->max_ms,
               p->moves ? (double) p->total_depth / p->moves : 0.0,
               secs > 0 ? (double) p->nodes / secs : 0.0);
      kz_searcher_free (p->searcher);
    }
  return KZ_CLI_OK;
}

/* ---------------------------------------------------------------- */

/* The levels' strength as measured by bench/ladder on 2026-12-02 (doc/ENGINE.md,
 * "Levels"): Elo relative to the greedy baseline, summed along the ladder of
 * paired matches between neighbours (200 games a pair up to level 6, 100 for
 * 7 against 6, 60 for 8 against 7 and 9 against 8), all on the engine of
 * issue 30's carrier and repetition changes; INT_MIN where not measured. */
static const int level_elo[KZ_SEARCH_MAX_LEVEL] = {
  58, 301, 485, 721, 923, 1105, 1341, 1475, 1602,
};

int
kz_cli_levels (int argc, char **argv, const KzCliGlobal *global)
{
  static const char help[] =
    "Usage: kazaki-cli levels\n"
    "\n"
    "Prints the computer's levels, weakest first, one a line:\n"
    "\n"
    "  LEVEL<TAB>NAME<TAB>ELO\n"
    "\n"
    "ELO is the level's strength measured by bench/ladder, relative to the\n"
    "greedy baseline (kazaki-cli match --cossacks greedy) at 0; '-' where it has\n"
    "not been measured.  Games and settings of earlier versions, which had\n"
    "levels 1-5, are read as levels 1, 4, 6, 9 and 9.\n";
  for (int i = 1; i < argc; i++)
    {
      if (kz_cli_is_help (argv[i]))
        {
          fputs (help, stdout);
          return KZ_CLI_OK;
        }
      return kz_cli_bad_input ("levels", "unexpected argument '%s' (see kazaki-cli levels --help)",
                               argv[i]);
    }
  for (int level = KZ_SEARCH_MIN_LEVEL; level <= KZ_SEARCH_MAX_LEVEL; level++)
    {
      int elo = level_elo[level - 1];
      if (elo == INT_MIN)
        printf ("%d\t%s\t-\n", level, kz_search_level_name (level));
      else
        printf ("%d\t%s\t%d\n", level, kz_search_level_name (level), elo);
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
