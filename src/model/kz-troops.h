/* kz-troops.h — the troops the pieces show: for each side and troop type
 * a name, a short history and the sources it was written from.
 *
 * All pieces move alike (RULES.md); the troop of a piece is decoration
 * fixed by its start point (kz-game.h).  This table is what the Troops
 * page and `kazaki-cli troops` show.  Names and histories are English
 * source text marked for gettext (translate them when showing them);
 * the sources are bibliographic data and are not translated.  Every
 * sentence of a history is backed by a passage of one of the entry's
 * sources: doc/SOURCES.md quotes them.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <glib.h>

#include "kz-game.h"

G_BEGIN_DECLS

typedef struct {
  const char *author;   /* as the source names it, or its editors */
  const char *title;    /* article and work */
  const char *year;     /* of the edition read */
  const char *url;      /* where it was read */
} KzTroopSource;

#define KZ_TROOP_MAX_SOURCES 4

typedef struct {
  KzSide        side;
  KzTroop       troop;
  const char   *key;      /* "hetman", "sipahi", … (untranslated, for the CLI) */
  const char   *name;     /* marked for gettext: "Hetman" */
  const char   *history;  /* marked for gettext: 3 to 6 sentences */
  KzTroopSource sources[KZ_TROOP_MAX_SOURCES];   /* author == NULL ends the list */
} KzTroopInfo;

/* The entries, Cossacks first, in the order of KzTroop; *n gets their number. */
const KzTroopInfo *kz_troops_get_all (guint *n);
/* The entry of a side's troop type; never NULL. */
const KzTroopInfo *kz_troops_lookup (KzSide side, KzTroop troop);
/* Its number of sources. */
guint              kz_troop_info_count_sources (const KzTroopInfo *info);
/* "Author, Title, Year" of source i, newly allocated. */
char              *kz_troop_source_format (const KzTroopSource *source);
/* The points where this troop stands in the start position, in point
 * order; returns how many (at most max). */
guint              kz_troop_info_start_points (const KzTroopInfo *info, int *points, guint max);

G_END_DECLS
