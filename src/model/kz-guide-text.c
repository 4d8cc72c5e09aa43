/* kz-guide-text.c — the guided game's sentences (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-guide-text.h"

#include <glib/gi18n-lib.h>

#include "kz-notation.h"

char *
kz_guide_points_text (KzBits points)
{
  const char *names[KZ_NUM_POINTS];
  int n = 0;
  for (KzBits b = points & KZ_VALID_MASK; b; b &= b - 1)
    names[n++] = kz_point_name (kz_bit_scan (b));
  if (n == 0)
    return g_strdup ("");
  g_autoptr (GString) s = g_string_new (names[0]);
  for (int i = 1; i < n - 1; i++)
    g_string_append_printf (s, ", %s", names[i]);
  if (n == 1)
    return g_strdup (s->str);
  /* Translators: the last two of a list of points, "c4, d3 and e3" */
  return g_strdup_printf (_("%s and %s"), s->str, names[n - 1]);
}

static char *
won_sentence (const KzMove *move, const KzMoveFacts *f)
{
  g_autofree char *took = kz_guide_points_text (f->captured);
  const char *to = kz_point_name (move->to);

  if (f->facts & KZ_FACT_DELIVERED)
    return move->n_jumps
             /* Translators: %s: the points of the pieces taken */
             ? g_strdup_printf (_("Took %s and brought your flag home: the game is won."), took)
             /* Translators: %s: a point, the centre of the camp */
             : g_strdup_printf (_("Brought your flag home to %s: the game is won."), to);
  if (f->facts & KZ_FACT_ANNIHILATED)
    /* Translators: %s: the points of the pieces taken */
    return g_strdup_printf (_("Took %s: you have no pieces left, the game is won."), took);
  return move->captured
           /* Translators: %s: the points of the pieces taken */
           ? g_strdup_printf (_("Took %s: you cannot move any more, the game is won."), took)
           /* Translators: %s: a point */
           : g_strdup_printf (_("Stepped to %s: you cannot move any more, the game is won."), to);
}

static char *
capture_sentence (const KzMove *move, const KzMoveFacts *f)
{
  g_autofree char *took = kz_guide_points_text (f->captured);

  if (f->facts & KZ_FACT_TOOK_FLAG)
    return move->captured
             /* Translators: %s: points; %d: turns */
             ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Took %s and your flag: its road home is %d turn.",
                                             "Took %s and your flag: its road home is %d turns.",
                                             f->road_left),
                                took, f->road_left)
             : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Took your flag: its road home is %d turn.",
                                             "Took your flag: its road home is %d turns.",
                                             f->road_left),
                                f->road_left);
  if (f->facts & KZ_FACT_TOOK_CARRIER)
    /* Translators: %s: the points of the pieces taken */
    return g_strdup_printf (_("Took %s, and with it the flag it carried."), took);
  if (f->facts & KZ_FACT_ONLY_MOVE)
    /* Translators: %s: the points of the pieces taken */
    return g_strdup_printf (_("Took %s: it was the only legal move."), took);
  /* Translators: %s: the points of the pieces taken */
  return g_strdup_printf (_("Took %s: capturing is compulsory."), took);
}

static char *
step_sentence (const KzMove *move, const KzMoveFacts *f)
{
  const char *from = kz_point_name (move->from), *to = kz_point_name (move->to);

  if (f->facts & KZ_FACT_ESCAPED)
    /* Translators: %s: two points */
    return g_strdup_printf (_("Stepped from %s to %s, out of danger: there it cannot be taken."),
                            from, to);
  if (f->facts & KZ_FACT_COVERED)
    {
      g_autofree char *covered = kz_guide_points_text (f->covered);
      /* Translators: the first %s: a point; the second: points */
      return g_strdup_printf (_("Stepped to %s: now %s cannot be taken."), to, covered);
    }
  if (f->facts & KZ_FACT_THREAT)
    {
      g_autofree char *threat = kz_guide_points_text (f->threatened);
      /* Translators: the first %s: a point; the second: points */
      return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Stepped to %s: now your piece on %s can be taken.",
                                           "Stepped to %s: now your pieces on %s can be taken.",
                                           (gulong) kz_popcount (f->threatened)),
                              to, threat);
    }
  if (f->facts & KZ_FACT_NEARER_HOME)
    /* Translators: %s: a point; %d: turns */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "Stepped to %s with your flag: %d turn from home.",
                                         "Stepped to %s with your flag: %d turns from home.",
                                         f->road_left),
                            to, f->road_left);
  if (f->facts & KZ_FACT_ONLY_MOVE)
    /* Translators: %s: two points */
    return g_strdup_printf (_("Stepped from %s to %s: it was the only legal move."), from, to);
  /* Translators: %s: two points */
  return g_strdup_printf (_("Stepped from %s to %s."), from, to);
}

