"""Two players at one keyboard in a real terminal: the screen is cleared at each hand-over,
and what was said publicly meanwhile is said again to the player given the keyboard."""

from __future__ import annotations

import pytest

from tests.e2e.tmuxdriver import TmuxPlayer, tmux_available

pytestmark = [pytest.mark.e2e, pytest.mark.timeout(120),
              pytest.mark.skipif(not tmux_available(), reason="tmux or the client missing")]


def test_the_vote_result_cleared_from_the_screen_is_heard_after_the_hand_over(tmp_path) -> None:
    """PNUE 5, Ana and Bo: Bo's vote ends the vote, the screen is cleared for Ana; given
    the keyboard, she hears "While you were away:" and the result before her question."""
    player = TmuxPlayer(tmp_path, ["pnue", "--players", "5", "--humans", "2", "--names",
                                   "Ana,Bo", "--seed", "1", "--speech", "off"])
    try:
        lines = player.wait_prompt([])
        heard: list[str] = []
        for _ in range(12):  # Enter at each hand-over, then the first choice
            if lines[-2:-1] and lines[-2].endswith("press Enter when ready."):
                player.type("")
            else:
                player.type("1")
            lines = player.wait_prompt(lines)
            if "While you were away:" in lines:
                away = lines.index("While you were away:")
                heard = lines[away:]
                if any(line.startswith(("Approved:", "Rejected:")) for line in heard):
                    break
        assert any(line.startswith("Screen and scrollback cleared") for line in lines)
        assert heard, "\n".join(lines)
        result = next(line for line in heard if line.startswith(("Approved:", "Rejected:")))
        asked = next(i for i, line in enumerate(heard) if ", your turn:" in line)
        assert heard.index(result) < asked
    finally:
        player.close()
