/* kz-lesson-run.c — playing and checking a step of a lesson: the goal,
 * the small exhaustive search behind the verdicts and the opponent's
 * answers off the script, and the explanations of wrong moves (see
 * kz-lesson.h).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-lesson.h"
#include "kz-lesson-private.h"

#include <string.h>
#include <glib/gi18n-lib.h>

static const char *
reason_name (int code)
{
  for (guint i = 0; i < KZ_LESSON_N_REASONS; i++)
    if ((int) kz_lesson_reason_names[i].code == code)
      return kz_lesson_reason_names[i].name;
  return "legal";
}

/* ---- the goal and the search ---- */

typedef struct {
  const KzLessonStep *step;
  int                 learner;
  GArray             *hashes;   /* every position so far, the current one last */
} Ctx;

static int
repetitions (Ctx *c, guint64 hash)
{
  int n = 0;
  for (guint i = 0; i < c->hashes->len; i++)
    n += g_array_index (c->hashes, guint64, i) == hash;
  return n;
}

/* Whether the goal holds after a move of the learner to `pos` (already
 * pushed on the hashes). */
static gboolean
goal_met (Ctx *c, const KzPosition *pos)
{
  int l = c->learner, o = 1 - l;
  const KzLessonGoal *g = &c->step->goal;
  switch (g->kind)
    {
    case KZ_GOAL_REACH:
      return (pos->pieces[l] >> g->point & 1) != 0;
    case KZ_GOAL_CAPTURE:
      if (g->count < 0)
        return pos->pieces[o] == 0;
      return kz_popcount (c->step->position.pieces[o]) - kz_popcount (pos->pieces[o]) >= g->count;
    case KZ_GOAL_TAKE_FLAG:
      return pos->flag[o] != KZ_FLAG_HOME && kz_position_piece_at (pos, pos->flag[o]) == l;
    case KZ_GOAL_OWN_FLAG:
      return pos->flag[l] != KZ_FLAG_HOME && kz_position_piece_at (pos, pos->flag[l]) == l;
    case KZ_GOAL_WIN:
      {
        KzOutcome out = kz_position_outcome (pos);
        return out.winner == l && (g->reason == KZ_REASON_NONE || g->reason == out.reason);
      }
    case KZ_GOAL_SAFE:
      {
        if (kz_position_outcome (pos).winner >= 0)
          return FALSE;
        g_autofree KzMoveList *list = g_new (KzMoveList, 1);
        kz_generate_moves (pos, list);
        for (int i = 0; i < list->count; i++)
          if (list->moves[i].captured)
            return FALSE;
        return TRUE;
      }
    case KZ_GOAL_DRAW:
      return repetitions (c, pos->hash) >= 3;
    case KZ_GOAL_UNTAKEABLE:
    default:
      return FALSE;
    }
}

static gboolean forced (Ctx *c, const KzPosition *pos, int turns);

/* Whether the learner's move m from pos reaches the goal within `turns`
 * of the learner's moves (this one included) against every defence. */
static gboolean
good_move (Ctx *c, const KzPosition *pos, const KzMove *m, int turns)
{
  KzPosition after = *pos;
  kz_position_make_move (&after, m);
  g_array_append_val (c->hashes, after.hash);
  gboolean ok = FALSE;
  if (goal_met (c, &after))
    ok = TRUE;
  else if (turns > 1 && kz_position_outcome (&after).winner < 0)
    {
      g_autofree KzMoveList *replies = g_new (KzMoveList, 1);
      kz_generate_moves (&after, replies);
      ok = replies->count > 0;
      for (int i = 0; ok && i < replies->count; i++)
        {
          KzPosition next = after;
          kz_position_make_move (&next, &replies->moves[i]);
          g_array_append_val (c->hashes, next.hash);
          ok = kz_position_outcome (&next).winner < 0 && forced (c, &next, turns - 1);
          g_array_set_size (c->hashes, c->hashes->len - 1);
        }
    }
  g_array_set_size (c->hashes, c->hashes->len - 1);
  return ok;
}

