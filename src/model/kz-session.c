/* kz-session.c — the database, the game played and the game reviewed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-session.h"

#include <errno.h>

#include <gio/gio.h>
#include <glib/gi18n-lib.h>
#include <glib/gstdio.h>

struct _KzSession {
  GObject parent_instance;

  KzStore  *store;
  GError   *store_error;
  char     *store_path;
  KzGame   *game;
  KzGame   *previous_game;
  gboolean  read_only;
};

G_DEFINE_FINAL_TYPE (KzSession, kz_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STORE,
  PROP_STORE_PATH,
  PROP_GAME,
  PROP_PREVIOUS_GAME,
  PROP_READ_ONLY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum { GAMES_ADDED, GAMES_REMOVED, OPENED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ---- construction -------------------------------------------------------- */

KzSession *
kz_session_new (const char *path)
{
  KzSession *self = g_object_new (KZ_TYPE_SESSION, NULL);

  self->store_path = path ? g_strdup (path) : kz_store_default_path ();
  self->store = kz_store_open (self->store_path, &self->store_error);
  /* A database that can only be read still shows its games (the
   * library); store-error says why nothing is saved. */
  if (self->store == NULL
      && g_error_matches (self->store_error, KZ_STORE_ERROR, KZ_STORE_ERROR_READ_ONLY))
    self->store = kz_store_open_for_reading (self->store_path, NULL);
  return self;
}

KzSession *
kz_session_new_for_store (KzStore *store)
{
  KzSession *self = g_object_new (KZ_TYPE_SESSION, NULL);

  g_return_val_if_fail (store == NULL || KZ_IS_STORE (store), self);
  if (store)
    {
      self->store = g_object_ref (store);
      self->store_path = g_strdup (kz_store_get_path (store));
    }
  return self;
}

/* ---- the store ----------------------------------------------------------- */

KzStore *
kz_session_get_store (KzSession *self)
{
  g_return_val_if_fail (KZ_IS_SESSION (self), NULL);
  return self->store;
}

gboolean
kz_session_get_can_save (KzSession *self)
{
  g_return_val_if_fail (KZ_IS_SESSION (self), FALSE);
  return self->store != NULL && !kz_store_is_read_only (self->store);
}

const GError *
kz_session_get_store_error (KzSession *self)
{
  g_return_val_if_fail (KZ_IS_SESSION (self), NULL);
  return self->store_error;
}

const char *
kz_session_get_store_path (KzSession *self)
{
  g_return_val_if_fail (KZ_IS_SESSION (self), NULL);
  return self->store_path;
}

void
kz_session_drop_store (KzSession *self, const GError *why)
{
  g_return_if_fail (KZ_IS_SESSION (self));
  if (self->store == NULL)
    return;
  if (why)
    {
      g_clear_error (&self->store_error);
      self->store_error = g_error_copy (why);
    }
  if (self->game && kz_game_get_store (self->game))
    kz_game_detach (self->game);
  if (self->previous_game && kz_game_get_store (self->previous_game))
    kz_game_detach (self->previous_game);
  g_clear_object (&self->store);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STORE]);
}

gboolean
kz_session_start_fresh_store (KzSession *self, char **moved_to, GError **error)
{
  g_autoptr (GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  g_autofree char *target = NULL;
  static const char *const companions[] = { "-wal", "-shm", "-journal" };
  KzStore *store;

  g_return_val_if_fail (KZ_IS_SESSION (self), FALSE);
  g_return_val_if_fail (self->store == NULL, FALSE);
  g_return_val_if_fail (self->store_path != NULL, FALSE);

  target = g_strdup_printf ("%s.damaged-%s", self->store_path, stamp);
  for (int i = 2; g_file_test (target, G_FILE_TEST_EXISTS); i++)
    {
      g_free (target);
      target = g_strdup_printf ("%s.damaged-%s-%d", self->store_path, stamp, i);
    }
  if (g_rename (self->store_path, target) != 0)
    {
      int e = errno;
      /* Translators: the database file, the name it was to get, the reason */
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (e),
                   _("The game database “%s” could not be renamed to “%s”: %s"),
                   self->store_path, target, g_strerror (e));
      return FALSE;
    }
  /* The files SQLite keeps beside a database belong to it: they move
   * along (a -wal left beside a fresh database would be read into it). */
  for (guint i = 0; i < G_N_ELEMENTS (companions); i++)
    {
      g_autofree char *from = g_strconcat (self->store_path, companions[i], NULL);
      g_autofree char *to = g_strconcat (target, companions[i], NULL);
      if (g_file_test (from, G_FILE_TEST_EXISTS))
        g_rename (from, to);
    }
  store = kz_store_open (self->store_path, error);
  if (store == NULL)
    return FALSE;
  self->store = store;
  g_clear_error (&self->store_error);
  if (moved_to)
    *moved_to = g_steal_pointer (&target);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STORE]);
  return TRUE;
}

