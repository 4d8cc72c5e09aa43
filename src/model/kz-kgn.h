/* kz-kgn.h — KGN game records (RULES.md §8): export and import.
 *
 * Export writes the tags Event, Site, Date, Round, Cossacks, Turks,
 * Result in that order, then Termination, Position (only when the game
 * does not start from the start position), then any other tags in
 * alphabetical order.  The movetext follows PGN's export format (§8.2):
 * the comment before the first move, then the main line; each move's
 * NAGs ("$1"; the marks ! ? !! ?? !? ?! are written as $1 … $6) and
 * comment "{…}" follow it, then the variations that are alternatives to
 * it, each in parentheses "(…)" with its own comment before its first
 * move.  After a main-line move the one comment written holds its clock
 * "[%clk H:MM:SS]" (kz-clock.h), its own comment and the text of a
 * comment hook (kz_kgn_export_games_with_comments()), in that order; on
 * import a "[%clk …]" in a main-line move's comment becomes the move's
 * clock and leaves the comment.  A Cossack move always has its number "N."; a Turkish move has
 * "N..." when it begins the movetext or a variation, or follows a
 * comment or a variation.  Lines are wrapped at spaces before 80 columns
 * (a comment can span lines).  No database ids are written, so export →
 * import → export is byte-identical.  Games are separated by one empty
 * line; the text ends with "\n".
 *
 * Import reads any number of games (PGN's import format), one at a time
 * (from a stream only the current game is held in memory).  Tags, move
 * numbers with any number of periods and spaces ("12.", "12...", "12",
 * "12 . a4-a5", glued "12.a4-a5"), comments "{…}" and ";…" (to the end
 * of the line), NAGs "$n" (1 … 255), suffix marks ("b6-a6!?", or a mark
 * on its own after the move), nested variations "( … )" and "%" escape
 * lines (a "%" in column 1: the line is skipped) are recognised, and a
 * UTF-8 byte order mark before a game is white space; every
 * move, in variations too, is checked with the engine.  Comments are
 * normalised as kz-move-node.h says; several comments in a row are
 * joined with a space.  A malformed game gives a KZ_KGN_ERROR whose
 * message starts with "line L, column C: " (1-based, columns count
 * characters) and is at most about 300 characters long (quoted text is
 * cut to 40 characters).  A NUL byte or bytes that are not UTF-8 make
 * only the game they are in bad.  The parser then skips the rest of the
 * bad game (see recover () in kz-kgn-read.c) and goes on.  Player names must
 * pass kz_player_name_validate(); export writes every value so that
 * import reads it back (names cleaned, control characters in tag values
 * written as spaces, bidirectional controls left out, so that no text
 * from a file can drive a terminal or reorder a listing).  A comment
 * that holds a "}" is written as ";" comments, one a line.
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
 * at all. */
GPtrArray  *kz_kgn_parse (const char *text, gssize len, GPtrArray **problems,
                          GError **error);
/* Convenience: exactly one game; the first problem becomes the error. */
KzGame     *kz_kgn_parse_game (const char *text, gssize len, GError **error);

/* Reads games one by one from a text in memory (which must outlive the
 * reader) or from a stream. */
typedef struct _KzKgnReader KzKgnReader;
KzKgnReader *kz_kgn_reader_new (const char *text, gssize len);
KzKgnReader *kz_kgn_reader_new_for_stream (GInputStream *stream);
void         kz_kgn_reader_free (KzKgnReader *reader);
/* TRUE with either *game (a good game, not attached to a store) or
 * *problem (a bad one); FALSE at the end of the text (error unset), or
 * when reading the stream failed or was cancelled (error set). */
gboolean     kz_kgn_reader_next (KzKgnReader *reader, KzGame **game,
                                 KzKgnProblem **problem, GCancellable *cancellable,
                                 GError **error);
/* How far the reader has got, in bytes (for a progress bar). */
guint64      kz_kgn_reader_get_bytes_read (KzKgnReader *reader);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KzKgnReader, kz_kgn_reader_free)

/* The SHA-256 of a game's KGN export: equal for games with the same
 * tags, players, result and moves (duplicates on import). */
char       *kz_kgn_game_digest (KzGame *game);

/* Problems an import summary keeps (the count goes on). */
#define KZ_KGN_MAX_PROBLEMS 1000

/* What an import did. */
typedef struct {
  gint64     import_id;   /* the batch recorded in the store (kz_store_list_imports()) */
  guint      imported;    /* games added */
  guint      duplicates;  /* games skipped: the same game was stored already */
  guint      failed;      /* games that could not be read */
  GPtrArray *problems;    /* KzKgnProblem*, the first KZ_KGN_MAX_PROBLEMS of them */
  char      *note;        /* a problem after every game was saved (it does not fail
                           * the import), or NULL */
} KzKgnImportSummary;

void kz_kgn_import_summary_clear (KzKgnImportSummary *summary);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (KzKgnImportSummary, kz_kgn_import_summary_clear)

/* Called after each game: `problem` is the bad game just read, or NULL
 * after a good one (imported or a duplicate); bytes_read for progress. */
typedef void (*KzKgnImportFunc) (const KzKgnProblem *problem, guint64 bytes_read,
                                 const KzKgnImportSummary *so_far, gpointer user_data);

/* Imports every good game of `stream` into `store` as one recorded batch
 * (file_name, the time, the counts), each game in its own transaction: a
 * bad game imports nothing, the good games before and after it are
 * imported, a game already stored (same digest) is skipped as a
 * duplicate.  Returns FALSE with error for a database or read failure,
 * cancellation (G_IO_ERROR_CANCELLED) or a text with no game; the games
 * committed before stay and *summary counts them in every case. */
gboolean    kz_kgn_import_stream (KzStore *store, GInputStream *stream,
                                  const char *file_name, KzKgnImportFunc func,
                                  gpointer user_data, GCancellable *cancellable,
                                  KzKgnImportSummary *summary, GError **error);

/* The same for a text in memory (batch file name ""); *n_imported and
 * *problems (may be NULL) as in the summary. */
gboolean    kz_kgn_import (KzStore *store, const char *text, gssize len,
                           guint *n_imported, GPtrArray **problems,
                           GError **error);

G_END_DECLS
