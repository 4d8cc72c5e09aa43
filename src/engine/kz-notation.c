/* kz-notation.c — KPN positions and move strings (RULES.md §8).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-notation.h"

#include "kz-position-check.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static bool
fail (KzError *error, KzErrorCode code, int offset, int a, int b, const char *fmt, ...)
  __attribute__ ((format (printf, 6, 7)));

static bool
fail (KzError *error, KzErrorCode code, int offset, int a, int b, const char *fmt, ...)
{
  if (error == NULL)
    return false;
  error->code = code;
  error->offset = offset;
  error->point_a = a;
  error->point_b = b;
  va_list ap;
  va_start (ap, fmt);
  vsnprintf (error->message, sizeof error->message, fmt, ap);
  va_end (ap);
  return false;
}

const char *
kz_side_name (KzSide side)
{
  return side == KZ_COSSACKS ? "Cossacks" : "Turks";
}

const char *
kz_reason_name (KzReason reason)
{
  switch (reason)
    {
    case KZ_REASON_FLAG: return "flag";
    case KZ_REASON_ANNIHILATION: return "annihilation";
    case KZ_REASON_BLOCKED: return "blocked";
    case KZ_REASON_NONE: break;
    }
  return "none";
}

/* ---------- KPN ---------- */

static int
rank_first_file (int rank)
{
  return (rank == 1 || rank == 7) ? 1 : 0;
}

static int
rank_last_file (int rank)
{
  return (rank == 1 || rank == 7) ? 3 : 4;
}

size_t
kz_kpn_format (const KzPosition *pos, char *buf, size_t size)
{
  char tmp[KZ_KPN_MAX + 8];
  size_t n = 0;
  for (int rank = 8; rank >= 0; rank--)
    {
      int empty = 0;
      for (int f = rank_first_file (rank); f <= rank_last_file (rank); f++)
        {
          int who = kz_position_piece_at (pos, KZ_SQ (f, rank));
          if (who < 0)
            {
              empty++;
              continue;
            }
          if (empty)
            tmp[n++] = (char) ('0' + empty);
          empty = 0;
          tmp[n++] = who == KZ_COSSACKS ? 'c' : 't';
        }
      if (empty)
        tmp[n++] = (char) ('0' + empty);
      if (rank > 0)
        tmp[n++] = '/';
    }
  tmp[n++] = ' ';
  tmp[n++] = pos->side == KZ_COSSACKS ? 'c' : 't';
  for (int f = 0; f < 2; f++)
    {
      tmp[n++] = ' ';
      const char *w = pos->flag[f] == KZ_FLAG_HOME ? "home" : kz_point_name (pos->flag[f]);
      size_t l = strlen (w);
      memcpy (tmp + n, w, l);
      n += l;
    }
  tmp[n] = '\0';
  if (size > 0)
    {
      size_t c = n < size - 1 ? n : size - 1;
      memcpy (buf, tmp, c);
      buf[c] = '\0';
    }
  return n;
}

static int
skip_spaces (const char *t, int i)
{
  while (t[i] == ' ' || t[i] == '\t')
    i++;
  return i;
}

static int
field_end (const char *t, int i)
{
  while (t[i] && t[i] != ' ' && t[i] != '\t')
    i++;
  return i;
}

static bool
parse_flag (const char *t, int *i, int owner, KzPosition *pos, KzError *error)
{
  int start = *i, end = field_end (t, start);
  const char *what = owner == KZ_COSSACKS ? "Cossack flag" : "Turkish flag";
  if (end == start)
    return fail (error, KZ_ERR_SYNTAX, start, -1, -1,
                 "KPN column %d: the %s field is missing (expected \"home\" or a point)",
                 start + 1, what);
  if (end - start == 4 && strncmp (t + start, "home", 4) == 0)
    pos->flag[owner] = KZ_FLAG_HOME;
  else
    {
      const char *after;
      int sq = kz_point_parse (t + start, &after);
      if (sq == KZ_NO_POINT || after != t + end)
        return fail (error, KZ_ERR_SYNTAX, start, -1, -1,
                     "KPN column %d: \"%.*s\" is not a valid %s field (expected \"home\" or a point such as c5)",
                     start + 1, end - start, t + start, what);
      pos->flag[owner] = (int8_t) sq;
    }
  *i = end;
  return true;
}

