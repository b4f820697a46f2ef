"""Network play as players meet it: a real server process, real clients over loopback.

Each client is `a11y-games connect` with its input a pipe (the plain client); a small
policy answers its questions. The tests read what each player's screen shows.
"""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tests.answering import Answerer
from tests.net.clients import Player, Server, kill_leftovers

pytestmark = pytest.mark.timeout(180)

RACE = {"en": r"^Race! ", "fr": r"^Course"}
OVER = {"en": r"^Game over\.", "fr": r"^Partie terminée\."}
OWN = {"Ana": "You are Ana.", "Bo": "Vous êtes Bo.", "Cy": "You are Cy."}
"""The one line of a game that names a player to itself: every other says "you"."""


@pytest.fixture
def server(tmp_path: Path):
    running = Server(tmp_path / "db", tmp_path / "server-home").start()
    yield running
    running.kill()


def create_table(host: Player, *, game: str, players: int, bots: int,
                 delay_minutes: int = 2, level: str = "", listed: bool = True) -> None:
    """The lobby's create command in one line, as typed by a player (``level``: the bots'
    level as numbered in the level question, 3 for strong, "" for normal; ``listed``:
    shown in the lobby, else by invitation only)."""
    host.expect(r"^Lobby: type a number\.|^Salon :")
    words = {"": "", "1": " level random", "2": " level normal", "3": " level strong"}[level]
    host.send(f"create {game} {players} bots {bots}{words}{'' if listed else ' private'}"
              f" delay {delay_minutes}")
    host.expect(r"you have seat|vous avez la place")  # the table is there for others
    host.seen -= 1  # the seat taken: left for the caller to expect


def watching_first_table(server: Server, tmp_path: Path, name: str) -> Player:
    """A client that watches the first table listed, from the lobby (PNUE's game)."""
    watcher = Player(server.url, tmp_path / name.lower(), name)
    watcher.expect(r"^Lobby: type a number\.")
    watcher.send("4")  # watch a game
    watcher.expect(r"Which table")
    watcher.send("1")
    watcher.expect(r"PNUE — Mr Dollar: you watch\.")
    return watcher


def join_first_table(player: Player, seat: int | None = None) -> None:
    """Join the first table listed; ``seat`` (as numbered from 1) if asked which, else
    Enter (the first free one)."""
    player.expect(r"^Lobby: type a number\.|^Salon :")
    player.send("1")  # join a table
    player.expect(r"Which table|Quelle table")
    player.send("1")
    asked = player.expect(r"Which seat|Quelle place|you have seat|vous avez la place")
    if asked.group(0) in ("Which seat", "Quelle place"):
        player.send("" if seat is None else str(seat))
    else:
        player.seen -= 1  # the seat taken, not asked: left for the caller to expect


def a_game_to_its_end(player: Player, *, game: str, players: int, seed: int,
                      until: float = 150.0) -> None:
    """``player`` creates a table of ``game`` (bots in the other seats), plays it to its
    end (English) and is back at the lobby."""
    create_table(player, game=game, players=players, bots=players - 1)
    player.expect(rf"you have seat 1 of {players}")
    player.send("start")
    play({player.name: (player, "en")}, seed=seed, until=until)
    player.send("quit")
    player.expect(r"^Back at the lobby\.")


def play(players: dict[str, tuple[Player, str]], seed: int, *, until: float = 150.0,
         stop_after: tuple[str, int] | None = None,
         until_line: tuple[str, str] | None = None) -> None:
    """Answer every question of every player (a random choice, Enter in a race) until each
    one's screen says the game is over, or (``stop_after``) one player gave N answers, or
    (``until_line``) a player's screen shows a line matching a pattern."""
    for i, (player, _) in enumerate(players.values()):  # a player keeps the keys it heard
        if not hasattr(player, "answerer"):
            player.answerer = Answerer(seed * 100 + i)  # type: ignore[attr-defined]
    readers = {name: player.answerer for name, (player, _) in players.items()}  # type: ignore[attr-defined]
    done: set[str] = set()
    answers = dict.fromkeys(players, 0)
    deadline = time.monotonic() + until
    while len(done) < len(players):
        if time.monotonic() > deadline:
            tails = "\n\n".join(f"{name}:\n" + "\n".join(player.lines[-15:])
                                for name, (player, _) in players.items())
            raise AssertionError(f"the game did not end in time:\n{tails}")
        for name, (player, lang) in players.items():
            if name in done:
                continue
            player._pull(0.05)
            while player.seen < len(player.lines):
                line = player.lines[player.seen]
                player.seen += 1
                if until_line and until_line[0] == name and re.search(until_line[1], line):
                    return
                readers[name].feed(line)
                if re.search(RACE[lang], line):
                    player.send("")
                elif re.search(OVER[lang], line):
                    done.add(name)
                    break
            if name in done:
                continue
            answer = readers[name].answer()  # once the lines that came are all read
            if answer is not None:
                player.send(answer)
                if answer != "choices":
                    answers[name] += 1
                if stop_after and answers.get(stop_after[0], 0) >= stop_after[1]:
                    return


