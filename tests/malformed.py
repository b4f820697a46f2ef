"""Malformed actions and seats, as a network or a fuzzer sends them: a property every game
meets (``GameState.apply`` refuses them with ``IllegalAction`` and changes nothing)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import strategies as st

from a11y_games.engine import IllegalAction
from a11y_games.engine.spec import GameSpec
from a11y_games.engine.state import GameState

SEATS = st.integers(min_value=-3, max_value=12)
"""Seats, in range or not (-1 must not play for the last seat)."""

JUNK = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["", ":", "::", "-1", "kind:-1", "kind: polluting", "kind:", "vote:",
                     "nominate:-1", "nominate:99", "nominate:x", "sail:", "tile:ZZ",
                     "region:-1", "province:99", "back:", "done:1", "play:-1:x"]),
    st.none(), st.integers(), st.floats(allow_nan=False), st.binary(max_size=4),
    st.lists(st.text(max_size=3), max_size=2), st.tuples(st.text(max_size=3)),
)


def mutations(legal: str) -> st.SearchStrategy[Any]:
    """Near misses of a legal id: a bad number, blanks, a part missing or added."""
    head, _, _ = legal.partition(":")
    return st.sampled_from([f"{head}:-1", f"{head}: {legal}", f"{head}:999", f"{head}:",
                            f"{legal}:", f"{legal}:0", f" {legal}", legal.upper(),
                            f"{head}:{head}", f"{legal}x", legal.replace(":", "::")])


def played(spec: GameSpec, players: int, seed: int, steps: int) -> GameState:
    """A game after ``steps`` random legal actions (fewer if it ends first)."""
    state = spec.new_state(spec.settings(players, seed), random.Random(seed))
    rng = random.Random(seed)
    for _ in range(steps):
        pending = state.pending()
        if pending is None:
            break
        seat = rng.choice(pending.seats)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def check_refused(state: GameState, seat: Any, action: Any) -> None:
    """``action`` by ``seat`` is either legal, or refused with IllegalAction, nothing changed."""
    seats = state.seat_count
    if (isinstance(seat, int) and 0 <= seat < seats and isinstance(action, str)
            and action in state.legal_actions(seat)):
        return
    pending = state.pending()
    events = len(state.events)
    legal = [state.legal_actions(s) for s in range(seats)]
    try:
        state.apply(seat, action)
    except IllegalAction:
        pass
    else:
        raise AssertionError(f"{action!r} by seat {seat!r} was accepted")
    assert state.pending() == pending
    assert len(state.events) == events
    assert [state.legal_actions(s) for s in range(seats)] == legal


def draw_malformed(data: st.DataObject, state: GameState) -> tuple[Any, Any]:
    """A seat and an action: junk, or a near miss of a legal id of a seat asked now."""
    seat = data.draw(SEATS)
    pending = state.pending()
    legal = state.legal_actions(pending.seats[0]) if pending else []
    if legal and data.draw(st.booleans()):
        return seat, data.draw(mutations(data.draw(st.sampled_from(legal))))
    return seat, data.draw(JUNK)
