"""French names the civilisations as French does: "invité perse", "2 princes grecs", number
first, lowercase adjectives agreeing with their noun; the people themselves "les Perses"."""

from __future__ import annotations

import re

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games.utopia import SPEC
from a11y_games.i18n import Translator
from tests.utopia.helpers import CIV, empty_city, give, new_state, put, turn_of

ADJ = r"(?:[Mm]aya|[Pp]erse|[ÉéEe]gyptien|[Gg]rec|[Cc]hinois)"
NOUN = r"(?:Mayas|Perses|Égyptiens|Grecs|Chinois)"
WRONG = (
    re.compile(r"\b(?:[Ii]nvité|[Pp]rinces?|[Mm]onument|carte) (?:Maya|Perse|Égyptien|Grec)"),
    re.compile(rf"\b{ADJ}s? \d"),  # the number after the people
    re.compile(r"\b(?:[2-9]|\d\d) princes (?:maya|perse|égyptien|grec)\b"),  # agreement
    re.compile(r"\bcarte (?:égyptien|grec|chinois)\b"),  # feminine noun, masculine adjective
    re.compile(rf"\b(?:monte|descend) {NOUN}"),
)


def test_status_names_cards_number_first_and_adjectives_in_lowercase() -> None:
    state = empty_city(new_state(3))
    state.scale = [CIV[c] for c in ("maya", "persian", "egyptian", "greek", "chinese")]
    give(state, 0, maya=2, greek=1)
    put(state, "gaia", 0, "greek", 3)
    turn_of(state, 0)
    match = Match(SPEC, SPEC.settings(3, 1), [SeatSpec("bot", name_index=i) for i in range(3)])
    lines = Translator("fr", names=match.seat_name).render_all(state.status(0))
    assert "Cartes : 2 mayas, 1 grec" in lines
    assert "5 : Chinois" in lines and "2 : Perses" in lines
    assert "Monument grec possible à Gaïa." in lines


def test_every_french_line_of_a_game_names_the_civilisations_naturally() -> None:
    seen: dict[str, str] = {}
    for players, seed in ((3, 1), (5, 2)):
        match = Match(SPEC, SPEC.settings(players, seed),
                      [SeatSpec("bot", level="random", name_index=i) for i in range(players)])
        tr = Translator("fr", names=match.seat_name)
        state = match.state
        for _ in range(4000):
            pending = state.pending()
            if pending is None:
                break
            seat = pending.seats[0]
            for action in state.legal_actions(seat):
                line = tr.render(state.describe(seat, action))
                seen.setdefault(line, "label")
            for line in tr.render_all(state.status(seat)):
                seen.setdefault(line, "status")
            match.act(seat, match.bot_choice(seat))
        for line in tr.render_all(e.msg for e in match.events):
            seen.setdefault(line, "event")
    wrong = sorted(f"{kind}: {line}" for line, kind in seen.items()
                   if any(p.search(line) for p in WRONG))
    assert not wrong, "\n".join(wrong[:30])
    joined = "\n".join(seen)
    assert re.search(r"\b[2-9] princes (?:mayas|perses|égyptiens|grecs|chinois)\b", joined)
    assert re.search(r"^(?:Eau|Terre|Feu|Vent) : invité (?:maya|perse|égyptien|grec|chinois)$",
                     joined, re.M)


def test_french_rules_name_the_commands_in_french() -> None:
    """The French rules said `back`, `status`, `map`... where the French help says `retour`,
    `etat`, `carte`: a reader types what the page says."""
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "docs" / "rules" / "utopia.fr.md").read_text()
    for english in ("back", "status", "map", "district", "island", "where"):
        assert f"`{english}" not in text, english
    for french in ("retour", "etat", "carte", "quartier", "ile", "ou"):
        assert f"`{french}" in text, french


def test_the_scale_line_names_each_people_then_its_value_with_one_colon() -> None:
    """"Échelle : 5 : Grecs, 4 : Mayas, ..." had two colons on one line: now "Échelle :
    Grecs à 5, Mayas à 4, ...", the people first as in English ("Scale: Greek 5, ...")."""
    match = Match(SPEC, SPEC.settings(3, 1), [SeatSpec("bot", name_index=i) for i in range(3)])
    scale = next(e.msg for e in match.events if e.msg.id == "utopia.ev.scale_now")
    said = {lang: Translator(lang, names=match.seat_name).render(scale) for lang in ("en", "fr")}
    assert said == {"en": "Scale: Greek 5, Maya 4, Chinese 3, Persian 2, Egyptian 1.",
                    "fr": "Échelle : Grecs à 5, Mayas à 4, Chinois à 3, Perses à 2, "
                          "Égyptiens à 1."}
