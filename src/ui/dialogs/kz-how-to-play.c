/* kz-how-to-play.c — the "How to Play" window.
 *
 * The text follows RULES.md; each diagram is a real position shown by a
 * non-interactive KzBoardView, with the move that led to it highlighted.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "kz-board-painter.h"
#include "kz-board-view.h"
#include "kz-dialogs.h"
#include "kz-game.h"
#include "kz-how-to-play.h"

typedef struct {
  const char *kpn;      /* start of the diagram, NULL = the start position */
  const char *moves;    /* space-separated moves played from it, may be NULL */
  const char *caption;  /* N_() */
} Diagram;

static const Diagram start_diagram = {
  NULL, NULL,
  N_("The start. The Cossacks, below, move first."),
};

static const Diagram capture_diagram = {
  NULL, "c4-c5 c6xc4xa4",
  N_("After c4-c5 the Turks must capture: the chain c6xc4xa4 takes two pieces."),
};

static const Diagram flag_diagram = {
  "tt1tt/t1t/t1c1t/5/1c1t1/5/c3c/3/5 c home home", "c7xc9",
  N_("c7xc9: a Cossack jumps over the Turkish flag and carries it away."),
};

static const Diagram win_diagram = {
  "1t1t1/3/5/1t1t1/5/5/2c2/3/1c1c1 c home c3", "c3-c2",
  N_("c3-c2 brings the Turkish flag home: the Cossacks win."),
};

static GtkWidget *
diagram_new (const Diagram *d)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (KzGame) game = NULL;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);

  game = d->kpn ? kz_game_new_from_kpn (d->kpn, &error) : kz_game_new ();
  if (game != NULL && d->moves != NULL)
    {
      g_auto (GStrv) moves = g_strsplit (d->moves, " ", -1);
      for (guint i = 0; moves[i] != NULL && error == NULL; i++)
        kz_game_play_text (game, moves[i], &error);
    }
  if (error != NULL)
    {
      /* A diagram that does not follow the rules is a bug; say so rather
       * than show something wrong. */
      g_critical ("How to Play diagram “%s”: %s", d->caption, error->message);
      return box;
    }

  KzBoardState state;
  kz_board_state_from_game (&state, game, kz_game_get_ply (game));

  GtkWidget *board = kz_board_view_new ();
  kz_board_view_set_interactive (KZ_BOARD_VIEW (board), FALSE);
  kz_board_view_set_show_coordinates (KZ_BOARD_VIEW (board), TRUE);
  kz_board_view_set_animation_duration (KZ_BOARD_VIEW (board), 0);
  kz_board_view_set_state (KZ_BOARD_VIEW (board), &state, NULL);
  gtk_widget_set_size_request (board, 220, 330);
  gtk_widget_set_halign (board, GTK_ALIGN_CENTER);
  gtk_widget_set_can_focus (board, FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (board),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _(d->caption),
                                  -1);
  gtk_box_append (GTK_BOX (box), board);

  GtkWidget *caption = gtk_label_new (_(d->caption));
  gtk_label_set_wrap (GTK_LABEL (caption), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (caption), 34);
  gtk_label_set_justify (GTK_LABEL (caption), GTK_JUSTIFY_CENTER);
  gtk_widget_add_css_class (caption, "caption");
  gtk_widget_add_css_class (caption, "dim-label");
  gtk_box_append (GTK_BOX (box), caption);
  return box;
}

static void
add_heading (GtkBox *page, const char *text)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "title-3");
  gtk_widget_set_margin_top (label, 12);
  gtk_box_append (page, label);
}

static void
add_paragraph (GtkBox *page, const char *text)
{
  GtkWidget *label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_box_append (page, label);
}

