"""Which sound cue marks which line: events, questions and the end of a game to cue names.

A cue only ever marks a line the viewing seat is shown, so it tells nothing the line does
not (nothing hidden leaks through sound). Each game maps its own events
(``GameSpec.cues``); what no game names follows two rules: a private line that someone
else's action or chance brought is ``private``, a line caused by another seat is
``acted``. A run of lines from one cause with one cue gets it once (a bot's move said in
three lines ticks once).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from a11y_games.engine.messages import Event, Msg, PlayerRef
from a11y_games.engine.spec import GameSpec
from a11y_games.engine.state import Pending
from a11y_games.output.sound import CUES

__all__ = ["ONLINE", "TARGETED", "end_cue", "event_cue", "game_cues", "line_cues", "question_cue"]

TARGETED = "targeted"
"""A game maps an event to ``targeted`` when it names a seat the event acts upon: the seat
named hears ``targeted``; others hear it as any other event (``acted`` if someone did it)."""


ONLINE: dict[str, str] = {
    "online.chat.table": "chat", "online.chat.spectators": "chat",
    "online.chat.private": "chat", "online.chat.private_to": "",
    "online.presence.joined": "joined", "online.presence.watching": "joined",
    "online.presence.back": "joined", "online.presence.handed_back": "joined",
    "online.presence.next": "joined", "online.presence.next_private": "joined",
    "online.presence.left": "left", "online.presence.lost": "disconnected",
    "online.reconnecting": "disconnected", "online.reconnected": "joined",
    "online.progress": "", "online.missed": "", "online.snapshot": "",
}
"""A network table's own lines (chat, arrivals, departures, lost connections): the same
cues at every game's table ("": no cue, as for one's own chat echo and votes counted)."""


def _names(params: Mapping[str, object], seat: int) -> bool:
    """True if ``seat`` is named among the parameters (alone or in a list)."""
    for value in params.values():
        if isinstance(value, PlayerRef) and value.seat == seat:
            return True
        if isinstance(value, (list, tuple)) and any(
                isinstance(v, PlayerRef) and v.seat == seat for v in value):
            return True
    return False


def _mapped(msg: Msg, cues: Mapping[str, str]) -> str | None:
    """The game's cue for a message: by ``id/param_id`` first, then by its id."""
    for value in msg.params.values():
        if isinstance(value, Msg):
            cue = cues.get(f"{msg.id}/{value.id}")
            if cue is not None:
                return cue
    return cues.get(msg.id)


def event_cue(event: Event, viewer: int | None, cues: Mapping[str, str]) -> str | None:
    """The cue of one event as ``viewer`` sees it (None: a spectator, public lines only)."""
    own = viewer is not None and event.cause == viewer
    cue = _mapped(event.msg, cues)
    if cue is None:
        cue = ONLINE.get(event.msg.id)
    if cue == TARGETED:
        if viewer is not None and not own and _names(event.msg.params, viewer):
            return TARGETED
        cue = None
    if cue is not None:
        return cue or None  # "": the game wants no cue for this line
    if own:
        return None  # the echo of one's own action: one knows
    if (event.visible_to is not None and not event.spectators and viewer is not None
            and viewer in event.visible_to):  # a public fact told to all but one: not private
        return "private"
    if event.cause is not None:
        return "acted"
    return None


def line_cues(events: Sequence[Event], viewer: int | None,
              cues: Mapping[str, str]) -> list[str | None]:
    """One cue or None for each shown event, in order; a cue repeated by the same cause
    on the next line is not repeated."""
    out: list[str | None] = []
    last: tuple[str | None, int | None] = (None, None)
    for event in events:
        cue = event_cue(event, viewer, cues)
        key = (cue, event.cause)
        out.append(None if cue is not None and key == last else cue)
        if cue is not None:
            last = key
    return out


def question_cue(pending: Pending) -> str:
    """``vote`` for a question put to several seats at once (a secret vote), else ``turn``."""
    return "vote" if len(pending.seats) > 1 and not pending.race else "turn"


def end_cue(won: bool) -> str:
    return "won" if won else "lost"


def game_cues(spec: GameSpec) -> list[str]:
    """The game's own cues (those not every game has), in the order its mapping names them."""
    own: list[str] = []
    for cue in spec.cues.values():
        if cue and cue not in CUES and cue not in own:
            own.append(cue)
    return own


def all_cues(specs: Iterable[GameSpec]) -> list[str]:
    """Every cue: the common ones, then each game's own."""
    names = list(CUES)
    for spec in specs:
        names += [c for c in game_cues(spec) if c not in names]
    return names