/* ---- the games ----------------------------------------------------------- */

KzGame *
kz_session_get_game (KzSession *self)
{
  g_return_val_if_fail (KZ_IS_SESSION (self), NULL);
  return self->game;
}

gboolean
kz_session_get_read_only (KzSession *self)
{
  g_return_val_if_fail (KZ_IS_SESSION (self), FALSE);
  return self->read_only;
}

KzGame *
kz_session_get_previous_game (KzSession *self)
{
  g_return_val_if_fail (KZ_IS_SESSION (self), NULL);
  return self->previous_game;
}

/* One notification per property that changed, after all of them. */
static void
change (KzSession *self, KzGame *game, gboolean read_only, KzGame *previous)
{
  gboolean game_changed = self->game != game;
  gboolean read_only_changed = self->read_only != read_only;
  gboolean previous_changed = self->previous_game != previous;

  g_object_freeze_notify (G_OBJECT (self));
  if (previous_changed)
    {
      g_set_object (&self->previous_game, previous);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PREVIOUS_GAME]);
    }
  if (read_only_changed)
    {
      self->read_only = read_only;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_READ_ONLY]);
    }
  if (game_changed)
    {
      g_set_object (&self->game, game);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_GAME]);
    }
  g_object_thaw_notify (G_OBJECT (self));
}

void
kz_session_set_game (KzSession *self, KzGame *game)
{
  g_return_if_fail (KZ_IS_SESSION (self));
  g_return_if_fail (game == NULL || KZ_IS_GAME (game));
  change (self, game, FALSE, NULL);
}

gboolean
kz_session_record_game (KzSession *self, KzGame *game, GError **error)
{
  g_autoptr (GError) local = NULL;

  g_return_val_if_fail (KZ_IS_SESSION (self), FALSE);
  g_return_val_if_fail (KZ_IS_GAME (game), FALSE);
  /* Without a database, or with one that can only be read, games are
   * kept in memory. */
  if (!kz_session_get_can_save (self))
    return TRUE;
  if (kz_store_create_game (self->store, game, &local) != 0)
    return TRUE;
  kz_session_drop_store (self, local);
  g_propagate_error (error, g_steal_pointer (&local));
  return FALSE;
}

gboolean
kz_session_open_for_review (KzSession *self, gint64 id, GError **error)
{
  g_autoptr (KzGame) game = NULL;
  KzGame *previous;

  g_return_val_if_fail (KZ_IS_SESSION (self), FALSE);
  if (self->store == NULL)
    {
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_CANNOT_OPEN,
                   _("The game database is not available"));
      return FALSE;
    }
  if (id != 0 && self->game && kz_game_get_id (self->game) == id
      && kz_game_get_store (self->game) == self->store)
    {
      /* Already the current game: review it as it is. */
      g_signal_emit (self, signals[OPENED], 0);
      return TRUE;
    }
  game = kz_store_load_game (self->store, id, error);
  if (game == NULL)
    return FALSE;
  /* Opening one stored game after another keeps the game played before
   * them all as the one to go back to. */
  previous = self->read_only ? self->previous_game : self->game;
  if (previous && kz_game_get_id (previous) != 0 && kz_game_get_id (previous) == id)
    {
      /* The game played is opened from the library: it is that game. */
      change (self, previous, FALSE, NULL);
      g_signal_emit (self, signals[OPENED], 0);
      return TRUE;
    }
  change (self, game, TRUE, previous);
  g_signal_emit (self, signals[OPENED], 0);
  return TRUE;
}

void
kz_session_open_game_for_review (KzSession *self, KzGame *game)
{
  g_return_if_fail (KZ_IS_SESSION (self));
  g_return_if_fail (KZ_IS_GAME (game));
  if (game != self->game)
    change (self, game, TRUE, self->read_only ? self->previous_game : self->game);
  g_signal_emit (self, signals[OPENED], 0);
}

void
kz_session_resume (KzSession *self)
{
  g_return_if_fail (KZ_IS_SESSION (self));
  /* From a database that can only be read: play on in memory. */
  if (self->game && kz_game_get_store (self->game) && !kz_session_get_can_save (self))
    kz_game_detach (self->game);
  change (self, self->game, FALSE, NULL);
}

gboolean
kz_session_go_back (KzSession *self)
{
  g_autoptr (KzGame) previous = NULL;

  g_return_val_if_fail (KZ_IS_SESSION (self), FALSE);
  if (self->previous_game == NULL)
    return FALSE;
  previous = g_object_ref (self->previous_game);
  change (self, previous, FALSE, NULL);
  return TRUE;
}

