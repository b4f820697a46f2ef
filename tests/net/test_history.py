"""``history`` at a server, over real sockets against a real server: an account sees every
game it played there, a guest the games of the seat tokens it kept; each only its own,
newest first, a page at a time; after the server restarts too."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from a11y_games.net import protocol as p
from tests.net.test_games import play
from tests.net.wire import Client, ServerProcess, run

pytestmark = pytest.mark.timeout(120)


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ServerProcess]:
    monkeypatch.setenv("A11Y_GAMES_LIMITS", "page=1")  # a page a game: paging is seen
    process = ServerProcess(tmp_path, 3).start()
    try:
        yield process
    finally:
        process.kill()


async def _ask(client: Client, message: object) -> p.ServerMessage:
    return await client.reply(await client.request(message))


async def _game(first: Client, second: Client) -> tuple[str, str]:
    """A PNUE game at 3 (a bot the third) played to its end by ``first`` (who creates
    it) and ``second``; the table's id and the second's seat token."""
    joined = await _ask(first, p.Create(game="pnue", players=3, bots={2: "random"}))
    assert isinstance(joined, p.Joined)
    seated = await _ask(second, p.Join(table=joined.table.id))
    assert isinstance(seated, p.Joined) and seated.token
    await first.request(p.Start())
    await asyncio.gather(play(first, 0, random.Random(1), []),
                         play(second, 1, random.Random(2), []))
    for client in (first, second):
        assert isinstance(await _ask(client, p.Leave()), p.Left)
    return joined.table.id, seated.token


async def _history(client: Client, tokens: list[str]) -> list[p.PlayedGame]:
    """Every page of ``client``'s history."""
    games: list[p.PlayedGame] = []
    start = 0
    while True:
        page = await _ask(client, p.History(tokens=tokens, start=start))
        assert isinstance(page, p.HistoryList), page
        assert len(page.games) <= 1, "the server's pages hold one game here"
        games += page.games
        start = page.total - page.more
        if not page.more:
            return games


def test_an_account_and_guests_each_hear_their_own_games(server: ServerProcess) -> None:
    async def scenario() -> None:
        ana = await Client.open(server.url, "Ana")
        assert isinstance(await _ask(ana, p.Register(name="Ana", password="a long secret")),
                          p.LoggedIn)
        bo = await Client.open(server.url, "Bo")
        cy = await Client.open(server.url, "Cy")
        _, bo_token = await _game(ana, bo)
        _, cy_token = await _game(ana, cy)

        mine = await _history(ana, [])  # an account: found by its name, no token needed
        assert [g.names[:2] for g in mine] == [["Ana", "Cy"], ["Ana", "Bo"]], "newest first"
        assert all(g.seats == [0] and g.game == "pnue" and g.places is None for g in mine)
        assert all(g.winners and len(g.names) == 3 for g in mine)

        bos = await _history(bo, [bo_token, "not a token"])
        assert [(g.names[:2], g.seats) for g in bos] == [(["Ana", "Bo"], [1])]
        assert await _history(bo, []) == [], "a guest without its tokens: nothing"
        cys = await _history(cy, [cy_token])
        assert [(g.names[:2], g.seats) for g in cys] == [(["Ana", "Cy"], [1])]
        for client in (ana, bo, cy):
            await client.close()

    run(scenario(), timeout=100)
    server.kill()
    server.start()  # kept in the database: a restart loses no game

    async def after() -> None:
        bo = await Client.open(server.url, "Bo")
        assert len(await _history(bo, [])) == 0
        ana = await Client.open(server.url, "Someone")
        assert isinstance(await _ask(ana, p.Login(name="Ana", password="a long secret")),
                          p.LoggedIn)
        assert len(await _history(ana, [])) == 2
        for client in (ana, bo):
            await client.close()

    run(after(), timeout=30)


