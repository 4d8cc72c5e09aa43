/* kz-game-enums.c — KzGame's enumerations (results, terminations, troops,
 * players, sides) with their KGN tokens and words, and players' names.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-game.h"
#include "kz-game-private.h"
#include "kz-search.h"

#include <string.h>
#include <glib/gi18n-lib.h>

/* ---------------------------------------------------------------------- */
/* Enum types                                                              */

G_DEFINE_ENUM_TYPE (KzResult, kz_result,
  G_DEFINE_ENUM_VALUE (KZ_RESULT_NONE, "none"),
  G_DEFINE_ENUM_VALUE (KZ_RESULT_COSSACKS_WIN, "cossacks-win"),
  G_DEFINE_ENUM_VALUE (KZ_RESULT_TURKS_WIN, "turks-win"),
  G_DEFINE_ENUM_VALUE (KZ_RESULT_DRAW, "draw"))

G_DEFINE_ENUM_TYPE (KzTermination, kz_termination,
  G_DEFINE_ENUM_VALUE (KZ_TERMINATION_NONE, "none"),
  G_DEFINE_ENUM_VALUE (KZ_TERMINATION_FLAG, "flag"),
  G_DEFINE_ENUM_VALUE (KZ_TERMINATION_ANNIHILATION, "annihilation"),
  G_DEFINE_ENUM_VALUE (KZ_TERMINATION_BLOCKED, "blocked"),
  G_DEFINE_ENUM_VALUE (KZ_TERMINATION_REPETITION, "repetition"),
  G_DEFINE_ENUM_VALUE (KZ_TERMINATION_AGREEMENT, "agreement"),
  G_DEFINE_ENUM_VALUE (KZ_TERMINATION_RESIGNATION, "resignation"),
  G_DEFINE_ENUM_VALUE (KZ_TERMINATION_TIME_FORFEIT, "time-forfeit"),
  G_DEFINE_ENUM_VALUE (KZ_TERMINATION_NO_PROGRESS, "no-progress"))

G_DEFINE_ENUM_TYPE (KzTroop, kz_troop,
  G_DEFINE_ENUM_VALUE (KZ_TROOP_INFANTRY, "infantry"),
  G_DEFINE_ENUM_VALUE (KZ_TROOP_CAVALRY, "cavalry"),
  G_DEFINE_ENUM_VALUE (KZ_TROOP_GUNNER, "gunner"),
  G_DEFINE_ENUM_VALUE (KZ_TROOP_LEADER, "leader"))

G_DEFINE_ENUM_TYPE (KzPlayerKind, kz_player_kind,
  G_DEFINE_ENUM_VALUE (KZ_PLAYER_HUMAN, "human"),
  G_DEFINE_ENUM_VALUE (KZ_PLAYER_COMPUTER, "computer"),
  G_DEFINE_ENUM_VALUE (KZ_PLAYER_RANDOM, "random"))

G_DEFINE_ENUM_TYPE (KzSide, kz_side,
  G_DEFINE_ENUM_VALUE (KZ_COSSACKS, "cossacks"),
  G_DEFINE_ENUM_VALUE (KZ_TURKS, "turks"))

G_DEFINE_QUARK (kz-game-error-quark, kz_game_error)

static const char *const result_tokens[] = { "*", "1-0", "0-1", "1/2-1/2" };
static const char *const termination_tokens[] = {
  "unterminated", "flag", "annihilation", "blocked", "repetition", "agreement", "resignation",
  "time forfeit", "no-progress",
};

/* The token at @index of a table of @n, tokens[0] for an index out of range. */
static const char *
token_at (const char *const *tokens, guint n, guint index)
{
  return index < n ? tokens[index] : tokens[0];
}

static gboolean
token_index (const char *const *tokens, guint n, const char *text, guint *index)
{
  for (guint i = 0; i < n; i++)
    if (g_strcmp0 (text, tokens[i]) == 0)
      {
        *index = i;
        return TRUE;
      }
  return FALSE;
}

const char *
kz_result_to_kgn (KzResult result)
{
  return token_at (result_tokens, G_N_ELEMENTS (result_tokens), (guint) result);
}

gboolean
kz_result_from_kgn (const char *text, KzResult *result)
{
  guint i;
  if (!token_index (result_tokens, G_N_ELEMENTS (result_tokens), text, &i))
    return FALSE;
  *result = (KzResult) i;
  return TRUE;
}

const char *
kz_termination_to_kgn (KzTermination termination)
{
  return token_at (termination_tokens, G_N_ELEMENTS (termination_tokens), (guint) termination);
}

gboolean
kz_termination_from_kgn (const char *text, KzTermination *termination)
{
  guint i;
  if (!token_index (termination_tokens, G_N_ELEMENTS (termination_tokens), text, &i))
    return FALSE;
  *termination = (KzTermination) i;
  return TRUE;
}

const char *
kz_result_describe (KzResult result)
{
  switch (result)
    {
    case KZ_RESULT_COSSACKS_WIN: return _("The Cossacks win");
    case KZ_RESULT_TURKS_WIN: return _("The Turks win");
    case KZ_RESULT_DRAW: return _("Draw");
    case KZ_RESULT_NONE:
    default: return _("Unfinished");
    }
}

