/* kz-board-view.c — the Kazaki board: the state shown and its
 * animation, the properties, size and keyboard focus, and the widgets
 * for assistive technologies (a child over each point, a live label).
 * Drawing and input: see kz-board-view-private.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kz-board-point.h"
#include "kz-board-view-private.h"

G_DEFINE_FINAL_TYPE (KzBoardView, kz_board_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_FLIPPED,
  PROP_SHOW_COORDINATES,
  PROP_INTERACTIVE,
  PROP_ANIMATION_DURATION,
  PROP_ANIMATING,
  PROP_SHOW_TARGETS,
  PROP_SHOW_MUST_CAPTURE,
  N_PROPS
};

enum {
  SIGNAL_MOVE_CHOSEN,
  SIGNAL_MESSAGE,
  SIGNAL_ANIMATION_DONE,
  SIGNAL_POINT_EDITED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

void
kz_board_state_from_game (KzBoardState *state,
                          KzGame       *game,
                          guint         ply)
{
  const KzPosition *pos = kz_game_get_position_at (game, ply);

  memset (state, 0, sizeof *state);
  if (pos == NULL)
    pos = kz_game_get_position (game), ply = kz_game_get_ply (game);
  state->pos = *pos;
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    {
      if (kz_point_valid (sq))
        state->pieces[sq] = kz_game_get_piece_at (game, ply, sq);
      else
        state->pieces[sq] = (KzPiece) { KZ_NO_PIECE, -1, -1, 0 };
    }
  if (ply > 0)
    {
      state->last_move = *kz_game_get_move (game, ply - 1);
      state->has_last_move = TRUE;
    }
}

/* ---- animation ------------------------------------------------------- */

static void
stop_animation (KzBoardView *self)
{
  if (self->tick_id)
    {
      gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
      self->tick_id = 0;
    }
  if (self->animating)
    {
      self->animating = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
      gtk_widget_queue_draw (GTK_WIDGET (self));
      g_signal_emit (self, signals[SIGNAL_ANIMATION_DONE], 0);
    }
}

static gboolean
animation_tick (GtkWidget     *widget,
                GdkFrameClock *clock,
                gpointer       user_data)
{
  KzBoardView *self = KZ_BOARD_VIEW (widget);
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  int n_segments = MAX (1, self->state.last_move.n_jumps);

  if (self->anim_start == 0)
    self->anim_start = now;
  self->anim_progress = (now - self->anim_start) / 1000.0 / self->anim_segment;
  if (self->anim_progress >= n_segments)
    {
      self->tick_id = 0;
      stop_animation (self);
      return G_SOURCE_REMOVE;
    }
  gtk_widget_queue_draw (widget);
  return G_SOURCE_CONTINUE;
}

static gboolean
animations_enabled (KzBoardView *self)
{
  gboolean enabled = TRUE;

  g_object_get (gtk_widget_get_settings (GTK_WIDGET (self)), "gtk-enable-animations", &enabled, NULL);
  return enabled && self->animation_duration > 0 && gtk_widget_get_mapped (GTK_WIDGET (self));
}

void
kz_board_view_finish_animation (KzBoardView *self)
{
  g_return_if_fail (KZ_IS_BOARD_VIEW (self));
  stop_animation (self);
}

gboolean
kz_board_view_get_animating (KzBoardView *self)
{
  g_return_val_if_fail (KZ_IS_BOARD_VIEW (self), FALSE);
  return self->animating;
}

/* ---- state ----------------------------------------------------------- */

void
kz_board_view_set_state (KzBoardView        *self,
                         const KzBoardState *state,
                         const KzBoardState *before)
{
  g_return_if_fail (KZ_IS_BOARD_VIEW (self));

  stop_animation (self);
  self->dragging = FALSE;
  self->press_point = KZ_NO_POINT;
  self->state = *state;
  self->has_hint = FALSE;
  kz_board_input_set_position (self->input, &state->pos);
  kz_board_view_update_accessible (self);
  if (before != NULL && state->has_last_move)
    {
      g_autofree char *said = kz_board_describe_move (before, state);
      kz_board_view_announce (self, said);
    }

  if (before != NULL && state->has_last_move && animations_enabled (self))
    {
      self->before = *before;
      self->animating = TRUE;
      self->anim_start = 0;
      self->anim_progress = 0;
      self->anim_segment = self->animation_duration;
      self->tick_id = gtk_widget_add_tick_callback (GTK_WIDGET (self), animation_tick, NULL, NULL);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATING]);
    }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

