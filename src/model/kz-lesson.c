/* kz-lesson.c — the lessons of Learn: loading, playing, checking (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-lesson.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <glib/gi18n-lib.h>

#include "kz-lesson-private.h"
#include "kz-lessons-resources.h"

struct _KzLesson {
  GObject    parent_instance;
  char      *id;
  char      *title;
  char      *intro;
  char     **rules;
  GPtrArray *steps;   /* KzLessonStep */
};

G_DEFINE_FINAL_TYPE (KzLesson, kz_lesson, G_TYPE_OBJECT)

enum { PROP_0, PROP_ID, PROP_TITLE, PROP_INTRO, PROP_N_STEPS, N_PROPS };
static GParamSpec *props[N_PROPS];

G_DEFINE_QUARK (kz-lesson-error-quark, kz_lesson_error)

/* The RULES.md section headings a lesson may name. */
static const char *const rule_sections[] = {
  "Pieces and sides", "The board", "A turn", "Flags", "The end", "Notation", NULL
};

const KzReasonName kz_lesson_reason_names[] = {
  { "compulsory", KZ_ERR_CAPTURE_COMPULSORY },
  { "not-joined", KZ_ERR_NOT_ADJACENT },
  { "not-free", KZ_ERR_NOT_FREE },
  { "not-a-jump", KZ_ERR_NOT_A_JUMP },
  { "nothing-to-jump", KZ_ERR_NOTHING_TO_JUMP },
  { "forbidden-bend", KZ_ERR_FORBIDDEN_BEND },
  { "chain-incomplete", KZ_ERR_CHAIN_INCOMPLETE },
  { "no-piece", KZ_ERR_NO_PIECE },
  { "not-yours", KZ_ERR_NOT_YOURS },
};


static void
step_free (gpointer data)
{
  KzLessonStep *step = data;
  g_clear_pointer (&step->history, g_array_unref);
  g_free (step->task);
  g_free (step->success);
  g_free (step->hint);
  g_clear_pointer (&step->solution, g_ptr_array_unref);
  if (step->wrong)
    {
      for (guint i = 0; i < step->wrong->len; i++)
        {
          KzLessonWrong *w = &g_array_index (step->wrong, KzLessonWrong, i);
          g_free (w->move);
          g_free (w->why);
        }
      g_array_unref (step->wrong);
    }
  g_free (step);
}

/* ---- the key-file reader (with line numbers) ---- */

typedef struct {
  char *value;
  int   line;
} Entry;

typedef struct {
  char       *name;
  int         line;
  GHashTable *entries;   /* key → Entry */
} Group;

static void
entry_free (gpointer data)
{
  Entry *e = data;
  g_free (e->value);
  g_free (e);
}

static void
group_free (gpointer data)
{
  Group *g = data;
  g_free (g->name);
  g_hash_table_unref (g->entries);
  g_free (g);
}

static gboolean G_GNUC_PRINTF (4, 5)
parse_error (GError **error, const char *name, int line, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  /* (in English, like the engine's messages: for the log and kazaki-cli) */
  g_set_error (error, KZ_LESSON_ERROR, KZ_LESSON_ERROR_PARSE, "%s:%d: %s", name, line, msg);
  return FALSE;
}

