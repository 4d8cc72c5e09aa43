/* kz-review-bar.c — the review bar under the board.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-review-bar.h"

struct _KzReviewBar {
  GtkBox parent_instance;

  /* template children */
  GtkLabel      *caption;
  GtkWidget     *comment_box;
  GtkLabel      *comment_label;
  GtkDropDown   *speed;
  GtkButton     *play_button;
  GtkAdjustment *scrubber_adjustment;
  GtkWidget     *resume_button;
  GtkWidget     *done_button;
  GtkWidget     *actions;        /* the box of the buttons above */

  KzReplay      *replay;
  gboolean       playing;
  guint          play_source;   /* the next step while playing */
  gboolean       show_comments;
  int            fitted_width;  /* the comment box's width its height was fitted for */
  guint          fit_tick;      /* fit it again once it has a width */
  gboolean       updating_scrubber;
};

G_DEFINE_FINAL_TYPE (KzReviewBar, kz_review_bar, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_REPLAY,
  PROP_PLAYING,
  PROP_SHOW_COMMENTS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* ---- showing the replay -------------------------------------------------- */

/* The comment box's height: at least COMMENT_MIN_HEIGHT, so that the
 * board does not jump from one short comment to the next; a longer
 * comment gets the height its text needs at the box's width, as far as
 * the widgets above the bar (the board) can give up room down to their
 * smallest size; beyond that it scrolls (GTK 4.8's scrolled window does
 * not pass the width on when it propagates its child's natural height,
 * so the height is set here). */
#define COMMENT_MIN_HEIGHT 104

static void
fit_comment (KzReviewBar *self)
{
  GtkWidget *parent = gtk_widget_get_parent (GTK_WIDGET (self));
  int width = gtk_widget_get_width (self->comment_box);
  int shown = gtk_widget_get_mapped (self->comment_box) ? gtk_widget_get_height (self->comment_box) : 0;
  int need = COMMENT_MIN_HEIGHT, spare = 0, height;
  GtkScrolledWindow *box = GTK_SCROLLED_WINDOW (self->comment_box);

  if (width > 0)
    {
      /* less a scrollbar's width, in case it shows */
      gtk_widget_measure (GTK_WIDGET (self->comment_label), GTK_ORIENTATION_VERTICAL,
                          MAX (width - 16, 1), NULL, &need, NULL, NULL);
      for (GtkWidget *c = parent ? gtk_widget_get_first_child (parent) : NULL;
           c && c != GTK_WIDGET (self); c = gtk_widget_get_next_sibling (c))
        if (gtk_widget_get_visible (c))
          {
            int min;
            gtk_widget_measure (c, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (c), &min, NULL,
                                NULL, NULL);
            spare += MAX (gtk_widget_get_height (c) - min, 0);
          }
    }
  height = CLAMP (need, COMMENT_MIN_HEIGHT, MAX (COMMENT_MIN_HEIGHT, shown + spare));
  /* never a minimum over the maximum (GTK refuses it) */
  if (height > gtk_scrolled_window_get_max_content_height (box))
    {
      gtk_scrolled_window_set_max_content_height (box, height);
      gtk_scrolled_window_set_min_content_height (box, height);
    }
  else
    {
      gtk_scrolled_window_set_min_content_height (box, height);
      gtk_scrolled_window_set_max_content_height (box, height);
    }
  self->fitted_width = width;
}

/* Once the box has its width (a comment shown before the bar was laid
 * out, or the window resized since): fitted again. */
static gboolean
fit_comment_tick (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  KzReviewBar *self = data;

  if (!gtk_widget_get_visible (self->comment_box))
    {
      self->fit_tick = 0;
      return G_SOURCE_REMOVE;
    }
  if (gtk_widget_get_width (self->comment_box) <= 0
      || gtk_widget_get_width (self->comment_box) == self->fitted_width)
    return G_SOURCE_CONTINUE;
  fit_comment (self);
  self->fit_tick = 0;
  return G_SOURCE_REMOVE;
}

static void
update (KzReviewBar *self)
{
  g_autofree char *caption = NULL;
  guint ply, n;

  gtk_button_set_icon_name (self->play_button, self->playing ? "media-playback-pause-symbolic"
                                                             : "media-playback-start-symbolic");
  if (self->replay == NULL)
    {
      gtk_widget_set_visible (self->comment_box, FALSE);
      return;
    }
  if (self->show_comments)
    {
      g_autofree char *comment =
        kz_comment_dup_readable (kz_move_node_get_comment (kz_replay_get_node (self->replay)));
      gtk_label_set_text (self->comment_label, comment);
      /* A move without a comment takes no room under the board. */
      gtk_widget_set_visible (self->comment_box, *comment != '\0');
      if (*comment)
        {
          fit_comment (self);
          if (self->fit_tick == 0 && self->fitted_width <= 0)
            self->fit_tick = gtk_widget_add_tick_callback (self->comment_box, fit_comment_tick,
                                                           self, NULL);
        }
    }
  else
    gtk_widget_set_visible (self->comment_box, FALSE);
  ply = kz_replay_get_ply (self->replay);
  n = kz_replay_get_n_plies (self->replay);

  self->updating_scrubber = TRUE;
  gtk_adjustment_configure (self->scrubber_adjustment, ply, 0, n, 1, 10, 0);
  self->updating_scrubber = FALSE;

  /* Moves are counted as in the move list and the library: one move is
   * a turn of each side. */
  if (ply == 0)
    {
      guint moves = kz_replay_get_n_moves (self->replay);
      /* Translators: the review caption at the start; %u is the number of
       * moves, a move being one turn of each side as in the move list */
      caption = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Start position · %u move in all",
                                              "Start position · %u moves in all", moves), moves);
    }
  else
    {
      KzGame *game = kz_replay_get_game (self->replay);
      KzSide mover = kz_game_get_position_at (game, ply - 1)->side;
      /* Translators: review caption: the move number and how many moves
       * in all (as in the move list, one move is a turn of each side),
       * the side that moved and its move, e.g. "Move 12 of 40 · Turks: c5xc3" */
      caption = g_strdup_printf (_("Move %u of %u · %s: %s"), kz_replay_get_move_number (self->replay),
                                 kz_replay_get_n_moves (self->replay),
                                 mover == KZ_COSSACKS ? _("Cossacks") : _("Turks"),
                                 kz_replay_get_move_text (self->replay));
      if (!kz_move_node_is_main_line (kz_replay_get_node (self->replay)))
        {
          /* Translators: the review caption of a move of a variation (a
           * line not played in the game), "Move 2 of 3 · Turks: c6-c5 · variation" */
          g_autofree char *more = g_strdup_printf (_("%s · variation"), caption);
          g_free (caption);
          caption = g_steal_pointer (&more);
        }
    }
  gtk_label_set_text (self->caption, caption);
}