char *
kz_guide_explain_move (const KzPosition *before, const KzMove *move)
{
  KzMoveFacts f;
  kz_guide_explain (before, move, &f);
  if (f.facts & (KZ_FACT_DELIVERED | KZ_FACT_ANNIHILATED | KZ_FACT_BLOCKED))
    return won_sentence (move, &f);
  if (move->n_jumps)
    return capture_sentence (move, &f);
  return step_sentence (move, &f);
}

char *
kz_guide_must_capture_text (const KzPosition *pos)
{
  KzGuideCapture caps[KZ_PIECES_PER_SIDE];
  int n = kz_guide_must_capture (pos, caps);
  if (n == 0)
    return NULL;
  g_autoptr (GString) list = g_string_new (NULL);
  for (int i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (list, "; ");
      /* Translators: a piece that can capture: "c4 can take c5" */
      g_string_append_printf (list, _("%s can take %s"), kz_point_name (caps[i].from),
                              kz_point_name (caps[i].over));
    }
  /* Translators: %s: a list such as "c4 can take c5; e4 can take e5" */
  return g_strdup_printf (_("Capturing is compulsory: %s."), list->str);
}

char *
kz_guide_danger_text (const KzPosition *pos, KzSide side)
{
  KzBits danger = kz_guide_in_danger (pos, side);
  if (danger == 0)
    return g_strdup (_("None of your pieces can be taken next turn."));
  g_autofree char *list = kz_guide_points_text (danger);
  /* Translators: %s: points */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "In danger: your piece on %s could be taken next turn.",
                                       "In danger: your pieces on %s could be taken next turn.",
                                       (gulong) kz_popcount (danger)),
                          list);
}

char *
kz_guide_road_text (const KzFlagRoad *road, KzSide player)
{
  int turns = road->n - 1;
  const char *start = kz_point_name (road->points[0]);

  if (road->n == 0)
    return NULL;
  if (road->side == (int) player)
    return road->carried
             /* Translators: %d: turns */
             ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Your road home with their flag: %d turn (solid line).",
                                             "Your road home with their flag: %d turns (solid line).",
                                             turns),
                                turns)
             /* Translators: %d: turns; %s: a point */
             : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                             "Your road to their flag and home: %d turn from %s (solid line).",
                                             "Your road to their flag and home: %d turns from %s (solid line).",
                                             turns),
                                turns, start);
  return road->carried
           /* Translators: %d: turns */
           ? g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Their road home with your flag: %d turn (dashed line).",
                                           "Their road home with your flag: %d turns (dashed line).",
                                           turns),
                              turns)
           /* Translators: %d: turns; %s: a point */
           : g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                           "Their road to your flag and home: %d turn from %s (dashed line).",
                                           "Their road to your flag and home: %d turns from %s (dashed line).",
                                           turns),
                              turns, start);
}

char *
kz_guide_warning_text (const KzPosition *pos, const KzMove *move, const KzGuideRisk *risk)
{
  char played[KZ_MOVE_STR_MAX], reply[KZ_MOVE_STR_MAX];
  int taken = kz_popcount (risk->reply.captured);

  kz_move_format (move, played, sizeof played);
  kz_move_format (&risk->reply, reply, sizeof reply);
  if (risk->wins)
    /* Translators: the first %s: the player's move; the second: the computer's reply, "c6xc4" */
    return g_strdup_printf (_("After %s the computer can win at once: %s."), played, reply);
  if (risk->flag == pos->side)
    /* Translators: the first %s: the player's move; the second: the computer's reply */
    return g_strdup_printf (_("After %s the computer can take your flag: %s."), played, reply);
  if (risk->flag >= 0)
    /* Translators: the first %s: the player's move; the second: the computer's reply */
    return g_strdup_printf (_("After %s the computer can take back its flag: %s."), played, reply);
  g_autofree char *points = kz_guide_points_text (risk->reply.captured);
  if (move->captured == 0)
    /* Translators: the first %s: the player's move; the second: points */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "After %s the computer can take your piece on %s.",
                                         "After %s the computer can take your pieces on %s.",
                                         (gulong) taken),
                            played, points);
  /* Translators: the first %s: the player's capture; the second: points */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "After %s the computer can take back more than you took: your piece on %s.",
                                       "After %s the computer can take back more than you took: your pieces on %s.",
                                       (gulong) taken),
                          played, points);
}
