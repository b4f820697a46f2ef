"""The memory of a long-running process (the server, a web players' worker): Python's
own full collections off, and a tidy once a minute instead.

Python's full collections come whenever long-lived objects grew by a quarter: every few
seconds with hundreds of tables or web players, each pausing everything for 50-250 ms
(measured at 500 tables). Once a minute the young generations are collected and what
survived is frozen (never scanned again); once an hour everything is unfrozen for one
full collection (cycles left by closed connections and finished tables wait at most that
long).
"""

from __future__ import annotations

import asyncio
import gc
from collections.abc import Callable

__all__ = ["FULL_COLLECTION_NEVER", "quiet_collections", "tidy"]

FULL_COLLECTION_NEVER = 1_000_000
"""The oldest generation's threshold: Python's own full collections off."""


def quiet_collections() -> None:
    """What is loaded now (modules, caches, restored tables) is never scanned again, and
    full collections wait for :func:`tidy`."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_COLLECTION_NEVER)


async def tidy(every: float = 60.0, full_every: int = 60,
               before: Callable[[], None] = lambda: None) -> None:
    """Every ``every`` seconds: ``before``, then collect and freeze (a full collection
    each ``full_every`` times)."""
    times = 0
    while True:
        await asyncio.sleep(every)
        times += 1
        before()
        if times % full_every == 0:
            gc.unfreeze()
            gc.collect()
        else:
            gc.collect(1)
        gc.freeze()
