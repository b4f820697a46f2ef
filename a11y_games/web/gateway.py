"""The pages' WebSocket (``/web``), in the server: a page says hello, then sends typed
lines; its player (the terminal's own client) runs in a host (:mod:`a11y_games.web.host`):
a worker process beside the server, or the server itself with ``--web-workers 0``.

A page found again by its session goes back to its player's host, so that a reload or a
lost connection finds its player (and the lines it missed) again.

Frames from a page are small JSON objects: ``{"t": "hello", "lang", "prefs", "session",
"seen", "seat"}`` first, then ``{"t": "line", "text"}``. Frames to it: ``lines``,
``prompt``, ``cue``, ``speech``, ``sound``, ``silence``, ``keep``, ``session``, ``end``
(see ``static/app.js``).
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import logging
import os
import secrets
import sys
from collections import Counter, deque
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from a11y_games.net.outbox import Outbox
from a11y_games.net.protocol import HOST_PATH
from a11y_games.web.host import MAX_PLAYERS, PlayerHost, parse_lines
from a11y_games.web.player import encode

__all__ = ["Gateway"]

HELLO_WAIT = 10.0
LINES_BURST = 30
LINES_WINDOW = 10.0
"""At most LINES_BURST lines from a page in LINES_WINDOW seconds go on to its player; the
next wait their turn (a person answering at once, a paste, went past it: a line dropped
was an answer never read, and the game seemed stalled)."""
LINES_HELD = 30
"""Lines of a page waiting their turn at most: one more is a flood, and closes the page."""
FLOOD = 4008
"""The close code of a page closed as a flood (its page says why: ``web.page.flood``)."""
WORKER_START = 30.0
"""Seconds a worker process has to connect before its pages are refused."""
_log = logging.getLogger("a11y_games.web")


class _Page(Outbox):
    """One page's socket."""

    def __init__(self, ws: ServerConnection, key: str) -> None:
        super().__init__(ws)
        self.key = key
        self.times: deque[float] = deque()
        self.held: deque[str] = deque()
        """Lines beyond the limit, sent on in order as the window moves."""
        self.link: _Link | None = None

    def type(self, text: str) -> None:
        """A line from the page: on to its player now, or once the limit lets it."""
        if len(self.held) >= LINES_HELD:
            self.held.clear()
            self.close(FLOOD, "flood")  # no person types this: it would only grow
            return
        self.held.append(text)
        if len(self.held) == 1:
            self._pass_on()

    def _pass_on(self) -> None:
        """Send the lines held that fit the limit; look again when the oldest leaves it."""
        link = self.link
        if link is None:  # gone: what was held went on then
            return
        while self.held and self.within(self.times, LINES_BURST, LINES_WINDOW):
            self._send(link, self.held.popleft())
        if self.held:
            wait = self.times[0] + LINES_WINDOW - self._clock()
            asyncio.get_running_loop().call_later(max(wait, 0.01), self._pass_on)

    def gone(self) -> None:
        """The socket has closed: the lines held go on at once (its player, who outlives
        the page, reads what was typed before a reload as any other line), then no more."""
        link, self.link = self.link, None
        while link is not None and self.held:
            self._send(link, self.held.popleft())

    def _send(self, link: _Link, text: str) -> None:
        link.send(f"{self.key} {encode({'t': 'line', 'text': text})}")


class _Link:
    """The way to one host: batches of lines each way (see :mod:`a11y_games.web.host`)."""

    def __init__(self) -> None:
        self.pages: set[str] = set()
        self._batch: list[str] = []

    def send(self, line: str) -> None:
        """Queue a line; the lines of one turn of the event loop go together."""
        if not self._batch:
            asyncio.get_running_loop().call_soon(self._flush)
        self._batch.append(line)

    def _flush(self) -> None:
        batch, self._batch = self._batch, []
        if batch:
            self.deliver("\n".join(batch))

    def deliver(self, batch: str) -> None:
        raise NotImplementedError

    def stop(self) -> None:
        self.send("- " + encode({"t": "stop"}))