static gboolean
forced (Ctx *c, const KzPosition *pos, int turns)
{
  g_autofree KzMoveList *list = g_new (KzMoveList, 1);
  kz_generate_moves (pos, list);
  for (int i = 0; i < list->count; i++)
    if (good_move (c, pos, &list->moves[i], turns))
      return TRUE;
  return FALSE;
}

/* ---- explanations ---- */

static gboolean
in_triangle (int sq)
{
  int r = kz_point_rank (sq);
  return r <= 1 || r >= 7;
}

static int
apex_of (int sq)
{
  return kz_point_rank (sq) <= 4 ? KZ_APEX_COSSACKS : KZ_APEX_TURKS;
}

static const char *
pt (int sq)
{
  return kz_point_valid (sq) ? kz_point_name (sq) : "?";
}

char *
kz_lesson_explain_error (const KzPosition *pos, const KzError *err)
{
  int a = err->point_a, b = err->point_b;
  switch (err->code)
    {
    case KZ_ERR_CAPTURE_COMPULSORY:
      {
        g_autofree KzMoveList *list = g_new (KzMoveList, 1);
        kz_generate_moves (pos, list);
        for (int i = 0; i < list->count; i++)
          {
            const KzMove *m = &list->moves[i];
            if (m->n_jumps == 0 || m->captured == 0)
              continue;
            int from = m->from, over = kz_jump_over (m->from, m->path[0]);
            for (int k = 0; k < m->n_jumps; k++)
              {
                int o = kz_jump_over (from, m->path[k]);
                if (m->captured >> o & 1)
                  {
                    over = o;
                    break;
                  }
                from = m->path[k];
              }
            /* Translators: both %s are points such as c4 */
            return g_strdup_printf (_("Capturing is compulsory: your piece on %s can take %s."),
                                    pt (m->from), pt (over));
          }
        return g_strdup (_("Capturing is compulsory."));
      }
    case KZ_ERR_NOT_ADJACENT:
      if (kz_point_valid (a) && kz_point_valid (b) && in_triangle (a) != in_triangle (b))
        /* Translators: the first two %s are points, the third the apex (c3 or c7) */
        return g_strdup_printf (_("%s and %s are not joined: a triangle is entered and left "
                                  "only through its apex, %s."),
                                pt (a), pt (b), pt (in_triangle (a) ? apex_of (a) : apex_of (b)));
      if (kz_point_valid (a) && kz_point_valid (b)
          && kz_point_file (a) != kz_point_file (b) && kz_point_rank (a) != kz_point_rank (b)
          && !in_triangle (a) && !in_triangle (b))
        return g_strdup_printf (_("%s and %s are not joined: the square has no diagonals."),
                                pt (a), pt (b));
      return g_strdup_printf (_("%s and %s are not joined: a step goes to the next point "
                                "along a line."), pt (a), pt (b));
    case KZ_ERR_NOT_FREE:
      if ((b == KZ_CENTRE_COSSACKS && pos->flag[KZ_COSSACKS] == KZ_FLAG_HOME)
          || (b == KZ_CENTRE_TURKS && pos->flag[KZ_TURKS] == KZ_FLAG_HOME))
        return g_strdup_printf (_("%s is not free: a flag stands there."), pt (b));
      return g_strdup_printf (_("%s is not free: a piece stands there."), pt (b));
    case KZ_ERR_NOT_A_JUMP:
      if (kz_point_file (a) == 2 && kz_point_valid (b) && in_triangle (b)
          && kz_point_file (b) != 2 && !in_triangle (a))
        return g_strdup_printf (_("No jump leads from %s to %s: a jump along the middle file "
                                  "onto the apex cannot turn onto the triangle's sides."),
                                pt (a), pt (b));
      return g_strdup_printf (_("No jump leads from %s to %s: a jump goes straight along a line "
                                "over the next point."), pt (a), pt (b));
    case KZ_ERR_NOTHING_TO_JUMP:
      return g_strdup_printf (_("There is no enemy piece on %s to jump."),
                              pt (kz_jump_over (a, b)));
    case KZ_ERR_FORBIDDEN_BEND:
      return g_strdup_printf (_("After landing on the apex %s along the middle file, the chain may "
                                "not turn onto the triangle's side towards %s: it may go on along "
                                "the middle file or the row."), pt (a), pt (b));
    case KZ_ERR_CHAIN_INCOMPLETE:
      return g_strdup_printf (_("The chain must go on: from %s your piece can take another "
                                "piece."), pt (a));
    case KZ_ERR_NO_PIECE:
      return g_strdup_printf (_("There is no piece on %s."), pt (a));
    case KZ_ERR_NOT_YOURS:
      return g_strdup_printf (_("The piece on %s is your opponent's."), pt (a));
    case KZ_ERR_GAME_OVER:
      return g_strdup (_("The game is over."));
    default:
      if (kz_point_valid (a) && !kz_point_valid (b))
        return g_strdup_printf (_("The piece on %s cannot move: no point next to it is free."),
                                pt (a));
      return g_strdup (_("That is not a legal move here."));
    }
}