static GPtrArray *
read_groups (const char *text, gsize len, const char *name, GError **error)
{
  g_autoptr(GPtrArray) groups = g_ptr_array_new_with_free_func (group_free);
  if (!g_utf8_validate_len (text, len, NULL))
    {
      parse_error (error, name, 1, ("the file is not UTF-8 text"));
      return NULL;
    }
  g_autofree char *copy = g_strndup (text, len);
  g_auto(GStrv) lines = g_strsplit (copy, "\n", -1);
  Group *current = NULL;
  for (int i = 0; lines[i]; i++)
    {
      int line = i + 1;
      char *s = g_strstrip (lines[i]);
      if (s[0] == '\0' || s[0] == '#')
        continue;
      if (s[0] == '[')
        {
          size_t n = strlen (s);
          if (n < 3 || s[n - 1] != ']')
            {
              parse_error (error, name, line, ("a group name must be written [Name]"));
              return NULL;
            }
          current = g_new0 (Group, 1);
          current->name = g_strndup (s + 1, n - 2);
          current->line = line;
          current->entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, entry_free);
          for (guint k = 0; k < groups->len; k++)
            if (g_str_equal (((Group *) groups->pdata[k])->name, current->name))
              {
                parse_error (error, name, line, ("the group [%s] comes twice"), current->name);
                group_free (current);
                return NULL;
              }
          g_ptr_array_add (groups, current);
          continue;
        }
      char *eq = strchr (s, '=');
      if (eq == NULL || eq == s)
        {
          parse_error (error, name, line, ("expected Key=Value, a [Group] or a # comment"));
          return NULL;
        }
      if (current == NULL)
        {
          parse_error (error, name, line, ("a key before the first [Group]"));
          return NULL;
        }
      *eq = '\0';
      char *key = g_strstrip (s);
      char *value = g_strstrip (eq + 1);
      if (g_hash_table_contains (current->entries, key))
        {
          parse_error (error, name, line, ("the key %s comes twice in [%s]"), key, current->name);
          return NULL;
        }
      Entry *e = g_new0 (Entry, 1);
      e->value = g_strdup (value);
      e->line = line;
      g_hash_table_insert (current->entries, g_strdup (key), e);
    }
  return g_steal_pointer (&groups);
}

static Entry *
get_entry (Group *g, const char *key)
{
  return g_hash_table_lookup (g->entries, key);
}

/* Every key of the group must be one of `allowed` (NULL-terminated). */
static gboolean
check_keys (Group *g, const char *const *allowed, const char *name, GError **error)
{
  GHashTableIter it;
  gpointer key, value;
  g_hash_table_iter_init (&it, g->entries);
  while (g_hash_table_iter_next (&it, &key, &value))
    if (!g_strv_contains (allowed, key))
      return parse_error (error, name, ((Entry *) value)->line,
                          ("unknown key %s in [%s]"), (const char *) key, g->name);
  return TRUE;
}

static char *
translated (Entry *e)
{
  if (e == NULL || e->value[0] == '\0')
    return NULL;
  return g_strdup (g_dgettext (GETTEXT_PACKAGE, e->value));
}

/* ---- parsing a lesson ---- */

static gboolean
parse_goal (const char *text, KzLessonGoal *goal)
{
  g_auto(GStrv) w = g_strsplit (text, " ", -1);
  guint n = g_strv_length (w);
  memset (goal, 0, sizeof *goal);
  goal->point = KZ_NO_POINT;
  if (n == 0)
    return FALSE;
  if (g_str_equal (w[0], "reach") && n == 2)
    {
      const char *end;
      goal->kind = KZ_GOAL_REACH;
      goal->point = kz_point_parse (w[1], &end);
      return goal->point != KZ_NO_POINT && *end == '\0';
    }
  if (g_str_equal (w[0], "capture") && n == 2)
    {
      goal->kind = KZ_GOAL_CAPTURE;
      if (g_str_equal (w[1], "all"))
        {
          goal->count = -1;
          return TRUE;
        }
      guint64 v;
      if (!g_ascii_string_to_unsigned (w[1], 10, 1, KZ_PIECES_PER_SIDE, &v, NULL))
        return FALSE;
      goal->count = (int) v;
      return TRUE;
    }
  if (g_str_equal (w[0], "win") && n <= 2)
    {
      goal->kind = KZ_GOAL_WIN;
      if (n == 1)
        return TRUE;
      if (g_str_equal (w[1], "flag"))
        goal->reason = KZ_REASON_FLAG;
      else if (g_str_equal (w[1], "annihilation"))
        goal->reason = KZ_REASON_ANNIHILATION;
      else if (g_str_equal (w[1], "blocked"))
        goal->reason = KZ_REASON_BLOCKED;
      else
        return FALSE;
      return TRUE;
    }
  if (n != 1)
    return FALSE;
  static const struct { const char *name; KzGoalKind kind; } simple[] = {
    { "take-flag", KZ_GOAL_TAKE_FLAG }, { "own-flag", KZ_GOAL_OWN_FLAG },
    { "safe", KZ_GOAL_SAFE }, { "draw", KZ_GOAL_DRAW }, { "untakeable", KZ_GOAL_UNTAKEABLE },
  };
  for (guint i = 0; i < G_N_ELEMENTS (simple); i++)
    if (g_str_equal (w[0], simple[i].name))
      {
        goal->kind = simple[i].kind;
        return TRUE;
      }
  return FALSE;
}

