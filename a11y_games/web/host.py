"""The web players of one process: each page's :class:`~a11y_games.web.player.WebPlayer`,
found again by its session when the page comes back.

A host runs where the players' clients run: in a worker process beside the server (the
usual case, :mod:`a11y_games.web.worker`), or in the server itself (``--web-workers 0``).
It never sees a page's socket: the gateway, in the server, gives it numbered pages and
what they send, and takes what the players say to them, in batches of lines:

- to the host, ``KEY JSON`` a line: ``{"t": "open", "hello": {...}}`` (a page said hello),
  the page's own ``{"t": "line", "text"}`` frame, ``{"t": "gone"}`` (its socket closed);
  and ``- {"t": "stop"}`` (the server stops);
- from the host, ``KEY FRAME`` (FRAME: the page's JSON text, sent as it is) and
  ``- JSON`` for the gateway itself: ``{"close": KEY, "code", "reason"}``,
  ``{"session": ID}`` (the player of the page just opened) and ``{"ended": ID}``.

JSON text holds no raw line break, so a line is always one message.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import Callable
from typing import Any

from a11y_games.web.player import WebPlayer, encode

__all__ = ["AWAY_GRACE", "MAX_PLAYERS", "PlayerHost", "parse_lines"]

AWAY_GRACE = 600.0
"""Seconds a player's client waits for its page to come back (a reload, a phone that
slept) before it ends; its seat is then held as for a terminal player who left, and taken
back with the token the page keeps."""
BATCH_CHARACTERS = 1_000_000
"""Characters at most in a batch to the gateway (one line may be longer: a braille file
to download); a frame of the loopback listener is at most 16 MiB."""
MAX_PLAYERS = 2000
"""Web players one host runs at once (each is a client and a connection)."""


def parse_lines(batch: str) -> list[tuple[str, dict[str, Any]]]:
    """A batch's messages: (key, decoded JSON); a line that does not parse is skipped."""
    messages = []
    for line in batch.split("\n"):
        key, _, text = line.partition(" ")
        with contextlib.suppress(ValueError):
            message = json.loads(text)
            if isinstance(message, dict):
                messages.append((key, message))
    return messages


class PlayerHost:
    """Players and the pages attached to them, on one event loop; ``out`` sends a batch
    of lines to the gateway (called on that loop)."""

    def __init__(self, uri: str, loop: asyncio.AbstractEventLoop,
                 out: Callable[[str], None], *, limit: int = MAX_PLAYERS) -> None:
        self.uri = uri
        """Where the players' clients connect: the server's loopback listener."""
        self.loop = loop
        self.players: dict[str, WebPlayer] = {}
        self.pages: dict[str, WebPlayer] = {}
        """Each page attached now (its key) and its player."""
        self._out = out
        self._limit = limit
        self._batch: list[str] = []
        self._lock = threading.Lock()
        self.closed = False

    # --- to the gateway ---------------------------------------------------------------------
    def _emit(self, line: str) -> None:
        """From any thread: one line of the next batch (sent at the loop's next turn)."""
        with self._lock:
            first = not self._batch
            self._batch.append(line)
        if first and not self.loop.is_closed():
            with contextlib.suppress(RuntimeError):  # the loop has closed
                self.loop.call_soon_threadsafe(self._flush)

    def _flush(self) -> None:
        with self._lock:
            batch, self._batch = self._batch, []
        size, lines = 0, []
        for line in batch:  # batches within the server's frame limit
            if lines and size + len(line) > BATCH_CHARACTERS:
                self._out("\n".join(lines))
                size, lines = 0, []
            lines.append(line)
            size += len(line) + 1
        if lines:
            self._out("\n".join(lines))

    def _control(self, message: dict[str, Any]) -> None:
        self._emit("- " + encode(message))

    def _deliver(self, player: WebPlayer, message: dict[str, Any]) -> None:
        """From any thread: to the player's page, if one is attached, in order."""
        key = player.page
        if key is not None:
            self._emit(f"{key} {encode(message)}")

    def _ended(self, player: WebPlayer) -> None:
        def forget() -> None:
            self.players.pop(player.id, None)
            self._control({"ended": player.id})
        with contextlib.suppress(RuntimeError):
            self.loop.call_soon_threadsafe(forget)

    # --- from the gateway -------------------------------------------------------------------
    def receive(self, batch: str) -> None:
        """A batch from the gateway, on the loop."""
        for key, message in parse_lines(batch):
            kind = message.get("t")
            if key == "-":
                if kind == "stop":
                    self.close()
            elif kind == "open":
                self._open(key, message.get("hello"))
            elif kind == "line":
                player = self.pages.get(key)
                text = message.get("text")
                if player is not None and isinstance(text, str):
                    player.reader.typed(text)
            elif kind == "gone":
                self._gone(key)

    def _open(self, key: str, hello: Any) -> None:
        if not isinstance(hello, dict):
            return
        player = self._player_for(hello)
        if player is None:
            self._control({"close": key, "code": 1013, "reason": "server full"})
            return
        old, player.page, player.away_since = player.page, key, None
        self.pages[key] = player
        self._control({"session": player.id})
        if old is not None:  # the same page opened twice: the newer one plays
            self.pages.pop(old, None)
            self._control({"close": old, "code": 1000, "reason": "replaced"})
        seen = hello.get("seen") if isinstance(hello.get("seen"), int) else 0
        for message in player.replay(seen):
            self._emit(f"{key} {encode(message)}")
        if old is None and seen == 0 and player.thread.is_alive() and player.prompt:
            player.page_opened_again()

    def _player_for(self, hello: dict[str, Any]) -> WebPlayer | None:
        """The page's player again (its session id), or a new one."""
        session = hello.get("session")
        player = self.players.get(session) if isinstance(session, str) else None
        if player is not None and not player.ended.is_set():
            return player
        if len(self.players) >= self._limit:
            return None
        player = WebPlayer(uri=self.uri, hello=hello, deliver=self._deliver,
                           on_end=self._ended, loop=self.loop)
        self.players[player.id] = player
        player.start()
        return player

    def _gone(self, key: str) -> None:
        player = self.pages.pop(key, None)
        if player is not None and player.page == key:
            player.page, player.away_since = None, time.monotonic()

    # --- in time ----------------------------------------------------------------------------
    def sweep(self, now: float | None = None) -> None:
        """End the players whose page has been away too long."""
        now = time.monotonic() if now is None else now
        for player in list(self.players.values()):
            if player.page is None and player.away_since is not None \
                    and now - player.away_since > AWAY_GRACE:
                player.stop()

    async def sweeping(self, every: float = 30.0) -> None:
        while True:
            await asyncio.sleep(every)
            self.sweep()

    def close(self) -> None:
        """The server stops: every player's client ends (their seats are kept)."""
        self.closed = True
        for player in list(self.players.values()):
            player.stop()
