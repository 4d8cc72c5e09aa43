/* kz-dialogs.c — message, about, preferences and shortcuts dialogs.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-dialogs.h"

#if ADW_CHECK_VERSION (1, 5, 0)
# define KZ_USE_ADW_DIALOG 1
#else
# define KZ_USE_ADW_DIALOG 0
#endif

GObject *
kz_alert_new (const char *heading,
              const char *body)
{
#if KZ_USE_ADW_DIALOG
  return G_OBJECT (adw_alert_dialog_new (heading, body));
#else
  GtkWidget *dialog = adw_message_dialog_new (NULL, heading, body);
  return G_OBJECT (dialog);
#endif
}

void
kz_alert_add_response (GObject               *alert,
                       const char            *id,
                       const char            *label,
                       AdwResponseAppearance  appearance)
{
#if KZ_USE_ADW_DIALOG
  adw_alert_dialog_add_response (ADW_ALERT_DIALOG (alert), id, label);
  adw_alert_dialog_set_response_appearance (ADW_ALERT_DIALOG (alert), id, appearance);
#else
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (alert), id, label);
  adw_message_dialog_set_response_appearance (ADW_MESSAGE_DIALOG (alert), id, appearance);
#endif
}

void
kz_alert_set_default (GObject    *alert,
                      const char *id,
                      const char *close_id)
{
#if KZ_USE_ADW_DIALOG
  adw_alert_dialog_set_default_response (ADW_ALERT_DIALOG (alert), id);
  adw_alert_dialog_set_close_response (ADW_ALERT_DIALOG (alert), close_id);
#else
  adw_message_dialog_set_default_response (ADW_MESSAGE_DIALOG (alert), id);
  adw_message_dialog_set_close_response (ADW_MESSAGE_DIALOG (alert), close_id);
#endif
}

void
kz_alert_set_extra_child (GObject   *alert,
                          GtkWidget *child)
{
#if KZ_USE_ADW_DIALOG
  adw_alert_dialog_set_extra_child (ADW_ALERT_DIALOG (alert), child);
#else
  adw_message_dialog_set_extra_child (ADW_MESSAGE_DIALOG (alert), child);
#endif
}

typedef struct {
  KzAlertCallback callback;
  gpointer        user_data;
  GWeakRef        map;     /* the window's GActionMap holding "shown-alert" */
  char           *heading;
} AlertData;

static void
alert_data_free (gpointer data,
                 GClosure *closure)
{
  AlertData *d = data;

  g_weak_ref_clear (&d->map);
  g_free (d->heading);
  g_free (d);
}

/* The window action "shown-alert" (a string state, never enabled): the
 * heading of the alert the window shows last, "" when none.  Exported on
 * D-Bus with the window's other actions, so the UI tests can see which
 * alert is up whether it is a window of its own (AdwMessageDialog) or
 * drawn inside the main window (AdwAlertDialog). */
static void
set_shown_alert (GActionMap *map,
                 const char *heading,
                 const char *only_if)
{
  GAction *action = g_action_map_lookup_action (map, "shown-alert");

  if (action == NULL)
    {
      GSimpleAction *simple =
        g_simple_action_new_stateful ("shown-alert", NULL, g_variant_new_string (""));
      g_simple_action_set_enabled (simple, FALSE);
      g_action_map_add_action (map, G_ACTION (simple));
      g_object_unref (simple);
      action = G_ACTION (simple);
    }
  if (only_if)
    {
      g_autoptr (GVariant) state = g_action_get_state (action);
      if (!g_str_equal (g_variant_get_string (state, NULL), only_if))
        return;
    }
  g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (heading));
}

/* Closed without a response (kz_alert_close). */
static void
alert_gone (GObject   *alert,
            AlertData *data)
{
  g_autoptr (GActionMap) map = g_weak_ref_get (&data->map);

  if (map)
    set_shown_alert (map, "", data->heading);
}

