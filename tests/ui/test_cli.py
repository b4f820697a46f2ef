"""The command line: simulate, list, rules, bad words."""

from __future__ import annotations

import pytest

from a11y_games.cli import main

pytestmark = pytest.mark.timeout(60)


def test_simulate_prints_camps_levels_length_and_speed(capsys) -> None:
    assert main(["simulate", "pnue", "--players", "7", "--games", "30", "--seed", "1",
                 "--camp-levels", "ecologists=normal,lobbyists=random", "--lang", "fr"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "PNUE — Mr Dollar : 30 parties à 7 joueurs."
    assert any(line.startswith("Les écologistes : ") for line in lines)
    assert any(line.startswith("Robots au hasard : ") for line in lines)
    assert any(line.startswith("Durée moyenne : ") for line in lines)
    assert lines[-1].endswith("s).") and "parties par seconde" in lines[-1]
    wins = sum(int(line.split(": ")[1].split()[0]) for line in lines
               if line.startswith(("Les écologistes", "Les lobbyistes")))
    assert wins == 30


def test_unknown_game_and_bad_variant_say_what_is_allowed(capsys) -> None:
    assert main(["simulate", "chess"]) == 2
    assert "Games: pnue, utopia, vanuatu, vertigo." in capsys.readouterr().out
    assert main(["simulate", "pnue", "--variant", "crises=maybe"]) == 2
    assert "Allowed: off, on." in capsys.readouterr().out
    assert main(["simulate", "pnue", "--players", "13"]) == 2
    assert "2 to 12 players" in capsys.readouterr().out


def test_list_and_rules_outside_a_game(capsys) -> None:
    assert main(["list", "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "vanuatu : Vanuatu." in out
    assert main(["rules", "vertigo", "1", "--lang", "fr"]) == 0
    assert capsys.readouterr().out.strip()
    assert main(["rules", "vertigo", "zzz"]) == 1
    assert "No section zzz." in capsys.readouterr().out


def test_piped_launcher_prints_each_question_it_reads(tmp_path) -> None:
    import os
    import subprocess
    from pathlib import Path

    client = Path(__file__).resolve().parents[2] / ".venv" / "bin" / "a11y-games"
    if not client.exists():
        pytest.skip("the client is not installed")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path)}
    done = subprocess.run([str(client), "--speech", "off"], input="3\n\n\nquit\nyes\nno\n",
                          capture_output=True, text=True, env=env, timeout=30, check=False)
    lines = done.stdout.splitlines()
    assert done.returncode == 0, done.stderr
    assert "Game number? Enter for 1." in lines
    assert "How many players, 2 to 5? Enter for 4." in lines
    assert "Welcome to Utopia." in lines


def _play(monkeypatch, tmp_path, capsys, argv: list[str], script: str) -> list[str]:
    """Run ``a11y-games`` with piped input in a private home; its output lines."""
    import io
    import sys

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("SPEECHD_CMD", "/bin/false")
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    assert main([*argv, "--speech", "off", "--seed", "1"]) == 0
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "2 names not used: there are 3 human seats."),
    ("fr", "2 noms non utilisés : il y a 3 places humaines."),
])
def test_extra_names_are_reported_not_dropped_silently(monkeypatch, tmp_path, capsys,
                                                       lang: str, said: str) -> None:
    lines = _play(monkeypatch, tmp_path, capsys,
                  ["pnue", "--players", "5", "--humans", "3", "--names", "Ana,Bo,Cy,Di,Ed",
                   "--lang", lang], "")
    assert any(said in line for line in lines)
    players = next(line for line in lines if "Ana" in line)
    assert "Bo" in players and "Cy" in players and "Di" not in players


def test_one_extra_name_is_said_in_the_singular(monkeypatch, tmp_path, capsys) -> None:
    lines = _play(monkeypatch, tmp_path, capsys,
                  ["vanuatu", "--players", "3", "--names", "Ana,Bo"], "")
    assert "1 name not used: there is 1 human seat." in lines


def test_fewer_names_than_humans_keep_default_names(monkeypatch, tmp_path, capsys) -> None:
    lines = _play(monkeypatch, tmp_path, capsys,
                  ["pnue", "--players", "5", "--humans", "3", "--names", "Ana"], "")
    assert not any("not used" in line for line in lines)
    players = next(line for line in lines if "Ana" in line)
    assert "Player 2" in players and "Player 3" in players


