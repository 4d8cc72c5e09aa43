#!/usr/bin/env python3
"""shortcuts-dialog-ui.py — makes the AdwShortcutsDialog UI file
(libadwaita >= 1.8) from kz-shortcuts-window.ui (GtkShortcutsWindow, the
one list of shortcuts): each GtkShortcutsGroup becomes an
AdwShortcutsSection, each GtkShortcutsShortcut an AdwShortcutsItem, with
the same translatable titles and accelerators.

Usage: shortcuts-dialog-ui.py INPUT.ui OUTPUT.ui

SPDX-License-Identifier: GPL-3.0-or-later
"""
import sys
import xml.etree.ElementTree as ET

KEEP = {'title', 'accelerator', 'subtitle', 'direction', 'action-name'}


def copy_props(src, dst):
    for p in src.findall('property'):
        if p.get('name') in KEEP:
            dst.append(p)


def main():
    root = ET.parse(sys.argv[1]).getroot()
    out = ET.Element('interface', dict(root.attrib))
    ET.SubElement(out, 'requires', {'lib': 'gtk', 'version': '4.0'})
    ET.SubElement(out, 'requires', {'lib': 'libadwaita', 'version': '1.8'})
    window = next(o for o in root.iter('object') if o.get('class') == 'GtkShortcutsWindow')
    dialog = ET.SubElement(out, 'object', {'class': 'AdwShortcutsDialog', 'id': window.get('id')})
    for group in window.iter('object'):
        if group.get('class') != 'GtkShortcutsGroup':
            continue
        section = ET.SubElement(ET.SubElement(dialog, 'child'), 'object', {'class': 'AdwShortcutsSection'})
        copy_props(group, section)
        for shortcut in group.iter('object'):
            if shortcut.get('class') == 'GtkShortcutsShortcut':
                item = ET.SubElement(ET.SubElement(section, 'child'), 'object', {'class': 'AdwShortcutsItem'})
                copy_props(shortcut, item)
    ET.indent(out)
    ET.ElementTree(out).write(sys.argv[2], encoding='UTF-8', xml_declaration=True)


if __name__ == '__main__':
    main()
