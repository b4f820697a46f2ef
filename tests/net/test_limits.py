"""The server's limits (issue 29), each against a real server process over real sockets:
table spam, the table list's pages, one seat a connection, a silent connection, connections
and wrong tokens per address. Each refusal has its own message and a console line."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from a11y_games.net import protocol as p
from a11y_games.net.limits import ENVIRONMENT
from tests.net.clients import Server
from tests.net.wire import Client, run


def _server(tmp_path: Path, limits: str = "", *extra: str) -> Server:
    """A server of its own (limits lowered for a short test: ``"waiting=2 hello=2"``)."""
    server = Server(tmp_path / "db", tmp_path / "home", "--lang", "en", *extra)
    if limits:
        server.env[ENVIRONMENT] = limits
    return server.start()


def _console(server: Server, text: str, timeout: float = 10.0) -> str:
    """The server's console line containing ``text`` (waited for)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = [line for line in server.output if text in line]
        if found:
            return found[0]
        time.sleep(0.05)
    raise AssertionError(f"no console line with {text!r}: {server.output}")


async def _error(client: Client, req: int) -> p.Error:
    reply = await client.reply(req)
    assert isinstance(reply, p.Error), reply
    return reply


@pytest.mark.timeout(90)
def test_table_spam_is_refused_and_abandoned_tables_close(tmp_path: Path) -> None:
    """The audit's attack: connect, create, close, again and again. A fourth waiting table
    from one address is refused; tables whose creator went close within the wait; then the
    same address may open tables again."""
    server = _server(tmp_path, "waiting=2")

    async def scenario() -> None:
        refused = []
        for n in range(10):
            spammer = await Client.open(server.url, f"Spam{n}")
            req = await spammer.request(p.Create(game="vanuatu", players=3))
            reply = await spammer.reply(req)
            if isinstance(reply, p.Error):
                refused.append(reply.msg)
            await spammer.close()
        assert len(refused) == 7
        assert refused[0].id == "net.error.too_many_tables" and refused[0].params["count"] == 3
        eve = await Client.open(server.url, "Eve")
        req = await eve.request(p.ListTables())
        listed = await eve.reply(req)
        assert isinstance(listed, p.TableList) and len(listed.tables) == 3
        await asyncio.sleep(3.5)  # the wait for their creators (2 s), and a little more
        req = await eve.request(p.ListTables())
        listed = await eve.reply(req)
        assert isinstance(listed, p.TableList) and listed.tables == []
        req = await eve.request(p.Create(game="vanuatu", players=3))
        assert isinstance(await eve.reply(req), p.Joined)
        await eve.close()

    run(scenario(), 60)
    assert _console(server, "Refused a table to 127.0.0.1") == \
        "Refused a table to 127.0.0.1: 3 of its tables wait to start."


@pytest.mark.timeout(90)
def test_a_creator_back_within_the_wait_keeps_the_table(tmp_path: Path) -> None:
    """A dropped connection is not a person gone: back with the seat's token within the
    wait, the table and the seat are still there."""
    server = _server(tmp_path, "waiting=3")

    async def scenario() -> None:
        ana = await Client.open(server.url, "Ana")
        req = await ana.request(p.Create(game="vanuatu", players=3))
        joined = await ana.reply(req)
        assert isinstance(joined, p.Joined) and joined.token
        await ana.close()
        await asyncio.sleep(1)
        again = await Client.open(server.url, "Ana")
        req = await again.request(p.Resume(token=joined.token))
        back = await again.reply(req)
        assert isinstance(back, p.Joined) and back.table.id == joined.table.id
        await asyncio.sleep(4)  # past the wait: her seat is hers, the table listed
        req = await again.request(p.ListTables())
        listed = await again.reply(req)
        assert isinstance(listed, p.TableList)
        assert [t.id for t in listed.tables] == [joined.table.id]
        assert listed.tables[0].seats[0].connected
        await again.close()

    run(scenario(), 60)


