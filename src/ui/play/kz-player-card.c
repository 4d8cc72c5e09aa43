/* kz-player-card.c — one side's card in the side panel.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-player-card.h"

struct _KzPlayerCard {
  GtkBox parent_instance;

  /* template children */
  GtkLabel *name_label;
  GtkLabel *pieces_label;
  GtkLabel *flag_label;
  GtkLabel *clock_label;

  KzSide        side;
  gboolean      to_move;
  KzGame       *game;          /* the game described, followed through game_signals */
  guint         ply;           /* the position described; G_MAXUINT: as the game stands */
  GSignalGroup *game_signals;
};

G_DEFINE_FINAL_TYPE (KzPlayerCard, kz_player_card, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_SIDE,
  PROP_TO_MOVE,
  PROP_GAME,
  PROP_PLY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char *
side_name (KzSide side)
{
  return side == KZ_COSSACKS ? _("Cossacks") : _("Turks");
}

KzSide
kz_player_card_get_side (KzPlayerCard *self)
{
  g_return_val_if_fail (KZ_IS_PLAYER_CARD (self), KZ_COSSACKS);
  return self->side;
}

void
kz_player_card_set_side (KzPlayerCard *self, KzSide side)
{
  g_return_if_fail (KZ_IS_PLAYER_CARD (self));
  g_return_if_fail (side == KZ_COSSACKS || side == KZ_TURKS);

  gtk_widget_remove_css_class (GTK_WIDGET (self), self->side == KZ_COSSACKS ? "cossacks" : "turks");
  self->side = side;
  gtk_widget_add_css_class (GTK_WIDGET (self), side == KZ_COSSACKS ? "cossacks" : "turks");
  kz_player_card_set_player (self, NULL);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SIDE]);
}

void
kz_player_card_set_player (KzPlayerCard *self, const char *name)
{
  g_autofree char *title = NULL;

  g_return_if_fail (KZ_IS_PLAYER_CARD (self));
  /* "Computer" stored by an English session reads "Компьютер" in Russian. */
  name = kz_player_name_display (name);
  if (name == NULL || *name == '\0' || g_str_equal (name, side_name (self->side)))
    title = g_strdup (side_name (self->side));
  else
    /* Translators: side — player's name, e.g. "Cossacks — Ivan" */
    title = g_strdup_printf (_("%s — %s"), side_name (self->side), name);
  gtk_label_set_text (self->name_label, title);
}

static char *
flag_text (const KzPosition *pos, KzSide owner)
{
  int where = pos->flag[owner];

  if (where == KZ_FLAG_HOME)
    /* Translators: %s is a point such as c2 */
    return g_strdup_printf (_("Flag at home on %s"), kz_point_name (kz_centre (owner)));
  if (kz_position_piece_at (pos, where) == KZ_TURKS)
    return g_strdup_printf (_("Flag carried by a Turk on %s"), kz_point_name (where));
  return g_strdup_printf (_("Flag carried by a Cossack on %s"), kz_point_name (where));
}

void
kz_player_card_set_position (KzPlayerCard *self, const KzPosition *pos, gboolean to_move)
{
  g_autofree char *pieces = NULL;
  g_autofree char *flag = NULL;
  int n;

  g_return_if_fail (KZ_IS_PLAYER_CARD (self));
  g_return_if_fail (pos != NULL);

  n = kz_popcount (pos->pieces[self->side]);
  pieces = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%d piece left", "%d pieces left", n), n);
  flag = flag_text (pos, self->side);
  gtk_label_set_text (self->pieces_label, pieces);
  gtk_label_set_text (self->flag_label, flag);
  if (to_move)
    gtk_widget_add_css_class (GTK_WIDGET (self), "to-move");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self), "to-move");
  if (self->to_move != to_move)
    {
      self->to_move = to_move;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_TO_MOVE]);
    }
}

/* "4:51", "1:02:03"; tenths under 10 s: "0:09.4". */
char *
kz_player_card_format_clock (gint64 ms)
{
  gint64 s;

  ms = MAX (ms, 0);
  s = ms / 1000;
  if (ms < 10000)
    return g_strdup_printf ("0:%02d.%d", (int) s, (int) (ms % 1000 / 100));
  if (s >= 3600)
    return g_strdup_printf ("%d:%02d:%02d", (int) (s / 3600), (int) (s / 60 % 60), (int) (s % 60));
  return g_strdup_printf ("%d:%02d", (int) (s / 60), (int) (s % 60));
}

void
kz_player_card_set_clock (KzPlayerCard *self, gint64 ms, gboolean low)
{
  g_autofree char *text = NULL;
  g_autofree char *said = NULL;

  g_return_if_fail (KZ_IS_PLAYER_CARD (self));
  gtk_widget_set_visible (GTK_WIDGET (self->clock_label), ms >= 0);
  if (ms < 0)
    return;
  text = kz_player_card_format_clock (ms);
  gtk_label_set_text (self->clock_label, text);
  /* Translators: a side's clock for a screen reader, e.g. "Time left: 4:51" */
  said = g_strdup_printf (_("Time left: %s"), text);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->clock_label), GTK_ACCESSIBLE_PROPERTY_LABEL, said, -1);
  if (low)
    gtk_widget_add_css_class (GTK_WIDGET (self->clock_label), "warning");
  else
    gtk_widget_remove_css_class (GTK_WIDGET (self->clock_label), "warning");
}

