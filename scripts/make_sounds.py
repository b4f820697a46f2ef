"""Synthesise every sound cue into ``a11y_games/sounds/<name>.wav`` (pure Python, stdlib only).

Run: ``.venv/bin/python scripts/make_sounds.py``. The files are committed with this script,
which is their only source (no sound of unknown licence). Output is byte for byte the same
on every run: mono, 16 bits, 22,050 samples a second, each cue under half a second, every
cue normalised to the same peak (-3 dBFS).

Each cue has a shape a listener can tell from the others by ear: rising notes for "your
turn", a rising three-note question for a vote, a major arpeggio when a vote passes and a
falling pair when it fails, a soft bell for something private, a low double buzz when you
are targeted, a short wooden tick when someone acted, a gong for a new round, a fanfare
and a falling line for the end of a game, blips and glides for the network.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "a11y_games" / "sounds"
RATE = 22050
PEAK = 10 ** (-3 / 20)
"""Every cue's peak: -3 dBFS (about 0.708 of full scale)."""
FADE = 0.004
"""Seconds of fade at each end of a note, so that no note starts or stops with a click."""

Partials = Sequence[tuple[float, float]]
"""(frequency multiple, amplitude) pairs making a note's timbre."""

PURE: Partials = ((1.0, 1.0),)
WARM: Partials = ((1.0, 1.0), (2.0, 0.3), (3.0, 0.1))
BELL: Partials = ((1.0, 1.0), (2.76, 0.4), (5.4, 0.15))
BUZZ: Partials = ((1.0, 1.0), (3.0, 0.5), (5.0, 0.3), (7.0, 0.15))
GONG: Partials = ((1.0, 1.0), (2.0, 0.5), (2.76, 0.35), (4.1, 0.2), (5.4, 0.1))
WOOD: Partials = ((1.0, 1.0), (2.4, 0.5), (4.1, 0.2))
METAL: Partials = ((1.0, 1.0), (1.48, 0.8), (2.13, 0.6), (2.9, 0.3))


def note(freq: float, seconds: float, *, partials: Partials = WARM, decay: float = 0.0,
         glide_to: float | None = None, vibrato: float = 0.0, rate: float = 6.0) -> list[float]:
    """One note: ``partials`` of ``freq`` (gliding to ``glide_to``), an exponential
    ``decay`` (amplitude 1/e after that many seconds; 0: none) and an optional ``vibrato``
    (relative depth) at ``rate`` Hz."""
    count = int(seconds * RATE)
    fade = max(1, int(FADE * RATE))
    out = []
    phase = 0.0
    for i in range(count):
        t = i / RATE
        f = freq if glide_to is None else freq + (glide_to - freq) * i / count
        if vibrato:
            f *= 1 + vibrato * math.sin(2 * math.pi * rate * t)
        phase += 2 * math.pi * f / RATE
        value = sum(a * math.sin(m * phase) for m, a in partials if m * f < RATE / 2)
        envelope = math.exp(-t / decay) if decay else 1.0
        envelope *= min(1.0, i / fade, (count - 1 - i) / fade)
        out.append(value * envelope)
    return out


def rest(seconds: float) -> list[float]:
    return [0.0] * int(seconds * RATE)


def noise(seconds: float, decay: float, seed: str) -> list[float]:
    """A short burst of white noise (a seeded source: the same bytes on every run)."""
    rng = random.Random(seed)
    return [rng.uniform(-1, 1) * math.exp(-(i / RATE) / decay)
            for i in range(int(seconds * RATE))]


def mix(*layers: tuple[float, list[float]]) -> list[float]:
    """Layers (start in seconds, samples) summed into one."""
    length = max(int(start * RATE) + len(samples) for start, samples in layers)
    out = [0.0] * length
    for start, samples in layers:
        at = int(start * RATE)
        for i, value in enumerate(samples):
            out[at + i] += value
    return out


def seq(*parts: list[float]) -> list[float]:
    return [value for part in parts for value in part]


