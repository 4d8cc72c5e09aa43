#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the desktop integration files that have no validator of their own.

- the icons are well-formed SVG of the right size;
- the MIME type XML is well-formed, names application/x-kazaki-kgn and
  *.kgn, and update-mime-database accepts it;
- the built desktop file and metainfo carry the Russian and Ukrainian
  translations;
- the screenshots named in the metainfo exist in data/screenshots/;
- the man pages format without warnings (groff -ww);
- Flathub's rules for the metainfo: a summary of at most 35 characters
  (translations too), a developer with an id and a name, release notes
  (the newest first, for meson.build's version), the urls homepage,
  bugtracker, help, translate and vcs-browser, URLs into the repository
  that name a release tag or a commit (never a branch), brand colours that
  contrast with the icon's large areas (CIE76 colour difference >= 30;
  the light colour light, the dark one dark), categories and keywords the
  same as the desktop file's; the <id> and <launchable> the app id, an
  OARS content rating and a project licence. (The screenshots themselves:
  check-screenshots.py.)

Usage: check-data-files.py SOURCE_DATA_DIR BUILD_DATA_DIR APP_ID
"""
import configparser
import math
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


# ---- Flathub's rules for the metainfo ---------------------------------

SUMMARY_MAX = 35
MIN_BRAND_DELTA_E = 30
REQUIRED_URLS = ('homepage', 'bugtracker', 'help', 'translate', 'vcs-browser')


def project_version(src_data_dir):
    with open(os.path.join(src_data_dir, '..', 'meson.build'), encoding='utf-8') as f:
        m = re.search(r"project\(\s*'kazaki'.*?version\s*:\s*'([^']+)'", f.read(), re.S)
    return m.group(1) if m else None


def hex_to_lab(colour):
    """CIE L*a*b* (D65) of #rrggbb; also the relative luminance."""
    r, g, b = (int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    x = (0.4124 * lin[0] + 0.3576 * lin[1] + 0.1805 * lin[2]) / 0.95047
    y = 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    z = (0.0193 * lin[0] + 0.1192 * lin[1] + 0.9505 * lin[2]) / 1.08883
    f = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in (x, y, z)]
    return (116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2]))


def delta_e(c1, c2):
    return math.dist(hex_to_lab(c1), hex_to_lab(c2))


def icon_large_fills(svg_path, size=128, share=0.10):
    """The fill colours of the icon's rects, circles and ellipses that
    cover at least `share` of the icon each."""
    fills = set()
    for el in ET.parse(svg_path).getroot().iter():
        tag = el.tag.replace(SVG, '')
        fill = el.get('fill', '')
        if not re.fullmatch(r'#[0-9a-fA-F]{6}', fill):
            continue
        if tag == 'rect':
            area = float(el.get('width', 0)) * float(el.get('height', 0))
        elif tag == 'circle':
            area = math.pi * float(el.get('r', 0)) ** 2
        elif tag == 'ellipse':
            area = math.pi * float(el.get('rx', 0)) * float(el.get('ry', 0))
        else:
            continue
        if area >= share * size * size:
            fills.add(fill.lower())
    return fills


def repository_ref_ok(url, version):
    """URLs into the repository's files name a tag (v<version>) or a commit."""
    m = re.match(r'https://raw\.githubusercontent\.com/[^/]+/[^/]+/([^/]+)/', url) \
        or re.match(r'https://github\.com/[^/]+/[^/]+/(?:blob|tree|raw)/([^/]+)/', url)
    if not m:
        return True
    ref = m.group(1)
    return ref == f'v{version}' or re.fullmatch(r'[0-9a-f]{40}', ref) is not None


