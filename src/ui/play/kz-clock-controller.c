/* kz-clock-controller.c — the clocks of the game played and when they
 * stop (KzClockController).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "kz-clock-controller.h"

struct _KzClockController {
  GObject      parent_instance;

  /* the widgets it shows the pause in (kz-window.ui) */
  GtkWidget   *pause_box;      /* in the header, shown for a timed game */
  GtkWidget   *pause_button;
  GtkWidget   *paused_page;    /* over the board while paused */
  GtkWidget   *resume_button;
  GtkWidget   *board;          /* hidden while paused */

  KzGame      *game;
  KzGameClock *clock;          /* NULL without a time control */
  gboolean     paused;         /* by the player */
  gboolean     interrupted;    /* a dialog over the window, minimised, or held */
  gboolean     held;           /* by the window (kz_clock_controller_set_held()) */
  GtkWindow   *window;         /* watched; not a reference */
  GdkSurface  *surface;        /* the window's, whose state says minimised */
};

G_DEFINE_FINAL_TYPE (KzClockController, kz_clock_controller, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_CLOCK,
  PROP_PAUSED,
  PROP_PAUSE_BOX,
  PROP_PAUSE_BUTTON,
  PROP_PAUSED_PAGE,
  PROP_RESUME_BUTTON,
  PROP_BOARD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_HALTED_CHANGED,
  SIGNAL_TICK,
  SIGNAL_LOW_TIME,
  SIGNAL_RUNNING_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* ---- the clock ----------------------------------------------------------- */

static void
clock_tick (KzClockController *self)
{
  g_signal_emit (self, signals[SIGNAL_TICK], 0);
}

static void
clock_low_time (KzClockController *self, KzSide side)
{
  g_signal_emit (self, signals[SIGNAL_LOW_TIME], 0, side);
}

static void
clock_running_changed (KzClockController *self)
{
  g_signal_emit (self, signals[SIGNAL_RUNNING_CHANGED], 0);
}

void
kz_clock_controller_set_game (KzClockController *self, KzGame *game)
{
  g_return_if_fail (KZ_IS_CLOCK_CONTROLLER (self));
  if (self->clock)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  g_clear_object (&self->clock);
  g_set_object (&self->game, game);
  /* A new game is not paused. */
  if (self->paused)
    {
      self->paused = FALSE;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
    }
  if (game != NULL)
    self->clock = kz_game_clock_new (game);
  if (self->clock)
    {
      g_signal_connect_swapped (self->clock, "tick", G_CALLBACK (clock_tick), self);
      g_signal_connect_swapped (self->clock, "low-time", G_CALLBACK (clock_low_time), self);
      g_signal_connect_swapped (self->clock, "notify::running", G_CALLBACK (clock_running_changed),
                                self);
      /* A flag falling ends the game: the window hears it from the game. */
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CLOCK]);
  clock_running_changed (self);
}

KzGameClock *
kz_clock_controller_get_clock (KzClockController *self)
{
  g_return_val_if_fail (KZ_IS_CLOCK_CONTROLLER (self), NULL);
  return self->clock;
}

/* ---- pausing ------------------------------------------------------------- */

static gboolean
timed (KzClockController *self)
{
  return self->clock != NULL && self->game != NULL && !kz_game_is_over (self->game);
}

gboolean
kz_clock_controller_is_halted (KzClockController *self)
{
  g_return_val_if_fail (KZ_IS_CLOCK_CONTROLLER (self), FALSE);
  return timed (self) && (self->paused || self->interrupted);
}

gboolean
kz_clock_controller_get_paused (KzClockController *self)
{
  g_return_val_if_fail (KZ_IS_CLOCK_CONTROLLER (self), FALSE);
  return self->paused;
}

void
kz_clock_controller_set_paused (KzClockController *self, gboolean paused)
{
  g_return_if_fail (KZ_IS_CLOCK_CONTROLLER (self));
  gboolean was = kz_clock_controller_is_halted (self);

  paused = paused && timed (self);
  if (paused == self->paused)
    return;
  self->paused = paused;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
  if (was != kz_clock_controller_is_halted (self))
    g_signal_emit (self, signals[SIGNAL_HALTED_CHANGED], 0);
}

