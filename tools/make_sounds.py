#!/usr/bin/env python3
"""Generate Nim Arcade's sound effects into ``assets/sounds/``.

Usage::

    python tools/make_sounds.py [--out DIR]

Every sound is synthesised here from scratch with the standard library only
(``math``, ``wave``, ``struct``, ``random`` with fixed seeds): nothing is
downloaded and no recorded samples are used, so the files are covered by the
project's MIT licence (see ``assets/LICENSE.md``).  The output is
deterministic: running the script twice produces byte-identical files.

Format: 44100 Hz, 16-bit signed PCM, mono WAV.  Every sound gets a short
attack ramp and a raised-cosine fade-out so it starts and ends at zero (no
clicks), and is then normalised to a fixed peak level: about -6 dBFS for the
main effects, lower for the soft and frequently repeated ones.

Style: "arcade but soft" -- sine tones with a few gentle harmonics, damped
"woody" partials, low-passed noise, exponential decays, no hard square waves.

Recipes (duration, peak level):

take.wav (80 ms, -6 dBFS)
    Picking up a stick, token or match.  A 4 ms burst of low-passed noise for
    the "click" on top of a damped sine that drops quickly from 620 to 430 Hz
    (the "pop"), plus an inharmonic partial at 2.76x that dies out faster and
    gives the woody colour.

slide.wav (150 ms, -8 dBFS)
    A pawn sliding.  White noise through a three-pole low-pass filter whose
    cutoff sweeps 600 -> 2400 -> 900 Hz, under a smooth hump envelope
    (sin^2 rise, long fall): a soft swoosh with no tone.

fall.wav (400 ms, -6 dBFS)
    A pawn falling into the sink.  A sine (with a little 2nd harmonic) whose
    pitch glides exponentially from 760 Hz down to 190 Hz over 320 ms, with a
    light vibrato, fading out as it drops; then, at 300 ms, a small "plop": a
    damped sine falling 170 -> 95 Hz plus a whisper of low-passed noise.

invalid.wav (200 ms, -8 dBFS)
    A refused move, "nope-nope".  Two 75 ms buzzes (165 Hz then 140 Hz)
    separated by a 25 ms gap.  The buzz is a soft band-limited square
    (harmonics 1, 3, 5 with amplitudes 1, 1/4, 1/10), so it is clearly a
    "no" without being harsh.

win.wav (700 ms, -6 dBFS)
    Winning.  A bright ascending C-major arpeggio C5 E5 G5 C6, one note every
    100 ms; each note is a bell-like tone (fundamental + 2nd and 3rd
    harmonics, the upper ones decaying faster) and the last one rings on.

lose.wav (700 ms, -7 dBFS)
    Losing.  A gentle descending C-minor arpeggio C5 G4 Eb4 C4, one note every
    130 ms, with a mellower timbre (fundamental + a little 2nd harmonic),
    slower attacks, and a final note that droops slightly in pitch.

click.wav (40 ms, -8 dBFS)
    UI button click.  A 2 ms noise transient plus a 1250 Hz sine blip with a
    very fast (7 ms) exponential decay and a 3100 Hz partial.

hover.wav (25 ms, -16 dBFS)
    UI focus move.  A tiny 2100 Hz sine tick, 4 ms decay, very quiet.

seed.wav (60 ms, -14 dBFS)
    One Awele seed dropped in a house; played many times in a row, so it is
    quiet, short and dull: a damped 880 Hz sine with a faint 2280 Hz woody
    partial and a softened noise "contact", 9 ms decay, nothing bright.

capture.wav (300 ms, -8 dBFS)
    Seeds captured and flying to the store.  Seven small ticks (seed-like
    tocks) 38 ms apart climbing a major pentatonic scale from 880 Hz, each
    a little louder and brighter than the last.

think.wav (30 ms, -18 dBFS)
    Optional tick while the computer thinks.  A soft 1500 Hz sine tick with a
    3.5 ms decay, the quietest sound of the set.
"""
from __future__ import annotations

import argparse
import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

SAMPLE_RATE = 44100
SAMPLE_WIDTH = 2  # bytes: 16-bit
CHANNELS = 1
FULL_SCALE = 32767

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "assets" / "sounds"

TAU = 2.0 * math.pi


# --------------------------------------------------------------------------- helpers


def n_samples(seconds: float) -> int:
    return int(round(seconds * SAMPLE_RATE))


def silence(seconds: float) -> list[float]:
    return [0.0] * n_samples(seconds)


