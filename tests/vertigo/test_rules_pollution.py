"""Pollution and production: VG-20 to VG-26."""

from __future__ import annotations

import pytest

from a11y_games.engine import Verbosity
from a11y_games.games.vertigo.country import (
    CLEAN,
    EMPTY,
    PEOPLE,
    POLLUTED,
    POLLUTING,
    TREATMENT,
)
from a11y_games.i18n import Translator
from tests.vertigo.helpers import ids, seat_now, started, to_pollution


def rolls(state, start: int = 0) -> list[tuple[int, str, str]]:
    """(roller, region, face) of each roll, as seat 0 hears it: one line says all three."""
    events = [e for e in state.events[start:] if e.visible(0)]
    return [(e.msg.params["player"].seat, e.msg.params["region"].id, e.msg.params["face"].id)
            for e in events if e.msg.id in ("vertigo.event.roll", "vertigo.event.roll_more")]


def test_vg20_sources_rolled_region_by_region() -> None:
    """VG-20: one roll per polluting factory and per crowded region without treatment plant,
    right, then centre, then left."""
    state = started(2, 1, pawns=5)  # the right regions are crowded
    first, second = state.order
    c = state.countries[first]
    c.prov[2][0], c.eng[2][0] = POLLUTING, 1
    c.prov[1][0], c.eng[1][0] = POLLUTING, 1
    d = state.countries[second]
    d.prov[0][0], d.eng[0][0] = TREATMENT, 2  # the treatment plant neutralises the crowd
    mark = len(state.events)
    to_pollution(state, "sun", "sun", "sun", "sun")
    assert rolls(state, mark) == [(first, "vertigo.region.right", "vertigo.die.sun"),
                                  (first, "vertigo.region.centre", "vertigo.die.sun"),
                                  (first, "vertigo.region.left", "vertigo.die.sun")]
    assert c.sources(0) == 1 and d.sources(0) == 0
    d.prov[0][0], d.eng[0][0] = CLEAN, 2
    assert d.sources(0) == 1  # a clean factory does not treat a crowd


def test_vg21_sun_cloud_two_clouds() -> None:
    """VG-21: sun nothing; 1 cloud one marker; 2 clouds two markers, on the roller's region."""
    state = started(2, 1, pawns=5)
    first, second = state.order
    to_pollution(state, "cloud", "two_clouds")
    assert seat_now(state) == first
    assert state.legal_actions(first) == [f"province:{p}" for p in range(5, 10)]
    state.apply(first, "province:7")
    assert state.countries[first].prov[0][7] == POLLUTED
    assert seat_now(state) == second
    state.apply(second, "province:5")
    state.apply(second, "province:6")
    assert state.countries[second].polluted(0) == 2
    assert state.planet == 10  # three witnesses at two players (VG-23)


def test_vg21_arrow_goes_next_to_existing_pollution() -> None:
    """VG-21: the arrow puts a marker in another country next to its pollution."""
    state = started(3, 1, pawns=5)
    first = state.order[0]
    target = state.order[1]
    t = state.countries[target]
    t.prov[2][7] = POLLUTED
    to_pollution(state, "arrow")
    assert seat_now(state) == first
    assert sorted(state.legal_actions(first)) == sorted(
        f"target:{s}" for s in range(3) if s != first)
    state.apply(first, f"target:{target}")
    state.apply(first, "region:2")
    assert state.legal_actions(first) == ["province:2", "province:6", "province:8", "back"]
    state.apply(first, "province:8")
    assert t.prov[2][8] == POLLUTED
    marker = [e.msg for e in state.events if e.msg.id == "vertigo.event.marker"][-1]
    assert marker.params["player"].seat == first and marker.params["owner"].seat == target


def test_vg21_arrow_on_clean_region_owner_places() -> None:
    """VG-21: on a region without pollution, its owner places the marker anywhere in it."""
    state = started(2, 1, pawns=5)
    first, second = state.order
    to_pollution(state, "arrow")
    state.apply(first, f"target:{second}")
    state.apply(first, "region:1")
    assert seat_now(state) == second
    assert len(state.legal_actions(second)) == 10
    state.apply(second, "province:4")
    assert state.countries[second].prov[1][4] == POLLUTED
    assert "vertigo.event.arrow_owner" in ids(state)


def test_vg22_markers_on_free_provinces_else_people_wiped() -> None:
    """VG-22: free provinces first; when none, a populated one, with all on it removed."""
    state = started(2, 1, pawns=5)
    first = state.order[0]
    c = state.countries[first]
    c.prov[0][5:] = [POLLUTED] * 5
    c.prov[0][0], c.eng[0][0] = CLEAN, 2
    to_pollution(state, "cloud")
    assert state.legal_actions(first) == [f"province:{p}" for p in range(5)]
    state.apply(first, "province:0")
    assert c.prov[0][0] == POLLUTED and c.eng[0][0] == 0
    wiped = [e.msg for e in state.events if e.msg.id == "vertigo.event.wiped"]
    assert wiped and wiped[0].params["what"].id == "vertigo.lost.factory"


@pytest.mark.rule("VG-21", "VG-22")
def test_vg22_the_marker_question_says_you_and_warns_in_a_full_region() -> None:
    """The roller is asked in the second person; in a full region the question warns that
    the marker destroys what stands where it goes."""
    state = started(2, 1, pawns=5)
    first = state.order[0]
    names = {first: "Ana", 1 - first: "Bruno"}
    tr = Translator("en", names=lambda s: names[s])
    to_pollution(state, "cloud")
    assert tr.render(state.pending().prompt) == "Right region: you pollute. Where?"
    state = started(2, 1, pawns=5)
    c = state.countries[first]
    c.prov[0][5:] = [POLLUTED] * 5
    to_pollution(state, "cloud")
    assert tr.render(state.pending().prompt) == "Right region full: destroy which?"
    assert Translator("fr", names=lambda s: names[s]).render(state.pending().prompt) == (
        "Région de droite pleine : détruire où ?")


