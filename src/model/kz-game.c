/* kz-game.c — one game of Kazaki: moves, undo/redo, result, piece identity.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-game.h"
#include "kz-game-private.h"
#include "kz-move-node-private.h"
#include "kz-position-text.h"
#include "kz-recorder.h"
#include "kz-search.h"

#include <string.h>
#include <glib/gi18n-lib.h>

/* ---------------------------------------------------------------------- */
/* The object                                                              */

typedef struct {
  KzPosition pos;
  gint8      ids[KZ_GRID_SIZE];
  guint      prev_same;  /* 1 + the index of the previous state with the same hash key, 0 = none */
  guint      quiet;      /* plies since the last capture or flag taken (or the start) */
} PlyState;

typedef struct {
  KzMove move;
  char   text[KZ_MOVE_STR_MAX];
  gint64 time_ms;
  gint64 clock_ms;   /* the mover's time left after the move; -1: no clock */
} MoveRec;

struct _KzGame {
  GObject        parent_instance;

  GArray        *states;    /* PlyState, ply + 1 of them */
  /* Position hash key → 1 + the index of the last state with that key;
   * with PlyState.prev_same a chain per key, so counting a position's
   * occurrences costs its repetitions, not the length of the game. */
  GHashTable    *by_hash;
  GArray        *moves;     /* MoveRec, ply of them */
  GArray        *redo;      /* MoveRec; the last one is redone first */
  gint8          troops[KZ_N_PIECES];

  KzResult       result;
  KzTermination  termination;

  char          *names[2];
  KzPlayerKind   kinds[2];
  int            levels[2];
  gint64         start_time;
  gint64         end_time;
  GHashTable    *tags;
  gint64         turn_clock;  /* the side to move's time left in this turn; -1: none */

  KzRecorder    *recorder;  /* what the changes are recorded through, or NULL */
  gint64         id;

  /* The tree of moves (kz-move-node.h): root and the main-line nodes,
   * main_nodes[i] at ply i; kz-game-tree.c edits the rest. */
  KzMoveNode    *root;
  GPtrArray     *main_nodes;
  GPtrArray     *deleted;     /* KzGameDeletion*, the last one restored first */
  gint64         next_key;    /* the store key for the next variation node */
};

