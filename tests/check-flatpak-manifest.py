#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks the Flatpak manifests against Flathub's rules.

    check-flatpak-manifest.py MANIFEST APP_ID
        the development manifest (builds this checkout)
    check-flatpak-manifest.py --store SOURCE_ROOT APP_ID
        makes a store manifest with build-aux/make-store-manifest from a
        release tag of a temporary git repository holding this source's
        files, checks it, and checks that the script refuses a bad tag

Rules: 4-space indentation and keys in Flathub's order (the order of
KEY_ORDER: "run-tests" before "config-opts"...); the runtime the newest
stable GNOME runtime (GNOME releases in March and September: version 48
in March 2025, one more every six months; a new one counts from the end
of its release month); exactly the finish-args of REQUIRED_FINISH_ARGS;
the development manifest builds the checkout from one "dir" source; the
store manifest builds the kazaki module from a git source with both "tag"
and "commit" (the tag's commit) and SQLite >= 3.51.3 from an archive with
a sha256, as a module before kazaki; every archive or file source has a
checksum.
"""
import datetime
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

# The sandbox's permissions, each for a reason: the display (Wayland, X11 as
# a fallback, with the shared memory X11 needs), the GPU for GTK's renderer,
# and PulseAudio for the event sounds (GStreamer's pulsesink; without the
# socket the sandbox has no audio sink and every sound is silent:
# build-aux/flatpak-check checks that a move opens a PulseAudio stream).
# Files go through the portals: no filesystem access.
REQUIRED_FINISH_ARGS = ['--share=ipc', '--socket=fallback-x11', '--socket=wayland',
                        '--socket=pulseaudio', '--device=dri']
MIN_SQLITE = (3, 51, 3)

# Flathub's order of the keys in a manifest, a module and a source.
KEY_ORDER = {
    'manifest': ['id', 'app-id', 'runtime', 'runtime-version', 'sdk', 'sdk-extensions',
                 'base', 'base-version', 'command', 'finish-args', 'build-options',
                 'cleanup', 'cleanup-commands', 'modules'],
    'module': ['name', 'buildsystem', 'builddir', 'subdir', 'run-tests', 'config-opts',
               'make-args', 'make-install-args', 'build-commands', 'post-install',
               'build-options', 'cleanup', 'sources', 'modules'],
    'source': ['type', 'url', 'path', 'tag', 'commit', 'sha256', 'sha512', 'dest-filename',
               'skip'],
}

errors = []


def newest_gnome(today):
    """The newest stable GNOME release on `today`: 48 in March 2025, then
    one every six months (March and September); counted from the first day
    of the following month, when Flathub has had it for a few weeks."""
    months = (today.year - 2025) * 12 + today.month - 4   # 0 in April 2025
    return 48 + months // 6 if months >= 0 else 47


def check_format(path, text, m):
    expected = json.dumps(m, indent=4, ensure_ascii=False) + '\n'
    if text != expected:
        for n, (a, b) in enumerate(zip(text.split('\n'), expected.split('\n')), 1):
            if a != b:
                errors.append(f'{path}:{n}: not in the 4-space format '
                              f'(json.dumps(indent=4)): {a.strip()!r}')
                break
        else:
            errors.append(f'{path}: not in the 4-space format (json.dumps(indent=4))')


def check_order(where, obj, kind):
    order = KEY_ORDER[kind]
    keys = list(obj)
    for k in keys:
        if k not in order and not k.startswith('x-'):
            errors.append(f'{where}: unknown {kind} key "{k}"')
    known = [k for k in keys if k in order]
    if known != sorted(known, key=order.index):
        errors.append(f'{where}: keys {known} are not in the order {[k for k in order if k in known]}')


def walk_modules(mods, base, visit, where='modules'):
    for i, mod in enumerate(mods):
        if isinstance(mod, str):
            errors.append(f'{where}[{i}]: module files ({mod}) are not used; write the module inline')
            continue
        name = mod.get('name', f'#{i}')
        check_order(f'module {name}', mod, 'module')
        for j, src in enumerate(mod.get('sources', [])):
            if not isinstance(src, dict):
                errors.append(f'module {name}: source {j} is not an object')
                continue
            check_order(f'module {name}, source {j}', src, 'source')
            if src.get('type') in ('archive', 'file') and 'url' in src \
                    and not re.fullmatch(r'[0-9a-f]{64}', src.get('sha256', '')):
                errors.append(f'module {name}: {src["url"]} has no sha256')
            if src.get('type') in ('dir', 'file', 'patch') and 'path' in src and base:
                path = os.path.normpath(os.path.join(base, src['path']))
                exists = os.path.isdir(path) if src['type'] == 'dir' else os.path.isfile(path)
                if not exists:
                    errors.append(f'module {name}: {src["type"]} source {src["path"]} does not exist')
        visit(mod)
        walk_modules(mod.get('modules', []), base, visit, f'module {name}')


def check_common(path, text, app_id, today):
    """The rules both manifests follow; returns the parsed manifest."""
    try:
        m = json.loads(text)
    except ValueError as e:
        errors.append(f'{path}: {e}')
        return None
    if not isinstance(m, dict):
        errors.append(f'{path}: not a JSON object')
        return None
    check_format(path, text, m)
    check_order(path, m, 'manifest')
    if m.get('id') != app_id or 'app-id' in m:
        errors.append(f'{path}: "id" must be {app_id} (and no "app-id")')
    if m.get('runtime') != 'org.gnome.Platform' or m.get('sdk') != 'org.gnome.Sdk':
        errors.append(f'{path}: runtime/sdk must be org.gnome.Platform/org.gnome.Sdk')
    version = m.get('runtime-version')
    newest = newest_gnome(today)
    if not isinstance(version, str) or not re.fullmatch(r'\d+', version):
        errors.append(f'{path}: runtime-version must be a stable GNOME version like "{newest}"')
    elif int(version) < newest:
        errors.append(f'{path}: runtime-version {version} is not the newest stable GNOME '
                      f'runtime ({newest} on {today})')
    elif int(version) > newest + 1:
        errors.append(f'{path}: runtime-version {version} is not released yet')
    if m.get('command') != 'kazaki':
        errors.append(f'{path}: command must be kazaki')
    finish = m.get('finish-args')
    if finish != REQUIRED_FINISH_ARGS:
        errors.append(f'{path}: finish-args must be exactly {REQUIRED_FINISH_ARGS}, got {finish}')
    modules = m.get('modules')
    if not isinstance(modules, list) or not modules or not isinstance(modules[-1], dict):
        errors.append(f'{path}: no modules')
        return None
    app = modules[-1]
    if app.get('name') != 'kazaki' or app.get('buildsystem') != 'meson':
        errors.append(f'{path}: the last module must be kazaki, with buildsystem meson')
    if app.get('run-tests') is not True:
        errors.append(f'{path}: the kazaki module must set "run-tests": true')
    return m


def check_dev(path, app_id, today):
    with open(path, encoding='utf-8') as f:
        text = f.read()
    if os.path.basename(path) != app_id + '.json':
        errors.append(f'the manifest file should be named {app_id}.json')
    m = check_common(path, text, app_id, today)
    if m is None:
        return None
    base = os.path.dirname(os.path.abspath(path))

    def visit(mod):
        if 'sqlite' in mod.get('name', '').lower():
            errors.append(f'{path}: the development manifest uses the runtime\'s SQLite '
                          f'(the store manifest builds its own)')
    walk_modules(m['modules'], base, visit)

    app = m['modules'][-1]
    local = [s for s in app.get('sources', []) if s.get('type') == 'dir']
    if len(local) != 1 or len(app.get('sources', [])) != 1:
        errors.append(f'{path}: the kazaki module must build the checkout (one "dir" source)')
    else:
        root = os.path.normpath(os.path.join(base, local[0]['path']))
        with open(os.path.join(root, 'meson.build'), encoding='utf-8') as f:
            if not re.search(r"project\(\s*'kazaki'", f.read()):
                errors.append(f'{root}/meson.build is not the kazaki project')
        known = set()
        with open(os.path.join(root, 'meson_options.txt'), encoding='utf-8') as f:
            known = set(re.findall(r"option\(\s*'([^']+)'", f.read()))
        for opt in app.get('config-opts', []):
            mo = re.fullmatch(r'-D([A-Za-z0-9_]+)=.*', opt)
            if mo and mo.group(1) not in known \
                    and mo.group(1) not in ('buildtype', 'prefix', 'libdir', 'b_lto', 'b_ndebug'):
                errors.append(f'config-opts {opt}: no such option in meson_options.txt')

    # flatpak-builder, when installed, reads the manifest without complaint.
    builder = shutil.which('flatpak-builder')
    if builder:
        proc = subprocess.run([builder, '--show-manifest', path], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True)
        if proc.returncode != 0 or proc.stderr.strip():
            errors.append(f'flatpak-builder --show-manifest: {proc.stderr.strip()}')
    return m


def sqlite_version(url):
    mo = re.search(r'/sqlite-autoconf-(\d)(\d\d)(\d\d)(\d\d)\.tar\.gz$', url or '')
    return tuple(int(g) for g in mo.groups()[:3]) if mo else None


def check_store_text(path, text, app_id, today, tag, commit):
    m = check_common(path, text, app_id, today)
    if m is None:
        return
    walk_modules(m['modules'], None, lambda mod: None)
    app = m['modules'][-1]
    srcs = app.get('sources', [])
    if len(srcs) != 1 or srcs[0].get('type') != 'git':
        errors.append(f'{path}: the kazaki module must have one git source, got {srcs}')
    else:
        src = srcs[0]
        if src.get('tag') != tag or src.get('commit') != commit:
            errors.append(f'{path}: the git source must name tag {tag} and commit {commit}, '
                          f'got {src.get("tag")} {src.get("commit")}')
        if not re.fullmatch(r'https://\S+\.git', src.get('url', '')):
            errors.append(f'{path}: the git source needs an https URL, got {src.get("url")}')
    sqlite = [mod for mod in m['modules'][:-1] if 'sqlite' in mod.get('name', '').lower()]
    if len(sqlite) != 1:
        errors.append(f'{path}: SQLite must be a module before kazaki (found {len(sqlite)})')
        return
    src = (sqlite[0].get('sources') or [{}])[0]
    version = sqlite_version(src.get('url'))
    if src.get('type') != 'archive' or not src.get('url', '').startswith('https://www.sqlite.org/'):
        errors.append(f'{path}: SQLite must come as an archive from https://www.sqlite.org/')
    if version is None or version < MIN_SQLITE:
        errors.append(f'{path}: SQLite {version} is older than {MIN_SQLITE} '
                      f'(the WAL-reset corruption bug)')
    if not re.fullmatch(r'[0-9a-f]{64}', src.get('sha256', '')):
        errors.append(f'{path}: the SQLite archive has no sha256')


def git(repo, *args):
    return subprocess.run(['git', '-C', repo, *args], check=True, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True).stdout


def check_store(root, app_id, today):
    """A temporary repository with this source's release files, tagged."""
    if not shutil.which('git'):
        print('SKIP: git is not installed')
        return 77
    script = os.path.join(root, 'build-aux', 'make-store-manifest')
    with open(os.path.join(root, 'meson.build'), encoding='utf-8') as f:
        version = re.search(r"version\s*:\s*'([^']+)'", f.read()).group(1)
    tag = f'v{version}'
    files = ['meson.build', f'flatpak/{app_id}.json', 'flatpak/sqlite3.json',
             f'data/{app_id}.metainfo.xml.in']
    with tempfile.TemporaryDirectory() as tmp:
        repo = os.path.join(tmp, 'repo')
        for name in files:
            os.makedirs(os.path.dirname(os.path.join(repo, name)), exist_ok=True)
            shutil.copy(os.path.join(root, name), os.path.join(repo, name))
        env_git = ['-c', 'user.name=Test', '-c', 'user.email=test@example.org']
        git(tmp, 'init', '-q', repo)
        git(repo, 'add', '.')
        git(repo, *env_git, 'commit', '-q', '-m', 'release')
        git(repo, *env_git, 'tag', '-a', '-m', 'release', tag)
        commit = git(repo, 'rev-parse', 'HEAD').strip()
        # A commit after the tag: the manifest must still name the tag's.
        with open(os.path.join(repo, 'meson.build'), 'a', encoding='utf-8') as f:
            f.write('\n')
        git(repo, *env_git, 'commit', '-q', '-am', 'after the release')

        out = os.path.join(tmp, app_id + '.json')
        proc = subprocess.run([sys.executable, script, '--git-dir', repo, tag, '-o', out],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if proc.returncode != 0:
            errors.append(f'make-store-manifest {tag}: {proc.stdout.strip()}')
        else:
            with open(out, encoding='utf-8') as f:
                check_store_text(f'store manifest for {tag}', f.read(), app_id, today, tag, commit)

        # A tag that does not match meson.build's version is refused.
        git(repo, *env_git, 'tag', '-a', '-m', 'wrong', 'v99.0.0')
        proc = subprocess.run([sys.executable, script, '--git-dir', repo, 'v99.0.0'],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if proc.returncode == 0 or 'v99.0.0' in proc.stdout and '"tag"' in proc.stdout:
            errors.append('make-store-manifest accepted v99.0.0, a tag that is not the version')
    if not errors:
        print(f'store manifest for {tag}: git source with tag and commit, SQLite '
              f'{".".join(map(str, MIN_SQLITE))} or newer with sha256; format and order ok')
    return 0


def main():
    args = sys.argv[1:]
    today = datetime.date.today()
    if len(args) == 3 and args[0] == '--store':
        status = check_store(args[1], args[2], today)
        if status == 77:
            return 77
    elif len(args) == 2:
        m = check_dev(args[0], args[1], today)
        if m and not errors:
            print(f'{args[0]}: {args[1]} on org.gnome.Platform {m["runtime-version"]}, '
                  f'finish-args {" ".join(m["finish-args"])}; format and key order ok')
    else:
        print(__doc__, file=sys.stderr)
        return 2
    for e in errors:
        print('error:', e)
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
