/* test-ui-board-view.c — KzBoardView in a real window: clicks become
 * moves, refusals become messages, and the drawing puts the pieces where
 * the geometry says, in both orientations and both styles.
 *
 * Needs a display (./build-aux/test runs it under Xvfb); skipped without.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include <adwaita.h>
#include <string.h>

#include "kz-board-geometry.h"
#include "kz-board-painter.h"
#include "kz-board-view.h"
#include "ui-render.h"

#define WIDTH  360
#define HEIGHT 640

static int
pt (const char *name)
{
  return kz_point_parse (name, NULL);
}

typedef struct {
  GtkWidget *window;
  KzBoardView *view;
  KzGame *game;
  GPtrArray *chosen;     /* move strings */
  GPtrArray *messages;   /* refusal texts */
  GPtrArray *hints;      /* the other messages (a chain under way) */
} Fixture;

static void
on_move (KzBoardView *view, const KzMove *move, Fixture *f)
{
  char text[KZ_MOVE_STR_MAX];
  g_autoptr (GError) error = NULL;
  KzBoardState state;

  kz_move_format (move, text, sizeof text);
  g_ptr_array_add (f->chosen, g_strdup (text));
  g_assert_true (kz_game_play (f->game, move, &error));
  kz_board_state_from_game (&state, f->game, kz_game_get_ply (f->game));
  kz_board_view_set_state (f->view, &state, NULL);
}

static void
on_message (KzBoardView *view, const char *text, gboolean refusal, Fixture *f)
{
  if (text && refusal)
    g_ptr_array_add (f->messages, g_strdup (text));
  else if (text)
    g_ptr_array_add (f->hints, g_strdup (text));
}

static void
fixture_setup (Fixture *f, gconstpointer data)
{
  KzBoardState state;

  f->game = kz_game_new ();
  f->chosen = g_ptr_array_new_with_free_func (g_free);
  f->messages = g_ptr_array_new_with_free_func (g_free);
  f->hints = g_ptr_array_new_with_free_func (g_free);
  f->window = gtk_window_new ();
  f->view = KZ_BOARD_VIEW (kz_board_view_new ());
  kz_board_view_set_animation_duration (f->view, 0);
  gtk_window_set_child (GTK_WINDOW (f->window), GTK_WIDGET (f->view));
  gtk_window_set_default_size (GTK_WINDOW (f->window), WIDTH, HEIGHT);
  kz_board_state_from_game (&state, f->game, 0);
  kz_board_view_set_state (f->view, &state, NULL);
  g_signal_connect (f->view, "move-chosen", G_CALLBACK (on_move), f);
  g_signal_connect (f->view, "message", G_CALLBACK (on_message), f);
  gtk_window_present (GTK_WINDOW (f->window));
  for (int i = 0; i < 250 && (gtk_widget_get_width (GTK_WIDGET (f->view)) == 0 ||
                              !gtk_widget_get_mapped (GTK_WIDGET (f->view))); i++)
    wait_frames (1);
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (f->view)));
}

static void
fixture_teardown (Fixture *f, gconstpointer data)
{
  gtk_window_destroy (GTK_WINDOW (f->window));
  g_clear_object (&f->game);
  g_ptr_array_unref (f->chosen);
  g_ptr_array_unref (f->messages);
  g_ptr_array_unref (f->hints);
}

static void
test_clicks (Fixture *f, gconstpointer data)
{
  /* A step by two clicks. */
  kz_board_view_click_point (f->view, pt ("c4"));
  kz_board_view_click_point (f->view, pt ("c5"));
  g_assert_cmpuint (f->chosen->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (f->chosen, 0), ==, "c4-c5");

  /* The Turks must capture; a step is refused with a reason. */
  kz_board_view_click_point (f->view, pt ("b6"));
  g_assert_cmpuint (f->messages->len, ==, 1);
  g_assert_nonnull (strstr (g_ptr_array_index (f->messages, 0), "b6"));

  /* A two-jump chain by one click on its last point. */
  kz_board_view_click_point (f->view, pt ("c6"));
  kz_board_view_click_point (f->view, pt ("a4"));
  g_assert_cmpuint (f->chosen->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (f->chosen, 1), ==, "c6xc4xa4");
  g_assert_cmpuint (kz_game_get_ply (f->game), ==, 2);

  /* Not interactive (the computer's turn): a click is refused. */
  kz_board_view_set_interactive (f->view, FALSE);
  kz_board_view_click_point (f->view, pt ("a3"));
  g_assert_cmpuint (f->chosen->len, ==, 2);
  g_assert_cmpuint (f->messages->len, ==, 2);
  kz_board_view_set_interactive (f->view, TRUE);
  kz_board_view_click_point (f->view, pt ("a3"));
  kz_board_view_click_point (f->view, pt ("a5"));
  g_assert_cmpstr (g_ptr_array_index (f->chosen, 2), ==, "a3xa5");
}

