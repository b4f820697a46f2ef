"""The games. Each package exposes ``SPEC``; adding a game adds one line to ``GAMES``."""

from __future__ import annotations

import importlib
import importlib.util
from collections.abc import Iterable, Iterator, Mapping

from a11y_games.engine.spec import GameSpec

__all__ = ["GAMES", "Specs", "all_specs", "get_spec"]

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
    """The spec of a game by name or alias; KeyError if none. A name imports that game
    only (start-up); an alias imports the games in turn until one has it."""
    if name in GAMES and importlib.util.find_spec(GAMES[name]) is not None:
        return _spec(name)
    for game in available():
        spec = _spec(game)
        if name == spec.name or name in spec.aliases:
            return spec
    raise KeyError(name)


def _spec(game: str) -> GameSpec:
    spec: GameSpec = importlib.import_module(GAMES[game]).SPEC
    return spec


class Specs(Mapping[str, GameSpec]):
    """Every available game's spec by name; a game's package is imported when its spec is
    first asked for (its rules, bots and search cost start-up time)."""

    def __init__(self, names: Iterable[str]) -> None:
        self._names = tuple(names)

    def __getitem__(self, name: str) -> GameSpec:
        if name not in self._names:
            raise KeyError(name)
        return _spec(name)

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)


def all_specs() -> Specs:
    """Every available game's spec, by name (imported as asked)."""
    return Specs(available())
