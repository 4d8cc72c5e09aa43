/* kz-game-item.c — one row of the game library.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-game-item.h"

#include <glib/gi18n-lib.h>

struct _KzGameItem
{
  GObject     parent_instance;
  KzGameInfo *info;
};

G_DEFINE_FINAL_TYPE (KzGameItem, kz_game_item, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_ID,
  PROP_COSSACKS,
  PROP_TURKS,
  PROP_START_TIME,
  PROP_RESULT,
  PROP_TERMINATION,
  PROP_PLIES,
  PROP_FINAL_KPN,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
kz_game_item_finalize (GObject *object)
{
  KzGameItem *self = KZ_GAME_ITEM (object);
  g_clear_pointer (&self->info, kz_game_info_free);
  G_OBJECT_CLASS (kz_game_item_parent_class)->finalize (object);
}

static void
kz_game_item_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KzGameItem *self = KZ_GAME_ITEM (object);
  switch (prop_id)
    {
    case PROP_ID:          g_value_set_int64 (value, self->info->id); break;
    case PROP_COSSACKS:    g_value_set_string (value, self->info->cossacks); break;
    case PROP_TURKS:       g_value_set_string (value, self->info->turks); break;
    case PROP_START_TIME:  g_value_set_int64 (value, self->info->start_time); break;
    case PROP_RESULT:      g_value_set_enum (value, self->info->result); break;
    case PROP_TERMINATION: g_value_set_enum (value, self->info->termination); break;
    case PROP_PLIES:       g_value_set_uint (value, self->info->plies); break;
    case PROP_FINAL_KPN:   g_value_set_string (value, self->info->final_kpn); break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_game_item_class_init (KzGameItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->finalize = kz_game_item_finalize;
  object_class->get_property = kz_game_item_get_property;

  GParamFlags f = G_PARAM_READABLE | G_PARAM_STATIC_STRINGS | G_PARAM_EXPLICIT_NOTIFY;
  properties[PROP_ID] = g_param_spec_int64 ("id", NULL, NULL, 0, G_MAXINT64, 0, f);
  properties[PROP_COSSACKS] = g_param_spec_string ("cossacks", NULL, NULL, NULL, f);
  properties[PROP_TURKS] = g_param_spec_string ("turks", NULL, NULL, NULL, f);
  properties[PROP_START_TIME] = g_param_spec_int64 ("start-time", NULL, NULL, 0, G_MAXINT64, 0, f);
  properties[PROP_RESULT] = g_param_spec_enum ("result", NULL, NULL, KZ_TYPE_RESULT,
                                               KZ_RESULT_NONE, f);
  properties[PROP_TERMINATION] = g_param_spec_enum ("termination", NULL, NULL,
                                                    KZ_TYPE_TERMINATION,
                                                    KZ_TERMINATION_NONE, f);
  properties[PROP_PLIES] = g_param_spec_uint ("plies", NULL, NULL, 0, G_MAXUINT, 0, f);
  properties[PROP_FINAL_KPN] = g_param_spec_string ("final-kpn", NULL, NULL, NULL, f);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kz_game_item_init (KzGameItem *self)
{
}

KzGameItem *
kz_game_item_new (const KzGameInfo *info)
{
  g_return_val_if_fail (info != NULL, NULL);
  KzGameItem *self = g_object_new (KZ_TYPE_GAME_ITEM, NULL);
  self->info = kz_game_info_copy (info);
  return self;
}

const KzGameInfo *
kz_game_item_get_info (KzGameItem *self)
{
  g_return_val_if_fail (KZ_IS_GAME_ITEM (self), NULL);
  return self->info;
}

gint64
kz_game_item_get_id (KzGameItem *self)
{
  g_return_val_if_fail (KZ_IS_GAME_ITEM (self), 0);
  return self->info->id;
}

const char *
kz_game_item_get_player_name (KzGameItem *self, KzSide side)
{
  g_return_val_if_fail (KZ_IS_GAME_ITEM (self), NULL);
  return side == KZ_COSSACKS ? self->info->cossacks : self->info->turks;
}

gint64
kz_game_item_get_start_time (KzGameItem *self)
{
  g_return_val_if_fail (KZ_IS_GAME_ITEM (self), 0);
  return self->info->start_time;
}

KzResult
kz_game_item_get_result (KzGameItem *self)
{
  g_return_val_if_fail (KZ_IS_GAME_ITEM (self), KZ_RESULT_NONE);
  return self->info->result;
}

KzTermination
kz_game_item_get_termination (KzGameItem *self)
{
  g_return_val_if_fail (KZ_IS_GAME_ITEM (self), KZ_TERMINATION_NONE);
  return self->info->termination;
}

guint
kz_game_item_get_plies (KzGameItem *self)
{
  g_return_val_if_fail (KZ_IS_GAME_ITEM (self), 0);
  return self->info->plies;
}

const char *
kz_game_item_get_final_kpn (KzGameItem *self)
{
  g_return_val_if_fail (KZ_IS_GAME_ITEM (self), NULL);
  return self->info->final_kpn;
}

guint
kz_game_item_get_n_moves (KzGameItem *self)
{
  g_return_val_if_fail (KZ_IS_GAME_ITEM (self), 0);
  /* Counted like the move list: a move is a turn of each side, and a
   * game that starts with the Turks to move has only their half in
   * move 1. */
  guint plies = self->info->plies;
  guint shift = 0;
  KzPosition start;
  KzError err;
  if (plies == 0)
    return 0;
  if (self->info->start_kpn && kz_kpn_parse (self->info->start_kpn, &start, &err)
      && start.side == KZ_TURKS)
    shift = 1;
  return (plies - 1 + shift) / 2 + 1;
}