/* A chain taken point by point: the hint under way speaks to keyboard
 * players too (Enter or Space choose a point, nobody clicks). */
static void
test_chain_hint (Fixture *f, gconstpointer data)
{
  kz_board_view_click_point (f->view, pt ("c4"));
  kz_board_view_click_point (f->view, pt ("c5"));
  kz_board_view_click_point (f->view, pt ("c6"));
  kz_board_view_click_point (f->view, pt ("c4"));
  g_assert_cmpuint (f->chosen->len, ==, 1);
  g_assert_cmpuint (f->hints->len, >=, 1);
  for (guint i = 0; i < f->hints->len; i++)
    {
      const char *hint = g_ptr_array_index (f->hints, i);
      g_test_message ("hint: %s", hint);
      g_assert_null (strstr (hint, "click"));
      g_assert_null (strstr (hint, "Click"));
    }
  kz_board_view_click_point (f->view, pt ("a4"));
  g_assert_cmpuint (f->chosen->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (f->chosen, 1), ==, "c6xc4xa4");
}

/* Replaces the fixture's game by one from a position. */
static void
set_game_from_kpn (Fixture *f, const char *kpn)
{
  g_autoptr (GError) error = NULL;
  KzBoardState state;

  g_clear_object (&f->game);
  f->game = kz_game_new_from_kpn (kpn, &error);
  g_assert_no_error (error);
  kz_board_state_from_game (&state, f->game, 0);
  kz_board_view_set_state (f->view, &state, NULL);
}

static KzMove
parse_move (Fixture *f, const char *text)
{
  g_autoptr (GError) error = NULL;
  KzMove move;

  g_assert_true (kz_game_parse_move (f->game, text, &move, &error));
  return move;
}

static void
test_hint (Fixture *f, gconstpointer data)
{
  KzMove hint, shown;

  kz_board_view_click_point (f->view, pt ("c4"));
  kz_board_view_click_point (f->view, pt ("c5"));
  g_assert_cmpuint (f->chosen->len, ==, 1);

  /* A hint selects its piece; clicking the piece again keeps the hint. */
  hint = parse_move (f, "c6xc4xa4");
  g_assert_true (kz_board_view_show_hint (f->view, &hint));
  g_assert_true (kz_board_view_get_hint (f->view, &shown));
  g_assert_cmpint (shown.to, ==, pt ("a4"));
  kz_board_view_click_point (f->view, pt ("c6"));
  g_assert_true (kz_board_view_get_hint (f->view, NULL));
  g_assert_cmpuint (f->chosen->len, ==, 1);
  /* The hinted end point plays the hinted move. */
  kz_board_view_click_point (f->view, pt ("a4"));
  g_assert_cmpuint (f->chosen->len, ==, 2);
  g_assert_cmpstr (g_ptr_array_index (f->chosen, 1), ==, "c6xc4xa4");
  g_assert_false (kz_board_view_get_hint (f->view, NULL));

  /* A move of another position is not shown. */
  g_assert_false (kz_board_view_show_hint (f->view, &hint));

  /* Selecting another piece drops the hint. */
  hint = parse_move (f, "a3xa5");
  g_assert_true (kz_board_view_show_hint (f->view, &hint));
  kz_board_view_cancel_input (f->view);
  g_assert_false (kz_board_view_get_hint (f->view, NULL));
}

/* Two chains from a3 go round the square and come back to a3, one each
 * way: a click on the end point could not tell them apart; with a hint
 * it plays the hinted one. */
static void
test_hint_ambiguous_end (Fixture *f, gconstpointer data)
{
  KzMove hint;

  set_game_from_kpn (f, "4t/3/5/5/1t3/t1t2/ct3/3/4c c home home");
  hint = parse_move (f, "a3xa5xc5xc3xa3");
  g_assert_true (kz_board_view_show_hint (f->view, &hint));
  kz_board_view_click_point (f->view, pt ("a3"));
  g_assert_cmpuint (f->chosen->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (f->chosen, 0), ==, "a3xa5xc5xc3xa3");
}

