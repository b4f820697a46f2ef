"""Every number and table of Utopia, and the city map (loaded from ``city.json``).

The map is ours (UT-02): 4 islands, 24 districts, values 2 to 4, 7 maritime districts in
3 sectors. ``city.json`` is the one data file; this module gives it types and lookups.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from a11y_games.engine.words import fold as fold_word

__all__ = [
    "BASES", "CARDS_PER_CIV", "CIVS", "DISCARD_LAST", "DISCARD_LEADER", "DISCARD_OTHER",
    "DISTRICTS", "GUESTS_PER_CIV_PER_ISLAND", "GUESTS_PER_PLAYER", "HAND_DEAL", "HAND_LIMIT",
    "ISLANDS", "LOWER_CARDS", "MAX_MOVE", "MONUMENTS_PER_CIV", "MONUMENT_PRINCES",
    "PRINCES_PER_CIV", "PRIVILEGES", "RAISE_CARDS", "REMOVE_POINTS", "SECTORS", "SECTOR_LINKS",
    "TWO_PLAYER_ISLAND_OUT", "WIN_SCORE", "WONDERS", "WONDER_POINTS", "District", "Island",
    "fold",
]

# --- civilisations and components (UT-01) ------------------------------------------------------
CIVS: tuple[str, ...] = ("maya", "persian", "egyptian", "greek", "chinese")
"""The five civilisations, in the order of the initial scale draw and of menus."""
PRINCES_PER_CIV = 8          # 40 prince tokens per player: 8 of each civilisation
BASES = 8                    # bases per player: monuments and wonders together
PRIVILEGES = 2               # privilege tokens per player, each used once per game (UT-17)
MONUMENTS_PER_CIV = 8        # 40 monuments
WONDERS = 4                  # one per island
GUESTS_PER_CIV_PER_ISLAND = 2  # 40 guest tokens
CARDS_PER_CIV = 10           # 50 action cards

# --- phases -------------------------------------------------------------------------------------
GUESTS_PER_PLAYER = 3        # UT-11
HAND_DEAL = 5                # UT-15
DISCARD_LEADER = 2           # UT-15
DISCARD_OTHER = 1
DISCARD_LAST = 0
HAND_LIMIT = 5               # UT-18
MONUMENT_PRINCES = 3         # UT-13
WONDER_POINTS = 6            # UT-12
REMOVE_POINTS = 2            # UT-16 action 3
MAX_MOVE = 2                 # UT-16 action 1
RAISE_CARDS = 1              # UT-16 action 4: one step up
LOWER_CARDS = 2              # UT-16 action 4: down to value 1
WIN_SCORE = 50               # UT-20
TWO_PLAYER_ISLAND_OUT = "water"  # UT-03
MIN_PLAYERS = 2
MAX_PLAYERS = 5
DEFAULT_PLAYERS = 4


# --- the city (UT-02) ---------------------------------------------------------------------------
@dataclass(frozen=True)
class District:
    """A district: its id, printed name, island, prestige value and sea sector (if maritime)."""

    index: int
    id: str
    name: str
    island: str
    value: int
    sector: str | None

    @property
    def maritime(self) -> bool:
        return self.sector is not None


@dataclass(frozen=True)
class Island:
    """An island: its id, the names a player may type for it, its districts in map order."""

    index: int
    id: str
    names: tuple[str, ...]
    districts: tuple[str, ...]


def fold(text: str) -> str:
    """Lower case without accents or spaces: what name matching compares."""
    return "".join(ch for ch in fold_word(text) if ch.isalnum())


def _load() -> dict:
    return json.loads((Path(__file__).with_name("city.json")).read_text(encoding="utf-8"))


_RAW = _load()
SECTORS: tuple[str, ...] = tuple(_RAW["sectors"])
SECTOR_PAIRS: tuple[tuple[str, str], ...] = tuple((a, b) for a, b in _RAW["sector_links"])
SECTOR_LINKS: frozenset[frozenset[str]] = frozenset(frozenset(p) for p in SECTOR_PAIRS)

ISLANDS: dict[str, Island] = {}
DISTRICTS: dict[str, District] = {}
for _i, _island in enumerate(_RAW["islands"]):
    ISLANDS[_island["id"]] = Island(_i, _island["id"], tuple(_island["names"]),
                                    tuple(d["id"] for d in _island["districts"]))
    for _d in _island["districts"]:
        DISTRICTS[_d["id"]] = District(len(DISTRICTS), _d["id"], _d["name"], _island["id"],
                                       int(_d["value"]), _d.get("sector"))
DISTRICT_LIST: tuple[District, ...] = tuple(DISTRICTS.values())
STREETS: tuple[tuple[str, str], ...] = tuple((a, b) for a, b in _RAW["streets"])
BRIDGES: tuple[tuple[str, str], ...] = tuple((a, b) for a, b in _RAW["bridges"])

NEIGHBOURS: dict[str, tuple[tuple[str, str], ...]] = {}
"""For each district: (neighbour id, "street" or "bridge"), in map order."""
_links: dict[str, list[tuple[str, str]]] = {d: [] for d in DISTRICTS}
for _kind, _pairs in (("street", STREETS), ("bridge", BRIDGES)):
    for _a, _b in _pairs:
        _links[_a].append((_b, _kind))
        _links[_b].append((_a, _kind))
for _d, _found in _links.items():
    NEIGHBOURS[_d] = tuple(sorted(_found, key=lambda x: DISTRICTS[x[0]].index))


def sectors_touch(a: str, b: str) -> bool:
    """True if sea sectors ``a`` and ``b`` are the same or adjacent."""
    return a == b or frozenset((a, b)) in SECTOR_LINKS


SEA_ROUTES: dict[str, tuple[str, ...]] = {
    d.id: tuple(o.id for o in DISTRICT_LIST if o.maritime and o.id != d.id
                and sectors_touch(d.sector, o.sector))  # type: ignore[arg-type]
    for d in DISTRICT_LIST if d.maritime
}
"""For each maritime district: the maritime districts a sea move may reach."""
