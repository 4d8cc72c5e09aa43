/* remove-files.h — removing what a test wrote in its temporary folder:
 * a games database with SQLite's files beside it, a flat folder.  Header
 * only: the tests are one file each.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>
#include <glib/gstdio.h>

/* The database file at `path` and SQLite's files beside it (-wal, -shm,
 * -journal), those that are there. */
static inline void
remove_database (const char *path)
{
  static const char *const suffixes[] = { "", "-wal", "-shm", "-journal" };

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    {
      g_autofree char *name = g_strconcat (path, suffixes[i], NULL);
      g_unlink (name);
    }
}

/* Every file (and empty folder) in the folder `dir`, then the folder. */
static inline void
remove_dir (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d && (name = g_dir_read_name (d)))
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_remove (path);
    }
  g_rmdir (dir);
}
