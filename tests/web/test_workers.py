"""The web players' clients run in worker processes beside the server: pages spread over
them, a worker that fails sends its pages back to their seats, and the server's stop ends
them all; ``--web-workers 0`` runs them in the server itself."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from tests.net.clients import Server
from tests.net.test_remote_play import play
from tests.web.browser import BrowserPlayer
from tests.web.test_browser_play import three_answers_in

pytestmark = [pytest.mark.timeout(180)]


def workers_of(server: Server) -> list[int]:
    """The server's worker processes (its children)."""
    assert server.proc is not None
    found: list[int] = []
    for task in Path(f"/proc/{server.proc.pid}/task").iterdir():
        found += [int(pid) for pid in (task / "children").read_text().split()]
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


class Page:
    """A page's own protocol on ``/web``, as ``static/app.js`` speaks it."""

    def __init__(self, ws: ClientConnection) -> None:
        self.ws = ws
        self.lines: list[str] = []

    @classmethod
    async def open(cls, server: Server) -> Page:
        origin = server.url.replace("ws://", "http://")
        page = cls(await connect(f"{server.url}/web", origin=origin))
        await page.ws.send(json.dumps({"t": "hello", "lang": "en"}))
        return page

    async def expect(self, text: str, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while not any(text in line for line in self.lines):
            left = deadline - time.monotonic()
            assert left > 0, f"{text!r} not among {self.lines[-5:]}"
            message = json.loads(await asyncio.wait_for(self.ws.recv(), left))
            if message.get("t") == "lines":
                self.lines += [line["text"] for line in message["lines"]]

    async def send(self, text: str) -> None:
        await self.ws.send(json.dumps({"t": "line", "text": text}))

    async def to_the_lobby(self, name: str) -> None:
        await self.expect("Language? Langue ?")
        await self.send("")
        await self.expect("Your name at network tables")
        await self.send(name)
        await self.expect("Lobby: type a number.")


def test_pages_spread_over_workers_that_end_with_the_server(tmp_path: Path) -> None:
    server = Server(tmp_path / "db", tmp_path / "home", "--web-workers", "2").start()

    async def visit() -> list[Page]:
        pages = [await Page.open(server) for _ in range(3)]
        await asyncio.gather(*(p.to_the_lobby(n) for p, n in zip(pages, ("Ana", "Bo", "Cy"),
                                                                    strict=True)))
        return pages

    try:
        pages = asyncio.run(visit())
        assert len(pages) == 3
        workers = workers_of(server)
        assert len(workers) == 2
    finally:
        server.kill(signal.SIGTERM)
    deadline = time.monotonic() + 15
    while any(alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in workers if alive(pid)], "a worker outlived the server"


def test_players_in_the_server_itself(tmp_path: Path) -> None:
    server = Server(tmp_path / "db", tmp_path / "home", "--web-workers", "0").start()

    async def visit() -> Page:
        page = await Page.open(server)
        await page.to_the_lobby("Ana")
        await page.send("create pnue 5 bots 4")
        await page.expect("you have seat 1 of 5")
        return page

    try:
        asyncio.run(visit())
        assert workers_of(server) == []
    finally:
        server.kill(signal.SIGTERM)


@pytest.mark.e2e
@pytest.mark.timeout(300)
def test_a_failed_worker_sends_its_pages_back_to_their_seats(
        server: Server, browser: Callable[..., BrowserPlayer]) -> None:
    """The worker running a page's player is killed mid-game: the page reconnects by
    itself, a new worker takes its seat back with the token the page keeps, and the game
    goes on (no question asked again)."""
    ana = three_answers_in(browser("Ana", "en-US"))
    (worker,) = workers_of(server)
    os.kill(worker, signal.SIGKILL)
    ana.expect(r"^Connection lost: reconnecting by itself\.", timeout=20)
    ana.expect(r"^Connected again\.", timeout=30)
    back = ana.seen
    ana.expect(r"You take back your seat at PNUE", timeout=30)
    play({"Ana": (ana, "en")}, seed=6, until=60, stop_after=("Ana", 2))
    after = "\n".join(ana.lines[back:])
    assert "Your name at network tables" not in after and "Language?" not in after
    assert [pid for pid in workers_of(server) if alive(pid)] not in ([], [worker])


def test_closed_page_sockets_are_no_error(tmp_path: Path) -> None:
    """A page that closes at once, before its hello is answered, leaves the server
    serving the next."""
    server = Server(tmp_path / "db", tmp_path / "home").start()

    async def visit() -> None:
        first = await Page.open(server)
        await first.ws.close()
        with pytest.raises(ConnectionClosed):
            await first.ws.recv()
        second = await Page.open(server)
        await second.to_the_lobby("Bo")

    try:
        asyncio.run(visit())
    finally:
        server.kill(signal.SIGTERM)
