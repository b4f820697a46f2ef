"""Who speaks on Windows and macOS: the same rule as on Linux, with that system's voices.

These systems cannot run here: the platform, the screen-reader probe and
accessible_output2's outputs are faked (each fake records what it was asked to say); the
rule itself, :class:`Speech` and its thread, is the real one. macOS's ``say`` is a real
program here: a script that writes what it is asked to say.
"""

from __future__ import annotations

import stat
import time
from pathlib import Path

import pytest

from a11y_games.output.screenreader import ScreenReader, detect
from a11y_games.output.speech import Speech
from a11y_games.output.voices import SayOutput, service_name

pytestmark = pytest.mark.timeout(30)


class FakeOutput:
    """An accessible_output2 output: its name, whether it is active, what it said."""

    def __init__(self, name: str, *, active: bool) -> None:
        self.name = name
        self.active = active
        self.said: list[str] = []

    def is_active(self) -> bool:
        return self.active

    def speak(self, text: str, interrupt: bool = False) -> None:
        self.said.append(text)

    def silence(self) -> None:
        self.said.append("<silence>")


def _windows(*active: str) -> list[FakeOutput]:
    """Windows' outputs in accessible_output2's order, ``active`` among them."""
    return [FakeOutput(name, active=name in active)
            for name in ("NVDA", "jaws", "Window-Eyes", "sapi5")]


def _speech(mode: str, platform: str, outputs: list[FakeOutput], reader: str | None,
            **kwargs: object) -> Speech:
    return Speech(mode, platform=platform, outputs=lambda: outputs, threaded=False,
                  screen_reader=lambda: ScreenReader(reader, "api") if reader else None,
                  **kwargs)  # type: ignore[arg-type]


@pytest.mark.parametrize(("platform", "reader"), [("win32", "NVDA"), ("win32", "JAWS"),
                                                  ("darwin", "VoiceOver")])
def test_a_running_screen_reader_speaks_alone(platform: str, reader: str) -> None:
    outputs = _windows("NVDA", "jaws", "sapi5")
    speech = _speech("auto", platform, outputs, reader)
    speech.speak("Your turn.")
    assert speech.in_force == "reader"
    assert speech.choice().params["reader"] == reader  # type: ignore[union-attr]
    assert all(not output.said for output in outputs)


@pytest.mark.parametrize(("active", "service"), [
    (("NVDA", "sapi5"), "NVDA"), (("jaws", "sapi5"), "JAWS"), (("sapi5",), "SAPI 5")])
def test_speech_on_windows_takes_the_first_active_output(active: tuple[str, ...],
                                                          service: str) -> None:
    outputs = _windows(*active)
    speech = _speech("on", "win32", outputs, "NVDA" if "NVDA" in active else None)
    speech.speak("Your turn.")
    assert speech.service == service
    spoken = [o for o in outputs if o.said]
    assert [service_name(o) for o in spoken] == [service]
    assert spoken[0].said == ["Your turn."]


def test_windows_with_no_screen_reader_speaks_with_sapi() -> None:
    outputs = _windows("sapi5")
    speech = _speech("auto", "win32", outputs, None)
    speech.speak("Vertigo: your turn.")
    assert speech.in_force == "on"
    assert speech.choice().params == {"service": "SAPI 5"}  # type: ignore[union-attr]
    assert outputs[-1].said == ["Vertigo: your turn."]


def test_windows_with_no_voice_at_all_says_so_once() -> None:
    speech = _speech("auto", "win32", _windows(), None)
    assert speech.in_force == "off"
    assert speech.take_problem().id == "output.speech.unavailable"  # type: ignore[union-attr]
    assert speech.take_problem() is None


def test_the_windows_probe_names_nvda_before_narrator() -> None:
    found = detect(platform="win32", processes=[["Narrator.exe"]], windows=lambda: ["NVDA"])
    assert found == ScreenReader("NVDA", "api")
    assert detect(platform="win32", processes=[["Narrator.exe"]], windows=list) == \
        ScreenReader("Narrator", "process")


@pytest.fixture
def say(tmp_path: Path) -> tuple[Path, Path]:
    """A ``say`` program that appends each text it is given to a file."""
    heard = tmp_path / "heard.txt"
    program = tmp_path / "say"
    program.write_text(f'#!/bin/sh\n[ "$1" = "--" ] && shift\nprintf "%s\\n" "$1" >> {heard}\n')
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    return program, heard


def _heard(heard: Path, count: int) -> list[str]:
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        lines = heard.read_text().splitlines() if heard.exists() else []
        if len(lines) >= count:
            return lines
        time.sleep(0.02)
    return heard.read_text().splitlines() if heard.exists() else []


def test_macos_without_voiceover_speaks_through_the_system_synthesiser(
        say: tuple[Path, Path]) -> None:
    program, heard = say
    voiceover = FakeOutput("VoiceOver", active=False)
    outputs = [voiceover, SayOutput(str(program))]
    speech = Speech("auto", platform="darwin", outputs=lambda: outputs, screen_reader=lambda: None)
    try:
        speech.speak("Utopia: your turn.")
        speech.speak("-n is not an option here.")
        assert speech.service == "NSSpeechSynthesizer"
        assert _heard(heard, 2) == ["Utopia: your turn.", "-n is not an option here."]
        assert voiceover.said == []
    finally:
        speech.close()


def test_macos_speech_on_with_voiceover_speaks_through_voiceover(
        say: tuple[Path, Path]) -> None:
    program, heard = say
    voiceover = FakeOutput("VoiceOver", active=True)
    speech = Speech("on", platform="darwin", threaded=False,
                    outputs=lambda: [voiceover, SayOutput(str(program))],
                    screen_reader=lambda: ScreenReader("VoiceOver", "process"))
    speech.speak("Vanuatu: your turn.")
    assert speech.service == "VoiceOver"
    assert voiceover.said == ["Vanuatu: your turn."]
    assert not heard.exists()


def test_the_macos_probe_finds_voiceover_by_its_process() -> None:
    assert detect(platform="darwin", processes=[["/System/Library/CoreServices/VoiceOver.app"
                                                 "/Contents/MacOS/VoiceOver"]]) == \
        ScreenReader("VoiceOver", "process")
    assert detect(platform="darwin", processes=[["Terminal"]]) is None
