"""Presidential powers, the pile, the end of the game (PN-21..PN-28) and the record (PN-40)."""

from __future__ import annotations

import pytest

from tests.pnue.helpers import D, E, L, act, elect, enact, ids, new, rig

SEVEN = [E, L, E, D, E, L, E]


def at_lobbyist_count(count: int) -> object:
    state = rig(new(7), SEVEN)
    state.enacted = ["lob"] * (count - 1)
    enact(state, "lob", nominee=2)
    return state


@pytest.mark.rule("PN-21")
def test_pn21_second_lobbyist_tile_lets_the_president_look_privately() -> None:
    """PN-21: the President may look at one interest card, privately, then claim anything."""
    state = at_lobbyist_count(2)
    assert state.phase == "investigate" and state.pending().seats == (0,)
    assert "investigate:none" in state.legal_actions(0)
    assert "investigate:0" not in state.legal_actions(0)
    act(state, 0, "investigate:3")  # Mr Dollar shows a lobbyist interest card
    result = [e for e in state.events if e.msg.id == "pnue.power.result"][-1]
    assert result.visible_to == frozenset({0})
    assert result.msg.params["role"].id == "pnue.role.lobbyist"
    assert state.observation(0).secrets[-1][1:] == ("investigated", 3, "lobbyist")
    assert not any(e[1] == "investigated" for e in state.observation(3).secrets)
    assert state.legal_actions(0) == ["claim:none", "claim:ecologist", "claim:lobbyist"]
    act(state, 0, "claim:ecologist")  # a lie, publicly logged
    claim = [e for e in state.events if e.msg.id == "pnue.claim.says_role"][-1]
    assert claim.msg.params["claim"].id == "pnue.claim.role"
    assert claim.visible_to is None and state.president == 1
    assert [m.id for m in state.private(0)][-1] == "pnue.private.investigation"


@pytest.mark.rule("PN-22")
@pytest.mark.parametrize("count", [3, 5])
def test_pn22_third_and_fifth_lobbyist_tiles_revoke(count: int) -> None:
    """PN-22: the President must revoke a player; that player no longer presides, is never
    nominated and does not vote."""
    state = at_lobbyist_count(count)
    assert state.phase == "revoke" and "revoke:0" not in state.legal_actions(0)
    assert all(a.startswith("revoke:") for a in state.legal_actions(0))  # no way to decline
    act(state, 0, "revoke:1")
    assert 1 in state.revoked and state.outcome() is None
    assert state.president == 2  # seat 1 is skipped
    assert "nominate:1" not in state.legal_actions(2)
    act(state, 2, "nominate:4")
    assert 1 not in state.pending().seats


@pytest.mark.rule("PN-23")
def test_pn23_reshuffle_when_fewer_than_three_tiles_remain() -> None:
    """PN-23: fewer than 3 tiles left: they and the discards make a new face-down pile."""
    state = rig(new(5), [E, L, E, D, E])
    state.discards = state.pile[:15]
    state.pile = state.pile[15:]  # 8 left
    total = state.tile_total()
    elect(state, 2)  # draws 3: 5 left
    act(state, 0, state.legal_actions(0)[0])
    act(state, 2, state.legal_actions(2)[0])
    act(state, 0, "claim:none")
    act(state, 2, "claim:none")
    state.discards += state.pile[:3]
    state.pile = state.pile[3:]  # 2 left: the next draw reshuffles first
    elect(state, 3)
    assert "pnue.pile.reshuffled" in ids(state.events)
    assert state.discards == [] and len(state.pile) + 3 + len(state.enacted) == total


@pytest.mark.rule("PN-18")
@pytest.mark.rule("PN-23")
@pytest.mark.parametrize("left", [3, 4])
def test_pn18_president_draws_the_top_three_before_any_reshuffle(left: int) -> None:
    """PN-18, PN-23: with 3 or 4 tiles left the President gets the 3 on top; the pile is
    rebuilt only once fewer than 3 remain, never in the middle of the draw."""
    state = rig(new(5), [E, L, E, D, E])
    everything = state.pile + state.discards
    top = ["lob", "climate", "health"]  # drawn in this order
    for tile in top:
        everything.remove(tile)
    state.pile = [*everything[:left - 3], *reversed(top)]
    state.discards = everything[left - 3:]
    discarded = len(state.discards)
    elect(state, 2)
    assert sorted(state.hand) == sorted(top)
    assert "pnue.pile.reshuffled" in ids(state.events)  # after the draw: fewer than 3 left
    assert len(state.pile) == left - 3 + discarded and not state.discards


@pytest.mark.rule("PN-24")
def test_pn24_six_ecological_tiles_win_for_ecologists() -> None:
    state = rig(new(7), SEVEN)
    state.enacted = ["climate", "health", "social", "climate", "health"]
    enact(state, "social", nominee=2)
    assert state.outcome().camp == "ecologists"
    assert state.outcome().winners == frozenset({0, 2, 4, 6})


@pytest.mark.rule("PN-25")
def test_pn25_six_lobbyist_tiles_win_for_lobbyists() -> None:
    state = rig(new(7), SEVEN)
    state.enacted = ["lob"] * 5
    rig(state, top=["lob", "lob", "lob"])
    elect(state, 2)
    act(state, 0, "discard:lob")
    act(state, 2, "enact:lob")
    assert state.outcome().camp == "lobbyists" and state.pending() is None


@pytest.mark.rule("PN-27")
def test_pn27_mr_dollar_revoked_ecologists_win() -> None:
    """PN-27: Mr Dollar loses the accreditation and must say so: the ecologists win."""
    state = at_lobbyist_count(3)
    act(state, 0, "revoke:3")
    outcome = state.outcome()
    assert outcome.camp == "ecologists" and outcome.reason.id == "pnue.end.dollar_revoked"


@pytest.mark.rule("PN-28")
def test_pn28_every_role_revealed_at_the_end() -> None:
    """PN-28: all roles revealed publicly at the end, and only then."""
    state = at_lobbyist_count(3)
    assert "pnue.end.reveal" not in ids(state.events)
    assert state.observation(1).public.roles is None
    act(state, 0, "revoke:3")
    reveals = [e for e in state.events if e.msg.id == "pnue.end.reveal"]
    assert len(reveals) == 7 and all(e.visible_to is None for e in reveals)
    assert state.observation(1).public.roles == tuple(SEVEN)


@pytest.mark.rule("PN-40")
def test_pn40_track_record_per_player() -> None:
    """PN-40: each enacted kind is recorded for the President and the SG who enacted it, and
    the `record` query reads it, for everyone or one seat."""
    state = rig(new(7), SEVEN)
    enact(state, "climate", nominee=2)
    enact(state, "lob", nominee=3)
    assert state.records[0] == ["climate"] and state.records[2] == ["climate"]
    assert state.records[1] == ["lob"] and state.records[3] == ["lob"]
    query = {q.name: q for q in state.queries()}["record"]
    lines = query.run(state, 5, "")
    assert lines[0].id == "pnue.query.record_head" and len(lines) == 1 + 7
    one = query.run(state, 5, "2")
    assert len(one) == 2 and one[1].params["lob"] == 1 and one[1].params["eco"] == 0
    assert query.run(state, 5, "99")[0].id == "pnue.query.record_help"
