"""Synthesizes the game's sound effects into assets/sounds/*.wav, deterministically.

Every sound is our own: built sample by sample from sines, filtered noise and envelopes in pure
Python (``math``, ``array``, ``wave``), with a fixed-seed noise generator, so running the tool
twice gives byte-identical files. Output: 44.1 kHz, 16-bit, mono WAV, peak-normalised, with a
short fade at both ends so no sound starts or stops with a click.

    python tools/make_sounds.py [--out assets/sounds] [--only NAME ...]
"""

from __future__ import annotations

import argparse
import math
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT_DIR = ROOT / "assets" / "sounds"
RATE = 44100
NYQUIST = RATE / 2
TAU = 2.0 * math.pi

Samples = list[float]


# --- building blocks ------------------------------------------------------------------------
class Noise:
    """A xorshift32 white-noise source; the same seed always gives the same samples."""

    def __init__(self, seed: int) -> None:
        self.state = (seed * 2654435761 + 1) & 0xFFFFFFFF or 1

    def next(self) -> float:
        """Returns the next sample in [-1, 1)."""
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x / 2147483648.0 - 1.0

    def uniform(self, lo: float, hi: float) -> float:
        """Returns a value between lo and hi."""
        return lo + (hi - lo) * (self.next() + 1.0) / 2.0


def silence(seconds: float) -> Samples:
    """Returns seconds of silence."""
    return [0.0] * int(seconds * RATE)


def mix_into(target: Samples, source: Samples, at: float = 0.0, gain: float = 1.0) -> None:
    """Adds source into target starting at `at` seconds (target grows when needed)."""
    start = int(at * RATE)
    end = start + len(source)
    if end > len(target):
        target.extend([0.0] * (end - len(target)))
    for i, value in enumerate(source):
        target[start + i] += value * gain


def tone(freq: float, seconds: float, *, decay: float = 0.0, attack: float = 0.004,
         partials: tuple[tuple[float, float, float], ...] = ((1.0, 1.0, 1.0),),
         vibrato: float = 0.0, bend: float = 0.0, release: float = 0.0) -> Samples:
    """Returns a note: partials are (frequency ratio, amplitude, decay factor).

    ``decay`` is the time constant (s) of the exponential fade of the first partial (0 = none,
    higher partials fade by their factor faster); ``bend`` glides the pitch by that many
    semitones over the note; ``release`` fades the last seconds out linearly.
    """
    n = int(seconds * RATE)
    out = [0.0] * n
    usable = [(r, a, k) for r, a, k in partials if freq * r * 2 ** (max(0.0, bend) / 12) < NYQUIST]
    for ratio, amp, factor in usable:
        phase = 0.0
        tau = decay / factor if decay > 0 else 0.0
        for i in range(n):
            t = i / RATE
            f = freq * ratio * 2 ** (bend * t / seconds / 12)
            if vibrato:
                f *= 1.0 + vibrato * math.sin(TAU * 5.5 * t) * min(1.0, t / 0.15)
            phase += TAU * f / RATE
            env = math.exp(-t / tau) if tau > 0 else 1.0
            out[i] += amp * env * math.sin(phase)
    shape(out, attack=attack, release=release)
    return out


def shape(samples: Samples, *, attack: float = 0.0, release: float = 0.0) -> Samples:
    """Applies a linear fade-in of attack seconds and fade-out of release seconds (in place)."""
    n = len(samples)
    a = min(n, int(attack * RATE))
    for i in range(a):
        samples[i] *= i / a
    r = min(n, int(release * RATE))
    for i in range(r):
        samples[n - 1 - i] *= i / r
    return samples


def noise_burst(seconds: float, seed: int, *, attack: float = 0.001, decay: float = 0.02,
                low: float = 0.0, high: float = 0.0) -> Samples:
    """Returns exponentially fading noise, optionally band-limited by one-pole filters (Hz)."""
    source = Noise(seed)
    n = int(seconds * RATE)
    out = [source.next() * math.exp(-i / RATE / decay) for i in range(n)]
    if high:
        out = lowpass(out, high)
    if low:
        out = highpass(out, low)
    shape(out, attack=attack)
    return out


