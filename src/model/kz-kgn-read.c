/* kz-kgn-read.c — KGN game records (RULES.md §8): the reader (import of
 * text into KzGame objects: the lexer, the parser, KzKgnReader).
 *
 * How KGN maps to a game's fields: see kz-kgn-write.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-kgn.h"
#include "kz-game-private.h"
#include "kz-move-node-private.h"

#include <stdio.h>
#include <string.h>
#include <glib/gi18n-lib.h>

G_DEFINE_QUARK (kz-kgn-error-quark, kz_kgn_error)

void
kz_kgn_problem_free (KzKgnProblem *problem)
{
  if (problem == NULL)
    return;
  g_clear_error (&problem->error);
  g_free (problem);
}

/* ---------------------------------------------------------------------- */
/* Import: the lexer                                                       */

/* How much is read from a stream at a time. */
#define READ_BLOCK 65536
/* Longest token or tag value quoted in a message, in characters. */
#define QUOTE_MAX 40
/* Longest message of a problem, in characters. */
#define MESSAGE_MAX 300

/* The text is either all in memory (in == NULL) or read from a stream
 * block by block; then only the current game (from the start of the
 * line it begins on) is kept in buf, so memory does not grow with the
 * file.  Offsets, not pointers, because buf moves when it grows. */
typedef struct {
  GInputStream *in;
  GCancellable *cancellable;
  char         *buf;         /* owned when in != NULL */
  gsize         len, cap;
  gsize         pos;         /* the next byte */
  gsize         line_start;  /* the first byte of the current line */
  guint64       dropped;     /* bytes dropped from the front of buf */
  gboolean      eof;
  GError       *read_error;
  guint         line;
  guint         col;
  KzGame       *clock_game;  /* while reading its moves: a %clk comment sets the last move's clock */
} Lexer;

static gboolean
fill (Lexer *lx)
{
  if (lx->in == NULL || lx->eof)
    return FALSE;
  if (lx->cap - lx->len < READ_BLOCK)
    {
      lx->cap = MAX (lx->cap * 2, lx->len + READ_BLOCK);
      lx->buf = g_realloc (lx->buf, lx->cap);
    }
  gssize n = g_input_stream_read (lx->in, lx->buf + lx->len, READ_BLOCK, lx->cancellable,
                                  &lx->read_error);
  if (n <= 0)
    {
      lx->eof = TRUE;
      return FALSE;
    }
  lx->len += (gsize) n;
  return TRUE;
}

static gboolean
at_end (Lexer *lx)
{
  return lx->pos >= lx->len && !fill (lx);
}

/* The byte at the current position (only after !at_end ()). */
static inline char
cur (const Lexer *lx)
{
  return lx->buf[lx->pos];
}

/* TRUE when the byte k after the current one is c. */
static gboolean
peek_is (Lexer *lx, gsize k, char c)
{
  while (lx->pos + k >= lx->len)
    if (!fill (lx))
      return FALSE;
  return lx->buf[lx->pos + k] == c;
}

static void
advance (Lexer *lx)
{
  if (at_end (lx))
    return;
  unsigned char c = (unsigned char) lx->buf[lx->pos++];
  if (c == '\n')
    {
      lx->line++;
      lx->col = 1;
      lx->line_start = lx->pos;
    }
  else if ((c & 0xc0) != 0x80)
    {
      /* Count characters: continuation bytes do not start a column. */
      while (!at_end (lx) && ((unsigned char) cur (lx) & 0xc0) == 0x80)
        lx->pos++;
      lx->col++;
    }
}

