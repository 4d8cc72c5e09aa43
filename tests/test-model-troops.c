/* test-model-troops.c — the troops table (kz-troops.c): one entry per
 * troop type of each side, each with a history of 3 to 6 sentences and
 * at least one source that doc/SOURCES.md quotes; kazaki-cli troops.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <string.h>
#include <glib/gstdio.h>

#include "kz-troops.h"
#include "run-cli.h"

/* Sentences end with ". " or the final "."; the histories use no
 * abbreviations with a full stop. */
static guint
count_sentences (const char *text)
{
  guint n = 0;
  for (const char *p = text; *p; p++)
    if (*p == '.' && (p[1] == ' ' || p[1] == '\0'))
      n++;
  return n;
}

static void
test_every_troop (void)
{
  guint n;
  const KzTroopInfo *all = kz_troops_get_all (&n);
  g_assert_cmpuint (n, ==, 8);
  for (int side = KZ_COSSACKS; side <= KZ_TURKS; side++)
    for (int troop = KZ_TROOP_INFANTRY; troop <= KZ_TROOP_LEADER; troop++)
      {
        guint found = 0;
        for (guint i = 0; i < n; i++)
          if ((int) all[i].side == side && (int) all[i].troop == troop)
            found++;
        g_assert_cmpuint (found, ==, 1);
        const KzTroopInfo *info = kz_troops_lookup ((KzSide) side, (KzTroop) troop);
        g_assert_cmpint (info->side, ==, side);
        g_assert_cmpint (info->troop, ==, troop);
      }
}

static void
test_histories (void)
{
  guint n;
  const KzTroopInfo *all = kz_troops_get_all (&n);
  for (guint i = 0; i < n; i++)
    {
      g_test_message ("%s", all[i].name);
      g_assert_true (all[i].key && *all[i].key);
      g_assert_true (all[i].name && *all[i].name);
      guint sentences = count_sentences (all[i].history);
      g_assert_cmpuint (sentences, >=, 3);
      g_assert_cmpuint (sentences, <=, 6);
    }
}

/* Every entry has a source with author, title, a year and the address it
 * was read at, and doc/SOURCES.md names each of them. */
static void
test_sources (void)
{
  g_autofree char *path = g_build_filename (KZ_SOURCE_DIR, "doc", "SOURCES.md", NULL);
  g_autofree char *doc = NULL;
  g_autoptr (GError) error = NULL;
  g_assert_true (g_file_get_contents (path, &doc, NULL, &error));
  g_assert_no_error (error);

  guint n;
  const KzTroopInfo *all = kz_troops_get_all (&n);
  for (guint i = 0; i < n; i++)
    {
      guint ns = kz_troop_info_count_sources (&all[i]);
      g_assert_cmpuint (ns, >=, 1);
      for (guint s = 0; s < ns; s++)
        {
          const KzTroopSource *src = &all[i].sources[s];
          g_test_message ("%s: %s", all[i].name, src->title);
          g_assert_true (src->author && *src->author);
          g_assert_true (src->title && *src->title);
          g_assert_cmpuint (strlen (src->year), ==, 4);
          g_assert_true (g_ascii_isdigit (src->year[0]) && g_ascii_isdigit (src->year[3]));
          g_assert_true (g_str_has_prefix (src->url, "http"));
          g_assert_nonnull (strstr (doc, src->url));
        }
      /* the entry has its own section in SOURCES.md */
      g_autofree char *heading = g_strdup_printf ("## %s", all[i].name);
      g_assert_nonnull (strstr (doc, heading));
    }
}

/* Each troop stands where kz-game.h says: per side 1 leader, 4 gunners,
 * 4 cavalry, 6 infantry, on its own half. */
static void
test_start_points (void)
{
  static const guint expected[] = { 6, 4, 4, 1 };
  guint n;
  const KzTroopInfo *all = kz_troops_get_all (&n);
  for (guint i = 0; i < n; i++)
    {
      int points[KZ_GRID_SIZE];
      guint np = kz_troop_info_start_points (&all[i], points, G_N_ELEMENTS (points));
      g_assert_cmpuint (np, ==, expected[all[i].troop]);
      for (guint p = 0; p < np; p++)
        {
          int rank = kz_point_rank (points[p]);
          if (all[i].side == KZ_COSSACKS)
            g_assert_cmpint (rank, <=, 3);
          else
            g_assert_cmpint (rank, >=, 5);
        }
    }
  /* the hetman stands on c1, the pasha on c9 */
  int point;
  g_assert_cmpuint (kz_troop_info_start_points (kz_troops_lookup (KZ_COSSACKS, KZ_TROOP_LEADER),
                                                &point, 1), ==, 1);
  g_assert_cmpstr (kz_point_name (point), ==, "c1");
  g_assert_cmpuint (kz_troop_info_start_points (kz_troops_lookup (KZ_TURKS, KZ_TROOP_LEADER),
                                                &point, 1), ==, 1);
  g_assert_cmpstr (kz_point_name (point), ==, "c9");
}

/* kazaki-cli troops: SIDE<TAB>TROOP<TAB>SOURCE, one line per entry. */
static void
test_cli (void)
{
  g_autofree char *dir = g_dir_make_tmp ("kazaki-troops-XXXXXX", NULL);
  g_autofree char *db = g_build_filename (dir, "unused.db", NULL);
  g_autofree char *out = NULL;
  g_assert_cmpint (run_cli (db, &out, NULL, "troops", NULL), ==, 0);
  g_auto (GStrv) lines = g_strsplit (g_strchomp (out), "\n", -1);
  guint n;
  const KzTroopInfo *all = kz_troops_get_all (&n);
  g_assert_cmpuint (g_strv_length (lines), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i], "\t", -1);
      g_assert_cmpuint (g_strv_length (fields), ==, 3);
      g_assert_cmpstr (fields[0], ==, all[i].side == KZ_COSSACKS ? "cossacks" : "turks");
      g_assert_cmpstr (fields[1], ==, all[i].key);
      g_assert_nonnull (strstr (fields[2], all[i].sources[0].title));
      g_assert_nonnull (strstr (fields[2], all[i].sources[0].year));
    }
  /* no database was made */
  g_assert_false (g_file_test (db, G_FILE_TEST_EXISTS));
  g_assert_cmpint (run_cli (db, NULL, NULL, "troops", "extra", NULL), ==, 2);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/troops/every-troop", test_every_troop);
  g_test_add_func ("/troops/histories", test_histories);
  g_test_add_func ("/troops/sources", test_sources);
  g_test_add_func ("/troops/start-points", test_start_points);
  g_test_add_func ("/troops/cli", test_cli);
  return g_test_run ();
}