static bool
parse_syntax (const char *t, KzPosition *out, KzError *error, int flag_col[2])
{
  KzPosition pos;
  kz_position_init_empty (&pos);

  if (t == NULL)
    return fail (error, KZ_ERR_SYNTAX, 0, -1, -1, "KPN column 1: the position is empty");

  int i = skip_spaces (t, 0);
  if (t[i] == '\0')
    return fail (error, KZ_ERR_SYNTAX, i, -1, -1, "KPN column %d: the position is empty", i + 1);

  for (int rank = 8; rank >= 0; rank--)
    {
      int first = rank_first_file (rank), last = rank_last_file (rank);
      int want = last - first + 1;
      int f = first, rank_start = i;
      bool prev_digit = false;
      while (t[i] && t[i] != '/' && t[i] != ' ' && t[i] != '\t')
        {
          char ch = t[i];
          if (ch == 'c' || ch == 't')
            {
              if (f > last)
                return fail (error, KZ_ERR_SYNTAX, i, -1, -1,
                             "KPN column %d: rank %d has more than %d points",
                             i + 1, rank + 1, want);
              pos.pieces[ch == 'c' ? KZ_COSSACKS : KZ_TURKS] |= KZ_BIT (KZ_SQ (f, rank));
              f++;
              prev_digit = false;
            }
          else if (ch >= '1' && ch <= '5')
            {
              if (prev_digit)
                return fail (error, KZ_ERR_SYNTAX, i, -1, -1,
                             "KPN column %d: two counts of empty points in a row on rank %d",
                             i + 1, rank + 1);
              if (f + (ch - '0') > last + 1)
                return fail (error, KZ_ERR_SYNTAX, i, -1, -1,
                             "KPN column %d: rank %d has more than %d points",
                             i + 1, rank + 1, want);
              f += ch - '0';
              prev_digit = true;
            }
          else
            return fail (error, KZ_ERR_SYNTAX, i, -1, -1,
                         "KPN column %d: unexpected character '%c' on rank %d (expected c, t or a digit 1-5)",
                         i + 1, (ch >= 32 && ch < 127) ? ch : '?', rank + 1);
          i++;
        }
      if (f != last + 1)
        return fail (error, KZ_ERR_SYNTAX, rank_start, -1, -1,
                     "KPN column %d: rank %d describes %d points, it has %d",
                     rank_start + 1, rank + 1, f - first, want);
      if (rank > 0)
        {
          if (t[i] != '/')
            return fail (error, KZ_ERR_SYNTAX, i, -1, -1,
                         "KPN column %d: expected '/' after rank %d (the board lists 9 ranks)",
                         i + 1, rank + 1);
          i++;
        }
    }

  if (t[i] != ' ' && t[i] != '\t')
    return fail (error, KZ_ERR_SYNTAX, i, -1, -1,
                 "KPN column %d: expected a space and the side to move after the board",
                 i + 1);
  i = skip_spaces (t, i);
  if ((t[i] != 'c' && t[i] != 't') || (t[i + 1] != ' ' && t[i + 1] != '\t'))
    return fail (error, KZ_ERR_SYNTAX, i, -1, -1,
                 "KPN column %d: the side to move must be 'c' or 't'", i + 1);
  pos.side = t[i] == 'c' ? KZ_COSSACKS : KZ_TURKS;
  i = skip_spaces (t, i + 1);
  for (int f = 0; f < 2; f++)
    {
      flag_col[f] = i;
      if (!parse_flag (t, &i, f, &pos, error))
        return false;
      i = skip_spaces (t, i);
    }
  if (t[i] != '\0')
    return fail (error, KZ_ERR_SYNTAX, i, -1, -1,
                 "KPN column %d: unexpected text after the Turkish flag", i + 1);

  pos.hash = kz_position_compute_hash (&pos);
  *out = pos;
  if (error)
    error->code = KZ_ERR_NONE;
  return true;
}

bool
kz_kpn_parse_unchecked (const char *t, KzPosition *out, KzError *error)
{
  int flag_col[2];
  return parse_syntax (t, out, error, flag_col);
}

bool
kz_kpn_parse (const char *t, KzPosition *out, KzError *error)
{
  KzPosition pos;
  int flag_col[2];
  if (!parse_syntax (t, &pos, error, flag_col))
    return false;
  /* Now the rules (RULES.md §1, "Flags", "The end"). */
  KzPositionCheck check;
  if (!kz_position_check (&pos, &check))
    {
      char why[200];
      kz_position_check_format (&check, why, sizeof why);
      int col = 0;
      if (check.problem == KZ_POSITION_NO_CARRIER || check.problem == KZ_POSITION_FLAG_POINT_TAKEN
          || check.problem == KZ_POSITION_OWN_FLAG_UNTAKEN)
        col = flag_col[check.flag];
      if (col > 0)
        return fail (error, KZ_ERR_INVALID_POSITION, col, check.point, -1,
                     "KPN column %d: %s", col + 1, why);
      return fail (error, KZ_ERR_INVALID_POSITION, 0, check.point, -1, "KPN: %s", why);
    }

  pos.hash = kz_position_compute_hash (&pos);
  *out = pos;
  if (error)
    error->code = KZ_ERR_NONE;
  return true;
}

