"""Shared helpers for the Vanuatu tests: fresh states and hand-made situations."""

from __future__ import annotations

import random

from a11y_games.games.vanuatu import SPEC, data
from a11y_games.games.vanuatu.board import Island, Sea
from a11y_games.games.vanuatu.state import VanuatuState

S = data.SPACE_OF


def new(players: int = 4, seed: int = 1, rising: bool = True) -> VanuatuState:
    settings = SPEC.settings(players, seed, {"rising_waters": "on" if rising else "off"})
    state = SPEC.new_state(settings, random.Random(seed))
    assert isinstance(state, VanuatuState)
    return state


def play(state: VanuatuState, action: str) -> None:
    """Play ``action`` for whoever is asked, checking it is offered."""
    pending = state.pending()
    assert pending is not None
    seat = pending.seats[0]
    legal = state.legal_actions(seat)
    assert action in legal, (action, legal)
    state.apply(seat, action)


def ids_since(state: VanuatuState, mark: int) -> list[str]:
    return [e.msg.id for e in state.events[mark:]]


def to_planning(state: VanuatuState) -> None:
    """Place tiles and pick characters with the first choice offered until planning."""
    while state.phase in ("tiles", "characters"):
        seat = state.pending().seats[0]  # type: ignore[union-attr]
        state.apply(seat, state.legal_actions(seat)[0])


def acting(state: VanuatuState, seat: int, action: str, *, character: str | None = None,
           boat: str | None = None, markers: int = 1, keep: bool = True) -> None:
    """Put ``seat`` in the action phase with a stack on ``action``.

    With ``keep``, the last seat in turn order also holds a marker elsewhere, so that the
    round goes on after the action.
    """
    state.phase = "actions"
    reset_caches(state)
    for counts in state.markers.values():
        for s in range(len(counts)):
            counts[s] = 0
    state.markers[action][seat] = markers
    if keep:
        last = state.order[-1] if state.order[-1] != seat else state.order[-2]
        state.markers["rest" if action != "rest" else "draw"][last] = 1
    state.cursor = state.order.index(seat)
    state.step = ("act", seat)
    player = state.players[seat]
    player.character = character
    player.power_used = False
    if boat is not None:
        player.boat = S[boat]


def reset_caches(state: VanuatuState) -> None:
    state._legal = {}
    state._pending = None
    state._board_copy = None
    state._reach = {}
    state._areas = {}
    state._plannable = {}


def put_island(state: VanuatuState, code: str, index: int = 0) -> Island:
    specs = [spec for _, spec in data.TILES if isinstance(spec, data.IslandSpec)]
    island = Island(specs[index])
    state.archipelago.tiles[S[code]] = island
    reset_caches(state)
    return island


def put_sea(state: VanuatuState, code: str, fish: int = 0, treasure: int = 0) -> Sea:
    sea = Sea(fish, treasure)
    state.archipelago.tiles[S[code]] = sea
    reset_caches(state)
    return sea
