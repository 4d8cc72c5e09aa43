/* kz-board-view-input.c — KzBoardView's input: clicks and drags of the
 * pointer, the keys (arrows, Enter, Space, Escape), a hinted move, the
 * piece legend in tooltips, the piece menu ("Who Is This?": the right
 * button, a long press, the Menu key) and the hand over what can be
 * clicked.  The
 * rules of a click are kz-board-input.c's; this file feeds it.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "kz-board-view-private.h"

/* The hint stays while the clicks follow it: its piece selected and the
 * landing points clicked so far a beginning of its chain. */
static void
update_hint (KzBoardView *self)
{
  const uint8_t *path;
  int n = kz_board_input_get_path (self->input, &path);

  if (self->has_hint &&
      (kz_board_input_get_selected (self->input) != self->hint.from || n > self->hint.n_jumps ||
       memcmp (path, self->hint.path, (size_t) n) != 0))
    self->has_hint = FALSE;
}

static void
handle_result (KzBoardView *self, KzInputResult result, const KzMove *move, const KzError *error)
{
  update_hint (self);
  switch (result)
    {
    case KZ_INPUT_MOVE:
      {
        KzMove copy = *move;
        kz_board_view_emit_message (self, NULL, FALSE);
        kz_board_view_emit_move_chosen (self, &copy);
      }
      break;
    case KZ_INPUT_REFUSED:
      {
        g_autofree char *text = kz_board_input_describe_error (error);
        self->refusal = *error;
        kz_board_view_emit_message (self, text, TRUE);
      }
      break;
    case KZ_INPUT_PARTIAL:
      {
        const uint8_t *path;
        int n = kz_board_input_get_path (self->input, &path);
        g_autofree char *text = NULL;
        if (kz_board_input_can_stop (self->input))
          /* Translators: %s is a point such as c7; said to mouse and keyboard players alike */
          text = g_strdup_printf (_("Jump on, or choose %s again to stop there"), kz_point_name (path[n - 1]));
        else
          /* Translators: said to mouse and keyboard players alike */
          text = g_strdup (_("The capture goes on: choose the next landing point"));
        kz_board_view_emit_message (self, text, FALSE);
      }
      break;
    case KZ_INPUT_SELECTED:
    case KZ_INPUT_DESELECTED:
      kz_board_view_emit_message (self, NULL, FALSE);
      break;
    case KZ_INPUT_IGNORED:
    default:
      break;
    }
  kz_board_view_changed (self);
}

static gboolean
check_interactive (KzBoardView *self)
{
  if (self->animating)
    kz_board_view_finish_animation (self);
  if (!self->interactive)
    {
      if (kz_board_input_get_moves (self->input)->count == 0)
        kz_board_view_emit_message (self, _("The game is over"), TRUE);
      else
        kz_board_view_emit_message (self, _("Wait for the computer's move"), TRUE);
      return FALSE;
    }
  return TRUE;
}

void
kz_board_view_click_point (KzBoardView *self,
                           int          sq)
{
  KzMove move;
  KzError error = { 0 };
  KzInputResult result;

  g_return_if_fail (KZ_IS_BOARD_VIEW (self));
  if (self->editing)
    {
      if (sq != KZ_NO_POINT)
        kz_board_view_emit_point_edited (self, sq, sq);
      return;
    }
  if (!check_interactive (self))
    return;
  if (self->has_hint)
    {
      const uint8_t *path;
      int n = kz_board_input_get_path (self->input, &path);

      /* The hinted end point plays the hinted move (the input alone could
       * find it ambiguous); the last landing point clicked again is the
       * input's "stop here", which ends in the same move. */
      if (sq == self->hint.to && !(n > 0 && sq == path[n - 1]))
        {
          move = self->hint;
          self->has_hint = FALSE;
          kz_board_input_cancel (self->input);
          handle_result (self, KZ_INPUT_MOVE, &move, &error);
          return;
        }
      /* The hinted piece clicked again keeps it selected, hint and all. */
      if (sq == self->hint.from && n == 0)
        return;
    }
  result = kz_board_input_click (self->input, sq, &move, &error);
  handle_result (self, result, &move, &error);
}