G_DEFINE_FINAL_TYPE (KzGame, kz_game, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_PLY,
  PROP_SIDE_TO_MOVE,
  PROP_CAN_UNDO,
  PROP_CAN_REDO,
  PROP_RESULT,
  PROP_TERMINATION,
  PROP_IS_OVER,
  PROP_POSITION,
  PROP_COSSACKS_NAME,
  PROP_TURKS_NAME,
  PROP_GAME_ID,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SIGNAL_MOVE_PLAYED,
  SIGNAL_MOVE_UNDONE,
  SIGNAL_GAME_OVER,
  SIGNAL_TREE_CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* A snapshot of the notifiable state, to notify only what changed. */
typedef struct {
  guint         ply;
  KzSide        side;
  gboolean      can_undo, can_redo, is_over;
  KzResult      result;
  KzTermination termination;
} Snapshot;

static void
snapshot (KzGame *self, Snapshot *s)
{
  s->ply = kz_game_get_ply (self);
  s->side = kz_game_get_side_to_move (self);
  s->can_undo = kz_game_get_can_undo (self);
  s->can_redo = kz_game_get_can_redo (self);
  s->is_over = kz_game_is_over (self);
  s->result = self->result;
  s->termination = self->termination;
}

static void
notify_changes (KzGame *self, const Snapshot *old)
{
  Snapshot now;
  snapshot (self, &now);
  GObject *o = G_OBJECT (self);
  g_object_freeze_notify (o);
  if (now.ply != old->ply)
    g_object_notify_by_pspec (o, properties[PROP_PLY]);
  if (now.side != old->side)
    g_object_notify_by_pspec (o, properties[PROP_SIDE_TO_MOVE]);
  if (now.can_undo != old->can_undo)
    g_object_notify_by_pspec (o, properties[PROP_CAN_UNDO]);
  if (now.can_redo != old->can_redo)
    g_object_notify_by_pspec (o, properties[PROP_CAN_REDO]);
  if (now.result != old->result)
    g_object_notify_by_pspec (o, properties[PROP_RESULT]);
  if (now.termination != old->termination)
    g_object_notify_by_pspec (o, properties[PROP_TERMINATION]);
  if (now.is_over != old->is_over)
    g_object_notify_by_pspec (o, properties[PROP_IS_OVER]);
  if (now.ply != old->ply)
    g_object_notify_by_pspec (o, properties[PROP_POSITION]);
  g_object_thaw_notify (o);
}

static void
kz_game_finalize (GObject *object)
{
  KzGame *self = KZ_GAME (object);
  g_clear_pointer (&self->states, g_array_unref);
  g_clear_pointer (&self->by_hash, g_hash_table_unref);
  g_clear_pointer (&self->moves, g_array_unref);
  g_clear_pointer (&self->redo, g_array_unref);
  g_clear_pointer (&self->names[0], g_free);
  g_clear_pointer (&self->names[1], g_free);
  g_clear_pointer (&self->tags, g_hash_table_unref);
  g_clear_object (&self->recorder);
  g_clear_pointer (&self->main_nodes, g_ptr_array_unref);
  g_clear_pointer (&self->deleted, g_ptr_array_unref);
  g_clear_object (&self->root);
  G_OBJECT_CLASS (kz_game_parent_class)->finalize (object);
}

static void
kz_game_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KzGame *self = KZ_GAME (object);
  switch (prop_id)
    {
    case PROP_PLY: g_value_set_uint (value, kz_game_get_ply (self)); break;
    case PROP_SIDE_TO_MOVE: g_value_set_enum (value, kz_game_get_side_to_move (self)); break;
    case PROP_CAN_UNDO: g_value_set_boolean (value, kz_game_get_can_undo (self)); break;
    case PROP_CAN_REDO: g_value_set_boolean (value, kz_game_get_can_redo (self)); break;
    case PROP_RESULT: g_value_set_enum (value, self->result); break;
    case PROP_TERMINATION: g_value_set_enum (value, self->termination); break;
    case PROP_IS_OVER: g_value_set_boolean (value, kz_game_is_over (self)); break;
    case PROP_POSITION: g_value_set_pointer (value, (gpointer) kz_game_get_position (self)); break;
    case PROP_COSSACKS_NAME: g_value_set_string (value, self->names[KZ_COSSACKS]); break;
    case PROP_TURKS_NAME: g_value_set_string (value, self->names[KZ_TURKS]); break;
    case PROP_GAME_ID: g_value_set_int64 (value, self->id); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_name (KzGame *self, KzSide side, const char *name)
{
  if (name == NULL)
    name = "";
  if (g_strcmp0 (self->names[side], name) == 0)
    return;
  g_free (self->names[side]);
  self->names[side] = g_strdup (name);
  g_object_notify_by_pspec (G_OBJECT (self),
                            properties[side == KZ_COSSACKS ? PROP_COSSACKS_NAME : PROP_TURKS_NAME]);
}

static void
kz_game_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  KzGame *self = KZ_GAME (object);
  switch (prop_id)
    {
    case PROP_COSSACKS_NAME: set_name (self, KZ_COSSACKS, g_value_get_string (value)); break;
    case PROP_TURKS_NAME: set_name (self, KZ_TURKS, g_value_get_string (value)); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_game_class_init (KzGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->finalize = kz_game_finalize;
  object_class->get_property = kz_game_get_property;
  object_class->set_property = kz_game_set_property;

  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  GParamFlags rw = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  properties[PROP_PLY] = g_param_spec_uint ("ply", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_SIDE_TO_MOVE] = g_param_spec_enum ("side-to-move", NULL, NULL,
                                                     KZ_TYPE_SIDE, KZ_COSSACKS, ro);
  properties[PROP_CAN_UNDO] = g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_REDO] = g_param_spec_boolean ("can-redo", NULL, NULL, FALSE, ro);
  properties[PROP_RESULT] = g_param_spec_enum ("result", NULL, NULL, KZ_TYPE_RESULT,
                                               KZ_RESULT_NONE, ro);
  properties[PROP_TERMINATION] = g_param_spec_enum ("termination", NULL, NULL,
                                                    KZ_TYPE_TERMINATION,
                                                    KZ_TERMINATION_NONE, ro);
  properties[PROP_IS_OVER] = g_param_spec_boolean ("is-over", NULL, NULL, FALSE, ro);
  properties[PROP_POSITION] = g_param_spec_pointer ("position", NULL, NULL, ro);
  properties[PROP_COSSACKS_NAME] = g_param_spec_string ("cossacks-name", NULL, NULL, "", rw);
  properties[PROP_TURKS_NAME] = g_param_spec_string ("turks-name", NULL, NULL, "", rw);
  properties[PROP_GAME_ID] = g_param_spec_int64 ("game-id", NULL, NULL, 0, G_MAXINT64, 0, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[SIGNAL_MOVE_PLAYED] =
    g_signal_new ("move-played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_POINTER);
  signals[SIGNAL_MOVE_UNDONE] =
    g_signal_new ("move-undone", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_POINTER);
  signals[SIGNAL_GAME_OVER] =
    g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, KZ_TYPE_RESULT, KZ_TYPE_TERMINATION);
  signals[SIGNAL_TREE_CHANGED] =
    g_signal_new ("tree-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, KZ_TYPE_MOVE_NODE);
}

static void
kz_game_init (KzGame *self)
{
  self->states = g_array_new (FALSE, TRUE, sizeof (PlyState));
  self->by_hash = g_hash_table_new (g_direct_hash, g_direct_equal);
  self->moves = g_array_new (FALSE, TRUE, sizeof (MoveRec));
  self->redo = g_array_new (FALSE, TRUE, sizeof (MoveRec));
  self->names[0] = g_strdup ("");
  self->names[1] = g_strdup ("");
  self->tags = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->main_nodes = g_ptr_array_new ();
  self->deleted = g_ptr_array_new_with_free_func ((GDestroyNotify) kz_game_deletion_free);
  self->next_key = 1;
  self->turn_clock = -1;
  self->start_time = g_get_real_time () / G_USEC_PER_SEC;
}

/* ---------------------------------------------------------------------- */
/* Troops and ids                                                          */

static KzTroop
start_troop (KzSide side, int sq)
{
  int r = kz_point_rank (sq), f = kz_point_file (sq);
  if (side == KZ_TURKS)
    r = 8 - r;
  switch (r)
    {
    case 0:
      return f == 2 ? KZ_TROOP_LEADER : (f == 0 || f == 4) ? KZ_TROOP_GUNNER : KZ_TROOP_CAVALRY;
    case 1:
      return KZ_TROOP_GUNNER;
    case 2:
      return (f == 0 || f == 4) ? KZ_TROOP_CAVALRY : KZ_TROOP_INFANTRY;
    default:
      return KZ_TROOP_INFANTRY;
    }
}

static void
assign_ids (KzGame *self, const KzPosition *pos, gint8 ids[KZ_GRID_SIZE])
{
  KzPosition start;
  kz_position_init_start (&start);
  memset (ids, KZ_NO_PIECE, KZ_GRID_SIZE);
  for (int side = 0; side < 2; side++)
    {
      int k = 0;
      for (KzBits b = pos->pieces[side]; b && k < KZ_PIECES_PER_SIDE; b &= b - 1, k++)
        {
          int sq = kz_bit_scan (b);
          int id = side * KZ_PIECES_PER_SIDE + k;
          ids[sq] = (gint8) id;
          self->troops[id] = (gint8) ((start.pieces[side] >> sq & 1)
                                      ? start_troop ((KzSide) side, sq)
                                      : KZ_TROOP_INFANTRY);
        }
      for (; k < KZ_PIECES_PER_SIDE; k++)
        self->troops[side * KZ_PIECES_PER_SIDE + k] = KZ_TROOP_INFANTRY;
    }
}

static gpointer
hash_key (const KzPosition *pos)
{
  /* The whole hash on 64-bit systems, its low half elsewhere (a chain is
   * compared position by position anyway). */
  return GSIZE_TO_POINTER ((gsize) pos->hash);
}

/* Appends a state, linking it into its hash chain. */
static void
push_state (KzGame *self, PlyState *st)
{
  gpointer key = hash_key (&st->pos);
  st->prev_same = GPOINTER_TO_UINT (g_hash_table_lookup (self->by_hash, key));
  g_array_append_val (self->states, *st);
  g_hash_table_insert (self->by_hash, key, GUINT_TO_POINTER (self->states->len));
}

/* Drops the states from index `len` on, unlinking them. */
static void
truncate_states (KzGame *self, guint len)
{
  while (self->states->len > len)
    {
      const PlyState *st = &g_array_index (self->states, PlyState, self->states->len - 1);
      gpointer key = hash_key (&st->pos);
      if (st->prev_same)
        g_hash_table_insert (self->by_hash, key, GUINT_TO_POINTER (st->prev_same));
      else
        g_hash_table_remove (self->by_hash, key);
      g_array_set_size (self->states, self->states->len - 1);
    }
}

static void
set_start (KzGame *self, const KzPosition *pos)
{
  PlyState st;
  memset (&st, 0, sizeof st);
  st.pos = *pos;
  assign_ids (self, pos, st.ids);
  truncate_states (self, 0);
  push_state (self, &st);
  g_clear_object (&self->root);
  self->root = kz_move_node_new_root (pos);
  g_ptr_array_set_size (self->main_nodes, 0);
  g_ptr_array_add (self->main_nodes, self->root);
}

KzGame *
kz_game_new_from_position (const KzPosition *start)
{
  KzGame *self = g_object_new (KZ_TYPE_GAME, NULL);
  set_start (self, start);
  /* A start position that is already won or drawn is over at ply 0. */
  KzOutcome out = kz_position_outcome (start);
  if (out.winner >= 0)
    {
      self->result = out.winner == KZ_COSSACKS ? KZ_RESULT_COSSACKS_WIN : KZ_RESULT_TURKS_WIN;
      self->termination = (KzTermination) out.reason;  /* same order: flag, annihilation, blocked */
    }
  return self;
}

KzGame *
kz_game_new (void)
{
  KzPosition pos;
  kz_position_init_start (&pos);
  return kz_game_new_from_position (&pos);
}

KzGame *
kz_game_new_from_kpn (const char *kpn, GError **error)
{
  KzPosition pos;
  KzError err;
  g_return_val_if_fail (kpn != NULL, NULL);
  if (!kz_kpn_parse (kpn, &pos, &err))
    {
      KzPositionCheck check;
      if (err.code == KZ_ERR_INVALID_POSITION && kz_kpn_parse_unchecked (kpn, &pos, NULL)
          && !kz_position_check (&pos, &check))
        {
          g_autofree char *why = kz_position_describe_problem (&check);
          g_set_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_INVALID_POSITION,
                       _("The position “%s” breaks the rules: %s"), kpn, why);
        }
      else if (err.code == KZ_ERR_INVALID_POSITION)
        g_set_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_INVALID_POSITION,
                     _("The position “%s” breaks the rules: %s"), kpn, err.message);
      else
        g_set_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_SYNTAX,
                     _("“%s” is not a valid position (at character %d): %s"),
                     kpn, err.offset + 1, err.message);
      return NULL;
    }
  return kz_game_new_from_position (&pos);
}

/* ---------------------------------------------------------------------- */
/* State                                                                   */

static const PlyState *
state_at (KzGame *self, guint ply)
{
  if (ply >= self->states->len)
    return NULL;
  return &g_array_index (self->states, PlyState, ply);
}

static const PlyState *
last_state (KzGame *self)
{
  return &g_array_index (self->states, PlyState, self->states->len - 1);
}

guint
kz_game_get_ply (KzGame *self)
{
  g_return_val_if_fail (KZ_IS_GAME (self), 0);
  return self->moves->len;
}

KzSide
kz_game_get_side_to_move (KzGame *self)
{
  g_return_val_if_fail (KZ_IS_GAME (self), KZ_COSSACKS);
  return (KzSide) last_state (self)->pos.side;
}

const KzPosition *
kz_game_get_position (KzGame *self)
{
  g_return_val_if_fail (KZ_IS_GAME (self), NULL);
  return &last_state (self)->pos;
}

const KzPosition *
kz_game_get_position_at (KzGame *self, guint ply)
{
  g_return_val_if_fail (KZ_IS_GAME (self), NULL);
  const PlyState *st = state_at (self, ply);
  return st ? &st->pos : NULL;
}

const KzPosition *
kz_game_get_start_position (KzGame *self)
{
  g_return_val_if_fail (KZ_IS_GAME (self), NULL);
  return &state_at (self, 0)->pos;
}

gboolean
kz_game_starts_from_start_position (KzGame *self)
{
  KzPosition start;
  kz_position_init_start (&start);
  return kz_position_equal (&start, kz_game_get_start_position (self));
}

char *
kz_game_dup_kpn_at (KzGame *self, guint ply)
{
  const KzPosition *pos = kz_game_get_position_at (self, ply);
  if (pos == NULL)
    return NULL;
  char buf[KZ_KPN_MAX];
  kz_kpn_format (pos, buf, sizeof buf);
  return g_strdup (buf);
}

KzResult
kz_game_get_result (KzGame *self)
{
  g_return_val_if_fail (KZ_IS_GAME (self), KZ_RESULT_NONE);
  return self->result;
}

KzTermination
kz_game_get_termination (KzGame *self)
{
  g_return_val_if_fail (KZ_IS_GAME (self), KZ_TERMINATION_NONE);
  return self->termination;
}

gboolean
kz_game_is_over (KzGame *self)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  return self->result != KZ_RESULT_NONE;
}

