"""A table with friends, from hello to goodbye: a real server process and real clients
(`a11y-games connect`, input a pipe) over loopback, read as the players' screens."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.net.clients import Player, Server
from tests.net.test_remote_play import join_first_table, watching_first_table

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "db", tmp_path / "server-home").start()
    yield running
    running.kill()


def _leave(*players: Player) -> None:
    """The test has heard what it listens for: the clients go (a script at a network
    table reads its input only when asked, so closing it may not end it)."""
    for player in players:
        player.kill()


def test_friends_chat_ask_help_who_and_the_settings_before_the_start(
        server: Server, tmp_path: Path) -> None:
    """In the waiting room, host and joiner alike: `say` reaches the other, `help` says
    the room's commands in the player's language, `who` and `settings` answer; then the
    host starts."""
    ana = Player(server.url, tmp_path / "ana", "Ana")
    ana.expect(r"^Lobby: type a number\.")
    ana.send("create pnue 5")
    ana.expect(r"^PNUE — Mr Dollar: you have seat 1 of 5\.$")
    ana.expect(r"^Meanwhile, type say and a text to chat, or help\.$")
    bo = Player(server.url, tmp_path / "bo", "Bo", "fr")
    join_first_table(bo)
    bo.expect(r"^Ana lance la partie quand tout est prêt\.$")
    ana.expect(r"^Bo sits at the table\.$")
    bo.send("dire Hello Ana, ready?")
    ana.expect(r"^Bo says: Hello Ana, ready\?$")
    bo.send("aide")
    bo.expect(r"^dire, puis un texte : à toute la table\.$")
    bo.expect(r"^quitter : quitter la table\.$")
    ana.send("help")
    ana.expect(r"^say, then a text: to everyone at the table\.$")
    ana.send("say Yes, one minute.")
    bo.expect(r"^Ana dit : Yes, one minute\.$")
    wim = watching_first_table(server, tmp_path, "Wim")  # a friend who only watches
    wim.expect(r"^1 spectator: you\.$")
    ana.expect(r"^Wim watches the game\.$")
    ana.send("who")
    ana.expect(r"^2 seated \(you, Bo\), 3 free\.$")
    ana.expect(r"^1 spectator: Wim\.$")
    bo.send("reglages")
    bo.expect(r"^PNUE — Mr Dollar, 5 joueurs, robots normaux, publique, sans variante,"
              r" un robot après 2 minutes d'absence\.$")
    bo.send("commencer")
    bo.expect(r"^Le lancement revient à Ana\.$")
    ana.send("start")
    bo.expect(r"^Tour 1 : .* à la présidence\.$", timeout=30)
    text = "\n".join(ana.lines + bo.lines)
    assert "Type start, who, or quit." not in text
    _leave(ana, bo)


def test_a_table_is_created_in_one_line_or_from_its_summary(server: Server,
                                                            tmp_path: Path) -> None:
    """`create vanuatu 4 level strong code` makes the table at once; `create` alone asks
    the game, then sums the table up in one line: Enter creates it, a word changes one
    setting."""
    ana = Player(server.url, tmp_path / "ana", "Ana")
    ana.expect(r"^Lobby: type a number\.")
    ana.send("create vanuatu 4 level strong code")
    ana.expect(r"you have seat 1 of 4\.$")
    ana.expect(r"^Invitation code: [A-Z0-9]{8}\.$")
    ana.send("settings")
    ana.expect(r", 4 players, strong bots, by invitation, no variant, a bot after 2 minutes"
               r" away\.$")
    ana.send("quit")
    ana.expect(r"^You left the table\.$")
    ana.send("create")
    ana.expect(r"Type a number or a name")
    ana.send("pnue")
    ana.expect(r"^PNUE — Mr Dollar, 7 players, normal bots, public, no variant, a bot after 2"
               r" minutes away\.$")
    ana.expect(r"^Enter creates it; or type players, bots, level, variants, private, delay,"
               r" or rated\.$")  # a server with accounts keeps ratings
    ana.send("players")
    ana.expect(r"How many players")
    ana.send("6")
    ana.expect(r"^PNUE — Mr Dollar, 6 players, ")
    ana.send("private")
    ana.expect(r"^PNUE — Mr Dollar, 6 players, normal bots, by invitation, ")
    ana.send("")
    ana.expect(r"you have seat 1 of 6\.$")
    ana.expect(r"^Invitation code: ")
    _leave(ana)


def test_a_name_already_at_the_table_is_asked_again_and_a_name_changes_in_the_lobby(
        server: Server, tmp_path: Path) -> None:
    """A second "Ana" hears that the name is taken and is asked another at once; the
    lobby's `name` changes it, and the next `connect` remembers it."""
    ana = Player(server.url, tmp_path / "ana", "Ana")
    ana.expect(r"^Lobby: type a number\.")
    ana.send("create pnue 5")
    ana.expect(r"you have seat 1 of 5")
    home = tmp_path / "other"
    other = Player(server.url, home, "ana")
    other.expect(r"^Lobby: type a number\.")
    other.send("1")
    other.expect(r"Which table")
    other.send("1")
    other.expect(r"Which seat")
    other.send("")
    other.expect(r"^The name ana is already at this table\. Choose another\.$")
    other.expect(r"^Your new name\? Enter to keep ana\.$")
    other.send("Bo")
    other.expect(r"^Your name is now Bo\.$")
    other.expect(r"you have seat 2 of 5")
    ana.expect(r"^Bo sits at the table\.$")
    other.send("quit")
    other.expect(r"^You left the table\.$")
    other.send("name Cy")
    other.expect(r"^Your name is now Cy\.$")
    other.send("quit")
    other.wait()
    again = Player(server.url, home, "", command=["connect", server.url.removeprefix("ws://"),
                                                  "--speech", "off"])
    again.expect(r"^Lobby: type a number\.")
    again.send("1")
    again.expect(r"Which table")
    again.send("1")
    again.send("")
    ana.expect(r"^Cy sits at the table\.$")
    _leave(ana, again)


