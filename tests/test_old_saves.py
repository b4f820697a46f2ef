"""Utopia's and Vanuatu's saves written before the second listening pass (main at 5a2cd2c,
the same as 04742f3 for these games) still load and replay into the same game: a save is
settings plus action log, and the questions' wording changed, not the action ids nor the
draws."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from a11y_games.engine.match import Match
from a11y_games.games import all_specs
from a11y_games.i18n import Translator

SAVES = sorted(path for game in ("utopia", "vanuatu")
               for path in (Path(__file__).parent / game / "saves").glob("*.json"))
SCORES = {"utopia": lambda state: list(state.scores),
          "vanuatu": lambda state: [player.pp for player in state.players]}
"""Each seat's prestige, as each game keeps it."""


@pytest.mark.timeout(60)
@pytest.mark.parametrize("path", SAVES, ids=[p.stem for p in SAVES])
def test_a_save_from_before_loads_and_replays_into_the_same_game(path: Path) -> None:
    expect = json.loads(path.read_text(encoding="utf-8"))["expect"]
    match = Match.load(path, all_specs())
    state = match.state
    assert len(match.log) == expect["log"]
    assert SCORES[match.spec.name](state) == expect["scores"]
    pending = state.pending()
    if expect["pending"] is None:
        assert pending is None and state.outcome() is not None
        return
    assert pending is not None
    assert list(pending.seats) == expect["pending"][0]  # the same seat asked, the same
    assert state.legal_actions(pending.seats[0]) == expect["legal"]  # choices (the words
    assert Translator("en").render(pending.prompt)  # of the question may have changed)
    seat = pending.seats[0]
    match.act(seat, state.legal_actions(seat)[0])  # and it plays on
    assert len(match.log) == expect["log"] + 1
