"""Who is at the server, as its lobby and tables see them: a member, a refusal, a name.

A :class:`Member` is a connection as a table sees it (it knows no socket); a
:class:`Refused` request says why, for the player; names and lines are cleaned of what a
screen reader or a terminal would misread.
"""

from __future__ import annotations

import hashlib
import unicodedata
from typing import Protocol

from a11y_games.engine.messages import Msg
from a11y_games.engine.text import is_control
from a11y_games.net import protocol as p

__all__ = ["NAME_LENGTH", "Member", "Refused", "clean_name", "clean_text", "hash_token",
           "same_name"]

NAME_LENGTH = 32
"""Longest name a player may take, in characters."""


class Refused(ValueError):
    """A request the server refuses; ``msg`` says why, for the player."""

    def __init__(self, msg: Msg) -> None:
        super().__init__(msg.id)
        self.msg = msg


class Member(Protocol):
    """A connection at a table, as the table sees it."""

    name: str

    def send(self, message: p.ServerMessage) -> None:
        """Queue a message for this member (never blocks)."""

    def send_frame(self, frame: bytes) -> None:
        """Queue an already encoded message (one encoding shared by many members)."""

    def replaced(self) -> None:
        """Another connection took this member's seat by its token: let it go."""


def clean_text(text: str, limit: int) -> str:
    """Control characters and bidi overrides become spaces, runs of blanks one, cut at
    ``limit``: what a screen reader or a terminal would otherwise misread."""
    kept = "".join(" " if is_control(c) or unicodedata.category(c) == "Cf" else c
                   for c in text)
    return " ".join(kept.split())[:limit].strip()


def clean_name(name: str) -> str:
    """A player's name as the table shows it; Refused if nothing is left."""
    cleaned = clean_text(name, NAME_LENGTH)
    if not cleaned:
        raise Refused(Msg("net.error.name"))
    return cleaned


def hash_token(token: str) -> str:
    """Tokens are stored hashed: a copy of the database resumes no seat."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def same_name(a: str, b: str) -> bool:
    """The same name, whatever the case."""
    return a.casefold() == b.casefold()
