"""Frames to one WebSocket peer, written once per turn of the event loop, and a sliding
window limit: shared by the table protocol's connections and the web pages' sockets."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable

from websockets.asyncio.server import ServerConnection
from websockets.protocol import State

__all__ = ["WRITE_LIMIT", "Outbox"]

WRITE_LIMIT = 4 * 1024 * 1024
"""Bytes waiting to be sent to a peer before it is deemed gone."""


class Outbox:
    """A peer's queued frames; every frame queued in one turn of the event loop goes out in
    one write (one system call instead of one per frame: the server's largest cost)."""

    def __init__(self, ws: ServerConnection,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.ws = ws
        self.closing = False
        self._clock = clock
        self._flush_soon = False
        self._closer: asyncio.Task[None] | None = None  # kept: a task nobody holds may vanish

    def send_frame(self, frame: bytes) -> None:
        """Queue a text frame, sent at the end of this turn of the event loop."""
        protocol = self.ws.protocol
        if self.closing or protocol.state is not State.OPEN:
            return
        protocol.send_text(frame)  # what websockets' broadcast() does, without its write
        if not self._flush_soon:
            self._flush_soon = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        self._flush_soon = False
        transport = self.ws.transport
        chunks = self.ws.protocol.data_to_send()
        if transport is None or transport.is_closing():
            return
        data = b"".join(chunks)
        if data:
            transport.write(data)
        if not all(chunks):  # an empty chunk: the protocol half-closes (as send_data does)
            if transport.can_write_eof():
                transport.write_eof()
            else:
                transport.close()
        if transport.get_write_buffer_size() > WRITE_LIMIT:
            self.close(1008, "not reading")

    def close(self, code: int, reason: str) -> None:
        if not self.closing:
            self.closing = True
            self._closer = asyncio.get_running_loop().create_task(self.ws.close(code, reason))

    def within(self, times: deque[float], burst: int, window: float) -> bool:
        """True, and counted, if one more fits ``burst`` in the last ``window`` seconds."""
        now = self._clock()
        while times and now - times[0] > window:
            times.popleft()
        if len(times) >= burst:
            return False
        times.append(now)
        return True
