/* test-model-lesson.c — the lessons of Learn: loading (from the GResource
 * and from files, a broken file skipped), the engine's check, playing a
 * step, the progress table, and `kazaki-cli lessons`.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib/gstdio.h>

#include "kz-lesson.h"
#include "old-schema.h"
#include "remove-files.h"
#include "run-cli.h"

static char *
source_path (const char *rel)
{
  return g_build_filename (g_getenv ("G_TEST_SRCDIR"), "..", rel, NULL);
}

/* The "## " headings of doc/RULES.md. */
static GPtrArray *
rules_sections (void)
{
  g_autofree char *path = source_path ("doc/RULES.md");
  g_autofree char *text = NULL;
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  GPtrArray *sections = g_ptr_array_new_with_free_func (g_free);
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);
  for (int i = 0; lines[i]; i++)
    if (g_str_has_prefix (lines[i], "## "))
      g_ptr_array_add (sections, g_strstrip (g_strdup (lines[i] + 3)));
  return sections;
}

static void
test_builtin (void)
{
  g_autoptr(GPtrArray) skipped = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) lessons = kz_lessons_load_builtin (skipped);
  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) sections = rules_sections ();
  g_autoptr(GHashTable) taught = g_hash_table_new (g_str_hash, g_str_equal);

  g_assert_cmpuint (skipped->len, ==, 0);
  g_assert_cmpuint (lessons->len, >=, 12);
  for (guint i = 0; i < lessons->len; i++)
    {
      KzLesson *l = lessons->pdata[i];
      g_assert_cmpuint (kz_lesson_get_n_steps (l), >=, 2);
      kz_lesson_check (l, problems);
      for (const char *const *r = kz_lesson_get_rules (l); *r; r++)
        g_hash_table_add (taught, (gpointer) *r);
    }
  for (guint i = 0; i < problems->len; i++)
    g_test_message ("%s", (char *) problems->pdata[i]);
  g_assert_cmpuint (problems->len, ==, 0);
  /* every section of the rules is taught by some lesson */
  g_assert_cmpuint (sections->len, >=, 5);
  for (guint i = 0; i < sections->len; i++)
    if (!g_hash_table_contains (taught, sections->pdata[i]))
      g_error ("no lesson teaches the section “%s” of doc/RULES.md", (char *) sections->pdata[i]);
}

/* The files in data/lessons are what the resource holds. */
static void
test_dir_matches_resource (void)
{
  g_autofree char *dir = source_path ("data/lessons");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) from_dir = kz_lessons_load_dir (dir, NULL, &error);
  g_autoptr(GPtrArray) builtin = kz_lessons_load_builtin (NULL);
  g_assert_no_error (error);
  g_assert_cmpuint (from_dir->len, ==, builtin->len);
  for (guint i = 0; i < builtin->len; i++)
    g_assert_cmpstr (kz_lesson_get_id (from_dir->pdata[i]), ==,
                     kz_lesson_get_id (builtin->pdata[i]));
}

static const char good_lesson[] =
  "[Lesson]\n"
  "Title=Test\n"
  "Rules=The board\n"
  "[Step 1]\n"
  "Position=4t/3/5/5/5/5/1c3/3/5 c home home\n"
  "Task=Go to b2.\n"
  "Goal=reach b2\n"
  "Solution=b3-c3 e9-d9 c3-b2\n"
  "[Step 1 wrong b3-b2]\n"
  "Reason=not-joined\n";

static KzLesson *
lesson_from_text (const char *text, const char *name, GError **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));
  return kz_lesson_new_from_bytes (bytes, name, error);
}

