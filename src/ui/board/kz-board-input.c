/* kz-board-input.c — turning clicks on points into moves.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kz-board-input.h"

struct _KzBoardInput {
  KzPosition pos;
  KzMoveList moves;
  int        selected;
  int        n_path;
  uint8_t    path[KZ_MAX_CHAIN];
  /* The player's piece refused by the last click (a capture elsewhere is
   * compulsory, or it cannot move): a click on an empty point next is
   * the attempted move from it, not a click on "no piece". */
  int        refused;
};

KzBoardInput *
kz_board_input_new (void)
{
  KzBoardInput *input = g_new0 (KzBoardInput, 1);
  KzPosition start;

  kz_position_init_start (&start);
  kz_board_input_set_position (input, &start);
  return input;
}

void
kz_board_input_free (KzBoardInput *input)
{
  g_free (input);
}

void
kz_board_input_set_position (KzBoardInput     *input,
                             const KzPosition *pos)
{
  input->pos = *pos;
  kz_generate_moves (&input->pos, &input->moves);
  kz_board_input_cancel (input);
  input->refused = KZ_NO_POINT;
}

const KzPosition *
kz_board_input_get_position (KzBoardInput *input)
{
  return &input->pos;
}

const KzMoveList *
kz_board_input_get_moves (KzBoardInput *input)
{
  return &input->moves;
}

void
kz_board_input_cancel (KzBoardInput *input)
{
  input->selected = KZ_NO_POINT;
  input->n_path = 0;
}

int
kz_board_input_get_selected (KzBoardInput *input)
{
  return input->selected;
}

int
kz_board_input_get_path (KzBoardInput   *input,
                         const uint8_t **path)
{
  if (path)
    *path = input->path;
  return input->n_path;
}

/* Does move m start at the selected piece and follow the clicked path? */
static gboolean
move_matches (const KzBoardInput *input, const KzMove *m)
{
  if (m->from != input->selected)
    return FALSE;
  if (input->n_path == 0)
    return TRUE;
  if (m->n_jumps < input->n_path)
    return FALSE;
  return memcmp (m->path, input->path, (size_t) input->n_path) == 0;
}

/* The point the move reaches after the clicked path: the step target or
 * the next landing point; KZ_NO_POINT when the move ends there. */
static int
next_point (const KzBoardInput *input, const KzMove *m)
{
  if (m->n_jumps == 0)
    return input->n_path == 0 ? m->to : KZ_NO_POINT;
  if (m->n_jumps > input->n_path)
    return m->path[input->n_path];
  return KZ_NO_POINT;
}

KzBits
kz_board_input_get_targets (KzBoardInput *input)
{
  KzBits targets = 0;

  if (input->selected == KZ_NO_POINT)
    return 0;
  for (int i = 0; i < input->moves.count; i++)
    {
      const KzMove *m = &input->moves.moves[i];
      int p;

      if (!move_matches (input, m))
        continue;
      p = next_point (input, m);
      if (p != KZ_NO_POINT)
        targets |= KZ_BIT (p);
    }
  return targets;
}

/* The move that is exactly the clicked path, if any. */
static const KzMove *
exact_move (const KzBoardInput *input)
{
  if (input->selected == KZ_NO_POINT || input->n_path == 0)
    return NULL;
  for (int i = 0; i < input->moves.count; i++)
    {
      const KzMove *m = &input->moves.moves[i];
      if (m->n_jumps == input->n_path && move_matches (input, m))
        return m;
    }
  return NULL;
}

gboolean
kz_board_input_can_stop (KzBoardInput *input)
{
  return exact_move (input) != NULL && kz_board_input_get_targets (input) != 0;
}

KzBits
kz_board_input_get_movable (KzBoardInput *input)
{
  KzBits movable = 0;

  for (int i = 0; i < input->moves.count; i++)
    movable |= KZ_BIT (input->moves.moves[i].from);
  return movable;
}

