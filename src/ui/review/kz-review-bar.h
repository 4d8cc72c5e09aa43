/* kz-review-bar.h — the review bar under the board.
 *
 * Shows a KzReplay: a caption (the move and how many in all along the
 * line shown, "· variation" off the main line), First /
 * Previous / Play-Pause / Next / Last (the window's win.review-* actions),
 * a scrubber, a speed, and Resume / Continue From Here / Back to the Game.
 * It plays the replay on by itself (playing) at the speed chosen, staying
 * longer on a move with a comment (time to read it); a drag or click on
 * the scrubber goes to that move.  With show-comments (the demonstration
 * battle) it shows the comment of the move shown above the buttons; a new
 * replay turns that off.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "kz-replay.h"

G_BEGIN_DECLS

#define KZ_TYPE_REVIEW_BAR (kz_review_bar_get_type ())
G_DECLARE_FINAL_TYPE (KzReviewBar, kz_review_bar, KZ, REVIEW_BAR, GtkBox)

/* The speeds of the drop-down, in its order. */
typedef enum {
  KZ_REVIEW_SPEED_SLOW,
  KZ_REVIEW_SPEED_NORMAL,
  KZ_REVIEW_SPEED_FAST,
} KzReviewSpeed;

KzReplay *kz_review_bar_get_replay      (KzReviewBar *self);
void      kz_review_bar_set_replay      (KzReviewBar *self,
                                         KzReplay    *replay);
gboolean  kz_review_bar_get_playing     (KzReviewBar *self);
/* Plays the replay on, a move every interval (from the start again when
 * at its end), or stops. */
void      kz_review_bar_set_playing     (KzReviewBar *self,
                                         gboolean     playing);
/* Milliseconds between two moves while playing (more after a comment). */
guint     kz_review_bar_get_interval    (KzReviewBar *self);
void      kz_review_bar_set_speed       (KzReviewBar  *self,
                                         KzReviewSpeed speed);
gboolean  kz_review_bar_get_show_comments (KzReviewBar *self);
void      kz_review_bar_set_show_comments (KzReviewBar *self,
                                           gboolean     show_comments);
/* Resume is shown for an unfinished stored game with a human side. */
void      kz_review_bar_set_can_resume  (KzReviewBar *self,
                                         gboolean     can_resume);
/* Back to the Game: shown or not, and what it does (tooltip). */
void      kz_review_bar_set_back        (KzReviewBar *self,
                                         gboolean     visible,
                                         const char  *tooltip);

G_END_DECLS
