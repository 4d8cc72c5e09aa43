/* kz-clock.c — time controls and the game clock (GLib only).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-clock.h"

#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

G_DEFINE_QUARK (kz-time-control-error-quark, kz_time_control_error)

/* Whole seconds, at most a week (no overflow anywhere below). */
#define MAX_SECONDS (7 * 24 * 3600)

static gboolean
parse_seconds (const char *s, const char *end, gint64 *out)
{
  gint64 v = 0;

  if (s == end)
    return FALSE;
  for (const char *p = s; p < end; p++)
    {
      if (!g_ascii_isdigit (*p))
        return FALSE;
      v = v * 10 + (*p - '0');
      if (v > MAX_SECONDS)
        return FALSE;
    }
  *out = v;
  return TRUE;
}

gboolean
kz_time_control_parse (const char *text, KzTimeControl *tc, GError **error)
{
  g_autofree char *t = g_strstrip (g_strdup (text ? text : ""));
  const char *plus;
  gint64 base, inc = 0;

  g_return_val_if_fail (tc != NULL, FALSE);
  if (t[0] == '\0' || strcmp (t, "-") == 0)
    {
      *tc = (KzTimeControl) { KZ_TIME_NONE, 0, 0 };
      return TRUE;
    }
  plus = strchr (t, '+');
  if (!parse_seconds (t, plus ? plus : t + strlen (t), &base) || base == 0
      || (plus && !parse_seconds (plus + 1, t + strlen (t), &inc)))
    {
      g_set_error (error, KZ_TIME_CONTROL_ERROR, 0,
                   /* Translators: %s is the text of a TimeControl tag */
                   _("“%s” is not a time control: write seconds, seconds+increment or “-”"), t);
      return FALSE;
    }
  *tc = (KzTimeControl) { inc > 0 ? KZ_TIME_FISCHER : KZ_TIME_SUDDEN_DEATH, base * 1000, inc * 1000 };
  return TRUE;
}

char *
kz_time_control_format (const KzTimeControl *tc)
{
  g_return_val_if_fail (tc != NULL, NULL);
  switch (tc->kind)
    {
    case KZ_TIME_SUDDEN_DEATH:
      return g_strdup_printf ("%" G_GINT64_FORMAT, tc->base_ms / 1000);
    case KZ_TIME_FISCHER:
      return g_strdup_printf ("%" G_GINT64_FORMAT "+%" G_GINT64_FORMAT, tc->base_ms / 1000,
                              tc->increment_ms / 1000);
    case KZ_TIME_NONE:
    default:
      return g_strdup ("-");
    }
}

static char *
describe_duration (gint64 ms)
{
  gint64 s = ms / 1000;

  if (s % 60 == 0)
    /* Translators: a time control's base time in minutes */
    return g_strdup_printf (_("%d min"), (int) (s / 60));
  /* Translators: a time in seconds */
  return g_strdup_printf (_("%d s"), (int) s);
}

char *
kz_time_control_describe (const KzTimeControl *tc)
{
  g_autofree char *base = NULL;

  g_return_val_if_fail (tc != NULL, NULL);
  if (tc->kind == KZ_TIME_NONE)
    return g_strdup (_("No clock"));
  base = describe_duration (tc->base_ms);
  if (tc->kind == KZ_TIME_SUDDEN_DEATH)
    return g_steal_pointer (&base);
  /* Translators: base time and increment, e.g. "5 min + 3 s" */
  return g_strdup_printf (_("%s + %d s"), base, (int) (tc->increment_ms / 1000));
}

char *
kz_clock_format_clk (gint64 ms)
{
  gint64 tenths = MAX (ms, 0) / 100;
  gint64 s = tenths / 10;

  if (tenths % 10 == 0)
    return g_strdup_printf ("%" G_GINT64_FORMAT ":%02d:%02d", s / 3600, (int) (s / 60 % 60), (int) (s % 60));
  return g_strdup_printf ("%" G_GINT64_FORMAT ":%02d:%02d.%d", s / 3600, (int) (s / 60 % 60),
                          (int) (s % 60), (int) (tenths % 10));
}

gboolean
kz_clock_parse_clk (const char *comment, gint64 *ms)
{
  const char *p = comment ? strstr (comment, "[%clk") : NULL;
  gint64 h = 0, m = 0, s = 0, frac = 0;
  int n_frac = 0;

  if (p == NULL)
    return FALSE;
  p += 5;
  while (*p == ' ')
    p++;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  while (g_ascii_isdigit (*p) && h < 1000)
    h = h * 10 + (*p++ - '0');
  if (*p++ != ':' || !g_ascii_isdigit (p[0]) || !g_ascii_isdigit (p[1]) || p[2] != ':')
    return FALSE;
  m = (p[0] - '0') * 10 + (p[1] - '0');
  p += 3;
  if (!g_ascii_isdigit (p[0]) || !g_ascii_isdigit (p[1]))
    return FALSE;
  s = (p[0] - '0') * 10 + (p[1] - '0');
  p += 2;
  if (*p == '.')
    for (p++; g_ascii_isdigit (*p); p++)
      if (n_frac < 3)
        frac = frac * 10 + (*p - '0'), n_frac++;
  while (*p == ' ')
    p++;
  if (*p != ']' || m > 59 || s > 59)
    return FALSE;
  for (int i = n_frac; i < 3; i++)
    frac *= 10;
  *ms = ((h * 60 + m) * 60 + s) * 1000 + frac;
  return TRUE;
}