@pytest.mark.parametrize(("lang", "back", "done", "said"), [
    ("en", "back", "Done", "Turn 1."),  # the setup done: the first turn begins
    ("fr", "Retour", "termine", "Tour 1."),
])
def test_a_choice_can_be_typed_by_its_name(monkeypatch, tmp_path, capsys, lang: str,
                                           back: str, done: str, said: str) -> None:
    """A player who hears "10. Back" or "11. Done" and types the word gets that choice."""
    lines = _play(monkeypatch, tmp_path, capsys, ["vertigo", "--players", "2", "--lang", lang],
                  f"1\n{back}\n1\n1\n{done}\n")
    assert not any(line.startswith(("Unknown command", "Commande inconnue")) for line in lines)
    assert said in lines


def test_a_district_can_be_typed_by_its_name(monkeypatch, tmp_path, capsys) -> None:
    """"gaia" at "2. Gaïa (4)" sends the prince there (accents and value not needed)."""
    lines = _play(monkeypatch, tmp_path, capsys, ["utopia", "--players", "3"],
                  "2\ngaia\ndistrict gaia\n")
    assert not any(line.startswith("Unknown command") for line in lines)
    assert "You: 1 Persian" in lines


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", ["pnue", "vertigo", "utopia", "vanuatu"])
def test_help_names_each_game_command_once(monkeypatch, tmp_path, capsys, game: str,
                                           lang: str) -> None:
    """No "where: where: your princes": the help line does not say the command twice."""
    lines = _play(monkeypatch, tmp_path, capsys, [game, "--lang", lang], "help\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(("Commands for",
                                                                       "Commandes d")))
    end = next(i for i, line in enumerate(lines) if line.startswith(("A number", "Un num")))
    game_lines = lines[start + 1:end]
    said_twice = [line for line in game_lines
                  if line.partition(":")[2].strip().startswith(line.partition(":")[0].strip())]
    assert game_lines and not said_twice


@pytest.mark.parametrize(("lang", "said"), [("en", "5 is now Tourist: you have 1."),
                                            ("fr", "5 est maintenant Touriste : vous, 1.")])
def test_a_count_after_a_default_name_is_told_apart(monkeypatch, tmp_path, capsys, lang: str,
                                                    said: str) -> None:
    """"Sail: Player 1 1" could not be understood by ear: whose markers, how many."""
    lines = _play(monkeypatch, tmp_path, capsys, ["vanuatu", "--players", "3", "--lang", lang],
                  "1\n5\n")  # the Navigator, then a marker on a space no bot took
    assert any(line.endswith(said) for line in lines)  # the one choice changed


@pytest.mark.parametrize(("lang", "typed", "said"), [("en", "sail", "1. Sail: you have 1"),
                                                     ("fr", "naviguer",
                                                      "1. Naviguer : vous, 1")])