KzBits
kz_board_input_get_must_capture (KzBoardInput *input)
{
  KzBits must = 0;

  if (!kz_capture_compulsory (&input->pos))
    return 0;
  for (int i = 0; i < input->moves.count; i++)
    if (input->moves.moves[i].n_jumps > 0)
      must |= KZ_BIT (input->moves.moves[i].from);
  return must;
}

static void
set_error (KzError *error, KzErrorCode code, int a, int b)
{
  if (!error)
    return;
  memset (error, 0, sizeof *error);
  error->code = code;
  error->offset = -1;
  error->point_a = a;
  error->point_b = b;
}

/* An enemy piece clicked as the destination: a capture jumps over it
 * onto the free point beyond, which the player is shown if the selected
 * piece can capture it now. */
static void
explain_enemy (KzBoardInput *input, int sq, KzError *error)
{
  int last = input->n_path > 0 ? input->path[input->n_path - 1] : input->selected;
  int landing = KZ_NO_POINT;

  for (int i = 0; i < input->moves.count; i++)
    {
      const KzMove *m = &input->moves.moves[i];
      int p = move_matches (input, m) ? next_point (input, m) : KZ_NO_POINT;

      if (p != KZ_NO_POINT && m->n_jumps > 0 && kz_jump_over (last, p) == sq)
        landing = p;
    }
  set_error (error, KZ_ERR_NOT_FREE, landing, sq);
  if (error)
    error->offset = KZ_INPUT_ENEMY_CLICKED;
}

/* Asks the engine why going from the clicked path to sq is illegal. */
static void
explain (KzBoardInput *input, int sq, KzError *error)
{
  GString *text;
  int last = input->n_path > 0 ? input->path[input->n_path - 1] : input->selected;
  gboolean capture = input->n_path > 0 || kz_jump_over (last, sq) != KZ_NO_POINT;
  KzMove dummy;
  KzError local;

  if (kz_position_piece_at (&input->pos, sq) == (int) KZ_OTHER (input->pos.side))
    {
      explain_enemy (input, sq, error);
      return;
    }
  text = g_string_new (kz_point_name (input->selected));

  if (capture && input->n_path == 0 && kz_adjacent (last, sq))
    capture = FALSE;
  for (int i = 0; i < input->n_path; i++)
    {
      g_string_append_c (text, 'x');
      g_string_append (text, kz_point_name (input->path[i]));
    }
  /* Clicking the last landing point again asks to stop there. */
  if (!(input->n_path > 0 && sq == last))
    {
      g_string_append_c (text, capture ? 'x' : '-');
      g_string_append (text, kz_point_name (sq));
    }

  if (kz_move_parse (&input->pos, text->str, &dummy, &local))
    /* Legal as a whole but not a continuation of this selection. */
    set_error (&local, KZ_ERR_ILLEGAL, input->selected, sq);
  if (error)
    *error = local;
  g_string_free (text, TRUE);
}

/* Explains why the piece on sq cannot be selected (it has no move). */
static void
explain_piece (KzBoardInput *input, int sq, KzError *error)
{
  int owner = kz_position_piece_at (&input->pos, sq);

  if (input->moves.count == 0)
    set_error (error, KZ_ERR_GAME_OVER, sq, -1);
  else if (owner < 0)
    set_error (error, KZ_ERR_NO_PIECE, sq, -1);
  else if (owner != input->pos.side)
    set_error (error, KZ_ERR_NOT_YOURS, sq, -1);
  else if (kz_capture_compulsory (&input->pos))
    set_error (error, KZ_ERR_CAPTURE_COMPULSORY, sq, -1);
  else
    set_error (error, KZ_ERR_ILLEGAL, sq, -1);
}

static KzInputResult
finish (KzBoardInput *input, const KzMove *m, KzMove *move)
{
  if (move)
    *move = *m;
  kz_board_input_cancel (input);
  return KZ_INPUT_MOVE;
}

