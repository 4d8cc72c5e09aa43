#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the shape of src/: file sizes and the direction of includes.

- No .c or .h file under src/ is longer than 1,200 lines, none under
  src/ui/ longer than 800 (HACKING.md), except the files of ALLOWED below,
  each held under its own cap until it is split (issue 26).
- KzGame's files in src/model include no header of the store: the game
  records through KzRecorder, the store builds nothing but rows (no
  circle among store, game and move tree).
- KzWindow's private struct (src/ui/window/kz-window-private.h) has at
  most 30 fields: the window is a thin frame hosting modes.
- At most 8 .c files at the top of src/ui/: the UI lives in its rooms,
  one folder per feature (HACKING.md).
- Layers include downwards only (HACKING.md, "Layers"):
    src/engine  the C library only: no GLib, no SQLite, no project header
                outside src/engine;
    src/model   src/engine, GLib/GIO/GObject, SQLite; no GTK, libadwaita,
                Cairo or Pango, nothing from src/ui or src/cli;
    src/ui      anything but src/cli;
    src/cli     src/engine, src/model, GLib; no GTK, libadwaita, src/ui.

In a git checkout the files git tracks are checked (what a fresh clone has).
Prints one line per offence (file, line, what) and exits 1 if there is any.

Usage: check-source-layout.py SOURCE_ROOT
"""
import os
import re
import subprocess
import sys

LIMIT = 1200
LIMIT_UI = 800
UI_TOP_MAX = 8

# Files over their limit, each with a cap it must stay under; a file that
# grows past its cap fails, and so does an entry no longer needed (the list
# only shrinks).  Empty since issue 26 split kz-store.c, kz-game.c and
# kz-kgn.c.
ALLOWED = {}

LAYERS = ('engine', 'model', 'ui', 'cli')

# KzWindow is a thin frame (issue 26): at most this many fields in its
# private struct; the state of a part lives in its own object (a mode,
# the clock controller), not in the window.
WINDOW_PRIVATE = 'src/ui/window/kz-window-private.h'
WINDOW_FIELDS_MAX = 30

# Inside src/model: KzGame records through KzRecorder (kz-recorder.h) and is
# built from the store's plain rows (kz-stored-game.h); it never includes
# the store, so store, game and move tree call each other in no circle.
GAME_FILES = re.compile(r'src/model/kz-(game|game-private|game-tree|game-enums|game-moves|game-pieces|'
                        r'game-time|recorder|stored-game|move-node|move-node-private)\.[ch]$')
STORE_HEADERS = {'kz-store.h', 'kz-store-private.h', 'kz-store-internal.h'}

# Headers the build makes (meson configure_file, glib-compile-resources).
GENERATED = {'kz-config.h', 'kz-resources.h', 'kz-lessons-resources.h'}

# What src/engine may include with <...>: the C library and POSIX.
ENGINE_SYSTEM = {
    'assert.h', 'ctype.h', 'errno.h', 'float.h', 'inttypes.h', 'limits.h',
    'locale.h', 'math.h', 'setjmp.h', 'signal.h', 'stdalign.h', 'stdarg.h',
    'stdatomic.h', 'stdbool.h', 'stddef.h', 'stdint.h', 'stdio.h',
    'stdlib.h', 'stdnoreturn.h', 'string.h', 'strings.h', 'threads.h',
    'time.h', 'uchar.h', 'wchar.h', 'wctype.h', 'pthread.h', 'unistd.h',
    'fcntl.h', 'sched.h', 'sys/mman.h', 'sys/resource.h', 'sys/stat.h',
    'sys/syscall.h', 'sys/time.h', 'sys/types.h', 'x86intrin.h',
    'immintrin.h',
}

# Library headers a layer must not include (by first path component or
# file name).
GUI_LIBS = ('gtk', 'gdk', 'gsk', 'adwaita', 'cairo', 'pango', 'graphene')
FORBIDDEN_SYSTEM = {
    'model': GUI_LIBS,
    'cli': GUI_LIBS,
    'ui': (),
}

# Which layers' headers a layer may include.
MAY_INCLUDE = {
    'engine': {'engine'},
    'model': {'engine', 'model'},
    'ui': {'engine', 'model', 'ui'},
    'cli': {'engine', 'model', 'cli'},
}

INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')


def tracked_files(root):
    try:
        out = subprocess.run(['git', '-C', root, 'ls-files', '-z', 'src'],
                             capture_output=True, check=True).stdout
        files = [f for f in out.decode().split('\0') if f]
        if files:
            return files
    except (OSError, subprocess.CalledProcessError):
        pass
    files = []
    for dirpath, _, names in os.walk(os.path.join(root, 'src')):
        for name in names:
            files.append(os.path.relpath(os.path.join(dirpath, name), root))
    return files


def layer_of(path):
    parts = path.split('/')
    if len(parts) >= 3 and parts[0] == 'src' and parts[1] in LAYERS:
        return parts[1]
    return None


def library_name(header):
    first = header.split('/')[0]
    return re.sub(r'[-.].*$', '', first)


def struct_fields(text, name):
    """The member declarations of `struct name { ... };` in C text."""
    m = re.search(r'struct\s+' + name + r'\s*\{(.*?)\n\};', text, re.S)
    if not m:
        return None
    body = re.sub(r'/\*.*?\*/', '', m.group(1), flags=re.S)
    body = re.sub(r'//[^\n]*', '', body)
    fields = []
    for decl in body.split(';'):
        decl = ' '.join(decl.split())
        if not decl or 'parent_instance' in decl:
            continue
        # "int a, b" declares two
        fields.extend(part for part in decl.split(','))
    return fields


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else '.'
    files = sorted(f for f in tracked_files(root)
                   if f.endswith(('.c', '.h')) and layer_of(f)
                   and os.path.exists(os.path.join(root, f)))
    # Header name → the layer that holds it.
    home = {}
    for f in files:
        if f.endswith('.h'):
            home.setdefault(os.path.basename(f), layer_of(f))
    errors = []
    for f in files:
        layer = layer_of(f)
        with open(os.path.join(root, f), encoding='utf-8') as fh:
            lines = fh.read().split('\n')
        n = len(lines) - 1 if lines and lines[-1] == '' else len(lines)
        limit = LIMIT_UI if layer == 'ui' else LIMIT
        cap = ALLOWED.get(f)
        if cap is not None:
            if n <= limit:
                errors.append(f'{f}: {n} lines, within {limit}: take it off ALLOWED '
                              'in tests/check-source-layout.py')
            elif n > cap:
                errors.append(f'{f}: {n} lines, over its cap of {cap} (limit {limit}; '
                              'split it, issue 26)')
        elif n > limit:
            errors.append(f'{f}: {n} lines, over the limit of {limit} for src/{layer}')
        for i, line in enumerate(lines, 1):
            m = INCLUDE.match(line)
            if not m:
                continue
            kind, header = m.groups()
            base = os.path.basename(header)
            if GAME_FILES.match(f) and base in STORE_HEADERS:
                errors.append(f'{f}:{i}: includes "{header}": the game knows only '
                              'KzRecorder (kz-recorder.h), not the store')
            if kind == '"' and base in home:
                target = home[base]
                if target not in MAY_INCLUDE[layer]:
                    errors.append(f'{f}:{i}: includes "{header}" of src/{target}, '
                                  f'a layer src/{layer} must not use')
                continue
            if kind == '"':
                if base in GENERATED:
                    continue
                errors.append(f'{f}:{i}: includes "{header}", not a header under src/')
                continue
            if layer == 'engine':
                if header not in ENGINE_SYSTEM:
                    errors.append(f'{f}:{i}: includes <{header}>; src/engine uses the C '
                                  'library only')
            elif library_name(header) in FORBIDDEN_SYSTEM[layer]:
                errors.append(f'{f}:{i}: includes <{header}>, a GUI library src/{layer} '
                              'must not use')
    top = [f for f in files if f.startswith('src/ui/') and f.count('/') == 2 and f.endswith('.c')]
    if len(top) > UI_TOP_MAX:
        errors.append(f'src/ui/: {len(top)} .c files at the top, at most {UI_TOP_MAX}: '
                      'put them in the room of their feature (HACKING.md)')
    if WINDOW_PRIVATE in files:
        with open(os.path.join(root, WINDOW_PRIVATE), encoding='utf-8') as fh:
            fields = struct_fields(fh.read(), '_KzWindow')
        if fields is None:
            errors.append(f'{WINDOW_PRIVATE}: no struct _KzWindow found')
        elif len(fields) > WINDOW_FIELDS_MAX:
            errors.append(f'{WINDOW_PRIVATE}: KzWindow has {len(fields)} fields, at most '
                          f'{WINDOW_FIELDS_MAX}: give the state to a mode or a controller '
                          '(HACKING.md)')
    for f in sorted(set(ALLOWED) - set(files)):
        errors.append(f'{f}: listed in ALLOWED but gone: take it off')
    for e in errors:
        print(e)
    if errors:
        print(f'{len(errors)} problem(s) in the layout of src/ (see HACKING.md, "Layers")')
        return 1
    print(f'{len(files)} files under src/ checked: sizes and includes are in order')
    return 0


if __name__ == '__main__':
    sys.exit(main())
