"""A game watched at a server is in the spectator's ``history`` too, and its ``replay`` is
the public view, over real sockets against a real server: exactly what the spectator's
live client was sent, step by step, no seat's private event ever; the players' history
unchanged; nobody else opens it. The replay is built off the server's loop: a
connection's replay requests are answered in order, and a crowd of them is told the
server is busy."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from a11y_games.engine.messages import Msg
from a11y_games.net import protocol as p
from tests.net.test_games import play
from tests.net.test_history import _ask, _replay
from tests.net.wire import Client, ServerProcess, run

pytestmark = pytest.mark.timeout(180)


async def _history(client: Client, tokens: list[str]) -> list[p.PlayedGame]:
    """The first page of ``client``'s history: all of it here."""
    page = await _ask(client, p.History(tokens=tokens))
    assert isinstance(page, p.HistoryList), page
    assert not page.more
    return page.games


async def _replies(client: Client, reqs: list[int]) -> list[p.ServerMessage]:
    """The answers to ``reqs``, in the order of ``reqs``, whatever order they came in."""
    while True:
        got = {getattr(m, "req", None): m for m in client.received}
        if all(req in got for req in reqs):
            return [got[req] for req in reqs]
        await asyncio.sleep(0.01)


def _lived(client: Client) -> list[Msg]:
    return [m.msg for m in client.of(p.EventMsg) if m.msg is not None]


def test_spectators_find_the_game_they_watched_and_its_public_replay(tmp_path: Path) -> None:
    """A private PNUE table at 5 (Ana and Bo, guests, 3 bots). Cy (an account) watches
    from before the start, Di (a guest) from the middle of the game, with the table's
    code. Once over, each finds it in ``history`` with no seat (the line says they
    watched); its replay is the public view: step by step exactly the events Cy's live
    client was sent (Di's since she came, at its end), never an event private to a
    seat, status and board at each step the public ones; no ``me``. Ana's history is
    unchanged; Ed, who never watched, cannot open it with its id, with or without a
    token of his own."""
    from a11y_games.engine.replay import Replay
    from a11y_games.games import all_specs
    from tests.net.wire import replay as rebuild

    server = ServerProcess(tmp_path, 8).start()
    try:
        async def scenario() -> None:
            ana = await Client.open(server.url, "Ana")
            bo = await Client.open(server.url, "Bo")
            cy = await Client.open(server.url, "Cy")
            assert isinstance(await _ask(cy, p.Register(name="Cy", password="a long secret")),
                              p.LoggedIn)
            di = await Client.open(server.url, "Di")
            ed = await Client.open(server.url, "Ed")
            joined = await _ask(ana, p.Create(game="pnue", players=5, public=False, bots={
                2: "normal", 3: "random", 4: "normal"}))
            assert isinstance(joined, p.Joined) and joined.token and joined.table.code
            code, table = joined.table.code, joined.table.id
            seated = await _ask(bo, p.Join(code=code))
            assert isinstance(seated, p.Joined) and seated.token
            watching = await _ask(cy, p.Watch(code=code))
            assert isinstance(watching, p.Joined) and watching.seat is None
            assert watching.token is None and watching.watched, "a watch token, no seat's"
            await ana.request(p.Start())
            game = asyncio.gather(play(ana, 0, random.Random(3), []),
                                  play(bo, 1, random.Random(4), []))
            await cy.expect(p.EventMsg, lambda m: m.seq > 40, timeout=60)
            came = await _ask(di, p.Watch(code=code))
            assert isinstance(came, p.Joined) and came.watched
            await game
            for spectator in (cy, di):
                await spectator.expect(p.Over, timeout=60)
            for client in (ana, bo, cy, di):
                assert isinstance(await _ask(client, p.Leave()), p.Left)

            cys = await _history(cy, [])  # an account: by its name
            assert [(g.table, g.seats) for g in cys] == [(table, [])], "watched: no seat"
            assert cys[0].names[:2] == ["Ana", "Bo"] and cys[0].winners
            dis = await _history(di, [watching.watched, came.watched])
            assert [(g.table, g.seats) for g in dis] == [(table, [])]
            assert [(g.table, g.seats) for g in await _history(ana, [joined.token])] == [
                (table, [0])], "a player's history as before"
            assert await _history(ed, []) == []

            page = await _replay(cy, table, [])
            assert page.seat is None and page.winners and page.reason is not None
            sent = [m for step in page.steps for m in step]
            assert all(m.msg is not None and not m.private for m in sent)
            watched = [m.msg for m in sent]
            assert watched == _lived(cy), "step by step, what Cy's live client was sent"
            assert watched[-len(_lived(di)):] == _lived(di)
            record, log = server.table(table)
            match = rebuild(record, log)
            public = [e.msg for e in match.events if e.visible(None)]
            assert watched == public
            secrets = [e.msg for e in match.events if e.secret and e.msg not in public]
            assert secrets and not [s for s in secrets if s in watched], "no seat's secret"
            assert {m.msg.id for c in (ana, bo) for m in c.of(p.EventMsg) if m.private} & {
                s.id for s in secrets}, "the seats' own secrets, among them"
            assert (await _replay(di, table, [came.watched])).steps == page.steps

            viewed = Replay(all_specs()["pnue"], match.state.settings, log, None)
            assert len(viewed.steps) == page.total
            for index in range(0, page.total, 3):
                viewed.go(index)
                state = viewed.state()
                for what, expected in (("status", state.status(None)),
                                       ("board", state.board(None, "")), ("private", [])):
                    answer = await _ask(cy, p.ReplayAsk(step=index, what=what))
                    assert isinstance(answer, p.Answer) and answer.lines == expected, \
                        (index, what)

            for stranger, tokens in ((ed, []), (ed, ["a guess"])):
                refused = await _ask(stranger, p.ReplayOpen(table=table, tokens=tokens))
                assert isinstance(refused, p.Error) and refused.msg.id == "net.error.no_game"
            for client in (ana, bo, cy, di, ed):
                await client.close()

        run(scenario(), timeout=170)
    finally:
        server.kill()


