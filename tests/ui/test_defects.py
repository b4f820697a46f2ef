"""Issue 16: crashes and robustness found playing end to end and by fuzzing the client."""

from __future__ import annotations

import io
import itertools
import json
import sys

import pytest

from a11y_games.engine import Msg
from a11y_games.engine.match import Match, SeatSpec
from a11y_games.i18n import Translator
from a11y_games.ui.client import Client
from a11y_games.ui.terminal import PlainReader, Writer
from tests.toygame import SPEC

pytestmark = pytest.mark.timeout(60)

OSC_TITLE = "\x1b]0;pwned\x07"
OSC_CLIPBOARD = "\x1b]52;c;cm0gLXJmIH4K\x1b\\"
HOSTILE = ["\x1b[2J", OSC_TITLE, OSC_CLIPBOARD, "\x9b31m", "\u202e", "\u2066", "\u200f",
           "\n", "\r", "\x7f", "\u2028"]
"""Escape sequences, C1 controls, bidi overrides and isolates, line breaks."""


def _unsafe(text: str) -> bool:
    """A character that a terminal or a screen reader would act on instead of showing."""
    import unicodedata

    return any(unicodedata.category(c) in ("Cc", "Zl", "Zp")
               or "\u202a" <= c <= "\u202e" or "\u2066" <= c <= "\u2069"
               or c in "\u200e\u200f\u061c" for c in text)


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("SPEECHD_CMD", "/bin/false")


def _toy_match() -> Match:
    return Match(SPEC, SPEC.settings(2, 5), [SeatSpec("human", "Ana"),
                                             SeatSpec("bot", level="random")])


def _play(script: str, lang: str = "en", match: Match | None = None,
          specs: dict | None = None) -> list[str]:
    out = io.StringIO()
    client = Client(match or _toy_match(), reader=PlainReader(io.StringIO(script)),
                    writer=Writer(out), lang=lang, specs=specs)
    assert client.run() == 0
    return out.getvalue().splitlines()


def _main(monkeypatch, capsys, argv: list[str], script: str = "") -> tuple[int, str]:
    from a11y_games.cli import main

    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    status = main(argv)
    return status, capsys.readouterr().out


# --- terminal escapes -------------------------------------------------------------------------
@pytest.mark.parametrize("bad", HOSTILE)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_rendered_parameter_never_carries_a_control_or_bidi_character(bad: str,
                                                                        lang: str) -> None:
    said = Translator(lang).render(Msg("core.save.unknown_game", game=f"chess{bad}x"))
    assert not _unsafe(said)
    assert "chess" in said


def test_a_bidi_override_in_a_players_name_is_no_part_of_it() -> None:
    """U+202E in a name turns the rest of the line around on the screen."""
    assert SeatSpec("human", "Ana\u202eoB").name == "Ana oB"
    assert SeatSpec("human", "\u2067Ana\u2069").name == "Ana"


def _hostile_save(tmp_path) -> str:
    data = _toy_match().to_json()
    data["settings"]["game"] = f"chess{OSC_TITLE}"
    saves = tmp_path / "data" / "a11y_games" / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    (saves / "gift.json").write_text(json.dumps(data))
    return str(saves / "gift.json")


def test_a_saves_unknown_game_name_reaches_the_screen_without_its_escapes(tmp_path) -> None:
    _hostile_save(tmp_path)
    lines = _play("load gift\n")
    said = next(line for line in lines if line.startswith("This save is for an unknown game"))
    assert not any(_unsafe(line) for line in lines)
    assert "chess" in said


def test_load_on_the_command_line_shows_no_escape_of_the_save(monkeypatch, capsys,
                                                             tmp_path) -> None:
    path = _hostile_save(tmp_path)
    status, out = _main(monkeypatch, capsys, ["--load", path, "--speech", "off"])
    assert status == 2
    assert "This save is for an unknown game: chess" in out
    assert not _unsafe(out.replace("\n", ""))


def test_saves_lists_a_hostile_file_name_without_its_escapes(tmp_path) -> None:
    saves = tmp_path / "data" / "a11y_games" / "saves"
    saves.mkdir(parents=True)
    (saves / f"a{OSC_CLIPBOARD}b.json").write_text("{}")
    lines = _play("saves\n")
    assert "1 saved game:" in lines
    assert not any(_unsafe(line) for line in lines)


def test_a_settings_value_with_escapes_is_said_without_them(monkeypatch, capsys,
                                                            tmp_path) -> None:
    config = tmp_path / "config" / "a11y_games"
    config.mkdir(parents=True)
    (config / "settings.json").write_text(json.dumps({"verbosity": f"loud{OSC_TITLE}",
                                                      "seen_walkthrough": True}))
    status, out = _main(monkeypatch, capsys, ["toy-none"])
    assert status == 2
    assert "verbosity cannot be loud" in out
    assert not _unsafe(out.replace("\n", ""))


