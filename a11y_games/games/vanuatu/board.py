"""The archipelago: sea tiles, islands, and the geometry between them (VA-02 to VA-04)."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

from a11y_games.games.vanuatu import data

__all__ = ["Board", "Island", "Sea"]


@dataclass
class Sea:
    """A placed sea tile: fish and treasures left."""

    fish: int
    treasure: int

    def copy(self) -> Sea:
        new = Sea.__new__(Sea)
        new.__dict__ = self.__dict__.copy()
        return new


@dataclass
class Island:
    """A placed island: what is built and brought on it, and the water around it."""

    spec: data.IslandSpec
    huts: list[int] = field(default_factory=list)
    drawings: list[int] = field(default_factory=list)
    tourists: int = 0
    goods: dict[str, int] = field(default_factory=lambda: dict.fromkeys(data.GOODS, 0))
    water: int = 0
    dikes: set[int] = field(default_factory=set)
    submerged: bool = False

    @property
    def name(self) -> str:
        return self.spec.name

    def copy(self) -> Island:
        new = Island.__new__(Island)
        fields = self.__dict__.copy()
        fields["huts"] = self.huts[:]
        fields["drawings"] = self.drawings[:]
        fields["goods"] = self.goods.copy()
        fields["dikes"] = self.dikes.copy()
        new.__dict__ = fields
        return new

    @property
    def free_huts(self) -> int:
        return 0 if self.submerged else self.spec.huts - len(self.huts)

    @property
    def free_drawings(self) -> int:
        return 0 if self.submerged else self.spec.drawings - len(self.drawings)

    @property
    def room(self) -> int:
        return 0 if self.submerged else self.spec.capacity - self.tourists

    def goods_total(self) -> int:
        return sum(self.goods.values())


Tile = Sea | Island


class Board:
    """The 16 spaces and what is placed on them; sailing distances and neighbours."""

    def __init__(self, tiles: list[Tile | None] | None = None) -> None:
        self.tiles: list[Tile | None] = tiles if tiles is not None else [None] * len(data.SPACES)

    def copy(self) -> Board:
        return Board([None if t is None else t.copy() for t in self.tiles])

    # --- what is where -------------------------------------------------------------------
    def sea(self, space: int) -> Sea | None:
        tile = self.tiles[space]
        return tile if isinstance(tile, Sea) else None

    def island(self, space: int) -> Island | None:
        tile = self.tiles[space]
        return tile if isinstance(tile, Island) else None

    def islands(self) -> list[tuple[int, Island]]:
        return [(i, t) for i, t in enumerate(self.tiles) if isinstance(t, Island)]

    def live_islands(self) -> list[tuple[int, Island]]:
        return [(i, t) for i, t in self.islands() if not t.submerged]

    def find_island(self, name: str) -> int | None:
        for i, island in self.islands():
            if island.name == name:
                return i
        return None

    def islands_near(self, space: int) -> list[tuple[int, Island]]:
        """Islands not submerged that touch ``space`` (a boat there is "next to" them)."""
        out = []
        for _, j in data.NEIGHBOURS[space]:
            tile = self.tiles[j]
            if isinstance(tile, Island) and not tile.submerged:
                out.append((j, tile))
        return out

    def sea_sides(self, space: int) -> list[int]:
        """Directions of an island's sides that touch a sea tile (VA-52, VA-55)."""
        return [d for d, j in data.NEIGHBOURS[space] if isinstance(self.tiles[j], Sea)]

    def open_sides(self, space: int) -> list[int]:
        """Sea-facing sides of an island without a dike: each lets one water marker in."""
        island = self.island(space)
        if island is None or island.submerged:
            return []
        return [d for d in self.sea_sides(space) if d not in island.dikes]

    def reach(self, start: int, steps: int = data.SAIL_MAX) -> dict[int, int]:
        """Sea spaces reachable from ``start`` through sea tiles, with their distance (VA-20)."""
        seen = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            dist = seen[here]
            if dist == steps:
                continue
            for _, j in data.NEIGHBOURS[here]:
                if j not in seen and isinstance(self.tiles[j], Sea):
                    seen[j] = dist + 1
                    queue.append(j)
        del seen[start]
        return seen

    # --- tile placement (VA-04) ----------------------------------------------------------
    def placements(self, island: bool) -> list[int]:
        """Where a revealed tile may go.

        Strictly: an empty space touching at least 2 placed tiles; an island touches no
        island; a sea tile touches an island. **Decision (ours):** if no space fits, the
        constraints are relaxed one by one (sea next to an island, then 2 tiles become 1,
        then islands apart) so that a tile can always be placed.
        """
        empty = [i for i, t in enumerate(self.tiles) if t is None]
        facts = []
        for i in empty:
            placed = islands = 0
            for _, j in data.NEIGHBOURS[i]:
                tile = self.tiles[j]
                if tile is not None:
                    placed += 1
                    islands += isinstance(tile, Island)
            facts.append((i, placed, islands))
        levels = (
            lambda p, k: p >= 2 and (k == 0 if island else k >= 1),
            lambda p, k: p >= 2 and (k == 0 if island else True),
            lambda p, k: p >= 1 and (k == 0 if island else True),
            lambda p, k: p >= 1,
        )
        for fits in levels:
            spaces = [i for i, p, k in facts if fits(p, k)]
            if spaces:
                return spaces
        return empty
