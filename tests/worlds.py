"""Checks every game's strong bot passes: its world view and sampled worlds hold no secret.

``fingerprint`` turns a state (or anything in it) into plain nested tuples, so that two
objects can be compared whole, sets and dicts in a fixed order and random sources by
their internal state.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from types import MappingProxyType
from typing import Any

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.search import copy_state, search
from a11y_games.engine.spec import GameSpec
from a11y_games.engine.state import GameState

__all__ = ["check_secrets_unread", "fingerprint", "played"]


def fingerprint(obj: Any, _stack: frozenset[int] = frozenset()) -> Any:
    """A comparable picture of ``obj`` and everything it holds."""
    if obj is None or isinstance(obj, (bool, int, float, str, bytes)):
        return obj
    if id(obj) in _stack:
        return "<cycle>"
    stack = _stack | {id(obj)}
    if isinstance(obj, random.Random):
        return ("rng", obj.getstate())
    if isinstance(obj, (list, tuple)) or type(obj).__name__ == "deque":
        return tuple(fingerprint(x, stack) for x in obj)
    if isinstance(obj, (set, frozenset)):
        return ("set", tuple(sorted(repr(fingerprint(x, stack)) for x in obj)))
    if isinstance(obj, (dict, MappingProxyType)):
        return ("dict", tuple(sorted((repr(fingerprint(k, stack)), fingerprint(v, stack))
                                     for k, v in obj.items())))
    if callable(obj) and hasattr(obj, "__func__"):
        return ("method", obj.__func__.__qualname__)
    fields: dict[str, Any] = {}
    if hasattr(obj, "__dict__"):
        fields.update(vars(obj))
    for cls in type(obj).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(obj, name):
                fields[name] = getattr(obj, name)
    if not fields:
        return repr(obj)
    return (type(obj).__name__, tuple(sorted((k, fingerprint(v, stack))
                                             for k, v in fields.items() if k != "events")))


def played(spec: GameSpec, players: int, seed: int,
           until: Callable[[GameState, int], bool], limit: int = 3000) -> tuple[GameState, int]:
    """A normal bots' game played until ``until(state, seat)`` holds for the seat asked."""
    match = Match(spec, spec.settings(players, seed),
                  [SeatSpec("bot", level="normal", name_index=i) for i in range(players)])
    for _ in range(limit):
        pending = match.state.pending()
        assert pending is not None, "the game ended first"
        for seat in pending.seats:
            if until(match.state, seat) and len(match.state.legal_actions(seat)) > 1:
                return match.state, seat
        match.play_bot(pending.seats[0])
    raise AssertionError("never reached")


def check_secrets_unread(spec: GameSpec, state: GameState, seat: int,
                         change_secrets: Callable[[GameState], None]) -> None:
    """Two true states that differ only in what ``seat`` may not know give the same world
    view, the same sampled worlds and the same searched move; each sampled world shows
    ``seat`` exactly its true observation."""
    worlds: Any = spec.worlds
    other = copy_state(state)
    change_secrets(other)
    assert fingerprint(other) != fingerprint(state), "the change must touch a secret"
    assert fingerprint(other.observation(seat)) == fingerprint(state.observation(seat))
    view_a, view_b = worlds.view(state, seat), worlds.view(other, seat)
    assert fingerprint(view_a) == fingerprint(view_b)
    for draw in range(3):
        world_a = worlds.sample(view_a, random.Random(draw))
        world_b = worlds.sample(view_b, random.Random(draw))
        assert fingerprint(world_a) == fingerprint(world_b)
        assert fingerprint(world_a.observation(seat)) == fingerprint(state.observation(seat))
        assert world_a.legal_actions(seat) == state.legal_actions(seat)
    legal = state.legal_actions(seat)
    move_a = search(view_a, seat, legal, worlds, random.Random(5), iterations=6)
    move_b = search(view_b, seat, legal, worlds, random.Random(5), iterations=6)
    assert move_a == move_b
