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
from itertools import pairwise

from a11y_games.engine.actions import BACK
from a11y_games.engine.search import copy_state, prospects
from a11y_games.engine.spec import Bot
from a11y_games.games.utopia.bots import NormalBot, Position
from a11y_games.games.utopia.data import HAND_LIMIT
from a11y_games.games.utopia.menus import NC
from a11y_games.games.utopia.state import UtopiaState

__all__ = ["confidence", "evaluate", "horizon", "policy", "sample", "scores", "searched", "stop",
           "view", "worth"]

horizon = 150
"""Normal-bot actions after the tree, at most: a playout ends once the round's scoring is
done (``stop``), about 34 actions after a round's start at 2 players (64 at most
measured), twice that at 4."""
to_scoring = True
"""Playouts end at the round's scoring (``stop``); False: only at the horizon."""
STAGES = {
    2: ((10.0, (0.026, 0.026, 0.045, 0.098)),
        (27.0, (0.100, 0.027, 0.060, 0.171)),
        (45.0, (0.132, 0.087, 0.043, 0.128))),
    3: ((5.0, (0.060, 0.027, 0.054, 0.034)),
        (27.0, (0.096, 0.023, 0.027, 0.048)),
        (42.0, (0.153, 0.046, 0.030, 0.049))),
    4: ((5.0, (0.104, 0.027, 0.075, 0.064)),
        (26.0, (0.105, 0.019, 0.046, 0.047)),
        (41.0, (0.128, 0.055, 0.046, 0.024))),
    5: ((5.0, (0.161, 0.016, 0.123, 0.0)),
        (27.0, (0.113, 0.031, 0.054, 0.010)),
        (42.0, (0.143, 0.075, 0.063, 0.0))),
}
"""The evaluation's weights by count of players, then by the table's best score
(interpolated between): how much a seat's lead in prestige, in its monuments' value times
the rounds left, in what its princes promise (the normal bot's estimate) and in cards in
hand (up to the limit) raises its odds of winning, in logits. Fitted by logistic
regression on 400 games of normal bots at each count (seeds from 300,000;
``scripts/fit_utopia_evaluation.py --players N``), just after each round's scoring (where
playouts stop); at 5 players the cards' small negative fits (−0.008, −0.014) are set to 0.
A count without its own weights uses the nearest fitted one."""
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
    world._scoring = seen.round  # type: ignore[attr-defined]  # (the round scored next)
    return world


def stop(state: UtopiaState) -> bool:  # type: ignore[override]
    """True once the playout has seen the scoring of the round the search started in (or
    the game's end): every answer is then scored at the same moment of the game."""
    return to_scoring and (state.round > state._scoring or bool(state.winners))  # type: ignore[attr-defined]


def scores(state: UtopiaState) -> list[int]:  # type: ignore[override]
    """Prestige points by seat."""
    return list(state.scores)


def weights(best: float, players: int = 2) -> tuple[float, ...]:
    """The evaluation's weights at ``players`` when the best score of the table is ``best``."""
    stages = STAGES[min(STAGES, key=lambda count: (abs(count - players), count))]
    if best <= stages[0][0]:
        return stages[0][1]
    for (low, lw), (high, hw) in pairwise(stages):
        if best <= high:
            t = (best - low) / (high - low)
            return tuple(a + t * (b - a) for a, b in zip(lw, hw, strict=True))
    return stages[-1][1]


def worth(state: UtopiaState, seat: int, weight: Sequence[float] | None = None) -> float:
    """``seat``'s odds in logits (before the others' are taken off): prestige won, what its
    monuments will score at the scale's present values in the rounds left, what its princes
    promise, and its cards (each an action to come), weighted by ``weights``."""
    pos = Position(state.observation(seat))
    built = sum(pos.view.value(civ) for _, owner, civ in pos.view.monuments if owner == seat)
    cards = min(sum(state.hands[seat]), HAND_LIMIT)
    w = weight or weights(max(state.scores), state.n)
    return (w[0] * state.scores[seat] + w[1] * pos.rounds_left * built
            + w[2] * pos.potential(set(state.active)) + w[3] * cards)


DETAILS: tuple[str, ...] = ()
"""Steps of carrying an action out that are searched too (their menus have ``back``), by
their answers' first word: ``place`` (where a guest goes), ``up``/``down`` (which
civilisation the influence moves), ``src`` (which princes move or are removed)."""


def searched(legal: list[str]) -> bool:
    """True for the choices that make a seat's plan: which action (or to end the turn),
    which guest, which monument or wonder to build (menus without ``back``). How to carry
    the action out (which princes, where to, which cards pay, which cards go at the hand
    limit) is left to the normal bot, whose plans fit the action chosen."""
    if BACK not in legal:
        return not all(a.startswith("discard:") for a in legal)
    return bool(DETAILS) and legal[0].split(":")[0] in DETAILS


def evaluate(state: UtopiaState) -> Sequence[float]:  # type: ignore[override]
    """Each seat's odds of winning, from its lead in ``worth`` over the best other seat."""
    if state.winners:
        return prospects(state.scores, 8.0, state.winners)
    w = weights(max(state.scores), state.n)
    return prospects([worth(state, seat, w) for seat in range(state.n)], 1.0)


def policy(seat: int, rng: random.Random) -> Bot:
    """The playout bot: the normal bot."""
    return NormalBot(seat, rng)
