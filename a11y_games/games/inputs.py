"""Checks every game makes before it reads an action: actions may come from a network."""

from __future__ import annotations

from typing import Any

from a11y_games.engine.state import GameState

__all__ = ["well_formed"]


def well_formed(state: GameState, seat: Any, action: Any) -> bool:
    """True if ``seat`` is a seat of ``state`` (no negative index) and ``action`` a string.

    >>> from types import SimpleNamespace
    >>> table = SimpleNamespace(seat_count=3)
    >>> well_formed(table, 2, "vote:yes"), well_formed(table, -1, "vote:yes")
    (True, False)
    >>> well_formed(table, 0, None), well_formed(table, True, "vote:yes")
    (False, False)
    """
    return (type(seat) is int and 0 <= seat < state.seat_count  # a bool is no seat
            and type(action) is str)
