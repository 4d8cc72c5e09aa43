/* kz-guide-panel.c — the guided game's words and aids (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-board-view.h"
#include "kz-guide-layer.h"
#include "kz-guide-panel.h"
#include "kz-guide-text.h"

struct _KzGuidePanel {
  GtkBox        parent_instance;

  /* template children */
  GtkWidget    *aids_button;
  GtkWidget    *warning_box;
  GtkLabel     *warning_label;
  GtkWidget    *choose_another_button;
  GtkLabel     *move_label;
  GtkLabel     *capture_label;
  GtkLabel     *danger_label;
  GtkLabel     *my_road_label;
  GtkLabel     *their_road_label;

  KzBoardView  *board;
  KzGuideLayer *layer;
  GSettings    *settings;
  KzGame       *game;
  GSignalGroup *game_signals;
  gboolean      guided;
  char         *explanation;   /* the computer's last move in words, or NULL */
  char         *pending;       /* announced once the board has shown the move */
  gboolean      has_warned;    /* a move waits behind the warning */
  KzMove        warned;        /* that move */
};

G_DEFINE_FINAL_TYPE (KzGuidePanel, kz_guide_panel, GTK_TYPE_BOX)

enum { PROP_0, PROP_BOARD, PROP_LAYER, PROP_GUIDED, N_PROPS };
static GParamSpec *props[N_PROPS];

enum { SIGNAL_MOVE_CONFIRMED, N_SIGNALS };
static guint signals[N_SIGNALS];

static const char *const aid_keys[] = {
  "guide-legal-moves", "guide-must-capture", "guide-danger", "guide-roads", "guide-explain",
  "guide-warn",
};

static gboolean
aid_on (KzGuidePanel *self, const char *key)
{
  return self->settings == NULL || g_settings_get_boolean (self->settings, key);
}

/* The side the human plays: the one the computer does not. */
static KzSide
player_side (KzGuidePanel *self)
{
  return kz_game_get_player_kind (self->game, KZ_COSSACKS) == KZ_PLAYER_COMPUTER ? KZ_TURKS
                                                                                 : KZ_COSSACKS;
}

static gboolean
game_is_guided (KzGame *game)
{
  const char *tag;
  if (game == NULL)
    return FALSE;
  tag = kz_game_get_tag (game, KZ_GUIDE_TAG);
  return tag && g_str_equal (tag, "yes")
         && (kz_game_get_player_kind (game, KZ_COSSACKS) == KZ_PLAYER_COMPUTER)
              != (kz_game_get_player_kind (game, KZ_TURKS) == KZ_PLAYER_COMPUTER);
}

static void
set_label (GtkLabel *label, const char *text)
{
  gtk_label_set_text (label, text ? text : "");
  gtk_widget_set_visible (GTK_WIDGET (label), text != NULL && *text);
}

/* ---- what is shown ---- */

