"""The city map (UT-02, UT-03): our own, in one data file, checked here."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from a11y_games.games.utopia import data
from a11y_games.games.utopia.data import DISTRICTS, ISLANDS, NEIGHBOURS, SEA_ROUTES
from a11y_games.games.utopia.state import destinations


def _connected(nodes: set[str]) -> bool:
    start = next(iter(nodes))
    seen, todo = {start}, [start]
    while todo:
        for other, _ in NEIGHBOURS[todo.pop()]:
            if other in nodes and other not in seen:
                seen.add(other)
                todo.append(other)
    return seen == nodes


@pytest.mark.rule("UT-02")
def test_four_islands_24_districts_5_to_7_each() -> None:
    assert sorted(ISLANDS) == ["earth", "fire", "water", "wind"]
    assert len(DISTRICTS) == 24
    for island in ISLANDS.values():
        assert 5 <= len(island.districts) <= 7, island.id
    names = [d.name for d in DISTRICTS.values()]
    assert len({data.fold(n) for n in names}) == len(names), "names must differ when folded"


@pytest.mark.rule("UT-02")
def test_values_from_2_to_4_every_island_has_a_4() -> None:
    assert {d.value for d in DISTRICTS.values()} == {2, 3, 4}
    for island in ISLANDS.values():
        assert max(DISTRICTS[d].value for d in island.districts) == 4, island.id


@pytest.mark.rule("UT-02")
def test_streets_stay_on_an_island_bridges_join_islands() -> None:
    for a, b in data.STREETS:
        assert DISTRICTS[a].island == DISTRICTS[b].island, (a, b)
    for a, b in data.BRIDGES:
        assert DISTRICTS[a].island != DISTRICTS[b].island, (a, b)
    pairs = [frozenset(p) for p in (*data.STREETS, *data.BRIDGES)]
    assert len(pairs) == len(set(pairs)), "no link twice"


@pytest.mark.rule("UT-02")
def test_each_island_connected_by_streets_and_city_by_bridges() -> None:
    for island in ISLANDS.values():
        nodes = set(island.districts)
        start = island.districts[0]
        seen, todo = {start}, [start]
        while todo:
            for other, kind in NEIGHBOURS[todo.pop()]:
                if kind == "street" and other not in seen:
                    seen.add(other)
                    todo.append(other)
        assert seen == nodes, island.id
    assert _connected(set(DISTRICTS))
    linked = Counter(frozenset((DISTRICTS[a].island, DISTRICTS[b].island))
                     for a, b in data.BRIDGES)
    islands_by_bridge = {i for pair in linked for i in pair}
    assert islands_by_bridge == set(ISLANDS)


@pytest.mark.rule("UT-03")
def test_city_stays_connected_without_water() -> None:
    nodes = {d for d in DISTRICTS if DISTRICTS[d].island != data.TWO_PLAYER_ISLAND_OUT}
    assert _connected(nodes)
    for d in nodes:
        assert destinations(d, frozenset(nodes)), d


@pytest.mark.rule("UT-02")
def test_maritime_sectors() -> None:
    maritime = [d for d in DISTRICTS.values() if d.maritime]
    assert len(data.SECTORS) == 3
    per_sector = Counter(d.sector for d in maritime)
    assert set(per_sector) == set(data.SECTORS)
    assert min(per_sector.values()) >= 2
    per_island = Counter(d.island for d in maritime)
    for island in ISLANDS:
        assert 1 <= per_island[island] <= 2, island
    # the sectors lie in a row: the two ends do not touch, so the sea rule matters
    assert not data.sectors_touch("west", "east")
    assert data.sectors_touch("west", "south") and data.sectors_touch("south", "east")
    assert "zephyr" not in SEA_ROUTES["neree"] and "thalassa" in SEA_ROUTES["neree"]


def test_written_map_in_the_rules_matches_the_data() -> None:
    """The English rules describe each district: value, sector, streets and bridge."""
    text = (Path(__file__).resolve().parents[2] / "docs/rules/utopia.en.md").read_text()
    line = re.compile(r"^- (\S+), value (\d)(?:, maritime, (\w+) sector)?\. "
                      r"Streets to ([^.]+)\.(?: Bridge to ([^,]+), (\w+)\.)?$", re.M)
    found = {m.group(1): m for m in line.finditer(text)}
    by_name = {d.name: d for d in DISTRICTS.values()}
    assert set(found) == set(by_name)
    for name, m in found.items():
        d = by_name[name]
        assert int(m.group(2)) == d.value, name
        assert (m.group(3) or None) == (d.sector.capitalize() if d.sector else None), name
        streets = {s.strip() for s in re.split(r",| and ", m.group(4))}
        assert streets == {DISTRICTS[x].name for x, k in NEIGHBOURS[d.id] if k == "street"}
        bridges = [DISTRICTS[x] for x, k in NEIGHBOURS[d.id] if k == "bridge"]
        if bridges:
            assert m.group(5) == bridges[0].name and m.group(6).lower() == bridges[0].island
        else:
            assert m.group(5) is None



@pytest.mark.rule("UT-03")
@pytest.mark.parametrize(("lang", "word"), [("en", "Street"), ("fr", "Rue")])
def test_map_says_every_street_once_with_its_island(lang: str, word: str) -> None:
    """`map` gave districts and bridges but no streets, which are what a player plans moves
    by: each street is said once, under its island (and `map ISLAND` says that island's)."""
    from a11y_games.games.utopia.summary import map_query
    from a11y_games.i18n import Translator
    from tests.utopia.helpers import new_state

    state = new_state(4)
    tr = Translator(lang)
    lines = tr.render_all(map_query(state, 0, ""))
    assert sum(line.startswith(word) for line in lines) == len(data.STREETS)
    for island in ISLANDS:
        said = [line for line in tr.render_all(map_query(state, 0, island))
                if line.startswith(word)]
        streets = [(a, b) for a, b in data.STREETS if DISTRICTS[a].island == island]
        assert len(said) == len(streets)
        for (a, b), line in zip(streets, said, strict=True):
            assert DISTRICTS[a].name in line and DISTRICTS[b].name in line
