"""A player's country: three regions of ten provinces, students, diplomats and a safe."""

from __future__ import annotations

from a11y_games.games.vertigo import data

EMPTY, POLLUTED, PEOPLE, POLLUTING, CLEAN, TREATMENT = range(6)
"""Province codes: empty, polluted, populated, populated with a factory of each kind."""
FACTORY_CODE = {"polluting": POLLUTING, "clean": CLEAN, "treatment": TREATMENT}
CODE_FACTORY = {v: k for k, v in FACTORY_CODE.items()}


class Country:
    """One country. Provinces hold a code; engineers are counted on each province."""

    __slots__ = ("diplomats", "eng", "fresh", "money", "moved", "prov", "trained")

    def __init__(self) -> None:
        self.prov = [[EMPTY] * data.PROVINCES for _ in data.REGIONS]
        self.eng = [[0] * data.PROVINCES for _ in data.REGIONS]
        self.fresh = [0, 0, 0]
        """Students on each central space who may still move this turn (VG-15)."""
        self.moved = [0, 0, 0]
        """Students on each central space who already moved this turn."""
        self.trained = [False, False, False]
        self.diplomats = 0
        self.money = 0

    # --- counts ---
    def waiting(self, region: int) -> int:
        return self.fresh[region] + self.moved[region]

    def students(self) -> int:
        """Students waiting on the central spaces."""
        return sum(self.fresh) + sum(self.moved)

    def engineers(self) -> int:
        return sum(sum(row) for row in self.eng)

    def pawns(self) -> int:
        """Students, engineers and diplomats: what upkeep is paid for (VG-14, VG-32)."""
        return self.students() + self.engineers() + self.diplomats

    def population(self, region: int | None = None) -> int:
        if region is not None:
            row = self.prov[region]
            return data.PROVINCES - row.count(EMPTY) - row.count(POLLUTED)
        a, b, c = self.prov
        return (3 * data.PROVINCES - a.count(EMPTY) - a.count(POLLUTED) - b.count(EMPTY)
                - b.count(POLLUTED) - c.count(EMPTY) - c.count(POLLUTED))

    def factories(self, kind: str | None = None, region: int | None = None) -> int:
        rows = self.prov if region is None else (self.prov[region],)
        if kind is None:
            return sum(len(row) - row.count(EMPTY) - row.count(POLLUTED) - row.count(PEOPLE)
                       for row in rows)
        code = FACTORY_CODE[kind]
        if region is None:
            a, b, c = self.prov
            return a.count(code) + b.count(code) + c.count(code)
        return self.prov[region].count(code)

    def polluted(self, region: int) -> int:
        return self.prov[region].count(POLLUTED)

    def pollution(self, region: int) -> int:
        """The region's pollution in percent: 10 % per polluted province (VG-17)."""
        return self.polluted(region) * data.PERCENT_PER_PROVINCE

    def sources(self, region: int) -> int:
        """Pollution rolls due for the region (VG-20)."""
        row = self.prov[region]
        crowd = (self.population(region) >= data.CROWD_SOURCE and TREATMENT not in row)
        return row.count(POLLUTING) + (1 if crowd else 0)

    # --- provinces ---
    def provinces(self, region: int, *codes: int) -> list[int]:
        """Provinces (0-based) of the region whose code is one of ``codes``."""
        return [p for p, c in enumerate(self.prov[region]) if c in codes]

    def marker_targets(self, region: int) -> list[int]:
        """Where a marker may go: free provinces, else populated ones (VG-22)."""
        free = self.provinces(region, EMPTY)
        return free or self.provinces(region, PEOPLE, POLLUTING, CLEAN, TREATMENT)

    def arrow_targets(self, region: int) -> list[int]:
        """Unpolluted provinces next to a polluted one, free ones first (VG-21, VG-22)."""
        row = self.prov[region]
        near = sorted({q for p, c in enumerate(row) if c == POLLUTED
                       for q in data.ADJACENT[p] if row[q] != POLLUTED})
        free = [q for q in near if row[q] == EMPTY]
        return free or near

    def pollute(self, region: int, province: int) -> tuple[int, int]:
        """Put a marker; returns (code that was there, engineers removed)."""
        was = self.prov[region][province]
        lost = self.eng[region][province]
        self.prov[region][province] = POLLUTED
        self.eng[region][province] = 0
        return was, lost

    def new_turn(self) -> None:
        for r in range(len(data.REGIONS)):
            self.fresh[r] += self.moved[r]
            self.moved[r] = 0
            self.trained[r] = False

    def snapshot(self) -> dict[str, object]:
        """A fresh, immutable view of the country for observations."""
        return {"prov": tuple(map(tuple, self.prov)), "eng": tuple(map(tuple, self.eng)),
                "fresh": tuple(self.fresh), "moved": tuple(self.moved),
                "trained": tuple(self.trained), "diplomats": self.diplomats,
                "money": self.money}
