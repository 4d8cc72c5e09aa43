/* kz-draw-judge.h — the computer's draws: whether it accepts a draw the
 * player offers, and whether it offers one itself (issue 30, item 5).
 *
 * The computer ACCEPTS a draw offered to it when
 *   - the position is dead: it is in the endgame tables (at most
 *     KZ_EGTB_MAX_PIECES pieces) and they say neither side can force a
 *     win (KZ_DRAW_DEAD); or
 *   - it is lost for the computer: the tables say it loses, or a search
 *     at least as strong as the game's level (the level's node budget or
 *     depth, at least level KZ_DRAW_JUDGE_MIN_LEVEL's, without the weak
 *     levels' noise and mistakes, with the tables) scores it at
 *     KZ_DRAW_LOST_SCORE or less for the computer — about seven pieces
 *     behind, where the analysis (kz-analysis.h) counts a position as
 *     already lost — or finds a forced loss (KZ_DRAW_LOST);
 * and declines otherwise.
 *
 * The computer OFFERS a draw after its own move when nothing can change:
 *   - the tables say the position is drawn (KZ_DRAW_DEAD); or
 *   - the last KZ_DRAW_QUIET_PLIES plies (20 moves of each side) took no
 *     piece and picked up no flag, and the same search scores the
 *     position level, within ±KZ_DRAW_LEVEL_SCORE (half a piece)
 *     (KZ_DRAW_STALLED);
 * and not again within KZ_DRAW_OFFER_GAP plies (10 moves of each side)
 * of its last offer (kz_draw_judge_may_offer).
 *
 * The search runs in a worker thread (kz_draw_judge_async) with a
 * searcher of its own; it is reproducible (node or depth limits, no
 * noise).  doc/USING.md says this for players.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "kz-egtb.h"
#include "kz-game.h"

G_BEGIN_DECLS

#define KZ_DRAW_LOST_SCORE      (-700)
#define KZ_DRAW_LEVEL_SCORE     50
#define KZ_DRAW_QUIET_PLIES     40
#define KZ_DRAW_OFFER_GAP       20
#define KZ_DRAW_JUDGE_MIN_LEVEL 7

typedef enum {
  KZ_DRAW_ANSWER,   /* the opponent offers a draw: accept it? */
  KZ_DRAW_OFFER,    /* after the computer's move: offer one? */
} KzDrawQuestion;

typedef enum {
  KZ_DRAW_PLAY_ON = 0,  /* decline, or offer nothing */
  KZ_DRAW_DEAD,         /* the tables: neither side can force a win */
  KZ_DRAW_LOST,         /* lost for the judged side (answers only) */
  KZ_DRAW_STALLED,      /* a long stretch without progress, level (offers only) */
} KzDrawVerdict;

/* What a verdict rests on. */
typedef struct {
  KzEgtbResult tables;      /* for the judged side; KZ_EGTB_NONE when not in them */
  gboolean     searched;
  int          score;       /* the search's, for the judged side */
  int          depth;
  guint        quiet_plies; /* plies since the last capture or flag picked up */
} KzDrawFacts;

/* The verdict on facts already gathered (no search). */
KzDrawVerdict kz_draw_judge_decide     (KzDrawQuestion     question,
                                        const KzDrawFacts *facts);

/* Plies of the game's main line, back from its current position, since
 * the last turn that took a piece or picked up a flag (all of them when
 * none did): kz_game_get_plies_without_progress(), the count of the
 * no-progress draw. */
guint         kz_draw_judge_quiet_plies (KzGame *game);

/* Whether, after its move, the computer playing `side` may offer a draw
 * (cheap; no search): the game goes on, the opponent is to move, its last
 * offer was at least KZ_DRAW_OFFER_GAP plies ago (last_offer_ply: the ply
 * of that offer, or -1 for none; an offer later than the current ply was
 * taken back and does not count), and the position is in the tables or
 * KZ_DRAW_QUIET_PLIES plies have passed without progress. */
gboolean      kz_draw_judge_may_offer  (KzGame  *game,
                                        KzSide   side,
                                        int      last_offer_ply);

/* Gathers the facts for `side` (playing at `level`, 1 to
 * KZ_SEARCH_MAX_LEVEL) at the game's current position and decides, in a
 * worker thread: loads the endgame tables when the position could be in
 * them (kz-tables.h; the first time may take under a minute) and
 * searches when the question needs it.  Cancelling stops the search. */
void          kz_draw_judge_async      (KzGame              *game,
                                        KzSide               side,
                                        int                  level,
                                        KzDrawQuestion       question,
                                        GCancellable        *cancellable,
                                        GAsyncReadyCallback  callback,
                                        gpointer             user_data);
/* The verdict (KZ_DRAW_PLAY_ON with an error when cancelled or out of
 * memory); the facts in *facts when not NULL. */
KzDrawVerdict kz_draw_judge_finish     (GAsyncResult  *result,
                                        KzDrawFacts   *facts,
                                        GError       **error);

G_END_DECLS
