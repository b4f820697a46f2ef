"""Issue 27: a game's words explained, on demand (``explain WORD``, ``expliquer MOT``) and
once a game, in a few words, right after the line where the player first hears one."""

from __future__ import annotations

import io

import pytest

from a11y_games.engine import Msg, Verbosity
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games import all_specs, get_spec
from a11y_games.i18n import Translator
from a11y_games.ui.client import Client
from a11y_games.ui.terminal import PlainReader, Writer

pytestmark = pytest.mark.timeout(60)

SUN = "Sun: a die face that places no marker."
BASES = "Bases: your 8 places for monuments and wonders; each one built takes a base."


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def play(game: str, script: str, *, lang: str = "en", players: int = 2,
         verbosity: Verbosity = Verbosity.NORMAL) -> list[str]:
    spec = get_spec(game)
    match = Match(spec, spec.settings(players, 4),
                  [SeatSpec("human", "Ana")] + [SeatSpec("bot", level="normal", name_index=i)
                                                for i in range(1, players)])
    out = io.StringIO()
    Client(match, reader=PlainReader(io.StringIO(script)), writer=Writer(out), lang=lang,
           verbosity=verbosity).run()
    return out.getvalue().splitlines()


TO_POLLUTION = "1\n" * 6 + "00\n" * 3
"""Vertigo, 2 players: Ana buys 5 people, is done, manages nothing: the dice roll."""


def test_explain_a_word_in_either_language_and_list_them() -> None:
    lines = play("vertigo", "explain forced\nexpliquer témoin\nexplain\nexplain zebra\n")
    assert ("Forced marker: one in each of your regions when the planet rises; "
            "no witness.") in lines
    assert ("Witness: each marker a die places adds one; enough of them raise the "
            "planet.") in lines  # the French word, the player's language
    assert ("8 words explained: forced marker, witness, sun, cloud, cloud and arrow, "
            "planetary pollution, vault, diplomat.") in lines
    assert "No word zebra in this game's glossary." in lines


def test_en_francais_expliquer_un_mot() -> None:
    lines = play("vertigo", "expliquer nuage et flèche\nexplain sun\n", lang="fr")
    assert "Nuage et flèche : un marqueur chez un autre pays, où le lanceur choisit." in lines
    assert "Soleil : une face du dé qui ne pose aucun marqueur." in lines


def test_a_word_is_explained_once_right_after_the_line_it_is_first_heard_in() -> None:
    """"sun" and "cloud and arrow" were never explained where heard."""
    lines = play("vertigo", TO_POLLUTION)
    assert lines.count(SUN) == 1
    where = lines.index(SUN)
    assert " sun" in lines[where - 1], lines[where - 1]  # "Smog rolls sun: no marker."
    assert not any(" sun" in line for line in lines[:where - 1])


def test_a_summary_line_explains_its_word_once() -> None:
    """Utopia's "Bases left: 8" said what was left of something never explained."""
    lines = play("utopia", "status\nstatus\n")
    assert lines.count("Bases left: 8") == 2
    assert lines.count(BASES) == 1
    assert lines[lines.index(BASES) - 1].startswith(("Bases left", "Privileges left"))


def test_brief_verbosity_hears_no_explanation_unasked() -> None:
    lines = play("vertigo", TO_POLLUTION + "explain sun\n", verbosity=Verbosity.BRIEF)
    assert lines.count(SUN) == 1 and lines[-3] == SUN  # asked for, before goodbye


def test_help_lists_explain_in_both_languages() -> None:
    assert "explain: what a word of the game means." in play("vertigo", "help\n")
    assert "expliquer : le sens d'un mot du jeu." in play("vertigo", "aide\n", lang="fr")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_term_is_said_and_explained_in_one_sentence(lang: str) -> None:
    """Each explanation starts with its word and is one sentence."""
    tr = Translator(lang)
    checked = 0
    for name, spec in all_specs().items():
        for term in spec.terms:
            word = tr.render(Msg(f"{name}.term.{term}"))
            means = tr.render(Msg(f"{name}.term.{term}.means"))
            assert means.lower().startswith(word.lower()) and means.endswith("."), means
            checked += 1
    assert checked >= 10


def test_pnue_and_vanuatu_words_too() -> None:
    """Each game has its glossary; a word said right before a timed race (a crisis) is
    explained only when asked."""
    lines = play("pnue", "explain accreditation\nexplain crisis\n", players=5)
    assert ("Accreditation: a player who loses it is out; if Mr Dollar, the ecologists "
            "win.") in lines
    assert any(line.startswith("Crisis: unless an ecological tile") for line in lines)
    assert not get_spec("pnue").terms["crisis"]
    lines = play("vanuatu", "status\n", players=3)
    assert "PP: prosperity points; the most after 8 rounds wins." in lines


def test_at_one_keyboard_each_player_hears_a_word_explained_once(monkeypatch, tmp_path,
                                                                  capsys) -> None:
    """Once a game per player: Ana and Bo share the keyboard; each hears "No consensus"
    explained the first time they read it, and only then."""
    import sys

    from a11y_games.cli import main

    monkeypatch.setenv("SPEECHD_CMD", "/bin/false")
    # Ana: Enter, status, nominates, votes; Bo: Enter, status, status, votes
    monkeypatch.setattr(sys, "stdin", io.StringIO("\nstatus\n1\n1\n\nstatus\nstatus\n2\n"))
    assert main(["pnue", "--players", "5", "--humans", "2", "--names", "Ana,Bo",
                 "--seed", "3", "--speech", "off", "--sound", "off"]) == 0
    lines = capsys.readouterr().out.splitlines()
    means = ("No consensus: a card for each rejected vote; at 3 in a row, the top tile is "
             "enacted.")
    bo = max(i for i, line in enumerate(lines) if line == "Bo, press Enter when ready.")
    assert lines[:bo].count(means) == 1 and lines[bo:].count(means) == 1
    assert lines[lines.index(means) - 1] == "No consensus: 0 of 3."