static void
refresh (KzGuidePanel *self)
{
  gboolean on = self->guided && !kz_game_is_over (self->game);
  const KzPosition *pos = on ? kz_game_get_position (self->game) : NULL;
  KzSide player = on ? player_side (self) : KZ_COSSACKS;
  g_autofree char *capture = NULL, *danger_text = NULL, *mine = NULL, *theirs = NULL;
  KzFlagRoad roads[2];
  int n_roads = 0;
  KzBits danger = 0;

  /* not under the review board, which takes the game's board's place */
  gtk_widget_set_visible (GTK_WIDGET (self), self->guided && self->board
                                               && gtk_widget_get_visible (GTK_WIDGET (self->board)));
  if (self->board)
    {
      kz_board_view_set_show_targets (self->board, !self->guided || aid_on (self, "guide-legal-moves"));
      kz_board_view_set_show_must_capture (self->board,
                                           !self->guided || aid_on (self, "guide-must-capture"));
    }
  if (on && aid_on (self, "guide-must-capture") && pos->side == player)
    capture = kz_guide_must_capture_text (pos);
  if (on && aid_on (self, "guide-danger"))
    {
      danger = kz_guide_in_danger (pos, player);
      danger_text = kz_guide_danger_text (pos, player);
    }
  if (on && aid_on (self, "guide-roads"))
    {
      /* the player's road (to the opponent's flag) first */
      KzSide flags[2] = { KZ_OTHER (player), player };
      for (int i = 0; i < 2; i++)
        if (kz_guide_flag_road (pos, flags[i], &roads[n_roads]))
          {
            char *text = kz_guide_road_text (&roads[n_roads], player);
            if (roads[n_roads].side == (int) player)
              mine = text;
            else
              theirs = text;
            n_roads++;
          }
      if (mine == NULL)
        mine = g_strdup (_("No road to their flag is open now."));
    }
  set_label (self->move_label, self->guided && aid_on (self, "guide-explain") ? self->explanation
                                                                               : NULL);
  set_label (self->capture_label, capture);
  set_label (self->danger_label, danger_text);
  set_label (self->my_road_label, mine);
  set_label (self->their_road_label, theirs);
  if (self->layer)
    {
      kz_guide_layer_show (self->layer, danger, roads, n_roads, player);
      gtk_widget_set_visible (GTK_WIDGET (self->layer), gtk_widget_get_visible (GTK_WIDGET (self)));
    }
  if (self->guided && !gtk_widget_get_visible (GTK_WIDGET (self)))
    g_debug ("guide: hidden (the game's board is not shown)");
  else if (self->guided)
    {
      g_autofree char *roads_text = aid_on (self, "guide-roads") ? g_strdup_printf ("%d", n_roads)
                                                                 : g_strdup ("off");
      g_debug ("guide: move: %s | capture: %s | danger: %s (%d marked) | roads: %s | legal moves: %s",
               gtk_widget_get_visible (GTK_WIDGET (self->move_label)) ? self->explanation : "off",
               capture ? capture : "off", danger_text ? danger_text : "off", kz_popcount (danger),
               roads_text, aid_on (self, "guide-legal-moves") ? "on" : "off");
    }
}

/* The sentence for the move that led to `ply`, when the computer made it. */
static void
explain_ply (KzGuidePanel *self, guint ply)
{
  g_clear_pointer (&self->explanation, g_free);
  if (!self->guided || ply == 0)
    return;
  const KzPosition *before = kz_game_get_position_at (self->game, ply - 1);
  if (before->side == (int) player_side (self))
    return;
  g_autofree char *sentence = kz_guide_explain_move (before, kz_game_get_move (self->game, ply - 1));
  /* Translators: %s: one sentence on the computer's move, "Took c4: capturing is compulsory." */
  self->explanation = g_strdup_printf (_("Computer: %s"), sentence);
}

static void
announce_pending (KzGuidePanel *self)
{
  if (self->pending == NULL || self->board == NULL || kz_board_view_get_animating (self->board))
    return;
  kz_board_view_announce (self->board, self->pending);
  g_clear_pointer (&self->pending, g_free);
}

/* ---- the warning before a losing move ---- */

static void
hide_warning (KzGuidePanel *self)
{
  if (!self->has_warned)
    return;
  self->has_warned = FALSE;
  gtk_widget_set_visible (self->warning_box, FALSE);
  g_debug ("guide: warning: off");
}

static gboolean
focus_choose_another (gpointer data)
{
  KzGuidePanel *self = data;
  if (self->has_warned)
    gtk_widget_grab_focus (self->choose_another_button);
  return G_SOURCE_REMOVE;
}

gboolean
kz_guide_panel_check_move (KzGuidePanel *self, const KzMove *move)
{
  g_return_val_if_fail (KZ_IS_GUIDE_PANEL (self), TRUE);
  KzGuideRisk risk;

  hide_warning (self);
  if (!self->guided || kz_game_is_over (self->game) || !aid_on (self, "guide-warn")
      || !gtk_widget_get_visible (GTK_WIDGET (self)))
    return TRUE;
  const KzPosition *pos = kz_game_get_position (self->game);
  if (pos->side != (int) player_side (self) || !kz_guide_should_warn (pos, move, &risk, NULL))
    return TRUE;
  g_autofree char *text = kz_guide_warning_text (pos, move, &risk);
  self->warned = *move;
  self->has_warned = TRUE;
  gtk_label_set_text (self->warning_label, text);
  gtk_widget_set_visible (self->warning_box, TRUE);
  /* (a button just shown may not take the focus until it is mapped) */
  if (!gtk_widget_grab_focus (self->choose_another_button))
    g_idle_add_full (G_PRIORITY_DEFAULT, focus_choose_another, g_object_ref (self), g_object_unref);
  g_debug ("guide: warning: %s", text);
  if (self->board)
    {
      /* Translators: after the warning, "After c4-c5 the computer can take …" */
      g_autofree char *said = g_strdup_printf (_("%s Play it anyway, or choose another move?"), text);
      kz_board_view_announce (self->board, said);
    }
  return FALSE;
}

