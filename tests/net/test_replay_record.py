"""A network game's replay at a terminal, over a real server and a real client: its record
is written on the player's computer (never the server's), the replay speaks with the
player's own settings, and ``history`` typed at a later table lists the server's games."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.net.clients import Player, Server, kill_leftovers
from tests.net.test_remote_play import a_game_to_its_end, create_table

pytestmark = pytest.mark.timeout(200)

TITLE = r"PNUE — Mr Dollar, \d{4}-\d\d-\d\d \d\d:\d\d"
GAME_LINE = (r"^1\. \d{4}-\d\d-\d\d \d\d:\d\d, PNUE — Mr Dollar with you(, \w+)+:"
             r" (won by .+|nobody won); you (won|lost)\.$")


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "db", tmp_path / "server-home").start()
    yield running
    running.kill()
    kill_leftovers()


def _after_a_game(server: Server, home: Path, *options: str) -> Player:
    """Ana (a guest, ``options`` on her command line) has played a PNUE game at 5 with 4
    bots to its end and is back at the lobby."""
    ana = Player(server.url, home, "Ana", command=[
        "connect", server.url.removeprefix("ws://"), "--name", "Ana", "--lang", "en",
        "--speech", "off", *options])
    a_game_to_its_end(ana, game="pnue", players=5, seed=4)
    return ana


def _records(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.suffix in (".txt", ".brf"))


def _brf_width(path: Path) -> int:
    return max(len(line) for line in path.read_text(encoding="ascii")
               .replace("\f", "\n").splitlines())


def test_save_in_a_network_replay_writes_the_record_on_the_player_s_computer(
        server: Server, tmp_path: Path) -> None:
    """``save`` writes the seat's whole game as text where a local replay writes it, on
    Ana's machine; ``save brf NAME`` as BRF; nothing lands in the server's folders."""
    ana = _after_a_game(server, tmp_path / "ana")
    ana.send("replay 1")
    ana.expect(rf"^Replay of {TITLE}: \d+ steps\.$")
    ana.send("save")
    written = ana.expect(r"^Record written, (\d+) lines: (.+\.txt)\.$")
    path = Path(written.group(2))
    assert path.is_relative_to(tmp_path / "ana"), "on the player's computer"
    text = path.read_text(encoding="utf-8").splitlines()
    assert re.fullmatch(TITLE, text[0]) and text[1] == ""
    assert text[2].startswith("5 players: you, ") and text[3] == "You are Ana."
    assert len(text) - 2 == int(written.group(1))
    assert any(re.search(r"(ecologists|lobbyists) win", line) for line in text[-12:]), \
        "the whole game, to its end, whatever step the replay is at"
    ana.send("save brf mine")
    braille = Path(ana.expect(r"^Record written, \d+ lines: (.+mine\.brf)\.$").group(1))
    assert braille.is_relative_to(tmp_path / "ana") and _brf_width(braille) <= 40
    assert _records(tmp_path / "server-home") == [] == _records(tmp_path / "db")
    ana.close_input()
    assert ana.wait() == 0
    assert "Traceback" not in ana.text()


def test_a_network_replay_speaks_with_the_player_s_own_settings(
        server: Server, tmp_path: Path) -> None:
    """Ana plays with verbosity full and a 20-cell braille display: her replay is at
    verbosity full (not the default, normal) and its BRF record is 20 cells wide."""
    ana = _after_a_game(server, tmp_path / "ana", "--braille-width", "20",
                        "--verbosity", "full")
    ana.send("replay 1")
    ana.expect(rf"^Replay of {TITLE}: \d+ steps\.$")
    ana.send("verbosity")
    ana.expect(r"^Verbosity is full\. ")
    ana.send("save brf")
    braille = Path(ana.expect(r"^Record written, \d+ lines: (.+\.brf)\.$").group(1))
    assert _brf_width(braille) == 20, "her braille width, not 40"
    ana.close_input()
    assert ana.wait() == 0


def test_history_at_a_network_table_lists_the_server_s_games(
        server: Server, tmp_path: Path) -> None:
    """At her next table, ``history`` says the lobby's list (her guest token kept on her
    machine finds the game), and ``replay`` says it opens in the lobby after this game."""
    ana = _after_a_game(server, tmp_path / "ana")
    create_table(ana, game="pnue", players=5, bots=4)
    ana.expect(r"you have seat 1 of 5")
    ana.send("start")
    ana.expect(r"^Welcome to PNUE")
    ana.send("history")
    ana.expect(r"^1 finished game, newest first:$")
    ana.expect(GAME_LINE)
    ana.expect(r"^Replay opens in the lobby, after this game\.$")
    ana.send("replay 1")
    ana.expect(r"^Replay opens in the lobby, after this game\.$")
    ana.close_input()
    assert ana.wait() == 0
    assert "Traceback" not in ana.text()
