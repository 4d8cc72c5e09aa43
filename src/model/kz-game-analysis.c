/* kz-game-analysis.c — the computer's review of a game (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-game-analysis.h"
#include "kz-store-private.h"
#include "kz-tables.h"

#include <stdatomic.h>
#include <string.h>
#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif
#include <inttypes.h>
#include <sqlite3.h>
#include <glib/gi18n-lib.h>

/* The hash table of each worker's searcher (MiB). */
#define TT_MB 16

/* A game that comes down to this many pieces has positions whose search
 * reaches the endgame tables (at most KZ_EGTB_MAX_PIECES pieces). */
#define TABLES_PIECES (KZ_EGTB_MAX_PIECES + 4)

struct _KzGameAnalysis {
  GObject             parent_instance;
  KzAnalysisSettings  settings;
  guint               n_plies;
  KzPosition         *positions;     /* n_plies + 1 */
  KzMove             *moves;         /* n_plies */
  char              **move_texts;    /* n_plies, NULL-terminated */
  guint64            *hashes;        /* position hashes, n_plies + 1 */
  guint64            *line_hashes;   /* n_plies + 1 */
  int                *no_progress;   /* n_plies + 1: KzSearchLimits.no_progress_left,
                                      * -1 where the no-progress draw ended the game */
  KzPositionEval     *evals;         /* n_plies + 1 */
  guint               n_done;
  guint               n_searched;

  /* saving as it goes (kz_game_analysis_set_store()) */
  gboolean           *saved;         /* n_plies + 1: the row is in the database */
  KzStore            *store;
  gint64              game_id;
  gint64              last_save;     /* monotonic µs */
  GError             *save_error;    /* why saving as it went failed (the first time) */

  /* a run */
  gboolean            running;
  GMainContext       *context;
  GCancellable       *cancellable;
  gulong              cancel_id;
  atomic_int          stop;
  atomic_int          next_job;
  atomic_int          workers_left;
  GArray             *jobs;          /* guint plies to search */
  GPtrArray          *threads;
};

G_DEFINE_FINAL_TYPE (KzGameAnalysis, kz_game_analysis, G_TYPE_OBJECT)

static char *format_line (const KzPositionEval *e);

enum { PROP_0, PROP_PROGRESS, PROP_RUNNING, N_PROPS };
static GParamSpec *props[N_PROPS];