@pytest.mark.timeout(120)
def test_the_table_list_comes_in_pages_and_by_game(tmp_path: Path) -> None:
    server = _server(tmp_path, "tables=100")

    async def scenario() -> None:
        creators = []
        for n in range(45):
            client = await Client.open(server.url, f"P{n}")
            game = "vertigo" if n % 3 == 0 else "vanuatu"
            req = await client.request(p.Create(game=game, players=2 if game == "vertigo"
                                                else 3))
            assert isinstance(await client.reply(req), p.Joined)
            creators.append(client)
        eve = await Client.open(server.url, "Eve")
        # a client from before pages: the first page, and no field it would refuse
        async with connect(server.url) as ws:
            await ws.send(p.encode(p.Hello(protocol=p.PROTOCOL, name="Old")).decode())
            await ws.recv()
            await ws.send('{"type": "list_tables", "req": 1}')
            old = json.loads(await ws.recv())
            assert old["type"] == "table_list" and "more" not in old
            assert len(old["tables"]) == 20
        pages = []
        start = 0
        while True:
            req = await eve.request(p.ListTables(start=start))
            page = await eve.reply(req)
            assert isinstance(page, p.TableList) and page.more is not None
            pages.append((len(page.tables), page.more))
            start += len(page.tables)
            if not page.more:
                break
        assert pages == [(20, 25), (20, 5), (5, 0)]
        req = await eve.request(p.ListTables(game="Vertigo", start=0))
        page = await eve.reply(req)
        assert isinstance(page, p.TableList)
        assert len(page.tables) == 15 and {t.game for t in page.tables} == {"vertigo"}
        assert page.more == 0
        req = await eve.request(p.ListTables(game="chess", start=0))
        assert (await _error(eve, req)).msg.id == "net.error.game"
        for client in creators:
            await client.close()
        await eve.close()

    run(scenario(), 100)


async def _started(url: str) -> tuple[Client, Client, str, str, str]:
    """Ana (seat 0) and Bruno (seat 1) at a started Vanuatu table with a bot; their tokens;
    a lost seat waits 1 s for a bot."""
    ana = await Client.open(url, "Ana")
    bruno = await Client.open(url, "Bruno")
    req = await ana.request(p.Create(game="vanuatu", players=3, bots={2: "random"},
                                     bot_delay=1))
    joined = await ana.reply(req)
    assert isinstance(joined, p.Joined) and joined.token
    req = await bruno.request(p.Join(table=joined.table.id))
    sat = await bruno.reply(req)
    assert isinstance(sat, p.Joined) and sat.token
    req = await ana.request(p.Start())
    await ana.reply(req)
    return ana, bruno, joined.table.id, joined.token, sat.token


async def _every_seat_held_by_a_bot(watcher: Client) -> None:
    """Nobody is connected any more: each human seat ends up lost, not 'connected' (a seat
    left connected without a connection would wait for ever). With nobody left the game
    waits for its people (no bot plays for them meanwhile: issue 28)."""
    def all_held(m: p.TableUpdate) -> bool:
        humans = [s for s in m.table.seats if s.kind == "human"]
        return all(not s.connected for s in humans)
    await watcher.expect(p.TableUpdate, all_held, timeout=10)


@pytest.mark.timeout(60)
def test_a_connection_holds_one_seat(tmp_path: Path) -> None:
    server = _server(tmp_path)

    async def scenario() -> None:
        ana, bruno, table, _ana_token, bruno_token = await _started(server.url)
        eve = await Client.open(server.url, "Eve")
        req = await eve.request(p.Watch(table=table))
        await eve.reply(req)
        req = await ana.request(p.Resume(token=bruno_token))
        refused = await _error(ana, req)
        assert refused.msg.id == "net.error.one_seat"
        req = await bruno.request(p.Ask(what="status"))  # Bruno still holds his seat
        assert isinstance(await bruno.reply(req), p.Answer)
        await ana.close()
        await bruno.close()
        await _every_seat_held_by_a_bot(eve)
        await eve.close()

    run(scenario(), 40)


@pytest.mark.timeout(60)
def test_a_spectator_taking_a_seat_stops_watching(tmp_path: Path) -> None:
    """A spectator who resumes a seat by token holds that seat only: when the connection
    drops, the seat is lost (and a bot holds it), not left 'connected'."""
    server = _server(tmp_path)

    async def scenario() -> None:
        ana, bruno, table, _ana_token, bruno_token = await _started(server.url)
        await bruno.close()
        eve = await Client.open(server.url, "Eve")
        req = await eve.request(p.Watch(table=table))
        await eve.reply(req)
        req = await eve.request(p.Resume(token=bruno_token))
        assert isinstance(await eve.reply(req), p.Joined)
        zoe = await Client.open(server.url, "Zoe")
        req = await zoe.request(p.Watch(table=table))
        await zoe.reply(req)
        await eve.close()
        await ana.close()
        await _every_seat_held_by_a_bot(zoe)
        await zoe.close()

    run(scenario(), 40)


