#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks that every text of the lessons is translated into every language.

The texts are the values of the keys Title, Intro, Task, Success, Why and
Hint in data/lessons/*.lesson.desktop (xgettext reads them as desktop
entries, po/meson.build); each must have a non-empty msgstr in each
po/LANG.po of po/LINGUAS that is not marked fuzzy.

Usage: check-lesson-translations.py SOURCE_ROOT
"""
import ast
import glob
import os
import sys

KEYS = ('Title', 'Intro', 'Task', 'Success', 'Why', 'Hint')


def read_po(path):
    """msgid -> msgstr of the entries without a context and not fuzzy."""
    table = {}
    with open(path, encoding='utf-8') as f:
        blocks = f.read().split('\n\n')
    for block in blocks:
        mid = mstr = ctx = None
        mode = None
        fuzzy = False
        for line in block.split('\n'):
            if line.startswith('#,') and 'fuzzy' in line:
                fuzzy = True
            elif line.startswith('msgctxt '):
                ctx, mode = ast.literal_eval(line[8:]), 'c'
            elif line.startswith('msgid '):
                mid, mode = ast.literal_eval(line[6:]), 'i'
            elif line.startswith('msgid_plural'):
                mode = 'p'
            elif line.startswith('msgstr'):
                mstr = (mstr or '') + ast.literal_eval(line.split(' ', 1)[1])
                mode = 's'
            elif line.startswith('"'):
                s = ast.literal_eval(line)
                if mode == 'i':
                    mid += s
                elif mode == 's':
                    mstr += s
        if mid and ctx is None and not fuzzy:
            table[mid] = mstr
    return table


def lesson_texts(root):
    for path in sorted(glob.glob(os.path.join(root, 'data', 'lessons', '*.lesson.desktop'))):
        with open(path, encoding='utf-8') as f:
            for n, line in enumerate(f, 1):
                if '=' not in line or line.lstrip().startswith(('#', '[')):
                    continue
                key, value = line.split('=', 1)
                if key.strip() in KEYS and value.strip():
                    yield os.path.relpath(path, root), n, value.strip()


def main():
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        return 2
    root = sys.argv[1]
    with open(os.path.join(root, 'po', 'LINGUAS'), encoding='utf-8') as f:
        langs = [l.strip() for l in f if l.strip() and not l.startswith('#')]
    texts = list(lesson_texts(root))
    errors = []
    for lang in langs:
        table = read_po(os.path.join(root, 'po', lang + '.po'))
        for rel, n, text in texts:
            if not table.get(text):
                errors.append(f'{rel}:{n}: not translated in po/{lang}.po: {text}')
    for e in errors:
        print('error:', e)
    if errors or not texts:
        return 1
    print(f'{len(texts)} lesson texts, translated into {", ".join(langs)}')
    return 0


if __name__ == '__main__':
    sys.exit(main())
