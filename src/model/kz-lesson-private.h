/* kz-lesson-private.h — what kz-lesson.c and kz-lesson-run.c share.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include "kz-lesson.h"

G_BEGIN_DECLS

/* The names of the engine's reasons a wrong move may be given (Reason=). */
typedef struct {
  const char  *name;
  KzErrorCode  code;
} KzReasonName;

#define KZ_LESSON_N_REASONS 9
extern const KzReasonName kz_lesson_reason_names[KZ_LESSON_N_REASONS];

G_END_DECLS
