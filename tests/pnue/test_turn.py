"""A turn: nomination, the secret vote, the legislative session, claims (PN-10..PN-20)."""

from __future__ import annotations

import pytest

from a11y_games.engine import IllegalAction
from tests.pnue.helpers import D, E, L, act, elect, enact, fail_vote, ids, new, rig, since, vote

SEVEN = [E, L, E, D, E, L, E]


@pytest.mark.rule("PN-10")
def test_pn10_president_nominates_another_active_player() -> None:
    """PN-10: never himself; any other active player."""
    state = new(5)
    assert state.legal_actions(0) == [f"nominate:{s}" for s in (1, 2, 3, 4)]
    with pytest.raises(IllegalAction):
        state.apply(0, "nominate:0")
    assert state.legal_actions(1) == []  # only the President nominates


@pytest.mark.rule("PN-11")
def test_pn11_last_government_barred_from_seven_players() -> None:
    """PN-11: with 7+ players the last elected President and SG cannot be nominated, unless the
    previous turn ended without consensus; with fewer players they can."""
    state = rig(new(7), SEVEN)
    enact(state, "climate", nominee=2)  # government 0 + 2
    assert state.president == 1
    assert "nominate:0" not in state.legal_actions(1)
    assert "nominate:2" not in state.legal_actions(1)
    fail_vote(state)  # no consensus: anyone may be nominated next turn
    assert state.president == 2
    assert "nominate:0" in state.legal_actions(2)
    small = rig(new(6), [E, L, E, D, E, E])
    enact(small, "climate", nominee=2)
    assert "nominate:0" in small.legal_actions(1) and "nominate:2" in small.legal_actions(1)


@pytest.mark.rule("PN-12")
def test_pn12_secret_simultaneous_vote_revealed_together() -> None:
    """PN-12: every active player votes in any order; nothing is shown until the last vote,
    then who voted what is public."""
    state = rig(new(5), [E, L, E, D, E])
    act(state, 0, "nominate:2")
    pending = state.pending()
    assert set(pending.seats) == {0, 1, 2, 3, 4}
    mark = len(state.events)
    for seat in (3, 1, 4, 0):
        act(state, seat, "vote:yes" if seat % 2 else "vote:no")
        assert seat not in state.pending().seats
    early = since(state, mark)
    public = [e for e in early if e.visible_to is None or e.spectators]
    assert all(e.msg.id == "pnue.vote.cast" and "yes" not in e.msg.params for e in public)
    assert all(e.cause not in e.visible_to for e in public)  # "Your vote: no." said it
    mine = [e for e in early if e.visible_to is not None and not e.spectators]  # each vote
    # confirmed to its voter
    assert [(e.msg.id, e.visible_to) for e in mine] == [
        ("pnue.vote.mine_yes" if seat % 2 else "pnue.vote.mine_no", frozenset({seat}))
        for seat in (3, 1, 4, 0)]
    act(state, 2, "vote:yes")
    reveal = {e.msg.id: e for e in since(state, mark)}
    yes = [r.seat for r in reveal["pnue.vote.who_yes"].msg.params["seats"]]
    no = [r.seat for r in reveal["pnue.vote.who_no"].msg.params["seats"]]
    assert sorted(yes) == [1, 2, 3] and sorted(no) == [0, 4]
    assert reveal["pnue.vote.who_yes"].visible_to is None
    history = {q.name: q for q in state.queries()}["votes"].run(state, 4, "")
    assert history[0].id == "pnue.query.vote_yes"


@pytest.mark.rule("PN-13")
def test_pn13_tie_goes_the_presidents_way() -> None:
    """PN-13: on a tie the President's vote counts double."""
    state = rig(new(6), [E, L, E, D, E, E])
    act(state, 0, "nominate:2")
    vote(state, yes=(0, 1, 2))  # 3 against 3, President for
    assert state.secretary == 2 and "pnue.vote.tie" in ids(state.events)
    other = rig(new(6), [E, L, E, D, E, E])
    act(other, 0, "nominate:2")
    vote(other, yes=(1, 2, 3))  # 3 against 3, President against
    assert other.secretary is None and other.no_consensus == 1


@pytest.mark.rule("PN-14")
def test_pn14_rejection_lays_a_card_and_passes_presidency_left() -> None:
    """PN-14: a No consensus card, and the player to the President's left presides."""
    state = new(5)
    fail_vote(state)
    assert state.no_consensus == 1 and state.president == 1
    assert "pnue.vote.no_consensus" in ids(state.events)