/* Red minus blue at the centre of a point: > 0 for a Turk, < 0 for a Cossack. */
static int
redness (cairo_surface_t *surface, const KzBoardGeometry *g, int sq)
{
  double x, y;
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint32 pixel;
  int r, b, sum = 0;

  kz_board_geometry_point_to_pixel (g, sq, &x, &y);
  /* a little off centre, on the disc but beside the emblem */
  x += kz_board_geometry_piece_radius (g) * 0.75;
  memcpy (&pixel, data + (int) y * stride + 4 * (int) x, 4);
  r = (pixel >> 16) & 0xff;
  b = pixel & 0xff;
  sum = r - b;
  return sum;
}

static void
test_drawing (Fixture *f, gconstpointer data)
{
  AdwStyleManager *style = adw_style_manager_get_default ();

  for (int dark = 0; dark < 2; dark++)
    for (int flipped = 0; flipped < 2; flipped++)
      {
        KzBoardGeometry g;
        cairo_surface_t *surface;

        adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                         : ADW_COLOR_SCHEME_FORCE_LIGHT);
        kz_board_view_set_flipped (f->view, flipped);
        wait_frames (3);
        surface = render_widget (GTK_WIDGET (f->view));
        kz_board_geometry_init (&g, gtk_widget_get_width (GTK_WIDGET (f->view)),
                                gtk_widget_get_height (GTK_WIDGET (f->view)), flipped);
        /* Cossacks (blue) on ranks 1–4, Turks (red) on ranks 6–9. */
        g_assert_cmpint (redness (surface, &g, pt ("a1")), <, -40);
        g_assert_cmpint (redness (surface, &g, pt ("c4")), <, -40);
        g_assert_cmpint (redness (surface, &g, pt ("e9")), >, 40);
        g_assert_cmpint (redness (surface, &g, pt ("d6")), >, 40);
        cairo_surface_destroy (surface);
      }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

/* Pixels that differ (a channel by more than 48) in the square of
 * half-side r round point sq, between two renderings of the view. */
static int
differ_near (cairo_surface_t *a, cairo_surface_t *b, const KzBoardGeometry *g, int sq, double r)
{
  const guint8 *pa = cairo_image_surface_get_data (a), *pb = cairo_image_surface_get_data (b);
  int stride = cairo_image_surface_get_stride (a), n = 0;
  double cx, cy;

  kz_board_geometry_point_to_pixel (g, sq, &cx, &cy);
  for (int y = (int) (cy - r); y <= (int) (cy + r); y++)
    for (int x = (int) (cx - r); x <= (int) (cx + r); x++)
      for (int c = 0; c < 4; c++)
        if (ABS (pa[y * stride + 4 * x + c] - pb[y * stride + 4 * x + c]) > 48)
          {
            n++;
            break;
          }
  return n;
}

/* The guided game's switches: "show-targets" off hides the dots on the
 * points the selected piece can go to, "show-must-capture" off the rings
 * round the pieces that must capture; nothing else changes. */
static void
test_aid_switches (Fixture *f, gconstpointer data)
{
  KzBoardGeometry g;
  cairo_surface_t *plain, *with, *without;

  /* c4 selected: c5 is a target */
  wait_frames (3);
  plain = render_widget (GTK_WIDGET (f->view));
  kz_board_view_click_point (f->view, pt ("c4"));
  wait_frames (3);
  with = render_widget (GTK_WIDGET (f->view));
  kz_board_view_set_show_targets (f->view, FALSE);
  wait_frames (3);
  without = render_widget (GTK_WIDGET (f->view));
  kz_board_geometry_init (&g, gtk_widget_get_width (GTK_WIDGET (f->view)),
                          gtk_widget_get_height (GTK_WIDGET (f->view)), FALSE);
  g_assert_cmpint (differ_near (plain, with, &g, pt ("c5"), g.unit * 0.2), >, 20);
  g_assert_cmpint (differ_near (plain, without, &g, pt ("c5"), g.unit * 0.2), ==, 0);
  cairo_surface_destroy (plain);
  cairo_surface_destroy (with);
  cairo_surface_destroy (without);
  kz_board_view_cancel_input (f->view);

  /* c4 must take d4: its ring, then none */
  set_game_from_kpn (f, "4t/3/5/5/5/2ct1/c4/3/5 c home home");
  kz_board_view_set_show_must_capture (f->view, FALSE);
  wait_frames (3);
  without = render_widget (GTK_WIDGET (f->view));
  kz_board_view_set_show_must_capture (f->view, TRUE);
  wait_frames (3);
  with = render_widget (GTK_WIDGET (f->view));
  g_assert_cmpint (differ_near (with, without, &g, pt ("c4"), g.unit * 0.5), >, 20);
  g_assert_cmpint (differ_near (with, without, &g, pt ("a3"), g.unit * 0.5), ==, 0);
  cairo_surface_destroy (with);
  cairo_surface_destroy (without);
}

