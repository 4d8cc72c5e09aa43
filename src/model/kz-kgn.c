/* kz-kgn.c — KGN game records (RULES.md §8).
 *
 * How a game's fields map to KGN:
 *   Cossacks/Turks  the players' names ("?" when empty);
 *   Date            the start time's UTC date "YYYY.MM.DD" ("????.??.??"
 *                   when unknown); an incomplete date ("2026.??.??") is
 *                   kept verbatim as a tag;
 *   Result          the result; the token after the moves must agree;
 *   Termination     how it ended; on import a decisive result without one
 *                   means resignation, a draw means agreement;
 *   Position        the start KPN, only when not the start position;
 *   Event, Site, Round and every other tag are kept verbatim
 *                   (Event "Casual game", Site "?", Round "-" by default).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-kgn.h"
#include "kz-game-private.h"
#include "kz-store-private.h"

#include <stdio.h>
#include <string.h>
#include <glib/gi18n-lib.h>

G_DEFINE_QUARK (kz-kgn-error-quark, kz_kgn_error)

#define WRAP_COLUMNS 79   /* lines are at most 79 characters long */

void
kz_kgn_problem_free (KzKgnProblem *problem)
{
  if (problem == NULL)
    return;
  g_clear_error (&problem->error);
  g_free (problem);
}

/* ---------------------------------------------------------------------- */
/* Export                                                                  */

static gboolean
is_special_tag (const char *name)
{
  static const char *const special[] = {
    "Event", "Site", "Date", "Round", "Cossacks", "Turks", "Result", "Termination", "Position",
  };
  for (guint i = 0; i < G_N_ELEMENTS (special); i++)
    if (strcmp (name, special[i]) == 0)
      return TRUE;
  return FALSE;
}

static void
append_tag (GString *out, const char *name, const char *value)
{
  g_string_append_printf (out, "[%s \"", name);
  for (const char *p = value; *p; p++)
    {
      if (*p == '"' || *p == '\\')
        g_string_append_c (out, '\\');
      g_string_append_c (out, *p);
    }
  g_string_append (out, "\"]\n");
}

static const char *
tag_or (KzGame *game, const char *name, const char *fallback)
{
  const char *v = kz_game_get_tag (game, name);
  return v ? v : fallback;
}