class _InProcess(_Link):
    """A host in the server's own process (``--web-workers 0``)."""

    def __init__(self, gateway: Gateway, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self.host = PlayerHost(gateway.uri, loop, lambda batch: gateway.received(self, batch))
        self.ready: asyncio.Future[None] = loop.create_future()
        self.ready.set_result(None)
        self.sweeper = loop.create_task(self.host.sweeping())

    def deliver(self, batch: str) -> None:
        self.host.receive(batch)

    def stop(self) -> None:
        self.sweeper.cancel()
        self.host.close()


class _Worker(_Link):
    """A host in a worker process: started by the gateway, connected back to the server's
    loopback listener with a key only this process knows."""

    def __init__(self, gateway: Gateway, loop: asyncio.AbstractEventLoop) -> None:
        super().__init__()
        self.key = secrets.token_urlsafe(24)
        self.ws: ServerConnection | None = None
        self.outbox: Outbox | None = None
        self.ready: asyncio.Future[None] = loop.create_future()
        self.process: asyncio.subprocess.Process | None = None
        self.starting = loop.create_task(self._start(gateway))

    async def _start(self, gateway: Gateway) -> None:
        environment = {**os.environ, "A11Y_GAMES_WEB_HOST": f"{gateway.uri}{HOST_PATH}",
                       "A11Y_GAMES_WEB_KEY": self.key}
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "a11y_games.web.worker", env=environment,
            stdin=asyncio.subprocess.DEVNULL)
        await self.process.wait()
        gateway.lost(self)  # by the server's stop, or by a fault

    def attach(self, ws: ServerConnection) -> None:
        self.ws, self.outbox = ws, Outbox(ws)
        if not self.ready.done():
            self.ready.set_result(None)

    def deliver(self, batch: str) -> None:
        if self.outbox is not None:
            self.outbox.send_frame(batch.encode("utf-8"))

    def stop(self) -> None:
        super().stop()
        if self.outbox is None and self.process is not None:
            with contextlib.suppress(ProcessLookupError):
                self.process.terminate()