static void
play_anyway_clicked (KzGuidePanel *self)
{
  KzMove move = self->warned;

  if (!self->has_warned)
    return;
  hide_warning (self);
  if (self->board)
    gtk_widget_grab_focus (GTK_WIDGET (self->board));
  g_signal_emit (self, signals[SIGNAL_MOVE_CONFIRMED], 0, &move);
}

static void
choose_another_clicked (KzGuidePanel *self)
{
  hide_warning (self);
  if (self->board)
    gtk_widget_grab_focus (GTK_WIDGET (self->board));
}

static void
move_played (KzGuidePanel *self, guint ply, gpointer move)
{
  hide_warning (self);
  explain_ply (self, ply);
  refresh (self);
  g_clear_pointer (&self->pending, g_free);
  if (self->explanation && aid_on (self, "guide-explain"))
    {
      const char *capture = gtk_widget_get_visible (GTK_WIDGET (self->capture_label))
                              ? gtk_label_get_text (self->capture_label) : NULL;
      self->pending = capture ? g_strdup_printf ("%s %s", self->explanation, capture)
                              : g_strdup (self->explanation);
      announce_pending (self);
    }
}

static void
move_undone (KzGuidePanel *self)
{
  hide_warning (self);
  g_clear_pointer (&self->pending, g_free);
  explain_ply (self, kz_game_get_ply (self->game));
  refresh (self);
}

void
kz_guide_panel_set_game (KzGuidePanel *self, KzGame *game)
{
  g_return_if_fail (KZ_IS_GUIDE_PANEL (self));
  gboolean was = self->guided;

  g_set_object (&self->game, game);
  g_signal_group_set_target (self->game_signals, game);
  self->guided = game_is_guided (game);
  hide_warning (self);
  g_clear_pointer (&self->pending, g_free);
  explain_ply (self, game ? kz_game_get_ply (game) : 0);
  refresh (self);
  if (was != self->guided)
    g_object_notify_by_pspec (G_OBJECT (self), props[PROP_GUIDED]);
}

gboolean
kz_guide_panel_get_guided (KzGuidePanel *self)
{
  g_return_val_if_fail (KZ_IS_GUIDE_PANEL (self), FALSE);
  return self->guided;
}

const char *
kz_guide_panel_get_explanation (KzGuidePanel *self)
{
  g_return_val_if_fail (KZ_IS_GUIDE_PANEL (self), "");
  return self->explanation ? self->explanation : "";
}

gboolean
kz_guide_panel_get_warning_shown (KzGuidePanel *self)
{
  g_return_val_if_fail (KZ_IS_GUIDE_PANEL (self), FALSE);
  return self->has_warned;
}

/* ---- the aids' settings ---- */

static void
aid_changed (KzGuidePanel *self, const char *key)
{
  if (!aid_on (self, "guide-warn"))
    hide_warning (self);
  refresh (self);
}

void
kz_guide_panel_set_settings (KzGuidePanel *self, GSettings *settings, GActionMap *map)
{
  g_return_if_fail (KZ_IS_GUIDE_PANEL (self));
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_set_object (&self->settings, settings);
  for (guint i = 0; settings && i < G_N_ELEMENTS (aid_keys); i++)
    {
      g_autofree char *signal = g_strconcat ("changed::", aid_keys[i], NULL);
      g_signal_connect_swapped (settings, signal, G_CALLBACK (aid_changed), self);
      if (map)
        {
          g_autoptr (GAction) action = g_settings_create_action (settings, aid_keys[i]);
          g_action_map_add_action (map, action);
        }
    }
  refresh (self);
}

/* ---- the object ---- */

static void
set_board (KzGuidePanel *self, KzBoardView *board)
{
  if (self->board)
    g_signal_handlers_disconnect_by_data (self->board, self);
  g_set_object (&self->board, board);
  if (board)
    {
      g_signal_connect_swapped (board, "notify::animating", G_CALLBACK (announce_pending), self);
      g_signal_connect_swapped (board, "notify::visible", G_CALLBACK (refresh), self);
    }
}

