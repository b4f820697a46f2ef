"""A hostile or broken client is refused with a message, and the table plays on unharmed."""

from __future__ import annotations

import asyncio
import contextlib

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from a11y_games.net import protocol as p
from a11y_games.net.server import MESSAGE_BURST
from tests.net.wire import Client, ServerProcess, run


async def _table(server: ServerProcess) -> tuple[Client, Client, str]:
    """Ana (seat 0) and Bruno (seat 1) at a started PNUE table with 3 bots."""
    ana = await Client.open(server.url, "Ana")
    bruno = await Client.open(server.url, "Bruno")
    req = await ana.request(p.Create(game="pnue", players=5, bots={2: "random", 3: "random",
                                                                  4: "random"}))
    table = (await ana.reply(req)).table.id  # type: ignore[union-attr]
    await bruno.request(p.Join(table=table))
    await bruno.expect(p.Joined)
    await ana.request(p.Start())
    return ana, bruno, table


async def _current(client: Client) -> p.PendingMsg:
    """The question now, as ``client`` sees it: the last one sent before the answer to a
    question asked now (the server answers in order; only people and race timers move
    this table)."""
    req = await client.request(p.Ask(what="whose"))
    await client.reply(req)
    return [m for m in client.received if isinstance(m, p.PendingMsg)][-1]


async def _error(client: Client, req: int) -> str:
    reply = await client.reply(req)
    assert isinstance(reply, p.Error), reply
    return reply.msg.id


@pytest.mark.timeout(60)
def test_bad_frames_get_an_error_and_the_connection_stays(server: ServerProcess) -> None:
    async def scenario() -> None:
        eve = await Client.open(server.url, "Eve")
        for frame in ("{not json", "[1, 2]", '{"type": "explode"}', '{"type": "act"}',
                      '{"type": "join", "table": 5}', b"\xff\xfe binary garbage",
                      '{"type": "ask", "what": "everyone\'s cards"}'):
            await eve.send_raw(frame)
            error = await eve.expect(p.Error)
            assert error.msg.id == "net.error.bad_message"
        req = await eve.request(p.ListTables())
        assert isinstance(await eve.reply(req), p.TableList)  # still served
        await eve.close()

    run(scenario(), 30)


@pytest.mark.timeout(60)
def test_wrong_protocol_and_no_hello_are_refused(server: ServerProcess) -> None:
    async def scenario() -> None:
        async with connect(server.url) as ws:
            client = Client(ws, "x")
            req = await client.request(p.ListTables())
            assert await _error(client, req) == "net.error.hello_first"
            req = await client.request(p.Hello(protocol=p.OLDEST - 1, name="Old"))
            assert await _error(client, req) == "net.error.protocol"
            await asyncio.wait_for(ws.wait_closed(), 5)
        async with connect(server.url) as ws:  # a newer client: the server is the old one
            client = Client(ws, "x")
            req = await client.request(p.Hello(protocol=p.PROTOCOL + 1, name="New"))
            assert await _error(client, req) == "net.error.protocol_newer"
            await asyncio.wait_for(ws.wait_closed(), 5)

    run(scenario(), 30)


@pytest.mark.timeout(60)
def test_out_of_turn_illegal_and_spectator_actions_are_refused(server: ServerProcess) -> None:
    async def scenario() -> None:
        ana, bruno, table = await _table(server)
        eve = await Client.open(server.url, "Eve")
        await eve.request(p.Watch(table=table))
        people = {0: ana, 1: bruno}
        while True:  # until one of them is asked and the other is not
            pending = await _current(ana)
            asked = [s for s in people if s in pending.seats]
            if len(asked) == 1 and not pending.race:
                break
            for seat in asked:
                choices = (await _current(people[seat])).choices
                req = await people[seat].request(p.Act(action=choices[0][0]))
                await people[seat].reply(req)
        mover, idle = people[asked[0]], people[1 - asked[0]]
        _, before = server.table(table)
        req = await idle.request(p.Act(action="vote:yes"))
        assert await _error(idle, req) == "net.error.not_your_turn"
        req = await eve.request(p.Act(action="vote:yes"))
        assert await _error(eve, req) == "net.error.spectator"
        req = await mover.request(p.Act(action="nominate:99\u202e"))
        assert await _error(mover, req) == "net.error.illegal"
        assert server.table(table)[1] == before, "no refused action was stored"
        # the table plays on: the seat asked answers and is acknowledged
        choices = (await _current(mover)).choices
        req = await mover.request(p.Act(action=choices[0][0]))
        assert isinstance(await mover.reply(req), p.Acked)
        assert server.table(table)[1][len(before)] == (asked[0], choices[0][0])
        for client in (ana, bruno, eve):
            await client.close()

    run(scenario(), 40)


