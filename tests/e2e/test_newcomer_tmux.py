"""A newcomer's path, settings that stay, and a closed terminal resumed — in a real terminal."""

from __future__ import annotations

import json

import pytest

from a11y_games.games import all_specs
from tests.e2e.tmuxdriver import TmuxPlayer, tmux_available

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(120),
              pytest.mark.skipif(not tmux_available(), reason="tmux or the client missing")]

GAMES = list(all_specs())


@pytest.mark.parametrize("number", range(1, len(GAMES) + 1), ids=GAMES)
def test_newcomer_reaches_the_first_move_in_three_answers(tmp_path, number: int) -> None:
    """After the language (the first question on a machine with no settings)."""
    player = TmuxPlayer(tmp_path, ["--speech", "off"])
    try:
        lines = player.wait_prompt([])
        assert not player.dead(), "the client left at once:\n" + "\n".join(lines)
        assert len(lines) >= 2 and lines[-2].startswith("Language?"), lines[-6:]
        player.type("")  # the language found in the environment
        lines = player.wait_prompt(lines)
        assert any("First time here?" in line for line in lines)
        answers = [str(number), "", ""]  # the game, then Enter twice: default players, start
        for answer in answers:
            player.type(answer)
            lines = player.wait_prompt(lines)
        assert any("Your turn" in line or "Waiting" in line for line in lines[-30:]), lines[-30:]
        assert any(line.startswith("Welcome to") for line in lines)
    finally:
        player.close()


def test_settings_are_found_again_next_time(tmp_path) -> None:
    first = TmuxPlayer(tmp_path, ["pnue", "--speech", "off", "--seed", "1"])
    try:
        lines = first.wait_prompt([])
        for command in ("set verbosity brief", "lang fr", "quitter", "oui", "non"):
            first.type(command)
            lines = first.wait_prompt(lines)
    finally:
        first.close()
    saved = json.loads((tmp_path / "config" / "a11y_games" / "settings.json").read_text())
    assert saved["verbosity"] == "brief" and saved["lang"] == "fr"
    second = TmuxPlayer(tmp_path, ["pnue", "--speech", "off", "--seed", "1"])
    try:
        lines = second.wait_prompt([])
        assert any(line.startswith("Bienvenue dans") for line in lines)  # French again
        assert not any("Première fois" in line for line in lines)  # walkthrough once only
        second.type("regler")
        lines = second.wait_prompt(lines)
        assert "verbosite : bref. Possible : bref, normal, complet." in lines  # French names
    finally:
        second.close()


def test_a_closed_terminal_is_resumed_with_nothing_lost(tmp_path) -> None:
    player = TmuxPlayer(tmp_path, ["pnue", "--speech", "off", "--seed", "2", "--players", "5"])
    try:
        lines = player.wait_prompt([])
        for _ in range(4):
            player.type("1")
            lines = player.wait_prompt(lines)
    finally:
        player.close()  # the terminal is closed under the running game: no goodbye, no save
    autosave = json.loads((tmp_path / "data" / "a11y_games" / "saves" / "autosave.json")
                          .read_text())
    moves = len(autosave["log"])
    assert moves >= 4
    again = TmuxPlayer(tmp_path, ["resume", "--speech", "off"])
    try:
        lines = again.wait_prompt([])
        assert any(line.startswith("Loaded PNUE — Mr Dollar from") and
                   line.endswith(f": {moves} moves replayed.") for line in lines), lines
        assert not any(line.startswith("Turn 1:") for line in lines)  # history not re-read
        again.type("log 100")
        lines = again.wait_prompt(lines)
        assert any(line.startswith("Turn 1:") for line in lines)  # but it is in the log
        again.type("save check")
        lines = again.wait_prompt(lines)
        check = json.loads((tmp_path / "data" / "a11y_games" / "saves" / "check.json")
                           .read_text())
        assert check["log"][:moves] == autosave["log"]
    finally:
        again.close()