/* The view draws through the painter: kz_board_paint() of the same
 * state gives the same picture (troop emblems, walls, flags, the last
 * move and its captures), in both styles and orientations. */
static void
test_same_as_painter (Fixture *f, gconstpointer data)
{
  AdwStyleManager *style = adw_style_manager_get_default ();
  KzBoardState state;

  kz_board_view_click_point (f->view, pt ("c4"));
  kz_board_view_click_point (f->view, pt ("c5"));
  kz_board_view_click_point (f->view, pt ("c6"));
  kz_board_view_click_point (f->view, pt ("a4"));
  g_assert_cmpuint (kz_game_get_ply (f->game), ==, 2);
  /* No must-capture rings: only what a still picture shows. */
  kz_board_view_set_interactive (f->view, FALSE);
  kz_board_state_from_game (&state, f->game, 2);

  for (int dark = 0; dark < 2; dark++)
    for (int flipped = 0; flipped < 2; flipped++)
      {
        cairo_surface_t *shown, *painted;
        KzPaintOptions options = { flipped, TRUE, &state.last_move, state.pieces, dark };
        int w, h, stride, differ = 0;
        const guint8 *a, *b;
        cairo_t *cr;

        adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK
                                                         : ADW_COLOR_SCHEME_FORCE_LIGHT);
        kz_board_view_set_flipped (f->view, flipped);
        wait_frames (3);
        shown = render_widget (GTK_WIDGET (f->view));
        w = cairo_image_surface_get_width (shown);
        h = cairo_image_surface_get_height (shown);
        painted = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
        cr = cairo_create (painted);
        kz_board_paint (cr, &state.pos, w, h, &options);
        cairo_destroy (cr);
        cairo_surface_flush (painted);

        a = cairo_image_surface_get_data (shown);
        b = cairo_image_surface_get_data (painted);
        stride = cairo_image_surface_get_stride (shown);
        for (int y = 0; y < h; y++)
          for (int x = 0; x < 4 * w; x++)
            if (ABS (a[y * stride + x] - b[y * stride + x]) > 48)
              {
                differ++;
                break;
              }
        g_test_message ("rows that differ: %d of %d", differ, h);
        /* Rows with a difference at all (text may be hinted apart). */
        g_assert_cmpint (differ, <, h / 50);
        cairo_surface_destroy (shown);
        cairo_surface_destroy (painted);
      }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

/* Thumbnails and exports without troop types still draw the pieces, the
 * flags and the board at any size. */
/* The words a screen reader gets: point names, moves, flags, and the
 * sentence the board announces when it shows a move. */
