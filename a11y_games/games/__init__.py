"""The games. Each package exposes ``SPEC``; adding a game adds one line to ``GAMES``."""

from __future__ import annotations

import importlib
import importlib.util

from a11y_games.engine.spec import GameSpec

__all__ = ["GAMES", "all_specs", "get_spec"]

GAMES: dict[str, str] = {
    "pnue": "a11y_games.games.pnue",
    "vertigo": "a11y_games.games.vertigo",
    "utopia": "a11y_games.games.utopia",
    "vanuatu": "a11y_games.games.vanuatu",
}


def available() -> list[str]:
    """Games whose package is present."""
    names = []
    for name, module in GAMES.items():
        if importlib.util.find_spec(module) is not None:
            names.append(name)
    return names


def get_spec(name: str) -> GameSpec:
    """The spec of a game by name or alias; KeyError if none."""
    for game in available():
        spec: GameSpec = importlib.import_module(GAMES[game]).SPEC
        if name == spec.name or name in spec.aliases:
            return spec
    raise KeyError(name)


def all_specs() -> dict[str, GameSpec]:
    """Every available game's spec, by name."""
    return {name: get_spec(name) for name in available()}
