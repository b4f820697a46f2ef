"""Bad input never hurts: odd digits, damaged saves, wrong command-line values."""

from __future__ import annotations

import io

import pytest

from a11y_games.engine.match import Match, SaveError, SeatSpec
from a11y_games.ui.client import Client
from a11y_games.ui.terminal import PlainReader, Writer
from tests.toygame import SPEC

pytestmark = pytest.mark.timeout(60)


@pytest.fixture(autouse=True)
def _private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))


def _toy_match() -> Match:
    return Match(SPEC, SPEC.settings(2, 5), [SeatSpec("human", "Ana"),
                                             SeatSpec("bot", level="random")])


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,  # nested too deep for the JSON reader
    '{"format": 1, "settings": {"game": "toy", "players": 2, "seed": Infinity}, '
    '"seats": [], "log": []}',
    '{"format": 1, "settings": {"game": "toy", "players": -Infinity, "seed": 1}, '
    '"seats": [], "log": []}',
])
def test_a_damaged_save_is_refused_with_a_message_never_a_traceback(tmp_path, text) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(SaveError) as refused:
        Match.load(path, {"toy": SPEC})
    assert refused.value.msg.id == "core.save.corrupt"


def test_a_save_with_an_infinite_log_seat_is_refused(tmp_path) -> None:
    data = _toy_match().to_json()
    data["log"] = [[float("inf"), "take:1"]]
    with pytest.raises(SaveError):
        Match.from_json(data, {"toy": SPEC})


def _play(script: str, lang: str = "en", *, only_choice: bool = True,
          ) -> tuple[list[str], Match]:
    match = _toy_match()
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO(script)), writer=Writer(out),
                    lang=lang)
    client.only_choice = only_choice
    assert client.run() == 0
    return out.getvalue().splitlines(), match


LONG = "9" * 5000  # Python refuses to read more than 4,300 digits as a number


@pytest.mark.parametrize("line", ["²", "³", LONG, "-" + LONG])
def test_odd_digits_at_the_prompt_say_the_range_and_play_nothing(line: str) -> None:
    """A French keyboard has a ² key: ``"²".isdigit()`` is true, ``int("²")`` fails."""
    lines, match = _play(f"{line}\n")
    assert any(line.startswith("No choice ") and line.endswith(
        ": 3 choices, type choices to hear them.") for line in lines)
    assert match.log == [] and lines[-1] == "Goodbye."


@pytest.mark.parametrize("line", ["log ²", f"log {LONG}", "log round ²", f"log round {LONG}"])
def test_odd_digits_after_log_show_its_usage(line: str) -> None:
    lines, _ = _play(f"1\n{line}\n")
    assert lines[-3].startswith("Type log, log 20, log next")  # then the quiet save, goodbye


@pytest.mark.parametrize("line", ["repeat ²", f"repeat {LONG}"])
def test_odd_digits_after_repeat_show_its_usage(line: str) -> None:
    lines, _ = _play(f"{line}\n", lang="fr")
    assert lines[-2] == "Tapez répéter, ou répéter et un nombre, par exemple répéter 2."


@pytest.mark.parametrize("word", ["²", LONG])
def test_odd_digits_after_set_braille_width_say_the_range(word: str) -> None:
    lines, _ = _play(f"set braille_width {word}\n")
    assert f"Braille width must be a number from 12 to 84, not {word}." in lines


def test_odd_digits_after_rules_say_no_such_section() -> None:
    from a11y_games.ui.rulesdoc import Section, find_section

    sections = [Section("One", ("a",)), Section("Two", ("b",))]
    assert find_section(sections, "²") is None
    assert find_section(sections, LONG) is None
    assert find_section(sections, "2") == sections[1]