def test_a_guest_who_watched_at_the_terminal_finds_the_game_and_goes_over_it(
        tmp_path: Path) -> None:
    """Eve, a guest, watches Ana's game to its end from the lobby, goes back there and
    types history: the game, "you watched"; replay 1 goes over it, the public view (no
    role of anyone's until the end); her client started again still finds it (the
    watch token is kept on her machine)."""
    from tests.net.clients import Player, Server
    from tests.net.test_remote_play import create_table, watching_first_table
    from tests.net.test_remote_play import play as play_lines

    server = Server(tmp_path / "db", tmp_path / "server-home").start()
    try:
        ana = Player(server.url, tmp_path / "ana", "Ana")
        create_table(ana, game="pnue", players=5, bots=4)
        ana.expect(r"you have seat 1 of 5")
        eve = watching_first_table(server, tmp_path, "Eve")
        ana.send("start")
        play_lines({"Ana": (ana, "en")}, seed=5)
        eve.expect(r"^Game over\.", timeout=30)
        eve.send("quit")
        eve.expect(r"^Back at the lobby\.")
        eve.send("history")
        line = (r"^1\. \d{4}-\d\d-\d\d \d\d:\d\d, PNUE — Mr Dollar with Ana, \w+, \w+, \w+,"
                r" \w+: (won by .+|nobody won); you watched\.$")
        eve.expect(r"^1 finished game, newest first:$")
        eve.expect(line)
        eve.send("replay 1")
        eve.expect(r"^Replay of PNUE — Mr Dollar, \d{4}-\d\d-\d\d \d\d:\d\d: \d+ steps\.$")
        eve.expect(r"^You see the public view\.$")
        eve.expect(r"^Turn 1: \w+ is President\.$")  # names, no "you"
        eve.send("end")
        eve.expect(r"^Game over\.|^The (ecologists|lobbyists) win|^Mr Dollar")
        eve.send("quit")
        eve.expect(r"^Lobby: type a number\.")
        eve.close_input()
        assert eve.wait() == 0
        replayed = eve.text().split("Replay of PNUE", 1)[1].split("Game over", 1)[0]
        assert "Your role" not in replayed and "You drew" not in replayed
        assert "Traceback" not in eve.text()

        again = Player(server.url, tmp_path / "eve", "Eve")
        again.expect(r"^Lobby: type a number\.")
        again.send("history")
        again.expect(r"^1 finished game, newest first:$")
        again.expect(line)
        stranger = Player(server.url, tmp_path / "bo", "Bo")
        stranger.expect(r"^Lobby: type a number\.")
        stranger.send("history")
        stranger.expect(r"^No finished game kept yet\.$")
        for player in (ana, again, stranger):
            player.close_input()
            assert player.wait() == 0
    finally:
        server.kill()