def check_flathub_metainfo(src_path, built_path, desktop_path, icon_path, screenshots_dir,
                           version, app_id):
    try:
        src = ET.parse(src_path).getroot()
        built = ET.parse(built_path).getroot()
    except ET.ParseError as e:
        errors.append(str(e))
        return
    for summary in built.findall('summary'):
        text = (summary.text or '').strip()
        lang = summary.get(XML_LANG, 'C')
        if len(text) > SUMMARY_MAX:
            errors.append(f'the summary ({lang}) has {len(text)} characters (at most '
                          f'{SUMMARY_MAX}): {text}')
        if text.endswith('.'):
            errors.append(f'the summary ({lang}) ends with a full stop')

    # The component, its launchable and the manifest's id are the app id.
    if (src.findtext('id') or '').strip() != app_id:
        errors.append(f'the metainfo <id> is {src.findtext("id")!r}, not {app_id}')
    launchable = src.find('launchable')
    if launchable is None or launchable.get('type') != 'desktop-id' \
            or (launchable.text or '').strip() != app_id + '.desktop':
        errors.append(f'the metainfo needs <launchable type="desktop-id">{app_id}.desktop'
                      f'</launchable>')
    if src.find('content_rating') is None or \
            not (src.find('content_rating').get('type') or '').startswith('oars-'):
        errors.append('the metainfo needs an OARS <content_rating>')
    if not (src.findtext('project_license') or '').strip():
        errors.append('the metainfo has no <project_license>')

    dev = src.find('developer')
    if dev is None or not re.fullmatch(r'[a-z0-9-]+(\.[A-Za-z0-9_-]+)+', dev.get('id', '')) \
            or not (dev.findtext('name') or '').strip():
        errors.append('<developer> needs an id (reverse DNS) and a <name>')

    releases = src.findall('releases/release')
    if not releases:
        errors.append('no <release> with release notes')
    elif releases[0].get('version') != version:
        errors.append(f'the newest <release> is {releases[0].get("version")}, '
                      f'meson.build says {version}')
    dates = [r.get('date', '') for r in releases]
    if dates != sorted(dates, reverse=True):
        errors.append(f'the releases are not newest first: {dates}')
    for r in releases:
        desc = r.find('description')
        if desc is None or not ''.join(desc.itertext()).strip():
            errors.append(f'<release version="{r.get("version")}"> has no release notes')

    urls = {u.get('type'): (u.text or '').strip() for u in src.findall('url')}
    for kind in REQUIRED_URLS:
        if not urls.get(kind, '').startswith('https://'):
            errors.append(f'no https <url type="{kind}">')
    for url in list(urls.values()) + [(i.text or '').strip() for i in src.iter('image')]:
        if not repository_ref_ok(url, version):
            errors.append(f'{url} names a branch: name the tag v{version} or a commit')

    fills = icon_large_fills(icon_path)
    if not fills:
        errors.append(f'{icon_path}: found no large area to compare the brand colours with')
    schemes = {}
    for c in src.findall('branding/color'):
        if c.get('type') == 'primary':
            schemes[c.get('scheme_preference')] = (c.text or '').strip()
    for scheme in ('light', 'dark'):
        colour = schemes.get(scheme, '')
        if not re.fullmatch(r'#[0-9a-fA-F]{6}', colour):
            errors.append(f'no primary brand colour for the {scheme} scheme')
            continue
        lightness = hex_to_lab(colour)[0]
        if (scheme == 'light' and lightness < 70) or (scheme == 'dark' and lightness > 40):
            errors.append(f'the {scheme} brand colour {colour} has lightness {lightness:.0f}')
        for fill in fills:
            d = delta_e(colour, fill)
            if d < MIN_BRAND_DELTA_E:
                errors.append(f'the {scheme} brand colour {colour} is too close to the icon’s '
                              f'{fill} (colour difference {d:.1f} < {MIN_BRAND_DELTA_E})')

    parser = configparser.RawConfigParser(interpolation=None, strict=False)
    parser.optionxform = str
    parser.read(desktop_path, encoding='utf-8')
    entry = parser['Desktop Entry'] if parser.has_section('Desktop Entry') else {}
    desktop_categories = set(filter(None, entry.get('Categories', '').split(';')))
    categories = {c.text.strip() for c in src.findall('categories/category')}
    if categories != desktop_categories:
        errors.append(f'metainfo categories {sorted(categories)} differ from the desktop '
                      f'file’s {sorted(desktop_categories)}')
    desktop_keywords = {k.lower() for k in entry.get('Keywords', '').split(';') if k}
    keywords = {k.text.strip().lower() for k in src.findall('keywords/keyword')}
    if keywords != desktop_keywords:
        errors.append(f'metainfo keywords and desktop Keywords differ: only in the metainfo '
                      f'{sorted(keywords - desktop_keywords)}, only in the desktop file '
                      f'{sorted(desktop_keywords - keywords)}')


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
    check_flathub_metainfo(os.path.join(src, app_id + '.metainfo.xml.in'),
                           os.path.join(build, app_id + '.metainfo.xml'),
                           os.path.join(build, app_id + '.desktop'),
                           os.path.join(src, 'icons/hicolor/scalable/apps', app_id + '.svg'),
                           os.path.join(src, 'screenshots'), project_version(src), app_id)
    for page in ('kazaki.1', 'kazaki-cli.1'):
        if os.path.exists(os.path.join(build, page)):
            check_man(os.path.join(build, page))
    for w in warnings:
        print('warning:', w)
    for e in errors:
        print('error:', e)
    if errors:
        return 1
    print('icons, MIME type, translations, screenshots, man pages and Flathub rules: ok')
    return 0


if __name__ == '__main__':
    sys.exit(main())
