/* kz-cli-db.c — kazaki-cli's game database commands: new, play, undo,
 * list, show, export, import, imports, delete-import, backup and
 * selfplay.
 *
 * Every command goes through the same KzGame/KzStore code as the app, so
 * a move played here is recorded exactly as the app records it: committed
 * in its own transaction before it is reported.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-cli.h"
#include "kz-cli-db.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "kz-game.h"
#include "kz-kgn.h"
#include "kz-store.h"

/* Most plies selfplay plays before it leaves a game unfinished ("*",
 * unterminated): a safety net, since the no-progress draw ends most. */
#define SELFPLAY_MAX_PLIES 300
/* The largest --games and --max-plies selfplay accepts. */
#define SELFPLAY_MAX_GAMES 1000000
#define SELFPLAY_MAX_PLIES_LIMIT 100000

typedef enum {
  OPEN_EXISTING,   /* to change existing games */
  OPEN_CREATE,     /* to add games: a missing database is created */
  OPEN_READ,       /* to read: a database that cannot be written is read */
  OPEN_COPY,       /* to copy (backup): any schema, as it is */
} OpenMode;

/* Opens the database.  Only the commands that add games (OPEN_CREATE:
 * new, import, selfplay) create a missing database; for the others a
 * missing file is bad input (exit 2) and nothing is created.  The
 * commands that only read (OPEN_READ: list, show, export, imports)
 * also work on a database they cannot write, and never change the file
 * (an older schema is read without upgrading it); backup (OPEN_COPY)
 * copies a database of any schema as it is.  The commands that write
 * upgrade an older schema after keeping a copy, and say so. */
static KzStore *
open_store (const char *cmd, const KzCliGlobal *global, OpenMode mode, int *status)
{
  GError *error = NULL;
  KzStore *store = mode == OPEN_CREATE ? kz_store_open (global->db_path, &error)
                   : mode == OPEN_READ ? kz_store_open_for_reading (global->db_path, &error)
                   : mode == OPEN_COPY ? kz_store_open_for_copy (global->db_path, &error)
                   : kz_store_open_existing (global->db_path, &error);
  if (store == NULL)
    {
      if (error->domain == KZ_STORE_ERROR && error->code == KZ_STORE_ERROR_NO_DATABASE)
        *status = kz_cli_bad_input (cmd, "%s", error->message);
      else
        *status = kz_cli_failure (cmd, "%s", error->message);
      g_error_free (error);
    }
  else if (kz_store_get_upgrade_copy (store))
    fprintf (stderr, "kazaki-cli %s: note: the game database %s was upgraded from schema %d "
             "to %d; the file as it was is kept as %s\n", cmd, kz_store_get_path (store),
             kz_store_get_upgraded_from (store), KZ_STORE_SCHEMA_VERSION,
             kz_store_get_upgrade_copy (store));
  return store;
}

static gboolean
parse_import_id (const char *cmd, const char *text, gint64 *id, int *status)
{
  guint64 v;
  if (!g_ascii_string_to_unsigned (text, 10, 1, G_MAXINT64, &v, NULL))
    {
      *status = kz_cli_bad_input (cmd, "'%s' is not an import id (a positive number)", text);
      return FALSE;
    }
  *id = (gint64) v;
  return TRUE;
}

static gboolean
parse_id (const char *cmd, const char *text, gint64 *id, int *status)
{
  char *end;
  errno = 0;
  long long v = strtoll (text, &end, 10);
  if (errno || end == text || *end || v <= 0)
    {
      *status = kz_cli_bad_input (cmd, "'%s' is not a game id (a positive number)", text);
      return FALSE;
    }
  *id = v;
  return TRUE;
}

/* Exit status for an error of the store or a game. */
static int
report_error (const char *cmd, GError *error)
{
  int status;
  if (error->domain == KZ_STORE_ERROR && error->code == KZ_STORE_ERROR_NOT_FOUND)
    status = kz_cli_bad_input (cmd, "%s", error->message);
  else
    status = kz_cli_failure (cmd, "%s", error->message);
  g_error_free (error);
  return status;
}