def test_a_pnue_game_with_three_remote_players_and_two_bots(server: Server,
                                                            tmp_path: Path) -> None:
    """PNUE at 5: three people on their own machines (one in French), two bots on the
    server; each hears the table in their own language and the game ends for all."""
    ana = Player(server.url, tmp_path / "ana", "Ana", "en")
    create_table(ana, game="pnue", players=5, bots=2)
    ana.expect(r"you have seat 1 of 5")
    assert "Crisis race" not in ana.text(), "the crises' sub-question only with crises on"
    bo = Player(server.url, tmp_path / "bo", "Bo", "fr")
    join_first_table(bo, seat=3)  # two seats free (2 and 3): Bo is asked, and takes 3
    bo.expect(r"vous avez la place 3 sur 5")
    asked = [" ".join(line.split()) for line in bo.lines if line.startswith("Quelle place")]
    assert asked == ["Quelle place ? Libres : 2, 3 ; Entrée pour la 2."], asked
    ana.expect(r"Bo sits at the table\.")
    cy = Player(server.url, tmp_path / "cy", "Cy", "en")
    join_first_table(cy)  # one seat left: not asked
    cy.expect(r"you have seat 2 of 5")
    assert "Which seat" not in cy.text()
    ana.expect(r"Cy sits at the table\.")
    ana.send("start")
    for player, welcome in ((ana, "Welcome to PNUE"), (bo, "Bienvenue dans PNUE"),
                            (cy, "Welcome to PNUE")):
        player.expect(welcome)
    play({"Ana": (ana, "en"), "Bo": (bo, "fr"), "Cy": (cy, "en")}, seed=5)
    for player in (ana, bo, cy):
        player.close_input()
        assert player.wait() == 0
    for player in (ana, bo, cy):
        assert "Traceback" not in player.text() and "Task " not in player.text()
        unrendered = re.findall(r"\b(?:online|core|net|pnue)\.[a-z_]+\.[a-z_.]+", player.text())
        assert not unrendered, unrendered
    french = bo.text()
    assert "Partie terminée." in french and "Game over." not in french
    assert "Vous êtes Bo." in french
    for player, name in ((ana, "Ana"), (bo, "Bo"), (cy, "Cy")):  # each hears "you", not
        game = player.lines[player.lines.index(next(  # its own name, rendered at its client
            line for line in player.lines if line.startswith(("Welcome", "Bienvenue")))):]
        assert re.search(r"^5 (players:|joueurs :) .*\b(you|vous)\b", game[1]), game[1]
        named = [line for line in game if name in line and not re.match(
            rf"{name}, (you|vous) ", line)]  # "Ana, you won."
        assert named == [OWN[name]], named
    assert "Ana" in cy.lines[cy.lines.index("Welcome to PNUE — Mr Dollar.") + 1]
    for player in (ana, cy):
        text = player.text()
        assert "Game over." in text and "Partie terminée" not in text