def lowpass(samples: Samples, cutoff: float | Callable[[float], float]) -> Samples:
    """Returns samples through a one-pole low-pass (cutoff in Hz, or a function of time)."""
    out = []
    y = 0.0
    for i, x in enumerate(samples):
        fc = cutoff(i / RATE) if callable(cutoff) else cutoff
        alpha = 1.0 - math.exp(-TAU * fc / RATE)
        y += alpha * (x - y)
        out.append(y)
    return out


def highpass(samples: Samples, cutoff: float) -> Samples:
    """Returns samples through a one-pole high-pass (cutoff in Hz)."""
    return [x - y for x, y in zip(samples, lowpass(samples, cutoff), strict=True)]


def bandpass(samples: Samples, centre: Callable[[float], float], q: float) -> Samples:
    """Returns samples through a resonant two-pole band-pass whose centre moves with time."""
    out = []
    low = band = 0.0
    for i, x in enumerate(samples):
        # Chamberlin state-variable filter: stable for centre well below RATE / 6.
        f = 2.0 * math.sin(math.pi * min(centre(i / RATE), RATE / 7) / RATE)
        high = x - low - band / q
        band += f * high
        low += f * band
        out.append(band)
    return out


def soft_clip(samples: Samples, drive: float) -> Samples:
    """Returns samples through a gentle tanh saturation (warms up thuds)."""
    norm = math.tanh(drive)
    return [math.tanh(drive * x) / norm for x in samples]


def knock(freq: float, seconds: float, seed: int, *, decay: float, click: float = 0.4) -> Samples:
    """Returns a small wooden knock: a noise tick over a fast-fading resonant pair of sines."""
    body = tone(freq, seconds, decay=decay, attack=0.0005,
                partials=((1.0, 1.0, 1.0), (2.31, 0.45, 1.8), (3.9, 0.2, 2.6)))
    tick = noise_burst(seconds, seed, decay=0.0025, low=1500.0, high=9000.0)
    mix_into(body, tick, gain=click * 3.0)
    return body


NOTE = {"C4": 261.63, "D#4": 311.13, "E4": 329.63, "G4": 392.00, "A#4": 466.16, "B4": 493.88,
        "C5": 523.25, "D5": 587.33, "E5": 659.25, "G5": 783.99, "A5": 880.00, "B5": 987.77,
        "C6": 1046.50, "E6": 1318.51, "G6": 1567.98}

BELL = ((1.0, 1.0, 1.0), (2.0, 0.35, 1.6), (2.76, 0.25, 2.2), (4.1, 0.10, 3.0),
        (5.4, 0.06, 4.0))
BRASS = ((1.0, 1.0, 1.0), (2.0, 0.55, 1.0), (3.0, 0.35, 1.0), (4.0, 0.2, 1.0), (5.0, 0.12, 1.0),
         (6.0, 0.07, 1.0))
MELLOW = ((1.0, 1.0, 1.0), (2.0, 0.18, 1.3), (3.0, 0.10, 1.6))


# --- the sounds -------------------------------------------------------------------------------
def click() -> Samples:
    """A soft wooden tick for buttons (60 ms)."""
    return knock(1850.0, 0.06, 1, decay=0.009, click=0.35)


def card_draw() -> Samples:
    """A card turned over: a short papery flick and a light snap (0.16 s)."""
    out = silence(0.16)
    flick = noise_burst(0.11, 2, attack=0.02, decay=0.035, low=1800.0, high=7000.0)
    mix_into(out, flick, gain=0.9)
    mix_into(out, knock(2600.0, 0.05, 3, decay=0.006, click=0.6), at=0.075, gain=0.5)
    return out


def card_play() -> Samples:
    """A card slid across the felt and laid down: a falling swish, then a soft tap (0.32 s)."""
    n = int(0.26 * RATE)
    source = Noise(4)
    raw = [source.next() for _ in range(n)]
    swish = lowpass(raw, lambda t: 5200.0 - 14000.0 * t)
    swish = highpass(swish, 600.0)
    for i in range(n):
        t = i / RATE
        # A swell and a fade: the card speeds up, then slows as it lands.
        swish[i] *= math.sin(math.pi * min(1.0, t / 0.24)) ** 1.5
    out = silence(0.32)
    mix_into(out, swish, gain=1.0)
    mix_into(out, tone(170.0, 0.09, decay=0.025, partials=MELLOW), at=0.2, gain=0.45)
    mix_into(out, knock(1300.0, 0.05, 5, decay=0.006, click=0.3), at=0.2, gain=0.25)
    return out


