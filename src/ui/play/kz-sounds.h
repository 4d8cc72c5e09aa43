/* kz-sounds.h — the game's event sounds.
 *
 * One sound per event (data/sounds, made by data/sounds/generate.py),
 * played through GTK's own media support (GtkMediaFile; on Debian this
 * needs libgtk-4-media-gstreamer, in the GNOME runtime it is there).
 * Playing never waits: each sound's stream is made once and started.
 * The GSettings key "sounds" turns them off.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "kz-board-view.h"

G_BEGIN_DECLS

typedef enum {
  KZ_SOUND_NONE = -1,
  KZ_SOUND_MOVE = 0,
  KZ_SOUND_CAPTURE,
  KZ_SOUND_FLAG_TAKEN,
  KZ_SOUND_FLAG_DELIVERED,
  KZ_SOUND_GAME_END,
  KZ_SOUND_LOW_TIME,
  KZ_N_SOUNDS
} KzSound;

#define KZ_TYPE_SOUNDS (kz_sounds_get_type ())
G_DECLARE_FINAL_TYPE (KzSounds, kz_sounds, KZ, SOUNDS, GObject)

/* Signal "played" (int KzSound, const char *resource path): a sound was
 * started (emitted also where no media backend can make it heard; tests
 * observe it). */

/* settings: the app's GSettings (key "sounds"), or NULL for always on. */
KzSounds   *kz_sounds_new           (GSettings *settings);
void        kz_sounds_play          (KzSounds  *self,
                                     KzSound    sound);
gboolean    kz_sounds_get_enabled   (KzSounds  *self);
/* The resource of a sound, e.g. "/io/github/kazaki/Kazaki/sounds/move.wav". */
const char *kz_sound_resource       (KzSound    sound);
/* The sound of a move shown from `before` to `after`: flag delivered,
 * flag taken, capture or move. */
KzSound     kz_sound_for_move       (const KzBoardState *before,
                                     const KzBoardState *after);

G_END_DECLS
