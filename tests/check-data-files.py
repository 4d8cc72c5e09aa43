#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the desktop integration files that have no validator of their own.

- the icons are well-formed SVG of the right size;
- the MIME type XML is well-formed, names application/x-kazaki-kgn and
  *.kgn, and update-mime-database accepts it;
- the built desktop file and metainfo carry the Russian and Ukrainian
  translations;
- the screenshots named in the metainfo exist in data/screenshots/;
- the man pages format without warnings (groff -ww).

Usage: check-data-files.py SOURCE_DATA_DIR BUILD_DATA_DIR APP_ID
"""
import configparser
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SVG = '{http://www.w3.org/2000/svg}'
MIME = '{http://www.freedesktop.org/standards/shared-mime-info}'
XML_LANG = '{http://www.w3.org/XML/1998/namespace}lang'
LANGUAGES = ('ru', 'uk')

errors = []
warnings = []


def check_icon(path, size):
    if not os.path.isfile(path):
        errors.append(f'{path} is missing')
        return
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        errors.append(f'{path}: {e}')
        return
    if root.tag != SVG + 'svg':
        errors.append(f'{path}: the root element is not <svg>')
    view_box = (root.get('viewBox') or '').split()
    if [float(v) for v in view_box] != [0, 0, size, size]:
        errors.append(f'{path}: viewBox should be "0 0 {size} {size}", is {root.get("viewBox")}')
    for attr in ('width', 'height'):
        if root.get(attr) is not None and float(re.sub(r'px$', '', root.get(attr))) != size:
            errors.append(f'{path}: {attr} should be {size}')
    with open(path, encoding='utf-8') as f:
        text = f.read()
    # Icons must be self-contained: no raster images, no external references.
    if re.search(r'<image\b', text) or re.search(r'xlink:href="(?!#)', text) \
            or re.search(r'\bhref="(?!#)', text):
        errors.append(f'{path}: embeds or links an external image')


def check_mime(path):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        errors.append(f'{path}: {e}')
        return
    types = root.findall(MIME + 'mime-type')
    if [t.get('type') for t in types] != ['application/x-kazaki-kgn']:
        errors.append(f'{path}: should define exactly application/x-kazaki-kgn')
        return
    globs = [g.get('pattern') for g in types[0].findall(MIME + 'glob')]
    if '*.kgn' not in globs:
        errors.append(f'{path}: no *.kgn glob')
    comments = types[0].findall(MIME + 'comment')
    if not any(c.get(XML_LANG) is None for c in comments):
        errors.append(f'{path}: no untranslated <comment>')
    umd = shutil.which('update-mime-database')
    if umd:
        with tempfile.TemporaryDirectory() as tmp:
            pkgs = os.path.join(tmp, 'mime', 'packages')
            os.makedirs(pkgs)
            shutil.copy(path, os.path.join(pkgs, 'kazaki.xml'))
            env = dict(os.environ, XDG_DATA_DIRS=tmp, XDG_DATA_HOME=tmp)
            proc = subprocess.run([umd, os.path.join(tmp, 'mime')], env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            if proc.returncode != 0 or proc.stdout.strip():
                errors.append(f'update-mime-database on {path}: {proc.stdout.strip()}')
            else:
                with open(os.path.join(tmp, 'mime', 'globs2'), encoding='utf-8') as f:
                    if 'application/x-kazaki-kgn:*.kgn' not in f.read():
                        errors.append('update-mime-database did not register *.kgn')


def check_desktop_translations(path):
    parser = configparser.RawConfigParser(interpolation=None, strict=False)
    parser.optionxform = str
    try:
        parser.read(path, encoding='utf-8')
        entry = parser['Desktop Entry']
    except (configparser.Error, KeyError) as e:
        errors.append(f'{path}: {e}')
        return
    for key in ('Name', 'GenericName', 'Comment', 'Keywords'):
        for lang in LANGUAGES:
            if f'{key}[{lang}]' not in entry:
                errors.append(f'{path}: no {key}[{lang}] (translation missing from po/{lang}.po?)')
    for lang in LANGUAGES:
        kw = entry.get(f'Keywords[{lang}]', ';')
        if not kw.endswith(';'):
            errors.append(f'{path}: Keywords[{lang}] must end with a semicolon')


def check_metainfo(src_path, built_path, screenshots_dir):
    try:
        built = ET.parse(built_path).getroot()
        src = ET.parse(src_path).getroot()
    except ET.ParseError as e:
        errors.append(str(e))
        return
    for lang in LANGUAGES:
        if not any(e.get(XML_LANG) == lang for e in built.iter('summary')):
            errors.append(f'{built_path}: no summary in {lang}')
        translated = sum(1 for e in built.iter('p') if e.get(XML_LANG) == lang)
        total = sum(1 for e in src.iter('p'))
        if translated != total:
            errors.append(f'{built_path}: {translated} of {total} paragraphs translated to {lang}')
    for image in src.iter('image'):
        url = (image.text or '').strip()
        name = url.rsplit('/', 1)[-1]
        if '/data/screenshots/' not in url:
            errors.append(f'screenshot {url} is not from data/screenshots/')
        elif not os.path.isfile(os.path.join(screenshots_dir, name)):
            errors.append(f'screenshot {name} is not in data/screenshots/')


def check_man(path):
    if not os.path.isfile(path):
        errors.append(f'{path} is missing')
        return
    groff = shutil.which('groff')
    if not groff:
        return
    proc = subprocess.run([groff, '-man', '-ww', '-z', '-Tutf8', path],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if proc.returncode != 0 or proc.stdout.strip():
        errors.append(f'groff -man -ww {path}:\n{proc.stdout}')


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    src, build, app_id = sys.argv[1:]
    check_icon(os.path.join(src, 'icons/hicolor/scalable/apps', app_id + '.svg'), 128)
    check_icon(os.path.join(src, 'icons/hicolor/symbolic/apps', app_id + '-symbolic.svg'), 16)
    check_mime(os.path.join(build, app_id + '.xml'))
    check_desktop_translations(os.path.join(build, app_id + '.desktop'))
    check_metainfo(os.path.join(src, app_id + '.metainfo.xml.in'),
                   os.path.join(build, app_id + '.metainfo.xml'),
                   os.path.join(src, 'screenshots'))
    for page in ('kazaki.1', 'kazaki-cli.1'):
        if os.path.exists(os.path.join(build, page)):
            check_man(os.path.join(build, page))
    for w in warnings:
        print('warning:', w)
    for e in errors:
        print('error:', e)
    if errors:
        return 1
    print('icons, MIME type, translations, screenshots and man pages: ok')
    return 0


if __name__ == '__main__':
    sys.exit(main())
