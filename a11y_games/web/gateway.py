"""The pages' WebSocket (``/web``): a page says hello, then sends typed lines; each page has
a :class:`~a11y_games.web.player.WebPlayer` on the server, kept while the page is away so
that a reload or a lost connection finds its player (and the lines it missed) again.

Frames from a page are small JSON objects: ``{"t": "hello", "lang", "prefs", "session",
"seen", "seat"}`` first, then ``{"t": "line", "text"}``. Frames to it: ``lines``,
``prompt``, ``cue``, ``speech``, ``sound``, ``silence``, ``keep``, ``session``, ``end``
(see ``static/app.js``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import deque
from typing import Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from a11y_games.net.outbox import Outbox
from a11y_games.web.player import WebPlayer, encode

__all__ = ["AWAY_GRACE", "Gateway"]

AWAY_GRACE = 600.0
"""Seconds a player's client waits for its page to come back (a reload, a phone that
slept) before it ends; its seat is then held as for a terminal player who left, and taken
back with the token the page keeps."""
HELLO_WAIT = 10.0
LINES_BURST = 30
LINES_WINDOW = 10.0
"""At most LINES_BURST lines from a page in LINES_WINDOW seconds (a person types a few)."""
MAX_PLAYERS = 2000
"""Web players one server runs at once (each is a client and a connection)."""


class _Page(Outbox):
    """One page's socket."""

    def __init__(self, ws: ServerConnection) -> None:
        super().__init__(ws)
        self.times: deque[float] = deque()

    def send_json(self, message: dict[str, Any]) -> None:
        self.send_frame(encode(message).encode("utf-8"))


class Gateway:
    """Pages and their players, on the server's event loop."""

    def __init__(self) -> None:
        self.uri = ""
        """Where the players' clients connect: the server itself, on loopback."""
        self.players: dict[str, WebPlayer] = {}
        self.loop: asyncio.AbstractEventLoop | None = None

    def _deliver(self, player: WebPlayer, message: dict[str, Any]) -> None:
        """From any thread: to the player's page, in order, on the event loop."""
        loop = self.loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop has closed
            loop.call_soon_threadsafe(self._send, player, message)

    @staticmethod
    def _send(player: WebPlayer, message: dict[str, Any]) -> None:
        page = player.page
        if page is not None:
            page.send_json(message)

    def _ended(self, player: WebPlayer) -> None:
        loop = self.loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self.players.pop, player.id, None)

    async def page(self, ws: ServerConnection) -> None:
        """One page, from its hello to its last frame."""
        page = _Page(ws)
        try:
            hello = _decode(await asyncio.wait_for(ws.recv(), HELLO_WAIT))
        except (TimeoutError, ConnectionClosed):
            return
        if hello is None or hello.get("t") != "hello":
            await ws.close(1008, "hello first")
            return
        hello["address"] = str(ws.request.headers.get("Host", ""))[:200] if ws.request else ""
        player = self._player_for(hello)
        if player is None:
            await ws.close(1013, "server full")
            return
        old, player.page, player.away_since = player.page, page, None
        if old is not None:  # the same page opened twice: the newer one plays
            old.close(1000, "replaced")
        seen = hello.get("seen") if isinstance(hello.get("seen"), int) else 0
        for message in player.replay(seen):
            page.send_json(message)
        if old is None and seen == 0 and player.thread.is_alive() and player.prompt:
            player.page_opened_again()
        try:
            async for frame in ws:
                self._typed(page, player, frame)
        except ConnectionClosed:
            pass
        finally:
            if player.page is page:
                player.page, player.away_since = None, time.monotonic()

    def _player_for(self, hello: dict[str, Any]) -> WebPlayer | None:
        """The page's player again (its session id), or a new one."""
        session = hello.get("session")
        player = self.players.get(session) if isinstance(session, str) else None
        if player is not None and not player.ended.is_set():
            return player
        if len(self.players) >= MAX_PLAYERS:
            return None
        player = WebPlayer(uri=self.uri, hello=hello, deliver=self._deliver,
                           on_end=self._ended, loop=self.loop)
        self.players[player.id] = player
        player.start()
        return player

    def _typed(self, page: _Page, player: WebPlayer, frame: str | bytes) -> None:
        message = _decode(frame)
        if message is None or message.get("t") != "line":
            return
        text = message.get("text")
        if not isinstance(text, str):
            return
        if not page.within(page.times, LINES_BURST, LINES_WINDOW):
            return  # a flood: dropped (the client's own limits said nothing to a page)
        player.reader.typed(text)

    async def sweep(self, every: float = 30.0) -> None:
        """Now and then: end the players whose page has been away too long."""
        while True:
            await asyncio.sleep(every)
            now = time.monotonic()
            for player in list(self.players.values()):
                if player.page is None and player.away_since is not None \
                        and now - player.away_since > AWAY_GRACE:
                    player.stop()

    def close(self) -> None:
        """The server stops: every player's client ends (their seats are kept)."""
        for player in list(self.players.values()):
            player.stop()


def _decode(frame: str | bytes) -> dict[str, Any] | None:
    if len(frame) > 16_384:
        return None
    try:
        message = json.loads(frame)
    except (ValueError, UnicodeDecodeError):
        return None
    return message if isinstance(message, dict) else None
