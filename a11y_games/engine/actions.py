"""Actions: stable string ids chosen by seats; errors for illegal ones."""

from __future__ import annotations

from a11y_games.engine.messages import Msg

__all__ = ["BACK", "FINISH", "IllegalAction", "NotYourTurn", "is_finish"]

BACK = "back"
"""The answer that returns to a menu's previous question (last in a menu; changes nothing
in the game)."""

FINISH = ("done", "pass", "end", "skip")
"""Answers that end a menu or a step without doing more (an id that is one of these words,
or ends with ``:`` and one of them, as ``claim:done``): the client gives them one key in
every menu."""


def is_finish(action: str) -> bool:
    """True for an answer that finishes a menu: ``done``, ``pass``, ``end``, ``skip``."""
    return action.rsplit(":", 1)[-1] in FINISH


class IllegalAction(ValueError):
    """An action that is not legal now. ``msg`` says why, for the player."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.id)
        self.msg = msg


class NotYourTurn(IllegalAction):
    """A seat tried to act when it is not asked to."""
