"""Messages and events: what a game says, by catalogue id, and who may hear it.

A game never writes text. It returns :class:`Msg` values (a stable catalogue id and named
parameters); the i18n layer renders them in the player's language.

>>> Msg("pnue.vote.result", approved=4, rejected=3)
Msg(id='pnue.vote.result', params={'approved': 4, 'rejected': 3})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

__all__ = ["ALL", "Event", "Msg", "Param", "PlayerRef", "Verbosity"]


@dataclass(frozen=True)
class PlayerRef:
    """A seat named in a message; rendered as that seat's name."""

    seat: int


@dataclass(frozen=True, init=False)
class Msg:
    """A catalogue message: a stable id and named parameters.

    A parameter named ``count`` selects the catalogue's plural form.
    Parameters may themselves be messages, player references, lists of those
    (rendered as a comma-separated list), numbers or plain strings (proper names only).
    """

    id: str
    params: dict[str, Any] = field(hash=False, compare=True)

    def __init__(self, id: str, **params: Param) -> None:
        fields = self.__dict__  # frozen: set once here, straight into the instance
        fields["id"] = id
        fields["params"] = params

    def __repr__(self) -> str:
        return f"Msg(id={self.id!r}, params={self.params!r})"

    def to_json(self) -> dict[str, Any]:
        """A JSON-friendly form: nested messages become dicts, player refs ``{"seat": n}``."""
        return {"id": self.id, "params": {k: _param_json(v) for k, v in self.params.items()}}


Param = str | int | float | Msg | PlayerRef | list | tuple


def _param_json(value: Any) -> Any:
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, PlayerRef):
        return {"seat": value.seat}
    if isinstance(value, (list, tuple)):
        return [_param_json(v) for v in value]
    return value


class Verbosity(IntEnum):
    """How much a player wants to hear. An event is shown at its level and above."""

    BRIEF = 0
    """Only what changed for me and whose turn it is."""
    NORMAL = 1
    """What every player would notice at the table."""
    FULL = 2
    """Every detail, including other players' small moves."""


ALL: frozenset[int] | None = None
"""Visibility meaning: every seat (and spectators) may see the event."""


@dataclass(frozen=True, init=False)
class Event:
    """Something that happened, as a message, with who may see it.

    ``visible_to`` is ``None`` for public events, else the seats that may see it.
    ``cause`` is the seat whose action caused it (``None`` for the table or chance).
    ``informs`` is False for pure echoes that teach the viewer nothing new (used by undo).
    """

    msg: Msg
    visible_to: frozenset[int] | None = None
    level: Verbosity = Verbosity.NORMAL
    cause: int | None = None
    informs: bool = True

    def __init__(self, msg: Msg, visible_to: frozenset[int] | None = None,
                 level: Verbosity = Verbosity.NORMAL, cause: int | None = None,
                 informs: bool = True) -> None:
        # Written out rather than generated: games make one or more events a move, and the
        # generated frozen __init__ costs a call per field (twice as slow).
        fields = self.__dict__
        fields["msg"] = msg
        fields["visible_to"] = visible_to
        fields["level"] = level
        fields["cause"] = cause
        fields["informs"] = informs

    def visible(self, seat: int | None) -> bool:
        """True if ``seat`` may see this event (``None`` is a spectator: public events only)."""
        if self.visible_to is None:
            return True
        return seat is not None and seat in self.visible_to

    @property
    def type(self) -> str:
        """The event's type: its message id."""
        return self.msg.id
