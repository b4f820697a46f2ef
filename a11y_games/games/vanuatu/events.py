"""Shared events for what a Vanuatu game announces most often.

Events are immutable values (a message and who may see it), so an announcement made again,
in this game or the next, can be the very same object. Building an :class:`Event` with its
:class:`Msg` costs a few microseconds; these builders take plain seat numbers, counts and
action or character names (hashed in C, unlike ``PlayerRef``) and return the one shared
value for their arguments, built on first use and kept in a bounded cache. The values are
equal, parameter for parameter, to what ``VanuatuState._say`` builds; nobody may change a
message's parameters.
"""

from __future__ import annotations

from functools import lru_cache

from a11y_games.engine import Event, Msg, PlayerRef, Verbosity
from a11y_games.games.vanuatu.names import action_msg, character_msg

__all__ = ["character_returned", "character_taken", "cost", "countdown", "dropped",
           "majority", "planned", "rest_taken", "rest_yours"]

BRIEF, NORMAL, FULL = Verbosity.BRIEF, Verbosity.NORMAL, Verbosity.FULL
shared = lru_cache(maxsize=1 << 12)
"""One shared value per distinct arguments (the least recently used go beyond the bound)."""


@shared
def planned(seat: int, action: str, count: int) -> Event:
    """``seat`` places a marker on ``action`` and now has ``count`` there: a detail for
    everyone (its player hears the pass confirmed in one sentence, the others hear each
    player's markers at the end of planning)."""
    msg = Msg("vanuatu.plan.placed", player=PlayerRef(seat), action=action_msg(action),
              count=count)
    return Event(msg, None, FULL, seat)


@shared
def majority(seat: int, action: str, count: int) -> tuple[Event, Event]:
    """``seat`` acts on the majority it won on ``action``; then its size: details (the
    action's own line names its player)."""
    return (Event(Msg("vanuatu.turn.majority", player=PlayerRef(seat),
                      action=action_msg(action)), None, FULL, seat),
            Event(Msg("vanuatu.turn.majority_count", count=count), None, FULL, seat))


@shared
def dropped(seat: int, action: str, count: int, forced: bool = False,
            players: int = 0) -> tuple[Event, ...]:
    """``seat`` gives up ``action``; then the markers taken back, a detail. ``forced``: it
    was the seat's only answer (no majority, nothing else to do), which the planning
    sentences told everyone: a detail to the others, said to its own player."""
    msg = Msg("vanuatu.turn.dropped", player=PlayerRef(seat), action=action_msg(action))
    back = Event(Msg("vanuatu.turn.taken_back", count=count), None, FULL, seat)
    if not forced:
        return Event(msg, None, NORMAL, seat), back
    others = frozenset(s for s in range(players) if s != seat)
    return (Event(msg, others, FULL, seat, spectators=True),
            Event(msg, frozenset((seat,)), NORMAL, seat), back)


@shared
def character_taken(seat: int, character: str) -> Event:
    """A detail: once all have chosen, one sentence says every player's character."""
    return Event(Msg("vanuatu.character.taken", player=PlayerRef(seat),
                     character=character_msg(character)), None, FULL, seat)


@shared
def character_returned(seat: int, character: str) -> Event:
    """Last round's character goes back: an echo at the FULL level."""
    return Event(Msg("vanuatu.character.returned", player=PlayerRef(seat),
                     character=character_msg(character)), None, FULL, seat, False)


@shared
def rest_taken(seat: int, players: int) -> tuple[Event, Event]:
    """``seat`` rests and draws a token: said to the others; a detail to its player, who
    hears the token itself (:func:`rest_yours`)."""
    msg = Msg("vanuatu.rest.taken", player=PlayerRef(seat))
    others = frozenset(s for s in range(players) if s != seat)
    return Event(msg, others, NORMAL, seat), Event(msg, frozenset((seat,)), FULL, seat)


@shared
def rest_yours(seat: int, token: str) -> Event:
    """The rest token ``seat`` drew, for that seat alone."""
    return Event(Msg("vanuatu.rest.yours", token=Msg(f"vanuatu.rest.{token}")),
                 frozenset((seat,)), NORMAL, seat)


@shared
def countdown(count: int, level: Verbosity) -> Event:
    """How many actions before the water rises."""
    return Event(Msg("vanuatu.water.countdown", count=count), None, level)


@shared
def cost(seat: int, vatu: int) -> Event:
    """What ``seat`` paid for the action just said: a detail."""
    return Event(Msg("vanuatu.cost", cost=vatu), None, FULL, seat)
