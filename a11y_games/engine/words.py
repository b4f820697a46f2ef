"""Matching what a player types: case and accents ignored, in English or French."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from typing import Protocol, TypeVar

__all__ = ["Named", "find_named", "fold", "number"]


class Named(Protocol):
    """Anything a player names by a word: a command, a query, a board topic."""

    @property
    def name(self) -> str: ...

    @property
    def aliases(self) -> tuple[str, ...]: ...


N = TypeVar("N", bound=Named)


def fold(word: str) -> str:
    """Lower case without accents or outer blanks, so ``État`` finds ``etat``."""
    return "".join(c for c in unicodedata.normalize("NFD", word.strip().casefold())
                   if not unicodedata.combining(c))


def find_named(items: Iterable[N], word: str) -> N | None:
    """The item ``word`` names, by its name or any alias (folded); None if none does."""
    key = fold(word)
    return next((i for i in items if key == fold(i.name) or key in {fold(a) for a in i.aliases}),
                None)


def number(word: str) -> int | None:
    """A whole number typed in decimal digits, or None.

    Not ``isdigit``: ``"²"`` (a key of French keyboards) is a digit ``int`` cannot read;
    and no choice, page, place or width has more than 9 digits (Python refuses 4,301).
    """
    word = word.strip()
    return int(word) if word.isdecimal() and len(word) <= 9 else None