/* Parses the game id ID_TEXT, opens the existing database and loads that
 * game (which keeps the store open); NULL with *status set on failure. */
static KzGame *
open_game (const char *cmd, const KzCliGlobal *global, const char *id_text, gboolean read_only,
           gint64 *id, int *status)
{
  if (!parse_id (cmd, id_text, id, status))
    return NULL;
  g_autoptr (KzStore) store = open_store (cmd, global, read_only ? OPEN_READ : OPEN_EXISTING,
                                          status);
  if (store == NULL)
    return NULL;
  GError *error = NULL;
  KzGame *game = kz_store_load_game (store, *id, &error);
  if (game == NULL)
    *status = report_error (cmd, error);
  return game;
}

static gboolean
want_help (int argc, char **argv, const char *help)
{
  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--") == 0)
        break;
      if (kz_cli_is_help (argv[i]))
        {
          fputs (help, stdout);
          return TRUE;
        }
    }
  return FALSE;
}

int
kz_cli_db_new (int argc, char **argv, const KzCliGlobal *global)
{
  static const char help[] =
    "Usage: kazaki-cli [--db FILE] new [--cossacks NAME] [--turks NAME]\n"
    "                                  [--no-progress on|off]\n"
    "\n"
    "Creates a game from the start position in the database and prints its id.\n"
    "The game has the no-progress draw (100 plies without a capture or a flag\n"
    "taken draw it) unless --no-progress off, as the app's New Game option.\n";
  if (want_help (argc, argv, help))
    return KZ_CLI_OK;
  const char *names[2] = { "", "" };
  gboolean no_progress = TRUE;
  for (int i = 1; i < argc;)
    {
      const char *value;
      bool missing;
      int side = -1;
      const char *name = argv[i];
      if (kz_cli_option (argc, argv, &i, "--no-progress", &value, &missing))
        {
          if (missing || !kz_no_progress_from_kgn (value, &no_progress))
            return kz_cli_bad_input ("new", "--no-progress needs 'on' or 'off'");
          continue;
        }
      if (kz_cli_option (argc, argv, &i, "--cossacks", &value, &missing))
        side = KZ_COSSACKS;
      else if (kz_cli_option (argc, argv, &i, "--turks", &value, &missing))
        side = KZ_TURKS;
      if (side >= 0)
        {
          if (missing)
            return kz_cli_bad_input ("new", "%s needs a NAME", name);
          GError *error = NULL;
          if (!kz_player_name_validate (value, &error))
            {
              int status = kz_cli_bad_input ("new", "%s: %s", name, error->message);
              g_error_free (error);
              return status;
            }
          names[side] = value;
          continue;
        }
      return kz_cli_bad_input ("new", "unexpected argument '%s' (see kazaki-cli new --help)", argv[i]);
    }
  int status = KZ_CLI_OK;
  g_autoptr (KzStore) store = open_store ("new", global, OPEN_CREATE, &status);
  if (store == NULL)
    return status;
  g_autoptr (KzGame) game = kz_game_new ();
  kz_game_set_player (game, KZ_COSSACKS, names[0], KZ_PLAYER_HUMAN, 0);
  kz_game_set_player (game, KZ_TURKS, names[1], KZ_PLAYER_HUMAN, 0);
  kz_game_set_no_progress_rule (game, no_progress);
  GError *error = NULL;
  gint64 id = kz_store_create_game (store, game, &error);
  if (id == 0)
    return report_error ("new", error);
  printf ("%" G_GINT64_FORMAT "\n", id);
  return KZ_CLI_OK;
}

