/* kz-replay.c — stepping through a game.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-replay.h"

#include <string.h>

#include <glib/gi18n-lib.h>

#include "kz-search.h"

struct _KzReplay
{
  GObject     parent_instance;
  KzGame     *game;
  KzMoveNode *node;      /* shown (a reference) */
  KzMoveNode *tip;       /* the line followed goes through it (a reference) */
  GPtrArray  *path;      /* the nodes from the root to `node` (references) */
  guint       ply;
  guint       n_plies;
  gulong      played_id;
  gulong      undone_id;
  gulong      tree_id;
};

G_DEFINE_FINAL_TYPE (KzReplay, kz_replay, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  PROP_PLY,
  PROP_N_PLIES,
  PROP_CAN_GO_BACK,
  PROP_CAN_GO_FORWARD,
  PROP_NODE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Whether `node` is (still) in the game's tree. */
static gboolean
in_tree (KzReplay *self, KzMoveNode *node)
{
  KzMoveNode *n = node;
  while (kz_move_node_get_parent (n))
    n = kz_move_node_get_parent (n);
  return n == kz_game_get_root (self->game);
}

/* Whether `ancestor` is `node` or one of the nodes before it. */
static gboolean
is_ancestor (KzMoveNode *ancestor, KzMoveNode *node)
{
  for (KzMoveNode *n = node; n; n = kz_move_node_get_parent (n))
    if (n == ancestor)
      return TRUE;
  return FALSE;
}

/* The node of the line followed at `ply` (NULL beyond its end). */
static KzMoveNode *
line_node_at (KzReplay *self, guint ply)
{
  KzMoveNode *n = kz_move_node_get_line_end (self->tip);
  if (ply > kz_move_node_get_ply (n))
    return NULL;
  while (kz_move_node_get_ply (n) > ply)
    n = kz_move_node_get_parent (n);
  return n;
}

/* Shows `node` (following `tip`) and notifies exactly what changed. */
static void
update (KzReplay *self, KzMoveNode *node, KzMoveNode *tip)
{
  gboolean back = self->ply > 0;
  gboolean forward = self->ply < self->n_plies;
  gboolean node_changed = node != self->node;
  guint ply = kz_move_node_get_ply (node);
  guint n_plies = kz_move_node_get_ply (kz_move_node_get_line_end (tip));
  gboolean ply_changed = ply != self->ply;
  gboolean n_changed = n_plies != self->n_plies;

  g_set_object (&self->node, node);
  g_set_object (&self->tip, tip);
  g_ptr_array_set_size (self->path, 0);
  for (KzMoveNode *n = node; n; n = kz_move_node_get_parent (n))
    g_ptr_array_insert (self->path, 0, g_object_ref (n));
  self->ply = ply;
  self->n_plies = n_plies;

  g_object_freeze_notify (G_OBJECT (self));
  if (n_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_PLIES]);
  if (ply_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLY]);
  if (node_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NODE]);
  if (back != (ply > 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_GO_BACK]);
  if (forward != (ply < n_plies))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_GO_FORWARD]);
  g_object_thaw_notify (G_OBJECT (self));
}

/* The game changed (a move played or taken back, the tree edited): a
 * reviewer at the old end stays where it is; a node that went away is
 * replaced by the nearest one before it on its path. */
static void
refresh (KzReplay *self)
{
  KzMoveNode *node = kz_game_get_root (self->game);
  for (guint i = self->path->len; i > 0; i--)
    if (in_tree (self, g_ptr_array_index (self->path, i - 1)))
      {
        node = g_ptr_array_index (self->path, i - 1);
        break;
      }
  KzMoveNode *tip = in_tree (self, self->tip) ? self->tip : node;
  if (!is_ancestor (node, kz_move_node_get_line_end (tip)))
    tip = node;
  update (self, node, tip);
}

static void
on_game_changed (KzGame *game, guint ply_after, gpointer move, KzReplay *self)
{
  refresh (self);
}

static void
on_tree_changed (KzGame *game, KzMoveNode *node, KzReplay *self)
{
  refresh (self);
}