/* Why a legal move m from pos fails, in general terms. */
static char *
explain_failure (Ctx *c, const KzPosition *pos, const KzMove *m)
{
  KzPosition after = *pos;
  kz_position_make_move (&after, m);
  g_autofree KzMoveList *replies = g_new (KzMoveList, 1);
  kz_generate_moves (&after, replies);
  for (int i = 0; i < replies->count; i++)
    if (replies->moves[i].captured)
      {
        int sq = kz_bit_scan (replies->moves[i].captured);
        /* Translators: %s is a point such as c4 */
        return g_strdup_printf (_("After this move your opponent can take your piece on %s."),
                                pt (sq));
      }
  const KzLessonGoal *g = &c->step->goal;
  switch (g->kind)
    {
    case KZ_GOAL_REACH:
      return g_strdup_printf (_("This way no piece of yours gets to %s in time."), pt (g->point));
    case KZ_GOAL_CAPTURE:
      return g_strdup (_("This way you do not take the pieces the task asks for."));
    case KZ_GOAL_TAKE_FLAG:
      return g_strdup (_("This way you do not take the enemy flag."));
    case KZ_GOAL_OWN_FLAG:
      return g_strdup (_("This way you do not win back your flag."));
    case KZ_GOAL_WIN:
      return g_strdup (_("This way you do not win in time."));
    case KZ_GOAL_DRAW:
      return g_strdup (_("This move does not bring back the same position."));
    case KZ_GOAL_SAFE:
    case KZ_GOAL_UNTAKEABLE:
    default:
      return g_strdup (_("That does not do what the task asks."));
    }
}

/* ---- running a step ---- */

struct _KzLessonRun {
  Ctx        ctx;
  KzPosition pos;
  int        turn;     /* the learner's moves played */
  int        script;   /* index in the solution while on it, else -1 */
  KzBits     found;
  gboolean   solved;
};

KzLessonRun *
kz_lesson_run_new (const KzLessonStep *step)
{
  KzLessonRun *run = g_new0 (KzLessonRun, 1);
  run->ctx.step = step;
  run->ctx.learner = step->position.side;
  run->ctx.hashes = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_array_append_vals (run->ctx.hashes, step->history->data, step->history->len);
  g_array_append_val (run->ctx.hashes, step->position.hash);
  run->pos = step->position;
  return run;
}

void
kz_lesson_run_free (KzLessonRun *run)
{
  if (run == NULL)
    return;
  g_array_unref (run->ctx.hashes);
  g_free (run);
}

const KzPosition *
kz_lesson_run_get_position (KzLessonRun *run)
{
  return &run->pos;
}

KzSide
kz_lesson_run_get_learner (KzLessonRun *run)
{
  return (KzSide) run->ctx.learner;
}

gboolean
kz_lesson_run_is_solved (KzLessonRun *run)
{
  return run->solved;
}

KzBits
kz_lesson_run_get_found (KzLessonRun *run)
{
  return run->found;
}