gboolean
kz_board_view_show_hint (KzBoardView  *self,
                         const KzMove *move)
{
  const KzMoveList *moves;
  KzMove chosen;
  KzError error = { 0 };
  gboolean legal = FALSE;

  g_return_val_if_fail (KZ_IS_BOARD_VIEW (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  moves = kz_board_input_get_moves (self->input);
  for (int i = 0; i < moves->count && !legal; i++)
    {
      const KzMove *m = &moves->moves[i];
      legal = m->from == move->from && m->to == move->to && m->n_jumps == move->n_jumps &&
              memcmp (m->path, move->path, (size_t) m->n_jumps) == 0;
    }
  if (!legal || !self->interactive)
    return FALSE;

  kz_board_view_finish_animation (self);
  kz_board_input_cancel (self->input);
  self->has_hint = FALSE;
  if (kz_board_input_click (self->input, move->from, &chosen, &error) == KZ_INPUT_SELECTED)
    {
      self->hint = *move;
      self->has_hint = TRUE;
    }
  kz_board_view_emit_message (self, NULL, FALSE);
  kz_board_view_changed (self);
  return self->has_hint;
}

gboolean
kz_board_view_get_hint (KzBoardView *self,
                        KzMove      *move)
{
  g_return_val_if_fail (KZ_IS_BOARD_VIEW (self), FALSE);
  if (self->has_hint && move)
    *move = self->hint;
  return self->has_hint;
}

void
kz_board_view_cancel_input (KzBoardView *self)
{
  g_return_if_fail (KZ_IS_BOARD_VIEW (self));
  kz_board_input_cancel (self->input);
  self->has_hint = FALSE;
  self->dragging = FALSE;
  kz_board_view_emit_message (self, NULL, FALSE);
  kz_board_view_changed (self);
}

int
kz_board_view_get_focus_point (KzBoardView *self)
{
  g_return_val_if_fail (KZ_IS_BOARD_VIEW (self), KZ_NO_POINT);
  return self->focus_point;
}

static void
drag_begin (GtkGestureDrag *gesture,
            double          x,
            double          y,
            KzBoardView    *self)
{
  KzBoardGeometry g;

  kz_board_view_geometry (self, &g);
  self->press_point = kz_board_geometry_pixel_to_point (&g, x, y);
  self->press_x = x;
  self->press_y = y;
  self->dragging = FALSE;
  self->long_pressed = FALSE;
  self->keyboard_mode = FALSE;
  gtk_widget_grab_focus (GTK_WIDGET (self));
}

static void
drag_update (GtkGestureDrag *gesture,
             double          dx,
             double          dy,
             KzBoardView    *self)
{
  if (!self->dragging)
    {
      if (hypot (dx, dy) < 8 || !self->interactive || self->animating)
        return;
      if (self->editing)
        {
          if (self->press_point == KZ_NO_POINT
              || kz_position_piece_at (&self->state.pos, self->press_point) < 0)
            return;
          self->dragging = TRUE;
          self->drag_x = self->press_x + dx;
          self->drag_y = self->press_y + dy;
          gtk_widget_queue_draw (GTK_WIDGET (self));
          return;
        }
      if (self->press_point == KZ_NO_POINT ||
          !(kz_board_input_get_movable (self->input) & KZ_BIT (self->press_point)))
        return;
      self->dragging = TRUE;
      /* Show the targets of the dragged piece. */
      if (kz_board_input_get_selected (self->input) != self->press_point)
        {
          KzMove move;
          KzError error;
          kz_board_input_cancel (self->input);
          kz_board_input_click (self->input, self->press_point, &move, &error);
          update_hint (self);
          kz_board_view_update_accessible (self);
        }
    }
  self->drag_x = self->press_x + dx;
  self->drag_y = self->press_y + dy;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
drag_end (GtkGestureDrag *gesture,
          double          dx,
          double          dy,
          KzBoardView    *self)
{
  KzBoardGeometry g;
  int from = self->press_point;

  kz_board_view_geometry (self, &g);
  if (self->dragging)
    {
      int to = kz_board_geometry_pixel_to_point (&g, self->press_x + dx, self->press_y + dy);
      KzMove move;
      KzError error = { 0 };
      KzInputResult result;

      self->dragging = FALSE;
      self->press_point = KZ_NO_POINT;
      if (self->editing)
        {
          gtk_widget_queue_draw (GTK_WIDGET (self));
          if (to != from)
            kz_board_view_emit_point_edited (self, from, to);
          return;
        }
      if (to == KZ_NO_POINT || to == from)
        {
          gtk_widget_queue_draw (GTK_WIDGET (self));
          return;
        }
      if (!check_interactive (self))
        return;
      result = kz_board_input_drop (self->input, from, to, &move, &error);
      handle_result (self, result, &move, &error);
      return;
    }
  self->press_point = KZ_NO_POINT;
  if (self->long_pressed)
    {
      /* The press opened the piece menu: it was no click. */
      self->long_pressed = FALSE;
      return;
    }
  if (hypot (dx, dy) < 8)
    {
      if (from != KZ_NO_POINT && self->points[from] != NULL)
        {
          self->focus_point = from;
          gtk_widget_grab_focus (self->points[from]);
        }
      kz_board_view_click_point (self, from);
    }
}

/* ---- the piece menu ---- */

/* The side and troop of the piece on sq; FALSE when none stands there
 * (or its troop is unknown: a position set up without piece ids). */
static gboolean
troop_at (KzBoardView *self, int sq, int *side, int *troop)
{
  const KzPiece *piece;
  int on;

  if (!kz_point_valid (sq))
    return FALSE;
  on = kz_position_piece_at (&self->state.pos, sq);
  piece = &self->state.pieces[sq];
  if (on < 0 || piece->side != on || piece->troop < 0)
    return FALSE;
  if (side)
    *side = on;
  if (troop)
    *troop = piece->troop;
  return TRUE;
}

gboolean
kz_board_view_popup_piece_menu (KzBoardView *self,
                                int          sq)
{
  g_autoptr (GMenu) menu = NULL;
  g_autoptr (GMenuItem) item = NULL;
  KzBoardGeometry g;
  double x, y, radius;
  int side, troop;

  g_return_val_if_fail (KZ_IS_BOARD_VIEW (self), FALSE);
  if (self->dragging || !troop_at (self, sq, &side, &troop))
    return FALSE;
  menu = g_menu_new ();
  item = g_menu_item_new (_("_Who Is This?"), NULL);
  g_menu_item_set_action_and_target_value (item, "app.show-troop",
                                           g_variant_new ("(ii)", side, troop));
  g_menu_append_item (menu, item);
  if (self->piece_menu == NULL)
    {
      self->piece_menu = gtk_popover_menu_new_from_model (G_MENU_MODEL (menu));
      gtk_popover_set_has_arrow (GTK_POPOVER (self->piece_menu), TRUE);
      gtk_widget_set_parent (self->piece_menu, GTK_WIDGET (self));
    }
  else
    gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->piece_menu), G_MENU_MODEL (menu));
  kz_board_view_geometry (self, &g);
  kz_board_geometry_point_to_pixel (&g, sq, &x, &y);
  radius = kz_board_geometry_piece_radius (&g);
  gtk_popover_set_pointing_to (GTK_POPOVER (self->piece_menu),
                               &(GdkRectangle) { (int) (x - radius), (int) (y - radius),
                                                 MAX (1, (int) (2 * radius)),
                                                 MAX (1, (int) (2 * radius)) });
  gtk_popover_popup (GTK_POPOVER (self->piece_menu));
  return TRUE;
}

GtkWidget *
kz_board_view_get_piece_menu (KzBoardView *self)
{
  g_return_val_if_fail (KZ_IS_BOARD_VIEW (self), NULL);
  return self->piece_menu;
}

static int
point_at (KzBoardView *self, double x, double y)
{
  KzBoardGeometry g;

  kz_board_view_geometry (self, &g);
  return kz_board_geometry_pixel_to_point (&g, x, y);
}

static void
secondary_pressed (GtkGestureClick *gesture,
                   int              n_press,
                   double           x,
                   double           y,
                   KzBoardView     *self)
{
  if (kz_board_view_popup_piece_menu (self, point_at (self, x, y)))
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
long_pressed (GtkGestureLongPress *gesture,
              double               x,
              double               y,
              KzBoardView         *self)
{
  if (kz_board_view_popup_piece_menu (self, point_at (self, x, y)))
    self->long_pressed = TRUE;
}

/* The piece legend: a piece's or a standing flag's name on hover. */
char *
kz_board_view_dup_legend (KzBoardView *self,
                          int          sq)
{
  g_autofree char *text = NULL;

  g_return_val_if_fail (KZ_IS_BOARD_VIEW (self), NULL);
  if (!kz_point_valid (sq))
    return NULL;
  /* Only pieces and standing flags: an empty point says nothing new. */
  if (kz_position_free_points (&self->state.pos) & KZ_BIT (sq))
    return NULL;
  text = kz_board_describe_point (&self->state, sq);
  if (troop_at (self, sq, NULL, NULL))
    /* The legend names the troop ("c1, Cossack piece, Hetman"); its
     * story is one click away. */
    return g_strdup_printf ("%s\n%s", text, _("Right-click: Who Is This?"));
  return g_steal_pointer (&text);
}

gboolean
kz_board_view_query_tooltip (GtkWidget  *widget,
                             int         x,
                             int         y,
                             gboolean    keyboard,
                             GtkTooltip *tooltip)
{
  KzBoardView *self = KZ_BOARD_VIEW (widget);
  KzBoardGeometry g;
  g_autofree char *text = NULL;

  if (self->dragging || self->animating)
    return FALSE;
  kz_board_view_geometry (self, &g);
  text = kz_board_view_dup_legend (self, keyboard ? self->focus_point
                                                  : kz_board_geometry_pixel_to_point (&g, x, y));
  if (text == NULL)
    return FALSE;
  gtk_tooltip_set_text (tooltip, text);
  return TRUE;
}

/* A hand over what can be clicked: movable pieces and targets. */
static void
pointer_motion (GtkEventControllerMotion *controller,
                double                    x,
                double                    y,
                KzBoardView              *self)
{
  KzBoardGeometry g;
  int sq;
  gboolean clickable = FALSE;

  kz_board_view_geometry (self, &g);
  sq = kz_board_geometry_pixel_to_point (&g, x, y);
  if (sq != KZ_NO_POINT && self->interactive && !self->animating)
    {
      KzBits bits = kz_board_input_get_movable (self->input) | kz_board_input_get_targets (self->input);
      clickable = (bits & KZ_BIT (sq)) != 0 || kz_board_input_can_stop (self->input);
    }
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), clickable ? "pointer" : NULL);
}

