/* kz-troops-window.c — the Troops page: a card per troop type of each
 * side, from the table of src/model/kz-troops.c.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "kz-board-painter.h"
#include "kz-dialogs.h"
#include "kz-troops-window.h"
#include "kz-troops.h"

#define PICTURE_RADIUS 26
#define MINI_BOARD_WIDTH 120
#define MINI_BOARD_HEIGHT 180

static gboolean
style_dark (void)
{
  return adw_style_manager_get_dark (adw_style_manager_get_default ());
}

/* ---- pictures ---------------------------------------------------------- */

void
kz_troops_paint_picture (cairo_t *cr, double x, double y, double radius,
                         KzSide side, KzTroop troop, gboolean dark)
{
  KzPiece piece = { 0, (gint8) side, (gint8) troop, 0 };
  kz_board_paint_piece (cr, x, y, radius, &piece, kz_board_palette (dark), FALSE);
}

static void
draw_picture (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  const KzTroopInfo *info = data;
  AdwStyleManager *style = adw_style_manager_get_default ();
  KzPiece piece = { 0, (gint8) info->side, (gint8) info->troop, 0 };
  kz_board_paint_piece (cr, width / 2.0, height / 2.0, PICTURE_RADIUS, &piece,
                        kz_board_palette_for (adw_style_manager_get_dark (style),
                                              adw_style_manager_get_high_contrast (style)),
                        FALSE);
}

/* The start position with only this troop's pieces (and the flags). */
static void
draw_start_points (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  const KzTroopInfo *info = data;
  int points[KZ_GRID_SIZE];
  guint n = kz_troop_info_start_points (info, points, G_N_ELEMENTS (points));
  KzPosition pos;
  KzPiece pieces[KZ_GRID_SIZE];

  kz_position_init_start (&pos);
  pos.pieces[0] = pos.pieces[1] = 0;
  for (guint i = 0; i < n; i++)
    kz_position_put (&pos, (int) info->side, points[i], true);
  kz_board_pieces_from_position (&pos, pieces);
  for (guint i = 0; i < n; i++)
    pieces[points[i]].troop = (gint8) info->troop;
  KzPaintOptions options = { 0 };
  options.pieces = pieces;
  options.dark = style_dark ();
  options.coordinates = TRUE;
  kz_board_paint (cr, &pos, width, height, &options);
}

/* ---- cards ------------------------------------------------------------- */

static GtkWidget *
label_new (const char *text, const char *css_class)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  if (css_class)
    gtk_widget_add_css_class (label, css_class);
  return label;
}

static char *
start_points_text (const KzTroopInfo *info)
{
  int points[KZ_GRID_SIZE];
  guint n = kz_troop_info_start_points (info, points, G_N_ELEMENTS (points));
  g_autoptr (GString) list = g_string_new (NULL);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (list, "%s%s", i ? ", " : "", kz_point_name (points[i]));
  /* Translators: %s is a list of points, e.g. "b3, c3, d3" */
  return g_strdup_printf (_("At the start: %s"), list->str);
}