@pytest.mark.timeout(60)
def test_a_connection_that_never_says_hello_is_closed(tmp_path: Path) -> None:
    server = _server(tmp_path, "hello=2")

    async def scenario() -> None:
        ana = await Client.open(server.url, "Ana")
        async with connect(server.url) as ws:
            silent = Client(ws, "silent")
            started = time.monotonic()
            await asyncio.wait_for(ws.wait_closed(), 10)
            assert ws.close_code == 1008
            assert 1.5 < time.monotonic() - started < 6
            await silent.drained()
            assert [e.msg.id for e in silent.of(p.Error)] == ["net.error.hello_late"]
        await asyncio.sleep(0.5)
        req = await ana.request(p.ListTables())  # who said hello stays
        assert isinstance(await ana.reply(req), p.TableList)
        await ana.close()

    run(scenario(), 30)
    assert _console(server, "Closed 127.0.0.1") == \
        "Closed 127.0.0.1: no hello within 2 seconds."


@pytest.mark.timeout(60)
def test_connections_from_one_address_are_capped(tmp_path: Path) -> None:
    server = _server(tmp_path, "connections=5")

    async def scenario() -> None:
        clients = [await Client.open(server.url, f"P{n}") for n in range(5)]
        async with connect(server.url) as ws:
            sixth = Client(ws, "sixth")
            await asyncio.wait_for(ws.wait_closed(), 10)
            assert ws.close_code == 1008
            await sixth.drained()
            errors = sixth.of(p.Error)
            assert [e.msg.id for e in errors] == ["net.error.too_many_connections"]
            assert errors[0].msg.params["count"] == 5
        await clients[0].close()
        await asyncio.sleep(0.5)
        again = await Client.open(server.url, "Again")  # one went: one may come
        for client in [*clients[1:], again]:
            await client.close()

    run(scenario(), 30)
    assert _console(server, "Refused 127.0.0.1") == \
        "Refused 127.0.0.1: 5 connections already open from it."


@pytest.mark.timeout(90)
def test_web_players_connections_are_not_capped_their_pages_are(tmp_path: Path) -> None:
    """Each web page's player connects over the server's own loopback listener: those
    connections are not counted, the pages are (2 pages, 2 players, a cap of 3)."""
    server = _server(tmp_path, "connections=3")
    base = server.url
    origin = base.replace("ws://", "http://")

    async def page(name: str) -> list[str]:
        ws = await connect(f"{base}/web", origin=origin)
        await ws.send(json.dumps({"t": "hello", "lang": "en",
                                  "prefs": {"lang": "en", "name": name}}))
        lines: list[str] = []
        while not any("Lobby: type a number." in line for line in lines):
            message = json.loads(await asyncio.wait_for(ws.recv(), 20))
            if message.get("t") == "lines":
                lines += [line["text"] for line in message["lines"]]
        pages.append(ws)
        return lines

    pages: list = []  # type: ignore[type-arg]

    async def scenario() -> None:
        await page("Ana")
        await page("Bruno")  # 2 pages + 2 players' connections: past 3, yet both play
        ana = await Client.open(base, "Carla")  # the third counted connection
        async with connect(f"{base}/web", origin=origin) as ws:  # a fourth: refused
            await asyncio.wait_for(ws.wait_closed(), 10)
            assert ws.close_code == 1008
        for ws in pages:
            await ws.close()
        await ana.close()

    run(scenario(), 60)


@pytest.mark.timeout(60)
def test_wrong_tokens_from_one_address_are_limited(tmp_path: Path) -> None:
    server = _server(tmp_path, "tokens=5")

    async def scenario() -> None:
        ana = await Client.open(server.url, "Ana")
        req = await ana.request(p.Create(game="vanuatu", players=3))
        joined = await ana.reply(req)
        assert isinstance(joined, p.Joined) and joined.token
        await ana.close()
        guesser = await Client.open(server.url, "Guess")
        ids = []
        for n in range(7):
            req = await guesser.request(p.Resume(token=f"guess{n}"))
            ids.append((await _error(guesser, req)).msg.id)
        assert ids == ["net.error.token"] * 5 + ["net.error.too_many_tokens"] * 2
        # even the right token waits now: a guess that hit would teach the guesser
        other = await Client.open(server.url, "Ana")
        req = await other.request(p.Resume(token=joined.token))
        limited = await _error(other, req)
        assert limited.msg.id == "net.error.too_many_tokens"
        assert limited.msg.params == {"count": 5, "seconds": 60}
        for client in (guesser, other):
            await client.close()

    run(scenario(), 30)
    assert _console(server, "Refused 127.0.0.1") == \
        "Refused 127.0.0.1: 5 wrong seat tokens within a minute."


