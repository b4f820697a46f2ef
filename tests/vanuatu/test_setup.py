"""Board, components and tile placement (VA-01 to VA-06)."""

from __future__ import annotations

from collections import Counter

import pytest

from a11y_games.engine.spec import OptionError
from a11y_games.games.vanuatu import SPEC, data
from a11y_games.games.vanuatu.board import Island, Sea
from tests.vanuatu.helpers import S, new, play, put_island, put_sea, to_planning


@pytest.mark.rule("VA-01")
def test_va01_three_to_five_players_each_with_boat_markers_huts_money() -> None:
    for bad in (1, 6):
        with pytest.raises(OptionError):
            SPEC.settings(bad, 1)
    assert new(2).two_players and not new(3).two_players  # 2 players: the VA-60 variant
    for n in (3, 4, 5):
        state = new(n)
        assert len(state.players) == n
        for p in state.players:
            assert (p.vatu, p.pp, p.huts) == (3, 0, 8)
            assert p.boat == S["C3"]
        to_planning(state)
        assert [p.markers for p in state.players] == [5] * n


@pytest.mark.rule("VA-02")
def test_va02_sixteen_spaces_efate_and_three_seas() -> None:
    assert [len(xs) for xs in data.ROW_X] == [4, 5, 6, 1]
    assert len(data.SPACES) == 16
    state = new()
    tiles = state.archipelago.tiles
    efate = tiles[S["B3"]]
    assert isinstance(efate, Island) and efate.name == "Efate"
    assert (efate.spec.huts, efate.spec.drawings, efate.spec.capacity) == (3, 1, 5)
    assert efate.goods == {"kava": 1, "copra": 1, "beef": 1}
    seas = {data.CODES[i]: (t.fish, t.treasure) for i, t in enumerate(tiles)
            if isinstance(t, Sea)}
    assert sorted(seas.values()) == [(0, 0), (1, 2), (2, 0)]
    assert seas[data.BOAT_START] == (0, 0)
    assert sum(t is None for t in tiles) == 12
    # every sea touches Efate
    for code in seas:
        assert S["B3"] in [j for _, j in data.NEIGHBOURS[S[code]]]


@pytest.mark.rule("VA-03")
def test_va03_twelve_lettered_tiles_four_islands_ranges() -> None:
    letters = Counter(letter for letter, _ in data.TILES)
    assert letters == dict.fromkeys("ABCDEF", 2)
    islands = [s for _, s in data.TILES if isinstance(s, data.IslandSpec)]
    assert len(islands) == 4
    for _, spec in data.TILES:
        if isinstance(spec, data.SeaSpec):
            assert 0 <= spec.fish <= 3 and 0 <= spec.treasure <= 3
    state = new(seed=5)
    # two stacks sorted by letter: round 2 reveals the two A tiles, round 7 the two F tiles
    firsts = [data.TILES.index(next((lt, s) for lt, s in data.TILES if s is spec))
              for spec in (state.stacks_of_tiles[0][0], state.stacks_of_tiles[1][0])]
    assert {data.TILES[i][0] for i in firsts} == {"A"}
    assert len(state.stacks_of_tiles[0]) == len(state.stacks_of_tiles[1]) == 6


def _play_to_round(state, target: int) -> None:
    while state.round < target and state.pending() is not None:
        seat = state.pending().seats[0]
        state.apply(seat, state.legal_actions(seat)[0])


@pytest.mark.rule("VA-03")
@pytest.mark.rule("VA-04")
def test_va04_rounds_2_to_7_place_two_tiles_each_five_islands_in_the_end() -> None:
    state = new(seed=3, rising=False)
    placed = []
    for rnd in range(2, 9):
        _play_to_round(state, rnd)
        if rnd <= 7:
            assert state.phase == "tiles" and len(state.revealed) == 2
            assert state.pending().seats == (state.first,)
        else:
            assert state.phase == "characters"
        placed.append(sum(t is not None for t in state.archipelago.tiles))
        if rnd <= 7:
            play(state, state.legal_actions(state.first)[0])
            play(state, state.legal_actions(state.first)[0])
    assert placed == [4, 6, 8, 10, 12, 14, 16]
    assert len(state.archipelago.islands()) == 5


@pytest.mark.rule("VA-04")
def test_va04_placement_touches_two_islands_apart_sea_next_to_island() -> None:
    state = new()
    board = state.archipelago
    # at the start: C2 and D1 are the only spaces for an island (2 tiles, no island near)
    assert sorted(data.CODES[i] for i in board.placements(True)) == ["C2", "D1"]
    # a sea must touch an island: A2 and B4 touch Efate and another tile
    assert sorted(data.CODES[i] for i in board.placements(False)) == ["A2", "B4"]
    put_island(state, "C2")
    spaces = {data.CODES[i] for i in board.placements(True)}
    assert "C1" not in spaces and "B1" not in spaces  # they touch Tanna
    assert "D1" in spaces


@pytest.mark.rule("VA-04")
def test_va04_constraints_relax_when_no_space_fits() -> None:
    """Decision: a tile that fits nowhere relaxes the constraints one by one."""
    state = new()
    board = state.archipelago
    for code in data.CODES:
        if board.tiles[S[code]] is None and code not in ("A4", "B5"):
            put_sea(state, code)
    # only A4 and B5 are left: neighbours of both are seas, no island near them
    assert sorted(data.CODES[i] for i in board.placements(False)) == ["A4", "B5"]
    assert sorted(data.CODES[i] for i in board.placements(True)) == ["A4", "B5"]


def test_tile_placement_is_announced_with_what_it_touches() -> None:
    state = new(seed=3, rising=False)
    _play_to_round(state, 2)
    mark = len(state.events)
    play(state, state.legal_actions(state.first)[0])
    ids = [e.msg.id for e in state.events[mark:]]
    assert ids.count("vanuatu.tile.placed") == 1
    assert ids[ids.index("vanuatu.tile.placed") + 1] == "vanuatu.tile.touches"


@pytest.mark.rule("VA-05")
def test_va05_goods_and_ships() -> None:
    assert data.GOODS_STOCK == {"kava": 10, "copra": 8, "beef": 6}
    assert len(data.SHIPS) == 10 and all(len(s) == 3 for s in data.SHIPS)
    state = new()
    assert len(state.ships) == 3 and len(state.ship_deck) == 7
    on_efate = state.archipelago.tiles[S["B3"]].goods
    for good, total in data.GOODS_STOCK.items():
        assert state.reserve[good] + on_efate[good] == total


@pytest.mark.rule("VA-06")
@pytest.mark.parametrize(("players", "removed"), [(3, 4), (4, 2), (5, 0)])
def test_va06_tourist_tiles_by_player_count(players: int, removed: int) -> None:
    state = new(players)
    tiles = Counter([*state.tourist_tiles, state.tourists_left])
    expected = Counter(data.TOURIST_TILES)
    expected[removed] -= 1
    assert tiles == +expected
    assert len(state.tourist_tiles) == 7  # one revealed for round 1, one per later round