static gboolean
key_pressed (GtkEventControllerKey *controller,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             KzBoardView           *self)
{
  KzBoardGeometry g;
  int dir = -1;

  if (state & (GDK_CONTROL_MASK | GDK_ALT_MASK))
    return FALSE;
  self->keyboard_mode = TRUE;
  kz_board_view_geometry (self, &g);
  switch (keyval)
    {
    case GDK_KEY_Up: case GDK_KEY_KP_Up: dir = KZ_BOARD_UP; break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: dir = KZ_BOARD_DOWN; break;
    case GDK_KEY_Left: case GDK_KEY_KP_Left: dir = KZ_BOARD_LEFT; break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: dir = KZ_BOARD_RIGHT; break;
    case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_space: case GDK_KEY_KP_Space:
      kz_board_view_click_point (self, self->focus_point);
      return TRUE;
    case GDK_KEY_Menu:
      return kz_board_view_popup_piece_menu (self, self->focus_point);
    case GDK_KEY_F10:
      if (!(state & GDK_SHIFT_MASK))
        return FALSE;
      return kz_board_view_popup_piece_menu (self, self->focus_point);
    case GDK_KEY_Escape:
      if (kz_board_input_get_selected (self->input) == KZ_NO_POINT)
        return FALSE;
      kz_board_view_cancel_input (self);
      return TRUE;
    default:
      return FALSE;
    }
  self->focus_point = kz_board_geometry_step (&g, self->focus_point, (KzBoardDirection) dir);
  if (self->points[self->focus_point] != NULL)
    gtk_widget_grab_focus (self->points[self->focus_point]);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  return TRUE;
}