static GPtrArray *
split_moves (Entry *e, const char *name, GError **error)
{
  g_autoptr(GPtrArray) moves = g_ptr_array_new_with_free_func (g_free);
  if (e == NULL)
    return g_steal_pointer (&moves);
  g_auto(GStrv) w = g_strsplit (e->value, " ", -1);
  for (int i = 0; w[i]; i++)
    {
      if (w[i][0] == '\0')
        continue;
      KzMoveText mt;
      KzError err;
      if (!kz_move_text_parse (w[i], &mt, &err))
        {
          parse_error (error, name, e->line, "%s", err.message);
          return NULL;
        }
      g_ptr_array_add (moves, g_strdup (w[i]));
    }
  return g_steal_pointer (&moves);
}

static KzLessonStep *
parse_step (Group *g, int number, const char *name, GError **error)
{
  static const char *const keys[] = {
    "Position", "History", "Task", "Goal", "Turns", "Solution", "Answer", "Success", "Hint", NULL
  };
  if (!check_keys (g, keys, name, error))
    return NULL;
  KzLessonStep *step = g_new0 (KzLessonStep, 1);
  step->number = number;
  step->line = g->line;
  step->history = g_array_new (FALSE, FALSE, sizeof (guint64));
  step->wrong = g_array_new (FALSE, TRUE, sizeof (KzLessonWrong));
  g_autoptr(GPtrArray) history = NULL;

  Entry *e = get_entry (g, "Position");
  KzError err;
  if (e == NULL)
    {
      parse_error (error, name, g->line, ("[%s] has no Position"), g->name);
      goto fail;
    }
  if (!kz_kpn_parse (e->value, &step->position, &err))
    {
      parse_error (error, name, e->line, "%s", err.message);
      goto fail;
    }
  e = get_entry (g, "History");
  history = split_moves (e, name, error);
  if (history == NULL)
    goto fail;
  for (guint i = 0; i < history->len; i++)
    {
      KzMove m;
      if (!kz_move_parse (&step->position, history->pdata[i], &m, &err))
        {
          parse_error (error, name, e->line, "%s", err.message);
          goto fail;
        }
      g_array_append_val (step->history, step->position.hash);
      kz_position_make_move (&step->position, &m);
    }
  if (kz_position_outcome (&step->position).winner >= 0)
    {
      parse_error (error, name, g->line, ("the game is over in the position of [%s]"), g->name);
      goto fail;
    }

  e = get_entry (g, "Task");
  if (e == NULL || e->value[0] == '\0')
    {
      parse_error (error, name, g->line, ("[%s] has no Task"), g->name);
      goto fail;
    }
  step->task = translated (e);
  step->success = translated (get_entry (g, "Success"));
  step->hint = translated (get_entry (g, "Hint"));

  e = get_entry (g, "Goal");
  if (e == NULL || !parse_goal (e->value, &step->goal))
    {
      parse_error (error, name, e ? e->line : g->line,
                   ("Goal must be one of: reach POINT, capture N, capture all, take-flag, "
                     "own-flag, win [flag|annihilation|blocked], safe, draw, untakeable"));
      goto fail;
    }
  step->solution = split_moves (get_entry (g, "Solution"), name, error);
  if (step->solution == NULL)
    goto fail;
  if (step->goal.kind == KZ_GOAL_UNTAKEABLE)
    {
      e = get_entry (g, "Answer");
      if (e == NULL)
        {
          parse_error (error, name, g->line, ("a question step needs an Answer"));
          goto fail;
        }
      g_auto(GStrv) w = g_strsplit (e->value, " ", -1);
      for (int i = 0; w[i]; i++)
        {
          if (w[i][0] == '\0')
            continue;
          const char *end;
          int sq = kz_point_parse (w[i], &end);
          if (sq == KZ_NO_POINT || *end)
            {
              parse_error (error, name, e->line, ("“%s” is not a point"), w[i]);
              goto fail;
            }
          step->answer |= KZ_BIT (sq);
        }
      step->turns = 0;
    }
  else
    {
      if (step->solution->len == 0)
        {
          parse_error (error, name, g->line, ("[%s] has no Solution"), g->name);
          goto fail;
        }
      step->turns = (int) (step->solution->len + 1) / 2;
      e = get_entry (g, "Turns");
      if (e)
        {
          guint64 v;
          if (!g_ascii_string_to_unsigned (e->value, 10, 1, 4, &v, NULL))
            {
              parse_error (error, name, e->line, ("Turns must be a number from 1 to 4"));
              goto fail;
            }
          step->turns = (int) v;
        }
    }
  return step;

fail:
  step_free (step);
  return NULL;
}

