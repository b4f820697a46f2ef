"""La montée des eaux: countdown, floods, dikes, submersion, collective loss (VA-50 to VA-56)."""

from __future__ import annotations

import pytest

from a11y_games.games.vanuatu import data
from tests.vanuatu.helpers import S, acting, ids_since, new, play, put_island, put_sea


def run_to_end(state) -> None:
    while state.pending() is not None:
        seat = state.pending().seats[0]
        state.apply(seat, state.legal_actions(seat)[0])


@pytest.mark.rule("VA-50")
def test_va50_die_rolled_at_start_of_rounds_2_4_6_8_only() -> None:
    for rising, expected in ((True, [2, 4, 6, 8]), (False, [])):
        state = new(seed=11, rising=rising)
        rolls = []
        seen = 0
        while state.pending() is not None and not state.lost_to_sea:
            said, seen = [e.msg for e in state.events[seen:]], len(state.events)
            for k, msg in enumerate(said):
                if msg.id != "vanuatu.water.die":
                    continue
                rolls.append(state.round)
                die = msg.params["die"]
                assert 1 <= die <= 6 and state.countdown == die
                assert state.phase == "characters"  # said before the round's actions
                # the countdown follows on a line of its own
                assert said[k + 1].id == "vanuatu.water.countdown"
                assert said[k + 1].params["count"] == die
            seat = state.pending().seats[0]
            # drop every stack: nothing is performed, the round-end rise is the rule then
            legal = state.legal_actions(seat)
            drops = [a for a in legal if a.startswith("drop:")]
            state.apply(seat, drops[0] if drops else legal[0])
        assert rolls == expected[:len(rolls)]
        assert len(rolls) == len(expected) or (state.lost_to_sea and len(rolls) >= 2)


@pytest.mark.rule("VA-51")
def test_va51_each_performed_action_counts_drop_and_governor_do_not() -> None:
    state = new()
    a, b = state.order[0], state.order[1]
    state.countdown = 3
    acting(state, a, "rest", character="governor", keep=False)
    state.markers["draw"][a] = 1
    state.markers["draw"][b] = 2
    state.markers["dive"][b] = 1
    play(state, "govern:rest")
    play(state, "to:draw")  # a now has 2 on draw, tie goes to a
    assert state.countdown == 3
    mark = len(state.events)
    assert state.legal_actions(b) == ["drop:dive"]  # no treasure where b's boat is
    play(state, "drop:dive")
    assert state.countdown == 3
    play(state, "act:draw")
    play(state, "draw:B3")
    assert state.countdown == 2
    assert "vanuatu.water.countdown" in ids_since(state, mark)


@pytest.mark.rule("VA-52")
def test_va52_one_marker_per_open_sea_side_then_play_resumes() -> None:
    state = new()
    a, b = state.order[0], state.order[1]
    efate = state.archipelago.island(S["B3"])
    assert sorted(state.archipelago.sea_sides(S["B3"])) == [2, 3, 4]  # SE, SW, W seas
    efate.dikes.add(4)  # the west side is protected
    state.countdown = 1
    acting(state, a, "rest")
    state.markers["draw"][b] = 1
    mark = len(state.events)
    play(state, "act:rest")
    assert efate.water == 2  # two open sea sides; 3 empty sides add nothing
    said = [e.msg for e in state.events[mark:]]
    k = [m.id for m in said].index("vanuatu.water.flood")
    assert said[k].params == {"island": "Efate", "count": 2}
    assert said[k + 1].params == {"water": 2, "limit": data.SUBMERGE_AT}  # the level after
    assert state.countdown == 0
    assert state.pending() is not None and state.phase == "actions"  # play resumes


@pytest.mark.rule("VA-52")
def test_va52_rise_not_reached_happens_at_round_end() -> None:
    """Decision: a countdown that outlasts the round's actions ends with the rise."""
    state = new()
    a = state.order[0]
    state.countdown = 6
    acting(state, a, "rest", keep=False)
    mark = len(state.events)
    play(state, "act:rest")
    ids = ids_since(state, mark)
    assert "vanuatu.water.round_end" in ids and "vanuatu.water.flood" in ids
    assert state.archipelago.island(S["B3"]).water == 3


@pytest.mark.rule("VA-53")
def test_va53_fifth_marker_submerges_everything_removed() -> None:
    state = new()
    a, b = state.order[0], state.order[1]
    efate = state.archipelago.island(S["B3"])
    efate.water = 3
    efate.huts[:] = [a, b]
    state.players[a].huts -= 1
    state.players[b].huts -= 1
    efate.drawings.append(a)
    efate.tourists = 2
    efate.dikes.add(0)
    kava = state.reserve["kava"]
    state._rise()
    assert efate.submerged and efate.water == data.SUBMERGE_AT
    assert efate.huts == [] and efate.drawings == [] and efate.tourists == 0
    assert efate.dikes == set() and efate.goods_total() == 0
    assert state.reserve["kava"] == kava + 1
    assert state.players[a].huts_lost == 1 and state.huts_on_board(a) == 0
    # inaccessible and no more water
    state._rise()
    assert efate.water == data.SUBMERGE_AT
    acting(state, a, "build", boat="C3")
    state.players[a].vatu = 5
    assert state.legal_actions(a) == ["drop:build"]
    assert not state.archipelago.islands_near(S["C3"])