static void
alert_response (GObject    *alert,
                const char *response,
                AlertData  *data)
{
  g_autoptr (GActionMap) map = g_weak_ref_get (&data->map);

  if (map)
    set_shown_alert (map, "", data->heading);
  if (data->callback)
    data->callback (alert, response, data->user_data);
}

void
kz_alert_present (GObject         *alert,
                  GtkWidget       *parent,
                  KzAlertCallback  callback,
                  gpointer         user_data)
{
  AlertData *data = g_new0 (AlertData, 1);
  GtkRoot *root = parent ? gtk_widget_get_root (parent) : NULL;

  data->callback = callback;
  data->user_data = user_data;
  g_weak_ref_init (&data->map, G_IS_ACTION_MAP (root) ? root : NULL);
#if KZ_USE_ADW_DIALOG
  data->heading = g_strdup (adw_alert_dialog_get_heading (ADW_ALERT_DIALOG (alert)));
#else
  data->heading = g_strdup (adw_message_dialog_get_heading (ADW_MESSAGE_DIALOG (alert)));
#endif
  g_signal_connect_data (alert, "response", G_CALLBACK (alert_response), data,
                         alert_data_free, 0);
#if KZ_USE_ADW_DIALOG
  g_signal_connect (alert, "closed", G_CALLBACK (alert_gone), data);
#else
  g_signal_connect (alert, "destroy", G_CALLBACK (alert_gone), data);
#endif
  if (G_IS_ACTION_MAP (root))
    set_shown_alert (G_ACTION_MAP (root), data->heading ? data->heading : "", NULL);
#if KZ_USE_ADW_DIALOG
  adw_dialog_present (ADW_DIALOG (alert), parent);
#else
  if (parent)
    gtk_window_set_transient_for (GTK_WINDOW (alert), GTK_WINDOW (gtk_widget_get_root (parent)));
  gtk_window_set_modal (GTK_WINDOW (alert), TRUE);
  gtk_window_present (GTK_WINDOW (alert));
#endif
}

void
kz_alert_close (GObject *alert)
{
#if KZ_USE_ADW_DIALOG
  adw_dialog_force_close (ADW_DIALOG (alert));
#else
  gtk_window_destroy (GTK_WINDOW (alert));
#endif
}

void
kz_add_close_shortcuts (GtkWindow *window)
{
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller),
    gtk_shortcut_new (gtk_shortcut_trigger_parse_string ("Escape|<Control>w"),
                      gtk_named_action_new ("window.close")));
  gtk_widget_add_controller (GTK_WIDGET (window), controller);
}

GtkWidget *
kz_reading_window_new (const char *title, int width, int height, int max_width,
                       int side_margin, GtkWidget **content)
{
  GtkWidget *window = adw_window_new ();
  GtkWidget *outer = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = adw_header_bar_new ();
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);

  g_return_val_if_fail (content != NULL, NULL);
  gtk_window_set_title (GTK_WINDOW (window), title);
  gtk_window_set_default_size (GTK_WINDOW (window), width, height);
  kz_add_close_shortcuts (GTK_WINDOW (window));
  adw_header_bar_set_title_widget (ADW_HEADER_BAR (header), adw_window_title_new (title, NULL));
  gtk_box_append (GTK_BOX (outer), header);
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                  GTK_POLICY_AUTOMATIC);
  gtk_widget_set_vexpand (scrolled, TRUE);
  gtk_box_append (GTK_BOX (outer), scrolled);
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), max_width);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  gtk_widget_set_margin_top (column, 12);
  gtk_widget_set_margin_bottom (column, 24);
  gtk_widget_set_margin_start (column, side_margin);
  gtk_widget_set_margin_end (column, side_margin);
  adw_clamp_set_child (ADW_CLAMP (clamp), column);
  adw_window_set_content (ADW_WINDOW (window), outer);
  *content = column;
  return window;
}