int
kz_cli_db_play (int argc, char **argv, const KzCliGlobal *global)
{
  static const char help[] =
    "Usage: kazaki-cli [--db FILE] play ID MOVE...\n"
    "\n"
    "Plays the moves in game ID, in turn.  Each move is committed to the\n"
    "database before the next is tried, exactly as the app records it.  An\n"
    "illegal move stops with exit status 2 and is not recorded; the legal\n"
    "moves before it in the same call stay recorded.\n";
  if (want_help (argc, argv, help))
    return KZ_CLI_OK;
  if (argc < 3)
    return kz_cli_bad_input ("play", "usage: play ID MOVE... (see kazaki-cli play --help)");
  int status = KZ_CLI_OK;
  gint64 id;
  g_autoptr (KzGame) game = open_game ("play", global, argv[1], FALSE, &id, &status);
  if (game == NULL)
    return status;
  GError *error = NULL;
  for (int i = 2; i < argc; i++)
    if (!kz_game_play_text (game, argv[i], &error))
      {
        if (error->domain == KZ_GAME_ERROR && error->code == KZ_GAME_ERROR_STORE)
          return report_error ("play", error);
        status = kz_cli_bad_input ("play", "move %d, %s: %s%s", i - 1, argv[i], error->message,
                                   i > 2 ? " (the moves before it were recorded)" : "");
        g_error_free (error);
        return status;
      }
  return KZ_CLI_OK;
}

int
kz_cli_db_undo (int argc, char **argv, const KzCliGlobal *global)
{
  static const char help[] =
    "Usage: kazaki-cli [--db FILE] undo ID\n"
    "\n"
    "Takes back the last move of game ID (deleting it from the database).\n";
  if (want_help (argc, argv, help))
    return KZ_CLI_OK;
  if (argc != 2)
    return kz_cli_bad_input ("undo", "usage: undo ID (see kazaki-cli undo --help)");
  int status = KZ_CLI_OK;
  gint64 id;
  g_autoptr (KzGame) game = open_game ("undo", global, argv[1], FALSE, &id, &status);
  if (game == NULL)
    return status;
  GError *error = NULL;
  if (!kz_game_undo (game, &error))
    {
      if (error->domain == KZ_GAME_ERROR && error->code == KZ_GAME_ERROR_STORE)
        return report_error ("undo", error);
      status = kz_cli_bad_input ("undo", "game %" G_GINT64_FORMAT ": %s", id, error->message);
      g_error_free (error);
      return status;
    }
  return KZ_CLI_OK;
}

int
kz_cli_db_list (int argc, char **argv, const KzCliGlobal *global)
{
  static const char help[] =
    "Usage: kazaki-cli [--db FILE] list\n"
    "\n"
    "Lists the games, newest first (by when they were played or imported\n"
    "here), one per line:\n"
    "ID<TAB>DATE<TAB>COSSACKS<TAB>TURKS<TAB>RESULT<TAB>TERMINATION<TAB>PLIES\n"
    "DATE is the start time in UTC (YYYY-MM-DDTHH:MM:SSZ, '?' when unknown),\n"
    "RESULT the KGN token\n"
    "(1-0, 0-1, 1/2-1/2, *), TERMINATION the KGN word.  Names never hold\n"
    "tabs or line breaks.  --import ID lists only the games of that import\n"
    "(see kazaki-cli imports).\n";
  if (want_help (argc, argv, help))
    return KZ_CLI_OK;
  KzGameFilter filter = { 0 };
  int status = KZ_CLI_OK;
  for (int i = 1; i < argc;)
    {
      const char *value;
      bool missing;
      if (kz_cli_option (argc, argv, &i, "--import", &value, &missing))
        {
          if (missing)
            return kz_cli_bad_input ("list", "--import needs an import id");
          if (!parse_import_id ("list", value, &filter.import_id, &status))
            return status;
          continue;
        }
      return kz_cli_bad_input ("list", "unexpected argument '%s' (see kazaki-cli list --help)", argv[i]);
    }
  g_autoptr (KzStore) store = open_store ("list", global, OPEN_READ, &status);
  if (store == NULL)
    return status;
  const guint page = 1000;
  for (guint offset = 0;; offset += page)
    {
      GError *error = NULL;
      g_autoptr (GPtrArray) games = kz_store_list_games (store, &filter, offset, page, &error);
      if (games == NULL)
        return report_error ("list", error);
      for (guint i = 0; i < games->len; i++)
        {
          KzGameInfo *info = g_ptr_array_index (games, i);
          g_autoptr (GDateTime) dt = info->start_time > 0
                                     ? g_date_time_new_from_unix_utc (info->start_time) : NULL;
          g_autofree char *date = dt ? g_date_time_format (dt, "%Y-%m-%dT%H:%M:%SZ") : g_strdup ("?");
          g_autofree char *cossacks = kz_player_name_clean (info->cossacks);
          g_autofree char *turks = kz_player_name_clean (info->turks);
          printf ("%" G_GINT64_FORMAT "\t%s\t%s\t%s\t%s\t%s\t%u\n", info->id, date,
                  cossacks, turks, kz_result_to_kgn (info->result),
                  kz_termination_to_kgn (info->termination), info->plies);
        }
      if (games->len < page)
        break;
    }
  return KZ_CLI_OK;
}

