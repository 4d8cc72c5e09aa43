/* kz-move-marks.c — marks of judged moves (see the header).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-move-marks.h"
#include "kz-game-analysis.h"

#include <glib/gi18n.h>

gboolean
kz_move_mark_color (KzMoveClass cls, GdkRGBA *color)
{
  static const char *const colors[] = {
    [KZ_MOVE_CLASS_INACCURACY] = "#e5a50a",
    [KZ_MOVE_CLASS_MISTAKE] = "#ff7800",
    [KZ_MOVE_CLASS_BLUNDER] = "#e01b24",
  };
  if (cls < KZ_MOVE_CLASS_INACCURACY || cls > KZ_MOVE_CLASS_BLUNDER)
    return FALSE;
  return gdk_rgba_parse (color, colors[cls]);
}

const char *
kz_move_mark_css_class (KzMoveClass cls)
{
  switch (cls)
    {
    case KZ_MOVE_CLASS_INACCURACY:
      return "inaccuracy";
    case KZ_MOVE_CLASS_MISTAKE:
      return "mistake";
    case KZ_MOVE_CLASS_BLUNDER:
      return "blunder";
    default:
      return NULL;
    }
}

void
kz_move_mark_apply (GtkLabel *label, const char *move_text, gboolean user_marked, KzMoveClass cls)
{
  g_return_if_fail (GTK_IS_LABEL (label));
  static const KzMoveClass marked[] = {
    KZ_MOVE_CLASS_INACCURACY, KZ_MOVE_CLASS_MISTAKE, KZ_MOVE_CLASS_BLUNDER,
  };
  for (guint i = 0; i < G_N_ELEMENTS (marked); i++)
    gtk_widget_remove_css_class (GTK_WIDGET (label), kz_move_mark_css_class (marked[i]));
  gtk_widget_remove_css_class (GTK_WIDGET (label), "user-marked");
  const char *css = kz_move_mark_css_class (cls);
  if (css == NULL)
    {
      gtk_widget_remove_css_class (GTK_WIDGET (label), "move-mark");
      gtk_label_set_text (label, move_text);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL);
      return;
    }
  if (user_marked)
    {
      /* The reviewer's mark as typed, the computer's apart in its
       * colour ("d8-c8?? ??", not "d8-c8????"). */
      GdkRGBA color;
      g_autofree char *rgb = NULL;
      g_autofree char *escaped = g_markup_escape_text (move_text, -1);
      g_autofree char *markup = NULL;

      kz_move_mark_color (cls, &color);
      rgb = g_strdup_printf ("#%02x%02x%02x", (int) (color.red * 255 + 0.5),
                             (int) (color.green * 255 + 0.5), (int) (color.blue * 255 + 0.5));
      markup = g_strdup_printf ("%s\u2009<span foreground=\"%s\" weight=\"bold\">%s</span>", escaped,
                                rgb, kz_move_class_symbol (cls));
      gtk_label_set_markup (label, markup);
      gtk_widget_add_css_class (GTK_WIDGET (label), "user-marked");
    }
  else
    {
      g_autofree char *text = g_strconcat (move_text, kz_move_class_symbol (cls), NULL);
      gtk_label_set_text (label, text);
    }
  gtk_widget_add_css_class (GTK_WIDGET (label), "move-mark");
  gtk_widget_add_css_class (GTK_WIDGET (label), css);
  /* TRANSLATORS: a move and its class for screen readers, "c4-c5, Mistake" */
  g_autofree char *name = g_strdup_printf (_("%s, %s"), move_text, kz_move_class_describe (cls));
  gtk_accessible_update_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL, name, -1);
}

const char *
kz_nag_describe (guint nag)
{
  switch (nag)
    {
    case 1: return _("Good move");
    case 2: return _("Mistake");
    case 3: return _("Brilliant move");
    case 4: return _("Blunder");
    case 5: return _("Interesting move");
    case 6: return _("Dubious move");
    default: return NULL;
    }
}