def test_a_client_closed_mid_game_takes_its_seat_back(server: Server, tmp_path: Path) -> None:
    """Bo's client dies mid-game; the table is told, a bot holds the seat (delay 0), and
    Bo's client started again takes the seat back, hears what was missed in short, and
    plays to the end."""
    ana = Player(server.url, tmp_path / "ana", "Ana")
    create_table(ana, game="pnue", players=5, bots=3, delay_minutes=0)
    bo = Player(server.url, tmp_path / "bo", "Bo")
    join_first_table(bo)
    ana.expect(r"Bo sits at the table\.")
    ana.send("start")
    players = {"Ana": (ana, "en"), "Bo": (bo, "en")}
    play(players, seed=7, stop_after=("Bo", 3))
    bo.kill()
    alone = {"Ana": (ana, "en")}
    play(alone, seed=8, until=30, until_line=("Ana", r"Bo lost the connection;"))
    play(alone, seed=9, until=30, until_line=("Ana", r"A bot plays for Bo"))
    bo = Player(server.url, tmp_path / "bo", "Bo")  # the same machine: its token kept
    bo.expect(r"You take back your seat at PNUE")
    play(alone, seed=10, until=30, until_line=("Ana", r"Bo takes their seat back"))
    play({"Ana": (ana, "en"), "Bo": (bo, "en")}, seed=11)
    for player in (ana, bo):
        player.close_input()
        assert player.wait() == 0
    back = bo.text()
    assert "Game over." in back and "Traceback" not in back and "Task " not in back
    assert "Bo is back" not in back  # said to Bo as "You take back your seat"
    assert re.search(r"\d+ events? while you were away: type log", back)


def _ana_alone_at_pnue(server: Server, tmp_path: Path) -> Player:
    """Ana's client at a PNUE table of hers with 4 bots, started."""
    ana = Player(server.url, tmp_path / "ana", "Ana")
    create_table(ana, game="pnue", players=5, bots=4)
    ana.expect(r"you have seat 1 of 5")
    ana.send("start")
    return ana


def test_a_server_killed_mid_game_comes_back_and_the_client_plays_on(tmp_path: Path) -> None:
    """`kill -9` of the server mid-game: the client says the connection is lost, then after
    10 seconds that it is still trying (no silence that sounds like a hung client),
    reconnects by itself within seconds of the server's start again (same port, same
    data), takes its seat back and the game goes on to its end with nothing lost."""
    server = Server(tmp_path / "db", tmp_path / "server-home").start()
    try:
        ana = _ana_alone_at_pnue(server, tmp_path)
        play({"Ana": (ana, "en")}, seed=21, stop_after=("Ana", 3))
        port = server.port
        server.kill()
        ana.expect(r"Connection lost: reconnecting\.", timeout=30)
        ana.expect(r"^Still reconnecting, for 10 seconds now\.", timeout=30)
        server = Server(tmp_path / "db", tmp_path / "server-home").start(port=port)
        back = time.monotonic()
        ana.expect(r"Connected again: you have your seat\.", timeout=60)
        assert time.monotonic() - back < 15  # tried every 5 s, not after minutes of backoff
        play({"Ana": (ana, "en")}, seed=22)
        ana.close_input()
        assert ana.wait() == 0
        text = ana.text()
        assert "Traceback" not in text
    finally:
        server.kill()


def test_a_connection_lost_in_the_lobby_is_said_and_the_lobby_goes_on(tmp_path: Path) -> None:
    """The server goes down while a player is in the lobby: the loss is said as it
    happens, then that it is still tried; a choice meanwhile says it was not done (the
    client stays); once the server is back, "Connected again." and the lobby works."""
    server = Server(tmp_path / "db", tmp_path / "server-home").start()
    try:
        ana = Player(server.url, tmp_path / "ana", "Ana")
        ana.expect(r"^Lobby: type a number\.")
        port = server.port
        server.kill()
        ana.expect(r"^Connection lost: reconnecting\.", timeout=30)
        ana.send("1")  # join a table
        ana.expect(r"^Not done: the connection is lost\. Try again once connected\.",
                   timeout=30)
        ana.expect(r"^Still reconnecting, for 10 seconds now\.", timeout=30)
        server = Server(tmp_path / "db", tmp_path / "server-home").start(port=port)
        ana.expect(r"^Connected again\.$", timeout=30)
        ana.send("1")
        ana.expect(r"^No table has a free seat: create one\.")
        create_table(ana, game="pnue", players=5, bots=4)
        ana.expect(r"you have seat 1 of 5")
        ana.send("quit")
        ana.close_input()
        assert ana.wait() == 0
        assert "Traceback" not in ana.text()
    finally:
        server.kill()


