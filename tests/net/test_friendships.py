"""Friends and private lines across the server, over real sockets against a real server:
a friend added hears it, friends come online and go (unless that is turned off), `tell`
reaches someone at another table, a line to an absent account holder is kept and given at
their next login, and no box overflows."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

from a11y_games.net import protocol as p
from tests.net.test_accounts import SECRET, _ask, _error, _hello
from tests.net.wire import Client, ServerProcess, run

pytestmark = pytest.mark.timeout(90)


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ServerProcess]:
    monkeypatch.setenv("A11Y_GAMES_LIMITS", "letters=3")
    process = ServerProcess(tmp_path).start()
    try:
        yield process
    finally:
        process.kill()


async def _account(url: str, name: str) -> tuple[Client, str]:
    """A connection logged in as a new account ``name``, and its session's token."""
    client, _ = await _hello(url, name)
    done = await _ask(client, p.Register(name=name, password=SECRET))
    assert isinstance(done, p.LoggedIn)
    return client, done.session


def _notices(client: Client) -> list[tuple[str, str]]:
    return [(n.what, n.name) for n in client.of(p.Notice)]


def test_friends_hear_each_other_come_and_go(server: ServerProcess) -> None:
    async def scenario() -> None:
        ana, _ = await _account(server.url, "Ana")
        bo, bo_session = await _account(server.url, "Bo")
        guest, _ = await _hello(server.url, "Cy")
        assert _error(await _ask(guest, p.Friend(name="Ana"))) == "net.error.account_only"
        assert _error(await _ask(ana, p.Friend(name="Nobody"))) == "net.error.no_account"
        assert isinstance(await _ask(ana, p.Friend(name="bo")), p.Acked)
        assert await bo.expect(p.Notice) == p.Notice(what="added", name="Ana")
        table = await _ask(bo, p.Create(game="vanuatu", players=3))
        assert isinstance(table, p.Joined)
        listed = await _ask(ana, p.Friends())
        assert isinstance(listed, p.FriendList) and listed.announce
        assert listed.friends == [p.FriendInfo(name="Bo", online=True, where="waiting",
                                               game="vanuatu")]
        await bo.close()
        assert await ana.expect(p.Notice) == p.Notice(what="offline", name="Bo")
        listed = await _ask(ana, p.Friends())
        assert listed.friends == [p.FriendInfo(name="Bo")]
        bo, welcome = await _hello(server.url, "Bo", session=bo_session)
        assert isinstance(welcome, p.Welcome) and welcome.account == "Bo"
        assert await ana.expect(p.Notice) == p.Notice(what="online", name="Bo")
        assert isinstance(await _ask(ana, p.Announce(on=False)), p.Acked)
        await bo.close()
        await asyncio.sleep(0.5)
        await _ask(ana, p.Who())  # everything before this answer has arrived
        assert _notices(ana) == [("offline", "Bo"), ("online", "Bo")], "turned off: silent"
        assert _notices(guest) == [], "a guest hears nothing of accounts' friends"
        assert isinstance(await _ask(ana, p.Friend(name="Bo", remove=True)), p.Acked)
        assert (await _ask(ana, p.Friends())).friends == []
        for client in (ana, guest):
            await client.close()

    run(scenario(), 60)


def test_tell_reaches_another_table_and_waits_for_the_absent(server: ServerProcess) -> None:
    async def scenario() -> None:
        ana, _ = await _account(server.url, "Ana")
        bo, bo_session = await _account(server.url, "Bo")
        assert isinstance(await _ask(bo, p.Create(game="pnue", players=5)), p.Joined)
        assert isinstance(await _ask(ana, p.Tell(to="bo", text="Table for two?")), p.Acked)
        heard = await bo.expect(p.Chat)
        assert heard == p.Chat(channel="private", sender="Ana", text="Table for two?")
        [echo] = ana.of(p.Chat)  # sent before the acknowledgement
        assert echo.to == "Bo"
        await bo.close()
        await asyncio.sleep(0.3)
        for text in ("Are you there?", "See you tomorrow."):
            assert isinstance(await _ask(ana, p.Tell(to="Bo", text=text)), p.Acked)
        assert _notices(ana) == [("kept", "Bo")] * 2
        nobody = await _ask(ana, p.Tell(to="Zed", text="hello"))
        assert _error(nobody) == "net.error.nobody_online"
        await asyncio.sleep(10.5)  # the chat limit: 5 lines in 10 s
        assert isinstance(await _ask(ana, p.Tell(to="Bo", text="Third.")), p.Acked)
        full = await _ask(ana, p.Tell(to="Bo", text="A fourth, too many."))
        assert _error(full) == "net.error.letters_full"
        assert full.msg.params == {"name": "Bo", "count": 3}

        bo, _ = await _hello(server.url, "Bo", session=bo_session)
        letters = await bo.expect(p.Letters)
        assert [(x.sender, x.text) for x in letters.letters] == [
            ("Ana", "Are you there?"), ("Ana", "See you tomorrow."), ("Ana", "Third.")]
        assert all(x.time > 0 for x in letters.letters)
        await bo.close()
        bo, _ = await _hello(server.url, "Bo", session=bo_session)
        await _ask(bo, p.Who())
        assert bo.of(p.Letters) == [], "given once"
        for client in (ana, bo):
            await client.close()

    run(scenario(), 60)