KzInputResult
kz_board_input_click (KzBoardInput *input,
                      int           sq,
                      KzMove       *move,
                      KzError      *error)
{
  const KzMove *unique = NULL;
  int n_next = 0, n_final = 0;
  const KzMove *final = NULL;
  int refused = input->refused;

  input->refused = KZ_NO_POINT;
  if (sq == KZ_NO_POINT || !kz_point_valid (sq))
    {
      if (input->selected == KZ_NO_POINT)
        return KZ_INPUT_IGNORED;
      kz_board_input_cancel (input);
      return KZ_INPUT_DESELECTED;
    }

  if (input->selected == KZ_NO_POINT)
    {
      if (kz_board_input_get_movable (input) & KZ_BIT (sq))
        {
          input->selected = sq;
          input->n_path = 0;
          return KZ_INPUT_SELECTED;
        }
      KzError local = { 0 };
      if (refused != KZ_NO_POINT && input->moves.count > 0 && kz_position_piece_at (&input->pos, sq) < 0)
        {
          /* The refused piece, then an empty point: the move between
           * them, refused for the piece's reason. */
          input->refused = refused;
          if (kz_capture_compulsory (&input->pos))
            set_error (&local, KZ_ERR_CAPTURE_COMPULSORY, refused, sq);
          else
            set_error (&local, KZ_ERR_ILLEGAL, refused, -1);
        }
      else
        {
          explain_piece (input, sq, &local);
          if (local.code == KZ_ERR_CAPTURE_COMPULSORY || local.code == KZ_ERR_ILLEGAL)
            input->refused = sq;
        }
      if (error)
        *error = local;
      return KZ_INPUT_REFUSED;
    }

  /* Clicking the selected piece again, before any landing: deselect. */
  if (sq == input->selected && input->n_path == 0)
    {
      kz_board_input_cancel (input);
      return KZ_INPUT_DESELECTED;
    }

  /* Clicking the last landing point again ends a chain that may stop. */
  if (input->n_path > 0 && sq == input->path[input->n_path - 1])
    {
      const KzMove *m = exact_move (input);
      if (m)
        return finish (input, m, move);
    }

  for (int i = 0; i < input->moves.count; i++)
    {
      const KzMove *m = &input->moves.moves[i];

      if (!move_matches (input, m))
        continue;
      if (next_point (input, m) == sq)
        {
          n_next++;
          if (m->n_jumps == 0 || m->n_jumps == input->n_path + 1)
            unique = m;
        }
      if (m->to == sq && (m->n_jumps == 0 || m->n_jumps > input->n_path))
        {
          n_final++;
          final = m;
        }
    }

  if (n_next > 0)
    {
      /* A step, or the next landing point of a chain. */
      if (n_next == 1 && unique)
        return finish (input, unique, move);
      g_assert (input->n_path < KZ_MAX_CHAIN);
      input->path[input->n_path++] = (uint8_t) sq;
      /* Only one way on, and the moves here all end here: done. */
      if (unique && kz_board_input_get_targets (input) == 0)
        return finish (input, unique, move);
      return KZ_INPUT_PARTIAL;
    }

  if (n_final == 1)
    /* A single click on the last point of exactly one chain. */
    return finish (input, final, move);

  if (n_final > 1)
    {
      set_error (error, KZ_ERR_ILLEGAL, input->selected, sq);
      if (error)
        error->offset = KZ_INPUT_AMBIGUOUS;
      return KZ_INPUT_REFUSED;
    }

  /* Another piece of the side to move: select it instead. */
  if (input->n_path == 0 &&
      kz_position_piece_at (&input->pos, sq) == input->pos.side)
    {
      if (kz_board_input_get_movable (input) & KZ_BIT (sq))
        {
          input->selected = sq;
          return KZ_INPUT_SELECTED;
        }
      explain_piece (input, sq, error);
      return KZ_INPUT_REFUSED;
    }

  explain (input, sq, error);
  return KZ_INPUT_REFUSED;
}

