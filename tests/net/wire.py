"""Test helpers: a real ``a11y-games serve`` process and a small protocol client."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any, TypeVar

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from a11y_games.engine.match import Match, SeatSpec
from a11y_games.games import all_specs
from a11y_games.net import protocol as p
from a11y_games.net.storage import SqliteStorage, TableRecord

ROOT = Path(__file__).resolve().parents[2]
T = TypeVar("T")
WAIT = 10.0
"""Seconds any one expected message may take before a test fails."""


class ServerProcess:
    """``a11y-games serve --port 0`` in a subprocess, private data folder, English; with
    ``seed``, every table's deal is the same from run to run; ``options``: more of its own."""

    def __init__(self, data: Path, seed: int | None = None, *options: str) -> None:
        self.data = data
        self.seed = seed
        self.options = options
        """More of ``serve``'s options (``--think 0.3``)."""
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self) -> ServerProcess:
        env = {**os.environ, "XDG_CONFIG_HOME": str(self.data / "config"),
               "XDG_DATA_HOME": str(self.data / "share"), "SPEECHD_CMD": "/bin/false"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "a11y_games", "serve", "--port", "0", "--lang", "en",
             "--data", str(self.data / "server"),
             *([] if self.seed is None else ["--seed", str(self.seed)]), *self.options],
            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()  # the first line says where it listens
        found = re.search(r"ws://[\w.\[\]:]+:(\d+)", line)
        assert found, f"no address in: {line!r}"
        self.url = f"ws://127.0.0.1:{found.group(1)}"
        return self

    def kill(self) -> None:
        """``kill -9``: no goodbye, no flush."""
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(5)

    def stop(self) -> str:
        """SIGTERM; returns what it printed after the first line. (From async code, close
        the clients first or call it in a thread: the server waits for their goodbyes.)"""
        if self.proc is None or self.proc.poll() is not None:
            return ""
        self.proc.send_signal(signal.SIGTERM)
        out, _ = self.proc.communicate(timeout=10)
        return out

    def table(self, table_id: str) -> tuple[TableRecord, list[tuple[int, str]]]:
        """A table's stored record and action log, read from the server's database."""
        storage = SqliteStorage(self.data / "server" / "tables.sqlite3")
        try:
            return storage.table(table_id)
        finally:
            storage.close()


def run(coro: Coroutine[Any, Any, T], timeout: float = 60) -> T:
    """Run a test coroutine, bounded in time."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


def replay(record: TableRecord, log: list[tuple[int, str]], upto: int | None = None) -> Match:
    """The table's game rebuilt locally from its settings and the first ``upto`` actions."""
    spec = all_specs()[record.game]
    settings = spec.settings(record.players, record.seed, record.options)
    seats = [SeatSpec(kind="bot", level=s.level, name_index=s.name_index) if s.kind == "bot"
             else SeatSpec(kind="human", name=s.name) for s in record.seats]
    match = Match(spec, settings, seats)
    for seat, action in log[:upto]:
        match.act(seat, action)
    return match


class Client:
    """One connection speaking the protocol; keeps every message it received."""

    def __init__(self, ws: ClientConnection, name: str) -> None:
        self.ws = ws
        self.name = name
        self.received: list[p.ServerMessage] = []
        self._next = 0  # index of the first message not yet consumed by expect()
        self._req = 0
        self._arrived = asyncio.Event()
        self._reader = asyncio.get_running_loop().create_task(self._read())
        self.closed = False
        self.error: Exception | None = None

    @classmethod
    async def open(cls, url: str, name: str, lang: str = "en") -> Client:
        ws = await connect(url, max_size=2**22, compression=None)
        client = cls(ws, name)
        await client.request(p.Hello(protocol=p.PROTOCOL, name=name, lang=lang))
        await client.expect(p.Welcome)
        return client

    async def _read(self) -> None:
        try:
            async for frame in self.ws:
                self.received.append(p.decode_server(frame))
                self._arrived.set()
        except ConnectionClosed:
            pass
        except Exception as error:  # a frame the protocol refuses: the test must fail
            self.error = error
        finally:
            self.closed = True
            self._arrived.set()

    async def drained(self) -> None:
        """Wait until every frame received before the connection closed has been read."""
        await asyncio.shield(self._reader)

    async def send_raw(self, frame: str | bytes) -> None:
        await self.ws.send(frame)

    async def request(self, message: Any) -> int:
        """Send a client message with a fresh ``req``; returns it."""
        self._req += 1
        message.req = self._req
        await self.ws.send(p.encode(message).decode())
        return self._req

    async def expect(self, kind: type[T], where: Callable[[T], bool] = lambda m: True,
                     timeout: float = WAIT) -> T:
        """The next message of ``kind`` (matching ``where``), skipping others."""
        async def wait() -> T:
            while True:
                while self._next < len(self.received):
                    message = self.received[self._next]
                    self._next += 1
                    if isinstance(message, kind) and where(message):
                        return message
                if self.error is not None:
                    raise self.error
                if self.closed:
                    raise ConnectionError(f"{self.name}: closed while waiting for {kind}")
                self._arrived.clear()
                await self._arrived.wait()
        return await asyncio.wait_for(wait(), timeout)

    async def reply(self, req: int, timeout: float = WAIT) -> p.ServerMessage:
        """The answer (or error) to request ``req``."""
        def matches(m: Any) -> bool:
            return getattr(m, "req", None) == req
        return await self.expect(object, matches, timeout)  # type: ignore[arg-type]

    def of(self, kind: type[T]) -> list[T]:
        return [m for m in self.received if isinstance(m, kind)]

    async def close(self) -> None:
        await self.ws.close()
        self._reader.cancel()
