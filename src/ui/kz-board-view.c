/* kz-board-view.c — the Kazaki board, drawn with Cairo.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

#include "kz-board-geometry.h"
#include "kz-board-input.h"
#include "kz-board-painter.h"
#include "kz-board-point.h"
#include "kz-board-view.h"

struct _KzBoardView {
  GtkWidget     parent_instance;

  KzBoardState  state;
  KzBoardInput *input;

  gboolean      flipped;
  gboolean      show_coordinates;
  gboolean      interactive;
  guint         animation_duration;
  int           focus_point;

  /* Animation of state.last_move from `before`. */
  gboolean      animating;
  KzBoardState  before;
  gint64        anim_start;
  guint         anim_segment;   /* milliseconds per step or jump */
  guint         tick_id;
  double        anim_progress;  /* in segments */

  /* Dragging a piece. */
  int           press_point;
  double        press_x, press_y;
  gboolean      dragging;
  double        drag_x, drag_y;

  /* The focus ring shows once the keyboard is used, until a click. */
  gboolean      keyboard_mode;

  /* A suggested move (kz_board_view_show_hint), shown until the
   * selection leaves its piece or the position changes. */
  KzMove        hint;
  gboolean      has_hint;

  AdwStyleManager *style_manager;

  /* For assistive technologies: a child widget over each point (the
   * keyboard focus moves between them) and a label that says what
   * happened (the last move, the end of the game). */
  GtkWidget    *points[KZ_GRID_SIZE];
  GtkWidget    *live;
};

G_DEFINE_FINAL_TYPE (KzBoardView, kz_board_view, GTK_TYPE_WIDGET)

enum {
  PROP_0,
  PROP_FLIPPED,
  PROP_SHOW_COORDINATES,
  PROP_INTERACTIVE,
  PROP_ANIMATION_DURATION,
  PROP_ANIMATING,
  N_PROPS
};

