"""Bots every game can use."""

from __future__ import annotations

import random

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among the legal actions."""

    blind = True
    """It never looks at its observation, so none is built for it."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng

    def choose(self, observation: object, legal: list[str]) -> str:
        return self.rng.choice(legal)
