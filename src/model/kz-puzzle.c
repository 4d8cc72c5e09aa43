/* kz-puzzle.c — KzPuzzle, the puzzle file and judging an attempt.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-puzzle.h"

#include <glib/gi18n-lib.h>
#include <stdlib.h>
#include <string.h>

#include "kz-puzzle-line.h"

/* Where the puzzles are compiled in (GResource, src/model/meson.build). */
#define KZ_PUZZLES_RESOURCE "/io/github/kazaki/Kazaki/puzzles/puzzles.tsv"

void kz_puzzles_register_resource (void);

struct _KzPuzzle
{
  GObject    parent_instance;
  char      *id;
  char      *kpn;
  KzPosition position;
  GStrv      solution;
  KzMove    *moves;
  guint      n_plies;
  GStrv      themes;
  int        rating;
  char      *source;
};

G_DEFINE_FINAL_TYPE (KzPuzzle, kz_puzzle, G_TYPE_OBJECT)

G_DEFINE_QUARK (kz-puzzle-error-quark, kz_puzzle_error)

static void
kz_puzzle_finalize (GObject *object)
{
  KzPuzzle *self = KZ_PUZZLE (object);
  g_free (self->id);
  g_free (self->kpn);
  g_strfreev (self->solution);
  g_free (self->moves);
  g_strfreev (self->themes);
  g_free (self->source);
  G_OBJECT_CLASS (kz_puzzle_parent_class)->finalize (object);
}

static void
kz_puzzle_class_init (KzPuzzleClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = kz_puzzle_finalize;
}

static void
kz_puzzle_init (G_GNUC_UNUSED KzPuzzle *self)
{
}

const char *
kz_puzzle_get_id (KzPuzzle *self)
{
  g_return_val_if_fail (KZ_IS_PUZZLE (self), NULL);
  return self->id;
}

const char *
kz_puzzle_get_kpn (KzPuzzle *self)
{
  g_return_val_if_fail (KZ_IS_PUZZLE (self), NULL);
  return self->kpn;
}

void
kz_puzzle_get_position (KzPuzzle *self, KzPosition *pos)
{
  g_return_if_fail (KZ_IS_PUZZLE (self));
  *pos = self->position;
}

const char *const *
kz_puzzle_get_solution (KzPuzzle *self)
{
  g_return_val_if_fail (KZ_IS_PUZZLE (self), NULL);
  return (const char *const *) self->solution;
}

guint
kz_puzzle_get_n_plies (KzPuzzle *self)
{
  g_return_val_if_fail (KZ_IS_PUZZLE (self), 0);
  return self->n_plies;
}

const KzMove *
kz_puzzle_get_moves (KzPuzzle *self)
{
  g_return_val_if_fail (KZ_IS_PUZZLE (self), NULL);
  return self->moves;
}

const char *const *
kz_puzzle_get_themes (KzPuzzle *self)
{
  g_return_val_if_fail (KZ_IS_PUZZLE (self), NULL);
  return (const char *const *) self->themes;
}

gboolean
kz_puzzle_has_theme (KzPuzzle *self, const char *theme)
{
  g_return_val_if_fail (KZ_IS_PUZZLE (self), FALSE);
  return g_strv_contains ((const char *const *) self->themes, theme);
}

int
kz_puzzle_get_rating (KzPuzzle *self)
{
  g_return_val_if_fail (KZ_IS_PUZZLE (self), 0);
  return self->rating;
}

const char *
kz_puzzle_get_source (KzPuzzle *self)
{
  g_return_val_if_fail (KZ_IS_PUZZLE (self), NULL);
  return self->source;
}

const char *const *
kz_puzzle_theme_names (void)
{
  static const char *names[KZ_N_THEMES + 1];
  static gsize done = 0;
  if (g_once_init_enter (&done))
    {
      for (int i = 0; i < KZ_N_THEMES; i++)
        names[i] = kz_puzzle_theme_name (i);
      g_once_init_leave (&done, 1);
    }
  return names;
}

/* ---- the file ---- */

static gboolean
valid_id (const char *id)
{
  if (id[0] == '\0' || strlen (id) > 16)
    return FALSE;
  for (const char *p = id; *p; p++)
    if (!g_ascii_islower (*p) && !g_ascii_isdigit (*p))
      return FALSE;
  return TRUE;
}