static gboolean
parse_wrong (KzLesson *self, Group *g, const char *name, GError **error)
{
  static const char *const keys[] = { "Reason", "Why", "Turn", NULL };
  int number;
  char move[64];
  if (sscanf (g->name, "Step %d wrong %63s", &number, move) != 2)
    return parse_error (error, name, g->line,
                        ("unknown group [%s]: expected [Lesson], [Step N] or [Step N wrong MOVE]"),
                        g->name);
  if (number < 1 || (guint) number > self->steps->len)
    return parse_error (error, name, g->line, ("[%s] follows no step %d"), g->name, number);
  if (!check_keys (g, keys, name, error))
    return FALSE;
  KzLessonStep *step = self->steps->pdata[number - 1];
  KzLessonWrong w = { NULL, 0, -1, NULL, g->line };
  if (step->goal.kind == KZ_GOAL_UNTAKEABLE)
    {
      const char *end;
      if (kz_point_parse (move, &end) == KZ_NO_POINT || *end)
        return parse_error (error, name, g->line, ("“%s” is not a point"), move);
    }
  else
    {
      KzMoveText mt;
      KzError err;
      if (!kz_move_text_parse (move, &mt, &err))
        return parse_error (error, name, g->line, "%s", err.message);
    }
  Entry *e = get_entry (g, "Reason");
  if (e)
    {
      gboolean found = FALSE;
      for (guint i = 0; i < KZ_LESSON_N_REASONS; i++)
        if (g_str_equal (e->value, kz_lesson_reason_names[i].name))
          {
            w.reason = (int) kz_lesson_reason_names[i].code;
            found = TRUE;
          }
      if (!found)
        return parse_error (error, name, e->line, ("unknown Reason “%s”"), e->value);
    }
  e = get_entry (g, "Turn");
  if (e)
    {
      guint64 v;
      if (!g_ascii_string_to_unsigned (e->value, 10, 1, 4, &v, NULL))
        return parse_error (error, name, e->line, ("Turn must be a number from 1 to 4"));
      w.turn = (int) v - 1;
    }
  w.why = translated (get_entry (g, "Why"));
  if (w.reason < 0 && w.why == NULL)
    return parse_error (error, name, g->line,
                        ("[%s] needs a Why (a legal wrong move is explained by its author)"),
                        g->name);
  w.move = g_strdup (move);
  g_array_append_val (step->wrong, w);
  return TRUE;
}

static char *
id_from_name (const char *name)
{
  g_autofree char *base = g_path_get_basename (name);
  char *dot = strchr (base, '.');
  if (dot)
    *dot = '\0';
  return g_strdup (base);
}