static void
test_accessible_words (Fixture *f, gconstpointer data)
{
  g_autoptr (KzGame) flag_game = NULL;
  g_autoptr (GError) error = NULL;
  KzBoardState before, after;
  g_autofree char *c1 = NULL, *c8 = NULL, *c5 = NULL, *capture = NULL, *flag = NULL, *named = NULL;

  kz_board_state_from_game (&before, f->game, 0);
  c1 = kz_board_describe_point (&before, pt ("c1"));
  c8 = kz_board_describe_point (&before, pt ("c8"));
  c5 = kz_board_describe_point (&before, pt ("c5"));
  g_assert_true (g_str_has_prefix (c1, "c1, Cossack piece, "));
  g_assert_cmpstr (c8, ==, "c8, Turkish flag");
  g_assert_cmpstr (c5, ==, "c5, empty");
  g_assert_cmpstr (kz_board_view_get_announcement (f->view), ==, "");

  /* c6 jumps c5 and b4: a capture names the captured points in order. */
  g_assert_true (kz_game_play_text (f->game, "c4-c5", &error));
  g_assert_true (kz_game_play_text (f->game, "c6xc4xa4", &error));
  kz_board_state_from_game (&before, f->game, 1);
  kz_board_state_from_game (&after, f->game, 2);
  capture = kz_board_describe_move (&before, &after);
  g_assert_cmpstr (capture, ==, "Turks: c6 takes c5 and b4, lands on a4.");
  /* Shown with the state before it, the move is announced. */
  kz_board_view_set_state (f->view, &after, &before);
  g_assert_cmpstr (kz_board_view_get_announcement (f->view), ==, capture);

  /* Jumping the standing flag takes it; the carrier is named so. */
  flag_game = kz_game_new_from_kpn ("5/3/2c2/5/5/5/5/3/t4 c home home", &error);
  g_assert_no_error (error);
  g_assert_true (kz_game_play_text (flag_game, "c7xc9", &error));
  kz_board_state_from_game (&before, flag_game, 0);
  kz_board_state_from_game (&after, flag_game, 1);
  flag = kz_board_describe_move (&before, &after);
  g_assert_cmpstr (flag, ==, "Cossacks: c7 jumps to c9. Cossacks take the Turkish flag.");
  named = kz_board_describe_point (&after, pt ("c9"));
  g_assert_true (g_str_has_prefix (named, "c9, Cossack piece"));
  g_assert_true (g_str_has_suffix (named, ", carrying the Turkish flag"));
}

/* The item of the piece menu shown: its action and (side, troop). */
static void
menu_target (KzBoardView *view, int *side, int *troop)
{
  GtkWidget *menu = kz_board_view_get_piece_menu (view);
  GMenuModel *model;
  g_autofree char *action = NULL;
  g_autoptr (GVariant) target = NULL;

  g_assert_nonnull (menu);
  g_assert_true (gtk_widget_get_visible (menu));
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (menu));
  g_assert_cmpint (g_menu_model_get_n_items (model), ==, 1);
  g_assert_true (g_menu_model_get_item_attribute (model, 0, G_MENU_ATTRIBUTE_ACTION, "s", &action));
  g_assert_cmpstr (action, ==, "app.show-troop");
  target = g_menu_model_get_item_attribute_value (model, 0, G_MENU_ATTRIBUTE_TARGET,
                                                  G_VARIANT_TYPE ("(ii)"));
  g_assert_nonnull (target);
  g_variant_get (target, "(ii)", side, troop);
}

/* The controller of `type` on the board (for the secondary button: the
 * click gesture of that button). */
static GtkEventController *
find_controller (KzBoardView *view, GType type, guint button)
{
  g_autoptr (GListModel) list = gtk_widget_observe_controllers (GTK_WIDGET (view));
  for (guint i = 0; i < g_list_model_get_n_items (list); i++)
    {
      g_autoptr (GtkEventController) c = g_list_model_get_item (list, i);
      if (G_TYPE_CHECK_INSTANCE_TYPE (c, type)
          && (button == 0 || gtk_gesture_single_get_button (GTK_GESTURE_SINGLE (c)) == button))
        return c;   /* the board keeps it */
    }
  return NULL;
}

/* "Who Is This?": a piece's menu names its side and troop for
 * app.show-troop, from a right click or the Menu key on the focused
 * point; the legend (tooltip) names the troop. */
