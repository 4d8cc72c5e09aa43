/* kz-draw-bar.c — the computer's draw offer over the board column
 * (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include "kz-draw-bar.h"

struct _KzDrawBar {
  AdwBin       parent_instance;

  GtkRevealer *revealer;
  GtkLabel    *label;

  char        *text;
};

G_DEFINE_FINAL_TYPE (KzDrawBar, kz_draw_bar, ADW_TYPE_BIN)

void
kz_draw_bar_set_text (KzDrawBar *self, const char *text)
{
  g_return_if_fail (KZ_IS_DRAW_BAR (self));
  if (g_strcmp0 (self->text, text) == 0)
    return;
  g_free (self->text);
  self->text = g_strdup (text);
  if (text)
    {
      gtk_label_set_text (self->label, text);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->label),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
    }
  gtk_revealer_set_reveal_child (self->revealer, text != NULL);
}

const char *
kz_draw_bar_get_text (KzDrawBar *self)
{
  g_return_val_if_fail (KZ_IS_DRAW_BAR (self), NULL);
  return self->text;
}

static void
kz_draw_bar_finalize (GObject *object)
{
  g_free (KZ_DRAW_BAR (object)->text);
  G_OBJECT_CLASS (kz_draw_bar_parent_class)->finalize (object);
}

static void
kz_draw_bar_class_init (KzDrawBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = kz_draw_bar_finalize;
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/kz-draw-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, KzDrawBar, revealer);
  gtk_widget_class_bind_template_child (widget_class, KzDrawBar, label);
}

static void
kz_draw_bar_init (KzDrawBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}