def test_a_guest_s_client_keeps_its_finished_games_for_history(tmp_path: Path) -> None:
    """Ana, a guest, plays a game to its end, goes back to the lobby and types history:
    her game, said to her ("you"); her client started again still finds it (the seat's
    token is kept on her machine). Bo, a guest on another machine, finds none."""
    from tests.net.clients import Player, Server
    from tests.net.test_remote_play import a_game_to_its_end

    server = Server(tmp_path / "db", tmp_path / "server-home").start()
    try:
        ana = Player(server.url, tmp_path / "ana", "Ana")
        a_game_to_its_end(ana, game="pnue", players=3, seed=3)
        ana.send("history")
        line = (r"^1\. \d{4}-\d\d-\d\d \d\d:\d\d, PNUE — Mr Dollar with you, \w+, \w+:"
                r" (won by .+|nobody won); you (won|lost)\.$")
        ana.expect(r"^1 finished game, newest first:$")
        ana.expect(line)
        ana.close_input()
        assert ana.wait() == 0

        again = Player(server.url, tmp_path / "ana", "Ana")
        again.expect(r"^Lobby: type a number\.")
        again.send("historique")
        again.expect(r"^1 finished game, newest first:$")
        again.expect(line)
        bo = Player(server.url, tmp_path / "bo", "Bo")
        bo.expect(r"^Lobby: type a number\.")
        bo.send("history")
        bo.expect(r"^No finished game kept yet\.$")
        for player in (again, bo):
            player.close_input()
            assert player.wait() == 0
    finally:
        server.kill()


def test_a_game_over_before_the_history_is_found_after_the_upgrade(tmp_path: Path) -> None:
    """A server's database from before the history (schema 5) holds a finished game of a
    guest's: upgraded at start, the game is found by the guest's seat token, its line
    computed from its log."""
    import json
    import sqlite3

    from a11y_games.engine.match import Match, SeatSpec
    from a11y_games.games import all_specs
    from a11y_games.net.members import hash_token
    from a11y_games.net.storage import MIGRATIONS, migrate

    spec = all_specs()["vanuatu"]
    settings = spec.settings(2, 11, {})
    match = Match(spec, settings, [SeatSpec(kind="human", name="Ana"),
                                   SeatSpec(kind="bot", level="random", name_index=1)])
    rng = random.Random(4)
    while (pending := match.state.pending()) is not None:
        seat = pending.seats[0]
        legal = match.state.legal_actions(seat)
        forward = [a for a in legal if a != "back"] or legal
        match.act(seat, rng.choice(forward))
    record = {"id": "0ld", "game": "vanuatu", "players": 2, "seed": 11,
              "rules": spec.rules_version, "options": dict(settings.options),
              "creator": "Ana", "started": True, "over": True, "created": 1.0e9,
              "seats": [{"kind": "human", "name": "Ana", "token_hash": hash_token("kept")},
                        {"kind": "bot", "level": "random", "name_index": 1}]}
    path = tmp_path / "server" / "tables.sqlite3"
    path.parent.mkdir(parents=True)
    db = sqlite3.connect(path, isolation_level=None)
    assert migrate(db, MIGRATIONS[:5]) == 5
    db.execute("INSERT INTO tables VALUES ('0ld', 1, ?)", (json.dumps(record),))
    db.executemany("INSERT INTO actions VALUES ('0ld', ?, ?, ?)",
                   [(i, seat, action) for i, (seat, action) in enumerate(match.log)])
    db.close()
    server = ServerProcess(tmp_path).start()
    try:
        async def scenario() -> None:
            ana = await Client.open(server.url, "Ana")
            games = await _history(ana, ["kept"])
            assert len(games) == 1 and games[0].seats == [0] and games[0].game == "vanuatu"
            assert games[0].ended == 1.0e9 and games[0].names[0] == "Ana"
            assert games[0].places is not None and set(games[0].places) == {0, 1}
            assert await _history(ana, ["another"]) == []
            await ana.close()

        run(scenario(), timeout=30)
    finally:
        server.kill()


async def _replay(client: Client, table: str, tokens: list[str]) -> p.ReplayPage:
    """Every page of a replay, its steps together in the first."""
    first = await _ask(client, p.ReplayOpen(table=table, tokens=tokens))
    assert isinstance(first, p.ReplayPage), first
    while len(first.steps) < first.total:
        page = await _ask(client, p.ReplayOpen(table=table, tokens=tokens,
                                               start=len(first.steps)))
        assert isinstance(page, p.ReplayPage) and page.steps
        first.steps += page.steps
    return first


