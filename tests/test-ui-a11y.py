#!/usr/bin/env python3
"""test-ui-a11y.py — reads the running Kazaki app as a screen reader does.

Starts, inside a private D-Bus session of its own, the AT-SPI bus
(at-spi-bus-launcher), then the app with a computer opponent that moves
first, and reads the accessible tree through pyatspi (the library Orca
uses): the 41 points of the board with their names, the keyboard focus on
a point, the sentence the board announces after the computer's move, and
the board hidden while the game is paused.
TAP output; skips without a display, pyatspi or the bus launcher.

SPDX-License-Identifier: GPL-3.0-or-later
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

LAUNCHERS = ['/usr/libexec/at-spi-bus-launcher', '/usr/lib/at-spi2-core/at-spi-bus-launcher']


def skip_all(why):
    print('1..0 # SKIP ' + why)
    sys.exit(0)


if not (os.environ.get('DISPLAY') or os.environ.get('WAYLAND_DISPLAY')):
    skip_all('needs a display (run ./build-aux/test)')

# A private session bus for this test alone: the AT-SPI bus it starts
# must not leak into the other UI tests, which run without one.
if os.environ.get('KZ_A11Y_PRIVATE_BUS') != '1':
    if shutil.which('dbus-run-session') is None:
        skip_all('dbus-run-session is not installed')
    env = dict(os.environ, KZ_A11Y_PRIVATE_BUS='1')
    sys.exit(subprocess.call(['dbus-run-session', '--', sys.executable] + sys.argv, env=env))

# python3-pyatspi is a Debian package of the system Python: run under it
# when the python3 found first (a virtualenv, pyenv) lacks it.
try:
    import gi  # noqa: F401
except ImportError:
    if os.path.realpath(sys.executable) != os.path.realpath('/usr/bin/python3') \
            and os.access('/usr/bin/python3', os.X_OK):
        os.execv('/usr/bin/python3', ['/usr/bin/python3'] + sys.argv)

launcher = next((p for p in LAUNCHERS if os.access(p, os.X_OK)), None)
if launcher is None:
    skip_all('at-spi-bus-launcher (at-spi2-core) is not installed')
try:
    import gi
    gi.require_version('Atspi', '2.0')
    from gi.repository import Atspi  # noqa: F401
except (ImportError, ValueError):
    skip_all('the AT-SPI client library (python3-pyatspi, gir1.2-atspi-2.0) is not installed')

KAZAKI = os.environ['KAZAKI']
n = 0
failed = 0


def check(what, ok, diag=''):
    global n, failed
    n += 1
    if ok:
        print('ok %d - %s' % (n, what))
    else:
        failed += 1
        print('not ok %d - %s' % (n, what))
        for line in str(diag).splitlines():
            print('# ' + line)
    sys.stdout.flush()


def bus_ready():
    r = subprocess.run(['gdbus', 'call', '--session', '--dest', 'org.freedesktop.DBus',
                        '--object-path', '/org/freedesktop/DBus', '--method',
                        'org.freedesktop.DBus.NameHasOwner', 'org.a11y.Bus'],
                       capture_output=True, text=True)
    return 'true' in r.stdout


def spoken(acc):
    """What a screen reader reads of a live region: its name, else its text
    (GTK 4.18 exposes a status label's words through the Text interface only)."""
    if acc.name:
        return acc.name
    try:
        t = acc.queryText()
        return t.getText(0, t.characterCount)
    except Exception:
        return ''


tmp = tempfile.mkdtemp()
procs = []
try:
    # The AT-SPI bus, as a desktop session would start it.
    procs.append(subprocess.Popen([launcher, '--launch-immediately'],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    for _ in range(100):
        if bus_ready():
            break
        time.sleep(0.1)
    check('the AT-SPI bus runs in the test session', bus_ready())

    env = dict(os.environ, GSETTINGS_BACKEND='keyfile',
               XDG_CONFIG_HOME=tmp + '/config', XDG_DATA_HOME=tmp + '/data',
               XDG_CACHE_HOME=tmp + '/cache', LANGUAGE='C', LC_ALL='C.UTF-8',
               G_MESSAGES_DEBUG='all')
    for var in ('NO_AT_BRIDGE', 'GTK_A11Y'):
        env.pop(var, None)
    # The computer plays the Cossacks, who move first, at once, with a clock
    # (which can be paused).  Not a first start: no pointer to How to Play
    # (a toast, whose close button libadwaita 1.2 leaves unnamed) over the
    # window.
    for key, value in (('last-game-kind', 'computer'), ('player-side', 'turks'),
                       ('computer-level', '1'), ('how-to-play-offered', 'true'),
                       ('time-control', '300+3')):
        # stdout is TAP: GLib's debug lines (G_MESSAGES_DEBUG=all) go to the log
        subprocess.run(['gsettings', 'set', 'io.github.kazaki.Kazaki', key, value], env=env, check=True,
                       stdout=sys.stderr)
    # With a game in the library (a finished random one), the app begins a
    # game of the kind last chosen rather than a first two-player game.
    os.makedirs(tmp + '/data/kazaki')
    subprocess.run([os.environ['KAZAKI_CLI'], '--db', tmp + '/data/kazaki/games.db', 'selfplay',
                    '--games', '1', '--seed', '1'], env=env, check=True, stdout=subprocess.DEVNULL)
    # The registry (activated on the AT-SPI bus by the first client) must
    # be up before the app starts, or the app is not on the desktop.
    import pyatspi
    for _ in range(100):
        try:
            if pyatspi.Registry.getDesktop(0).childCount >= 0:   # a call to the registry
                break
        except Exception:
            pass
        time.sleep(0.1)
    app = subprocess.Popen([KAZAKI], env=env, stdout=open(tmp + '/app.log', 'w'), stderr=subprocess.STDOUT)
    procs.append(app)

    def find_app():
        desktop = pyatspi.Registry.getDesktop(0)
        for i in range(desktop.childCount):
            a = desktop.getChildAtIndex(i)
            if a is not None and a.get_process_id() == app.pid:
                return a
        return None

    def walk(acc, out):
        if acc is None:
            return
        out.append(acc)
        for i in range(acc.childCount):
            walk(acc.getChildAtIndex(i), out)

    def nodes():
        a = find_app()
        if a is None:
            return []
        a.clear_cache()
        out = []
        walk(a, out)
        return out

    points = []
    for _ in range(300):   # up to a minute on a loaded machine
        points = [x for x in nodes() if x.getRole() == pyatspi.ROLE_TABLE_CELL]
        if len(points) >= 41:
            break
        time.sleep(0.2)
    names = sorted(p.name for p in points)
    named = {m.group(1): p.name for p in points for m in [re.match(r'^([a-e][1-9]), ', p.name)] if m}
    check('the board shows 41 points as table cells, each named by its point',
          len(points) == 41 and len(named) == 41, 'found %d: %s' % (len(points), names))
    # (a6: empty at the start and after any first move of the Cossacks, who
    # may have moved already — the computer plays at once)
    check('a point with a piece, a standing flag and an empty point are named as such',
          named.get('c1', '').startswith('c1, Cossack piece') and named.get('c8') == 'c8, Turkish flag'
          and named.get('c2') == 'c2, Cossack flag' and named.get('a6') == 'a6, empty',
          'c1=%r c8=%r c2=%r a6=%r' % (named.get('c1'), named.get('c8'), named.get('c2'), named.get('a6')))

    if os.environ.get('KZ_A11Y_DUMP'):
        for x in nodes():
            print('#DUMP', x.getRoleName(), repr(x.name), repr(x.description))
    board = [x for x in nodes() if x.getRole() == pyatspi.ROLE_TABLE and x.name == 'Board']
    check('the board is a table named "Board" whose help text names the keys',
          len(board) == 1 and 'Arrow keys' in board[0].description and 'Escape' in board[0].description,
          [b.description for b in board])

    buttons = [x for x in nodes() if x.getRole() in (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON)]
    unnamed = [b.name for b in buttons if not b.name or b.name.startswith('Gtk')]
    check('every button of the window has a name (no "GtkImage")', buttons and not unnamed,
          '%d buttons, unnamed: %s' % (len(buttons), unnamed))

    focused = [x for x in nodes() if x.getState().contains(pyatspi.STATE_FOCUSED)]
    check('the keyboard focus is on a point of the board',
          any(x.getRole() == pyatspi.ROLE_TABLE_CELL for x in focused), [f.name for f in focused])

    def focused_point():
        return [x.name for x in nodes() if x.getRole() == pyatspi.ROLE_TABLE_CELL
                and x.getState().contains(pyatspi.STATE_FOCUSED)]

    if shutil.which('xdotool'):
        first = focused_point()
        subprocess.run(['xdotool', 'mousemove', '300', '300', 'key', 'Up'], env=env)
        moved = first
        for _ in range(25):
            moved = focused_point()
            if moved != first:
                break
            time.sleep(0.2)
        check('an arrow key moves the focus to another point', len(moved) == 1 and moved != first,
              '%s -> %s' % (first, moved))
    else:
        n += 1
        print('ok %d - an arrow key moves the focus to another point # SKIP xdotool is not installed' % n)

    said = ''
    for _ in range(150):
        status = [x for x in nodes() if x.getRole() == pyatspi.ROLE_STATUS_BAR]
        said = ' | '.join(spoken(s) for s in status if spoken(s))
        if said:
            break
        time.sleep(0.2)
    check('after the computer moves, the board announces the move in words',
          re.match(r'^Cossacks: [a-e][1-9] (to|takes) [a-e][1-9]', said) is not None, said)

    # The sound of the move was played (the app logs each sound it starts).
    log = open(tmp + '/app.log', errors='replace').read()
    check('the computer\'s move played the move sound',
          'sound: /io/github/kazaki/Kazaki/sounds/move.wav' in log
          or 'sound: /io/github/kazaki/Kazaki/sounds/capture.wav' in log,
          [line for line in log.splitlines() if 'sound' in line][:5])

    # The named point agrees with the move just announced.
    m = re.match(r'^Cossacks: ([a-e][1-9]) to ([a-e][1-9])', said)
    if m:
        after = {mm.group(1): x.name for x in nodes() if x.getRole() == pyatspi.ROLE_TABLE_CELL
                 for mm in [re.match(r'^([a-e][1-9]), ', x.name)] if mm}
        check('the points the move left and reached are named after the move',
              after.get(m.group(1)) == m.group(1) + ', empty'
              and after.get(m.group(2), '').startswith(m.group(2) + ', Cossack piece'),
              '%r %r' % (after.get(m.group(1)), after.get(m.group(2))))
    else:
        check('the points the move left and reached are named after the move', False, said)
    # The human's move (Turks) is announced as well.
    live = [x for x in nodes() if x.getRole() == pyatspi.ROLE_STATUS_BAR]
    kpn = subprocess.run([os.environ['KAZAKI_CLI'], 'apply', said.split(':')[1].split()[0] + '-'
                          + said.split(' to ')[1].rstrip('.').split('.')[0]] if m else ['true'],
                         capture_output=True, text=True).stdout.splitlines()
    reply = ''
    if m and kpn:
        reply = subprocess.run([os.environ['KAZAKI_CLI'], 'moves', '--position', kpn[0]],
                               capture_output=True, text=True).stdout.split()[0]
        subprocess.run(['gdbus', 'call', '--session', '--dest', 'io.github.kazaki.Kazaki',
                        '--object-path', '/io/github/kazaki/Kazaki/window/1', '--method',
                        'org.gtk.Actions.Activate', 'play-move', "[<'%s'>]" % reply, '{}'],
                       capture_output=True)
    # (polls only the status label: the computer answers within a second)
    heard = ''
    for _ in range(200):
        for x in live:
            x.clear_cache()
        heard = ' | '.join(spoken(x) for x in live if spoken(x))
        if heard.startswith('Turks: '):
            break
        time.sleep(0.02)
    frm = reply.replace('x', '-').split('-')[0] if reply else '?'
    # The computer's quick reply can replace the words before a loaded
    # machine polls them: then the app's log of what it announced.
    if not heard.startswith('Turks: '):
        for _ in range(200):
            log = open(tmp + '/app.log', errors='replace').read()
            if 'announce: Turks: %s ' % frm in log:
                heard = 'Turks: %s (from the log)' % frm + ' '
                break
            time.sleep(0.02)
    check('the player\'s move is announced too (%s)' % reply,
          heard.startswith('Turks: %s ' % frm), heard)

    # Paused (win.pause), the board is hidden: its points leave the tree a
    # screen reader reads, and the keyboard focus is on Resume.
    def win_action(name):
        subprocess.run(['gdbus', 'call', '--session', '--dest', 'io.github.kazaki.Kazaki',
                        '--object-path', '/io/github/kazaki/Kazaki/window/1', '--method',
                        'org.gtk.Actions.Activate', name, '[]', '{}'], capture_output=True)

    def cells():
        return [x for x in nodes() if x.getRole() == pyatspi.ROLE_TABLE_CELL]

    win_action('pause')
    hidden = cells()
    for _ in range(50):
        if not hidden:
            break
        time.sleep(0.1)
        hidden = cells()
    focused = [x.name for x in nodes() if x.getState().contains(pyatspi.STATE_FOCUSED)
               and x.getRole() == pyatspi.ROLE_PUSH_BUTTON]
    check('paused, the board\'s points are hidden from a screen reader, the focus on Resume',
          not hidden and any('Resume' in f for f in focused),
          '%d points, focused: %s' % (len(hidden), focused))
    win_action('pause')
    shown = cells()
    for _ in range(50):
        if len(shown) == 41:
            break
        time.sleep(0.1)
        shown = cells()
    check('resumed, the 41 points are back', len(shown) == 41, len(shown))

    # A reviewed game with variations and marks: the move list's buttons
    # say the mark and that a move belongs to a variation (issue 12).
    db = tmp + '/data/kazaki/games.db'
    kgn = tmp + '/annotated.kgn'
    with open(kgn, 'w') as f:
        f.write('[Event "Annotated"]\n[Result "*"]\n\n'
                '1. b4-a4! {A quiet start} (1. e3-e4?! b6-a6 (1... c6-c5 2. c4xc6xa6!!)) '
                '1... b6-a6 *\n')
    subprocess.run([os.environ['KAZAKI_CLI'], '--db', db, 'import', kgn], env=env,
                   check=True, stdout=subprocess.DEVNULL)
    listed = subprocess.run([os.environ['KAZAKI_CLI'], '--db', db, 'list'], env=env,
                            capture_output=True, text=True).stdout.splitlines()
    newest = max(int(line.split('\t')[0]) for line in listed if line.split('\t')[0].isdigit())
    subprocess.run(['gdbus', 'call', '--session', '--dest', 'io.github.kazaki.Kazaki',
                    '--object-path', '/io/github/kazaki/Kazaki/window/1', '--method',
                    'org.gtk.Actions.Activate', 'open-game', '[<int64 %d>]' % newest, '{}'],
                   capture_output=True)
    moves = []
    for _ in range(100):
        moves = [x.name for x in nodes()
                 if x.getRole() in (pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON)
                 and re.match(r'^\d+\. (Cossacks|Turks): ', x.name or '')]
        if any('c4xc6xa6' in m for m in moves):
            break
        time.sleep(0.2)
    check('a variation\'s move is named with its mark and as a variation',
          '2. Cossacks: c4xc6xa6, Brilliant move, variation' in moves, moves)
    check('a main-line move is named with its mark and its comment, not as a variation',
          '1. Cossacks: b4-a4, Good move, with a comment' in moves, moves)
finally:
    for p in reversed(procs):
        if p.poll() is None:
            p.terminate()
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()
    shutil.rmtree(tmp, ignore_errors=True)
# The plan after the last test: no count kept by hand.
print('1..%d' % n)
sys.exit(1 if failed else 0)