@pytest.mark.rule("PN-15")
def test_pn15_third_failure_enacts_the_top_tile_without_power() -> None:
    """PN-15: the third failed vote discards the cards and enacts the top tile face up; it
    grants no power (our decision) but wins are checked."""
    state = rig(new(5), [E, L, E, D, E])
    state.enacted = ["lob"]
    rig(state, top=["lob"])
    for _ in range(3):
        fail_vote(state)
    assert state.no_consensus == 0
    assert state.enacted == ["lob", "lob"]  # the 2nd lobbyist tile, but no investigation
    assert state.phase == "nominate" and state.president == 3
    assert "pnue.chaos.enact" in ids(state.events)
    winning = rig(new(5), [E, L, E, D, E])
    winning.enacted = ["climate", "health", "social", "climate", "health"]
    rig(winning, top=["social"])
    for _ in range(3):
        fail_vote(winning)
    assert winning.outcome() is not None and winning.outcome().camp == "ecologists"


@pytest.mark.rule("PN-16")
def test_pn16_approval_elects_and_clears_no_consensus() -> None:
    """PN-16: the nominee becomes Secretary-General; the No consensus cards are discarded."""
    state = rig(new(5), [E, L, E, D, E])
    fail_vote(state)
    assert state.no_consensus == 1
    elect(state, 2)
    assert state.secretary == 2 and state.no_consensus == 0
    assert state.last_government == (1, 2)


@pytest.mark.rule("PN-17", "PN-26")
def test_pn17_pn26_mr_dollar_elected_after_three_lobbyist_tiles() -> None:
    """PN-17, PN-26: Mr Dollar elected SG with 3 lobbyist tiles on the table: lobbyists win
    at once; with 2 the game goes on."""
    state = rig(new(5), [E, L, E, D, E])
    state.enacted = ["lob", "lob"]
    elect(state, 3)
    assert state.outcome() is None and state.phase == "discard"
    won = rig(new(5), [E, L, E, D, E])
    won.enacted = ["lob", "lob", "lob"]
    elect(won, 3)
    outcome = won.outcome()
    assert outcome is not None and outcome.camp == "lobbyists"
    assert outcome.reason.id == "pnue.end.dollar_elected"
    assert outcome.winners == frozenset({1, 3})


@pytest.mark.rule("PN-18")
def test_pn18_draw_three_discard_one_hand_two_enact_one() -> None:
    """PN-18: the President sees 3 tiles privately, discards 1 face down, hands 2; the SG sees
    them privately, discards 1 and enacts the other face up."""
    state = rig(new(5), [E, L, E, D, E], top=["lob", "climate", "social"])
    elect(state, 2)
    drew = [e for e in state.events if e.msg.id == "pnue.draw.private"][-1]
    assert drew.visible_to == frozenset({0})
    assert state.legal_actions(0) == ["discard:lob", "discard:climate", "discard:social"]
    assert state.observation(0).hand and not state.observation(2).hand
    act(state, 0, "discard:lob")
    got = [e for e in state.events if e.msg.id == "pnue.hand.private"][-1]
    assert got.visible_to == frozenset({2})
    assert state.legal_actions(2) == ["enact:climate", "enact:social"]
    act(state, 2, "enact:social")
    assert state.enacted == ["social"] and sorted(state.discards) == ["climate", "lob"]


@pytest.mark.rule("PN-19")
def test_pn19_claims_are_logged_public_events() -> None:
    """PN-19: after the session the President then the SG may claim what they saw, truly or
    not; claims are public and recalled by the `claims` query."""
    state = rig(new(5), [E, L, E, D, E], top=["lob", "lob", "climate"])
    elect(state, 2)
    act(state, 0, "discard:climate")
    act(state, 2, "enact:lob")
    assert state.phase == "claim_president"
    assert state.legal_actions(0) == ["claim:none", "claim:lob0", "claim:lob1", "claim:lob2",
                                      "claim:lob3"]
    act(state, 0, "claim:lob3")  # a lie: he drew an ecological tile
    assert state.phase == "claim_secretary" and state.pending().seats == (2,)
    act(state, 2, "claim:lob2")
    claims = [e for e in state.events if e.msg.id.startswith("pnue.claim.")]
    assert [(e.msg.id, e.visible_to, e.cause) for e in claims] == [
        ("pnue.claim.drew_tiles", None, 0), ("pnue.claim.got_tiles", None, 2)]
    assert [(e.msg.params["lob"], e.msg.params["eco"]) for e in claims] == [(3, 0), (2, 0)]
    lines = {q.name: q for q in state.queries()}["claims"].run(state, None, "")
    assert [m.params["lob"] for m in lines if "lob" in m.params] == [3, 2]
    assert state.president == 1  # then the presidency moves on


@pytest.mark.rule("PN-20")
def test_pn20_presidency_passes_left_of_previous_president_skipping_inactive() -> None:
    """PN-20: the next President sits left of the previous President (not of the SG);
    revoked players are skipped."""
    state = rig(new(7), SEVEN)
    enact(state, "climate", nominee=4)
    assert state.president == 1
    state.revoked.add(2)
    enact(state, "climate", nominee=5)
    assert state.president == 3