def test_command_line_words_are_echoed_without_their_escapes(monkeypatch, capsys) -> None:
    status, out = _main(monkeypatch, capsys, [f"chess{OSC_TITLE}", "--speech", "off"])
    assert status == 2
    assert not _unsafe(out.replace("\n", ""))
    status, out = _main(monkeypatch, capsys, ["pnue", f"--colour{OSC_CLIPBOARD}"])
    assert status == 2
    assert not _unsafe(out.replace("\n", ""))


# --- every OSError said, in the player's language -------------------------------------------
LONG_NAME = "x" * 300


def test_saving_under_an_overlong_name_is_said_in_french_never_a_traceback(tmp_path) -> None:
    """``OSError: [Errno 36] File name too long`` from ``target.is_file()`` ended the game."""
    from a11y_games.engine.match import SaveError

    with pytest.raises(SaveError) as refused:
        _toy_match().save(tmp_path / f"{LONG_NAME}.json")
    said = Translator("fr").render(refused.value.msg)
    assert said.endswith("le nom est trop long.")


def test_loading_an_overlong_name_is_said_in_french(tmp_path) -> None:
    from a11y_games.engine.match import SaveError

    with pytest.raises(SaveError) as refused:
        Match.load(tmp_path / f"{LONG_NAME}.json", {"toy": SPEC})
    assert Translator("fr").render(refused.value.msg).endswith("le nom est trop long.")


def test_a_settings_file_that_cannot_be_read_says_why_in_french(tmp_path) -> None:
    from a11y_games.ui.settings import Preferences, load_preferences

    folder = tmp_path / "settings.json"
    folder.mkdir()
    prefs, problem = load_preferences(folder)
    assert prefs == Preferences() and problem is not None
    assert Translator("fr").render(problem).endswith("c'est un dossier. Les réglages par "
                                                     "défaut sont utilisés.")


def test_an_overlong_events_file_name_is_said_in_french(monkeypatch, capsys, tmp_path) -> None:
    status, out = _main(monkeypatch, capsys, ["pnue", "--lang", "fr", "--speech", "off",
                                              "--events", str(tmp_path / LONG_NAME)])
    assert status == 2
    assert out.splitlines()[-1].endswith(": le nom est trop long.")


@pytest.mark.parametrize(("path", "said"), [
    (f"{LONG_NAME}.json", "A save name is 1 to 50 letters, digits, - or _."),
    ("my save", "A save name is 1 to 50 letters, digits, - or _."),
    (f"/tmp/{LONG_NAME}.json", ": the name is too long."),
])
def test_load_on_the_command_line_of_an_overlong_name_is_said(monkeypatch, capsys,
                                                              path: str, said: str) -> None:
    status, out = _main(monkeypatch, capsys, ["--load", path, "--speech", "off"])
    assert status == 2
    assert out.splitlines()[-1].endswith(said)


@pytest.mark.parametrize("name", [LONG_NAME, "x" * 51, "my save", "../up", "a/b", "é\u202e"])
def test_a_save_name_is_checked_before_any_file_is_touched(name: str) -> None:
    from a11y_games.ui.paths import save_name_problem

    problem = save_name_problem(name)
    assert problem is not None
    assert Translator("en").render(problem) == (
        "A save name is 1 to 50 letters, digits, - or _.")


@pytest.mark.parametrize("name", ["last", "x" * 50, "Partie_de-Zoé", "2", "mine.json"])
def test_a_good_save_name_passes(name: str) -> None:
    from a11y_games.ui.paths import save_name_problem

    assert save_name_problem(name) is None


# --- --load of what is not a save file ------------------------------------------------------
@pytest.mark.timeout(10)
def test_load_of_dev_zero_is_refused_at_once(monkeypatch, capsys) -> None:
    """``--load /dev/zero`` grew memory until the system stopped it."""
    status, out = _main(monkeypatch, capsys, ["--load", "/dev/zero", "--speech", "off"])
    assert status == 2
    assert out.splitlines()[-1] == "/dev/zero is not a save file: it is not a regular file."


@pytest.mark.timeout(10)
def test_load_of_a_fifo_is_refused_without_waiting(tmp_path) -> None:
    """``--load`` of a named pipe waited for a writer for ever."""
    import os

    from a11y_games.engine.match import SaveError

    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(SaveError) as refused:
        Match.load(fifo, {"toy": SPEC})
    assert Translator("fr").render(refused.value.msg) == (
        f"{fifo} n'est pas une sauvegarde : ce n'est pas un fichier ordinaire.")


