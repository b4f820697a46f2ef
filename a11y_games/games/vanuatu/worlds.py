"""What the search needs from Vanuatu: a seat's world view, worlds drawn from it, scores.

Secret in Vanuatu: which of the two face-down stacks holds each letter's tile, the order
of the ship and tourist decks, the rest tokens the other players drew this round (the
table knows who drew one, not which), and the random source (dice, the next shuffles).
The view keeps the seat's own rest token and the contents of every pile it can count;
a sampled world shuffles the decks, swaps each letter's pair of tiles at even odds and
hands the other drawers their tokens from the unknown ones.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from a11y_games.engine.search import copy_state, prospects
from a11y_games.engine.spec import Bot
from a11y_games.games.vanuatu import data
from a11y_games.games.vanuatu.bots import NormalBot
from a11y_games.games.vanuatu.state import VanuatuState

__all__ = ["evaluate", "horizon", "policy", "sample", "scores", "view", "worth"]

horizon = 40
"""Normal-bot actions after the tree: about the rest of a round's actions."""
TOURISTS_A_ROUND = 0.4
"""Tourists an island may still expect each round left (as the normal bot reckons)."""


def view(state: VanuatuState, seat: int) -> VanuatuState:  # type: ignore[override]
    """``seat``'s world view: piles in a fixed order, the others' rest tokens unknown."""
    world = copy_state(state)
    assert isinstance(world, VanuatuState)
    first, second = world.stacks_of_tiles
    for i in range(min(len(first), len(second))):
        first[i], second[i] = sorted((first[i], second[i]), key=repr)
    world.tourist_tiles.sort()
    world.ship_deck.sort()
    drawers = []
    tokens = list(world.rest_pool)
    for other, player in enumerate(world.players):
        if other != seat and player.rest is not None:
            drawers.append(other)
            tokens.append(player.rest)
            player.rest = None
    world.rest_pool = sorted(tokens)
    world._rest_drawers = tuple(drawers)  # type: ignore[attr-defined]
    world.rng = random.Random(0)
    world._board_copy = None
    world._pending, world._legal = None, {}
    return world


def sample(seen: VanuatuState, rng: random.Random) -> VanuatuState:  # type: ignore[override]
    """A world consistent with the view ``seen``: piles shuffled, tokens handed out."""
    world = copy_state(seen)
    assert isinstance(world, VanuatuState)
    first, second = world.stacks_of_tiles
    for i in range(min(len(first), len(second))):
        if rng.random() < 0.5:
            first[i], second[i] = second[i], first[i]
    rng.shuffle(world.tourist_tiles)
    rng.shuffle(world.ship_deck)
    rng.shuffle(world.rest_pool)
    for other in world._rest_drawers:  # type: ignore[attr-defined]
        world.players[other].rest = world.rest_pool.pop()
    world.rng = random.Random(rng.getrandbits(64))
    return world


def scores(state: VanuatuState) -> list[int]:  # type: ignore[override]
    """Prestige points by seat (what the final count compares first)."""
    return [p.pp for p in state.players]


def worth(state: VanuatuState) -> list[float]:
    """What the final count would give each seat from here (VA-40, VA-56): prestige; money,
    fish and treasures; 2 PP a hut per tourist its island may have by the end, less the
    water penalty there; the first player's 3 PP. (Without the huts a search sees a hut
    only as 3 vatu spent: its points come at the end, far past a playout.)"""
    rounds_left = data.ROUNDS - state.round
    out = [p.pp + (p.vatu + sum(p.fish)) / data.END_VATU_PER_PP
           + sum(p.treasures) * data.END_TREASURE_FACTOR for p in state.players]
    for _, island in state.archipelago.live_islands():
        if not island.huts:
            continue
        tourists = min(island.spec.capacity, island.tourists + TOURISTS_A_ROUND * rounds_left)
        penalty = data.WATER_PENALTY[min(island.water, 4)] if state.rising else 0
        for owner in island.huts:
            out[owner] += data.END_PP_PER_TOURIST * tourists - penalty
    out[state.first] += data.END_FIRST_PLAYER_PP
    return out


def evaluate(state: VanuatuState) -> Sequence[float]:  # type: ignore[override]
    """Each seat's prospects from what the final count would give it (``worth``); an
    archipelago lost to the sea is lost for everyone."""
    if state.lost_to_sea:
        return [0.0] * len(state.players)
    if state.winners is not None:
        return prospects(scores(state), 4.0, state.winners)
    out = prospects(worth(state), 4.0)
    drowned = sum(1 for _, i in state.archipelago.islands() if i.submerged)
    if state.rising and drowned:  # each island lost brings the common defeat closer
        doom = 1.0 - 0.3 * drowned / data.SUBMERGED_LOSS
        out = [v * doom for v in out]
    return out


def policy(seat: int, rng: random.Random) -> Bot:
    """The playout bot: the normal bot."""
    return NormalBot(seat, rng)
