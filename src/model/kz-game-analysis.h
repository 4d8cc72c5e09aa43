/* kz-game-analysis.h — the computer's review of a game: every position
 * of its main line evaluated by the search, on worker threads, stored
 * in the game database and reused.
 *
 * A KzGameAnalysis takes a snapshot of a game's main line when it is
 * made (the game may change afterwards; the analysis does not follow).
 * Position i is the position after i moves (0 = the start, n = the
 * last).  Each is evaluated once (kz-analysis.h says how moves are then
 * judged):
 *
 *   a position where the game has ended by the rules (flag,
 *   annihilation, blocked) scores ±KZ_SCORE_WIN and has no best move,
 *   one that occurs for the third time is a draw (0); these need no
 *   search;
 *   every other position is searched with its own searcher cleared
 *   first, so with a depth limit and no time limit the result depends on
 *   the position and its history only, never on the thread or the order
 *   (reproducible, like kz_search itself).
 *
 * Threads: kz_game_analysis_start() searches the positions on
 * `threads` worker threads (each with its own KzSearcher), the lowest
 * plies first.  Results are applied in the thread-default main context
 * of the caller of kz_game_analysis_start(): there the analysis emits
 * "position-analysed" (guint ply) as each arrives, notifies "progress",
 * and finally emits "finished" (gboolean cancelled).  Cancelling (the
 * GCancellable or kz_game_analysis_cancel()) stops every search within
 * a few thousand nodes; the positions finished before stay valid.
 * kz_game_analysis_run() does the same and waits (for tools).  Every
 * other function is called from that one thread.
 *
 * The database (schema version 4; kz-store-open.c): table analysis, one row
 * per (game, node, ply) — node NULL is the main line, a variation node
 * later — holding the engine version, the time (and depth) limit per
 * position, the line hash, the score, best move and line.  A row answers
 * a request when it comes from a newer engine version, or from the same
 * version with at least the requested time and depth (0 = unlimited
 * counts as more than any number); kz_game_analysis_save() replaces the
 * others.  A row whose line hash (the hashes of every position from the
 * start up to that ply) differs from the game's is ignored: the game was
 * changed since (undo and another move).  Deleting a game deletes its
 * rows (ON DELETE CASCADE).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "kz-game.h"
#include "kz-store.h"
#include "kz-search.h"
#include "kz-analysis.h"

G_BEGIN_DECLS

/* The default time per position (ms) of kazaki-cli analyse and the app. */
#define KZ_ANALYSIS_DEFAULT_TIME_MS 200
#define KZ_ANALYSIS_MAX_THREADS     16

typedef struct {
  int time_ms;          /* per position; 0: no time limit */
  int depth;            /* 0: no depth limit; at least one of the two is set */
  int threads;          /* worker threads; 0: one per processor (at most KZ_ANALYSIS_MAX_THREADS) */
  int engine_version;   /* 0: KZ_ENGINE_VERSION (tests pretend a newer engine) */
  gboolean background;  /* the workers run at a lower priority (nice +10 on Linux),
                         * so a window's main thread stays quick on busy cores */
} KzAnalysisSettings;

typedef struct {
  gboolean done;        /* evaluated (searched, read from the database, or final) */
  gboolean from_store;  /* read from the database */
  gboolean final;       /* the game had ended here: no search, no best move */
  int      score;       /* for the Cossacks (kz-analysis.h) */
  gboolean has_best;
  KzMove   best;
  int      pv_length;   /* the expected line, pv[0] == best */
  KzMove   pv[KZ_SEARCH_MAX_PV];
  int      depth;       /* deepest completed iteration */
  guint64  nodes;
} KzPositionEval;

#define KZ_TYPE_GAME_ANALYSIS (kz_game_analysis_get_type ())
G_DECLARE_FINAL_TYPE (KzGameAnalysis, kz_game_analysis, KZ, GAME_ANALYSIS, GObject)

/* Properties: "progress" gdouble (0 … 1, positions evaluated / all),
 * "running" gboolean.  Signals: "position-analysed" (guint ply),
 * "finished" (gboolean cancelled). */

/* NULL settings: KZ_ANALYSIS_DEFAULT_TIME_MS a position, one thread per
 * processor. */
KzGameAnalysis       *kz_game_analysis_new (KzGame *game, const KzAnalysisSettings *settings);
/* The number of moves n (positions 0 … n). */
guint                 kz_game_analysis_get_n_plies (KzGameAnalysis *self);
const KzPosition     *kz_game_analysis_get_position (KzGameAnalysis *self, guint ply);
/* Move i (0-based, from position i to i + 1) and its text. */
const KzMove         *kz_game_analysis_get_move (KzGameAnalysis *self, guint i);
const char           *kz_game_analysis_get_move_text (KzGameAnalysis *self, guint i);
const KzPositionEval *kz_game_analysis_get_eval (KzGameAnalysis *self, guint ply);
/* The class of move `ply` (1-based: from position ply - 1 to ply);
 * KZ_MOVE_CLASS_NONE until both positions are evaluated. */