void
kz_board_view_input_init (KzBoardView *self)
{
  GtkGesture *drag;
  GtkEventController *keys, *focus, *motion;

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

  /* The piece menu: the secondary button, or a long press on a touch screen. */
  {
    GtkGesture *secondary = gtk_gesture_click_new ();
    GtkGesture *hold = gtk_gesture_long_press_new ();

    gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (secondary), GDK_BUTTON_SECONDARY);
    g_signal_connect (secondary, "pressed", G_CALLBACK (secondary_pressed), self);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (secondary));
    gtk_gesture_single_set_touch_only (GTK_GESTURE_SINGLE (hold), TRUE);
    g_signal_connect (hold, "pressed", G_CALLBACK (long_pressed), self);
    gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (hold));
  }

  focus = gtk_event_controller_focus_new ();
  g_signal_connect_swapped (focus, "enter", G_CALLBACK (gtk_widget_queue_draw), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (gtk_widget_queue_draw), self);
  gtk_widget_add_controller (GTK_WIDGET (self), focus);

  motion = gtk_event_controller_motion_new ();
  g_signal_connect (motion, "motion", G_CALLBACK (pointer_motion), self);
  gtk_widget_add_controller (GTK_WIDGET (self), motion);

  keys = gtk_event_controller_key_new ();
  g_signal_connect (keys, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
}

const KzError *
kz_board_view_get_refusal (KzBoardView *self)
{
  g_return_val_if_fail (KZ_IS_BOARD_VIEW (self), NULL);
  return &self->refusal;
}
