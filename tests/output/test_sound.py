"""Sound cues: the files are sound, the player keeps order and spacing, failures are quiet."""

from __future__ import annotations

import array
import subprocess
import sys
import wave
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import miniaudio
import pytest

from a11y_games.i18n import Translator
from a11y_games.output.sound import (
    CUES,
    GAP,
    LEARNING_GAP,
    MAX_WAITING,
    RATE,
    SOUNDS,
    Sound,
    cue_path,
    known_cues,
)

pytestmark = pytest.mark.timeout(30)

ROOT = Path(__file__).resolve().parents[2]
FILES = sorted(SOUNDS.glob("*.wav"))
PEAK = 10 ** (-3 / 20) * 32767


def samples_of(name: str) -> array.array[int]:
    decoded = miniaudio.decode_file(str(cue_path(name)), nchannels=1, sample_rate=RATE)
    return array.array("h", decoded.samples)


# -- the files ---------------------------------------------------------------------------

def test_every_cue_has_its_file() -> None:
    assert all(cue_path(name).is_file() for name in CUES)
    assert set(known_cues()) == {p.stem for p in FILES}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_each_file_decodes_is_short_and_normalised(path: Path) -> None:
    with wave.open(str(path)) as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, RATE)
    decoded = miniaudio.decode_file(str(path), nchannels=1, sample_rate=RATE)
    assert 0.03 < decoded.duration < 0.5
    peak = max(abs(s) for s in decoded.samples)
    assert abs(peak - PEAK) <= 2, f"peak {peak}, not -3 dBFS"
    assert decoded.samples[0] == 0 and abs(decoded.samples[-1]) < 400, "a click at an end"


def test_the_script_makes_the_committed_files(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "make_sounds.py"),
                           "--out", str(tmp_path)], capture_output=True, text=True,
                          timeout=60, check=True)
    assert done.stderr == ""
    made = sorted(tmp_path.glob("*.wav"))
    assert [p.name for p in made] == [p.name for p in FILES]
    assert all(p.read_bytes() == (SOUNDS / p.name).read_bytes() for p in made)


# -- the player, on a device that records what it is given -------------------------------

class Recorder:
    """A device that keeps the stream's generator: the test pulls samples from it."""

    def __init__(self) -> None:
        self.stream: Iterator[Any] | None = None
        self.closed = False

    def start(self, stream: Any) -> None:
        self.stream = stream

    def pull(self, seconds: float, chunk: int = 512) -> list[int]:
        assert self.stream is not None
        out: list[int] = []
        while len(out) < int(seconds * RATE):
            out.extend(self.stream.send(chunk))  # type: ignore[attr-defined]
        return out

    def close(self) -> None:
        self.closed = True


def recorded(**options: Any) -> tuple[Sound, Recorder]:
    device = Recorder()
    sound = Sound("on", open_device=lambda backend: device, environ={}, **options)
    assert sound.ready(5)
    return sound, device


def test_cues_play_in_order_with_a_gap_between() -> None:
    sound, device = recorded()
    for name in ("acted", "acted", "turn"):
        sound.play(name)
    stream = device.pull(1.5)
    acted, turn = samples_of("acted"), samples_of("turn")
    expected = [*acted, *[0] * int(GAP * RATE), *acted, *[0] * int(GAP * RATE), *turn]
    first = next(i for i, v in enumerate(stream) if v)
    lead = next(i for i, v in enumerate(acted) if v)
    begin = first - lead
    assert [round(v * 100 / 80) for v in stream[begin:begin + len(expected)]] == pytest.approx(
        expected, abs=2), "not the cues in order at 80 %, each 150 ms after the last"
    assert not any(stream[begin + len(expected):])
    assert [name for name, _ in sound.played] == ["acted", "acted", "turn"]
    gaps = [b - a for (_, a), (_, b) in zip(sound.played, sound.played[1:], strict=False)]
    assert gaps == pytest.approx([len(acted) / RATE + GAP] * 2, abs=1e-3)


def test_volume_scales_and_zero_is_silent() -> None:
    sound, device = recorded(volume=50)
    sound.play("turn")
    stream = device.pull(0.5)
    assert max(abs(v) for v in stream) == pytest.approx(PEAK / 2, abs=2)
    sound.set_volume(0)
    sound.play("turn")
    assert not any(device.pull(0.5))


