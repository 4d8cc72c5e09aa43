#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks that every translatable string is translated into every language.

Extracts the template from po/POTFILES.in with xgettext, with the keywords
of meson's 'glib' preset and the lesson keys of po/meson.build, into a
temporary file; merges each po/LANG.po of po/LINGUAS with it (msgmerge,
no fuzzy matching) and fails, naming the strings, when an entry of the
template has no translation or a fuzzy one.  TAP output.

Usage: check-translations.py SOURCE_ROOT
"""
import os
import shutil
import subprocess
import sys
import tempfile

# meson's i18n 'glib' preset, and po/meson.build's own keywords
XGETTEXT_ARGS = [
    '--from-code=UTF-8', '--add-comments',
    '--keyword=_', '--keyword=N_', '--keyword=C_:1c,2', '--keyword=NC_:1c,2',
    '--keyword=g_dcgettext:2', '--keyword=g_dngettext:2,3', '--keyword=g_dpgettext2:2c,3',
    '--flag=N_:1:pass-c-format', '--flag=C_:2:pass-c-format', '--flag=NC_:2:pass-c-format',
    '--flag=g_dngettext:2:pass-c-format', '--flag=g_strdup_printf:1:c-format',
    '--flag=g_string_printf:2:c-format', '--flag=g_string_append_printf:2:c-format',
    '--flag=g_error_new:3:c-format', '--flag=g_set_error:4:c-format',
    '--flag=g_markup_printf_escaped:1:c-format',
    '--keyword=Title', '--keyword=Intro', '--keyword=Task', '--keyword=Success',
    '--keyword=Why', '--keyword=Hint',
]


def msgids(po_text):
    """The msgids (first line joined) of the entries of a msgattrib output."""
    out = []
    for block in po_text.split('\n\n'):
        lines = [l for l in block.split('\n') if not l.startswith('#')]
        text, on = '', False
        for line in lines:
            if line.startswith('msgid '):
                on, text = True, line[6:].strip('"')
            elif on and line.startswith('"'):
                text += line.strip('"')
            elif on:
                break
        if text:
            out.append(text)
    return out


def main():
    root = sys.argv[1]
    for tool in ('xgettext', 'msgmerge', 'msgattrib'):
        if shutil.which(tool) is None:
            print('1..0 # SKIP %s is not installed (package gettext)' % tool)
            return 0
    with open(os.path.join(root, 'po', 'LINGUAS'), encoding='utf-8') as f:
        langs = [l.strip() for l in f if l.strip() and not l.startswith('#')]
    print('1..%d' % len(langs))
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        pot = os.path.join(tmp, 'kazaki.pot')
        subprocess.run(['xgettext', '--directory', root,
                        '--files-from', os.path.join(root, 'po', 'POTFILES.in'),
                        '--output', pot] + XGETTEXT_ARGS, check=True)
        for i, lang in enumerate(langs, 1):
            merged = os.path.join(tmp, lang + '.po')
            subprocess.run(['msgmerge', '--quiet', '--no-fuzzy-matching',
                            os.path.join(root, 'po', lang + '.po'), pot, '--output-file', merged],
                           check=True)
            missing = []
            for flag in ('--untranslated', '--only-fuzzy'):
                res = subprocess.run(['msgattrib', flag, '--no-obsolete', merged],
                                     check=True, capture_output=True, text=True)
                missing += msgids(res.stdout)
            if missing:
                failed += 1
                print('not ok %d - po/%s.po translates every string' % (i, lang))
                for m in missing:
                    print('# missing: %s' % m)
            else:
                print('ok %d - po/%s.po translates every string' % (i, lang))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