const char *
kz_termination_describe (KzTermination termination)
{
  switch (termination)
    {
    case KZ_TERMINATION_FLAG: return _("The flag was carried home");
    case KZ_TERMINATION_ANNIHILATION: return _("No pieces left");
    case KZ_TERMINATION_BLOCKED: return _("No legal move left");
    case KZ_TERMINATION_REPETITION: return _("Threefold repetition");
    case KZ_TERMINATION_AGREEMENT: return _("Draw by agreement");
    case KZ_TERMINATION_RESIGNATION: return _("Resignation");
    case KZ_TERMINATION_TIME_FORFEIT: return _("Time ran out");
    case KZ_TERMINATION_NO_PROGRESS: return _("50 moves without progress");
    case KZ_TERMINATION_NONE:
    default: return _("Unterminated");
    }
}

const char *
kz_troop_describe (KzTroop troop, KzSide side)
{
  gboolean c = side == KZ_COSSACKS;
  switch (troop)
    {
    case KZ_TROOP_CAVALRY: return c ? _("Cossack cavalry") : _("Sipahi");
    case KZ_TROOP_GUNNER: return c ? _("Cossack gunner") : _("Turkish gunner");
    case KZ_TROOP_LEADER: return c ? _("Hetman") : _("Pasha");
    case KZ_TROOP_INFANTRY:
    default: return c ? _("Zaporozhian infantry") : _("Janissary");
    }
}

/* ---------------------------------------------------------------------- */
/* Players                                                                 */

static gboolean
is_forbidden_char (gunichar c)
{
  /* C0, DEL, C1, and the Unicode line and paragraph separators. */
  return g_unichar_iscntrl (c) || c == 0x2028 || c == 0x2029;
}

gboolean
kz_player_name_validate (const char *name, GError **error)
{
  g_return_val_if_fail (name != NULL, FALSE);
  const char *end;
  if (!g_utf8_validate (name, -1, &end))
    {
      g_set_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_SYNTAX,
                   _("The player name is not valid UTF-8 text (at byte %u)"),
                   (guint) (end - name) + 1);
      return FALSE;
    }
  glong n = 0;
  for (const char *p = name; *p; p = g_utf8_next_char (p), n++)
    if (is_forbidden_char (g_utf8_get_char (p)))
      {
        g_set_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_SYNTAX,
                     _("The player name holds a control character (U+%04X, character %ld); "
                       "tabs and line breaks are not allowed"),
                     g_utf8_get_char (p), n + 1);
        return FALSE;
      }
  if (n > KZ_PLAYER_NAME_MAX)
    {
      g_set_error (error, KZ_GAME_ERROR, KZ_GAME_ERROR_SYNTAX,
                   _("The player name is %ld characters long; at most %d are allowed"),
                   n, KZ_PLAYER_NAME_MAX);
      return FALSE;
    }
  return TRUE;
}

char *
kz_player_name_clean (const char *name)
{
  if (name == NULL)
    return g_strdup ("");
  g_autofree char *valid = g_utf8_make_valid (name, -1);
  GString *out = g_string_new (NULL);
  glong n = 0;
  for (const char *p = valid; *p && n < KZ_PLAYER_NAME_MAX; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);
      if (kz_unichar_is_bidi_control (c))
        continue;
      g_string_append_unichar (out, is_forbidden_char (c) ? ' ' : c);
      n++;
    }
  return g_string_free (out, FALSE);
}

gboolean
kz_start_time_is_date_only (gint64 unix_seconds)
{
  return unix_seconds > 0 && unix_seconds % (24 * 60 * 60) == 12 * 60 * 60;
}

const char *
kz_player_name_display (const char *name)
{
  /* The names the app gives (kz-window-game.c) as an English session
   * stored them; a name stored in another language stays as it is. */
  static const char *const defaults[] = { N_("Computer"), N_("Player"), N_("Cossacks"),
                                          N_("Turks") };

  for (guint i = 0; name != NULL && i < G_N_ELEMENTS (defaults); i++)
    if (strcmp (name, defaults[i]) == 0)
      return _(defaults[i]);
  return name;
}

const char *
kz_level_name (int level)
{
  /* Translators: the computer's levels, weakest first, named for the
   * ranks of a Cossack host (a recruit, a private Cossack, a corporal
   * (prykaznyi), a sergeant (uriadnyk), a cornet (khorunzhyi), a captain
   * (sotnyk), an esaul (osavul), a colonel (polkovnyk), the hetman) */
  static const char *const names[KZ_SEARCH_MAX_LEVEL] = {
    N_("Recruit"), N_("Cossack"), N_("Corporal"), N_("Sergeant"), N_("Cornet"),
    N_("Captain"), N_("Esaul"), N_("Colonel"), N_("Hetman"),
  };
  return _(names[CLAMP (level, KZ_SEARCH_MIN_LEVEL, KZ_SEARCH_MAX_LEVEL) - 1]);
}

char *
kz_level_describe (int level)
{
  level = CLAMP (level, KZ_SEARCH_MIN_LEVEL, KZ_SEARCH_MAX_LEVEL);
  /* Translators: a choice of the computer's level, e.g. "Level 1: Recruit" */
  return g_strdup_printf (_("Level %d: %s"), level, kz_level_name (level));
}

char *
kz_player_describe (KzPlayerKind kind, int level)
{
  switch (kind)
    {
    case KZ_PLAYER_COMPUTER:
      /* Translators: a player of the game; %d is the level, 1 to 9 */
      return g_strdup_printf (_("Computer, level %d"),
                              CLAMP (level, KZ_SEARCH_MIN_LEVEL, KZ_SEARCH_MAX_LEVEL));
    case KZ_PLAYER_RANDOM:
      /* Translators: a player that makes random legal moves (test games) */
      return g_strdup (_("Random mover"));
    case KZ_PLAYER_HUMAN:
    default:
      return g_strdup (_("Human"));
    }
}
