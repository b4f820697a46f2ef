"""Issue 27: one word per thing, in each language; a word never means two things."""

from __future__ import annotations

import pytest

from a11y_games.engine import Msg, PlayerRef
from a11y_games.i18n import Translator
from tests.test_catalogues import load

LANGS = ("en", "fr")


def texts(lang: str, domain: str) -> dict[str, str]:
    """Every message of a catalogue, its plural forms joined."""
    out = {}
    for message in load(lang, domain):
        if message.id:
            key = message.id[0] if isinstance(message.id, tuple) else message.id
            value = message.string
            out[key] = " ".join(value) if isinstance(value, tuple) else value
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_a_vote_is_offered_in_the_words_that_confirm_it(lang: str) -> None:
    """PNUE's menu offered "Approved" and confirmed "Your vote: yes."."""
    tr = Translator(lang)
    for side in ("yes", "no"):
        label = tr.render(Msg(f"pnue.action.vote_{side}"))
        assert label.lower() in tr.render(Msg(f"pnue.vote.mine_{side}")).lower()


@pytest.mark.parametrize("lang", LANGS)
def test_a_silent_claim_does_not_sound_like_chat(lang: str) -> None:
    """"Ana says nothing." (a claim) sounded like chat, "Ana says: test"."""
    tr = Translator(lang, names=lambda seat: "Ana")
    def verb(text: str) -> str:  # ("Ana ne déclare rien.": the verb after the negation)
        words = text.split()
        return words[2 if words[1] == "ne" else 1].strip(":")

    chat = verb(tr.render(Msg("online.chat.table", name="Ana", text="x")))
    claim = verb(tr.render(Msg("pnue.claim.says_role", seat=PlayerRef(0), claim="x")))
    silent = verb(tr.render(Msg("pnue.claim.silent", seat=PlayerRef(0))))
    assert silent != chat and silent == claim, silent


@pytest.mark.parametrize("lang", LANGS)
def test_cards_in_hand_are_not_said_like_a_place_on_the_scale(lang: str) -> None:
    """Utopia: "Chinese: 5" (cards to discard) beside "Chinese to 5" (the scale)."""
    tr = Translator(lang)
    civ = Msg("utopia.civ_card.chinese")
    card = tr.render(Msg("utopia.label.discard", civ=civ, count=5))
    assert {"en": "cards", "fr": "cartes"}[lang] in card.split(), card


@pytest.mark.parametrize("lang", LANGS)
def test_tiles_drawn_say_tiles(lang: str) -> None:
    """PNUE: "lobbyist: 2." sounded like 2 lobbyists (players)."""
    tr = Translator(lang)
    for where in ("draw", "hand"):
        line = tr.render(Msg(f"pnue.{where}.tiles", tile=Msg("pnue.tile.lob"), count=2))
        assert {"en": "tiles", "fr": "tuiles"}[lang] in line.strip(".").split(), line


@pytest.mark.parametrize(("lang", "domain", "words", "other"), [
    ("en", "pnue", ("tile",), "resolution"),
    ("fr", "pnue", ("tuile",), "résolution"),
    ("fr", "vertigo", ("universitaire",), "étudiant"),
    ("fr", "vertigo", ("marqueur forcé", "forcés"), "pion imposé"),
])
def test_one_word_per_thing(lang: str, domain: str, words: tuple[str, ...], other: str) -> None:
    """In French the same pawn was "Universitaire" in a menu and "étudiants" in the summary;
    tiles became "résolutions" at the end; a forced marker was a "pion imposé"."""
    said = texts(lang, domain)
    assert not [k for k, text in said.items() if other in text.lower()]
    assert any(w in text.lower() for text in said.values() for w in words)
