/* kz-move-node.c — one node of a game's tree of moves.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-move-node.h"
#include "kz-move-node-private.h"

#include <string.h>

G_DEFINE_FINAL_TYPE (KzMoveNode, kz_move_node, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_COMMENT,
  PROP_COMMENT_BEFORE,
  PROP_NAGS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static const char *const marks[] = { NULL, "!", "?", "!!", "??", "!?", "?!" };

const char *
kz_nag_to_mark (guint nag)
{
  return nag > 0 && nag < G_N_ELEMENTS (marks) ? marks[nag] : NULL;
}

guint
kz_nag_from_mark (const char *mark)
{
  for (guint i = 1; mark && i < G_N_ELEMENTS (marks); i++)
    if (strcmp (mark, marks[i]) == 0)
      return i;
  return 0;
}

gboolean
kz_unichar_is_bidi_control (gunichar c)
{
  return (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069);
}

/* The length of the bidirectional control at p (UTF-8: U+202A–U+202E are
 * E2 80 AA–AE, U+2066–U+2069 are E2 81 A6–A9), or 0. */
static guint
bidi_control_len (const unsigned char *p)
{
  if (p[0] != 0xe2 || (p[1] != 0x80 && p[1] != 0x81))
    return 0;
  if (p[1] == 0x80 ? p[2] >= 0xaa && p[2] <= 0xae : p[2] >= 0xa6 && p[2] <= 0xa9)
    return 3;
  return 0;
}

char *
kz_comment_normalize (const char *text)
{
  GString *out = g_string_new (NULL);
  gboolean space = FALSE;
  for (const unsigned char *p = (const unsigned char *) (text ? text : ""); *p; p++)
    {
      unsigned char c = *p;
      guint skip = bidi_control_len (p);
      if (skip)
        {
          p += skip - 1;
          continue;
        }
      /* White space, C0 controls and DEL, C1 controls (C2 80 … C2 9F). */
      if (c <= 0x20 || c == 0x7f || (c == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f))
        {
          if (c == 0xc2)
            p++;
          space = out->len > 0;
          continue;
        }
      if (space)
        g_string_append_c (out, ' ');
      space = FALSE;
      g_string_append_c (out, (char) c);
    }
  return g_string_free (out, FALSE);
}

char *
kz_comment_dup_readable (const char *comment)
{
  GString *out = g_string_new (NULL);
  const char *p = comment ? comment : "";

  while (*p)
    {
      const char *end;
      if (p[0] == '[' && p[1] == '%' && (end = strchr (p, ']')) != NULL)
        {
          p = end + 1;
          continue;
        }
      g_string_append_c (out, *p++);
    }
  {
    char *text = g_string_free (out, FALSE);
    char *clean = kz_comment_normalize (text);
    g_free (text);
    return clean;
  }
}

/* Moves the children of `node` onto `stack` (their references with them). */
static void
steal_children (KzMoveNode *node, GPtrArray *stack)
{
  for (guint i = 0; i < node->children->len; i++)
    {
      KzMoveNode *c = g_ptr_array_index (node->children, i);
      c->parent = NULL;
      g_ptr_array_add (stack, c);
    }
  g_ptr_array_set_free_func (node->children, NULL);
  g_ptr_array_set_size (node->children, 0);
  g_ptr_array_set_free_func (node->children, g_object_unref);
}

static void
kz_move_node_finalize (GObject *object)
{
  KzMoveNode *self = KZ_MOVE_NODE (object);
  /* The nodes after this one go one by one, not by a recursion as deep
   * as the longest line (a game can have many thousand moves). */
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();
  steal_children (self, stack);
  while (stack->len > 0)
    {
      KzMoveNode *n = g_ptr_array_steal_index (stack, stack->len - 1);
      if (G_OBJECT (n)->ref_count == 1)
        steal_children (n, stack);
      g_object_unref (n);
    }
  g_clear_pointer (&self->children, g_ptr_array_unref);
  g_clear_pointer (&self->comment, g_free);
  g_clear_pointer (&self->before, g_free);
  g_clear_pointer (&self->nags, g_free);
  G_OBJECT_CLASS (kz_move_node_parent_class)->finalize (object);
}

