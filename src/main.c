/* main.c — starts Kazaki.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "kz-application.h"

/* Where the translations are: $KAZAKI_LOCALEDIR, else the build tree's
 * po/ when this program is the one in the build tree (./build-aux/run),
 * else the install prefix's. */
static gboolean in_build_tree (void);

static char *
locale_dir (void)
{
  const char *dir = g_getenv ("KAZAKI_LOCALEDIR");

  if (dir && *dir)
    return g_strdup (dir);
  if (in_build_tree () && g_file_test (BUILD_LOCALEDIR, G_FILE_TEST_IS_DIR))
    return g_strdup (BUILD_LOCALEDIR);
  return g_strdup (LOCALEDIR);
}

/* The program of a build tree (not installed). */
static gboolean
in_build_tree (void)
{
  g_autofree char *exe = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *exe_dir = exe ? g_path_get_dirname (exe) : NULL;

  return exe_dir && g_str_equal (exe_dir, BUILD_BINDIR);
}

/* The settings schema must be installed (or found through
 * GSETTINGS_SCHEMA_DIR): GSettings aborts without it.  Says what to do
 * instead. */
static gboolean
schema_found (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr (GSettingsSchema) schema = NULL;

  if (source)
    schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
  if (schema)
    return TRUE;
  /* Translators: %s is the schema's name, io.github.kazaki.Kazaki */
  g_printerr (_("Kazaki cannot start: its settings schema %s is not installed."), APPLICATION_ID);
  g_printerr ("\n");
  if (in_build_tree ())
    {
      g_autofree char *build = g_path_get_dirname (BUILD_BINDIR);
      /* Translators: the first %s is a build folder; keep the commands as they are */
      g_printerr (_("To run it from the build folder, use “meson devenv -C %s kazaki” or “build-aux/run”."),
                  build);
    }
  else
    g_printerr (_("Install Kazaki (meson install), or set GSETTINGS_SCHEMA_DIR to the folder of its compiled schema."));
  g_printerr ("\n");
  return FALSE;
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *locales = locale_dir ();
  g_autoptr (KzApplication) app = NULL;

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, locales);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);
  if (!schema_found ())
    return 1;

  app = kz_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
