"""``history`` and ``replay N`` after local games: the list, the replay's commands from the
player's seat, the record as text and BRF, a damaged or unwritable history."""

from __future__ import annotations

import io
import random
import re
from pathlib import Path

import pytest

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games import all_specs
from a11y_games.i18n import Translator
from a11y_games.ui import history
from a11y_games.ui.client import Client
from a11y_games.ui.history import history_dir, history_lines, keep_finished, read_history
from a11y_games.ui.replaying import ReplayClient, open_replay
from a11y_games.ui.terminal import PlainReader, Writer

pytestmark = pytest.mark.timeout(60)
SPECS = all_specs()


class _Player:
    """Types a choice offered (never back) until the game is over, then ``after``."""

    interactive = False

    def __init__(self, after: list[str]) -> None:
        self.client: Client | None = None
        self.rng = random.Random(2)
        self.after = list(after)

    def read(self, prompt: str) -> str:
        client = self.client
        assert client is not None
        mine = client._my_turn()
        if mine is None:
            if not self.after:
                raise EOFError
            return self.after.pop(0)
        if mine[1].race:
            return ""
        keys = [k for k, _, _ in client.keyed_choices(mine[0])]
        return self.rng.choice([k for k in keys if k != "0"] or keys)


def play_game(game: str, players: int, seed: int, after: list[str] = (),  # type: ignore[assignment]
              lang: str = "en") -> tuple[Client, list[str]]:
    spec = SPECS[game]
    match = Match(spec, spec.settings(players, seed), [SeatSpec("human", "Ana")] + [
        SeatSpec("bot", level="random", name_index=i) for i in range(1, players)])
    player = _Player(after)
    out = io.StringIO()
    client = Client(match, reader=player, writer=Writer(out), lang=lang, specs=SPECS)
    player.client = client
    client.run()
    assert match.state.outcome() is not None
    return client, out.getvalue().splitlines()


def replay_lines(number: int, script: str, lang: str = "en") -> tuple[ReplayClient, list[str]]:
    out = io.StringIO()
    reader = PlainReader(io.StringIO(script))
    opened = open_replay(number, SPECS, Translator(lang), reader, Writer(out))
    assert opened is not None, out.getvalue()
    client = ReplayClient(*opened, reader=reader, writer=Writer(out), lang=lang, specs=SPECS)
    client.run()
    return client, out.getvalue().splitlines()


def test_history_lists_the_finished_local_games_newest_first() -> None:
    _, lines = play_game("vertigo", 3, 1, ["history"])
    assert "Kept in your history: type replay to go over it." in lines
    play_game("utopia", 2, 2)
    listed = history_lines(Translator("en"), SPECS)
    assert listed[0] == "2 finished games, newest first:"
    line = re.compile(r"^(\d)\. \d{4}-\d\d-\d\d \d\d:\d\d, (\w+) with you, .+: "
                      r"(won by .+|nobody won); your place: (\d) of (\d)\.$")
    first, second = line.match(listed[1]), line.match(listed[2])
    assert first and second, listed
    assert (first[1], first[2], first[5]) == ("1", "Utopia", "2")
    assert (second[1], second[2], second[5]) == ("2", "Vertigo", "3")
    assert listed[-1] == "Type replay and a number to go over one."
    _, french = play_game("vanuatu", 2, 3, ["parties"], lang="fr")
    assert "3 parties terminées, la plus récente d'abord :" in french
    assert any(re.match(r"^1\. .*, Vanuatu avec vous, .* : (.* ; votre place : \d sur 2|"
                        r"personne n'a gagné ; vous avez perdu)\.$", t) for t in french), french


def test_a_pnue_game_says_whether_you_won_with_your_camp() -> None:
    client, _ = play_game("pnue", 5, 4)
    won = 0 in client.table.outcome().winners  # type: ignore[union-attr]
    listed = history_lines(Translator("en"), SPECS)
    assert listed[1].endswith("; you won." if won else "; you lost.")


