/* test-ui-eval.c — the analysis widgets in a real window: the
 * evaluation graph (plies, marks drawn, tooltip and accessible text,
 * results arriving), the evaluation bar and the move-list marks.
 *
 * Needs a display (./build-aux/test runs it under Xvfb); skipped without.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <string.h>

#include "kz-board-geometry.h"
#include "kz-eval-bar.h"
#include "kz-eval-graph.h"
#include "kz-game-analysis.h"
#include "kz-move-arrow.h"
#include "kz-move-marks.h"
#include "kz-moves-view.h"
#include "kz-resources.h"
#include "ui-render.h"

/* As in test-model-analysis.c: a5xa7 walks into a forced loss, c7-d7
 * throws the Turks' forced win away: two blunders. */
#define THROW_KPN "5/3/1ct2/t4/c4/5/5/3/5 c c7 home"

typedef struct {
  GtkWidget      *window;
  KzEvalGraph    *graph;
  KzEvalBar      *bar;
  GtkLabel       *label;
  KzGame         *game;
  KzGameAnalysis *analysis;
} Fixture;

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  f->game = kz_game_new_from_kpn (THROW_KPN, &error);
  g_assert_no_error (error);
  g_assert_true (kz_game_play_text (f->game, "a5xa7", NULL));
  g_assert_true (kz_game_play_text (f->game, "c7-d7", NULL));
  KzAnalysisSettings settings = { .depth = 8, .threads = 2 };
  f->analysis = kz_game_analysis_new (f->game, &settings);

  f->window = gtk_window_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 0);
  f->bar = KZ_EVAL_BAR (kz_eval_bar_new ());
  gtk_widget_set_size_request (GTK_WIDGET (f->bar), 20, 200);
  gtk_widget_set_valign (GTK_WIDGET (f->bar), GTK_ALIGN_START);
  f->graph = KZ_EVAL_GRAPH (kz_eval_graph_new ());
  gtk_widget_set_size_request (GTK_WIDGET (f->graph), 400, 100);
  gtk_widget_set_valign (GTK_WIDGET (f->graph), GTK_ALIGN_START);
  f->label = GTK_LABEL (gtk_label_new (NULL));
  gtk_widget_add_css_class (GTK_WIDGET (f->label), "move");
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->bar));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->graph));
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (f->label));
  gtk_window_set_child (GTK_WINDOW (f->window), box);
  gtk_window_present (GTK_WINDOW (f->window));
  for (int i = 0; i < 250 && (gtk_widget_get_width (GTK_WIDGET (f->graph)) == 0 ||
                              !gtk_widget_get_mapped (GTK_WIDGET (f->graph))); i++)
    wait_frames (1);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (f->graph)));
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->analysis);
  g_clear_object (&f->game);
}

/* The pixel at (x, y) as 0xRRGGBB (premultiplied, on an opaque window). */
static void
pixel (cairo_surface_t *s, int x, int y, int *r, int *g, int *b)
{
  x = CLAMP (x, 0, cairo_image_surface_get_width (s) - 1);
  y = CLAMP (y, 0, cairo_image_surface_get_height (s) - 1);
  guint32 v = *(guint32 *) (cairo_image_surface_get_data (s) + y * cairo_image_surface_get_stride (s) + 4 * x);
  *r = (v >> 16) & 0xff;
  *g = (v >> 8) & 0xff;
  *b = v & 0xff;
}

static void
on_analysed (KzGameAnalysis *a, guint ply, guint *count)
{
  (*count)++;
}

static void
on_finished (KzGameAnalysis *a, gboolean cancelled, gboolean *done)
{
  *done = TRUE;
}

/* Results arrive in the window's main context while the window runs;
 * the graph follows them. */
static void
analyse_in_background (Fixture *f)
{
  guint count = 0;
  gboolean done = FALSE;
  g_signal_connect (f->analysis, "position-analysed", G_CALLBACK (on_analysed), &count);
  g_signal_connect (f->analysis, "finished", G_CALLBACK (on_finished), &done);
  kz_game_analysis_start (f->analysis, NULL);
  for (int i = 0; i < 3000 && !done; i++)
    wait_frames (1);
  g_assert_true (done);
  g_assert_cmpuint (count, ==, 3);
  g_assert_true (kz_game_analysis_is_complete (f->analysis));
}

