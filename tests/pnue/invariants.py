"""Invariants checked after every step of random simulations (see test_simulation.py)."""

from __future__ import annotations

from typing import Any

from a11y_games.engine import Msg
from a11y_games.games.pnue import data
from a11y_games.games.pnue.state import PnueState

PRIVATE = {"pnue.setup.role", "pnue.draw.private", "pnue.hand.private", "pnue.power.result"}
ROLE_ALLOWED = {"pnue.claim.role", "pnue.end.reveal"} | PRIVATE


def _msgs(value: Any) -> list[Msg]:
    if isinstance(value, Msg):
        found = [value]
        for v in value.params.values():
            found += _msgs(v)
        return found
    if isinstance(value, (list, tuple)):
        return [m for v in value for m in _msgs(v)]
    return []


class Invariants:
    """Call after every action: tiles conserved, secrets kept, seats asked are real players."""

    def __init__(self) -> None:
        self.seen = 0
        self.steps = 0

    def __call__(self, state: Any) -> None:
        assert isinstance(state, PnueState)
        self.steps += 1
        want = 26 if state.crises else 23
        assert state.tile_total() == want, (state.tile_total(), want)
        assert 0 <= state.no_consensus < 3
        pending = state.pending()
        assert (pending is None) == (state.outcome() is not None)
        if pending is not None:
            assert pending.seats and all(0 <= s < state.players for s in pending.seats)
            assert not (set(pending.seats) & state.revoked)
            first = pending.seats[0]  # the seat a bot harness asks first
            assert state.legal_actions(first)
            self.check_observation(state, first)
            self.check_observation(state, self.steps % state.players)
        self.check_events(state)

    def check_observation(self, state: PnueState, seat: int) -> None:
        obs = state.observation(seat)
        assert obs.role == state.roles[seat]
        assert obs.secrets == state.secrets.get(seat, ())
        if state.winner is None:
            assert obs.public.roles is None
        holder = {"discard": state.president, "enact": state.secretary}.get(state.phase)
        assert not obs.hand or holder == seat
        assert obs.target is None or seat == state.president

    def check_events(self, state: PnueState) -> None:
        for event in state.events[self.seen:]:
            msg = event.msg
            if msg.id == "pnue.vote.cast":
                assert event.visible_to is None and not event.informs
                continue
            if msg.id in PRIVATE:
                assert event.visible_to is not None and len(event.visible_to) == 1, msg
                (seat,) = event.visible_to
                government = state.vote_history[-1][1:3] if state.vote_history else ()
                if msg.id == "pnue.draw.private":
                    assert seat == government[0]  # the President of the last elected government
                elif msg.id == "pnue.hand.private":
                    assert seat == government[1]
                elif msg.id == "pnue.power.result":
                    assert seat == state.president
                else:
                    assert msg.params["nation"] == data.NATIONS[seat]
                continue
            assert event.visible_to is None, msg  # every other event is public
            assert "tiles" not in msg.params, msg
            roles = [m for m in _msgs(msg) if m.id.startswith("pnue.role.")]
            if roles:
                assert msg.id in ROLE_ALLOWED, msg
                if msg.id == "pnue.end.reveal":
                    assert state.winner is not None
        self.seen = len(state.events)