static KzPuzzle *
parse_line (const char *line, GError **error)
{
  g_auto(GStrv) f = g_strsplit (line, "\t", -1);
  guint n = g_strv_length (f);
  if (n < 5 || n > 6)
    {
      g_set_error (error, KZ_PUZZLE_ERROR, KZ_PUZZLE_ERROR_PARSE,
                   _("%u fields instead of 5 or 6 (ID, KPN, solution, themes, rating, source)"), n);
      return NULL;
    }
  if (!valid_id (f[0]))
    {
      g_set_error (error, KZ_PUZZLE_ERROR, KZ_PUZZLE_ERROR_PARSE,
                   _("the id “%s” is not 1–16 lower-case letters and digits"), f[0]);
      return NULL;
    }
  g_autoptr(KzPuzzle) self = g_object_new (KZ_TYPE_PUZZLE, NULL);
  self->id = g_strdup (f[0]);
  self->kpn = g_strdup (f[1]);
  KzError err;
  if (!kz_kpn_parse (f[1], &self->position, &err))
    {
      g_set_error (error, KZ_PUZZLE_ERROR, KZ_PUZZLE_ERROR_PARSE,
                   _("puzzle %s: the position: %s"), f[0], err.message);
      return NULL;
    }
  self->solution = g_strsplit (f[2], " ", -1);
  self->n_plies = g_strv_length (self->solution);
  if (self->n_plies == 0 || self->n_plies % 2 == 0)
    {
      g_set_error (error, KZ_PUZZLE_ERROR, KZ_PUZZLE_ERROR_PARSE,
                   _("puzzle %s: the solution has %u moves (an odd number is needed)"),
                   f[0], self->n_plies);
      return NULL;
    }
  self->moves = g_new0 (KzMove, self->n_plies);
  KzPosition pos = self->position;
  for (guint i = 0; i < self->n_plies; i++)
    {
      if (!kz_move_parse (&pos, self->solution[i], &self->moves[i], &err))
        {
          g_set_error (error, KZ_PUZZLE_ERROR, KZ_PUZZLE_ERROR_PARSE,
                       _("puzzle %s: move %u (“%s”): %s"), f[0], i + 1,
                       self->solution[i], err.message);
          return NULL;
        }
      kz_position_make_move (&pos, &self->moves[i]);
    }
  if (kz_position_outcome (&pos).winner != (int) self->position.side)
    {
      g_set_error (error, KZ_PUZZLE_ERROR, KZ_PUZZLE_ERROR_PARSE,
                   _("puzzle %s: the solution does not end in a win for the side to move"), f[0]);
      return NULL;
    }
  self->themes = f[3][0] ? g_strsplit (f[3], ",", -1) : g_new0 (char *, 1);
  for (char **t = self->themes; *t; t++)
    if (kz_puzzle_theme_parse (*t) == 0)
      {
        g_set_error (error, KZ_PUZZLE_ERROR, KZ_PUZZLE_ERROR_PARSE,
                     _("puzzle %s: unknown theme “%s”"), f[0], *t);
        return NULL;
      }
  char *end = NULL;
  gint64 rating = g_ascii_strtoll (f[4], &end, 10);
  if (end == f[4] || *end != '\0' || rating < 0 || rating > 4000)
    {
      g_set_error (error, KZ_PUZZLE_ERROR, KZ_PUZZLE_ERROR_PARSE,
                   _("puzzle %s: the rating “%s” is not a number from 0 to 4000"), f[0], f[4]);
      return NULL;
    }
  self->rating = (int) rating;
  self->source = g_strdup (n > 5 ? f[5] : "");
  return g_steal_pointer (&self);
}

GPtrArray *
kz_puzzles_parse (const char *text, gsize length, const char *name, GError **error)
{
  g_autoptr(GPtrArray) puzzles = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GHashTable) ids = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree char *copy = g_strndup (text, length);
  if (strlen (copy) != length || !g_utf8_validate (copy, -1, NULL))
    {
      g_set_error (error, KZ_PUZZLE_ERROR, KZ_PUZZLE_ERROR_PARSE,
                   _("%s: not a text file"), name);
      return NULL;
    }
  g_auto(GStrv) lines = g_strsplit (copy, "\n", -1);
  for (guint i = 0; lines[i]; i++)
    {
      char *line = lines[i];
      gsize len = strlen (line);
      if (len > 0 && line[len - 1] == '\r')
        line[len - 1] = '\0';
      if (line[0] == '\0' || line[0] == '#')
        continue;
      g_autoptr(GError) local = NULL;
      KzPuzzle *p = parse_line (line, &local);
      if (p == NULL)
        {
          g_set_error (error, KZ_PUZZLE_ERROR, KZ_PUZZLE_ERROR_PARSE, _("%s, line %u: %s"),
                       name, i + 1, local->message);
          return NULL;
        }
      if (g_hash_table_contains (ids, p->id))
        {
          g_set_error (error, KZ_PUZZLE_ERROR, KZ_PUZZLE_ERROR_PARSE,
                       _("%s, line %u: the id %s is used twice"), name, i + 1, p->id);
          g_object_unref (p);
          return NULL;
        }
      g_ptr_array_add (puzzles, p);
      g_hash_table_add (ids, p->id);
    }
  return g_steal_pointer (&puzzles);
}