static void
kz_replay_dispose (GObject *object)
{
  KzReplay *self = KZ_REPLAY (object);
  if (self->game)
    {
      g_clear_signal_handler (&self->played_id, self->game);
      g_clear_signal_handler (&self->undone_id, self->game);
      g_clear_signal_handler (&self->tree_id, self->game);
    }
  g_clear_object (&self->node);
  g_clear_object (&self->tip);
  g_clear_pointer (&self->path, g_ptr_array_unref);
  g_clear_object (&self->game);
  G_OBJECT_CLASS (kz_replay_parent_class)->dispose (object);
}

static void
kz_replay_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KzReplay *self = KZ_REPLAY (object);
  switch (prop_id)
    {
    case PROP_GAME:           g_value_set_object (value, self->game); break;
    case PROP_PLY:            g_value_set_uint (value, self->ply); break;
    case PROP_N_PLIES:        g_value_set_uint (value, self->n_plies); break;
    case PROP_CAN_GO_BACK:    g_value_set_boolean (value, self->ply > 0); break;
    case PROP_CAN_GO_FORWARD: g_value_set_boolean (value, self->ply < self->n_plies); break;
    case PROP_NODE:           g_value_set_object (value, self->node); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_replay_set_property (GObject *object, guint prop_id, const GValue *value,
                        GParamSpec *pspec)
{
  KzReplay *self = KZ_REPLAY (object);
  switch (prop_id)
    {
    case PROP_GAME:
      self->game = g_value_dup_object (value);
      if (self->game)
        {
          KzMoveNode *end = kz_game_get_main_node (self->game, kz_game_get_ply (self->game));
          update (self, end, end);
          self->played_id = g_signal_connect (self->game, "move-played",
                                              G_CALLBACK (on_game_changed), self);
          self->undone_id = g_signal_connect (self->game, "move-undone",
                                              G_CALLBACK (on_game_changed), self);
          self->tree_id = g_signal_connect (self->game, "tree-changed",
                                            G_CALLBACK (on_tree_changed), self);
        }
      break;
    case PROP_PLY:
      kz_replay_goto (self, MIN (g_value_get_uint (value), self->n_plies));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_replay_class_init (KzReplayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->dispose = kz_replay_dispose;
  object_class->get_property = kz_replay_get_property;
  object_class->set_property = kz_replay_set_property;

  GParamFlags ro = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KZ_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLY] =
    g_param_spec_uint ("ply", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY);
  properties[PROP_N_PLIES] = g_param_spec_uint ("n-plies", NULL, NULL, 0, G_MAXUINT, 0, ro);
  properties[PROP_CAN_GO_BACK] = g_param_spec_boolean ("can-go-back", NULL, NULL, FALSE, ro);
  properties[PROP_CAN_GO_FORWARD] =
    g_param_spec_boolean ("can-go-forward", NULL, NULL, FALSE, ro);
  properties[PROP_NODE] = g_param_spec_object ("node", NULL, NULL, KZ_TYPE_MOVE_NODE, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kz_replay_init (KzReplay *self)
{
  self->path = g_ptr_array_new_with_free_func (g_object_unref);
}

KzReplay *
kz_replay_new (KzGame *game, guint ply)
{
  g_return_val_if_fail (KZ_IS_GAME (game), NULL);
  KzReplay *self = g_object_new (KZ_TYPE_REPLAY, "game", game, NULL);
  update (self, kz_game_get_main_node (game, MIN (ply, self->n_plies)), self->tip);
  return self;
}

KzGame *
kz_replay_get_game (KzReplay *self)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), NULL);
  return self->game;
}

guint
kz_replay_get_ply (KzReplay *self)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), 0);
  return self->ply;
}

guint
kz_replay_get_n_plies (KzReplay *self)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), 0);
  return self->n_plies;
}

gboolean
kz_replay_get_can_go_back (KzReplay *self)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), FALSE);
  return self->ply > 0;
}

gboolean
kz_replay_get_can_go_forward (KzReplay *self)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), FALSE);
  return self->ply < self->n_plies;
}

KzMoveNode *
kz_replay_get_node (KzReplay *self)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), NULL);
  return self->node;
}

