/* kz-window-alerts.c — the main window's messages: toasts (one at a time)
 * and the warning that games cannot be saved (with the offer of a fresh
 * database when the old one is damaged).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "kz-dialogs.h"
#include "kz-window-private.h"

/* ---- toasts ------------------------------------------------------------ */

static void
current_toast_dismissed (AdwToast *t, KzWindow *self)
{
  if (self->current_toast == t)
    {
      g_signal_handlers_disconnect_by_data (t, self);
      g_clear_object (&self->current_toast);
    }
}

/* A message in the status line, for a while (then the line shows the
 * game's state again). */
static gboolean
message_done (gpointer data)
{
  KzWindow *self = data;

  self->message_source = 0;
  kz_window_update_status (self);
  return G_SOURCE_REMOVE;
}

void
kz_window_end_message (KzWindow *self)
{
  g_clear_handle_id (&self->message_source, g_source_remove);
  gtk_widget_remove_css_class (GTK_WIDGET (self->play->detail_label), "message");
}

/* While a game is played, a message takes the status line's second line
 * for five seconds: under the board where the eye is, on one line when
 * short, covering nothing (a toast covered the status line and the
 * Cossacks' card, issue 24).  While a game is reviewed (no status line)
 * it is a toast at the bottom of the board column.
 *
 * One toast at a time: a message while the previous one is still shown
 * replaces its text.  Dismissing a toast and adding another in quick
 * succession can crash libadwaita 1.2 (adw_animation_skip on a freed
 * toast widget), and a queue of refusals would be hard to read anyway.
 * The text is a label of our own that wraps: a toast's title is cut to
 * one line ("…is not a v…"). */
