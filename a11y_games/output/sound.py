"""Sound cues: short sounds that mark a line ("your turn", "vote open") through miniaudio.

A cue never carries meaning alone: it plays just before the line it marks. Sound never
blocks the game and never breaks it. miniaudio is imported, the cue files decoded and the
device opened on a thread of their own, and only when sound is on; cues then go to the
device's own callback thread, which plays them one after another with :data:`GAP` seconds
of silence between two, so a burst (several bot moves) stays distinct. When no device
opens, sound is silent and ``problem`` holds the message to say once.

>>> sound = Sound("off")
>>> sound.available, sound.problem
(False, None)
>>> sound.play("turn")  # nothing happens, nothing fails
"""

from __future__ import annotations

import array
import atexit
import collections
import contextlib
import os
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

from a11y_games.engine.messages import Msg

__all__ = ["CUES", "GAP", "MODES", "NETWORK_CUES", "RATE", "SOUNDS", "VOLUMES", "Sound",
           "cue_path", "known_cues", "sound_disabled"]

MODES = ("on", "off")

CUES: tuple[str, ...] = ("turn", "vote", "passed", "failed", "private", "targeted", "acted",
                         "round", "won", "lost", "chat", "joined", "left", "disconnected")
"""Every game's cues, in the order ``sounds`` plays them. A game may add its own (its
``cues`` mapping names them); their files sit beside these."""

NETWORK_CUES: tuple[str, ...] = ("chat", "joined", "left", "disconnected")
"""Cues of network tables: a chat message, someone joined, left, lost the connection."""

SOUNDS = Path(__file__).resolve().parent.parent / "sounds"
"""Where the cue files are: ``<name>.wav``, made by ``scripts/make_sounds.py``."""

RATE = 22050
"""Samples a second of the cue files and of the stream played (mono, 16 bits)."""

GAP = 0.15
"""Seconds of silence between two cues, so that a burst of cues stays distinct."""

LEARNING_GAP = 0.6
"""Seconds of silence after each cue played by ``sounds``, to tell them apart at leisure."""

MAX_WAITING = 6
"""Cues waiting beyond this are dropped: a cue heard seconds after its line misleads."""

VOLUMES = range(0, 101)

DeviceOpener = Callable[[str], Any]
"""Opens a playback device for a backend name (``auto``, ``null``); raises if none opens."""


def sound_disabled(environ: Mapping[str, str] | None = None) -> bool:
    """True when ``NO_SOUND`` is set to anything but the empty string (as ``NO_COLOR``)."""
    env = os.environ if environ is None else environ
    return bool(env.get("NO_SOUND", ""))


def known_cues(folder: Path = SOUNDS) -> tuple[str, ...]:
    """Every cue there is a file for: :data:`CUES` first, then the games' own, by name."""
    others = sorted(p.stem for p in folder.glob("*.wav") if p.stem not in CUES)
    return (*CUES, *others)


def cue_path(name: str, folder: Path = SOUNDS) -> Path:
    """The file of cue ``name``."""
    return folder / f"{name}.wav"


@contextlib.contextmanager
def _stderr_muted() -> Iterator[None]:
    """Silence what C libraries print on file descriptor 2 (ALSA lists every device it
    failed to open): those lines would reach the player's terminal and screen reader."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "w") as sink:
            os.dup2(sink.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


def _open_device(backend: str) -> Any:
    """A miniaudio playback device: mono, 16 bits, :data:`RATE`; the null backend on ask."""
    import miniaudio

    backends = [miniaudio.Backend.NULL] if backend == "null" else None
    with _stderr_muted():
        return miniaudio.PlaybackDevice(
            output_format=miniaudio.SampleFormat.SIGNED16, nchannels=1, sample_rate=RATE,
            buffersize_msec=60, backends=backends, app_name="a11y-games")


def _scale(samples: Mapping[str, array.array[int]], volume: int) -> dict[
        str, array.array[int]]:
    """Each cue's samples at ``volume`` percent."""
    factor = volume / 100
    return {name: array.array("h", [int(v * factor) for v in raw])
            for name, raw in samples.items()}