@pytest.mark.rule("VA-54")
def test_va54_three_submerged_islands_everyone_loses() -> None:
    state = new()
    put_island(state, "D1", 0)
    put_island(state, "A1", 1)
    put_sea(state, "A2")
    put_sea(state, "B1")
    for _, island in state.archipelago.islands():
        island.water = 4
    state.countdown = 1
    acting(state, state.order[0], "rest")
    play(state, "act:rest")
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == frozenset()
    assert outcome.reason.id == "vanuatu.end.sea"
    assert state.pending() is None and state.lost_to_sea


@pytest.mark.rule("VA-54")
def test_va54_islands_sunk_together_are_counted_once_and_truly() -> None:
    """Four islands sank in one rise: the end said "4 islands submerged" and then "3"."""
    state = new()
    for index, code in enumerate(("D1", "A1", "C6", "B5")):
        put_island(state, code, index)
    for code, space in S.items():  # sea all around: every island floods
        if state.archipelago.tiles[space] is None:
            put_sea(state, code)
    for _, island in state.archipelago.islands():
        island.water = data.SUBMERGE_AT - 1
    assert state._rise()
    drowned = sum(1 for _, i in state.archipelago.islands() if i.submerged)
    outcome = state.outcome()
    said = [e.msg for e in state.events if e.msg.id == "vanuatu.end.sea"]
    assert drowned > data.SUBMERGED_LOSS and outcome is not None
    assert said == [outcome.reason] and outcome.reason.params["count"] == drowned


@pytest.mark.rule("VA-55")
def test_va55_build_hut_and_dike_on_different_islands_dike_full_price() -> None:
    state = new()
    seat = state.order[0]
    put_island(state, "D1", 0)  # Tanna south of C3
    acting(state, seat, "build", character="builder", boat="C3")
    state.players[seat].vatu = 2
    play(state, "act:build")
    play(state, "hut:B3")  # the Builder's hut: 1 vatu
    assert state.players[seat].vatu == 1
    dikes = [a for a in state.legal_actions(seat) if a.startswith("dike:")]
    assert "dike:D1:0" in dikes and "dike:B3:3" in dikes  # either island next to the boat
    assert "nodike" in state.legal_actions(seat)
    play(state, "dike:D1:0")
    assert state.players[seat].vatu == 0  # the dike costs 1 even for the Builder
    assert state.dikes == data.DIKES - 1
    assert 0 in state.archipelago.island(S["D1"]).dikes


@pytest.mark.rule("VA-55")
def test_va55_dike_without_hut_only_next_to_boat_on_sea_sides() -> None:
    state = new()
    seat = state.order[0]
    acting(state, seat, "build", boat="C3")
    state.players[seat].vatu = 1  # too poor for a hut
    play(state, "act:build")
    dikes = sorted(a for a in state.legal_actions(seat) if a.startswith("dike:"))
    # Efate's sea sides are south-east (2), south-west (3) and west (4)
    assert dikes == ["dike:B3:2", "dike:B3:3", "dike:B3:4"]
    assert "nodike" not in state.legal_actions(seat) and "back" in state.legal_actions(seat)
    state.dikes = 0
    acting(state, seat, "build", boat="C3")
    assert state.legal_actions(seat) == ["drop:build"]  # all 20 dikes are used
    acting(state, seat, "build", boat="C4")
    state.dikes = 5
    state.players[seat].vatu = 1
    play(state, "act:build")
    assert all(a.startswith("dike:B3:") or a == "back" for a in state.legal_actions(seat))


@pytest.mark.rule("VA-55")
def test_va55_no_dikes_without_the_expansion() -> None:
    state = new(rising=False)
    seat = state.order[0]
    acting(state, seat, "build", boat="C3")
    state.players[seat].vatu = 1
    assert state.legal_actions(seat) == ["drop:build"]


@pytest.mark.rule("VA-56")
@pytest.mark.parametrize(("water", "loss"), [(0, 0), (1, 1), (2, 3), (3, 5), (4, 7)])
def test_va56_hut_penalty_by_water_markers(water: int, loss: int) -> None:
    state = new()
    seat = state.order[0]
    efate = state.archipelago.island(S["B3"])
    efate.huts.append(seat)
    state.players[seat].huts -= 1
    efate.water = water
    state.players[seat].pp = 20
    state.players[seat].vatu = 0
    state.first = state.order[1]
    state._end_game()
    assert state.players[seat].pp == 20 - loss


def test_hut_penalty_only_with_the_expansion() -> None:
    state = new(rising=False)
    seat = state.order[0]
    efate = state.archipelago.island(S["B3"])
    efate.huts.append(seat)
    efate.water = 3
    state.players[seat].pp, state.players[seat].vatu = 20, 0
    state.first = state.order[1]
    state._end_game()
    assert state.players[seat].pp == 20


@pytest.mark.rule("VA-53")
def test_va53_a_submerged_island_without_huts_says_nothing_of_huts() -> None:
    """"0 huts lost." was heard when an island with no hut went under: now only the huts
    there were are announced."""
    state = new()
    a = state.order[0]
    bare = state.archipelago.island(S["B3"])
    bare.water = 3
    bare.huts[:] = []
    mark = len(state.events)
    state._rise()
    said = [e.msg for e in state.events[mark:]]
    assert bare.submerged and "vanuatu.water.submerged" in [m.id for m in said]
    assert "vanuatu.water.huts_lost" not in [m.id for m in said]
    state = new()
    built = state.archipelago.island(S["B3"])
    built.water = 3
    built.huts[:] = [a]
    state.players[a].huts -= 1
    mark = len(state.events)
    state._rise()
    lost = [e.msg for e in state.events[mark:] if e.msg.id == "vanuatu.water.huts_lost"]
    assert [m.params["count"] for m in lost] == [1]
