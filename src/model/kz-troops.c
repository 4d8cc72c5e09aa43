/* kz-troops.c — the troops the pieces show, their histories and sources.
 *
 * Every sentence below is backed by a quoted passage in doc/SOURCES.md;
 * change a history only together with that file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-troops.h"

#include <glib/gi18n-lib.h>

/* ---- sources ---------------------------------------------------------- */

#define EOU_KHOTYN \
  { "Encyclopedia of Ukraine, ed. Volodymyr Kubijovyč", \
    "\"Khotyn, Battle of\", Encyclopedia of Ukraine, vol. 2", "1988", \
    "https://encyclopediaofukraine.com/display.asp?linkpath=pages%5CK%5CH%5CKhotynBattleof.htm" }
#define EOU_HOST \
  { "Encyclopedia of Ukraine, ed. Danylo Husar Struk", \
    "\"Zaporozhian Host\", Encyclopedia of Ukraine, vol. 5", "1993", \
    "http://www.encyclopediaofukraine.com/pages%5CZ%5CA%5CZaporozhianHost.htm" }
#define EOU_CHYHYRYN \
  { "Encyclopedia of Ukraine, ed. Volodymyr Kubijovyč", \
    "\"Chyhyryn campaigns, 1677–8\", Encyclopedia of Ukraine, vol. 1", "1984", \
    "http://www.encyclopediaofukraine.com/display.asp?linkpath=pages%5CC%5CH%5CChyhyryncampaigns1677hD78.htm" }
#define KISH_KOZAKS \
  { "Walter Kish", "\"Kozaks\", New Pathway, no. 47", "2006", \
    "http://infoukes.com/newpathway/47-2006_Page-7-1.htm" }
#define UIZH_ARTILLERY \
  { "O. H. Sokyrko", \
    "\"Artyleriia kozatskoi derzhavy: stvorennia, rozvytok, vnutrishnia orhanizatsiia (1648–1781 rr.)\", " \
    "Ukrainskyi istorychnyi zhurnal, no. 4", "2012", \
    "http://history.vn.ua/journal/journal_2012_4/3.html" }
#define GSE_HETMAN \
  { "The Great Soviet Encyclopedia, 3rd edition", "\"Hetman\"", "1979", \
    "https://encyclopedia2.thefreedictionary.com/Hetman" }
#define EB1911_HETMAN \
  { "Encyclopædia Britannica, 11th edition", "\"Hetman\"", "1911", \
    "https://en.wikisource.org/wiki/1911_Encyclop%C3%A6dia_Britannica/Hetman" }
#define CE_JANISSARIES \
  { "The Columbia Electronic Encyclopedia, 6th edition (Columbia University Press)", \
    "\"Janissaries\"", "2024", \
    "https://www.factmonster.com/encyclopedia/history/modern-europe/turk-ottoman/janissaries" }
#define CE_SPAHIS \
  { "The Columbia Electronic Encyclopedia, 6th edition (Columbia University Press)", \
    "\"Spahis\"", "2012", \
    "http://www.factmonster.com/encyclopedia/history/spahis.html" }
#define CE_PASHA \
  { "The Columbia Electronic Encyclopedia, 6th edition (Columbia University Press)", \
    "\"pasha\"", "2024", \
    "https://www.infoplease.com/encyclopedia/history/modern-europe/turkish-and-ottoman-history/pasha" }
#define AGOSTON_GUNS \
  { "Gábor Ágoston", \
    "Guns for the Sultan: Military Power and the Weapons Industry in the Ottoman Empire, " \
    "chapter 1 (Cambridge University Press)", "2005", \
    "https://docslib.org/doc/12062585/firearms-and-armaments-industries" }

/* ---- the table --------------------------------------------------------- */