def test_odd_digits_in_the_launcher_ask_again(monkeypatch, capsys) -> None:
    import sys

    from a11y_games.cli import main

    monkeypatch.setenv("SPEECHD_CMD", "/bin/false")
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"²\n{LONG}\n\n\n\n"))
    assert main(["--speech", "off", "--seed", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    said = "Type a number from 1 to 5, Enter, or quit to leave."  # 4 games, online
    assert lines.count(said) == 2


@pytest.mark.parametrize(("game", "line"), [
    ("pnue", "record ²"), ("pnue", f"record {LONG}"),
    ("vertigo", "board ²"), ("vertigo", f"board {LONG} centre"),
])
def test_odd_digits_in_a_game_query_never_crash(game: str, line: str) -> None:
    from a11y_games.games import get_spec

    spec = get_spec(game)
    seats = [SeatSpec("human", "Ana")] + [SeatSpec("bot", level="random", name_index=i)
                                          for i in range(1, spec.min_players + 2)]
    match = Match(spec, spec.settings(len(seats), 3), seats)
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO(f"{line}\n")), writer=Writer(out))
    assert client.run() == 0
    assert out.getvalue().splitlines()[-1] == "Goodbye."


def _main(monkeypatch, capsys, argv: list[str], script: str = "") -> tuple[int, list[str]]:
    import sys

    from a11y_games.cli import main

    monkeypatch.setenv("SPEECHD_CMD", "/bin/false")
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    extra = [] if argv[0] == "simulate" else ["--speech", "off"]
    status = main([*argv, *extra, "--seed", "1"])
    return status, capsys.readouterr().out.splitlines()


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Cannot write the events file {path}: "),
    ("fr", "Impossible d'écrire le fichier d'événements {path} : "),
])
def test_an_events_file_that_cannot_be_written_is_said(monkeypatch, capsys, tmp_path,
                                                       lang: str, said: str) -> None:
    for path in (tmp_path, tmp_path / "missing" / "events.jsonl"):
        status, lines = _main(monkeypatch, capsys,
                              ["pnue", "--events", str(path), "--lang", lang])
        assert status == 2
        assert lines[-1].startswith(said.format(path=path))


@pytest.mark.parametrize("command", [["pnue"], ["simulate", "pnue", "--games", "1"]])
def test_zero_players_is_refused_with_the_range(monkeypatch, capsys, command) -> None:
    status, lines = _main(monkeypatch, capsys, [*command, "--players", "0"])
    assert status == 2
    assert lines[-1] == "PNUE — Mr Dollar is for 2 to 12 players."


def test_a_missing_save_named_by_its_path_is_said_with_that_path(monkeypatch, capsys,
                                                                tmp_path) -> None:
    wanted = tmp_path / "nowhere" / "mine.json"
    status, lines = _main(monkeypatch, capsys, ["--load", str(wanted)])
    assert status == 2
    assert lines[-1] == f"There is no save called {wanted}."


@pytest.mark.parametrize(("bad", "said"), [
    ({"braille_width": 500}, "braille_width cannot be 500: its default is used."),
    ({"verbosity": "loud"}, "verbosity cannot be loud: its default is used."),
    ({"lang": "xx"}, "lang cannot be xx: its default is used."),
])
def test_one_bad_setting_keeps_the_others(monkeypatch, capsys, tmp_path, bad, said) -> None:
    """A hand-edited settings file with one value out of range loses only that value."""
    import json

    path = tmp_path / "config" / "a11y_games" / "settings.json"
    path.parent.mkdir(parents=True)
    good = {"speech": "off", "verbosity": "brief", "braille_width": 30, "level": "random",
            "seen_walkthrough": True}
    path.write_text(json.dumps({**good, **bad}))
    status, lines = _main(monkeypatch, capsys, ["pnue"])
    assert status == 0
    assert lines[0] == f"In {path}, {said}"
    assert not any(line.startswith("First time here?") for line in lines)
    kept = json.loads(path.read_text())
    assert all(kept[name] == value for name, value in good.items() if name not in bad)


def test_settings_that_cannot_be_written_leave_no_stray_file(monkeypatch, capsys,
                                                             tmp_path) -> None:
    folder = tmp_path / "config" / "a11y_games"
    (folder / "settings.json").mkdir(parents=True)  # a folder where the file should be
    status, lines = _main(monkeypatch, capsys, ["pnue", "--lang", "fr"])
    assert status == 0
    assert [p.name for p in folder.iterdir()] == ["settings.json"]
    assert any(line.startswith("Impossible de garder les réglages dans") for line in lines)


@pytest.mark.parametrize("words", [["--level", "bogus"], ["--level", "random,,"],
                                   ["--camp-levels", "ecologists=bogus"]])
