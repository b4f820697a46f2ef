"""What one seat may know: the only input of a bot (hidden information stays hidden)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from a11y_games.games.pnue.data import Role, Tile

if TYPE_CHECKING:
    from a11y_games.games.pnue.state import PnueState

__all__ = ["Observation", "Public", "observe"]


class Public(NamedTuple):
    """What every seat knows.

    ``record`` is the public record, one tuple a line, each starting with the turn:
    ``(turn, "vote", president, nominee, yes_seats, no_seats, approved)``,
    ``(turn, "enact", president, secretary, tile, how)`` (how: gov, fictive, chaos),
    ``(turn, "hand", president, secretary, count)``, ``(turn, "claim", seat, what, total,
    lobbyist)`` (what: drew, got), ``(turn, "claim_role", seat, target, role)``,
    ``(turn, "recall", seat, about_turn, what, total_or_target, lobbyist_or_role)`` (a claim
    made later about an earlier turn: what is drew, got or role),
    ``(turn, "investigate", president, target)``, ``(turn, "revoke", president, target,
    was_dollar)``, ``(turn, "crisis", president, tile, skipped_seat)``, ``(turn, "pass", seat)``.
    """

    players: int
    seat_count: int
    table: tuple[int, ...]
    fictive: tuple[tuple[int, int], ...]  # (fictive seat, tiles left)
    phase: str
    turn: int
    president: int
    nominee: int | None
    secretary: int | None
    last_government: tuple[int, ...]
    no_consensus: int
    open_nomination: bool
    enacted: tuple[Tile, ...]
    pile: int
    discards: int
    revoked: frozenset[int]
    skipped: frozenset[int]
    win_at: int
    record: tuple[tuple[Any, ...], ...]
    roles: tuple[Role, ...] | None  # every role, once revealed at the end (PN-28)
    variant: str = "standard"  # how the roles were dealt, announced at the start (PN-05)


class Observation(NamedTuple):
    """A seat's view: the public facts, its own role and its own secrets.

    ``secrets`` is the seat's own record, like the public one: ``drew``, ``handed``, ``got``
    (tiles) and ``investigated`` (target, interest). ``hand`` holds the tiles it must decide
    on now; ``target`` the seat it just investigated (as President).
    """

    seat: int
    role: Role
    hand: tuple[Tile, ...]
    target: int | None
    secrets: tuple[tuple[Any, ...], ...]
    public: Public


def public(state: PnueState) -> Public:
    """The public part of every observation (cached by the state until it changes)."""
    return Public(
        state.players, state._seats, state.table_tuple,
        tuple((s, len(t)) for s, t in state.fictive.items()) if state.fictive else (),
        state.phase, state.turn, state.president, state.nominee, state.secretary,
        state.last_government, state.no_consensus, state.open_nomination,
        tuple(state.enacted), len(state.pile), len(state.discards), frozenset(state.revoked),
        state.skipped, state.win_at, state.record,
        tuple(state.roles) if state.winner is not None else None, state.variant,
    )


def observe(state: PnueState, seat: int) -> Observation:
    """Everything ``seat`` may know now, as a fresh immutable object."""
    pub = state._public
    if pub is None:
        pub = state._public = public(state)
    phase = state.phase
    holder = (state.president if phase == "discard"
              else state.secretary if phase == "enact" else None)
    return Observation(seat, state.roles[seat], tuple(state.hand) if holder == seat else (),
                       state.target if seat == state.president else None,
                       state.secrets.get(seat, ()), pub)
