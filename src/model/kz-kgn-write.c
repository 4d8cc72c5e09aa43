/* kz-kgn-write.c — KGN game records (RULES.md §8): the writer (export).
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
#include "kz-move-node-private.h"

#include <stdio.h>
#include <string.h>

#define WRAP_COLUMNS 79   /* lines are at most 79 characters long */

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

/* Writes a tag so that import reads the same value back: valid UTF-8
 * (bad bytes become U+FFFD), control characters (a line break would end
 * the tag; an escape sequence would drive a terminal) as spaces, without
 * bidirectional controls (they would reorder what is shown after them),
 * '"' and '\\' escaped. */
static void
append_tag (GString *out, const char *name, const char *value)
{
  g_string_append_printf (out, "[%s \"", name);
  g_autofree char *valid = g_utf8_make_valid (value, -1);
  for (const char *p = valid; *p; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      if (kz_unichar_is_bidi_control (c))
        continue;
      if (c == '"' || c == '\\')
        g_string_append_c (out, '\\');
      g_string_append_unichar (out, g_unichar_iscntrl (c) ? ' ' : c);
    }
  g_string_append (out, "\"]\n");
}

static const char *
tag_or (KzGame *game, const char *name, const char *fallback)
{
  const char *v = kz_game_get_tag (game, name);
  return v ? v : fallback;
}

/* ---------------------------------------------------------------------- */
/* Export: the movetext (PGN export format, §8.2)                          */

/* The movetext is first cut into words (a "(" joins the word after it, a
 * ")" the word before it, as PGN writes them), then wrapped. */
typedef struct {
  GPtrArray        *words;
  gboolean          open;      /* a "(" waits for the next word */
  KzKgnCommentFunc  extra;     /* more comment after a main-line move, or NULL */
  gpointer          extra_data;
} Words;

/* A word that starts with LINE_COMMENT belongs to a comment written as
 * ";" comments (one a line, see add_comment ()). */
#define LINE_COMMENT '\x01'

static void
add_word (Words *w, const char *word)
{
  if (w->open && word[0] == LINE_COMMENT)
    g_ptr_array_add (w->words, g_strdup ("("));   /* not into the comment */
  if (w->open && word[0] != LINE_COMMENT)
    g_ptr_array_add (w->words, g_strconcat ("(", word, NULL));
  else
    g_ptr_array_add (w->words, g_strdup (word));
  w->open = FALSE;
}

static void
close_paren (Words *w)
{
  char **last = (char **) &w->words->pdata[w->words->len - 1];
  if (**last == LINE_COMMENT)
    {
      /* not into the comment: on the next line */
      g_ptr_array_add (w->words, g_strdup (")"));
      return;
    }
  char *joined = g_strconcat (*last, ")", NULL);
  g_free (*last);
  *last = joined;
}

static void
add_comment_word (Words *w, const char *word, gboolean line_comment)
{
  if (!line_comment)
    {
      add_word (w, word);
      return;
    }
  g_autofree char *marked = g_strdup_printf ("%c%s", LINE_COMMENT, word);
  add_word (w, marked);
}

/* A comment as words: "{first", …, "last}" (its text has single spaces);
 * a command such as "[%clk 0:04:51]" stays one word, on one line.  A
 * comment that holds a "}" (which would end a "{…}" comment) is written
 * as ";" comments instead, each to the end of its line; import joins
 * them with single spaces, so the text comes back as it was. */
static void
add_comment (Words *w, const char *text)
{
  gboolean line_comment = strchr (text, '}') != NULL;
  g_autofree char *braced = line_comment ? g_strdup (text) : g_strconcat ("{", text, "}", NULL);
  g_auto (GStrv) parts = g_strsplit (braced, " ", -1);
  GString *word = g_string_new (NULL);
  gboolean in_command = FALSE;
  for (guint i = 0; parts[i]; i++)
    {
      /* (a command longer than 40 characters is cut like other text) */
      if (word->len > 0 && word->len + 1 + strlen (parts[i]) > 40)
        {
          add_comment_word (w, word->str, line_comment);
          g_string_truncate (word, 0);
          in_command = FALSE;
        }
      if (word->len > 0)
        g_string_append_c (word, ' ');
      g_string_append (word, parts[i]);
      if (strstr (parts[i], "[%") != NULL)
        in_command = TRUE;
      if (strchr (parts[i], ']') != NULL)
        in_command = FALSE;
      if (!in_command)
        {
          add_comment_word (w, word->str, line_comment);
          g_string_truncate (word, 0);
        }
    }
  if (word->len > 0)
    add_comment_word (w, word->str, line_comment);
  g_string_free (word, TRUE);
}

/* The number of the move that leads to ply (1-based plies). */
static guint
move_number (KzGame *game, guint ply)
{
  guint turks_first = kz_game_get_start_position (game)->side == KZ_TURKS;
  return (ply - 1 + turks_first) / 2 + 1;
}

static void add_line (Words *w, KzGame *game, KzMoveNode *first);