def test_the_language_given_to_connect_is_remembered(server: Server, tmp_path: Path) -> None:
    """`connect --lang fr` once: the next `connect` speaks French too."""
    first = Player(server.url, tmp_path / "eve", "Eve", "fr")
    first.expect(r"^Salon : tapez un numéro\.")
    first.send("quitter")
    first.wait()
    again = Player(server.url, tmp_path / "eve", "", command=[
        "connect", server.url.removeprefix("ws://")])
    again.expect(r"^Salon : tapez un numéro\.")
    again.send("aide")
    again.expect(r"^nom, puis un nom : votre nom sur ce serveur\.$")
    again.send("quitter")
    assert again.wait() == 0


def test_a_spectator_hears_where_the_game_stands_and_what_a_spectator_types(
        server: Server, tmp_path: Path) -> None:
    """Watching a game under way: where it stands and the spectator's commands; nothing
    about a start to wait for or choices to type."""
    ana = Player(server.url, tmp_path / "ana", "Ana")
    ana.expect(r"^Lobby: type a number\.")
    ana.send("create pnue 5")
    ana.expect(r"you have seat 1 of 5")
    ana.send("start")
    ana.expect(r"^Turn 1: ")
    eve = Player(server.url, tmp_path / "eve", "Eve")
    eve.expect(r"^Lobby: type a number\.")
    eve.send("watch")
    eve.expect(r"Which table")
    eve.send("1")
    eve.expect(r"^PNUE — Mr Dollar: you watch\.$")
    eve.expect(r"^You watch: type status, board, log, say, help, or quit\.$")
    eve.expect(r"^Where things stand:$")  # arriving, a spectator has missed nothing
    eve.send("who")  # one sentence a seat, and the spectators
    eve.expect(r"^Ana plays\.$")
    eve.expect(r"^You watch\.$")
    # Ana's `who` reads her client's table, updated by the server's news of Eve: under
    # load Eve heard her own `who` first, and Ana's came before that news (no Eve in it)
    ana.expect(r"^Eve watches the game\.$")
    ana.send("who")
    ana.expect(r"^You are Ana\.$")
    ana.expect(r"^Eve watches\.$")
    eve.send("quit")  # a spectator leaves without a question: back at the lobby
    eve.expect(r"^Back at the lobby\.$")
    eve.send("quit")
    assert eve.wait() == 0
    text = eve.text()
    assert "Waiting for the start" not in text
    assert "Type choices for what you can do." not in text
    _leave(ana)


def _bo_lost(server: Server, tmp_path: Path, delay: int) -> Player:
    """Ana and Bo at PNUE with 3 bots (``delay`` minutes for a lost seat), started; Bo's
    client dies."""
    ana = Player(server.url, tmp_path / "ana", "Ana")
    ana.expect(r"^Lobby: type a number\.")
    ana.send(f"create pnue 5 delay {delay}")
    ana.expect(r"you have seat 1 of 5")
    bo = Player(server.url, tmp_path / "bo", "Bo")
    join_first_table(bo)
    ana.expect(r"^Bo sits at the table\.$")
    ana.send("start")
    bo.expect(r"^Welcome to PNUE")
    bo.kill()
    return ana


def test_a_lost_connection_is_said_once_with_what_follows(server: Server,
                                                          tmp_path: Path) -> None:
    """Bo's client dies mid-game: Ana hears once that Bo lost the connection and when a
    bot plays for him."""
    ana = _bo_lost(server, tmp_path, 3)
    ana.expect(r"^Bo lost the connection; a bot takes over in 3 minutes unless Bo is"
               r" back\.$")
    time.sleep(1.5)  # the table's updates that follow say nothing more
    assert sum(1 for line in ana.text().splitlines() if "Bo lost" in line) == 1
    _leave(ana)


def test_who_says_each_seat_s_state_in_one_sentence(server: Server, tmp_path: Path) -> None:
    """Bo's client dies, a bot holds his seat at once: `who` says it in one sentence."""
    ana = _bo_lost(server, tmp_path, 0)
    ana.expect(r"^Bo lost the connection; a bot takes over until Bo is back\.$")
    ana.send("who")  # read once Ana is asked: the bot plays Bo's seat meanwhile
    ana.expect(r"^You are Ana\.$", timeout=40)
    ana.expect(r"^Bo is away; a bot takes over until Bo is back\.$")
    ana.expect(r"^\w+ is a bot\.$")
    _leave(ana)


def test_a_game_left_by_every_person_waits_for_them(server: Server, tmp_path: Path) -> None:
    """Ana, alone with bots, leaves mid-game (a bot would play at once): she hears that the
    game waits; back later, her seat is where she left it, the game not played out."""
    ana = Player(server.url, tmp_path / "ana", "Ana")
    ana.expect(r"^Lobby: type a number\.")
    ana.send("create pnue 5 delay 0")
    ana.expect(r"you have seat 1 of 5")
    ana.send("start")
    ana.expect(r"^Your turn: ")
    ana.send("quit")
    ana.expect(r"Type yes")
    ana.send("yes")
    ana.expect(r"^You left: with nobody else here, the game waits for you on the server\.$")
    assert ana.wait() == 0
    back = Player(server.url, tmp_path / "ana", "Ana")
    back.expect(r"^You take back your seat at PNUE — Mr Dollar\.$")
    back.expect(r"^Your turn: ", timeout=30)
    assert "Game over." not in back.text()
    _leave(back)
