#!/usr/bin/env python3
"""check-shortcuts.py — the two lists of keyboard shortcuts agree.

src/ui/dialogs/kz-shortcuts-window.ui (GtkShortcutsWindow, libadwaita < 1.8) and
the kz-shortcuts-dialog.ui the build makes from it (AdwShortcutsDialog,
libadwaita >= 1.8) must list the same groups with the same shortcuts in
the same order, so that every stack shows the same keys.

Usage: check-shortcuts.py WINDOW.ui DIALOG.ui

SPDX-License-Identifier: GPL-3.0-or-later
"""
import sys
import xml.etree.ElementTree as ET


def prop(obj, name):
    for p in obj.findall('property'):
        if p.get('name') == name:
            return p.text or ''
    return None


def groups(path, group_class, item_class):
    root = ET.parse(path).getroot()
    out = []
    for group in root.iter('object'):
        if group.get('class') != group_class:
            continue
        items = [(prop(o, 'title'), prop(o, 'accelerator'))
                 for o in group.iter('object') if o.get('class') == item_class]
        out.append((prop(group, 'title'), items))
    return out


def main():
    window = groups(sys.argv[1], 'GtkShortcutsGroup', 'GtkShortcutsShortcut')
    dialog = groups(sys.argv[2], 'AdwShortcutsSection', 'AdwShortcutsItem')
    if not window:
        print('%s: no shortcuts found' % sys.argv[1])
        return 1
    if window != dialog:
        print('the shortcuts differ:\n  %s: %r\n  %s: %r' % (sys.argv[1], window, sys.argv[2], dialog))
        return 1
    print('%d groups, %d shortcuts, the same in both files'
          % (len(window), sum(len(items) for _, items in window)))
    return 0


if __name__ == '__main__':
    sys.exit(main())