static void
export_game (GString *out, KzGame *game, KzKgnCommentFunc comment, gpointer user_data)
{
  append_tag (out, "Event", tag_or (game, "Event", "Casual game"));
  append_tag (out, "Site", tag_or (game, "Site", "?"));
  const char *date = kz_game_get_tag (game, "Date");
  g_autofree char *date_buf = NULL;
  if (date == NULL)
    {
      gint64 t = kz_game_get_start_time (game);
      g_autoptr (GDateTime) dt = t > 0 ? g_date_time_new_from_unix_utc (t) : NULL;
      date = date_buf = dt ? g_date_time_format (dt, "%Y.%m.%d") : g_strdup ("????.??.??");
    }
  append_tag (out, "Date", date);
  append_tag (out, "Round", tag_or (game, "Round", "-"));
  for (int side = 0; side < 2; side++)
    {
      const char *name = kz_game_get_player_name (game, (KzSide) side);
      append_tag (out, side == KZ_COSSACKS ? "Cossacks" : "Turks", name[0] ? name : "?");
    }
  const char *result = kz_result_to_kgn (kz_game_get_result (game));
  append_tag (out, "Result", result);
  append_tag (out, "Termination", kz_termination_to_kgn (kz_game_get_termination (game)));
  if (!kz_game_starts_from_start_position (game))
    {
      g_autofree char *kpn = kz_game_dup_kpn_at (game, 0);
      append_tag (out, "Position", kpn);
    }
  g_auto (GStrv) names = kz_game_list_tags (game);
  for (guint i = 0; names[i]; i++)
    if (!is_special_tag (names[i]))
      append_tag (out, names[i], kz_game_get_tag (game, names[i]));
  g_string_append_c (out, '\n');

  /* Movetext, wrapped before 80 columns. */
  gsize line_len = 0;
  guint n = 1;
  guint plies = kz_game_get_ply (game);
  char num[32];
  for (guint i = 0; i <= plies; i++)
    {
      const char *tokens[3] = { NULL, NULL, NULL };
      g_autofree char *note = NULL;
      if (i < plies)
        {
          KzSide side = (KzSide) kz_game_get_position_at (game, i)->side;
          if (side == KZ_COSSACKS)
            {
              g_snprintf (num, sizeof num, "%u.", n);
              tokens[0] = num;
            }
          else if (i == 0)
            {
              g_snprintf (num, sizeof num, "%u...", n);
              tokens[0] = num;
            }
          tokens[1] = kz_game_get_move_text (game, i);
          if (side == KZ_TURKS)
            n++;
          /* One comment after the move: the clock, then the hook's text
           * ("{[%clk 0:04:51] [%eval 0.35]}"). */
          g_autofree char *text = comment ? comment (game, i, user_data) : NULL;
          g_autofree char *clk = NULL;
          if (kz_game_get_move_clock (game, i) >= 0)
            {
              g_autofree char *t = kz_clock_format_clk (kz_game_get_move_clock (game, i));
              clk = g_strdup_printf ("[%%clk %s]", t);
            }
          if (clk && text)
            tokens[2] = note = g_strdup_printf ("{%s %s}", clk, text);
          else if (clk || text)
            tokens[2] = note = g_strdup_printf ("{%s}", clk ? clk : text);
        }
      else
        tokens[1] = result;
      for (int k = 0; k < 3; k++)
        {
          if (tokens[k] == NULL)
            continue;
          gsize len = strlen (tokens[k]);
          if (line_len > 0 && line_len + 1 + len > WRAP_COLUMNS)
            {
              g_string_append_c (out, '\n');
              line_len = 0;
            }
          if (line_len > 0)
            {
              g_string_append_c (out, ' ');
              line_len++;
            }
          g_string_append (out, tokens[k]);
          line_len += len;
        }
    }
  g_string_append_c (out, '\n');
}

char *
kz_kgn_export_game (KzGame *game)
{
  g_return_val_if_fail (KZ_IS_GAME (game), NULL);
  GString *out = g_string_new (NULL);
  export_game (out, game, NULL, NULL);
  return g_string_free (out, FALSE);
}

char *
kz_kgn_export_games (GPtrArray *games)
{
  return kz_kgn_export_games_with_comments (games, NULL, NULL);
}

char *
kz_kgn_export_games_with_comments (GPtrArray *games, KzKgnCommentFunc comment,
                                   gpointer user_data)
{
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < games->len; i++)
    {
      if (i > 0)
        g_string_append_c (out, '\n');
      export_game (out, g_ptr_array_index (games, i), comment, user_data);
    }
  return g_string_free (out, FALSE);
}

/* ---------------------------------------------------------------------- */
/* Import: the lexer                                                       */

typedef struct {
  const char *begin;
  const char *p;
  const char *end;
  guint       line;
  guint       col;
  KzGame     *clock_game;   /* while reading its moves: a %clk comment sets the last move's clock */
} Lexer;

static gboolean
at_end (const Lexer *lx)
{
  return lx->p >= lx->end;
}

static void
advance (Lexer *lx)
{
  if (at_end (lx))
    return;
  unsigned char c = (unsigned char) *lx->p++;
  if (c == '\n')
    {
      lx->line++;
      lx->col = 1;
    }
  else if ((c & 0xc0) != 0x80)
    {
      /* Count characters: continuation bytes do not start a column. */
      while (!at_end (lx) && ((unsigned char) *lx->p & 0xc0) == 0x80)
        lx->p++;
      lx->col++;
    }
}

typedef struct {
  guint line, col;
} Where;