/* One move with its number where PGN wants one, its NAGs and comment;
 * *need_number says whether a Turkish move needs its "N..." (first of a
 * line, after a comment or a variation). */
static void
add_move (Words *w, KzGame *game, KzMoveNode *node, gboolean *need_number)
{
  const char *before = kz_move_node_get_comment_before (node);
  if (before[0])
    {
      add_comment (w, before);
      *need_number = TRUE;
    }
  guint ply = kz_move_node_get_ply (node);
  char num[32];
  if (kz_move_node_get_mover (node) == KZ_COSSACKS)
    {
      g_snprintf (num, sizeof num, "%u.", move_number (game, ply));
      add_word (w, num);
    }
  else if (*need_number)
    {
      g_snprintf (num, sizeof num, "%u...", move_number (game, ply));
      add_word (w, num);
    }
  add_word (w, kz_move_node_get_move_text (node));
  *need_number = FALSE;
  guint n_nags;
  const guint8 *nags = kz_move_node_get_nags (node, &n_nags);
  for (guint i = 0; i < n_nags; i++)
    {
      g_snprintf (num, sizeof num, "$%u", nags[i]);
      add_word (w, num);
    }
  /* After a main-line move: its clock, its comment and the hook's text
   * ("{[%clk 0:04:51] A good move [%eval 0.35]}"). */
  const char *comment = kz_move_node_get_comment (node);
  g_autofree char *joined = NULL;
  if (kz_move_node_is_main_line (node))
    {
      g_autofree char *extra = w->extra ? w->extra (game, ply - 1, w->extra_data) : NULL;
      g_autofree char *clk = NULL;
      gint64 ms = kz_game_get_move_clock (game, ply - 1);
      if (ms >= 0)
        {
          g_autofree char *t = kz_clock_format_clk (ms);
          clk = g_strdup_printf ("[%%clk %s]", t);
        }
      if (extra || clk)
        {
          g_autofree char *all = g_strjoin (" ", clk ? clk : "", comment, extra ? extra : "", NULL);
          comment = joined = kz_comment_normalize (all);
        }
    }
  if (comment[0])
    {
      add_comment (w, comment);
      *need_number = TRUE;
    }
}

/* A line from its first node, with the variations branching along it:
 * the alternatives to a move follow that move, in parentheses. */
static void
add_line (Words *w, KzGame *game, KzMoveNode *first)
{
  gboolean need_number = TRUE;
  for (KzMoveNode *node = first; node; node = kz_move_node_get_continuation (node))
    {
      add_move (w, game, node, &need_number);
      if (node == first && kz_move_node_starts_variation (node))
        continue;  /* its alternatives are written after the line it leaves */
      KzMoveNode *parent = kz_move_node_get_parent (node);
      for (guint i = 0; i < kz_move_node_get_n_children (parent); i++)
        {
          KzMoveNode *v = kz_move_node_get_child (parent, i);
          if (v == node || !kz_move_node_starts_variation (v))
            continue;
          w->open = TRUE;
          add_line (w, game, v);
          close_paren (w);
          need_number = TRUE;
        }
    }
}

static void
export_movetext (GString *out, KzGame *game, const char *result, KzKgnCommentFunc extra,
                 gpointer extra_data)
{
  Words w = { g_ptr_array_new_with_free_func (g_free), FALSE, extra, extra_data };
  KzMoveNode *root = kz_game_get_root (game);
  if (kz_move_node_get_comment (root)[0])
    add_comment (&w, kz_move_node_get_comment (root));
  KzMoveNode *first = kz_move_node_get_continuation (root);
  if (first)
    add_line (&w, game, first);
  add_word (&w, result);
  gsize line_len = 0;
  gboolean in_line_comment = FALSE;
  for (guint i = 0; i < w.words->len; i++)
    {
      const char *word = g_ptr_array_index (w.words, i);
      gboolean line_comment = word[0] == LINE_COMMENT;
      if (line_comment)
        word++;
      else if (in_line_comment)
        {
          /* a ";" comment runs to the end of its line */
          g_string_append_c (out, '\n');
          line_len = 0;
          in_line_comment = FALSE;
        }
      gsize len = g_utf8_strlen (word, -1);
      /* "; " before a line comment's first word, and its first word on a
       * new line ("; " is left out of a line only a long word fills) */
      const char *lead = line_comment && !in_line_comment ? "; " : "";
      if (line_len > 0 && line_len + 1 + strlen (lead) + len > WRAP_COLUMNS)
        {
          g_string_append_c (out, '\n');
          line_len = 0;
          if (line_comment)
            lead = "; ";
        }
      if (line_len == 0 && lead[0] && 2 + len > WRAP_COLUMNS)
        lead = ";";
      if (line_len > 0)
        {
          g_string_append_c (out, ' ');
          line_len++;
        }
      g_string_append (out, lead);
      g_string_append (out, word);
      line_len += strlen (lead) + len;
      in_line_comment = line_comment;
    }
  g_string_append_c (out, '\n');
  g_ptr_array_unref (w.words);
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

  export_movetext (out, game, result, comment, user_data);
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