static void
test_broken_skipped (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kazaki-lessons-XXXXXX", NULL);
  g_autofree char *good = g_build_filename (dir, "01-good.lesson.desktop", NULL);
  g_autofree char *bad = g_build_filename (dir, "02-bad.lesson.desktop", NULL);
  g_autofree char *good2 = g_build_filename (dir, "03-good.lesson.desktop", NULL);
  g_autofree char *broken = g_strdup (good_lesson);
  /* line 5: a position that is no KPN */
  char *p = strstr (broken, "4t/3");
  p[0] = 'x';
  g_assert_true (g_file_set_contents (good, good_lesson, -1, NULL));
  g_assert_true (g_file_set_contents (bad, broken, -1, NULL));
  g_assert_true (g_file_set_contents (good2, good_lesson, -1, NULL));

  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GError) error = NULL;
  g_test_expect_message (NULL, G_LOG_LEVEL_WARNING, "*02-bad.lesson.desktop:5:*");
  g_autoptr(GPtrArray) lessons = kz_lessons_load_dir (dir, problems, &error);
  g_test_assert_expected_messages ();
  g_assert_no_error (error);
  g_assert_cmpuint (lessons->len, ==, 2);
  g_assert_cmpstr (kz_lesson_get_id (lessons->pdata[0]), ==, "01-good");
  g_assert_cmpstr (kz_lesson_get_id (lessons->pdata[1]), ==, "03-good");
  g_assert_cmpuint (problems->len, ==, 1);

  /* the command line names file and line too, and lists the others */
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *db = g_build_filename (dir, "unused.db", NULL);
  g_assert_cmpint (run_cli (db, &out, &err, "lessons", "--dir", dir, NULL), ==, 0);
  g_assert_cmpstr (out, ==, "01-good\tTest\tThe board\t1\n03-good\tTest\tThe board\t1\n");
  g_assert_nonnull (strstr (err, "02-bad.lesson.desktop:5:"));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (db, &out, &err, "lessons", "--dir", dir, "--check", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "02-bad.lesson.desktop:5:"));

  g_unlink (good);
  g_unlink (bad);
  g_unlink (good2);
  g_rmdir (dir);
}

static void
test_parse_errors (void)
{
  static const struct { const char *from, *to, *where; } cases[] = {
    { "Goal=reach b2", "Goal=reach b8x", "x.lesson.desktop:7:" },
    { "Rules=The board", "Rules=The boards", "x.lesson.desktop:3:" },
    { "Reason=not-joined", "Reason=far", "x.lesson.desktop:10:" },
    { "Task=Go to b2.", "Tusk=Go to b2.", "x.lesson.desktop:6:" },
    { "[Step 1 wrong b3-b2]", "[Step 2 wrong b3-b2]", "x.lesson.desktop:9:" },
    { "Solution=b3-c3 e9-d9 c3-b2", "Solution=b3-c3 e9=d9", "x.lesson.desktop:8:" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GString *text = g_string_new (good_lesson);
      g_string_replace (text, cases[i].from, cases[i].to, 1);
      g_autoptr(GError) error = NULL;
      g_autoptr(KzLesson) l = lesson_from_text (text->str, "x.lesson.desktop", &error);
      g_assert_null (l);
      g_assert_error (error, KZ_LESSON_ERROR, KZ_LESSON_ERROR_PARSE);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, cases[i].where));
      g_string_free (text, TRUE);
    }
}

/* The check finds a wrong reason, a solution that fails, and a legal
 * move explained as wrong that in fact solves the task. */
