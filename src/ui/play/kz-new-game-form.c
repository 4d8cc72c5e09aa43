/* kz-new-game-form.c — the New Game dialog's form.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-clock.h"
#include "kz-game.h"
#include "kz-new-game-form.h"
#include "kz-search.h"

struct _KzNewGameForm {
  GtkBox parent_instance;

  /* template children */
  AdwComboRow   *opponent_row;
  AdwComboRow   *side_row;
  AdwComboRow   *level_row;
  GtkWidget     *help_row;
  GtkWidget     *help_switch;
  GtkWidget     *cossacks_row;
  GtkWidget     *turks_row;
  AdwComboRow   *clock_row;
  GtkWidget     *minutes_row;
  GtkSpinButton *minutes_spin;
  GtkWidget     *increment_row;
  GtkSpinButton *increment_spin;
  GtkWidget     *no_progress_switch;

  GSettings     *settings;    /* delayed: written on apply */
};

G_DEFINE_FINAL_TYPE (KzNewGameForm, kz_new_game_form, GTK_TYPE_BOX)


/* ---- mappings between the rows and the settings ---------------------- */

/* choices: the names of rows 0 and 1; anything but the second shows row 0. */
static gboolean
get_choice (GValue *value, GVariant *variant, gpointer choices)
{
  const char *const *names = choices;
  g_value_set_uint (value, g_str_equal (g_variant_get_string (variant, NULL), names[1]) ? 1 : 0);
  return TRUE;
}

static GVariant *
set_choice (const GValue *value, const GVariantType *type, gpointer choices)
{
  const char *const *names = choices;
  return g_variant_new_string (names[g_value_get_uint (value) == 1 ? 1 : 0]);
}

/* computer-level (1..KZ_SEARCH_MAX_LEVEL) <-> level_row's row (from 0) */
static gboolean
get_level (GValue *value, GVariant *variant, gpointer data)
{
  int level = CLAMP (g_variant_get_int32 (variant), KZ_SEARCH_MIN_LEVEL, KZ_SEARCH_MAX_LEVEL);
  g_value_set_uint (value, (guint) (level - KZ_SEARCH_MIN_LEVEL));
  return TRUE;
}

static GVariant *
set_level (const GValue *value, const GVariantType *type, gpointer data)
{
  guint row = g_value_get_uint (value);
  int level = row == GTK_INVALID_LIST_POSITION ? KZ_SEARCH_MIN_LEVEL
                                               : KZ_SEARCH_MIN_LEVEL + (int) row;
  return g_variant_new_int32 (CLAMP (level, KZ_SEARCH_MIN_LEVEL, KZ_SEARCH_MAX_LEVEL));
}

/* The clock presets of clock_row, after "No clock"; then "Custom". */
static const char *const clock_presets[] = { "300+3", "600+5", "900+10" };
#define CLOCK_CUSTOM (1 + G_N_ELEMENTS (clock_presets))

static void
show_time_control (KzNewGameForm *self, const char *text)
{
  KzTimeControl tc;
  guint row = CLOCK_CUSTOM;
  g_autofree char *stripped = g_strstrip (g_strdup (text ? text : ""));

  if (!kz_time_control_parse (text, &tc, NULL))
    tc = (KzTimeControl) { KZ_TIME_NONE, 0, 0 };
  if (tc.kind == KZ_TIME_NONE)
    row = 0;
  for (guint i = 0; i < G_N_ELEMENTS (clock_presets); i++)
    if (g_strcmp0 (stripped, clock_presets[i]) == 0)
      row = 1 + i;
  if (tc.kind != KZ_TIME_NONE)
    {
      gtk_spin_button_set_value (self->minutes_spin, MAX (1, tc.base_ms / 60000));
      gtk_spin_button_set_value (self->increment_spin, tc.increment_ms / 1000);
    }
  adw_combo_row_set_selected (self->clock_row, row);
}

