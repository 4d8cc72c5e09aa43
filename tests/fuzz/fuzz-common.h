/* fuzz-common.h — what the fuzz harnesses share.
 *
 * Each harness defines LLVMFuzzerTestOneInput().  With -Dfuzzing=true and
 * CC=clang it is linked with libFuzzer (-fsanitize=fuzzer); in every build
 * it is also linked with fuzz-replay.c, whose main() runs every file of a
 * corpus folder through the same function (the test suite does this).
 * A harness reports a broken property with FUZZ_CHECK, which aborts.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

#define FUZZ_CHECK(cond)                                                    \
  do {                                                                      \
    if (!(cond))                                                            \
      {                                                                     \
        fprintf (stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__,   \
                 #cond);                                                    \
        abort ();                                                           \
      }                                                                     \
  } while (0)

/* A NUL-terminated copy of the input (free with free()). */
static inline char *
fuzz_strndup (const uint8_t *data, size_t size)
{
  char *s = malloc (size + 1);
  if (s == NULL)
    abort ();
  if (size)
    memcpy (s, data, size);
  s[size] = '\0';
  return s;
}