def shuffle() -> Samples:
    """A riffle shuffle: a quick run of paper flicks, then the deck squared (0.55 s)."""
    out = silence(0.55)
    rng = Noise(6)
    t = 0.0
    gap = 0.012
    while t < 0.40:
        flick = noise_burst(0.02, int(t * 10000) + 7, decay=0.004, low=2200.0, high=8000.0)
        mix_into(out, flick, at=t, gain=rng.uniform(0.35, 0.6))
        t += gap * rng.uniform(0.7, 1.3)
        gap *= 1.02
    mix_into(out, knock(900.0, 0.07, 8, decay=0.012, click=0.4), at=0.45, gain=0.55)
    return out


def coin() -> Samples:
    """Gold changing hands: two bright metallic pings, a fifth apart (0.6 s)."""
    out = silence(0.6)
    metal = ((1.0, 1.0, 1.0), (2.76, 0.4, 2.4), (5.4, 0.15, 3.5))
    mix_into(out, tone(NOTE["B5"], 0.12, decay=0.05, partials=metal, release=0.02), gain=0.55)
    mix_into(out, tone(NOTE["E6"], 0.5, decay=0.16, partials=metal), at=0.075, gain=0.8)
    mix_into(out, noise_burst(0.01, 9, decay=0.002, low=4000.0), gain=0.15)
    return out


def dice() -> Samples:
    """Dice rattled and thrown: knocks that come slower and softer as the dice settle (0.7 s)."""
    out = silence(0.72)
    rng = Noise(10)
    t = 0.0
    gap = 0.028
    gain = 0.95
    hit = 0
    while t < 0.6:
        freq = rng.uniform(1300.0, 2900.0)
        mix_into(out, knock(freq, 0.06, 20 + hit, decay=rng.uniform(0.007, 0.012), click=0.5),
                 at=t, gain=gain * rng.uniform(0.7, 1.0))
        # Two dice: now and then a second knock lands almost with the first.
        if hit % 3 == 1:
            mix_into(out, knock(freq * 1.31, 0.04, 60 + hit, decay=0.005, click=0.5),
                     at=t + 0.009, gain=gain * 0.6)
        hit += 1
        t += gap * rng.uniform(0.75, 1.25)
        gap *= 1.22
        gain *= 0.86
    return out


def hit() -> Samples:
    """A blow that lands: a low thud with a falling pitch and a dull crack (0.34 s)."""
    body = tone(150.0, 0.34, decay=0.09, bend=-9.0, attack=0.002, partials=MELLOW)
    crack = noise_burst(0.06, 11, decay=0.012, high=2500.0)
    mix_into(body, crack, gain=1.6)
    return soft_clip(body, 1.8)


def whoosh() -> Samples:
    """A swing through empty air: noise through a band-pass that sweeps up and back (0.38 s)."""
    n = int(0.38 * RATE)
    source = Noise(12)
    raw = [source.next() for _ in range(n)]

    def centre(t: float) -> float:
        return 350.0 + 1700.0 * math.sin(math.pi * min(1.0, t / 0.36)) ** 2

    out = bandpass(raw, centre, 2.5)
    for i in range(n):
        t = i / RATE
        out[i] *= math.sin(math.pi * min(1.0, t / 0.37)) ** 2
    return out


def level_up() -> Samples:
    """A rising chime: four bell notes of a major arpeggio that ring into each other (0.95 s)."""
    out = silence(0.95)
    for i, name in enumerate(("C5", "E5", "G5", "C6")):
        mix_into(out, tone(NOTE[name], 0.95 - i * 0.08, decay=0.28, partials=BELL), at=i * 0.08,
                 gain=0.5 + 0.1 * i)
    return out


def victory() -> Samples:
    """A short fanfare: a quick rising arpeggio into a held, shimmering major chord (1.45 s)."""
    out = silence(1.45)
    for i, name in enumerate(("G4", "C5", "E5")):
        mix_into(out, tone(NOTE[name], 0.14, decay=0.3, partials=BRASS, attack=0.012,
                           release=0.04), at=i * 0.11, gain=0.55)
    for name, gain in (("G5", 0.5), ("C5", 0.4), ("E5", 0.35), ("C4", 0.3)):
        mix_into(out, tone(NOTE[name], 1.12, decay=0.9, partials=BRASS, attack=0.02,
                           vibrato=0.004, release=0.35), at=0.33, gain=gain)
    return lowpass(out, 5200.0)