@pytest.mark.timeout(120)
def test_the_lobby_says_twenty_tables_then_more_on_request_or_one_game_s(
        tmp_path: Path) -> None:
    """A player at the lobby of a server with 25 tables hears 20, is told how to hear the
    rest, types ``more``, then a game's name, and joins one of that game's tables."""
    from tests.net.clients import Player

    server = _server(tmp_path, "tables=100")

    def at_the_lobby() -> None:
        ana = Player(server.url, tmp_path / "ana", "Ana")
        ana.expect(r"^Lobby: type a number\.")
        ana.send("1")  # join a table
        ana.expect(r"^25 tables:$")
        ana.expect(r"^20\. Vanuatu, 1 of 3 seats taken")
        ana.expect(r"^5 more tables: type more\.$")
        ana.expect(r"^Or type a game's name for its tables only\.$")
        ana.expect(r"^Which table\?")
        ana.send("more")
        ana.expect(r"^21\. ")
        ana.expect(r"^25\. Vertigo, 1 of 2 seats taken")
        ana.send("vertigo")
        ana.expect(r"^3 tables:$")
        shown = [ana.expect(rf"^{n}\. ").string for n in (1, 2, 3)]
        assert all(line.split(". ", 1)[1].startswith("Vertigo,") for line in shown), shown
        ana.send("2")
        ana.expect(r"you have seat 2|Waiting for the start")
        ana.kill()

    async def scenario() -> None:
        creators = []
        for n in range(25):
            client = await Client.open(server.url, f"P{n}")
            vertigo = n >= 22
            req = await client.request(p.Create(game="vertigo" if vertigo else "vanuatu",
                                                players=2 if vertigo else 3))
            assert isinstance(await client.reply(req), p.Joined)
            creators.append(client)
        await asyncio.to_thread(at_the_lobby)
        for client in creators:
            await client.close()

    run(scenario(), 100)


@pytest.mark.timeout(90)
def test_a_waiting_table_nobody_comes_back_to_after_a_restart_closes(tmp_path: Path) -> None:
    server = _server(tmp_path, "waiting=2")

    async def create() -> None:
        ana = await Client.open(server.url, "Ana")
        req = await ana.request(p.Create(game="vanuatu", players=3))
        assert isinstance(await ana.reply(req), p.Joined)
        await ana.close()

    async def listed() -> int:
        eve = await Client.open(server.url, "Eve")
        req = await eve.request(p.ListTables())
        tables = await eve.reply(req)
        await eve.close()
        assert isinstance(tables, p.TableList)
        return len(tables.tables)

    run(create(), 20)
    server.kill()
    server.start()
    assert run(listed(), 20) == 1  # restored, and kept a while for its creator
    time.sleep(3)
    assert run(listed(), 20) == 0


@pytest.mark.timeout(60)
def test_a_player_refused_by_the_cap_hears_why(tmp_path: Path) -> None:
    """``a11y-games connect`` past the cap says the server's reason, in the player's words."""
    from tests.net.clients import Player

    server = _server(tmp_path, "connections=1")

    async def scenario() -> None:
        ana = await Client.open(server.url, "Ana")

        def refused() -> None:
            bo = Player(server.url, tmp_path / "bo", "Bo", "fr")
            bo.expect(r"Au plus 1 connexion par adresse : celle-ci est fermée\.")
            bo.kill()
        await asyncio.to_thread(refused)
        await ana.close()

    run(scenario(), 40)


def test_a_page_of_the_table_list_stays_under_its_size() -> None:
    """Tables with long names and many seats: a page stops before its byte limit (one
    table at least), and says how many follow."""
    from a11y_games.net.limits import Limits, page_of

    seats = [p.SeatInfo(seat=n, name="N" * 32, kind="human") for n in range(6)]
    tables = [p.TableInfo(id=f"{n:08x}", game="pnue", players=6, seats=seats,
                          options={f"option{k}": "x" * 20 for k in range(10)})
              for n in range(30)]
    limits = Limits(page_bytes=4000)
    page, more = page_of(tables, 0, limits)
    assert 1 <= len(page) < 20 and more == 30 - len(page)
    assert len(p.encode(p.TableList(tables=page, more=more))) <= 4000 + 100
    assert page_of(tables, 0, Limits())[1] == 10  # 20 a page otherwise
    assert page_of(tables, 28, Limits()) == (tables[28:], 0)