void
kz_show_about (GtkWidget *parent)
{
  static const char *developers[] = { "The Kazaki developers", NULL };
#if KZ_USE_ADW_DIALOG
  /* Name, icon, version, developer, licence, website, issue page and this
   * version's release notes come from the metainfo (compiled into the
   * resources, translated). */
  AdwDialog *about = adw_about_dialog_new_from_appdata (RESOURCE_BASE "/" APPLICATION_ID ".metainfo.xml",
                                                        PACKAGE_VERSION);
#define SET(what, ...) adw_about_dialog_set_##what (ADW_ABOUT_DIALOG (about), __VA_ARGS__)
#else
  GtkWidget *about = adw_about_window_new ();
#define SET(what, ...) adw_about_window_set_##what (ADW_ABOUT_WINDOW (about), __VA_ARGS__)
  SET (application_name, _("Kazaki"));
  SET (application_icon, APPLICATION_ID);
  SET (version, PACKAGE_VERSION);
  SET (developer_name, _("The Kazaki developers"));
  SET (license_type, GTK_LICENSE_GPL_3_0);
  SET (website, "https://github.com/kazaki/kazaki");
  SET (issue_url, "https://github.com/kazaki/kazaki/issues");
#endif
  SET (developers, developers);
  SET (comments, _("Cossacks against Turks: a strategy board game of capture chains and stolen flags"));
  /* The rules as a document in the repository (doc/RULES.md). */
#if KZ_USE_ADW_DIALOG
  adw_about_dialog_add_link (ADW_ABOUT_DIALOG (about), _("_Rules of the Game"),
                             "https://github.com/kazaki/kazaki/blob/main/doc/RULES.md");
#else
  adw_about_window_add_link (ADW_ABOUT_WINDOW (about), _("_Rules of the Game"),
                             "https://github.com/kazaki/kazaki/blob/main/doc/RULES.md");
#endif
  /* Translators: put your names here, one per line */
  SET (translator_credits, _("translator-credits"));
#undef SET
#if KZ_USE_ADW_DIALOG
  adw_dialog_present (about, parent);
#else
  kz_add_close_shortcuts (GTK_WINDOW (about));
  if (parent)
    gtk_window_set_transient_for (GTK_WINDOW (about), GTK_WINDOW (gtk_widget_get_root (parent)));
  gtk_window_set_modal (GTK_WINDOW (about), TRUE);
  gtk_window_present (GTK_WINDOW (about));
#endif
}

/* A combo row's choices and the setting's values, in the same order
 * (NULL-terminated); the first value is the one for an unknown string. */
static const char *const speed_ids[] = { "normal", "off", "slow", "normal", "fast", NULL };
static const char *const style_ids[] = { "system", "system", "light", "dark", NULL };

static gboolean
choice_get (GValue   *value,
            GVariant *variant,
            gpointer  user_data)
{
  const char *const *ids = user_data;
  const char *s = g_variant_get_string (variant, NULL);

  for (guint i = 1; ids[i]; i++)
    if (g_str_equal (s, ids[i]))
      {
        g_value_set_uint (value, i - 1);
        return TRUE;
      }
  for (guint i = 1; ids[i]; i++)
    if (g_str_equal (ids[0], ids[i]))
      g_value_set_uint (value, i - 1);
  return TRUE;
}

static GVariant *
choice_set (const GValue       *value,
            const GVariantType *expected_type,
            gpointer            user_data)
{
  const char *const *ids = user_data;
  guint n = g_strv_length ((char **) ids) - 1;
  guint i = g_value_get_uint (value);

  return g_variant_new_string (ids[1 + MIN (i, n - 1)]);
}

/* The colours the style setting asks for (AdwStyleManager). */
static void
apply_style (GSettings *settings)
{
  g_autofree char *style = g_settings_get_string (settings, "style");
  AdwColorScheme scheme = ADW_COLOR_SCHEME_DEFAULT;

  if (g_str_equal (style, "light"))
    scheme = ADW_COLOR_SCHEME_FORCE_LIGHT;
  else if (g_str_equal (style, "dark"))
    scheme = ADW_COLOR_SCHEME_FORCE_DARK;
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), scheme);
}

