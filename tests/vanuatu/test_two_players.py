"""The two-player variant of the second edition (VA-60)."""

from __future__ import annotations

import pytest

from a11y_games.engine.simulate import simulate
from a11y_games.games.vanuatu import SPEC, data
from tests.vanuatu.helpers import acting, new, play, put_sea, to_planning
from tests.vanuatu.test_simulation import check


@pytest.mark.rule("VA-60")
def test_va60_neutral_markers_two_then_three_before_planning() -> None:
    state = new(players=2, seed=4)
    counts = {}
    while state.pending() is not None and state.round <= 8 and not state.lost_to_sea:
        if state.phase == "planning" and state.round not in counts:
            counts[state.round] = sum(state.neutral.values())
        seat = state.pending().seats[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert counts[1] == 2 and all(counts[r] == 2 for r in counts if r <= 4)
    assert all(counts[r] == 3 for r in counts if r >= 5)
    assert not new(players=3).neutral["rest"]  # three players: no neutral markers


@pytest.mark.rule("VA-60")
def test_va60_to_act_a_player_must_beat_the_neutral_stack() -> None:
    state = new(players=2)
    a = state.order[0]
    acting(state, a, "draw", boat="C3", markers=2)
    state.neutral["draw"] = 2  # a tie with the neutral stack is not enough
    assert state.holder("draw") is None
    state._legal = {}
    assert state.legal_actions(a) == ["drop:draw"]
    state.markers["draw"][a] = 3
    state._legal = {}
    assert state.holder("draw") == a and "act:draw" in state.legal_actions(a)


@pytest.mark.rule("VA-60")
def test_va60_five_random_characters_not_used_last_round() -> None:
    state = new(players=2, seed=8)
    assert len(state.offered) == 5
    first = state.pending().seats[0]
    assert {a.split(":")[1] for a in state.legal_actions(first)} == set(state.offered)
    to_planning(state)
    used = {p.character for p in state.players}
    while state.phase != "characters" or state.round == 1:
        seat = state.pending().seats[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert len(state.offered) == 5 and used.isdisjoint(state.offered)


@pytest.mark.rule("VA-60")
def test_va60_boats_may_not_end_on_the_same_space() -> None:
    state = new(players=2)
    a, b = state.order
    put_sea(state, "D1")
    state.players[b].boat = data.SPACE_OF["C4"]
    acting(state, a, "sail", boat="C3")
    play(state, "act:sail")
    assert "sail:C4" not in state.legal_actions(a)
    assert "sail:D1" in state.legal_actions(a) and "sail:B2" in state.legal_actions(a)


@pytest.mark.rule("VA-60")
@pytest.mark.parametrize("rising", ["on", "off"])
def test_va60_random_two_player_games_keep_invariants(rising: str) -> None:
    report = simulate(SPEC, players=2, games=100, seed=31, options={"rising_waters": rising},
                      check=check)
    assert report.unfinished == 0
