"""Issue 27: the dice before what they do, and spectators hear the public pollution."""

from __future__ import annotations

import pytest

from a11y_games.engine import Event, Verbosity
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out
from a11y_games.games.vertigo import SPEC
from a11y_games.i18n import Translator

DICE = {"vertigo.event.roll", "vertigo.event.roll_more", "vertigo.event.rolls_by",
        "vertigo.event.pollution_by", "vertigo.event.forced_by"}
"""Lines that say a seat's dice (or the forced markers the planet asked of it)."""
CAUSES = DICE | {"vertigo.event.marker_mine"}
"""And a player's own marker, said to them as it lands."""


def played(players: int, seeds: range) -> list[Match]:
    matches = []
    for seed in seeds:
        match = Match(SPEC, SPEC.settings(players, seed),
                      [SeatSpec("bot", level="normal", name_index=i) for i in range(players)])
        play_out(match)
        matches.append(match)
    return matches


@pytest.fixture(scope="module")
def games() -> list[Match]:
    return played(2, range(6)) + played(3, range(4))


def heard(match: Match, seat: int | None) -> list[Event]:
    """What ``seat`` (None: a spectator) hears at normal verbosity."""
    return [e for e in match.events if e.visible(seat) and e.level <= Verbosity.NORMAL]


def test_a_roll_is_heard_before_the_marker_or_the_loss_it_causes(games: list[Match]) -> None:
    """Issue 27: "Marker by Smog: Player 1's right H" came before "Smog rolls cloud and
    arrow", and "Smog loses population: right E" before the roll that did it."""
    checked = 0
    for match in games:
        for seat in [*range(match.state.n), None]:
            said: set[int] = set()  # rollers whose dice this listener heard this phase
            for event in heard(match, seat):
                msg = event.msg
                if msg.id == "vertigo.event.phase_pollution":
                    said.clear()
                elif msg.id in CAUSES:
                    said.add(msg.params["player"].seat)
                elif msg.id in ("vertigo.event.marker_on", "vertigo.event.marker_lost") or (
                        msg.id == "vertigo.event.wiped" and event.cause is not None):
                    roller = msg.params["player"].seat if "player" in msg.params else event.cause
                    assert roller in said, (seat, Translator("en").render(msg))
                    checked += 1
    assert checked > 50


def test_spectators_hear_every_roll_and_marker_at_two_players(games: list[Match]) -> None:
    """Issue 27: at 2 players the marker, its place and the region's pollution went to no
    one; a spectator never heard a roll or a marker (the guide says they hear the public
    view)."""
    for match in games:
        assert not [e.msg.id for e in match.events
                    if e.visible_to is not None and not e.visible_to and not e.spectators]
    two = [m for m in games if m.state.n == 2]
    rolls = [e for m in two for e in heard(m, None) if e.msg.id in DICE]
    markers = [e for m in two for e in m.events if e.visible(None)
               and e.msg.id in ("vertigo.event.marker", "vertigo.event.marker_on")]
    assert len(rolls) > 20 and len(markers) > 20