static const KzLessonWrong *
find_wrong (const KzLessonStep *step, const char *move, int turn)
{
  for (guint i = 0; i < step->wrong->len; i++)
    {
      const KzLessonWrong *w = &g_array_index (step->wrong, KzLessonWrong, i);
      if (w->turn == turn && g_str_equal (w->move, move))
        return w;
    }
  return NULL;
}

static char *
join_why (char *derived, const KzLessonWrong *w)
{
  if (w == NULL || w->why == NULL)
    return derived;
  if (derived == NULL)
    return g_strdup (w->why);
  char *s = g_strconcat (derived, " ", w->why, NULL);
  g_free (derived);
  return s;
}

static void
play (KzLessonRun *run, const KzMove *m)
{
  kz_position_make_move (&run->pos, m);
  g_array_append_val (run->ctx.hashes, run->pos.hash);
}

/* Whether the solution's next move (at run->script) is m. */
static gboolean
on_script (KzLessonRun *run, const KzMove *m)
{
  const GPtrArray *sol = run->ctx.step->solution;
  if (run->script < 0 || (guint) run->script >= sol->len)
    return FALSE;
  KzMove s;
  return kz_move_parse (&run->pos, sol->pdata[run->script], &s, NULL) && kz_move_equal (&s, m);
}

KzVerdict
kz_lesson_run_try_move (KzLessonRun *run, const char *text, char **why)
{
  const KzLessonStep *step = run->ctx.step;
  KzMove m;
  KzError err;
  *why = NULL;
  if (run->solved)
    {
      *why = g_strdup (_("This step is done."));
      return KZ_VERDICT_WRONG;
    }
  if (step->goal.kind == KZ_GOAL_UNTAKEABLE)
    {
      *why = g_strdup (_("Here you answer by pointing at pieces, not by moving."));
      return KZ_VERDICT_WRONG;
    }
  const KzLessonWrong *w = find_wrong (step, text, run->turn);
  if (!kz_move_parse (&run->pos, text, &m, &err))
    {
      *why = join_why (kz_lesson_explain_error (&run->pos, &err), w);
      return KZ_VERDICT_WRONG;
    }
  int left = step->turns - run->turn;
  if (!good_move (&run->ctx, &run->pos, &m, left))
    {
      *why = w && w->why ? g_strdup (w->why) : explain_failure (&run->ctx, &run->pos, &m);
      return KZ_VERDICT_WRONG;
    }
  gboolean scripted = on_script (run, &m);
  play (run, &m);
  run->turn++;
  run->script = scripted ? run->script + 1 : -1;
  if (goal_met (&run->ctx, &run->pos))
    {
      run->solved = TRUE;
      return KZ_VERDICT_SOLVED;
    }
  return KZ_VERDICT_GOOD;
}

gboolean
kz_lesson_run_answer (KzLessonRun *run, KzMove *move, char move_text[KZ_MOVE_STR_MAX])
{
  const KzLessonStep *step = run->ctx.step;
  g_autofree KzMoveList *list = g_new (KzMoveList, 1);
  kz_generate_moves (&run->pos, list);
  if (list->count == 0)
    return FALSE;
  int pick = -1;
  if (run->script >= 0 && (guint) run->script < step->solution->len)
    {
      KzMove s;
      if (kz_move_parse (&run->pos, step->solution->pdata[run->script], &s, NULL))
        for (int i = 0; i < list->count && pick < 0; i++)
          if (kz_move_equal (&s, &list->moves[i]))
            pick = i;
    }
  if (pick >= 0)
    run->script++;
  else
    {
      /* Off the script: the defence that puts the goal off longest. */
      int left = step->turns - run->turn, best = -1;
      run->script = -1;
      for (int i = 0; i < list->count; i++)
        {
          KzPosition next = run->pos;
          kz_position_make_move (&next, &list->moves[i]);
          g_array_append_val (run->ctx.hashes, next.hash);
          int need = left + 1;
          for (int k = 1; k <= left; k++)
            if (kz_position_outcome (&next).winner < 0 && forced (&run->ctx, &next, k))
              {
                need = k;
                break;
              }
          g_array_set_size (run->ctx.hashes, run->ctx.hashes->len - 1);
          if (need > best)
            {
              best = need;
              pick = i;
            }
        }
    }
  *move = list->moves[pick];
  kz_move_format (move, move_text, KZ_MOVE_STR_MAX);
  play (run, move);
  return TRUE;
}

