/* kz-guide-layer.h — what the guided game draws over the board: rings
 * round the player's pieces in danger and the flags' roads home (the
 * player's solid, the opponent's dashed).  Drawn over the board in a
 * GtkOverlay, it takes no input and is decoration for assistive
 * technologies (the guide panel says the same in words).
 *
 * Properties: "flipped" (gboolean), as the board's.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gtk/gtk.h>

#include "kz-guide.h"

G_BEGIN_DECLS

#define KZ_TYPE_GUIDE_LAYER (kz_guide_layer_get_type ())
G_DECLARE_FINAL_TYPE (KzGuideLayer, kz_guide_layer, KZ, GUIDE_LAYER, GtkWidget)

GtkWidget *kz_guide_layer_new        (void);
/* Shows `danger` and up to two roads (NULL: none); `player` is the side
 * whose road is drawn solid.  Nothing at all: danger 0, no roads. */
void       kz_guide_layer_show       (KzGuideLayer     *self,
                                      KzBits            danger,
                                      const KzFlagRoad *roads,
                                      int               n_roads,
                                      KzSide            player);
KzBits     kz_guide_layer_get_danger (KzGuideLayer *self);
int        kz_guide_layer_get_n_roads (KzGuideLayer *self);

G_END_DECLS
