"""PN-12 PN-24 PN-25 PN-28: a whole game of PNUE played by keystrokes in a real terminal.

The real client runs in a private tmux server; the test answers every prompt by typing a
choice number and Enter, as a keyboard-only player would, until the game ends, then
leaves through the quit confirmation.
"""

from __future__ import annotations

import pytest

from tests.e2e.tmuxdriver import TmuxPlayer, play_to_the_end, tmux_available

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(300),
              pytest.mark.skipif(not tmux_available(), reason="tmux or the client missing")]


def _game(tmp_path, args: list[str], over: str, quit_word: str, yes: str, bye: str):
    player = TmuxPlayer(tmp_path, args)
    try:
        lines = play_to_the_end(player, over=over)
        player.type(quit_word)
        lines = player.wait_prompt(lines)
        player.type(yes)
        lines = player.wait_for(lambda ls: any(bye in line for line in ls))
        return lines
    finally:
        player.close()


def test_whole_game_in_french_by_keystrokes(tmp_path) -> None:
    lines = _game(tmp_path, ["pnue", "--players", "5", "--seed", "11", "--lang", "fr",
                             "--speech", "off", "--level", "normal"],
                  over="Partie terminée", quit_word="quitter", yes="oui", bye="Au revoir.")
    text = "\n".join(lines)
    assert "Bienvenue dans" in text
    assert "Partie terminée." in text
    assert any(line.startswith(("Gagnant", "Gagnants")) for line in lines)
    assert "Game over" not in text  # nothing in English leaked into the French game


def test_whole_game_in_english_with_crises_by_keystrokes(tmp_path) -> None:
    lines = _game(tmp_path, ["pnue", "--players", "7", "--seed", "5", "--lang", "en",
                             "--speech", "off", "--variant", "crises=on"],
                  over="Game over", quit_word="quit", yes="yes", bye="Goodbye.")
    text = "\n".join(lines)
    assert "Welcome to" in text
    assert any(line.startswith(("Winner", "Winners")) for line in lines)
    assert "Partie terminée" not in text