static void
replay_notify (KzReviewBar *self)
{
  update (self);
}

/* ---- playing ------------------------------------------------------------- */

guint
kz_review_bar_get_interval (KzReviewBar *self)
{
  g_return_val_if_fail (KZ_IS_REVIEW_BAR (self), 1000);
  switch (gtk_drop_down_get_selected (self->speed))
    {
    case KZ_REVIEW_SPEED_SLOW: return 2000;
    case KZ_REVIEW_SPEED_FAST: return 500;
    default: return 1000;
    }
}

/* How long auto-play stays on the node shown: the interval, and time to
 * read its comment when it has one. */
static guint
pause_msec (KzReviewBar *self)
{
  guint msec = kz_review_bar_get_interval (self);
  g_autofree char *comment =
    kz_comment_dup_readable (self->replay ? kz_move_node_get_comment (kz_replay_get_node (self->replay))
                                          : "");

  /* (An evaluation or a clock, "[%eval 0.35]", is nothing to read.) */
  if (*comment)
    {
      /* About 20 characters a second, a reader's pace; at least 2.5 s,
       * at most 15 s (Next goes on at once); half of it at Fast. */
      guint reading = (guint) CLAMP (g_utf8_strlen (comment, -1) * 50, 2500, 15000);
      msec += gtk_drop_down_get_selected (self->speed) == KZ_REVIEW_SPEED_FAST ? reading / 2 : reading;
    }
  return msec;
}

