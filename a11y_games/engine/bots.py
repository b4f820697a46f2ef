"""Bots every game can use."""

from __future__ import annotations

import random

from a11y_games.engine.actions import BACK

__all__ = ["ForwardRandomBot", "RandomBot"]


class RandomBot:
    """Chooses uniformly among the legal actions."""

    blind = True
    """It never looks at its observation, so none is built for it."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.seat = seat
        self.rng = rng
        self._bits = rng.getrandbits
        self._random = rng.random

    def choose(self, observation: object, legal: list[str]) -> str:
        # Drawn as ``rng.choice`` draws (the same answers from the same seed) without its two
        # calls: bots-only simulations make millions of these.
        n = len(legal)
        if not n:
            raise IndexError("no legal action")
        k = n.bit_length()
        r = self._bits(k)
        while r >= n:
            r = self._bits(k)
        return legal[r]


class ForwardRandomBot(RandomBot):
    """A random player that never goes ``back`` while it has another answer.

    ``back`` changes nothing in the game: a random player has nothing to reconsider, and
    going back and forth made random games a third longer in steps. Only for games whose
    random games still end with it (tested for each game that uses it). Not Vertigo: there a
    move inside a region is free, and a player that never leaves the move menu never stops.
    """

    def choose(self, observation: object, legal: list[str]) -> str:
        n = len(legal)
        if n > 1:
            if legal[-1] == BACK:
                n -= 1
        elif not n:
            raise IndexError("no legal action")
        return legal[int(self._random() * n)]