static Where
here (const Lexer *lx)
{
  return (Where) { lx->line, lx->col };
}

static void
set_problem (GError **error, int code, Where w, const char *fmt, ...) G_GNUC_PRINTF (4, 5);

/* Where the last problem was found (the parser runs on one thread). */
static _Thread_local Where last_problem;

static void
set_problem (GError **error, int code, Where w, const char *fmt, ...)
{
  last_problem = w;
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  g_set_error (error, KZ_KGN_ERROR, code, _("line %u, column %u: %s"), w.line, w.col, msg);
}

/* A comment just read (from `w` to lx->p) after a move: its
 * "[%clk H:MM:SS]" is the mover's time left (kz_clock_parse_clk). */
static void
read_clock_comment (Lexer *lx, Where w)
{
  guint ply;
  gint64 ms;

  if (lx->clock_game == NULL || (ply = kz_game_get_ply (lx->clock_game)) == 0)
    return;
  {
    const char *start = lx->p;
    /* back to the "{" that opened it (the comment holds no "{") */
    while (start > lx->begin && *start != '{')
      start--;
    g_autofree char *text = g_strndup (start, (gsize) (lx->p - start));
    if (kz_clock_parse_clk (text, &ms))
      kz_game_load_move_clock (lx->clock_game, ply - 1, ms);
  }
  (void) w;
}

/* Skips white space and comments; FALSE (with error) on an unclosed "{". */
static gboolean
skip_space (Lexer *lx, GError **error)
{
  while (!at_end (lx))
    {
      char c = *lx->p;
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v')
        advance (lx);
      else if (c == ';' || (c == '%' && lx->col == 1))
        {
          while (!at_end (lx) && *lx->p != '\n')
            advance (lx);
        }
      else if (c == '{')
        {
          Where w = here (lx);
          while (!at_end (lx) && *lx->p != '}')
            advance (lx);
          if (at_end (lx))
            {
              set_problem (error, KZ_KGN_ERROR_SYNTAX, w, _("the comment is not closed with “}”"));
              return FALSE;
            }
          advance (lx);
          read_clock_comment (lx, w);
        }
      else
        break;
    }
  return TRUE;
}

typedef struct {
  char  *name;
  char  *value;
  Where  where;
} Tag;

static void
tag_free (Tag *tag)
{
  g_free (tag->name);
  g_free (tag->value);
  g_free (tag);
}

/* [Name "value"] */
static Tag *
read_tag (Lexer *lx, GError **error)
{
  Where start = here (lx);
  advance (lx);  /* '[' */
  while (!at_end (lx) && (*lx->p == ' ' || *lx->p == '\t'))
    advance (lx);
  const char *name_start = lx->p;
  while (!at_end (lx) && (g_ascii_isalnum (*lx->p) || *lx->p == '_'))
    advance (lx);
  if (lx->p == name_start)
    {
      set_problem (error, KZ_KGN_ERROR_SYNTAX, here (lx), _("a tag name is expected after “[”"));
      return NULL;
    }
  g_autofree char *name = g_strndup (name_start, (gsize) (lx->p - name_start));
  while (!at_end (lx) && (*lx->p == ' ' || *lx->p == '\t'))
    advance (lx);
  if (at_end (lx) || *lx->p != '"')
    {
      set_problem (error, KZ_KGN_ERROR_SYNTAX, here (lx),
                   _("the value of tag %s must be a quoted string"), name);
      return NULL;
    }
  Where vstart = here (lx);
  advance (lx);
  GString *value = g_string_new (NULL);
  while (!at_end (lx) && *lx->p != '"' && *lx->p != '\n')
    {
      if (*lx->p == '\\' && lx->p + 1 < lx->end && (lx->p[1] == '"' || lx->p[1] == '\\'))
        advance (lx);
      const char *c = lx->p;
      advance (lx);
      g_string_append_len (value, c, lx->p - c);
    }
  if (at_end (lx) || *lx->p != '"')
    {
      g_string_free (value, TRUE);
      set_problem (error, KZ_KGN_ERROR_SYNTAX, vstart,
                   _("the value of tag %s is not closed with “\"” on its line"), name);
      return NULL;
    }
  advance (lx);
  while (!at_end (lx) && (*lx->p == ' ' || *lx->p == '\t'))
    advance (lx);
  if (at_end (lx) || *lx->p != ']')
    {
      g_string_free (value, TRUE);
      set_problem (error, KZ_KGN_ERROR_SYNTAX, here (lx), _("“]” is expected to close tag %s"), name);
      return NULL;
    }
  advance (lx);
  Tag *tag = g_new0 (Tag, 1);
  tag->name = g_steal_pointer (&name);
  tag->value = g_string_free (value, FALSE);
  tag->where = start;
  return tag;
}

