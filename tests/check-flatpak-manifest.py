#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the structure of the Flatpak manifest (this machine cannot
download runtimes to build it for real).

Usage: check-flatpak-manifest.py MANIFEST APP_ID
"""
import json
import os
import re
import shutil
import subprocess
import sys

REQUIRED_FINISH_ARGS = ['--share=ipc', '--socket=fallback-x11', '--socket=wayland', '--device=dri']


def main():
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    manifest_path, app_id = sys.argv[1], sys.argv[2]
    base = os.path.dirname(os.path.abspath(manifest_path))
    errors = []

    try:
        with open(manifest_path, encoding='utf-8') as f:
            m = json.load(f)
    except (OSError, ValueError) as e:
        print(f'error: {manifest_path}: {e}')
        return 1
    if not isinstance(m, dict):
        print('error: the manifest is not a JSON object')
        return 1

    if os.path.basename(manifest_path) != app_id + '.json':
        errors.append(f'the manifest file should be named {app_id}.json')
    ids = [m.get(k) for k in ('id', 'app-id') if k in m]
    if ids != [app_id]:
        errors.append(f'id/app-id must be {app_id} (exactly one of the two keys), got {ids}')
    if m.get('runtime') != 'org.gnome.Platform':
        errors.append(f'runtime must be org.gnome.Platform, got {m.get("runtime")}')
    if m.get('sdk') != 'org.gnome.Sdk':
        errors.append(f'sdk must be org.gnome.Sdk, got {m.get("sdk")}')
    version = m.get('runtime-version')
    if not isinstance(version, str) or not re.fullmatch(r'\d+', version):
        errors.append(f'runtime-version must be a stable GNOME version like "47", got {version!r}')
    if m.get('command') != 'kazaki':
        errors.append(f'command must be kazaki, got {m.get("command")}')

    finish = m.get('finish-args')
    if not isinstance(finish, list) or sorted(finish) != sorted(REQUIRED_FINISH_ARGS) \
            or len(set(finish)) != len(finish):
        errors.append(f'finish-args must be exactly {REQUIRED_FINISH_ARGS}, got {finish}')

    modules = m.get('modules')
    if not isinstance(modules, list) or not modules:
        errors.append('no modules')
        modules = []

    def walk(mods, depth=0):
        for mod in mods:
            if isinstance(mod, str):
                # A module in its own file, relative to the manifest.
                if not os.path.isfile(os.path.join(base, mod)):
                    errors.append(f'module file {mod} does not exist')
                continue
            name = mod.get('name')
            if not name:
                errors.append('a module without a name')
            if name and 'sqlite' in name.lower():
                errors.append('SQLite comes from the runtime; do not build it')
            for src in mod.get('sources', []):
                if isinstance(src, str):
                    if not os.path.isfile(os.path.join(base, src)):
                        errors.append(f'{name}: source file {src} does not exist')
                    continue
                kind = src.get('type')
                if kind in ('dir', 'file', 'patch', 'script') and 'path' in src:
                    path = os.path.normpath(os.path.join(base, src['path']))
                    exists = os.path.isdir(path) if kind == 'dir' else os.path.isfile(path)
                    if not exists:
                        errors.append(f'{name}: {kind} source {src["path"]} does not exist ({path})')
                if kind in ('archive', 'file') and 'url' in src \
                        and not any(k in src for k in ('sha256', 'sha512')):
                    errors.append(f'{name}: {src["url"]} has no checksum')
            walk(mod.get('modules', []), depth + 1)

    walk(modules)

    app = modules[-1] if modules and isinstance(modules[-1], dict) else {}
    if app.get('name') != 'kazaki':
        errors.append('the last module must be kazaki, the application')
    if app.get('buildsystem') != 'meson':
        errors.append(f'the kazaki module must use buildsystem meson, got {app.get("buildsystem")}')
    if app.get('run-tests') is not True:
        errors.append('the kazaki module must set "run-tests": true')
    srcs = app.get('sources', [])
    local = [s for s in srcs if isinstance(s, dict) and s.get('type') == 'dir']
    if len(local) != 1:
        errors.append('the kazaki module must build from the local checkout (one "dir" source)')
    else:
        root = os.path.normpath(os.path.join(base, local[0]['path']))
        meson_build = os.path.join(root, 'meson.build')
        if not os.path.isfile(meson_build):
            errors.append(f'{root} has no meson.build')
        else:
            with open(meson_build, encoding='utf-8') as f:
                if not re.search(r"project\(\s*'kazaki'", f.read()):
                    errors.append(f'{meson_build} is not the kazaki project')
        opts_file = os.path.join(root, 'meson_options.txt')
        known = set()
        if os.path.isfile(opts_file):
            with open(opts_file, encoding='utf-8') as f:
                known = set(re.findall(r"option\(\s*'([^']+)'", f.read()))
        for opt in app.get('config-opts', []):
            mo = re.fullmatch(r'-D([A-Za-z0-9_]+)=.*', opt)
            if mo and '.' not in mo.group(1) and mo.group(1) not in known \
                    and mo.group(1) not in ('buildtype', 'prefix', 'libdir', 'b_lto', 'b_ndebug'):
                errors.append(f'config-opts {opt}: no such option in meson_options.txt')

    # When flatpak-builder is installed, it must read the manifest without
    # complaint (it cannot build here: no runtime can be downloaded).
    builder = shutil.which('flatpak-builder')
    if builder:
        proc = subprocess.run([builder, '--show-manifest', manifest_path],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if proc.returncode != 0 or proc.stderr.strip():
            errors.append(f'flatpak-builder --show-manifest: {proc.stderr.strip()}')
        else:
            print('flatpak-builder reads the manifest')
    else:
        print('note: flatpak-builder not installed; its own parse was not tried')

    for e in errors:
        print('error:', e)
    if errors:
        return 1
    print(f'{manifest_path}: {app_id} on org.gnome.Platform {version}, command kazaki, '
          f'finish-args {" ".join(finish)}, {len(modules)} module(s)')
    return 0


if __name__ == '__main__':
    sys.exit(main())