def test_a_replay_sends_only_what_the_seat_saw_at_each_step(tmp_path: Path) -> None:
    """A PNUE game at 5 (Ana and Bo, guests, and 3 bots) gone over from Ana's seat: its
    steps are exactly the events her live client was sent, and status, board and her
    private view at every step are her seat's own as the game had them then: no other
    seat's secret (Bo's role, the others' cards) ever reaches her. Bo cannot open it
    with Ana's game and his own token only; nobody opens it without a seat there."""
    from a11y_games.engine.replay import Replay
    from a11y_games.games import all_specs
    from tests.net.wire import replay as rebuild

    server = ServerProcess(tmp_path, 8).start()
    try:
        async def scenario() -> None:
            ana = await Client.open(server.url, "Ana")
            bo = await Client.open(server.url, "Bo")
            joined = await _ask(ana, p.Create(game="pnue", players=5,
                                              bots={2: "normal", 3: "random", 4: "normal"}))
            assert isinstance(joined, p.Joined) and joined.token
            seated = await _ask(bo, p.Join(table=joined.table.id))
            assert isinstance(seated, p.Joined) and seated.token
            await ana.request(p.Start())
            await asyncio.gather(play(ana, 0, random.Random(3), []),
                                 play(bo, 1, random.Random(4), []))
            lived = [m.msg for m in ana.of(p.EventMsg) if m.msg is not None]
            table = joined.table.id
            for client in (ana, bo):
                assert isinstance(await _ask(client, p.Leave()), p.Left)

            page = await _replay(ana, table, [joined.token])
            assert page.seat == 0 and page.winners and page.reason is not None
            assert [m.msg for step in page.steps for m in step] == lived, \
                "step by step, exactly what her seat was sent live"
            record, log = server.table(table)
            spec = all_specs()["pnue"]
            mine = Replay(spec, rebuild(record, log).state.settings, log, 0)
            assert len(mine.steps) == page.total
            for index in range(page.total):
                mine.go(index)
                state = mine.state()
                for what, expected in (("status", state.status(0)),
                                       ("private", state.private(0)),
                                       ("board", state.board(0, ""))):
                    answer = await _ask(ana, p.ReplayAsk(step=index, what=what))
                    assert isinstance(answer, p.Answer) and answer.lines == expected, \
                        (index, what)
            refused = await _ask(bo, p.ReplayOpen(table=table, tokens=["not Bo's"]))
            assert isinstance(refused, p.Error) and refused.msg.id == "net.error.no_game"
            his = await _replay(bo, table, [seated.token])
            assert his.seat == 1, "Bo's token opens Bo's seat, never Ana's"
            for client in (ana, bo):
                await client.close()

        run(scenario(), timeout=150)
    finally:
        server.kill()


def test_a_player_goes_over_a_network_game_from_the_lobby(tmp_path: Path) -> None:
    """At the terminal: after a game, history numbers it and replay 1 goes over it from
    the player's seat with the local replay's words (next, end, status, me), then quit
    is the lobby again."""
    from tests.net.clients import Player, Server
    from tests.net.test_remote_play import a_game_to_its_end

    server = Server(tmp_path / "db", tmp_path / "server-home").start()
    try:
        ana = Player(server.url, tmp_path / "ana", "Ana")
        a_game_to_its_end(ana, game="pnue", players=5, seed=4)
        ana.send("history")
        ana.expect(r"^Type replay and a number to go over one\.$")
        ana.send("replay 1")
        ana.expect(r"^Replay of PNUE — Mr Dollar, \d{4}-\d\d-\d\d \d\d:\d\d: \d+ steps\.$")
        ana.expect(r"^Enter or next goes on; help for the other commands\.$")
        ana.expect(r"^Turn 1: ")  # step 1: the deal, her role, the first President
        ana.send("me")  # her own view at step 1, asked of the server
        ana.expect(r"^Your role: ")
        ana.send("end")
        ana.expect(r"^Game over\.|^The (ecologists|lobbyists) win|^Mr Dollar")
        ana.send("save")
        ana.expect(r"^Record written, \d+ lines: ")  # at her computer: test_replay_record
        ana.send("quit")
        ana.expect(r"^Lobby: type a number\.")
        ana.close_input()
        assert ana.wait() == 0
        assert "Traceback" not in ana.text()
    finally:
        server.kill()


@pytest.mark.timeout(60)
def test_the_lobby_s_menu_is_said_whole_once_then_its_header_after_a_command(
        tmp_path: Path) -> None:
    """Listening is slow: after history (or who, help, tell...) the lobby says its header
    alone, not its 5 items again; Enter alone says them again."""
    from tests.net.clients import Player, Server

    server = Server(tmp_path / "db", tmp_path / "home").start()
    try:
        ana = Player(server.url, tmp_path / "ana", "Ana")
        ana.expect(r"^5\. Leave\.$")
        ana.send("history")
        ana.expect(r"^No finished game kept yet\.$")
        ana.expect(r"^Lobby: type a number\.$")
        ana.send("")
        ana.expect(r"^Lobby: type a number\.$")
        ana.expect(r"^1\. Join a table\.$")
        ana.close_input()
        assert ana.wait() == 0
        heard = ana.text().split("No finished game kept yet.", 1)[1]
        assert heard.count("1. Join a table.") == 1, heard
    finally:
        server.kill()