/* ---------- moves ---------- */

size_t
kz_move_format (const KzMove *m, char *buf, size_t size)
{
  char tmp[KZ_MOVE_STR_MAX];
  size_t n = 0;
  memcpy (tmp, kz_point_name (m->from), 2);
  n = 2;
  if (m->n_jumps == 0)
    {
      tmp[n++] = '-';
      memcpy (tmp + n, kz_point_name (m->to), 2);
      n += 2;
    }
  for (int i = 0; i < m->n_jumps; i++)
    {
      tmp[n++] = 'x';
      memcpy (tmp + n, kz_point_name (m->path[i]), 2);
      n += 2;
    }
  tmp[n] = '\0';
  if (size > 0)
    {
      size_t c = n < size - 1 ? n : size - 1;
      memcpy (buf, tmp, c);
      buf[c] = '\0';
    }
  return n;
}

bool
kz_move_text_parse (const char *t, KzMoveText *out, KzError *error)
{
  if (t == NULL || t[0] == '\0')
    return fail (error, KZ_ERR_SYNTAX, 0, -1, -1, "the move is empty");
  const char *p = t;
  int from = kz_point_parse (p, &p);
  if (from == KZ_NO_POINT)
    return fail (error, KZ_ERR_SYNTAX, 0, -1, -1,
                 "move \"%s\", character 1: expected a point such as b4", t);
  out->from = from;
  out->n_points = 0;
  out->capture = false;
  if (*p != '-' && *p != 'x')
    return fail (error, KZ_ERR_SYNTAX, (int) (p - t), -1, -1,
                 "move \"%s\", character %d: expected '-' for a step or 'x' for a capture",
                 t, (int) (p - t) + 1);
  out->capture = *p == 'x';
  while (*p)
    {
      char sep = *p;
      if (sep != 'x' && sep != '-')
        return fail (error, KZ_ERR_SYNTAX, (int) (p - t), -1, -1,
                     "move \"%s\", character %d: unexpected '%c' (expected '-' or 'x')",
                     t, (int) (p - t) + 1, (sep >= 32 && sep < 127) ? sep : '?');
      if (out->capture && sep != 'x')
        return fail (error, KZ_ERR_SYNTAX, (int) (p - t), -1, -1,
                     "move \"%s\", character %d: a capture joins its landing points with 'x'",
                     t, (int) (p - t) + 1);
      if (!out->capture && out->n_points == 1)
        return fail (error, KZ_ERR_SYNTAX, (int) (p - t), -1, -1,
                     "move \"%s\", character %d: a step has exactly two points",
                     t, (int) (p - t) + 1);
      if (out->n_points >= KZ_MAX_CHAIN)
        return fail (error, KZ_ERR_SYNTAX, (int) (p - t), -1, -1,
                     "move \"%s\", character %d: a chain has at most %d jumps",
                     t, (int) (p - t) + 1, KZ_MAX_CHAIN);
      p++;
      int sq = kz_point_parse (p, &p);
      if (sq == KZ_NO_POINT)
        return fail (error, KZ_ERR_SYNTAX, (int) (p - t), -1, -1,
                     "move \"%s\", character %d: expected a point such as b4",
                     t, (int) (p - t) + 1);
      out->points[out->n_points++] = (uint8_t) sq;
    }
  return true;
}

static bool
text_matches (const KzMoveText *mt, const KzMove *m)
{
  if (mt->from != m->from)
    return false;
  if (!mt->capture)
    return m->n_jumps == 0 && mt->points[0] == m->to;
  return m->n_jumps == mt->n_points && memcmp (m->path, mt->points, (size_t) m->n_jumps) == 0;
}

