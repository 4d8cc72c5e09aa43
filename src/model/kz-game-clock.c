/* kz-game-clock.c — the clock of a game being played.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-game-clock.h"

#define TICK_MS 100
/* While the clock runs, the turn's time left is saved this often (a
 * crash or kill loses at most this much of the turn). */
#define SAVE_EVERY_US (10 * G_USEC_PER_SEC)

struct _KzGameClock {
  GObject     parent_instance;
  KzGame     *game;
  KzClock    *clock;
  gboolean    paused;
  guint       tick_id;
  gboolean    warned;      /* low time said for this turn */
  gint64      saved_us;    /* when the turn's time left was last saved */
  KzTimeFunc  time_func;
  gpointer    time_data;
};

G_DEFINE_FINAL_TYPE (KzGameClock, kz_game_clock, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_PAUSED,
  PROP_RUNNING,
  N_PROPS
};

enum {
  SIGNAL_TICK,
  SIGNAL_LOW_TIME,
  SIGNAL_FLAG_FELL,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static gint64
now (KzGameClock *self)
{
  return self->time_func ? self->time_func (self->time_data) : g_get_monotonic_time ();
}

static gboolean tick (gpointer data);

/* Saves the side to move's time left in the turn under way with the
 * game (kz_game_set_turn_clock()), so a restart goes on from it. */
static void
save_turn (KzGameClock *self)
{
  g_autoptr (GError) error = NULL;
  gint64 t = now (self);

  self->saved_us = t;
  if (kz_game_is_over (self->game))
    return;
  if (!kz_game_set_turn_clock (self->game,
                               kz_clock_get_left (self->clock, kz_game_get_side_to_move (self->game), t),
                               &error))
    g_debug ("The clock of the turn was not saved: %s", error->message);
}

/* Runs the clock of the side to move unless paused or the game is over;
 * restarts the tick with it. */
static void
update_running (KzGameClock *self)
{
  gboolean run = !self->paused && !kz_game_is_over (self->game);
  gboolean was = kz_clock_is_running (self->clock);

  if (run && (!was || kz_clock_get_side (self->clock) != kz_game_get_side_to_move (self->game)))
    {
      kz_clock_start (self->clock, kz_game_get_side_to_move (self->game), now (self));
      self->saved_us = now (self);
    }
  else if (!run && was)
    kz_clock_pause (self->clock, now (self));
  if (run && self->tick_id == 0)
    self->tick_id = g_timeout_add (TICK_MS, tick, self);
  else if (!run)
    g_clear_handle_id (&self->tick_id, g_source_remove);
  if (was != kz_clock_is_running (self->clock))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

gboolean
kz_game_clock_check (KzGameClock *self)
{
  KzSide side;

  g_return_val_if_fail (KZ_IS_GAME_CLOCK (self), FALSE);
  if (kz_game_is_over (self->game) || !kz_clock_is_running (self->clock))
    return FALSE;
  side = kz_game_get_side_to_move (self->game);
  if (now (self) - self->saved_us >= SAVE_EVERY_US)
    save_turn (self);
  if (!self->warned && kz_clock_is_low (self->clock, side, now (self)))
    {
      self->warned = TRUE;
      g_signal_emit (self, signals[SIGNAL_LOW_TIME], 0, side);
    }
  if (kz_clock_flag_fell (self->clock, now (self), &side))
    {
      g_autoptr (GError) error = NULL;
      kz_clock_pause (self->clock, now (self));
      kz_clock_set_left (self->clock, side, 0);
      if (side == kz_game_get_side_to_move (self->game))
        save_turn (self);   /* 0:00 on its clock after a restart too */
      if (!kz_game_flag_fall (self->game, side, &error))
        g_warning ("The flag fell but the game could not end: %s", error->message);
      update_running (self);
      g_signal_emit (self, signals[SIGNAL_FLAG_FELL], 0, side);
      return TRUE;
    }
  return FALSE;
}

static gboolean
tick (gpointer data)
{
  KzGameClock *self = data;

  kz_game_clock_check (self);
  if (self->tick_id == 0)
    return G_SOURCE_REMOVE;   /* stopped by the check */
  g_signal_emit (self, signals[SIGNAL_TICK], 0);
  return G_SOURCE_CONTINUE;
}

/* The times of the game's current ply (after undo, redo or loading). */
static void
reload_times (KzGameClock *self)
{
  gboolean was = kz_clock_is_running (self->clock);

  kz_clock_pause (self->clock, now (self));
  for (int side = 0; side < 2; side++)
    kz_clock_set_left (self->clock, (KzSide) side, kz_game_get_clock_left (self->game, (KzSide) side));
  self->warned = FALSE;
  if (was)
    kz_clock_start (self->clock, kz_game_get_side_to_move (self->game), now (self));
  update_running (self);
}

static void
game_changed (KzGameClock *self)
{
  /* after a move played elsewhere (not through kz_game_clock_play),
   * undo, redo or the end of the game */
  reload_times (self);
}

gboolean
kz_game_clock_play (KzGameClock *self, const KzMove *move, GError **error)
{
  gint64 left[2], t, clock_ms;
  gboolean ok;

  g_return_val_if_fail (KZ_IS_GAME_CLOCK (self), FALSE);
  t = now (self);
  if (kz_game_clock_check (self))
    {
      g_set_error_literal (error, KZ_GAME_ERROR, KZ_GAME_ERROR_GAME_OVER,
                           kz_termination_describe (KZ_TERMINATION_TIME_FORFEIT));
      return FALSE;
    }
  for (int side = 0; side < 2; side++)
    left[side] = kz_clock_get_left (self->clock, (KzSide) side, t);
  if (!kz_clock_is_running (self->clock))
    kz_clock_start (self->clock, kz_game_get_side_to_move (self->game), t);
  clock_ms = kz_clock_press (self->clock, t);
  g_signal_handlers_block_by_func (self->game, game_changed, self);
  ok = kz_game_play_with_clock (self->game, move, clock_ms, error);
  g_signal_handlers_unblock_by_func (self->game, game_changed, self);
  if (!ok)
    {
      for (int side = 0; side < 2; side++)
        kz_clock_set_left (self->clock, (KzSide) side, left[side]);
      kz_clock_start (self->clock, kz_game_get_side_to_move (self->game), t);
    }
  else
    self->warned = FALSE;
  update_running (self);
  return ok;
}

void
kz_game_clock_set_paused (KzGameClock *self, gboolean paused)
{
  g_return_if_fail (KZ_IS_GAME_CLOCK (self));
  paused = !!paused;
  if (self->paused == paused)
    return;
  self->paused = paused;
  if (paused && kz_clock_is_running (self->clock))
    save_turn (self);
  update_running (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PAUSED]);
}

gboolean
kz_game_clock_get_paused (KzGameClock *self)
{
  g_return_val_if_fail (KZ_IS_GAME_CLOCK (self), TRUE);
  return self->paused;
}

gboolean
kz_game_clock_get_running (KzGameClock *self)
{
  g_return_val_if_fail (KZ_IS_GAME_CLOCK (self), FALSE);
  return kz_clock_is_running (self->clock);
}

gint64
kz_game_clock_get_left (KzGameClock *self, KzSide side)
{
  g_return_val_if_fail (KZ_IS_GAME_CLOCK (self), 0);
  return kz_clock_get_left (self->clock, side, now (self));
}

gboolean
kz_game_clock_is_low (KzGameClock *self, KzSide side)
{
  g_return_val_if_fail (KZ_IS_GAME_CLOCK (self), FALSE);
  return kz_clock_is_low (self->clock, side, now (self));
}

gint64
kz_game_clock_think_budget (KzGameClock *self)
{
  const KzTimeControl *tc;

  g_return_val_if_fail (KZ_IS_GAME_CLOCK (self), 0);
  tc = kz_clock_get_time_control (self->clock);
  return kz_clock_think_budget_ms (kz_game_clock_get_left (self, kz_game_get_side_to_move (self->game)),
                                   tc->kind == KZ_TIME_FISCHER ? tc->increment_ms : 0);
}

KzGame *
kz_game_clock_get_game (KzGameClock *self)
{
  g_return_val_if_fail (KZ_IS_GAME_CLOCK (self), NULL);
  return self->game;
}

const KzTimeControl *
kz_game_clock_get_time_control (KzGameClock *self)
{
  g_return_val_if_fail (KZ_IS_GAME_CLOCK (self), NULL);
  return kz_clock_get_time_control (self->clock);
}

void
kz_game_clock_set_time_func (KzGameClock *self, KzTimeFunc func, gpointer user_data)
{
  g_return_if_fail (KZ_IS_GAME_CLOCK (self));
  kz_clock_pause (self->clock, now (self));
  self->time_func = func;
  self->time_data = user_data;
  update_running (self);
}

static void
kz_game_clock_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KzGameClock *self = KZ_GAME_CLOCK (object);

