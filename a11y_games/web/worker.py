"""A worker process of the web players: ``python -m a11y_games.web.worker``, started by
the server's gateway (never by hand). It connects back to the server's loopback listener
with the key it was given, then runs a :class:`~a11y_games.web.host.PlayerHost`: the
clients of the pages the gateway sends it, each seated at the server over its own
connection, as a terminal player is. Several workers use several cores; the server keeps
the table protocol and the pages' sockets.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import sys
import time
from urllib.parse import quote

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from a11y_games.net.memory import quiet_collections, tidy
from a11y_games.net.outbox import Outbox
from a11y_games.web.host import PlayerHost

__all__ = ["main"]

STOP_WAIT = 5.0
"""Seconds the players' clients have to end once the server stops."""


async def _serve(address: str, key: str) -> None:
    loop = asyncio.get_running_loop()
    uri = address.rsplit("/", 1)[0]  # the listener itself: where the clients sit
    async with connect(f"{address}?key={quote(key)}", compression=None, max_size=2**24,
                       close_timeout=2) as ws:
        outbox = Outbox(ws)  # type: ignore[arg-type]
        host = PlayerHost(uri, loop, lambda batch: outbox.send_frame(batch.encode("utf-8")))
        sweeper = loop.create_task(host.sweeping())
        quiet_collections()
        tidying = loop.create_task(tidy())
        try:
            async for frame in ws:
                if isinstance(frame, str):
                    host.receive(frame)
                if host.closed:  # the server stops
                    break
        except ConnectionClosed:
            pass
        finally:
            sweeper.cancel()
            tidying.cancel()
            host.close()
            deadline = time.monotonic() + STOP_WAIT
            while any(p.thread.is_alive() for p in host.players.values()) \
                    and time.monotonic() < deadline:
                await asyncio.sleep(0.05)  # their seat connections close on this loop


def main() -> int:
    address = os.environ.get("A11Y_GAMES_WEB_HOST", "")
    key = os.environ.get("A11Y_GAMES_WEB_KEY", "")
    if not address or not key:
        print("a11y_games.web.worker is started by a11y-games serve.", file=sys.stderr)
        return 2
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_serve(address, key))
    return 0


if __name__ == "__main__":
    sys.exit(main())