static const KzTroopInfo troops[] = {
  { KZ_COSSACKS, KZ_TROOP_INFANTRY, "infantry",
    N_("Zaporozhian infantry"),
    N_("The Zaporozhian Host was the name of the armed forces of the Zaporizhia from the 16th "
       "to the 18th century. In 1621 a Cossack army of 40,000 men crossed the Dniester into "
       "Moldavia and slowed the Turkish advance towards the Polish camp at Khotyn. On "
       "1 September the Cossacks broke through the Turkish lines and joined the Poles there. "
       "Bearing the brunt of the fierce fighting until 28 September, they were instrumental "
       "in saving the Polish forces and driving back the sultan's army."),
    { EOU_HOST, EOU_KHOTYN } },
  { KZ_COSSACKS, KZ_TROOP_CAVALRY, "cavalry",
    N_("Cossack cavalry"),
    N_("The Cossack is often pictured as a fearless, sabre-wielding horseman of the steppes. "
       "Historical research has shown that the organisation, tactics and activities of the "
       "Cossack forces were far more complex and varied than that picture of the ultimate "
       "cavalryman. The Zaporozhian Cossacks on the Dnipro, like the Don Cossacks, organised "
       "themselves in an elected military hierarchy of regiments and companies."),
    { KISH_KOZAKS } },
  { KZ_COSSACKS, KZ_TROOP_GUNNER, "gunners",
    N_("Cossack gunner"),
    N_("The artillery was one of the few branches of the Cossack army that was organised and "
       "paid in peace as well as in war. It was divided into the general artillery, at the "
       "disposal of the high command, and the guns of the regiments and companies, kept by "
       "the local authorities. From the 16th century, as in other European armies, the "
       "Cossacks also counted their guns among the army's insignia, a sign of its glory and "
       "strength."),
    { UIZH_ARTILLERY } },
  { KZ_COSSACKS, KZ_TROOP_LEADER, "hetman",
    N_("Hetman"),
    N_("Hetman, from the German Hauptmann, a captain, was the title of the commander of a "
       "host. The Cossacks took the title from Poland for their own head, who under Polish "
       "rule was practically an independent prince. The Cossacks elected their hetmans and "
       "could depose them: in 1621, during the Khotyn campaign, they deposed Yatsko Borodavka and "
       "elected Petro Konashevych-Sahaidachny. In 1677 Hetman Ivan Samoilovych with "
       "20,000 to 25,000 Cossacks and Russian troops defended Chyhyryn against the Turks."),
    { GSE_HETMAN, EB1911_HETMAN, EOU_KHOTYN, EOU_CHYHYRYN } },
  { KZ_TURKS, KZ_TROOP_INFANTRY, "janissaries",
    N_("Janissary"),
    N_("The Janissaries, whose name means recruits, were an elite corps in the service of the "
       "Ottoman Empire, first organised by Sultan Murad I. They were war captives and "
       "Christian youths pressed into service, converted to Islam and trained under the "
       "strictest discipline. The Janissaries gained great power and made and unmade sultans. "
       "By 1600 Muslims had begun to enter the corps, and in the 17th century membership "
       "became largely hereditary. In 1826 Sultan Mahmud II had them massacred in their "
       "barracks."),
    { CE_JANISSARIES } },
  { KZ_TURKS, KZ_TROOP_CAVALRY, "sipahis",
    N_("Sipahi"),
    N_("The sipahis were the Ottoman cavalry, organised in the 14th century on a feudal basis. "
       "They held fiefs, called timars, granted by the sultan, and were entitled to all their "
       "income in return for military service. Until the middle of the 16th century they "
       "provided the bulk of the Ottoman army. Committed to the tradition of light cavalry, "
       "they were slow to adopt firearms, which made cavalry less important. Sultan "
       "Mahmud II took their fiefs away in 1828."),
    { CE_SPAHIS } },
  { KZ_TURKS, KZ_TROOP_GUNNER, "gunners",
    N_("Turkish gunner"),
    N_("By the 1380s the Ottomans knew the new gunpowder weapons. "
       "Their conquest of Constantinople showed how, by the 1450s, guns had become decisive "
       "in siege warfare. To stay strong in the gunpowder age a state needed cannons, "
       "fortifications that could stand up to them, infantry with handguns and ships armed "
       "with guns."),
    { AGOSTON_GUNS } },
  { KZ_TURKS, KZ_TROOP_LEADER, "pasha",
    N_("Pasha"),
    N_("Pasha was the highest honorary title in official use in the Ottoman Empire. It was "
       "personal, not hereditary, and was given to civilians and soldiers alike, notably "
       "ministers, provincial governors and army officers. In 1677 a Turkish and Tatar army "
       "of 100,000 to 120,000 men under Ibrahim Pasha besieged Chyhyryn, but the town's "
       "strong fortifications and its Cossack and Russian defenders made the Turks withdraw. "
       "In 1678 the Turks came back with almost 200,000 men under Kara-Mustafa and took the "
       "town after a month of hard fighting."),
    { CE_PASHA, EOU_CHYHYRYN } },
};

/* ---- access ------------------------------------------------------------ */

const KzTroopInfo *
kz_troops_get_all (guint *n)
{
  if (n)
    *n = G_N_ELEMENTS (troops);
  return troops;
}

const KzTroopInfo *
kz_troops_lookup (KzSide side, KzTroop troop)
{
  for (guint i = 0; i < G_N_ELEMENTS (troops); i++)
    if (troops[i].side == side && troops[i].troop == troop)
      return &troops[i];
  g_return_val_if_reached (&troops[0]);
}

guint
kz_troop_info_count_sources (const KzTroopInfo *info)
{
  guint n = 0;
  while (n < KZ_TROOP_MAX_SOURCES && info->sources[n].author)
    n++;
  return n;
}

char *
kz_troop_source_format (const KzTroopSource *source)
{
  return g_strdup_printf ("%s, %s, %s", source->author, source->title, source->year);
}

guint
kz_troop_info_start_points (const KzTroopInfo *info, int *points, guint max)
{
  g_autoptr (KzGame) game = kz_game_new ();
  guint n = 0;
  for (int sq = 0; sq < KZ_GRID_SIZE && n < max; sq++)
    {
      KzPiece piece = kz_game_get_piece_at (game, 0, sq);
      if (piece.id != KZ_NO_PIECE && piece.side == (gint8) info->side
          && piece.troop == (gint8) info->troop)
        points[n++] = sq;
    }
  return n;
}