def _long_game(data: Path, token: str, *, summed: bool = True, copies: int = 1) -> str:
    """The longest of a few Utopia games at 4 (Ana, a guest, and 3 random bots) stored
    as a finished game of the server's database at ``data``, Ana's seat token ``token``
    (as a server keeps it): about 1,000 decisions, the slowest kind of replay to build.
    Not ``summed``: its history line not kept (a game over before the history);
    ``copies``: stored that many times (tables ``l0ng``, ``l0ng1``...)."""
    from a11y_games.engine.match import Match, SeatSpec
    from a11y_games.games import all_specs
    from a11y_games.net.members import hash_token
    from a11y_games.net.played import summary_of
    from a11y_games.net.storage import SeatRecord, SqliteStorage, TableRecord

    spec = all_specs()["utopia"]
    longest: Match | None = None
    for seed in range(4):
        match = Match(spec, spec.settings(4, seed), [
            SeatSpec(kind="human", name="Ana"),
            *(SeatSpec(kind="bot", level="random", name_index=n) for n in range(1, 4))])
        rng = random.Random(seed)
        while (pending := match.state.pending()) is not None:
            seat = pending.seats[0]
            match.act(seat, rng.choice(match.state.legal_actions(seat)))
        if longest is None or len(match.log) > len(longest.log):
            longest = match
    assert longest is not None
    record = TableRecord(id="l0ng", game="utopia", players=4,
                         seed=longest.state.settings.seed, rules=spec.rules_version,
                         options=dict(longest.state.settings.options), creator="Ana",
                         started=True, over=True, seats=[
                             SeatRecord(kind="human", name="Ana", token_hash=hash_token(token)),
                             *(SeatRecord(kind="bot", level="random", name_index=n)
                               for n in range(1, 4))])
    storage = SqliteStorage(data / "server" / "tables.sqlite3")
    try:
        for copy in range(copies):
            stored = TableRecord(**{**record.__dict__, "id": f"l0ng{copy or ''}"})
            storage.save_table(stored)
            for index, (seat, action) in enumerate(longest.log):
                storage.append_action(stored.id, index, seat, action)
            storage.keep_finished(stored, summary_of(longest))
        if not summed:
            storage.connection.execute("UPDATE finished SET summary = NULL")
    finally:
        storage.close()
    return record.id


def test_replays_opened_together_are_answered_in_order_or_told_the_server_is_busy(
        tmp_path: Path) -> None:
    """A long game's replay is built off the server's loop: Bo's ``who``, sent just after
    Ana asks for the replay, is answered before her replay is ready; Ana's own requests
    (open, then a question at a step before the open is answered) come back in the order
    sent; more of them at once than a connection may have waiting are refused with a
    plain "the server is busy", the others still answered."""
    table = _long_game(tmp_path, "ana's token")
    server = ServerProcess(tmp_path).start()
    try:
        async def scenario() -> None:
            ana = await Client.open(server.url, "Ana")
            bo = await Client.open(server.url, "Bo")
            opening = await ana.request(p.ReplayOpen(table=table, tokens=["ana's token"]))
            await asyncio.sleep(0.02)
            asked = await bo.request(p.Who())
            assert isinstance(await bo.reply(asked), p.WhoList)
            assert not [m for m in ana.received if getattr(m, "req", None) == opening], \
                "Bo was answered while Ana's replay was being built"
            status = await ana.request(p.ReplayAsk(step=3, what="status"))
            page = await ana.reply(opening)
            assert isinstance(page, p.ReplayPage) and page.seat == 0 and page.total > 100
            answer = await ana.reply(status)
            assert isinstance(answer, p.Answer) and answer.lines
            assert ana.received.index(page) < ana.received.index(answer)

            dee = await Client.open(server.url, "Dee")
            reqs = [await dee.request(p.ReplayOpen(table=table, tokens=["ana's token"]))
                    for _ in range(7)]
            replies = await asyncio.wait_for(_replies(dee, reqs), 30)
            busy = [r for r in replies if isinstance(r, p.Error)]
            assert busy and all(r.msg.id == "net.error.replay_busy" for r in busy)
            pages = [r for r in replies if isinstance(r, p.ReplayPage)]
            assert pages and all(r.steps == pages[0].steps for r in pages)
            answered = [m.req for m in dee.received if isinstance(m, p.ReplayPage)]
            assert answered == sorted(answered), "in the order asked"
            for client in (ana, bo, dee):
                await client.close()

        run(scenario(), timeout=60)
    finally:
        server.kill()