def test_a_save_file_too_big_to_be_one_is_refused_unread(tmp_path) -> None:
    from a11y_games.engine.match import MAX_SAVE_BYTES, SaveError

    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:
        handle.truncate(MAX_SAVE_BYTES + 1)  # sparse: no disk used
    with pytest.raises(SaveError) as refused:
        Match.load(huge, {"toy": SPEC})
    assert Translator("en").render(refused.value.msg) == (
        f"{huge} is not a save file: it is bigger than 4 MB.")
    fine = tmp_path / "fine.json"
    _toy_match().save(fine)
    assert Match.load(fine, {"toy": SPEC}).log == []


# --- a kill during a save, a power cut after it ---------------------------------------------
def test_old_temporary_files_of_a_killed_save_are_removed_on_start(monkeypatch, capsys,
                                                                   tmp_path) -> None:
    """``kill -9`` during a save left ``.NAME.json.XXXX.tmp`` files for ever."""
    import os
    import time

    saves = tmp_path / "data" / "a11y_games" / "saves"
    config = tmp_path / "config" / "a11y_games"
    saves.mkdir(parents=True)
    config.mkdir(parents=True)
    old = [saves / ".autosave.json.k3j4h5g6.tmp", saves / ".last.json.abcdefgh.tmp",
           config / ".settings.zyxwvuts.tmp"]
    fresh = saves / ".autosave.json.n0w5av1n.tmp"  # another client saving right now
    kept = [fresh, saves / "mine.json", saves / "notes.tmp"]
    long_ago = time.time() - 3600
    for path in old + kept:
        path.write_text("{")
        if path is not fresh:
            os.utime(path, (long_ago, long_ago))
    _main(monkeypatch, capsys, ["pnue", "--speech", "off"])
    assert [p for p in old if p.exists()] == []
    assert all(p.exists() for p in kept)


def test_the_saves_folder_is_synced_after_the_rename(monkeypatch, tmp_path) -> None:
    """Without it a power cut just after a save can lose the file's new name."""
    import os
    import stat

    synced: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        synced.append("folder" if stat.S_ISDIR(os.fstat(fd).st_mode) else "file")
        real_fsync(fd)

    def replace(src: object, dst: object) -> None:
        synced.append("rename")
        real_replace(src, dst)

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    _toy_match().save(tmp_path / "last.json")
    assert synced == ["file", "rename", "folder"]
    synced.clear()
    from a11y_games.ui.settings import Preferences, save_preferences

    assert save_preferences(Preferences(), tmp_path / "settings.json") is None
    assert synced == ["file", "rename", "folder"]


# --- BRF: paragraphs reflowed to the page ---------------------------------------------------
def _brf_lines(path) -> list[str]:
    text = path.read_bytes().decode("ascii")
    return [line for page in text.split("\f") for line in page.split("\r\n")[:-2]]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_embossed_rules_leave_no_orphan_word_where_the_line_before_had_room(
        monkeypatch, capsys, tmp_path, lang: str) -> None:
    """The Markdown's hard line breaks put orphan words on their own lines, wasting paper:
    no line may begin with a word that would have fitted on the line above, unless a new
    paragraph, list item or section starts there."""
    from a11y_games.output.braille import TABLES
    from a11y_games.output.brf import BrfBraille
    from a11y_games.ui.rulesdoc import read_sections

    out = tmp_path / "rules.brf"
    assert _main(monkeypatch, capsys, ["braille", "pnue", "--lang", lang, "--out",
                                       str(out)])[0] == 0
    brf = BrfBraille(TABLES[lang])
    starts = {brf.ascii(text).split(" ")[0] for section in read_sections("pnue", lang) or []
              for text in (section.title, *section.paragraphs)}
    lines = _brf_lines(out)
    orphans = [(above, line) for above, line in itertools.pairwise(lines)
               if above and line and len(above) + 1 + len(line.split(" ")[0]) <= 40
               and line.split(" ")[0] not in starts]
    assert orphans == []


def test_list_items_and_numbered_steps_stay_apart_in_paragraphs() -> None:
    from a11y_games.ui.rulesdoc import read_sections

    roles = next(s for s in read_sections("pnue", "en") or [] if s.title == "Roles")
    assert "5 players: 1, 1, 3." in roles.paragraphs
    assert "6 players: 1, 2, 3." in roles.paragraphs
    assert any(p.startswith("Each player secretly receives") and p.endswith(
        "nobody knows who Mr Dollar is.") for p in roles.paragraphs)


