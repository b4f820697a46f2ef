"""The engine's random players when nothing is legal: a clear error, never a hang."""

from __future__ import annotations

import random

import pytest

from a11y_games.engine.bots import ForwardRandomBot, RandomBot


@pytest.mark.parametrize("bot", [RandomBot, ForwardRandomBot])
def test_a_random_bot_with_no_legal_action_says_so(bot: type[RandomBot]) -> None:
    with pytest.raises(IndexError, match="no legal action"):
        bot(0, random.Random(5)).choose(None, [])