/* The clock chosen, in PGN TimeControl syntax. */
char *
kz_new_game_form_dup_time_control (KzNewGameForm *self)
{
  guint row;

  g_return_val_if_fail (KZ_IS_NEW_GAME_FORM (self), g_strdup ("-"));
  row = adw_combo_row_get_selected (self->clock_row);
  if (row == 0)
    return g_strdup ("-");
  if (row < CLOCK_CUSTOM)
    return g_strdup (clock_presets[row - 1]);
  gtk_spin_button_update (self->minutes_spin);
  gtk_spin_button_update (self->increment_spin);
  {
    KzTimeControl tc = { KZ_TIME_FISCHER, (gint64) gtk_spin_button_get_value_as_int (self->minutes_spin) * 60000,
                         (gint64) gtk_spin_button_get_value_as_int (self->increment_spin) * 1000 };
    if (tc.increment_ms == 0)
      tc.kind = KZ_TIME_SUDDEN_DEATH;
    return kz_time_control_format (&tc);
  }
}

static const char *const opponents[] = { "human", "computer" };
static const char *const sides[] = { "cossacks", "turks" };

/* ---- the form -------------------------------------------------------- */

gboolean
kz_new_game_form_get_computer (KzNewGameForm *self)
{
  g_return_val_if_fail (KZ_IS_NEW_GAME_FORM (self), FALSE);
  return adw_combo_row_get_selected (self->opponent_row) == 1;
}

gboolean
kz_new_game_form_get_guided (KzNewGameForm *self)
{
  g_return_val_if_fail (KZ_IS_NEW_GAME_FORM (self), FALSE);
  return kz_new_game_form_get_computer (self)
         && gtk_switch_get_active (GTK_SWITCH (self->help_switch));
}

static void
update_rows (KzNewGameForm *self)
{
  gboolean computer, turks;

  /* Also called while the template is built. */
  if (self->opponent_row == NULL || self->side_row == NULL || self->level_row == NULL
      || self->cossacks_row == NULL || self->turks_row == NULL || self->clock_row == NULL
      || self->minutes_row == NULL || self->increment_row == NULL || self->help_row == NULL)
    return;
  gtk_widget_set_visible (self->minutes_row, adw_combo_row_get_selected (self->clock_row) == CLOCK_CUSTOM);
  gtk_widget_set_visible (self->increment_row, adw_combo_row_get_selected (self->clock_row) == CLOCK_CUSTOM);
  computer = adw_combo_row_get_selected (self->opponent_row) == 1;
  turks = adw_combo_row_get_selected (self->side_row) == 1;
  gtk_widget_set_sensitive (GTK_WIDGET (self->side_row), computer);
  gtk_widget_set_sensitive (GTK_WIDGET (self->level_row), computer);
  gtk_widget_set_sensitive (self->help_row, computer);
  /* Against the computer only the player's own name is asked. */
  gtk_widget_set_visible (self->cossacks_row, !computer || !turks);
  gtk_widget_set_visible (self->turks_row, !computer || turks);
}

/* Enter in a name field: the dialog's default response (Start). */
static void
entry_activated (KzNewGameForm *self)
{
  gtk_widget_activate_default (GTK_WIDGET (self));
}

void
kz_new_game_form_apply (KzNewGameForm *self)
{
  const char *rows_keys[][2] = { { "cossacks-name", NULL }, { "turks-name", NULL } };
  GtkWidget *rows[] = { self->cossacks_row, self->turks_row };

  g_return_if_fail (KZ_IS_NEW_GAME_FORM (self));
  for (guint i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (rows[i]))));
      g_settings_set_string (self->settings, rows_keys[i][0], name);
    }
  {
    g_autofree char *tc = kz_new_game_form_dup_time_control (self);
    g_settings_set_string (self->settings, "time-control", tc);
  }
  g_settings_apply (self->settings);
}

