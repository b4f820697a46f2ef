"""Settings that stay between runs: saved, changed, found again; corrupt files never crash."""

from __future__ import annotations

import io
import json

import pytest

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.ui.client import Client
from a11y_games.ui.settings import Preferences, load_preferences, save_preferences
from a11y_games.ui.terminal import PlainReader, Writer
from tests.toygame import SPEC

pytestmark = pytest.mark.timeout(30)


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def test_saved_preferences_are_found_again(tmp_path) -> None:
    prefs = Preferences().with_value("verbosity", "brief").with_value("braille_width", "20")
    assert save_preferences(prefs) is None
    again, problem = load_preferences()
    assert problem is None and again == prefs


@pytest.mark.parametrize("content", ["{oops", "[]", '"loud"'])
def test_corrupt_settings_give_defaults_and_a_message(tmp_path, content) -> None:
    path = tmp_path / "config" / "a11y_games" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(content)
    prefs, problem = load_preferences()
    assert prefs == Preferences()
    assert problem is not None and problem.id == "core.settings.corrupt"


def test_set_command_changes_and_remembers(tmp_path) -> None:
    match = Match(SPEC, SPEC.settings(2, 1), [SeatSpec("human", "Ana"),
                                             SeatSpec("bot", level="random")])
    out = io.StringIO()
    script = "set verbosity loud\nset braille_width 20\nset verbosity brief\nlang fr\nset\n"
    client = Client(match, reader=PlainReader(io.StringIO(script)), writer=Writer(out),
                    prefs=Preferences())
    client.run()
    lines = out.getvalue().splitlines()
    assert "verbosity cannot be loud. Possible: brief, normal, full." in lines
    assert "braille_width is now 20. Remembered for next time." in lines
    saved = json.loads((tmp_path / "config" / "a11y_games" / "settings.json").read_text())
    assert saved["verbosity"] == "brief" and saved["braille_width"] == 20
    assert saved["lang"] == "fr"
    assert client.braille.width == 20


def test_a_braille_table_that_does_not_load_is_refused_not_remembered(tmp_path) -> None:
    match = Match(SPEC, SPEC.settings(2, 1), [SeatSpec("human", "Ana"),
                                             SeatSpec("bot", level="random")])
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO("set braille_table nope.ctb\n"
                                                          "set braille_table en-ueb-g2.ctb\n")),
                    writer=Writer(out), prefs=Preferences())
    client.run()
    lines = out.getvalue().splitlines()
    assert any("nope.ctb" in line and "en-ueb-g1.ctb" in line for line in lines)
    saved = json.loads((tmp_path / "config" / "a11y_games" / "settings.json").read_text())
    assert saved["braille_table"] == "en-ueb-g2.ctb"


def test_set_shows_the_values_in_force_and_takes_french_words(tmp_path) -> None:
    match = Match(SPEC, SPEC.settings(2, 1), [SeatSpec("human", "Ana"),
                                             SeatSpec("bot", level="random")])
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO("regler\nregler verbosity bref\n")),
                    writer=Writer(out), prefs=Preferences(lang="en"), lang="fr")
    client.run()
    lines = out.getvalue().splitlines()
    assert "langue : fr. Possible : en, fr." in lines  # the language in force, not the stored one
    assert "table_braille : fr-bfu-comp6.utb. Possible : une table liblouis." in lines
    assert "Verbosité : bref." in lines


def _run_set(script: str, lang: str) -> tuple[list[str], Client]:
    match = Match(SPEC, SPEC.settings(2, 1), [SeatSpec("human", "Ana"),
                                             SeatSpec("bot", level="random")])
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO(script)), writer=Writer(out),
                    lang=lang, prefs=Preferences())
    client.run()
    return out.getvalue().splitlines(), client


def test_set_lists_the_settings_in_french_and_takes_french_names(tmp_path) -> None:
    lines, client = _run_set("regler\nregler largeur_braille 20\nregler niveau-bots hasard\n"
                             "regler verbosité bref\n", "fr")
    assert "verbosite : normal. Possible : bref, normal, complet." in lines
    assert "largeur_braille : 40. Possible : de 12 à 84." in lines
    assert "niveau_bots : normal. Possible : hasard, normal, fort." in lines
    assert "braille_abrege : arret. Possible : arret, marche." in lines
    assert not any(line.startswith(("verbosity", "braille_width")) for line in lines)
    assert "largeur_braille vaut maintenant 20. Gardé pour la prochaine fois." in lines
    assert "niveau_bots vaut maintenant hasard. Gardé pour la prochaine fois." in lines
    saved = json.loads((tmp_path / "config" / "a11y_games" / "settings.json").read_text())
    assert saved["braille_width"] == 20 and saved["level"] == "random"
    assert saved["verbosity"] == "brief" and client.braille.width == 20


def test_english_setting_names_work_in_french_and_unknown_ones_list_french_names() -> None:
    lines, client = _run_set("regler braille_width 30\nregler vitesse 3\n"
                             "regler verbosite fort\n", "fr")
    assert client.braille.width == 30
    assert ("Réglage inconnu : vitesse. Réglages : langue, parole, verbosite, table_braille, "
            "largeur_braille, braille_abrege, niveau_bots, reflexion, son, volume, nom, "
            "effacer_ecran, choix_unique."
            ) in lines
    assert "verbosite ne peut pas valoir fort. Possible : bref, normal, complet." in lines


def test_french_setting_names_also_work_in_english() -> None:
    lines, client = _run_set("set largeur_braille 24\nset\n", "en")
    assert client.braille.width == 24
    assert "braille_width is now 24. Remembered for next time." in lines
    assert "braille_width: 24. Possible: 12 to 84." in lines


@pytest.mark.parametrize("value", ["false", "no", 0, 1, None, [], {}])
def test_a_walkthrough_mark_that_is_not_true_or_false_is_dropped_and_said(tmp_path,
                                                                           value) -> None:
    """``"seen_walkthrough": "false"`` (a string) counted as true: the first run's five
    things were never said. Any value not a JSON boolean is dropped and said; the rest kept."""
    path = tmp_path / "config" / "a11y_games" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"verbosity": "brief", "seen_walkthrough": value}))
    prefs, problem = load_preferences()
    assert prefs == Preferences(verbosity="brief")
    assert problem is not None and problem.id == "core.settings.bad_value"
    assert problem.params["name"] == "seen_walkthrough"


def test_a_walkthrough_mark_of_true_is_kept(tmp_path) -> None:
    path = tmp_path / "config" / "a11y_games" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"seen_walkthrough": True}))
    assert load_preferences() == (Preferences(seen_walkthrough=True), None)


def test_the_strong_level_can_be_kept_as_a_setting_in_either_language(tmp_path) -> None:
    """``set level strong`` (``regler niveau_bots fort``) is kept for the next games."""
    from a11y_games.ui.settings import Preferences, load_preferences, save_preferences

    path = tmp_path / "settings.json"
    assert save_preferences(Preferences().with_value("level", "strong"), path) is None
    assert load_preferences(path)[0].level == "strong"