def test_a_client_of_version_4_watching_is_never_sent_the_watch_token(tmp_path: Path) -> None:
    """A spectator whose client speaks version 4 (it refuses a field it does not know)
    gets its ``joined`` as before: no ``watched`` field; one of version 5 gets it."""
    import json

    from websockets.asyncio.client import connect

    server = ServerProcess(tmp_path).start()
    try:
        async def joined_frame(version: int, name: str, table: str) -> dict[str, object]:
            async with connect(server.url) as ws:
                await ws.send(p.encode(p.Hello(protocol=version, name=name)).decode())
                assert json.loads(await ws.recv())["type"] == "welcome"
                await ws.send(p.encode(p.Watch(table=table, req=1)).decode())
                while (frame := json.loads(await ws.recv()))["type"] != "joined":
                    pass
                return frame  # type: ignore[no-any-return]

        async def scenario() -> None:
            ana = await Client.open(server.url, "Ana")
            joined = await _ask(ana, p.Create(game="vanuatu", players=2))
            assert isinstance(joined, p.Joined)
            old = await joined_frame(4, "Old", joined.table.id)
            assert old["seat"] is None and "watched" not in old
            p.decode_server(json.dumps(old))
            new = await joined_frame(5, "New", joined.table.id)
            assert isinstance(new["watched"], str) and new["watched"]
            await ana.close()

        run(scenario(), timeout=30)
    finally:
        server.kill()


def test_a_spectator_whose_connection_dropped_before_the_start_keeps_the_game(
        tmp_path: Path) -> None:
    """Di, a guest, watches a table before its start; her connection drops; her client
    watches again once the game runs (``last_seq``, as after a lost connection, with no
    new watch token): the token she was first given finds the game once over."""
    server = ServerProcess(tmp_path, 8).start()
    try:
        async def scenario() -> None:
            ana = await Client.open(server.url, "Ana")
            di = await Client.open(server.url, "Di")
            joined = await _ask(ana, p.Create(game="vanuatu", players=2, bots={1: "random"}))
            assert isinstance(joined, p.Joined)
            table = joined.table.id
            watching = await _ask(di, p.Watch(table=table))
            assert isinstance(watching, p.Joined) and watching.watched
            await di.close()
            await asyncio.sleep(0.2)
            await ana.request(p.Start())
            game = asyncio.create_task(play(ana, 0, random.Random(6), []))
            back = await Client.open(server.url, "Di")
            again = await _ask(back, p.Watch(table=table, last_seq=0))
            assert isinstance(again, p.Joined) and not again.watched
            await game
            await back.expect(p.Over, timeout=60)
            games = await _history(back, [watching.watched])
            assert [(g.table, g.seats) for g in games] == [(table, [])]
            for client in (ana, back):
                await client.close()

        run(scenario(), timeout=90)
    finally:
        server.kill()


def test_a_history_line_computed_from_a_long_log_leaves_the_others_served(
        tmp_path: Path) -> None:
    """Twelve long games over before the history: their lines are computed from their
    logs when Ana first asks for her history, off the server's loop: Bo's ``who``, sent
    just after, is answered first; Ana's history then lists the games, their lines
    kept."""
    _long_game(tmp_path, "ana's token", summed=False, copies=12)
    server = ServerProcess(tmp_path).start()
    try:
        async def scenario() -> None:
            ana = await Client.open(server.url, "Ana")
            bo = await Client.open(server.url, "Bo")
            listing = await ana.request(p.History(tokens=["ana's token"]))
            await asyncio.sleep(0.005)
            assert isinstance(await bo.reply(await bo.request(p.Who())), p.WhoList)
            assert not [m for m in ana.received if getattr(m, "req", None) == listing], \
                "Bo was answered while Ana's history line was being computed"
            page = await ana.reply(listing)
            assert isinstance(page, p.HistoryList) and [g.seats for g in page.games] == [[0]] * 12
            assert (await _history(ana, ["ana's token"])) == page.games
            for client in (ana, bo):
                await client.close()

        run(scenario(), timeout=60)
    finally:
        server.kill()
