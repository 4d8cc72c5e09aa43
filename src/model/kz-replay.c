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
  GObject  parent_instance;
  KzGame  *game;
  guint    ply;
  guint    n_plies;
  gulong   played_id;
  gulong   undone_id;
};

G_DEFINE_FINAL_TYPE (KzReplay, kz_replay, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  PROP_PLY,
  PROP_N_PLIES,
  PROP_CAN_GO_BACK,
  PROP_CAN_GO_FORWARD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Moves to (ply, n_plies) and notifies exactly what changed. */
static void
update (KzReplay *self, guint ply, guint n_plies)
{
  gboolean back = self->ply > 0;
  gboolean forward = self->ply < self->n_plies;
  gboolean ply_changed = ply != self->ply;
  gboolean n_changed = n_plies != self->n_plies;

  self->ply = ply;
  self->n_plies = n_plies;

  g_object_freeze_notify (G_OBJECT (self));
  if (n_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_N_PLIES]);
  if (ply_changed)
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLY]);
  if (back != (ply > 0))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_GO_BACK]);
  if (forward != (ply < n_plies))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CAN_GO_FORWARD]);
  g_object_thaw_notify (G_OBJECT (self));
}

/* The game got a move: a reviewer at the old end stays where it is. */
static void
on_game_changed (KzGame *game, guint ply_after, gpointer move, KzReplay *self)
{
  guint n = kz_game_get_ply (game);
  update (self, MIN (self->ply, n), n);
}

static void
kz_replay_dispose (GObject *object)
{
  KzReplay *self = KZ_REPLAY (object);
  if (self->game)
    {
      g_clear_signal_handler (&self->played_id, self->game);
      g_clear_signal_handler (&self->undone_id, self->game);
    }
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
          self->n_plies = kz_game_get_ply (self->game);
          self->played_id = g_signal_connect (self->game, "move-played",
                                              G_CALLBACK (on_game_changed), self);
          self->undone_id = g_signal_connect (self->game, "move-undone",
                                              G_CALLBACK (on_game_changed), self);
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
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kz_replay_init (KzReplay *self)
{
}

KzReplay *
kz_replay_new (KzGame *game, guint ply)
{
  g_return_val_if_fail (KZ_IS_GAME (game), NULL);
  KzReplay *self = g_object_new (KZ_TYPE_REPLAY, "game", game, NULL);
  self->ply = MIN (ply, self->n_plies);
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

gboolean
kz_replay_goto (KzReplay *self, guint ply)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), FALSE);
  if (ply > self->n_plies || ply == self->ply)
    return FALSE;
  update (self, ply, self->n_plies);
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
  return kz_game_get_position_at (self->game, self->ply);
}

char *
kz_replay_dup_kpn (KzReplay *self)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), NULL);
  return kz_game_dup_kpn_at (self->game, self->ply);
}

const KzMove *
kz_replay_get_move (KzReplay *self)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), NULL);
  return self->ply > 0 ? kz_game_get_move (self->game, self->ply - 1) : NULL;
}

const char *
kz_replay_get_move_text (KzReplay *self)
{
  g_return_val_if_fail (KZ_IS_REPLAY (self), NULL);
  return self->ply > 0 ? kz_game_get_move_text (self->game, self->ply - 1) : NULL;
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
  step->piece_id = kz_game_get_piece_ids (self->game, self->ply - 1)[move->from];
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
  for (guint i = 0; i < self->n_plies; i++)
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

/* A computer's level as the search has it (1..5); records made elsewhere
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
  if (store && kz_store_create_game (store, game, error) == 0)
    return NULL;
  return g_steal_pointer (&game);
}
