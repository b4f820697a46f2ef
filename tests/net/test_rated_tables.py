"""Rated tables over real sockets against a real server: chosen at creation, only with
accounts; at the end only the seats held by accounts are rated (a guest's keeps nothing, a
bot counts at its fixed rating), each rated player hears their change; ``rating`` and
``top`` answer from the server's book, which a restart keeps. Older clients never see
the word."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import pytest
from websockets.asyncio.client import connect

from a11y_games.net import protocol as p
from a11y_games.ratings import (
    BotSeat,
    RatingBook,
    after_game,
    create_rating_tables,
    my_lines,
    placing,
    rate_game,
    top_lines,
)
from tests.net.test_games import play
from tests.net.wire import Client, ServerProcess, replay, run

pytestmark = pytest.mark.timeout(180)


async def _ask(client: Client, message: object) -> p.ServerMessage:
    return await client.reply(await client.request(message))


async def _account(url: str, name: str) -> Client:
    client = await Client.open(url, name)
    assert isinstance(await _ask(client, p.Register(name=name, password="a long secret")),
                      p.LoggedIn)
    return client


def test_a_rated_table_rates_its_accounts_and_a_restart_keeps_them(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, 5).start()
    try:
        async def scenario() -> tuple[str, list[object]]:
            ana = await _account(server.url, "Ana")
            bo = await Client.open(server.url, "Bo")  # a guest
            joined = await _ask(ana, p.Create(game="vanuatu", players=3, rated=True,
                                              bots={2: "random"}))
            assert isinstance(joined, p.Joined) and joined.table.rated
            old = await connect(server.url, compression=None)  # a client of version 3
            await old.send(p.encode(p.Hello(protocol=3, name="Old")).decode())
            await old.recv()
            await old.send(p.encode(p.ListTables()).decode())
            listed = await old.recv()
            assert joined.table.id in str(listed) and '"rated"' not in str(listed)
            await old.close()
            seated = await _ask(bo, p.Join(table=joined.table.id))
            assert isinstance(seated, p.Joined) and seated.table.rated
            await ana.request(p.Start())
            heard, guest = await asyncio.gather(play(ana, 0, random.Random(1), []),
                                                play(bo, 1, random.Random(2), []))
            assert heard.rated, "Ana's rating moved, said with the end"
            assert not guest.rated, "a guest's seat is not rated"
            mine = await _ask(ana, p.Ratings(what="mine"))
            top = await _ask(bo, p.Ratings(what="top", game="Vanuatu"))
            refused = await _ask(bo, p.Ratings(what="mine"))
            assert isinstance(refused, p.Error) and refused.msg.id == "net.error.ratings_guest"
            for client in (ana, bo):
                await client.close()
            return joined.table.id, [heard.rated, mine, top]

        table_id, (heard, mine, top) = run(scenario(), timeout=150)
        record, log = server.table(table_id)
        book = RatingBook(sqlite3.connect(":memory:"))
        create_rating_tables(book.db)
        placed = placing(replay(record, log).state)
        assert placed is not None
        changes = rate_game(book, table_id, placed, ["Ana", None, BotSeat("random")])
        assert list(changes) == ["Ana"]
        assert heard == after_game(changes["Ana"])
        assert isinstance(mine, p.Answer) and mine.lines == my_lines(book.standings("Ana"))
        assert isinstance(top, p.Answer) and top.lines == top_lines(
            "vanuatu", book.top("vanuatu"), 1)

        server.kill()
        server.start()

        async def after() -> None:
            ana = await Client.open(server.url, "Someone")
            assert isinstance(await _ask(ana, p.Login(name="Ana", password="a long secret")),
                              p.LoggedIn)
            again = await _ask(ana, p.Ratings(what="mine"))
            assert isinstance(again, p.Answer) and again.lines == mine.lines
            await ana.close()

        run(after(), timeout=30)
    finally:
        server.kill()


def test_a_server_without_accounts_has_no_rated_table(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, None, "--accounts", "off").start()
    try:
        async def scenario() -> None:
            ana = await Client.open(server.url, "Ana")
            refused = await _ask(ana, p.Create(game="pnue", players=5, rated=True))
            assert isinstance(refused, p.Error) and refused.msg.id == "net.error.rated_off"
            none = await _ask(ana, p.Ratings(what="top", game="pnue"))
            assert isinstance(none, p.Error) and none.msg.id == "net.error.ratings_off"
            await ana.close()

        run(scenario(), timeout=30)
    finally:
        server.kill()


def test_a_player_creates_a_rated_table_and_hears_the_rating_move(tmp_path: Path) -> None:
    """At the terminal: the create summary says whether the table is rated, the word
    rated makes it so; at its end Ana hears her rating move; in the lobby rating and top
    say where she stands."""
    from tests.net.clients import Server
    from tests.net.test_account_client import _registered
    from tests.net.test_remote_play import play as play_lines

    server = Server(tmp_path / "db", tmp_path / "server-home").start()
    try:
        ana = _registered(server, tmp_path / "ana", "Ana")
        ana.expect(r"^Lobby: type a number\.")
        ana.send("create")
        ana.expect(r"^Which game")
        ana.send("vanuatu")
        ana.expect(r"^Vanuatu, \d players?, .*, public, no variant")
        ana.expect(r"^Enter creates it; or type players, bots, level, variants, private, delay,"
                   r" or rated\.$")  # the word that makes it rated, named where it works
        ana.send("rated 3 bots 2 level random")
        ana.expect(r"^Vanuatu, 3 players, random bots, 2 seated now, public, rated, ")
        ana.send("")
        ana.expect(r"you have seat 1 of 3")
        ana.send("start")
        play_lines({"Ana": (ana, "en")}, seed=5)
        ana.expect(r"^Your rating: -?\d+, (up \d+|down \d+|unchanged)\.$")
        ana.send("quit")
        ana.expect(r"^Back at the lobby\.")
        ana.send("rating")
        ana.expect(r"^Vanuatu: your rating is -?\d+, after 1 game\.$")
        ana.send("top vanuatu")
        ana.expect(r"^Vanuatu: 1 rated player\.$")
        ana.expect(r"^1\. You: -?\d+, 1 game\.$")
        ana.close_input()
        assert ana.wait() == 0
    finally:
        server.kill()


def test_the_table_list_says_a_table_is_rated(tmp_path: Path) -> None:
    """Looking for a table, a player hears which tables are rated, with the game's name
    (in their own language), and an unrated table says nothing of it."""
    from tests.net.clients import Server
    from tests.net.test_account_client import _registered

    server = Server(tmp_path / "db", tmp_path / "server-home").start()
    try:
        ana = _registered(server, tmp_path / "ana", "Ana")
        ana.send("create vanuatu 3 rated bots 1 level random")
        ana.expect(r"^Vanuatu: you have seat 1 of 3\.")
        cy = _registered(server, tmp_path / "cy", "Cy")
        cy.send("create vertigo 2")
        cy.expect(r"^Vertigo: you have seat 1 of 2\.")
        bo = _registered(server, tmp_path / "bo", "Bo", "fr")
        bo.send("rejoindre")
        bo.expect(r"^\d\. Vanuatu, partie classée, 2 places prises sur 3, ")
        bo.expect(r"^\d\. Vertigo, 1 place prise sur 2, ")
        for player in (ana, bo, cy):
            player.close_input()
            player.wait()
    finally:
        server.kill()
