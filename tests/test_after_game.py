"""After a game over at a local table: one line offers the same table again, the game
menu, or quit; `quit` leaves at once, and the game menu says how to leave."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.net.clients import BIN, private_env

pytestmark = pytest.mark.timeout(120)


def _play(tmp_path: Path, typed: str, *args: str) -> list[str]:
    done = subprocess.run([str(BIN), "play", *args, "--speech", "off", "--lang", "en"],
                          input=typed, capture_output=True, text=True, timeout=100,
                          env=private_env(tmp_path / "home"))
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout.splitlines()


def test_after_a_game_again_deals_the_same_table_and_quit_leaves_at_once(
        tmp_path: Path) -> None:
    lines = _play(tmp_path, "again\nquit\n", "vertigo", "--humans", "0", "--players", "3",
                  "--level", "random", "--seed", "4")
    assert lines.count("Game over.") == 2, lines[-20:]
    assert lines.count(
        "Type again to play this table again, menu for the games, or quit.") == 2
    assert not any("Leave the game?" in line for line in lines)
    assert lines[-1] == "Goodbye."


def test_after_a_game_menu_opens_the_game_menu_which_says_how_to_leave(
        tmp_path: Path) -> None:
    lines = _play(tmp_path, "menu\nhelp\nquit\n", "vertigo", "--humans", "0", "--players",
                  "3", "--level", "random", "--seed", "4")
    assert lines.count("Game over.") == 1
    after = lines[lines.index("Game over."):]
    assert "Type a number from 1 to 5; Enter takes the one offered; quit leaves." in after
    assert after[-1] == "Goodbye."
