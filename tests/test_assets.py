"""The generated sound effects: deterministic, complete, well-formed, sensible levels.

Standard library only (no pygame): reads the WAV files with ``wave``/``struct``.
"""
from __future__ import annotations

import importlib.util
import math
import struct
import wave
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent
SOUND_DIR = ROOT / "assets" / "sounds"
SCRIPT = ROOT / "tools" / "make_sounds.py"

# name -> (min ms, max ms); nominal lengths from the sound brief, with some slack.
EXPECTED_MS = {
    "take": (50, 120),
    "slide": (100, 220),
    "fall": (300, 550),
    "invalid": (140, 280),
    "win": (500, 1000),
    "lose": (500, 1000),
    "click": (20, 70),
    "hover": (10, 50),
    "seed": (30, 100),
    "capture": (200, 450),
    "think": (15, 60),
}
MAX_TOTAL_BYTES = 300 * 1024


def _load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_sounds", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _read(path: Path) -> tuple[wave._wave_params, tuple[int, ...]]:
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        frames = w.readframes(params.nframes)
    return params, struct.unpack(f"<{len(frames) // 2}h", frames)


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    script = _load_script()
    a = tmp_path_factory.mktemp("sounds_a")
    b = tmp_path_factory.mktemp("sounds_b")
    script.generate(a)
    script.generate(b)
    return a, b


def test_generator_makes_exactly_the_expected_sounds(generated: tuple[Path, Path]) -> None:
    a, _ = generated
    assert sorted(p.stem for p in a.glob("*.wav")) == sorted(EXPECTED_MS)


def test_generator_is_deterministic(generated: tuple[Path, Path]) -> None:
    a, b = generated
    for name in EXPECTED_MS:
        assert (a / f"{name}.wav").read_bytes() == (b / f"{name}.wav").read_bytes(), name


def test_committed_sounds_match_the_generator(generated: tuple[Path, Path]) -> None:
    a, _ = generated
    stale = [
        name for name in EXPECTED_MS
        if (SOUND_DIR / f"{name}.wav").read_bytes() != (a / f"{name}.wav").read_bytes()
    ]
    assert not stale, f"assets/sounds out of date, run `make assets`: {stale}"


def test_game_sound_names_are_all_generated() -> None:
    # nimarcade/window/ui/sound.py lists the names the game plays; read it as text (no pygame import).
    source = (ROOT / "nimarcade" / "window" / "ui" / "sound.py").read_text(encoding="utf-8")
    for name in EXPECTED_MS:
        assert f'"{name}"' in source, name


@pytest.mark.parametrize("name", sorted(EXPECTED_MS))
def test_sound_file_is_well_formed(name: str) -> None:
    path = SOUND_DIR / f"{name}.wav"
    assert path.is_file(), f"missing {path}"
    params, samples = _read(path)
    assert params.nchannels == 1
    assert params.sampwidth == 2
    assert params.framerate == 44100
    assert params.comptype == "NONE"

    lo, hi = EXPECTED_MS[name]
    ms = 1000.0 * params.nframes / params.framerate
    assert lo <= ms <= hi, f"{name}: {ms:.1f} ms not in [{lo}, {hi}]"

    peak = max(abs(s) for s in samples)
    assert peak > 0, f"{name} is silent"
    peak_dbfs = 20.0 * math.log10(peak / 32767.0)
    assert -20.0 <= peak_dbfs <= -1.0, f"{name}: peak {peak_dbfs:.2f} dBFS"
    assert 32767 not in samples and -32768 not in samples, f"{name} is clipped"

    # envelopes: starts and ends at (near) zero, so playing it never clicks
    assert abs(samples[0]) <= 64 and abs(samples[-1]) <= 64, name
    rms = math.sqrt(sum(s * s for s in samples) / len(samples))
    assert 20.0 * math.log10(rms / 32767.0) > -45.0, f"{name} is nearly silent"


def test_total_size_is_small() -> None:
    total = sum(p.stat().st_size for p in SOUND_DIR.glob("*.wav"))
    assert total < MAX_TOTAL_BYTES, total