class Gateway:
    """Pages and the hosts of their players, on the server's event loop."""

    def __init__(self, workers: int = 1) -> None:
        self.uri = ""
        """The server's loopback listener: players' clients and workers connect there."""
        self.loop: asyncio.AbstractEventLoop | None = None
        self.workers = workers
        self.links: list[_Link] = []
        self.pages: dict[str, _Page] = {}
        self.sessions: dict[str, _Link] = {}
        """Each player's session and the host it runs in."""
        self._keys = itertools.count(1)
        self._closing = False
        self._stopping: list[asyncio.subprocess.Process] = []

    # --- hosts ------------------------------------------------------------------------------
    def _link_for(self, session: Any) -> _Link:
        """The host of this session's player, or the least busy (started when needed)."""
        link = self.sessions.get(session) if isinstance(session, str) else None
        if link is not None:
            return link
        assert self.loop is not None
        if not self.workers:
            if not self.links:
                self.links.append(_InProcess(self, self.loop))
            return self.links[0]
        if len(self.links) < self.workers:
            self.links.append(_Worker(self, self.loop))
            return self.links[-1]
        held = Counter(self.sessions.values())
        return min(self.links, key=lambda link: held[link])

    def host_arrived(self, ws: ServerConnection, key: str) -> _Worker | None:
        """A worker's connection on the loopback listener: its link, if the key is one."""
        for link in self.links:
            if isinstance(link, _Worker) and link.ws is None \
                    and secrets.compare_digest(link.key, key):
                link.attach(ws)
                return link
        return None

    async def host(self, ws: ServerConnection, key: str) -> None:
        """A worker's connection, from its hello to its end."""
        link = self.host_arrived(ws, key)
        if link is None:
            await ws.close(1008, "unknown host")
            return
        try:
            async for frame in ws:
                if isinstance(frame, str):
                    self.received(link, frame)
        except ConnectionClosed:
            pass
        finally:
            self.lost(link)

    def lost(self, link: _Link) -> None:
        """A host gone: its pages reconnect (their players come back from their tokens
        in a new host)."""
        if link not in self.links:
            return
        self.links.remove(link)
        if not link.ready.done():
            link.ready.set_result(None)
        for session in [s for s, held in self.sessions.items() if held is link]:
            del self.sessions[session]
        for key in list(link.pages):
            page = self.pages.get(key)
            if page is not None:
                page.close(1012, "restart")
        if not self._closing:
            _log.error("a web worker stopped; its pages reconnect")

    # --- from hosts -------------------------------------------------------------------------
    def received(self, link: _Link, batch: str) -> None:
        """A batch from a host: frames for pages, and the host's own news."""
        for line in batch.split("\n"):
            key, _, frame = line.partition(" ")
            if key != "-":
                page = self.pages.get(key)
                if page is not None and page.link is link:
                    page.send_frame(frame.encode("utf-8"))
                continue
            for _, news in parse_lines(line):
                self._news(link, news)

    def _news(self, link: _Link, news: dict[str, Any]) -> None:
        if "session" in news and isinstance(news["session"], str):
            self.sessions[news["session"]] = link
        elif "ended" in news:
            if self.sessions.get(news["ended"]) is link:
                del self.sessions[news["ended"]]
        elif "close" in news:
            page = self.pages.get(str(news["close"]))
            if page is not None and page.link is link:
                page.close(int(news.get("code", 1000)), str(news.get("reason", "")))

    # --- pages ------------------------------------------------------------------------------
    async def page(self, ws: ServerConnection, peer: str | None = None) -> None:
        """One page, from its hello to its last frame; ``peer``: where it comes from (its
        player's connection says so, for bans and the limits on logins)."""
        page = _Page(ws, str(next(self._keys)))
        try:
            hello = _decode(await asyncio.wait_for(ws.recv(), HELLO_WAIT))
        except (TimeoutError, ConnectionClosed):
            return
        if hello is None or hello.get("t") != "hello":
            await ws.close(1008, "hello first")
            return
        if self._closing:
            await ws.close(1012, "restart")
            return
        hello["address"] = str(ws.request.headers.get("Host", ""))[:200] if ws.request else ""
        hello["peer"] = peer  # the server's word, never the page's
        if hello.get("session") not in self.sessions and len(self.sessions) >= MAX_PLAYERS:
            await ws.close(1013, "server full")
            return
        link = self._link_for(hello.get("session"))
        try:
            await asyncio.wait_for(asyncio.shield(link.ready), WORKER_START)
        except TimeoutError:
            await ws.close(1013, "server full")
            return
        if link not in self.links:  # its host failed to start
            await ws.close(1012, "restart")
            return
        page.link = link
        self.pages[page.key] = page
        link.pages.add(page.key)
        link.send(f"{page.key} {encode({'t': 'open', 'hello': hello})}")
        try:
            async for frame in ws:
                self._typed(page, frame)
        except ConnectionClosed:
            pass
        finally:
            page.gone()
            self.pages.pop(page.key, None)
            link.pages.discard(page.key)
            if link in self.links:
                link.send(f"{page.key} {encode({'t': 'gone'})}")

    def _typed(self, page: _Page, frame: str | bytes) -> None:
        message = _decode(frame)
        if message is None or message.get("t") != "line" \
                or not isinstance(message.get("text"), str):
            return
        page.type(message["text"])

    def close(self) -> None:
        """The server stops: every host's players end (their seats are kept)."""
        self._closing = True
        self._stopping = [link.process for link in self.links
                          if isinstance(link, _Worker) and link.process is not None]
        for link in list(self.links):
            link.stop()

    async def closed(self, timeout: float = 5.0) -> None:
        """Wait for the worker processes to end (after :meth:`close`)."""
        for process in self._stopping:
            try:
                await asyncio.wait_for(process.wait(), timeout)
            except TimeoutError:
                with contextlib.suppress(ProcessLookupError):
                    process.kill()


def _decode(frame: str | bytes) -> dict[str, Any] | None:
    if len(frame) > 16_384:
        return None
    try:
        message = json.loads(frame)
    except (ValueError, UnicodeDecodeError):
        return None
    return message if isinstance(message, dict) else None
