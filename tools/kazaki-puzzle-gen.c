/* kazaki-puzzle-gen — makes the proven puzzles of data/puzzles/puzzles.tsv
 * from games the engine plays against itself (doc/PUZZLES.md).
 *
 * Each game: a few random opening plies, then computer levels 1–3 (a
 * schedule of pairings) up to --max-plies.  Every position of a game
 * where the side to move has a forced win is a candidate: with at most
 * 4 pieces the endgame tables give the distance, else the prover
 * (kz-proof.h) searches exhaustively up to --search-plies.  A candidate
 * becomes a puzzle when kz_puzzle_build finds a line in which every
 * solver move is the only win.  Puzzles whose position appeared on the
 * line of an earlier puzzle are left out.  Games are shared out to
 * --threads workers; the output does not depend on their number.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <glib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kz-egtb.h"
#include "kz-engine.h"
#include "kz-puzzle-line.h"
#include "kz-search.h"

typedef struct {
  KzPuzzleLine line;
  int          game;
  int          ply;
  int          levels[2];
} Found;

typedef struct {
  int       games;
  guint64   seed;
  int       max_plies;
  int       search_plies;
  int       search_plies_few;   /* with at most 8 pieces */
  guint64   budget;
  gint      next_game;          /* atomic */
  GArray  **per_game;           /* Found, one array per game */
  gint      done;               /* atomic */
  gboolean  verbose;
} Job;

static const int PAIRINGS[][2] = {
  { 2, 2 }, { 1, 2 }, { 2, 1 }, { 2, 3 }, { 3, 2 }, { 1, 3 }, { 3, 1 }, { 3, 3 }, { 1, 1 },
};
#define N_PAIRINGS (int) G_N_ELEMENTS (PAIRINGS)

static guint64
rng_next (guint64 *state)
{
  *state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  return kz_zobrist_mix (*state);
}

/* Plays game g; returns its positions (the start included). */
static int
play_game (const Job *job, int g, KzSearcher *searchers[2], KzPosition *positions,
           int levels[2])
{
  guint64 game_seed = kz_zobrist_mix (job->seed * G_GUINT64_CONSTANT (1000003) + (guint64) g);
  guint64 rng = game_seed;
  levels[0] = PAIRINGS[g % N_PAIRINGS][0];
  levels[1] = PAIRINGS[g % N_PAIRINGS][1];
  int opening = 2 + (int) (rng_next (&rng) % 5);
  g_autofree guint64 *hashes = g_new (guint64, job->max_plies + 1);
  KzMoveList *list = g_new (KzMoveList, 1);
  KzPosition pos;
  kz_position_init_start (&pos);
  kz_searcher_clear (searchers[0]);
  kz_searcher_clear (searchers[1]);
  int n = 0, last_jump = 0;
  positions[n] = pos;
  hashes[n++] = pos.hash;
  for (int ply = 0; ply < job->max_plies; ply++)
    {
      if (kz_position_outcome (&pos).winner >= 0)
        break;
      int reps = 0;
      for (int k = last_jump; k < n; k++)
        reps += hashes[k] == pos.hash;
      if (reps >= 3)
        break;
      KzMove move;
      if (ply < opening)
        {
          kz_generate_moves (&pos, list);
          move = list->moves[rng_next (&rng) % (guint64) list->count];
        }
      else
        {
          KzSearchLimits limits;
          kz_search_old_level_params (levels[pos.side], &limits);
          limits.seed = game_seed ^ ((guint64) ply << 32);
          KzSearchResult r = kz_search (searchers[pos.side], &pos, hashes + last_jump,
                                        n - 1 - last_jump, &limits, NULL);
          move = r.move;
        }
      kz_position_make_move (&pos, &move);
      if (move.n_jumps > 0)
        last_jump = n;
      positions[n] = pos;
      hashes[n++] = pos.hash;
    }
  g_free (list);
  return n;
}

