"""The normal bot reads the table from 5 players: what it saw and what was claimed move its
belief, and its nominations, votes and revocations follow that belief."""

from __future__ import annotations

import random

import pytest

from a11y_games.engine.simulate import simulate
from a11y_games.games.pnue import SPEC
from a11y_games.games.pnue.belief import belief
from a11y_games.games.pnue.bots import NormalBot
from a11y_games.games.pnue.state import PnueState
from tests.pnue.helpers import D, E, L, act, elect, new, rig


def choose(state: PnueState, seat: int) -> str:
    return NormalBot(seat, random.Random(1)).choose(state.observation(seat),
                                                    state.legal_actions(seat))


def caught_secretary() -> PnueState:
    """Seat 0 (ecologist) hands a lobbyist and an ecological tile to seat 1 (lobbyist), who
    enacts the lobbyist tile and says he had no choice."""
    state = rig(new(7), [E, L, E, D, E, L, E], top=["lob", "lob", "climate"])
    elect(state, 1)
    act(state, 0, "discard:lob")
    act(state, 1, "enact:lob")
    act(state, 0, "claim:lob2")
    act(state, 1, "claim:lob2")
    return state


def test_the_president_who_handed_an_ecological_tile_knows_the_secretary() -> None:
    state = caught_secretary()
    assert belief(state.observation(0)).lob[1] > 0.95
    seen = belief(state.observation(6))  # a bystander: one of the two lied
    assert seen.any_lobbyist(0, 1) > 0.95
    assert seen.lob[1] > seen.lob[2] + 0.2


def test_ecologists_vote_against_a_government_with_a_caught_seat() -> None:
    state = caught_secretary()
    act(state, 1, "nominate:3")  # the caught seat now presides
    assert {choose(state, s) for s in (0, 2, 4, 6)} == {"vote:no"}


def test_an_ecologist_president_never_nominates_the_seat_it_caught() -> None:
    state = caught_secretary()
    act(state, 1, "nominate:3")
    for seat in state.pending().seats:  # type: ignore[union-attr]
        act(state, seat, "vote:no")
    while state.president != 0:  # the presidency goes round, every government rejected
        act(state, state.president, state.legal_actions(state.president)[0])
        for seat in state.pending().seats:  # type: ignore[union-attr]
            act(state, seat, "vote:no")
    assert "nominate:1" in state.legal_actions(0)
    assert choose(state, 0) != "nominate:1"


def late_table() -> PnueState:
    """5 players, 3 lobbyist tiles on the table; then seat 0 was elected Secretary-General
    and the game went on: seat 0 is not Mr Dollar (PN-17)."""
    state = rig(new(5), [E, L, E, D, E])
    every = (0, 1, 2, 3, 4)
    state.record = ((1, "vote", 0, 1, every, (), True), (1, "enact", 0, 1, "lob", "gov"),
                    (2, "vote", 1, 3, every, (), True), (2, "enact", 1, 3, "lob", "gov"),
                    (3, "vote", 2, 3, every, (), True), (3, "enact", 2, 3, "lob", "gov"),
                    (4, "vote", 3, 0, every, (), True), (4, "enact", 3, 0, "climate", "gov"))
    state.enacted = ["lob", "lob", "lob", "climate"]
    state.turn = 5
    state.president = 4
    state._nominees = [f"nominate:{s}" for s in state.nominees()]
    state._public = None
    state._refresh()
    return state


@pytest.mark.rule("PN-17")
def test_a_secretary_elected_after_three_lobbyist_tiles_is_cleared() -> None:
    state = late_table()
    read = belief(state.observation(4))
    assert read.cleared == {0}
    assert read.dollar[0] == 0.0
    assert abs(sum(read.dollar.values()) - 1.0) < 1e-6
    assert choose(state, 4) == "nominate:0"  # the one seat that cannot end the game


@pytest.mark.rule("PN-17")
def test_ecologists_reject_a_likely_mr_dollar_once_three_lobbyist_tiles_are_down() -> None:
    state = late_table()
    act(state, 4, "nominate:3")  # in two governments that enacted lobbyist tiles
    assert choose(state, 2) == "vote:no"


def test_the_reading_ignores_what_the_seat_cannot_see() -> None:
    """Two other seats exchanging their cards changes nothing in a seat's reading."""
    state = caught_secretary()
    before = belief(state.observation(6))
    state.roles[2], state.roles[3] = state.roles[3], state.roles[2]
    state.dollar = 2
    assert belief(state.observation(6)) == before


@pytest.mark.parametrize("players", [5, 7])
def test_ecologists_who_read_the_table_beat_normal_lobbyists(players: int) -> None:
    """Before the table was read, normal ecologists won 59 % (5 players) and 52 % (7) of
    their games against normal lobbyists (docs/benchmarks/pnue.md); now over 70 %."""
    games = 200
    report = simulate(SPEC, players=players, games=games, seed=700,
                      camp_levels={"ecologists": "normal", "lobbyists": "normal"})
    assert report.camp_wins["ecologists"] / games > 0.7
