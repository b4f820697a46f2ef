"""How long strong bots think: a setting (``set think``, ``--think``), kept between runs,
refused clearly when out of range, and given to the strong bots of the game in progress."""

from __future__ import annotations

import io
import json

import pytest

from a11y_games.engine.match import THINK_SECONDS, Match, SeatSpec
from a11y_games.games.vertigo import SPEC as VERTIGO
from a11y_games.ui.client import Client
from a11y_games.ui.settings import load_preferences
from a11y_games.ui.terminal import PlainReader, Writer
from tests.ui.test_settings import _run_set

pytestmark = pytest.mark.timeout(30)


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def _run(script: str, lang: str = "en") -> tuple[list[str], Client]:
    return _run_set(script, lang)


def test_set_think_is_listed_refused_out_of_range_and_remembered(tmp_path) -> None:
    """The range said is THINK_SECONDS (written in each language's own numbers)."""
    assert THINK_SECONDS == (0.1, 30.0)
    lines, _ = _run("set\nset think 0\nset think soon\nset think 2,5\n")
    assert "think: 1 s. Possible: 0.1 to 30." in lines
    assert "Thinking time is seconds from 0.1 to 30, not 0." in lines
    assert "Thinking time is seconds from 0.1 to 30, not soon." in lines
    assert "think is now 2.5. Remembered for next time." in lines
    saved = json.loads((tmp_path / "config" / "a11y_games" / "settings.json").read_text())
    assert saved["think"] == 2.5
    assert load_preferences()[0].think == 2.5


def test_french_takes_a_decimal_comma_and_its_own_name(tmp_path) -> None:
    lines, _ = _run("regler\nregler reflexion 0,5\n", "fr")
    assert "reflexion : 1 s. Possible : de 0,1 à 30." in lines
    assert "reflexion vaut maintenant 0,5. Gardé pour la prochaine fois." in lines
    assert load_preferences()[0].think == 0.5


def test_a_hand_edited_thinking_time_out_of_range_costs_that_value_only(tmp_path) -> None:
    folder = tmp_path / "config" / "a11y_games"
    folder.mkdir(parents=True)
    (folder / "settings.json").write_text(json.dumps({"think": 900, "verbosity": "brief"}))
    prefs, problem = load_preferences()
    assert prefs.think == 1.0 and prefs.verbosity == "brief"
    assert problem is not None and problem.id == "core.settings.bad_value"


def test_the_game_in_progress_gives_its_strong_bots_the_new_time() -> None:
    match = Match(VERTIGO, VERTIGO.settings(2, 1), [SeatSpec("human", "Ana"),
                                                   SeatSpec("bot", level="strong")])
    assert match.thinks(1) and not match.thinks(0)
    match.think(2.5)
    assert match._bots[1].seconds == 2.5  # type: ignore[attr-defined]


@pytest.mark.parametrize(("value", "lang", "said"), [
    ("0", "en", "--think takes seconds from 0.1 to 30, not 0."),
    ("nan", "en", "--think takes seconds from 0.1 to 30, not nan."),
    ("lent", "fr", "--think demande des secondes de 0,1 à 30, pas lent."),
])
def test_the_command_line_refuses_a_thinking_time_out_of_range(monkeypatch, capsys, value,
                                                                lang, said) -> None:
    import sys

    from a11y_games.cli import main

    monkeypatch.setenv("SPEECHD_CMD", "/bin/false")
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    status = main(["vertigo", "--think", value, "--lang", lang, "--speech", "off"])
    assert status == 2
    assert capsys.readouterr().out.splitlines()[-1] == said


def _play(script: str, level: str, clock, lang: str = "en") -> list[str]:
    """Vertigo, 2 players: Ana here, then a bot of ``level`` makes its setup purchases
    (several decisions, nothing said until its summary). A strong bot searches 5
    iterations a decision: the same moves every run."""
    match = Match(VERTIGO, VERTIGO.settings(2, 5), [SeatSpec("human", "Ana"),
                                                   SeatSpec("bot", level=level)])
    if level == "strong":
        match._bots[1].iterations = 5  # type: ignore[attr-defined]
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO(script)), writer=Writer(out),
                    lang=lang, clock=clock)
    client.run()
    return out.getvalue().splitlines()


def _slow_clock(step: float):
    """A clock that moves ``step`` seconds each time it is read: a bot that takes that
    long a decision (as a strong bot may), without waiting for it."""
    ticks = iter(range(10_000))
    return lambda: next(ticks) * step


HINT = "Quicker bots, less strong: type set think 0.3."


def test_a_long_silence_while_a_bot_plays_says_who_is_thinking() -> None:
    """3 s a decision: the player hears which strong bot is thinking once 3 s passed with
    nothing said, how to make bots quicker (once a game), "still thinking" each 15 s
    more, and the bot's purchases when they are made."""
    lines = _play("1\n1\n00\n", "strong", _slow_clock(3.0))
    start = lines.index("Gaia makes the setup purchases.")
    summary = next(i for i, line in enumerate(lines) if line.startswith("Gaia: "))
    said = lines[start + 1:summary]
    assert said[:2] == ["Gaia is thinking.", HINT]
    assert said[2:] and set(said[2:]) == {"Gaia is still thinking."}
    assert not any("thinking" in line for line in lines[:start])
    assert lines.count(HINT) == 1


def test_in_french_too() -> None:
    lines = _play("1\n1\n00\n", "strong", _slow_clock(3.0), "fr")
    assert "Gaia réfléchit." in lines and "Gaia réfléchit encore." in lines
    assert "Robots plus rapides, moins forts : tapez regler reflexion 0,3." in lines


def test_bots_that_do_not_search_are_never_said_to_think() -> None:
    """A normal bot answers at once: even on a clock as slow as above, nothing is said of
    its thinking (what it does is said as it happens)."""
    lines = _play("1\n1\n00\n", "normal", _slow_clock(3.0))
    assert "Gaia makes the setup purchases." in lines
    assert any(line.startswith("Gaia: ") for line in lines)
    assert not any("thinking" in line or line == HINT for line in lines)
