"""Shared values for the announcements and questions a PNUE game makes most often.

Events are immutable values (a message and who may see it), so an announcement made again,
in this game or the next, can be the very same object; so can a :class:`Pending` question.
Building an :class:`Event` with its :class:`Msg` costs a few microseconds, several times more
than a whole vote; these builders take plain seat numbers, counts and tile or role names
(hashed in C, unlike ``PlayerRef``) and return the one shared value for their arguments,
built on first use. Each cache keeps at most 4,096 values (seats, counts and turns are
small numbers, so a few hundred are usually all there are). The
values are equal, parameter for parameter, to what ``PnueState.say`` builds; nobody may
change a message's parameters.

An announcement of two ideas is two events (a line each, to fit a 40-cell braille display):
those builders return a tuple, to ``extend`` the events with.
"""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache

from a11y_games.engine import Event, Msg, Pending, PlayerRef, Verbosity
from a11y_games.games.pnue.data import NATIONS, Role, Tile
from a11y_games.games.pnue.summary import name_lines

__all__ = [
    "about", "asked", "asked_to_vote", "claim_silent", "claim_tiles", "counted", "drawn",
    "drew_or_got", "enacted", "hand_public", "nominated", "plain", "president", "presides",
    "refs", "reveal", "role_dealt", "role_msg", "seat_list", "secretary", "table", "tile_msg",
    "vote_cast", "vote_mine", "vote_result",
]

BRIEF, NORMAL, FULL = Verbosity.BRIEF, Verbosity.NORMAL, Verbosity.FULL
shared = lru_cache(maxsize=1 << 12)
"""One shared value per distinct arguments (the least recently used go beyond the bound)."""


@cache
def refs(seats: int) -> tuple[PlayerRef, ...]:
    """A reference to each of ``seats`` seats (one shared tuple per table size)."""
    return tuple(PlayerRef(s) for s in range(seats))


@cache
def tile_msg(tile: Tile) -> Msg:
    """The name of a tile (one shared message per kind)."""
    return Msg(f"pnue.tile.{tile}")


@cache
def role_msg(role: Role) -> Msg:
    """The name of a role (one shared message per role)."""
    return Msg(f"pnue.role.{role}")


def _only(seat: int) -> frozenset[int]:
    return frozenset((seat,))


@shared
def asked(seat: int, prompt: str) -> Pending:
    """``seat`` alone is asked ``pnue.ask.<prompt>`` (a question without parameters)."""
    return Pending((seat,), Msg(f"pnue.ask.{prompt}"))


_APPROVE = Msg("pnue.ask.vote_short")
"""The vote asked just after the nomination that named the pair: "Approve them?"."""


@shared
def asked_to_vote(voters: tuple[int, ...], chair: int, nominee: int) -> Pending:
    """The seats still to vote on the President ``chair``'s nomination of ``nominee``."""
    return Pending(voters, Msg("pnue.ask.vote", president=PlayerRef(chair),
                               seat=PlayerRef(nominee), short=_APPROVE))  # after the names


@shared
def vote_cast(seat: int, seats: int) -> Event:
    """``seat`` has voted (how stays secret): an echo at the FULL level, to the other seats
    of ``seats`` (the voter heard "Your vote: no.")."""
    others = frozenset(s for s in range(seats) if s != seat)
    return Event(Msg("pnue.vote.cast", seat=PlayerRef(seat)), others, FULL, seat, False,
                 spectators=True)


@shared
def vote_mine(seat: int, yes: bool) -> Event:
    """``seat``'s own vote confirmed to it alone, at every verbosity (the count comes once
    every vote is in, and names only the smaller side)."""
    return Event(Msg("pnue.vote.mine_yes" if yes else "pnue.vote.mine_no"), _only(seat), BRIEF,
                 seat, False)


@shared
def plain(msg_id: str, level: Verbosity) -> Event:
    """A public line without parameters (the detail of a line before it)."""
    return Event(Msg(msg_id), None, level)


@shared
def presides(seat: int, turn: int) -> Event:
    """Turn ``turn`` starts with ``seat`` presiding, who cannot nominate (a line follows)."""
    return Event(Msg("pnue.turn.presides", seat=PlayerRef(seat), turn=turn), None, NORMAL)


@shared
def president(seat: int, turn: int) -> Event:
    """Turn ``turn`` starts with ``seat`` presiding."""
    return Event(Msg("pnue.turn.president", seat=PlayerRef(seat), turn=turn), None, BRIEF)


@shared
def nominated(chair: int, nominee: int) -> Event:
    """The President ``chair`` nominates ``nominee``."""
    return Event(Msg("pnue.turn.nominated", president=PlayerRef(chair),
                     seat=PlayerRef(nominee)), None, BRIEF, chair)


@shared
def vote_result(approved: bool, yes: int, no: int) -> Event:
    """The votes counted: approved or not, how many each way (who voted how follows, then
    the new Secretary-General: the vote's lines stay together)."""
    return Event(Msg("pnue.vote.result_yes" if approved else "pnue.vote.result_no",
                     yes=yes, no=no), None, BRIEF)