enum { SIGNAL_POSITION_ANALYSED, SIGNAL_FINISHED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
kz_game_analysis_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  KzGameAnalysis *self = KZ_GAME_ANALYSIS (object);
  switch (id)
    {
    case PROP_PROGRESS:
      g_value_set_double (value, kz_game_analysis_get_progress (self));
      break;
    case PROP_RUNNING:
      g_value_set_boolean (value, self->running);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
kz_game_analysis_finalize (GObject *object)
{
  KzGameAnalysis *self = KZ_GAME_ANALYSIS (object);
  /* Workers and pending results hold references: none runs now. */
  g_free (self->positions);
  g_free (self->moves);
  g_strfreev (self->move_texts);
  g_free (self->hashes);
  g_free (self->line_hashes);
  g_free (self->no_progress);
  g_free (self->evals);
  g_free (self->saved);
  g_clear_object (&self->store);
  g_clear_error (&self->save_error);
  g_clear_pointer (&self->jobs, g_array_unref);
  g_clear_pointer (&self->threads, g_ptr_array_unref);
  g_clear_pointer (&self->context, g_main_context_unref);
  g_clear_object (&self->cancellable);
  G_OBJECT_CLASS (kz_game_analysis_parent_class)->finalize (object);
}

static void
kz_game_analysis_class_init (KzGameAnalysisClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->get_property = kz_game_analysis_get_property;
  object_class->finalize = kz_game_analysis_finalize;

  props[PROP_PROGRESS] = g_param_spec_double ("progress", NULL, NULL, 0.0, 1.0, 0.0,
                                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS
                                              | G_PARAM_EXPLICIT_NOTIFY);
  props[PROP_RUNNING] = g_param_spec_boolean ("running", NULL, NULL, FALSE,
                                              G_PARAM_READABLE | G_PARAM_STATIC_STRINGS
                                              | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, props);

  signals[SIGNAL_POSITION_ANALYSED] =
    g_signal_new ("position-analysed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  signals[SIGNAL_FINISHED] =
    g_signal_new ("finished", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
kz_game_analysis_init (KzGameAnalysis *self)
{
}

/* ---------------------------------------------------------------------- */

static int
default_threads (void)
{
  return CLAMP ((int) g_get_num_processors (), 1, KZ_ANALYSIS_MAX_THREADS);
}

/* Marks the positions where the game had already ended. */
static void
mark_final (KzGameAnalysis *self)
{
  for (guint i = 0; i <= self->n_plies; i++)
    {
      const KzPosition *pos = &self->positions[i];
      KzOutcome out = kz_position_outcome (pos);
      int score;
      if (out.winner >= 0)
        score = out.winner == KZ_COSSACKS ? KZ_SCORE_WIN : -KZ_SCORE_WIN;
      else if (self->no_progress[i] < 0)
        score = KZ_SCORE_DRAW;
      else
        {
          /* the third occurrence of a position: a draw (jumps are
           * irreversible, but equal hashes only come from equal positions
           * in practice, so no need to look for the last jump) */
          guint seen = 1;
          for (guint k = 0; k < i; k++)
            seen += self->hashes[k] == self->hashes[i]
                    && kz_position_equal (&self->positions[k], pos);
          if (seen < 3)
            continue;
          score = KZ_SCORE_DRAW;
        }
      KzPositionEval *e = &self->evals[i];
      memset (e, 0, sizeof *e);
      e->done = TRUE;
      e->final = TRUE;
      e->score = score;
      self->n_done++;
    }
}

KzGameAnalysis *
kz_game_analysis_new (KzGame *game, const KzAnalysisSettings *settings)
{
  g_return_val_if_fail (KZ_IS_GAME (game), NULL);
  KzGameAnalysis *self = g_object_new (KZ_TYPE_GAME_ANALYSIS, NULL);
  if (settings)
    self->settings = *settings;
  else
    self->settings.time_ms = KZ_ANALYSIS_DEFAULT_TIME_MS;
  if (self->settings.time_ms <= 0 && self->settings.depth <= 0)
    self->settings.time_ms = KZ_ANALYSIS_DEFAULT_TIME_MS;
  self->settings.time_ms = MAX (self->settings.time_ms, 0);
  self->settings.depth = CLAMP (self->settings.depth, 0, KZ_SEARCH_MAX_DEPTH);
  if (self->settings.threads <= 0)
    self->settings.threads = default_threads ();
  self->settings.threads = MIN (self->settings.threads, KZ_ANALYSIS_MAX_THREADS);
  if (self->settings.engine_version <= 0)
    self->settings.engine_version = KZ_ENGINE_VERSION;

  guint n = kz_game_get_ply (game);
  self->n_plies = n;
  self->positions = g_new (KzPosition, n + 1);
  self->moves = g_new0 (KzMove, MAX (n, 1));
  self->move_texts = g_new0 (char *, n + 1);
  self->hashes = g_new (guint64, n + 1);
  self->line_hashes = g_new (guint64, n + 1);
  self->no_progress = g_new (int, n + 1);
  self->evals = g_new0 (KzPositionEval, n + 1);
  self->saved = g_new0 (gboolean, n + 1);
  guint64 line = 0;
  for (guint i = 0; i <= n; i++)
    {
      self->positions[i] = *kz_game_get_position_at (game, i);
      self->hashes[i] = self->positions[i].hash;
      line = kz_zobrist_mix (line ^ self->hashes[i]);
      self->line_hashes[i] = line;
      self->no_progress[i] = kz_game_get_no_progress_left (game, i);
      if (self->no_progress[i] > 0
          && kz_game_get_plies_without_progress (game, i) >= KZ_NO_PROGRESS_PLIES)
        self->no_progress[i] = -1;
      if (i < n)
        {
          self->moves[i] = *kz_game_get_move (game, i);
          self->move_texts[i] = g_strdup (kz_game_get_move_text (game, i));
        }
    }
  mark_final (self);
  return self;
}

guint
kz_game_analysis_get_n_plies (KzGameAnalysis *self)
{
  g_return_val_if_fail (KZ_IS_GAME_ANALYSIS (self), 0);
  return self->n_plies;
}

const KzPosition *
kz_game_analysis_get_position (KzGameAnalysis *self, guint ply)
{
  g_return_val_if_fail (KZ_IS_GAME_ANALYSIS (self), NULL);
  return ply <= self->n_plies ? &self->positions[ply] : NULL;
}

const KzMove *
kz_game_analysis_get_move (KzGameAnalysis *self, guint i)
{
  g_return_val_if_fail (KZ_IS_GAME_ANALYSIS (self), NULL);
  return i < self->n_plies ? &self->moves[i] : NULL;
}

const char *
kz_game_analysis_get_move_text (KzGameAnalysis *self, guint i)
{
  g_return_val_if_fail (KZ_IS_GAME_ANALYSIS (self), NULL);
  return i < self->n_plies ? self->move_texts[i] : NULL;
}

const KzPositionEval *
kz_game_analysis_get_eval (KzGameAnalysis *self, guint ply)
{
  g_return_val_if_fail (KZ_IS_GAME_ANALYSIS (self), NULL);
  return ply <= self->n_plies ? &self->evals[ply] : NULL;
}

KzMoveClass
kz_game_analysis_get_move_class (KzGameAnalysis *self, guint ply)
{
  g_return_val_if_fail (KZ_IS_GAME_ANALYSIS (self), KZ_MOVE_CLASS_NONE);
  if (ply == 0 || ply > self->n_plies)
    return KZ_MOVE_CLASS_NONE;
  const KzPositionEval *before = &self->evals[ply - 1], *after = &self->evals[ply];
  if (!before->done || !after->done)
    return KZ_MOVE_CLASS_NONE;
  const KzPosition *pos = &self->positions[ply - 1];
  int side = pos->side;
  int n_legal = (int) MIN (kz_count_moves (pos), (guint64) G_MAXINT);
  gboolean is_best = before->has_best && kz_move_equal (&before->best, &self->moves[ply - 1]);
  KzMoveClass cls = kz_classify_move (kz_score_for_cossacks (before->score, side),
                                      kz_score_for_cossacks (after->score, side), n_legal,
                                      is_best);
  int need = KZ_ANALYSIS_MEANINGFUL_DEPTH;
  if (self->settings.depth > 0)
    need = MIN (need, self->settings.depth);
  cls = kz_move_class_at_depth (cls, before->score, after->score, before->depth, after->depth,
                                need);
  return cls;
}

guint
kz_game_analysis_count_class (KzGameAnalysis *self, KzSide side, KzMoveClass cls)
{
  g_return_val_if_fail (KZ_IS_GAME_ANALYSIS (self), 0);
  guint n = 0;
  for (guint ply = 1; ply <= self->n_plies; ply++)
    if (self->positions[ply - 1].side == (guint) side
        && kz_game_analysis_get_move_class (self, ply) == cls)
      n++;
  return n;
}

char *
kz_game_analysis_dup_eval_comment (KzGameAnalysis *self, guint i)
{
  g_return_val_if_fail (KZ_IS_GAME_ANALYSIS (self), NULL);
  if (i >= self->n_plies || !self->evals[i + 1].done)
    return NULL;
  char buf[32];
  kz_score_format_eval (self->evals[i + 1].score, buf, sizeof buf);
  return g_strdup_printf ("[%%eval %s]", buf);
}

const char *
kz_move_class_describe (KzMoveClass cls)
{
  switch (cls)
    {
    case KZ_MOVE_CLASS_FORCED:
      return _("Only move");
    case KZ_MOVE_CLASS_BEST:
      return _("Best move");
    case KZ_MOVE_CLASS_GOOD:
      return _("Good move");
    case KZ_MOVE_CLASS_INACCURACY:
      return _("Inaccuracy");
    case KZ_MOVE_CLASS_MISTAKE:
      return _("Mistake");
    case KZ_MOVE_CLASS_BLUNDER:
      return _("Blunder");
    default:
      return "";
    }
}

char *
kz_score_describe (int score)
{
  if (score >= KZ_SCORE_WIN_MIN || score <= -KZ_SCORE_WIN_MIN)
    {
      gboolean cossacks = score > 0;
      int n = kz_score_plies_to_end (score);
      if (score == KZ_SCORE_WIN || score == -KZ_SCORE_WIN)
        return g_strdup (cossacks ? _("Cossacks have won") : _("Turks have won"));
      return g_strdup_printf (cossacks
                              ? g_dngettext (GETTEXT_PACKAGE, "Cossacks win by force in %d ply",
                                             "Cossacks win by force in %d plies", n)
                              : g_dngettext (GETTEXT_PACKAGE, "Turks win by force in %d ply",
                                             "Turks win by force in %d plies", n), n);
    }
  if (score == 0)
    return g_strdup (_("Even"));
  char buf[32];
  kz_score_format_eval (ABS (score), buf, sizeof buf);
  /* TRANSLATORS: an evaluation, "+1.20" in pieces */
  return g_strdup_printf (score > 0 ? _("Cossacks +%s") : _("Turks +%s"), buf);
}

char *
kz_game_analysis_dup_summary (KzGameAnalysis *self, KzSide side)
{
  g_return_val_if_fail (KZ_IS_GAME_ANALYSIS (self), NULL);
  guint n[3] = {
    kz_game_analysis_count_class (self, side, KZ_MOVE_CLASS_INACCURACY),
    kz_game_analysis_count_class (self, side, KZ_MOVE_CLASS_MISTAKE),
    kz_game_analysis_count_class (self, side, KZ_MOVE_CLASS_BLUNDER),
  };
  g_autoptr (GPtrArray) parts = g_ptr_array_new_with_free_func (g_free);
  if (n[0])
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u inaccuracy",
                                                          "%u inaccuracies", n[0]), n[0]));
  if (n[1])
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u mistake",
                                                          "%u mistakes", n[1]), n[1]));
  if (n[2])
    g_ptr_array_add (parts, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u blunder",
                                                          "%u blunders", n[2]), n[2]));
  g_ptr_array_add (parts, NULL);
  g_autofree char *list = parts->len > 1 ? g_strjoinv (", ", (char **) parts->pdata)
                                         : g_strdup (_("no mistakes"));
  /* TRANSLATORS: "Cossacks: 1 mistake, 2 blunders" */
  return g_strdup_printf (side == KZ_COSSACKS ? _("Cossacks: %s") : _("Turks: %s"), list);
}

