"""What you missed, in a few lines: the events a seat did not hear as they came (away from
a network table, reading the log or the rules while bots played) told as a short digest,
``log`` keeping every line.

A function of the seat's missed events only, knowing no game: any client (the terminal,
the web page's, a network client after a reconnect) calls :func:`digest`.
"""

from __future__ import annotations

from collections.abc import Sequence

from a11y_games.engine import Event, Msg, PlayerRef, Verbosity
from a11y_games.engine.replay import round_of

__all__ = ["DIGEST_LINES", "digest"]

DIGEST_LINES = 5
"""At most this many lines: the count (with ``log`` for every line) and 4 picked."""


def digest(events: Sequence[Event], seat: int | None, *, header: str = "online.missed",
           lines: int = DIGEST_LINES, count_always: bool = True) -> list[Msg]:
    """The missed ``events`` (those ``seat`` may see) in at most ``lines`` lines.

    The count first (``header``, a message with ``count`` that says ``log`` tells them
    all), then, in the order they happened, the lines that matter most: what changed for
    you (a line to you alone, or naming you), who led each round (the line that opens it),
    what was decided (the game's brief lines), the latest first when more qualify than
    fit. Nothing missed: no line; without ``count_always``, few enough to be said whole
    (``lines`` or fewer): each as it is.
    """
    seen = [e for e in events if e.visible(seat)]
    if not seen or (not count_always and len(seen) <= lines):
        return [e.msg for e in seen]
    ranked = sorted(range(len(seen)), key=lambda i: (_weight(seen[i], seat), -i))
    picked = sorted(i for i in ranked[:lines - 1] if _weight(seen[i], seat) < NEVER)
    return [Msg(header, count=len(seen)), *(seen[i].msg for i in picked)]


NEVER = 5


def _weight(event: Event, seat: int | None) -> int:
    """What changed for you first (0: a line to you alone, 1: a line naming you), then
    who led a round (2), what was decided (3), the rest (4); an echo that teaches
    nothing never."""
    if not event.informs:
        return NEVER
    if seat is not None and event.secret:
        return 0
    if seat is not None and _names(event.msg, seat):
        return 1
    if round_of(event) is not None:
        return 2
    return 3 if event.level == Verbosity.BRIEF else 4


def _names(msg: Msg, seat: int, depth: int = 0) -> bool:
    """Whether ``msg`` names ``seat`` (as a parameter, in a list, or in a message within)."""
    for value in msg.params.values():
        for item in value if isinstance(value, (list, tuple)) else (value,):
            if item == PlayerRef(seat):
                return True
            if isinstance(item, Msg) and depth < 3 and _names(item, seat, depth + 1):
                return True
    return False
