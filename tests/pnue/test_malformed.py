"""Malformed actions and seats (from a network, a fuzzer) are refused, never a crash."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from a11y_games.games.pnue import SPEC
from tests.malformed import check_refused, draw_malformed, played


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(2, 12), seed=st.integers(0, 10_000), steps=st.integers(0, 120),
       data=st.data())
def test_apply_refuses_malformed_ids_and_seats(players: int, seed: int, steps: int,
                                               data: st.DataObject) -> None:
    state = played(SPEC, players, seed, steps)
    for _ in range(8):
        seat, action = draw_malformed(data, state)
        check_refused(state, seat, action)