char *
kz_game_analysis_dup_line_text (KzGameAnalysis *self, guint ply)
{
  g_return_val_if_fail (KZ_IS_GAME_ANALYSIS (self), NULL);
  if (ply > self->n_plies || !self->evals[ply].done)
    return NULL;
  const KzPositionEval *e = &self->evals[ply];
  g_autofree char *score = kz_score_describe (e->score);
  if (!e->has_best)
    return g_strdup_printf ("%s.", score);
  g_autofree char *line = format_line (e);
  /* TRANSLATORS: "Turks +0.40. Best: c6-c5 c4xc6 d7xb7" */
  return g_strdup_printf (_("%s. Best: %s"), score, line);
}

gboolean
kz_game_analysis_is_complete (KzGameAnalysis *self)
{
  g_return_val_if_fail (KZ_IS_GAME_ANALYSIS (self), FALSE);
  return self->n_done == self->n_plies + 1;
}

double
kz_game_analysis_get_progress (KzGameAnalysis *self)
{
  g_return_val_if_fail (KZ_IS_GAME_ANALYSIS (self), 0.0);
  return (double) self->n_done / (double) (self->n_plies + 1);
}

gboolean
kz_game_analysis_get_running (KzGameAnalysis *self)
{
  g_return_val_if_fail (KZ_IS_GAME_ANALYSIS (self), FALSE);
  return self->running;
}

