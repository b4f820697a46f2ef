"""Everything a player can hear, in every game and both languages, is a real sentence.

Random games are played; every event, summary, private card, choice label and game query
is rendered in English and French. No text may be a bare catalogue id (a message missing
from a catalogue) or keep an unfilled ``{placeholder}``.
"""

from __future__ import annotations

import re

import pytest

from a11y_games.engine import Msg
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games import all_specs
from a11y_games.i18n import Translator

SPECS = all_specs()
_DOMAINS = "|".join(["core", "output", *SPECS])
RAW_ID = re.compile(rf"\b(?:{_DOMAINS})\.[a-z0-9_]+(?:\.[a-z0-9_]+)*\b")


def check(tr: Translator, msg: Msg | str, where: str) -> None:
    text = tr.render(msg)
    assert text.strip(), f"{where}: empty text for {msg}"
    assert not RAW_ID.search(text), f"{where}: untranslated id in {text!r}"
    assert not re.search(r"\{[a-z_]+\}", text), f"{where}: unfilled parameter in {text!r}"


@pytest.mark.timeout(240)
@pytest.mark.parametrize("name", sorted(SPECS))
def test_every_text_of_random_games_is_translated(name: str) -> None:
    spec = SPECS[name]
    for players in sorted({spec.min_players, spec.max_players}):
        for seed in range(2):
            match = Match(spec, spec.settings(players, seed),
                          [SeatSpec("bot", level="random", name_index=i) for i in range(players)])
            trs = [Translator(lang, names=match.seat_name) for lang in ("en", "fr")]
            for step in range(5000):
                pending = match.state.pending()
                sample = step % 25 == 0 or pending is None
                if sample:
                    for tr in trs:
                        for msg in match.state.status(0) + match.state.board(0, ""):
                            check(tr, msg, f"{name} summary")
                        for msg in match.state.private(0):
                            check(tr, msg, f"{name} private")
                        for query in match.state.queries():
                            for msg in query.run(match.state, 0, ""):
                                check(tr, msg, f"{name} {query.name}")
                if pending is None:
                    break
                seat = pending.seats[0]
                if sample or step < 50:
                    for tr in trs:
                        check(tr, pending.prompt, f"{name} prompt")
                        for action in match.state.legal_actions(seat):
                            check(tr, match.state.describe(seat, action), f"{name} label")
                before = len(match.events)
                action = (match.state.legal_actions(seat)[0] if pending.race
                          else match.bot_choice(seat))
                match.act(seat, action)
                for event in match.events[before:]:
                    for tr in trs:
                        check(tr, event.msg, f"{name} event")
            assert match.state.pending() is None, f"{name} did not end"
            outcome = match.state.outcome()
            for tr in trs:
                check(tr, outcome.reason, f"{name} outcome")


@pytest.mark.parametrize(("params", "said"), [
    ({"district": "Héphaïstos"}, "d'Héphaïstos."),
    ({"district": "Hestia"}, "d'Hestia."),
    ({"district": "Atlas"}, "d'Atlas."),
    ({"district": "Hollande"}, "de Hollande."),  # an aspirated h stays
    ({"district": "Gaïa"}, "de Gaïa."),
])
def test_french_elides_before_a_vowel_and_a_mute_h(params: dict[str, str], said: str) -> None:
    """Utopia's districts Héphaïstos and Hestia, and the bot Hythlodée, take d' in French."""
    tr = Translator("fr")
    removed = Msg("utopia.ev.removed", seat="Bo", civ=Msg("utopia.civs.greek", count=1),
                  points=2, total=4, **params)
    assert tr.render(removed) == f"Bo retire 1 prince grec {said[:-1]} : +2."
    assert tr.render(Msg("utopia.label.to_add", district="Rhéa", seat="Hythlodée")) == \
        "Rhéa : monument d'Hythlodée"


@pytest.mark.parametrize(("lang", "said"), [("en", "You reacted in 0.53 seconds."),
                                            ("fr", "Vous avez réagi en 0,53 s.")])
def test_a_measure_is_written_with_the_languages_decimal_mark(lang: str, said: str) -> None:
    assert Translator(lang).render(Msg("core.race.time", seconds=0.532)) == said
