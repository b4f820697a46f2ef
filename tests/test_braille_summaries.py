"""PN-05: every line of every game's status summary survives braille and back.

Real games are played a few steps at each point, their status and board lines rendered in
French and English, translated to braille with the language's default table, wrapped to
40 cells, and back-translated: the text must come back the same.
"""

from __future__ import annotations

import pytest

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games import all_specs
from a11y_games.i18n import Translator
from a11y_games.output.braille import TABLES, Braille, same_print

SPECS = all_specs()


def summary_lines(name: str, lang: str, steps: int = 60) -> set[str]:
    spec = SPECS[name]
    players = spec.default_players
    match = Match(spec, spec.settings(players, 7),
                  [SeatSpec("bot", level="random", name_index=i) for i in range(players)])
    tr = Translator(lang, names=match.seat_name)
    lines: set[str] = set()
    for step in range(steps):
        pending = match.state.pending()
        if step % 10 == 0 or pending is None:
            lines |= {tr.render(m) for m in match.state.status(0)}
            lines |= {tr.render(m) for m in match.state.private(0)}
        if pending is None:
            break
        seat = pending.seats[0]
        action = (match.state.legal_actions(seat)[0] if pending.race
                  else match.bot_choice(seat))
        match.act(seat, action)
    return lines


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("name", sorted(SPECS))
def test_status_lines_round_trip_through_braille(name: str, lang: str) -> None:
    braille = Braille(TABLES[lang], width=40)
    for text in summary_lines(name, lang):
        cells = braille.lines([text])
        assert all(len(line) <= 40 for line in cells), text
        back = braille.back(braille.translate(text))
        assert same_print(text, back), (text, back)
