"""Stable numbers for a menu's choices.

While the same menu stays open (the same seat asked the same prompt), a choice keeps its
number: a province stays 5 after a purchase. A choice that goes leaves its number unused;
a new one takes a new number. ``back`` is always 0 and the answer that finishes a menu
(``done``, ``pass``, ``end``, ``skip``) always 00, in every menu.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from a11y_games.engine.actions import BACK, is_finish
from a11y_games.engine.messages import Msg

__all__ = ["BACK_KEY", "FINISH_KEY", "Numbering", "menu_key"]

BACK_KEY = "0"
FINISH_KEY = "00"


def menu_key(seat: int, prompt: Msg) -> Hashable:
    """What makes a menu the same menu: the seat and the prompt, numbers in it aside (a
    purse or a count that changes as the player buys does not open another menu)."""

    def frozen(value: Any) -> Hashable:
        if isinstance(value, Msg):
            return (value.id, tuple(sorted((k, frozen(v)) for k, v in value.params.items()
                                           if not isinstance(v, (int, float)) or k == "seat")))
        if isinstance(value, (list, tuple)):
            return tuple(frozen(v) for v in value)
        try:
            hash(value)
        except TypeError:
            return repr(value)
        return value

    return (seat, frozen(prompt))


class Numbering:
    """The numbers of the open menu's choices (one menu at a time)."""

    def __init__(self) -> None:
        self.menu: Hashable | None = None
        self.numbers: dict[str, int] = {}
        self.next = 1
        self.opened = 0
        """How many menus were opened: a menu whose count is unchanged is still open, or
        open again with its numbers (then only what changed in it is said)."""
        self.closed: tuple[Hashable, dict[str, int], int] | None = None
        """The last menu closed by others' actions, with its numbers."""

    def close(self) -> None:
        """The menu is closed (another seat or the table acted since it was asked): the
        next question is a new menu, said whole. Its numbers are kept aside: the same menu
        asked again with every entry still there keeps them (Vanuatu's planning passes,
        with others placing between: Build stays 2 when Fish and Dive appear)."""
        if self.menu is not None:
            self.closed = (self.menu, self.numbers, self.next)
        self.menu, self.numbers, self.next = None, {}, 1

    def keys(self, menu: Hashable, actions: list[str]) -> list[tuple[str, str]]:
        """(key, action) for each action, in the order said: entries by number, then the
        finishing answer (00), then back (0)."""
        if menu != self.menu:
            self.menu, self.numbers, self.next = menu, {}, 1
            closed = self.closed
            if closed is not None and closed[0] == menu and set(closed[1]) <= set(actions):
                self.numbers, self.next = dict(closed[1]), closed[2]  # the same menu again
            else:
                self.opened += 1
            self.closed = None
        finish = next((a for a in actions if a != BACK and is_finish(a)), None)
        entries: list[tuple[int, str]] = []
        for action in actions:
            if action in (BACK, finish):
                continue
            if action not in self.numbers:
                self.numbers[action] = self.next
                self.next += 1
            entries.append((self.numbers[action], action))
        keyed = [(str(n), a) for n, a in sorted(entries)]
        if finish is not None:
            keyed.append((FINISH_KEY, finish))
        if BACK in actions:
            keyed.append((BACK_KEY, BACK))
        return keyed


def is_key(word: str) -> bool:
    """A word typed as a choice's key: digits only (``0``, ``00``, ``12``)."""
    return word.isdecimal() and word.isascii() and len(word) <= 9