static GtkWidget *
card_new (const KzTroopInfo *info)
{
  GtkWidget *card = gtk_box_new (GTK_ORIENTATION_VERTICAL, 10);
  gtk_widget_add_css_class (card, "card");
  gtk_widget_set_margin_bottom (card, 6);
  GtkWidget *inner = gtk_box_new (GTK_ORIENTATION_VERTICAL, 10);
  gtk_widget_set_margin_top (inner, 14);
  gtk_widget_set_margin_bottom (inner, 14);
  gtk_widget_set_margin_start (inner, 14);
  gtk_widget_set_margin_end (inner, 14);
  gtk_box_append (GTK_BOX (card), inner);

  /* the piece and its name */
  GtkWidget *head = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *picture = gtk_drawing_area_new ();
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (picture), 2 * PICTURE_RADIUS + 8);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (picture), 2 * PICTURE_RADIUS + 8);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (picture), draw_picture, (gpointer) info, NULL);
  /* Translators: the picture of a troop's piece, e.g. "Piece: Hetman" */
  g_autofree char *picture_label = g_strdup_printf (_("Piece: %s"), _(info->name));
  gtk_accessible_update_property (GTK_ACCESSIBLE (picture), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  picture_label, -1);
  gtk_box_append (GTK_BOX (head), picture);
  GtkWidget *titles = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  gtk_widget_set_valign (titles, GTK_ALIGN_CENTER);
  gtk_box_append (GTK_BOX (titles), label_new (_(info->name), "title-3"));
  gtk_box_append (GTK_BOX (titles), label_new (info->side == KZ_COSSACKS ? _("Cossacks")
                                                                         : _("Turks"),
                                               "dim-label"));
  gtk_box_append (GTK_BOX (head), titles);
  gtk_box_append (GTK_BOX (inner), head);

  /* the history */
  GtkWidget *history = label_new (_(info->history), NULL);
  gtk_box_append (GTK_BOX (inner), history);

  /* where it stands, and the sources */
  GtkWidget *foot = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *board = gtk_drawing_area_new ();
  g_autofree char *points = start_points_text (info);
  gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (board), MINI_BOARD_WIDTH);
  gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (board), MINI_BOARD_HEIGHT);
  gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (board), draw_start_points, (gpointer) info,
                                  NULL);
  gtk_widget_set_valign (board, GTK_ALIGN_START);
  gtk_accessible_update_property (GTK_ACCESSIBLE (board), GTK_ACCESSIBLE_PROPERTY_LABEL, points,
                                  -1);
  gtk_box_append (GTK_BOX (foot), board);

  GtkWidget *side = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_hexpand (side, TRUE);
  gtk_box_append (GTK_BOX (side), label_new (points, NULL));
  guint ns = kz_troop_info_count_sources (info);
  gtk_box_append (GTK_BOX (side), label_new (g_dngettext (GETTEXT_PACKAGE, "Source", "Sources",
                                                          ns), "heading"));
  for (guint s = 0; s < ns; s++)
    {
      g_autofree char *text = kz_troop_source_format (&info->sources[s]);
      GtkWidget *source = label_new (text, "caption");
      gtk_box_append (GTK_BOX (side), source);
    }
  gtk_box_append (GTK_BOX (foot), side);
  gtk_box_append (GTK_BOX (inner), foot);
  return card;
}

/* ---- the window -------------------------------------------------------- */

/* The card asked for gets the focus once the window is shown: the
 * scrolled window's viewport scrolls to the focused child. */
static gboolean
focus_card (gpointer data)
{
  gtk_widget_grab_focus (GTK_WIDGET (data));
  return G_SOURCE_REMOVE;
}

static void
window_mapped (GtkWidget *card)
{
  g_idle_add_full (G_PRIORITY_LOW, focus_card, g_object_ref (card), g_object_unref);
}

GtkWidget *
kz_troops_window_new (KzSide side, int troop)
{
  GtkWidget *content;
  GtkWidget *window = kz_reading_window_new (_("Troops"), 620, 760, 600, 12, &content);

  gtk_box_append (GTK_BOX (content),
                  label_new (_("All pieces move and capture alike. Their pictures recall the "
                               "troops of the wars between the Zaporozhian Cossacks and the "
                               "Ottoman Empire; each history below is drawn from the sources "
                               "named under it."), NULL));

  guint n;
  const KzTroopInfo *all = kz_troops_get_all (&n);
  GtkWidget *target = NULL;
  for (int s = KZ_COSSACKS; s <= KZ_TURKS; s++)
    {
      gtk_box_append (GTK_BOX (content),
                      label_new (s == KZ_COSSACKS ? _("The Cossacks") : _("The Turks"), "title-2"));
      for (guint i = 0; i < n; i++)
        if ((int) all[i].side == s)
          {
            GtkWidget *card = card_new (&all[i]);
            gtk_widget_set_focusable (card, TRUE);
            gtk_accessible_update_property (GTK_ACCESSIBLE (card), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                            _(all[i].name), -1);
            gtk_box_append (GTK_BOX (content), card);
            if ((int) all[i].side == (int) side && (int) all[i].troop == troop)
              target = card;
          }
    }

  if (target)
    g_signal_connect_object (window, "map", G_CALLBACK (window_mapped), target,
                             G_CONNECT_SWAPPED);
  return window;
}

void
kz_show_troops (GtkWidget *parent, KzSide side, int troop)
{
  GtkWidget *window = kz_troops_window_new (side, troop);
  GtkRoot *root = parent ? gtk_widget_get_root (parent) : NULL;
  if (GTK_IS_WINDOW (root))
    gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (root));
  gtk_window_present (GTK_WINDOW (window));
}