KzInputResult
kz_board_input_drop (KzBoardInput *input,
                     int           from,
                     int           to,
                     KzMove       *move,
                     KzError      *error)
{
  KzInputResult r;

  if (from == to)
    return KZ_INPUT_IGNORED;
  if (input->selected != from || input->n_path > 0)
    {
      kz_board_input_cancel (input);
      r = kz_board_input_click (input, from, move, error);
      if (r != KZ_INPUT_SELECTED)
        return r;
    }
  return kz_board_input_click (input, to, move, error);
}

char *
kz_board_input_describe_error (const KzError *error)
{
  const char *a = kz_point_valid (error->point_a) ? kz_point_name (error->point_a) : "?";
  const char *b = kz_point_valid (error->point_b) ? kz_point_name (error->point_b) : "?";

  switch (error->code)
    {
    case KZ_ERR_NONE:
      return g_strdup ("");
    case KZ_ERR_SYNTAX:
      /* Translators: %s is the engine's English explanation */
      return g_strdup_printf (_("Not a move: %s"), error->message);
    case KZ_ERR_INVALID_POSITION:
      return g_strdup_printf (_("Not a valid position: %s"), error->message);
    case KZ_ERR_GAME_OVER:
      return g_strdup (_("The game is over"));
    case KZ_ERR_NO_PIECE:
      /* Translators: %s is a point such as c4 */
      return g_strdup_printf (_("There is no piece on %s"), a);
    case KZ_ERR_NOT_YOURS:
      return g_strdup_printf (_("The piece on %s belongs to the other side"), a);
    case KZ_ERR_CAPTURE_COMPULSORY:
      if (kz_point_valid (error->point_b))
        /* Translators: a move such as a3-a4 tried while a capture is possible; %s are points */
        return g_strdup_printf (_("%s-%s is not allowed: a capture is compulsory, and the piece on %s cannot capture"),
                                a, b, a);
      return g_strdup_printf (_("A capture is compulsory, and the piece on %s cannot capture"), a);
    case KZ_ERR_NOT_ADJACENT:
      /* Translators: both %s are points such as c4 */
      return g_strdup_printf (_("%s and %s are not joined by a line"), a, b);
    case KZ_ERR_NOT_FREE:
      if (error->offset == KZ_INPUT_ENEMY_CLICKED && kz_point_valid (error->point_a))
        /* Translators: both %s are points such as c5; "beyond" the first */
        return g_strdup_printf (_("To capture the piece on %s, jump over it onto the free point beyond it, %s"),
                                b, a);
      if (error->offset == KZ_INPUT_ENEMY_CLICKED)
        /* Translators: %s is a point such as c5 */
        return g_strdup_printf (_("You capture by jumping over a piece onto the free point beyond it; "
                                  "the piece on %s cannot be captured from here"), b);
      return g_strdup_printf (_("%s is not free"), b);
    case KZ_ERR_NOT_A_JUMP:
      return g_strdup_printf (_("No jump leads from %s to %s"), a, b);
    case KZ_ERR_NOTHING_TO_JUMP:
      return g_strdup_printf (_("The jump from %s to %s passes no enemy"), a, b);
    case KZ_ERR_FORBIDDEN_BEND:
      return g_strdup_printf (_("After capturing down the middle file, the chain may not turn from %s to %s"), a, b);
    case KZ_ERR_CHAIN_INCOMPLETE:
      return g_strdup_printf (_("The capture must go on from %s"), a);
    case KZ_ERR_ILLEGAL:
    default:
      if (error->offset == KZ_INPUT_AMBIGUOUS)
        return g_strdup_printf (_("Several captures end on %s: click each landing point in turn"), b);
      if (kz_point_valid (error->point_a) && !kz_point_valid (error->point_b))
        return g_strdup_printf (_("The piece on %s cannot move"), a);
      if (error->message[0])
        return g_strdup_printf (_("Illegal move: %s"), error->message);
      return g_strdup (_("Illegal move"));
    }
}