static void
test_who_is_this (Fixture *f, gconstpointer data)
{
  KzBoardState state;
  KzBoardGeometry g;
  GtkEventController *keys, *secondary;
  double x, y;
  int side = -1, troop = -1;
  gboolean handled = FALSE;
  g_autofree char *hetman = NULL, *flag = NULL, *empty = NULL;

  kz_board_state_from_game (&state, f->game, 0);
  g_assert_false (kz_board_view_popup_piece_menu (f->view, pt ("c5")));   /* empty */
  g_assert_false (kz_board_view_popup_piece_menu (f->view, pt ("c8")));   /* a flag */
  g_assert_null (kz_board_view_get_piece_menu (f->view));

  g_assert_true (kz_board_view_popup_piece_menu (f->view, pt ("c1")));
  menu_target (f->view, &side, &troop);
  g_assert_cmpint (side, ==, KZ_COSSACKS);
  g_assert_cmpint (troop, ==, state.pieces[pt ("c1")].troop);
  g_assert_cmpint (troop, ==, KZ_TROOP_LEADER);
  gtk_popover_popdown (GTK_POPOVER (kz_board_view_get_piece_menu (f->view)));

  /* A right click on b7, where the geometry draws it. */
  secondary = find_controller (f->view, GTK_TYPE_GESTURE_CLICK, GDK_BUTTON_SECONDARY);
  g_assert_nonnull (secondary);
  kz_board_geometry_init (&g, gtk_widget_get_width (GTK_WIDGET (f->view)),
                          gtk_widget_get_height (GTK_WIDGET (f->view)), FALSE);
  kz_board_geometry_point_to_pixel (&g, pt ("b7"), &x, &y);
  g_signal_emit_by_name (secondary, "pressed", 1, x, y);
  menu_target (f->view, &side, &troop);
  g_assert_cmpint (side, ==, KZ_TURKS);
  g_assert_cmpint (troop, ==, state.pieces[pt ("b7")].troop);
  gtk_popover_popdown (GTK_POPOVER (kz_board_view_get_piece_menu (f->view)));
  wait_frames (2);
  g_assert_false (gtk_widget_get_visible (kz_board_view_get_piece_menu (f->view)));

  /* The Menu key on the point with the keyboard focus (a9). */
  keys = find_controller (f->view, GTK_TYPE_EVENT_CONTROLLER_KEY, 0);
  g_assert_nonnull (keys);
  for (int i = 0; i < 12 && kz_board_view_get_focus_point (f->view) != pt ("a9"); i++)
    {
      g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_Up, 0, 0, &handled);
      if (kz_board_view_get_focus_point (f->view) == pt ("a9"))
        break;
      g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_Left, 0, 0, &handled);
    }
  g_assert_cmpint (kz_board_view_get_focus_point (f->view), ==, pt ("a9"));
  handled = FALSE;
  g_signal_emit_by_name (keys, "key-pressed", GDK_KEY_Menu, 0, 0, &handled);
  g_assert_true (handled);
  menu_target (f->view, &side, &troop);
  g_assert_cmpint (side, ==, KZ_TURKS);
  g_assert_cmpint (troop, ==, state.pieces[pt ("a9")].troop);

  /* The legend names the troop and says how to ask; not for a flag. */
  hetman = kz_board_view_dup_legend (f->view, pt ("c1"));
  g_assert_nonnull (strstr (hetman, kz_troop_describe (KZ_TROOP_LEADER, KZ_COSSACKS)));
  g_assert_nonnull (strstr (hetman, "Who Is This?"));
  flag = kz_board_view_dup_legend (f->view, pt ("c8"));
  g_assert_cmpstr (flag, ==, "c8, Turkish flag");
  empty = kz_board_view_dup_legend (f->view, pt ("c5"));
  g_assert_null (empty);
}

/* High contrast: its own board, whose lines, pieces and emblems stand out
 * (WCAG ratios: 7 for lines, 3 for the discs, 4.5 for the emblems). */
static void
test_high_contrast_palette (void)
{
  for (int dark = 0; dark < 2; dark++)
    {
      const KzBoardPalette *hc = kz_board_palette_for (dark, TRUE);

      g_assert_true (kz_board_palette_for (dark, FALSE) == kz_board_palette (dark));
      g_assert_true (hc != kz_board_palette (dark));
      g_assert_cmpfloat (hc->weight, >, kz_board_palette (dark)->weight);
      g_assert_cmpfloat (kz_rgba_contrast (&hc->line, &hc->board), >=, 7);
      g_assert_cmpfloat (kz_rgba_contrast (&hc->label, &hc->board), >=, 7);
      for (int side = 0; side < 2; side++)
        {
          g_assert_cmpfloat (kz_rgba_contrast (&hc->side_fill[side], &hc->board), >=, 3);
          g_assert_cmpfloat (kz_rgba_contrast (&hc->side_emblem[side], &hc->side_fill[side]), >=, 4.5);
          g_assert_cmpfloat (kz_rgba_contrast (&hc->side_edge[side], &hc->board), >=, 7);
        }
      /* more than the normal board */
      g_assert_cmpfloat (kz_rgba_contrast (&hc->line, &hc->board), >,
                         kz_rgba_contrast (&kz_board_palette (dark)->line, &kz_board_palette (dark)->board));
    }
}

