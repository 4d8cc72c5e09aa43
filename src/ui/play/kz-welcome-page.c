/* kz-welcome-page.c — see kz-welcome-page.h.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include "kz-welcome-page.h"

struct _KzWelcomePage {
  AdwBin parent_instance;

  /* template children */
  GtkWidget *continue_row;
  GtkWidget *computer_row;
};

G_DEFINE_FINAL_TYPE (KzWelcomePage, kz_welcome_page, ADW_TYPE_BIN)

void
kz_welcome_page_focus_first (KzWelcomePage *self)
{
  g_return_if_fail (KZ_IS_WELCOME_PAGE (self));
  gtk_widget_grab_focus (gtk_widget_get_visible (self->continue_row) ? self->continue_row
                                                                     : self->computer_row);
}

void
kz_welcome_page_set_game_in_progress (KzWelcomePage *self, const char *description)
{
  g_return_if_fail (KZ_IS_WELCOME_PAGE (self));
  gtk_widget_set_visible (self->continue_row, description != NULL);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (self->continue_row),
                               description ? description : "");
}

static void
kz_welcome_page_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), KZ_TYPE_WELCOME_PAGE);
  G_OBJECT_CLASS (kz_welcome_page_parent_class)->dispose (object);
}

static void
kz_welcome_page_class_init (KzWelcomePageClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = kz_welcome_page_dispose;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/kz-welcome-page.ui");
  gtk_widget_class_bind_template_child (widget_class, KzWelcomePage, continue_row);
  gtk_widget_class_bind_template_child (widget_class, KzWelcomePage, computer_row);
}

static void
kz_welcome_page_init (KzWelcomePage *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