def test_simulate_refuses_an_unknown_bot_level_with_the_levels(monkeypatch, capsys,
                                                              words) -> None:
    status, lines = _main(monkeypatch, capsys, ["simulate", "pnue", "--games", "1", *words])
    assert status == 2
    assert lines[-1].startswith("Unknown bot level: ")
    assert lines[-1].endswith(". Levels: normal, random, strong.")


def test_simulate_refuses_a_negative_number_of_games(monkeypatch, capsys) -> None:
    status, lines = _main(monkeypatch, capsys, ["simulate", "pnue", "--games", "-3",
                                                "--lang", "fr"])
    assert status == 2
    assert lines[-1] == "Il faut au moins 1 partie, pas -3."


def test_loading_a_save_keeps_the_game_in_progress(tmp_path) -> None:
    """``load`` used to drop the game being played: autosave and last then held the
    loaded one only. It is kept as ``previous`` (``last`` is rewritten at the end)."""
    import json

    lines, _ = _play("1\nsave mine\n1\nload mine\n", only_choice=False)
    saves = tmp_path / "data" / "a11y_games" / "saves"
    assert "Game saved: previous." in lines
    assert len(json.loads((saves / "previous.json").read_text())["log"]) == 4
    assert len(json.loads((saves / "mine.json").read_text())["log"]) == 2


def test_loading_previous_swaps_it_with_the_game_in_progress(tmp_path) -> None:
    import json

    lines, _ = _play("1\nsave previous\n1\nload previous\n1\nload previous\n")
    saves = tmp_path / "data" / "a11y_games" / "saves"
    assert sum(line.startswith("Loaded toy.title from") for line in lines) == 2
    assert len(json.loads((saves / "previous.json").read_text())["log"]) == 4


def test_a_new_game_keeps_the_unfinished_one_as_previous(monkeypatch, capsys,
                                                         tmp_path) -> None:
    """Starting a game used to overwrite the autosave (and at the end last) with it: the
    unfinished game was gone for good."""
    import json

    _main(monkeypatch, capsys, ["pnue"], "1\n")
    saves = tmp_path / "data" / "a11y_games" / "saves"
    first = json.loads((saves / "autosave.json").read_text())["log"]
    status, lines = _main(monkeypatch, capsys, ["vertigo", "--lang", "fr"], "")
    assert status == 0
    assert ("Votre partie non finie de PNUE — Mr Dollar est gardée : tapez charger precedente."
            in lines)
    assert json.loads((saves / "previous.json").read_text())["log"] == first
    status, lines = _main(monkeypatch, capsys, ["vertigo"], "")
    assert not any("previous" in line for line in lines)  # a game without a move: nothing kept


def test_control_characters_typed_are_never_written_back() -> None:
    """An escape sequence in a typed word (here: clear the screen) is not sent back to the
    terminal, the speech or the braille display inside 'Unknown command'."""
    lines, match = _play("fl\x1b[2Jy\nhe\x00lp\n\x07\n")
    assert all(ch.isprintable() for line in lines for ch in line)
    assert "Unknown command: fl." in lines
    assert match.log == []


def test_a_pasted_wall_of_text_is_not_read_back_in_full() -> None:
    lines, _ = _play("x" * 100_000 + "\n")
    said = next(line for line in lines if line.startswith("Unknown command: "))
    assert said == "Unknown command: " + "x" * 29 + "…."


@pytest.mark.parametrize("script", ["1\nquit\n", "1\nquit\nyes\n"])
def test_end_of_input_at_a_quit_question_saves_as_end_of_input_does(tmp_path, script) -> None:
    """Ctrl-D at 'Quit the game?' or 'Save it?' left without saving or saying where the
    game is, unlike Ctrl-D at the game's own prompt."""
    lines, _ = _play(script)
    last = tmp_path / "data" / "a11y_games" / "saves" / "last.json"
    assert last.exists() and "Game saved: last." in lines and lines[-1] == "Goodbye."
    assert lines.count("Goodbye.") == 1