int
kz_cli_db_show (int argc, char **argv, const KzCliGlobal *global)
{
  static const char help[] =
    "Usage: kazaki-cli [--db FILE] show ID\n"
    "\n"
    "Prints game ID as KGN (RULES.md §8), with its comments, marks (as NAGs)\n"
    "and variations.\n";
  if (want_help (argc, argv, help))
    return KZ_CLI_OK;
  if (argc != 2)
    return kz_cli_bad_input ("show", "usage: show ID (see kazaki-cli show --help)");
  int status = KZ_CLI_OK;
  gint64 id;
  g_autoptr (KzGame) game = open_game ("show", global, argv[1], TRUE, &id, &status);
  if (game == NULL)
    return status;
  g_autofree char *text = kz_kgn_export_game (game);
  fputs (text, stdout);
  return KZ_CLI_OK;
}

int
kz_cli_db_export (int argc, char **argv, const KzCliGlobal *global)
{
  static const char help[] =
    "Usage: kazaki-cli [--db FILE] export [--evals] [ID...] -o FILE\n"
    "\n"
    "Writes the games (all of them, oldest first, when no ID is given) to FILE\n"
    "as KGN, with their comments, marks and variations.  FILE is replaced\n"
    "atomically; '-' writes to standard output.\n"
    "With --evals, each move analysed (kazaki-cli analyse, or the app) is\n"
    "followed by its evaluation for the Cossacks, in pieces or as a forced win\n"
    "in plies: {[%eval 0.35]}, {[%eval #5]}, {[%eval #-3]} (joined to the\n"
    "move's own comment).\n";
  if (want_help (argc, argv, help))
    return KZ_CLI_OK;
  const char *out = NULL;
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  int status = KZ_CLI_OK;
  gboolean evals = FALSE;
  for (int i = 1; i < argc;)
    {
      const char *value;
      bool missing;
      if (strcmp (argv[i], "--evals") == 0)
        {
          evals = TRUE;
          i++;
          continue;
        }
      if (kz_cli_option (argc, argv, &i, "-o", &value, &missing)
          || kz_cli_option (argc, argv, &i, "--output", &value, &missing))
        {
          if (missing)
            return kz_cli_bad_input ("export", "-o needs a FILE");
          out = value;
          continue;
        }
      gint64 id;
      if (!parse_id ("export", argv[i], &id, &status))
        return status;
      g_array_append_val (ids, id);
      i++;
    }
  if (out == NULL)
    return kz_cli_bad_input ("export", "-o FILE is required (see kazaki-cli export --help)");
  g_autoptr (KzStore) store = open_store ("export", global, OPEN_READ, &status);
  if (store == NULL)
    return status;
  GError *error = NULL;
  if (ids->len == 0)
    {
      g_autoptr (GArray) all = kz_store_list_ids (store, &error);
      if (all == NULL)
        return report_error ("export", error);
      for (guint i = all->len; i > 0; i--)
        g_array_append_val (ids, g_array_index (all, gint64, i - 1));
    }
  g_autoptr (GPtrArray) games = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < ids->len; i++)
    {
      KzGame *game = kz_store_load_game (store, g_array_index (ids, gint64, i), &error);
      if (game == NULL)
        return report_error ("export", error);
      g_ptr_array_add (games, game);
    }
  g_autofree char *text = evals ? kz_cli_export_with_evals (store, games, &error)
                                 : kz_kgn_export_games (games);
  if (text == NULL)
    return report_error ("export", error);
  if (strcmp (out, "-") == 0)
    {
      fputs (text, stdout);
      return KZ_CLI_OK;
    }
  if (!g_file_set_contents (out, text, -1, &error))
    return report_error ("export", error);
  return KZ_CLI_OK;
}

