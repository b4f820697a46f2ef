"""Helpers to set up PNUE states directly and play a few steps by hand."""

from __future__ import annotations

import random
from collections.abc import Iterable

from a11y_games.engine import Event
from a11y_games.games.pnue import SPEC
from a11y_games.games.pnue.data import DOLLAR, ECOLOGIST, LOB, LOBBYIST
from a11y_games.games.pnue.state import PnueState

D, L, E = DOLLAR, LOBBYIST, ECOLOGIST


def new(players: int = 7, seed: int = 1, first: str = "1", **options: str) -> PnueState:
    """A fresh state; seat 0 presides unless ``first`` says otherwise."""
    settings = SPEC.settings(players, seed, {"first": first, **options})
    return PnueState(settings, random.Random(seed))


def rig(state: PnueState, roles: Iterable[str] | None = None,
        top: Iterable[str] = ()) -> PnueState:
    """Give the seats these roles, and put these tiles on top of the pile (first drawn first)."""
    if roles is not None:
        state.roles = list(roles)
        state.dollar = next((s for s, r in enumerate(state.roles) if r == DOLLAR), None)
    for tile in reversed(list(top)):
        if tile not in state.pile:  # bring it back from the discards
            state.discards.remove(tile)
            state.pile.insert(0, tile)
        state.pile.remove(tile)
        state.pile.append(tile)
    state._refresh()
    return state


def act(state: PnueState, seat: int, action: str) -> None:
    assert action in state.legal_actions(seat), (action, state.legal_actions(seat), state.phase)
    state.apply(seat, action)


def vote(state: PnueState, yes: Iterable[int] = (), *, all_yes: bool = False) -> None:
    """Every seat asked votes: yes for the seats in ``yes`` (or all), no for the others."""
    yes = set(yes)
    pending = state.pending()
    assert pending is not None and state.phase == "vote"
    for seat in pending.seats:
        act(state, seat, "vote:yes" if all_yes or seat in yes else "vote:no")


def elect(state: PnueState, nominee: int) -> None:
    """The President nominates ``nominee`` and everybody approves."""
    act(state, state.president, f"nominate:{nominee}")
    vote(state, all_yes=True)


def enact(state: PnueState, tile: str, nominee: int | None = None) -> None:
    """A whole legislative session that enacts ``tile`` (rigging the pile), claims skipped."""
    sg = nominee if nominee is not None else next(
        int(a.split(":")[1]) for a in state.legal_actions(state.president))
    other = LOB if tile != LOB else next(
        k for k in ("climate", "health", "social") if (state.pile + state.discards).count(k) >= 2)
    rig(state, top=[tile, other, other])
    elect(state, sg)
    act(state, state.president, f"discard:{other}")
    act(state, sg, f"enact:{tile}")
    if state.outcome() is not None:
        return
    act(state, state.president, "claim:none")
    act(state, sg, "claim:none")


def human_nominee(state: PnueState) -> int:
    """The first player (not fictive) the President may nominate."""
    return next(s for s in (int(a.split(":")[1]) for a in state.legal_actions(state.president))
                if s < state.players)


def fail_vote(state: PnueState) -> None:
    """The President nominates the first possible seat and everybody rejects."""
    act(state, state.president, state.legal_actions(state.president)[0])
    vote(state)


def ids(events: Iterable[Event]) -> list[str]:
    return [e.msg.id for e in events]


def since(state: PnueState, mark: int) -> list[Event]:
    return state.events[mark:]


__all__ = ["LOB", "D", "E", "L", "act", "elect", "enact", "fail_vote", "human_nominee", "ids",
           "new", "rig", "since", "vote"]