static void
test_check_fails (void)
{
  static const struct { const char *from, *to, *problem; } cases[] = {
    { "Reason=not-joined", "Reason=compulsory", "step 1: the wrong move b3-b2 is said to be illegal (compulsory)" },
    { "c3-b2\n", "c3-d3\n", "step 1: the solution's move c3-d3" },
    { "Reason=not-joined", "Why=Wrong.\n[Step 1 wrong b3-c3]\nWhy=Not so.", "the wrong move b3-c3 reaches the goal too" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      GString *text = g_string_new (good_lesson);
      g_string_replace (text, cases[i].from, cases[i].to, 1);
      g_autoptr(GError) error = NULL;
      g_autoptr(KzLesson) l = lesson_from_text (text->str, "x.lesson.desktop", &error);
      g_assert_no_error (error);
      g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
      g_assert_false (kz_lesson_check (l, problems));
      g_assert_cmpuint (problems->len, >=, 1);
      gboolean found = FALSE;
      for (guint k = 0; k < problems->len; k++)
        {
          g_test_message ("%s", (char *) problems->pdata[k]);
          g_assert_true (g_str_has_prefix (problems->pdata[k], "lesson x, step 1: "));
          found |= strstr (problems->pdata[k], cases[i].problem) != NULL;
        }
      g_assert_true (found);
      g_string_free (text, TRUE);
    }
  g_autoptr(KzLesson) ok = lesson_from_text (good_lesson, "x.lesson.desktop", NULL);
  g_autoptr(GPtrArray) none = g_ptr_array_new_with_free_func (g_free);
  g_assert_true (kz_lesson_check (ok, none));
}

static KzLesson *
builtin (const char *id)
{
  g_autoptr(GPtrArray) lessons = kz_lessons_load_builtin (NULL);
  for (guint i = 0; i < lessons->len; i++)
    if (g_str_equal (kz_lesson_get_id (lessons->pdata[i]), id))
      return g_object_ref (lessons->pdata[i]);
  g_error ("no lesson %s", id);
}

static void
test_run_step (void)
{
  g_autoptr(KzLesson) l = builtin ("01-board");
  g_autoptr(KzLessonRun) run = kz_lesson_run_new (kz_lesson_get_step (l, 0));
  g_autofree char *why = NULL;
  KzMove m;
  char text[KZ_MOVE_STR_MAX];

  g_assert_cmpint (kz_lesson_run_try_move (run, "b3-b2", &why), ==, KZ_VERDICT_WRONG);
  g_assert_cmpstr (why, ==, "b3 and b2 are not joined: a triangle is entered and left only "
                            "through its apex, c3.");
  g_clear_pointer (&why, g_free);
  g_assert_cmpstr (kz_lesson_run_get_hint_move (run), ==, "b3-c3");
  g_assert_cmpint (kz_lesson_run_try_move (run, "b3-c3", &why), ==, KZ_VERDICT_GOOD);
  g_assert_null (why);
  g_assert_true (kz_lesson_run_answer (run, &m, text));
  g_assert_cmpstr (text, ==, "e9-d9");
  /* a legal move that does not reach b2 in time */
  g_assert_cmpint (kz_lesson_run_try_move (run, "c3-c4", &why), ==, KZ_VERDICT_WRONG);
  g_assert_cmpstr (why, ==, "This way no piece of yours gets to b2 in time.");
  g_clear_pointer (&why, g_free);
  g_assert_cmpint (kz_lesson_run_try_move (run, "c3-b2", &why), ==, KZ_VERDICT_SOLVED);
  g_assert_true (kz_lesson_run_is_solved (run));

  /* capturing is compulsory, with the piece that can capture named */
  g_autoptr(KzLesson) c = builtin ("05-compulsory");
  g_autoptr(KzLessonRun) run2 = kz_lesson_run_new (kz_lesson_get_step (c, 0));
  g_assert_cmpint (kz_lesson_run_try_move (run2, "a3-a4", &why), ==, KZ_VERDICT_WRONG);
  g_assert_cmpstr (why, ==, "Capturing is compulsory: your piece on c4 can take d4.");
  g_clear_pointer (&why, g_free);

  /* off the script, the opponent's answer comes from the engine */
  g_autoptr(KzLesson) b = builtin ("01-board");
  g_autoptr(KzLessonRun) run3 = kz_lesson_run_new (kz_lesson_get_step (b, 1));
  g_assert_cmpstr (kz_lesson_run_get_hint_move (run3), ==, "b4-b5");
  g_assert_cmpint (kz_lesson_run_try_move (run3, "b4-c4", &why), ==, KZ_VERDICT_GOOD);
  g_assert_null (kz_lesson_run_get_hint_move (run3));
  g_assert_true (kz_lesson_run_answer (run3, &m, text));
  g_assert_true (g_str_has_prefix (text, "a9-"));
  g_assert_cmpint (kz_lesson_run_try_move (run3, "c4-c5", &why), ==, KZ_VERDICT_SOLVED);

  /* a question step */
  g_autoptr(KzLesson) k = builtin ("09-corners");
  g_autoptr(KzLessonRun) run4 = kz_lesson_run_new (kz_lesson_get_step (k, 0));
  g_assert_cmpint (kz_lesson_run_try_point (run4, kz_point_parse ("b4", NULL), &why), ==,
                   KZ_VERDICT_WRONG);
  g_assert_true (g_str_has_prefix (why, "The piece on b4 can be taken: a piece on "));
  g_clear_pointer (&why, g_free);
  g_assert_cmpint (kz_lesson_run_try_point (run4, kz_point_parse ("a1", NULL), &why), ==,
                   KZ_VERDICT_GOOD);
  g_assert_cmpint (kz_lesson_run_try_point (run4, kz_point_parse ("a3", NULL), &why), ==,
                   KZ_VERDICT_GOOD);
  g_assert_cmpint (kz_lesson_run_try_point (run4, kz_point_parse ("e3", NULL), &why), ==,
                   KZ_VERDICT_SOLVED);
}

static void
test_progress (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kazaki-lesson-db-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "games.db", NULL);
  g_autoptr(GError) error = NULL;
  {
    g_autoptr(KzStore) store = kz_store_open (path, &error);
    g_assert_no_error (error);
    g_autoptr(GHashTable) done = kz_store_get_lessons_done (store, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (g_hash_table_size (done), ==, 0);
    g_assert_true (kz_store_set_lesson_done (store, "01-board", &error));
    g_assert_true (kz_store_set_lesson_done (store, "01-board", &error));
    g_assert_no_error (error);
  }
  {
    g_autoptr(KzStore) store = kz_store_open (path, &error);
    g_autoptr(GHashTable) done = kz_store_get_lessons_done (store, &error);
    g_assert_no_error (error);
    g_assert_cmpuint (g_hash_table_size (done), ==, 1);
    g_assert_true (g_hash_table_contains (done, "01-board"));
  }
  remove_database (path);

  /* a database of schema 8 gets the table */
  old_schema_write_game (path, 8, 2);
  {
    g_autoptr(KzStore) store = kz_store_open (path, &error);
    g_assert_no_error (error);
    g_assert_cmpint (old_schema_version_of (store), ==, KZ_STORE_SCHEMA_VERSION);
    g_assert_true (kz_store_set_lesson_done (store, "02-step", &error));
    g_assert_no_error (error);
    g_autoptr(GHashTable) done = kz_store_get_lessons_done (store, &error);
    g_assert_true (g_hash_table_contains (done, "02-step"));
  }
  remove_database (path);
  g_rmdir (dir);
}

static void
test_cli (void)
{
  g_autofree char *out = NULL, *err = NULL;
  g_autofree char *dir = g_dir_make_tmp ("kazaki-lesson-cli-XXXXXX", NULL);
  g_autofree char *db = g_build_filename (dir, "unused.db", NULL);
  g_autoptr(GPtrArray) lessons = kz_lessons_load_builtin (NULL);

  g_assert_cmpint (run_cli (db, &out, &err, "lessons", NULL), ==, 0);
  g_auto(GStrv) lines = g_strsplit (out, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), ==, lessons->len + 1);
  g_assert_cmpstr (lines[0], ==, "01-board\tThe board and its lines\t"
                                 "Pieces and sides,The board,Notation\t3");
  for (guint i = 0; i < lessons->len; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], "\t", -1);
      g_assert_cmpuint (g_strv_length (f), ==, 4);
      g_assert_cmpstr (f[0], ==, kz_lesson_get_id (lessons->pdata[i]));
    }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (run_cli (db, &out, &err, "lessons", "--check", NULL), ==, 0);
  g_assert_nonnull (strstr (out, ": 0 problems, 0 files skipped"));
  g_assert_cmpstr (err, ==, "");
  g_rmdir (dir);
}

