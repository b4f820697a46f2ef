"""Set-ups for Utopia rule tests: a fresh state, an empty city, a chosen turn."""

from __future__ import annotations

import random

from a11y_games.games.utopia import SPEC
from a11y_games.games.utopia.data import CIVS, DISTRICTS, ISLANDS
from a11y_games.games.utopia.state import ACTIONS, NC, UtopiaState

CIV = {c: i for i, c in enumerate(CIVS)}


def new_state(players: int = 3, seed: int = 1) -> UtopiaState:
    state = SPEC.new_state(SPEC.settings(players, seed), random.Random(seed))
    assert isinstance(state, UtopiaState)
    return state


def empty_city(state: UtopiaState) -> UtopiaState:
    """Take every prince back to its owner's supply."""
    for d in DISTRICTS:
        for seat in range(state.n):
            for c in range(NC):
                k = state.count(d, seat, c)
                if k:
                    state._place(d, seat, c, -k)
                    state.supply[seat][c] += k
    return state


def put(state: UtopiaState, district: str, seat: int, civ: str, k: int = 1) -> None:
    """Place ``k`` princes from the seat's supply."""
    state._place(district, seat, CIV[civ], k)
    state.supply[seat][CIV[civ]] -= k


def give(state: UtopiaState, seat: int, **cards: int) -> None:
    """Set a seat's hand (cards by civilisation), returning the old hand to the deck."""
    for c in range(NC):
        state.deck.extend([c] * state.hands[seat][c])
        state.hands[seat][c] = 0
    for civ, k in cards.items():
        for _ in range(k):
            state.deck.remove(CIV[civ])
        state.hands[seat][CIV[civ]] = k


def turn_of(state: UtopiaState, seat: int, phase: str = ACTIONS) -> UtopiaState:
    """Make it ``seat``'s turn in ``phase`` (order: seat, then the others)."""
    state.phase = phase
    state.guests = [] if phase == ACTIONS else state.guests
    state.order = [seat, *[s for s in range(state.n) if s != seat]]
    state.pos = 0
    state.pick = 0
    state._changed()
    state._pending = None
    state._start_turn()
    return state


def play(state: UtopiaState, seat: int, *actions: str) -> None:
    for action in actions:
        assert action in state.legal_actions(seat), (action, state.legal_actions(seat))
        state.apply(seat, action)


def island_districts(island: str) -> tuple[str, ...]:
    return ISLANDS[island].districts
