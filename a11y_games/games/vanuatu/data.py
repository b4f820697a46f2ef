"""Every number, table and map of Vanuatu and La montée des eaux, in one place."""

from __future__ import annotations

from dataclasses import dataclass

# --- players (VA-01) -------------------------------------------------------------------------
MIN_PLAYERS = 2  # 2 only with the two-player variant (VA-60)
MAX_PLAYERS = 5
DEFAULT_PLAYERS = 4
START_VATU = 3
START_PP = 0
MARKERS = 5
HUTS = 8

# --- rounds (VA-10 to VA-14) -----------------------------------------------------------------
ROUNDS = 8
TILE_ROUNDS = (2, 3, 4, 5, 6, 7)
TILES_PER_ROUND = 2
PLANNING_PASSES = (2, 2, 1)

# --- actions (VA-20 to VA-29) ----------------------------------------------------------------
ACTIONS = ("sail", "fish", "dive", "sell", "build", "export", "draw", "tourist", "rest")
SAIL_MAX = 3
SAIL_COST = 1
FISH_PRICE_START = 3
FISH_PRICE_MIN = 1
HUT_COST = 3
DRAWING_PP = 3
MONEY_PACKET = 10
MONEY_PACKET_PP = 5
GOODS = ("kava", "copra", "beef")
GOODS_STOCK = {"kava": 10, "copra": 8, "beef": 6}
EXPORT_PRICE = {"kava": 1, "copra": 2, "beef": 3}
EXPORT_PP = {"kava": 1, "copra": 3, "beef": 5}
SHIP_BONUS_PP = 2
SHIP_DISPLAY = 3
SHIPS: tuple[tuple[str, str, str], ...] = (
    ("kava", "kava", "kava"), ("kava", "kava", "copra"), ("kava", "kava", "beef"),
    ("kava", "copra", "beef"), ("kava", "copra", "beef"), ("copra", "copra", "kava"),
    ("copra", "copra", "beef"), ("beef", "beef", "kava"), ("beef", "beef", "copra"),
    ("kava", "copra", "copra"),
)
TOURIST_TILES = (0, 1, 1, 2, 2, 2, 3, 3, 4)
TOURIST_TILE_REMOVED = {2: 4, 3: 4, 4: 2, 5: 0}
REST_TOKENS = ("first", "vatu_pp", "pp", "vatu")
REST_BONUS = {"first": (0, 0), "vatu_pp": (1, 1), "pp": (0, 1), "vatu": (1, 0)}  # vatu, PP

# --- characters (VA-11) ----------------------------------------------------------------------
CHARACTERS = ("navigator", "fisherman", "vendor", "diver", "builder", "buyer", "artist",
              "guide", "beggar", "preacher", "governor")
BUILDER_HUT_COST = 1
ARTIST_DRAWING_PP = 5
GUIDE_PP_PER_DRAWING = 2
BEGGAR_MAX = 3

# --- end (VA-40) -----------------------------------------------------------------------------
END_VATU_PER_PP = 3
END_TREASURE_FACTOR = 2
END_PP_PER_TOURIST = 2
END_FIRST_PLAYER_PP = 3

# --- La montée des eaux (VA-50 to VA-56) -----------------------------------------------------
WATER_ROUNDS = (2, 4, 6, 8)
DIE_FACES = 6
SUBMERGE_AT = 5
SUBMERGED_LOSS = 3
DIKES = 20
DIKE_COST = 1
WATER_PENALTY = {0: 0, 1: 1, 2: 3, 3: 5, 4: 7}

# --- two players (VA-60) ---------------------------------------------------------------------
# Decision (ours): 2 neutral markers in rounds 1 to 4, then 3 in rounds 5 to 8, each on an
# action space drawn at random before planning; the 4 tourist tile is set aside, as with 3.
NEUTRAL_MARKERS = {1: 2, 2: 2, 3: 2, 4: 2, 5: 3, 6: 3, 7: 3, 8: 3}
TWO_PLAYER_CHARACTERS_OFFERED = 5

# --- the map (VA-02, VA-03) ------------------------------------------------------------------
# Pointy-top hexes in "doubled" coordinates: (row, x), neighbours at x +- 2 in the same row
# and at x +- 1 in the rows above and below. Rows of 4, 5, 6 and 1 spaces.
ROW_LETTERS = "ABCD"
ROW_X: tuple[tuple[int, ...], ...] = ((3, 5, 7, 9), (2, 4, 6, 8, 10), (1, 3, 5, 7, 9, 11), (6,))
DIRECTIONS: tuple[tuple[str, int, int], ...] = (
    ("north_east", -1, 1), ("east", 0, 2), ("south_east", 1, 1),
    ("south_west", 1, -1), ("west", 0, -2), ("north_west", -1, -1),
)


def _spaces() -> tuple[tuple[int, int, str], ...]:
    out = []
    for row, xs in enumerate(ROW_X):
        for col, x in enumerate(xs):
            out.append((row, x, f"{ROW_LETTERS[row]}{col + 1}"))
    return tuple(out)


SPACES = _spaces()
"""(row, x, code) for each space, row by row, west to east."""
CODES = tuple(code for _, _, code in SPACES)
SPACE_OF = {code: i for i, code in enumerate(CODES)}


def _neighbours() -> tuple[tuple[tuple[int, int], ...], ...]:
    where = {(r, x): i for i, (r, x, _) in enumerate(SPACES)}
    table = []
    for r, x, _ in SPACES:
        near = []
        for d, (_, dr, dx) in enumerate(DIRECTIONS):
            j = where.get((r + dr, x + dx))
            if j is not None:
                near.append((d, j))
        table.append(tuple(near))
    return tuple(table)


NEIGHBOURS = _neighbours()
"""For each space, (direction index, neighbouring space) pairs, in direction order."""


@dataclass(frozen=True)
class IslandSpec:
    """A printed island: hut spaces, drawing spaces, tourist capacity and goods."""

    name: str
    huts: int
    drawings: int
    capacity: int
    goods: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class SeaSpec:
    """A printed sea tile: fish and treasures."""

    fish: int
    treasure: int


EFATE = IslandSpec("Efate", 3, 1, 5, (("kava", 1), ("copra", 1), ("beef", 1)))
EFATE_SPACE = "B3"
START_SEAS: tuple[tuple[str, SeaSpec], ...] = (
    ("C3", SeaSpec(0, 0)),  # where every boat starts
    ("C4", SeaSpec(2, 0)),
    ("B2", SeaSpec(1, 2)),
)
BOAT_START = "C3"

# Twelve lettered tiles, two per letter; four are islands (Data: ours, within VA-03's ranges).
TILES: tuple[tuple[str, IslandSpec | SeaSpec], ...] = (
    ("A", IslandSpec("Tanna", 3, 1, 4, (("kava", 2), ("beef", 1)))),
    ("A", SeaSpec(2, 1)),
    ("B", IslandSpec("Malekula", 4, 2, 5, (("kava", 1), ("copra", 2)))),
    ("B", SeaSpec(3, 0)),
    ("C", IslandSpec("Ambrym", 2, 2, 3, (("copra", 1), ("beef", 1)))),
    ("C", SeaSpec(0, 3)),
    ("D", IslandSpec("Pentecôte", 3, 1, 4, (("kava", 2), ("copra", 1)))),
    ("D", SeaSpec(2, 2)),
    ("E", SeaSpec(3, 1)),
    ("E", SeaSpec(1, 2)),
    ("F", SeaSpec(2, 0)),
    ("F", SeaSpec(1, 1)),
)
LETTERS = "ABCDEF"
