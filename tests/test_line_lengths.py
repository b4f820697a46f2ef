"""Questions and choices fit a 40-cell braille display, in every game and both languages.

The client shows a question on its own line when "Ana, your turn:" and the question do not
fit together, and each choice as "12. label": so a question must fit 40 characters and a
label 36. (Summaries and announcements have their own tests in each game's tests.)
"""

from __future__ import annotations

import pytest

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games import all_specs
from a11y_games.i18n import Translator

SPECS = all_specs()
PLAYERS = {"pnue": (4, 7, 12), "vertigo": (2, 4), "utopia": (2, 5), "vanuatu": (3, 5)}


@pytest.mark.timeout(240)
@pytest.mark.parametrize("name", sorted(SPECS))
def test_questions_and_choice_labels_fit_40_cells(name: str) -> None:
    spec = SPECS[name]
    too_long: dict[str, str] = {}
    for players in PLAYERS[name]:
        for seed in range(3):
            levels = ["random", "normal"] if seed % 2 else ["random"]
            match = Match(spec, spec.settings(players, seed),
                          [SeatSpec("bot", level=levels[i % len(levels)], name_index=i)
                           for i in range(players)])
            trs = [Translator(lang, names=match.seat_name) for lang in ("en", "fr")]
            state = match.state
            for _ in range(3000):
                pending = state.pending()
                if pending is None:
                    break
                seat = pending.seats[0]
                for tr in trs:
                    text = tr.render(pending.prompt)
                    if len(text) > 40:
                        too_long.setdefault(pending.prompt.id, text)
                    for action in state.legal_actions(seat):
                        label = state.describe(seat, action)
                        text = tr.render(label)
                        if len(text) > 36:
                            too_long.setdefault(label.id, text)
                if pending.race:
                    match.act(seat, state.legal_actions(seat)[0])
                else:
                    match.act(seat, match.bot_choice(seat))
    assert not too_long, "\n".join(f"{k}: {v}" for k, v in sorted(too_long.items()))
