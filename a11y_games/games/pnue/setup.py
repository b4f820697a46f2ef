"""Setting up a game of PNUE: dealing roles, and the fictive players' piles at 2 to 4 players."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from a11y_games.games.pnue import data
from a11y_games.games.pnue.data import DOLLAR, ECO_KINDS, ECOLOGIST, LOB, LOBBYIST, Role, Tile

__all__ = ["Deal", "deal", "envelopes"]


@dataclass
class Deal:
    """The result of the setup: who is who, where each seat sits, the piles."""

    roles: list[Role]
    table: list[int]  # seats in clockwise order ("to the left" = next in this list)
    pile: list[Tile]  # the draw pile, top last
    fictive: dict[int, list[Tile]] = field(default_factory=dict)  # fictive seat -> its tiles
    pile_choice: int | None = None  # the kept pile of envelopes (secret; tests only)
    removed_envelope: Role | None = None  # variants PN-50, PN-51 (secret; tests only)


def envelopes(players: int, variant: str, rng: random.Random) -> tuple[list[Role], Role | None]:
    """The shuffled envelopes for 5 to 12 players (PN-03, PN-04, PN-50, PN-51)."""
    dollar, lobbyists, ecologists = data.ROLE_COUNTS[players]
    removed: Role | None = None
    if variant == "random_lobbyists":  # PN-50: Mr Dollar counts as a lobbyist, then comes back
        pool = [LOBBYIST] * (dollar + lobbyists) + [ECOLOGIST] * ecologists
        removed = pool.pop(rng.randrange(len(pool)))
        pool.append(DOLLAR)
    elif variant == "maybe_dollar":  # PN-51: envelopes for one more player, one removed
        dollar, lobbyists, ecologists = data.ROLE_COUNTS[players + 1]
        pool = [DOLLAR] * dollar + [LOBBYIST] * lobbyists + [ECOLOGIST] * ecologists
        removed = pool.pop(rng.randrange(len(pool)))
    else:
        pool = [DOLLAR] * dollar + [LOBBYIST] * lobbyists + [ECOLOGIST] * ecologists
    rng.shuffle(pool)
    return pool, removed


def deal(players: int, variant: str, crises: bool, rng: random.Random) -> Deal:
    """Deal roles and build the draw pile (PN-04, PN-06, PN-30, PN-60..PN-63)."""
    pile = data.base_tiles(crises)
    rng.shuffle(pile)
    if players >= 5:
        roles, removed = envelopes(players, variant, rng)
        return Deal(roles, list(range(players)), pile, removed_envelope=removed)
    return _deal_small(players, pile, rng)


def _deal_small(players: int, pile: list[Tile], rng: random.Random) -> Deal:
    """2 to 4 players: one pile of envelopes is kept at random, unseen (PN-61, PN-62)."""
    piles = data.FICTIVE_PILES[players]
    choice = rng.randrange(len(piles))
    kept = piles[choice]
    human_envelopes = [env[0] for env in kept if env[1] + env[2] == 0]
    fictive_envelopes = [env for env in kept if env[1] + env[2] > 0]
    rng.shuffle(human_envelopes)
    roles: list[Role] = list(human_envelopes)
    fictive: dict[int, list[Tile]] = {}
    for number, (interest, lob, eco) in enumerate(fictive_envelopes):
        seat = players + number
        roles.append(interest)
        tiles = [_take(pile, LOB) for _ in range(lob)]
        tiles += [_take(pile, rng.choice(ECO_KINDS), any_eco=True) for _ in range(eco)]
        rng.shuffle(tiles)
        fictive[seat] = tiles
    rng.shuffle(pile)  # the set-aside piles' tiles went back in unseen: shuffle again
    return Deal(roles, _seating(players, len(fictive_envelopes), rng), pile, fictive, choice)


def _take(pile: list[Tile], tile: Tile, *, any_eco: bool = False) -> Tile:
    """Remove one tile of that kind (or any ecological one) from the pile."""
    if tile in pile:
        pile.remove(tile)
        return tile
    if any_eco:
        for kind in ECO_KINDS:
            if kind in pile:
                pile.remove(kind)
                return kind
    raise ValueError(tile)


def _seating(players: int, fictive: int, rng: random.Random) -> list[int]:
    """Seat the fictive players among the players; never side by side (PN-63)."""
    humans = list(range(players))
    total = players + fictive
    while True:
        spots = sorted(rng.sample(range(total), fictive))
        if fictive < 2 or all((b - a) % total not in (1, total - 1)
                              for i, a in enumerate(spots) for b in spots[i + 1:]):
            break
    table: list[int] = []
    extra = iter(range(players, total))
    others = iter(humans)
    for place in range(total):
        table.append(next(extra) if place in spots else next(others))
    return table