/* Prints each bad game as it is read. */
static void
import_progress (const KzKgnProblem *problem, guint64 bytes_read,
                 const KzKgnImportSummary *so_far, gpointer data)
{
  if (problem)
    fprintf (stderr, "%s: %s\n", (const char *) data, problem->error->message);
}

int
kz_cli_db_import (int argc, char **argv, const KzCliGlobal *global)
{
  static const char help[] =
    "Usage: kazaki-cli [--db FILE] import FILE\n"
    "\n"
    "Imports every game of the KGN file, with its comments, NAGs, marks and\n"
    "variations, game by game (the file is not read into memory whole),\n"
    "each in its own transaction.  A bad game is reported\n"
    "(FILE: line L, column C: reason) and skipped; the good games before and\n"
    "after it are imported.  A game already in the database (same tags and\n"
    "moves) is skipped as a duplicate.  The import is recorded (see\n"
    "kazaki-cli imports) and prints:\n"
    "N imported, M duplicates skipped, K could not be read\n"
    "Exit status 2 when any game could not be read.\n";
  if (want_help (argc, argv, help))
    return KZ_CLI_OK;
  if (argc != 2)
    return kz_cli_bad_input ("import", "usage: import FILE (see kazaki-cli import --help)");
  const char *file = argv[1];
  GError *error = NULL;
  g_autoptr (GFile) gfile = g_file_new_for_commandline_arg (file);
  g_autoptr (GFileInputStream) in = g_file_read (gfile, NULL, &error);
  if (in == NULL)
    {
      int status = kz_cli_bad_input ("import", "%s", error->message);
      g_error_free (error);
      return status;
    }
  int status = KZ_CLI_OK;
  g_autoptr (KzStore) store = open_store ("import", global, OPEN_CREATE, &status);
  if (store == NULL)
    return status;
  g_autofree char *name = g_file_get_basename (gfile);
  g_auto (KzKgnImportSummary) summary = { 0 };
  gboolean ok = kz_kgn_import_stream (store, G_INPUT_STREAM (in), name, import_progress,
                                      (gpointer) file, NULL, &summary, &error);
  printf ("%u imported, %u duplicate%s skipped, %u could not be read\n", summary.imported,
          summary.duplicates, summary.duplicates == 1 ? "" : "s", summary.failed);
  if (summary.note)
    fprintf (stderr, "kazaki-cli import: note: every game was saved, but %s\n", summary.note);
  if (summary.failed > 0)
    status = KZ_CLI_BAD_INPUT;
  if (!ok)
    {
      if (error->domain == KZ_KGN_ERROR || error->domain == G_IO_ERROR)
        {
          status = kz_cli_bad_input ("import", "%s: %s", file, error->message);
          g_error_free (error);
          return status;
        }
      return report_error ("import", error);
    }
  return status;
}