KzMoveClass           kz_game_analysis_get_move_class (KzGameAnalysis *self, guint ply);
/* How many moves of `side` have class `cls` so far. */
guint                 kz_game_analysis_count_class (KzGameAnalysis *self, KzSide side,
                                                    KzMoveClass cls);
gboolean              kz_game_analysis_is_complete (KzGameAnalysis *self);
double                kz_game_analysis_get_progress (KzGameAnalysis *self);
gboolean              kz_game_analysis_get_running (KzGameAnalysis *self);
/* Positions searched by this object (not read from the database, not final). */
guint                 kz_game_analysis_get_n_searched (KzGameAnalysis *self);
const KzAnalysisSettings *kz_game_analysis_get_settings (KzGameAnalysis *self);

/* The evaluation comment for KGN after move i (0-based): "[%eval 0.35]"
 * (pieces, for the Cossacks) or "[%eval #5]" / "[%eval #-3]" (a forced
 * win in plies), from the position after the move; NULL when it is not
 * evaluated.  Free with g_free. */
char                 *kz_game_analysis_dup_eval_comment (KzGameAnalysis *self, guint i);

/* For display (translated). */
/* "Only move", "Best move", "Good move", "Inaccuracy", "Mistake",
 * "Blunder"; "" for NONE. */
const char           *kz_move_class_describe (KzMoveClass cls);
/* A score for the Cossacks in words: "Even", "Cossacks +0.35",
 * "Turks +1.20", "Cossacks win by force in 7 plies", "Cossacks have won",
 * "Draw". */
char                 *kz_score_describe (int cossacks_score);
/* "Cossacks: 1 mistake, 2 blunders" (inaccuracies, mistakes and
 * blunders of that side), or "Cossacks: no mistakes". */
char                 *kz_game_analysis_dup_summary (KzGameAnalysis *self, KzSide side);
/* The engine's view of position `ply` in words: its score, then its
 * expected line: "Turks +0.40. Best: c6-c5 c4xc6 d7xb7"; NULL when the
 * position is not evaluated. */
char                 *kz_game_analysis_dup_line_text (KzGameAnalysis *self, guint ply);

/* Settings that any stored row answers (for reading whatever analysis
 * is stored, e.g. to export it). */
#define KZ_ANALYSIS_SETTINGS_ANY_STORED { .time_ms = 1, .depth = 1, .threads = 1, .engine_version = 1 }

/* Reads the stored rows of the game `id` that answer the settings (see
 * above).  Returns FALSE on a database error. */
gboolean              kz_game_analysis_load (KzGameAnalysis *self, KzStore *store, gint64 id,
                                             GError **error);
/* Stores every position this object searched and has not stored yet,
 * replacing older rows, in one transaction.  A game deleted meanwhile
 * is KZ_STORE_ERROR_NOT_FOUND ("Game 1 was deleted while it was
 * analysed"). */
gboolean              kz_game_analysis_save (KzGameAnalysis *self, KzStore *store, gint64 id,
                                             GError **error);
/* How often a run with a store saves what it found (ms). */
#define KZ_ANALYSIS_SAVE_INTERVAL_MS 500
/* Saves as it goes: from now on the positions searched are stored in
 * game `id` of `store` in chunks, each in its own transaction (every
 * KZ_ANALYSIS_SAVE_INTERVAL_MS, and when a run ends, cancelled or not),
 * from the thread of the run's main context, which is the store's.  An
 * analysis cut short (killed, the app closed) so keeps what it found, and
 * the next one continues where it stopped (kz_game_analysis_load()).
 * When a save fails the run goes on (a deleted game ends it) and
 * kz_game_analysis_run() returns that error.  NULL stops saving. */
void                  kz_game_analysis_set_store (KzGameAnalysis *self, KzStore *store,
                                                  gint64 id);

/* Searches the positions not evaluated yet in the background (see
 * above).  Does nothing when it is running already. */
void                  kz_game_analysis_start (KzGameAnalysis *self, GCancellable *cancellable);
void                  kz_game_analysis_cancel (KzGameAnalysis *self);
/* Starts and waits.  FALSE with G_IO_ERROR_CANCELLED when cancelled. */
gboolean              kz_game_analysis_run (KzGameAnalysis *self, GCancellable *cancellable,
                                            GError **error);

G_END_DECLS