static void
add_diagrams (GtkBox *page, const Diagram *a, const Diagram *b)
{
  /* Side by side when there is room, one above the other otherwise. */
  GtkWidget *flow = gtk_flow_box_new ();
  gtk_flow_box_set_selection_mode (GTK_FLOW_BOX (flow), GTK_SELECTION_NONE);
  gtk_flow_box_set_homogeneous (GTK_FLOW_BOX (flow), TRUE);
  gtk_flow_box_set_max_children_per_line (GTK_FLOW_BOX (flow), 2);
  gtk_flow_box_set_column_spacing (GTK_FLOW_BOX (flow), 12);
  gtk_flow_box_set_row_spacing (GTK_FLOW_BOX (flow), 12);
  gtk_widget_set_halign (flow, GTK_ALIGN_CENTER);
  gtk_widget_set_can_focus (flow, FALSE);
  gtk_flow_box_append (GTK_FLOW_BOX (flow), diagram_new (a));
  if (b != NULL)
    gtk_flow_box_append (GTK_FLOW_BOX (flow), diagram_new (b));
  for (GtkWidget *child = gtk_widget_get_first_child (flow); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    gtk_widget_set_focusable (child, FALSE);
  gtk_box_append (page, flow);
}

/* The piece legend: a Cossack and a Turkish piece of one troop (or a
 * carrier of each side when troop < 0), drawn as on the board. */
#define LEGEND_RADIUS 16

static void
draw_legend_pieces (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data)
{
  int troop = GPOINTER_TO_INT (data);
  AdwStyleManager *style = adw_style_manager_get_default ();
  const KzBoardPalette *p = kz_board_palette_for (adw_style_manager_get_dark (style),
                                                  adw_style_manager_get_high_contrast (style));

  for (int side = 0; side < 2; side++)
    {
      KzPiece piece = { 0, (gint8) side, (gint8) MAX (troop, 0), 0 };
      if (troop < 0)
        piece.flags = 1u << (1 - side);   /* carries the enemy's flag */
      kz_board_paint_piece (cr, LEGEND_RADIUS + 2 + side * (2 * LEGEND_RADIUS + 8), height / 2.0,
                            LEGEND_RADIUS, &piece, p, FALSE);
    }
}

static void
add_legend (GtkBox *page)
{
  static const int troops[] = { KZ_TROOP_INFANTRY, KZ_TROOP_CAVALRY, KZ_TROOP_GUNNER,
                                KZ_TROOP_LEADER, -1 };
  GtkWidget *grid = gtk_grid_new ();

  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  for (guint i = 0; i < G_N_ELEMENTS (troops); i++)
    {
      GtkWidget *area = gtk_drawing_area_new ();
      GtkWidget *label;
      g_autofree char *text = NULL;

      if (troops[i] >= 0)
        /* Translators: the legend of a troop, e.g. "Hetman (Cossacks) and Pasha (Turks)" */
        text = g_strdup_printf (_("%s (Cossacks) and %s (Turks)"),
                                kz_troop_describe ((KzTroop) troops[i], KZ_COSSACKS),
                                kz_troop_describe ((KzTroop) troops[i], KZ_TURKS));
      else
        text = g_strdup (_("A piece carrying the enemy flag"));
      gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (area), 4 * LEGEND_RADIUS + 12);
      gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (area), 2 * LEGEND_RADIUS + 6);
      gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (area), draw_legend_pieces,
                                      GINT_TO_POINTER (troops[i]), NULL);
      gtk_accessible_update_property (GTK_ACCESSIBLE (area), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
      label = gtk_label_new (text);
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      gtk_grid_attach (GTK_GRID (grid), area, 0, (int) i, 1, 1);
      gtk_grid_attach (GTK_GRID (grid), label, 1, (int) i, 1, 1);
    }
  gtk_box_append (page, grid);
}