int
kz_cli_db_imports (int argc, char **argv, const KzCliGlobal *global)
{
  static const char help[] =
    "Usage: kazaki-cli [--db FILE] imports\n"
    "\n"
    "Lists the recorded imports, newest first, one per line:\n"
    "ID<TAB>TIME<TAB>GAMES<TAB>DUPLICATES<TAB>FAILED<TAB>REMAINING<TAB>FILE\n"
    "TIME is when it ran (UTC, '?' when unknown), GAMES the games it added,\n"
    "REMAINING those of them still stored, FILE the file's name ('' for the\n"
    "games imported before imports were recorded).\n";
  if (want_help (argc, argv, help))
    return KZ_CLI_OK;
  if (argc > 1)
    return kz_cli_bad_input ("imports", "unexpected argument '%s' (see kazaki-cli imports --help)", argv[1]);
  int status = KZ_CLI_OK;
  g_autoptr (KzStore) store = open_store ("imports", global, OPEN_READ, &status);
  if (store == NULL)
    return status;
  GError *error = NULL;
  g_autoptr (GPtrArray) imports = kz_store_list_imports (store, &error);
  if (imports == NULL)
    return report_error ("imports", error);
  for (guint i = 0; i < imports->len; i++)
    {
      KzImportInfo *info = g_ptr_array_index (imports, i);
      g_autoptr (GDateTime) dt = info->time > 0 ? g_date_time_new_from_unix_utc (info->time) : NULL;
      g_autofree char *when = dt ? g_date_time_format (dt, "%Y-%m-%dT%H:%M:%SZ") : g_strdup ("?");
      g_autofree char *file = kz_player_name_clean (info->file);
      printf ("%" G_GINT64_FORMAT "\t%s\t%u\t%u\t%u\t%u\t%s\n", info->id, when, info->games,
              info->duplicates, info->failed, info->remaining, file);
    }
  return KZ_CLI_OK;
}

int
kz_cli_db_delete_import (int argc, char **argv, const KzCliGlobal *global)
{
  static const char help[] =
    "Usage: kazaki-cli [--db FILE] delete-import ID\n"
    "\n"
    "Deletes the games import ID added (see kazaki-cli imports) and its record,\n"
    "in one transaction, and prints how many games were deleted.\n";
  if (want_help (argc, argv, help))
    return KZ_CLI_OK;
  if (argc != 2)
    return kz_cli_bad_input ("delete-import", "usage: delete-import ID (see kazaki-cli delete-import --help)");
  int status = KZ_CLI_OK;
  gint64 id;
  if (!parse_import_id ("delete-import", argv[1], &id, &status))
    return status;
  g_autoptr (KzStore) store = open_store ("delete-import", global, OPEN_EXISTING, &status);
  if (store == NULL)
    return status;
  GError *error = NULL;
  guint n = 0;
  if (!kz_store_delete_import (store, id, &n, &error))
    return report_error ("delete-import", error);
  printf ("deleted %u game%s\n", n, n == 1 ? "" : "s");
  return KZ_CLI_OK;
}

int
kz_cli_db_backup (int argc, char **argv, const KzCliGlobal *global)
{
  static const char help[] =
    "Usage: kazaki-cli [--db FILE] backup DEST\n"
    "\n"
    "Copies the game database to DEST through SQLite's online backup API: a\n"
    "consistent copy even while the app records moves.  DEST is replaced only\n"
    "when the copy is complete; it opens like any game database (--db DEST).\n"
    "The database is copied as it is, whatever its schema version (one written\n"
    "by a newer or an older Kazaki too).  What a killed backup left beside DEST\n"
    "is removed.\n";
  if (want_help (argc, argv, help))
    return KZ_CLI_OK;
  if (argc != 2)
    return kz_cli_bad_input ("backup", "usage: backup DEST (see kazaki-cli backup --help)");
  int status = KZ_CLI_OK;
  g_autoptr (KzStore) store = open_store ("backup", global, OPEN_COPY, &status);
  if (store == NULL)
    return status;
  GError *error = NULL;
  if (!kz_store_backup (store, argv[1], &error))
    return report_error ("backup", error);
  return KZ_CLI_OK;
}