static void
kz_guide_panel_get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  KzGuidePanel *self = KZ_GUIDE_PANEL (object);
  switch (id)
    {
    case PROP_BOARD:
      g_value_set_object (value, self->board);
      break;
    case PROP_LAYER:
      g_value_set_object (value, self->layer);
      break;
    case PROP_GUIDED:
      g_value_set_boolean (value, self->guided);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
kz_guide_panel_set_property (GObject *object, guint id, const GValue *value, GParamSpec *pspec)
{
  KzGuidePanel *self = KZ_GUIDE_PANEL (object);
  switch (id)
    {
    case PROP_BOARD:
      set_board (self, g_value_get_object (value));
      break;
    case PROP_LAYER:
      g_set_object (&self->layer, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static void
kz_guide_panel_dispose (GObject *object)
{
  KzGuidePanel *self = KZ_GUIDE_PANEL (object);

  if (self->game_signals)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  g_clear_object (&self->game);
  set_board (self, NULL);
  g_clear_object (&self->layer);
  if (self->settings)
    g_signal_handlers_disconnect_by_data (self->settings, self);
  g_clear_object (&self->settings);
  g_clear_pointer (&self->explanation, g_free);
  g_clear_pointer (&self->pending, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (self), KZ_TYPE_GUIDE_PANEL);
  G_OBJECT_CLASS (kz_guide_panel_parent_class)->dispose (object);
}

static void
kz_guide_panel_class_init (KzGuidePanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = kz_guide_panel_get_property;
  object_class->set_property = kz_guide_panel_set_property;
  object_class->dispose = kz_guide_panel_dispose;
  props[PROP_BOARD] = g_param_spec_object ("board", NULL, NULL, KZ_TYPE_BOARD_VIEW,
                                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS
                                           | G_PARAM_EXPLICIT_NOTIFY);
  props[PROP_LAYER] = g_param_spec_object ("layer", NULL, NULL, KZ_TYPE_GUIDE_LAYER,
                                           G_PARAM_READWRITE | G_PARAM_STATIC_STRINGS
                                           | G_PARAM_EXPLICIT_NOTIFY);
  props[PROP_GUIDED] = g_param_spec_boolean ("guided", NULL, NULL, FALSE,
                                             G_PARAM_READABLE | G_PARAM_STATIC_STRINGS
                                             | G_PARAM_EXPLICIT_NOTIFY);
  g_object_class_install_properties (object_class, N_PROPS, props);
  /* The move the player chose to play despite the warning (a KzMove *,
   * valid during the emission). */
  signals[SIGNAL_MOVE_CONFIRMED] =
    g_signal_new ("move-confirmed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/kz-guide-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, KzGuidePanel, aids_button);
  gtk_widget_class_bind_template_child (widget_class, KzGuidePanel, warning_box);
  gtk_widget_class_bind_template_child (widget_class, KzGuidePanel, warning_label);
  gtk_widget_class_bind_template_child (widget_class, KzGuidePanel, choose_another_button);
  gtk_widget_class_bind_template_callback (widget_class, play_anyway_clicked);
  gtk_widget_class_bind_template_callback (widget_class, choose_another_clicked);
  gtk_widget_class_bind_template_child (widget_class, KzGuidePanel, move_label);
  gtk_widget_class_bind_template_child (widget_class, KzGuidePanel, capture_label);
  gtk_widget_class_bind_template_child (widget_class, KzGuidePanel, danger_label);
  gtk_widget_class_bind_template_child (widget_class, KzGuidePanel, my_road_label);
  gtk_widget_class_bind_template_child (widget_class, KzGuidePanel, their_road_label);
}

static void
kz_guide_panel_init (KzGuidePanel *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->game_signals = g_signal_group_new (KZ_TYPE_GAME);
  g_signal_group_connect_swapped (self->game_signals, "move-played", G_CALLBACK (move_played), self);
  g_signal_group_connect_swapped (self->game_signals, "move-undone", G_CALLBACK (move_undone), self);
  g_signal_group_connect_swapped (self->game_signals, "game-over", G_CALLBACK (refresh), self);
}
