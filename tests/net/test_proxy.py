"""Behind a reverse proxy (``serve --trusted-proxy``): only a trusted proxy's
``X-Forwarded-For`` names the player; from anyone else the header is ignored. Hostile
tests over real sockets against a real server: a forged header neither escapes an
address's ban nor the limit of connections per address; through a trusted proxy the ban
of the forwarded address closes and refuses, and the limits count per forwarded address
(for the web page's socket too)."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from a11y_games.net import protocol as p
from a11y_games.net.limits import ENVIRONMENT
from a11y_games.net.proxies import TrustedProxies
from tests.net.test_account_client import SECRET as PASSWORD
from tests.net.test_accounts import _ask, _error
from tests.net.test_moderation import _admin_server, _moderate
from tests.net.wire import Client
from tests.web.test_workers import Page

pytestmark = pytest.mark.timeout(120)

BANNED, OTHER = "203.0.113.9", "203.0.113.10"


async def _from(url: str, name: str, forwarded: str | None = None
                ) -> tuple[Client, p.ServerMessage | None]:
    """A hello with this ``X-Forwarded-For`` (None: none); the answer, or None when the
    server closed the connection before any (the limit of connections)."""
    headers = {"X-Forwarded-For": forwarded} if forwarded is not None else {}
    ws = await connect(url, max_size=2**22, compression=None, additional_headers=headers)
    client = Client(ws, name)
    try:
        req = await client.request(p.Hello(protocol=p.PROTOCOL, name=name))
        return client, await asyncio.wait_for(client.reply(req), 10)
    except (ConnectionClosed, ConnectionError, TimeoutError):  # refused before the hello
        await asyncio.wait_for(client.drained(), 5)
        return client, next((m for m in client.received if isinstance(m, p.Error)), None)


async def _root(url: str) -> Client:
    root, _ = await _from(url, "Root")
    assert isinstance(await _ask(root, p.Login(name="Root", password=PASSWORD)), p.LoggedIn)
    return root


def _refused(answer: p.ServerMessage | None) -> str:
    return _error(answer) if isinstance(answer, p.Error) else "closed"


def test_a_header_from_an_untrusted_peer_is_ignored(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """No proxy trusted: a client that says it is elsewhere is still at its address, for
    the limit of connections and for the ban of that address."""
    monkeypatch.setenv(ENVIRONMENT, "connections=3")
    server = _admin_server(tmp_path)

    async def scenario() -> None:
        root = await _root(server.url)
        ana, welcome = await _from(server.url, "Ana", BANNED)
        assert isinstance(welcome, p.Welcome)
        bo, welcome = await _from(server.url, "Bo", OTHER)
        assert isinstance(welcome, p.Welcome)
        _, answer = await _from(server.url, "Cy", "198.51.100.1")  # 4th from loopback
        assert _refused(answer) == "net.error.too_many_connections"
        assert isinstance(await _ask(root, _moderate("ban", "127.0.0.1", minutes=60,
                                                     reason="flood")), p.Acked)
        for banned in (ana, bo):  # both from loopback, whatever they said
            assert (await banned.expect(p.Moderated)).what == "banned"
            await asyncio.wait_for(banned.ws.wait_closed(), 5)
        for forged in ("198.51.100.1", "127.0.0.2", BANNED):
            dee, answer = await _from(server.url, "Dee", forged)
            assert _refused(answer) == "net.error.banned"
            await asyncio.wait_for(dee.ws.wait_closed(), 5)
        await root.close()

    try:
        asyncio.run(asyncio.wait_for(scenario(), 60))
    finally:
        server.kill()


def test_a_trusted_proxy_s_header_names_the_player(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """Loopback is the trusted proxy: the limits count per forwarded address, the ban of
    a forwarded address closes its connections and refuses it at the door (a client's own
    addresses added on the left change nothing), and another address still comes in."""
    monkeypatch.setenv(ENVIRONMENT, "connections=2")
    server = _admin_server(tmp_path, "--trusted-proxy", "127.0.0.1,::1")

    async def scenario() -> None:
        root = await _root(server.url)  # no header: the proxy's own address
        ana, welcome = await _from(server.url, "Ana", BANNED)
        assert isinstance(welcome, p.Welcome)
        bo, welcome = await _from(server.url, "Bo", f"127.0.0.1, {BANNED}")
        assert isinstance(welcome, p.Welcome)
        _, answer = await _from(server.url, "Cy", f"198.51.100.1, {BANNED}")
        assert _refused(answer) == "net.error.too_many_connections"  # 3rd from BANNED
        cy, welcome = await _from(server.url, "Cy", OTHER)  # not the proxy's count
        assert isinstance(welcome, p.Welcome)
        assert isinstance(await _ask(root, _moderate("ban", BANNED, minutes=60,
                                                     reason="flood")), p.Acked)
        for banned in (ana, bo):
            assert (await banned.expect(p.Moderated)).what == "banned"
            await asyncio.wait_for(banned.ws.wait_closed(), 5)
        assert not cy.closed and not root.closed
        for forged in (BANNED, f"198.51.100.1, {BANNED}", f"{BANNED}:4711", f"::ffff:{BANNED}"):
            dee, answer = await _from(server.url, "Dee", forged)
            assert _refused(answer) == "net.error.banned", forged
            await asyncio.wait_for(dee.ws.wait_closed(), 5)
        _, answer = await _from(server.url, "Dee", f"{BANNED}, 198.51.100.1")
        assert isinstance(answer, p.Welcome)  # the rightmost untrusted: not the banned one
        await root.close()

    try:
        asyncio.run(asyncio.wait_for(scenario(), 60))
    finally:
        server.kill()


def test_the_web_page_behind_a_trusted_proxy_is_its_forwarded_address(
        tmp_path: Path) -> None:
    """The page's own socket through the proxy: its player is barred by the ban of the
    forwarded address; a page forwarded for another address plays."""
    server = _admin_server(tmp_path, "--trusted-proxy", "127.0.0.1", "--web-workers", "0")

    async def page_from(forwarded: str) -> Page:
        origin = server.url.replace("ws://", "http://")
        page = Page(await connect(f"{server.url}/web", origin=origin,
                                  additional_headers={"X-Forwarded-For": forwarded}))
        await page.ws.send(json.dumps({"t": "hello", "lang": "en",
                                       "prefs": {"lang": "en", "name": "Eve"}}))
        return page

    async def scenario() -> None:
        root = await _root(server.url)
        assert isinstance(await _ask(root, _moderate("ban", BANNED, minutes=0,
                                                     reason="flood")), p.Acked)
        barred = await page_from(BANNED)
        await barred.expect("Root banned you from this server for good: flood.")
        fine = await page_from(OTHER)
        await fine.expect("Lobby: type a number.")
        await root.close()

    try:
        asyncio.run(asyncio.wait_for(scenario(), 60))
    finally:
        server.kill()


def test_the_player_is_the_rightmost_address_no_trusted_proxy_wrote() -> None:
    proxies = TrustedProxies(["127.0.0.1, 10.0.0.0/8", "::1"])
    assert proxies.client("192.0.2.1", ["198.51.100.1"]) == "192.0.2.1"  # untrusted peer
    assert proxies.client("127.0.0.1", ["198.51.100.1, 10.1.2.3"]) == "198.51.100.1"
    assert proxies.client("::ffff:127.0.0.1", ["1.1.1.1", "2.2.2.2"]) == "2.2.2.2"
    assert proxies.client("::1", ["[2001:db8::5]:443"]) == "2001:db8::5"
    assert proxies.client("127.0.0.1", []) == "127.0.0.1"  # the proxy said nothing
    assert proxies.client("127.0.0.1", ["junk, 10.0.0.1"]) == "10.0.0.1"  # past junk: no
    assert proxies.client("127.0.0.1", ["10.0.0.2, 127.0.0.1"]) == "10.0.0.2"  # all ours
    with pytest.raises(ValueError, match="nowhere"):
        TrustedProxies(["127.0.0.1,nowhere"])
