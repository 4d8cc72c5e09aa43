#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Install script: updates the shared MIME database of the prefix after
`meson install`, so .kgn files are recognised at once. Skipped under
DESTDIR, where the packaging (or Flatpak) does it.

Usage: update-mime-database.py MIME_DIR
"""
import os
import shutil
import subprocess
import sys

if os.environ.get('DESTDIR'):
    sys.exit(0)
mime_dir = sys.argv[1]
tool = shutil.which('update-mime-database')
if tool is None:
    print('update-mime-database not found: run it on', mime_dir, 'yourself')
    sys.exit(0)
print('Updating the MIME database in', mime_dir)
# Exit status ignored on purpose: a failure must not fail the install.
subprocess.run([tool, '-n', mime_dir])
