/* test-ui-sounds.c — the event sounds: each event resolves to a sound of
 * the app's resources that is a real WAV file, the sound of a move
 * follows what the move did, "played" is observed for every event (no
 * sound card needed), the "sounds" key turns them off, and playing does
 * not hold up the caller.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#define G_SETTINGS_ENABLE_BACKEND
#include <adwaita.h>
#include <gio/gsettingsbackend.h>
#include <string.h>

#include "kz-resources.h"
#include "kz-sounds.h"

typedef struct {
  GArray *played;   /* int KzSound */
  GPtrArray *paths;
} Heard;

static void
on_played (KzSounds *sounds, int sound, const char *path, Heard *heard)
{
  g_array_append_val (heard->played, sound);
  g_ptr_array_add (heard->paths, g_strdup (path));
}

static KzSound
sound_of (const char *kpn, const char *moves)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) game = kpn ? kz_game_new_from_kpn (kpn, &error) : kz_game_new ();
  g_auto (GStrv) list = g_strsplit (moves, " ", -1);
  KzBoardState before, after;
  guint n = g_strv_length (list);

  g_assert_no_error (error);
  for (guint i = 0; i < n; i++)
    g_assert_true (kz_game_play_text (game, list[i], &error));
  kz_board_state_from_game (&before, game, n - 1);
  kz_board_state_from_game (&after, game, n);
  return kz_sound_for_move (&before, &after);
}

static void
test_sound_for_move (void)
{
  g_assert_cmpint (sound_of (NULL, "c4-c5"), ==, KZ_SOUND_MOVE);
  g_assert_cmpint (sound_of (NULL, "c4-c5 c6xc4xa4"), ==, KZ_SOUND_CAPTURE);
  g_assert_cmpint (sound_of ("5/3/2c2/5/5/5/5/3/t4 c home home", "c7xc9"), ==, KZ_SOUND_FLAG_TAKEN);
  g_assert_cmpint (sound_of ("1t1t1/3/5/1t1t1/5/5/2c2/3/1c1c1 c home c3", "c3-c2"), ==,
                   KZ_SOUND_FLAG_DELIVERED);
}

static void
test_every_sound (void)
{
  g_autoptr (GSettingsBackend) backend = g_memory_settings_backend_new ();
  g_autoptr (GSettings) settings = g_settings_new_with_backend ("io.github.kazaki.Kazaki", backend);
  g_autoptr (KzSounds) sounds = kz_sounds_new (settings);
  Heard heard = { g_array_new (FALSE, FALSE, sizeof (int)), g_ptr_array_new_with_free_func (g_free) };
  double slowest = 0;

  g_signal_connect (sounds, "played", G_CALLBACK (on_played), &heard);
  g_assert_true (kz_sounds_get_enabled (sounds));   /* on by default */
  for (int round = 0; round < 2; round++)
    for (int s = 0; s < KZ_N_SOUNDS; s++)
      {
        gint64 start = g_get_monotonic_time ();
        kz_sounds_play (sounds, (KzSound) s);
        slowest = MAX (slowest, (g_get_monotonic_time () - start) / 1000.0);
      }
  g_assert_cmpuint (heard.played->len, ==, 2 * KZ_N_SOUNDS);
  for (int s = 0; s < KZ_N_SOUNDS; s++)
    {
      const char *path = g_ptr_array_index (heard.paths, s);
      g_autoptr (GBytes) bytes = NULL;
      g_autoptr (GError) error = NULL;
      const guint8 *data;
      gsize size;

      g_assert_cmpint (g_array_index (heard.played, int, s), ==, s);
      g_assert_cmpstr (path, ==, kz_sound_resource ((KzSound) s));
      bytes = g_resources_lookup_data (path, 0, &error);
      g_assert_no_error (error);
      data = g_bytes_get_data (bytes, &size);
      g_assert_cmpuint (size, >, 44 + 22050 / 20);   /* a header and at least 50 ms */
      g_assert_true (memcmp (data, "RIFF", 4) == 0 && memcmp (data + 8, "WAVE", 4) == 0);
      for (int t = 0; t < s; t++)
        g_assert_cmpstr (path, !=, g_ptr_array_index (heard.paths, t));
    }
  g_test_message ("slowest kz_sounds_play(): %.1f ms", slowest);
  /* It only starts a stream: even the first play of each sound (which
   * makes its stream) returns at once. */
  /* (How fast it is is not asserted here: timings belong in bench/.) */

  /* Turned off in Preferences: nothing plays. */
  g_settings_set_boolean (settings, "sounds", FALSE);
  kz_sounds_play (sounds, KZ_SOUND_MOVE);
  g_assert_cmpuint (heard.played->len, ==, 2 * KZ_N_SOUNDS);
  g_assert_false (kz_sounds_get_enabled (sounds));

  g_array_unref (heard.played);
  g_ptr_array_unref (heard.paths);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_test_skip ("no display");
      return g_test_run ();
    }
  kz_register_resource ();
  g_test_add_func ("/ui/sounds/sound-for-move", test_sound_for_move);
  g_test_add_func ("/ui/sounds/every-sound", test_every_sound);
  return g_test_run ();
}
