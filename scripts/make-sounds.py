#!/usr/bin/env python3
"""Writes the client's sounds (web/sounds/*.wav): short synthesised clicks and tones, the
project's own. Run again after changing a recipe: python3 scripts/make-sounds.py"""

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "web" / "sounds"


def tone(freq, secs, vol=0.5, decay=8.0):
    n = int(RATE * secs)
    return [vol * math.sin(2 * math.pi * freq * i / RATE) * math.exp(-decay * i / n) for i in range(n)]


def click(secs, vol=0.8, low=300.0, seed=1):
    rnd = random.Random(seed)
    n = int(RATE * secs)
    out, prev = [], 0.0
    for i in range(n):
        env = math.exp(-i / (n / 6))
        noise = rnd.uniform(-1, 1)
        prev = prev * 0.6 + noise * 0.4  # a little low-pass: wood, not hiss
        out.append(vol * env * (0.6 * prev + 0.4 * math.sin(2 * math.pi * low * i / RATE)))
    return out


def silence(secs):
    return [0.0] * int(RATE * secs)


def mix(*parts):
    return [s for p in parts for s in p]


def write(name, samples):
    OUT.mkdir(parents=True, exist_ok=True)
    with wave.open(str(OUT / f"{name}.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(b"".join(struct.pack("<h", int(max(-1, min(1, s)) * 32767)) for s in samples))


write("move", click(0.07, 0.7, 320))
write("capture", mix(click(0.05, 0.9, 220, 2), silence(0.02), click(0.08, 0.8, 180, 3)))
write("check", mix(tone(880, 0.09, 0.45, 3), tone(660, 0.14, 0.45, 4)))
write("start", mix(tone(523, 0.11, 0.4, 3), tone(659, 0.11, 0.4, 3), tone(784, 0.2, 0.4, 4)))
write("lowtime", mix(tone(1000, 0.07, 0.4, 2), silence(0.05), tone(1000, 0.07, 0.4, 2), silence(0.05), tone(1000, 0.07, 0.4, 2)))
write("tick", click(0.02, 0.5, 2000, 4))
