/* fuzz-replay.c — runs every file of the given corpus folders (or the
 * given files) through a harness's LLVMFuzzerTestOneInput(), so the
 * normal test suite checks the kept corpus without clang or libFuzzer.
 * Prints TAP, one line per file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "fuzz-common.h"

#include <dirent.h>
#include <sys/stat.h>

static int n_run;

static int
compare (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static void
run_file (const char *path)
{
  FILE *f = fopen (path, "rb");
  if (f == NULL)
    {
      printf ("not ok %d - %s: cannot be opened\n", ++n_run, path);
      exit (1);
    }
  size_t cap = 4096, len = 0;
  uint8_t *buf = malloc (cap);
  size_t n;
  while (buf && (n = fread (buf + len, 1, cap - len, f)) > 0)
    {
      len += n;
      if (len == cap)
        buf = realloc (buf, cap *= 2);
    }
  fclose (f);
  if (buf == NULL)
    abort ();
  /* An exact-size copy, so a read past the end is seen by ASan. */
  uint8_t *exact = malloc (len ? len : 1);
  memcpy (exact, buf, len);
  free (buf);
  LLVMFuzzerTestOneInput (exact, len);
  free (exact);
  printf ("ok %d - %s\n", ++n_run, path);
  fflush (stdout);
}

static void
run_path (const char *path)
{
  struct stat st;
  if (stat (path, &st) != 0)
    {
      printf ("not ok %d - %s: does not exist\n", ++n_run, path);
      exit (1);
    }
  if (!S_ISDIR (st.st_mode))
    {
      run_file (path);
      return;
    }
  DIR *dir = opendir (path);
  if (dir == NULL)
    abort ();
  char **names = NULL;
  size_t count = 0;
  struct dirent *e;
  while ((e = readdir (dir)) != NULL)
    {
      if (e->d_name[0] == '.')
        continue;
      names = realloc (names, (count + 1) * sizeof *names);
      size_t l = strlen (path) + strlen (e->d_name) + 2;
      names[count] = malloc (l);
      snprintf (names[count], l, "%s/%s", path, e->d_name);
      count++;
    }
  closedir (dir);
  if (count)
    qsort (names, count, sizeof *names, compare);
  for (size_t i = 0; i < count; i++)
    {
      run_file (names[i]);
      free (names[i]);
    }
  free (names);
}

int
main (int argc, char **argv)
{
  for (int i = 1; i < argc; i++)
    run_path (argv[i]);
  if (n_run == 0)
    {
      printf ("not ok 1 - no corpus file\n1..1\n");
      return 1;
    }
  printf ("1..%d\n", n_run);
  return 0;
}
