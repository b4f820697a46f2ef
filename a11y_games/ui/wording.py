"""Small text helpers of the client: help sentences, list lines, rounds in a transcript."""

from __future__ import annotations

import re
from typing import Any

from a11y_games.engine import Event
from a11y_games.engine.replay import round_of

__all__ = ["query_word", "round_span", "sentences"]


def game_words(spec: Any, tr: Any) -> list[str]:
    """Words naming a game (``GameSpec``) as a player may type it: its name, aliases, its
    title in ``tr``'s language and each word of that title."""
    title = tr.render(spec.title)
    return [spec.name, *spec.aliases, title, *title.replace("-", " ").split()]


def query_word(query: Any, lang: str) -> str:
    """A game query's name as said in ``lang`` (its first alias is the French one)."""
    if lang == "fr" and query.aliases:
        return str(query.aliases[0])
    return str(query.name)


def sentences(text: str) -> list[str]:
    """One sentence a line (help texts): split after a full stop that ends a word, not after
    an initial (C.N.U.)."""
    return re.split(r"(?<=[^\sA-Z]\.) (?=\S)", text)


def round_span(events: list[Event], number: int) -> tuple[int | None, int]:
    """Where round ``number`` starts in a transcript (its first mention) and ends. Round 0
    is what came before round 1 (a setup, the opening lines)."""
    if number == 0:
        end = next((i for i, e in enumerate(events) if (round_of(e) or 0) >= 1), len(events))
        return (0, end) if end else (None, 0)
    start = next((i for i, e in enumerate(events) if round_of(e) == number), None)
    if start is None:
        return None, 0
    end = next((i for i, e in enumerate(events) if i > start and (round_of(e) or 0) > number),
               len(events))
    return start, end