def defeat() -> Samples:
    """A falling minor phrase on a mellow horn, sinking at the end (1.3 s)."""
    out = silence(1.3)
    mix_into(out, tone(NOTE["G4"], 0.3, decay=0.5, partials=MELLOW, attack=0.02, release=0.08),
             gain=0.6)
    mix_into(out, tone(NOTE["D#4"], 0.3, decay=0.5, partials=MELLOW, attack=0.02,
                       release=0.08), at=0.27, gain=0.6)
    mix_into(out, tone(NOTE["C4"], 0.76, decay=0.6, partials=MELLOW, attack=0.03, bend=-1.0,
                       vibrato=0.003, release=0.4), at=0.54, gain=0.7)
    return lowpass(out, 2500.0)


def bell() -> Samples:
    """The turn passes: a two-note door chime, high then low (1.2 s)."""
    out = silence(1.2)
    mix_into(out, tone(NOTE["E6"], 0.9, decay=0.35, partials=BELL), gain=0.6)
    mix_into(out, tone(NOTE["C6"], 0.9, decay=0.4, partials=BELL), at=0.3, gain=0.65)
    return out


def error() -> Samples:
    """Not allowed: two short, soft low buzzes (0.26 s)."""
    out = silence(0.26)
    # Odd harmonics make it buzz like a square wave; stopping at ~2.5 kHz keeps it soft.
    square = tuple((float(k), 1.0 / k, 1.0) for k in range(1, 18, 2))
    for at in (0.0, 0.13):
        mix_into(out, tone(150.0, 0.1, partials=square, attack=0.006, release=0.03), at=at)
    return lowpass(out, 2500.0)


# Name -> (generator, peak in dBFS). Quiet UI ticks peak lower than the news sounds.
SOUNDS: dict[str, tuple[Callable[[], Samples], float]] = {
    "click": (click, -7.0),
    "card_draw": (card_draw, -5.0),
    "card_play": (card_play, -5.0),
    "shuffle": (shuffle, -4.0),
    "coin": (coin, -4.0),
    "dice": (dice, -3.0),
    "hit": (hit, -3.0),
    "whoosh": (whoosh, -4.0),
    "level_up": (level_up, -3.0),
    "victory": (victory, -3.0),
    "defeat": (defeat, -5.0),
    "bell": (bell, -3.0),
    "error": (error, -11.0),
}


# --- output -----------------------------------------------------------------------------------
def finish(samples: Samples, peak_db: float) -> array:
    """Returns the samples as 16-bit PCM: DC removed, peak-normalised, faded at both ends."""
    mean = sum(samples) / len(samples)
    out = [x - mean for x in samples]
    shape(out, attack=0.0005, release=0.004)
    peak = max(abs(x) for x in out) or 1.0
    gain = 10 ** (peak_db / 20) / peak
    pcm = array("h", (max(-32767, min(32767, round(x * gain * 32767))) for x in out))
    if sys.byteorder == "big":
        pcm.byteswap()  # WAV data is little-endian
    return pcm


def render(name: str) -> bytes:
    """Returns the 16-bit little-endian PCM frames of one sound."""
    make, peak_db = SOUNDS[name]
    return finish(make(), peak_db).tobytes()


def write(name: str, out_dir: Path = OUT_DIR) -> Path:
    """Writes one sound as out_dir/<name>.wav and returns its path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{name}.wav"
    with wave.open(str(path), "wb") as wav:
        wav.setnchannels(1)
        wav.setsampwidth(2)
        wav.setframerate(RATE)
        wav.writeframes(render(name))
    return path


def main(argv: list[str] | None = None) -> int:
    """Writes every sound (or the named ones) and prints one line per file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT_DIR)
    parser.add_argument("--only", nargs="*", choices=sorted(SOUNDS), default=None)
    args = parser.parse_args(argv)
    for name in args.only or SOUNDS:
        path = write(name, args.out)
        print(f"{path.name}: {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
