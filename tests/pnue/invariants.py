"""Invariants checked after every step of random simulations (see test_simulation.py)."""

from __future__ import annotations

from typing import Any

from a11y_games.engine import Msg, Verbosity
from a11y_games.games.pnue import data
from a11y_games.games.pnue.state import PnueState

PRIVATE = {"pnue.setup.role", "pnue.setup.nation", "pnue.draw.private", "pnue.draw.tile",
           "pnue.draw.tiles", "pnue.hand.private", "pnue.hand.tile", "pnue.hand.tiles",
           "pnue.power.result", "pnue.you.skipped",
           "pnue.you.sit_out",
           "pnue.vote.mine_yes", "pnue.vote.mine_no"}
ROLE_ALLOWED = {"pnue.claim.role", "pnue.claim.says_role", "pnue.claim.about_said",
                "pnue.end.reveal"} | PRIVATE
"""Messages that may name a role: a claim (the player's word, true or not), the end."""


def _msgs(msg: Msg) -> list[Msg]:
    """The messages inside a message's parameters, two levels deep (as our events nest)."""
    inner = [v for v in msg.params.values() if isinstance(v, Msg)]
    return inner + [v for m in inner for v in m.params.values() if isinstance(v, Msg)]


class Invariants:
    """Call after every action: tiles conserved, secrets kept, seats asked are real players."""

    def __init__(self) -> None:
        self.seen = 0
        self.steps = 0

    def __call__(self, state: Any) -> None:
        self.steps += 1
        assert state.tile_total() == (26 if state.crises else 23)
        assert 0 <= state.no_consensus < 3
        pending = state._pending
        if pending is None:
            assert state.winner is not None
        else:
            seats = pending.seats  # only real players are asked, never fictive or revoked
            assert state.winner is None and seats and max(seats) < state.players
            assert not state.revoked.intersection(seats)
            self.check_observation(state, seats[self.steps % len(seats)])  # each in turn
        if len(state.events) > self.seen:
            self.check_events(state)

    def check_observation(self, state: PnueState, seat: int) -> None:
        """A seat sees its own role, hand and secrets, nobody else's, no roles before the end."""
        obs = state.observation(seat)
        assert obs.role == state.roles[seat]
        assert obs.secrets == state.secrets.get(seat, ())
        assert obs.public.roles is None or state.winner is not None
        if obs.hand:
            assert seat == (state.president if state.phase == "discard" else state.secretary)
        assert obs.target is None or seat == state.president

    def check_events(self, state: PnueState) -> None:
        events = state.events
        for index in range(self.seen, len(events)):
            event = events[index]
            msg = event.msg
            if msg.id == "pnue.vote.cast":  # public, but not echoed to the voter
                voter = msg.params["seat"].seat
                assert event.spectators and not event.informs
                assert event.visible_to == frozenset(range(state.seat_count)) - {voter}
                continue
            if msg.id in ("pnue.turn.skipped", "pnue.crisis.loser"):  # the seat hears its own
                target = msg.params["seat"].seat  # words ("You will sit out next turn.")
                assert event.spectators
                assert event.visible_to == frozenset(range(state.seat_count)) - {target}
                continue
            if msg.id in PRIVATE:
                assert event.visible_to is not None and len(event.visible_to) == 1, msg
                (seat,) = event.visible_to
                government = state.vote_history[-1][1:3] if state.vote_history else ()
                if msg.id in ("pnue.draw.private", "pnue.draw.tile", "pnue.draw.tiles"):
                    assert seat == government[0]  # the President of the last elected government
                elif msg.id in ("pnue.hand.private", "pnue.hand.tile", "pnue.hand.tiles"):
                    assert seat == government[1]
                elif msg.id.startswith("pnue.vote.mine_"):  # one's own vote, to oneself
                    assert event.cause == seat and event.level == Verbosity.BRIEF
                elif msg.id == "pnue.power.result":
                    assert seat == state.president
                elif msg.id == "pnue.setup.nation":
                    assert msg.params["nation"] == data.NATIONS[seat]
                elif msg.id.startswith("pnue.you."):  # what happened to the seat, said to it
                    assert not msg.params.keys() - {"president"}
                    assert event.level == Verbosity.BRIEF and seat < state.players
                else:
                    assert msg.params["role"].id == f"pnue.role.{state.roles[seat]}"
                continue
            if msg.id == "pnue.hand.public" and event.visible_to is not None:
                chair = msg.params["president"].seat  # said to him, and to all the others
                secretary = msg.params["seat"].seat  # but the Secretary: "You receive..."
                assert event.visible_to in (
                    frozenset({chair}),
                    frozenset(range(state.players)) - {chair, secretary}), msg
                continue
            if msg.id == "pnue.draw.public":  # the President hears "You drew..." instead
                assert event.spectators
                assert event.visible_to == frozenset(range(state.players)) - {
                    msg.params["seat"].seat}, msg
                continue
            assert event.visible_to is None, msg  # every other event is public
            assert "tiles" not in msg.params, msg
            if not msg.params:
                continue
            if any(m.id.startswith("pnue.role.") for m in _msgs(msg)):
                assert msg.id in ROLE_ALLOWED, msg
                if msg.id == "pnue.end.reveal":
                    assert state.winner is not None
        self.seen = len(events)
