#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks po/POTFILES.in against the source tree.

Every file listed must exist, and every file under src/ and data/ that has
translatable strings (_(), N_(), C_(), NC_(), ngettext, translatable="yes",
a .desktop.in or .metainfo.xml.in file, a MIME comment, a schema with a
gettext-domain) must be listed, unless po/POTFILES.skip lists it. In a git checkout the
files git tracks are checked (what a fresh clone has).

Usage: check-potfiles.py SOURCE_ROOT
"""
import os
import re
import subprocess
import sys

C_EXTENSIONS = ('.c', '.h', '.vala')
UI_EXTENSIONS = ('.ui', '.blp')

C_MARK = re.compile(r'(?<![A-Za-z0-9_])(?:_|N_|C_|NC_|Q_|g_dngettext|ngettext|g_dpgettext2?|dgettext)\s*\(')
UI_MARK = re.compile(r'translatable\s*=\s*"(?:yes|true)"|_\(\s*"')


def read_list(path):
    entries = []
    if not os.path.exists(path):
        return entries
    with open(path, encoding='utf-8') as f:
        for line in f:
            line = line.strip()
            if line and not line.startswith('#'):
                entries.append(line)
    return entries


def has_c_strings(text):
    for line in text.splitlines():
        stripped = line.strip()
        # The gettext macros themselves are defined somewhere; that is no string.
        if stripped.startswith('#define') or stripped.startswith('#undef'):
            continue
        if stripped.startswith('//') or stripped.startswith('*'):
            continue
        if C_MARK.search(line):
            return True
    return False


def needs_translation(rel, text):
    name = os.path.basename(rel)
    if name.endswith(C_EXTENSIONS):
        return has_c_strings(text)
    if name.endswith(UI_EXTENSIONS):
        return bool(UI_MARK.search(text))
    if name.endswith('.desktop.in') or name.endswith('.metainfo.xml.in') \
            or name.endswith('.appdata.xml.in'):
        return True
    if name.endswith('.xml.in') and '<mime-info' in text and '<comment' in text:
        return True
    if name.endswith('.gschema.xml') or name.endswith('.gschema.xml.in'):
        return 'gettext-domain' in text
    return False


def candidate_files(root):
    """The files under src/ and data/: those git tracks in a git checkout
    (what a fresh clone has), else every file in the tree."""
    try:
        proc = subprocess.run(['git', '-C', root, 'ls-files', '-z', '--', 'src', 'data'],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True)
        tracked = [p for p in proc.stdout.decode('utf-8').split('\0') if p]
        if tracked:
            return sorted(p for p in tracked if os.path.isfile(os.path.join(root, p)))
    except (OSError, subprocess.CalledProcessError):
        pass
    found = []
    for top in ('src', 'data'):
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith('.'))
            for name in sorted(filenames):
                found.append(os.path.relpath(os.path.join(dirpath, name), root).replace(os.sep, '/'))
    return found


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = sys.argv[1]
    listed = read_list(os.path.join(root, 'po', 'POTFILES.in'))
    skipped = set(read_list(os.path.join(root, 'po', 'POTFILES.skip')))
    errors = []

    seen = set()
    for rel in listed:
        if rel in seen:
            errors.append(f'po/POTFILES.in lists {rel} twice')
        seen.add(rel)
        if not os.path.isfile(os.path.join(root, rel)):
            errors.append(f'po/POTFILES.in lists {rel}, which does not exist')

    for rel in candidate_files(root):
        if rel in seen or rel in skipped:
            continue
        try:
            with open(os.path.join(root, rel), encoding='utf-8') as f:
                text = f.read()
        except (UnicodeDecodeError, OSError):
            continue
        if needs_translation(rel, text):
            errors.append(f'{rel} has translatable strings but is not in po/POTFILES.in')

    for e in errors:
        print('error:', e)
    if errors:
        return 1
    print(f'po/POTFILES.in: {len(listed)} files, all present; no translatable file missing')
    return 0


if __name__ == '__main__':
    sys.exit(main())