def mix_into(buf: list[float], src: list[float], at: float = 0.0, gain: float = 1.0) -> None:
    """Add ``src`` into ``buf`` starting at ``at`` seconds (clipped to the buffer)."""
    start = n_samples(at)
    end = min(len(buf), start + len(src))
    for i in range(start, end):
        buf[i] += gain * src[i - start]


def damped_tone(
    seconds: float,
    freq: Callable[[float], float] | float,
    decay: float,
    attack: float = 0.001,
    partials: tuple[tuple[float, float, float], ...] = ((1.0, 1.0, 1.0),),
) -> list[float]:
    """A tone with a linear attack and an exponential decay.

    ``freq`` is a constant or a function of time (seconds) for pitch glides;
    phase is accumulated so glides stay continuous.  ``partials`` is a tuple of
    ``(frequency ratio, amplitude, decay multiplier)``: a decay multiplier below
    1 makes that partial die out faster than the fundamental.
    """
    n = n_samples(seconds)
    out = [0.0] * n
    phases = [0.0] * len(partials)
    # per-sample decay factors: amplitude follows exp(-t / (decay * dmul)) by recurrence
    gains = [amp for _, amp, _ in partials]
    factors = [math.exp(-1.0 / (SAMPLE_RATE * decay * dmul)) for _, _, dmul in partials]
    ratios = [ratio for ratio, _, _ in partials]
    n_att = max(1, n_samples(attack))
    if not callable(freq):
        # constant pitch: each partial is a complex phasor rotated and shrunk once per sample
        z = [complex(0.0, -g) for g in gains]  # real part of -i * g * e^(i*phase) is g * sin(phase)
        rot = [fac * complex(math.cos(TAU * freq * r / SAMPLE_RATE), math.sin(TAU * freq * r / SAMPLE_RATE))
               for fac, r in zip(factors, ratios)]
        for i in range(n):
            s = 0.0
            for k in range(len(z)):
                s += z[k].real
                z[k] *= rot[k]
            out[i] = s if i >= n_att else s * i / n_att
        return out
    step = TAU / SAMPLE_RATE
    for i in range(n):
        f = freq(i / SAMPLE_RATE)
        s = 0.0
        for k in range(len(partials)):
            s += gains[k] * math.sin(phases[k])
            gains[k] *= factors[k]
            phases[k] += step * f * ratios[k]
        out[i] = s if i >= n_att else s * i / n_att
    return out


def noise(seconds: float, rng: random.Random) -> list[float]:
    return [rng.uniform(-1.0, 1.0) for _ in range(n_samples(seconds))]


def lowpass(samples: list[float], cutoff: Callable[[float], float] | float, poles: int = 1) -> list[float]:
    """Cascade of one-pole low-pass filters; ``cutoff`` (Hz) may vary with time."""
    out = list(samples)
    fixed = not callable(cutoff)
    for _ in range(poles):
        y = 0.0
        for i, x in enumerate(out):
            fc = cutoff if fixed else cutoff(i / SAMPLE_RATE)  # type: ignore[operator]
            a = 1.0 - math.exp(-TAU * fc / SAMPLE_RATE)
            y += a * (x - y)
            out[i] = y
    return out


def envelope(samples: list[float], shape: Callable[[float], float]) -> list[float]:
    return [x * shape(i / SAMPLE_RATE) for i, x in enumerate(samples)]


def finish(
    samples: list[float], peak_dbfs: float, fade_in: float = 0.0005, fade_out: float = 0.006
) -> list[int]:
    """Remove DC, apply edge fades (so the sound starts and ends at 0), normalise, quantise."""
    n = len(samples)
    mean = sum(samples) / n
    out = [x - mean for x in samples]
    n_in = max(1, n_samples(fade_in))
    n_out = max(1, n_samples(fade_out))
    for i in range(min(n, n_in)):
        out[i] *= i / n_in
    for j in range(min(n, n_out)):
        # raised cosine from 1 down to exactly 0 on the last sample
        out[n - 1 - j] *= 0.5 - 0.5 * math.cos(math.pi * j / n_out)
    peak = max(abs(x) for x in out)
    gain = (10.0 ** (peak_dbfs / 20.0)) * FULL_SCALE / peak
    return [max(-FULL_SCALE, min(FULL_SCALE, int(round(x * gain)))) for x in out]


# --------------------------------------------------------------------------- recipes