GtkWidget *
kz_how_to_play_window_new (void)
{
  GtkWidget *content;
  GtkWidget *window = kz_reading_window_new (_("How to Play"), 600, 760, 560, 18, &content);
  gtk_window_set_hide_on_close (GTK_WINDOW (window), FALSE);
  GtkBox *page = GTK_BOX (content);

  add_heading (page, _("The Board"));
  add_paragraph (page, _("Kazaki is played on the points of a square of 5 × 5 lines, with a "
                         "triangle at each end: the Cossack camp at the bottom and the Turkish "
                         "fortress at the top. Each side has fifteen pieces and a flag, which "
                         "stands on the centre of its own triangle."));
  add_paragraph (page, _("Pieces move only along the lines. A triangle is entered and left only "
                         "through its apex, the point where it touches the square. The points "
                         "are named like the squares of a chessboard: files a to e from left to "
                         "right, ranks 1 to 9 from the Cossack side."));
  add_diagrams (page, &start_diagram, NULL);

  add_heading (page, _("The Pieces"));
  add_paragraph (page, _("All pieces move and capture alike: their emblems only tell the troops "
                         "apart. Hold the pointer over a piece on the board to see its name."));
  add_paragraph (page, _("The pictures on the pieces (sabres, cannons, horseshoes, a mace) are "
                         "decoration only: they recall the troops of the 17th century and never "
                         "change how a piece moves or captures."));
  add_legend (page);

  add_heading (page, _("Moving"));
  add_paragraph (page, _("On your turn, move one of your pieces one step along a line to a free "
                         "neighbouring point: forward, back or sideways."));

  add_heading (page, _("Capturing"));
  add_paragraph (page, _("When an enemy piece stands next to one of yours on a line and the point "
                         "just beyond it is free, you can jump over it and the enemy piece is "
                         "removed. After a jump the same piece must go on jumping while it can "
                         "take another piece, turning if it likes, so one turn can take several "
                         "pieces."));
  add_paragraph (page, _("At an apex a piece can also jump sideways: from the middle of a "
                         "triangle's side over the apex onto the square's edge row on the other "
                         "side (b2 over c3 to d3, d2 over c3 to b3, and likewise at c7), or back "
                         "the same way. Coming from above, a piece cannot turn onto a triangle's "
                         "sides: c4 over c3 to b2 is no jump, and a chain that lands on the apex "
                         "down the middle file (c5 over c4 to c3) may go on only down that file or "
                         "along the edge row, not along the sides."));
  add_paragraph (page, _("Capturing is compulsory: if any of your pieces can take an enemy piece, "
                         "you must capture, though you may choose which capture to make. Pieces "
                         "on the corners of the square (a3, e3, a7, e7) and on the far corners of "
                         "the triangles (a1, e1, a9, e9) can never be taken."));
  add_diagrams (page, &capture_diagram, NULL);

  add_heading (page, _("Flags"));
  add_paragraph (page, _("Jump over the enemy flag, as over a piece, to capture it; this is never "
                         "compulsory. The piece that took the flag carries it from then on. If a "
                         "carrier is taken, the flag passes to the piece that took it, even back "
                         "to the side it belongs to."));
  add_diagrams (page, &flag_diagram, NULL);

  add_heading (page, _("Winning"));
  add_paragraph (page, _("You win when one of your pieces brings the enemy flag to the centre of "
                         "your own triangle (it may step onto it even while your own flag stands "
                         "there), when the enemy has no pieces left, or when the enemy cannot "
                         "move."));
  add_paragraph (page, _("The game is drawn when the same position occurs for the third time, "
                         "when 50 moves of each side pass without a capture or a flag taken "
                         "(unless the game was started without this rule), or when the players "
                         "agree to a draw. A player may also resign."));
  add_diagrams (page, &win_diagram, NULL);

  add_heading (page, _("Playing"));
  add_paragraph (page, _("Click a piece, then the point to move it to; for a chain of captures, "
                         "click each landing point in turn. You can also drag a piece, or use the "
                         "arrow keys to move over the board and Enter or Space to pick a piece up "
                         "and put it down. Escape cancels."));

  return window;
}

/* The window once opened: closing it hides it, so that it opens again
 * where the reader left it (the same scroll position). */
static GtkWidget *the_window;

static void
window_destroyed (GtkWidget *window)
{
  if (the_window == window)
    the_window = NULL;
}

GtkWidget *
kz_show_how_to_play (GtkWidget *parent)
{
  GtkRoot *root = parent ? gtk_widget_get_root (parent) : NULL;

  if (the_window == NULL)
    {
      the_window = kz_how_to_play_window_new ();
      gtk_window_set_hide_on_close (GTK_WINDOW (the_window), TRUE);
      g_signal_connect (the_window, "destroy", G_CALLBACK (window_destroyed), NULL);
    }
  /* Not modal: the rules can be read beside the board while playing.
   * It goes with the window it was opened from. */
  if (GTK_IS_WINDOW (root) && GTK_WIDGET (root) != the_window)
    {
      gtk_window_set_transient_for (GTK_WINDOW (the_window), GTK_WINDOW (root));
      gtk_window_set_destroy_with_parent (GTK_WINDOW (the_window), TRUE);
    }
  gtk_window_present (GTK_WINDOW (the_window));
  return the_window;
}