static const Tag *
find_tag (GPtrArray *tags, const char *name)
{
  for (guint i = 0; i < tags->len; i++)
    {
      const Tag *t = g_ptr_array_index (tags, i);
      if (strcmp (t->name, name) == 0)
        return t;
    }
  return NULL;
}

static gboolean
parse_date (const char *text, gint64 *out)
{
  int y, m, d;
  char tail;
  if (strlen (text) != 10 || sscanf (text, "%4d.%2d.%2d%c", &y, &m, &d, &tail) != 3)
    return FALSE;
  if (!g_date_valid_dmy ((GDateDay) d, (GDateMonth) m, (GDateYear) y) || y < 1970)
    return FALSE;
  g_autoptr (GDateTime) dt = g_date_time_new_utc (y, m, d, 12, 0, 0);
  if (dt == NULL)
    return FALSE;
  /* Keep it verbatim unless it formats back identically. */
  g_autofree char *back = g_date_time_format (dt, "%Y.%m.%d");
  if (strcmp (back, text) != 0)
    return FALSE;
  *out = g_date_time_to_unix (dt);
  return TRUE;
}

static gboolean
is_space_or_stop (char c)
{
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
         || c == '{' || c == ';' || c == '[' || c == ']';
}

/* Builds the game from its tags (before the movetext). */
static KzGame *
game_from_tags (GPtrArray *tags, Where start, GError **error)
{
  const Tag *pos = find_tag (tags, "Position");
  KzGame *game;
  if (pos)
    {
      GError *local = NULL;
      game = kz_game_new_from_kpn (pos->value, &local);
      if (game == NULL)
        {
          set_problem (error, KZ_KGN_ERROR_BAD_POSITION, pos->where, "%s", local->message);
          g_error_free (local);
          return NULL;
        }
    }
  else
    game = kz_game_new ();
  kz_game_set_start_time (game, 0);
  for (guint i = 0; i < tags->len; i++)
    {
      const Tag *t = g_ptr_array_index (tags, i);
      if (strcmp (t->name, "Cossacks") == 0 || strcmp (t->name, "Turks") == 0)
        kz_game_set_player (game, t->name[0] == 'C' ? KZ_COSSACKS : KZ_TURKS,
                            strcmp (t->value, "?") == 0 ? "" : t->value, KZ_PLAYER_HUMAN, 0);
      else if (strcmp (t->name, "Date") == 0)
        {
          gint64 when;
          if (parse_date (t->value, &when))
            kz_game_set_start_time (game, when);
          else if (strcmp (t->value, "????.??.??") != 0)
            kz_game_set_tag (game, "Date", t->value);
        }
      else if (strcmp (t->name, "Result") == 0 || strcmp (t->name, "Termination") == 0
               || strcmp (t->name, "Position") == 0)
        ;
      else
        kz_game_set_tag (game, t->name, t->value);
    }
  return game;
}

/* Checks the result token (and tags) against the replayed game and
 * records an agreed draw or a resignation. */