def test_leaving_the_launcher_says_goodbye(monkeypatch, capsys) -> None:
    """Ctrl-D (or Ctrl-C) at a set-up question ended the program without a word."""
    with pytest.raises(SystemExit) as left:
        _main(monkeypatch, capsys, ["--lang", "fr"], "1\n")
    assert left.value.code == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Au revoir."


class _FullDisk(io.StringIO):
    name = "/mnt/usb/events.jsonl"

    def write(self, text: str) -> int:
        raise OSError(28, "No space left on device")


def test_an_events_file_that_fills_up_is_said_once_and_play_goes_on() -> None:
    match = _toy_match()
    out = io.StringIO()
    writer = Writer(out)
    writer.events_file = _FullDisk()
    client = Client(match, reader=PlainReader(io.StringIO("1\n1\n")), writer=writer)
    assert client.run() == 0
    lines = out.getvalue().splitlines()
    said = "Cannot write the events file /mnt/usb/events.jsonl: the disk is full."
    assert lines.count(said) == 1
    assert len(match.log) >= 3 and lines[-1] == "Goodbye."


def test_saves_lists_only_readable_save_files(tmp_path) -> None:
    """A dangling link (or a save removed meanwhile) made ``saves`` crash."""
    saves = tmp_path / "data" / "a11y_games" / "saves"
    saves.mkdir(parents=True)
    (saves / "gone.json").symlink_to(tmp_path / "nowhere.json")
    (saves / "folder.json").mkdir()
    lines, _ = _play("save mine\nsaves\n")
    assert "1 saved game:" in lines
    assert any(line.startswith("mine, ") for line in lines)
    assert not any(line.startswith(("gone, ", "folder, ")) for line in lines)


@pytest.mark.parametrize(("argv", "said"), [
    (["pnue", "--players", "99"], "PNUE — Mr Dollar se joue de 2 à 12 joueurs."),
    (["resume"], "Aucune partie à reprendre. Tapez a11y-games pour en commencer une."),
    (["nosuch"], "Jeu inconnu : nosuch."),
])
def test_command_line_errors_use_the_language_of_the_settings(monkeypatch, capsys, tmp_path,
                                                              argv, said) -> None:
    """French chosen with ``set langue fr``: errors came in the environment's English."""
    import json

    path = tmp_path / "config" / "a11y_games" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"lang": "fr", "seen_walkthrough": True}))
    monkeypatch.setenv("LANG", "C.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    status, lines = _main(monkeypatch, capsys, argv)
    assert status == 2
    assert lines[-1].startswith(said)


@pytest.mark.parametrize(("argv", "said"), [
    (["pnue", "--players", "trois"], "--players demande un nombre entier, pas trois."),
    (["pnue", "--seed", "abc"], "--seed demande un nombre entier, pas abc."),
    (["pnue", "--humans", "²"], "--humans demande un nombre entier, pas ²."),
    (["pnue", "--lang", "xx"], "--lang ne peut pas valoir xx. Valeurs permises : en, fr."),
    (["pnue", "--speech", "oui"],
     "--speech ne peut pas valoir oui. Valeurs permises : auto, on, off."),
    (["simulate", "pnue", "--games", "dix"], "--games demande un nombre entier, pas dix."),
    (["rules", "pnue", "--lang", "de"], "--lang ne peut pas valoir de. Valeurs permises : en, fr."),
])
def test_a_wrong_option_value_is_said_in_the_players_language(monkeypatch, capsys, tmp_path,
                                                              argv, said) -> None:
    """argparse said these in English, after a page of usage."""
    import json

    path = tmp_path / "config" / "a11y_games" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"lang": "fr", "seen_walkthrough": True}))
    import sys

    from a11y_games.cli import main

    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(argv) == 2
    assert capsys.readouterr().out.splitlines() == [said]


def test_an_autosave_that_fails_is_said_once(tmp_path) -> None:
    """The autosave failed in silence: a closed terminal then lost the game unannounced."""
    blocked = tmp_path / "autosave.json"
    blocked.mkdir()  # a folder where the autosave should be
    match = _toy_match()
    out = io.StringIO()
    client = Client(match, reader=PlainReader(io.StringIO("1\n1\n")), writer=Writer(out),
                    autosave=blocked)
    assert client.run() == 0
    lines = out.getvalue().splitlines()
    failed = [line for line in lines if line.startswith(f"Could not save to {blocked}: ")]
    assert len(failed) == 1 and len(match.log) >= 3


