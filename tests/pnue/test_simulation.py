"""Random simulations over every player count and variant, invariants after every step;
replay determinism (PN-01, PN-04, PN-12, PN-18, PN-23, PN-28, PN-60..PN-65)."""

from __future__ import annotations

import pytest

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.engine.simulate import play_out, simulate
from a11y_games.games.pnue import SPEC
from tests.pnue.invariants import Invariants

GAMES = 200
TILE_OPTIONS = [{"crises": "off"}, {"crises": "on", "race": "timed"},
                {"crises": "on", "race": "random"}]
ROLES = ["standard", "random_lobbyists", "maybe_dollar"]


def combinations() -> list[tuple[int, dict[str, str]]]:
    """Every player count with every variant that changes play there (race only matters with
    crises; the role variants only from 5 players, fictive piles deal the roles below)."""
    combos = []
    for players in range(2, 13):
        for tiles in TILE_OPTIONS:
            for roles in ROLES if players >= 5 else ROLES[:1]:
                combos.append((players, {**tiles, "roles": roles}))
    return combos


@pytest.mark.rule("PN-01", "PN-04", "PN-23", "PN-60")
@pytest.mark.parametrize(("players", "options"), combinations(),
                         ids=lambda v: "-".join(v.values()) if isinstance(v, dict) else str(v))
def test_random_games_keep_every_invariant(players: int, options: dict[str, str]) -> None:
    """Tiles conserved (23 or 26) everywhere; no seat sees another's role or tiles before the
    end; only real players are asked; every game ends."""
    check = Invariants()
    report = simulate(SPEC, players=players, games=GAMES, seed=players * 1000, options=options,
                      check=check)
    assert report.games == GAMES and report.unfinished == 0
    assert sum(report.camp_wins.values()) == GAMES
    assert check.steps == report.actions


@pytest.mark.parametrize("players", range(2, 13))
def test_replay_is_deterministic(players: int, tmp_path) -> None:
    """A saved action log replays to the identical state, log and events."""
    for n, options in enumerate(TILE_OPTIONS):
        settings = SPEC.settings(players, 77 + n, {**options, "roles": ROLES[n]}
                                 if players >= 5 else options)
        seats = [SeatSpec("bot", level="normal" if s % 2 else "random", name_index=s)
                 for s in range(players)]
        match = Match(SPEC, settings, seats)
        play_out(match)
        path = tmp_path / f"game{n}.json"
        match.save(path)
        again = Match.load(path, {"pnue": SPEC})
        a, b = match.state, again.state
        assert again.log == match.log
        assert [(e.msg, e.visible_to, e.level) for e in again.events] == [
            (e.msg, e.visible_to, e.level) for e in match.events]
        for name in ("roles", "table", "pile", "discards", "enacted", "removed", "revoked",
                     "records", "record", "secrets", "vote_history", "winner", "fictive"):
            assert getattr(a, name) == getattr(b, name), name
        assert a.outcome() == b.outcome()
