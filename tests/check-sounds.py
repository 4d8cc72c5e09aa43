#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Checks that data/sounds/*.wav are what data/sounds/generate.py makes
(the same format and length, every sample within 1 of the script's, to
allow for the last bit of another libm) and that the licence is stated.

Usage: check-sounds.py SOUNDS_DIR
"""
import os
import subprocess
import sys
import tempfile
import wave
import array

src = sys.argv[1]
errors = []
with tempfile.TemporaryDirectory() as tmp:
    subprocess.run([sys.executable, os.path.join(src, 'generate.py'), tmp], check=True)
    made = sorted(f for f in os.listdir(tmp) if f.endswith('.wav'))
    if len(made) != 6:
        errors.append(f'generate.py made {len(made)} sounds, not 6: {made}')
    for name in made:
        path = os.path.join(src, name)
        if not os.path.isfile(path):
            errors.append(f'{path} is missing (run generate.py)')
            continue
        with wave.open(path) as a, wave.open(os.path.join(tmp, name)) as b:
            if a.getparams()[:3] != b.getparams()[:3] or a.getnframes() != b.getnframes():
                errors.append(f'{path}: format or length differs from generate.py')
                continue
            x = array.array('h', a.readframes(a.getnframes()))
            y = array.array('h', b.readframes(b.getnframes()))
            worst = max(abs(p - q) for p, q in zip(x, y))
            if worst > 1:
                errors.append(f'{path}: differs from generate.py by up to {worst}')
readme = open(os.path.join(src, 'README.md')).read()
if 'CC0' not in readme:
    errors.append('data/sounds/README.md states no licence')
for e in errors:
    print('error: ' + e)
print('sounds: %d checked, %d errors' % (6, len(errors)))
sys.exit(1 if errors else 0)