void
kz_clock_controller_update (KzClockController *self, gboolean offered, gboolean in_header,
                            gboolean stopped)
{
  g_return_if_fail (KZ_IS_CLOCK_CONTROLLER (self));
  gboolean shown = offered && self->paused;

  if (self->pause_box)
    gtk_widget_set_visible (self->pause_box, offered && in_header);
  if (self->pause_button)
    {
      gtk_button_set_icon_name (GTK_BUTTON (self->pause_button),
                                self->paused ? "media-playback-start-symbolic"
                                             : "media-playback-pause-symbolic");
      gtk_widget_set_tooltip_text (self->pause_button,
                                   self->paused ? _("Resume the Game (Ctrl+P)")
                                                : _("Pause the Clocks (Ctrl+P)"));
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->pause_button),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL,
                                      self->paused ? _("Resume the Game") : _("Pause the Clocks"),
                                      -1);
    }
  if (self->paused_page && gtk_widget_get_visible (self->paused_page) != shown)
    {
      gboolean had_focus = self->resume_button && gtk_widget_has_focus (self->resume_button);

      gtk_widget_set_visible (self->paused_page, shown);
      /* Hidden, not only covered: nobody studies the position meanwhile. */
      if (self->board)
        {
          gtk_widget_set_opacity (self->board, shown ? 0.0 : 1.0);
          gtk_widget_set_can_target (self->board, !shown);
          gtk_accessible_update_state (GTK_ACCESSIBLE (self->board),
                                       GTK_ACCESSIBLE_STATE_HIDDEN, shown, -1);
        }
      if (shown && self->resume_button)
        gtk_widget_grab_focus (self->resume_button);
      else if (had_focus && self->board)
        gtk_widget_grab_focus (self->board);
    }
  if (self->clock)
    kz_game_clock_set_paused (self->clock, stopped || kz_clock_controller_is_halted (self));
}

GtkWidget *
kz_clock_controller_get_resume_widget (KzClockController *self)
{
  g_return_val_if_fail (KZ_IS_CLOCK_CONTROLLER (self), NULL);
  return self->paused_page && gtk_widget_get_visible (self->paused_page)
         ? self->resume_button : NULL;
}

/* ---- interruptions: dialogs, a minimised window --------------------------- */

static gboolean
dialog_over_window (KzClockController *self)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  if (self->window == NULL)
    return FALSE;
#if ADW_CHECK_VERSION (1, 5, 0)
  if (ADW_IS_APPLICATION_WINDOW (self->window)
      && adw_application_window_get_visible_dialog (ADW_APPLICATION_WINDOW (self->window)) != NULL)
    return TRUE;
#endif
  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (window != self->window && gtk_window_get_transient_for (window) == self->window
          && gtk_window_get_modal (window) && gtk_widget_get_visible (GTK_WIDGET (window)))
        return TRUE;
    }
  return FALSE;
}

static gboolean
minimised (KzClockController *self)
{
  GdkSurface *surface = self->surface;
  GdkToplevelState state;

  if (surface == NULL || !GDK_IS_TOPLEVEL (surface))
    return FALSE;
  state = gdk_toplevel_get_state (GDK_TOPLEVEL (surface));
#if GTK_CHECK_VERSION (4, 12, 0)
  if (state & GDK_TOPLEVEL_STATE_SUSPENDED)
    return TRUE;
#endif
  return (state & GDK_TOPLEVEL_STATE_MINIMIZED) != 0;
}

static void
update_interrupted (KzClockController *self)
{
  gboolean interrupted = dialog_over_window (self) || minimised (self) || self->held;
  gboolean was = kz_clock_controller_is_halted (self);

  if (interrupted == self->interrupted)
    return;
  self->interrupted = interrupted;
  if (was != kz_clock_controller_is_halted (self))
    g_signal_emit (self, signals[SIGNAL_HALTED_CHANGED], 0);
}

void
kz_clock_controller_set_held (KzClockController *self,
                              gboolean           held)
{
  g_return_if_fail (KZ_IS_CLOCK_CONTROLLER (self));
  self->held = held;
  update_interrupted (self);
}

/* Every window of the app: a dialog transient for the watched one counts
 * while it is shown (it is made before it is given its parent, so the
 * list's change alone says too little). */
static void
toplevels_changed (KzClockController *self)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr (GtkWindow) window = g_list_model_get_item (toplevels, i);

      if (window != self->window
          && g_signal_handler_find (window, G_SIGNAL_MATCH_FUNC | G_SIGNAL_MATCH_DATA, 0, 0, NULL,
                                    update_interrupted, self) == 0)
        g_signal_connect_swapped (window, "notify::visible", G_CALLBACK (update_interrupted), self);
    }
  update_interrupted (self);
}

static void
window_unrealized (KzClockController *self)
{
  if (self->surface)
    g_signal_handlers_disconnect_by_func (self->surface, update_interrupted, self);
  g_clear_object (&self->surface);
}

static void
window_realized (KzClockController *self)
{
  window_unrealized (self);
  self->surface = gtk_native_get_surface (GTK_NATIVE (self->window));
  if (self->surface)
    {
      g_object_ref (self->surface);
      g_signal_connect_swapped (self->surface, "notify::state", G_CALLBACK (update_interrupted),
                                self);
    }
}