gboolean
kz_game_get_can_undo (KzGame *self)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  return self->moves->len > 0
         && self->termination != KZ_TERMINATION_RESIGNATION
         && self->termination != KZ_TERMINATION_AGREEMENT
         && self->termination != KZ_TERMINATION_TIME_FORFEIT;
}

gboolean
kz_game_get_can_redo (KzGame *self)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  return self->redo->len > 0 && !kz_game_is_over (self);
}

const KzMove *
kz_game_get_move (KzGame *self, guint i)
{
  g_return_val_if_fail (KZ_IS_GAME (self), NULL);
  if (i >= self->moves->len)
    return NULL;
  return &g_array_index (self->moves, MoveRec, i).move;
}

const char *
kz_game_get_move_text (KzGame *self, guint i)
{
  g_return_val_if_fail (KZ_IS_GAME (self), NULL);
  if (i >= self->moves->len)
    return NULL;
  return g_array_index (self->moves, MoveRec, i).text;
}

gint64
kz_game_get_move_time (KzGame *self, guint i)
{
  g_return_val_if_fail (KZ_IS_GAME (self), 0);
  if (i >= self->moves->len)
    return 0;
  return g_array_index (self->moves, MoveRec, i).time_ms;
}

gint64
kz_game_get_move_clock (KzGame *self, guint i)
{
  g_return_val_if_fail (KZ_IS_GAME (self), -1);
  if (i >= self->moves->len)
    return -1;
  return g_array_index (self->moves, MoveRec, i).clock_ms;
}

