"""Settings that stay between runs: saved, changed, found again; corrupt files never crash."""

from __future__ import annotations

import io
import json

import pytest

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.ui.client import Client
from a11y_games.ui.settings import Preferences, load_preferences, save_preferences
from a11y_games.ui.terminal import PlainReader, Writer
from tests.toygame import SPEC

pytestmark = pytest.mark.timeout(30)


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def test_saved_preferences_are_found_again(tmp_path) -> None:
    prefs = Preferences().with_value("verbosity", "brief").with_value("braille_width", "20")
    assert save_preferences(prefs) is None
    again, problem = load_preferences()
    assert problem is None and again == prefs


@pytest.mark.parametrize("content", ["{oops", "[]", '{"verbosity": "loud"}',
                                     '{"braille_width": 3}'])
def test_corrupt_settings_give_defaults_and_a_message(tmp_path, content) -> None:
    path = tmp_path / "config" / "a11y_games" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(content)
    prefs, problem = load_preferences()
    assert prefs == Preferences()
    assert problem is not None and problem.id == "core.settings.corrupt"


def test_set_command_changes_and_remembers(tmp_path) -> None:
    match = Match(SPEC, SPEC.settings(2, 1), [SeatSpec("human", "Ana"),
                                             SeatSpec("bot", level="random")])
    out = io.StringIO()
    script = "set verbosity loud\nset braille_width 20\nset verbosity brief\nlang fr\nset\n"
    client = Client(match, reader=PlainReader(io.StringIO(script)), writer=Writer(out),
                    prefs=Preferences())
    client.run()
    lines = out.getvalue().splitlines()
    assert "verbosity cannot be loud. Possible: brief, normal, full." in lines
    assert "braille_width is now 20. Remembered for next time." in lines
    saved = json.loads((tmp_path / "config" / "a11y_games" / "settings.json").read_text())
    assert saved["verbosity"] == "brief" and saved["braille_width"] == 20
    assert saved["lang"] == "fr"
    assert client.braille.width == 20


def test_a_braille_table_that_does_not_load_is_refused_not_remembered(tmp_path) -> None:
    match = Match(SPEC, SPEC.settings(2, 1), [SeatSpec("human", "Ana"),
                                             SeatSpec("bot", level="random")])
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO("set braille_table nope.ctb\n"
                                                          "set braille_table en-ueb-g2.ctb\n")),
                    writer=Writer(out), prefs=Preferences())
    client.run()
    lines = out.getvalue().splitlines()
    assert any("nope.ctb" in line and "en-ueb-g1.ctb" in line for line in lines)
    saved = json.loads((tmp_path / "config" / "a11y_games" / "settings.json").read_text())
    assert saved["braille_table"] == "en-ueb-g2.ctb"


def test_set_shows_the_values_in_force_and_takes_french_words(tmp_path) -> None:
    match = Match(SPEC, SPEC.settings(2, 1), [SeatSpec("human", "Ana"),
                                             SeatSpec("bot", level="random")])
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO("regler\nregler verbosity bref\n")),
                    writer=Writer(out), prefs=Preferences(lang="en"), lang="fr")
    client.run()
    lines = out.getvalue().splitlines()
    assert "lang : fr. Possible : en, fr." in lines  # the language in force, not the stored one
    assert "braille_table : fr-bfu-comp6.utb. Possible : ...." in lines
    assert "Verbosité : bref." in lines