const KzBoardState *
kz_board_view_get_state (KzBoardView *self)
{
  g_return_val_if_fail (KZ_IS_BOARD_VIEW (self), NULL);
  return &self->state;
}

/* ---- signals for kz-board-view-input.c ------------------------------- */

void
kz_board_view_geometry (KzBoardView *self, KzBoardGeometry *g)
{
  kz_board_geometry_init (g, gtk_widget_get_width (GTK_WIDGET (self)),
                          gtk_widget_get_height (GTK_WIDGET (self)), self->flipped);
}

void
kz_board_view_emit_move_chosen (KzBoardView *self, const KzMove *move)
{
  KzMove copy = *move;

  g_signal_emit (self, signals[SIGNAL_MOVE_CHOSEN], 0, &copy);
}

void
kz_board_view_emit_message (KzBoardView *self, const char *message, gboolean refusal)
{
  g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, message, refusal);
}
/* Names and states of the points, after any change of the position or
 * of the selection. */
void
kz_board_view_update_accessible (KzBoardView *self)
{
  int selected = kz_board_input_get_selected (self->input);
  KzBits targets = kz_board_input_get_targets (self->input);
  KzBits must = self->interactive ? kz_board_input_get_must_capture (self->input) : 0;

  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    {
      g_autofree char *name = NULL;
      const char *description = "";

      if (self->points[sq] == NULL)
        continue;
      name = kz_board_describe_point (&self->state, sq);
      if (must & KZ_BIT (sq))
        description = _("must capture");
      else if (targets & KZ_BIT (sq))
        description = _("a landing point for the selected piece");
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->points[sq]),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                      GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description,
                                      -1);
      gtk_accessible_update_state (GTK_ACCESSIBLE (self->points[sq]),
                                   GTK_ACCESSIBLE_STATE_SELECTED, sq == selected,
                                   -1);
    }
}

void
kz_board_view_changed (KzBoardView *self)
{
  kz_board_view_update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
kz_board_view_announce (KzBoardView *self,
                        const char  *text)
{
  g_return_if_fail (KZ_IS_BOARD_VIEW (self));
  if (text == NULL || *text == '\0')
    return;
  /* For the tests, which may read the label too late to hear it. */
  g_debug ("announce: %s", text);
  /* The label is there on every GTK: on 4.8, which cannot announce, its
   * changing text is what assistive technologies can notice. */
  gtk_label_set_text (GTK_LABEL (self->live), text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->live), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
#if GTK_CHECK_VERSION (4, 14, 0)
  gtk_accessible_announce (GTK_ACCESSIBLE (self), text, GTK_ACCESSIBLE_ANNOUNCEMENT_PRIORITY_MEDIUM);
#endif
}

const char *
kz_board_view_get_announcement (KzBoardView *self)
{
  g_return_val_if_fail (KZ_IS_BOARD_VIEW (self), NULL);
  return gtk_label_get_text (GTK_LABEL (self->live));
}

/* ---- properties ------------------------------------------------------ */

void
kz_board_view_set_flipped (KzBoardView *self, gboolean flipped)
{
  g_return_if_fail (KZ_IS_BOARD_VIEW (self));
  flipped = !!flipped;
  if (self->flipped == flipped)
    return;
  self->flipped = flipped;
  gtk_widget_queue_allocate (GTK_WIDGET (self));
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FLIPPED]);
}

gboolean
kz_board_view_get_flipped (KzBoardView *self)
{
  g_return_val_if_fail (KZ_IS_BOARD_VIEW (self), FALSE);
  return self->flipped;
}