static gboolean play_tick (gpointer data);

static void
schedule_step (KzReviewBar *self)
{
  g_clear_handle_id (&self->play_source, g_source_remove);
  self->play_source = g_timeout_add (pause_msec (self), play_tick, self);
}

static gboolean
play_tick (gpointer data)
{
  KzReviewBar *self = data;

  self->play_source = 0;
  if (self->replay == NULL || !kz_replay_next (self->replay)
      || !kz_replay_get_can_go_forward (self->replay))
    {
      self->playing = FALSE;
      update (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
      return G_SOURCE_REMOVE;
    }
  if (self->playing)
    schedule_step (self);
  return G_SOURCE_REMOVE;
}

gboolean
kz_review_bar_get_playing (KzReviewBar *self)
{
  g_return_val_if_fail (KZ_IS_REVIEW_BAR (self), FALSE);
  return self->playing;
}

void
kz_review_bar_set_playing (KzReviewBar *self, gboolean playing)
{
  gboolean was;

  g_return_if_fail (KZ_IS_REVIEW_BAR (self));
  was = self->playing;
  g_clear_handle_id (&self->play_source, g_source_remove);
  self->playing = playing && self->replay != NULL;
  if (self->playing)
    {
      /* At the end, play from the start again. */
      if (!kz_replay_get_can_go_forward (self->replay))
        kz_replay_first (self->replay);
      schedule_step (self);
    }
  update (self);
  if (was != self->playing)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLAYING]);
}

void
kz_review_bar_set_speed (KzReviewBar *self, KzReviewSpeed speed)
{
  g_return_if_fail (KZ_IS_REVIEW_BAR (self));
  g_return_if_fail (speed <= KZ_REVIEW_SPEED_FAST);
  gtk_drop_down_set_selected (self->speed, speed);
}

gboolean
kz_review_bar_get_show_comments (KzReviewBar *self)
{
  g_return_val_if_fail (KZ_IS_REVIEW_BAR (self), FALSE);
  return self->show_comments;
}

void
kz_review_bar_set_show_comments (KzReviewBar *self, gboolean show_comments)
{
  g_return_if_fail (KZ_IS_REVIEW_BAR (self));
  show_comments = !!show_comments;
  if (self->show_comments == show_comments)
    return;
  self->show_comments = show_comments;
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_COMMENTS]);
}

static void
speed_changed (KzReviewBar *self)
{
  if (self->playing)
    schedule_step (self);
}

/* A click or a drag on the scrubber.  The value is read first: stopping
 * the auto-play updates the bar, which sets the scrubber back to the
 * replay's move. */
static void
scrubber_changed (KzReviewBar *self)
{
  guint ply;

  if (self->updating_scrubber || self->replay == NULL)
    return;
  ply = (guint) (gtk_adjustment_get_value (self->scrubber_adjustment) + 0.5);
  kz_review_bar_set_playing (self, FALSE);
  kz_replay_goto (self->replay, MIN (ply, kz_replay_get_n_plies (self->replay)));
}

/* ---- public -------------------------------------------------------------- */

KzReplay *
kz_review_bar_get_replay (KzReviewBar *self)
{
  g_return_val_if_fail (KZ_IS_REVIEW_BAR (self), NULL);
  return self->replay;
}

void
kz_review_bar_set_replay (KzReviewBar *self, KzReplay *replay)
{
  g_return_if_fail (KZ_IS_REVIEW_BAR (self));
  g_return_if_fail (replay == NULL || KZ_IS_REPLAY (replay));

  if (self->replay == replay)
    return;
  kz_review_bar_set_playing (self, FALSE);
  kz_review_bar_set_show_comments (self, FALSE);
  if (self->replay)
    g_signal_handlers_disconnect_by_data (self->replay, self);
  g_set_object (&self->replay, replay);
  if (replay)
    g_signal_connect_swapped (replay, "notify", G_CALLBACK (replay_notify), self);
  update (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_REPLAY]);
}

