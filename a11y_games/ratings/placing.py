"""From a finished game to what the ratings compare: the sides that played and their places.

Teams where the game has camps (PNUE: the ecologists against the lobbyists, Mr Dollar with
them, whatever the number of players; fictive players are nobody's seat and are left out).
Free-for-all otherwise, each seat a side of its own, placed by the game's own final ranking
(``GameState.final_rank_key``: Vertigo's VG-32, Utopia's UT-20, Vanuatu's VA-40), with
ties as ties: a dead planet or an archipelago lost to the sea is lost by everyone alike.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from a11y_games.engine.state import GameState

__all__ = ["Placing", "places", "placing", "ranks_from_keys"]


@dataclass(frozen=True)
class Placing:
    """A finished game as the ratings see it: ``teams`` (each a tuple of seats) and their
    ``ranks`` (1 is first; equal ranks are a tie)."""

    game: str
    teams: tuple[tuple[int, ...], ...]
    ranks: tuple[int, ...]

    @property
    def seats(self) -> tuple[int, ...]:
        """Every seat rated, in team order."""
        return tuple(seat for team in self.teams for seat in team)

    def place_of(self, seat: int) -> int | None:
        """The rank of ``seat``'s side, or None if it was not rated."""
        for team, rank in zip(self.teams, self.ranks, strict=True):
            if seat in team:
                return rank
        return None


def ranks_from_keys(keys: Sequence[Any]) -> tuple[int, ...]:
    """1 for the best key, and so on; equal keys share a rank (1, 1, 3)."""
    return tuple(1 + sum(1 for other in keys if other > key) for key in keys)


def placing(state: GameState) -> Placing | None:
    """The placing of a finished game; None while it goes on, or when it rates nobody
    (every player of a PNUE game at 2 to 4 in one camp, against fictive players only)."""
    outcome = state.outcome()
    if outcome is None:
        return None
    game = state.settings.game
    players = state.settings.players
    if state.camp_of(0) is not None:  # a game of camps: they win or lose together
        return _camps(state, game, players, outcome.camp)
    keys = [state.final_rank_key(seat) for seat in range(players)]
    return Placing(game, tuple((seat,) for seat in range(players)), ranks_from_keys(keys))


def places(state: GameState) -> dict[int, int] | None:
    """Each seat's place in a finished game (1: first; ties share a place), as ``history``
    says it; None for a game of camps (they win or lose together) or one not over."""
    placed = placing(state)
    if state.camp_of(0) is not None or placed is None:
        return None
    players = state.settings.players
    return {seat: placed.place_of(seat) or players for seat in range(players)}


def _camps(state: GameState, game: str, players: int, winner: str | None) -> Placing | None:
    """Two teams, the winning camp first."""
    camps: dict[str, list[int]] = {}
    for seat in range(players):
        camps.setdefault(state.camp_of(seat) or "", []).append(seat)
    if len(camps) < 2:
        return None
    names = sorted(camps, key=lambda name: (name != winner, name))
    return Placing(game, tuple(tuple(camps[name]) for name in names),
                   tuple(1 if name == winner else 2 for name in names))