int
kz_cli_db_selfplay (int argc, char **argv, const KzCliGlobal *global)
{
  static const char help[] =
    "Usage: kazaki-cli [--db FILE] selfplay [--games N] [--seed S] [--max-plies P]\n"
    "                                       [--no-progress on|off]\n"
    "\n"
    "Plays N (default 1) games of uniformly random legal moves through the same\n"
    "game model and database as the app, printing 'GAME-ID PLY MOVE' on standard\n"
    "output (flushed) after each move is committed.  A game stops when it ends\n"
    "by the rules (flag, annihilation, blocked, threefold repetition, 100 plies\n"
    "without a capture or a flag taken) or after P plies (default 300), which\n"
    "leaves it unfinished ('*', unterminated).  The games have the no-progress\n"
    "draw unless --no-progress off.  The same seed gives the same games.\n"
    "Both sides are recorded as random movers, so the app never resumes these\n"
    "games on start.  N is from 1 to 1000000, P from 1 to 100000.\n";
  if (want_help (argc, argv, help))
    return KZ_CLI_OK;
  guint64 games = 1, seed = (guint64) g_get_real_time (), max_plies = SELFPLAY_MAX_PLIES;
  gboolean no_progress = TRUE;
  for (int i = 1; i < argc;)
    {
      const char *value;
      bool missing;
      guint64 *target = NULL;
      const char *name = argv[i];
      if (kz_cli_option (argc, argv, &i, "--no-progress", &value, &missing))
        {
          if (missing || !kz_no_progress_from_kgn (value, &no_progress))
            return kz_cli_bad_input ("selfplay", "--no-progress needs 'on' or 'off'");
          continue;
        }
      if (kz_cli_option (argc, argv, &i, "--games", &value, &missing))
        target = &games;
      else if (kz_cli_option (argc, argv, &i, "--seed", &value, &missing))
        target = &seed;
      else if (kz_cli_option (argc, argv, &i, "--max-plies", &value, &missing))
        target = &max_plies;
      else
        return kz_cli_bad_input ("selfplay", "unexpected argument '%s' (see kazaki-cli selfplay --help)", name);
      if (missing)
        return kz_cli_bad_input ("selfplay", "%s needs a number", name);
      /* --games and --max-plies from 1, as in match; any 32-bit seed. */
      guint64 min = target == &seed ? 0 : 1;
      guint64 max = target == &games ? SELFPLAY_MAX_GAMES
                    : target == &max_plies ? SELFPLAY_MAX_PLIES_LIMIT : G_MAXUINT32;
      if (!g_ascii_string_to_unsigned (value, 10, min, max, target, NULL))
        return kz_cli_bad_input ("selfplay", "%s needs a number from %" G_GUINT64_FORMAT
                                 " to %" G_GUINT64_FORMAT, name, min, max);
    }
  int status = KZ_CLI_OK;
  g_autoptr (KzStore) store = open_store ("selfplay", global, OPEN_CREATE, &status);
  if (store == NULL)
    return status;
  g_autoptr (GRand) rand = g_rand_new_with_seed ((guint32) seed);
  for (guint64 g = 0; g < games; g++)
    {
      g_autoptr (KzGame) game = kz_game_new ();
      /* Random movers, neither humans nor a level of the computer player:
       * the app never resumes these games on start. */
      kz_game_set_player (game, KZ_COSSACKS, "Random", KZ_PLAYER_RANDOM, 0);
      kz_game_set_player (game, KZ_TURKS, "Random", KZ_PLAYER_RANDOM, 0);
      kz_game_set_no_progress_rule (game, no_progress);
      GError *error = NULL;
      gint64 id = kz_store_create_game (store, game, &error);
      if (id == 0)
        return report_error ("selfplay", error);
      while (!kz_game_is_over (game) && kz_game_get_ply (game) < max_plies)
        {
          g_autoptr (GArray) moves = kz_game_list_moves (game, KZ_NO_POINT);
          if (moves->len == 0)
            break;
          const KzMove *m = &g_array_index (moves, KzMove, g_rand_int_range (rand, 0, (gint32) moves->len));
          if (!kz_game_play (game, m, &error))
            return report_error ("selfplay", error);
          guint ply = kz_game_get_ply (game);
          printf ("%" G_GINT64_FORMAT " %u %s\n", id, ply, kz_game_get_move_text (game, ply - 1));
          fflush (stdout);
        }
    }
  return KZ_CLI_OK;
}

/* ---------------------------------------------------------------- */
/* For the other database commands (kz-cli-db.h). */

KzGame *
kz_cli_db_open_game (const char *cmd, const KzCliGlobal *global, const char *id_text,
                     gint64 *id, int *status)
{
  return open_game (cmd, global, id_text, FALSE, id, status);
}

int
kz_cli_db_report_error (const char *cmd, GError *error)
{
  return report_error (cmd, error);
}
