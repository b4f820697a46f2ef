"""UT-01 VG-01 VA-01: whole games of Utopia (English), Vertigo and Vanuatu (French) played
by keystrokes in a real terminal, each to its end, then left through the confirmation."""

from __future__ import annotations

import pytest

from a11y_games.games import all_specs
from tests.e2e.tmuxdriver import TmuxPlayer, play_to_the_end, tmux_available

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(600),
              pytest.mark.skipif(not tmux_available(), reason="tmux or the client missing")]

GAMES = all_specs()
CASES = [("utopia", "en", ["--players", "3", "--seed", "3"]),
         ("vertigo", "fr", ["--players", "2", "--seed", "3"]),
         ("vanuatu", "fr", ["--players", "3", "--seed", "3"])]


@pytest.mark.parametrize(("game", "lang", "extra"), CASES, ids=[c[0] for c in CASES])
def test_whole_game_by_keystrokes(tmp_path, game: str, lang: str, extra: list[str]) -> None:
    if game not in GAMES:
        pytest.skip(f"{game} is not installed")
    over, leave, yes, bye, welcome = (
        ("Game over", "quit", "yes", "Goodbye.", "Welcome to") if lang == "en" else
        ("Partie terminée", "quitter", "oui", "Au revoir.", "Bienvenue dans"))
    player = TmuxPlayer(tmp_path, [game, "--lang", lang, "--speech", "off", "--level",
                                   "normal", *extra])
    try:
        lines = play_to_the_end(player, over=over, choose="random", timeout=540)
        assert any(line.startswith(welcome) for line in lines)
        player.type(leave)
        lines = player.wait_prompt(lines)
        player.type(yes)
        lines = player.wait_for(lambda ls: any(bye in line for line in ls))
    finally:
        player.close()
    # the winners said once: the client's line, or the game's own ("Won by Raphael, ...")
    winners = ("Winner", "Winners", "Won by") if lang == "en" else ("Gagnant", "Gagnants")
    assert sum(line.startswith(winners) for line in lines) == 1