  switch (prop_id)
    {
    case PROP_PAUSED: g_value_set_boolean (value, self->paused); break;
    case PROP_RUNNING: g_value_set_boolean (value, kz_clock_is_running (self->clock)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_game_clock_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  KzGameClock *self = KZ_GAME_CLOCK (object);

  switch (prop_id)
    {
    case PROP_PAUSED: kz_game_clock_set_paused (self, g_value_get_boolean (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_game_clock_dispose (GObject *object)
{
  KzGameClock *self = KZ_GAME_CLOCK (object);

  g_clear_handle_id (&self->tick_id, g_source_remove);
  if (self->game)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);
  g_clear_object (&self->clock);
  G_OBJECT_CLASS (kz_game_clock_parent_class)->dispose (object);
}

static void
kz_game_clock_class_init (KzGameClockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = kz_game_clock_get_property;
  object_class->set_property = kz_game_clock_set_property;
  object_class->dispose = kz_game_clock_dispose;

  properties[PROP_PAUSED] =
    g_param_spec_boolean ("paused", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_TICK] =
    g_signal_new ("tick", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[SIGNAL_LOW_TIME] =
    g_signal_new ("low-time", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
  signals[SIGNAL_FLAG_FELL] =
    g_signal_new ("flag-fell", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_INT);
}

static void
kz_game_clock_init (KzGameClock *self)
{
  self->paused = TRUE;
}

KzGameClock *
kz_game_clock_new (KzGame *game)
{
  KzGameClock *self;
  KzClock *clock;

  g_return_val_if_fail (KZ_IS_GAME (game), NULL);
  clock = kz_game_new_clock (game);
  if (clock == NULL)
    return NULL;
  self = g_object_new (KZ_TYPE_GAME_CLOCK, NULL);
  self->game = g_object_ref (game);
  self->clock = clock;
  g_signal_connect_swapped (game, "move-played", G_CALLBACK (game_changed), self);
  g_signal_connect_swapped (game, "move-undone", G_CALLBACK (game_changed), self);
  g_signal_connect_swapped (game, "game-over", G_CALLBACK (update_running), self);
  return self;
}