static void
test_graph (Fixture *f, gconstpointer data)
{
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (f->graph), GTK_ACCESSIBLE_ROLE_SLIDER);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (f->graph), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Evaluation graph");
  kz_eval_graph_set_analysis (f->graph, f->analysis);
  g_autofree char *before = kz_eval_graph_dup_text (f->graph, 0);
  g_assert_nonnull (strstr (before, "not analysed"));

  analyse_in_background (f);
  g_autofree char *start = kz_eval_graph_dup_text (f->graph, 0);
  g_assert_null (strstr (start, "not analysed"));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (f->graph), GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT,
                                       start);

  /* x ↔ ply, both ways; choosing a ply notifies it and updates the
   * accessible value */
  for (guint i = 0; i <= 2; i++)
    g_assert_cmpuint (kz_eval_graph_ply_at (f->graph, kz_eval_graph_x_of (f->graph, i)), ==, i);
  g_assert_cmpuint (kz_eval_graph_ply_at (f->graph, -50), ==, 0);
  g_assert_cmpuint (kz_eval_graph_ply_at (f->graph, 10000), ==, 2);
  kz_eval_graph_set_ply (f->graph, kz_eval_graph_ply_at (f->graph, kz_eval_graph_x_of (f->graph, 1) + 3));
  g_assert_cmpuint (kz_eval_graph_get_ply (f->graph), ==, 1);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (f->graph), GTK_ACCESSIBLE_PROPERTY_VALUE_NOW, 1.0);
  g_autofree char *text1 = kz_eval_graph_dup_text (f->graph, 1);
  g_assert_cmpstr (text1, ==, "Ply 1, a5xa7: Turks win by force in 1 ply — Blunder");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (f->graph), GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT,
                                       text1);
  kz_eval_graph_set_ply (f->graph, 99);
  g_assert_cmpuint (kz_eval_graph_get_ply (f->graph), ==, 2);

  /* the drawing: the blunder of ply 1 (a forced Turkish win: the bottom
   * of the graph) is a red dot; the start, a Cossack advantage, is blue
   * above the middle line */
  wait_frames (3);
  cairo_surface_t *s = render_widget (GTK_WIDGET (f->graph));
  int h = gtk_widget_get_height (GTK_WIDGET (f->graph));
  int r, g, b;
  pixel (s, (int) kz_eval_graph_x_of (f->graph, 1), h - 4 - 1, &r, &g, &b);
  g_test_message ("blunder dot: %d %d %d", r, g, b);
  g_assert_cmpint (r, >, 150);
  g_assert_cmpint (g, <, 90);
  g_assert_cmpint (b, <, 90);
  const KzPositionEval *e0 = kz_game_analysis_get_eval (f->analysis, 0);
  g_assert_cmpint (e0->score, >, 100);
  pixel (s, (int) kz_eval_graph_x_of (f->graph, 0) + 3, h / 2 - 3, &r, &g, &b);
  g_test_message ("Cossack area: %d %d %d", r, g, b);
  if (g_getenv ("KZ_TEST_SAVE"))
    cairo_surface_write_to_png (s, g_getenv ("KZ_TEST_SAVE"));
  g_assert_cmpint (b, >, r + 30);
  cairo_surface_destroy (s);
}