void
kz_board_view_set_show_coordinates (KzBoardView *self, gboolean show)
{
  g_return_if_fail (KZ_IS_BOARD_VIEW (self));
  show = !!show;
  if (self->show_coordinates == show)
    return;
  self->show_coordinates = show;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_COORDINATES]);
}

gboolean
kz_board_view_get_show_coordinates (KzBoardView *self)
{
  g_return_val_if_fail (KZ_IS_BOARD_VIEW (self), FALSE);
  return self->show_coordinates;
}

void
kz_board_view_emit_point_edited (KzBoardView *self, int from, int to)
{
  g_signal_emit (self, signals[SIGNAL_POINT_EDITED], 0, from, to);
}

void
kz_board_view_set_editing (KzBoardView *self, gboolean editing)
{
  g_return_if_fail (KZ_IS_BOARD_VIEW (self));
  self->editing = !!editing;
  kz_board_input_cancel (self->input);
  self->has_hint = FALSE;
  kz_board_view_changed (self);
}

void
kz_board_view_set_interactive (KzBoardView *self, gboolean interactive)
{
  g_return_if_fail (KZ_IS_BOARD_VIEW (self));
  interactive = !!interactive;
  if (self->interactive == interactive)
    return;
  self->interactive = interactive;
  if (!interactive)
    {
      kz_board_input_cancel (self->input);
      self->has_hint = FALSE;
    }
  kz_board_view_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
}

gboolean
kz_board_view_get_interactive (KzBoardView *self)
{
  g_return_val_if_fail (KZ_IS_BOARD_VIEW (self), FALSE);
  return self->interactive;
}

void
kz_board_view_set_show_targets (KzBoardView *self, gboolean show)
{
  g_return_if_fail (KZ_IS_BOARD_VIEW (self));
  show = !!show;
  if (self->show_targets == show)
    return;
  self->show_targets = show;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_TARGETS]);
}

void
kz_board_view_set_show_must_capture (KzBoardView *self, gboolean show)
{
  g_return_if_fail (KZ_IS_BOARD_VIEW (self));
  show = !!show;
  if (self->show_must == show)
    return;
  self->show_must = show;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_MUST_CAPTURE]);
}

void
kz_board_view_set_animation_duration (KzBoardView *self, guint msec)
{
  g_return_if_fail (KZ_IS_BOARD_VIEW (self));
  if (self->animation_duration == msec)
    return;
  self->animation_duration = msec;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ANIMATION_DURATION]);
}

