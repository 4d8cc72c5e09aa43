/* kz-cli-db.h — the database helpers of kz-cli-db.c for the other
 * commands that use stored games.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-cli.h"
#include "kz-game.h"
#include "kz-store.h"

/* Parses the game id ID_TEXT, opens the existing database and loads that
 * game (which keeps the store open: kz_game_get_store()); NULL with
 * *status set (and reported in CMD's name) on failure: 2 for a bad id,
 * a missing database or game, 1 for a database failure. */
KzGame *kz_cli_db_open_game (const char *cmd, const KzCliGlobal *global, const char *id_text,
                             gint64 *id, int *status);
/* Reports a store or game error; returns the exit status (frees error). */
int     kz_cli_db_report_error (const char *cmd, GError *error);

/* kz-cli-analyse.c: the KGN of the games with the evaluations of their
 * stored analyses as comments ({[%eval 0.35]}); NULL on a database error. */
char   *kz_cli_export_with_evals (KzStore *store, GPtrArray *games, GError **error);