static gpointer
worker (gpointer data)
{
  Job *job = data;
  KzSearcher *searchers[2] = { kz_searcher_new (8), kz_searcher_new (8) };
  KzProver *prover = kz_prover_new (32);
  KzPosition *positions = g_new (KzPosition, job->max_plies + 1);
  kz_prover_set_budget (prover, job->budget);
  for (;;)
    {
      int g = g_atomic_int_add (&job->next_game, 1);
      if (g >= job->games)
        break;
      int levels[2];
      int n = play_game (job, g, searchers, positions, levels);
      GArray *found = g_array_new (FALSE, FALSE, sizeof (Found));
      g_autoptr(GHashTable) on_lines = g_hash_table_new_full (g_int64_hash, g_int64_equal,
                                                              g_free, NULL);
      int skip_until = 0;
      for (int i = 0; i < n; i++)
        {
          const KzPosition *pos = &positions[i];
          /* the tactic found just before, played out */
          if (i < skip_until)
            continue;
          if (kz_position_outcome (pos).winner >= 0)
            break;
          if (g_hash_table_contains (on_lines, &pos->hash))
            continue;
          int pieces = kz_popcount (pos->pieces[0] | pos->pieces[1]);
          int max = pieces <= 8 ? job->search_plies_few : job->search_plies;
          if (pieces <= KZ_EGTB_MAX_PIECES)
            max = KZ_PUZZLE_MAX_PLIES;
          int d = 0;
          if (kz_prove_win_distance (prover, pos, max, &d) != KZ_PROOF_YES)
            continue;
          Found f = { .game = g, .ply = i, .levels = { levels[0], levels[1] } };
          const char *why = NULL;
          if (!kz_puzzle_build (prover, pos, d, &f.line, &why))
            {
              if (job->verbose)
                g_printerr ("game %d ply %d: win in %d, %s\n", g, i, d, why);
              continue;
            }
          g_array_append_val (found, f);
          skip_until = i + f.line.n_plies;
          KzPosition q = f.line.start;
          for (int k = 0; k < f.line.n_plies; k++)
            {
              gint64 *key = g_new (gint64, 1);
              *key = (gint64) q.hash;
              g_hash_table_add (on_lines, key);
              kz_position_make_move (&q, &f.line.moves[k]);
            }
        }
      job->per_game[g] = found;
      int done = g_atomic_int_add (&job->done, 1) + 1;
      if (job->verbose || done % 20 == 0)
        g_printerr ("%d/%d games\n", done, job->games);
    }
  g_free (positions);
  kz_prover_free (prover);
  kz_searcher_free (searchers[0]);
  kz_searcher_free (searchers[1]);
  return NULL;
}

static void
puzzle_id (guint64 hash, char out[8])
{
  static const char digits[] = "0123456789abcdefghijklmnopqrstuvwxyz";
  guint64 h = kz_zobrist_mix (hash);
  for (int i = 0; i < 6; i++)
    {
      out[i] = digits[h % 36];
      h /= 36;
    }
  out[6] = '\0';
}

static void
write_puzzle (GString *out, const Found *f, const char *id)
{
  char kpn[KZ_KPN_MAX];
  kz_kpn_format (&f->line.start, kpn, sizeof kpn);
  g_string_append_printf (out, "%s\t%s\t", id, kpn);
  for (int k = 0; k < f->line.n_plies; k++)
    {
      char m[KZ_MOVE_STR_MAX];
      kz_move_format (&f->line.moves[k], m, sizeof m);
      g_string_append_printf (out, "%s%s", k ? " " : "", m);
    }
  g_string_append_c (out, '\t');
  unsigned themes = kz_puzzle_themes (&f->line);
  gboolean first = TRUE;
  for (int t = 0; t < KZ_N_THEMES; t++)
    if (themes & (1u << t))
      {
        g_string_append_printf (out, "%s%s", first ? "" : ",", kz_puzzle_theme_name (t));
        first = FALSE;
      }
  g_string_append_printf (out, "\t%d\tgame %d ply %d, levels %d-%d\n",
                          kz_puzzle_difficulty (&f->line), f->game, f->ply,
                          f->levels[0], f->levels[1]);
}

