"""Shortcuts for Vertigo tests: new games, menu paths from the top, set-up countries."""

from __future__ import annotations

import random

from a11y_games.games.vertigo import SPEC
from a11y_games.games.vertigo.country import PEOPLE
from a11y_games.games.vertigo.state import VertigoState


def new(players: int = 2, seed: int = 1) -> VertigoState:
    state = SPEC.new_state(SPEC.settings(players, seed), random.Random(seed))
    assert isinstance(state, VertigoState)
    return state


def seat_now(state: VertigoState) -> int:
    pending = state.pending()
    assert pending is not None
    return pending.seats[0]


def do(state: VertigoState, seat: int, *actions: str) -> None:
    """Play ``actions`` from the top of the seat's menu (going back first), one choice at
    a time, or several in one where a menu offers them as one ("step:build+kind:clean")."""
    state.refresh()
    while state.path and "back" in state.legal_actions(seat):
        state.apply(seat, "back")
    rest = list(actions)
    while rest:
        legal = [a.replace("+first", "+" + state.menus.first(seat, state.path, a.split("+")[0]))
                 if a.endswith("+first") else a for a in state.legal_actions(seat)]
        action = walk(rest, legal) or rest[0]
        if action not in state.legal_actions(seat) and "+" in action:
            action = action.split("+")[0] + "+first"  # the first province, as planned
        state.apply(seat, action)
        if action != "other":
            del rest[:len(action.split("+"))]


def walk(rest: list[str], legal: list[str]) -> str | None:
    """The offered choice that plays the most of ``rest`` at once."""
    best, most = None, 0
    for action in legal:
        parts = action.split("+")
        if len(parts) > most and parts == rest[:len(parts)]:
            best, most = action, len(parts)
    if best is None and "other" in legal and rest and rest[0].startswith("region:"):
        return "other"  # then the region alone, then its province
    return best


def people(state: VertigoState, seat: int, region: int, *provinces: int) -> None:
    for p in provinces:
        state.countries[seat].prov[region][p] = PEOPLE
    state.refresh()


def started(players: int = 2, seed: int = 1, pawns: int = 5) -> VertigoState:
    """A game past setup: each country bought ``pawns`` people in its right region."""
    state = new(players, seed)
    for _ in range(players):
        seat = seat_now(state)
        for p in range(pawns):
            do(state, seat, "step:population", "region:0", f"province:{p}")
        do(state, seat, "done")
    return state


def finish_management(state: VertigoState) -> None:
    """Every remaining manager of this turn says done (paying upkeep where it is due)."""
    turn = state.turn
    while state.phase in ("manage", "upkeep") and not state.tasks and state.turn == turn:
        seat = seat_now(state)
        if state.phase == "upkeep":
            state.apply(seat, state.legal_actions(seat)[0])
        else:
            do(state, seat, "done")


def ids(state: VertigoState, start: int = 0) -> list[str]:
    return [e.msg.id for e in state.events[start:]]


class Dice:
    """A stand-in random source: the pollution die shows the given faces in turn."""

    def __init__(self, *faces: str, coin: float = 0.9) -> None:
        self.faces = list(faces)
        self.coin = coin

    def choice(self, seq):  # type: ignore[no-untyped-def]
        if self.faces and "sun" in seq:
            return self.faces.pop(0)
        return seq[0]

    def random(self) -> float:
        return self.coin

    def shuffle(self, seq) -> None:  # type: ignore[no-untyped-def]
        return None


def to_pollution(state: VertigoState, *faces: str) -> None:
    """Rig the die, then let every manager finish: the pollution phase starts."""
    state.rng = Dice(*faces)  # type: ignore[assignment]
    state.refresh()
    finish_management(state)


def to_laws(state: VertigoState) -> None:
    """Finish management and a pollution phase with only suns: the law phase starts."""
    to_pollution(state, *["sun"] * 60)
    assert state.phase in ("laws", "vote") or state.tasks, state.phase