static gboolean
finish_game (KzGame *game, GPtrArray *tags, KzResult token, Where where, GError **error)
{
  const Tag *rt = find_tag (tags, "Result");
  const Tag *tt = find_tag (tags, "Termination");
  if (rt)
    {
      KzResult r;
      if (!kz_result_from_kgn (rt->value, &r))
        {
          set_problem (error, KZ_KGN_ERROR_BAD_RESULT, rt->where,
                       _("“%s” is not a result (1-0, 0-1, 1/2-1/2 or *)"), rt->value);
          return FALSE;
        }
      if (r != token)
        {
          set_problem (error, KZ_KGN_ERROR_BAD_RESULT, where,
                       _("the result %s after the moves differs from the Result tag %s"),
                       kz_result_to_kgn (token), rt->value);
          return FALSE;
        }
    }
  KzTermination term = KZ_TERMINATION_NONE;
  gboolean have_term = FALSE;
  if (tt)
    {
      if (!kz_termination_from_kgn (tt->value, &term))
        {
          set_problem (error, KZ_KGN_ERROR_BAD_RESULT, tt->where,
                       _("“%s” is not a termination (flag, annihilation, blocked, repetition, "
                         "agreement, resignation or unterminated)"), tt->value);
          return FALSE;
        }
      have_term = TRUE;
    }

  if (kz_game_is_over (game))
    {
      KzResult r = kz_game_get_result (game);
      KzTermination t = kz_game_get_termination (game);
      if (token != r || (have_term && term != t))
        {
          set_problem (error, KZ_KGN_ERROR_BAD_RESULT, where,
                       _("the moves end the game as %s (%s), but the record says %s (%s)"),
                       kz_result_to_kgn (r), kz_termination_to_kgn (t), kz_result_to_kgn (token),
                       have_term ? kz_termination_to_kgn (term) : kz_result_to_kgn (token));
          return FALSE;
        }
      return TRUE;
    }
  if (token == KZ_RESULT_NONE)
    {
      if (have_term && term != KZ_TERMINATION_NONE)
        {
          set_problem (error, KZ_KGN_ERROR_BAD_RESULT, where,
                       _("the game is unfinished (*), but its termination is %s"),
                       kz_termination_to_kgn (term));
          return FALSE;
        }
      return TRUE;
    }
  if (!have_term)
    term = token == KZ_RESULT_DRAW ? KZ_TERMINATION_AGREEMENT : KZ_TERMINATION_RESIGNATION;
  if (term != KZ_TERMINATION_AGREEMENT && term != KZ_TERMINATION_RESIGNATION
      && term != KZ_TERMINATION_TIME_FORFEIT)
    {
      set_problem (error, KZ_KGN_ERROR_BAD_RESULT, where,
                   _("the record says the game ended by %s, but the moves do not end it"),
                   kz_termination_to_kgn (term));
      return FALSE;
    }
  GError *local = NULL;
  if (!kz_game_set_outcome (game, token, term, &local))
    {
      set_problem (error, KZ_KGN_ERROR_BAD_RESULT, where, "%s", local->message);
      g_error_free (local);
      return FALSE;
    }
  return TRUE;
}

