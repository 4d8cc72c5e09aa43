/* kz-sounds.c — the game's event sounds.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include "kz-sounds.h"

struct _KzSounds {
  GObject         parent_instance;
  GSettings      *settings;
  GtkMediaStream *streams[KZ_N_SOUNDS];
};

G_DEFINE_FINAL_TYPE (KzSounds, kz_sounds, G_TYPE_OBJECT)

enum {
  SIGNAL_PLAYED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *const resources[KZ_N_SOUNDS] = {
  [KZ_SOUND_MOVE] = RESOURCE_BASE "/sounds/move.wav",
  [KZ_SOUND_CAPTURE] = RESOURCE_BASE "/sounds/capture.wav",
  [KZ_SOUND_FLAG_TAKEN] = RESOURCE_BASE "/sounds/flag-taken.wav",
  [KZ_SOUND_FLAG_DELIVERED] = RESOURCE_BASE "/sounds/flag-delivered.wav",
  [KZ_SOUND_GAME_END] = RESOURCE_BASE "/sounds/game-end.wav",
  [KZ_SOUND_LOW_TIME] = RESOURCE_BASE "/sounds/low-time.wav",
};

const char *
kz_sound_resource (KzSound sound)
{
  g_return_val_if_fail (sound >= 0 && sound < KZ_N_SOUNDS, NULL);
  return resources[sound];
}

KzSound
kz_sound_for_move (const KzBoardState *before,
                   const KzBoardState *after)
{
  int side = before->pos.side;

  if (!after->has_last_move)
    return KZ_SOUND_NONE;
  if (kz_position_flag_delivered (&after->pos))
    return KZ_SOUND_FLAG_DELIVERED;
  for (int f = 0; f < 2; f++)
    {
      int now = after->pos.flag[f];
      if (now != before->pos.flag[f] && now != KZ_FLAG_HOME &&
          kz_position_piece_at (&after->pos, now) == side)
        return KZ_SOUND_FLAG_TAKEN;
    }
  if (after->last_move.captured != 0)
    return KZ_SOUND_CAPTURE;
  return KZ_SOUND_MOVE;
}

gboolean
kz_sounds_get_enabled (KzSounds *self)
{
  g_return_val_if_fail (KZ_IS_SOUNDS (self), FALSE);
  return self->settings == NULL || g_settings_get_boolean (self->settings, "sounds");
}

void
kz_sounds_play (KzSounds *self,
                KzSound   sound)
{
  GtkMediaStream *stream;

  g_return_if_fail (KZ_IS_SOUNDS (self));
  if (sound < 0 || sound >= KZ_N_SOUNDS || !kz_sounds_get_enabled (self))
    return;
  /* Made once, on first use; later plays only rewind and start it. */
  if (self->streams[sound] == NULL)
    self->streams[sound] = gtk_media_file_new_for_resource (resources[sound]);
  stream = self->streams[sound];
  if (gtk_media_stream_get_error (stream) == NULL)
    {
      if (gtk_media_stream_get_playing (stream))
        gtk_media_stream_pause (stream);
      if (gtk_media_stream_is_seekable (stream))
        gtk_media_stream_seek (stream, 0);
      gtk_media_stream_play (stream);
    }
  g_debug ("sound: %s", resources[sound]);
  g_signal_emit (self, signals[SIGNAL_PLAYED], 0, (int) sound, resources[sound]);
}

static void
kz_sounds_dispose (GObject *object)
{
  KzSounds *self = KZ_SOUNDS (object);

  for (int i = 0; i < KZ_N_SOUNDS; i++)
    g_clear_object (&self->streams[i]);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (kz_sounds_parent_class)->dispose (object);
}

static void
kz_sounds_class_init (KzSoundsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = kz_sounds_dispose;
  signals[SIGNAL_PLAYED] =
    g_signal_new ("played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT, G_TYPE_STRING);
}

static void
kz_sounds_init (KzSounds *self)
{
}

KzSounds *
kz_sounds_new (GSettings *settings)
{
  KzSounds *self = g_object_new (KZ_TYPE_SOUNDS, NULL);

  if (settings != NULL)
    self->settings = g_object_ref (settings);
  return self;
}
