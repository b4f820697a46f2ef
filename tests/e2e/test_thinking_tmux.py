"""A strong bot thinking at a local table, in a real terminal (tmux): the prompt stays
open, and what the player types meanwhile is answered before the bot's move is said."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e.tmuxdriver import TmuxPlayer, answered_before, tmux_available

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(120),
              pytest.mark.skipif(not tmux_available(), reason="tmux or the client missing")]


def test_a_command_typed_while_a_strong_bot_thinks_is_answered_at_once(tmp_path: Path) -> None:
    """Vertigo, 2 players: after Ana's setup purchases, Smog (strong, 2 s a decision)
    makes its own, several decisions said only in its summary. ``help keys`` typed then
    is answered while it still thinks: above its summary, at a ``Waiting>`` prompt."""
    ana = TmuxPlayer(tmp_path, ["vertigo", "--players", "2", "--level", "strong",
                                "--think", "2", "--seed", "5", "--speech", "off",
                                "--sound", "off"], env={"SPEECHD_CMD": "/bin/false"})
    try:
        lines: list[str] = []
        for answer in ("1", "1", "00"):  # a pawn, in the right region; done
            lines = ana.wait_prompt(lines, timeout=30)
            ana.type(answer)
        # the bot's moves: its summary, or, when they came while the player read help,
        # their digest ("7 events while you were reading", then "Smog, left region: ...")
        answered_before(ana, "help keys", "F2, or Alt+s", ("Smog: ", "Smog, "))
    finally:
        ana.close()
