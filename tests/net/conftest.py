"""A real server process shared by a module's tests (each test makes its own tables)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.net.clients import kill_leftovers
from tests.net.wire import ServerProcess


@pytest.fixture(autouse=True)
def _no_process_left() -> Iterator[None]:
    """Clients and servers a test started are killed after it, even when it failed."""
    yield
    kill_leftovers()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(Path(tmp_path_factory.mktemp("server"))).start()
    try:
        yield process
    finally:
        process.kill()
