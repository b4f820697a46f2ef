"""``a11y-games doctor``: one line for each part, in the player's language, then a game."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from a11y_games.cli import main

pytestmark = pytest.mark.timeout(60)


@pytest.fixture
def here(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No speech service answers (none is started), no sound, private folders."""
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path / 'none.sock'}")
    monkeypatch.setenv("SPEECHD_CMD", "/bin/false")
    monkeypatch.setenv("NO_SOUND", "1")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    return tmp_path


def test_doctor_says_each_part_on_a_line_of_its_own(here: Path, capsys) -> None:
    assert main(["doctor", "--lang", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert re.fullmatch(r"a11y-games [\d.?]+, Python 3\.\d+\.\d+, Linux .*\.", lines[0])
    assert lines[1] == "Screen reader: none found running."
    assert lines[2] == "Speech: none, no speech service answers; text goes on."
    assert re.fullmatch(r"Braille: liblouis \d+\.\d+\.\d+, table en-ueb-g1\.ctb\.", lines[3])
    assert lines[4].startswith("No braille display: ")
    assert lines[5] == "Sound: off, NO_SOUND is set."
    assert lines[6] == f"Settings folder: {here / 'config' / 'a11y_games'}."
    assert lines[7] == f"Saves folder: {here / 'data' / 'a11y_games' / 'saves'}."
    assert lines[8] == "A game of Vertigo, 2 random bots, no speech:"
    assert lines[9] == "Welcome to Vertigo."
    assert re.fullmatch(r"The game ran to its end: \d+ moves in [\d.]+ seconds\.", lines[-2])
    assert lines[-1] == "The games run on this system."


def test_doctor_speaks_french_and_its_game_too(here: Path, capsys) -> None:
    assert main(["doctor", "--lang", "fr"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "Lecteur d'écran : aucun en marche."
    assert lines[5] == "Son : coupé, NO_SOUND est défini."
    assert "Bienvenue dans Vertigo." in lines
    assert lines[-1] == "Les jeux marchent sur ce système."


def test_doctor_names_the_screen_reader_that_speaks_instead(here: Path, capsys,
                                                            monkeypatch) -> None:
    from a11y_games.output import screenreader

    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setattr(screenreader, "processes", lambda: [["/usr/bin/python3",
                                                             "/usr/bin/orca"]])
    monkeypatch.setattr(screenreader, "_tty", lambda: "/dev/pts/3")
    assert main(["doctor"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[1] == "Screen reader: Orca runs, found by its process."
    assert lines[2] == "Speech: Orca says each line once; the game's voice stays off."


def test_doctor_help_says_to_paste_it(capsys) -> None:
    assert main(["doctor", "--help", "--lang", "fr"]) == 0
    assert "Collez-le pour demander de l'aide." in capsys.readouterr().out.splitlines()
