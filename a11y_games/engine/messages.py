"""Messages and events: what a game says, by catalogue id, and who may hear it.

A game never writes text. It returns :class:`Msg` values (a stable catalogue id and named
parameters); the i18n layer renders them in the player's language.

>>> Msg("pnue.vote.result_yes", yes=4, no=3)
Msg(id='pnue.vote.result_yes', params={'yes': 4, 'no': 3})
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any

__all__ = ["ALL", "Event", "Msg", "Param", "PlayerRef", "Verbosity"]


@dataclass(frozen=True)
class PlayerRef:
    """A seat named in a message; rendered as that seat's name, or as "you" to that seat
    (:class:`a11y_games.i18n.Translator`)."""

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

    @classmethod
    def from_json(cls, data: Any) -> Msg:
        """The inverse of :meth:`to_json`, strict: anything else raises ValueError.

        >>> Msg.from_json({"id": "pnue.x", "params": {"who": {"seat": 2}}})
        Msg(id='pnue.x', params={'who': PlayerRef(seat=2)})
        """
        return _msg_from_json(data, 0)


Param = str | int | float | Msg | PlayerRef | list | tuple


def _param_json(value: Any) -> Any:
    if isinstance(value, Msg):
        return value.to_json()
    if isinstance(value, PlayerRef):
        return {"seat": value.seat}
    if isinstance(value, (list, tuple)):
        return [_param_json(v) for v in value]
    return value


_MAX_DEPTH = 16
"""Messages nested deeper than this are refused (ours nest two or three levels)."""


def _msg_from_json(data: Any, depth: int) -> Msg:
    if depth > _MAX_DEPTH:
        raise ValueError("message nested too deep")
    if not isinstance(data, dict) or set(data) != {"id", "params"}:
        raise ValueError("a message is {'id': str, 'params': {...}}")
    ident, params = data["id"], data["params"]
    if not isinstance(ident, str) or not ident or not isinstance(params, dict):
        raise ValueError("a message is {'id': str, 'params': {...}}")
    values = {}
    for name, value in params.items():
        if not isinstance(name, str):
            raise ValueError("a parameter name is a string")
        values[name] = _param_from_json(value, depth + 1)
    return Msg(ident, **values)


def _param_from_json(value: Any, depth: int) -> Any:
    if isinstance(value, bool):  # a bool is an int to Python, never a parameter to us
        raise ValueError("a parameter is a number, a string, a message, a seat or a list")
    if isinstance(value, (int, float, str)):
        return value
    if isinstance(value, dict):
        if set(value) == {"seat"}:
            seat = value["seat"]
            if isinstance(seat, bool) or not isinstance(seat, int):
                raise ValueError("a seat is a whole number")
            return PlayerRef(seat)
        return _msg_from_json(value, depth)
    if isinstance(value, list):
        if depth > _MAX_DEPTH:
            raise ValueError("message nested too deep")
        return [_param_from_json(v, depth + 1) for v in value]
    raise ValueError("a parameter is a number, a string, a message, a seat or a list")


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
    ``spectators``: spectators see it too. For a public fact told to every seat but the
    one that already heard it another way (a turn in one sentence, to all but the player
    who heard each step): no secret, only who needs to hear it again.
    """

    msg: Msg
    visible_to: frozenset[int] | None = None
    level: Verbosity = Verbosity.NORMAL
    cause: int | None = None
    informs: bool = True
    spectators: bool = False

    def __init__(self, msg: Msg, visible_to: frozenset[int] | None = None,
                 level: Verbosity = Verbosity.NORMAL, cause: int | None = None,
                 informs: bool = True, spectators: bool = False) -> None:
        # Written out rather than generated: games make one or more events a move, and the
        # generated frozen __init__ costs a call per field (twice as slow).
        fields = self.__dict__
        fields["msg"] = msg
        fields["visible_to"] = visible_to
        fields["level"] = level
        fields["cause"] = cause
        fields["informs"] = informs
        fields["spectators"] = spectators

    def visible(self, seat: int | None) -> bool:
        """True if ``seat`` may see this event (``None`` is a spectator: public events, and
        those that say ``spectators``)."""
        if self.visible_to is None:
            return True
        if seat is None:
            return self.spectators
        return seat in self.visible_to

    @property
    def secret(self) -> bool:
        """True if some may not see it: not public, not a public fact told to most seats."""
        return self.visible_to is not None and not self.spectators

    @property
    def type(self) -> str:
        """The event's type: its message id."""
        return self.msg.id
