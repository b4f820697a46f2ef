"""Several lines pasted at once in a real terminal run in order, as if typed."""

from __future__ import annotations

import pytest

from tests.e2e.tmuxdriver import TmuxPlayer, tmux_available

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(60),
              pytest.mark.skipif(not tmux_available(), reason="tmux or the client missing")]


def test_pasted_lines_each_run(tmp_path) -> None:
    """A terminal's paste (bracketed, as tmux ``paste-buffer -p``) gave prompt_toolkit one
    line "whose status log 2": only whose ran, the others were lost without a word."""
    player = TmuxPlayer(tmp_path, ["vertigo", "--speech", "off", "--seed", "1",
                                   "--players", "2"])
    try:
        lines = player.wait_prompt([])
        player._tmux("set-buffer", "whose\nstatus\nlog 2\n")
        player._tmux("paste-buffer", "-p")
        player.type("")
        lines = player.wait_for(lambda ls: any(line.startswith("Messages ") for line in ls))
    finally:
        player.close()
    told = lines[next(i for i, line in enumerate(lines) if line.endswith("> whose")):]
    money = next(i for i, line in enumerate(told) if line.startswith("Money 40 $"))  # status
    assert any(line.startswith("Your turn: ") for line in told[:money])  # whose ran first
    assert any(line.endswith("> log 2") for line in told)