def test_muted_cue_is_silent_but_sounds_plays_it() -> None:
    sound, device = recorded(muted={"acted"})
    sound.play("acted")
    assert not any(device.pull(0.3))
    sound.play("acted", learning=True)
    sound.play("turn", learning=True)
    device.pull(1.5)
    assert [name for name, _ in sound.played] == ["acted", "turn"]
    gap = sound.played[1][1] - sound.played[0][1]
    assert gap == pytest.approx(len(samples_of("acted")) / RATE + LEARNING_GAP, abs=1e-3)


def test_a_long_burst_drops_cues_rather_than_lag_seconds_behind() -> None:
    sound, device = recorded()
    for _ in range(MAX_WAITING + 5):
        sound.play("acted")
    device.pull(3)
    assert len(sound.played) == MAX_WAITING


def test_silence_forgets_what_waits() -> None:
    sound, device = recorded()
    for name in ("turn", "vote", "won"):
        sound.play(name)
    device.pull(0.05)
    sound.silence()
    device.pull(2)
    assert [name for name, _ in sound.played] == ["turn"]


def test_unknown_cue_is_ignored() -> None:
    sound, device = recorded()
    sound.play("no such cue")
    sound.play("turn")
    device.pull(0.5)
    assert [name for name, _ in sound.played] == ["turn"]


# -- off, failing, the real null backend ---------------------------------------------------

def test_off_plays_nothing_and_loads_no_library() -> None:
    code = ("import sys; from a11y_games.output.sound import Sound; s = Sound('off'); "
            "s.play('turn'); assert not s.available and s.take_problem() is None; "
            "assert 'miniaudio' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=30)


def test_no_sound_in_the_environment_means_off() -> None:
    opened: list[str] = []
    sound = Sound("on", environ={"NO_SOUND": "1"}, open_device=opened.append)
    sound.play("turn")
    assert (sound.enabled, sound.available, opened, sound.take_problem()) == (
        False, False, [], None)


def test_a_device_that_fails_is_said_once_and_play_goes_on(
        capfd: pytest.CaptureFixture[str]) -> None:
    def fail(backend: str) -> Any:
        raise miniaudio.MiniaudioError("failed to init device", -401)

    sound = Sound("on", open_device=fail, environ={})
    problem = sound.take_problem()
    assert problem is not None and problem.id == "sound.unavailable"
    assert sound.take_problem() is None
    sound.play("turn")
    assert not sound.available and sound.played == []
    assert capfd.readouterr() == ("", "")
    assert Translator("fr").render(problem).startswith("Son coupé")


def test_the_default_device_failing_prints_nothing(capfd: pytest.CaptureFixture[str]) -> None:
    """On a machine without a sound card ALSA lists its failures on stderr: not ours."""
    sound = Sound("on", environ={})
    sound.take_problem()
    sound.close()
    assert capfd.readouterr() == ("", "")


def test_null_backend_plays_in_order_at_the_real_pace() -> None:
    with Sound("on", backend="null", environ={}) as sound:
        assert sound.ready(5)
        for name in ("targeted", "acted", "round"):
            sound.play(name)
        assert sound.wait_idle(5)
        assert [name for name, _ in sound.played] == ["targeted", "acted", "round"]
        (_, a), (_, b), (_, c) = sound.played
        assert b - a == pytest.approx(len(samples_of("targeted")) / RATE + GAP, abs=1e-3)
        assert c - b == pytest.approx(len(samples_of("acted")) / RATE + GAP, abs=1e-3)


def test_turning_sound_off_then_on_again() -> None:
    sound, device = recorded()
    sound.enabled = False
    sound.play("turn")
    assert not any(device.pull(0.3))
    sound.enabled = True
    sound.play("turn")
    device.pull(0.5)
    assert [name for name, _ in sound.played] == ["turn"]


def test_deferred_opening_keeps_the_cues_played_before_it() -> None:
    device = Recorder()
    opened: list[str] = []

    def open_device(backend: str) -> Recorder:
        opened.append(backend)
        return device

    sound = Sound("on", open_device=open_device, deferred=True, environ={})
    sound.play("private")
    sound.play("turn")
    assert opened == [] and sound.take_problem() is None  # the start-up did not wait
    sound.start()
    assert sound.ready(5)
    device.pull(1.5)
    assert opened == ["auto"]
    assert [name for name, _ in sound.played] == ["private", "turn"]
