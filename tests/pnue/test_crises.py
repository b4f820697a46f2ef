"""The advanced rule: crises and the race (PN-30..PN-34)."""

from __future__ import annotations

import pytest

from tests.pnue.helpers import D, E, L, act, elect, ids, new, rig

FIVE = [E, L, E, D, E]


def crisis_state(top: list[str], race: str = "timed", players: int = 5) -> object:
    state = rig(new(players, crises="on", race=race), FIVE if players == 5 else None, top=top)
    elect(state, 2)
    return state


@pytest.mark.rule("PN-30")
def test_pn30_crises_shuffled_into_the_pile() -> None:
    """PN-30: the 3 crisis tiles are somewhere in the pile, a different place each game."""
    places = {new(5, seed=s, crises="on").pile.index("crisis_health") for s in range(30)}
    assert len(places) > 5
    assert "crisis_health" not in new(5).pile


@pytest.mark.rule("PN-31")
def test_pn31_crises_handled_first_one_after_another() -> None:
    """PN-31: the other tiles wait face down while each crisis is handled, in turn."""
    state = crisis_state(["crisis_climate", "lob", "crisis_social"])
    assert state.phase == "race" and state.crisis == "crisis_climate"
    assert state.hand == ["lob"]
    assert state.observation(0).hand == ()  # not yet to decide: tiles wait face down
    for seat in (1, 2, 3, 4):
        act(state, seat, "react")
    assert state.phase == "race" and state.crisis == "crisis_social"
    for seat in (4, 3, 2, 1):
        act(state, seat, "react")
    assert state.phase == "discard" and state.hand == ["lob"]
    assert state.removed == ["crisis_climate", "crisis_social"]
    assert state.next_skipped == {4, 1}


@pytest.mark.rule("PN-32")
def test_pn32_crisis_resolved_by_a_matching_ecological_tile() -> None:
    """PN-32: an ecological tile of the same kind on the table resolves the crisis at once."""
    state = rig(new(5, crises="on"), FIVE, top=["crisis_health", "lob", "climate"])
    state.enacted = ["health"]
    elect(state, 2)
    assert state.phase == "discard" and state.removed == ["crisis_health"]
    assert "pnue.crisis.resolved" in ids(state.events) and not state.next_skipped


@pytest.mark.rule("PN-33")
def test_pn33_the_last_to_react_skips_the_next_turn() -> None:
    """PN-33: every other player races (a race pending step); the last to react sits out the
    next turn: not President, not nominated, no vote. The crisis leaves the game."""
    state = crisis_state(["crisis_climate", "lob", "health"])
    pending = state.pending()
    assert pending.race and set(pending.seats) == {1, 2, 3, 4}
    for seat in (3, 2, 4):
        assert state.legal_actions(seat) == ["react"]
        act(state, seat, "react")
    assert state.pending().seats == (1,)
    act(state, 1, "react")
    assert state.next_skipped == {1} and state.removed == ["crisis_climate"]
    act(state, 0, "keep")
    act(state, 2, "enact:health")
    act(state, 0, "claim:none")
    act(state, 2, "claim:none")
    assert state.skipped == {1} and state.president == 2  # seat 1 does not preside
    assert "nominate:1" not in state.legal_actions(2)
    act(state, 2, "nominate:3")
    assert 1 not in state.pending().seats  # nor vote
    for seat in state.pending().seats:
        act(state, seat, "vote:no")
    assert state.president == 3 and state.skipped == frozenset()  # one turn only


@pytest.mark.rule("PN-33")
def test_pn33_random_variant_draws_the_skipped_player_without_a_race() -> None:
    """PN-33 (Decision): the option replaces the race by a random draw; no timed step."""
    skipped = set()
    for seed in range(20):
        state = rig(new(5, seed=seed, crises="on", race="random"), FIVE,
                    top=["crisis_climate", "lob", "health"])
        elect(state, 2)
        assert state.phase == "discard" and not state.pending().race
        assert len(state.next_skipped) == 1 and 0 not in state.next_skipped
        said = ids(state.events)  # the players hear why one of them sits out
        assert said.index("pnue.crisis.random") + 1 == said.index("pnue.crisis.loser")
        skipped |= state.next_skipped
    assert len(skipped) > 1


@pytest.mark.rule("PN-34")
def test_pn34_after_a_crisis_discarding_is_optional() -> None:
    """PN-34: after a crisis the President may hand both tiles, or discard one and hand one."""
    state = crisis_state(["crisis_climate", "lob", "health"], race="random")
    assert state.legal_actions(0) == ["discard:lob", "discard:health", "keep"]
    assert state.pending().prompt.id == "pnue.ask.discard_optional"
    act(state, 0, "discard:lob")  # one tile left: the SG enacts it
    assert state.enacted == ["health"] and state.phase == "claim_president"


@pytest.mark.rule("PN-34")
def test_pn34_no_tile_left_ends_the_turn() -> None:
    """PN-34: with no tile left for the SG, the turn ends; the next President is on the left."""
    state = crisis_state(["crisis_climate", "crisis_health", "crisis_social"], race="random")
    assert state.enacted == [] and state.phase == "nominate" and state.president == 1
    assert "pnue.draw.nothing_left" in ids(state.events)
    other = crisis_state(["crisis_climate", "crisis_health", "lob"], race="random")
    assert other.legal_actions(0) == ["discard:lob", "keep"]
    act(other, 0, "discard:lob")
    assert other.enacted == [] and other.president == 1
    assert ids(other.events).count("pnue.draw.nothing_left") == 1
    assert "pnue.hand.public" not in ids(other.events)