static void
kz_board_view_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KzBoardView *self = KZ_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_FLIPPED: g_value_set_boolean (value, self->flipped); break;
    case PROP_SHOW_COORDINATES: g_value_set_boolean (value, self->show_coordinates); break;
    case PROP_INTERACTIVE: g_value_set_boolean (value, self->interactive); break;
    case PROP_ANIMATION_DURATION: g_value_set_uint (value, self->animation_duration); break;
    case PROP_ANIMATING: g_value_set_boolean (value, self->animating); break;
    case PROP_SHOW_TARGETS: g_value_set_boolean (value, self->show_targets); break;
    case PROP_SHOW_MUST_CAPTURE: g_value_set_boolean (value, self->show_must); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_board_view_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  KzBoardView *self = KZ_BOARD_VIEW (object);

  switch (prop_id)
    {
    case PROP_FLIPPED: kz_board_view_set_flipped (self, g_value_get_boolean (value)); break;
    case PROP_SHOW_COORDINATES: kz_board_view_set_show_coordinates (self, g_value_get_boolean (value)); break;
    case PROP_INTERACTIVE: kz_board_view_set_interactive (self, g_value_get_boolean (value)); break;
    case PROP_ANIMATION_DURATION: kz_board_view_set_animation_duration (self, g_value_get_uint (value)); break;
    case PROP_SHOW_TARGETS: kz_board_view_set_show_targets (self, g_value_get_boolean (value)); break;
    case PROP_SHOW_MUST_CAPTURE: kz_board_view_set_show_must_capture (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_board_view_measure (GtkWidget      *widget,
                       GtkOrientation  orientation,
                       int             for_size,
                       int            *minimum,
                       int            *natural,
                       int            *minimum_baseline,
                       int            *natural_baseline)
{
  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      *minimum = 180;
      *natural = 380;
    }
  else
    {
      *minimum = 280;
      *natural = 600;
    }
}

/* Each point's child widget covers the point's disc. */
static void
kz_board_view_size_allocate (GtkWidget *widget,
                             int        width,
                             int        height,
                             int        baseline)
{
  KzBoardView *self = KZ_BOARD_VIEW (widget);
  KzBoardGeometry g;
  double radius, x, y;
  int min, nat;

  kz_board_geometry_init (&g, width, height, self->flipped);
  radius = kz_board_geometry_piece_radius (&g);
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    {
      int size;
      if (self->points[sq] == NULL)
        continue;
      kz_board_geometry_point_to_pixel (&g, sq, &x, &y);
      size = MAX (1, (int) (2 * radius));
      gtk_widget_measure (self->points[sq], GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
      gtk_widget_measure (self->points[sq], GTK_ORIENTATION_VERTICAL, -1, &min, &nat, NULL, NULL);
      gtk_widget_size_allocate (self->points[sq],
                                &(GtkAllocation) { (int) (x - radius), (int) (y - radius), size, size },
                                -1);
    }
  /* The live label is not seen (opacity 0) but is there for assistive
   * technologies, in a corner of the board. */
  {
    int w, h;
    gtk_widget_measure (self->live, GTK_ORIENTATION_HORIZONTAL, -1, &min, &w, NULL, NULL);
    w = MIN (MAX (min, 1), width);
    gtk_widget_measure (self->live, GTK_ORIENTATION_VERTICAL, w, &min, &h, NULL, NULL);
    gtk_widget_size_allocate (self->live, &(GtkAllocation) { 0, 0, w, MIN (MAX (min, 1), height) }, -1);
  }
  if (self->piece_menu)
    gtk_popover_present (GTK_POPOVER (self->piece_menu));
}

/* The keyboard enters the board at the point of the focus ring, and Tab
 * leaves it (the arrow keys move between the points). */
static gboolean
kz_board_view_focus (GtkWidget        *widget,
                     GtkDirectionType  direction)
{
  KzBoardView *self = KZ_BOARD_VIEW (widget);

  if (gtk_widget_get_focus_child (widget) != NULL)
    return FALSE;
  if (!kz_point_valid (self->focus_point) || self->points[self->focus_point] == NULL)
    return FALSE;
  return gtk_widget_grab_focus (self->points[self->focus_point]);
}

static gboolean
kz_board_view_grab_focus (GtkWidget *widget)
{
  KzBoardView *self = KZ_BOARD_VIEW (widget);

  if (!kz_point_valid (self->focus_point) || self->points[self->focus_point] == NULL)
    return FALSE;
  return gtk_widget_grab_focus (self->points[self->focus_point]);
}

static void
kz_board_view_set_focus_child (GtkWidget *widget,
                               GtkWidget *child)
{
  KzBoardView *self = KZ_BOARD_VIEW (widget);

  GTK_WIDGET_CLASS (kz_board_view_parent_class)->set_focus_child (widget, child);
  if (child != NULL && KZ_IS_BOARD_POINT (child))
    self->focus_point = kz_board_point_get_point (KZ_BOARD_POINT (child));
  gtk_widget_queue_draw (widget);
}

static void
dark_changed (KzBoardView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
kz_board_view_dispose (GObject *object)
{
  KzBoardView *self = KZ_BOARD_VIEW (object);

  /* Stop without announcing it: nobody should act on a dying board. */
  if (self->tick_id)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self), self->tick_id);
  self->tick_id = 0;
  self->animating = FALSE;
  if (self->style_manager)
    g_signal_handlers_disconnect_by_func (self->style_manager, dark_changed, self);
  self->style_manager = NULL;
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    g_clear_pointer (&self->points[sq], gtk_widget_unparent);
  g_clear_pointer (&self->live, gtk_widget_unparent);
  g_clear_pointer (&self->piece_menu, gtk_widget_unparent);
  G_OBJECT_CLASS (kz_board_view_parent_class)->dispose (object);
}

static void
kz_board_view_finalize (GObject *object)
{
  KzBoardView *self = KZ_BOARD_VIEW (object);

  g_clear_pointer (&self->input, kz_board_input_free);
  G_OBJECT_CLASS (kz_board_view_parent_class)->finalize (object);
}

static void
kz_board_view_class_init (KzBoardViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = kz_board_view_get_property;
  object_class->set_property = kz_board_view_set_property;
  object_class->dispose = kz_board_view_dispose;
  object_class->finalize = kz_board_view_finalize;
  widget_class->snapshot = kz_board_view_snapshot;
  widget_class->measure = kz_board_view_measure;
  widget_class->size_allocate = kz_board_view_size_allocate;
  widget_class->query_tooltip = kz_board_view_query_tooltip;
  widget_class->focus = kz_board_view_focus;
  widget_class->grab_focus = kz_board_view_grab_focus;
  widget_class->set_focus_child = kz_board_view_set_focus_child;

  properties[PROP_FLIPPED] =
    g_param_spec_boolean ("flipped", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_COORDINATES] =
    g_param_spec_boolean ("show-coordinates", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_INTERACTIVE] =
    g_param_spec_boolean ("interactive", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANIMATION_DURATION] =
    g_param_spec_uint ("animation-duration", NULL, NULL, 0, 5000, 250,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ANIMATING] =
    g_param_spec_boolean ("animating", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_TARGETS] =
    g_param_spec_boolean ("show-targets", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_MUST_CAPTURE] =
    g_param_spec_boolean ("show-must-capture", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_MOVE_CHOSEN] =
    g_signal_new ("move-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[SIGNAL_MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_BOOLEAN);
  signals[SIGNAL_POINT_EDITED] =
    g_signal_new ("point-edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_INT);
  signals[SIGNAL_ANIMATION_DONE] =
    g_signal_new ("animation-done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_css_name (widget_class, "kz-board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
kz_board_view_init (KzBoardView *self)
{
  self->input = kz_board_input_new ();
  kz_position_init_start (&self->state.pos);
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    self->state.pieces[sq] = (KzPiece) { KZ_NO_PIECE, -1, -1, 0 };
  self->show_coordinates = TRUE;
  self->show_targets = TRUE;
  self->show_must = TRUE;
  self->interactive = TRUE;
  self->animation_duration = 250;
  self->focus_point = KZ_SQ (2, 3);   /* c4 */
  self->press_point = KZ_NO_POINT;

  gtk_accessible_update_property (GTK_ACCESSIBLE (self),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Board"),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                  _("Arrow keys move between the points; Enter or Space picks a piece "
                                    "and then its landing points; Escape cancels the choice."),
                                  -1);
  /* The points take the keyboard focus, not the board itself. */
  gtk_widget_set_focusable (GTK_WIDGET (self), FALSE);
  gtk_widget_set_has_tooltip (GTK_WIDGET (self), TRUE);
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    if (kz_point_valid (sq))
      {
        self->points[sq] = kz_board_point_new (sq);
        gtk_widget_set_parent (self->points[sq], GTK_WIDGET (self));
      }
  self->live = g_object_new (GTK_TYPE_LABEL, "accessible-role", GTK_ACCESSIBLE_ROLE_STATUS,
                             "wrap", TRUE, "can-target", FALSE, "opacity", 0.0, NULL);
  gtk_widget_set_parent (self->live, GTK_WIDGET (self));
  kz_board_view_update_accessible (self);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  kz_board_view_input_init (self);

  self->style_manager = adw_style_manager_get_default ();
  g_signal_connect_swapped (self->style_manager, "notify::dark", G_CALLBACK (dark_changed), self);
  g_signal_connect_swapped (self->style_manager, "notify::high-contrast", G_CALLBACK (dark_changed), self);
}

GtkWidget *
kz_board_view_new (void)
{
  return g_object_new (KZ_TYPE_BOARD_VIEW, NULL);
}