/* `lessons --check` names lesson, step and reason, and fails. */
static void
test_cli_check_fails (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kazaki-lesson-cli-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "05-bad.lesson.desktop", NULL);
  g_autofree char *db = g_build_filename (dir, "unused.db", NULL);
  GString *text = g_string_new (good_lesson);
  g_string_replace (text, "Reason=not-joined", "Reason=not-free", 1);
  g_assert_true (g_file_set_contents (file, text->str, -1, NULL));
  g_string_free (text, TRUE);
  g_autofree char *out = NULL, *err = NULL;
  g_assert_cmpint (run_cli (db, &out, &err, "lessons", "--dir", dir, "--check", NULL), ==, 1);
  g_assert_nonnull (strstr (err, "lesson 05-bad, step 1: the wrong move b3-b2 is said to be "
                                 "illegal (not-free)"));
  g_unlink (file);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/model/lesson/builtin-all-pass", test_builtin);
  g_test_add_func ("/model/lesson/files-match-resource", test_dir_matches_resource);
  g_test_add_func ("/model/lesson/broken-file-skipped", test_broken_skipped);
  g_test_add_func ("/model/lesson/parse-errors-name-line", test_parse_errors);
  g_test_add_func ("/model/lesson/check-finds-problems", test_check_fails);
  g_test_add_func ("/model/lesson/run-step", test_run_step);
  g_test_add_func ("/model/lesson/progress", test_progress);
  g_test_add_func ("/model/lesson/cli", test_cli);
  g_test_add_func ("/model/lesson/cli-check-fails", test_cli_check_fails);
  return g_test_run ();
}
