"""Malformed actions and seats (from a network, a fuzzer) are refused, never a crash: a
property test per game, over its whole player range."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from a11y_games.games import all_specs
from tests.malformed import check_refused, draw_malformed, played

SPECS = all_specs()


@pytest.mark.parametrize("game", sorted(SPECS))
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 120), data=st.data())
def test_apply_refuses_malformed_ids_and_seats(game: str, seed: int, steps: int,
                                               data: st.DataObject) -> None:
    spec = SPECS[game]
    players = data.draw(st.integers(spec.min_players, spec.max_players), label="players")
    state = played(spec, players, seed, steps)
    for _ in range(8):
        seat, action = draw_malformed(data, state)
        check_refused(state, seat, action)