void
kz_window_show_toast (KzWindow *self, const char *text)
{
  AdwToast *t;
  GtkWidget *label;

  g_return_if_fail (KZ_IS_WINDOW (self));
  /* For checks from outside (build-aux/flatpak-check): G_MESSAGES_DEBUG=Kazaki. */
  g_log ("Kazaki", G_LOG_LEVEL_DEBUG, "toast: %s", text);
  if (self->review->replay == NULL && gtk_widget_get_visible (GTK_WIDGET (self->play->detail_label)))
    {
      kz_window_end_message (self);
      gtk_label_set_text (self->play->detail_label, text);
      gtk_widget_add_css_class (GTK_WIDGET (self->play->detail_label), "message");
      /* said by a screen reader too (the status line is no live region) */
      kz_board_view_announce (self->play->board, text);
      self->message_source = g_timeout_add_seconds (5, message_done, self);
      return;
    }
  if (self->current_toast)
    {
      label = adw_toast_get_custom_title (self->current_toast);
      if (GTK_IS_LABEL (label))
        {
          gtk_label_set_text (GTK_LABEL (label), text);
          gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
        }
      else
        adw_toast_set_title (self->current_toast, text);
      return;
    }
  label = g_object_new (GTK_TYPE_LABEL, "label", text, "wrap", TRUE, "wrap-mode", PANGO_WRAP_WORD_CHAR,
                        "max-width-chars", 50, "justify", GTK_JUSTIFY_CENTER, NULL);
  /* Read as the toast's text by screen readers. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
  t = adw_toast_new (text);
  adw_toast_set_custom_title (t, label);
  adw_toast_set_timeout (t, 4);
  self->current_toast = g_object_ref (t);
  g_signal_connect (t, "dismissed", G_CALLBACK (current_toast_dismissed), self);
  adw_toast_overlay_add_toast (self->toast_overlay, t);
}

/* ---- games not saved ------------------------------------------------- */

/* A database file that is there but unusable: damaged, or not one of
 * ours.  A fresh one can be started beside it. */
static gboolean
damaged_store (const GError *error)
{
  return error != NULL && error->domain == KZ_STORE_ERROR
         && (error->code == KZ_STORE_ERROR_CORRUPT || error->code == KZ_STORE_ERROR_NOT_A_DATABASE
             || error->code == KZ_STORE_ERROR_NOT_KAZAKI);
}

/* Moves the damaged database aside (renamed with the date, never changed)
 * and records the games from now on in a fresh one, this game first. */
void
kz_window_start_fresh_database (KzWindow *self)
{
  g_autofree char *moved = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  if (kz_session_get_store (self->session) != NULL
      || !damaged_store (kz_session_get_store_error (self->session)))
    {
      kz_window_show_toast (self, _("There is no damaged game database to replace"));
      return;
    }
  if (!kz_session_start_fresh_store (self->session, &moved, &error))
    {
      /* Translators: %s says why */
      text = g_strdup_printf (_("No fresh game database could be started: %s"), error->message);
      kz_window_show_toast (self, text);
      return;
    }
  if (self->play->game && kz_game_get_store (self->play->game) == NULL
      && !kz_session_record_game (self->session, self->play->game, &error))
    g_debug ("The game could not be recorded in the fresh database: %s", error->message);
  gtk_widget_set_visible (GTK_WIDGET (self->storage_label), FALSE);
  self->storage_warned = FALSE;
  /* Translators: %s is the file the damaged database was renamed to */
  text = g_strdup_printf (_("Games are saved again, in a fresh database; the damaged one was kept as “%s”"),
                          moved);
  kz_window_show_toast (self, text);
}

static void
storage_response (GObject *dialog, const char *response, gpointer user_data)
{
  if (g_strcmp0 (response, "fresh") == 0)
    kz_window_start_fresh_database (KZ_WINDOW (user_data));
}

/* Tells the player once that games are not being saved. */
void
kz_window_warn_storage (KzWindow *self, const char *what, const GError *error)
{
  const char *path = kz_session_get_store_path (self->session);
  g_autofree char *body = NULL;
  g_autofree char *label = NULL;
  GObject *alert;

  label = g_strdup_printf (_("Not saving: games are kept in memory only (%s)"), path ? path : "?");
  gtk_label_set_text (self->storage_label, label);
  gtk_widget_set_visible (GTK_WIDGET (self->storage_label), TRUE);
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->storage_label), error ? error->message : NULL);

  if (self->storage_warned)
    return;
  self->storage_warned = TRUE;
  body = g_strdup_printf (_("%s You can play on, but the games of this session will not be saved."),
                          what);
  alert = kz_alert_new (_("Games Cannot Be Saved"), body);
  /* The database's own words (they name the file and say whether it was
   * left alone), in a box of limited height: an integrity check can
   * list many lines, and the button must stay on screen. */
  if (error || path)
    {
      g_autofree char *details = NULL;
      GtkWidget *scrolled = gtk_scrolled_window_new ();
      GtkWidget *text;

      if (error && path && strstr (error->message, path) == NULL)
        /* Translators: the first %s is the database's error message, the second a file name */
        details = g_strdup_printf (_("%s\n\nThe database file is %s."), error->message, path);
      else if (error)
        details = g_strdup (error->message);
      else
        details = g_strdup_printf (_("The database file is %s."), path);
      text = gtk_label_new (details);
      gtk_label_set_wrap (GTK_LABEL (text), TRUE);
      gtk_label_set_wrap_mode (GTK_LABEL (text), PANGO_WRAP_WORD_CHAR);
      /* A natural width near the dialog's, so that its height is asked
       * for about the width it gets. */
      gtk_label_set_max_width_chars (GTK_LABEL (text), 40);
      gtk_label_set_selectable (GTK_LABEL (text), TRUE);
      gtk_label_set_xalign (GTK_LABEL (text), 0);
      gtk_label_set_yalign (GTK_LABEL (text), 0);
      gtk_widget_add_css_class (text, "dim-label");
      gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER,
                                      GTK_POLICY_AUTOMATIC);
      gtk_scrolled_window_set_propagate_natural_height (GTK_SCROLLED_WINDOW (scrolled), TRUE);
      gtk_scrolled_window_set_max_content_height (GTK_SCROLLED_WINDOW (scrolled), 160);
      gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), text);
      kz_alert_set_extra_child (alert, scrolled);
    }
  if (damaged_store (error) && kz_session_get_store (self->session) == NULL)
    /* The damaged file stays as it is, under a dated name beside it. */
    kz_alert_add_response (alert, "fresh", _("Start a _Fresh Database"), ADW_RESPONSE_DEFAULT);
  kz_alert_add_response (alert, "ok", _("_Play Without Saving"), ADW_RESPONSE_SUGGESTED);
  kz_alert_set_default (alert, "ok", "ok");
  if (gtk_widget_get_mapped (GTK_WIDGET (self)))
    kz_alert_present (alert, GTK_WIDGET (self), storage_response, self);
  else
    {
      /* Not shown yet (at start): present it once the window is up, so
       * it is not hidden behind the window. */
      g_clear_object (&self->pending_alert);
      self->pending_alert = g_object_ref_sink (alert);
      kz_window_clock_interruptions_changed (self);
    }
}

gboolean
kz_window_present_pending_alert (gpointer user_data)
{
  KzWindow *self = user_data;

  if (self->pending_alert)
    {
      GObject *alert = g_steal_pointer (&self->pending_alert);
      kz_alert_present (alert, GTK_WIDGET (self), storage_response, self);
      g_object_unref (alert);
      kz_window_clock_interruptions_changed (self);   /* now the alert shown stops it */
    }
  return G_SOURCE_REMOVE;
}