enum {
  SIGNAL_MOVE_CHOSEN,
  SIGNAL_MESSAGE,
  SIGNAL_ANIMATION_DONE,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static void update_accessible (KzBoardView *self);

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

/* ---- drawing --------------------------------------------------------- */

static const KzBoardPalette *
palette (KzBoardView *self)
{
  return kz_board_palette_for (adw_style_manager_get_dark (self->style_manager),
                               adw_style_manager_get_high_contrast (self->style_manager));
}

static void
set_rgba (cairo_t *cr, const KzRgba *c)
{
  cairo_set_source_rgba (cr, c->r, c->g, c->b, c->a);
}

static void
geometry (KzBoardView *self, KzBoardGeometry *g)
{
  kz_board_geometry_init (g, gtk_widget_get_width (GTK_WIDGET (self)),
                          gtk_widget_get_height (GTK_WIDGET (self)), self->flipped);
}

static void
pixel (const KzBoardGeometry *g, int sq, double *x, double *y)
{
  kz_board_geometry_point_to_pixel (g, sq, x, y);
}

/* The state drawn right now: during an animation, the position before
 * the move without the moving piece and with the pieces captured so far
 * removed. */
static void
displayed_pieces (KzBoardView *self, KzPiece pieces[KZ_GRID_SIZE], gboolean standing[2],
                  KzPiece *mover, double *mx, double *my, const KzBoardGeometry *g)
{
  const KzMove *m = &self->state.last_move;

  if (!self->animating)
    {
      memcpy (pieces, self->state.pieces, sizeof self->state.pieces);
      for (int f = 0; f < 2; f++)
        standing[f] = self->state.pos.flag[f] == KZ_FLAG_HOME;
      mover->side = -1;
      return;
    }

  memcpy (pieces, self->before.pieces, sizeof self->before.pieces);
  for (int f = 0; f < 2; f++)
    standing[f] = self->before.pos.flag[f] == KZ_FLAG_HOME;
  *mover = pieces[m->from];
  pieces[m->from] = (KzPiece) { KZ_NO_PIECE, -1, -1, 0 };

  {
    int n_segments = MAX (1, m->n_jumps);
    double t = CLAMP (self->anim_progress, 0, n_segments);
    int seg = MIN ((int) floor (t), n_segments - 1);
    double frac = t - seg;
    int a, b;
    double ax, ay, bx, by;

    /* captured so far: every jump whose midpoint has been passed */
    for (int i = 0; i < m->n_jumps; i++)
      {
        int from = i == 0 ? m->from : m->path[i - 1];
        int over = kz_jump_over (from, m->path[i]);
        if (over == KZ_NO_POINT || t < i + 0.5)
          continue;
        if (pieces[over].side >= 0)
          {
            mover->flags |= pieces[over].flags;
            pieces[over] = (KzPiece) { KZ_NO_PIECE, -1, -1, 0 };
          }
        for (int f = 0; f < 2; f++)
          if (over == kz_centre ((KzSide) f) && standing[f])
            {
              standing[f] = FALSE;
              mover->flags |= 1u << f;
            }
      }
    a = seg == 0 ? m->from : m->path[seg - 1];
    b = m->n_jumps == 0 ? m->to : m->path[seg];
    pixel (g, a, &ax, &ay);
    pixel (g, b, &bx, &by);
    /* ease in and out */
    frac = frac * frac * (3 - 2 * frac);
    *mx = ax + (bx - ax) * frac;
    *my = ay + (by - ay) * frac;
  }
}

/* The suggested move of a hint: a dashed path from the piece to where
 * it ends, a ring on each landing point. */
static void
draw_hint (cairo_t *cr, const KzBoardGeometry *g, const KzBoardPalette *p, const KzMove *m)
{
  double u = g->unit, x, y;
  int n = MAX (1, m->n_jumps);

  cairo_save (cr);
  set_rgba (cr, &p->target);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_width (cr, 0.07 * u);
  cairo_set_dash (cr, (double[]) { 0.15 * u, 0.10 * u }, 2, 0);
  pixel (g, m->from, &x, &y);
  cairo_move_to (cr, x, y);
  for (int i = 0; i < n; i++)
    {
      pixel (g, m->n_jumps ? m->path[i] : m->to, &x, &y);
      cairo_line_to (cr, x, y);
    }
  cairo_stroke (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  for (int i = 0; i < n; i++)
    {
      pixel (g, m->n_jumps ? m->path[i] : m->to, &x, &y);
      cairo_arc (cr, x, y, (i == n - 1 ? 0.30 : 0.22) * u, 0, 2 * G_PI);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static void
kz_board_view_snapshot (GtkWidget   *widget,
                        GtkSnapshot *snapshot)
{
  KzBoardView *self = KZ_BOARD_VIEW (widget);
  const KzBoardPalette *p = palette (self);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  KzBoardGeometry g;
  cairo_t *cr;
  double u, radius, x, y;
  KzPiece pieces[KZ_GRID_SIZE], mover;
  gboolean standing[2];
  double mx = 0, my = 0;
  KzBits targets, must;
  int selected;
  const uint8_t *path;
  int n_path;

  if (width <= 0 || height <= 0)
    return;
  geometry (self, &g);
  u = g.unit;
  radius = kz_board_geometry_piece_radius (&g);

  cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));

  /* The same layers as kz_board_paint(), with the selection, the targets,
   * the hint and the moving piece between them. */
  kz_board_paint_ground (cr, &g, p, self->show_coordinates);
  displayed_pieces (self, pieces, standing, &mover, &mx, &my, &g);
  if (self->state.has_last_move && !self->animating)
    kz_board_paint_last_move (cr, &g, p, &self->state.last_move);
  for (int f = 0; f < 2; f++)
    if (standing[f])
      kz_board_paint_standing_flag (cr, &g, p, (KzSide) f);

  selected = self->animating ? KZ_NO_POINT : kz_board_input_get_selected (self->input);
  n_path = kz_board_input_get_path (self->input, &path);
  targets = self->animating ? 0 : kz_board_input_get_targets (self->input);
  must = self->animating || !self->interactive ? 0 : kz_board_input_get_must_capture (self->input);

  /* the partial chain clicked so far */
  if (selected != KZ_NO_POINT && n_path > 0)
    {
      set_rgba (cr, &p->select);
      cairo_set_line_width (cr, 0.07 * u);
      cairo_set_dash (cr, (double[]) { 0.15 * u, 0.10 * u }, 2, 0);
      pixel (&g, selected, &x, &y);
      cairo_move_to (cr, x, y);
      for (int i = 0; i < n_path; i++)
        {
          pixel (&g, path[i], &x, &y);
          cairo_line_to (cr, x, y);
        }
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      for (int i = 0; i < n_path; i++)
        {
          pixel (&g, path[i], &x, &y);
          cairo_arc (cr, x, y, radius * 0.9, 0, 2 * G_PI);
          cairo_stroke (cr);
        }
    }

  /* pieces */
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    {
      if (!kz_point_valid (sq) || pieces[sq].side < 0)
        continue;
      if (self->dragging && sq == self->press_point)
        continue;
      pixel (&g, sq, &x, &y);
      if (must & KZ_BIT (sq))
        {
          cairo_arc (cr, x, y, radius * 1.16, 0, 2 * G_PI);
          set_rgba (cr, &p->must);
          cairo_set_line_width (cr, 0.06 * u * p->weight);
          cairo_stroke (cr);
        }
      if (sq == selected)
        {
          cairo_arc (cr, x, y, radius * 1.2, 0, 2 * G_PI);
          set_rgba (cr, &p->select);
          cairo_set_line_width (cr, 0.09 * u * p->weight);
          cairo_stroke (cr);
        }
      kz_board_paint_piece (cr, x, y, radius, &pieces[sq], p, sq == selected);
    }

  /* legal targets of the selection */
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    if (targets & KZ_BIT (sq))
      {
        pixel (&g, sq, &x, &y);
        set_rgba (cr, &p->target);
        cairo_arc (cr, x, y, 0.15 * u, 0, 2 * G_PI);
        cairo_fill (cr);
      }
  /* a chain that may stop here: mark the last landing point */
  if (!self->animating && kz_board_input_can_stop (self->input))
    {
      pixel (&g, path[n_path - 1], &x, &y);
      set_rgba (cr, &p->target);
      cairo_set_line_width (cr, 0.06 * u);
      cairo_arc (cr, x, y, 0.22 * u, 0, 2 * G_PI);
      cairo_stroke (cr);
    }

  /* the hint, over the pieces it jumps */
  if (self->has_hint && !self->animating)
    draw_hint (cr, &g, p, &self->hint);

  /* the moving piece */
  if (self->animating && mover.side >= 0)
    kz_board_paint_piece (cr, mx, my, radius * 1.05, &mover, p, TRUE);
  if (self->dragging && self->press_point != KZ_NO_POINT &&
      pieces[self->press_point].side >= 0)
    kz_board_paint_piece (cr, self->drag_x, self->drag_y, radius * 1.1,
                          &pieces[self->press_point], p, TRUE);

  /* the keyboard focus ring */
  if (self->keyboard_mode && kz_point_valid (self->focus_point) &&
      self->points[self->focus_point] != NULL && gtk_widget_has_focus (self->points[self->focus_point]))
    {
      pixel (&g, self->focus_point, &x, &y);
      set_rgba (cr, &p->focus);
      cairo_set_line_width (cr, MAX (2.0, 0.05 * u * p->weight));
      cairo_set_dash (cr, (double[]) { 0.12 * u, 0.08 * u }, 2, 0);
      cairo_arc (cr, x, y, radius * 1.38, 0, 2 * G_PI);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

  cairo_destroy (cr);
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
  update_accessible (self);
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

/* ---- input ----------------------------------------------------------- */

static void
emit_message (KzBoardView *self, const char *message, gboolean refusal)
{
  g_signal_emit (self, signals[SIGNAL_MESSAGE], 0, message, refusal);
}

/* ---- accessibility --------------------------------------------------- */

static const char *
side_name (int side)
{
  return side == KZ_COSSACKS ? _("Cossacks") : _("Turks");
}

static const char *
flag_name (int flag)
{
  return flag == KZ_COSSACKS ? _("the Cossack flag") : _("the Turkish flag");
}

/* "c4, Cossack piece, Hetman", "c8, Turkish flag", "e5, empty". */
char *
kz_board_describe_point (const KzBoardState *state,
                         int                 sq)
{
  const KzPiece *piece = &state->pieces[sq];
  int side = kz_position_piece_at (&state->pos, sq);
  g_autoptr (GString) text = g_string_new (NULL);

  if (side >= 0)
    {
      if (side == KZ_COSSACKS)
        /* Translators: the name of a point for a screen reader, e.g. "c4, Cossack piece" */
        g_string_printf (text, _("%s, Cossack piece"), kz_point_name (sq));
      else
        /* Translators: the name of a point for a screen reader, e.g. "c6, Turkish piece" */
        g_string_printf (text, _("%s, Turkish piece"), kz_point_name (sq));
      if (piece->side == side && piece->troop >= 0)
        g_string_append_printf (text, ", %s", kz_troop_describe ((KzTroop) piece->troop, (KzSide) side));
      for (int f = 0; f < 2; f++)
        if (state->pos.flag[f] == sq)
          /* Translators: added to a piece's name: "…, carrying the Turkish flag" */
          g_string_append_printf (text, _(", carrying %s"), flag_name (f));
    }
  else if (sq == kz_centre (KZ_COSSACKS) && state->pos.flag[KZ_COSSACKS] == KZ_FLAG_HOME)
    /* Translators: the name of a point for a screen reader */
    g_string_printf (text, _("%s, Cossack flag"), kz_point_name (sq));
  else if (sq == kz_centre (KZ_TURKS) && state->pos.flag[KZ_TURKS] == KZ_FLAG_HOME)
    /* Translators: the name of a point for a screen reader */
    g_string_printf (text, _("%s, Turkish flag"), kz_point_name (sq));
  else
    /* Translators: the name of a point for a screen reader, e.g. "e5, empty" */
    g_string_printf (text, _("%s, empty"), kz_point_name (sq));
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* "a4", "a4 and c3", "a4, c3 and e5". */
static char *
join_points (const int *points, int n)
{
  g_autoptr (GString) list = g_string_new (NULL);

  for (int i = 0; i < n - 1; i++)
    {
      if (i > 0)
        g_string_append (list, ", ");
      g_string_append (list, kz_point_name (points[i]));
    }
  if (n == 1)
    return g_strdup (kz_point_name (points[0]));
  /* Translators: the last two items of a list of points, e.g. "a4 and c3" */
  return g_strdup_printf (_("%s and %s"), list->str, kz_point_name (points[n - 1]));
}

char *
kz_board_describe_move (const KzBoardState *before,
                        const KzBoardState *after)
{
  const KzMove *m = &after->last_move;
  int side = before->pos.side;
  int captured[KZ_MAX_CHAIN];
  int n_captured = 0;
  g_autoptr (GString) text = g_string_new (NULL);

  if (!after->has_last_move)
    return NULL;
  for (int i = 0; i < m->n_jumps; i++)
    {
      int over = kz_jump_over (i == 0 ? m->from : m->path[i - 1], m->path[i]);
      if (over != KZ_NO_POINT && (m->captured & KZ_BIT (over)))
        captured[n_captured++] = over;
    }
  if (n_captured > 0)
    {
      g_autofree char *list = join_points (captured, n_captured);
      /* Translators: a move for a screen reader, e.g. "Turks: b6 takes a4 and c3" */
      g_string_printf (text, _("%s: %s takes %s"), side_name (side), kz_point_name (m->from), list);
      if (m->to != m->from)
        /* Translators: where a capturing piece ends, e.g. ", lands on c5" */
        g_string_append_printf (text, _(", lands on %s"), kz_point_name (m->to));
    }
  else if (m->n_jumps > 0)
    /* Translators: a move for a screen reader: a jump over a flag, e.g. "Turks: c7 jumps to c9" */
    g_string_printf (text, _("%s: %s jumps to %s"), side_name (side), kz_point_name (m->from),
                     kz_point_name (m->to));
  else
    /* Translators: a move for a screen reader, e.g. "Cossacks: c4 to c5" */
    g_string_printf (text, _("%s: %s to %s"), side_name (side), kz_point_name (m->from),
                     kz_point_name (m->to));
  g_string_append (text, ". ");

  for (int f = 0; f < 2; f++)
    {
      int was = before->pos.flag[f], now = after->pos.flag[f];
      if (now == was || now == KZ_FLAG_HOME || kz_position_piece_at (&after->pos, now) != side)
        continue;
      if (f == side)
        /* Translators: e.g. "Cossacks win back their flag." */
        g_string_append_printf (text, _("%s win back their flag. "), side_name (side));
      else if (side == KZ_COSSACKS)
        g_string_append (text, _("Cossacks take the Turkish flag. "));
      else
        g_string_append (text, _("Turks take the Cossack flag. "));
    }
  if (kz_position_flag_delivered (&after->pos))
    g_string_append (text, side == KZ_COSSACKS ? _("Cossacks bring the Turkish flag home. ")
                                               : _("Turks bring the Cossack flag home. "));
  else
    for (int s = 0; s < 2; s++)
      {
        int carrier = after->pos.flag[1 - s];
        if (carrier != KZ_FLAG_HOME && kz_position_piece_at (&after->pos, carrier) == s &&
            kz_adjacent (carrier, kz_centre ((KzSide) s)))
          g_string_append_printf (text, s == KZ_COSSACKS
                                  /* Translators: a warning for a screen reader, %s is a point */
                                  ? _("The Cossack carrier on %s is one step from home. ")
                                  /* Translators: a warning for a screen reader, %s is a point */
                                  : _("The Turkish carrier on %s is one step from home. "),
                                  kz_point_name (carrier));
      }
  g_strchomp (text->str);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* Names and states of the points, after any change of the position or
 * of the selection. */
static void
update_accessible (KzBoardView *self)
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

static void
changed (KzBoardView *self)
{
  update_accessible (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
kz_board_view_announce (KzBoardView *self,
                        const char  *text)
{
  g_return_if_fail (KZ_IS_BOARD_VIEW (self));
  if (text == NULL || *text == '\0')
    return;
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
        emit_message (self, NULL, FALSE);
        g_signal_emit (self, signals[SIGNAL_MOVE_CHOSEN], 0, &copy);
      }
      break;
    case KZ_INPUT_REFUSED:
      {
        g_autofree char *text = kz_board_input_describe_error (error);
        emit_message (self, text, TRUE);
      }
      break;
    case KZ_INPUT_PARTIAL:
      {
        const uint8_t *path;
        int n = kz_board_input_get_path (self->input, &path);
        g_autofree char *text = NULL;
        if (kz_board_input_can_stop (self->input))
          /* Translators: %s is a point such as c7 */
          text = g_strdup_printf (_("Jump on, or click %s again to stop there"), kz_point_name (path[n - 1]));
        else
          text = g_strdup (_("The capture goes on: click the next landing point"));
        emit_message (self, text, FALSE);
      }
      break;
    case KZ_INPUT_SELECTED:
    case KZ_INPUT_DESELECTED:
      emit_message (self, NULL, FALSE);
      break;
    case KZ_INPUT_IGNORED:
    default:
      break;
    }
  changed (self);
}

static gboolean
check_interactive (KzBoardView *self)
{
  if (self->animating)
    stop_animation (self);
  if (!self->interactive)
    {
      if (kz_board_input_get_moves (self->input)->count == 0)
        emit_message (self, _("The game is over"), TRUE);
      else
        emit_message (self, _("Wait for the computer's move"), TRUE);
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

  stop_animation (self);
  kz_board_input_cancel (self->input);
  self->has_hint = FALSE;
  if (kz_board_input_click (self->input, move->from, &chosen, &error) == KZ_INPUT_SELECTED)
    {
      self->hint = *move;
      self->has_hint = TRUE;
    }
  emit_message (self, NULL, FALSE);
  changed (self);
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
  emit_message (self, NULL, FALSE);
  changed (self);
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

  geometry (self, &g);
  self->press_point = kz_board_geometry_pixel_to_point (&g, x, y);
  self->press_x = x;
  self->press_y = y;
  self->dragging = FALSE;
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
          update_accessible (self);
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

  geometry (self, &g);
  if (self->dragging)
    {
      int to = kz_board_geometry_pixel_to_point (&g, self->press_x + dx, self->press_y + dy);
      KzMove move;
      KzError error = { 0 };
      KzInputResult result;

      self->dragging = FALSE;
      self->press_point = KZ_NO_POINT;
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

/* The piece legend: a piece's or a standing flag's name on hover. */
static gboolean
kz_board_view_query_tooltip (GtkWidget  *widget,
                             int         x,
                             int         y,
                             gboolean    keyboard,
                             GtkTooltip *tooltip)
{
  KzBoardView *self = KZ_BOARD_VIEW (widget);
  KzBoardGeometry g;
  int sq;
  g_autofree char *text = NULL;

  if (self->dragging || self->animating)
    return FALSE;
  geometry (self, &g);
  sq = keyboard ? self->focus_point : kz_board_geometry_pixel_to_point (&g, x, y);
  if (!kz_point_valid (sq))
    return FALSE;
  /* Only pieces and standing flags: an empty point says nothing new. */
  if (kz_position_free_points (&self->state.pos) & KZ_BIT (sq))
    return FALSE;
  text = kz_board_describe_point (&self->state, sq);
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

  geometry (self, &g);
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
  geometry (self, &g);
  switch (keyval)
    {
    case GDK_KEY_Up: case GDK_KEY_KP_Up: dir = KZ_BOARD_UP; break;
    case GDK_KEY_Down: case GDK_KEY_KP_Down: dir = KZ_BOARD_DOWN; break;
    case GDK_KEY_Left: case GDK_KEY_KP_Left: dir = KZ_BOARD_LEFT; break;
    case GDK_KEY_Right: case GDK_KEY_KP_Right: dir = KZ_BOARD_RIGHT; break;
    case GDK_KEY_Return: case GDK_KEY_KP_Enter: case GDK_KEY_space: case GDK_KEY_KP_Space:
      kz_board_view_click_point (self, self->focus_point);
      return TRUE;
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
  changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_INTERACTIVE]);
}

gboolean
kz_board_view_get_interactive (KzBoardView *self)
{
  g_return_val_if_fail (KZ_IS_BOARD_VIEW (self), FALSE);
  return self->interactive;
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
      pixel (&g, sq, &x, &y);
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
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_MOVE_CHOSEN] =
    g_signal_new ("move-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  signals[SIGNAL_MESSAGE] =
    g_signal_new ("message", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_STRING, G_TYPE_BOOLEAN);
  signals[SIGNAL_ANIMATION_DONE] =
    g_signal_new ("animation-done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_css_name (widget_class, "kz-board");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_GRID);
}

static void
kz_board_view_init (KzBoardView *self)
{
  GtkGesture *drag;
  GtkEventController *keys, *focus, *motion;

  self->input = kz_board_input_new ();
  kz_position_init_start (&self->state.pos);
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    self->state.pieces[sq] = (KzPiece) { KZ_NO_PIECE, -1, -1, 0 };
  self->show_coordinates = TRUE;
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
  update_accessible (self);
  gtk_widget_set_focus_on_click (GTK_WIDGET (self), TRUE);
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);

  drag = gtk_gesture_drag_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (drag), GDK_BUTTON_PRIMARY);
  g_signal_connect (drag, "drag-begin", G_CALLBACK (drag_begin), self);
  g_signal_connect (drag, "drag-update", G_CALLBACK (drag_update), self);
  g_signal_connect (drag, "drag-end", G_CALLBACK (drag_end), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (drag));

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

  self->style_manager = adw_style_manager_get_default ();
  g_signal_connect_swapped (self->style_manager, "notify::dark", G_CALLBACK (dark_changed), self);
  g_signal_connect_swapped (self->style_manager, "notify::high-contrast", G_CALLBACK (dark_changed), self);
}

GtkWidget *
kz_board_view_new (void)
{
  return g_object_new (KZ_TYPE_BOARD_VIEW, NULL);
}