def test_a_choice_can_be_typed_by_the_word_before_its_colon(monkeypatch, tmp_path, capsys,
                                                            lang: str, typed: str,
                                                            said: str) -> None:
    lines = _play(monkeypatch, tmp_path, capsys, ["vanuatu", "--players", "3", "--lang", lang],
                  f"1\n{typed}\n")
    assert said in lines  # the marker on Sail, heard in the pass's list asked again


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", ["pnue", "vertigo", "utopia", "vanuatu"])
def test_help_lines_fit_a_40_cell_display(monkeypatch, tmp_path, capsys, game: str,
                                          lang: str) -> None:
    """The command list is read on a braille line at a time: each line fits 40 cells, and
    the closing advice is one idea a line (it was one line of 99 characters)."""
    lines = _play(monkeypatch, tmp_path, capsys, [game, "--lang", lang], "help\n")
    start = lines.index({"en": "Commands:", "fr": "Commandes :"}[lang])
    end = next(i for i, line in enumerate(lines) if line.startswith(("help COMMAND",
                                                                     "aide COMMANDE")))
    too_long = [line for line in lines[start:end + 1] if len(line) > 40]
    assert not too_long


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_help_on_a_command_is_short_lines(monkeypatch, tmp_path, capsys, lang: str) -> None:
    """help log said its five uses in one line of 128 characters (153 in French): the
    explanation of each command comes one idea a line, each fitting 40 cells."""
    from a11y_games.ui.commands import COMMANDS

    script = "".join(f"help {c.name}\n" for c in COMMANDS)
    lines = _play(monkeypatch, tmp_path, capsys, ["vertigo", "--lang", lang], script)
    also = "Also:" if lang == "en" else "Aussi :"
    first = next(i for i, line in enumerate(lines) if line.startswith(also)) - 2
    told = [line for line in lines[first:] if not line.startswith((also, "Topics", "Sujets"))
            and not line.startswith(("Game saved", "Partie sauv", "Goodbye", "Au revoir"))]
    assert len(told) > 2 * len(COMMANDS)
    assert [line for line in told if len(line) > 40] == []


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_help_keys_fits_40_cells(monkeypatch, tmp_path, capsys, lang: str) -> None:
    lines = _play(monkeypatch, tmp_path, capsys, ["vertigo", "--lang", lang], "help keys\n")
    start = lines.index({"en": "Keys at the prompt:", "fr": "Touches à l'invite :"}[lang])
    keys = lines[start:start + 8]
    assert keys[-1].startswith("Ctrl+D") and all(len(line) <= 40 for line in keys)


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("humans", [1, 2])
def test_first_run_lines_fit_40_cells(monkeypatch, tmp_path, capsys, lang: str,
                                      humans: int) -> None:
    """The walkthrough and the welcome of a first run are read a braille line at a time:
    one idea a line, each within 40 cells (they were 51 to 72 characters, two ideas each)."""
    lines = _play(monkeypatch, tmp_path, capsys,
                  ["vertigo", "--lang", lang, "--players", "3", "--humans", str(humans)], "")
    first = {"en": "First time here? Five things to know:",
             "fr": "Première fois ? Cinq choses à savoir :"}[lang]
    last = {"en": "Type choices for what you can do.",
            "fr": "Tapez choix pour vos possibilités."}[lang]
    told = lines[lines.index(first):lines.index(last) + 1]
    assert len(told) >= 14
    assert [line for line in told if len(line) > 40] == []