KzLesson *
kz_lesson_new_from_bytes (GBytes *bytes, const char *name, GError **error)
{
  gsize len;
  const char *data = g_bytes_get_data (bytes, &len);
  g_autoptr(GPtrArray) groups = read_groups (data ? data : "", data ? len : 0, name, error);
  if (groups == NULL)
    return NULL;
  if (groups->len == 0 || !g_str_equal (((Group *) groups->pdata[0])->name, "Lesson"))
    {
      parse_error (error, name, groups->len ? ((Group *) groups->pdata[0])->line : 1,
                   ("a lesson begins with a [Lesson] group"));
      return NULL;
    }
  g_autoptr(KzLesson) self = g_object_new (KZ_TYPE_LESSON, NULL);
  Group *head = groups->pdata[0];
  static const char *const head_keys[] = { "Title", "Rules", "Intro", NULL };
  if (!check_keys (head, head_keys, name, error))
    return NULL;
  self->id = id_from_name (name);
  Entry *e = get_entry (head, "Title");
  if (e == NULL || e->value[0] == '\0')
    {
      parse_error (error, name, head->line, ("the lesson has no Title"));
      return NULL;
    }
  self->title = translated (e);
  self->intro = translated (get_entry (head, "Intro"));
  e = get_entry (head, "Rules");
  if (e == NULL)
    {
      parse_error (error, name, head->line, ("the lesson names no Rules sections"));
      return NULL;
    }
  self->rules = g_strsplit (e->value, ";", -1);
  for (int i = 0; self->rules[i]; i++)
    {
      g_strstrip (self->rules[i]);
      if (!g_strv_contains (rule_sections, self->rules[i]))
        {
          parse_error (error, name, e->line,
                       ("“%s” is not a section of the rules (doc/RULES.md)"), self->rules[i]);
          return NULL;
        }
    }

  for (guint i = 1; i < groups->len; i++)
    {
      Group *g = groups->pdata[i];
      int number;
      char rest[8];
      if (sscanf (g->name, "Step %d%7s", &number, rest) == 1)
        {
          if ((guint) number != self->steps->len + 1)
            {
              parse_error (error, name, g->line, ("expected [Step %u] here"),
                           self->steps->len + 1);
              return NULL;
            }
          KzLessonStep *step = parse_step (g, number, name, error);
          if (step == NULL)
            return NULL;
          g_ptr_array_add (self->steps, step);
        }
      else if (!parse_wrong (self, g, name, error))
        return NULL;
    }
  if (self->steps->len == 0)
    {
      parse_error (error, name, head->line, ("the lesson has no [Step 1]"));
      return NULL;
    }
  return g_steal_pointer (&self);
}

KzLesson *
kz_lesson_new_from_file (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  gsize len;
  if (!g_file_get_contents (path, &text, &len, error))
    return NULL;
  g_autoptr(GBytes) bytes = g_bytes_new_take (g_steal_pointer (&text), len);
  return kz_lesson_new_from_bytes (bytes, path, error);
}

static gboolean
is_lesson_name (const char *name)
{
  return g_str_has_suffix (name, ".lesson.desktop");
}

static void
skip (const GError *error, GPtrArray *problems)
{
  g_warning ("Lesson skipped: %s", error->message);
  if (problems)
    g_ptr_array_add (problems, g_strdup (error->message));
}

static int
compare_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

GPtrArray *
kz_lessons_load_resource (const char *resource_path, GPtrArray *problems)
{
  GPtrArray *lessons = g_ptr_array_new_with_free_func (g_object_unref);
  g_auto(GStrv) names = g_resources_enumerate_children (resource_path, 0, NULL);
  if (names == NULL)
    return lessons;
  qsort (names, g_strv_length (names), sizeof (char *), compare_names);
  for (int i = 0; names[i]; i++)
    {
      if (!is_lesson_name (names[i]))
        continue;
      g_autofree char *path = g_build_path ("/", resource_path, names[i], NULL);
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) bytes = g_resources_lookup_data (path, 0, &error);
      KzLesson *lesson = bytes ? kz_lesson_new_from_bytes (bytes, path, &error) : NULL;
      if (lesson)
        g_ptr_array_add (lessons, lesson);
      else
        skip (error, problems);
    }
  return lessons;
}