static void
test_marks (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;
  g_assert_true (kz_game_analysis_run (f->analysis, NULL, &error));
  KzMoveClass c1 = kz_game_analysis_get_move_class (f->analysis, 1);
  g_assert_cmpint (c1, ==, KZ_MOVE_CLASS_BLUNDER);
  kz_move_mark_apply (f->label, "a5xa7", FALSE, c1);
  g_assert_cmpstr (gtk_label_get_text (f->label), ==, "a5xa7??");
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (f->label), "blunder"));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (f->label), "move-mark"));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (f->label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "a5xa7, Blunder");
  /* the colour comes from style.css when the app loads it; here the
   * mark's own colour is red */
  GdkRGBA c;
  g_assert_true (kz_move_mark_color (c1, &c));
  g_assert_cmpfloat (c.red, >, 0.8);
  g_assert_false (kz_move_mark_color (KZ_MOVE_CLASS_GOOD, &c));

  kz_move_mark_apply (f->label, "c4-c5", FALSE, KZ_MOVE_CLASS_MISTAKE);
  g_assert_cmpstr (gtk_label_get_text (f->label), ==, "c4-c5?");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (f->label), "blunder"));
  g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (f->label), "mistake"));
  kz_move_mark_apply (f->label, "c4-c5", FALSE, KZ_MOVE_CLASS_INACCURACY);
  g_assert_cmpstr (gtk_label_get_text (f->label), ==, "c4-c5?!");
  kz_move_mark_apply (f->label, "c4-c5", FALSE, KZ_MOVE_CLASS_BEST);
  g_assert_cmpstr (gtk_label_get_text (f->label), ==, "c4-c5");
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (f->label), "inaccuracy"));
  g_assert_false (gtk_widget_has_css_class (GTK_WIDGET (f->label), "move-mark"));

  /* Defect (issue 24): the reviewer's mark and the computer's ran
   * together in the move list, "a5xa7????"; the computer's stands apart
   * in its colour, the move and the reviewer's mark in the text's. */
  g_assert_true (kz_game_set_mark (f->game, kz_game_get_main_node (f->game, 1), 4, &error));
  {
    GtkWidget *window = gtk_window_new ();
    KzMovesView *moves = g_object_new (KZ_TYPE_MOVES_VIEW, NULL);
    GtkLabel *shown = NULL;

    gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (moves));
    kz_moves_view_set_game (moves, f->game);
    kz_moves_view_set_analysis (moves, f->analysis);
    gtk_window_present (GTK_WINDOW (window));
    wait_frames (5);
    for (GtkWidget *w = GTK_WIDGET (moves); w; )
      {
        /* depth first through the view for the move's label */
        if (GTK_IS_LABEL (w) && g_str_has_prefix (gtk_label_get_text (GTK_LABEL (w)), "a5xa7"))
          {
            shown = GTK_LABEL (w);
            break;
          }
        if (gtk_widget_get_first_child (w))
          w = gtk_widget_get_first_child (w);
        else
          {
            while (w && w != GTK_WIDGET (moves) && !gtk_widget_get_next_sibling (w))
              w = gtk_widget_get_parent (w);
            w = w && w != GTK_WIDGET (moves) ? gtk_widget_get_next_sibling (w) : NULL;
          }
      }
    g_assert_nonnull (shown);
    g_test_message ("shown: %s", gtk_label_get_text (shown));
    g_assert_cmpstr (gtk_label_get_text (shown), ==, "a5xa7??\u2009??");
    g_assert_true (gtk_widget_has_css_class (GTK_WIDGET (shown), "user-marked"));
    /* Only the computer's symbol has a colour of its own. */
    {
      PangoAttrList *attrs = pango_layout_get_attributes (gtk_label_get_layout (shown));
      g_autoptr (PangoAttrIterator) it = attrs ? pango_attr_list_get_iterator (attrs) : NULL;
      guint coloured = 0;
      g_assert_nonnull (it);
      do
        {
          int start, end;
          pango_attr_iterator_range (it, &start, &end);
          if (pango_attr_iterator_get (it, PANGO_ATTR_FOREGROUND))
            {
              coloured++;
              g_assert_cmpint (start, ==, (int) strlen ("a5xa7??\u2009"));
            }
        }
      while (pango_attr_iterator_next (it));
      g_assert_cmpuint (coloured, ==, 1);
    }
    gtk_window_destroy (GTK_WINDOW (window));
  }

  g_autofree char *cossacks = kz_game_analysis_dup_summary (f->analysis, KZ_COSSACKS);
  g_autofree char *turks = kz_game_analysis_dup_summary (f->analysis, KZ_TURKS);
  g_assert_cmpstr (cossacks, ==, "Cossacks: 1 blunder");
  g_assert_cmpstr (turks, ==, "Turks: 1 blunder");
  g_autofree char *line = kz_game_analysis_dup_line_text (f->analysis, 1);
  g_assert_cmpstr (line, ==, "Turks win by force in 1 ply. Best: c7-c8");
}