/* Parses one game starting at a non-space character. */
static KzGame *
parse_one_game (Lexer *lx, GError **error)
{
  Where start = here (lx);
  g_autoptr (GPtrArray) tags = g_ptr_array_new_with_free_func ((GDestroyNotify) tag_free);
  for (;;)
    {
      if (!skip_space (lx, error))
        return NULL;
      if (at_end (lx) || *lx->p != '[')
        break;
      Tag *t = read_tag (lx, error);
      if (t == NULL)
        return NULL;
      if (find_tag (tags, t->name))
        {
          set_problem (error, KZ_KGN_ERROR_SYNTAX, t->where, _("the tag %s appears twice"), t->name);
          tag_free (t);
          return NULL;
        }
      g_ptr_array_add (tags, t);
    }

  g_autoptr (KzGame) game = game_from_tags (tags, start, error);
  if (game == NULL)
    return NULL;
  lx->clock_game = game;

  for (;;)
    {
      if (!skip_space (lx, error))
        return NULL;
      Where w = here (lx);
      if (at_end (lx))
        {
          set_problem (error, KZ_KGN_ERROR_SYNTAX, w,
                       _("the game has no result (1-0, 0-1, 1/2-1/2 or *) at its end"));
          return NULL;
        }
      if (*lx->p == '[' || *lx->p == ']')
        {
          set_problem (error, KZ_KGN_ERROR_SYNTAX, w,
                       *lx->p == '['
                       ? _("a tag among the moves (is the result missing at the end of the game?)")
                       : _("an unexpected “]”"));
          return NULL;
        }
      const char *tok_start = lx->p;
      while (!at_end (lx) && !is_space_or_stop (*lx->p))
        advance (lx);
      g_autofree char *tok = g_strndup (tok_start, (gsize) (lx->p - tok_start));

      KzResult result;
      if (kz_result_from_kgn (tok, &result))
        {
          if (!finish_game (game, tags, result, w, error))
            return NULL;
          return g_steal_pointer (&game);
        }

      /* A move number "12." or "12...", possibly glued to a move. */
      const char *m = tok;
      Where mw = w;
      if (g_ascii_isdigit (*m))
        {
          while (g_ascii_isdigit (*m))
            m++;
          if (*m != '.')
            {
              set_problem (error, KZ_KGN_ERROR_SYNTAX, w,
                           _("“%s” is neither a move number (like 12. or 12...) nor a move"), tok);
              return NULL;
            }
          while (*m == '.')
            m++;
          mw.col += (guint) (m - tok);
          if (*m == '\0')
            continue;
        }
      GError *local = NULL;
      if (!kz_game_load_move (game, m, 0, &local))
        {
          set_problem (error,
                       g_error_matches (local, KZ_GAME_ERROR, KZ_GAME_ERROR_SYNTAX)
                       ? KZ_KGN_ERROR_SYNTAX : KZ_KGN_ERROR_ILLEGAL_MOVE,
                       mw, _("move %s: %s"), m, local->message);
          g_error_free (local);
          return NULL;
        }
    }
}

static KzGame *
parse_one (Lexer *lx, GError **error)
{
  KzGame *game = parse_one_game (lx, error);

  lx->clock_game = NULL;   /* read, or freed on an error */
  return game;
}

/* After a bad game: the next line that starts with "[" right after a
 * line that does not (the bad game's tags are skipped with it). */
static void
recover (Lexer *lx)
{
  const char *q = lx->p;
  while (q > lx->begin && q[-1] != '\n')
    q--;
  gboolean prev_is_tag = q < lx->end && *q == '[';
  while (!at_end (lx) && *lx->p != '\n')
    advance (lx);
  while (!at_end (lx))
    {
      advance (lx);  /* the '\n' */
      if (at_end (lx))
        break;
      gboolean is_tag = *lx->p == '[';
      if (is_tag && !prev_is_tag)
        return;
      prev_is_tag = is_tag;
      while (!at_end (lx) && *lx->p != '\n')
        advance (lx);
    }
}