@pytest.mark.parametrize(("players", "threshold"), [(2, 3), (3, 3), (4, 4)])
def test_vg23_witnesses_raise_the_planet_and_force_markers(players: int,
                                                           threshold: int) -> None:
    """VG-23: at 4 witnesses (3 with 2 or 3 players) the planet rises 10 % and each country
    adds a marker per region, without witness; witnesses go at the end of the turn."""
    state = started(players, 1, pawns=5)
    first = state.order[0]
    faces = ["two_clouds", "two_clouds"] + ["sun"] * 10
    to_pollution(state, *faces)
    placed = 0
    while placed < threshold:
        state.apply(seat_now(state), state.legal_actions(seat_now(state))[0])
        placed += 1
        if placed < threshold:
            assert state.planet == 0 and state.witnesses == placed
    assert state.planet == 10 and state.witnesses == 0
    forced = []
    while state.tasks and not state.tasks[0].witness:
        seat = seat_now(state)
        forced.append((seat, state.tasks[0].region))
        state.apply(seat, state.legal_actions(seat)[0])
    assert forced == [(s, r) for s in state.order for r in range(3)]
    assert state.witnesses == 0
    assert first in state.order
    while state.phase not in ("laws",) and state.pending() and state.turn == 1:
        seat = seat_now(state)
        legal = state.legal_actions(seat)
        state.apply(seat, "pass" if "pass" in legal else legal[0])
    assert state.witnesses <= threshold
    assert "vertigo.event.turn_end" in ids(state) or state.phase == "laws"


def test_vg23_witnesses_removed_at_end_of_turn() -> None:
    """VG-23: witnesses are removed at the end of every turn."""
    state = started(4, 1, pawns=5)
    to_pollution(state, "cloud", "sun", "sun", "cloud", *["sun"] * 10)
    state.apply(seat_now(state), state.legal_actions(seat_now(state))[0])
    assert state.witnesses == 1 and seat_now(state) == state.order[3]
    state.apply(seat_now(state), state.legal_actions(seat_now(state))[0])
    assert state.turn == 2 and state.planet == 0  # 2 of 4 witnesses, then the turn ended
    assert state.witnesses == 0


def test_vg24_clean_turn_lowers_planet_and_allows_removal() -> None:
    """VG-24: no marker in a turn: planet -10 % and one marker per region may go."""
    state = started(2, 1, pawns=4)  # no source at all
    first, second = state.order
    state.planet = 20
    state.countries[first].prov[1][3] = POLLUTED
    state.countries[second].prov[2][3] = POLLUTED
    state.countries[second].prov[2][4] = POLLUTED
    to_pollution(state)
    assert state.planet == 10
    assert seat_now(state) == first
    assert state.legal_actions(first) == ["province:3", "skip"]
    state.apply(first, "province:3")
    assert seat_now(state) == second
    state.apply(second, "skip")
    assert state.countries[first].polluted(1) == 0
    assert state.countries[second].polluted(2) == 2
    assert not state.tasks


def test_vg25_planet_at_100_everybody_loses() -> None:
    """VG-25: at 100 % the game ends at once and every player loses."""
    state = started(2, 1, pawns=5)
    state.planet = 90
    to_pollution(state, "two_clouds", "cloud")
    for _ in range(3):
        state.apply(seat_now(state), state.legal_actions(seat_now(state))[0])
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == frozenset()
    assert state.pending() is None and state.planet == 100
    assert outcome.reason.params["reason"].id == "vertigo.end.planet"


def test_vg26_production() -> None:
    """VG-26: 1 $ a pawn, 5 $ a clean factory, 10 $ a polluting one, 0 for treatment."""
    state = started(2, 1, pawns=4)
    first = state.order[0]
    c = state.countries[first]
    c.prov[1][0:3] = [POLLUTING, CLEAN, TREATMENT]
    c.eng[1][0:3] = [1, 2, 2]
    money = c.money
    to_pollution(state)
    produced = [e.msg for e in state.events if e.msg.id == "vertigo.event.production"
                and e.msg.params["player"].seat == first]
    assert produced[0].params["amount"] == 7 * 1 + 5 + 10
    assert c.money == money + 22
    assert c.prov[1][3] == EMPTY and PEOPLE in c.prov[0]


def test_vg03_no_marker_beyond_the_stock_of_100() -> None:
    """VG-03, VG-22: with 100 markers on the table, a new marker is lost, with no witness."""
    state = started(4, 1, pawns=5)
    roller = state.order[0]
    for seat in range(4):
        c = state.countries[seat]
        for r in range(3):
            if seat == roller and r == 0:
                continue
            c.prov[r] = [POLLUTED if code == EMPTY else code for code in c.prov[r]]
    state.countries[state.order[1]].prov[0][0:5] = [POLLUTED] * 5
    assert state.markers_in_play() == 100
    to_pollution(state, "cloud", *["sun"] * 5)
    assert "vertigo.event.marker_lost" in ids(state)
    assert state.markers_in_play() == 100 and state.witnesses == 0
    # issue 27: the others hear the dice before the marker they lost
    other = state.order[1]
    heard = [e.msg.id for e in state.events if e.visible(other) and e.level <= Verbosity.NORMAL
             and e.msg.id in ("vertigo.event.pollution_none", "vertigo.event.marker_lost")]
    assert heard[:2] == ["vertigo.event.pollution_none", "vertigo.event.marker_lost"], heard