CUES: dict[str, Callable[[], list[float]]] = {
    # your turn: two bright notes, up a fifth
    "turn": lambda: seq(note(880, 0.09), rest(0.02), note(1318.5, 0.15, decay=0.1)),
    # a question for everyone (a secret vote opens): three notes rising, the last bending up
    "vote": lambda: seq(note(587.3, 0.08, partials=BELL, decay=0.1), rest(0.015),
                        note(740, 0.08, partials=BELL, decay=0.1), rest(0.015),
                        note(880, 0.16, partials=BELL, decay=0.12, glide_to=987.8)),
    # the vote passed: a major arpeggio, the last note held
    "passed": lambda: seq(note(523.3, 0.07), note(659.3, 0.07),
                          note(784, 0.22, decay=0.12)),
    # the vote failed: two low notes falling
    "failed": lambda: seq(note(440, 0.14, partials=BUZZ, decay=0.2), rest(0.03),
                          note(349.2, 0.22, partials=BUZZ, decay=0.12)),
    # something private arrived: a soft high bell with a shimmer
    "private": lambda: mix((0.0, note(1568, 0.3, partials=BELL, decay=0.08, vibrato=0.004,
                                      rate=9)),
                           (0.06, note(2093, 0.24, partials=BELL, decay=0.07))),
    # you are targeted: a low double buzz
    "targeted": lambda: seq(note(220, 0.09, partials=BUZZ), rest(0.05),
                            note(220, 0.12, partials=BUZZ, decay=0.1)),
    # a player or bot acted: a short wooden tick
    "acted": lambda: mix((0.0, note(900, 0.05, partials=WOOD, decay=0.012)),
                         (0.0, [v * 0.3 for v in noise(0.012, 0.003, "acted")])),
    # a round starts: a gong
    "round": lambda: note(196, 0.45, partials=GONG, decay=0.15),
    # the game is won: a quick fanfare
    "won": lambda: seq(note(523.3, 0.07), note(659.3, 0.07), note(784, 0.07),
                       note(1046.5, 0.2, decay=0.15)),
    # the game is lost: a slow falling line
    "lost": lambda: seq(note(392, 0.1, decay=0.3), note(370, 0.1, decay=0.3),
                        note(349.2, 0.1, decay=0.3), note(329.6, 0.15, decay=0.1)),
    # network: a chat message (two quick blips)
    "chat": lambda: seq(note(1975.5, 0.04, partials=PURE), rest(0.04),
                        note(1975.5, 0.05, partials=PURE, decay=0.04)),
    # network: someone joined (a glide up)
    "joined": lambda: note(500, 0.18, partials=PURE, glide_to=1000, decay=0.2),
    # network: someone left (a glide down)
    "left": lambda: note(1000, 0.18, partials=PURE, glide_to=500, decay=0.2),
    # network: someone lost the connection (a wobbling fall)
    "disconnected": lambda: note(800, 0.35, partials=WARM, glide_to=300, decay=0.25,
                                 vibrato=0.04, rate=12),
    # PNUE: a lobbyist tile enacted (coins clinking)
    "lobby": lambda: mix((0.0, note(2600, 0.12, partials=METAL, decay=0.03)),
                         (0.09, note(3100, 0.16, partials=METAL, decay=0.04))),
    # PNUE: an ecological tile enacted (a bird's chirp, twice)
    "eco": lambda: seq(note(2000, 0.07, partials=PURE, glide_to=3200, decay=0.08), rest(0.05),
                       note(2200, 0.09, partials=PURE, glide_to=3400, decay=0.08)),
}
"""Every cue, by name. The names are those of ``a11y_games.output.sound.CUES`` and of the
games' own cues (``lobby``, ``eco``: PNUE's tiles)."""


def normalised(samples: list[float]) -> list[int]:
    """16-bit samples whose peak is :data:`PEAK`, faded in and out (no click at either end,
    noise included)."""
    fade = max(1, int(FADE * RATE))
    count = len(samples)
    samples = [v * min(1.0, i / fade, (count - 1 - i) / fade) for i, v in enumerate(samples)]
    top = max(abs(v) for v in samples)
    scale = PEAK * 32767 / top
    return [round(v * scale) for v in samples]


def write(path: Path, samples: list[int]) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(b"".join(v.to_bytes(2, "little", signed=True) for v in samples))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Synthesise the sound cues.")
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the .wav files")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, make in CUES.items():
        samples = normalised(make())
        write(args.out / f"{name}.wav", samples)
        print(f"{name}: {len(samples) / RATE:.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
