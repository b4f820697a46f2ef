"""What the search needs from Utopia: a seat's world view, worlds drawn from it, scores.

Secret in Utopia: the other seats' cards, the order of the deck, which cards the discard
pile holds (hand-limit discards are private), and the random source (the next guests,
the next reshuffle). The view keeps the seat's own hand and every count the table knows
(hand sizes, deck and discard sizes) and puts every card it cannot see in one sorted
pool; a sampled world deals that pool at random into the other hands, the discard pile
and the deck.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from a11y_games.engine.actions import BACK
from a11y_games.engine.search import copy_state, prospects
from a11y_games.engine.spec import Bot
from a11y_games.games.utopia.bots import NormalBot, Position
from a11y_games.games.utopia.data import HAND_LIMIT
from a11y_games.games.utopia.menus import NC
from a11y_games.games.utopia.state import UtopiaState

__all__ = ["confidence", "evaluate", "horizon", "policy", "sample", "scores", "searched", "view",
           "worth"]

horizon = 30
"""Normal-bot actions after the tree: the rest of the seat's turn and the other seats'
next moves. Shorter playouts favour long actions, whose steps push the others' replies
past the horizon (2 players, 20 iterations, same seeds: 10 actions won 19 of the first 34
games, 30 won 24: docs/benchmarks/strong.md)."""
POTENTIAL = 0.5
"""How much of the normal bot's estimate of its board (monuments and wonders it may take)
counts beside prestige points already won."""
CARD = 1.0
"""What an action card in hand is worth in prestige (up to the hand limit)."""
confidence = 2.0
"""The search overrules the normal bot on a lead of two standard errors (engine.search): on
few iterations, only clear gains."""
follow = True
"""Inside the tree too, what ``searched`` leaves to the normal bot is the normal bot's."""


def view(state: UtopiaState, seat: int) -> UtopiaState:  # type: ignore[override]
    """``seat``'s world view: a copy in which no card it cannot see is where it is."""
    world = copy_state(state)
    assert isinstance(world, UtopiaState)
    pool = list(world.deck) + list(world.discard)
    sizes = []
    for other, hand in enumerate(world.hands):
        sizes.append(sum(hand))
        if other != seat:
            pool += [c for c in range(NC) for _ in range(hand[c])]
            hand[:] = [0] * NC
    world._unknown = (seat, sorted(pool), tuple(sizes), len(world.deck),  # type: ignore[attr-defined]
                      len(world.discard))
    world.deck, world.discard = [], []
    world.rng = random.Random(0)
    if world._current != seat:
        world.choice, world.auto = (), ()
    # caches made from the cards of whoever was deciding
    world._builds, world._known_builds, world._told = {}, set(), None
    world._menu = world._pending = world._step_cache = None
    world._public = world._princes_view = None
    return world


def sample(seen: UtopiaState, rng: random.Random) -> UtopiaState:  # type: ignore[override]
    """A world consistent with the view ``seen``: the unknown cards dealt at random."""
    world = copy_state(seen)
    assert isinstance(world, UtopiaState)
    seat, pool, sizes, deck, discard = world._unknown  # type: ignore[attr-defined]
    cards = list(pool)
    rng.shuffle(cards)
    at = 0
    for other, size in enumerate(sizes):
        if other == seat:
            continue
        hand = world.hands[other]
        for c in cards[at:at + size]:
            hand[c] += 1
        at += size
    world.discard = cards[at:at + discard]
    world.deck = cards[at + discard:at + discard + deck]
    world.rng = random.Random(rng.getrandbits(64))
    return world


def scores(state: UtopiaState) -> list[int]:  # type: ignore[override]
    """Prestige points by seat."""
    return list(state.scores)


def worth(state: UtopiaState, seat: int) -> float:
    """``seat``'s prestige, projected: points won, what its monuments will score at the
    scale's present values in the rounds left, part of what its princes promise, and its
    cards (each an action to come)."""
    pos = Position(state.observation(seat))
    built = sum(pos.view.value(civ) for _, owner, civ in pos.view.monuments if owner == seat)
    cards = min(sum(state.hands[seat]), HAND_LIMIT)
    return (state.scores[seat] + pos.rounds_left * built
            + POTENTIAL * pos.potential(set(state.active)) + CARD * cards)


def searched(legal: list[str]) -> bool:
    """True for the choices that make a seat's plan: which action (or to end the turn),
    which guest, which monument or wonder to build (menus without ``back``). How to carry
    the action out (which princes, where to, which cards pay, which cards go at the hand
    limit) is left to the normal bot, whose plans fit the action chosen."""
    return BACK not in legal and not all(a.startswith("discard:") for a in legal)


def evaluate(state: UtopiaState) -> Sequence[float]:  # type: ignore[override]
    """Each seat's projected prestige as prospects between 0 and 1."""
    if state.winners:
        return prospects(state.scores, 8.0, state.winners)
    return prospects([worth(state, seat) for seat in range(state.n)], 8.0)


def policy(seat: int, rng: random.Random) -> Bot:
    """The playout bot: the normal bot."""
    return NormalBot(seat, rng)