@pytest.mark.parametrize(("argv", "said"), [
    (["pnue", "--players"], "Type a whole number after --players."),
    (["pnue", "--lang", "fr", "--players"], "Tapez un nombre entier après --players."),
    (["vertigo", "--verbosity"], "Type one of brief, normal, full after --verbosity."),
    (["vertigo", "--lang", "fr", "--names"], "Tapez une valeur après --names."),
    (["vertigo", "--braille=yes"], "--braille takes no value: type it alone."),
    (["vertigo", "--lang", "fr", "--b"], "Options incomprises. Tapez a11y-games --help."),
    (["braille", "vertigo", "--what"], "Type one of rules, card, table after --what."),
    (["simulate", "vertigo", "--games"], "Type a whole number after --games."),
])
def test_command_line_errors_are_one_line_in_the_players_language(monkeypatch, tmp_path, capsys,
                                                                  argv: list[str],
                                                                  said: str) -> None:
    """argparse's English usage and error (``--players`` with no number after it) are not
    for a French player: one catalogue line says what to type."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out.splitlines() == [said]
    assert captured.err == ""


@pytest.mark.parametrize("argv", [["list"], ["vertigo", "--speech", "off", "--seed", "1"]])
def test_output_cut_short_ends_quietly(tmp_path, argv: list[str]) -> None:
    """``a11y-games list | head -1``: the reader of the output has gone (a closed pipe);
    the client ends without a BrokenPipeError traceback."""
    import os
    import subprocess
    from pathlib import Path

    client = Path(__file__).resolve().parents[2] / ".venv" / "bin" / "a11y-games"
    if not client.exists():
        pytest.skip("the client is not installed")
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path), "XDG_CONFIG_HOME": str(tmp_path),
           "SPEECHD_CMD": "/bin/false"}
    read_end, write_end = os.pipe()
    os.close(read_end)  # like head after its first line: nobody reads any more
    try:
        done = subprocess.run([str(client), *argv], input="help\n" * 20, stdout=write_end,
                              stderr=subprocess.PIPE, text=True, env=env, timeout=30,
                              check=False)
    finally:
        os.close(write_end)
    assert done.stderr == ""
    assert done.returncode == 0


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_topics_and_also_lists_are_whole_sentences(monkeypatch, tmp_path, capsys,
                                                   lang: str) -> None:
    """Utopia's "Topics:" line (67 characters, 70 in French) and help's "Also:" lines are
    each one whole sentence, never cut at a comma for speech to hear fragments (a braille
    display pans them); every word is said."""
    from a11y_games.ui.commands import COMMANDS

    script = "help board\nboard zzz\n" + "".join(f"help {c.name}\n" for c in COMMANDS)
    lines = _play(monkeypatch, tmp_path, capsys, ["utopia", "--lang", lang], script)
    topics = [line for line in lines if line.startswith(("Topics:", "Sujets :"))]
    assert topics and all(line.endswith("wind." if lang == "en" else "vent.")
                           for line in topics)
    also = [line for line in lines if line.startswith(("Also:", "Aussi :"))]
    assert len(set(also)) == len(COMMANDS), "one whole line per command"
    assert all(line.endswith(".") for line in also)
    said = " ".join(lines)
    for word in ({"en": ["scores", "monuments", "wind", "enregistrer", "sauvegarder"],
                  "fr": ["scores", "monuments", "vent", "enregistrer", "sauvegarder"]}[lang]):
        assert f" {word}," in said or f" {word}." in said


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_players_of_the_welcome_are_one_sentence(monkeypatch, tmp_path, capsys,
                                                     lang: str) -> None:
    """"4 players: Player 1, Raphael, Hythloday, Ademus." is one whole line (it was cut
    after a comma, and speech heard "Ademus." alone); every name in table order."""
    lines = _play(monkeypatch, tmp_path, capsys, ["utopia", "--lang", lang, "--players", "4"],
                  "")
    told = next(line for line in lines if line.startswith(("4 players:", "4 joueurs :")))
    assert told.endswith(("Raphael, Hythloday, Ademus.", "Raphaël, Hythlodée, Adème.")), told


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("command", ["play", "simulate", "rules", "braille", "resume"])
def test_help_is_said_in_the_players_language_one_option_a_line(
        capsys, monkeypatch, tmp_path, command: str, lang: str) -> None:
    """``--help`` names every option of the command, one a line that fits a braille line,
    in the player's language (it was argparse's English, in columns)."""
    from a11y_games import commandline

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))  # resume: no autosave
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    argv = ([] if command == "play" else [command]) + ["--help", "--lang", lang]
    assert main(argv) == 0
    lines = capsys.readouterr().out.splitlines()
    assert all(len(line) <= 40 for line in lines), [ln for ln in lines if len(ln) > 40]
    assert ("Options :" if lang == "fr" else "Options:") in lines
    parser = {"play": commandline.play_parser, "resume": commandline.play_parser,
              "simulate": commandline.simulate_parser, "rules": commandline.rules_parser,
              "braille": commandline.braille_parser}[command]()
    options = [a.option_strings[-1] for a in parser._actions if a.option_strings]
    for option in options:
        assert any(line.startswith(f"{option}:") or line.startswith(f"{option} ")
                   for line in lines), option
    assert not any(line.startswith("usage:") for line in lines)


@pytest.mark.parametrize(("lang", "typed", "said"), [
    ("en", "greek", "greek fits 2 choices: 3, 8. Type one number."),
    ("fr", "grec", "grec correspond à 2 choix : 3, 8. Tapez un seul numéro."),
])
def test_a_word_two_choices_share_says_which_numbers_not_unknown_command(
        monkeypatch, tmp_path, capsys, lang: str, typed: str, said: str) -> None:
    """At "3. Greek ... 8. Greek", "greek" names no single choice: the player hears the
    numbers it fits, not "Unknown command: greek."."""
    lines = _play(monkeypatch, tmp_path, capsys, ["utopia", "--players", "3", "--lang", lang],
                  f"{typed}\n")
    assert said in lines
    assert not any(line.startswith(("Unknown command", "Commande inconnue")) for line in lines)


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "Your turn: Setup, 40 $ left. Population first."),
    ("fr", "À vous : Il reste 40 $. D'abord la population."),
])
def test_whose_turn_on_your_own_turn_says_it_is_yours(monkeypatch, tmp_path, capsys,
                                                      lang: str, said: str) -> None:
    """`whose` when only the player is asked: "Your turn: ...", not "Waiting for Player 1."
    said to Player 1."""
    lines = _play(monkeypatch, tmp_path, capsys, ["vertigo", "--players", "2", "--lang", lang],
                  "whose\n")
    listed = max(i for i, line in enumerate(lines) if line.startswith("2. "))
    assert lines[listed + 1] == said  # the answer to whose, after the question's choices
    assert not any(line.startswith(("Waiting for Player 1", "On attend Joueur 1"))
                   for line in lines)


@pytest.mark.parametrize(("lang", "typed", "said"), [
    ("en", "log votes", "No kind named votes. Kinds: pollution, planet, laws, purchases, "
     "population, money, chat, others, mine."),
    ("fr", "journal votes", "Aucun genre nommé votes. Genres : pollution, planète, lois, achats, "
     "population, argent, discussion, autres, miens."),
])
def test_log_with_a_kind_the_game_has_not_says_the_kinds_it_has(
        monkeypatch, tmp_path, capsys, lang: str, typed: str, said: str) -> None:
    """PNUE's `log votes` typed in Vertigo: the player hears Vertigo's kinds, not only the
    forms of `log`."""
    lines = _play(monkeypatch, tmp_path, capsys, ["vertigo", "--players", "2", "--lang", lang],
                  f"{typed}\n")
    assert said in lines


@pytest.mark.parametrize(("lang", "whole"), [
    ("en", "From 7 players, the President and Secretary-General of the last elected "
     "government cannot be nominated, unless the previous turn ended without consensus."),
    ("fr", "À partir de 7 joueurs, le Président et le Secrétaire général du dernier "
     "gouvernement élu ne peuvent pas être proposés, sauf si le tour précédent s'est fini "
     "sans consensus."),
])
def test_rules_say_one_whole_sentence_a_line(capsys, lang: str, whole: str) -> None:
    """The rules page's own line breaks cut this sentence after "government": speech
    heard two fragments. Each sentence is one line; a numbered step keeps its number."""
    assert main(["rules", "pnue", "3", "--lang", lang]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert whole in lines
    assert lines[1].startswith("1. ")


@pytest.mark.parametrize(("lang", "said"), [("en", "--lang en or fr: the language."),
                                            ("fr", "--lang en ou fr : la langue.")])
def test_connect_help_says_how_to_choose_the_language(capsys, lang: str, said: str) -> None:
    """A French player joining a server learns `--lang fr` from `connect --help`."""
    main(["connect", "--help", "--lang", lang])
    assert said in capsys.readouterr().out.splitlines()


@pytest.mark.parametrize(("lang", "typed", "said"), [
    ("en", "back", "No back in this menu: 2 choices, type choices to hear them."),
    ("fr", "retour", "Pas de retour dans ce menu : 2 choix, tapez choix pour les entendre."),
])
def test_back_where_the_menu_has_none_is_said_missing_not_unknown(
        monkeypatch, tmp_path, capsys, lang: str, typed: str, said: str) -> None:
    """Vertigo's first setup question has no "0. Back": `back` was "Unknown command: back."
    though it is the word the guide teaches for 0."""
    lines = _play(monkeypatch, tmp_path, capsys, ["vertigo", "--players", "2", "--lang", lang],
                  f"{typed}\n")
    assert said in lines


def test_pnue_says_each_fact_once_and_keeps_the_vote_lines_together(monkeypatch, tmp_path,
                                                                   capsys) -> None:
    """At full: "A game for 7 players." after "7 players: ...", "Chloe is the first
    President." before "Turn 1: Chloe is President.", "Player 1 has voted." after "Your vote:
    yes.", and "Player 1 is Secretary-General." between the count and who voted how."""
    lines = _play(monkeypatch, tmp_path, capsys, ["pnue", "--verbosity", "full"], "1\n")
    assert "7 players: you, Thiago, Ingrid, Priya, Haruto, Chloe, Mateo." in lines
    assert "A game for 7 players." not in lines
    assert not any("first President" in line for line in lines)
    assert "Turn 1: Chloe is President." in lines
    mine = lines.index("Your vote: yes.")
    assert lines[mine + 1:mine + 5] == [
        "Approved: 6 yes, 1 no.", "Yes: you, Thiago, Ingrid, Priya, Chloe, Mateo.",
        "No: Haruto.", "You are Secretary-General."]
    assert "Thiago has voted." in lines  # the others' votes are still heard coming in
    assert not any(line in ("Player 1 has voted.", "You have voted.") for line in lines)
    assert [line for line in lines if "Player 1" in line] == ["You are Player 1."]  # "you"


def test_pnue_with_fictive_players_still_says_how_many_are_real(monkeypatch, tmp_path,
                                                                capsys) -> None:
    lines = _play(monkeypatch, tmp_path, capsys, ["pnue", "--players", "3"], "")
    assert "5 players: Fictive player 1, you, Thiago, Fictive player 2, Ingrid." in lines
    assert "A game for 3 players." in lines