guint
kz_game_analysis_get_n_searched (KzGameAnalysis *self)
{
  g_return_val_if_fail (KZ_IS_GAME_ANALYSIS (self), 0);
  return self->n_searched;
}

const KzAnalysisSettings *
kz_game_analysis_get_settings (KzGameAnalysis *self)
{
  g_return_val_if_fail (KZ_IS_GAME_ANALYSIS (self), NULL);
  return &self->settings;
}

/* ---------------------------------------------------------------------- */
/* The database                                                            */

/* Does a stored row made with (version, time_ms, depth) answer the
 * settings?  0 time or depth = unlimited, more than any number. */
static gboolean
row_answers (const KzAnalysisSettings *want, int version, int time_ms, int depth)
{
  if (version != want->engine_version)
    return version > want->engine_version;
  gint64 t = time_ms > 0 ? time_ms : G_MAXINT64;
  gint64 wt = want->time_ms > 0 ? want->time_ms : G_MAXINT64;
  int d = depth > 0 ? depth : G_MAXINT;
  int wd = want->depth > 0 ? want->depth : G_MAXINT;
  return t >= wt && d >= wd;
}

/* Parses a stored line ("c4-c5 c6-c5 …") from pos into e->pv. */
static void
parse_line (const KzPosition *pos, const char *text, KzPositionEval *e)
{
  g_auto (GStrv) words = g_strsplit (text ? text : "", " ", -1);
  KzPosition p = *pos;
  e->pv_length = 0;
  for (guint i = 0; words[i] && e->pv_length < KZ_SEARCH_MAX_PV; i++)
    {
      KzMove m;
      if (words[i][0] == '\0' || !kz_move_parse (&p, words[i], &m, NULL))
        break;
      e->pv[e->pv_length++] = m;
      kz_position_make_move (&p, &m);
    }
}