void
kz_game_load_move_clock (KzGame *self, guint i, gint64 clock_ms)
{
  g_return_if_fail (KZ_IS_GAME (self));
  if (i < self->moves->len)
    g_array_index (self->moves, MoveRec, i).clock_ms = clock_ms;
}

static gboolean store_failed (GError **error, GError *store_error);

gint64
kz_game_get_turn_clock (KzGame *self)
{
  g_return_val_if_fail (KZ_IS_GAME (self), -1);
  return self->turn_clock;
}

gboolean
kz_game_set_turn_clock (KzGame *self, gint64 ms, GError **error)
{
  KzTimeControl tc;

  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  ms = MAX (ms, -1);
  if (!kz_game_get_time_control (self, &tc) || kz_game_is_over (self) || ms == self->turn_clock)
    return TRUE;
  if (self->recorder != NULL)
    {
      GError *local = NULL;
      if (!kz_recorder_set_turn_clock (self->recorder, self->id, self->moves->len, ms, &local))
        return store_failed (error, local);
    }
  self->turn_clock = ms;
  return TRUE;
}

void
kz_game_load_turn_clock (KzGame *self, gint64 ms)
{
  g_return_if_fail (KZ_IS_GAME (self));
  self->turn_clock = MAX (ms, -1);
}

