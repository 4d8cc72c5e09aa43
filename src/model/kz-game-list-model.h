/* kz-game-list-model.h — the game library as a lazy GListModel.
 *
 * A GListModel of KzGameItem over a KzStore, newest first.  Only the
 * number of games is read up front; rows are read a page at a time
 * (kz_store_list_games()) when an item is asked for, and the last few
 * pages are cached.  So a library of 100,000 games opens with one
 * count and one page.
 *
 * Filter: by a substring of either player's name and/or by result.
 * Changing the filter (or reload()) emits "items-changed" for the whole
 * range.
 *
 * Hidden rows: hide() takes a row out of the list without touching the
 * database (for a delete that can still be undone); show_hidden() puts
 * it back at its place.  reload() keeps them hidden, wherever games
 * added or deleted since have moved them; a filter change forgets them,
 * so commit or restore them first.
 *
 * Errors: a page that cannot be read gives NULL items; the error is kept
 * in the "error" property (a GError boxed, or NULL).
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <gio/gio.h>

#include "kz-game-item.h"
#include "kz-store.h"

G_BEGIN_DECLS

#define KZ_GAME_LIST_MODEL_PAGE_SIZE 100
#define KZ_GAME_LIST_MODEL_MAX_PAGES 8

#define KZ_TYPE_GAME_LIST_MODEL (kz_game_list_model_get_type ())
G_DECLARE_FINAL_TYPE (KzGameListModel, kz_game_list_model, KZ, GAME_LIST_MODEL, GObject)

/* Properties: "store" KzStore (construct-only), "player" string,
 * "by-result" gboolean, "result" KzResult, "n-items" guint, "error"
 * GError (boxed, read-only), all with notify. */

/* Reads the count; NULL and `error` when the store cannot count. */
KzGameListModel *kz_game_list_model_new (KzStore *store, GError **error);
KzStore         *kz_game_list_model_get_store (KzGameListModel *self);

/* player: NULL or "" for any; by_result FALSE for any result.  Returns
 * FALSE (and the model is empty) when the store fails. */
gboolean         kz_game_list_model_set_filter (KzGameListModel *self,
                                                const char      *player,
                                                gboolean         by_result,
                                                KzResult         result,
                                                GError         **error);
/* Only the games one import added (kz_store_list_imports()); 0 for every
 * game.  FALSE (and the model is empty) when the store fails. */
gboolean         kz_game_list_model_set_import (KzGameListModel *self,
                                                gint64           import_id,
                                                GError         **error);
gint64           kz_game_list_model_get_import (KzGameListModel *self);
const char      *kz_game_list_model_get_player (KzGameListModel *self);
gboolean         kz_game_list_model_get_by_result (KzGameListModel *self);
KzResult         kz_game_list_model_get_result (KzGameListModel *self);

/* Re-reads the count and drops the cache (after games were added or
 * deleted elsewhere); "items-changed" for the whole range, none when the
 * rows read before hold the same games. */
gboolean         kz_game_list_model_reload (KzGameListModel *self, GError **error);

/* The position of the game with `id` among the pages in the cache, or
 * -1 (no query is made). */
int              kz_game_list_model_find_cached (KzGameListModel *self, gint64 id);

/* Hides the row at `position` (items-changed position, 1, 0); returns
 * its game id (0 when out of range). */
gint64           kz_game_list_model_hide (KzGameListModel *self, guint position);
/* Shows a hidden row again at its place (items-changed position, 0, 1);
 * returns that position, or -1 when the row was not hidden. */
int              kz_game_list_model_show_hidden (KzGameListModel *self, gint64 id);
/* Forgets a hidden row once it was deleted from the store: the rows
 * after it keep their visible positions, no signal. */
void             kz_game_list_model_forget_hidden (KzGameListModel *self, gint64 id);
guint            kz_game_list_model_get_n_hidden (KzGameListModel *self);

/* How many pages were read from the store since creation (for tests and
 * benchmarks: the laziness is measurable). */
guint            kz_game_list_model_get_pages_read (KzGameListModel *self);
const GError    *kz_game_list_model_get_error (KzGameListModel *self);

G_END_DECLS
