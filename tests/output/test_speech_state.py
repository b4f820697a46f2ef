"""The game's voice is named once, when it speaks: a voice that begins is named as it
does, one still loading when it begins, one that does not begin is said once as none (it
was named first, then said lost)."""

from __future__ import annotations

import io
import time

import pytest

from a11y_games.output.speech import Speech
from a11y_games.ui.terminal import Writer
from a11y_games.ui.voice import Voice

from .fake_ssip import FakeSSIP

pytestmark = pytest.mark.timeout(20)

NAMED = "Speech: Speech Dispatcher."
NEVER = "Speech: none, the speech service did not start. Text goes on."


def started(lang: str = "en") -> tuple[Speech, Voice, io.StringIO]:
    speech = Speech("auto", lang=lang, screen_reader=lambda: None)
    assert speech.available
    out = io.StringIO()
    return speech, Voice(speech, Writer(out), lang), out


def lines_once(out: io.StringIO, wanted: str, seconds: float = 5.0) -> list[str]:
    deadline = time.monotonic() + seconds
    while wanted not in out.getvalue() and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)  # nothing more comes after it
    return out.getvalue().splitlines()


def test_a_voice_that_speaks_is_named_once(fake_ssip: FakeSSIP) -> None:
    speech, voice, out = started()
    try:
        voice.start()
        assert out.getvalue().splitlines() == [NAMED], "named before start returns"
        assert fake_ssip.wait_for(lambda s: NAMED in s.spoken)
        time.sleep(0.3)
        assert fake_ssip.spoken.count(NAMED) == 1, "heard once"
    finally:
        speech.close()


def test_a_voice_still_loading_is_named_when_it_begins(fake_ssip: FakeSSIP) -> None:
    speech, voice, out = started()
    try:
        fake_ssip.slow_until = time.monotonic() + 2.0  # a daemon loading its voice
        began = time.monotonic()
        voice.start()
        assert time.monotonic() - began > 1.5, "waited for"
        assert lines_once(out, NAMED) == [NAMED]
        assert speech.take_problem() is None
    finally:
        speech.close()


def test_a_voice_that_never_begins_is_said_once_as_none(
        fake_ssip: FakeSSIP, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Voice, "FIRST_WORDS", 1.0)
    speech, voice, out = started()
    try:
        fake_ssip.answer = False  # connected, then hung at its first line
        voice.start()
        assert lines_once(out, NEVER) == [NEVER], "never named, then said lost"
    finally:
        speech.close()


def test_french_says_it_in_french(fake_ssip: FakeSSIP,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Voice, "FIRST_WORDS", 1.0)
    speech, voice, out = started("fr")
    try:
        fake_ssip.answer = False
        voice.start()
        assert lines_once(out, "Parole : aucune") == [
            "Parole : aucune, le service de synthèse vocale n'a pas démarré. Le texte continue."]
    finally:
        speech.close()