@pytest.mark.parametrize(("lang", "width", "table"), [
    ("en", "braille_width: 40. Possible: 12 to 84.",
     "braille_table: en-ueb-g1.ctb. Possible: a liblouis table."),
    ("fr", "largeur_braille : 40. Possible : de 12 à 84.",
     "table_braille : fr-bfu-comp6.utb. Possible : une table liblouis."),
])
def test_set_says_what_the_free_settings_take(lang: str, width: str, table: str) -> None:
    """The braille width and table said 'Possible: ....', which allows nothing."""
    lines, _ = _play("set\n", lang=lang)
    assert width in lines and table in lines


def test_ctrl_c_while_the_last_words_are_said_ends_quietly(monkeypatch, capsys) -> None:
    """The client waits up to 3 s for speech to finish 'Goodbye': Ctrl-C then printed a
    traceback, which a screen reader reads out."""
    import a11y_games.play as play

    class Speaking:
        available, enabled = True, True

        def speak(self, text: str, *, interrupt: bool = False) -> None: ...
        def silence(self) -> None: ...
        def take_problem(self) -> None: ...
        def close(self) -> None: ...

        def wait_idle(self, seconds: float) -> None:
            raise KeyboardInterrupt

    monkeypatch.setattr(play, "open_speech", lambda mode, lang: Speaking())
    status, lines = _main(monkeypatch, capsys, ["pnue"], "")
    assert status == 0 and lines[-1] == "Goodbye."


def test_a_settings_file_saved_by_notepad_with_a_bom_is_read(tmp_path) -> None:
    """Windows Notepad starts a UTF-8 file with a byte order mark: every setting was lost."""
    from a11y_games.ui.settings import load_preferences

    path = tmp_path / "config" / "a11y_games" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text('\ufeff{"lang": "fr", "verbosity": "brief"}', encoding="utf-8")
    prefs, problem = load_preferences()
    assert problem is None and (prefs.lang, prefs.verbosity) == ("fr", "brief")


@pytest.mark.parametrize(("argv", "said"), [
    (["pnue", "--foo"], "Mots inconnus : --foo. Tapez a11y-games --help pour les options."),
    (["pnue", "vertigo"],
     "Mots inconnus : vertigo. Tapez a11y-games --help pour les options."),
    (["simulate"], "Nommez un jeu : pnue, utopia, vanuatu, vertigo."),
    (["rules"], "Nommez un jeu : pnue, utopia, vanuatu, vertigo."),
    (["braille", "--what", "rules"], "Nommez un jeu : pnue, utopia, vanuatu, vertigo."),
    (["simulate", "pnue", "--fast"],
     "Mots inconnus : --fast. Tapez a11y-games simulate --help pour les options."),
])
def test_unknown_words_and_a_missing_game_are_said_in_the_players_language(
        monkeypatch, capsys, argv, said) -> None:
    import sys

    from a11y_games.cli import main

    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main([*argv, "--lang", "fr"]) == 2
    assert capsys.readouterr().out.splitlines() == [said]


@pytest.mark.parametrize(("names", "said"), [
    ("Ana,ana", "Two players cannot share the name Ana."),
    ("Ana,Ingrid", "Two players cannot share the name Ingrid."),
])
def test_two_players_cannot_share_a_name(monkeypatch, capsys, names: str, said: str) -> None:
    """By ear 'Ana' and 'ana' are one name: the hand-over could not say who takes the
    keyboard, and the wrong player heard the private lines."""
    status, lines = _main(monkeypatch, capsys, ["pnue", "--players", "5", "--humans", "2",
                                                "--names", names])
    assert status == 2
    assert lines[-1] == said


def test_quit_stays_in_the_game_when_its_save_fails(monkeypatch, tmp_path) -> None:
    """'Save it first?' yes, and the save failed: the client said goodbye all the same."""
    blocker = tmp_path / "blocker"
    blocker.write_text("")
    monkeypatch.setenv("XDG_DATA_HOME", str(blocker))  # no saves folder can be made there
    lines, _ = _play("1\nquit\nyes\nyes\nstatus\n")
    failed = next(i for i, line in enumerate(lines) if line.startswith("Could not save to"))
    assert lines[failed + 1] == "The game goes on."
    assert "toy.sticks" in lines[failed + 2:]  # status answered: still playing