def make_take() -> list[int]:
    dur = 0.080
    rng = random.Random(1001)
    body = damped_tone(
        dur,
        lambda t: 430.0 + 190.0 * math.exp(-t / 0.006),
        decay=0.016,
        attack=0.0008,
        partials=((1.0, 1.0, 1.0), (2.76, 0.45, 0.35), (5.40, 0.12, 0.2)),
    )
    click = lowpass(noise(0.004, rng), 5000.0, poles=2)
    click = envelope(click, lambda t: math.exp(-t / 0.0009))
    out = silence(dur)
    mix_into(out, body)
    mix_into(out, click, gain=2.5)
    return finish(out, -6.0)


def make_slide() -> list[int]:
    dur = 0.150
    rng = random.Random(2002)

    def cutoff(t: float) -> float:
        x = t / dur
        if x < 0.4:
            return 600.0 * (2400.0 / 600.0) ** (x / 0.4)
        return 2400.0 * (900.0 / 2400.0) ** ((x - 0.4) / 0.6)

    swoosh = lowpass(noise(dur, rng), cutoff, poles=3)

    def hump(t: float) -> float:
        x = t / dur
        if x < 0.35:
            return math.sin(0.5 * math.pi * x / 0.35) ** 2
        return math.cos(0.5 * math.pi * (x - 0.35) / 0.65) ** 1.5

    return finish(envelope(swoosh, hump), -8.0)


def make_fall() -> list[int]:
    dur = 0.400
    glide = 0.320
    rng = random.Random(3003)

    def pitch(t: float) -> float:
        x = min(t, glide) / glide
        return 760.0 * (190.0 / 760.0) ** x * (1.0 + 0.012 * math.sin(TAU * 18.0 * t))

    length = glide + 0.02
    bloop = damped_tone(length, pitch, decay=1.0, attack=0.004, partials=((1.0, 1.0, 1.0), (2.0, 0.18, 1.0)))
    # fade to a quarter while the pitch drops, then a 30 ms release
    bloop = envelope(bloop, lambda t: (1.0 - 0.75 * min(1.0, t / length)) * min(1.0, (length - t) / 0.03))
    plop = damped_tone(0.100, lambda t: 95.0 + 75.0 * math.exp(-t / 0.012), decay=0.028, attack=0.002)
    splash = lowpass(noise(0.030, rng), 1800.0, poles=2)
    splash = envelope(splash, lambda t: math.exp(-t / 0.006))
    out = silence(dur)
    mix_into(out, bloop)
    mix_into(out, plop, at=0.300, gain=0.9)
    mix_into(out, splash, at=0.300, gain=0.6)
    return finish(out, -6.0)


def make_invalid() -> list[int]:
    dur = 0.200
    buzz_len = 0.075
    soft_square = ((1.0, 1.0, 1.0), (3.0, 0.25, 0.6), (5.0, 0.10, 0.4))

    def buzz(freq: float) -> list[float]:
        tone = damped_tone(buzz_len, freq, decay=0.09, attack=0.005, partials=soft_square)
        return envelope(tone, lambda t: min(1.0, (buzz_len - t) / 0.012))

    out = silence(dur)
    mix_into(out, buzz(165.0), at=0.0)
    mix_into(out, buzz(140.0), at=buzz_len + 0.025)
    return finish(out, -8.0)


def _arpeggio(
    dur: float,
    notes: tuple[float, ...],
    step: float,
    decay: float,
    last_decay: float,
    attack: float,
    partials: tuple[tuple[float, float, float], ...],
    last_droop: float = 0.0,
) -> list[float]:
    out = silence(dur)
    for k, f in enumerate(notes):
        start = k * step
        last = k == len(notes) - 1
        length = dur - start
        if last and last_droop:
            def freq(t: float, f: float = f, length: float = length) -> float:
                return f * (1.0 - last_droop * min(1.0, t / length))

            note = damped_tone(length, freq, decay=last_decay, attack=attack, partials=partials)
        else:
            note_decay = last_decay if last else decay
            note = damped_tone(length, f, decay=note_decay, attack=attack, partials=partials)
        mix_into(out, note, at=start, gain=1.0 if not last else 1.1)
    return out


def make_win() -> list[int]:
    c5, e5, g5, c6 = 523.25, 659.26, 783.99, 1046.50
    bell = ((1.0, 1.0, 1.0), (2.0, 0.30, 0.5), (3.0, 0.12, 0.3))
    out = _arpeggio(
        0.700, (c5, e5, g5, c6), step=0.100, decay=0.12, last_decay=0.16, attack=0.003, partials=bell,
    )
    return finish(out, -6.0, fade_out=0.030)


