"""Operating-system reasons inside messages are said in the player's language."""

from __future__ import annotations

import errno

import pytest

from a11y_games.engine.match import Match, SaveError, SeatSpec
from a11y_games.engine.oserror import os_reason
from a11y_games.i18n import Translator
from a11y_games.ui.settings import Preferences, save_preferences
from tests.toygame import SPEC

COMMON = ("ENOENT", "EACCES", "EPERM", "EISDIR", "ENOTDIR", "ENOSPC", "EROFS", "EEXIST",
          "ENAMETOOLONG", "ELOOP", "EIO", "EBUSY", "EMFILE", "EFBIG", "EINVAL")


@pytest.mark.parametrize("name", COMMON)
def test_common_reasons_are_said_in_french(name: str) -> None:
    """"No space left on device" stayed in English in a French message."""
    code = getattr(errno, name)
    error = OSError(code, "system text")
    english = Translator("en").render(os_reason(error))
    french = Translator("fr").render(os_reason(error))
    assert "system text" not in (english, french)
    assert english != french


def test_other_reasons_keep_the_systems_text() -> None:
    assert os_reason(OSError(errno.ECHILD, "No child processes")) == "No child processes"
    assert os_reason(OSError("no errno")) == "no errno"


def test_a_save_onto_a_folder_says_why_in_french(tmp_path) -> None:
    match = Match(SPEC, SPEC.settings(2, 1), [SeatSpec("human"), SeatSpec("bot")])
    folder = tmp_path / "save.json"
    folder.mkdir()
    with pytest.raises(SaveError) as caught:
        match.save(folder)
    said = Translator("fr").render(caught.value.msg)
    assert "c'est un dossier" in said and "Is a directory" not in said


def test_settings_that_cannot_be_written_say_why_in_french(tmp_path) -> None:
    target = tmp_path / "settings.json"
    target.mkdir()
    problem = save_preferences(Preferences(), target)
    assert problem is not None
    said = Translator("fr").render(problem)
    assert "c'est un dossier" in said and "Is a directory" not in said


def test_an_events_file_that_is_a_folder_is_said_in_french(monkeypatch, tmp_path,
                                                           capsys) -> None:
    import io
    import sys

    from a11y_games.cli import main

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["vertigo", "--lang", "fr", "--speech", "off", "--events", str(tmp_path)]) == 2
    said = capsys.readouterr().out
    assert "c'est un dossier" in said and "Is a directory" not in said


@pytest.mark.parametrize("earlier", [True, False])
def test_previous_save_untouched_is_said_only_when_there_is_one(tmp_path, monkeypatch,
                                                                earlier: bool) -> None:
    """"Your previous save is untouched" was said of a save that had never existed."""
    import os

    match = Match(SPEC, SPEC.settings(2, 1), [SeatSpec("human"), SeatSpec("bot")])
    target = tmp_path / "last.json"
    if earlier:
        match.save(target)

    def full(*args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    with pytest.raises(SaveError) as caught:
        match.save(target)
    said = Translator("en").render(caught.value.msg)
    assert said.startswith(f"Could not save to {target}: the disk is full.")
    assert ("previous save is untouched" in said) is earlier