gboolean
kz_game_analysis_load (KzGameAnalysis *self, KzStore *store, gint64 id, GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME_ANALYSIS (self), FALSE);
  g_return_val_if_fail (!self->running, FALSE);
  sqlite3 *db = kz_store_get_db (store);
  sqlite3_stmt *s = NULL;
  int rc = sqlite3_prepare_v2 (db,
    "SELECT ply, line_hash, engine_version, time_ms, depth_limit, score, best, line, depth, nodes "
    "FROM analysis WHERE game_id = ?1 AND node IS NULL AND ply <= ?2", -1, &s, NULL);
  if (rc != SQLITE_OK)
    return kz_store_sql_failed (store, error, rc, _("reading the analysis"));
  sqlite3_bind_int64 (s, 1, id);
  sqlite3_bind_int64 (s, 2, self->n_plies);
  while ((rc = sqlite3_step (s)) == SQLITE_ROW)
    {
      guint ply = (guint) sqlite3_column_int64 (s, 0);
      KzPositionEval *e = &self->evals[ply];
      if (e->done
          || (guint64) sqlite3_column_int64 (s, 1) != self->line_hashes[ply]
          || !row_answers (&self->settings, sqlite3_column_int (s, 2),
                           sqlite3_column_int (s, 3), sqlite3_column_int (s, 4)))
        continue;
      KzPositionEval ev = { 0 };
      ev.score = CLAMP (sqlite3_column_int (s, 5), -KZ_SCORE_WIN, KZ_SCORE_WIN);
      const char *best = (const char *) sqlite3_column_text (s, 6);
      if (best == NULL || !kz_move_parse (&self->positions[ply], best, &ev.best, NULL))
        continue;    /* not ours to judge: search it again */
      ev.has_best = TRUE;
      parse_line (&self->positions[ply], (const char *) sqlite3_column_text (s, 7), &ev);
      if (ev.pv_length == 0 || !kz_move_equal (&ev.pv[0], &ev.best))
        {
          ev.pv[0] = ev.best;
          ev.pv_length = 1;
        }
      ev.depth = sqlite3_column_int (s, 8);
      ev.nodes = (guint64) sqlite3_column_int64 (s, 9);
      ev.done = TRUE;
      ev.from_store = TRUE;
      *e = ev;
      self->n_done++;
    }
  sqlite3_finalize (s);
  if (rc != SQLITE_DONE)
    return kz_store_sql_failed (store, error, rc, _("reading the analysis"));
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_PROGRESS]);
  return TRUE;
}

static char *
format_line (const KzPositionEval *e)
{
  GString *s = g_string_new (NULL);
  char buf[KZ_MOVE_STR_MAX];
  for (int i = 0; i < e->pv_length; i++)
    {
      kz_move_format (&e->pv[i], buf, sizeof buf);
      if (i > 0)
        g_string_append_c (s, ' ');
      g_string_append (s, buf);
    }
  return g_string_free (s, FALSE);
}

/* Whether the row of position `ply` is to be written: searched here and
 * not written yet (a position read from the database or final has no
 * row to write). */
