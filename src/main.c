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
static char *
locale_dir (void)
{
  const char *dir = g_getenv ("KAZAKI_LOCALEDIR");
  g_autofree char *exe = NULL;
  g_autofree char *exe_dir = NULL;

  if (dir && *dir)
    return g_strdup (dir);
  exe = g_file_read_link ("/proc/self/exe", NULL);
  exe_dir = exe ? g_path_get_dirname (exe) : NULL;
  if (exe_dir && g_str_equal (exe_dir, BUILD_BINDIR)
      && g_file_test (BUILD_LOCALEDIR, G_FILE_TEST_IS_DIR))
    return g_strdup (BUILD_LOCALEDIR);
  return g_strdup (LOCALEDIR);
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

  app = kz_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