GPtrArray *
kz_puzzles_get_builtin (GError **error)
{
  static GMutex lock;
  static GPtrArray *builtin;
  g_mutex_lock (&lock);
  if (builtin == NULL)
    {
      static gsize registered = 0;
      if (g_once_init_enter (&registered))
        {
          kz_puzzles_register_resource ();
          g_once_init_leave (&registered, 1);
        }
      g_autoptr(GBytes) bytes = g_resources_lookup_data (KZ_PUZZLES_RESOURCE, 0, error);
      if (bytes)
        {
          gsize size = 0;
          const char *data = g_bytes_get_data (bytes, &size);
          builtin = kz_puzzles_parse (data, size, "puzzles.tsv", error);
        }
    }
  GPtrArray *result = builtin ? g_ptr_array_ref (builtin) : NULL;
  g_mutex_unlock (&lock);
  return result;
}

KzPuzzle *
kz_puzzles_find (GPtrArray *puzzles, const char *id, GError **error)
{
  for (guint i = 0; i < puzzles->len; i++)
    if (strcmp (kz_puzzle_get_id (puzzles->pdata[i]), id) == 0)
      return puzzles->pdata[i];
  g_set_error (error, KZ_PUZZLE_ERROR, KZ_PUZZLE_ERROR_UNKNOWN, _("no puzzle with the id “%s”"),
               id);
  return NULL;
}

double
kz_puzzle_target_rating (double rating, double deviation)
{
  return rating - MAX (deviation, 0.0);
}

/* ---- an attempt ---- */

KzPuzzleVerdict
kz_puzzle_judge_move (KzPuzzle *self, guint ply, const KzPosition *pos, const char *move,
                      char **reason)
{
  g_return_val_if_fail (KZ_IS_PUZZLE (self), KZ_PUZZLE_WRONG);
  g_return_val_if_fail (ply < self->n_plies && ply % 2 == 0, KZ_PUZZLE_WRONG);
  KzMove m;
  KzError err;
  if (!kz_move_parse (pos, move, &m, &err))
    {
      if (reason)
        {
          /* the engine's message repeats the move: "illegal move a1-e9: …" */
          g_autofree char *prefix = g_strdup_printf ("illegal move %s: ", move);
          const char *why = g_str_has_prefix (err.message, prefix)
                              ? err.message + strlen (prefix) : err.message;
          *reason = g_strdup_printf (_("%s is not legal: %s"), move, why);
        }
      return KZ_PUZZLE_WRONG;
    }
  gboolean last = ply + 1 == self->n_plies;
  if (kz_move_equal (&m, &self->moves[ply]))
    return last ? KZ_PUZZLE_SOLVED : KZ_PUZZLE_RIGHT;
  if (last)
    {
      KzPosition after = *pos;
      kz_position_make_move (&after, &m);
      if (kz_position_outcome (&after).winner == (int) pos->side)
        return KZ_PUZZLE_SOLVED;
      if (reason)
        *reason = g_strdup_printf (_("%s does not end the game"), move);
      return KZ_PUZZLE_WRONG;
    }
  if (reason)
    {
      /* Counted in the solver's moves, as the task is ("win in 5 moves"). */
      guint left = (self->n_plies - ply + 1) / 2;
      *reason = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                              "%s does not win within %u move",
                                              "%s does not win within %u moves", left),
                                 move, left);
    }
  return KZ_PUZZLE_WRONG;
}

gboolean
kz_puzzle_judge_attempt (KzPuzzle *self, const char *const *moves, guint n_moves,
                         KzPuzzleVerdict *verdict, char **reason, GError **error)
{
  g_return_val_if_fail (KZ_IS_PUZZLE (self), FALSE);
  KzPosition pos = self->position;
  guint solver_moves = (self->n_plies + 1) / 2;
  if (n_moves > solver_moves)
    {
      g_set_error (error, KZ_PUZZLE_ERROR, KZ_PUZZLE_ERROR_TOO_MANY,
                   g_dngettext (GETTEXT_PACKAGE, "puzzle %s takes %u move of the solver, not %u",
                                "puzzle %s takes %u moves of the solver, not %u", solver_moves),
                   self->id, solver_moves, n_moves);
      return FALSE;
    }
  for (guint k = 0; k < n_moves; k++)
    {
      guint ply = 2 * k;
      g_autofree char *why = NULL;
      KzPuzzleVerdict v = kz_puzzle_judge_move (self, ply, &pos, moves[k], &why);
      if (v == KZ_PUZZLE_WRONG)
        {
          *verdict = KZ_PUZZLE_WRONG;
          if (reason)
            *reason = g_strdup_printf (_("move %u: %s"), k + 1, why);
          return TRUE;
        }
      if (v == KZ_PUZZLE_SOLVED)
        {
          *verdict = KZ_PUZZLE_SOLVED;
          if (reason)
            *reason = NULL;
          return TRUE;
        }
      kz_position_make_move (&pos, &self->moves[ply]);
      kz_position_make_move (&pos, &self->moves[ply + 1]);
    }
  *verdict = KZ_PUZZLE_WRONG;
  if (reason)
    *reason = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                            "the solution goes on after %u move",
                                            "the solution goes on after %u moves", n_moves),
                               n_moves);
  return TRUE;
}