/* How often `pos` occurs among the states (RULES.md §7: same pieces,
 * flags and side to move); the hash filters, the comparison decides. */
static guint
count_occurrences (KzGame *self, const KzPosition *pos)
{
  guint n = 0;
  for (guint i = GPOINTER_TO_UINT (g_hash_table_lookup (self->by_hash, hash_key (pos)));
       i > 0; i = g_array_index (self->states, PlyState, i - 1).prev_same)
    {
      const KzPosition *p = &g_array_index (self->states, PlyState, i - 1).pos;
      if (p->hash == pos->hash && kz_position_equal (p, pos))
        n++;
    }
  return n;
}

guint
kz_game_count_repetitions (KzGame *self)
{
  g_return_val_if_fail (KZ_IS_GAME (self), 0);
  return count_occurrences (self, kz_game_get_position (self));
}

guint
kz_game_get_plies_without_progress (KzGame *self, guint ply)
{
  g_return_val_if_fail (KZ_IS_GAME (self), 0);
  const PlyState *st = state_at (self, MIN (ply, self->moves->len));
  return st->quiet;
}

/* ---------------------------------------------------------------------- */
/* Piece identity                                                          */

const gint8 *
kz_game_get_piece_ids (KzGame *self, guint ply)
{
  g_return_val_if_fail (KZ_IS_GAME (self), NULL);
  const PlyState *st = state_at (self, ply);
  return st ? st->ids : NULL;
}

KzTroop
kz_game_get_piece_troop (KzGame *self, int id)
{
  g_return_val_if_fail (KZ_IS_GAME (self), KZ_TROOP_INFANTRY);
  g_return_val_if_fail (id >= 0 && id < KZ_N_PIECES, KZ_TROOP_INFANTRY);
  return (KzTroop) self->troops[id];
}

/* ---------------------------------------------------------------------- */
/* Changing the game                                                       */

static gboolean
store_failed (GError **error, GError *store_error)
{
  g_set_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_STORE,
               _("The game could not be saved, so the change was not made: %s"),
               store_error->message);
  g_error_free (store_error);
  return FALSE;
}

static gboolean end_game (KzGame *self, KzResult result, KzTermination termination,
                          GError **error);

/* Applies a legal `move` (as generated); records it first when attached
 * and `record`. */
static gboolean
apply_move (KzGame *self, const KzMove *move, gint64 time_ms, gint64 clock_ms, gboolean record,
            gboolean clear_redo, GError **error)
{
  const PlyState *last = last_state (self);
  PlyState next = *last;
  kz_position_make_move (&next.pos, move);
  gint8 mover = next.ids[move->from];
  next.ids[move->from] = KZ_NO_PIECE;
  for (KzBits b = move->captured; b; b &= b - 1)
    next.ids[kz_bit_scan (b)] = KZ_NO_PIECE;
  next.ids[move->to] = mover;
  next.quiet = kz_move_is_progress (move) ? 0 : last->quiet + 1;

  KzResult result = KZ_RESULT_NONE;
  KzTermination termination = KZ_TERMINATION_NONE;
  KzOutcome out = kz_position_outcome (&next.pos);
  if (out.winner >= 0)
    {
      result = out.winner == KZ_COSSACKS ? KZ_RESULT_COSSACKS_WIN : KZ_RESULT_TURKS_WIN;
      termination = (KzTermination) out.reason;
    }
  else if (count_occurrences (self, &next.pos) + 1 >= 3)
    {
      result = KZ_RESULT_DRAW;
      termination = KZ_TERMINATION_REPETITION;
    }
  else if (next.quiet >= KZ_NO_PROGRESS_PLIES && kz_game_get_no_progress_rule (self))
    {
      result = KZ_RESULT_DRAW;
      termination = KZ_TERMINATION_NO_PROGRESS;
    }

  MoveRec rec;
  memset (&rec, 0, sizeof rec);
  rec.move = *move;
  kz_move_format (move, rec.text, sizeof rec.text);
  rec.time_ms = time_ms;
  rec.clock_ms = clock_ms;
  gint64 end_time = result != KZ_RESULT_NONE ? time_ms / 1000 : 0;

  if (record && self->recorder != NULL)
    {
      char kpn[KZ_KPN_MAX];
      GError *local = NULL;
      kz_kpn_format (&next.pos, kpn, sizeof kpn);
      if (!kz_recorder_append_move (self->recorder, self->id, self->moves->len + 1, rec.text,
                                    time_ms, clock_ms, kpn, result, termination, end_time,
                                    &local))
        return store_failed (error, local);
    }

  Snapshot old;
  snapshot (self, &old);
  push_state (self, &next);
  g_array_append_val (self->moves, rec);
  self->turn_clock = -1;
  {
    /* The new main-line node goes before the variations that branch here. */
    KzMoveNode *parent = g_ptr_array_index (self->main_nodes, self->main_nodes->len - 1);
    g_autoptr (KzMoveNode) node = kz_move_node_new (parent, move, TRUE);
    kz_move_node_insert_child (parent, node, 0);
    g_ptr_array_add (self->main_nodes, node);
  }
  if (clear_redo)
    g_array_set_size (self->redo, 0);
  self->result = result;
  self->termination = termination;
  if (result != KZ_RESULT_NONE)
    self->end_time = end_time;
  notify_changes (self, &old);
  const MoveRec *stored = &g_array_index (self->moves, MoveRec, self->moves->len - 1);
  g_signal_emit (self, signals[SIGNAL_MOVE_PLAYED], 0, self->moves->len, &stored->move);
  if (result != KZ_RESULT_NONE)
    g_signal_emit (self, signals[SIGNAL_GAME_OVER], 0, result, termination);
  return TRUE;
}

