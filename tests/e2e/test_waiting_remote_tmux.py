"""At a network table, in a real terminal (tmux): once the player has answered, the
prompt comes back while the server's strong bot still decides, and a command typed then
is answered at once (the client used to wait up to 15 s for the next question, with no
prompt: what was typed showed raw and was not read)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.tmuxdriver import TmuxPlayer, answered_before, tmux_available
from tests.net.clients import Server, private_env

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(150),
              pytest.mark.skipif(not tmux_available(), reason="tmux or the client missing")]


def test_a_command_typed_while_the_server_s_strong_bot_decides_is_answered(
        tmp_path: Path) -> None:
    """Vertigo, 2 players, Ana against a strong bot at the server (2 s a decision): after
    her setup purchases, Smog makes its own, several decisions; ``help keys`` typed at the
    ``Waiting>`` prompt is answered before Smog's purchases are said."""
    server = Server(tmp_path / "db", tmp_path / "server-home", "--think", "2",
                    "--seed", "5").start()
    env = {k: v for k, v in private_env(tmp_path / "ana").items()
           if k in ("SPEECHD_CMD", "NO_SOUND", "HOME")}
    ana = TmuxPlayer(tmp_path / "ana", ["connect", server.url.removeprefix("ws://"),
                                        "--name", "Ana", "--speech", "off"], env=env)
    try:
        lines: list[str] = []
        # the lobby: create Vertigo for 2, 1 strong bot, in one line
        lines = ana.wait_prompt(lines, timeout=30)
        ana.type("create vertigo 2 bots 1 level strong")
        while True:
            lines = ana.wait_prompt(lines, timeout=30)
            if lines[-1].startswith("Start>"):
                ana.type("start")
                break
            ana.type("")
        lines = ana.wait_for(lambda lines: any(line.startswith("Setup purchases:")
                                               for line in lines), timeout=30)
        assert any(line.startswith("Setup purchases: you first") for line in lines), lines
        lines = []
        for answer in ("1", "1", "00"):  # a pawn, in the right region; done
            lines = ana.wait_prompt(lines, timeout=30)
            ana.type(answer)
        # the bot's moves: its summary, or, when they came while the player read help,
        # their digest ("7 events while you were reading", then "Smog, left region: ...")
        answered_before(ana, "help keys", "F2, or Alt+s", ("Smog: ", "Smog, "))
    finally:
        ana.close()
        server.kill()