/* The pieces of `side` no jump can ever pass over. */
static KzBits
untakeable (const KzPosition *pos, int side)
{
  KzBits over = 0;
  for (int sq = 0; sq < KZ_GRID_SIZE; sq++)
    if (kz_point_valid (sq))
      for (int i = 0; i < KZ_JUMPS[sq].n; i++)
        over |= KZ_BIT (KZ_JUMPS[sq].paths[i].over);
  return pos->pieces[side] & ~over;
}

KzVerdict
kz_lesson_run_try_point (KzLessonRun *run, int sq, char **why)
{
  const KzLessonStep *step = run->ctx.step;
  *why = NULL;
  if (step->goal.kind != KZ_GOAL_UNTAKEABLE || run->solved)
    {
      *why = g_strdup (run->solved ? _("This step is done.") : _("Here you answer with a move."));
      return KZ_VERDICT_WRONG;
    }
  if (step->answer >> sq & 1)
    {
      run->found |= KZ_BIT (sq);
      if (run->found == step->answer)
        {
          run->solved = TRUE;
          return KZ_VERDICT_SOLVED;
        }
      return KZ_VERDICT_GOOD;
    }
  g_autofree char *name = g_strdup (kz_point_name (sq));
  const KzLessonWrong *w = find_wrong (step, name, 0);
  char *derived;
  if (kz_position_piece_at (&run->pos, sq) != run->ctx.learner)
    derived = g_strdup_printf (_("There is no piece of yours on %s."), pt (sq));
  else
    {
      derived = NULL;
      for (int from = 0; from < KZ_GRID_SIZE && !derived; from++)
        if (kz_point_valid (from))
          for (int i = 0; i < KZ_JUMPS[from].n; i++)
            if (KZ_JUMPS[from].paths[i].over == sq)
              {
                /* Translators: three points: the piece, where a jump starts and ends */
                derived = g_strdup_printf (_("The piece on %s can be taken: a piece on %s "
                                             "could jump over it to %s."),
                                           pt (sq), pt (from), pt (KZ_JUMPS[from].paths[i].to));
                break;
              }
    }
  *why = join_why (derived, w);
  return KZ_VERDICT_WRONG;
}

const char *
kz_lesson_run_get_hint_move (KzLessonRun *run)
{
  const GPtrArray *sol = run->ctx.step->solution;
  if (run->solved || run->script < 0 || (guint) run->script >= sol->len)
    return NULL;
  return sol->pdata[run->script];
}

/* ---- checking ---- */

static void G_GNUC_PRINTF (4, 5)
problem (GPtrArray *problems, KzLesson *self, const KzLessonStep *step, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_ptr_array_add (problems, g_strdup_printf ("lesson %s, step %d: %s", kz_lesson_get_id (self),
                                              step->number, msg));
}

