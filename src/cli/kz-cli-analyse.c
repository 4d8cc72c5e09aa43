/* kz-cli-analyse.c — kazaki-cli analyse: the computer's review of a
 * stored game (kz-game-analysis.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-cli.h"
#include "kz-cli-db.h"
#include "kz-game-analysis.h"
#include "kz-kgn.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static gboolean
parse_number (const char *text, long min, long max, long *out)
{
  char *end;
  errno = 0;
  long v = strtol (text, &end, 10);
  if (errno || end == text || *end != '\0' || v < min || v > max)
    return FALSE;
  *out = v;
  return TRUE;
}

int
kz_cli_analyse (int argc, char **argv, const KzCliGlobal *global)
{
  static const char help[] =
    "Usage: kazaki-cli [--db FILE] analyse [--time MS] [--depth D] [--threads N] ID\n"
    "\n"
    "Evaluates every position of stored game ID's main line with the computer\n"
    "player, stores the analysis in the database and prints one line per move:\n"
    "\n"
    "  PLY<TAB>MOVE<TAB>SCORE<TAB>BEST<TAB>CLASS\n"
    "\n"
    "PLY counts the moves from 1; MOVE is the move played.  SCORE evaluates the\n"
    "position after MOVE for the Cossacks: an integer (100 = one piece), or #+N\n"
    "/ #-N for a forced win of the Cossacks / Turks in N plies (#+0 / #-0 when\n"
    "MOVE ended the game).  BEST is the engine's best move in the position\n"
    "before MOVE.  CLASS is forced (the only legal move), best, good, inaccuracy,\n"
    "mistake or blunder, from how much MOVE lowered the mover's expected result\n"
    "E = 1 / (1 + exp (-0.00368208 * score)) compared with BEST: less than 0.05\n"
    "good, 0.05 inaccuracy, 0.10 mistake, 0.15 or more blunder; throwing away\n"
    "a forced win, or walking into a forced loss BEST avoided, is a blunder.\n"
    "\n"
    "  --time MS    search each position for at most MS milliseconds\n"
    "               (default 200; 1-3600000)\n"
    "  --depth D    search each position D plies deep (1-64); alone (without\n"
    "               --time) the analysis is reproducible\n"
    "  --threads N  worker threads (1-16; default: one per processor)\n"
    "\n"
    "A stored analysis of the same game made by this engine version with at\n"
    "least this time and depth answers at once; one made with less time, or by\n"
    "an older engine, is replaced.  The positions are stored as they are\n"
    "found (every half second), so an analysis that is interrupted continues\n"
    "where it stopped when run again.  A summary goes to stderr.\n"
    "Exit status 2 on bad input (no such game, a bad number) and when the game\n"
    "is deleted while it is analysed.\n";
  long time_ms = -1, depth = 0, threads = 0;
  const char *id_text = NULL;
  for (int i = 1; i < argc;)
    {
      const char *value;
      bool missing;
      const char *name = argv[i];
      long *target = NULL, min = 1, max = 0;
      const char *what = "a number";
      if (kz_cli_is_help (argv[i]))
        {
          fputs (help, stdout);
          return KZ_CLI_OK;
        }
      if (kz_cli_option (argc, argv, &i, "--time", &value, &missing))
        target = &time_ms, max = 3600000, what = "milliseconds";
      else if (kz_cli_option (argc, argv, &i, "--depth", &value, &missing))
        target = &depth, max = KZ_SEARCH_MAX_DEPTH;
      else if (kz_cli_option (argc, argv, &i, "--threads", &value, &missing))
        target = &threads, max = KZ_ANALYSIS_MAX_THREADS;
      if (target)
        {
          if (missing || !parse_number (value, min, max, target))
            return kz_cli_bad_input ("analyse", "%s needs %s from %ld to %ld", name, what, min, max);
          continue;
        }
      if (argv[i][0] == '-' || id_text != NULL)
        return kz_cli_bad_input ("analyse", "unexpected argument '%s' (see kazaki-cli analyse --help)",
                                 argv[i]);
      id_text = argv[i++];
    }
  if (id_text == NULL)
    return kz_cli_bad_input ("analyse", "usage: analyse [--time MS] ID (see kazaki-cli analyse --help)");

  int status = KZ_CLI_OK;
  gint64 id;
  g_autoptr (KzGame) game = kz_cli_db_open_game ("analyse", global, id_text, &id, &status);
  if (game == NULL)
    return status;
  KzStore *store = kz_game_get_store (game);

  KzAnalysisSettings settings = { 0 };
  settings.time_ms = time_ms > 0 ? (int) time_ms : depth > 0 ? 0 : KZ_ANALYSIS_DEFAULT_TIME_MS;
  settings.depth = (int) depth;
  settings.threads = (int) threads;
  g_autoptr (KzGameAnalysis) analysis = kz_game_analysis_new (game, &settings);
  GError *error = NULL;
  gint64 t0 = g_get_monotonic_time ();
  if (!kz_game_analysis_load (analysis, store, id, &error))
    return kz_cli_db_report_error ("analyse", error);
  /* Saved as it goes: a killed analysis keeps what it found. */
  kz_game_analysis_set_store (analysis, store, id);
  if (!kz_game_analysis_run (analysis, NULL, &error))
    {
      if (error->domain == KZ_STORE_ERROR)
        return kz_cli_db_report_error ("analyse", error);
      status = kz_cli_failure ("analyse", "%s", error->message);
      g_error_free (error);
      return status;
    }
  if (!kz_game_analysis_save (analysis, store, id, &error))
    return kz_cli_db_report_error ("analyse", error);
  gint64 t1 = g_get_monotonic_time ();

  guint n = kz_game_analysis_get_n_plies (analysis);
  for (guint ply = 1; ply <= n; ply++)
    {
      const KzPositionEval *before = kz_game_analysis_get_eval (analysis, ply - 1);
      const KzPositionEval *after = kz_game_analysis_get_eval (analysis, ply);
      char score[32], best[KZ_MOVE_STR_MAX] = "-";
      kz_score_format (after->score, score, sizeof score);
      if (before->has_best)
        kz_move_format (&before->best, best, sizeof best);
      printf ("%u\t%s\t%s\t%s\t%s\n", ply, kz_game_analysis_get_move_text (analysis, ply - 1),
              score, best, kz_move_class_name (kz_game_analysis_get_move_class (analysis, ply)));
    }
  const KzAnalysisSettings *used = kz_game_analysis_get_settings (analysis);
  guint searched = kz_game_analysis_get_n_searched (analysis);
  fprintf (stderr, "analyse: %u positions, %u searched (%d ms, depth %d, %d threads), "
           "%u from the database, in %.2f s\n", n + 1, searched, used->time_ms, used->depth,
           used->threads, n + 1 - searched, (double) (t1 - t0) / 1e6);
  for (int side = 0; side < 2; side++)
    fprintf (stderr, "analyse: %s: inaccuracies %u, mistakes %u, blunders %u\n",
             kz_side_name ((KzSide) side),
             kz_game_analysis_count_class (analysis, (KzSide) side, KZ_MOVE_CLASS_INACCURACY),
             kz_game_analysis_count_class (analysis, (KzSide) side, KZ_MOVE_CLASS_MISTAKE),
             kz_game_analysis_count_class (analysis, (KzSide) side, KZ_MOVE_CLASS_BLUNDER));
  return KZ_CLI_OK;
}

/* ---------------------------------------------------------------- */
/* export --evals */

static char *
eval_comment (KzGame *game, guint i, gpointer data)
{
  KzGameAnalysis *analysis = g_hash_table_lookup (data, game);
  return analysis ? kz_game_analysis_dup_eval_comment (analysis, i) : NULL;
}

char *
kz_cli_export_with_evals (KzStore *store, GPtrArray *games, GError **error)
{
  g_autoptr (GHashTable) analyses = g_hash_table_new_full (NULL, NULL, NULL, g_object_unref);
  const KzAnalysisSettings any = KZ_ANALYSIS_SETTINGS_ANY_STORED;
  for (guint i = 0; i < games->len; i++)
    {
      KzGame *game = g_ptr_array_index (games, i);
      KzGameAnalysis *analysis = kz_game_analysis_new (game, &any);
      g_hash_table_insert (analyses, game, analysis);
      if (!kz_game_analysis_load (analysis, store, kz_game_get_id (game), error))
        return NULL;
    }
  return kz_kgn_export_games_with_comments (games, eval_comment, analyses);
}
