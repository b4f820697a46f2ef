"""Blocks and invitations, over real sockets against a real server (and as a player meets
them, through real `connect` processes): a blocked name's tells (at a table too), lines
kept, invitations and friend requests are refused; an invitation says the way to join in
one sentence, and `accept` takes it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from a11y_games.net import protocol as p
from tests.net.clients import Player, Server
from tests.net.test_account_client import _registered
from tests.net.test_accounts import _ask, _error, _hello
from tests.net.test_friendships import _account
from tests.net.wire import ServerProcess, run

pytestmark = pytest.mark.timeout(90)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path).start()
    try:
        yield process
    finally:
        process.kill()


def test_a_block_is_honoured_everywhere(server: ServerProcess) -> None:
    async def scenario() -> None:
        ana, _ = await _account(server.url, "Ana")
        eve, _ = await _hello(server.url, "Eve")  # a guest: blocked by name
        assert _error(await _ask(eve, p.Block(name="Ana"))) == "net.error.account_only"
        assert isinstance(await _ask(ana, p.Block(name="eve")), p.Acked)
        assert (await _ask(ana, p.Blocks())).names == ["eve"]
        refused = await _ask(eve, p.Tell(to="Ana", text="psst"))
        assert _error(refused) == "net.error.blocked"
        assert refused.msg.params == {"name": "Ana"}
        table = await _ask(ana, p.Create(game="pnue", players=5))
        assert isinstance(table, p.Joined)
        assert isinstance(await _ask(eve, p.Join(table=table.table.id)), p.Joined)
        at_table = await _ask(eve, p.Tell(to="Ana", text="psst"))
        assert _error(at_table) == "net.error.blocked", "at the same table too"
        assert isinstance(await _ask(eve, p.Leave()), p.Left)
        eve_table = await _ask(eve, p.Create(game="pnue", players=5))
        assert isinstance(eve_table, p.Joined)
        invite = await _ask(eve, p.Invite(name="Ana"))
        assert _error(invite) == "net.error.blocked"
        assert ana.of(p.Chat) == [] and ana.of(p.Invitation) == []
        assert isinstance(await _ask(ana, p.Block(name="Eve", remove=True)), p.Acked)
        assert (await _ask(ana, p.Blocks())).names == []
        assert isinstance(await _ask(eve, p.Tell(to="Ana", text="sorry")), p.Acked)
        await ana.expect(p.Chat, lambda c: c.text == "sorry")
        for client in (ana, eve):
            await client.close()

    run(scenario(), 60)


def test_a_blocked_account_cannot_befriend_nor_leave_lines(server: ServerProcess) -> None:
    async def scenario() -> None:
        ana, ana_session = await _account(server.url, "Ana")
        eve, _ = await _account(server.url, "Eve")
        assert isinstance(await _ask(ana, p.Friend(name="Eve")), p.Acked)
        assert isinstance(await _ask(ana, p.Block(name="Eve")), p.Acked)
        assert (await _ask(ana, p.Friends())).friends == [], "a blocked friend is none"
        assert _error(await _ask(eve, p.Friend(name="Ana"))) == "net.error.blocked"
        await ana.close()
        kept = await _ask(eve, p.Tell(to="Ana", text="while you sleep"))
        assert _error(kept) == "net.error.blocked"
        ana, _ = await _hello(server.url, "Ana", session=ana_session)
        await _ask(ana, p.Who())
        assert ana.of(p.Letters) == [] and ana.of(p.Notice) == []
        for client in (ana, eve):
            await client.close()

    run(scenario(), 60)


def test_an_invitation_says_how_to_join_and_accept_takes_it(tmp_path: Path) -> None:
    server = Server(tmp_path / "db", tmp_path / "server-home").start()
    try:
        ana = _registered(server, tmp_path / "ana", "Ana")
        bo = Player(server.url, tmp_path / "bo", "Bo", "fr")
        bo.expect(r"^Salon : tapez un numéro\.")
        bo.send("accepter")
        bo.expect(r"^Aucune invitation pour vous\.$")
        ana.send("create vanuatu 3 code")
        ana.expect(r"you have seat 1 of 3")
        ana.send("invite Bo")
        ana.expect(r"^Bo is invited\.$")
        bo.expect(r"^Ana vous invite à jouer à Vanuatu : tapez accepter dans le salon\.$")
        bo.send("accepter")
        bo.expect(r"^Vanuatu : vous avez la place 2 sur 3\.$")
        ana.expect(r"^Bo sits at the table\.$")
        ana.send("invite Zed")
        ana.expect(r"^Nobody named Zed is online, and no account has that name\.$")
        for player in (ana, bo):
            player.kill()
    finally:
        server.kill()