/* Between games: drops what is before the current line. */
static void
compact (Lexer *lx)
{
  if (lx->in == NULL || lx->line_start == 0)
    return;
  gsize keep = lx->line_start;
  memmove (lx->buf, lx->buf + keep, lx->len - keep);
  lx->len -= keep;
  lx->pos -= keep;
  lx->line_start = 0;
  lx->dropped += keep;
  /* Give back the room a very long game needed. */
  if (lx->cap > 8 * READ_BLOCK && lx->len < lx->cap / 4)
    {
      lx->cap = MAX (2 * lx->len, 2 * READ_BLOCK);
      lx->buf = g_realloc (lx->buf, lx->cap);
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

/* Where the last problem was found (each import runs on one thread). */
static _Thread_local Where last_problem;

/* A short, printable form of untrusted text for a message: valid UTF-8,
 * control characters shown as U+FFFD, at most QUOTE_MAX characters (then
 * "…").  `len` bytes of `text` (-1: NUL-terminated). */
static char *
quote (const char *text, gssize len)
{
  g_autofree char *valid = g_utf8_make_valid (text, len);
  GString *out = g_string_new (NULL);
  guint n = 0;
  for (const char *p = valid; *p; p = g_utf8_next_char (p), n++)
    {
      if (n == QUOTE_MAX)
        {
          g_string_append (out, "…");
          break;
        }
      gunichar c = g_utf8_get_char (p);
      g_string_append_unichar (out, g_unichar_iscntrl (c) ? 0xfffd : c);
    }
  return g_string_free (out, FALSE);
}

static void
set_problem (GError **error, int code, Where w, const char *fmt, ...) G_GNUC_PRINTF (4, 5);

static void
set_problem (GError **error, int code, Where w, const char *fmt, ...)
{
  last_problem = w;
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  /* Every quoted piece is short already; this bounds the rest. */
  if (g_utf8_strlen (msg, -1) > MESSAGE_MAX)
    {
      g_autofree char *cut = g_utf8_substring (msg, 0, MESSAGE_MAX);
      g_free (msg);
      msg = g_strconcat (cut, "…", NULL);
    }
  g_set_error (error, KZ_KGN_ERROR, code, _("line %u, column %u: %s"), w.line, w.col, msg);
}

/* Checks that buf[from, to) (which starts at `w`) is UTF-8 without NUL
 * bytes; else a problem at the first bad byte. */
static gboolean
check_text (Lexer *lx, gsize from, gsize to, Where w, GError **error)
{
  const char *end;
  if (g_utf8_validate_len (lx->buf + from, to - from, &end))
    return TRUE;
  for (const char *p = lx->buf + from; p < end; p++)
    if (((unsigned char) *p & 0xc0) != 0x80)
      w.col++;
  set_problem (error, KZ_KGN_ERROR_SYNTAX, w,
               *end == '\0' ? _("a NUL byte (the file is not a text file?)")
                            : _("bytes that are not valid UTF-8 text"));
  return FALSE;
}

/* A comment just read (buf[open, pos): "{…}") after a move: its
 * "[%clk H:MM:SS]" is the mover's time left (kz_clock_parse_clk). */
static void
read_clock_comment (Lexer *lx, gsize open)
{
  guint ply;
  gint64 ms;

  if (lx->clock_game == NULL || (ply = kz_game_get_ply (lx->clock_game)) == 0)
    return;
  g_autofree char *text = g_strndup (lx->buf + open, lx->pos - open);
  if (kz_clock_parse_clk (text, &ms))
    kz_game_load_move_clock (lx->clock_game, ply - 1, ms);
}

/* Whether a UTF-8 byte order mark (EF BB BF, which Windows Notepad
 * writes first) starts the current line here. */
static gboolean
at_bom (Lexer *lx)
{
  return lx->col == 1 && (unsigned char) cur (lx) == 0xef && peek_is (lx, 1, (char) 0xbb)
         && peek_is (lx, 2, (char) 0xbf);
}

/* Skips white space and comments between games (a byte order mark at the
 * start of a line, such as the file's, is white space that takes no
 * column); FALSE (with error) on an unclosed "{". */
static gboolean
skip_space (Lexer *lx, GError **error)
{
  while (!at_end (lx))
    {
      char c = cur (lx);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v')
        advance (lx);
      else if (at_bom (lx))
        lx->pos += 3;
      else if (c == ';' || (c == '%' && lx->col == 1))
        {
          while (!at_end (lx) && cur (lx) != '\n')
            advance (lx);
        }
      else if (c == '{')
        {
          Where w = here (lx);
          gsize open = lx->pos;
          while (!at_end (lx) && cur (lx) != '}')
            advance (lx);
          if (at_end (lx))
            {
              set_problem (error, KZ_KGN_ERROR_SYNTAX, w, _("the comment is not closed with “}”"));
              return FALSE;
            }
          advance (lx);
          read_clock_comment (lx, open);
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
  while (!at_end (lx) && (cur (lx) == ' ' || cur (lx) == '\t'))
    advance (lx);
  gsize name_start = lx->pos;
  while (!at_end (lx) && (g_ascii_isalnum (cur (lx)) || cur (lx) == '_'))
    advance (lx);
  if (lx->pos == name_start)
    {
      set_problem (error, KZ_KGN_ERROR_SYNTAX, here (lx), _("a tag name is expected after “[”"));
      return NULL;
    }
  g_autofree char *name = g_strndup (lx->buf + name_start, lx->pos - name_start);
  g_autofree char *qname = quote (name, -1);
  while (!at_end (lx) && (cur (lx) == ' ' || cur (lx) == '\t'))
    advance (lx);
  if (at_end (lx) || cur (lx) != '"')
    {
      set_problem (error, KZ_KGN_ERROR_SYNTAX, here (lx),
                   _("the value of tag %s must be a quoted string"), qname);
      return NULL;
    }
  Where vstart = here (lx);
  advance (lx);
  Where text_start = here (lx);
  gsize raw_start = lx->pos;
  GString *value = g_string_new (NULL);
  while (!at_end (lx) && cur (lx) != '"' && cur (lx) != '\n')
    {
      if (cur (lx) == '\\' && (peek_is (lx, 1, '"') || peek_is (lx, 1, '\\')))
        advance (lx);
      gsize c = lx->pos;
      advance (lx);
      g_string_append_len (value, lx->buf + c, (gssize) (lx->pos - c));
    }
  if (at_end (lx) || cur (lx) != '"')
    {
      g_string_free (value, TRUE);
      set_problem (error, KZ_KGN_ERROR_SYNTAX, vstart,
                   _("the value of tag %s is not closed with “\"” on its line"), qname);
      return NULL;
    }
  if (!check_text (lx, raw_start, lx->pos, text_start, error))
    {
      g_string_free (value, TRUE);
      return NULL;
    }
  advance (lx);
  while (!at_end (lx) && (cur (lx) == ' ' || cur (lx) == '\t'))
    advance (lx);
  if (at_end (lx) || cur (lx) != ']')
    {
      g_string_free (value, TRUE);
      set_problem (error, KZ_KGN_ERROR_SYNTAX, here (lx), _("“]” is expected to close tag %s"), qname);
      return NULL;
    }
  advance (lx);
  Tag *tag = g_new0 (Tag, 1);
  tag->name = g_steal_pointer (&name);
  tag->value = g_string_free (value, FALSE);
  tag->where = start;
  return tag;
}

/* The tags of one game: in order, and by name. */
typedef struct {
  GPtrArray  *list;    /* Tag*, owns them */
  GHashTable *by_name; /* name → Tag* */
} Tags;

static const Tag *
find_tag (const Tags *tags, const char *name)
{
  return g_hash_table_lookup (tags->by_name, name);
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
  /* Noon UTC: the same date in every time zone, and a date without a
   * time of day (kz_start_time_is_date_only()). */
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
game_from_tags (const Tags *tags, GError **error)
{
  const Tag *pos = find_tag (tags, "Position");
  KzGame *game;
  if (pos)
    {
      GError *local = NULL;
      if (strlen (pos->value) >= KZ_KPN_MAX)
        {
          g_autofree char *q = quote (pos->value, -1);
          set_problem (error, KZ_KGN_ERROR_BAD_POSITION, pos->where,
                       _("the position “%s” is too long to be a position"), q);
          return NULL;
        }
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
  for (guint i = 0; i < tags->list->len; i++)
    {
      const Tag *t = g_ptr_array_index (tags->list, i);
      if (strcmp (t->name, "Cossacks") == 0 || strcmp (t->name, "Turks") == 0)
        {
          GError *local = NULL;
          if (strcmp (t->value, "?") != 0 && !kz_player_name_validate (t->value, &local))
            {
              set_problem (error, KZ_KGN_ERROR_SYNTAX, t->where, _("tag %s: %s"), t->name,
                           local->message);
              g_error_free (local);
              g_object_unref (game);
              return NULL;
            }
          kz_game_set_player (game, t->name[0] == 'C' ? KZ_COSSACKS : KZ_TURKS,
                              strcmp (t->value, "?") == 0 ? "" : t->value, KZ_PLAYER_HUMAN, 0);
        }
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
      else if (strcmp (t->name, "NoProgress") == 0 && !kz_no_progress_from_kgn (t->value, NULL))
        {
          g_autofree char *q = quote (t->value, -1);
          set_problem (error, KZ_KGN_ERROR_SYNTAX, t->where,
                       _("“%s” is not a value of the tag NoProgress (on or off)"), q);
          g_object_unref (game);
          return NULL;
        }
      else
        kz_game_set_tag (game, t->name, t->value);
    }
  return game;
}

/* Checks the result token (and tags) against the replayed game and
 * records an agreed draw or a resignation. */
static gboolean
finish_game (KzGame *game, const Tags *tags, KzResult token, Where where, GError **error)
{
  const Tag *rt = find_tag (tags, "Result");
  const Tag *tt = find_tag (tags, "Termination");
  if (rt)
    {
      KzResult r;
      g_autofree char *q = quote (rt->value, -1);
      if (!kz_result_from_kgn (rt->value, &r))
        {
          set_problem (error, KZ_KGN_ERROR_BAD_RESULT, rt->where,
                       _("“%s” is not a result (1-0, 0-1, 1/2-1/2 or *)"), q);
          return FALSE;
        }
      if (r != token)
        {
          set_problem (error, KZ_KGN_ERROR_BAD_RESULT, where,
                       _("the result %s after the moves differs from the Result tag %s"),
                       kz_result_to_kgn (token), q);
          return FALSE;
        }
    }
  KzTermination term = KZ_TERMINATION_NONE;
  gboolean have_term = FALSE;
  if (tt)
    {
      if (!kz_termination_from_kgn (tt->value, &term))
        {
          g_autofree char *q = quote (tt->value, -1);
          set_problem (error, KZ_KGN_ERROR_BAD_RESULT, tt->where,
                       _("“%s” is not a termination (flag, annihilation, blocked, repetition, "
                         "no-progress, agreement, resignation, time forfeit or unterminated)"), q);
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

/* ---------------------------------------------------------------------- */
/* Import: the movetext (PGN import format)                                */

/* Skips white space and "%" escape lines (not comments). */
static void
skip_blank (Lexer *lx)
{
  while (!at_end (lx))
    {
      char c = cur (lx);
      if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v')
        advance (lx);
      else if (c == '%' && lx->col == 1)
        while (!at_end (lx) && cur (lx) != '\n')
          advance (lx);
      else
        break;
    }
}

static gboolean
is_move_stop (char c)
{
  return is_space_or_stop (c) || c == '(' || c == ')' || c == '$' || c == '}';
}

/* One line being read: the movetext itself or a variation in it. */
typedef struct {
  KzMoveNode *last;      /* the last node read in this line (its start: the node it follows) */
  gboolean    has_move;
  gboolean    variation;
  GString    *before;    /* comments before the line's first move */
  Where       open;      /* where its "(" is */
} Line;

static void
line_clear (Line *line)
{
  if (line->before)
    g_string_free (line->before, TRUE);
}

static void
append_comment (GString *to, const char *text)
{
  g_autofree char *norm = kz_comment_normalize (text);
  if (norm[0] == '\0')
    return;
  if (to->len > 0)
    g_string_append_c (to, ' ');
  g_string_append (to, norm);
}

/* A comment after a move (or, before any, at the start): joined to the
 * comments before it with a space.  The pieces are collected per node in
 * `comments` (node → GString) and given to the nodes once, at the end of
 * the game (set_comments ()): each piece is copied and normalised once,
 * however many follow. */
static void
comment_on (GHashTable *comments, KzMoveNode *node, const char *text)
{
  GString *s = g_hash_table_lookup (comments, node);
  if (s == NULL)
    {
      s = g_string_new (kz_move_node_get_comment (node));
      g_hash_table_insert (comments, node, s);
    }
  append_comment (s, text);
}

static void
string_free (gpointer s)
{
  g_string_free (s, TRUE);
}

static void
set_comments (GHashTable *comments)
{
  GHashTableIter it;
  gpointer node, s;
  g_hash_table_iter_init (&it, comments);
  while (g_hash_table_iter_next (&it, &node, &s))
    kz_move_node_set_comment (node, ((GString *) s)->str);
  g_hash_table_remove_all (comments);
}

/* A comment after a main-line move: its "[%clk H:MM:SS]" is the mover's
 * time left (kz-clock.h), kept as the move's clock and taken out of the
 * text (the export writes it back from the clock). */
static void
take_clock (KzGame *game, KzMoveNode *node, char *text)
{
  gint64 ms;
  if (!kz_clock_parse_clk (text, &ms))
    return;
  kz_game_load_move_clock (game, kz_move_node_get_ply (node) - 1, ms);
  char *start = strstr (text, "[%clk");
  char *end = strchr (start, ']');
  memmove (start, end + 1, strlen (end + 1) + 1);
}

/* A move token, possibly with a suffix mark ("b6-a6!?"), in `line`. */
static gboolean
read_move (KzGame *game, Line *line, const char *tok, Where w, GError **error)
{
  g_autofree char *text = g_strdup (tok);
  char *mark = text + strlen (text);
  while (mark > text && (mark[-1] == '!' || mark[-1] == '?'))
    mark--;
  guint nag = 0;
  if (*mark)
    {
      nag = kz_nag_from_mark (mark);
      if (nag == 0)
        {
          Where mw = w;
          mw.col += (guint) g_utf8_strlen (text, mark - text);
          g_autofree char *q = quote (mark, -1);
          set_problem (error, KZ_KGN_ERROR_SYNTAX, mw,
                       _("“%s” is not a move mark (!, ?, !!, ??, !? or ?!)"), q);
          return FALSE;
        }
      *mark = '\0';
    }
  GError *local = NULL;
  KzMoveNode *node;
  if (!line->variation)
    {
      node = kz_game_load_move (game, text, 0, &local)
             ? kz_game_get_main_node (game, kz_game_get_ply (game)) : NULL;
    }
  else
    node = kz_game_load_variation (game, line->last, text, 0, -1, &local);
  if (node == NULL)
    {
      g_autofree char *q = quote (text, -1);
      g_autofree char *reason = quote (local->message, -1);
      /* The engine's reason names the move itself when it is short. */
      set_problem (error,
                   g_error_matches (local, KZ_GAME_ERROR, KZ_GAME_ERROR_SYNTAX)
                   ? KZ_KGN_ERROR_SYNTAX : KZ_KGN_ERROR_ILLEGAL_MOVE,
                   w, _("move %s: %s"), q, strlen (text) <= QUOTE_MAX ? local->message : reason);
      g_error_free (local);
      return FALSE;
    }
  if (line->variation && !line->has_move && line->before->len > 0)
    kz_move_node_set_comment_before (node, line->before->str);
  line->last = node;
  line->has_move = TRUE;
  if (nag)
    kz_move_node_add_nag (node, nag);
  return TRUE;
}

/* Reads the movetext up to and including the result token. */
static gboolean
parse_movetext (Lexer *lx, KzGame *game, const Tags *tags, GError **error)
{
  g_autoptr (GArray) lines = g_array_new (FALSE, TRUE, sizeof (Line));
  g_array_set_clear_func (lines, (GDestroyNotify) line_clear);
  g_autoptr (GHashTable) comments = g_hash_table_new_full (NULL, NULL, NULL, string_free);
  Line main_line = { kz_game_get_root (game), FALSE, FALSE, NULL, { 0, 0 } };
  g_array_append_val (lines, main_line);
  for (;;)
    {
      skip_blank (lx);
      Line *line = &g_array_index (lines, Line, lines->len - 1);
      Where w = here (lx);
      if (at_end (lx))
        {
          if (line->variation)
            set_problem (error, KZ_KGN_ERROR_SYNTAX, line->open,
                         _("the variation is not closed with “)”"));
          else
            set_problem (error, KZ_KGN_ERROR_SYNTAX, w,
                         _("the game has no result (1-0, 0-1, 1/2-1/2 or *) at its end"));
          return FALSE;
        }
      char c = cur (lx);
      if (c == '[' || c == ']')
        {
          set_problem (error, KZ_KGN_ERROR_SYNTAX, w,
                       c == '['
                       ? _("a tag among the moves (is the result missing at the end of the game?)")
                       : _("an unexpected “]”"));
          return FALSE;
        }
      if (c == '{' || c == ';')
        {
          /* A comment: up to "}", or a ";" one to the end of the line. */
          advance (lx);
          gsize from = lx->pos;
          Where tw = here (lx);
          char stop = c == '{' ? '}' : '\n';
          while (!at_end (lx) && cur (lx) != stop)
            advance (lx);
          if (c == '{' && at_end (lx))
            {
              set_problem (error, KZ_KGN_ERROR_SYNTAX, w, _("the comment is not closed with “}”"));
              return FALSE;
            }
          if (!check_text (lx, from, lx->pos, tw, error))
            return FALSE;
          g_autofree char *text = g_strndup (lx->buf + from, lx->pos - from);
          if (!at_end (lx))
            advance (lx);
          if (line->has_move && !line->variation)
            take_clock (game, line->last, text);
          if (line->has_move || !line->variation)
            comment_on (comments, line->last, text);
          else
            append_comment (line->before, text);
          continue;
        }
      if (c == '(')
        {
          if (!line->has_move)
            {
              set_problem (error, KZ_KGN_ERROR_SYNTAX, w,
                           _("a variation must follow the move it is an alternative to"));
              return FALSE;
            }
          advance (lx);
          Line var = { kz_move_node_get_parent (line->last), FALSE, TRUE, g_string_new (NULL), w };
          g_array_append_val (lines, var);
          continue;
        }
      if (c == ')')
        {
          if (!line->variation)
            {
              set_problem (error, KZ_KGN_ERROR_SYNTAX, w, _("an unexpected “)”"));
              return FALSE;
            }
          if (!line->has_move)
            {
              set_problem (error, KZ_KGN_ERROR_SYNTAX, line->open, _("the variation has no move"));
              return FALSE;
            }
          advance (lx);
          g_array_set_size (lines, lines->len - 1);
          continue;
        }
      gsize tok_start = lx->pos;
      advance (lx);
      while (!at_end (lx) && !is_move_stop (cur (lx)))
        advance (lx);
      if (!check_text (lx, tok_start, lx->pos, w, error))
        return FALSE;
      g_autofree char *tok = g_strndup (lx->buf + tok_start, lx->pos - tok_start);
      g_autofree char *qtok = quote (tok, -1);

      if (c == '$')
        {
          guint64 nag = 0;
          if (!line->has_move || !g_ascii_string_to_unsigned (tok + 1, 10, 1, 255, &nag, NULL))
            {
              set_problem (error, KZ_KGN_ERROR_SYNTAX, w,
                           line->has_move ? _("“%s” is not a NAG ($1 to $255)")
                                          : _("the NAG %s does not follow a move"), qtok);
              return FALSE;
            }
          kz_move_node_add_nag (line->last, (guint) nag);
          continue;
        }

      KzResult result;
      if (kz_result_from_kgn (tok, &result))
        {
          if (line->variation)
            {
              set_problem (error, KZ_KGN_ERROR_SYNTAX, line->open,
                           _("the variation is not closed with “)” before the result"));
              return FALSE;
            }
          set_comments (comments);
          return finish_game (game, tags, result, w, error);
        }

      /* A mark on its own ("!?") belongs to the move before it. */
      if (tok[0] == '!' || tok[0] == '?')
        {
          guint nag = kz_nag_from_mark (tok);
          if (nag == 0 || !line->has_move)
            {
              set_problem (error, KZ_KGN_ERROR_SYNTAX, w,
                           nag ? _("the mark %s does not follow a move")
                               : _("“%s” is not a move mark (!, ?, !!, ??, !? or ?!)"), qtok);
              return FALSE;
            }
          kz_move_node_add_nag (line->last, nag);
          continue;
        }

      /* Move numbers: "12", "12.", "12...", "." alone, or glued to a move. */
      const char *m = tok;
      Where mw = w;
      while (g_ascii_isdigit (*m))
        m++;
      if (m > tok && *m != '\0' && *m != '.')
        {
          set_problem (error, KZ_KGN_ERROR_SYNTAX, w,
                       _("“%s” is neither a move number (like 12. or 12...) nor a move"), qtok);
          return FALSE;
        }
      while (*m == '.')
        m++;
      mw.col += (guint) g_utf8_strlen (tok, m - tok);
      if (*m == '\0')
        continue;
      if (!read_move (game, line, m, mw, error))
        return FALSE;
    }
}

static void
tags_clear (Tags *tags)
{
  g_clear_pointer (&tags->by_name, g_hash_table_unref);
  g_clear_pointer (&tags->list, g_ptr_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Tags, tags_clear)

/* Parses one game starting at a non-space character.  *in_movetext says
 * whether the parser got past the tags (for recover ()). */
static KzGame *
parse_one_game (Lexer *lx, gboolean *in_movetext, GError **error)
{
  *in_movetext = FALSE;
  g_auto (Tags) tags = {
    g_ptr_array_new_with_free_func ((GDestroyNotify) tag_free),
    g_hash_table_new (g_str_hash, g_str_equal),
  };
  for (;;)
    {
      skip_blank (lx);
      if (at_end (lx) || cur (lx) != '[')
        break;
      Tag *t = read_tag (lx, error);
      if (t == NULL)
        return NULL;
      if (find_tag (&tags, t->name))
        {
          g_autofree char *q = quote (t->name, -1);
          set_problem (error, KZ_KGN_ERROR_SYNTAX, t->where, _("the tag %s appears twice"), q);
          tag_free (t);
          return NULL;
        }
      g_ptr_array_add (tags.list, t);
      g_hash_table_insert (tags.by_name, t->name, t);
    }
  *in_movetext = TRUE;

  g_autoptr (KzGame) game = game_from_tags (&tags, error);
  if (game == NULL)
    return NULL;
  if (!parse_movetext (lx, game, &tags, error))
    return NULL;
  return g_steal_pointer (&game);
}

static KzGame *
parse_one (Lexer *lx, gboolean *in_movetext, GError **error)
{
  KzGame *game = parse_one_game (lx, in_movetext, error);

  lx->clock_game = NULL;   /* read, or freed on an error */
  return game;
}

/* Is the token [from, from + n) of the buffer a result token? */
static gboolean
is_result_token (const char *tok, gsize n)
{
  static const char *const results[] = { "1-0", "0-1", "1/2-1/2", "*" };
  for (guint i = 0; i < G_N_ELEMENTS (results); i++)
    if (n == strlen (results[i]) && memcmp (tok, results[i], n) == 0)
      return TRUE;
  return FALSE;
}

/* Scans to the end of the current line (the '\n' is not consumed).  Sets
 * *blank when it held only white space and *result when a result token
 * stood on it. */
static void
scan_line (Lexer *lx, gboolean *blank, gboolean *result)
{
  char tok[8];
  gsize n = 0;
  gboolean long_token = FALSE;
  *blank = TRUE;
  *result = FALSE;
  for (;;)
    {
      gboolean end = at_end (lx) || cur (lx) == '\n';
      char c = end ? ' ' : cur (lx);
      if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v')
        {
          if (n > 0 && !long_token && is_result_token (tok, n))
            *result = TRUE;
          n = 0;
          long_token = FALSE;
        }
      else
        {
          *blank = FALSE;
          if (n < sizeof tok)
            tok[n++] = c;
          else
            long_token = TRUE;
        }
      if (end)
        return;
      advance (lx);
    }
}

/* After a bad game: skips the rest of it, to the line that starts the
 * next game with "[".  When the error was among the moves, that is the
 * first such line after a line that is not a tag.  When it was among the
 * tags, the rest of the bad game's tags and its moves come first: the
 * next game starts after a result token, or after a blank line that
 * follows the moves (so the tail of a broken tag, or the tags after it,
 * are never taken for a game of their own). */
static void
recover (Lexer *lx, gboolean in_movetext)
{
  gboolean line_is_tag = lx->line_start < lx->len && lx->buf[lx->line_start] == '[';
  gboolean blank, result;
  scan_line (lx, &blank, &result);
  gboolean seen_result = !line_is_tag && result;
  gboolean seen_moves = !line_is_tag && !blank;
  gboolean prev_tag = line_is_tag, prev_blank = FALSE;
  while (!at_end (lx))
    {
      advance (lx);  /* the '\n' */
      compact (lx);
      if (at_end (lx))
        return;
      if (cur (lx) == '[')
        {
          if (in_movetext ? !prev_tag : (seen_result || (seen_moves && prev_blank)))
            return;
          scan_line (lx, &blank, &result);
          prev_tag = TRUE;
          prev_blank = FALSE;
          continue;
        }
      scan_line (lx, &blank, &result);
      seen_result |= result;
      seen_moves |= !blank;
      prev_tag = FALSE;
      prev_blank = blank;
    }
}

/* ---------------------------------------------------------------------- */
/* Import: games one by one                                                */

struct _KzKgnReader {
  Lexer lx;
  guint n_games;   /* good and bad so far */
};

static KzKgnReader *
reader_new (void)
{
  KzKgnReader *r = g_new0 (KzKgnReader, 1);
  r->lx.line = 1;
  r->lx.col = 1;
  return r;
}

KzKgnReader *
kz_kgn_reader_new (const char *text, gssize len)
{
  g_return_val_if_fail (text != NULL || len == 0, NULL);
  KzKgnReader *r = reader_new ();
  r->lx.buf = (char *) text;
  r->lx.len = r->lx.cap = len < 0 ? strlen (text) : (gsize) len;
  r->lx.eof = TRUE;
  return r;
}

KzKgnReader *
kz_kgn_reader_new_for_stream (GInputStream *stream)
{
  g_return_val_if_fail (G_IS_INPUT_STREAM (stream), NULL);
  KzKgnReader *r = reader_new ();
  r->lx.in = g_object_ref (stream);
  return r;
}

void
kz_kgn_reader_free (KzKgnReader *reader)
{
  if (reader == NULL)
    return;
  if (reader->lx.in)
    {
      g_free (reader->lx.buf);
      g_object_unref (reader->lx.in);
    }
  g_clear_error (&reader->lx.read_error);
  g_free (reader);
}

guint64
kz_kgn_reader_get_bytes_read (KzKgnReader *reader)
{
  g_return_val_if_fail (reader != NULL, 0);
  return reader->lx.dropped + reader->lx.pos;
}

static gboolean
read_failed (Lexer *lx, GError **error)
{
  if (lx->read_error == NULL)
    return FALSE;
  g_propagate_error (error, g_steal_pointer (&lx->read_error));
  return TRUE;
}

gboolean
kz_kgn_reader_next (KzKgnReader *reader, KzGame **game, KzKgnProblem **problem,
                    GCancellable *cancellable, GError **error)
{
  g_return_val_if_fail (reader != NULL, FALSE);
  g_return_val_if_fail (game != NULL && problem != NULL, FALSE);
  Lexer *lx = &reader->lx;
  *game = NULL;
  *problem = NULL;
  lx->cancellable = cancellable;
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;
  compact (lx);
  GError *local = NULL;
  gboolean in_movetext = FALSE;
  gsize game_start = 0;
  guint game_line = lx->line;
  KzGame *g = NULL;
  if (skip_space (lx, &local))
    {
      if (read_failed (lx, error))
        return FALSE;
      if (at_end (lx))
        {
          read_failed (lx, error);
          return FALSE;
        }
      game_start = lx->pos;
      game_line = lx->line;
      g = parse_one (lx, &in_movetext, &local);
    }
  if (read_failed (lx, error))
    {
      g_clear_object (&g);
      g_clear_error (&local);
      return FALSE;
    }
  reader->n_games++;
  if (g)
    {
      *game = g;
      return TRUE;
    }
  KzKgnProblem *p = g_new0 (KzKgnProblem, 1);
  p->line = last_problem.line;
  p->column = last_problem.col;
  p->game_line = game_line;
  p->error = local;
  *problem = p;
  if (at_end (lx))
    return !read_failed (lx, error);
  /* A game without its result token runs into the next game's tags:
   * that game starts right here. */
  if (in_movetext && cur (lx) == '[' && lx->col == 1 && lx->pos != game_start)
    return TRUE;
  if (lx->pos == game_start)
    advance (lx);
  recover (lx, in_movetext);
  if (read_failed (lx, error))
    {
      g_clear_pointer (problem, kz_kgn_problem_free);
      return FALSE;
    }
  return TRUE;
}

GPtrArray *
kz_kgn_parse (const char *text, gssize len, GPtrArray **problems, GError **error)
{
  g_return_val_if_fail (text != NULL, NULL);
  g_autoptr (KzKgnReader) reader = kz_kgn_reader_new (text, len);
  GPtrArray *games = g_ptr_array_new_with_free_func (g_object_unref);
  GPtrArray *probs = g_ptr_array_new_with_free_func ((GDestroyNotify) kz_kgn_problem_free);
  KzGame *game;
  KzKgnProblem *problem;
  while (kz_kgn_reader_next (reader, &game, &problem, NULL, NULL))
    {
      if (game)
        g_ptr_array_add (games, game);
      else
        g_ptr_array_add (probs, problem);
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