static const char *
display_name (const char *name)
{
  return name && name[0] ? kz_player_name_display (name) : _("Unknown player");
}

char *
kz_game_item_dup_players_text (KzGameItem *self)
{
  g_return_val_if_fail (KZ_IS_GAME_ITEM (self), NULL);
  /* TRANSLATORS: the Cossack player's name, an em dash, the Turkish
   * player's name ("Ivan — Mehmed"); names are often the side names, so
   * keep it free of words that would need a grammatical case */
  return g_strdup_printf (_("%s — %s"), display_name (self->info->cossacks),
                          display_name (self->info->turks));
}

char *
kz_game_item_dup_outcome_text (KzGameItem *self)
{
  g_return_val_if_fail (KZ_IS_GAME_ITEM (self), NULL);
  guint n = kz_game_item_get_n_moves (self);
  g_autofree char *moves = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u move",
                                                         "%u moves", n), n);
  if (self->info->result == KZ_RESULT_NONE)
    /* TRANSLATORS: e.g. "Unfinished · 12 moves" */
    return g_strdup_printf (_("Unfinished · %s"), moves);
  /* TRANSLATORS: result, how the game ended, number of moves:
   * e.g. "Cossacks win · Flag carried home · 30 moves" */
  return g_strdup_printf (_("%s · %s · %s"), kz_result_describe (self->info->result),
                          kz_termination_describe (self->info->termination), moves);
}

char *
kz_game_item_dup_date_text (KzGameItem *self)
{
  g_return_val_if_fail (KZ_IS_GAME_ITEM (self), NULL);
  if (self->info->start_time <= 0)
    return g_strdup (_("Unknown date"));
  if (kz_start_time_is_date_only (self->info->start_time))
    {
      /* A date without a time (imported): that day, no invented 12:00. */
      g_autoptr (GDateTime) day = g_date_time_new_from_unix_utc (self->info->start_time);
      if (day == NULL)
        return g_strdup (_("Unknown date"));
      /* TRANSLATORS: the date of a game in the library whose time of day is
       * unknown, see strftime */
      return g_date_time_format (day, _("%-d %b %Y"));
    }
  g_autoptr (GDateTime) dt = g_date_time_new_from_unix_local (self->info->start_time);
  if (dt == NULL)
    return g_strdup (_("Unknown date"));
  /* TRANSLATORS: date and time of a game in the library, see strftime */
  return g_date_time_format (dt, _("%-d %b %Y, %H:%M"));
}
