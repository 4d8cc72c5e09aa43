#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the metainfo's screenshots against Flathub's rules.

For every <screenshot> of the metainfo:
- every <image> URL is https://raw.githubusercontent.com/OWNER/REPO/REF/
  data/screenshots/NAME.png with REF the release tag v<meson.build's
  version> or a commit (40 hex digits), never a branch;
- NAME.png is in data/screenshots/ and is a PNG at most 700 px tall;
- it has an alpha channel, transparent corners (the window's rounded
  corners and the margin of its shadow), an opaque centre (the window) and
  a soft shadow under the window (partly transparent pixels below it);
- one screenshot is the default, each has one untranslated <image> and
  each image in another language has a matching untranslated one;
- the caption is there, translatable (no translate="no") and translated
  into every language of po/LINGUAS in the built metainfo;
- data/screenshots/take-screenshots.sh, which makes them, sets GNOME's
  default title bar buttons (close only).

The PNG is read with the standard library only (zlib; no PIL).

Usage: check-screenshots.py SOURCE_DATA_DIR BUILD_DATA_DIR APP_ID
"""
import os
import re
import struct
import sys
import xml.etree.ElementTree as ET
import zlib

XML_LANG = '{http://www.w3.org/XML/1998/namespace}lang'
MAX_HEIGHT = 700
URL_RE = re.compile(r'https://raw\.githubusercontent\.com/[^/]+/[^/]+/([^/]+)/'
                    r'data/screenshots/([A-Za-z0-9._-]+\.png)$')

errors = []


class PNG:
    """The header and the alpha channel of an 8-bit PNG."""

    def __init__(self, path):
        with open(path, 'rb') as f:
            data = f.read()
        if data[:8] != b'\x89PNG\r\n\x1a\n':
            raise ValueError('not a PNG file')
        pos = 8
        idat = []
        self.trns = False
        self.width = self.height = None
        while pos < len(data):
            length, kind = struct.unpack('>I4s', data[pos:pos + 8])
            body = data[pos + 8:pos + 8 + length]
            if zlib.crc32(kind + body) != struct.unpack('>I', data[pos + 8 + length:pos + 12 + length])[0]:
                raise ValueError(f'bad CRC in the {kind.decode(errors="replace")} chunk')
            if kind == b'IHDR':
                (self.width, self.height, self.depth, self.colour_type,
                 _, _, self.interlace) = struct.unpack('>IIBBBBB', body)
            elif kind == b'tRNS':
                self.trns = True
            elif kind == b'IDAT':
                idat.append(body)
            elif kind == b'IEND':
                break
            pos += 12 + length
        if self.width is None:
            raise ValueError('no IHDR chunk')
        self._idat = b''.join(idat)

    @property
    def has_alpha(self):
        return self.colour_type in (4, 6)

    def alpha(self):
        """The alpha channel, one bytes object per row (8-bit RGBA or grey +
        alpha, not interlaced)."""
        if not self.has_alpha or self.depth != 8 or self.interlace:
            raise ValueError('only 8-bit, non-interlaced RGBA or grey+alpha is read')
        bpp = 4 if self.colour_type == 6 else 2
        stride = self.width * bpp
        raw = zlib.decompress(self._idat)
        if len(raw) != (stride + 1) * self.height:
            raise ValueError('the image data has the wrong size')
        rows = []
        prev = bytearray(stride)
        for y in range(self.height):
            start = y * (stride + 1)
            ftype = raw[start]
            line = bytearray(raw[start + 1:start + 1 + stride])
            if ftype == 1:
                for i in range(bpp, stride):
                    line[i] = (line[i] + line[i - bpp]) & 0xff
            elif ftype == 2:
                line = bytearray((a + b) & 0xff for a, b in zip(line, prev))
            elif ftype == 3:
                for i in range(stride):
                    left = line[i - bpp] if i >= bpp else 0
                    line[i] = (line[i] + ((left + prev[i]) >> 1)) & 0xff
            elif ftype == 4:
                for i in range(stride):
                    a = line[i - bpp] if i >= bpp else 0
                    b = prev[i]
                    c = prev[i - bpp] if i >= bpp else 0
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                    line[i] = (line[i] + pred) & 0xff
            elif ftype != 0:
                raise ValueError(f'unknown filter type {ftype} in row {y}')
            rows.append(bytes(line[bpp - 1::bpp]))
            prev = line
        return rows


def version_of(src_data_dir):
    with open(os.path.join(src_data_dir, '..', 'meson.build'), encoding='utf-8') as f:
        m = re.search(r"project\(\s*'kazaki'.*?version\s*:\s*'([^']+)'", f.read(), re.S)
    return m.group(1) if m else None


def languages(src_data_dir):
    path = os.path.join(src_data_dir, '..', 'po', 'LINGUAS')
    with open(path, encoding='utf-8') as f:
        return [w for line in f for w in line.split('#')[0].split()]


def check_png(path, name):
    try:
        png = PNG(path)
    except (OSError, ValueError, zlib.error) as e:
        errors.append(f'{name}: {e}')
        return
    if png.height > MAX_HEIGHT:
        errors.append(f'{name} is {png.height} px tall (at most {MAX_HEIGHT})')
    if not png.has_alpha:
        errors.append(f'{name} has no alpha channel (colour type {png.colour_type}'
                      f'{", tRNS" if png.trns else ""}): no window shadow on a '
                      f'transparent background')
        return
    try:
        alpha = png.alpha()
    except (ValueError, zlib.error) as e:
        errors.append(f'{name}: {e}')
        return
    w, h = png.width, png.height
    corners = {'top left': alpha[0][0], 'top right': alpha[0][w - 1],
               'bottom left': alpha[h - 1][0], 'bottom right': alpha[h - 1][w - 1]}
    for where, a in corners.items():
        if a != 0:
            errors.append(f'{name}: the {where} corner is not transparent (alpha {a})')
    if alpha[h // 2][w // 2] != 255:
        errors.append(f'{name}: the centre is not opaque (alpha {alpha[h // 2][w // 2]})')
    # The shadow: under the window's bottom edge, in the middle, alpha
    # falls from opaque to transparent through partly transparent pixels.
    column = [alpha[y][w // 2] for y in range(h)]
    bottom = max((y for y in range(h) if column[y] == 255), default=None)
    soft = [a for a in column[bottom + 1:] if 0 < a < 255] if bottom is not None else []
    if len(soft) < 4:
        errors.append(f'{name}: no soft shadow under the window ({len(soft)} partly '
                      f'transparent pixels below it in the middle column)')
    # Rounded corners: in the window's top row the first opaque pixel is
    # inside the corner's curve, a few pixels right of the window's left
    # edge (taken mid-height). Not judged when that row has no opaque pixel
    # in its left quarter.
    top = min((y for y in range(h) if column[y] == 255), default=0)
    left = next((x for x in range(w) if alpha[top][x] == 255), None)
    if left is not None and left < w // 4:
        edge = next((x for x in range(w) if alpha[h // 2][x] == 255), 0)
        if left - edge < 3:
            errors.append(f'{name}: the window has square corners')


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        return 2
    src, build, app_id = sys.argv[1:]
    version = version_of(src)
    langs = languages(src)
    src_root = ET.parse(os.path.join(src, app_id + '.metainfo.xml.in')).getroot()
    built_path = os.path.join(build, app_id + '.metainfo.xml')
    built_root = ET.parse(built_path).getroot() if os.path.exists(built_path) else None
    screenshots = src_root.findall('screenshots/screenshot')
    if not screenshots:
        errors.append('the metainfo has no screenshots')
    defaults = [s for s in screenshots if s.get('type') == 'default']
    if len(defaults) != 1:
        errors.append(f'{len(defaults)} screenshots are type="default" (exactly one should be)')
    checked = set()
    for n, shot in enumerate(screenshots, 1):
        images = shot.findall('image')
        plain = [i for i in images if i.get(XML_LANG) is None]
        if len(plain) != 1:
            errors.append(f'screenshot {n}: {len(plain)} <image> without xml:lang (one needed)')
        for image in images:
            url = (image.text or '').strip()
            m = URL_RE.match(url)
            if not m:
                errors.append(f'screenshot {n}: {url} is not a raw.githubusercontent.com URL '
                              f'of data/screenshots/*.png')
                continue
            ref, name = m.groups()
            if ref != f'v{version}' and not re.fullmatch(r'[0-9a-f]{40}', ref):
                errors.append(f'{url} names "{ref}", a branch: name the tag v{version} '
                              f'or a commit')
            path = os.path.join(src, 'screenshots', name)
            if not os.path.isfile(path):
                errors.append(f'{name} (screenshot {n}) is not in data/screenshots/')
            elif name not in checked:
                checked.add(name)
                check_png(path, name)
        captions = [c for c in shot.findall('caption') if c.get(XML_LANG) is None]
        if len(captions) != 1 or not (captions[0].text or '').strip():
            errors.append(f'screenshot {n}: no untranslated <caption>')
            continue
        caption = captions[0]
        if caption.get('translate') == 'no' or shot.get('translate') == 'no':
            errors.append(f'screenshot {n}: the caption is marked translate="no"')
        if built_root is not None:
            text = caption.text.strip()
            for built_shot in built_root.findall('screenshots/screenshot'):
                plain_caption = [c for c in built_shot.findall('caption')
                                 if c.get(XML_LANG) is None]
                if plain_caption and (plain_caption[0].text or '').strip() == text:
                    have = {c.get(XML_LANG) for c in built_shot.findall('caption')}
                    for lang in langs:
                        if lang not in have:
                            errors.append(f'the caption "{text}" is not translated into '
                                          f'{lang} (po/{lang}.po)')
                    break
            else:
                errors.append(f'the caption "{text}" is not in {built_path}')
    script = os.path.join(src, 'screenshots', 'take-screenshots.sh')
    try:
        with open(script, encoding='utf-8') as f:
            if 'gtk-decoration-layout=appmenu:close' not in f.read():
                errors.append(f'{script} does not set GNOME\'s default title bar buttons '
                              f'(gtk-decoration-layout=appmenu:close)')
    except OSError as e:
        errors.append(str(e))
    for e in errors:
        print('error:', e)
    if errors:
        return 1
    print(f'{len(screenshots)} screenshots, {len(checked)} images: ok')
    return 0


if __name__ == '__main__':
    sys.exit(main())
