"""Every number of Vertigo: prices, stocks, die faces, thresholds, the map of a region.

Rule ids refer to the specification (``VG-nn``).
"""

from __future__ import annotations

from typing import Final

# --- seats and map (VG-01, VG-02) ---
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
COLOURS: Final = ("blue", "yellow", "red", "green")
REGIONS: Final = ("right", "centre", "left")
"""Region names in the fixed order of pollution rolls and of every reading."""
PROVINCES: Final = 10
ROW: Final = 5
"""Provinces A-E form the first row, F-J the second, left to right (0-based 0-4, 5-9)."""
PROVINCE_NAMES: Final = ("A", "B", "C", "D", "E", "F", "G", "H", "I", "J")
"""Provinces are named by letters, so that a menu's numbers never read as provinces."""


def _adjacency() -> tuple[tuple[int, ...], ...]:
    """Neighbours of each province (0-based): along a row or a column of the 2 x 5 grid."""
    result = []
    for p in range(PROVINCES):
        row, col = divmod(p, ROW)
        near = [p - 1] if col > 0 else []
        if col < ROW - 1:
            near.append(p + 1)
        near.append((1 - row) * ROW + col)
        result.append(tuple(sorted(near)))
    return tuple(result)


ADJACENT: Final = _adjacency()

# --- money (VG-05, VG-06, VG-07, VG-16..VG-19, VG-26, VG-28) ---
VAULT_PER_PLAYER: Final = 25
START_MONEY: Final = 40
SETUP_PRICES: Final = {"population": 1, "student": 5, "polluting": 5, "clean": 10,
                       "treatment": 10}
BUILD_PRICES: Final = {"polluting": 5, "clean": 10, "treatment": 10}
TRANSFORM_PRICE: Final = 5
TRANSFORM_ENGINEERS: Final = 1
DEPOLLUTE_PRICE: Final = 5
POPULATION_PRICE: Final = 5
MOVE_BETWEEN_REGIONS: Final = 1
TRAIN_PRICE: Final = 5
TRAIN_MIN_POPULATION: Final = 5
UPKEEP_PER_PAWN: Final = 1
PRODUCTION: Final = {"population": 1, "clean": 5, "polluting": 10, "treatment": 0}
LAW_BONUS: Final = 10

# --- factories (VG-08, VG-09) ---
FACTORY_KINDS: Final = ("polluting", "clean", "treatment")
ENGINEERS: Final = {"polluting": 1, "clean": 2, "treatment": 2}

# --- stocks (VG-03) ---
STOCK_POPULATION: Final = 90
STOCK_STUDENTS_PER_COLOUR: Final = 25
STOCK_FACTORIES: Final = {"polluting": 20, "clean": 28, "treatment": 12}
STOCK_MARKERS: Final = 100

# --- pollution (VG-04, VG-17, VG-20, VG-23..VG-25) ---
SUN, CLOUD, TWO_CLOUDS, ARROW = "sun", "cloud", "two_clouds", "arrow"
DIE_FACES: Final = (SUN, SUN, CLOUD, CLOUD, TWO_CLOUDS, ARROW)
PERCENT_PER_PROVINCE: Final = 10
PLANET_STEP: Final = 10
PLANET_MAX: Final = 100
CROWD_SOURCE: Final = 5
"""A region with this many population pawns and no treatment plant is a pollution source."""


def witness_threshold(players: int) -> int:
    """Witnesses that raise the planet by one step: 4 at 4 players, 3 at 2 or 3 (VG-23)."""
    return 4 if players >= 4 else 3


# --- turns (VG-11, VG-12) ---
COIN_FROM_TURN: Final = 11

# --- laws (VG-27..VG-30) ---
LAWS: Final = (1, 2, 3, 4, 5)
LAW_NAMES: Final = {1: "polluter_pays", 2: "green_subsidy", 3: "moratorium", 4: "cleanup",
                    5: "climate_accord"}
POLLUTER_FINE: Final = 3
"""Law 1: each player pays this per polluting factory to the vault."""
TREATMENT_SUBSIDY: Final = 5
"""Law 2: the vault pays this per treatment plant to each player, in turn order."""