void
kz_follow_style_setting (GSettings *settings)
{
  g_signal_connect (settings, "changed::style", G_CALLBACK (apply_style), NULL);
  apply_style (settings);
}

/* The preferences' height: every group shown (measured on libadwaita 1.2
 * with the Appearance, Board and Sound groups, 580; one row more since
 * the human pace switch). */
#define PREFERENCES_HEIGHT 650

void
kz_show_preferences (GtkWidget *parent,
                     GSettings *settings)
{
  g_autoptr (GtkBuilder) builder =
    gtk_builder_new_from_resource (RESOURCE_BASE "/kz-preferences.ui");
  AdwPreferencesPage *page = ADW_PREFERENCES_PAGE (gtk_builder_get_object (builder, "page"));

  g_settings_bind (settings, "show-coordinates",
                   gtk_builder_get_object (builder, "coordinates_switch"), "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "board-flipped",
                   gtk_builder_get_object (builder, "flip_switch"), "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "sounds",
                   gtk_builder_get_object (builder, "sounds_switch"), "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (settings, "human-pace",
                   gtk_builder_get_object (builder, "pace_switch"), "active",
                   G_SETTINGS_BIND_DEFAULT);
  g_settings_bind_with_mapping (settings, "animation-speed",
                                gtk_builder_get_object (builder, "speed_row"), "selected",
                                G_SETTINGS_BIND_DEFAULT, choice_get, choice_set,
                                (gpointer) speed_ids, NULL);
  g_settings_bind_with_mapping (settings, "style",
                                gtk_builder_get_object (builder, "style_row"), "selected",
                                G_SETTINGS_BIND_DEFAULT, choice_get, choice_set,
                                (gpointer) style_ids, NULL);

#if KZ_USE_ADW_DIALOG
  {
    AdwDialog *dialog = adw_preferences_dialog_new ();
    adw_preferences_dialog_add (ADW_PREFERENCES_DIALOG (dialog), page);
    /* Every group in sight, Sound included, without scrolling. */
    adw_dialog_set_content_height (dialog, PREFERENCES_HEIGHT);
    adw_dialog_present (dialog, parent);
  }
#else
  {
    GtkWidget *window = adw_preferences_window_new ();
    adw_preferences_window_add (ADW_PREFERENCES_WINDOW (window), page);
    adw_preferences_window_set_search_enabled (ADW_PREFERENCES_WINDOW (window), FALSE);
    /* Every group in sight, Sound included, without scrolling. */
    gtk_window_set_default_size (GTK_WINDOW (window), 480, PREFERENCES_HEIGHT);
    kz_add_close_shortcuts (GTK_WINDOW (window));
    if (parent)
      gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (gtk_widget_get_root (parent)));
    gtk_window_set_modal (GTK_WINDOW (window), TRUE);
    gtk_window_present (GTK_WINDOW (window));
  }
#endif
}

void
kz_show_shortcuts (GtkWidget *parent)
{
#if ADW_CHECK_VERSION (1, 8, 0)
  g_autoptr (GtkBuilder) builder =
    gtk_builder_new_from_resource (RESOURCE_BASE "/kz-shortcuts-dialog.ui");

  adw_dialog_present (ADW_DIALOG (gtk_builder_get_object (builder, "shortcuts")), parent);
#else
  g_autoptr (GtkBuilder) builder =
    gtk_builder_new_from_resource (RESOURCE_BASE "/kz-shortcuts-window.ui");
  GtkWindow *window = GTK_WINDOW (gtk_builder_get_object (builder, "shortcuts"));

  kz_add_close_shortcuts (window);
  if (parent)
    gtk_window_set_transient_for (window, GTK_WINDOW (gtk_widget_get_root (parent)));
  gtk_window_set_modal (window, TRUE);
  gtk_window_present (window);
#endif
}