KzNewGameForm *
kz_new_game_form_new (GSettings *settings)
{
  KzNewGameForm *self = g_object_new (KZ_TYPE_NEW_GAME_FORM, NULL);
  g_autoptr (GSettingsSchema) schema = NULL;
  g_autoptr (GSettingsBackend) backend = NULL;
  g_autofree char *path = NULL;

  g_return_val_if_fail (G_IS_SETTINGS (settings), self);
  g_object_get (settings, "settings-schema", &schema, "backend", &backend, "path", &path, NULL);
  self->settings = g_settings_new_full (schema, backend, path);
  g_settings_delay (self->settings);

  g_settings_bind_with_mapping (self->settings, "default-opponent", self->opponent_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, get_choice, set_choice,
                                (gpointer) opponents, NULL);
  g_settings_bind_with_mapping (self->settings, "player-side", self->side_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, get_choice, set_choice,
                                (gpointer) sides, NULL);
  g_settings_bind_with_mapping (self->settings, "computer-level", self->level_row, "selected",
                                G_SETTINGS_BIND_DEFAULT, get_level, set_level, NULL, NULL);
  g_settings_bind (self->settings, "new-game-guided", self->help_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "no-progress-draw", self->no_progress_switch, "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "cossacks-name", self->cossacks_row, "text", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "turks-name", self->turks_row, "text", G_SETTINGS_BIND_DEFAULT);
  {
    g_autofree char *tc = g_settings_get_string (self->settings, "time-control");
    show_time_control (self, tc);
  }
  update_rows (self);
  return self;
}

static void
kz_new_game_form_dispose (GObject *object)
{
  KzNewGameForm *self = KZ_NEW_GAME_FORM (object);

  gtk_widget_dispose_template (GTK_WIDGET (self), KZ_TYPE_NEW_GAME_FORM);
  g_clear_object (&self->settings);
  G_OBJECT_CLASS (kz_new_game_form_parent_class)->dispose (object);
}

static void
kz_new_game_form_class_init (KzNewGameFormClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kz_new_game_form_dispose;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/kz-new-game-form.ui");
  gtk_widget_class_bind_template_child (widget_class, KzNewGameForm, opponent_row);
  gtk_widget_class_bind_template_child (widget_class, KzNewGameForm, side_row);
  gtk_widget_class_bind_template_child (widget_class, KzNewGameForm, level_row);
  gtk_widget_class_bind_template_child (widget_class, KzNewGameForm, help_row);
  gtk_widget_class_bind_template_child (widget_class, KzNewGameForm, help_switch);
  gtk_widget_class_bind_template_child (widget_class, KzNewGameForm, clock_row);
  gtk_widget_class_bind_template_child (widget_class, KzNewGameForm, minutes_row);
  gtk_widget_class_bind_template_child (widget_class, KzNewGameForm, minutes_spin);
  gtk_widget_class_bind_template_child (widget_class, KzNewGameForm, increment_row);
  gtk_widget_class_bind_template_child (widget_class, KzNewGameForm, increment_spin);
  gtk_widget_class_bind_template_child (widget_class, KzNewGameForm, no_progress_switch);
  gtk_widget_class_bind_template_child (widget_class, KzNewGameForm, cossacks_row);
  gtk_widget_class_bind_template_child (widget_class, KzNewGameForm, turks_row);
  gtk_widget_class_bind_template_callback (widget_class, update_rows);
  gtk_widget_class_bind_template_callback (widget_class, entry_activated);
}

static void
kz_new_game_form_init (KzNewGameForm *self)
{
  g_autoptr (GtkStringList) levels = gtk_string_list_new (NULL);

  gtk_widget_init_template (GTK_WIDGET (self));
  for (int level = KZ_SEARCH_MIN_LEVEL; level <= KZ_SEARCH_MAX_LEVEL; level++)
    {
      g_autofree char *label = kz_level_describe (level);
      gtk_string_list_append (levels, label);
    }
  adw_combo_row_set_model (self->level_row, G_LIST_MODEL (levels));
}