gboolean
kz_replay_goto_node (KzReplay *self, KzMoveNode *node)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), FALSE);
  g_return_val_if_fail (KZ_IS_MOVE_NODE (node), FALSE);
  if (!in_tree (self, node) || node == self->node)
    return FALSE;
  /* A node on the line followed keeps the line; any other starts one. */
  KzMoveNode *tip = is_ancestor (node, kz_move_node_get_line_end (self->tip)) ? self->tip : node;
  update (self, node, tip);
  return TRUE;
}

gboolean
kz_replay_switch_line (KzReplay *self, int direction)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), FALSE);
  /* The nearest branch on the way back: the node shown or the first one
   * before it that has siblings. */
  for (KzMoveNode *n = self->node; n && !kz_move_node_is_root (n); n = kz_move_node_get_parent (n))
    {
      KzMoveNode *parent = kz_move_node_get_parent (n);
      guint count = kz_move_node_get_n_children (parent);
      if (count < 2)
        continue;
      int i = (int) kz_move_node_get_index (n) + (direction < 0 ? -1 : 1);
      if (i < 0 || i >= (int) count)
        return FALSE;
      KzMoveNode *other = kz_move_node_get_child (parent, (guint) i);
      update (self, other, other);
      return TRUE;
    }
  return FALSE;
}

gboolean
kz_replay_goto (KzReplay *self, guint ply)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), FALSE);
  if (ply > self->n_plies || ply == self->ply)
    return FALSE;
  update (self, line_node_at (self, ply), self->tip);
  return TRUE;
}

gboolean
kz_replay_first (KzReplay *self)
{
  return kz_replay_goto (self, 0);
}

gboolean
kz_replay_previous (KzReplay *self)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), FALSE);
  return self->ply > 0 && kz_replay_goto (self, self->ply - 1);
}

gboolean
kz_replay_next (KzReplay *self)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), FALSE);
  return kz_replay_goto (self, self->ply + 1);
}

gboolean
kz_replay_last (KzReplay *self)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), FALSE);
  return kz_replay_goto (self, self->n_plies);
}

const KzPosition *
kz_replay_get_position (KzReplay *self)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), NULL);
  return kz_move_node_get_position (self->node);
}

char *
kz_replay_dup_kpn (KzReplay *self)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), NULL);
  char buf[KZ_KPN_MAX];
  kz_kpn_format (kz_move_node_get_position (self->node), buf, sizeof buf);
  return g_strdup (buf);
}

const KzMove *
kz_replay_get_move (KzReplay *self)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), NULL);
  return kz_move_node_get_move (self->node);
}

const char *
kz_replay_get_move_text (KzReplay *self)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), NULL);
  return kz_move_node_get_move_text (self->node);
}

gboolean
kz_replay_get_step (KzReplay *self, KzReplayStep *step)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), FALSE);
  g_return_val_if_fail (step != NULL, FALSE);
  const KzMove *move = kz_replay_get_move (self);
  if (move == NULL)
    return FALSE;
  step->from = move->from;
  gint8 ids[KZ_GRID_SIZE];
  if (!kz_game_get_node_piece_ids (self->game, kz_move_node_get_parent (self->node), ids))
    return FALSE;
  step->piece_id = ids[move->from];
  if (move->n_jumps == 0)
    {
      step->n_steps = 1;
      step->path[0] = move->to;
      step->captured[0] = KZ_NO_POINT;
      step->flag_jump[0] = FALSE;
      return TRUE;
    }
  step->n_steps = move->n_jumps;
  int at = move->from;
  for (guint i = 0; i < move->n_jumps; i++)
    {
      int over = kz_jump_over (at, move->path[i]);
      step->path[i] = move->path[i];
      /* A jump over the standing flag takes no piece. */
      step->captured[i] = over >= 0 && (move->captured & KZ_BIT (over)) ? over : KZ_NO_POINT;
      step->flag_jump[i] = over >= 0 && !(move->captured & KZ_BIT (over));
      at = move->path[i];
    }
  return TRUE;
}