void
kz_review_bar_set_can_resume (KzReviewBar *self, gboolean can_resume)
{
  g_return_if_fail (KZ_IS_REVIEW_BAR (self));
  gtk_widget_set_visible (self->resume_button, can_resume);
}

void
kz_review_bar_set_back (KzReviewBar *self, gboolean visible, const char *tooltip)
{
  g_return_if_fail (KZ_IS_REVIEW_BAR (self));
  gtk_widget_set_visible (self->done_button, visible);
  gtk_widget_set_tooltip_text (self->done_button, tooltip);
}

/* ---- GObject ------------------------------------------------------------- */

static void
kz_review_bar_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KzReviewBar *self = KZ_REVIEW_BAR (object);

  switch (prop_id)
    {
    case PROP_REPLAY:
      g_value_set_object (value, self->replay);
      break;
    case PROP_PLAYING:
      g_value_set_boolean (value, self->playing);
      break;
    case PROP_SHOW_COMMENTS:
      g_value_set_boolean (value, self->show_comments);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_review_bar_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  KzReviewBar *self = KZ_REVIEW_BAR (object);

  switch (prop_id)
    {
    case PROP_REPLAY:
      kz_review_bar_set_replay (self, g_value_get_object (value));
      break;
    case PROP_PLAYING:
      kz_review_bar_set_playing (self, g_value_get_boolean (value));
      break;
    case PROP_SHOW_COMMENTS:
      kz_review_bar_set_show_comments (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_review_bar_dispose (GObject *object)
{
  KzReviewBar *self = KZ_REVIEW_BAR (object);

  g_clear_handle_id (&self->play_source, g_source_remove);
  if (self->replay)
    g_signal_handlers_disconnect_by_data (self->replay, self);
  g_clear_object (&self->replay);
  if (self->fit_tick)
    gtk_widget_remove_tick_callback (self->comment_box, self->fit_tick);
  self->fit_tick = 0;
  gtk_widget_dispose_template (GTK_WIDGET (self), KZ_TYPE_REVIEW_BAR);
  G_OBJECT_CLASS (kz_review_bar_parent_class)->dispose (object);
}

static void
kz_review_bar_class_init (KzReviewBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = kz_review_bar_get_property;
  object_class->set_property = kz_review_bar_set_property;
  object_class->dispose = kz_review_bar_dispose;

  properties[PROP_REPLAY] =
    g_param_spec_object ("replay", NULL, NULL, KZ_TYPE_REPLAY,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLAYING] =
    g_param_spec_boolean ("playing", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_COMMENTS] =
    g_param_spec_boolean ("show-comments", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/kz-review-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, KzReviewBar, caption);
  gtk_widget_class_bind_template_child (widget_class, KzReviewBar, comment_box);
  gtk_widget_class_bind_template_child (widget_class, KzReviewBar, comment_label);
  gtk_widget_class_bind_template_child (widget_class, KzReviewBar, speed);
  gtk_widget_class_bind_template_child (widget_class, KzReviewBar, play_button);
  gtk_widget_class_bind_template_child (widget_class, KzReviewBar, scrubber_adjustment);
  gtk_widget_class_bind_template_child (widget_class, KzReviewBar, resume_button);
  gtk_widget_class_bind_template_child (widget_class, KzReviewBar, done_button);
  gtk_widget_class_bind_template_child (widget_class, KzReviewBar, actions);
  gtk_widget_class_bind_template_callback (widget_class, scrubber_changed);
  gtk_widget_class_bind_template_callback (widget_class, speed_changed);
}

static void
kz_review_bar_init (KzReviewBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* The actions' labels wrap (between words) in a narrow window. */
  for (GtkWidget *button = gtk_widget_get_first_child (self->actions); button;
       button = gtk_widget_get_next_sibling (button))
    {
      GtkWidget *label = GTK_IS_BUTTON (button) ? gtk_button_get_child (GTK_BUTTON (button)) : NULL;
      if (GTK_IS_LABEL (label))
        {
          gtk_label_set_wrap (GTK_LABEL (label), TRUE);
          gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
        }
    }
}
