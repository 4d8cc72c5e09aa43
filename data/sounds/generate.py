#!/usr/bin/env python3
"""generate.py — makes Kazaki's event sounds (WAV, 16-bit mono, 22050 Hz).

Every sound is synthesised here from sine waves and noise with a fixed
seed, so the files are reproducible: `python3 generate.py DIR` writes them
into DIR; tests/check-sounds.py checks that the committed files are what
this script makes.  Only the Python standard library is used.

The sounds and this script are released under CC0 1.0 (public domain
dedication): https://creativecommons.org/publicdomain/zero/1.0/

SPDX-License-Identifier: CC0-1.0
"""
import math
import os
import random
import struct
import sys
import wave

RATE = 22050


def envelope(t, attack, decay):
    """A quick rise, then an exponential fall."""
    if t < attack:
        return t / attack
    return math.exp(-(t - attack) / decay)


def render(length, voices, noise=None, seed=1):
    """voices: (start, frequency, amplitude, attack, decay, glide) tuples;
    noise: (start, amplitude, attack, decay) or None."""
    rng = random.Random(seed)
    n = int(length * RATE)
    out = [0.0] * n
    for start, freq, amp, attack, decay, glide in voices:
        phase = 0.0
        for i in range(int(start * RATE), n):
            t = i / RATE - start
            f = freq * (1 + glide * t)
            phase += 2 * math.pi * f / RATE
            # a touch of the octave for a wooden colour
            out[i] += amp * envelope(t, attack, decay) * (math.sin(phase) + 0.25 * math.sin(2 * phase))
    if noise:
        start, amp, attack, decay = noise
        low = 0.0
        for i in range(int(start * RATE), n):
            t = i / RATE - start
            low = 0.6 * low + 0.4 * rng.uniform(-1, 1)   # a soft, low-passed knock
            out[i] += amp * envelope(t, attack, decay) * low
    # fade the last 10 ms so no click ends the sound
    fade = int(0.01 * RATE)
    for k in range(fade):
        out[n - 1 - k] *= k / fade
    return out


SOUNDS = {
    # a piece set down: a short wooden knock
    'move': lambda: render(0.16, [(0, 220, 0.35, 0.002, 0.025, 0)], (0, 0.6, 0.001, 0.02)),
    # a capture: two knocks, the second higher
    'capture': lambda: render(0.3, [(0, 260, 0.35, 0.002, 0.03, 0), (0.09, 390, 0.35, 0.002, 0.04, 0)],
                              (0, 0.5, 0.001, 0.03), seed=2),
    # the enemy flag taken: a rising two-note call
    'flag-taken': lambda: render(0.45, [(0, 523.25, 0.3, 0.01, 0.12, 0), (0.14, 783.99, 0.3, 0.01, 0.2, 0)]),
    # the flag brought home: a rising major triad
    'flag-delivered': lambda: render(0.9, [(0, 523.25, 0.25, 0.01, 0.25, 0), (0.15, 659.25, 0.25, 0.01, 0.25, 0),
                                           (0.3, 783.99, 0.25, 0.01, 0.45, 0), (0.3, 1046.5, 0.12, 0.01, 0.45, 0)]),
    # the end of the game: a falling fifth
    'game-end': lambda: render(0.8, [(0, 587.33, 0.28, 0.01, 0.2, 0), (0.2, 392.0, 0.3, 0.01, 0.4, 0)]),
    # low time: two short high beeps
    'low-time': lambda: render(0.32, [(0, 1318.5, 0.22, 0.003, 0.05, 0), (0.16, 1318.5, 0.22, 0.003, 0.05, 0)]),
}


def write(path, samples):
    peak = max(1e-9, max(abs(s) for s in samples))
    scale = 0.8 * 32767 / peak
    with wave.open(path, 'wb') as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b''.join(struct.pack('<h', int(round(s * scale))) for s in samples))


def main():
    outdir = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
    os.makedirs(outdir, exist_ok=True)
    for name, make in SOUNDS.items():
        write(os.path.join(outdir, name + '.wav'), make())


if __name__ == '__main__':
    main()
