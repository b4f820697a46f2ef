"""The bots' fixed ratings, one per game and level, measured by bot-versus-bot games.

``bots.json`` beside this module is written by ``scripts/bench_bot_ratings.py`` (its method
in docs/benchmarks/history.md). A bot's rating never changes in a rated game: it counts as
an opponent at the figure measured. A game or level the file lacks counts as a newcomer.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path

from a11y_games.ratings.model import Rating, new_rating

__all__ = ["BOT_RATINGS", "LEVELS", "bot_rating", "bot_ratings", "load_bot_ratings"]

LEVELS = ("random", "normal", "strong")
"""The bot levels, weakest first (the order their ratings are said in)."""

BOT_RATINGS = Path(__file__).with_name("bots.json")


def load_bot_ratings(path: Path = BOT_RATINGS) -> dict[str, dict[str, Rating]]:
    """Game -> level -> rating, as the file stores them (empty if there is no file)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return {game: {level: Rating(float(r["mu"]), float(r["sigma"]))
                   for level, r in levels.items()}
            for game, levels in data["games"].items()}


@cache
def _shipped() -> dict[str, dict[str, Rating]]:
    return load_bot_ratings()


def bot_ratings(game: str) -> Mapping[str, Rating]:
    """Every level's fixed rating in ``game``, weakest level first."""
    known = _shipped().get(game, {})
    return {level: known.get(level, new_rating()) for level in LEVELS}


def bot_rating(game: str, level: str) -> Rating:
    """A bot's fixed rating in ``game`` (an unknown level plays at random: rated so)."""
    ratings = bot_ratings(game)
    return ratings.get(level, ratings["random"])