static void
check_step (KzLesson *self, const KzLessonStep *step, GPtrArray *problems)
{
  g_autoptr(KzLessonRun) run = kz_lesson_run_new (step);
  int learner = step->position.side;

  if (step->goal.kind == KZ_GOAL_UNTAKEABLE)
    {
      KzBits want = untakeable (&step->position, learner);
      if (want != step->answer)
        problem (problems, self, step, "the Answer is not the set of the learner's pieces that "
                 "can never be taken");
      if (step->answer == 0)
        problem (problems, self, step, "the Answer is empty");
      for (guint i = 0; i < step->wrong->len; i++)
        {
          const KzLessonWrong *w = &g_array_index (step->wrong, KzLessonWrong, i);
          int sq = kz_point_parse (w->move, NULL);
          if (kz_position_piece_at (&step->position, sq) != learner || (want >> sq & 1))
            problem (problems, self, step, "%s is explained as a wrong answer, but it is not a "
                     "piece of the learner that can be taken", w->move);
        }
      return;
    }

  /* Where each of the learner's turns starts along the solution. */
  KzPosition at_turn[8];
  int n_turns = 0;
  for (guint i = 0; i < step->solution->len; i++)
    {
      const char *text = step->solution->pdata[i];
      const KzPosition *pos = kz_lesson_run_get_position (run);
      if (pos->side == learner)
        {
          if (n_turns < (int) G_N_ELEMENTS (at_turn))
            at_turn[n_turns] = *pos;
          n_turns++;
          g_autofree char *why = NULL;
          KzVerdict v = kz_lesson_run_try_move (run, text, &why);
          if (v == KZ_VERDICT_WRONG)
            {
              problem (problems, self, step, "the solution's move %s does not reach the goal "
                       "against every defence in the %d turns allowed: %s", text, step->turns, why);
              return;
            }
          if (v == KZ_VERDICT_SOLVED && i + 1 != step->solution->len)
            {
              problem (problems, self, step, "the goal is reached by %s, before the end of the "
                       "solution", text);
              return;
            }
        }
      else
        {
          KzMove m;
          KzError err;
          if (!kz_move_parse (pos, text, &m, &err))
            {
              problem (problems, self, step, "the opponent's move %s is illegal: %s", text,
                       err.message);
              return;
            }
          KzMove got;
          char got_text[KZ_MOVE_STR_MAX];
          if (!kz_lesson_run_answer (run, &got, got_text) || !kz_move_equal (&got, &m))
            {
              problem (problems, self, step, "the opponent's move %s was not played", text);
              return;
            }
        }
    }
  if (!kz_lesson_run_is_solved (run))
    problem (problems, self, step, "the solution ends before the goal is reached");

  for (guint i = 0; i < step->wrong->len; i++)
    {
      const KzLessonWrong *w = &g_array_index (step->wrong, KzLessonWrong, i);
      if (w->turn >= n_turns || w->turn >= (int) G_N_ELEMENTS (at_turn))
        {
          problem (problems, self, step, "the wrong move %s is for turn %d, but the solution "
                   "has %d", w->move, w->turn + 1, n_turns);
          continue;
        }
      KzMove m;
      KzError err;
      gboolean legal = kz_move_parse (&at_turn[w->turn], w->move, &m, &err);
      if (w->reason >= 0)
        {
          if (legal)
            problem (problems, self, step, "the wrong move %s is said to be illegal (%s), but it "
                     "is legal", w->move, reason_name (w->reason));
          else if ((int) err.code != w->reason)
            problem (problems, self, step, "the wrong move %s is said to be illegal (%s), but the "
                     "engine says: %s", w->move, reason_name (w->reason), err.message);
          continue;
        }
      if (!legal)
        {
          problem (problems, self, step, "the wrong move %s is illegal (%s), but is explained "
                   "as a legal one", w->move, err.message);
          continue;
        }
      Ctx c = { step, learner, g_array_new (FALSE, FALSE, sizeof (guint64)) };
      g_array_append_vals (c.hashes, step->history->data, step->history->len);
      g_array_append_val (c.hashes, step->position.hash);
      /* (a wrong move after the first turn is judged without the
       * positions of the solution before it; no lesson repeats them) */
      if (good_move (&c, &at_turn[w->turn], &m, step->turns - w->turn))
        problem (problems, self, step, "the wrong move %s reaches the goal too", w->move);
      g_array_unref (c.hashes);
    }
}

gboolean
kz_lesson_check (KzLesson *self, GPtrArray *problems)
{
  g_return_val_if_fail (KZ_IS_LESSON (self), FALSE);
  guint before = problems->len;
  for (guint i = 0; i < kz_lesson_get_n_steps (self); i++)
    check_step (self, kz_lesson_get_step (self, i), problems);
  return problems->len == before;
}