/* The generated move equal to `move`, so captured/carried are right. */
static gboolean
find_legal (KzGame *self, const KzMove *move, KzMove *out, GError **error)
{
  if (kz_game_is_over (self))
    {
      g_set_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_GAME_OVER,
                   _("The game is over: %s"), kz_termination_describe (self->termination));
      return FALSE;
    }
  g_autofree KzMoveList *list = g_new (KzMoveList, 1);
  kz_generate_moves (kz_game_get_position (self), list);
  for (int i = 0; i < list->count; i++)
    if (kz_move_equal (&list->moves[i], move))
      {
        *out = list->moves[i];
        return TRUE;
      }
  /* Let the engine explain why, through the notation. */
  char text[KZ_MOVE_STR_MAX];
  kz_move_format (move, text, sizeof text);
  KzMove dummy;
  if (!kz_game_parse_move (self, text, &dummy, error))
    return FALSE;
  g_set_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_ILLEGAL_MOVE,
               _("%s is not a legal move here"), text);
  return FALSE;
}

gboolean
kz_game_play (KzGame *self, const KzMove *move, GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  KzMove legal;
  if (!find_legal (self, move, &legal, error))
    return FALSE;
  return apply_move (self, &legal, g_get_real_time () / 1000, -1, TRUE, TRUE, error);
}

gboolean
kz_game_play_with_clock (KzGame *self, const KzMove *move, gint64 clock_ms, GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  g_return_val_if_fail (move != NULL, FALSE);
  KzMove legal;
  if (!find_legal (self, move, &legal, error))
    return FALSE;
  return apply_move (self, &legal, g_get_real_time () / 1000, MAX (clock_ms, -1), TRUE, TRUE, error);
}

gboolean
kz_game_flag_fall (KzGame *self, KzSide side, GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  /* The other side wins on time, unless it has no pieces to win with. */
  KzSide other = KZ_OTHER (side);
  KzResult result = kz_game_get_position (self)->pieces[other] == 0
                    ? KZ_RESULT_DRAW
                    : other == KZ_COSSACKS ? KZ_RESULT_COSSACKS_WIN : KZ_RESULT_TURKS_WIN;
  return end_game (self, result, KZ_TERMINATION_TIME_FORFEIT, error);
}

gboolean
kz_game_play_text (KzGame *self, const char *text, GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  KzMove move;
  if (!kz_game_parse_move (self, text, &move, error))
    return FALSE;
  return apply_move (self, &move, g_get_real_time () / 1000, -1, TRUE, TRUE, error);
}

gboolean
kz_game_load_move (KzGame *self, const char *text, gint64 time_ms, GError **error)
{
  KzMove move;
  if (!kz_game_parse_move (self, text, &move, error))
    return FALSE;
  return apply_move (self, &move, time_ms, -1, FALSE, TRUE, error);
}

