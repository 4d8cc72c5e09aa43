/* kz-cli.h — shared pieces of kazaki-cli's subcommands.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdbool.h>
#include <stdio.h>

#include "kz-engine.h"

/* Exit statuses: bad input (usage, malformed or illegal text) is 2; a
 * failure of the system (I/O, database) is 1. */
#define KZ_CLI_OK        0
#define KZ_CLI_FAILURE   1
#define KZ_CLI_BAD_INPUT 2

typedef struct {
  const char *db_path;   /* --db FILE, or NULL for the default database */
} KzCliGlobal;

typedef struct {
  const char *name;
  const char *synopsis;   /* one line for the tool's --help */
  int (*run) (int argc, char **argv, const KzCliGlobal *global);
} KzCliCommand;

/* Prints "kazaki-cli CMD: message" on stderr; returns KZ_CLI_BAD_INPUT. */
int  kz_cli_bad_input (const char *cmd, const char *fmt, ...) __attribute__ ((format (printf, 2, 3)));
int  kz_cli_failure (const char *cmd, const char *fmt, ...) __attribute__ ((format (printf, 2, 3)));
bool kz_cli_is_help (const char *arg);
/* Matches "--name VALUE" and "--name=VALUE" at argv[*i]; advances *i
 * past the value.  Sets *missing when the value is absent. */
bool kz_cli_option (int argc, char **argv, int *i, const char *name,
                    const char **value, bool *missing);
/* Parses --position's KPN, reporting errors in the command's name. */
bool kz_cli_position (const char *cmd, const char *kpn, KzPosition *pos);

int kz_cli_moves (int argc, char **argv, const KzCliGlobal *global);
int kz_cli_apply (int argc, char **argv, const KzCliGlobal *global);
int kz_cli_perft (int argc, char **argv, const KzCliGlobal *global);
int kz_cli_bestmove (int argc, char **argv, const KzCliGlobal *global);
int kz_cli_match (int argc, char **argv, const KzCliGlobal *global);
int kz_cli_levels (int argc, char **argv, const KzCliGlobal *global);
int kz_cli_tables (int argc, char **argv, const KzCliGlobal *global);
/* The game database commands (kz-cli-db.c). */
int kz_cli_db_new (int argc, char **argv, const KzCliGlobal *global);
int kz_cli_db_play (int argc, char **argv, const KzCliGlobal *global);
int kz_cli_db_undo (int argc, char **argv, const KzCliGlobal *global);
int kz_cli_db_list (int argc, char **argv, const KzCliGlobal *global);
int kz_cli_db_show (int argc, char **argv, const KzCliGlobal *global);
int kz_cli_db_export (int argc, char **argv, const KzCliGlobal *global);
int kz_cli_db_import (int argc, char **argv, const KzCliGlobal *global);
int kz_cli_db_imports (int argc, char **argv, const KzCliGlobal *global);
int kz_cli_db_delete_import (int argc, char **argv, const KzCliGlobal *global);
int kz_cli_db_backup (int argc, char **argv, const KzCliGlobal *global);
int kz_cli_db_selfplay (int argc, char **argv, const KzCliGlobal *global);
/* kz-cli-troops.c */
int kz_cli_troops (int argc, char **argv, const KzCliGlobal *global);
/* kz-cli-analyse.c */
int kz_cli_analyse (int argc, char **argv, const KzCliGlobal *global);
/* kz-cli-lessons.c */
int kz_cli_lessons (int argc, char **argv, const KzCliGlobal *global);
/* kz-cli-puzzles.c */
int kz_cli_puzzles (int argc, char **argv, const KzCliGlobal *global);
int kz_cli_puzzle (int argc, char **argv, const KzCliGlobal *global);
int kz_cli_puzzle_rating (int argc, char **argv, const KzCliGlobal *global);
