"""The width rule of every summary and announcement, shared by the games' tests.

A line fits a 40-cell braille display, except a message that carries a list (players,
voters, goods...): a list is one whole sentence, never cut in two for speech to hear
fragments ("Yes: Ana, Bo," then "And Cy."); a braille display pans it.
"""

from __future__ import annotations

from a11y_games.engine import Msg

WIDTH = 40


def carries_list(msg: Msg) -> bool:
    """True if ``msg`` (or a message inside it) has a list among its parameters."""
    for value in msg.params.values():
        if isinstance(value, (list, tuple)):
            return True
        if isinstance(value, Msg) and carries_list(value):
            return True
    return False


def fits(msg: Msg, text: str) -> bool:
    """``text`` (``msg`` rendered) fits the display, or is a whole list."""
    return len(text) <= WIDTH or carries_list(msg)