/* Reduced motion (gtk-enable-animations off) shows a move at once. */
static void
test_reduced_motion (Fixture *f, gconstpointer data)
{
  GtkSettings *settings = gtk_widget_get_settings (GTK_WIDGET (f->view));
  g_autoptr (GError) error = NULL;
  KzBoardState before, after;
  gboolean saved;

  g_object_get (settings, "gtk-enable-animations", &saved, NULL);
  g_assert_true (kz_game_play_text (f->game, "c4-c5", &error));
  kz_board_state_from_game (&before, f->game, 0);
  kz_board_state_from_game (&after, f->game, 1);
  kz_board_view_set_animation_duration (f->view, 250);

  g_object_set (settings, "gtk-enable-animations", TRUE, NULL);
  kz_board_view_set_state (f->view, &after, &before);
  g_assert_true (kz_board_view_get_animating (f->view));
  kz_board_view_finish_animation (f->view);

  g_object_set (settings, "gtk-enable-animations", FALSE, NULL);
  kz_board_view_set_state (f->view, &after, &before);
  g_assert_false (kz_board_view_get_animating (f->view));
  g_object_set (settings, "gtk-enable-animations", saved, NULL);
}

static void
test_painter_sizes (void)
{
  KzPosition pos;

  kz_position_init_start (&pos);
  for (int size = 40; size <= 800; size *= 2)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, size, size * 3 / 2);
      cairo_t *cr = cairo_create (surface);
      KzBoardGeometry g;
      double x, y;
      const guint8 *data;
      guint32 pixel;

      kz_board_paint (cr, &pos, size, size * 3 / 2, NULL);
      cairo_destroy (cr);
      cairo_surface_flush (surface);
      kz_board_geometry_init (&g, size, size * 3 / 2, FALSE);
      data = cairo_image_surface_get_data (surface);
      /* A Cossack (blue) on c1, a Turk (red) on c9. */
      kz_board_geometry_point_to_pixel (&g, pt ("a1"), &x, &y);
      memcpy (&pixel, data + (int) y * cairo_image_surface_get_stride (surface) + 4 * (int) x, 4);
      g_assert_cmpint ((int) (pixel & 0xff) - (int) ((pixel >> 16) & 0xff), >, 40);
      kz_board_geometry_point_to_pixel (&g, pt ("a9"), &x, &y);
      memcpy (&pixel, data + (int) y * cairo_image_surface_get_stride (surface) + 4 * (int) x, 4);
      g_assert_cmpint ((int) ((pixel >> 16) & 0xff) - (int) (pixel & 0xff), >, 40);
      cairo_surface_destroy (surface);
    }
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  if (!gtk_init_check ())
    {
      g_print ("1..0 # SKIP no display\n");
      return 0;
    }
  adw_init ();
  g_test_add ("/ui/board-view/clicks", Fixture, NULL, fixture_setup, test_clicks, fixture_teardown);
  g_test_add ("/ui/board-view/chain-hint", Fixture, NULL, fixture_setup, test_chain_hint,
              fixture_teardown);
  g_test_add ("/ui/board-view/drawing", Fixture, NULL, fixture_setup, test_drawing, fixture_teardown);
  g_test_add ("/ui/board-view/aid-switches", Fixture, NULL, fixture_setup, test_aid_switches,
              fixture_teardown);
  g_test_add ("/ui/board-view/hint", Fixture, NULL, fixture_setup, test_hint, fixture_teardown);
  g_test_add ("/ui/board-view/hint-ambiguous-end", Fixture, NULL, fixture_setup,
              test_hint_ambiguous_end, fixture_teardown);
  g_test_add ("/ui/board-view/same-as-painter", Fixture, NULL, fixture_setup, test_same_as_painter,
              fixture_teardown);
  g_test_add_func ("/ui/board-view/painter-sizes", test_painter_sizes);
  g_test_add_func ("/ui/board-view/high-contrast-palette", test_high_contrast_palette);
  g_test_add ("/ui/board-view/reduced-motion", Fixture, NULL, fixture_setup, test_reduced_motion,
              fixture_teardown);
  g_test_add ("/ui/board-view/who-is-this", Fixture, NULL, fixture_setup, test_who_is_this,
              fixture_teardown);
  g_test_add ("/ui/board-view/accessible-words", Fixture, NULL, fixture_setup, test_accessible_words,
              fixture_teardown);
  return g_test_run ();
}
