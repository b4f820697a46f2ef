"""A population move asks where from, then where to: never "Which region?" twice."""

from __future__ import annotations

import pytest

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games.vertigo import SPEC
from a11y_games.i18n import Translator


@pytest.mark.parametrize(("lang", "asked"), [
    ("en", ["Move population from which region?", "To which region?", "To which region?",
            "To which province?"]),
    ("fr", ["Déplacer depuis quelle région ?", "Vers quelle région ?",
            "Vers quelle région ?", "Vers quelle province ?"]),
])
def test_a_population_move_asks_from_then_to(lang: str, asked: list[str]) -> None:
    """From a region, to a region, "Another province" there: its region, its province."""
    match = Match(SPEC, SPEC.settings(2, 1),
                  [SeatSpec("bot", level="random", name_index=i) for i in range(2)])
    tr = Translator(lang, names=match.seat_name)
    state = match.state
    heard: list[str] = []
    for _ in range(400):
        pending = state.pending()
        assert pending is not None, "the game ended before a population move"
        seat = pending.seats[0]
        legal = state.legal_actions(seat)
        move = next((a for a in legal if "pop:move" in a), None)
        if state.phase == "manage" and move is not None and not state.path:
            match.act(seat, move)
            for _ in asked:
                heard.append(tr.render(state.pending().prompt))
                places = [a for a in state.legal_actions(seat) if a not in ("back", "done")]
                match.act(seat, "other" if "other" in places else places[0])
            break
        match.act(seat, match.bot_choice(seat))
    assert heard == asked
