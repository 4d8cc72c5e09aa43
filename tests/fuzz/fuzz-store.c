/* fuzz-store.c — opening a damaged database.  The input is written as a
 * database file; opening it (for writing and for reading only) either
 * fails with a KZ_STORE_ERROR whose message names the file, or gives a
 * store whose games can be listed, loaded and exported without a crash.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-common.h"

#include <glib/gstdio.h>
#include <stdlib.h>

#include "kz-kgn.h"
#include "kz-store.h"

static char *dir;
static char *path;

static void
remove_files (void)
{
  static const char *const suffixes[] = { "", "-wal", "-shm", "-journal" };
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *name = g_strconcat (path, suffixes[i], NULL);
      g_unlink (name);
    }
}

/* At exit: the folder goes too (one per run, not per input). */
static void
remove_dir (void)
{
  remove_files ();
  g_rmdir (dir);
}

static void
exercise (KzStore *store)
{
  guint count = 0;
  GError *error = NULL;
  if (!kz_store_count_games (store, NULL, &count, &error))
    {
      FUZZ_CHECK (error != NULL && g_utf8_validate (error->message, -1, NULL));
      g_clear_error (&error);
    }
  g_autoptr (GPtrArray) list = kz_store_list_games (store, NULL, 0, 20, &error);
  if (list == NULL)
    {
      FUZZ_CHECK (error != NULL);
      g_clear_error (&error);
      return;
    }
  for (guint i = 0; i < list->len; i++)
    {
      KzGameInfo *info = g_ptr_array_index (list, i);
      g_autoptr (KzGame) game = kz_store_load_game (store, info->id, &error);
      if (game == NULL)
        {
          FUZZ_CHECK (error != NULL && error->domain == KZ_STORE_ERROR);
          g_clear_error (&error);
          continue;
        }
      g_autofree char *text = kz_kgn_export_game (game);
      FUZZ_CHECK (text != NULL && g_utf8_validate (text, -1, NULL));
      kz_game_detach (game);
    }
  g_autoptr (GPtrArray) imports = kz_store_list_imports (store, &error);
  if (imports == NULL)
    g_clear_error (&error);
  gint64 id = 0;
  if (!kz_store_find_unfinished (store, &id, &error))
    g_clear_error (&error);
}

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  if (size > 262144)
    return 0;
  if (dir == NULL)
    {
      dir = g_dir_make_tmp ("kazaki-fuzz-store-XXXXXX", NULL);
      FUZZ_CHECK (dir != NULL);
      path = g_build_filename (dir, "games.db", NULL);
      atexit (remove_dir);
    }
  for (int mode = 0; mode < 2; mode++)
    {
      remove_files ();
      FUZZ_CHECK (g_file_set_contents (path, (const char *) data, (gssize) size, NULL));
      GError *error = NULL;
      KzStore *store = mode == 0 ? kz_store_open_existing (path, &error)
                                 : kz_store_open_for_reading (path, &error);
      if (store == NULL)
        {
          FUZZ_CHECK (error != NULL && error->domain == KZ_STORE_ERROR);
          FUZZ_CHECK (g_utf8_validate (error->message, -1, NULL));
          FUZZ_CHECK (strstr (error->message, path) != NULL);
          g_error_free (error);
          continue;
        }
      exercise (store);
      g_object_unref (store);
    }
  remove_files ();
  return 0;
}