gboolean
kz_game_undo (KzGame *self, GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  if (!kz_game_get_can_undo (self))
    {
      g_set_error_literal (error, KZ_GAME_ERROR, KZ_GAME_ERROR_NOTHING_TO_UNDO,
                           self->moves->len == 0
                           ? _("There is no move to take back")
                           : _("The game has ended by resignation or agreement; its moves cannot be taken back"));
      return FALSE;
    }
  guint ply = self->moves->len;
  if (self->recorder != NULL)
    {
      char kpn[KZ_KPN_MAX];
      GError *local = NULL;
      kz_kpn_format (&state_at (self, ply - 1)->pos, kpn, sizeof kpn);
      if (!kz_recorder_remove_last_move (self->recorder, self->id, ply, kpn, &local))
        return store_failed (error, local);
    }
  Snapshot old;
  snapshot (self, &old);
  MoveRec rec = g_array_index (self->moves, MoveRec, ply - 1);
  g_array_set_size (self->moves, ply - 1);
  self->turn_clock = -1;
  {
    /* The node goes with its annotations, the variations after it and
     * the variations that were alternatives to it (a variation is always
     * an alternative to a move of its line); deleted variations can no
     * longer be restored. */
    KzMoveNode *parent = g_ptr_array_index (self->main_nodes, ply - 1);
    while (kz_move_node_get_n_children (parent) > 0)
      kz_move_node_remove_child (parent, kz_move_node_get_child (parent, 0));
    g_ptr_array_set_size (self->main_nodes, ply);
    g_ptr_array_set_size (self->deleted, 0);
  }
  truncate_states (self, ply);
  g_array_append_val (self->redo, rec);
  self->result = KZ_RESULT_NONE;
  self->termination = KZ_TERMINATION_NONE;
  self->end_time = 0;
  notify_changes (self, &old);
  const MoveRec *top = &g_array_index (self->redo, MoveRec, self->redo->len - 1);
  g_signal_emit (self, signals[SIGNAL_MOVE_UNDONE], 0, ply - 1, &top->move);
  return TRUE;
}

gboolean
kz_game_redo (KzGame *self, GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  if (!kz_game_get_can_redo (self))
    {
      g_set_error_literal (error, KZ_GAME_ERROR, KZ_GAME_ERROR_NOTHING_TO_REDO,
                           _("There is no move to replay"));
      return FALSE;
    }
  MoveRec rec = g_array_index (self->redo, MoveRec, self->redo->len - 1);
  KzMove legal;
  if (!find_legal (self, &rec.move, &legal, error))
    return FALSE;
  Snapshot old;
  snapshot (self, &old);
  g_array_set_size (self->redo, self->redo->len - 1);
  gboolean mid = kz_game_get_can_redo (self);
  if (!apply_move (self, &legal, g_get_real_time () / 1000, rec.clock_ms, TRUE, FALSE, error))
    {
      g_array_append_val (self->redo, rec);
      return FALSE;
    }
  /* apply_move notified against its own snapshot taken after the pop;
   * can-redo may have changed by the pop itself. */
  gboolean now = kz_game_get_can_redo (self);
  if (old.can_redo != now && mid == now)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_REDO]);
  return TRUE;
}

static gboolean
end_game (KzGame *self, KzResult result, KzTermination termination, GError **error)
{
  if (kz_game_is_over (self))
    {
      g_set_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_GAME_OVER,
                   _("The game is over: %s"), kz_termination_describe (self->termination));
      return FALSE;
    }
  gint64 end_time = g_get_real_time () / G_USEC_PER_SEC;
  if (self->recorder != NULL)
    {
      GError *local = NULL;
      if (!kz_recorder_set_outcome (self->recorder, self->id, result, termination, end_time, &local))
        return store_failed (error, local);
    }
  Snapshot old;
  snapshot (self, &old);
  self->result = result;
  self->termination = termination;
  self->end_time = end_time;
  notify_changes (self, &old);
  g_signal_emit (self, signals[SIGNAL_GAME_OVER], 0, result, termination);
  return TRUE;
}

gboolean
kz_game_resign (KzGame *self, KzSide side, GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  return end_game (self, side == KZ_COSSACKS ? KZ_RESULT_TURKS_WIN : KZ_RESULT_COSSACKS_WIN,
                   KZ_TERMINATION_RESIGNATION, error);
}

gboolean
kz_game_agree_draw (KzGame *self, GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  return end_game (self, KZ_RESULT_DRAW, KZ_TERMINATION_AGREEMENT, error);
}

gboolean
kz_game_set_outcome (KzGame *self, KzResult result, KzTermination termination,
                     GError **error)
{
  g_return_val_if_fail (KZ_IS_GAME (self), FALSE);
  gboolean ok = (termination == KZ_TERMINATION_AGREEMENT && result == KZ_RESULT_DRAW)
                || (termination == KZ_TERMINATION_RESIGNATION
                    && (result == KZ_RESULT_COSSACKS_WIN || result == KZ_RESULT_TURKS_WIN))
                || (termination == KZ_TERMINATION_TIME_FORFEIT && result != KZ_RESULT_NONE);
  if (!ok)
    {
      g_set_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_ILLEGAL_MOVE,
                   _("The result %s cannot end a game by %s"),
                   kz_result_to_kgn (result), kz_termination_to_kgn (termination));
      return FALSE;
    }
  return end_game (self, result, termination, error);
}

void
kz_game_load_outcome (KzGame *self, KzResult result, KzTermination termination,
                      gint64 end_time)
{
  Snapshot old;
  snapshot (self, &old);
  self->result = result;
  self->termination = termination;
  self->end_time = end_time;
  notify_changes (self, &old);
}

