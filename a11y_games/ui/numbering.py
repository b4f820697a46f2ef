"""Stable numbers for a menu's choices.

While the same menu stays open (the same seat asked the same prompt), a choice keeps its
number: a province stays 5 after a purchase. A choice that goes leaves its number unused;
a new one takes a new number. Another question asked in the same words (Vertigo's "Which
region?" of a purchase, then of a training) shares no entry with it: it is a new
question, numbered from 1. ``back`` is always 0 and the answer that finishes a menu
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
    """The numbers of the open menu's choices, and of the menus the seat asked since others
    last played."""

    def __init__(self) -> None:
        self.menu: Hashable | None = None
        self.numbers: dict[str, int] = {}
        self.next = 1
        self.opened = 0
        """Which numbering the open menu has: a menu asked again with its numbers keeps its
        own (then only what changed in it is said), a new one takes a new one."""
        self._counted = 0
        self.turns = 0
        """How many times others acted between the seat's questions (:meth:`close`): a list
        heard whole since the last is one heard this turn."""
        self.kept: dict[Hashable, tuple[dict[str, int], int, int]] = {}
        """The menus asked since others last played, by key: numbers, next number and
        numbering. Utopia's action menu, after the questions of a move, is the same menu
        with the same numbers ("The same 4 choices.")."""
        self.closed: dict[Hashable, tuple[dict[str, int], int, int]] = {}
        """The menus closed by others' actions (those asked since the time before), with
        their numbers."""

    def close(self) -> None:
        """Others (another seat, the table) acted since the menu was asked: the next question
        is a new menu, said whole, unless it is a menu asked since others last played,
        asked again with every entry still there, or with entries gone and none new: then
        it keeps its numbers (Vanuatu's planning passes, Build stays 2 when Fish and Dive
        appear; Utopia's guest list, the numbers others took gone)."""
        if self.menu is not None:
            self.kept[self.menu] = (self.numbers, self.next, self.opened)
        self.turns += 1
        self.closed, self.kept = self.kept, {}
        self.menu, self.numbers, self.next = None, {}, 1

    def keys(self, menu: Hashable, actions: list[str]) -> list[tuple[str, str]]:
        """(key, action) for each action, in the order said: entries by number, then the
        finishing answer (00), then back (0)."""
        if menu != self.menu:
            if self.menu is not None:
                self.kept[self.menu] = (self.numbers, self.next, self.opened)
            self.menu = menu
            kept, closed = self.kept.pop(menu, None), self.closed.pop(menu, None)
            if kept is not None and not set(kept[0]) & set(actions):
                kept = None  # the same words, another question: numbered from 1
            if kept is not None:  # asked again before anyone else played
                self.numbers, self.next, self.opened = dict(kept[0]), kept[1], kept[2]
            elif closed is not None and set(closed[0]) & set(actions) and (
                    set(closed[0]) <= set(actions) or set(actions) <= set(closed[0])):
                self.numbers, self.next, self.opened = dict(closed[0]), closed[1], closed[2]
            else:
                self._counted += 1
                self.numbers, self.next, self.opened = {}, 1, self._counted
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
