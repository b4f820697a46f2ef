"""The end of Utopia says everyone's total, the player's own included, not only the
winner's: a player who lost hears where they finished."""

from __future__ import annotations

import pytest

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games.utopia import SPEC
from a11y_games.i18n import Translator


@pytest.mark.parametrize(("lang", "head"), [("en", "Final scores: "), ("fr", "Scores finaux : ")])
def test_the_end_says_every_seat_s_total_highest_first(lang: str, head: str) -> None:
    match = Match(SPEC, SPEC.settings(4, 3),
                  [SeatSpec("bot", level="random", name_index=i) for i in range(4)])
    state = match.state
    match.play_bots()  # every seat a bot: to the end (Utopia has no race)
    assert state.pending() is None, "the game did not end"
    tr = Translator(lang, names=match.seat_name)
    said = [tr.render(e.msg) for e in match.events[-4:]]
    final = next(line for line in said if line.startswith(head))
    totals = [int(part.rsplit(" ", 1)[1]) for part in final[len(head):-1].split(", ")]
    assert totals == sorted(state.scores, reverse=True)
    assert all(tr.render(match.seat_name(s)) in final for s in range(4))
