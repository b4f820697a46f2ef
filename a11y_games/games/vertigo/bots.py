"""The normal bot: income against pollution, from its observation only."""

from __future__ import annotations

import random
from typing import Any


class NormalBot:
    """Placeholder until written: random."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, observation: dict[str, Any], legal: list[str]) -> str:
        return self.rng.choice(legal)