def test_history_is_bounded_and_a_damaged_file_is_said_and_loses_nothing(monkeypatch) -> None:
    monkeypatch.setattr(history, "KEPT", 3)
    client, _ = play_game("vertigo", 2, 5)
    assert keep_finished(client.match) is None  # kept already: not twice
    assert len(read_history()[0]) == 1
    for seed in range(4):  # 4 more games: only the newest 3 stay
        play_game("vertigo", 2, 20 + seed)
    files = sorted(history_dir().glob("*.json"))
    assert len(files) == 3
    files[-1].write_text("{not json", encoding="utf-8")
    _, lines = play_game("utopia", 2, 6)  # a new game is kept all the same
    assert "Kept in your history: type replay to go over it." in lines
    games, damaged = read_history()
    assert damaged == [files[-1]] and len(games) == 2 and games[0].game == "utopia"
    listed = history_lines(Translator("en"), SPECS)
    assert f"Game file {files[-1]} is damaged: left out." in listed
    assert listed[0] == "2 finished games, newest first:"


def test_an_unwritable_history_is_said_and_the_game_still_ends_and_autosaves(tmp_path) -> None:
    history_dir().parent.mkdir(parents=True, exist_ok=True)
    history_dir().write_text("a file where the folder should be", encoding="utf-8")
    spec = SPECS["vertigo"]
    match = Match(spec, spec.settings(2, 7), [SeatSpec("human", "Ana"),
                                             SeatSpec("bot", level="random")])
    player = _Player([])
    out = io.StringIO()
    autosave = tmp_path / "autosave.json"
    client = Client(match, reader=player, writer=Writer(out), lang="en", specs=SPECS,
                    autosave=autosave)
    player.client = client
    client.run()
    lines = out.getvalue().splitlines()
    assert any(t.startswith("This game could not be kept in your history: ") for t in lines)
    assert "Type again to play this table again, menu for the games, or quit." in lines
    assert Match.load(autosave, SPECS).state.outcome() is not None


def test_replay_after_a_game_opens_it_and_moves_with_the_live_commands() -> None:
    client, _ = play_game("vertigo", 3, 8, ["replay"])
    assert client.next_game == "replay" and client.replay_wanted == 1
    replay, lines = replay_lines(1, "next\nnext\nback\nstatus\nme\nround 2\nnext round\n"
                                    "log 2\nend\nstatus\nload\nundo\n2\nquit\n")
    live = client.transcripts[0]
    assert lines[0].startswith("Replay of Vertigo, ")
    assert "You are Ana." in lines
    assert replay.transcripts[0] == live  # at the end: the whole game as Ana heard it
    assert re.search(r"Turn 2, step \d+ of \d+\.", "\n".join(lines))  # Vertigo's own word
    assert "Turn 3, step" in "\n".join(lines)
    assert "End of the game: back, start or quit." in lines
    assert "Not in a replay: load. Type help." in lines
    assert "Not in a replay: undo. Type help." in lines
    assert "No choice 2 here: 0 choices, type choices to hear them." not in lines
    assert lines[-1] == "Replay closed."
    assert live[-1].msg.id != "" and client.tr.render(live[-1].msg) in lines


def test_a_replay_in_french_and_its_help() -> None:
    play_game("utopia", 2, 9)
    _, lines = replay_lines(1, "aide\nsuivant\nmanche 1\nfin\nquitter\n", lang="fr")
    assert lines[0].startswith("Revue : Utopie, ")
    assert "suivant, ou Entrée : ce que vous avez appris ensuite." in lines
    assert "Fin de la partie : retour, début ou quitter." in lines
    assert lines[-1] == "Revue fermée."
    assert any(re.match(r"^Manche 1, étape \d+ sur \d+\.$", t) for t in lines)  # Utopia's


def test_a_replay_names_the_rounds_as_the_game_does() -> None:
    """Vanuatu's French lines say "Tour 2 sur 8": its replay says "Tour 2", not "Manche 2";
    the help names the words that go there."""
    play_game("vanuatu", 3, 4)
    _, lines = replay_lines(1, "aide\ntour 2\ntour suivant\nquitter\n", lang="fr")
    assert "tour suivant ; tour 3 ou manche 3 : y aller." in lines
    assert any(re.match(r"^Tour 2, étape \d+ sur \d+\.$", t) for t in lines)
    assert any(re.match(r"^Tour 3, étape \d+ sur \d+\.$", t) for t in lines)
    assert not [t for t in lines if t.startswith("Manche")]