def test_a_spectator_back_after_a_server_restart_hears_the_game_on(tmp_path: Path) -> None:
    """Eve watches Ana's game; the server is killed and started again: Eve's client
    watches again by itself ("Connected again."), hears the missed events counted and the
    game to its end (she heard nothing more before)."""
    server = Server(tmp_path / "db", tmp_path / "server-home").start()
    try:
        ana = _ana_alone_at_pnue(server, tmp_path)
        eve = watching_first_table(server, tmp_path, "Eve")
        play({"Ana": (ana, "en")}, seed=23, stop_after=("Ana", 2))
        port = server.port
        server.kill()
        eve.expect(r"^Connection lost: reconnecting\.", timeout=30)
        server = Server(tmp_path / "db", tmp_path / "server-home").start(port=port)
        eve.expect(r"^Connected again\.$", timeout=30)
        play({"Ana": (ana, "en")}, seed=24)
        eve.expect(r"^Game over\.", timeout=30)
        assert "Eve is back." not in eve.text()  # her own return is "Connected again."
        assert "Traceback" not in eve.text() + ana.text()
    finally:
        server.kill()


def test_a_table_over_tls(tmp_path: Path) -> None:
    """`serve --certfile --keyfile` and `connect wss://...`: the lobby and a game over an
    encrypted connection (the client trusts the test's own certificate)."""
    import shutil
    import subprocess

    if shutil.which("openssl") is None:
        pytest.skip("openssl is needed to make a certificate")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
                    "-subj", "/CN=localhost", "-addext",
                    "subjectAltName=DNS:localhost,IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    server = Server(tmp_path / "db", tmp_path / "server-home", "--certfile", str(cert),
                    "--keyfile", str(key)).start()
    try:
        assert server.url.startswith("wss://")
        ana = Player(server.url, tmp_path / "ana", "Ana", env={"SSL_CERT_FILE": str(cert)})
        ana.expect(r"^Connected to wss://127\.0\.0\.1:\d+\.")
        create_table(ana, game="pnue", players=5, bots=4)
        ana.expect(r"you have seat 1 of 5")
        ana.send("start")
        play({"Ana": (ana, "en")}, seed=31)
        ana.close_input()
        assert ana.wait() == 0
    finally:
        server.kill()


def test_a_spectator_watches_and_chats_only_with_spectators(server: Server,
                                                           tmp_path: Path) -> None:
    """Eve watches Ana's game from the lobby: she hears the public lines (never Ana's role),
    and what she says reaches the spectators, not Ana during the game."""
    ana = Player(server.url, tmp_path / "ana", "Ana")
    create_table(ana, game="pnue", players=5, bots=4)
    ana.expect(r"you have seat 1 of 5")
    ana.send("start")
    ana.expect(r"^Your role: ")
    eve = watching_first_table(server, tmp_path, "Eve")
    eve.expect(r"^Welcome to PNUE")
    eve.send("say hello from the gallery")
    eve.expect(r"Spectator Eve says: hello from the gallery")
    play({"Ana": (ana, "en")}, seed=41)
    eve.expect(r"^Game over\.", timeout=30)  # she heard the game to its end
    ana.close_input()
    eve.close_input()
    assert ana.wait() == 0 and eve.wait() == 0
    assert "hello from the gallery" not in ana.text()
    watched = eve.text()
    assert "Your role" not in watched and "You drew" not in watched
    assert re.search(r"nominates|enacts|Turn \d+", watched)  # the public lines, heard
    assert not re.search(r"\b[Yy]ou (are|nominate|enact|draw)\b", watched)  # with names
    assert re.search(r"^Turn \d+: \w+ is President\.$", watched, re.M)


def test_the_launcher_has_an_online_entry_that_opens_a_server_s_lobby(
        server: Server, tmp_path: Path) -> None:
    """`a11y-games` with no game: the last entry of the game list plays at a network
    table; it asks the server's address, then the name once, then opens the lobby."""
    ana = Player(server.url, tmp_path / "ana", "Ana",
                 command=["--lang", "en", "--speech", "off", "--sound", "off"])
    entry = ana.expect(r"^(\d+)\. Play at a network table")
    ana.expect(r"Enter for 1\.")
    ana.send("online")
    ana.expect(r"Server address\?")
    ana.send(server.url.removeprefix("ws://"))
    ana.expect(r"Your name at network tables")
    ana.send("Ana")
    ana.expect(rf"^Connected to {re.escape(server.url)}\.")
    ana.expect(r"^Lobby: type a number\.")
    ana.send("5")  # leave
    ana.expect(r"^Goodbye\.")
    ana.close_input()
    assert ana.wait() == 0
    assert int(entry.group(1)) == 5  # after the four games