GPtrArray *
kz_lessons_load_dir (const char *dir, GPtrArray *problems, GError **error)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, error);
  if (d == NULL)
    return NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *n;
  while ((n = g_dir_read_name (d)))
    if (is_lesson_name (n))
      g_ptr_array_add (names, g_strdup (n));
  g_ptr_array_sort (names, compare_names);
  GPtrArray *lessons = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, names->pdata[i], NULL);
      g_autoptr(GError) local = NULL;
      KzLesson *lesson = kz_lesson_new_from_file (path, &local);
      if (lesson)
        g_ptr_array_add (lessons, lesson);
      else
        skip (local, problems);
    }
  return lessons;
}

GPtrArray *
kz_lessons_load_builtin (GPtrArray *problems)
{
  static gsize registered = 0;
  if (g_once_init_enter (&registered))
    {
      kz_lessons_register_resource ();
      g_once_init_leave (&registered, 1);
    }
  return kz_lessons_load_resource (KZ_LESSONS_RESOURCE_PATH, problems);
}

const char *
kz_lesson_get_id (KzLesson *self)
{
  g_return_val_if_fail (KZ_IS_LESSON (self), NULL);
  return self->id;
}

const char *
kz_lesson_get_title (KzLesson *self)
{
  g_return_val_if_fail (KZ_IS_LESSON (self), NULL);
  return self->title;
}

const char *
kz_lesson_get_intro (KzLesson *self)
{
  g_return_val_if_fail (KZ_IS_LESSON (self), NULL);
  return self->intro;
}

const char *const *
kz_lesson_get_rules (KzLesson *self)
{
  g_return_val_if_fail (KZ_IS_LESSON (self), NULL);
  return (const char *const *) self->rules;
}

guint
kz_lesson_get_n_steps (KzLesson *self)
{
  g_return_val_if_fail (KZ_IS_LESSON (self), 0);
  return self->steps->len;
}

const KzLessonStep *
kz_lesson_get_step (KzLesson *self, guint index)
{
  g_return_val_if_fail (KZ_IS_LESSON (self), NULL);
  g_return_val_if_fail (index < self->steps->len, NULL);
  return self->steps->pdata[index];
}

/* ---- GObject ---- */

static void
kz_lesson_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KzLesson *self = KZ_LESSON (object);
  switch (prop_id)
    {
    case PROP_ID:
      g_value_set_string (value, self->id);
      break;
    case PROP_TITLE:
      g_value_set_string (value, self->title);
      break;
    case PROP_INTRO:
      g_value_set_string (value, self->intro);
      break;
    case PROP_N_STEPS:
      g_value_set_uint (value, self->steps->len);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_lesson_finalize (GObject *object)
{
  KzLesson *self = KZ_LESSON (object);
  g_free (self->id);
  g_free (self->title);
  g_free (self->intro);
  g_strfreev (self->rules);
  g_ptr_array_unref (self->steps);
  G_OBJECT_CLASS (kz_lesson_parent_class)->finalize (object);
}

static void
kz_lesson_class_init (KzLessonClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->get_property = kz_lesson_get_property;
  object_class->finalize = kz_lesson_finalize;
  GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  props[PROP_ID] = g_param_spec_string ("id", NULL, NULL, NULL, flags);
  props[PROP_TITLE] = g_param_spec_string ("title", NULL, NULL, NULL, flags);
  props[PROP_INTRO] = g_param_spec_string ("intro", NULL, NULL, NULL, flags);
  props[PROP_N_STEPS] = g_param_spec_uint ("n-steps", NULL, NULL, 0, G_MAXUINT, 0, flags);
  g_object_class_install_properties (object_class, N_PROPS, props);
}

static void
kz_lesson_init (KzLesson *self)
{
  self->steps = g_ptr_array_new_with_free_func (step_free);
}