/* ---------------------------------------------------------------------- */
/* Players, tags, recorder                                                 */

const char *
kz_game_get_player_name (KzGame *self, KzSide side)
{
  g_return_val_if_fail (KZ_IS_GAME (self), "");
  return self->names[side & 1];
}

KzPlayerKind
kz_game_get_player_kind (KzGame *self, KzSide side)
{
  g_return_val_if_fail (KZ_IS_GAME (self), KZ_PLAYER_HUMAN);
  return self->kinds[side & 1];
}

int
kz_game_get_player_level (KzGame *self, KzSide side)
{
  g_return_val_if_fail (KZ_IS_GAME (self), 0);
  return self->levels[side & 1];
}

void
kz_game_set_player (KzGame *self, KzSide side, const char *name, KzPlayerKind kind, int level)
{
  g_return_if_fail (KZ_IS_GAME (self));
  side &= 1;
  if (kind != KZ_PLAYER_COMPUTER && kind != KZ_PLAYER_RANDOM)
    kind = KZ_PLAYER_HUMAN;
  self->kinds[side] = kind;
  self->levels[side] = kind == KZ_PLAYER_COMPUTER
                       ? CLAMP (level, KZ_SEARCH_MIN_LEVEL, KZ_SEARCH_MAX_LEVEL) : 0;
  g_autofree char *clean = kz_player_name_clean (name);
  set_name (self, side, clean);
}

gint64
kz_game_get_start_time (KzGame *self)
{
  g_return_val_if_fail (KZ_IS_GAME (self), 0);
  return self->start_time;
}

void
kz_game_set_start_time (KzGame *self, gint64 unix_seconds)
{
  g_return_if_fail (KZ_IS_GAME (self));
  self->start_time = unix_seconds;
}

gint64
kz_game_get_end_time (KzGame *self)
{
  g_return_val_if_fail (KZ_IS_GAME (self), 0);
  return self->end_time;
}

const char *
kz_game_get_tag (KzGame *self, const char *name)
{
  g_return_val_if_fail (KZ_IS_GAME (self), NULL);
  return g_hash_table_lookup (self->tags, name);
}

void
kz_game_set_tag (KzGame *self, const char *name, const char *value)
{
  g_return_if_fail (KZ_IS_GAME (self));
  g_return_if_fail (name != NULL);
  if (value == NULL)
    g_hash_table_remove (self->tags, name);
  else
    g_hash_table_replace (self->tags, g_strdup (name), g_strdup (value));
}

static gint
compare_names (gconstpointer a, gconstpointer b, gpointer data)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

char **
kz_game_list_tags (KzGame *self)
{
  g_return_val_if_fail (KZ_IS_GAME (self), NULL);
  guint n = 0;
  char **names = (char **) g_hash_table_get_keys_as_array (self->tags, &n);
  char **copy = g_new0 (char *, n + 1);
  for (guint i = 0; i < n; i++)
    copy[i] = g_strdup (names[i]);
  g_free (names);
#if GLIB_CHECK_VERSION (2, 82, 0)
  g_sort_array (copy, n, sizeof (char *), compare_names, NULL);
#else
  g_qsort_with_data (copy, (gint) n, sizeof (char *), compare_names, NULL);
#endif
  return copy;
}

KzRecorder *
kz_game_get_recorder (KzGame *self)
{
  g_return_val_if_fail (KZ_IS_GAME (self), NULL);
  return self->recorder;
}

gint64
kz_game_get_id (KzGame *self)
{
  g_return_val_if_fail (KZ_IS_GAME (self), 0);
  return self->id;
}

void
kz_game_attach (KzGame *self, KzRecorder *recorder, gint64 id)
{
  g_set_object (&self->recorder, recorder);
  if (self->id != id)
    {
      self->id = id;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME_ID]);
    }
}

/* ---------------------------------------------------------------------- */
/* The tree of moves (the editing is in kz-game-tree.c)                    */

KzMoveNode *
kz_game_get_root (KzGame *self)
{
  g_return_val_if_fail (KZ_IS_GAME (self), NULL);
  return self->root;
}

KzMoveNode *
kz_game_get_main_node (KzGame *self, guint ply)
{
  g_return_val_if_fail (KZ_IS_GAME (self), NULL);
  return ply < self->main_nodes->len ? g_ptr_array_index (self->main_nodes, ply) : NULL;
}

GPtrArray *
kz_game_peek_deleted (KzGame *self)
{
  return self->deleted;
}

gint64
kz_game_take_node_key (KzGame *self, gint64 key)
{
  if (key > 0)
    {
      self->next_key = MAX (self->next_key, key + 1);
      return key;
    }
  return self->next_key++;
}

void
kz_game_emit_tree_changed (KzGame *self, KzMoveNode *node)
{
  g_signal_emit (self, signals[SIGNAL_TREE_CHANGED], 0, node);
}

void
kz_game_detach (KzGame *self)
{
  g_return_if_fail (KZ_IS_GAME (self));
  kz_game_attach (self, NULL, 0);
}
