"""Matching what a player types: case and accents ignored, in English or French."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from a11y_games.engine.state import Topic

__all__ = ["find_topic", "fold"]


def fold(word: str) -> str:
    """Lower case without accents or outer blanks, so ``État`` finds ``etat``."""
    return "".join(c for c in unicodedata.normalize("NFD", word.strip().casefold())
                   if not unicodedata.combining(c))


def find_topic(topics: Iterable[Topic], word: str) -> Topic | None:
    """The topic ``word`` names, by its name or any alias (folded); None if none does."""
    key = fold(word)
    return next((t for t in topics if key == fold(t.name) or key in {fold(a) for a in t.aliases}),
                None)
