/* test-ui-file-names.c — what the user is told about a file names the
 * file, not the path the app sees (in a Flatpak, the document portal's
 * /run/user/UID/doc/ID/NAME). No display needed.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-file-chooser.h"

#include <glib/gstdio.h>
#include <string.h>

typedef struct {
  char *dir;     /* stands for /run/user/UID/doc/ID */
} Fixture;

static void
fixture_set_up (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *tmp = g_dir_make_tmp ("kazaki-names-XXXXXX", &error);
  g_assert_no_error (error);
  f->dir = g_build_filename (tmp, "doc", "a1b2c3d4", NULL);
  g_assert_cmpint (g_mkdir_with_parents (f->dir, 0700), ==, 0);
}

static void
remove_tree (GFile *file)
{
  g_autoptr (GFileEnumerator) children =
    g_file_enumerate_children (file, G_FILE_ATTRIBUTE_STANDARD_NAME,
                               G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  GFileInfo *info;
  while (children && (info = g_file_enumerator_next_file (children, NULL, NULL)))
    {
      g_autoptr (GFile) child = g_file_get_child (file, g_file_info_get_name (info));
      remove_tree (child);
      g_object_unref (info);
    }
  g_file_delete (file, NULL, NULL);
}

static void
fixture_tear_down (Fixture *f, gconstpointer data)
{
  g_autofree char *top = g_path_get_dirname (f->dir);
  g_autofree char *tmp = g_path_get_dirname (top);
  g_autoptr (GFile) file = g_file_new_for_path (tmp);
  remove_tree (file);
  g_free (f->dir);
}

static void
test_existing_file (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "exported.kgn", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *name = NULL;

  g_assert_true (g_file_set_contents (path, "[Event \"x\"]\n", -1, NULL));
  name = kz_file_dup_display_name (file);
  g_assert_cmpstr (name, ==, "exported.kgn");
}

static void
test_file_to_be_saved (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "new game.kgn", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *name = kz_file_dup_display_name (file);

  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpstr (name, ==, "new game.kgn");
}

static void
test_not_utf8 (Fixture *f, gconstpointer data)
{
  /* A name in Latin-1 on a UTF-8 system: shown as valid UTF-8. */
  g_autofree char *path = g_build_filename (f->dir, "partie-\xe9t\xe9.kgn", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *name = NULL;

  g_assert_true (g_file_set_contents (path, "", -1, NULL));
  name = kz_file_dup_display_name (file);
  g_assert_true (g_utf8_validate (name, -1, NULL));
  g_assert_true (g_str_has_prefix (name, "partie-"));
  g_assert_nonnull (strstr (name, ".kgn"));
  g_assert_null (strchr (name, '/'));
}

static void
test_error_message (Fixture *f, gconstpointer data)
{
  g_autofree char *path = g_build_filename (f->dir, "exported.kgn", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autofree char *parse_name = g_file_get_parse_name (file);
  g_autoptr (GError) error = g_error_new (G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED,
                                          "Error opening file “%s”: Permission denied",
                                          parse_name);
  g_autofree char *message = kz_file_error_message (file, error);
  g_autoptr (GError) other = g_error_new_literal (G_IO_ERROR, G_IO_ERROR_NO_SPACE, "No space");
  g_autofree char *unchanged = kz_file_error_message (file, other);

  g_assert_cmpstr (message, ==, "Error opening file “exported.kgn”: Permission denied");
  g_assert_cmpstr (unchanged, ==, "No space");
}

static void
test_real_gio_error (Fixture *f, gconstpointer data)
{
  /* Whatever GIO says when a save fails, the folder's path is not in it. */
  g_autofree char *path = g_build_filename (f->dir, "missing", "exported.kgn", NULL);
  g_autoptr (GFile) file = g_file_new_for_path (path);
  g_autoptr (GError) error = NULL;
  g_autofree char *message = NULL;

  g_assert_false (g_file_replace_contents (file, "x", 1, NULL, FALSE, G_FILE_CREATE_NONE,
                                           NULL, NULL, &error));
  g_assert_nonnull (error);
  message = kz_file_error_message (file, error);
  g_assert_null (strstr (message, f->dir));
  g_assert_cmpstr (message, !=, "");
}

static void
test_root (void)
{
  g_autoptr (GFile) file = g_file_new_for_path ("/");
  g_autofree char *name = kz_file_dup_display_name (file);
  g_assert_nonnull (name);
  g_assert_cmpstr (name, !=, "");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add ("/file-names/existing", Fixture, NULL, fixture_set_up, test_existing_file,
              fixture_tear_down);
  g_test_add ("/file-names/to-be-saved", Fixture, NULL, fixture_set_up, test_file_to_be_saved,
              fixture_tear_down);
  g_test_add ("/file-names/not-utf8", Fixture, NULL, fixture_set_up, test_not_utf8,
              fixture_tear_down);
  g_test_add ("/file-names/error-message", Fixture, NULL, fixture_set_up, test_error_message,
              fixture_tear_down);
  g_test_add ("/file-names/real-gio-error", Fixture, NULL, fixture_set_up, test_real_gio_error,
              fixture_tear_down);
  g_test_add_func ("/file-names/root", test_root);
  return g_test_run ();
}
