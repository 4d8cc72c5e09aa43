/* kz-kgn.h — KGN game records (RULES.md §8): export and import.
 *
 * Export writes the tags Event, Site, Date, Round, Cossacks, Turks,
 * Result in that order, then Termination, Position (only when the game
 * does not start from the start position), then any other tags in
 * alphabetical order; the movetext is wrapped before 80 columns, begins
 * "1... " when the Turks move first, and ends with the result token.
 * No database ids are written, so export → import → export is identical.
 * Games are separated by one empty line; the text ends with "\n".
 *
 * Import reads any number of games.  Tags, move numbers ("12." and
 * "12..."), comments "{…}" and ";…" and the result token are recognised;
 * every move is checked with the engine.  A malformed game gives a
 * KZ_KGN_ERROR whose message starts with "line L, column C: " (1-based,
 * columns count characters); the parser then skips to the next game
 * (the next line that starts with '[' after the bad game's movetext)
 * and goes on.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "kz-game.h"
#include "kz-store.h"

G_BEGIN_DECLS

#define KZ_KGN_ERROR (kz_kgn_error_quark ())
GQuark kz_kgn_error_quark (void);

typedef enum {
  KZ_KGN_ERROR_SYNTAX,        /* malformed tag, token or movetext */
  KZ_KGN_ERROR_ILLEGAL_MOVE,  /* a move the engine refuses */
  KZ_KGN_ERROR_BAD_POSITION,  /* a malformed or impossible Position tag */
  KZ_KGN_ERROR_BAD_RESULT,    /* result/termination contradict the moves */
  KZ_KGN_ERROR_EMPTY,         /* no game in the text */
} KzKgnError;

/* One game as KGN text (ends with "\n"). */
char       *kz_kgn_export_game (KzGame *game);
/* Several games (GPtrArray of KzGame*), separated by empty lines. */
char       *kz_kgn_export_games (GPtrArray *games);
/* A comment to write after move i (0-based) of game, without the braces
 * (it must not contain '}'), or NULL for none; freed with g_free. */
typedef char *(*KzKgnCommentFunc) (KzGame *game, guint i, gpointer user_data);
/* The same, with a comment "{…}" after each move the function gives one
 * for (e.g. "[%eval 0.35]", kz-game-analysis.h). */
char       *kz_kgn_export_games_with_comments (GPtrArray *games, KzKgnCommentFunc comment,
                                               gpointer user_data);

/* One bad game found by kz_kgn_parse(). */
typedef struct {
  guint   line;      /* where the error is (1-based) */
  guint   column;
  guint   game_line; /* where the bad game starts */
  GError *error;     /* KZ_KGN_ERROR, message "line L, column C: …" */
} KzKgnProblem;

void kz_kgn_problem_free (KzKgnProblem *problem);

/* Parses every game of `text` (len -1: NUL-terminated).  Returns the good
 * games (GPtrArray of KzGame*, not attached to a store) and, in
 * *problems (GPtrArray of KzKgnProblem*, may be NULL), one entry per bad
 * game.  Returns NULL and sets error only when the text holds no game
 * at all or is not UTF-8. */
GPtrArray  *kz_kgn_parse (const char *text, gssize len, GPtrArray **problems,
                          GError **error);
/* Convenience: exactly one game; the first problem becomes the error. */
KzGame     *kz_kgn_parse_game (const char *text, gssize len, GError **error);

/* Imports every good game of `text` into `store`, each in its own
 * transaction: a bad game imports nothing, the good games before and
 * after it are imported.  *n_imported counts them; *problems lists the
 * bad games (may be NULL).  Returns FALSE with error only for a database
 * failure (the games imported before it stay) or a text with no game. */
gboolean    kz_kgn_import (KzStore *store, const char *text, gssize len,
                           guint *n_imported, GPtrArray **problems,
                           GError **error);

G_END_DECLS