char *
kz_replay_dup_moves_text (KzReplay *self)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), NULL);
  GString *out = g_string_new (NULL);
  guint col = 0;
  KzSide first = kz_game_get_start_position (self->game)->side;
  guint n = kz_game_get_ply (self->game);
  for (guint i = 0; i < n; i++)
    {
      /* Ply i is played by `first` when i is even. */
      gboolean cossack_turn = (first == KZ_COSSACKS) == (i % 2 == 0);
      guint number = (i + (first == KZ_TURKS ? 1 : 0)) / 2 + 1;
      g_autofree char *token = NULL;
      if (cossack_turn)
        token = g_strdup_printf ("%u. %s", number, kz_game_get_move_text (self->game, i));
      else if (i == 0)
        token = g_strdup_printf ("%u... %s", number, kz_game_get_move_text (self->game, i));
      else
        token = g_strdup (kz_game_get_move_text (self->game, i));
      gsize len = strlen (token);
      if (col > 0 && col + 1 + len >= 80)
        {
          g_string_append_c (out, '\n');
          col = 0;
        }
      else if (col > 0)
        {
          g_string_append_c (out, ' ');
          col++;
        }
      g_string_append (out, token);
      col += len;
    }
  if (col > 0)
    g_string_append_c (out, '\n');
  return g_string_free (out, FALSE);
}

/* A computer's level as the search has it (1..9); records made elsewhere
 * may hold 0 or more. */
static int
computer_level (int level)
{
  return CLAMP (level, KZ_SEARCH_MIN_LEVEL, KZ_SEARCH_MAX_LEVEL);
}

void
kz_replay_copy_players (KzGame *game, KzGame *from, const char *const *names)
{
  g_return_if_fail (KZ_IS_GAME (game));
  g_return_if_fail (KZ_IS_GAME (from));

  gboolean has_human = FALSE;
  for (int side = KZ_COSSACKS; side <= KZ_TURKS; side++)
    has_human |= kz_game_get_player_kind (from, (KzSide) side) == KZ_PLAYER_HUMAN;

  for (int side = KZ_COSSACKS; side <= KZ_TURKS; side++)
    {
      if (!has_human)
        {
          const char *name = names && names[side] && names[side][0] ? names[side]
                             : side == KZ_COSSACKS ? _("Cossacks") : _("Turks");
          kz_game_set_player (game, (KzSide) side, name, KZ_PLAYER_HUMAN, 0);
        }
      else if (kz_game_get_player_kind (from, (KzSide) side) == KZ_PLAYER_HUMAN)
        kz_game_set_player (game, (KzSide) side, kz_game_get_player_name (from, (KzSide) side),
                            KZ_PLAYER_HUMAN, 0);
      else
        kz_game_set_player (game, (KzSide) side, kz_game_get_player_name (from, (KzSide) side),
                            KZ_PLAYER_COMPUTER,
                            computer_level (kz_game_get_player_level (from, (KzSide) side)));
    }
}

guint
kz_replay_move_number (KzGame *game, guint ply)
{
  g_return_val_if_fail (KZ_IS_GAME (game), 0);
  if (ply == 0)
    return 0;
  guint shift = kz_game_get_start_position (game)->side == KZ_TURKS ? 1 : 0;
  return (ply - 1 + shift) / 2 + 1;
}

guint
kz_replay_get_move_number (KzReplay *self)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), 0);
  return kz_replay_move_number (self->game, self->ply);
}

guint
kz_replay_get_n_moves (KzReplay *self)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), 0);
  return kz_replay_move_number (self->game, self->n_plies);
}

KzGame *
kz_replay_continue_from_here (KzReplay *self, KzStore *store, const char *const *names,
                              GError **error)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), NULL);
  g_return_val_if_fail (store == NULL || KZ_IS_STORE (store), NULL);

  const KzPosition *pos = kz_replay_get_position (self);
  KzOutcome outcome = kz_position_outcome (pos);
  if (outcome.winner >= 0)
    {
      /* Translators: %u is the number of the last move, counted like the
       * move list (a move is one of each side) */
      g_set_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_GAME_OVER,
                   _("The game is over after move %u: there is nothing to continue"),
                   kz_replay_get_move_number (self));
      return NULL;
    }

  g_autoptr (KzGame) game = kz_game_new_from_position (pos);
  kz_replay_copy_players (game, self->game, names);
  /* the game goes on under its own rules (its count starts again here) */
  kz_game_set_no_progress_rule (game, kz_game_get_no_progress_rule (self->game));
  if (store && kz_store_create_game (store, game, error) == 0)
    return NULL;
  return g_steal_pointer (&game);
}