@pytest.mark.parametrize("table", ["a" * 5000, "en-ueb-g1.ctb," + "b" * 5000])
def test_an_overlong_braille_table_name_is_refused_not_a_liblouis_abort(table: str) -> None:
    """liblouis aborted the whole program (buffer overflow) on a table name of 4,069
    characters: ``set braille_table`` with a pasted page, or such a settings file."""
    import subprocess
    import sys

    pytest.importorskip("louis")
    code = ("import sys\n"
            "from a11y_games.output.braille import Braille, BrailleError\n"
            "try:\n"
            "    Braille(sys.argv[1], width=40)\n"
            "except BrailleError as error:\n"
            "    print(error.msg.id)\n")
    done = subprocess.run([sys.executable, "-c", code, table], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0
    assert done.stdout.strip() == "output.braille.table_missing"


def test_a_name_typed_in_a_latin1_terminal_is_read_not_a_crash(monkeypatch, capsys,
                                                               tmp_path) -> None:
    """'Zoé' from a Latin-1 terminal reaches Python as 'Zo\\udce9' (a byte that is not
    UTF-8): the first autosave could not encode it and the game ended in a traceback."""
    status, lines = _main(monkeypatch, capsys, ["pnue", "--names", "Zo\udce9"], "1\n")
    assert status == 0
    assert "You are Zoé." in lines
    assert (tmp_path / "data" / "a11y_games" / "saves" / "autosave.json").is_file()


def test_a_save_with_a_name_that_is_not_text_is_refused(tmp_path) -> None:
    """JSON can carry a lone surrogate ('\\udce9'): it loaded, then the first autosave could
    not write it and the client ended in a traceback."""
    data = _toy_match().to_json()
    data["seats"][0]["name"] = "Zo\udce9"
    path = tmp_path / "odd.json"
    path.write_text(__import__("json").dumps(data))  # ASCII: the surrogate as \\udce9
    with pytest.raises(SaveError) as refused:
        Match.load(path, {"toy": SPEC})
    assert refused.value.msg.id == "core.save.corrupt"


def test_a_braille_table_name_that_is_not_text_is_refused() -> None:
    """--braille-table with a byte that is not UTF-8 (a Latin-1 terminal) ended the game in
    a UnicodeEncodeError at the first summary."""
    pytest.importorskip("louis")
    from a11y_games.output.braille import Braille, BrailleError

    with pytest.raises(BrailleError) as refused:
        Braille("caf\udce9.ctb", width=40)
    assert refused.value.msg.id == "output.braille.table_missing"


def test_piped_input_that_is_not_utf8_is_read_not_a_crash(monkeypatch) -> None:
    """A script saved in Latin-1, piped on a UTF-8 desktop (stdin strict): the first 'é'
    ended the game in a UnicodeDecodeError."""
    import sys

    stdin = io.TextIOWrapper(io.BytesIO(b"caf\xe9\nstatus\n"), encoding="utf-8",
                             errors="strict")
    monkeypatch.setattr(sys, "stdin", stdin)
    match = _toy_match()
    out = io.StringIO()
    client = Client(match, reader=PlainReader(), writer=Writer(out))
    assert client.run() == 0
    lines = out.getvalue().splitlines()
    assert "Unknown command: caf\ufffd." in lines and "toy.sticks" in lines


def test_a_settings_file_nested_too_deep_gives_defaults_and_a_message(tmp_path) -> None:
    """'[[[[...' 100,000 deep: json raised RecursionError and the client did not start."""
    from a11y_games.ui.settings import Preferences, load_preferences

    path = tmp_path / "config" / "a11y_games" / "settings.json"
    path.parent.mkdir(parents=True)
    path.write_text("[" * 100_000 + "]" * 100_000)
    prefs, problem = load_preferences()
    assert prefs == Preferences() and problem is not None
    assert problem.id == "core.settings.corrupt"