const char *
kz_player_card_get_clock_text (KzPlayerCard *self)
{
  g_return_val_if_fail (KZ_IS_PLAYER_CARD (self), NULL);
  return gtk_widget_get_visible (GTK_WIDGET (self->clock_label)) ? gtk_label_get_text (self->clock_label) : NULL;
}

gboolean
kz_player_card_get_to_move (KzPlayerCard *self)
{
  g_return_val_if_fail (KZ_IS_PLAYER_CARD (self), FALSE);
  return self->to_move;
}

void
kz_player_card_show_game (KzPlayerCard *self, KzGame *game, guint ply)
{
  const KzPosition *pos;
  gboolean over;

  g_return_if_fail (KZ_IS_PLAYER_CARD (self));
  g_return_if_fail (KZ_IS_GAME (game));
  pos = kz_game_get_position_at (game, ply);
  if (pos == NULL)
    return;
  over = kz_position_outcome (pos).winner >= 0
         || (ply == kz_game_get_ply (game) && kz_game_is_over (game));
  kz_player_card_set_player (self, kz_game_get_player_name (game, self->side));
  kz_player_card_set_position (self, pos, !over && pos->side == self->side);
}

/* ---- following a game ---------------------------------------------------- */

static void
refresh (KzPlayerCard *self)
{
  if (self->game == NULL)
    return;
  kz_player_card_show_game (self, self->game,
                            self->ply == G_MAXUINT ? kz_game_get_ply (self->game) : self->ply);
}

void
kz_player_card_set_game (KzPlayerCard *self, KzGame *game)
{
  g_return_if_fail (KZ_IS_PLAYER_CARD (self));
  g_return_if_fail (game == NULL || KZ_IS_GAME (game));
  if (!g_set_object (&self->game, game))
    return;
  g_signal_group_set_target (self->game_signals, game);
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
}

void
kz_player_card_set_ply (KzPlayerCard *self, guint ply)
{
  g_return_if_fail (KZ_IS_PLAYER_CARD (self));
  if (self->ply == ply)
    return;
  self->ply = ply;
  refresh (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PLY]);
}

static void
kz_player_card_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KzPlayerCard *self = KZ_PLAYER_CARD (object);

  switch (prop_id)
    {
    case PROP_SIDE:
      g_value_set_enum (value, self->side);
      break;
    case PROP_TO_MOVE:
      g_value_set_boolean (value, self->to_move);
      break;
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_PLY:
      g_value_set_uint (value, self->ply);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_player_card_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  KzPlayerCard *self = KZ_PLAYER_CARD (object);

  switch (prop_id)
    {
    case PROP_SIDE:
      kz_player_card_set_side (self, g_value_get_enum (value));
      break;
    case PROP_GAME:
      kz_player_card_set_game (self, g_value_get_object (value));
      break;
    case PROP_PLY:
      kz_player_card_set_ply (self, g_value_get_uint (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_player_card_dispose (GObject *object)
{
  KzPlayerCard *self = KZ_PLAYER_CARD (object);

  if (self->game_signals)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
  gtk_widget_dispose_template (GTK_WIDGET (object), KZ_TYPE_PLAYER_CARD);
  G_OBJECT_CLASS (kz_player_card_parent_class)->dispose (object);
}

static void
kz_player_card_class_init (KzPlayerCardClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = kz_player_card_get_property;
  object_class->set_property = kz_player_card_set_property;
  object_class->dispose = kz_player_card_dispose;

  properties[PROP_SIDE] =
    g_param_spec_enum ("side", NULL, NULL, KZ_TYPE_SIDE, KZ_COSSACKS,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_TO_MOVE] =
    g_param_spec_boolean ("to-move", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KZ_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PLY] =
    g_param_spec_uint ("ply", NULL, NULL, 0, G_MAXUINT, G_MAXUINT,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/kz-player-card.ui");
  gtk_widget_class_bind_template_child (widget_class, KzPlayerCard, name_label);
  gtk_widget_class_bind_template_child (widget_class, KzPlayerCard, pieces_label);
  gtk_widget_class_bind_template_child (widget_class, KzPlayerCard, flag_label);
  gtk_widget_class_bind_template_child (widget_class, KzPlayerCard, clock_label);
}

static void
kz_player_card_init (KzPlayerCard *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->side = KZ_COSSACKS;
  self->ply = G_MAXUINT;
  /* The card follows its game: moves, names, the end. */
  self->game_signals = g_signal_group_new (KZ_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "notify::ply", G_CALLBACK (refresh), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::cossacks-name",
                                  G_CALLBACK (refresh), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::turks-name",
                                  G_CALLBACK (refresh), self);
  g_signal_group_connect_swapped (self->game_signals, "notify::is-over", G_CALLBACK (refresh),
                                  self);
  gtk_widget_add_css_class (GTK_WIDGET (self), "cossacks");
  kz_player_card_set_player (self, NULL);
}