static gboolean
needs_saving (KzGameAnalysis *self, guint ply)
{
  const KzPositionEval *e = &self->evals[ply];
  return e->done && !e->from_store && !e->final && e->has_best && !self->saved[ply];
}

gboolean
kz_game_analysis_save (KzGameAnalysis *self, KzStore *store, gint64 id, GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME_ANALYSIS (self), FALSE);
  const char *doing = _("saving the analysis");
  guint n = 0;
  for (guint ply = 0; ply <= self->n_plies; ply++)
    n += needs_saving (self, ply);
  if (n == 0)
    return TRUE;
  sqlite3 *db = kz_store_get_db (store);
  int rc = sqlite3_exec (db, "BEGIN IMMEDIATE", NULL, NULL, NULL);
  if (rc != SQLITE_OK)
    return kz_store_sql_failed (store, error, rc, doing);
  sqlite3_stmt *s = NULL;
  rc = sqlite3_prepare_v2 (db,
    "INSERT OR REPLACE INTO analysis (game_id, node, ply, line_hash, engine_version, time_ms, "
    "depth_limit, score, best, line, depth, nodes) "
    "VALUES (?1, NULL, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)", -1, &s, NULL);
  g_autoptr (GArray) written = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint ply = 0; rc == SQLITE_OK && ply <= self->n_plies; ply++)
    {
      const KzPositionEval *e = &self->evals[ply];
      if (!needs_saving (self, ply))
        continue;
      char best[KZ_MOVE_STR_MAX];
      kz_move_format (&e->best, best, sizeof best);
      g_autofree char *line = format_line (e);
      sqlite3_reset (s);
      sqlite3_bind_int64 (s, 1, id);
      sqlite3_bind_int64 (s, 2, ply);
      sqlite3_bind_int64 (s, 3, (sqlite3_int64) self->line_hashes[ply]);
      sqlite3_bind_int (s, 4, self->settings.engine_version);
      sqlite3_bind_int (s, 5, self->settings.time_ms);
      sqlite3_bind_int (s, 6, self->settings.depth);
      sqlite3_bind_int (s, 7, e->score);
      sqlite3_bind_text (s, 8, best, -1, SQLITE_TRANSIENT);
      sqlite3_bind_text (s, 9, line, -1, SQLITE_TRANSIENT);
      sqlite3_bind_int (s, 10, e->depth);
      sqlite3_bind_int64 (s, 11, (sqlite3_int64) e->nodes);
      rc = sqlite3_step (s);
      if (rc == SQLITE_DONE)
        {
          rc = SQLITE_OK;
          g_array_append_val (written, ply);
        }
    }
  sqlite3_finalize (s);
  if (rc == SQLITE_OK)
    rc = sqlite3_exec (db, "COMMIT", NULL, NULL, NULL);
  if (rc != SQLITE_OK)
    {
      /* The game's row is gone: deleted (by another program, or in the
       * library) while it was analysed. */
      if (rc == SQLITE_CONSTRAINT_FOREIGNKEY)
        g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_NOT_FOUND,
                     _("Game %" PRId64 " was deleted while it was analysed"), id);
      else
        kz_store_sql_failed (store, error, rc, doing);
      if (!sqlite3_get_autocommit (db))
        sqlite3_exec (db, "ROLLBACK", NULL, NULL, NULL);
      return FALSE;
    }
  for (guint i = 0; i < written->len; i++)
    self->saved[g_array_index (written, guint, i)] = TRUE;
  return TRUE;
}

void
kz_game_analysis_set_store (KzGameAnalysis *self, KzStore *store, gint64 id)
{
  g_return_if_fail (KZ_IS_GAME_ANALYSIS (self));
  g_return_if_fail (store == NULL || KZ_IS_STORE (store));
  g_set_object (&self->store, store);
  self->game_id = store ? id : 0;
  self->last_save = g_get_monotonic_time ();
}

/* Saves what was searched since the last chunk, when `now` or every
 * KZ_ANALYSIS_SAVE_INTERVAL_MS, in one transaction.  A failure is kept
 * for kz_game_analysis_run(); a deleted game also ends the run. */
