/* kz-cli-lessons.c — `kazaki-cli lessons`: the lessons of Learn, listed
 * or checked with the engine.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-cli.h"
#include "kz-lesson.h"

#include <string.h>

static const char lessons_help[] =
  "Usage: kazaki-cli lessons [--check] [--dir DIR]\n"
  "\n"
  "Lists the lessons of Learn, one a line: ID, TITLE, RULES (the sections of\n"
  "doc/RULES.md the lesson teaches, comma-separated) and STEPS, separated by tabs.\n"
  "\n"
  "  --check    verify every lesson with the engine: each solution is legal and\n"
  "             reaches its goal against any defence, each explained wrong move\n"
  "             is illegal for the reason given or fails; exit 0 only when all pass\n"
  "  --dir DIR  read the lesson files (*.lesson.desktop) of DIR instead of the\n"
  "             lessons built into Kazaki\n"
  "A lesson file that does not load is skipped with a warning naming file and line.\n";

int
kz_cli_lessons (int argc, char **argv, const KzCliGlobal *global)
{
  (void) global;
  gboolean check = FALSE;
  const char *dir = NULL;
  for (int i = 1; i < argc;)
    {
      const char *value;
      bool missing;
      if (kz_cli_is_help (argv[i]))
        {
          fputs (lessons_help, stdout);
          return KZ_CLI_OK;
        }
      if (strcmp (argv[i], "--check") == 0)
        {
          check = TRUE;
          i++;
          continue;
        }
      if (kz_cli_option (argc, argv, &i, "--dir", &value, &missing))
        {
          if (missing)
            return kz_cli_bad_input ("lessons", "--dir needs a DIR");
          dir = value;
          continue;
        }
      return kz_cli_bad_input ("lessons", "unexpected argument '%s' (see kazaki-cli lessons --help)",
                               argv[i]);
    }

  g_autoptr(GPtrArray) skipped = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GPtrArray) lessons = NULL;
  if (dir)
    {
      g_autoptr(GError) error = NULL;
      lessons = kz_lessons_load_dir (dir, skipped, &error);
      if (lessons == NULL)
        return kz_cli_failure ("lessons", "%s", error->message);
    }
  else
    lessons = kz_lessons_load_builtin (skipped);

  if (!check)
    {
      for (guint i = 0; i < lessons->len; i++)
        {
          KzLesson *l = lessons->pdata[i];
          g_autofree char *rules = g_strjoinv (",", (char **) kz_lesson_get_rules (l));
          printf ("%s\t%s\t%s\t%u\n", kz_lesson_get_id (l), kz_lesson_get_title (l), rules,
                  kz_lesson_get_n_steps (l));
        }
      return KZ_CLI_OK;
    }

  g_autoptr(GPtrArray) problems = g_ptr_array_new_with_free_func (g_free);
  guint steps = 0;
  for (guint i = 0; i < lessons->len; i++)
    {
      KzLesson *l = lessons->pdata[i];
      steps += kz_lesson_get_n_steps (l);
      if (kz_lesson_check (l, problems))
        printf ("ok\t%s\t%u steps\n", kz_lesson_get_id (l), kz_lesson_get_n_steps (l));
    }
  for (guint i = 0; i < problems->len; i++)
    fprintf (stderr, "kazaki-cli lessons: %s\n", (char *) problems->pdata[i]);
  printf ("%u lessons, %u steps checked: %u problems, %u files skipped\n",
          lessons->len, steps, problems->len, skipped->len);
  if (lessons->len == 0)
    return kz_cli_failure ("lessons", "no lesson was found");
  return problems->len == 0 && skipped->len == 0 ? KZ_CLI_OK : KZ_CLI_FAILURE;
}
