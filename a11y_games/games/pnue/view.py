"""What one seat may know: the only input of a bot (hidden information stays hidden)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from a11y_games.games.pnue.data import Role, Tile

if TYPE_CHECKING:
    from a11y_games.games.pnue.state import PnueState

__all__ = ["Observation", "observe"]


@dataclass(frozen=True, slots=True)
class Observation:
    """A seat's view of the game: public facts, its own role and its own secrets.

    ``record`` is the public record, one tuple a line, each starting with the turn:
    ``(turn, "vote", president, nominee, yes_seats, no_seats, approved)``,
    ``(turn, "enact", president, secretary, tile, how)`` (how: gov, fictive, chaos),
    ``(turn, "hand", president, secretary, count)``, ``(turn, "claim", seat, what, total,
    lobbyist)`` (what: drew, got), ``(turn, "claim_role", seat, target, role)``,
    ``(turn, "investigate", president, target)``, ``(turn, "revoke", president, target,
    was_dollar)``, ``(turn, "crisis", president, tile, skipped_seat)``, ``(turn, "pass", seat)``.
    ``secrets`` is the same for what only this seat saw: ``drew``, ``handed``, ``got`` (tiles)
    and ``investigated`` (target, interest).
    """

    seat: int
    players: int
    seat_count: int
    table: tuple[int, ...]
    fictive: tuple[tuple[int, int], ...]  # (fictive seat, tiles left)
    role: Role
    phase: str
    turn: int
    president: int
    nominee: int | None
    secretary: int | None
    last_government: tuple[int, ...]
    no_consensus: int
    enacted: tuple[Tile, ...]
    pile: int
    discards: int
    revoked: frozenset[int]
    skipped: frozenset[int]
    hand: tuple[Tile, ...]
    target: int | None
    win_at: int
    record: tuple[tuple[Any, ...], ...]
    secrets: tuple[tuple[Any, ...], ...]
    roles: tuple[Role, ...] | None  # every role, once revealed at the end (PN-28)


def observe(state: PnueState, seat: int) -> Observation:
    """Everything ``seat`` may know now, as a fresh immutable object."""
    phase = state.phase
    holder = (state.president if phase == "discard"
              else state.secretary if phase == "enact" else None)
    return Observation(
        seat=seat, players=state.players, seat_count=state.seat_count,
        table=tuple(state.table),
        fictive=tuple((s, len(t)) for s, t in state.fictive.items()),
        role=state.roles[seat], phase=phase, turn=state.turn, president=state.president,
        nominee=state.nominee, secretary=state.secretary,
        last_government=state.last_government, no_consensus=state.no_consensus,
        enacted=tuple(state.enacted), pile=len(state.pile), discards=len(state.discards),
        revoked=frozenset(state.revoked), skipped=state.skipped,
        hand=tuple(state.hand) if holder == seat else (),
        target=state.target if seat == state.president else None,
        win_at=state.win_at, record=state.record, secrets=state.secrets.get(seat, ()),
        roles=tuple(state.roles) if state.winner is not None else None,
    )