def make_lose() -> list[int]:
    c5, g4, eb4, c4 = 523.25, 392.00, 311.13, 261.63
    mellow = ((1.0, 1.0, 1.0), (2.0, 0.15, 0.6))
    out = _arpeggio(
        0.700, (c5, g4, eb4, c4), step=0.130, decay=0.14, last_decay=0.17, attack=0.012,
        partials=mellow, last_droop=0.02,
    )
    return finish(out, -7.0, fade_out=0.030)


def make_click() -> list[int]:
    dur = 0.040
    rng = random.Random(7007)
    blip = damped_tone(dur, 1250.0, decay=0.007, attack=0.0005, partials=((1.0, 1.0, 1.0), (2.48, 0.3, 0.5)))
    tick = lowpass(noise(0.002, rng), 6000.0)
    tick = envelope(tick, lambda t: math.exp(-t / 0.0005))
    out = silence(dur)
    mix_into(out, blip)
    mix_into(out, tick, gain=0.8)
    return finish(out, -8.0, fade_out=0.004)


def make_hover() -> list[int]:
    out = damped_tone(0.025, 2100.0, decay=0.004, attack=0.0005)
    return finish(out, -16.0, fade_out=0.003)


def _tock(seconds: float, freq: float, decay: float, rng: random.Random, bright: float = 0.25) -> list[float]:
    body = damped_tone(
        seconds, freq, decay=decay, attack=0.0008,
        partials=((1.0, 1.0, 1.0), (2.59, bright, 0.4)),
    )
    contact = lowpass(noise(0.003, rng), 2500.0, poles=2)
    contact = envelope(contact, lambda t: math.exp(-t / 0.0007))
    mix_into(body, contact, gain=1.2)
    return body


def make_seed() -> list[int]:
    rng = random.Random(9009)
    out = _tock(0.060, 880.0, decay=0.009, rng=rng, bright=0.18)
    return finish(out, -14.0, fade_out=0.008)


def make_capture() -> list[int]:
    dur = 0.300
    rng = random.Random(1010)
    # major pentatonic climbing from A5: A5 B5 C#6 E6 F#6 A6 B6
    ratios = (1.0, 9 / 8, 5 / 4, 3 / 2, 5 / 3, 2.0, 9 / 4)
    step = 0.038
    out = silence(dur)
    for k, r in enumerate(ratios):
        gain = 0.55 + 0.45 * k / (len(ratios) - 1)
        tick = _tock(0.060, 880.0 * r, decay=0.010, rng=rng, bright=0.2 + 0.04 * k)
        mix_into(out, tick, at=k * step, gain=gain)
    return finish(out, -8.0, fade_out=0.010)


def make_think() -> list[int]:
    out = damped_tone(0.030, 1500.0, decay=0.0035, attack=0.0008)
    return finish(out, -18.0, fade_out=0.004)


RECIPES: dict[str, Callable[[], list[int]]] = {
    "take": make_take,
    "slide": make_slide,
    "fall": make_fall,
    "invalid": make_invalid,
    "win": make_win,
    "lose": make_lose,
    "click": make_click,
    "hover": make_hover,
    "seed": make_seed,
    "capture": make_capture,
    "think": make_think,
}


# --------------------------------------------------------------------------- output


def write_wav(path: Path, samples: list[int]) -> None:
    data = struct.pack(f"<{len(samples)}h", *samples)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(CHANNELS)
        w.setsampwidth(SAMPLE_WIDTH)
        w.setframerate(SAMPLE_RATE)
        w.writeframes(data)


def generate(out_dir: Path | str = DEFAULT_OUT) -> list[Path]:
    """Render every sound and write ``<name>.wav`` into ``out_dir``; return the paths written."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for name, recipe in RECIPES.items():
        path = out / f"{name}.wav"
        write_wav(path, recipe())
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help=f"output directory (default: {DEFAULT_OUT})"
    )
    args = parser.parse_args(argv)
    total = 0
    for path in generate(args.out):
        size = path.stat().st_size
        total += size
        with wave.open(str(path), "rb") as w:
            ms = 1000.0 * w.getnframes() / w.getframerate()
        print(f"wrote {path}  {ms:6.1f} ms  {size:7d} bytes")
    print(f"total {total} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