static void
kz_move_node_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  KzMoveNode *self = KZ_MOVE_NODE (object);
  switch (prop_id)
    {
    case PROP_COMMENT: g_value_set_string (value, self->comment); break;
    case PROP_COMMENT_BEFORE: g_value_set_string (value, self->before); break;
    case PROP_NAGS:
      g_value_set_variant (value, g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE,
                                                             kz_move_node_get_nags (self, NULL),
                                                             self->n_nags, 1));
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
kz_move_node_class_init (KzMoveNodeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->finalize = kz_move_node_finalize;
  object_class->get_property = kz_move_node_get_property;
  GParamFlags ro = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;
  properties[PROP_COMMENT] = g_param_spec_string ("comment", NULL, NULL, "", ro);
  properties[PROP_COMMENT_BEFORE] = g_param_spec_string ("comment-before", NULL, NULL, "", ro);
  properties[PROP_NAGS] = g_param_spec_variant ("nags", NULL, NULL, G_VARIANT_TYPE_BYTESTRING,
                                                NULL, ro);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
kz_move_node_init (KzMoveNode *self)
{
  self->children = g_ptr_array_new_with_free_func (g_object_unref);
  self->comment = g_strdup ("");
  self->before = g_strdup ("");
}

KzMoveNode *
kz_move_node_new_root (const KzPosition *start)
{
  KzMoveNode *self = g_object_new (KZ_TYPE_MOVE_NODE, NULL);
  self->root = TRUE;
  self->main = TRUE;
  self->pos = *start;
  return self;
}

KzMoveNode *
kz_move_node_new (KzMoveNode *parent, const KzMove *move, gboolean main)
{
  KzMoveNode *self = g_object_new (KZ_TYPE_MOVE_NODE, NULL);
  self->move = *move;
  kz_move_format (move, self->text, sizeof self->text);
  self->pos = parent->pos;
  kz_position_make_move (&self->pos, move);
  self->ply = parent->ply + 1;
  self->main = main;
  return self;
}

void
kz_move_node_insert_child (KzMoveNode *parent, KzMoveNode *child, int index)
{
  g_return_if_fail (child->parent == NULL);
  child->parent = parent;
  if (index < 0 || (guint) index >= parent->children->len)
    g_ptr_array_add (parent->children, g_object_ref (child));
  else
    g_ptr_array_insert (parent->children, index, g_object_ref (child));
}

guint
kz_move_node_remove_child (KzMoveNode *parent, KzMoveNode *child)
{
  guint index = 0;
  if (!g_ptr_array_find (parent->children, child, &index))
    g_return_val_if_reached (0);
  child->parent = NULL;
  g_ptr_array_remove_index (parent->children, index);
  return index;
}

void
kz_move_node_swap_children (KzMoveNode *parent, guint i, guint j)
{
  gpointer *v = parent->children->pdata;
  gpointer t = v[i];
  v[i] = v[j];
  v[j] = t;
}

static void
set_text (KzMoveNode *self, char **field, const char *text, GParamSpec *pspec)
{
  g_autofree char *norm = kz_comment_normalize (text);
  if (strcmp (*field, norm) == 0)
    return;
  g_free (*field);
  *field = g_steal_pointer (&norm);
  g_object_notify_by_pspec (G_OBJECT (self), pspec);
}

void
kz_move_node_set_comment (KzMoveNode *self, const char *text)
{
  set_text (self, &self->comment, text, properties[PROP_COMMENT]);
}

void
kz_move_node_set_comment_before (KzMoveNode *self, const char *text)
{
  set_text (self, &self->before, text, properties[PROP_COMMENT_BEFORE]);
}

void
kz_move_node_set_nags (KzMoveNode *self, const guint8 *nags, guint n)
{
  guint8 out[KZ_MAX_NAGS];
  gboolean seen[256] = { FALSE };
  guint k = 0;
  for (guint i = 0; i < n; i++)
    {
      if (nags[i] == 0 || seen[nags[i]])
        continue;
      seen[nags[i]] = TRUE;
      out[k++] = nags[i];
    }
  if (k == self->n_nags && (k == 0 || memcmp (out, self->nags, k) == 0))
    return;
  g_free (self->nags);
  self->nags = k ? g_memdup2 (out, k) : NULL;
  self->n_nags = k;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_NAGS]);
}

gboolean
kz_move_node_add_nag (KzMoveNode *self, guint nag)
{
  if (nag == 0 || nag > 255)
    return FALSE;
  if (kz_move_node_has_nag (self, nag))
    return TRUE;
  guint8 v[KZ_MAX_NAGS + 1];
  if (self->n_nags)
    memcpy (v, self->nags, self->n_nags);
  v[self->n_nags] = (guint8) nag;
  kz_move_node_set_nags (self, v, self->n_nags + 1);
  return TRUE;
}

char *
kz_move_node_nags_to_text (KzMoveNode *self)
{
  GString *s = g_string_new (NULL);
  for (guint i = 0; i < self->n_nags; i++)
    g_string_append_printf (s, i ? " %u" : "%u", self->nags[i]);
  return g_string_free (s, FALSE);
}

void
kz_move_node_set_nags_from_text (KzMoveNode *self, const char *text)
{
  guint8 v[KZ_MAX_NAGS];
  gboolean seen[256] = { FALSE };
  guint n = 0;
  const char *p = text ? text : "";
  while (*p && n < KZ_MAX_NAGS)
    {
      char *end;
      guint64 x = g_ascii_strtoull (p, &end, 10);
      if (end == p)
        {
          p++;
          continue;
        }
      if (x > 0 && x < 256 && !seen[x])
        {
          seen[x] = TRUE;
          v[n++] = (guint8) x;
        }
      p = end;
    }
  kz_move_node_set_nags (self, v, n);
}