@pytest.mark.parametrize("server_seed", [1])
def test_a_crisis_race_is_won_by_arrival_at_the_server(tmp_path: Path, server_seed: int) -> None:
    """PNUE with crises: a remote player hears "Race!", presses Enter on their own machine,
    hears their time, and the race is ordered by arrival at the server."""
    server = Server(tmp_path / "db", tmp_path / "server-home", "--seed",
                    str(server_seed)).start()
    try:
        ana = Player(server.url, tmp_path / "ana", "Ana")
        ana.expect(r"^Lobby: type a number\.")
        ana.send("create pnue 5 bots 4 crises on delay 2")
        ana.expect(r"you have seat 1 of 5")
        ana.send("start")
        play({"Ana": (ana, "en")}, seed=51)
        ana.close_input()
        assert ana.wait() == 0
        text = ana.text()
        assert re.search(r"^Race! Ana, press Enter now!$", text, re.M)
        assert re.search(r"^You reacted in \d+\.\d\d seconds\.$", text, re.M)
    finally:
        server.kill()


def test_a_table_s_bots_may_each_have_their_own_level(server: Server, tmp_path: Path) -> None:
    """Creating a table with 2 bots: "the same level for every bot?" No: each bot's level
    is asked by its seat (numbered as players know them), and the server seats them so."""
    from a11y_games.net.storage import SqliteStorage

    ana = Player(server.url, tmp_path / "ana", "Ana", "en")
    ana.expect(r"^Lobby: type a number\.")
    ana.send("2")
    ana.expect(r"Type a number or a name")
    ana.send("vertigo")
    ana.expect(r"^Enter creates it")
    ana.send("3")
    ana.expect(r"^Vertigo, 3 players, normal bots, public, no variant, a bot after 2 minutes")
    ana.send("bots")
    ana.expect(r"How many bots")
    ana.send("2")
    ana.expect(r"The same level for every bot\? Enter for yes\.")
    ana.send("no")
    ana.expect(r"Bot at seat 2: level\? Enter for 2\.")
    ana.send("3")  # strong
    ana.expect(r"Bot at seat 3: level\? Enter for 2\.")
    ana.send("1")  # random
    ana.expect(r"^Enter creates it")
    ana.send("")
    ana.expect(r"you have seat 1 of 3")
    ana.expect(r"^3 seated \(you, .*\), none free\.$")  # not "0 free"
    storage = SqliteStorage(tmp_path / "db" / "tables.sqlite3")
    try:
        (record, _), = storage.load_unfinished()
    finally:
        storage.close()
    assert [(s.kind, s.level) for s in record.seats][1:] == [("bot", "strong"),
                                                              ("bot", "random")]
    assert record.level == "normal"


@pytest.mark.parametrize(("lang", "said"), [("en", "Type a number from 1 to 5, or help."),
                                            ("fr", "Tapez un numéro de 1 à 5, ou aide.")])
def test_a_word_the_lobby_does_not_know_says_which_numbers_it_takes(
        server: Server, tmp_path: Path, lang: str, said: str) -> None:
    """A command typed in the lobby ("lang fr") is answered in words, never with a
    message id ("online.lobby.unknown")."""
    ana = Player(server.url, tmp_path / "ana", "Ana", lang)
    ana.expect(r"^5\. ")  # the menu, heard to its end
    ana.send("lang fr")
    line = ana.expect(r"^(?!Lobby>|Salon>)\S")  # the answer, not the prompt
    ana.send("5")  # leave
    ana.close_input()
    assert ana.wait() == 0
    assert line.string == said


def test_the_count_of_answers_agrees_with_how_many_answered(server: Server,
                                                            tmp_path: Path) -> None:
    """While a vote fills up: "1 sur 5 a répondu.", then "2 sur 5 ont répondu." (the verb
    agrees with those who answered, not with the table). Counts that more news followed
    are not said (only the latest is), but the log keeps them all."""
    bo = Player(server.url, tmp_path / "bo", "Bo", "fr")
    create_table(bo, game="pnue", players=5, bots=4)
    bo.expect(r"vous avez la place 1 sur 5")
    bo.send("start")
    if bo.expect(r"^À vous : (Proposez|Les approuver)").group(1) == "Proposez":
        bo.send("1")  # Bo is the first President: a nomination, then the vote
        bo.expect(r"^Les approuver")
    bo.send("journal 30")
    bo.expect(r"^1 sur 5 a répondu\.$")
    bo.expect(r"^2 sur 5 ont répondu\.$")
    bo.send("quitter")
    bo.close_input()
    bo.wait()