static void
test_bar (Fixture *f, gconstpointer data)
{
  gtk_test_accessible_assert_role (GTK_ACCESSIBLE (f->bar), GTK_ACCESSIBLE_ROLE_METER);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (f->bar), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Evaluation");
  g_assert_cmpfloat (kz_eval_bar_get_fraction (f->bar), ==, 0.5);
  kz_eval_bar_set_score (f->bar, 400);
  kz_eval_bar_set_evaluated (f->bar, TRUE);
  g_assert_cmpfloat_with_epsilon (kz_eval_bar_get_fraction (f->bar), kz_expected_result (400), 1e-9);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (f->bar), GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT,
                                       "Cossacks +4.00");
  wait_frames (3);
  cairo_surface_t *s = render_widget (GTK_WIDGET (f->bar));
  int h = gtk_widget_get_height (GTK_WIDGET (f->bar));
  int r, g, b;
  /* E(400) = 0.81: blue from the bottom to 81 %, red above */
  pixel (s, 5, h - 5, &r, &g, &b);
  g_assert_cmpint (b, >, r + 60);
  pixel (s, 5, (int) (h * 0.10), &r, &g, &b);
  g_assert_cmpint (r, >, b + 60);
  pixel (s, 5, (int) (h * 0.25), &r, &g, &b);
  g_assert_cmpint (b, >, r + 60);
  cairo_surface_destroy (s);

  /* flipped with the board: the Cossacks' share at the top */
  kz_eval_bar_set_flipped (f->bar, TRUE);
  wait_frames (3);
  s = render_widget (GTK_WIDGET (f->bar));
  pixel (s, 5, 5, &r, &g, &b);
  g_assert_cmpint (b, >, r + 60);
  pixel (s, 5, h - 5, &r, &g, &b);
  g_assert_cmpint (r, >, b + 60);
  cairo_surface_destroy (s);

  kz_eval_bar_set_score (f->bar, -(KZ_SCORE_WIN - 3));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (f->bar), GTK_ACCESSIBLE_PROPERTY_VALUE_TEXT,
                                       "Turks win by force in 3 plies");
  g_assert_cmpfloat (kz_eval_bar_get_fraction (f->bar), ==, 0.0);
}

/* The best-move arrow over a board of the same size: along the move's
 * points, as the board's geometry places them, flipped with it. */
static void
test_arrow (void)
{
  GtkWidget *window = gtk_window_new ();
  KzMoveArrow *arrow = KZ_MOVE_ARROW (kz_move_arrow_new ());
  gtk_widget_set_size_request (GTK_WIDGET (arrow), 300, 500);
  gtk_window_set_child (GTK_WINDOW (window), GTK_WIDGET (arrow));
  gtk_window_present (GTK_WINDOW (window));
  for (int i = 0; i < 250 && !gtk_widget_get_mapped (GTK_WIDGET (arrow)); i++)
    wait_frames (1);
  g_assert_false (gtk_widget_get_can_target (GTK_WIDGET (arrow)));

  KzPosition pos;
  KzMove move;
  kz_position_init_start (&pos);
  g_assert_true (kz_move_parse (&pos, "c4-c5", &move, NULL));
  kz_move_arrow_set_move (arrow, &move);
  g_assert_true (kz_move_arrow_get_move (arrow, NULL));
  for (int flipped = 0; flipped < 2; flipped++)
    {
      kz_move_arrow_set_flipped (arrow, flipped);
      wait_frames (3);
      cairo_surface_t *s = render_widget (GTK_WIDGET (arrow));
      int w = gtk_widget_get_width (GTK_WIDGET (arrow)), h = gtk_widget_get_height (GTK_WIDGET (arrow));
      KzBoardGeometry g;
      kz_board_geometry_init (&g, w, h, flipped);
      double x4, y4, x5, y5, xa, ya;
      kz_board_geometry_point_to_pixel (&g, kz_point_parse ("c4", NULL), &x4, &y4);
      kz_board_geometry_point_to_pixel (&g, kz_point_parse ("c5", NULL), &x5, &y5);
      kz_board_geometry_point_to_pixel (&g, kz_point_parse ("a1", NULL), &xa, &ya);
      int r, gr, b;
      pixel (s, (int) ((x4 + x5) / 2), (int) ((y4 + y5) / 2), &r, &gr, &b);
      g_test_message ("arrow (flipped %d): %d %d %d", flipped, r, gr, b);
      g_assert_cmpint (gr, >, r + 40);
      g_assert_cmpint (gr, >, b + 20);
      pixel (s, (int) xa, (int) ya, &r, &gr, &b);
      g_assert_cmpint (r + gr + b, ==, 0);   /* nothing drawn elsewhere */
      cairo_surface_destroy (s);
    }
  kz_move_arrow_set_move (arrow, NULL);
  g_assert_false (kz_move_arrow_get_move (arrow, NULL));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int argc, char *argv[])
{
  g_setenv ("LANGUAGE", "C", TRUE);
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  kz_register_resource ();
  g_test_add ("/ui/eval/graph", Fixture, NULL, fixture_setup, test_graph, fixture_teardown);
  g_test_add ("/ui/eval/marks", Fixture, NULL, fixture_setup, test_marks, fixture_teardown);
  g_test_add ("/ui/eval/bar", Fixture, NULL, fixture_setup, test_bar, fixture_teardown);
  g_test_add_func ("/ui/eval/arrow", test_arrow);
  return g_test_run ();
}
