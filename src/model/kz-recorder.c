/* kz-recorder.c — KzRecorder, what a KzGame records its changes through.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#include "kz-recorder.h"

G_DEFINE_INTERFACE (KzRecorder, kz_recorder, G_TYPE_OBJECT)

static void
kz_recorder_default_init (KzRecorderInterface *iface)
{
}

gboolean
kz_recorder_append_move (KzRecorder *self, gint64 id, guint ply, const char *move,
                         gint64 played_ms, gint64 clock_ms, const char *final_kpn,
                         KzResult result, KzTermination termination, gint64 end_time,
                         GError **error)
{
  g_return_val_if_fail (KZ_IS_RECORDER (self), FALSE);
  return KZ_RECORDER_GET_IFACE (self)->append_move (self, id, ply, move, played_ms, clock_ms,
                                                    final_kpn, result, termination, end_time,
                                                    error);
}

gboolean
kz_recorder_remove_last_move (KzRecorder *self, gint64 id, guint ply, const char *final_kpn,
                              GError **error)
{
  g_return_val_if_fail (KZ_IS_RECORDER (self), FALSE);
  return KZ_RECORDER_GET_IFACE (self)->remove_last_move (self, id, ply, final_kpn, error);
}

gboolean
kz_recorder_set_outcome (KzRecorder *self, gint64 id, KzResult result,
                         KzTermination termination, gint64 end_time, GError **error)
{
  g_return_val_if_fail (KZ_IS_RECORDER (self), FALSE);
  return KZ_RECORDER_GET_IFACE (self)->set_outcome (self, id, result, termination, end_time,
                                                    error);
}

gboolean
kz_recorder_set_turn_clock (KzRecorder *self, gint64 id, guint plies, gint64 ms,
                            GError **error)
{
  g_return_val_if_fail (KZ_IS_RECORDER (self), FALSE);
  return KZ_RECORDER_GET_IFACE (self)->set_turn_clock (self, id, plies, ms, error);
}

gboolean
kz_recorder_edit_tree (KzRecorder *self, gint64 id, const KzTreeEdit *edit, GError **error)
{
  g_return_val_if_fail (KZ_IS_RECORDER (self), FALSE);
  return KZ_RECORDER_GET_IFACE (self)->edit_tree (self, id, edit, error);
}
