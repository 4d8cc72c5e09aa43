/* kz-annotation-panel.c — the reviewer's notes on the move shown.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-config.h"

#include <glib/gi18n.h>

#include "kz-annotation-panel.h"

struct _KzAnnotationPanel {
  GtkBox parent_instance;

  /* template children */
  GtkLabel    *comment_label;
  GtkTextView *comment_view;

  KzMoveNode  *node;        /* a reference */
  gboolean     loading;     /* the buffer is being filled from the node */
  gboolean     edited;      /* changed since it was filled */
  guint        commit_source; /* the commit after the focus left */
};

G_DEFINE_FINAL_TYPE (KzAnnotationPanel, kz_annotation_panel, GTK_TYPE_BOX)

enum {
  PROP_0,
  PROP_NODE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum { COMMENT_EDITED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* ---- the comment --------------------------------------------------------- */

char *
kz_annotation_panel_dup_text (KzAnnotationPanel *self)
{
  GtkTextBuffer *buffer;
  GtkTextIter start, end;

  g_return_val_if_fail (KZ_IS_ANNOTATION_PANEL (self), NULL);
  buffer = gtk_text_view_get_buffer (self->comment_view);
  gtk_text_buffer_get_bounds (buffer, &start, &end);
  return gtk_text_buffer_get_text (buffer, &start, &end, FALSE);
}

void
kz_annotation_panel_commit (KzAnnotationPanel *self)
{
  g_autofree char *text = NULL;
  g_autoptr (KzMoveNode) node = NULL;

  g_return_if_fail (KZ_IS_ANNOTATION_PANEL (self));
  g_clear_handle_id (&self->commit_source, g_source_remove);
  if (!self->edited || self->node == NULL)
    return;
  self->edited = FALSE;
  text = kz_annotation_panel_dup_text (self);
  node = g_object_ref (self->node);
  g_signal_emit (self, signals[COMMENT_EDITED], 0, node, text);
}

static void
load (KzAnnotationPanel *self)
{
  const char *text = self->node ? kz_move_node_get_comment (self->node) : "";

  self->loading = TRUE;
  gtk_text_buffer_set_text (gtk_text_view_get_buffer (self->comment_view), text, -1);
  self->loading = FALSE;
  self->edited = FALSE;
  gtk_widget_set_sensitive (GTK_WIDGET (self->comment_view), self->node != NULL);
}

static void
buffer_changed (KzAnnotationPanel *self)
{
  if (!self->loading)
    self->edited = TRUE;
}

/* The comment stored (or edited elsewhere) while this editor shows it. */
static void
node_comment_changed (KzAnnotationPanel *self)
{
  if (!self->edited)
    load (self);
}

static gboolean
commit_later (gpointer data)
{
  KzAnnotationPanel *self = data;

  self->commit_source = 0;
  kz_annotation_panel_commit (self);
  return G_SOURCE_REMOVE;
}

/* Not while the focus moves: the comment stored changes the move list,
 * and the widget taking the focus may be one of its rows (a click on
 * another move; rebuilt under GTK's feet, the window hung, issue 24). */
static void
focus_left (KzAnnotationPanel *self)
{
  if (self->edited && self->commit_source == 0)
    self->commit_source = g_idle_add (commit_later, self);
}

/* Ctrl+Enter stores the comment and ends the editing: the keyboard
 * focus leaves the editor, so the review keys work again (Enter alone is
 * a new line… which the comment keeps as a space: comments are one line). */
static gboolean
key_pressed (KzAnnotationPanel *self, guint keyval, guint keycode, GdkModifierType state)
{
  if ((keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter) && (state & GDK_CONTROL_MASK))
    {
      GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
      kz_annotation_panel_commit (self);
      load (self);     /* as stored: one line, trimmed */
      if (root)
        gtk_root_set_focus (root, NULL);
      return TRUE;
    }
  return FALSE;
}

void
kz_annotation_panel_focus_comment (KzAnnotationPanel *self)
{
  g_return_if_fail (KZ_IS_ANNOTATION_PANEL (self));
  gtk_widget_grab_focus (GTK_WIDGET (self->comment_view));
}

/* ---- public -------------------------------------------------------------- */

KzMoveNode *
kz_annotation_panel_get_node (KzAnnotationPanel *self)
{
  g_return_val_if_fail (KZ_IS_ANNOTATION_PANEL (self), NULL);
  return self->node;
}

void
kz_annotation_panel_set_node (KzAnnotationPanel *self, KzMoveNode *node)
{
  g_return_if_fail (KZ_IS_ANNOTATION_PANEL (self));
  g_return_if_fail (node == NULL || KZ_IS_MOVE_NODE (node));
  if (self->node == node)
    return;
  /* What was typed belongs to the move it was typed for. */
  kz_annotation_panel_commit (self);
  if (self->node)
    g_signal_handlers_disconnect_by_data (self->node, self);
  g_set_object (&self->node, node);
  if (node)
    g_signal_connect_swapped (node, "notify::comment", G_CALLBACK (node_comment_changed), self);
  load (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NODE]);
}

/* ---- GObject ------------------------------------------------------------- */

static void
kz_annotation_panel_get_property (GObject *object, guint prop_id, GValue *value,
                                  GParamSpec *pspec)
{
  KzAnnotationPanel *self = KZ_ANNOTATION_PANEL (object);

  switch (prop_id)
    {
    case PROP_NODE:
      g_value_set_object (value, self->node);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_annotation_panel_set_property (GObject *object, guint prop_id, const GValue *value,
                                  GParamSpec *pspec)
{
  KzAnnotationPanel *self = KZ_ANNOTATION_PANEL (object);

  switch (prop_id)
    {
    case PROP_NODE:
      kz_annotation_panel_set_node (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_annotation_panel_dispose (GObject *object)
{
  KzAnnotationPanel *self = KZ_ANNOTATION_PANEL (object);

  g_clear_handle_id (&self->commit_source, g_source_remove);
  if (self->node)
    g_signal_handlers_disconnect_by_data (self->node, self);
  g_clear_object (&self->node);
  gtk_widget_dispose_template (GTK_WIDGET (self), KZ_TYPE_ANNOTATION_PANEL);
  G_OBJECT_CLASS (kz_annotation_panel_parent_class)->dispose (object);
}

static void
kz_annotation_panel_class_init (KzAnnotationPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->get_property = kz_annotation_panel_get_property;
  object_class->set_property = kz_annotation_panel_set_property;
  object_class->dispose = kz_annotation_panel_dispose;

  properties[PROP_NODE] =
    g_param_spec_object ("node", NULL, NULL, KZ_TYPE_MOVE_NODE,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  signals[COMMENT_EDITED] =
    g_signal_new ("comment-edited", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, KZ_TYPE_MOVE_NODE, G_TYPE_STRING);

  gtk_widget_class_set_template_from_resource (widget_class,
                                               RESOURCE_BASE "/kz-annotation-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, KzAnnotationPanel, comment_label);
  gtk_widget_class_bind_template_child (widget_class, KzAnnotationPanel, comment_view);
}

static void
kz_annotation_panel_init (KzAnnotationPanel *self)
{
  GtkEventController *focus = gtk_event_controller_focus_new ();
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect_swapped (gtk_text_view_get_buffer (self->comment_view), "changed",
                            G_CALLBACK (buffer_changed), self);
  g_signal_connect_swapped (focus, "leave", G_CALLBACK (focus_left), self);
  gtk_widget_add_controller (GTK_WIDGET (self->comment_view), focus);
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (keys, "key-pressed", G_CALLBACK (key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->comment_view), keys);
  load (self);
}