static void
save_chunk (KzGameAnalysis *self, gboolean now)
{
  if (self->store == NULL)
    return;
  gint64 t = g_get_monotonic_time ();
  if (!now && t - self->last_save < KZ_ANALYSIS_SAVE_INTERVAL_MS * 1000)
    return;
  self->last_save = t;
  g_autoptr (GError) error = NULL;
  if (kz_game_analysis_save (self, self->store, self->game_id, &error))
    return;
  g_debug ("the analysis was not saved: %s", error->message);
  if (g_error_matches (error, KZ_STORE_ERROR, KZ_STORE_ERROR_NOT_FOUND))
    {
      atomic_store (&self->stop, 1);
      g_clear_object (&self->store);   /* nothing more to save */
    }
  if (self->save_error == NULL)
    self->save_error = g_steal_pointer (&error);
}

/* ---------------------------------------------------------------------- */
/* Running                                                                 */

typedef struct {
  KzGameAnalysis *self;
  guint           ply;
  KzPositionEval  eval;
} Result;

/* Runs func(data) in `context` later, always as a source of its own:
 * unlike g_main_context_invoke(), never at once in the calling thread
 * (a worker could otherwise acquire an idle context and run it there). */
static void
defer (GMainContext *context, int priority, GSourceFunc func, gpointer data,
       GDestroyNotify destroy)
{
  GSource *source = g_idle_source_new ();
  g_source_set_priority (source, priority);
  g_source_set_callback (source, func, data, destroy);
  g_source_set_static_name (source, "kz-analysis");
  g_source_attach (source, context);
  g_source_unref (source);
}

static gboolean
apply_result (gpointer data)
{
  Result *r = data;
  KzGameAnalysis *self = r->self;
  if (!self->evals[r->ply].done)
    {
      self->evals[r->ply] = r->eval;
      self->n_done++;
      self->n_searched++;
      save_chunk (self, FALSE);
      g_signal_emit (self, signals[SIGNAL_POSITION_ANALYSED], 0, r->ply);
      g_object_notify_by_pspec (G_OBJECT (self), props[PROP_PROGRESS]);
    }
  return G_SOURCE_REMOVE;
}

static void
free_result (gpointer data)
{
  Result *r = data;
  g_object_unref (r->self);
  g_free (r);
}

static gboolean
finish_run (gpointer data)
{
  KzGameAnalysis *self = data;
  for (guint i = 0; i < self->threads->len; i++)
    g_thread_join (g_ptr_array_index (self->threads, i));
  g_ptr_array_set_size (self->threads, 0);
  save_chunk (self, TRUE);
  gboolean cancelled = atomic_load (&self->stop) != 0 && !kz_game_analysis_is_complete (self);
  if (self->cancellable)
    g_cancellable_disconnect (self->cancellable, self->cancel_id);
  self->cancel_id = 0;
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->context, g_main_context_unref);
  self->running = FALSE;
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_RUNNING]);
  g_signal_emit (self, signals[SIGNAL_FINISHED], 0, cancelled);
  g_object_unref (self);   /* the run's reference (the source holds another) */
  return G_SOURCE_REMOVE;
}

/* Whether a position to search comes down to TABLES_PIECES pieces. */
static gboolean
needs_tables (KzGameAnalysis *self)
{
  for (guint k = 0; k < self->jobs->len; k++)
    {
      const KzPosition *pos = &self->positions[g_array_index (self->jobs, guint, k)];
      if (kz_popcount (pos->pieces[0] | pos->pieces[1]) <= TABLES_PIECES)
        return TRUE;
    }
  return FALSE;
}