# --- what to do when a card's save is another game ------------------------------------------
@pytest.mark.parametrize(("lang", "said"), [
    ("en", ["That save is a game of Vanuatu.",
            "For that game: a11y-games braille vanuatu --what card.",
            "For PNUE — Mr Dollar, name one of its saves: --load NAME."]),
    ("fr", ["Cette sauvegarde est une partie de Vanuatu.",
            "Pour cette partie : a11y-games braille vanuatu --what card.",
            "Pour PNUE — Mr Dollar, nommez une de ses sauvegardes : --load NOM."]),
])
def test_a_card_from_another_games_autosave_says_what_to_do(monkeypatch, capsys, lang: str,
                                                            said: list[str]) -> None:
    from a11y_games.games import get_spec
    from a11y_games.ui.paths import save_path

    spec = get_spec("vanuatu")
    Match(spec, spec.settings(3, 1), [SeatSpec("human", "Zoe"), SeatSpec("bot"),
                                      SeatSpec("bot", name_index=1)]).save(
        save_path("autosave"))
    status, out = _main(monkeypatch, capsys, ["braille", "pnue", "--what", "card",
                                              "--lang", lang])
    assert status == 2
    assert out.splitlines()[-3:] == said


# --- the client -----------------------------------------------------------------------------
@pytest.mark.parametrize("command", [f"save {LONG_NAME}", f"load {LONG_NAME}", "save my game",
                                     "load ../../etc/passwd"])
def test_a_bad_save_name_in_the_game_is_said_and_the_game_goes_on(command: str) -> None:
    """In a fuzz of 6,000 lines, 45 of 84 clients ended with a traceback at a long name."""
    lines = _play(f"{command}\n1\n", lang="fr")
    assert "Un nom de sauvegarde a de 1 à 50 lettres, chiffres, - ou _." in lines
    assert lines[-1] == "Au revoir." and any(line.startswith("Partie sauvegardée") for line in
                                              lines)


@pytest.mark.parametrize(("lang", "script", "said"), [
    ("en", "quit\nmaybe\nno\n", ["Leave the game?", "Type yes to leave, no to go on.",
                                 "Please type yes or no.", "Type yes to leave, no to go on.",
                                 "The game goes on."]),
    ("fr", "1\nquitter\noui\npeut-etre\nnon\n",
     ["Quitter la partie ?", "Tapez oui pour partir, non pour continuer.",
      "Sauvegarder la partie d'abord ? oui ou non.", "Tapez oui ou non, s'il vous plaît.",
      "Sauvegarder la partie d'abord ? oui ou non.", "Au revoir."]),
])
def test_a_script_sees_the_yes_no_questions_it_must_answer(lang: str, script: str,
                                                          said: list[str]) -> None:
    """A pipe does not show the read prompt: the questions were never seen by a script."""
    lines = _play(script, lang=lang)
    start = lines.index(said[0])
    assert lines[start:start + len(said)] == said


def _log_after(lines: list[str], header: str) -> list[str]:
    start = max(i for i, line in enumerate(lines) if line.startswith(header))
    return lines[start + 1:]


def test_after_undo_the_log_drops_the_decision_taken_back_and_says_the_undo() -> None:
    """``log`` still showed the undone decision, and nothing said an undo happened."""
    match = _toy_match()
    lines = _play("2\nundo\nlog\n", match=match)
    assert "Your last decision is taken back." in lines
    log = _log_after(lines, "Messages 1 to")
    assert log[:2] == ["toy.card", "You took back a decision."]  # Ana's own undo
    assert match.log == []


def test_after_undo_and_a_new_decision_the_log_tells_the_story_in_order() -> None:
    lines = _play("3\nundo\n1\nlog\n", lang="fr")
    assert _log_after(lines, "Messages 1 à")[:4] == [
        "toy.card", "Vous avez repris une décision.", "toy.took", "toy.took"]


def test_saves_says_the_game_of_each_save(tmp_path) -> None:
    from a11y_games.games import all_specs
    from a11y_games.ui.paths import save_path

    spec = all_specs()["utopia"]
    Match(spec, spec.settings(3, 2), [SeatSpec("human", "Zoe"), SeatSpec("bot"),
                                      SeatSpec("bot", name_index=1)]).save(save_path("island"))
    save_path("broken").write_text("{")
    lines = _play("saves\n", lang="fr", specs={**all_specs(), "toy": SPEC})
    header = lines.index("2 parties sauvegardées :")
    assert lines[header + 1].startswith("broken, sauvegarde abîmée, ")
    assert lines[header + 2].startswith("island, Utopie, ")


@pytest.mark.parametrize(("out", "said"), [
    ("/dev/null/rules.brf", "Impossible d'écrire le fichier braille /dev/null/rules.brf : "
                            "une partie du chemin n'est pas un dossier."),
    (f"/tmp/{LONG_NAME}.brf", "le nom est trop long."),
])
def test_a_braille_file_that_cannot_be_written_says_why_in_french(monkeypatch, capsys,
                                                                  out: str, said: str) -> None:
    status, text = _main(monkeypatch, capsys, ["braille", "pnue", "--lang", "fr", "--out", out])
    assert status == 2
    assert text.splitlines()[-1].endswith(said)
