"""From a finished game to what the ratings compare: the sides that played and their places.

Teams where the game has camps (PNUE: the ecologists against the lobbyists, Mr Dollar with
them, whatever the number of players; fictive players are nobody's seat and are left out).
Free-for-all otherwise, each seat a side of its own, placed by the game's own final ranking
with ties as ties: Vertigo's (VG-32: those who may win by factories, pawns and safe, then
those who cannot pay their upkeep, then those out of the game), Utopia's (UT-20: prestige,
then districts), Vanuatu's (VA-40: prestige, huts, vatu). A dead planet (VG-25) or an
archipelago lost to the sea is lost by everyone alike: a tie.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from a11y_games.engine.state import GameState

__all__ = ["Placing", "placing", "ranks_from_keys"]


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
    if game == "pnue":
        return _camps(state, game, players, outcome.camp)
    key = _KEYS.get(game)
    if key is None:  # a game without a ranking of its own here: winners first
        keys: list[Any] = [int(seat in outcome.winners) for seat in range(players)]
    else:
        keys = [key(state, seat) for seat in range(players)]
    return Placing(game, tuple((seat,) for seat in range(players)), ranks_from_keys(keys))


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


def _vertigo(state: Any, seat: int) -> tuple[int, ...]:
    from a11y_games.games.vertigo import data

    if state.planet >= data.PLANET_MAX:
        return (0,)
    if state.eligible(seat):
        return (2, *state.ranking_key(seat))
    return (1,) if state.active[seat] else (0,)


def _utopia(state: Any, seat: int) -> tuple[int, ...]:
    return (state.scores[seat], state.controlled(seat))


def _vanuatu(state: Any, seat: int) -> tuple[int, ...]:
    if state.lost_to_sea:
        return (0,)
    player = state.players[seat]
    return (player.pp, state.huts_on_board(seat), player.vatu)


_KEYS: dict[str, Callable[[Any, int], tuple[int, ...]]] = {
    "vertigo": _vertigo, "utopia": _utopia, "vanuatu": _vanuatu}