def test_a_client_back_after_the_end_hears_how_the_game_ended(server: Server,
                                                               tmp_path: Path) -> None:
    """Ana's client dies mid-game; Bo plays on with the bots, one of them holding her
    seat, to the end. Started again, her client takes the seat back: the missed turns are
    counted, but the end itself is said as at the table (why the game ended, who was
    who), not only "Game over." and the winners."""
    ana = Player(server.url, tmp_path / "ana", "Ana")
    create_table(ana, game="pnue", players=5, bots=3, delay_minutes=0)
    ana.expect(r"you have seat 1 of 5")
    bo = Player(server.url, tmp_path / "bo", "Bo")
    join_first_table(bo)
    ana.expect(r"Bo sits at the table\.")
    ana.send("start")
    play({"Ana": (ana, "en"), "Bo": (bo, "en")}, seed=7, stop_after=("Ana", 6))
    ana.kill()
    play({"Bo": (bo, "en")}, seed=8)  # a bot plays Ana's seat meanwhile
    bo.kill()
    ana = Player(server.url, tmp_path / "ana", "Ana")  # the same machine: its token kept
    ana.expect(r"You take back your seat at PNUE")
    # missed turns counted (or, past 300 events, summed up): not read one by one
    ana.expect(r"\d+ events? while you were away: type log to hear (it|them)\."
               r"|^Where things stand after \d+ missed events:")
    ana.expect(r"^The (ecologists|lobbyists) win|^Mr Dollar")  # why the game ended
    ana.expect(r"^You were ")  # the roles revealed
    ana.expect(r"^Game over\.")
    ana.close_input()
    assert ana.wait() == 0
    assert "Traceback" not in ana.text()


def test_an_answer_typed_while_the_server_is_down_is_said_not_sent(tmp_path: Path) -> None:
    """The server stops while Ana is asked to vote; she answers anyway: she hears that her
    answer was not sent and that the question comes back, and it does once the server is
    started again."""
    server = Server(tmp_path / "db", tmp_path / "server-home").start()
    try:
        ana = _ana_alone_at_pnue(server, tmp_path)
        play({"Ana": (ana, "en")}, seed=21, until_line=("Ana", r"^Approve "))
        port = server.port
        server.kill()
        ana.expect(r"Connection lost: reconnecting\.", timeout=30)
        ana.send("1")
        ana.expect(r"^Not sent: the connection is lost\. "
                   r"The question comes back once connected again\.")
        server = Server(tmp_path / "db", tmp_path / "server-home").start(port=port)
        ana.expect(r"Connected again: you have your seat\.", timeout=60)
        ana.expect(r"^Approve ")
        ana.kill()
    finally:
        server.kill()


def test_a_bot_thinking_at_the_server_is_said_in_the_player_s_language(tmp_path: Path) -> None:
    """A strong bot at a network table, 2 s a decision: the French player hears which bot
    is thinking once nothing was said for 3 s; the line is not kept in the log."""
    server = Server(tmp_path / "db", tmp_path / "server-home", "--think", "2").start()
    try:
        ana = Player(server.url, tmp_path / "ana", "Ana", "fr")
        create_table(ana, game="vertigo", players=2, bots=1, level="3")  # a strong bot
        ana.expect(r"vous avez la place 1 sur 2")
        ana.send("commencer")
        ana.expect(r"Bienvenue dans Vertigo")
        play({"Ana": (ana, "fr")}, seed=3, until=60, until_line=("Ana", r"réfléchit\.$"))
        thinking = ana.lines[ana.seen - 1]
        assert re.match(r"^\S+ réfléchit\.$", thinking), thinking
        # (a script is read when its seat is asked; after the round's opening the turn
        # is implied: the question may come without "À vous :")
        ana.expect(r"^À vous|^Gestion, \d+ \$\. Quelle étape \?$", 90)
        ana.send("journal chercher smog")
        ana.expect(r"^\d+ messages contiennent smog", 20)  # the bot's moves are logged...
        ana.send("journal chercher réfléchit")
        ana.expect(r"^Aucun message ne contient réfléchit\.$", 20)  # ...not its thinking
    finally:
        server.kill()