void
kz_clock_controller_watch (KzClockController *self, GtkWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  g_return_if_fail (KZ_IS_CLOCK_CONTROLLER (self));
  if (self->window)
    {
      g_signal_handlers_disconnect_by_func (toplevels, toplevels_changed, self);
      for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
        {
          g_autoptr (GObject) other = g_list_model_get_item (toplevels, i);
          g_signal_handlers_disconnect_by_func (other, update_interrupted, self);
        }
      g_signal_handlers_disconnect_by_data (self->window, self);
      window_unrealized (self);
    }
  self->window = window;
  if (window == NULL)
    return;
  g_signal_connect_swapped (toplevels, "items-changed", G_CALLBACK (toplevels_changed), self);
#if ADW_CHECK_VERSION (1, 5, 0)
  g_signal_connect_swapped (window, "notify::visible-dialog", G_CALLBACK (update_interrupted),
                            self);
#endif
  g_signal_connect_object (window, "realize", G_CALLBACK (window_realized), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  g_signal_connect_swapped (window, "unrealize", G_CALLBACK (window_unrealized), self);
  if (gtk_widget_get_realized (GTK_WIDGET (window)))
    window_realized (self);
}

/* ---- the object ------------------------------------------------------------ */

static void
set_widget (KzClockController *self, GtkWidget **field, GValue const *value, int prop)
{
  GtkWidget *widget = g_value_get_object (value);

  if (*field == widget)
    return;
  g_set_object (field, widget);
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

static void
kz_clock_controller_get_property (GObject *object, guint prop_id, GValue *value,
                                  GParamSpec *pspec)
{
  KzClockController *self = KZ_CLOCK_CONTROLLER (object);

  switch (prop_id)
    {
    case PROP_CLOCK: g_value_set_object (value, self->clock); break;
    case PROP_PAUSED: g_value_set_boolean (value, self->paused); break;
    case PROP_PAUSE_BOX: g_value_set_object (value, self->pause_box); break;
    case PROP_PAUSE_BUTTON: g_value_set_object (value, self->pause_button); break;
    case PROP_PAUSED_PAGE: g_value_set_object (value, self->paused_page); break;
    case PROP_RESUME_BUTTON: g_value_set_object (value, self->resume_button); break;
    case PROP_BOARD: g_value_set_object (value, self->board); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_clock_controller_set_property (GObject *object, guint prop_id, const GValue *value,
                                  GParamSpec *pspec)
{
  KzClockController *self = KZ_CLOCK_CONTROLLER (object);

  switch (prop_id)
    {
    case PROP_PAUSED: kz_clock_controller_set_paused (self, g_value_get_boolean (value)); break;
    case PROP_PAUSE_BOX: set_widget (self, &self->pause_box, value, prop_id); break;
    case PROP_PAUSE_BUTTON: set_widget (self, &self->pause_button, value, prop_id); break;
    case PROP_PAUSED_PAGE: set_widget (self, &self->paused_page, value, prop_id); break;
    case PROP_RESUME_BUTTON: set_widget (self, &self->resume_button, value, prop_id); break;
    case PROP_BOARD: set_widget (self, &self->board, value, prop_id); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_clock_controller_dispose (GObject *object)
{
  KzClockController *self = KZ_CLOCK_CONTROLLER (object);

  kz_clock_controller_watch (self, NULL);
  if (self->clock)
    g_signal_handlers_disconnect_by_data (self->clock, self);
  g_clear_object (&self->clock);
  g_clear_object (&self->game);
  g_clear_object (&self->pause_box);
  g_clear_object (&self->pause_button);
  g_clear_object (&self->paused_page);
  g_clear_object (&self->resume_button);
  g_clear_object (&self->board);
  G_OBJECT_CLASS (kz_clock_controller_parent_class)->dispose (object);
}

static void
kz_clock_controller_class_init (KzClockControllerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = kz_clock_controller_get_property;
  object_class->set_property = kz_clock_controller_set_property;
  object_class->dispose = kz_clock_controller_dispose;

  properties[PROP_CLOCK] =
    g_param_spec_object ("clock", NULL, NULL, KZ_TYPE_GAME_CLOCK,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PAUSED] = g_param_spec_boolean ("paused", NULL, NULL, FALSE, rw);
  properties[PROP_PAUSE_BOX] = g_param_spec_object ("pause-box", NULL, NULL, GTK_TYPE_WIDGET, rw);
  properties[PROP_PAUSE_BUTTON] =
    g_param_spec_object ("pause-button", NULL, NULL, GTK_TYPE_WIDGET, rw);
  properties[PROP_PAUSED_PAGE] =
    g_param_spec_object ("paused-page", NULL, NULL, GTK_TYPE_WIDGET, rw);
  properties[PROP_RESUME_BUTTON] =
    g_param_spec_object ("resume-button", NULL, NULL, GTK_TYPE_WIDGET, rw);
  properties[PROP_BOARD] = g_param_spec_object ("board", NULL, NULL, GTK_TYPE_WIDGET, rw);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_HALTED_CHANGED] =
    g_signal_new ("halted-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_TICK] =
    g_signal_new ("tick", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
  signals[SIGNAL_LOW_TIME] =
    g_signal_new ("low-time", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT);
  signals[SIGNAL_RUNNING_CHANGED] =
    g_signal_new ("running-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 0);
}

static void
kz_clock_controller_init (KzClockController *self)
{
}

KzClockController *
kz_clock_controller_new (void)
{
  return g_object_new (KZ_TYPE_CLOCK_CONTROLLER, NULL);
}