def test_a_hot_seat_game_asks_whose_seat_and_shows_no_other_seat_secret() -> None:
    spec = SPECS["pnue"]
    match = Match(spec, spec.settings(5, 12), [SeatSpec("human", "Ana"), SeatSpec("human", "Bo")]
                  + [SeatSpec("bot", level="random", name_index=i) for i in range(2, 5)])
    rng = random.Random(1)
    while (pending := match.state.pending()) is not None:
        seat = pending.seats[0]
        match.act(seat, rng.choice(match.state.legal_actions(seat)))
    assert keep_finished(match) is None
    client, lines = replay_lines(1, "2\nlog start\n" + "log next\n" * 60 + "me\nend\nrecord\n"
                                 "quit\n")
    assert not [t for t in lines if t.startswith("Not in a replay")]  # PNUE's record query
    assert "Whose seat? A number, or 0 for the public view." in lines
    assert client.viewer == 1
    tr = Translator("en", names=match.seat_name, viewer=lambda: 1)
    theirs = {tr.render(e.msg) for e in match.events if e.secret and 1 not in e.visible_to}  # type: ignore[operator]
    mine = {tr.render(e.msg) for e in match.events if e.visible(1)}
    assert theirs - mine and not (theirs - mine) & set(lines)
    assert any(tr.render(e.msg) in lines for e in match.events if e.secret and e.visible(1))


def test_a_record_as_text_and_as_brf_within_its_page_size(tmp_path: Path) -> None:
    play_game("vanuatu", 3, 10)
    text, brf = tmp_path / "game.txt", tmp_path / "game.brf"
    _, lines = replay_lines(1, f"save {text}\nsave brf {brf}\nquit\n")
    assert "Record written, " in "\n".join(lines)
    written = text.read_text(encoding="utf-8").splitlines()
    assert written[0].startswith("Vanuatu, ") and "You are Ana." in written
    pages = brf.read_text(encoding="ascii").split("\f")
    assert len(pages) > 2
    for page in pages:
        page_lines = page.rstrip("\n").split("\n") if page.strip() else []
        assert len(page_lines) <= 25
        assert all(len(line.rstrip("\r")) <= 40 for line in page_lines)


def test_history_and_replay_at_the_game_menu(monkeypatch, capsys) -> None:
    """A game of bots watched to its end, then the menu: ``history``, ``replay 1`` (its
    public view), and a game chosen after it."""
    import sys

    from a11y_games.cli import main

    monkeypatch.setenv("SPEECHD_CMD", "/bin/false")
    script = "menu\nhelp\nhistory\nreplay 4\nreplay 1\nend\nquit\n2\n\n\nquit\nyes\nno\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    assert main(["vertigo", "--humans", "0", "--level", "random", "--speech", "off",
                 "--sound", "off", "--seed", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "history lists your finished games; replay and a number goes over one." in lines
    assert "1 finished game, newest first:" in lines
    assert any(re.match(r"^1\. .*, Vertigo with .*; you watched\.$", t) for t in lines)
    assert "No game 4: your history has 1." in lines
    assert "You see the public view." in lines
    assert "End of the game: back, start or quit." in lines
    assert "Replay closed." in lines
    assert "Welcome to Vertigo." in lines[lines.index("Replay closed."):]


def test_a_game_nobody_won_is_said_lost_not_a_first_place() -> None:
    """Vanuatu's archipelago drowned (VA-40): everyone lost alike, a tie the ratings place
    first for all; the history line says "nobody won; you lost", not "your place: 1 of 3"."""
    from a11y_games.ui.history import Finished, finished_lines

    lost = Finished(None, "2026-12-07 23:08", "vanuatu", ["Ana", "Lenakel", "Ambae"], [0],
                    [], {0: 1, 1: 1, 2: 1})
    won = Finished(None, "2026-12-07 23:09", "vanuatu", ["Ana", "Lenakel", "Ambae"], [0],
                   [1], {0: 2, 1: 1, 2: 3})
    listed = finished_lines(Translator("en"), [lost, won], 2, SPECS)
    assert listed[1].endswith(": nobody won; you lost."), listed
    assert listed[2].endswith(": won by Lenakel; your place: 2 of 3."), listed
