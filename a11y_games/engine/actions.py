"""Actions: stable string ids chosen by seats; errors for illegal ones."""

from __future__ import annotations

from a11y_games.engine.messages import Msg

__all__ = ["BACK", "IllegalAction", "NotYourTurn"]

BACK = "back"
"""The answer that returns to a menu's previous question (last in a menu; changes nothing
in the game)."""


class IllegalAction(ValueError):
    """An action that is not legal now. ``msg`` says why, for the player."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.id)
        self.msg = msg


class NotYourTurn(IllegalAction):
    """A seat tried to act when it is not asked to."""