@pytest.mark.timeout(60)
def test_a_huge_frame_closes_only_that_connection(server: ServerProcess) -> None:
    async def scenario() -> None:
        ana, bruno, table = await _table(server)
        async with connect(server.url, max_size=None) as ws:
            await ws.send('{"type": "say", "text": "' + "x" * 100_000 + '"}')
            await asyncio.wait_for(ws.wait_closed(), 5)
            assert ws.close_code == 1009  # message too big
        req = await ana.request(p.Ask(what="status"))
        assert isinstance(await ana.reply(req), p.Answer)
        await ana.request(p.Say(text="still here"))
        assert (await bruno.expect(p.Chat)).text == "still here"
        assert not server.table(table)[0].over
        for client in (ana, bruno):
            await client.close()

    run(scenario(), 30)


@pytest.mark.timeout(60)
def test_chat_flood_is_refused_and_a_flood_of_bad_frames_closes(server: ServerProcess) -> None:
    async def scenario() -> None:
        ana, bruno, _table_id = await _table(server)
        replies = []
        for n in range(7):
            req = await ana.request(p.Say(text=f"hello {n}"))
            replies.append(req)
        await ana.expect(p.Error, lambda m: m.req == replies[5])
        errors = [m for m in ana.of(p.Error) if m.req in replies]
        assert [e.msg.id for e in errors] == ["net.error.chat_flood"] * 2
        heard = [c.text for c in (await _chat(bruno, 5))]
        assert heard == [f"hello {n}" for n in range(5)]
        async with connect(server.url) as ws:
            flooder = Client(ws, "flood")  # reads its errors: an unread queue stops the reader
            for _ in range(40):
                await ws.send("garbage")
            await asyncio.wait_for(ws.wait_closed(), 5)
            assert ws.close_code == 1008
            assert 20 <= len(flooder.of(p.Error)) < 40
        for client in (ana, bruno):
            await client.close()

    run(scenario(), 30)


async def _chat(client: Client, count: int) -> list[p.Chat]:
    lines = []
    for _ in range(count):
        lines.append(await client.expect(p.Chat))
    return lines


@pytest.mark.timeout(60)
def test_names_are_cleaned_and_a_seated_name_is_refused(server: ServerProcess) -> None:
    async def scenario() -> None:
        ana = await Client.open(server.url, "Ana")
        sly = await Client.open(server.url, "\u202eA\x1b[2Jna\u2066  ")
        req = await ana.request(p.Create(game="vanuatu", players=3))
        table = (await ana.reply(req)).table.id  # type: ignore[union-attr]
        req = await sly.request(p.Join(table=table))
        reply = await sly.reply(req)
        assert isinstance(reply, p.Joined) and reply.you == "A [2Jna"
        twin = await Client.open(server.url, "ANA")
        req = await twin.request(p.Join(table=table))
        assert await _error(twin, req) == "net.error.name_taken"
        for client in (ana, sly, twin):
            await client.close()

    run(scenario(), 30)


@pytest.mark.timeout(60)
def test_a_table_by_code_is_not_found_by_guesses(server: ServerProcess) -> None:
    async def scenario() -> None:
        ana = await Client.open(server.url, "Ana")
        eve = await Client.open(server.url, "Eve")
        req = await ana.request(p.Create(game="vertigo", players=2, public=False))
        joined = await ana.reply(req)
        assert isinstance(joined, p.Joined) and joined.table.code
        for table, code in ((joined.table.id, None), (None, "é"), (None, "ABCDEFGH"),
                            (joined.table.id, "x" * 5000), (None, "")):
            req = await eve.request(p.Join(table=table, code=code))
            assert await _error(eve, req) == "net.error.no_table"
        req = await eve.request(p.Join(code=f" {joined.table.code.lower()} "))
        assert isinstance(await eve.reply(req), p.Joined)
        for client in (ana, eve):
            await client.close()

    run(scenario(), 30)


@pytest.mark.timeout(60)
def test_a_flood_of_valid_messages_is_cut_off(server: ServerProcess) -> None:
    async def scenario() -> None:
        ana, bruno, _table_id = await _table(server)
        flooder = await Client.open(server.url, "Flood")
        frame = p.encode(p.ListTables()).decode()
        # until the server closes it: a loaded machine may take longer than the window for
        # the first burst, so more are sent (bounded)
        with contextlib.suppress(ConnectionClosed):
            for _ in range(5 * MESSAGE_BURST):
                await flooder.send_raw(frame)
        await asyncio.wait_for(flooder.ws.wait_closed(), 10)
        await asyncio.wait_for(flooder.drained(), 20)  # thousands of answers to read first
        assert flooder.ws.close_code == 1008
        # told why: by an error frame, or (when its own backlog of answers was dropped, a
        # client that does not read) by the close frame's reason; on a loaded machine the
        # flooder's unread answers may pass the write limit first ("not reading")
        told = {e.msg.id for e in flooder.of(p.Error)} | {flooder.ws.close_reason}
        assert told & {"net.error.too_fast", "not reading"}, told
        req = await ana.request(p.Ask(what="status"))  # everyone else is served as before
        assert isinstance(await ana.reply(req), p.Answer)
        for client in (ana, bruno):
            await client.close()

    run(scenario(), 40)
