/* immutable.h — set_immutable() for the tests of files that even root
 * cannot change (test-model-store.c, test-model-session.c).  Header only:
 * each of those tests is one file.
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */
#pragma once

#include <fcntl.h>
#include <glib.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <unistd.h>

/* Sets or clears the immutable attribute (chattr +i) of a file or folder.
 * FALSE when the file system or the process's capabilities (no
 * CAP_LINUX_IMMUTABLE) do not allow it. */
static inline gboolean
set_immutable (const char *path, gboolean on)
{
  int fd = open (path, O_RDONLY | O_NONBLOCK);
  int flags = 0;
  gboolean ok;

  if (fd < 0)
    return FALSE;
  ok = ioctl (fd, FS_IOC_GETFLAGS, &flags) == 0;
  if (ok)
    {
      flags = on ? (flags | FS_IMMUTABLE_FL) : (flags & ~FS_IMMUTABLE_FL);
      ok = ioctl (fd, FS_IOC_SETFLAGS, &flags) == 0;
    }
  close (fd);
  return ok;
}