/* ---------------------------------------------------------------------- */
/* Public accessors                                                        */

KzMoveNode *
kz_move_node_get_parent (KzMoveNode *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), NULL);
  return self->parent;
}

guint
kz_move_node_get_n_children (KzMoveNode *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), 0);
  return self->children->len;
}

KzMoveNode *
kz_move_node_get_child (KzMoveNode *self, guint i)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), NULL);
  return i < self->children->len ? g_ptr_array_index (self->children, i) : NULL;
}

guint
kz_move_node_get_index (KzMoveNode *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), 0);
  guint index = 0;
  if (self->parent)
    g_ptr_array_find (self->parent->children, self, &index);
  return index;
}

guint
kz_move_node_get_ply (KzMoveNode *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), 0);
  return self->ply;
}

gboolean
kz_move_node_is_root (KzMoveNode *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), FALSE);
  return self->root;
}

gboolean
kz_move_node_is_main_line (KzMoveNode *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), FALSE);
  return self->main;
}

const KzMove *
kz_move_node_get_move (KzMoveNode *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), NULL);
  return self->root ? NULL : &self->move;
}

const char *
kz_move_node_get_move_text (KzMoveNode *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), NULL);
  return self->root ? NULL : self->text;
}

const KzPosition *
kz_move_node_get_position (KzMoveNode *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), NULL);
  return &self->pos;
}

KzSide
kz_move_node_get_mover (KzMoveNode *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), KZ_COSSACKS);
  if (self->root || self->parent == NULL)
    return self->root ? (KzSide) self->pos.side : (KzSide) (1 - self->pos.side);
  return (KzSide) self->parent->pos.side;
}

const char *
kz_move_node_get_comment (KzMoveNode *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), "");
  return self->comment;
}

const char *
kz_move_node_get_comment_before (KzMoveNode *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), "");
  return self->before;
}

const guint8 *
kz_move_node_get_nags (KzMoveNode *self, guint *n_nags)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), NULL);
  static const guint8 none[1] = { 0 };
  if (n_nags)
    *n_nags = self->n_nags;
  return self->nags ? self->nags : none;
}

gboolean
kz_move_node_has_nag (KzMoveNode *self, guint nag)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), FALSE);
  return nag > 0 && nag < 256 && self->n_nags > 0
         && memchr (self->nags, (int) nag, self->n_nags) != NULL;
}

guint
kz_move_node_get_mark (KzMoveNode *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), 0);
  for (guint i = 0; i < self->n_nags; i++)
    if (kz_nag_to_mark (self->nags[i]))
      return self->nags[i];
  return 0;
}

KzMoveNode *
kz_move_node_find_child (KzMoveNode *self, const KzMove *move)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), NULL);
  for (guint i = 0; i < self->children->len; i++)
    {
      KzMoveNode *c = g_ptr_array_index (self->children, i);
      if (kz_move_equal (&c->move, move))
        return c;
    }
  return NULL;
}

/* Whether `n` continues its parent's line (rather than starting a
 * variation): it is the first child and on the same kind of line — the
 * first child of a main-line node is a variation when the main line ends
 * there. */
static gboolean
continues_line (KzMoveNode *n)
{
  return n->parent != NULL && g_ptr_array_index (n->parent->children, 0) == n
         && n->main == n->parent->main;
}

gboolean
kz_move_node_starts_variation (KzMoveNode *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), FALSE);
  return self->parent != NULL && !continues_line (self);
}

KzMoveNode *
kz_move_node_get_continuation (KzMoveNode *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), NULL);
  KzMoveNode *c = self->children->len ? g_ptr_array_index (self->children, 0) : NULL;
  return c && continues_line (c) ? c : NULL;
}

KzMoveNode *
kz_move_node_get_branch_point (KzMoveNode *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), NULL);
  if (self->main)
    return NULL;
  KzMoveNode *n = self;
  while (continues_line (n))
    n = n->parent;
  return n->parent;
}

guint
kz_move_node_get_depth (KzMoveNode *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), 0);
  guint depth = 0;
  for (KzMoveNode *n = self; n && n->parent; n = n->parent)
    if (!continues_line (n))
      depth++;
  return depth;
}

KzMoveNode *
kz_move_node_get_line_end (KzMoveNode *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), NULL);
  KzMoveNode *n = self, *c;
  while ((c = kz_move_node_get_continuation (n)) != NULL)
    n = c;
  return n;
}

gboolean
kz_move_node_is_annotated (KzMoveNode *self)
{
  g_return_val_if_fail (KZ_IS_MOVE_NODE (self), FALSE);
  return self->comment[0] || self->before[0] || self->n_nags > 0;
}