gint64
kz_clock_think_budget_ms (gint64 left_ms, gint64 increment_ms)
{
  gint64 budget = left_ms / 30 + increment_ms * 3 / 4;

  return CLAMP (budget, MIN (left_ms / 4, 50), MAX (left_ms / 4, 1));
}

/* ---- the clock -------------------------------------------------------- */

struct _KzClock {
  GObject       parent_instance;
  KzTimeControl tc;
  gint64        left[2];      /* ms, at the last start/pause/press */
  KzSide        side;         /* the side whose clock runs or last ran */
  gboolean      running;
  gint64        since_us;     /* when it started running */
};

G_DEFINE_FINAL_TYPE (KzClock, kz_clock, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_RUNNING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
kz_clock_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KzClock *self = KZ_CLOCK (object);

  switch (prop_id)
    {
    case PROP_RUNNING: g_value_set_boolean (value, self->running); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_clock_class_init (KzClockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = kz_clock_get_property;
  properties[PROP_RUNNING] =
    g_param_spec_boolean ("running", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kz_clock_init (KzClock *self)
{
}

KzClock *
kz_clock_new (const KzTimeControl *tc)
{
  KzClock *self = g_object_new (KZ_TYPE_CLOCK, NULL);

  g_return_val_if_fail (tc != NULL, self);
  self->tc = *tc;
  self->left[0] = self->left[1] = tc->kind == KZ_TIME_NONE ? 0 : tc->base_ms;
  return self;
}

const KzTimeControl *
kz_clock_get_time_control (KzClock *self)
{
  g_return_val_if_fail (KZ_IS_CLOCK (self), NULL);
  return &self->tc;
}

void
kz_clock_set_left (KzClock *self, KzSide side, gint64 ms)
{
  g_return_if_fail (KZ_IS_CLOCK (self));
  self->left[side] = MAX (ms, 0);
}

gint64
kz_clock_get_left (KzClock *self, KzSide side, gint64 now_us)
{
  gint64 left;

  g_return_val_if_fail (KZ_IS_CLOCK (self), 0);
  left = self->left[side];
  if (self->running && side == self->side)
    left -= (now_us - self->since_us) / 1000;
  return MAX (left, 0);
}

static void
set_running (KzClock *self, gboolean running)
{
  if (self->running == running)
    return;
  self->running = running;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_RUNNING]);
}

void
kz_clock_start (KzClock *self, KzSide side, gint64 now_us)
{
  g_return_if_fail (KZ_IS_CLOCK (self));
  if (self->tc.kind == KZ_TIME_NONE)
    return;
  kz_clock_pause (self, now_us);
  self->side = side;
  self->since_us = now_us;
  set_running (self, TRUE);
}

void
kz_clock_pause (KzClock *self, gint64 now_us)
{
  g_return_if_fail (KZ_IS_CLOCK (self));
  if (!self->running)
    return;
  self->left[self->side] = kz_clock_get_left (self, self->side, now_us);
  set_running (self, FALSE);
}

gboolean
kz_clock_is_running (KzClock *self)
{
  g_return_val_if_fail (KZ_IS_CLOCK (self), FALSE);
  return self->running;
}

KzSide
kz_clock_get_side (KzClock *self)
{
  g_return_val_if_fail (KZ_IS_CLOCK (self), KZ_COSSACKS);
  return self->side;
}

gint64
kz_clock_press (KzClock *self, gint64 now_us)
{
  KzSide mover;

  g_return_val_if_fail (KZ_IS_CLOCK (self), 0);
  mover = self->side;
  kz_clock_pause (self, now_us);
  if (self->tc.kind == KZ_TIME_FISCHER)
    self->left[mover] += self->tc.increment_ms;
  kz_clock_start (self, KZ_OTHER (mover), now_us);
  return self->left[mover];
}

gboolean
kz_clock_flag_fell (KzClock *self, gint64 now_us, KzSide *side)
{
  g_return_val_if_fail (KZ_IS_CLOCK (self), FALSE);
  if (self->tc.kind == KZ_TIME_NONE)
    return FALSE;
  for (int s = 0; s < 2; s++)
    if (kz_clock_get_left (self, (KzSide) s, now_us) <= 0)
      {
        if (side)
          *side = (KzSide) s;
        return TRUE;
      }
  return FALSE;
}

gboolean
kz_clock_is_low (KzClock *self, KzSide side, gint64 now_us)
{
  g_return_val_if_fail (KZ_IS_CLOCK (self), FALSE);
  return self->tc.kind != KZ_TIME_NONE && kz_clock_get_left (self, side, now_us) * 10 < self->tc.base_ms;
}