int
main (int argc, char **argv)
{
  int games = 600, threads = 2, max_plies = 300, search_plies = 7, search_plies_few = 9;
  gint64 seed = 1, budget = 300000;
  g_autofree char *tables = NULL, *output = NULL;
  gboolean verbose = FALSE;
  GOptionEntry entries[] = {
    { "games", 0, 0, G_OPTION_ARG_INT, &games, "Self-play games (default 600)", "N" },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed, "Seed of the games (default 1)", "S" },
    { "threads", 0, 0, G_OPTION_ARG_INT, &threads, "Worker threads (default 2)", "T" },
    { "max-plies", 0, 0, G_OPTION_ARG_INT, &max_plies, "Plies a game at most (default 300)", "P" },
    { "search-plies", 0, 0, G_OPTION_ARG_INT, &search_plies,
      "Longest win searched with more than 8 pieces (default 7)", "P" },
    { "search-plies-few", 0, 0, G_OPTION_ARG_INT, &search_plies_few,
      "Longest win searched with 5-8 pieces (default 9)", "P" },
    { "budget", 0, 0, G_OPTION_ARG_INT64, &budget,
      "Positions a proof may visit (default 300000)", "N" },
    { "tables", 0, 0, G_OPTION_ARG_FILENAME, &tables,
      "The endgame tables' file (default $KAZAKI_EGTB)", "FILE" },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output, "Write here (default stdout)", "FILE" },
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, "Say why candidates are left out", NULL },
    { NULL },
  };
  g_autoptr(GOptionContext) ctx = g_option_context_new ("- make proven Kazaki puzzles");
  g_option_context_add_main_entries (ctx, entries, NULL);
  g_autoptr(GError) error = NULL;
  if (!g_option_context_parse (ctx, &argc, &argv, &error))
    {
      g_printerr ("kazaki-puzzle-gen: %s\n", error->message);
      return 2;
    }
  if (games < 1 || threads < 1 || threads > 16 || max_plies < 1 || search_plies < 1
      || search_plies_few < 1 || search_plies > KZ_PUZZLE_MAX_PLIES
      || search_plies_few > KZ_PUZZLE_MAX_PLIES || seed < 0 || budget < 0)
    {
      g_printerr ("kazaki-puzzle-gen: an option is out of range (see --help)\n");
      return 2;
    }
  const char *tables_path = tables ? tables : g_getenv ("KAZAKI_EGTB");
  if (tables_path == NULL)
    {
      g_printerr ("kazaki-puzzle-gen: no endgame tables: --tables FILE or $KAZAKI_EGTB\n");
      return 2;
    }
  gint64 t0 = g_get_monotonic_time ();
  KzEgtbInfo info;
  if (!kz_egtb_init (tables_path, &info))
    {
      g_printerr ("kazaki-puzzle-gen: cannot make the endgame tables\n");
      return 1;
    }

  Job job = {
    .games = games, .seed = (guint64) seed, .max_plies = max_plies,
    .search_plies = search_plies, .search_plies_few = search_plies_few,
    .budget = (guint64) budget, .verbose = verbose,
  };
  job.per_game = g_new0 (GArray *, games);
  GThread **pool = g_new (GThread *, threads);
  for (int t = 0; t < threads; t++)
    pool[t] = g_thread_new ("puzzle-gen", worker, &job);
  for (int t = 0; t < threads; t++)
    g_thread_join (pool[t]);
  g_free (pool);

  /* merge in game order, leaving out a position already on a line */
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GStringChunk) chunk = g_string_chunk_new (4096);
  g_autoptr(GString) out = g_string_new (NULL);
  int total = 0, short_ones = 0;
  int per_theme[KZ_N_THEMES] = { 0 };
  g_string_append_printf (out,
                          "# Kazaki puzzles, made by tools/kazaki-puzzle-gen --games %d --seed %"
                          G_GINT64_FORMAT " --max-plies %d --search-plies %d --search-plies-few %d"
                          " --budget %" G_GINT64_FORMAT " (doc/PUZZLES.md).\n"
                          "# ID\tKPN\tSOLUTION\tTHEMES\tRATING\tSOURCE\n",
                          games, seed, max_plies, search_plies, search_plies_few, budget);
  for (int g = 0; g < games; g++)
    {
      GArray *found = job.per_game[g];
      for (guint k = 0; k < found->len; k++)
        {
          const Found *f = &g_array_index (found, Found, k);
          gint64 key = (gint64) f->line.start.hash;
          if (g_hash_table_contains (seen, &key))
            continue;
          char id[8];
          puzzle_id (f->line.start.hash, id);
          if (g_hash_table_contains (ids, id))
            continue;
          g_hash_table_add (ids, g_string_chunk_insert (chunk, id));
          KzPosition q = f->line.start;
          for (int p = 0; p < f->line.n_plies; p++)
            {
              gint64 *h = g_new (gint64, 1);
              *h = (gint64) q.hash;
              g_hash_table_add (seen, h);
              kz_position_make_move (&q, &f->line.moves[p]);
            }
          write_puzzle (out, f, id);
          total++;
          short_ones += f->line.n_plies <= 7;
          unsigned themes = kz_puzzle_themes (&f->line);
          for (int t = 0; t < KZ_N_THEMES; t++)
            per_theme[t] += (themes >> t) & 1;
        }
      g_array_unref (found);
    }
  g_free (job.per_game);

  if (output)
    {
      if (!g_file_set_contents (output, out->str, (gssize) out->len, &error))
        {
          g_printerr ("kazaki-puzzle-gen: %s\n", error->message);
          return 1;
        }
    }
  else
    fputs (out->str, stdout);
  double seconds = (double) (g_get_monotonic_time () - t0) / 1e6;
  g_printerr ("puzzles %d (at most 7 plies: %d) from %d games in %.1f s (%d threads)\n",
              total, short_ones, games, seconds, threads);
  for (int t = 0; t < KZ_N_THEMES; t++)
    g_printerr ("  %-16s %d\n", kz_puzzle_theme_name (t), per_theme[t]);
  return 0;
}
