#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Installs the build into a temporary DESTDIR and checks the tree.

Runs `meson install -C BUILDDIR --destdir TMP --no-rebuild`, checks that the
desktop file, metainfo, icons, schema, MIME XML, D-Bus service, man pages and
translations are there, then runs the installed kazaki-cli --help and, when
the GUI is built, the installed kazaki --help with XDG_DATA_DIRS,
GSETTINGS_SCHEMA_DIR and the locale pointing into the tree.
"""
import argparse
import gettext
import glob
import os
import shutil
import subprocess
import sys
import tempfile
import time

errors = []


def run(cmd, env=None, timeout=60):
    try:
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                              text=True, env=env, timeout=timeout)
    except (OSError, subprocess.TimeoutExpired) as e:
        return 127, str(e)
    return proc.returncode, proc.stdout


def check_file_association(destdir, bindir, datadir, app_id):
    """Does what the packaging triggers do (update-mime-database,
    update-desktop-database) in a copy of the tree, then asks GIO which type
    a KGN record has, by name and by content, and which application opens it."""
    tools = [shutil.which(t) for t in ('update-mime-database', 'update-desktop-database', 'gio')]
    if None in tools or not os.path.isfile(os.path.join(bindir, 'kazaki')):
        print('note: update-mime-database, update-desktop-database, gio or kazaki missing: '
              'file association not checked')
        return
    umd, udd, gio = tools
    with tempfile.TemporaryDirectory(prefix='kazaki-share-') as share:
        shutil.copytree(os.path.join(datadir, 'mime'), os.path.join(share, 'mime'))
        shutil.copytree(os.path.join(datadir, 'applications'), os.path.join(share, 'applications'))
        env = dict(os.environ, XDG_DATA_DIRS=share, XDG_DATA_HOME=os.path.join(share, 'home'),
                   PATH=bindir + os.pathsep + os.environ.get('PATH', '/usr/bin:/bin'))
        for cmd in ([umd, os.path.join(share, 'mime')], [udd, os.path.join(share, 'applications')]):
            code, out = run(cmd, env=env)
            if code != 0:
                errors.append(f'{" ".join(cmd)} failed:\n{out}')
                return
        record = os.path.join(share, 'game.kgn')
        plain = os.path.join(share, 'game-without-extension')
        text = ('[Event "Casual game"]\n[Site "?"]\n[Date "2026.11.30"]\n[Round "-"]\n'
                '[Cossacks "Ivan"]\n[Turks "Mehmed"]\n[Result "*"]\n'
                '[Termination "unterminated"]\n\n1. b4-b5 b6xb4 *\n')
        for path in (record, plain):
            with open(path, 'w', encoding='utf-8') as f:
                f.write(text)
            code, out = run([gio, 'info', '-a', 'standard::content-type', path], env=env)
            if 'application/x-kazaki-kgn' not in out:
                errors.append(f'GIO does not see {os.path.basename(path)} as application/x-kazaki-kgn:\n{out}')
        code, out = run([gio, 'mime', 'application/x-kazaki-kgn'], env=env)
        if f'{app_id}.desktop' not in out.split('\n')[0]:
            errors.append(f'{app_id}.desktop is not the default application for .kgn files:\n{out}')
        else:
            print('.kgn files are recognised by name and content and open in kazaki')


def start_installed_app(app, env, app_id):
    """Starts the installed GUI (settings from the installed schema, a
    throw-away data directory), waits until it owns its bus name, then
    quits it through its app.quit action."""
    env = dict(env)
    with tempfile.TemporaryDirectory(prefix='kazaki-home-') as home:
        env['XDG_DATA_HOME'] = os.path.join(home, 'data')
        env['XDG_CONFIG_HOME'] = os.path.join(home, 'config')
        env['XDG_CACHE_HOME'] = os.path.join(home, 'cache')
        env['XDG_STATE_HOME'] = os.path.join(home, 'state')
        proc = subprocess.Popen([app], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.STDOUT, text=True)
        owned = False
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and proc.poll() is None:
            code, out = run(['gdbus', 'call', '--session', '--dest', 'org.freedesktop.DBus',
                             '--object-path', '/org/freedesktop/DBus',
                             '--method', 'org.freedesktop.DBus.NameHasOwner', app_id], timeout=10)
            if code == 0 and 'true' in out:
                owned = True
                break
            if code == 127:  # no gdbus: just give it time
                time.sleep(3)
                owned = proc.poll() is None
                break
            time.sleep(0.2)
        if proc.poll() is not None:
            out = proc.stdout.read()
            errors.append(f'the installed kazaki exited at start with status {proc.returncode}:\n{out}')
            return
        if not owned:
            errors.append('the installed kazaki did not take its bus name within 20 s')
        run(['gdbus', 'call', '--session', '--dest', app_id,
             '--object-path', '/' + app_id.replace('.', '/'),
             '--method', 'org.gtk.Actions.Activate', 'quit', '[]', '{}'], timeout=10)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            errors.append('the installed kazaki did not quit through app.quit')
            return
        out = proc.stdout.read()
        if proc.returncode != 0:
            errors.append(f'the installed kazaki quit with status {proc.returncode}:\n{out}')
        elif 'CRITICAL' in out or 'GLib-GIO-ERROR' in out:
            errors.append(f'the installed kazaki printed errors:\n{out}')
        else:
            print('installed kazaki started (installed schema, icons, data) and quit cleanly')


def main():
    ap = argparse.ArgumentParser()
    for opt in ('builddir', 'prefix', 'bindir', 'datadir', 'mandir', 'localedir', 'app-id',
                'gui', 'source-schema-dir'):
        ap.add_argument('--' + opt, required=True)
    a = ap.parse_args()
    meson = shutil.which('meson')
    if meson is None:
        print('meson not found: skipped')
        return 77
    gui = a.gui == 'true'
    app_id = a.app_id

    with tempfile.TemporaryDirectory(prefix='kazaki-install-') as destdir:
        env = dict(os.environ)
        env.pop('DESTDIR', None)
        code, out = run([meson, 'install', '-C', a.builddir, '--destdir', destdir,
                         '--no-rebuild', '--quiet'], env=env, timeout=120)
        if code != 0:
            print(out)
            print(f'error: meson install failed with status {code}')
            return 1

        def under(*parts):
            # DESTDIR + an absolute prefix, or a path relative to the prefix.
            p = os.path.join(a.prefix, *parts)
            return os.path.join(destdir, p.lstrip('/'))

        bindir = under(a.bindir)
        datadir = under(a.datadir)
        mandir = under(a.mandir)
        localedir = under(a.localedir)

        expected = [
            os.path.join(mandir, 'man1', 'kazaki-cli.1'),
            os.path.join(datadir, 'mime', 'packages', app_id + '.xml'),
            os.path.join(bindir, 'kazaki-cli'),
        ]
        for lang in ('ru', 'uk'):
            expected.append(os.path.join(localedir, lang, 'LC_MESSAGES', 'kazaki.mo'))
        if gui:
            expected += [
                os.path.join(datadir, 'applications', app_id + '.desktop'),
                os.path.join(datadir, 'metainfo', app_id + '.metainfo.xml'),
                os.path.join(datadir, 'icons', 'hicolor', 'scalable', 'apps', app_id + '.svg'),
                os.path.join(datadir, 'icons', 'hicolor', 'symbolic', 'apps', app_id + '-symbolic.svg'),
                os.path.join(datadir, 'dbus-1', 'services', app_id + '.service'),
                os.path.join(mandir, 'man1', 'kazaki.1'),
            ]
            if glob.glob(os.path.join(a.source_schema_dir, '*.gschema.xml')):
                expected.append(os.path.join(datadir, 'glib-2.0', 'schemas', app_id + '.gschema.xml'))
        for path in expected:
            if not os.path.isfile(path):
                errors.append(f'not installed: {os.path.relpath(path, destdir)}')

        # The installed catalogues translate (the desktop file's name is in every one).
        expected_name = {'ru': 'Казаки', 'uk': 'Козаки'}
        for lang, name in expected_name.items():
            try:
                t = gettext.translation('kazaki', localedir=localedir, languages=[lang])
            except OSError as e:
                errors.append(f'cannot load the {lang} catalogue: {e}')
                continue
            if t.gettext('Kazaki') != name:
                errors.append(f'{lang}: "Kazaki" is translated as {t.gettext("Kazaki")!r}, expected {name!r}')

        # The D-Bus service must start the installed binary.
        service = os.path.join(datadir, 'dbus-1', 'services', app_id + '.service')
        if os.path.isfile(service):
            with open(service, encoding='utf-8') as f:
                text = f.read()
            if f'Name={app_id}\n' not in text or \
                    f'Exec={os.path.join(a.prefix, a.bindir, "kazaki")} ' not in text:
                errors.append(f'{service} does not start {os.path.join(a.prefix, a.bindir, "kazaki")}')

        # The installed programs run from the tree.
        cli = os.path.join(bindir, 'kazaki-cli')
        if os.path.isfile(cli):
            code, out = run([cli, '--help'])
            if code != 0 or 'Usage' not in out:
                errors.append(f'installed kazaki-cli --help failed ({code}):\n{out}')
            code, out = run([cli, 'moves'])
            if code != 0 or 'c4-c5' not in out:
                errors.append(f'installed kazaki-cli moves failed ({code}):\n{out}')

        if gui:
            check_file_association(destdir, bindir, datadir, app_id)

        app = os.path.join(bindir, 'kazaki')
        if gui and os.path.isfile(app):
            run_env = dict(os.environ)
            schemas = os.path.join(datadir, 'glib-2.0', 'schemas')
            if os.path.isdir(schemas) and shutil.which('glib-compile-schemas'):
                # What the packaging triggers (or gnome.post_install) do.
                code, out = run(['glib-compile-schemas', schemas])
                if code != 0:
                    errors.append(f'glib-compile-schemas {schemas}:\n{out}')
                run_env['GSETTINGS_SCHEMA_DIR'] = schemas
            run_env['XDG_DATA_DIRS'] = datadir + ':' + run_env.get('XDG_DATA_DIRS',
                                                                    '/usr/local/share:/usr/share')
            run_env['GSETTINGS_BACKEND'] = 'memory'
            code, out = run([app, '--help'], env=run_env)
            if code != 0 or app_id not in out and 'Usage' not in out:
                errors.append(f'installed kazaki --help failed ({code}):\n{out}')
            else:
                print('installed kazaki --help runs')
            if (os.environ.get('DISPLAY') or os.environ.get('WAYLAND_DISPLAY')) \
                    and os.environ.get('DBUS_SESSION_BUS_ADDRESS'):
                start_installed_app(app, run_env, app_id)
            else:
                print('note: no display and session bus: the installed kazaki was not started')
        elif gui:
            print('note: kazaki (the GUI) is not installed by this build yet')

    for e in errors:
        print('error:', e)
    if errors:
        return 1
    print(f'meson install --destdir: {len(expected)} expected files present, programs run')
    return 0


if __name__ == '__main__':
    sys.exit(main())