static gpointer
worker (gpointer data)
{
  KzGameAnalysis *self = data;
#ifdef __linux__
  /* Linux gives each thread its own nice value */
  if (self->settings.background
      && setpriority (PRIO_PROCESS, (id_t) syscall (SYS_gettid), 10) != 0)
    g_debug ("analysis worker: setpriority failed");
#endif
  if (needs_tables (self))
    kz_tables_ensure ();
  KzSearcher *searcher = kz_searcher_new (TT_MB);
  KzSearchLimits limits = { 0 };
  limits.max_time_ms = self->settings.time_ms;
  limits.max_depth = self->settings.depth;
  while (searcher != NULL && !atomic_load (&self->stop))
    {
      int k = atomic_fetch_add (&self->next_job, 1);
      if (k >= (int) self->jobs->len)
        break;
      guint ply = g_array_index (self->jobs, guint, k);
      const KzPosition *pos = &self->positions[ply];
      kz_searcher_clear (searcher);
      limits.no_progress_left = MAX (self->no_progress[ply], 0);
      KzSearchResult sr = kz_search (searcher, pos, self->hashes, (int) ply, &limits,
                                     &self->stop);
      if (atomic_load (&self->stop))
        break;   /* a search cut short by the cancel is not a result */
      Result *r = g_new0 (Result, 1);
      r->self = g_object_ref (self);
      r->ply = ply;
      KzPositionEval *e = &r->eval;
      e->done = TRUE;
      e->score = kz_score_for_cossacks (sr.score, pos->side);
      e->has_best = sr.has_move;
      e->best = sr.move;
      e->pv_length = sr.pv_length;
      memcpy (e->pv, sr.pv, sizeof e->pv);
      e->depth = sr.depth;
      e->nodes = sr.nodes;
      defer (self->context, G_PRIORITY_DEFAULT, apply_result, r, free_result);
    }
  if (searcher == NULL)
    atomic_store (&self->stop, 1);   /* out of memory: end as cancelled */
  kz_searcher_free (searcher);
  if (atomic_fetch_sub (&self->workers_left, 1) == 1)
    defer (self->context, G_PRIORITY_DEFAULT_IDLE, finish_run, g_object_ref (self),
           g_object_unref);
  return NULL;
}

static void
on_cancelled (GCancellable *cancellable, gpointer data)
{
  KzGameAnalysis *self = data;
  atomic_store (&self->stop, 1);
}

void
kz_game_analysis_start (KzGameAnalysis *self, GCancellable *cancellable)
{
  g_return_if_fail (KZ_IS_GAME_ANALYSIS (self));
  if (self->running)
    return;
  self->running = TRUE;
  atomic_store (&self->stop, 0);
  atomic_store (&self->next_job, 0);
  self->context = g_main_context_ref_thread_default ();
  if (self->jobs == NULL)
    self->jobs = g_array_new (FALSE, FALSE, sizeof (guint));
  g_array_set_size (self->jobs, 0);
  for (guint i = 0; i <= self->n_plies; i++)
    if (!self->evals[i].done)
      g_array_append_val (self->jobs, i);
  if (self->threads == NULL)
    self->threads = g_ptr_array_new ();
  g_object_notify_by_pspec (G_OBJECT (self), props[PROP_RUNNING]);

  if (cancellable)
    {
      self->cancellable = g_object_ref (cancellable);
      /* calls on_cancelled at once when it is cancelled already */
      self->cancel_id = g_cancellable_connect (cancellable, G_CALLBACK (on_cancelled), self, NULL);
    }
  int n = (int) MIN ((guint) self->settings.threads, MAX (self->jobs->len, 1u));
  atomic_store (&self->workers_left, n);
  /* the run holds a reference until finish_run() has joined the workers */
  g_object_ref (self);
  for (int t = 0; t < n; t++)
    g_ptr_array_add (self->threads, g_thread_new ("kz-analysis", worker, self));
}

void
kz_game_analysis_cancel (KzGameAnalysis *self)
{
  g_return_if_fail (KZ_IS_GAME_ANALYSIS (self));
  atomic_store (&self->stop, 1);
}

static void
on_finished (KzGameAnalysis *self, gboolean cancelled, gpointer data)
{
  *(gboolean *) data = TRUE;
}

gboolean
kz_game_analysis_run (KzGameAnalysis *self, GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME_ANALYSIS (self), FALSE);
  g_return_val_if_fail (!self->running, FALSE);
  GMainContext *context = g_main_context_new ();
  g_main_context_push_thread_default (context);
  gboolean done = FALSE;
  gulong id = g_signal_connect (self, "finished", G_CALLBACK (on_finished), &done);
  kz_game_analysis_start (self, cancellable);
  while (!done)
    g_main_context_iteration (context, TRUE);
  g_signal_handler_disconnect (self, id);
  g_main_context_pop_thread_default (context);
  g_main_context_unref (context);
  if (self->save_error)
    {
      g_propagate_error (error, g_error_copy (self->save_error));
      return FALSE;
    }
  if (!kz_game_analysis_is_complete (self))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_CANCELLED, _("The analysis was cancelled"));
      return FALSE;
    }
  return TRUE;
}
