"""The voices a system offers the game, in the order tried: the rule written once.

On Windows, accessible_output2's outputs by its priority: the screen readers (NVDA, JAWS...)
and then SAPI 5, Windows' own voice. On macOS, VoiceOver through accessible_output2, then
the system's synthesiser (NSSpeechSynthesizer) through its ``say`` command. On Linux,
Speech Dispatcher (:mod:`a11y_games.output.speech` checks first that it answers). The
first output that says it is active speaks; whether the game speaks at all when a screen
reader already reads the terminal is :class:`~a11y_games.output.speech.Speech`'s rule.

Every function takes the platform and the outputs as parameters, so that tests fake them.
"""

from __future__ import annotations

import contextlib
import io
import os
import queue
import subprocess
import sys
import threading
from collections.abc import Iterator, Sequence
from typing import Any

__all__ = ["SayOutput", "candidates", "first_active", "service_name"]

NAMES = {"jaws": "JAWS", "sapi5": "SAPI 5", "sapi4": "SAPI 4",
         "Linux Speech Dispatcher": "Speech Dispatcher", "Linux ESpeak": "eSpeak"}
"""accessible_output2's output names as a player knows them (it says ``jaws``, ``sapi5``)."""


def service_name(output: Any) -> str:
    """The name a player knows an output by: ``NVDA``, ``JAWS``, ``SAPI 5``, ``VoiceOver``."""
    name = str(getattr(output, "name", "") or "accessible_output2")
    return NAMES.get(name, name)


@contextlib.contextmanager
def _muted() -> Iterator[None]:
    """accessible_output2 prints its failures (``Cannot find espeak.core``) to stdout."""
    sink = io.StringIO()
    with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
        yield


def accessible_outputs() -> list[Any]:
    """accessible_output2's outputs that load on this system, by its priority; none when
    it does not load at all (a missing system library)."""
    with _muted():
        try:
            from accessible_output2.outputs.auto import Auto

            return list(Auto().outputs)
        except Exception:  # any failure of a third-party library means: none of its voices
            return []


def candidates(platform: str = sys.platform) -> list[Any]:
    """The outputs to try, in order, on ``platform``."""
    found = accessible_outputs()
    if platform == "darwin":
        found.append(SayOutput())
    return found


def first_active(outputs: Sequence[Any]) -> Any:
    """The first output that says it is active (a screen reader running, a voice there)."""
    for output in outputs:
        with _muted():
            try:
                if output.is_active():
                    return output
            except Exception:  # an output that fails to answer is not there
                continue
    return None


class SayOutput:
    """macOS's own synthesiser (NSSpeechSynthesizer) through its ``say`` command: texts
    said one after another on a thread of their own; ``silence`` stops the one being said
    and forgets the rest."""

    name = "NSSpeechSynthesizer"

    def __init__(self, command: str = "/usr/bin/say") -> None:
        self.command = command
        self._texts: queue.Queue[str | None] = queue.Queue()
        self._saying: subprocess.Popen[bytes] | None = None
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def is_active(self) -> bool:
        return os.access(self.command, os.X_OK)

    def speak(self, text: str, interrupt: bool = False) -> None:
        if interrupt:
            self.silence()
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="a11y-games say",
                                            daemon=True)
            self._thread.start()
        self._texts.put(text)

    def silence(self) -> None:
        with contextlib.suppress(queue.Empty):
            while True:
                self._texts.get_nowait()
        with self._lock:
            if self._saying is not None and self._saying.poll() is None:
                self._saying.terminate()

    def close(self) -> None:
        self.silence()
        self._texts.put(None)

    def _run(self) -> None:
        while (text := self._texts.get()) is not None:
            try:
                with self._lock:
                    self._saying = subprocess.Popen(  # the text as one argument, no shell
                        [self.command, "--", text], stdin=subprocess.DEVNULL,
                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                self._saying.wait()
            except OSError:
                continue