/* Why a syntactically valid move is not among the legal ones. */
static bool
explain (const KzPosition *pos, const KzMoveList *list, const KzMoveText *mt,
         const char *t, KzError *error)
{
  int s = pos->side, o = 1 - s;
  int from = mt->from;
  KzOutcome out = kz_position_outcome (pos);
  if (out.winner >= 0)
    return fail (error, KZ_ERR_GAME_OVER, -1, -1, -1,
                 "illegal move %s: the game is over (%s won: %s)", t,
                 kz_side_name ((KzSide) out.winner), kz_reason_name (out.reason));
  int who = kz_position_piece_at (pos, from);
  if (who < 0)
    return fail (error, KZ_ERR_NO_PIECE, 0, from, -1,
                 "illegal move %s: there is no piece on %s", t, kz_point_name (from));
  if (who != s)
    return fail (error, KZ_ERR_NOT_YOURS, 0, from, -1,
                 "illegal move %s: the piece on %s belongs to the %s, and it is the %s' turn",
                 t, kz_point_name (from), kz_side_name ((KzSide) o), kz_side_name ((KzSide) s));

  bool compulsory = kz_capture_compulsory (pos);
  if (!mt->capture)
    {
      int to = mt->points[0];
      if (compulsory)
        return fail (error, KZ_ERR_CAPTURE_COMPULSORY, 0, from, to,
                     "illegal move %s: a capture is compulsory", t);
      if (!kz_adjacent (from, to))
        return fail (error, KZ_ERR_NOT_ADJACENT, 0, from, to,
                     "illegal move %s: %s and %s are not neighbours on a line",
                     t, kz_point_name (from), kz_point_name (to));
      return fail (error, KZ_ERR_NOT_FREE, 0, from, to,
                   "illegal move %s: %s is not free", t, kz_point_name (to));
    }

  /* Walk the chain jump by jump and name the first one that fails. */
  KzBits own_rest = pos->pieces[s] & ~KZ_BIT (from);
  KzBits enemy = pos->pieces[o];
  bool enemy_flag_stands = pos->flag[o] == KZ_FLAG_HOME;
  bool own_flag_stands = pos->flag[s] == KZ_FLAG_HOME;
  bool carries_enemy_flag = pos->flag[o] == from;
  int a = from, came = -1;
  for (int k = 0; k < mt->n_points; k++)
    {
      int b = mt->points[k];
      int at = 2 + 3 * k;
      int over = kz_jump_over (a, b);
      if (over == KZ_NO_POINT)
        return fail (error, KZ_ERR_NOT_A_JUMP, at, a, b,
                     "illegal move %s: no jump leads from %s to %s", t,
                     kz_point_name (a), kz_point_name (b));
      if (came >= 0 && kz_jump_forbidden_after (came, a, b))
        return fail (error, KZ_ERR_FORBIDDEN_BEND, at, a, b,
                     "illegal move %s: after jumping down the c-file onto the apex %s "
                     "the chain may not turn onto the triangle's side towards %s",
                     t, kz_point_name (a), kz_point_name (b));
      bool piece = enemy >> over & 1;
      bool flag = over == kz_centre ((KzSide) o) && enemy_flag_stands;
      if (!piece && !flag)
        return fail (error, KZ_ERR_NOTHING_TO_JUMP, at, a, b,
                     "illegal move %s: there is no enemy piece or flag on %s to jump",
                     t, kz_point_name (over));
      if (piece && pos->flag[o] == over)
        carries_enemy_flag = true;
      if (flag)
        carries_enemy_flag = true;
      enemy &= ~KZ_BIT (over);
      if (flag)
        enemy_flag_stands = false;
      bool blocked = ((own_rest | enemy) >> b & 1)
                     || (b == kz_centre ((KzSide) o) && enemy_flag_stands)
                     || (b == kz_centre ((KzSide) s) && own_flag_stands && !carries_enemy_flag);
      if (blocked)
        return fail (error, KZ_ERR_NOT_FREE, at, a, b,
                     "illegal move %s: the jump from %s lands on %s, which is not free",
                     t, kz_point_name (a), kz_point_name (b));
      came = a;
      a = b;
    }

  /* Every jump is possible on its own: the chain stops too early. */
  for (int i = 0; i < list->count; i++)
    {
      const KzMove *m = &list->moves[i];
      if (m->from == from && m->n_jumps > mt->n_points
          && memcmp (m->path, mt->points, (size_t) mt->n_points) == 0)
        return fail (error, KZ_ERR_CHAIN_INCOMPLETE, -1, a, -1,
                     "illegal move %s: the chain must go on from %s while an enemy piece can be jumped",
                     t, kz_point_name (a));
    }
  return fail (error, KZ_ERR_ILLEGAL, -1, from, a,
               "illegal move %s: not a legal capture in this position", t);
}

bool
kz_move_parse (const KzPosition *pos, const char *t, KzMove *move, KzError *error)
{
  KzMoveText mt;
  if (!kz_move_text_parse (t, &mt, error))
    return false;
  static _Thread_local KzMoveList list;
  kz_generate_moves (pos, &list);
  for (int i = 0; i < list.count; i++)
    if (text_matches (&mt, &list.moves[i]))
      {
        *move = list.moves[i];
        if (error)
          error->code = KZ_ERR_NONE;
        return true;
      }
  return explain (pos, &list, &mt, t, error);
}