gboolean
kz_session_game_in_use (KzSession *self, gint64 id, const char **why)
{
  g_return_val_if_fail (KZ_IS_SESSION (self), FALSE);
  if (id != 0 && self->game && kz_game_get_id (self->game) == id)
    {
      if (why)
        *why = _("The game on the board cannot be deleted; start a new game or open another one first");
      return TRUE;
    }
  if (id != 0 && self->previous_game && kz_game_get_id (self->previous_game) == id)
    {
      if (why)
        *why = _("The game you were playing cannot be deleted while another game is open");
      return TRUE;
    }
  if (self->store && kz_store_is_read_only (self->store))
    {
      if (why)
        *why = _("The game database can only be read, so no game can be deleted");
      return TRUE;
    }
  return FALSE;
}

gboolean
kz_session_delete_games (KzSession *self, const gint64 *ids, guint n_ids, GError **error)
{
  g_autoptr (GArray) removed = NULL;

  g_return_val_if_fail (KZ_IS_SESSION (self), FALSE);
  if (self->store == NULL)
    {
      g_set_error (error, KZ_STORE_ERROR, KZ_STORE_ERROR_CANNOT_OPEN,
                   _("The game database is not available"));
      return FALSE;
    }
  for (guint i = 0; i < n_ids; i++)
    {
      const char *why = NULL;
      if (kz_session_game_in_use (self, ids[i], &why))
        {
          g_set_error_literal (error, KZ_STORE_ERROR, KZ_STORE_ERROR_FAILED, why);
          return FALSE;
        }
    }
  if (!kz_store_delete_games (self->store, ids, n_ids, error))
    return FALSE;
  removed = g_array_sized_new (FALSE, FALSE, sizeof (gint64), n_ids);
  g_array_append_vals (removed, ids, n_ids);
  g_signal_emit (self, signals[GAMES_REMOVED], 0, removed);
  return TRUE;
}

void
kz_session_games_added (KzSession *self)
{
  g_return_if_fail (KZ_IS_SESSION (self));
  g_signal_emit (self, signals[GAMES_ADDED], 0);
}

/* ---- GObject ------------------------------------------------------------- */

static void
kz_session_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KzSession *self = KZ_SESSION (object);

  switch (prop_id)
    {
    case PROP_STORE:
      g_value_set_object (value, self->store);
      break;
    case PROP_STORE_PATH:
      g_value_set_string (value, self->store_path);
      break;
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;
    case PROP_PREVIOUS_GAME:
      g_value_set_object (value, self->previous_game);
      break;
    case PROP_READ_ONLY:
      g_value_set_boolean (value, self->read_only);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_session_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  KzSession *self = KZ_SESSION (object);

  switch (prop_id)
    {
    case PROP_GAME:
      kz_session_set_game (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_session_dispose (GObject *object)
{
  KzSession *self = KZ_SESSION (object);

  g_clear_object (&self->game);
  g_clear_object (&self->previous_game);
  g_clear_object (&self->store);
  G_OBJECT_CLASS (kz_session_parent_class)->dispose (object);
}

static void
kz_session_finalize (GObject *object)
{
  KzSession *self = KZ_SESSION (object);

  g_clear_error (&self->store_error);
  g_clear_pointer (&self->store_path, g_free);
  G_OBJECT_CLASS (kz_session_parent_class)->finalize (object);
}

static void
kz_session_class_init (KzSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = kz_session_get_property;
  object_class->set_property = kz_session_set_property;
  object_class->dispose = kz_session_dispose;
  object_class->finalize = kz_session_finalize;

  properties[PROP_STORE] =
    g_param_spec_object ("store", NULL, NULL, KZ_TYPE_STORE,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_STORE_PATH] =
    g_param_spec_string ("store-path", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL, KZ_TYPE_GAME,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_PREVIOUS_GAME] =
    g_param_spec_object ("previous-game", NULL, NULL, KZ_TYPE_GAME,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_READ_ONLY] =
    g_param_spec_boolean ("read-only", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* Stored games were added (no details: re-read the list). */
  signals[GAMES_ADDED] =
    g_signal_new ("games-added", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* Stored games were deleted; the argument is a GArray of gint64 ids. */
  signals[GAMES_REMOVED] =
    g_signal_new ("games-removed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ARRAY);
  /* kz_session_open_for_review() succeeded: the current game is to be
   * reviewed from its start. */
  signals[OPENED] =
    g_signal_new ("opened", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
kz_session_init (KzSession *self)
{
}