@shared
def secretary(nominee: int) -> Event:
    """``nominee`` is Secretary-General, once the vote is told."""
    return Event(Msg("pnue.vote.secretary", seat=PlayerRef(nominee)), None, BRIEF)


@shared
def seat_list(msg_id: str, seats: tuple[int, ...], players: int,
              level: Verbosity = NORMAL) -> tuple[Event, ...]:
    """A public line naming seats (who voted yes, who voted no), at ``level``; nobody
    ("No: none.") at full verbosity only: the count said it."""
    level = level if seats else FULL
    return tuple(Event(m, None, level) for m in name_lines(players, msg_id, seats))


@shared
def counted(msg_id: str, level: Verbosity, count: int) -> Event:
    """A public line with a number only (players at the start, no consensus, reshuffles)."""
    return Event(Msg(msg_id, count=count), None, level)


@shared
def about(msg_id: str, level: Verbosity, seat: int) -> Event:
    """A public line naming one seat only (first President, a power, a tie)."""
    return Event(Msg(msg_id, seat=PlayerRef(seat)), None, level)


@shared
def drawn(seat: int, count: int, players: int) -> Event:
    """The President ``seat`` draws ``count`` tiles (what the table sees): a detail, since
    the tiles handed on are said next. The President hears what was drawn instead ("You
    drew 3 tiles:"), once."""
    return Event(Msg("pnue.draw.public", seat=PlayerRef(seat), count=count),
                 frozenset(range(players)) - _only(seat), FULL, spectators=True)


@shared
def hand_public(chair: int, secretary: int, count: int, players: int) -> tuple[Event, Event]:
    """The President hands ``count`` tiles to the Secretary-General: the President's own
    discard confirmed (at every verbosity); for the others a detail (always the tiles
    drawn but one, and the enactment comes next), at full verbosity. The Secretary-General
    hears what was received instead ("You receive 2 tiles:"), once."""
    msg = Msg("pnue.hand.public", president=PlayerRef(chair), seat=PlayerRef(secretary),
              count=count)
    own = _only(chair)
    others = frozenset(range(players)) - own - _only(secretary)
    return (Event(msg, own, BRIEF, chair), Event(msg, others, FULL, chair, spectators=True))


@shared
def drew_or_got(msg_id: str, tile_id: str, seat: int,
                tiles: tuple[Tile, ...]) -> tuple[Event, ...]:
    """``seat`` alone sees the tiles it drew or was handed: how many, then one kind a line,
    with its count when there are several ("lobbyist: 2.", not "lobbyist." twice)."""
    only = _only(seat)
    counts = Counter(tiles)  # in the order first drawn
    return (Event(Msg(msg_id, count=len(tiles)), only, BRIEF),
            *(Event(Msg(tile_id, tile=tile_msg(t)) if n == 1 else
                    Msg(f"{tile_id}s", tile=tile_msg(t), count=n), only, BRIEF)
              for t, n in counts.items()))


@shared
def enacted(tile: Tile, lob: int, eco: int, seat: int) -> tuple[Event, Event]:
    """``seat`` enacts ``tile`` for its government; then the tiles on the table after it."""
    return (Event(Msg("pnue.enact.done", seat=PlayerRef(seat), tile=tile_msg(tile)), None, BRIEF),
            table(lob, eco))


@shared
def table(lob: int, eco: int) -> Event:
    """The tiles on the table, after an enactment."""
    return Event(Msg("pnue.enact.table", eco=eco, lob=lob), None, BRIEF)


@shared
def claim_tiles(msg_id: str, seat: int, lob: int, eco: int) -> tuple[Event]:
    """``seat`` claims what it drew or got, who and what in one line ("Cy claims: drew
    lobbyist 2, ecological 1.", as "Cy claims: Ana is a lobbyist."), heard at every
    verbosity: claims are what the players reason from, and a claim is its author's own
    action confirmed."""
    return (Event(Msg(msg_id, seat=PlayerRef(seat), lob=lob, eco=eco), None, BRIEF, seat),)


@shared
def claim_silent(seat: int) -> Event:
    """``seat`` makes no claim: news for the others, who might wait for one."""
    return Event(Msg("pnue.claim.silent", seat=PlayerRef(seat)), None, NORMAL, seat)


@shared
def role_dealt(seat: int, role: Role) -> tuple[Event, Event]:
    """``seat`` alone learns its role, then its nation."""
    only = _only(seat)
    return (Event(Msg("pnue.setup.role", role=role_msg(role)), only, BRIEF),
            Event(Msg("pnue.setup.nation", nation=NATIONS[seat]), only, BRIEF))


@shared
def reveal(seat: int, role: Role) -> Event:
    """At the end, ``seat``'s role is shown to all."""
    return Event(Msg("pnue.end.reveal", seat=PlayerRef(seat), role=role_msg(role)), None, BRIEF)