GPtrArray *
kz_kgn_parse (const char *text, gssize len, GPtrArray **problems, GError **error)
{
  g_return_val_if_fail (text != NULL, NULL);
  gsize n = len < 0 ? strlen (text) : (gsize) len;
  const char *bad;
  if (!g_utf8_validate (text, (gssize) n, &bad))
    {
      Lexer at = { text, text, bad, 1, 1 };
      while (!at_end (&at))
        advance (&at);
      set_problem (error, KZ_KGN_ERROR_SYNTAX, here (&at), _("the text is not valid UTF-8"));
      return NULL;
    }
  Lexer lx = { text, text, text + n, 1, 1, NULL };
  GPtrArray *games = g_ptr_array_new_with_free_func (g_object_unref);
  GPtrArray *probs = g_ptr_array_new_with_free_func ((GDestroyNotify) kz_kgn_problem_free);
  for (;;)
    {
      GError *local = NULL;
      if (!skip_space (&lx, &local))
        {
          KzKgnProblem *p = g_new0 (KzKgnProblem, 1);
          p->line = lx.line;
          p->column = lx.col;
          p->game_line = lx.line;
          p->error = local;
          g_ptr_array_add (probs, p);
          break;
        }
      if (at_end (&lx))
        break;
      /* Position of the line start, for recovery. */
      const char *game_start = lx.p;
      guint game_line = lx.line;
      KzGame *game = parse_one (&lx, &local);
      if (game)
        {
          g_ptr_array_add (games, game);
          continue;
        }
      KzKgnProblem *p = g_new0 (KzKgnProblem, 1);
      p->line = lx.line;
      p->column = lx.col;
      p->game_line = game_line;
      p->error = local;
      p->line = last_problem.line;
      p->column = last_problem.col;
      g_ptr_array_add (probs, p);
      /* A game without its result token runs into the next game's tags:
       * that game starts right here. */
      if (!at_end (&lx) && *lx.p == '[' && lx.col == 1 && lx.p != game_start)
        continue;
      if (lx.p == game_start)
        advance (&lx);
      recover (&lx);
    }
  if (games->len == 0 && probs->len == 0)
    {
      g_ptr_array_unref (games);
      g_ptr_array_unref (probs);
      g_set_error (error, KZ_KGN_ERROR, KZ_KGN_ERROR_EMPTY, _("There is no game in the text"));
      return NULL;
    }
  if (problems)
    *problems = probs;
  else
    g_ptr_array_unref (probs);
  return games;
}

KzGame *
kz_kgn_parse_game (const char *text, gssize len, GError **error)
{
  GPtrArray *problems = NULL;
  g_autoptr (GPtrArray) games = kz_kgn_parse (text, len, &problems, error);
  if (games == NULL)
    return NULL;
  g_autoptr (GPtrArray) probs = problems;
  if (probs->len > 0)
    {
      KzKgnProblem *p = g_ptr_array_index (probs, 0);
      g_propagate_error (error, g_steal_pointer (&p->error));
      return NULL;
    }
  if (games->len != 1)
    {
      g_set_error (error, KZ_KGN_ERROR, KZ_KGN_ERROR_SYNTAX,
                   g_dngettext (GETTEXT_PACKAGE, "The text holds %u game, not one",
                                "The text holds %u games, not one", games->len),
                   games->len);
      return NULL;
    }
  return g_object_ref (g_ptr_array_index (games, 0));
}

gboolean
kz_kgn_import (KzStore *store, const char *text, gssize len, guint *n_imported,
               GPtrArray **problems, GError **error)
{
  g_return_val_if_fail (KZ_IS_STORE (store), FALSE);
  guint count = 0;
  if (n_imported)
    *n_imported = 0;
  g_autoptr (GPtrArray) games = kz_kgn_parse (text, len, problems, error);
  if (games == NULL)
    return FALSE;
  /* One transaction per game, without waiting for the disk after each;
   * the end of bulk mode syncs them all before returning. */
  if (!kz_store_set_bulk (store, TRUE, error))
    return FALSE;
  gboolean ok = TRUE;
  for (guint i = 0; i < games->len && ok; i++)
    {
      KzGame *game = g_ptr_array_index (games, i);
      if (kz_store_create_game (store, game, error) == 0)
        ok = FALSE;
      else
        count++;
      /* The imported games are not kept attached to the store. */
      kz_game_detach (game);
    }
  if (!kz_store_set_bulk (store, FALSE, ok ? error : NULL))
    ok = FALSE;
  if (n_imported)
    *n_imported = count;
  return ok;
}
