/* run-cli.h — runs kazaki-cli ($KAZAKI_CLI) on a database, for the model
 * tests of its commands (test-model-cli.c, test-model-analysis.c,
 * test-model-kgn-tree.c).  Header only: each of those tests is one file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stdarg.h>
#include <sys/wait.h>
#include <glib.h>

static inline int run_cli (const char *db, char **out, char **err, ...) G_GNUC_NULL_TERMINATED;

/* Runs $KAZAKI_CLI --db DB ARGS... (NULL-terminated): its standard output
 * in *out and its error output in *err, newly allocated (dropped where
 * NULL).  Returns its exit status, -1 when it did not exit. */
static inline int
run_cli (const char *db, char **out, char **err, ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  char *o = NULL, *e = NULL;
  const char *arg;
  int status = 0;
  va_list ap;

  g_ptr_array_add (argv, (gpointer) g_getenv ("KAZAKI_CLI"));
  g_ptr_array_add (argv, (gpointer) "--db");
  g_ptr_array_add (argv, (gpointer) db);
  va_start (ap, err);
  while ((arg = va_arg (ap, const char *)))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &o, &e, &status, &error));
  g_assert_no_error (error);
  if (out)
    *out = o;
  else
    g_free (o);
  if (err)
    *err = e;
  else
    g_free (e);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}