def _decode(path: Path) -> array.array[int]:
    """A cue file's samples (mono, 16 bits, :data:`RATE`), whatever its format."""
    import miniaudio

    decoded = miniaudio.decode_file(str(path), output_format=miniaudio.SampleFormat.SIGNED16,
                                    nchannels=1, sample_rate=RATE)
    return array.array("h", decoded.samples)


class Sound:
    """Plays cues by name, spaced, on the device's thread; silent and quiet when it cannot.

    ``mode`` is ``on`` or ``off`` (``NO_SOUND`` in the environment means ``off``).
    ``volume`` is 0 to 100. ``muted`` are the cues the player turned off. ``backend``
    ``null`` plays into no device at the real pace (tests); ``open_device`` replaces the
    device opener (tests of a failing device). ``deferred``: the device opens at
    :meth:`start` (the client calls it when it first waits for the player, so that opening
    costs the start-up nothing); cues played meanwhile wait for it. ``played`` lists each
    cue started, with its start in seconds of the stream: the order and spacing a listener
    hears.
    """

    def __init__(self, mode: str = "on", *, volume: int = 80, muted: Iterable[str] = (),
                 backend: str = "auto", folder: Path = SOUNDS,
                 open_device: DeviceOpener | None = None, deferred: bool = False,
                 environ: Mapping[str, str] | None = None) -> None:
        if mode not in MODES:
            raise ValueError(f"sound mode must be one of {MODES}, not {mode!r}")
        if sound_disabled(environ):
            mode = "off"
        self.mode = mode
        self.volume = max(0, min(100, volume))
        self.muted: set[str] = set(muted)
        self.available = False
        self.problem: Msg | None = None
        self.played: list[tuple[str, float]] = []
        self._problem_taken = False
        self._enabled = mode == "on"
        self._backend = backend
        self._folder = folder
        self._open = open_device or _open_device
        self._device: Any = None
        self._samples: dict[str, array.array[int]] = {}
        self._scaled: dict[str, array.array[int]] = {}
        self._waiting: collections.deque[tuple[str, float]] = collections.deque()
        self._lock = threading.Condition()
        self._busy = False
        self._opener: threading.Thread | None = None
        self._thread: threading.Thread | None = None
        """The opening thread, kept once it has said the device is open: ``ready`` waits
        for it to have started the device too."""
        self._patience = 1.0  # seconds take_problem may still wait for the device
        self._tried = False  # the device was opened, or tried
        if self._enabled and not deferred:
            self.start()

    # -- start-up ---------------------------------------------------------------------------

    def start(self) -> None:
        """Open the device on a thread of its own, once: nothing waits for it. (After a
        failure, only the player's ``sound on`` tries again.)"""
        if not self._enabled or self._tried:
            return
        self._tried = True
        self.problem, self._problem_taken, self._patience = None, False, 1.0
        self._opener = self._thread = threading.Thread(
            target=self._open_and_run, name="a11y-games sound", daemon=True)
        self._opener.start()

    def _open_and_run(self) -> None:
        try:
            samples = {path.stem: _decode(path) for path in sorted(self._folder.glob("*.wav"))}
            scaled = _scale(samples, self.volume)
            device = self._open(self._backend)
            stream = self._stream()
            next(stream)
        except Exception:  # no sound card, no library, a broken file: silence, said once
            with self._lock:
                self.problem = Msg("sound.unavailable")
                self._waiting.clear()
                self._opener = None
                self._lock.notify_all()
            return
        with self._lock:
            self._samples, self._scaled = samples, scaled
            self._device = device
            self.available = True
            self._opener = None
        atexit.register(self.close)  # an open device left at exit hangs the interpreter
        try:
            device.start(stream)
        except Exception:
            self._fail()

    def _fail(self) -> None:
        with self._lock:
            self.problem, self._problem_taken = Msg("sound.unavailable"), False
            self.available = False
            self._waiting.clear()
            self._lock.notify_all()

    def ready(self, timeout: float = 1.0) -> bool:
        """Wait until the device is open or has failed; True if sound can play."""
        thread = self._thread  # (``_opener`` is cleared before the device is started)
        if thread is not None:
            thread.join(timeout)
        return self.available

    # -- the player's controls --------------------------------------------------------------

    @property
    def enabled(self) -> bool:
        """Whether the player wants sound now (``sound on|off``)."""
        return self._enabled

    @enabled.setter
    def enabled(self, value: bool) -> None:
        """Turning sound on opens the device if it is not open yet (the player asked)."""
        self._enabled = bool(value)
        if not self._enabled:
            self.silence()
        elif not self.available and self._opener is None:
            self._tried = False  # the player asks: try the device again
            self.start()

    def set_volume(self, volume: int) -> None:
        """0 (silent) to 100 (the files' own level) from the next cue on."""
        with self._lock:
            self.volume = max(0, min(100, volume))
            self._scaled = _scale(self._samples, self.volume)

    def play(self, name: str, *, learning: bool = False) -> None:
        """Queue cue ``name``: it starts once those before it are over, :data:`GAP` later
        (and once the device is open, if it is opening).

        ``learning`` (the ``sounds`` command): played even if the player turned it off,
        never dropped, and followed by :data:`LEARNING_GAP` of silence.
        """
        if not self._enabled or self.problem is not None or self.volume == 0:
            return
        if name in self.muted and not learning:
            return
        with self._lock:
            if len(self._waiting) >= MAX_WAITING and not learning:
                return
            self._waiting.append((name, LEARNING_GAP if learning else GAP))

    def silence(self) -> None:
        """Forget the cues still waiting (the one playing ends: it is short)."""
        with self._lock:
            self._waiting.clear()
            self._lock.notify_all()

    def take_problem(self) -> Msg | None:
        """The problem (no device) if not yet taken: the client says it once. While the
        device opens it waits for the outcome, one second at most over all calls (a device
        that hangs delays one command, not every one)."""
        if self._enabled and self._opener is not None and self._patience > 0:
            start = time.monotonic()
            self.ready(self._patience)
            self._patience -= time.monotonic() - start
        if self.problem is None or self._problem_taken:
            return None
        self._problem_taken = True
        return self.problem

    def wait_idle(self, timeout: float = 3.0) -> bool:
        """Wait until every queued cue has been played; False on timeout."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while (self.available or self._opener is not None) and (
                    self._waiting or self._busy):
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                self._lock.wait(remaining)
        return True

    def close(self) -> None:
        """Stop playing and close the device."""
        with self._lock:
            device, self._device = self._device, None
            self.available = False
            self._waiting.clear()
            self._lock.notify_all()
        if device is not None:
            with contextlib.suppress(Exception):
                device.close()

    def __enter__(self) -> Sound:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the device's thread ----------------------------------------------------------------

    def _stream(self) -> Iterator[array.array[int] | bytes]:
        """miniaudio's callback generator: each request of ``frames`` samples gets the cues
        in turn, :data:`GAP` of silence after each, and silence when nothing waits."""
        gap = 0
        position = 0  # samples sent so far: the stream's clock
        quiet_until = 0  # no cue starts before this sample (the gap after the last one)
        current: array.array[int] | None = None
        offset = 0
        frames = yield b""
        while True:
            out = array.array("h")
            need = frames
            while need > 0:
                if current is None:
                    with self._lock:
                        while self._waiting and position >= quiet_until and current is None:
                            name, pause = self._waiting.popleft()
                            current = self._scaled.get(name)  # None: no file, nothing played
                            if current is not None:
                                gap = int(pause * RATE)
                                offset, self._busy = 0, True
                                self.played.append((name, position / RATE))
                    if current is None:
                        wait = quiet_until - position if position < quiet_until else need
                        step = min(need, wait)
                        out.extend(array.array("h", bytes(2 * step)))
                        position, need = position + step, need - step
                        continue
                step = min(need, len(current) - offset)
                out.extend(current[offset:offset + step])
                offset, position, need = offset + step, position + step, need - step
                if offset >= len(current):
                    current, quiet_until = None, position + gap
                    with self._lock:
                        self._busy = False
                        self._lock.notify_all()
            frames = yield out