def test_a_strong_bot_holding_a_lost_seat_is_not_said_to_be_its_player(tmp_path: Path) -> None:
    """Bo's connection is lost and a strong bot plays his seat: when it thinks a while,
    Ana hears "The bot playing for Bo is thinking.", never "Bo is thinking." (Bo is away)."""
    server = Server(tmp_path / "db", tmp_path / "server-home", "--think", "2").start()
    try:
        ana = Player(server.url, tmp_path / "ana", "Ana")
        create_table(ana, game="vertigo", players=2, bots=0, delay_minutes=0,
                     level="3")  # strong: the bots that hold lost seats
        bo = Player(server.url, tmp_path / "bo", "Bo")
        join_first_table(bo)
        ana.expect(r"Bo sits at the table\.")
        ana.send("start")
        bo.expect(r"Welcome to Vertigo")
        bo.kill()
        alone = {"Ana": (ana, "en")}
        play(alone, seed=4, until=30, until_line=("Ana", r"A bot plays for Bo"))
        play(alone, seed=5, until=90, until_line=("Ana", r"is thinking\.$"))
        assert ana.lines[ana.seen - 1] == "The bot playing for Bo is thinking."
        assert "Bo is thinking." not in ana.lines
    finally:
        kill_leftovers()
        server.kill()


@pytest.mark.parametrize("listed", [True, False])
def test_after_a_game_quit_goes_back_to_the_lobby_for_the_next(server: Server, tmp_path: Path,
                                                                listed: bool) -> None:
    """A network game over, `quit` takes the player back to the lobby, still connected:
    Bo, still at the finished table, hears Ana go, then that she opened the next table
    (listed in the lobby, or by invitation: he asks for its code); he quits too and sits
    at it; both play it without starting the program again."""
    ana = Player(server.url, tmp_path / "ana", "Ana")
    create_table(ana, game="pnue", players=5, bots=3)
    bo = Player(server.url, tmp_path / "bo", "Bo")
    join_first_table(bo)
    ana.expect(r"Bo sits at the table\.")
    ana.send("start")
    play({"Ana": (ana, "en"), "Bo": (bo, "en")}, seed=3)
    ana.expect(r"^You can still read the log, the board and the rules\. "
               r"Type quit to go back to the lobby\.")
    ana.send("quit")  # the game is over: no question
    ana.expect(r"^Back at the lobby\.")
    bo.expect(r"^Ana left the table\.")
    create_table(ana, game="vertigo", players=3, bots=1, listed=listed)
    ana.expect(r"you have seat 1 of 3")
    if listed:
        bo.expect(r"^Ana opens the next table: type quit, then join it in the lobby\.")
    else:
        code = ana.expect(r"^Invitation code: (\w+)\.").group(1)
        bo.expect(r"^Ana opens the next table, by invitation: ask for its code, "
                  r"then type quit\.")
    bo.send("quit")
    bo.expect(r"^Back at the lobby\.")
    if listed:
        join_first_table(bo)
    else:
        bo.expect(r"^Lobby: type a number\.")
        bo.send("3")  # join with an invitation code
        bo.expect(r"Type the invitation code")
        bo.send(code)
    ana.expect(r"Bo sits at the table\.")
    ana.send("start")
    for player in (ana, bo):  # Bo's table told of the start (it went to his old one)
        player.expect(r"^Welcome to Vertigo\.")
    assert "Traceback" not in ana.text() + bo.text()
    for player in (bo, ana):
        player.kill()


def test_the_next_table_is_created_with_the_last_one_s_answers_on_enter(
        server: Server, tmp_path: Path) -> None:
    """Back at the lobby after a game, creating a table again offers the last table's
    answers on Enter (the game, its players, bots, variants): Enter all the way makes
    the same table."""
    ana = Player(server.url, tmp_path / "ana", "Ana")
    a_game_to_its_end(ana, game="pnue", players=6, seed=4)
    ana.expect(r"^Lobby>|^5\. Leave\.")
    ana.send("2")
    ana.expect(r"Enter for 1\.")  # PNUE: the first game of the list, as last time
    ana.send("")
    ana.expect(r"^PNUE — Mr Dollar, 6 players, normal bots, 5 seated now, public, no variant,"
               r" a bot after 2 minutes away\.$")
    ana.send("")
    line = ana.expect(r"you have seat")
    assert line.string.startswith("PNUE — Mr Dollar: you have seat 1 of 6"), line.string
    ana.expect(r"^6 seated \(you, ")
    ana.kill()
