/* kz-lesson.h — the lessons of Learn: loading, playing a step, checking.
 *
 * A lesson is one key file (data/lessons/README.md describes the format):
 * a [Lesson] group (Title, Rules, Intro) and [Step N] groups, each a small
 * position with one task, a goal the engine can test, the moves that
 * solve it (the opponent's replies scripted between them) and
 * [Step N wrong MOVE] groups explaining a wrong move.  Every text is
 * looked up with gettext when the lesson is loaded.
 *
 * KzLesson (a GObject) offers "id", "title", "rules", "intro" and
 * "n-steps"; KzLessonStep is a plain struct owned by its lesson.
 * KzLessonRun plays one step: the learner's moves are judged (correct,
 * solved, or wrong with a sentence saying why) and the opponent answers
 * from the script or, off the script, from a small exhaustive search.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "kz-engine.h"
#include "kz-store.h"

G_BEGIN_DECLS

/* Where the lessons are compiled in (GResource). */
#define KZ_LESSONS_RESOURCE_PATH "/io/github/kazaki/Kazaki/lessons"

typedef enum {
  KZ_GOAL_REACH,        /* a piece of the learner stands on `point` */
  KZ_GOAL_CAPTURE,      /* `count` enemy pieces taken since the step began (-1: all) */
  KZ_GOAL_TAKE_FLAG,    /* a piece of the learner carries the enemy flag */
  KZ_GOAL_OWN_FLAG,     /* a piece of the learner carries its own flag */
  KZ_GOAL_WIN,          /* the learner wins (`reason`: KZ_REASON_NONE for any) */
  KZ_GOAL_SAFE,         /* the opponent cannot take any piece of the learner */
  KZ_GOAL_DRAW,         /* the position comes up for the third time */
  KZ_GOAL_UNTAKEABLE,   /* a question: click the pieces that can never be taken */
} KzGoalKind;

typedef struct {
  KzGoalKind kind;
  int        point;
  int        count;
  KzReason   reason;
} KzLessonGoal;

typedef struct {
  char       *move;      /* the move (or, for a question, the point) */
  int         turn;      /* the learner's turn it is tried at, from 0 */
  int         reason;    /* the KzErrorCode it must fail with, or -1: legal */
  char       *why;       /* translated, may be NULL for an illegal move */
  int         line;
} KzLessonWrong;

typedef struct {
  int           number;      /* from 1 */
  int           line;        /* of its [Step N] group */
  KzPosition    position;    /* as the learner gets it (after History) */
  GArray       *history;     /* guint64 hashes of the positions before, for repetitions */
  char         *task;        /* translated */
  char         *success;     /* translated, may be NULL */
  char         *hint;        /* translated, may be NULL */
  KzLessonGoal  goal;
  int           turns;       /* the learner's moves allowed */
  GPtrArray    *solution;    /* move texts: learner, opponent, learner, … */
  KzBits        answer;      /* KZ_GOAL_UNTAKEABLE */
  GArray       *wrong;       /* KzLessonWrong */
} KzLessonStep;

#define KZ_TYPE_LESSON (kz_lesson_get_type ())
G_DECLARE_FINAL_TYPE (KzLesson, kz_lesson, KZ, LESSON, GObject)

#define KZ_LESSON_ERROR (kz_lesson_error_quark ())
GQuark kz_lesson_error_quark (void);
typedef enum { KZ_LESSON_ERROR_PARSE } KzLessonError;

/* Parses one lesson; `name` (a file name) names it in errors, which say
 * "NAME:LINE: what".  The id is the name without folders and suffixes. */
KzLesson   *kz_lesson_new_from_bytes (GBytes *bytes, const char *name, GError **error);
KzLesson   *kz_lesson_new_from_file (const char *path, GError **error);

/* Every lesson in a resource folder or a folder of files (sorted by
 * name).  A lesson that does not load is skipped with a g_warning()
 * naming file and line (and added to `problems`, when not NULL). */
GPtrArray  *kz_lessons_load_resource (const char *resource_path, GPtrArray *problems);
GPtrArray  *kz_lessons_load_dir (const char *dir, GPtrArray *problems, GError **error);
/* The lessons compiled into Kazaki. */
GPtrArray  *kz_lessons_load_builtin (GPtrArray *problems);

const char *kz_lesson_get_id (KzLesson *self);
const char *kz_lesson_get_title (KzLesson *self);
const char *kz_lesson_get_intro (KzLesson *self);
/* The RULES.md section headings, as written there (not translated). */
const char *const *kz_lesson_get_rules (KzLesson *self);
guint       kz_lesson_get_n_steps (KzLesson *self);
const KzLessonStep *kz_lesson_get_step (KzLesson *self, guint index);

/* Checks every step with the engine: each solution is legal and reaches
 * its goal against any defence, each explained wrong move really is
 * illegal (for the reason given) or really fails.  Appends one line per
 * problem ("lesson ID, step N: reason") to `problems`; TRUE when none. */
gboolean    kz_lesson_check (KzLesson *self, GPtrArray *problems);

/* ---- playing a step ---- */

typedef enum {
  KZ_VERDICT_WRONG,     /* not played; `text` says why */
  KZ_VERDICT_GOOD,      /* played; the opponent answers, then it is the learner's turn */
  KZ_VERDICT_SOLVED,    /* played (or the last answer found); the step is done */
} KzVerdict;

typedef struct _KzLessonRun KzLessonRun;

KzLessonRun *kz_lesson_run_new (const KzLessonStep *step);
void         kz_lesson_run_free (KzLessonRun *run);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (KzLessonRun, kz_lesson_run_free)

const KzPosition *kz_lesson_run_get_position (KzLessonRun *run);
KzSide       kz_lesson_run_get_learner (KzLessonRun *run);
gboolean     kz_lesson_run_is_solved (KzLessonRun *run);
/* Judges a move in notation; on GOOD and SOLVED it is played.  *text
 * (translated) is the explanation of a wrong move, or NULL. */
KzVerdict    kz_lesson_run_try_move (KzLessonRun *run, const char *move, char **text);
/* The same for a move refused before it was complete (a click on the
 * board): `error` as kz_move_parse() or the board's input gives it. */
char        *kz_lesson_explain_error (const KzPosition *pos, const KzError *error);
/* After a GOOD move: the opponent's answer (scripted, or the engine's);
 * it is played and written in notation to `move_text`.  FALSE when the
 * opponent has no move. */
gboolean     kz_lesson_run_answer (KzLessonRun *run, KzMove *move,
                                   char move_text[KZ_MOVE_STR_MAX]);
/* A question step: the learner points at sq. */
KzVerdict    kz_lesson_run_try_point (KzLessonRun *run, int sq, char **text);
/* The points already found in a question step. */
KzBits       kz_lesson_run_get_found (KzLessonRun *run);
/* The next move of the solution from here, when still on the script. */
const char  *kz_lesson_run_get_hint_move (KzLessonRun *run);

/* ---- progress (the game database's lessons_done table) ---- */

gboolean     kz_store_set_lesson_done (KzStore *store, const char *lesson_id, GError **error);
/* The ids of the lessons done (a set: keys are the ids). */
GHashTable  *kz_store_get_lessons_done (KzStore *store, GError **error);

G_END_DECLS
